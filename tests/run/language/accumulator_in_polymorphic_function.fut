-- An accumulator passed through a polymorphic function (here inside a
-- tuple) is represented by its array.
-- ==
-- input { [0, 0, 0, 0] } output { [5, 0, 5, 0] }

def first (x, _) = x

def mark [n] (a: *intrinsics.acc ([n]i32)) (i: i64) : *intrinsics.acc ([n]i32) =
  let a = first (a, i)
  in intrinsics.acc_write a i 5i32

def main [n] (xs: *[n]i32) : *[n]i32 =
  intrinsics.scatter_stream xs mark [0i64, 2i64] :> *[n]i32
