-- Recursion deeper than the interpreter's limit is reported as a stack
-- overflow (not a crash); recursion within the limit runs.
-- ==
-- input { 1000i64 } output { 1000i64 }
-- input { 1000000i64 } error: Stack overflow

def count (n: i64) : i64 = if n == 0 then 0 else 1 + count (n - 1)

def main (n: i64) = count n
