-- Float constants and predicates from f64.
-- ==
def finite (x: f64) = !(f64.isnan x || f64.isinf x)
def cap (x: f64) = if finite x then x else f64.highest
def tiny = f64.epsilon
