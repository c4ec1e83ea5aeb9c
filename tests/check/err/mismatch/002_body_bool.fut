-- A function declared to return bool returns an integer.
-- ==
-- error: Expected: bool
def is_pos (x: i64) : bool = x
