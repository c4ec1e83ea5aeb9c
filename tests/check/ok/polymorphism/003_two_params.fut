-- A function with two type parameters.
-- ==
def swap 'a 'b (x: a, y: b) : (b, a) = (y, x)
def r = swap (1i64, false)
