-- A size bound by `let [k]` and used in the pattern's type.
-- ==
def positives (xs: []i32) : i64 =
  let [k] (ys: [k]i32) = filter (> 0) xs
  in k + length ys
