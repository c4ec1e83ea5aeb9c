-- Bitwise operators bind tighter than comparisons.
def f1 (x: u32) (y: u32) (z: u32) = x & y == z
def f2 (x: u32) (y: u32) = x ^ y != 0
def f3 (x: u32) (y: u32) (z: u32) = x | y & z
def f4 (x: u32) (y: u32) = x & 0xff | y ^ 0x0f
