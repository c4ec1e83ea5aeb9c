-- Arithmetic combined with application, which binds tighter than operators.
-- ==
def sq (x: f64) = x * x
def hyp (a: f64) (b: f64) = f64.sqrt (sq a + sq b)
def r = hyp 3 4 + sq 2
