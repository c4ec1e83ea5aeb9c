-- transpose, flatten, flatten_3d, transposition of inner dimensions.
-- ==
-- entry: main
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- output { [[1i32, 4i32], [2i32, 5i32], [3i32, 6i32]] [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] }
-- input { [[7i32], [8i32]] }
-- output { [[7i32, 8i32]] [7i32, 8i32] [[7i32], [8i32]] }
-- input { [[1i32, 2i32], [3i32, 4i32]] }
-- output { [[1i32, 3i32], [2i32, 4i32]] [1i32, 2i32, 3i32, 4i32] [[1i32, 2i32], [3i32, 4i32]] }

-- ==
-- entry: cube
-- input { 4i64 }
-- output { [20i32, 21i32, 22i32, 23i32] [0i32, 1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32, 10i32, 11i32, 12i32, 13i32, 14i32, 15i32, 16i32, 17i32, 18i32, 19i32, 20i32, 21i32, 22i32, 23i32] [[0i32, 4i32, 8i32, 1i32, 5i32, 9i32, 2i32, 6i32, 10i32, 3i32, 7i32, 11i32], [12i32, 16i32, 20i32, 13i32, 17i32, 21i32, 14i32, 18i32, 22i32, 15i32, 19i32, 23i32]] }

def main (m: [][]i32) = (transpose m, flatten m, transpose (transpose m))

entry cube (n: i64) =
  let c = tabulate_3d 2 3 n (\a b d -> i32.i64 (a * 12 + b * 4 + d))
  in (c[1, 2], flatten_3d c, map transpose c |> map flatten)
