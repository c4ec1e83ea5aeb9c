-- Unsigned literals at the top of their range.
-- ==
def a : u8 = 255
def lo = a & 0x0f
def b = 4294967295u32
def c : u16 = 65535
