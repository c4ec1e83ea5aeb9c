-- definitions cannot bind qualified names
def m.x = 1

def after = 51
