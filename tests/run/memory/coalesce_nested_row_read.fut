-- A matrix computed elementwise from the matrix it replaces, by nested
-- maps (nested loops, each writing its row in order): every element is
-- read before it is written, so the maps write the destination directly.
-- The maps' outputs are scratch arrays, which write nothing.
-- ==
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] 1i64 }
-- output { [[[1, 2], [3, 4]], [[10, 12], [14, 16]]] }
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] 2i64 }
-- error: Index \[2\] out of bounds for array of shape \[2\]\[2\]\[2\]
-- structure seq-mem { Alloc 0 Replicate 0 Scratch 2 }

def main [n] (xsss: *[n][n][n]i32) (i: i64) : *[n][n][n]i32 =
  let xss = map (map (* 2)) xsss[i]
  let xsss[i] = xss
  in xsss
