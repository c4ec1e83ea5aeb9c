-- A top-level constant searched by a helper function's loop, the helper
-- called in a branch of a map inside a loop: the constant is computed
-- once, before both loops.
-- ==
-- input { [0.5f32, 2.5f32, 7.0f32, 30.0f32] 2i64 }
-- output { [1i64, 2i64, 3i64, 3i64] }
-- input { [1.0f32, 9.5f32] 0i64 }
-- output { [0i64, 0i64] }
-- structure { /Screma 1 /Loop/Screma 1 /Loop/Screma/If/False/Loop 1 /Loop/Screma/If/False/Loop/Screma 0 /Loop/Screma/If/False/Screma 0 }

def limits : [4]f32 = map (\i -> f32.i64 (i * i)) (iota 4)

-- The number of limits at most c (by binary search).
def rank (c: f32) : i64 =
  let (lo, _) =
    loop (lo, hi) = (0, 4)
    while lo < hi do
      let mid = (lo + hi) / 2
      in if c < limits[mid] then (lo, mid) else (mid + 1, hi)
  in lo

entry main [n] (cs: [n]f32) (rounds: i64) : [n]i64 =
  loop acc = replicate n 0 for _r < rounds do
    map2 (\c a -> if c > 20 then 3 else i64.max a (rank c)) cs acc
