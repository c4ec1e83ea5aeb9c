-- two binary operators in a row
def f (x: i32) = x + * 2

def after = 45
