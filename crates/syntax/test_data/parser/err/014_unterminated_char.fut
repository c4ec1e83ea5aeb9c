-- unterminated character literal
def letter = 'a

def after = 14
