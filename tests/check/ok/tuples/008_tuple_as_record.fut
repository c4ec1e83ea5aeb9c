-- Tuples can be matched and built with numeric record fields.
-- ==
def pair : (i32, i32) = (4, 5)
def sum ({0 = a, 1 = b}: (i32, i32)) = a + b
def r = sum pair
