-- Uniqueness through a type abbreviation.
-- ==

type~ buffer = *[]u8

def clear (b: buffer) : buffer = map (\_ -> 0) b with [0] = 1

def main (b: *[]u8) : []u8 = clear b
