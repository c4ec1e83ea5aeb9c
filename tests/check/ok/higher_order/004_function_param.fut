-- A parameter with a declared function type.
-- ==
def apply (f: i32 -> i32) (x: i32) = f x
def apply2 (f: i32 -> i32 -> bool) (x: i32) = f x x
def r = apply2 (\a b -> a == b) (apply (+ 1) 2)
