-- The compared type is never fixed, and cannot become a type parameter.
-- ==
-- error: does not support equality
def eq3 a b c = a == b && b == c
