-- 'in' keyword with no preceding let binding
def oops (x: i32) = in x + 1

def after = 24
