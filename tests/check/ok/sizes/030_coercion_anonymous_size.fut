-- A coercion to a type with an anonymous size gives the value's size to
-- the functions that use it.
-- ==
def widest (rows: [][]u8) = reduce (map2 u8.max) (replicate 4 0) (rows :> [][4]u8)
