-- A let pattern's declared type contradicts the bound value.
-- ==
-- error: cannot match value of type
def f (x: i32) = let (y: f32) = x in y
