-- Nested tuples and nested tuple patterns.
-- ==
def quad = ((1, 2), (3, 4))
def total = let ((a, b), (c, d)) = quad in a + b + c + d
def inner = (quad.1).0
