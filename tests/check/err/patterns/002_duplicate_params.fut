-- Two parameters of a tuple parameter share a name.
-- ==
-- error: Name "a" also bound
def f ((a, a): (f32, f32)) = a
