-- A record pattern names fields that the bound value does not have.
-- ==
-- error: Pattern does not match the type of the value
def f (p: {x: f32, y: f32}) = let {a, b} = p in a + b
