-- Mandelbrot escape-time iteration counts on an h by w grid.

def escape (limit: i32) (cr: f64) (ci: f64) : i32 =
  let (_, _, it) =
    loop (zr, zi, it) = (0f64, 0f64, 0i32)
    while it < limit && zr * zr + zi * zi <= 4 do
      (zr * zr - zi * zi + cr, 2 * zr * zi + ci, it + 1)
  in it

entry main (limit: i32) (h: i64) (w: i64) : [h][w]i32 =
  tabulate_2d h w (\y x ->
    escape limit (-2 + 3 * f64.i64 x / f64.i64 w) (-1.5 + 3 * f64.i64 y / f64.i64 h))
