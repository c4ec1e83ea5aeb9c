-- Arrays of different element types are concatenated.
-- ==
-- error: Cannot apply "\+\+" to "\[true\]" \(invalid type\)
def r = [1i32, 2] ++ [true]
