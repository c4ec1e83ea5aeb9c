-- A function puts values of a size-lifted type parameter into an array.
-- ==
-- error: Cannot create array with elements of lifted type
def dup '~a (x: a) = [x, x]
