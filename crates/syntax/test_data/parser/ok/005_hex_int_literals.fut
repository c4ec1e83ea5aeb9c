-- Hexadecimal integer literals, lower and upper case digits.
def mask_lo = 0xff
def mask_hi = 0xFF00
def mixed_case = 0xDeadBeef
def separated = 0xcafe_babe
def upper_prefix = 0X1A
