-- The body is an i32 but the declared return type is f32.
-- ==
-- error: Function body does not have expected type
def f (x: i32) : f32 = x + 1
