-- A function named main defined with def.
-- ==
def main (n: i64) : [n]i64 = map (* 2) (iota n)
