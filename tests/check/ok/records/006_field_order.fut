-- Record types are equal regardless of the order of their fields.
-- ==
def r : {b: bool, a: i32} = {a = 1, b = true}
def f (x: {a: i32, b: bool}) = x.a
def v = f r
