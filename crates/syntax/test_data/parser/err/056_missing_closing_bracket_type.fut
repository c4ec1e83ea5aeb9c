-- array type whose size bracket is not closed
def f (xs: [3i32) = xs

def after = 56
