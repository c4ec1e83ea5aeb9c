-- An infix operator is used that has not been defined.
-- ==
-- error: Unknown operator "\+\+\+"
def r = 1 +++ 2
