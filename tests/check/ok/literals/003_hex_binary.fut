-- Hexadecimal and binary integer literals, with digit separators.
-- ==
def mask : u32 = 0xFF00FF00
def bits = 0b1011_0110u8
def word = 0xBEEF_CAFEi64
def low (x: u32) = x & mask
def flag = bits & 0b1u8
