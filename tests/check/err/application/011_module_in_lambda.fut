-- A lambda returns a module instead of a value from it.
-- ==
-- error: "consts" is a module, not a value
module consts = { def k = 3i32 }
def f [n] (xs: [n]i32) = map (\(x: i32) -> consts) xs
