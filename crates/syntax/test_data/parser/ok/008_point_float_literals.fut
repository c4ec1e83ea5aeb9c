-- Floating point literals with a fractional part.
def half = 0.5
def pi_ish = 3.14159
def grouped = 1_000.000_1
def leading_zero = 0.0001
def scaled = 2.0 * half
