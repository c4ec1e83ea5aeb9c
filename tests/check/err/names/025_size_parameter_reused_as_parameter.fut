-- A size parameter and a value parameter may not share a name.
-- ==
-- error: Name "len" also bound as a size parameter

def count [len] (len: [len]f32) : i64 = length len
