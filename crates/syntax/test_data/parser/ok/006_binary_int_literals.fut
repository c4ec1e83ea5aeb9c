-- Binary integer literals.
def one = 0b1
def nibble = 0b1010
def byte_pattern = 0b1100_0011
def upper_prefix = 0B111
def flags = nibble | byte_pattern
