-- Mapping over a range.
-- ==
def squares (n: i64) : [n]i64 = map (\i -> i * i) (0..<n)
def halves (n: i64) = map (\i -> f32.i64 i / 2) (1...n)
