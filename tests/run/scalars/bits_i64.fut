-- i64 bit operations: and, or, xor, complement, shifts (>> is arithmetic
-- for signed types, >>> logical), popc, clz, ctz.
-- ==
-- input { 11i64 2i64 }
-- output { 3i64 79i64 4i64 -12i64 44i64 2i64 2i64 3i32 60i32 0i32 }
-- input { 0i64 1i64 }
-- output { 0i64 68i64 15i64 -1i64 0i64 0i64 0i64 0i32 64i32 64i32 }
-- input { -1i64 3i64 }
-- output { 51i64 -1i64 -16i64 0i64 -8i64 -1i64 2305843009213693951i64 64i32 0i32 0i32 }
-- input { -9223372036854775808i64 63i64 }
-- output { 0i64 -9223372036854775740i64 -9223372036854775793i64 9223372036854775807i64 0i64 -1i64 1i64 1i32 0i32 63i32 }
-- input { 90i64 4i64 }
-- output { 18i64 94i64 85i64 -91i64 1440i64 5i64 5i64 4i32 57i32 1i32 }

def main (x: i64) (s: i64) =
  (x & 0x33, x | 0x44, x ^ 0x0f, !x, x << s, x >> s, x >>> s,
   i64.popc x, i64.clz x, i64.ctz x)
