-- | Jacobi relaxation for heat diffusion on a grid with fixed borders.

def clamp_idx (n: i64) (i: i64) : i64 = i64.max 0 (i64.min (n - 1) i)

-- | Average of a cell and its four neighbours, clamped at the edges.
def relax [h][w] (g: [h][w]f32) (r: i64) (c: i64) : f32 =
  let at dr dc = g[clamp_idx h (r + dr), clamp_idx w (c + dc)]
  in (at 0 0 + at (-1) 0 + at 1 0 + at 0 (-1) + at 0 1) / 5

def is_border (h: i64) (w: i64) (r: i64) (c: i64) : bool =
  r == 0 || c == 0 || r == h - 1 || c == w - 1

-- | One sweep over the whole grid.
def sweep [h][w] (g: [h][w]f32) : [h][w]f32 =
  tabulate_2d h w (\r c -> if is_border h w r c then g[r, c] else relax g r c)

-- | Largest absolute difference between two grids.
def max_change [h][w] (a: [h][w]f32) (b: [h][w]f32) : f32 =
  let diffs = map2 (map2 (\x y -> f32.abs (x - y))) a b
  in reduce f32.max 0 (flatten diffs)

-- | Iterate until the change drops below a tolerance.
entry diffuse [h][w] (iters: i32) (tol: f32) (g: [h][w]f32) : ([h][w]f32, i32) =
  let (result, used, _) =
    loop (g, i, delta) = (g, 0, f32.inf)
    while i < iters && delta > tol do
      let g' = sweep g
      in (g', i + 1, max_change g g')
  in (result, used)

-- | One-dimensional three-point smoothing using rotations.
entry smooth1d [n] (xs: [n]f32) : [n]f32 =
  map3 (\l x r -> (l + 2 * x + r) / 4) (rotate (-1) xs) xs (rotate 1 xs)

-- | A grid that is hot along its top edge.
entry hot_top (h: i64) (w: i64) : [h][w]f32 =
  tabulate_2d h w (\r _ -> if r == 0 then 100 else 0)
