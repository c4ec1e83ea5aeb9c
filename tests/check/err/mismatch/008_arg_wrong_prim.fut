-- A function expecting an i32 is applied to a bool.
-- ==
-- error: Cannot apply "inc" to "true" \(invalid type\)
def inc (x: i32) = x + 1
def r = inc true
