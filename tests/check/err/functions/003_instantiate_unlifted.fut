-- A function is passed for a non-lifted type parameter.
-- ==
-- error: functional type
def ident 't (x: t) : t = x
def g = ident (\(x: i32) -> x)
