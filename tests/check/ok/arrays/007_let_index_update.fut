-- The `let xs[i] = v` update sugar on a unique array.
-- ==
def bump [n] (xs: *[n]i32) (i: i64) : *[n]i32 =
  let xs[i] = xs[i] + 1
  in xs
