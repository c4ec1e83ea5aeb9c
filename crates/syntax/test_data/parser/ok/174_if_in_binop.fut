-- The else branch extends as far right as possible.
def f1 (b: bool) = 1 + if b then 2 else 3
def f2 (b: bool) = if b then 1 else 2 + 3
def f3 (b: bool) = (if b then 1 else 2) + 3
def f4 (b: bool) (xs: []i32) = map (\x -> if b then x else -x) xs
