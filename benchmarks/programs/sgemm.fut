-- SGEMM (from Parboil): C' = alpha * A * B^T + beta * C in single
-- precision, with B given transposed (as Parboil's input files give it).
--
-- Dataset: Parboil's "medium" shape, A 1024 x 992 and B^T 1056 x 992 (so C is
-- 1024 x 1056), with random values; alpha and beta random in [0, 1).
-- ==
-- nobench input {
--   2f32 0.5f32
--   [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]]
--   [[1f32, 0f32, -1f32], [0.5f32, 0.25f32, 2f32], [0f32, 1f32, 0f32], [3f32, -2f32, 1f32]]
--   [[1f32, 2f32, 3f32, 4f32], [-1f32, -2f32, -3f32, -4f32]]
-- }
-- output { [[-3.5f32, 15f32, 5.5f32, 6f32], [-4.5f32, 29.5f32, 8.5f32, 14f32]] }
-- "medium" compiled random input { f32 f32 [1024][992]f32 [1056][992]f32 [1024][1056]f32 }

entry main [n][m][k] (alpha: f32) (beta: f32) (a: [n][k]f32) (bt: [m][k]f32) (c: [n][m]f32) : [n][m]f32 =
  map2 (\a_row c_row ->
          map2 (\b_row c_el -> alpha * f32.sum (map2 (*) a_row b_row) + beta * c_el) bt c_row)
       a c
