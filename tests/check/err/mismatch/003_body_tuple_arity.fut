-- The body is a pair but the return type is a triple.
-- ==
-- error: Function body does not have expected type
def f (x: i32) : (i32, i32, i32) = (x, x)
