-- 'if' without an 'else' branch
def pick (b: bool) = if b then 1

def after = 8
