-- One k-means step: nearest-centre assignment, membership counting (a
-- sequential loop and a histogram), and new centres via a 2D reduce_by_index.
-- ==
-- entry: main
-- input { [[0.0f32, 0.0f32], [1.0f32, 0.0f32], [0.0f32, 1.0f32], [10.0f32, 10.0f32], [11.0f32, 10.0f32], [9.0f32, 9.0f32]] [[0.0f32, 0.0f32], [10.0f32, 10.0f32]] }
-- output { [0i64, 0i64, 0i64, 1i64, 1i64, 1i64] [3i32, 3i32] [[0.3333333333333333f32, 0.3333333333333333f32], [10.0f32, 9.666666666666666f32]] }
-- input { [[1.0f32, 1.0f32], [2.0f32, 2.0f32], [3.0f32, 3.0f32], [8.0f32, 8.0f32]] [[0.0f32, 0.0f32], [2.5f32, 2.5f32], [100.0f32, 100.0f32]] }
-- output { [0i64, 1i64, 1i64, 1i64] [1i32, 3i32, 0i32] [[1.0f32, 1.0f32], [4.333333333333333f32, 4.333333333333333f32], [0.0f32, 0.0f32]] }
-- input { [[1.0f32], [3.0f32], [5.0f32]] [[2.0f32], [4.0f32]] }
-- output { [0i64, 0i64, 1i64] [2i32, 1i32] [[2.0f32], [5.0f32]] }

-- ==
-- entry: hist_counts
-- input { 3i64 [2i64, 0i64, 2i64, 2i64] }
-- output { [1i32, 0i32, 3i32] }

-- One step of k-means clustering: assign each point to its nearest centre
-- (ties go to the lowest index), count the members of each cluster with the
-- counting loop of the PLDI'17 paper, and recompute the centres.
def dist [d] (a: [d]f32) (b: [d]f32) = f32.sum (map2 (\x y -> (x - y) * (x - y)) a b)

def closest [k][d] (cs: [k][d]f32) (p: [d]f32) : i64 =
  let (_, best) =
    loop (bd, bi) = (f32.inf, -1) for i < k do
      let dd = dist cs[i] p
      in if dd < bd then (dd, i) else (bd, bi)
  in best

-- Sequential counting loop over the membership array.
def counts (k: i64) (membership: []i64) : [k]i32 =
  loop acc = replicate k 0 for m in membership do acc with [m] = acc[m] + 1

def main [n][k][d] (points: [n][d]f32) (centres: [k][d]f32) =
  let membership = map (closest centres) points
  let cnt = counts k membership
  let sums = reduce_by_index (replicate k (replicate d 0)) (map2 (+)) (replicate d 0) membership points
  let new = map2 (\s c -> map (/ f32.i32 (i32.max c 1)) s) sums cnt
  in (membership, cnt, new)

-- The same counts with a histogram.
entry hist_counts (k: i64) (membership: []i64) = hist (+) 0i32 k membership (map (const 1) membership)
