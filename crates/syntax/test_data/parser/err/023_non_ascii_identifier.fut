-- non-ASCII letters are not allowed in identifiers
def größe = 1
def λ (x: i32) = x

def after = 23
