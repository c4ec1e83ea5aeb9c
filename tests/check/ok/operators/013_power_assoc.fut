-- ** binds tighter than * and application binds tighter than both.
-- ==
def f (x: f64) = 2 * x ** 2
def sq (x: f64) = x * x
def g (x: f64) = sq x ** 2 * 3
