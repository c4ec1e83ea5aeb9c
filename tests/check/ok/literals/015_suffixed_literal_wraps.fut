-- An integer literal with a type suffix is its value wrapped to the
-- type, as upstream reads it: no bounds error.

def bytes : [4]i8 = [255i8, 128i8, 256i8, -129i8]
def halves : (u8, u16, i32) = (256u8, 65537u16, 0x1_0000_0001i32)
