-- Lambdas nested inside lambdas and in data structures.
def outer (m: [][]i32) = map (\row -> map (\x -> x + 1) row) m
def make_adder (n: i32) = \x -> \y -> x + y + n
def in_tuple = (\(x: i32) -> x, \(y: f32) -> y)
def body_with_let = \(x: i32) -> let y = x * x in y + 1
