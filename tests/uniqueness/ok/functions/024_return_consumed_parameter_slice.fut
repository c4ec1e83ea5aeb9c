-- A slice of a unique parameter returned as unique.
-- ==

def rest (xs: *[]i32) : *[]i32 = xs[1:]

def main (xs: *[]i32) : []i32 = rest xs with [0] = 0
