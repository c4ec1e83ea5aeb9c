-- Trailing commas in record types, literals and patterns.
-- ==
type r = {a: i32, b: i32,}
def mk : r = {a = 1, b = 2,}
def sum ({a, b,}: r) = a + b
