-- A histogram accumulation that only combines the operator's neutral
-- element into its destination changes nothing: the combination writes
-- back what it read, the accumulation passes its accumulator on, and
-- nothing of it is left.
-- ==
-- input { [3, 4, 5] [0i64, 2i64, 9i64, -4i64] }
-- output { [3, 4, 5] }
-- structure { WithAcc 0 Update 0 }

def times_one [k] (acc: *intrinsics.acc ([k]i32)) (i: i64) : *intrinsics.acc ([k]i32) =
  intrinsics.acc_write acc i 1

def main [k] (dest: *[k]i32) (is: []i64) : *[k]i32 =
  intrinsics.hist_stream dest (*) 1 times_one is :> *[k]i32
