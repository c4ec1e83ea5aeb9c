-- A range with an explicit stride.
-- ==
def evens (n: i64) = 0..2..<n
def threes = 1..4...13
