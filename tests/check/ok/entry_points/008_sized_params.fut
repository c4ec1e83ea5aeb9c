-- An entry point whose parameters share a size parameter.
-- ==
entry dot [n] (a: [n]f32) (b: [n]f32) : f32 = reduce (+) 0 (map2 (*) a b)
