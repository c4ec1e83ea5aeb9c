-- 0..1..<n has the known size n.
-- ==
def idx (n: i64) : [n]i64 = 0..1..<n
