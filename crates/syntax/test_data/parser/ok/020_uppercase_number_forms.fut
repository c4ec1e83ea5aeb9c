-- Upper-case prefixes and exponent markers.
def hex_upper = 0XABCDEF
def bin_upper = 0B0110
def exp_upper = 1E3
def exp_neg_upper = 5E-2f32
def hex_float_upper = 0X1.8P1
