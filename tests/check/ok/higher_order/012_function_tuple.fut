-- A tuple of functions returned from a function.
-- ==
def ops (k: i32) = (\(x: i32) -> x + k, \(x: i32) -> x * k)
def r = let (add, mul) = ops 3 in add (mul 2)
