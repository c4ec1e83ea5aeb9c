-- Indexing the result of a parenthesised expression.
-- ==
def third = (iota 10)[3]
def last_of (n: i64) = (map (* 2) (iota n))[n - 1]
