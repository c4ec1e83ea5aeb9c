-- A lambda's tuple pattern binds a name twice.
-- ==
-- error: Name "y" also bound
def f [n] (ps: [n](i32, i32)) = map (\(y, y) -> y) ps
