type~ pair = {a: i32, b: []f32}
type shape = #circle f64 | #rect f64 f64
entry sum (xs: []i32) : i32 = reduce (+) 0 xs
entry at (xs: [][]i32) (i: i64) : i32 = xs[i, 0]
entry mk (x: i32) (ys: []f32) : pair = {a = x, b = ys}
entry scale (p: pair) : []f32 = map (* f32.i32 p.a) p.b
entry split (x: i32) : (i32, []i32) = (x, [x, x + 1])
entry area (s: shape) : f64 = match s case #circle r -> 3.0 * r * r case #rect w h -> w * h
entry set0 (xs: *[]i32) (v: i32) : *[]i32 = xs with [0] = v
entry flags (bs: []bool) : bool = reduce (||) false bs
