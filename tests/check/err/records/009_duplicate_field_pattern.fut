-- A record pattern matches the same field twice.
-- ==
-- error: Field "x" defined more than once
def f (r: {x: i32}) = let {x, x = y} = r in x + y
