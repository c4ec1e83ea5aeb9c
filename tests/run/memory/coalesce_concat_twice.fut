-- A concatenation of one array with itself: the array is made in the
-- first part of the result, from which the concatenation copies it into
-- the second.
-- ==
-- input { [1, 2, 3] }
-- output { [10, 20, 30, 10, 20, 30] }
-- input { empty([0]i32) }
-- output { empty([0]i32) }
-- structure seq-mem { Alloc 1 }

def main (xs: []i32) : []i32 =
  let ys = map (* 10) xs
  in concat ys ys
