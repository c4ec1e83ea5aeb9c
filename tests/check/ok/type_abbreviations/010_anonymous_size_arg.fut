-- Passing an anonymous size to a size-parametric abbreviation.
-- ==
type row [n] = [n]u8
def row_len (r: row []) = length r
