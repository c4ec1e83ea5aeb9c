-- Equality on tuples compares componentwise.
-- ==
def eq3 (a: (i32, i32, i32)) (b: (i32, i32, i32)) = a == b
def r = eq3 (1, 2, 3) (1, 2, 4)
