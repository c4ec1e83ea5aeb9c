-- k-means, one step at a time, for a chunk of the points: the Python
-- driver (kmeans.py) maps `cluster_sums` over the chunks on a Dask
-- cluster, adds the partial results with `add_cluster_sums`, and moves
-- the centres with `new_centres`.

def squared_distance [d] (p: [d]f64) (c: [d]f64) : f64 =
  f64.sum (map2 (\x y -> (x - y) * (x - y)) p c)

-- The index of the centre nearest to `p`; the lower index on a tie.
def nearest [k][d] (centres: [k][d]f64) (p: [d]f64) : i64 =
  let closer (dx, ix) (dy, iy) =
    if dy < dx || (dy == dx && iy < ix) then (dy, iy) else (dx, ix)
  in (reduce closer (f64.inf, k) (zip (map (squared_distance p) centres) (iota k))).1

-- For each centre, the sum of the chunk's points nearest to it and their
-- number.
entry cluster_sums [n][d][k] (points: [n][d]f64) (centres: [k][d]f64) : ([k][d]f64, [k]i64) =
  let labels = map (nearest centres) points
  let slots = flatten (map (\l -> map (\j -> l * d + j) (iota d)) labels)
  let sums = unflatten (hist (+) 0 (k * d) slots (flatten points))
  let counts = hist (+) 0 k labels (map (\_ -> 1) labels)
  in (sums, counts)

entry add_cluster_sums [k][d] (s1: [k][d]f64) (c1: [k]i64) (s2: [k][d]f64) (c2: [k]i64) : ([k][d]f64, [k]i64) =
  (map2 (map2 (+)) s1 s2, map2 (+) c1 c2)

-- The mean of each cluster; a centre with no points stays where it was.
entry new_centres [k][d] (centres: [k][d]f64) (sums: [k][d]f64) (counts: [k]i64) : [k][d]f64 =
  map3 (\c s n -> if n == 0 then c else map (/ f64.i64 n) s) centres sums counts
