-- for-in loops with tuple and typed patterns over zipped arrays.
def weighted_sum [n] (ws: [n]f32) (xs: [n]f32) =
  loop acc = 0 for (w, x) in zip ws xs do acc + w * x
def indexed [n] (xs: [n]i32) =
  loop best = 0 for (i, x) in zip (iota n) xs do if x > 0 then i else best
def typed (xs: []i64) = loop s = 0 for (x: i64) in xs do s + x
