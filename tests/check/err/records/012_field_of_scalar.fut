-- A field is projected from an integer.
-- ==
-- error: has no field "x"
def f (n: i32) = n.x
