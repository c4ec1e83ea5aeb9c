-- unterminated string literal
def greeting = "hello, world

def after = 13
