-- unclosed square bracket in an array literal
def items = [1, 2, 3

def after = 4
