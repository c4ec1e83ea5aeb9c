-- u32 bit operations: and, or, xor, complement, shifts (>> is arithmetic
-- for signed types, >>> logical), popc, clz, ctz.
-- ==
-- input { 11u32 2u32 }
-- output { 3u32 79u32 4u32 4294967284u32 44u32 2u32 2u32 3i32 28i32 0i32 }
-- input { 0u32 1u32 }
-- output { 0u32 68u32 15u32 4294967295u32 0u32 0u32 0u32 0i32 32i32 32i32 }
-- input { 4294967295u32 3u32 }
-- output { 51u32 4294967295u32 4294967280u32 0u32 4294967288u32 536870911u32 536870911u32 32i32 0i32 0i32 }
-- input { 2147483648u32 31u32 }
-- output { 0u32 2147483716u32 2147483663u32 2147483647u32 0u32 1u32 1u32 1i32 0i32 31i32 }
-- input { 90u32 4u32 }
-- output { 18u32 94u32 85u32 4294967205u32 1440u32 5u32 5u32 4i32 25i32 1i32 }

def main (x: u32) (s: u32) =
  (x & 0x33, x | 0x44, x ^ 0x0f, !x, x << s, x >> s, x >>> s,
   u32.popc x, u32.clz x, u32.ctz x)
