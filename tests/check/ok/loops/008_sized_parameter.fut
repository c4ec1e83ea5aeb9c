-- A loop parameter whose size is kept by an annotation.
-- ==
def smooth [n] (xs: [n]f32) (k: i32) : [n]f32 =
  loop (ys: [n]f32) = xs for _i < k do map (* 0.5) ys
