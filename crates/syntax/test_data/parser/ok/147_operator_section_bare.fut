-- Operators used as functions in parentheses.
def total (xs: []i32) = reduce (+) 0 xs
def product (xs: []f32) = reduce (*) 1 xs
def all_true (xs: []bool) = reduce (&&) true xs
def bits (xs: []u32) = reduce (|) 0 xs
def maxes (xs: []i32) (ys: []i32) = map2 (i32.max) xs ys
def qualified_op (xs: []i32) = reduce (i32.+) 0 xs
