-- 'then' keyword written twice
def f (b: bool) = if b then then 1 else 2

def after = 44
