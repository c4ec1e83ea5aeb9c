-- Conversions between integer types: narrowing wraps (keeps the low bits),
-- widening to a signed type sign-extends signed sources, every other widening
-- zero-extends (as upstream's prelude does); bool <-> int.
-- ==
-- entry: main
-- input { 300i64 }
-- output { 44i8 44u8 300i16 300u16 300i32 300u32 300u64 }
-- input { -1i64 }
-- output { -1i8 255u8 -1i16 65535u16 -1i32 4294967295u32 18446744073709551615u64 }
-- input { 70000i64 }
-- output { 112i8 112u8 4464i16 4464u16 70000i32 70000u32 70000u64 }
-- input { -129i64 }
-- output { 127i8 127u8 -129i16 65407u16 -129i32 4294967167u32 18446744073709551487u64 }
-- input { 5000000000i64 }
-- output { 0i8 0u8 -3584i16 61952u16 705032704i32 705032704u32 5000000000u64 }

-- ==
-- entry: widen
-- input { -1i8 }
-- output { -1i32 -1i64 255u16 255i32 }
-- input { 127i8 }
-- output { 127i32 127i64 127u16 127i32 }
-- input { -128i8 }
-- output { -128i32 -128i64 128u16 128i32 }
-- input { 5i8 }
-- output { 5i32 5i64 5u16 5i32 }

-- ==
-- entry: booleans
-- input { 0i32 }
-- output { false 0i32 0u8 }
-- input { 7i32 }
-- output { true 1i32 1u8 }
-- input { -3i32 }
-- output { true 1i32 1u8 }

def main (x: i64) =
  (i8.i64 x, u8.i64 x, i16.i64 x, u16.i64 x, i32.i64 x, u32.i64 x, u64.i64 x)

entry widen (x: i8) = (i32.i8 x, i64.i8 x, u16.i8 x, i32.u8 (u8.i8 x))

entry booleans (x: i32) = (bool.i32 x, i32.bool (x != 0), u8.bool (bool.i32 x))
