-- The branches return f32 and f64.
-- ==
-- error: Branches of if-expression differ in type
def f (c: bool) (x: f32) (y: f64) = if c then x else y
