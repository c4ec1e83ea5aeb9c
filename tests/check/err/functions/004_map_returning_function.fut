-- map is used to build an array of partially applied functions.
-- ==
-- error: functional type
def adders [n] (xs: [n]i32) = map (\(x: i32) -> \(y: i32) -> x + y) xs
