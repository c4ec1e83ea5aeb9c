-- If-expressions inside arithmetic.
-- ==
def abs (x: i32) = if x < 0 then -x else x
def clamp (x: f32) = if x < 0 then 0 else if x > 1 then 1 else x
def sign (x: i64) : i64 = (if x > 0 then 1 else 0) - (if x < 0 then 1 else 0)
