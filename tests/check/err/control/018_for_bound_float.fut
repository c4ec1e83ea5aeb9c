-- A for-loop bound is a floating-point number.
-- ==
-- error: The bound of a for-loop must be an integer
def f (x: f32) = loop acc = 0i32 for i < x do acc + 1
