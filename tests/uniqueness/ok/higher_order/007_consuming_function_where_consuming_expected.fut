-- A consuming function where one is expected.
-- ==

def twice (f: *[]i32 -> *[]i32) (xs: *[]i32) : *[]i32 = f (f xs)

def bump (xs: *[]i32) : *[]i32 = xs with [0] = xs[0] + 1

def main (xs: *[]i32) : []i32 = twice bump xs
