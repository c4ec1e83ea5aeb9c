-- Parameters given as tuple, record and wildcard patterns.
def add_pair (a, b) = a + b
def dist {x, y} = f32.sqrt (x * x + y * y)
def const_one _ = 1
def second_of (_, b, _) = b
def typed_tuple (a: i32, b: i32) = a * b
def rec_rename {lo = low, hi = high} = high - low
