-- A loop inside a lambda returns the counter type instead of the accumulator type.
-- ==
-- error: Loop body does not have expected type
def f [n] (xs: [n]f32) = map (\(x: f32) -> loop acc = x for i < 3i32 do i) xs
