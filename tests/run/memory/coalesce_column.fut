-- A column written into a matrix: the map making it writes through the
-- column's strided layout, and the loops carrying it keep that layout.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 2i64 [7, 8] }
-- output { [[1, 2, 14], [4, 5, 16]] }
-- input { [[1, 2, 3], [4, 5, 6]] 3i64 [7, 8] }
-- error: Index \[0:2, 3\] out of bounds for array of shape \[2\]\[3\]
-- structure seq-mem { Alloc 0 }

def main [n] [m] (xss: *[n][m]i32) (j: i64) (col: [n]i32) : *[n][m]i32 =
  let doubled = map (* 2) col
  in xss with [:, j] = doubled
