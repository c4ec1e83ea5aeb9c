-- | Escape-time rendering of the Mandelbrot set.

type complex = (f64, f64)

def cadd ((ar, ai): complex) ((br, bi): complex) : complex = (ar + br, ai + bi)

def cmul ((ar, ai): complex) ((br, bi): complex) : complex =
  (ar * br - ai * bi, ar * bi + ai * br)

def cmag2 ((r, i): complex) : f64 = r * r + i * i

-- | Iterations before the orbit of c leaves the radius-2 disc.
def divergence (limit: i32) (c: complex) : i32 =
  let (_, steps) =
    loop (z, i) = ((0, 0), 0)
    while i < limit && cmag2 z < 4 do
      (cadd (cmul z z) c, i + 1)
  in steps

type view = {x0: f64, y0: f64, x1: f64, y1: f64}

-- | Map a pixel onto the complex plane.
def to_plane (w: i64) (h: i64) (v: view) (row: i64) (col: i64) : complex =
  let fx = f64.i64 col / f64.i64 w
  let fy = f64.i64 row / f64.i64 h
  in (v.x0 + fx * (v.x1 - v.x0), v.y0 + fy * (v.y1 - v.y0))

-- | Turn an iteration count into a packed 0xRRGGBB colour.
def colour (limit: i32) (n: i32) : u32 =
  if n == limit then 0
  else let t = f32.i32 n / f32.i32 limit
       let r = u32.f32 (255 * t)
       let g = u32.f32 (255 * f32.sqrt t)
       let b = u32.f32 (255 * (1 - t))
       in (r << 16) | (g << 8) | b

def default_view : view = {x0 = -2.25, y0 = -1.25, x1 = 0.75, y1 = 1.25}

entry render (w: i64) (h: i64) (limit: i32) : [h][w]u32 =
  tabulate_2d h w (\r c ->
    colour limit (divergence limit (to_plane w h default_view r c)))

entry escape_counts (w: i64) (h: i64) (limit: i32) (v: view) : [h][w]i32 =
  tabulate_2d h w (\r c -> divergence limit (to_plane w h v r c))

entry inside_fraction (w: i64) (h: i64) (limit: i32) : f64 =
  let counts = flatten (escape_counts w h limit default_view)
  let inside = i64.sum (map (\n -> if n == limit then 1 else 0) counts)
  in f64.i64 inside / f64.i64 (w * h)
