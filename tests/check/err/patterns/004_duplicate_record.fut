-- A record pattern binds two fields to the same name.
-- ==
-- error: Name "v" also bound
def f (r: {a: i32, b: i32}) = let {a = v, b = v} = r in v
