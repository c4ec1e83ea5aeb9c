-- 'else' with no preceding 'if'
def f (x: i32) = x else 0

def after = 43
