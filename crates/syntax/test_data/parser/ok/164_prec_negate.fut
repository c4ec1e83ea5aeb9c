-- Prefix minus binds tighter than infix operators.
def f1 (x: i32) (y: i32) = -x + y
def f2 (x: i32) (y: i32) = x - -y
def f3 (x: i32) (y: i32) = -x * -y
def f4 (x: i32) = - x
def f5 (x: i32) = -(-x)
