-- A module type bound to another module type's name.
-- ==
module type base = { val v : f64 }
module type same = base
module m : same = { def v = 1.5f64 }
def r = m.v
