-- scatter writes values into a unique destination array.
-- ==
def place [n] [k] (dest: *[k]i32) (is: [n]i64) (vs: [n]i32) : *[k]i32 =
  scatter dest is vs
def permute [n] (is: [n]i64) (vs: [n]f32) = scatter (replicate n 0) is vs
