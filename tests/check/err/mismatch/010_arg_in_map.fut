-- map is given an array whose element type the function does not accept.
-- ==
-- error: Argument does not have expected type
def f (x: f64) = x * 2
def r = map f [1i32, 2, 3]
