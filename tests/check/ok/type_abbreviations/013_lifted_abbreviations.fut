-- Abbreviations declared as lifted as what they contain.
-- ==
type~ samples = []f32
type^ make_row = (k: i64) -> [k]f32
type^ producer = bool -> []bool
type row [w] = [w]f32
type^ apply_to 'a = a -> a
