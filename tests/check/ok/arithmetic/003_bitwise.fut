-- Bitwise operators and shifts on unsigned integers.
-- ==
def mix (x: u32) (y: u32) : u32 = (x & y) | (x ^ y) << 2 >> 1
def invert (x: u32) = !x
