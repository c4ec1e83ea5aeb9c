-- A loop body uses a name that is not the loop parameter.
-- ==
-- error: Unknown name "total"
def sum (n: i64) = loop acc = 0 for i < n do total + i
