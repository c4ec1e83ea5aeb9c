-- i8 bit operations: and, or, xor, complement, shifts (>> is arithmetic
-- for signed types, >>> logical), popc, clz, ctz.
-- ==
-- input { 11i8 2i8 }
-- output { 3i8 79i8 4i8 -12i8 44i8 2i8 2i8 3i32 4i32 0i32 }
-- input { 0i8 1i8 }
-- output { 0i8 68i8 15i8 -1i8 0i8 0i8 0i8 0i32 8i32 8i32 }
-- input { -1i8 3i8 }
-- output { 51i8 -1i8 -16i8 0i8 -8i8 -1i8 31i8 8i32 0i32 0i32 }
-- input { -128i8 7i8 }
-- output { 0i8 -60i8 -113i8 127i8 0i8 -1i8 1i8 1i32 0i32 7i32 }
-- input { 90i8 4i8 }
-- output { 18i8 94i8 85i8 -91i8 -96i8 5i8 5i8 4i32 1i32 1i32 }

def main (x: i8) (s: i8) =
  (x & 0x33, x | 0x44, x ^ 0x0f, !x, x << s, x >> s, x >>> s,
   i8.popc x, i8.clz x, i8.ctz x)
