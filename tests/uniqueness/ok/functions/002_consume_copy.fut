-- A copy for a unique parameter.
-- ==

def bump (xs: *[]i32) : *[]i32 = xs with [0] = xs[0] + 1

def main (xs: []i32) : ([]i32, []i32) = (bump (copy xs), xs)
