-- K-means (Rodinia): clusters points by Lloyd's algorithm. The first k
-- points are the initial centres; each iteration assigns every point to its
-- nearest centre (squared Euclidean distance, the lower index on a tie) and
-- moves each centre to the mean of its points (a centre with no points
-- stays). It stops after an iteration that changed no assignment, or after
-- `max_iterations`. The result is the centres and the number of iterations.
--
-- Dataset: the paper's kdd_cup, 494019 points of 34 features, k = 5. Rodinia
-- reads the KDD Cup 1999 data from a file; here the points are random input
-- (values in [0, 1)), and at most 10 iterations run (random points do not
-- settle in 10).
-- ==
-- nobench input {
--   [[0f32, 0f32], [1f32, 0f32], [0f32, 1f32], [5f32, 5f32],
--    [6f32, 5f32], [5f32, 6f32], [0.5f32, 0.5f32], [9f32, 9f32]]
--   2i32 10i32
-- }
-- output { [[0.375f32, 0.375f32], [6.25f32, 6.25f32]] 3i32 }
-- nobench input {
--   [[1f32, 2f32, 3f32], [1f32, 2f32, 3f32], [4f32, 0f32, 0f32], [0f32, 0f32, 4f32]]
--   3i32 1i32
-- }
-- output { [[0.6666667f32, 1.3333334f32, 3.3333333f32], [1f32, 2f32, 3f32], [4f32, 0f32, 0f32]] 1i32 }
-- "kdd_cup" compiled random input { [494019][34]f32 5i32 10i32 }

def distance [d] (xs: [d]f32) (ys: [d]f32) : f32 =
  f32.sum (map2 (\x y -> (x - y) * (x - y)) xs ys)

def nearest [k] [d] (centres: [k][d]f32) (point: [d]f32) : i64 =
  let closer (i, di) (j, dj) = if di < dj || (di == dj && i < j) then (i, di) else (j, dj)
  in (reduce closer (k, f32.inf) (zip (iota k) (map (distance point) centres))).0

def new_centres [n] [d] (k: i64) (old: [k][d]f32) (points: [n][d]f32) (membership: [n]i64) : [k][d]f32 =
  let sums = hist (map2 (+)) (replicate d 0) k membership points
  let counts = hist (+) 0 k membership (replicate n 1i32)
  in map3 (\sum count centre -> if count == 0 then centre else map (/ f32.i32 count) sum)
          sums counts old

entry main [n] [d] (points: [n][d]f32) (k: i32) (max_iterations: i32) : ([][d]f32, i32) =
  let k = i64.i32 k
  let (centres, _, iterations, _) =
    loop (centres, membership, i, changed) = (take k points, replicate n (-1), 0, true)
    while changed && i < max_iterations do
      let membership' = map (nearest centres) points
      let changed' = or (map2 (!=) membership membership')
      in (new_centres k centres points membership', membership', i + 1, changed')
  in (centres, iterations)
