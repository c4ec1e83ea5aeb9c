-- A function's type parameters must have distinct names.
-- ==
-- error: also bound
def pair 'x 'x (a: x) (b: x) = (a, b)
