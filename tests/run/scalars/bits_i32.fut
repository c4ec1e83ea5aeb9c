-- i32 bit operations: and, or, xor, complement, shifts (>> is arithmetic
-- for signed types, >>> logical), popc, clz, ctz.
-- ==
-- input { 11i32 2i32 }
-- output { 3i32 79i32 4i32 -12i32 44i32 2i32 2i32 3i32 28i32 0i32 }
-- input { 0i32 1i32 }
-- output { 0i32 68i32 15i32 -1i32 0i32 0i32 0i32 0i32 32i32 32i32 }
-- input { -1i32 3i32 }
-- output { 51i32 -1i32 -16i32 0i32 -8i32 -1i32 536870911i32 32i32 0i32 0i32 }
-- input { -2147483648i32 31i32 }
-- output { 0i32 -2147483580i32 -2147483633i32 2147483647i32 0i32 -1i32 1i32 1i32 0i32 31i32 }
-- input { 90i32 4i32 }
-- output { 18i32 94i32 85i32 -91i32 1440i32 5i32 5i32 4i32 25i32 1i32 }

def main (x: i32) (s: i32) =
  (x & 0x33, x | 0x44, x ^ 0x0f, !x, x << s, x >> s, x >>> s,
   i32.popc x, i32.clz x, i32.ctz x)
