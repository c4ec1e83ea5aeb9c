-- map is given an array whose element type the function does not accept.
-- ==
-- error: Cannot apply "map" to "\[1i32, 2, 3\]" \(invalid type\)
def f (x: f64) = x * 2
def r = map f [1i32, 2, 3]
