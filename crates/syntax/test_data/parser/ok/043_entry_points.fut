-- Entry points are declared with the entry keyword.
entry sum_all (xs: []i32) : i32 = reduce (+) 0 xs
entry scale_all [n] (k: f32) (xs: [n]f32) : [n]f32 = map (* k) xs
entry constant : i64 = 17
entry pair_up (a: []i32) (b: []i32) = (a, b)
