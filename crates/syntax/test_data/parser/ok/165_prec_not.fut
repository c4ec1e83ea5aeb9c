-- Prefix ! binds tighter than infix operators.
def f1 (a: bool) (b: bool) = !a && b
def f2 (a: bool) (b: bool) = !(a && b)
def f3 (a: bool) (b: bool) = a || !b
def f4 (x: u8) = !x & 0x0f
def f5 (a: bool) = ! a
