-- Mandelbrot set (from the Accelerate examples): for every pixel of an
-- h-by-w view of the complex plane, the number of iterations of
-- z <- z*z + c (from z = 0) before |z| exceeds 2, capped at `limit`.
-- The view is fixed to [-2.23, 0.83] x [-1.15, 1.15]; pixel (y, x) is
-- c = (x0 + x * dx, y0 + y * dy) with dx = (x1 - x0) / w, dy = (y1 - y0) / h,
-- computed in f32.
--
-- Dataset (the paper's): 4000 x 4000 pixels, limit 255.
-- ==
-- nobench input { 8i64 12i64 50i32 }
-- output { [[1i32, 1i32, 1i32, 2i32, 3i32, 3i32, 3i32, 3i32, 4i32, 3i32, 2i32, 2i32],
--           [1i32, 1i32, 2i32, 3i32, 3i32, 3i32, 4i32, 5i32, 13i32, 6i32, 4i32, 3i32],
--           [1i32, 1i32, 3i32, 3i32, 4i32, 5i32, 6i32, 22i32, 50i32, 50i32, 50i32, 3i32],
--           [1i32, 2i32, 4i32, 5i32, 12i32, 15i32, 50i32, 50i32, 50i32, 50i32, 50i32, 4i32],
--           [1i32, 50i32, 50i32, 50i32, 50i32, 50i32, 50i32, 50i32, 50i32, 50i32, 10i32, 4i32],
--           [1i32, 2i32, 4i32, 5i32, 12i32, 15i32, 50i32, 50i32, 50i32, 50i32, 50i32, 4i32],
--           [1i32, 1i32, 3i32, 3i32, 4i32, 5i32, 6i32, 22i32, 50i32, 50i32, 50i32, 3i32],
--           [1i32, 1i32, 2i32, 3i32, 3i32, 3i32, 4i32, 5i32, 13i32, 6i32, 4i32, 3i32]] }
-- "4000x4000" compiled input { 4000i64 4000i64 255i32 }

def x0 : f32 = -2.23
def x1 : f32 = 0.83
def y0 : f32 = -1.15
def y1 : f32 = 1.15

def escape (limit: i32) (cr: f32) (ci: f32) : i32 =
  let (_, _, it) =
    loop (zr, zi, it) = (0f32, 0f32, 0i32)
    while it < limit && zr * zr + zi * zi < 4 do
      (zr * zr - zi * zi + cr, 2 * zr * zi + ci, it + 1)
  in it

entry main (h: i64) (w: i64) (limit: i32) : [h][w]i32 =
  let dx = (x1 - x0) / f32.i64 w
  let dy = (y1 - y0) / f32.i64 h
  in tabulate_2d h w (\y x -> escape limit (x0 + f32.i64 x * dx) (y0 + f32.i64 y * dy))
