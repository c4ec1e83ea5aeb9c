-- u16 bit operations: and, or, xor, complement, shifts (>> is arithmetic
-- for signed types, >>> logical), popc, clz, ctz.
-- ==
-- input { 11u16 2u16 }
-- output { 3u16 79u16 4u16 65524u16 44u16 2u16 2u16 3i32 12i32 0i32 }
-- input { 0u16 1u16 }
-- output { 0u16 68u16 15u16 65535u16 0u16 0u16 0u16 0i32 16i32 16i32 }
-- input { 65535u16 3u16 }
-- output { 51u16 65535u16 65520u16 0u16 65528u16 8191u16 8191u16 16i32 0i32 0i32 }
-- input { 32768u16 15u16 }
-- output { 0u16 32836u16 32783u16 32767u16 0u16 1u16 1u16 1i32 0i32 15i32 }
-- input { 90u16 4u16 }
-- output { 18u16 94u16 85u16 65445u16 1440u16 5u16 5u16 4i32 9i32 1i32 }

def main (x: u16) (s: u16) =
  (x & 0x33, x | 0x44, x ^ 0x0f, !x, x << s, x >> s, x >>> s,
   u16.popc x, u16.clz x, u16.ctz x)
