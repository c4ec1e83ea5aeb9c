-- Character literals denote integer code points.
def letter_a = 'a'
def digit_zero = '0'
def space = ' '
def tilde = '~'
def is_upper (c: u8) = c >= 'A' && c <= 'Z'
