-- reduce with arithmetic operators, min/max, a non-commutative operator
-- (affine function composition), tuples (argmax), reduce_comm, empty input
-- (result is the neutral element), and reduction of rows.
-- ==
-- entry: main
-- input { [1i32, 2i32, 3i32, 4i32] }
-- output { 10i32 24i32 4i32 1i32 }
-- input { [-5i32, 7i32, 2i32] }
-- output { 4i32 -70i32 7i32 -5i32 }
-- input { empty([0]i32) }
-- output { 0i32 1i32 -2147483648i32 2147483647i32 }
-- input { [3i32] }
-- output { 3i32 3i32 3i32 3i32 }

-- ==
-- entry: affine
-- input { [2i32, 3i32, 1i32] [1i32, 0i32, 5i32] }
-- output { 6i32 8i32 }
-- input { [1i32, 2i32] [3i32, 4i32] }
-- output { 2i32 10i32 }
-- input { empty([0]i32) empty([0]i32) }
-- output { 1i32 0i32 }

-- ==
-- entry: comm
-- input { [1.5f64, -2.0f64, 4.0f64] }
-- output { 3.5f64 4.0f64 }
-- input { empty([0]f64) }
-- output { 0.0f64 -f64.inf }

-- ==
-- entry: argmax
-- input { [3i32, 9i32, 2i32, 9i32, 1i32] }
-- output { 1i64 }
-- input { [-1i32, -2i32] }
-- output { 0i64 }
-- input { empty([0]i32) }
-- output { -1i64 }

-- ==
-- entry: strings
-- input { [[97u8, 98u8, 99u8], [98u8, 97u8, 100u8], [65u8, 90u8, 122u8]] }
-- output { [98u8, 98u8, 122u8] }

def main (xs: []i32) = (reduce (+) 0 xs, reduce (*) 1 xs, reduce i32.max i32.lowest xs, reduce i32.min i32.highest xs)

-- Composition of affine functions x -> a*x + b is associative but not commutative.
def compose (a1: i32, b1: i32) (a2: i32, b2: i32) = (a1 * a2, a2 * b1 + b2)

entry affine (as: []i32) (bs: []i32) = reduce compose (1, 0) (zip as bs)

entry comm (xs: []f64) = (reduce_comm (+) 0 xs, reduce_comm f64.max (-f64.inf) xs)

-- Index of the largest element; ties go to the smallest index.
entry argmax (xs: []i32) =
  let pick (x1, i1) (x2, i2) =
    if x1 > x2 || (x1 == x2 && i1 < i2) then (x1, i1) else (x2, i2)
  in (reduce pick (i32.lowest, -1) (zip xs (indices xs))).1

entry strings (xs: [][]u8) = reduce (\a b -> map2 u8.max a b) (replicate 3 0) (xs :> [][3]u8)
