-- A for-in loop iterates over a record.
-- ==
-- error: A for-in loop must iterate over an array
def f (r: {a: i32, b: i32}) = loop s = 0i32 for x in r do s + x
