-- A lambda projects a misspelled field of an annotated record.
-- ==
-- error: has no field "nmae"
def f [n] (ps: [n]{name: i32, age: i32}) = map (\(p: {name: i32, age: i32}) -> p.nmae) ps
