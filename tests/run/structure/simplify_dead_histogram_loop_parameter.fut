-- A loop parameter that only computes its own next value is dead, even
-- when a histogram of scalars computes it: such a histogram cannot fail
-- (indices outside the destination are ignored), so it goes with the
-- parameter.
-- ==
-- input { [[1i64, 0i64], [0i64, 1i64]] [[5i32, 6i32], [7i32, 8i32]] }
-- output { [[4i64, 3i64], [3i64, 4i64]] }
-- structure { Hist 0 Loop 1 }

def main [m] [n] (ks: [m][n]i64) (vs: [m][n]i32) =
  let (ks', _) =
    loop (ks, vs) for _i < 3 do
      (map (map (+ 1)) ks, map2 (\k v -> hist (+) 0 n k v) ks vs)
  in ks'
