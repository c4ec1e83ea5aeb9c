-- An exclusive upward range whose size is its bound.
-- ==
def idx (n: i64) : [n]i64 = 0..<n
