-- The prelude's iterate function with a lambda.
-- ==
def halve_times (n: i32) (x: f64) = iterate n (\y -> y / 2) x
def until_small = iterate_while (\(x: f32) -> x > 1) (/ 2) 100
