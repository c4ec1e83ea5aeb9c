-- A lambda whose named parameter sizes its other parameter has the type
-- of an abbreviation that names the parameter differently.
-- ==
type^ measure = (len: i64) -> [len]f32 -> f32
def total : measure = \k (xs: [k]f32) -> f32.sum xs
def main [n] (xs: [n]f32) = total n xs
