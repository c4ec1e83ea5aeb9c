-- Running sums of the rows of a table that a map nest computes from a
-- vector and a matrix: the scan, whose operator adds rows, is
-- interchanged with that addition (a map over the columns, each scanned
-- with scalar additions), and the nest producing the rows fuses into it,
-- through the transposition, as one map of scans. The table's inner map
-- reads an array bound outside it and the outer row, so the nest swaps
-- its two levels to produce the table's columns.
-- ==
-- input { [1i32, 2i32, 3i32] [[10i32, 20i32], [30i32, 40i32], [50i32, 60i32]] }
-- output { [[11i32, 22i32], [43i32, 66i32], [96i32, 132i32]] }
-- input { empty([0]i32) empty([0][2]i32) }
-- output { empty([0][2]i32) }
-- input { [1i32, 2i32] empty([2][0]i32) }
-- output { empty([2][0]i32) }
-- structure { /Screma 1 /Screma/Screma 1 }

def main [n][k] (xs: [n]i32) (yss: [n][k]i32) : [n][k]i32 =
  let table = map2 (\x ys -> map (\j -> ys[j] + x * (i32.i64 j + 1)) (iota k)) xs yss
  in scan (map2 (+)) (replicate k 0) table
