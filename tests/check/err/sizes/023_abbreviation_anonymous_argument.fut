-- An anonymous size given to a type abbreviation is one size wherever the
-- abbreviation uses its parameter.
-- ==
-- error: Sizes .* do not match
type grid [n] = [n][n]u8
def blank (k: i64) : grid [] = replicate k (replicate (k + 1) 0)
