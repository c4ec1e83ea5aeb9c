-- A let pattern's declared type contradicts the bound value.
-- ==
-- error: Pattern does not have the declared type
def f (x: i32) = let (y: f32) = x in y
