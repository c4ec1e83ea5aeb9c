-- Hexadecimal floating point literals with binary exponents.
def fifteen_and_half = 0x1.fp3
def quarter = 0x1.0p-2
def positive_exp = 0x1.8p+1
def upper = 0X1.AP4
def suffixed = 0x1.4p2f32
def grouped = 0x1_0.0_8p0f64
