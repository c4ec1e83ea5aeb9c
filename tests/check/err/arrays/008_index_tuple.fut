-- A tuple is indexed instead of projected.
-- ==
-- error: (Only arrays can be indexed|not an array)
def f (p: (i32, i32)) = p[1]
