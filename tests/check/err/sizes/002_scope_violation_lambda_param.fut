-- A lambda's size parameter may not constrain a free variable's size.
-- ==
-- error: depend on "m" \(scope violation\)
def g (ys: []i32) = \(m: i64) (xs: [m]i32) -> map2 (+) xs ys
