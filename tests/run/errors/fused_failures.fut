-- Fused maps interleave their rows: a program with several failures may
-- report any failure its sequential reading reaches. Here the first map
-- fails at its second row, and the second map (on the first map's first
-- row) at its first row.
-- ==
-- input { [2i64, 5i64, 0i64] }
-- error: Index \[[35]\] out of bounds for array of shape \[3\]
-- input { [1i64, 1i64, 1i64] }
-- output { [1i64, 1i64, 1i64] }

def main (is: []i64) : []i64 =
  let ys = map (\i -> is[i]) is
  in map (\y -> is[y + 3 * (1 - y)]) ys
