-- Integer literals carrying every integer type suffix.
-- ==
def a = 1i8
def b = 2i16
def c = 3i32
def d = 4i64
def e = 5u8
def f = 6u16
def g = 7u32
def h = 8u64
def total : i64 = i64.i8 a + i64.i16 b + i64.i32 c + d
