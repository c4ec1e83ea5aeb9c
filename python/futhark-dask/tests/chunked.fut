-- Entry points that the tests of futhark_dask map over chunks.

-- Counts of the values 0..bins-1 in a chunk; other values are left out.
entry histogram (xs: []i64) (bins: i64) : []i64 =
  hist (+) 0 bins xs (map (\_ -> 1) xs)

entry add_histograms [b] (xs: [b]i64) (ys: [b]i64) : [b]i64 =
  map2 (+) xs ys

-- One step of k-means on a chunk of points: for each centre, the sum of
-- the points nearest to it and their number.
entry cluster_sums [n][d][k] (points: [n][d]f64) (centres: [k][d]f64) : ([k][d]f64, [k]i64) =
  let distance (p: [d]f64) (c: [d]f64) = f64.sum (map2 (\x y -> (x - y) * (x - y)) p c)
  let nearest (p: [d]f64) =
    let (_, best) =
      reduce (\(dx, ix) (dy, iy) -> if dy < dx || (dy == dx && iy < ix) then (dy, iy) else (dx, ix))
             (f64.inf, k)
             (zip (map (distance p) centres) (iota k))
    in best
  let labels = map nearest points
  let slots = flatten (map (\l -> map (\j -> l * d + j) (iota d)) labels)
  let sums = unflatten (hist (+) 0 (k * d) slots (flatten points))
  let counts = hist (+) 0 k labels (map (\_ -> 1) labels)
  in (sums, counts)

entry add_cluster_sums [k][d] (s1: [k][d]f64) (c1: [k]i64) (s2: [k][d]f64) (c2: [k]i64) : ([k][d]f64, [k]i64) =
  (map2 (map2 (+)) s1 s2, map2 (+) c1 c2)

-- Fails on a chunk holding a negative value.
entry checked_total (xs: []i64) : i64 =
  let ok = all (>= 0) xs
  in assert ok (i64.sum xs)

entry add (x: i64) (y: i64) : i64 = x + y

-- A sum that takes `rounds` passes over its chunk: slow on purpose.
entry slow_total (xs: []i64) (rounds: i64) : i64 =
  let total = loop acc = 0 for r < rounds do
                acc + i64.sum (map (\x -> (x * (r + 1)) % 7) xs)
  in total + i64.sum xs

entry weighted_histogram [n] (xs: [n]i64) (weights: [n]i64) (bins: i64) : []i64 =
  hist (+) 0 bins xs weights
