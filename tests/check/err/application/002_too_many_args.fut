-- A one-parameter function is given two arguments.
-- ==
-- error: not a function
def inc (x: i32) = x + 1
def r = inc 1 2
