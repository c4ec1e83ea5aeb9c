-- A record pattern binds two fields to the same name.
-- ==
-- error: Variable "v" is bound more than once in the same pattern
def f (r: {a: i32, b: i32}) = let {a = v, b = v} = r in v
