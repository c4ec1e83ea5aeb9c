-- Every unsigned integer suffix.
def a = 255u8
def b = 65535u16
def c = 4000000000u32
def d = 18000000000000000000u64
def total = u64.u8 a + u64.u16 b + u64.u32 c + d
