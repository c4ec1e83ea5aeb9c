-- A size-lifted type parameter accepting an array of unknown size.
-- ==
def apply_to '~a 'b (f: a -> b) (x: a) : b = f x
def r = apply_to (\(xs: []i32) -> length xs) (filter (> 0) [1, -2, 3])
