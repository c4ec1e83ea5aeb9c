-- tabulate and tabulate_2d.
-- ==
def squares (n: i64) : [n]i64 = tabulate n (\i -> i * i)
def identity (n: i64) : [n][n]f32 = tabulate_2d n n (\i j -> if i == j then 1 else 0)
