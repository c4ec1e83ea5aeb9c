-- A size both in a parameter and the result.
-- ==
entry double [k] (xs: [k]i32) : [k]i32 = map (* 2) xs
