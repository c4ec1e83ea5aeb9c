-- A size bound by `let [k]` that only a function's type uses is never
-- determined by a value.
-- ==
-- error: Cannot bind \[k\]
def g =
  let [k] (h: [k]f32 -> f32) = \(v: [4]f32) -> v[0]
  in k
