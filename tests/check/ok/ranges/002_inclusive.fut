-- An inclusive range from one.
-- ==
def one_to (n: i64) = 1...n
def sum_to (n: i64) = reduce (+) 0 (1...n)
