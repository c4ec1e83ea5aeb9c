-- An entry point returning an array of existential size.
-- ==
entry evens (n: i64) : []i64 = filter (\x -> x % 2 == 0) (iota n)
