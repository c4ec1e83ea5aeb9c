-- Tuple patterns as parameters of an anonymous function.
-- ==
def add_pairs [n] (ps: [n](i32, i32)) : [n]i32 = map (\(a, b) -> a + b) ps
