-- Tuple types, including nesting and trailing commas.
type pair = (i32, f32)
type triple = (bool, u8, i64)
type nested = ((i32, i32), (f32, (bool, bool)))
type trailing = (i32, i32,)
def p : pair = (1, 2.0)
