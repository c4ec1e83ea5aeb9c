-- A function puts values of a size-lifted type parameter into an array.
-- ==
-- error: Type parameter "a" is lifted and cannot be an array element
def dup '~a (x: a) = [x, x]
