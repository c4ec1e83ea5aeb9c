-- binary operator with no right operand
def sum (x: i32) = x +

def after = 21
