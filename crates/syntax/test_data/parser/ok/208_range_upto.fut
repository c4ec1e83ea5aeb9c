-- Exclusive upward ranges.
def indices (n: i64) = 0..<n
def from_one (n: i64) = 1..<n + 1
def stepped (n: i64) = 0..2..<n
def typed = 0i32..<10i32
