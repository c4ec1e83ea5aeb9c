-- invalid character '@' in the middle of an expression
def weird (x: i32) = x @ 2

def after = 15
