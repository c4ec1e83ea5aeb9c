-- A for-loop over a counter accumulating a sum.
-- ==
def triangle (n: i64) = loop acc = 0 for i < n do acc + i
