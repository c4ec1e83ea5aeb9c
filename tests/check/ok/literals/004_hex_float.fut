-- Hexadecimal floating-point literals with binary exponents.
-- ==
def x = 0x1.fp3
def y : f32 = 0x1.8p1
def z = 0x10.0p-4f64
def sum : f64 = x + z
