-- | Lloyd's k-means clustering for points in d dimensions.

-- | Squared Euclidean distance.
def sq_dist [d] (a: [d]f32) (b: [d]f32) : f32 =
  f32.sum (map2 (\x y -> (x - y) * (x - y)) a b)

-- | Index of the centroid nearest to a point.
def closest [k][d] (cs: [k][d]f32) (p: [d]f32) : i64 =
  let better (i, di) (j, dj) =
    if dj < di || (dj == di && j < i) then (j, dj) else (i, di)
  let (best, _) =
    reduce better (-1, f32.inf) (zip (iota k) (map (sq_dist p) cs))
  in best

-- | Assign each point to a cluster and recompute the centroids.
-- Empty clusters keep their old centroid.
def step [n][k][d] (cs: [k][d]f32) (ps: [n][d]f32) : ([k][d]f32, [n]i64) =
  let membership = map (closest cs) ps
  let counts = hist (+) 0 k membership (replicate n 1i64)
  let sums =
    reduce_by_index (replicate k (replicate d 0f32))
                    (map2 (+))
                    (replicate d 0f32)
                    membership
                    ps
  let new_cs =
    map3 (\old s c -> if c == 0 then old else map (/ f32.i64 c) s)
         cs sums counts
  in (new_cs, membership)

-- | Total within-cluster squared distance.
def inertia [n][k][d] (cs: [k][d]f32) (ps: [n][d]f32) (membership: [n]i64) : f32 =
  f32.sum (map2 (\p c -> sq_dist p cs[c]) ps membership)

-- | Iterate until assignments stop changing or the budget runs out.
entry kmeans [n][d] (k: i64) (max_iter: i32) (ps: [n][d]f32) : ([k][d]f32, i32, f32) =
  let init = ps[:k]
  let (cs, assign, iters, _) =
    loop (cs, assign, i, changed) = (init, replicate n (-1i64), 0, true)
    while changed && i < max_iter do
      let (cs', assign') = step cs ps
      let moved = reduce (||) false (map2 (!=) assign assign')
      in (cs', assign', i + 1, moved)
  in (cs, iters, inertia cs ps assign)
