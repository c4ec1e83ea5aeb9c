-- Integer library functions: abs, sgn, min, max, neg, ** (wrapping), mul_hi,
-- mad_hi, get_bit, set_bit.
-- ==
-- entry: main
-- input { -5i32 3i32 }
-- output { 5i32 -1i32 -5i32 3i32 5i32 125i32 }
-- input { 7i32 -2i32 }
-- output { 7i32 1i32 -2i32 7i32 -7i32 0i32 }
-- input { 0i32 0i32 }
-- output { 0i32 0i32 0i32 0i32 0i32 0i32 }
-- input { -2147483647i32 1i32 }
-- output { 2147483647i32 -1i32 -2147483647i32 1i32 2147483647i32 1i32 }

-- ==
-- entry: hi
-- input { 305419896u32 16u32 }
-- output { 1u32 2u32 591751040u32 }
-- input { 4294967295u32 4294967295u32 }
-- output { 4294967294u32 4294967295u32 1u32 }
-- input { 3u32 5u32 }
-- output { 0u32 1u32 15u32 }

-- ==
-- entry: hi64
-- input { -1i64 2i64 }
-- output { -1i64 -2i64 }
-- input { 1099511627776i64 1073741824i64 }
-- output { 64i64 0i64 }

-- ==
-- entry: bits
-- input { 10u8 }
-- output { [0i32, 1i32, 0i32, 1i32] 138u8 8u8 }
-- input { 0u8 }
-- output { [0i32, 0i32, 0i32, 0i32] 128u8 0u8 }

-- ==
-- entry: pow
-- input { 2i32 10i32 }
-- output { 1024i32 0u8 }
-- input { 3i32 0i32 }
-- output { 1i32 1u8 }
-- input { -2i32 3i32 }
-- output { -8i32 248u8 }
-- input { 2i32 31i32 }
-- output { -2147483648i32 0u8 }
-- input { 10i32 10i32 }
-- output { 1410065408i32 0u8 }

def main (a: i32) (b: i32) = (i32.abs a, i32.sgn a, i32.min a b, i32.max a b, i32.neg a, (i32.abs a % 7) ** 3)

entry hi (a: u32) (b: u32) = (u32.mul_hi a b, u32.mad_hi a b 1, a * b)

entry hi64 (a: i64) (b: i64) = (i64.mul_hi a b, a * b)

entry bits (x: u8) = (map (\i -> u8.get_bit i x) (iota 4 |> map i32.i64), u8.set_bit 7 x 1, u8.set_bit 1 x 0)

entry pow (b: i32) (e: i32) = (b ** e, u8.i32 b ** u8.i32 e)
