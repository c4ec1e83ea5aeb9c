-- Tuple patterns as function parameters.
-- ==
def swap (a, b) = (b, a)
def r : (bool, i32) = swap (1, true)
