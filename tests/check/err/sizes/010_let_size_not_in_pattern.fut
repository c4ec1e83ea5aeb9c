-- A size bound by `let [k]` must appear in a type written in the pattern.
-- ==
-- error: Size \[k\] unused in pattern
def evens (xs: []i32) =
  let [k] ys = filter (\x -> x % 2 == 0) xs
  in (k, ys)
