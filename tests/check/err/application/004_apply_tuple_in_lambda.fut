-- A lambda applies its tuple parameter as a function.
-- ==
-- error: Cannot apply "p" as function, as it has non-function type
def f [n] (ps: [n](i32, i32)) = map (\(p: (i32, i32)) -> p 0) ps
