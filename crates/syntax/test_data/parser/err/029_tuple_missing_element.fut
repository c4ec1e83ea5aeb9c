-- empty element between commas in a tuple
def pair = (1, , 2)

def after = 29
