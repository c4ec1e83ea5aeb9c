-- Function types that name their parameter for use in later sizes.
type^ generator = (n: i64) -> [n]i32
type^ two_named = (rows: i64) -> (cols: i64) -> [rows][cols]f32
type^ mixed = (k: i64) -> [k]f32 -> f32
def make_gen : generator = \n -> replicate n 0
