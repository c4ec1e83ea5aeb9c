-- An abbreviation of the intrinsic accumulator type lowers (it used to
-- expand into itself without end).
-- ==
-- input { [0, 0, 0, 0] } output { [1, 0, 1, 0] }

type~ acc 't = intrinsics.acc t

def mark [n] (a: *acc ([n]i32)) (i: i64) : *acc ([n]i32) =
  intrinsics.acc_write a i 1i32

def main [n] (xs: *[n]i32) : *[n]i32 =
  intrinsics.scatter_stream xs mark [0i64, 2i64] :> *[n]i32
