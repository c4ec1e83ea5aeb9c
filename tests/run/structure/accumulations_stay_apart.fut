-- Two histogram accumulations, one after the other, through a function
-- that writes two elements per input: each stays one accumulation (three
-- in the program), and the second combines into what the first left.
-- The same function in a scatter accumulation writes instead of
-- combining. Indices out of bounds are ignored.
-- ==
-- entry: twice
-- input { [0, 0, 0, 0, 0] [0i64, 1i64, 7i64, -1i64] [1, 2, 3, 4] [4i64, 4i64] [10, 20] }
-- output { [5, 3, 2, 0, 30] }
-- input { empty([0]i32) empty([0]i64) empty([0]i32) empty([0]i64) empty([0]i32) }
-- output { empty([0]i32) }
-- structure { WithAcc 3 }

-- ==
-- entry: written
-- input { [9, 9, 9, 9] [0i64, 2i64, 5i64] [1, 2, 3] }
-- output { [1, 1, 2, 2] }

def both (acc: *intrinsics.acc ([]i32)) ((i, v): (i64, i32)) : *intrinsics.acc ([]i32) =
  let acc = intrinsics.acc_write acc i v
  in intrinsics.acc_write acc (i + 1) v

entry twice [k] [n] [m] (dest: *[k]i32) (is1: [n]i64) (vs1: [n]i32) (is2: [m]i64) (vs2: [m]i32) : *[k]i32 =
  let first = intrinsics.hist_stream dest (+) 0 both (zip is1 vs1) :> *[k]i32
  in intrinsics.hist_stream first (+) 0 both (zip is2 vs2) :> *[k]i32

entry written [k] [n] (dest: *[k]i32) (is: [n]i64) (vs: [n]i32) : *[k]i32 =
  intrinsics.scatter_stream dest both (zip is vs) :> *[k]i32
