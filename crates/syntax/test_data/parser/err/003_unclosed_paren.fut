-- unclosed parenthesis in an expression
def broken (x: i32) = (x + (1 * 2)

def after = 3
