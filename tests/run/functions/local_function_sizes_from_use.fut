-- A local function's size parameter that only its result's function type
-- names: the use's type determines it.
-- ==
-- input { 4i64 } output { 25i32 }

def main k =
  let make [n] k' (v: i32) : ([k']i32, (ys: [n]i32) -> i32) =
    (replicate k' (v + i32.i64 n), \ys -> i32.sum ys + 1)
  let (xs, g) = make k 2
  in g xs
