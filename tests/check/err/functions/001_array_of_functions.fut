-- An array literal contains functions.
-- ==
-- error: (functional type|lifted type)
def fs = [\(x: i32) -> x + 1, \(x: i32) -> x * 2]
