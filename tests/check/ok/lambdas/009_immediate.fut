-- Applying a parenthesised lambda directly.
-- ==
def r = (\x -> x * 2) 21i32
def s = (\x y -> x || y) false true
