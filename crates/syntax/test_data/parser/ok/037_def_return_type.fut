-- Return type ascriptions, with and without space before the colon.
def square (x: i32) : i32 = x * x
def halve (x: f32): f32 = x / 2
def make_pair (a: i32) (b: bool) : (i32, bool) = (a, b)
def empty_list : []i64 = []
def chooser (b: bool) : i32 -> i32 = if b then square else (+ 1)
