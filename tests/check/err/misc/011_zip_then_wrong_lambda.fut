-- A lambda over zipped pairs annotates its parameter as a triple.
-- ==
-- error: Cannot apply "map" to "zip a b" \(invalid type\)
def f [n] (a: [n]i32) (b: [n]i32) = map (\(p: (i32, i32, i32)) -> p.0) (zip a b)
