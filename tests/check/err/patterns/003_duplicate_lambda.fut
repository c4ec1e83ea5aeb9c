-- A lambda's tuple pattern binds a name twice.
-- ==
-- error: Variable "y" is bound more than once in the same pattern
def f [n] (ps: [n](i32, i32)) = map (\(y, y) -> y) ps
