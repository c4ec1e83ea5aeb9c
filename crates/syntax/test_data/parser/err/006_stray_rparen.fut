-- stray closing parenthesis after a complete expression
def value = 1 + 2)

def after = 6
