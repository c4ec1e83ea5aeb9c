-- A parameter that shadows a function is what later parameters' sizes
-- name.
-- ==
-- error: Cannot apply "words" as function

def words (bits: i64) (n: i64) : i64 = (n + bits - 1) / bits

def both [n] (words: [words 8 n]u8) (more: [words 8 n]u8) : u8 = words[0] + more[0]
