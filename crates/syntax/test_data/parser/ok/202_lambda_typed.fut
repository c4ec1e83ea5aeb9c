-- Lambdas with typed parameters and return type annotations.
def add = \(x: i32) (y: i32) : i32 -> x + y
def to_float = \(n: i64) : f32 -> f32.i64 n
def with_array = \(xs: []i32) : []i32 -> map (+ 1) xs
def tuple_ret = \(a: i32) : (i32, i32) -> (a, a)
