-- Updating a unique parameter in place.
-- ==

def main (xs: *[]i32) (i: i64) : []i32 = xs with [i] = 1
