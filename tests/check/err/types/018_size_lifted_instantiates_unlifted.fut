-- A size-lifted type parameter may not stand for an unlifted one: the
-- callee could put its values in an array.
-- ==
-- error: Type parameter "t" is lifted and cannot be an array element
def first_of 'e (xs: []e) : e = xs[0]

def head_of '~t (xs: []t) : t = first_of xs
