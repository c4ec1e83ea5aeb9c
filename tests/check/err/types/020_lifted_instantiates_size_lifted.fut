-- A lifted type parameter may not stand for a size-lifted one, which
-- may not be a function.
-- ==
-- error: Type parameter "fn" is lifted and may be a functional type
def keep '~a (x: a) : a = x

def hold '^fn (g: fn) = keep g
