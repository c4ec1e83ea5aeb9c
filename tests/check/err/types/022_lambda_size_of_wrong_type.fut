-- A size in a lambda's return type must be an i64, even when it is a
-- name in scope.
-- ==
-- error: The size "flag" must be of type i64

def pad (flag: bool) (xs: []i32) = map (\x : [flag]i32 -> replicate 2 x) xs
