-- A size coercion inside a lambda whose parameter type is not annotated.
-- ==
-- entry: matrix
-- input { [[1.0f32, 2.0f32], [3.0f32, 4.0f32]] 3i64 }
-- error: cannot match shape
-- input { [[1.0f32, 2.0f32], [3.0f32, 4.0f32]] 2i64 }
-- output { [[1.0f32, 2.0f32], [3.0f32, 4.0f32]] }

-- The lambda's parameter type is inferred; the coercion only fixes its size.
entry matrix [n] (m: [n][n]f32) (k: i64) = map (\r -> r :> [k]f32) m
