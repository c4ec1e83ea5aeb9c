-- A function puts values of a lifted type parameter into an array.
-- ==
-- error: Cannot create array with elements of lifted type
def two '^a (x: a) = [x, x]
