-- Crystal (the quasicrystal example of Accelerate): a size-by-size image of
-- a quasicrystal, the superposition of `degree` plane waves at the angles
-- theta_k = k * pi / degree. Pixel (i, j) is the point
--   (u, v) = (scale * (2 j / (size - 1) - 1), scale * (2 i / (size - 1) - 1));
-- each wave there is (cos (cos theta_k * u + sin theta_k * v + time) + 1) / 2,
-- and the pixel's intensity is their sum n "wrapped" into [0, 1]: with t the
-- integer part of n and f its fraction, f when t is even and 1 - f when odd.
--
-- Dataset (the paper's): size 2000, degree 50, with scale 30 and time 1.
-- ==
-- nobench input { 3i64 2i32 1f32 0f32 }
-- output { [[0.45969772f32, 0.22984886f32, 0.45969772f32], [0.22984886f32, 0f32, 0.22984886f32],
--           [0.45969772f32, 0.22984886f32, 0.45969772f32]] }
-- nobench input {
--   6i64 5i32 4f32 0.5f32
-- }
-- output {
--   [[1.6952991e-2f32, 0.28900385f32, 0.19986665f32, 0.5437858f32, 0.61283827f32, 0.34587717f32],
--   [0.6477394f32, 3.883648e-2f32, 0.7369082f32, 0.91917276f32, 0.3626709f32, 0.2849089f32],
--   [0.6459279f32, 0.6885309f32, 0.7118807f32, 0.3679614f32, 0.36469674f32, 0.2830974f32],
--   [0.43061912f32, 0.35846114f32, 0.2757659f32, 0.6196847f32, 3.462696e-2f32, 6.778884e-2f32],
--   [5.6103706e-2f32, 0.23116505f32, 0.19605803f32, 0.53997695f32, 0.5549991f32, 0.4189341f32],
--   [0.8552191f32, 0.39290237f32, 0.1715405f32, 0.5154593f32, 6.9067955e-2f32, 0.7819505f32]]
-- }
-- "2000_50" compiled input { 2000i64 50i32 30f32 1f32 }

def wrap (n: f32) : f32 =
  let t = i32.f32 n
  let f = n - f32.i32 t
  in if t % 2 == 1 then 1 - f else f

entry main (size: i64) (degree: i32) (scale: f32) (time: f32) : [size][size]f32 =
  let thetas = map (\k -> f32.i32 k * f32.pi / f32.i32 degree) (0..<degree)
  let cosines = map f32.cos thetas
  let sines = map f32.sin thetas
  let coordinate (i: i64) = scale * (2 * f32.i64 i / f32.i64 (size - 1) - 1)
  let intensity (u: f32) (v: f32) =
    wrap (f32.sum (map2 (\c s -> (f32.cos (c * u + s * v + time) + 1) / 2) cosines sines))
  in tabulate_2d size size (\i j -> intensity (coordinate j) (coordinate i))
