-- A function expecting a pair receives a single integer.
-- ==
-- error: Argument does not have expected type
def add ((a, b): (i32, i32)) = a + b
def r = add 3
