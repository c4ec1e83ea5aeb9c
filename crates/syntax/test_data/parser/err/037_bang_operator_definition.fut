-- '!' is a prefix operator and cannot be defined as an infix operator
def (!) (x: bool) (y: bool) = x && y

def after = 37
