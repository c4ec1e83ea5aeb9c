-- Mandelbrot escape-time iteration counts on a small grid (a while loop
-- inside a two-dimensional map).
-- ==
-- entry: main
-- input { 20i32 6i64 4i64 }
-- output { [[1i32, 1i32, 2i32, 2i32, 2i32, 2i32], [1i32, 3i32, 3i32, 6i32, 20i32, 3i32], [20i32, 20i32, 20i32, 20i32, 20i32, 5i32], [1i32, 3i32, 3i32, 6i32, 20i32, 3i32]] }
-- input { 50i32 8i64 8i64 }
-- output { [[1i32, 1i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32], [1i32, 2i32, 3i32, 3i32, 3i32, 5i32, 3i32, 2i32], [1i32, 3i32, 3i32, 4i32, 6i32, 50i32, 5i32, 3i32], [1i32, 4i32, 14i32, 7i32, 50i32, 50i32, 50i32, 4i32], [50i32, 50i32, 50i32, 50i32, 50i32, 50i32, 50i32, 4i32], [1i32, 4i32, 14i32, 7i32, 50i32, 50i32, 50i32, 4i32], [1i32, 3i32, 3i32, 4i32, 6i32, 50i32, 5i32, 3i32], [1i32, 2i32, 3i32, 3i32, 3i32, 5i32, 3i32, 2i32]] }
-- input { 5i32 3i64 2i64 }
-- output { [[1i32, 2i32, 2i32], [5i32, 5i32, 5i32]] }

def escape (limit: i32) (cr: f64) (ci: f64) : i32 =
  let (_, _, it) =
    loop (zr, zi, it) = (0f64, 0f64, 0i32) while it < limit && zr * zr + zi * zi <= 4 do
      (zr * zr - zi * zi + cr, 2 * zr * zi + ci, it + 1)
  in it

def main (limit: i32) (w: i64) (h: i64) =
  tabulate_2d h w (\y x ->
    escape limit (-2 + 3 * f64.i64 x / f64.i64 w) (-1.5 + 3 * f64.i64 y / f64.i64 h))
