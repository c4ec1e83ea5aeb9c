-- Integer helpers from the prelude modules.
-- ==
def biggest (a: i64) (b: i64) (c: i64) = i64.max a (i64.max b c)
def smallest [n] (xs: [n]i32) = reduce i32.min i32.highest xs
def bitcount (x: u32) = u32.popc x
def abs_diff (a: i16) (b: i16) = i16.abs (a - b)
