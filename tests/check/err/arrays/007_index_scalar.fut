-- A scalar is indexed as though it were an array.
-- ==
-- error: (Only arrays can be indexed|not an array)
def f (x: i32) = x[0]
