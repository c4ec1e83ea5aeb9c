-- An undefined operator is used as a section.
-- ==
-- error: Unknown operator "<\*>"
def r = reduce (<*>) 0 [1, 2, 3]
