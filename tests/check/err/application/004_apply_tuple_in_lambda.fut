-- A lambda applies its tuple parameter as a function.
-- ==
-- error: not a function
def f [n] (ps: [n](i32, i32)) = map (\(p: (i32, i32)) -> p 0) ps
