-- A two-dimensional tabulation is a perfect nest: flattened and mapped
-- again, it becomes one map over the flat index space. A negative size
-- fails, even when the other size is zero.
-- ==
-- input { 2i64 3i64 }
-- output { [1i64, 3i64, 9i64, 3i64, 5i64, 11i64] }
-- input { 0i64 3i64 }
-- output { empty([0]i64) }
-- input { 0i64 -1i64 }
-- error: Range 0..1..<-1 is invalid
-- input { 2i64 -1i64 }
-- error: Range 0..1..<-1 is invalid
-- structure { Screma 1 }

def main (n: i64) (m: i64) : []i64 =
  tabulate_2d n m (\i j -> i + j * j)
  |> flatten
  |> map (\x -> x * 2 + 1)
