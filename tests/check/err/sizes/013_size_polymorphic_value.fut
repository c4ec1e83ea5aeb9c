-- A value with a size parameter may not hide a size of its own.
-- ==
-- error: size-polymorphic value binding
def both [k] = (replicate k 0i32, filter (> 1) (iota k))
