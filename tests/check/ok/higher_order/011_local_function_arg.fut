-- Passing a locally defined function as an argument.
-- ==
def clamp_all [n] (lo: f32) (hi: f32) (xs: [n]f32) =
  let clamp x = f32.min hi (f32.max lo x)
  in map clamp xs
