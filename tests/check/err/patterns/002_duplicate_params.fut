-- Two parameters of a tuple parameter share a name.
-- ==
-- error: Variable "a" is bound more than once in the same pattern
def f ((a, a): (f32, f32)) = a
