-- The prelude's flip, curry and uncurry.
-- ==
def sub (a: i32) (b: i32) = a - b
def a = flip sub 1 10
def b = uncurry sub (5, 2)
def c = curry (\(x: i32, y: i32) -> x * y) 3 4
