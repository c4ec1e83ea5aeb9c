-- Transpositions made row-major (copies that parallel back ends tile):
-- sizes that are not multiples of a tile, a batch of transposed
-- matrices of bytes, and a transposition of the outer dimensions of a
-- 3-D array (whose innermost rows stay consecutive). Checked through
-- weighted sums.

-- ==
-- entry: t2
-- input { 37i64 45i64 }
-- output { 2150292000i64 }
-- input { 1i64 100i64 }
-- output { 333300i64 }
entry t2 (n: i64) (m: i64) =
  let xss = tabulate_2d n m (\i j -> i * 1000 + j)
  let yss = copy (transpose xss)
  in i64.sum (map2 (\r i -> i64.sum (map2 (\x j -> x * (i + 2 * j + 1)) r (iota n))) yss (iota m))

-- ==
-- entry: t3
-- input { 7i64 33i64 40i64 }
-- output { 114026388i64 }
entry t3 (n: i64) (m: i64) (k: i64) =
  let x = tabulate_3d n m k (\i j l -> i8.i64 (i * 31 + j * 7 + l))
  let y = copy (map transpose x)
  let z = copy (transpose x)
  let weighted = map2 (*) (map i64.i8 (flatten (flatten z))) (indices (flatten (flatten z)))
  in i64.sum (map i64.i8 (flatten (flatten y))) + i64.sum weighted

-- Four-byte elements, whole tiles and tiles cut at the edges.
-- ==
-- entry: t4
-- input { 64i64 96i64 }
-- output { 25809802240i64 }
-- input { 31i64 33i64 }
-- output { 885757048i64 }
-- input { 70i64 1i64 }
-- output { 226205000i64 }
entry t4 (n: i64) (m: i64) =
  let xss = tabulate_2d n m (\i j -> i32.i64 (i * 1000 + j))
  let yss = copy (transpose xss)
  in i64.sum (map2 (\r i -> i64.sum (map2 (\x j -> i64.i32 x * (i + 2 * j + 1)) r (iota n))) yss (iota m))
