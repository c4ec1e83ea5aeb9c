-- A parameter's type sees the names in scope before the parameter: a
-- parameter may share its name with a function that its own type's size
-- applies.

def words (bits: i64) (n: i64) : i64 = (n + bits - 1) / bits

def first_word [n] (i: i64) (words: [words 8 n]u8) : u8 = words[i]

def count [n] (words: [words 8 n]u8) : i64 = length words
