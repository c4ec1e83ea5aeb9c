-- A while-loop body changes the accumulator's type to f64.
-- ==
-- error: Loop body does not have expected type
def f (x: f32) = loop y = x while y > 1 do f64.f32 y / 2
