-- A functor with two module parameters.
-- ==
module type val_t = { val v : f64 }
module plus (A: val_t) (B: val_t) = { def v = A.v + B.v }
module a = { def v = 1.0f64 }
module b = { def v = 2.0f64 }
module c = plus a b
def r = c.v
