-- A range as the array of a for-in loop.
-- ==
def sum_odd (n: i64) = loop s = 0 for i in 1..3..<n do s + i
