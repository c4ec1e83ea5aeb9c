-- A plain type abbreviation may not stand for a function.
-- ==
-- error: Non-lifted type abbreviations may not contain functions
type wrap '^f = (f, i32)
