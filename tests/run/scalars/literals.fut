-- Numeric literals: hexadecimal, binary, underscores, exponents, type suffixes,
-- unsuffixed literals taking their type from context, string literals as []u8.
-- ==
-- input { 0i32 }
-- output { 255i32 11i32 1000000i32 1000.0f64 0.25f32 255u8 -128i8 3.5f32 [65u8, 90u8] 9223372036854775807i64 }
-- input { 5i32 }
-- output { 260i32 16i32 1000005i32 1005.0f64 0.25f32 255u8 -128i8 3.5f32 [65u8, 90u8] 9223372036854775807i64 }

def main (x: i32) =
  ( x + 0xff
  , x + 0b1011
  , x + 1_000_000
  , 1e3 + f64.i32 x
  , 2.5e-1f32
  , 0xffu8
  , -128i8
  , 3f32 + 0.5
  , "AZ"
  , 9_223_372_036_854_775_807i64
  )
