-- A range's start is i32 while its end is i64.
-- ==
-- error: Expected: i32
def r (n: i64) = 0i32..<n
