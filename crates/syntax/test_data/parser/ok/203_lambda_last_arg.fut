-- A lambda may be the final argument of an application without parentheses.
def doubled (xs: []i32) = map (\x -> x * 2) xs
def apply_to (x: i32) (f: i32 -> i32) = f x
def trailing (x: i32) = apply_to x \y -> y + 1
def foldish (xs: []f32) = reduce (\a b -> a + b) 0 xs
def two_lambdas (xs: []i32) (ys: []i32) = map2 (\a b -> a * b) xs ys
