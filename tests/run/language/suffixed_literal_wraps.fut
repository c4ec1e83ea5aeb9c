-- Integer literals with a type suffix wrap to their type.
-- ==
-- input { 0i32 }
-- output { [-1i8, -128i8, 0i8, 127i8] 0u8 1u16 1i32 }

def main (_: i32) : ([4]i8, u8, u16, i32) =
  ([255i8, 128i8, 256i8, -129i8], 256u8, 65537u16, 0x1_0000_0001i32)
