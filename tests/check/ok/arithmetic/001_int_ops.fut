-- The basic arithmetic operators on a signed integer type.
-- ==
def ops (x: i32) (y: i32) : (i32, i32, i32, i32, i32) =
  (x + y, x - y, x * y, x / y, x % y)
