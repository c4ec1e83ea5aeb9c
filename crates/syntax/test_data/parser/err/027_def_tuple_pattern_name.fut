-- top-level def cannot bind a tuple pattern
def (a, b) = (1, 2)

def after = 27
