-- A lambda returning a lambda.
-- ==
def adder = \(x: i32) -> \(y: i32) -> x + y
def add5 = adder 5
def r = add5 10
