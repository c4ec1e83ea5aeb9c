-- A lambda indexes a record element.
-- ==
-- error: (Only arrays can be indexed|not an array)
def f [n] (rs: [n]{a: i32}) = map (\(r: {a: i32}) -> r[0]) rs
