-- Negative numbers are negation applied to literals.
def neg_int = -1
def neg_suffixed = -128i8
def neg_float = -0.5f32
def neg_hex = -0x10
def neg_array = [-1, -2, -3]
def neg_tuple = (-1.0, -2e3)
