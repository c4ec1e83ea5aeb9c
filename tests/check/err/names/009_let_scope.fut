-- A let-bound variable is used in its own definition.
-- ==
-- error: Unknown name "z"
def f (x: i32) = let z = z + x in z
