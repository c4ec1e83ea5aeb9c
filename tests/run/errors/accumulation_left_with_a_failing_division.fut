-- An accumulation that changes nothing but divides by its input keeps
-- the division's failure after its accumulator is gone: the
-- accumulation is left with no accumulators at all.
-- ==
-- input { [1, 2] [5, 0] }
-- error: division by zero
-- input { [1, 2] [5, 3] }
-- output { [1, 2] }
-- input { [1, 2] empty([0]i32) }
-- output { [1, 2] }

def keep (acc: *intrinsics.acc ([]i32)) (x: i32) : *intrinsics.acc ([]i32) =
  let y = 10 / x
  in if y == 1000 then acc else acc

def main (dest: *[]i32) (xs: []i32) : *[]i32 =
  intrinsics.scatter_stream dest keep xs
