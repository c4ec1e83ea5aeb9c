-- Updating a fresh copy of a non-unique array.
-- ==
def with_zero [n] (xs: [n]i32) : [n]i32 =
  let ys = copy xs
  in ys with [0] = 0
