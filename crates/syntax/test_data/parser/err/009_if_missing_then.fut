-- 'if' whose 'then' keyword is missing
def pick (b: bool) = if b 1 else 2

def after = 9
