-- Slices with negative strides.
def reversed (xs: []i32) = xs[::-1]
def rev_from (xs: []i32) (i: i64) = xs[i::-1]
def rev_range (xs: []i32) = xs[5:0:-1]
def rev_to (xs: []i32) = xs[:2:-1]
