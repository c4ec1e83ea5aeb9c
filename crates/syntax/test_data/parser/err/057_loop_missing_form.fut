-- loop with no for or while clause
def f (n: i32) = loop acc = 0 do acc + n

def after = 57
