-- Functions whose parameters carry type annotations.
def scale (k: f32) (v: [3]f32) = map (* k) v
def dot (a: []f64) (b: []f64) = f64.sum (map2 (*) a b)
def pick (flag: bool) (x: i64) (y: i64) = if flag then x else y
def first_row (m: [][]i32) = m[0]
