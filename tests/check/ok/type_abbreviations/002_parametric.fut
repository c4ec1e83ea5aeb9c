-- A type abbreviation with a type parameter.
-- ==
type pair 'a = (a, a)
def ip : pair i32 = (1, 2)
def bp : pair bool = (true, false)
def sum ((a, b): pair i32) = a + b
