-- Array constructors: iota, replicate, tabulate, tabulate_2d, including empty
-- results.
-- ==
-- entry: main
-- input { 0i64 }
-- output { empty([0]i64) empty([0]u8) empty([0]i64) empty([0]i64) }
-- input { 1i64 }
-- output { [0i64] [7u8] [0i64] [2i64] }
-- input { 4i64 }
-- output { [0i64, 1i64, 2i64, 3i64] [7u8, 7u8, 7u8, 7u8] [0i64, 1i64, 4i64, 9i64] [2i64, 3i64, 4i64, 5i64] }

-- ==
-- entry: grid
-- input { 2i64 3i64 }
-- output { [[0i32, 1i32, 2i32], [10i32, 11i32, 12i32]] [[0i64, 1i64, 2i64], [0i64, 1i64, 2i64]] }
-- input { 1i64 1i64 }
-- output { [[0i32]] [[0i64]] }

def main (n: i64) = (iota n, replicate n 7u8, tabulate n (\i -> i * i), map (+ 2) (iota n))

entry grid (n: i64) (m: i64) = (tabulate_2d n m (\i j -> i32.i64 (i * 10 + j)), replicate n (iota m))
