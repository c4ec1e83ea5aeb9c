-- Underscore names may be bound, just not read.
-- ==
def first (x: i32) (_rest: []i32) = x
