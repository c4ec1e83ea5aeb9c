-- An entry point returning a tuple of scalars and arrays.
-- ==
entry stats [n] (xs: [n]f32) : (f32, f32, [n]f32) =
  (reduce f32.min f32.inf xs, reduce f32.max (-f32.inf) xs, map (* 2) xs)
