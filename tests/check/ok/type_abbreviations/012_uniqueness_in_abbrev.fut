-- A unique array type written through an abbreviation.
-- ==
type buf [n] = [n]i32
def clear [n] (b: *buf [n]) : *buf [n] = b with [0] = 0
