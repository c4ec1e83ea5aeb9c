-- A variable bound inside a tuple parameter is not a named parameter and
-- cannot give the result its size.
-- ==
-- error: Size "len" of the result type
def blank (len: i64, fill: u8) : [len]u8 = replicate len fill
