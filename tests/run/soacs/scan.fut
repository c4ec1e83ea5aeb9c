-- Inclusive scan (arithmetic, max, non-commutative affine composition,
-- segmented sums via flag pairs, rows of a matrix) and exclusive exscan.
-- ==
-- entry: main
-- input { [1i32, 2i32, 3i32, 4i32] }
-- output { [1i32, 3i32, 6i32, 10i32] [1i32, 2i32, 6i32, 24i32] [1i32, 2i32, 3i32, 4i32] }
-- input { [5i32, -3i32, 7i32] }
-- output { [5i32, 2i32, 9i32] [5i32, -15i32, -105i32] [5i32, 5i32, 7i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) empty([0]i32) }

-- ==
-- entry: affine
-- input { [2i32, 3i32, 1i32] [1i32, 0i32, 5i32] }
-- output { [2i32, 6i32, 6i32] [1i32, 3i32, 8i32] }
-- input { empty([0]i32) empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) }

-- ==
-- entry: ex
-- input { [1i32, 2i32, 3i32, 4i32] }
-- output { [0i32, 1i32, 3i32, 6i32] [1i32, 1i32, 2i32, 6i32] }
-- input { [7i32] }
-- output { [0i32] [1i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) }

-- ==
-- entry: segmented
-- input { [true, false, false, true, false, true] [1i32, 2i32, 3i32, 4i32, 5i32, 6i32] }
-- output { [1i32, 3i32, 6i32, 4i32, 9i32, 6i32] }

-- ==
-- entry: rows
-- input { [[1.0f32, 2.0f32, 3.0f32], [0.5f32, 0.25f32, 0.125f32]] }
-- output { [[1.0f32, 3.0f32, 6.0f32], [0.5f32, 0.75f32, 0.875f32]] }

def main (xs: []i32) = (scan (+) 0 xs, scan (*) 1 xs, scan i32.max i32.lowest xs)

def compose (a1: i32, b1: i32) (a2: i32, b2: i32) = (a1 * a2, a2 * b1 + b2)

entry affine (as: []i32) (bs: []i32) = unzip (scan compose (1, 0) (zip as bs))

entry ex (xs: []i32) = (exscan (+) 0 xs, exscan (*) 1 xs)

-- Segmented sum via scan on (flag, value) pairs.
entry segmented (flags: []bool) (xs: []i32) =
  let op (f1, x1) (f2, x2) = (f1 || f2, if f2 then x2 else x1 + x2)
  in (unzip (scan op (false, 0) (zip flags xs))).1

entry rows (m: [][]f32) = map (scan (+) 0) m
