-- A for-in loop iterating over array elements.
-- ==
def sum [n] (xs: [n]f32) = loop s = 0 for x in xs do s + x
