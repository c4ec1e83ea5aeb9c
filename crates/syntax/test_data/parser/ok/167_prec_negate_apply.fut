-- Negation of an application negates the whole application.
def f (x: i32) = x + 1
def n1 (x: i32) = -f x
def n2 (x: i32) = -f x + 1
def n3 (xs: []bool) = !xs[0]
def n4 (x: i32) = f (-x)
def n5 (x: i32) (y: i32) = f x - f y
