-- Range expressions combined with operators need no parentheses.
-- ==
def r (n: i64) = reduce (+) 0 (0..<n) + 1
def s (n: i64) = zip (0..<n) (iota n)
