-- Applying a consuming function to all its arguments at once.
-- ==

def set (xs: *[]i32) (i: i64) (v: i32) : *[]i32 = xs with [i] = v

def main (xs: *[]i32) : []i32 = set xs 0 1
