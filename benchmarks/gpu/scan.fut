-- The inclusive prefix sums of an array.

entry main (xs: []i32) : []i32 = scan (+) 0 xs
