-- A lambda destructuring a tuple argument.
-- ==
def dots [n] (ps: [n](f64, f64)) = map (\(x, y) -> x * y) ps
