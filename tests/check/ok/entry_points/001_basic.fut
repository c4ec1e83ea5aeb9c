-- An entry point over an array of integers.
-- ==
entry main (xs: []i32) : i32 = reduce (+) 0 xs
