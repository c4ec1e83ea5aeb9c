-- Bitwise operators bind tighter than comparisons.
-- ==
def even (x: i32) = x & 1 == 0
def low_set (x: u8) : bool = x & 0x0F != 0
