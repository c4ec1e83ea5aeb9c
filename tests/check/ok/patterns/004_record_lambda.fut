-- A record pattern as a lambda parameter.
-- ==
def sums [n] (rs: [n]{a: i32, b: i32}) = map (\{a, b} -> a + b) rs
