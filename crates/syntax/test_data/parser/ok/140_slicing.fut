-- Slices with start and end bounds.
def middle (xs: []i32) = xs[1:4]
def prefix (xs: []i32) (n: i64) = xs[:n]
def suffix (xs: []i32) (n: i64) = xs[n:]
def whole (xs: []i32) = xs[:]
def computed (xs: []i32) (a: i64) = xs[a + 1:a * 2]
