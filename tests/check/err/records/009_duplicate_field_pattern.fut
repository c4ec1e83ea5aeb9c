-- A record pattern matches the same field twice.
-- ==
-- error: Duplicate fields in record pattern: "x"
def f (r: {x: i32}) = let {x, x = y} = r in x + y
