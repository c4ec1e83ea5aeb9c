-- A function puts values of a lifted type parameter into an array.
-- ==
-- error: Type parameter "a" is lifted and cannot be an array element
def two '^a (x: a) = [x, x]
