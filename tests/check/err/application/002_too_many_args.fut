-- A one-parameter function is given two arguments.
-- ==
-- error: Cannot apply "inc" to "2"\.\nFunction accepts only 1 argument
def inc (x: i32) = x + 1
def r = inc 1 2
