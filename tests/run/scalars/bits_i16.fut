-- i16 bit operations: and, or, xor, complement, shifts (>> is arithmetic
-- for signed types, >>> logical), popc, clz, ctz.
-- ==
-- input { 11i16 2i16 }
-- output { 3i16 79i16 4i16 -12i16 44i16 2i16 2i16 3i32 12i32 0i32 }
-- input { 0i16 1i16 }
-- output { 0i16 68i16 15i16 -1i16 0i16 0i16 0i16 0i32 16i32 16i32 }
-- input { -1i16 3i16 }
-- output { 51i16 -1i16 -16i16 0i16 -8i16 -1i16 8191i16 16i32 0i32 0i32 }
-- input { -32768i16 15i16 }
-- output { 0i16 -32700i16 -32753i16 32767i16 0i16 -1i16 1i16 1i32 0i32 15i32 }
-- input { 90i16 4i16 }
-- output { 18i16 94i16 85i16 -91i16 1440i16 5i16 5i16 4i32 9i32 1i32 }

def main (x: i16) (s: i16) =
  (x & 0x33, x | 0x44, x ^ 0x0f, !x, x << s, x >> s, x >>> s,
   i16.popc x, i16.clz x, i16.ctz x)
