-- u8 bit operations: and, or, xor, complement, shifts (>> is arithmetic
-- for signed types, >>> logical), popc, clz, ctz.
-- ==
-- input { 11u8 2u8 }
-- output { 3u8 79u8 4u8 244u8 44u8 2u8 2u8 3i32 4i32 0i32 }
-- input { 0u8 1u8 }
-- output { 0u8 68u8 15u8 255u8 0u8 0u8 0u8 0i32 8i32 8i32 }
-- input { 255u8 3u8 }
-- output { 51u8 255u8 240u8 0u8 248u8 31u8 31u8 8i32 0i32 0i32 }
-- input { 128u8 7u8 }
-- output { 0u8 196u8 143u8 127u8 0u8 1u8 1u8 1i32 0i32 7i32 }
-- input { 90u8 4u8 }
-- output { 18u8 94u8 85u8 165u8 160u8 5u8 5u8 4i32 1i32 1i32 }

def main (x: u8) (s: u8) =
  (x & 0x33, x | 0x44, x ^ 0x0f, !x, x << s, x >> s, x >>> s,
   u8.popc x, u8.clz x, u8.ctz x)
