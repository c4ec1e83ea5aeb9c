-- A for-in loop iterates over a tuple of arrays.
-- ==
-- error: A for-in loop must iterate over an array
def f (xs: []i32) (ys: []i32) = loop acc = 0i32 for x in (xs, ys) do acc
