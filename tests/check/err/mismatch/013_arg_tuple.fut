-- A function expecting a pair receives a single integer.
-- ==
-- error: Cannot apply "add" to "3" \(invalid type\)
def add ((a, b): (i32, i32)) = a + b
def r = add 3
