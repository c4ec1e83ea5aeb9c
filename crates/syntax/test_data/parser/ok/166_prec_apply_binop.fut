-- Application binds tighter than any infix operator.
def f (x: i32) = x * 10
def g (x: i32) = x + 3
def h1 (x: i32) (y: i32) = f x + g y
def h2 (x: i32) = f x * g x - f 1
def h3 (x: i32) = f (x + 1) == g x
def h4 (xs: []i32) = length xs > 0
