-- A size the arguments never give directly.
-- ==
-- error: \[m\] only used non-constructively
entry shrink [m] (xs: [m * 2]i32) = m
