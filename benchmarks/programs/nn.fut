-- NN (Rodinia): k nearest neighbours. Given the positions (latitude,
-- longitude) of many hurricane records and a target position, finds the k
-- records nearest to the target by Euclidean distance in the plane, nearest
-- first (the lower index first on a tie). The result is their indices and
-- distances. As in the paper's port, the k minima are found by k parallel
-- reductions, each removing the record it found.
--
-- Dataset: the paper's "default Rodinia dataset duplicated 20 times",
-- 20 x 42764 = 855280 records, k = 100 (the paper's 100 reductions). The
-- positions are random input (values in [0, 1)) and the target is (0.3, 0.9).
-- ==
-- nobench input {
--   0.5f32 0.5f32 3i32
--   [0.0f32, 0.6f32, 0.5f32, 0.9f32, 0.45f32, 0.05f32]
--   [0.0f32, 0.5f32, 0.9f32, 0.9f32, 0.5f32, 0.5f32]
-- }
-- output { [4i32, 1i32, 2i32] [0.05f32, 0.1f32, 0.4f32] }
-- "rodinia_x20" compiled random input { 0.3f32 0.9f32 100i32 [855280]f32 [855280]f32 }

def nearer (i: i32, di: f32) (j: i32, dj: f32) : (i32, f32) =
  if di < dj || (di == dj && i < j) then (i, di) else (j, dj)

entry main [n] (lat: f32) (lng: f32) (k: i32) (lats: [n]f32) (lngs: [n]f32) : ([]i32, []f32) =
  let distances = map2 (\a b -> f32.sqrt ((a - lat) * (a - lat) + (b - lng) * (b - lng))) lats lngs
  let (_, indices, nearest) =
    loop (distances, indices, nearest) = (distances, replicate (i64.i32 k) 0, replicate (i64.i32 k) 0)
    for i < i64.i32 k do
      let (j, d) = reduce nearer (-1, f32.inf) (zip (map i32.i64 (iota n)) distances)
      in (distances with [j] = f32.inf, indices with [i] = j, nearest with [i] = d)
  in (indices, nearest)
