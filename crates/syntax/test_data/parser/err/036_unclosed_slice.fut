-- slice that is never closed
def middle (xs: []i32) = xs[1:3

def after = 36
