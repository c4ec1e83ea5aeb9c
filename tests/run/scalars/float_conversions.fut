-- Conversions between floats and integers: float to integer truncates towards
-- zero; integer to float rounds to nearest; unsigned sources are not sign-extended.
-- ==
-- entry: main
-- input { 3.7f64 }
-- output { 3i32 3i64 3.700000047683716f32 3i16 }
-- input { -3.7f64 }
-- output { -3i32 -3i64 -3.700000047683716f32 -3i16 }
-- input { 0.5f64 }
-- output { 0i32 0i64 0.5f32 0i16 }
-- input { -0.0f64 }
-- output { 0i32 0i64 -0.0f32 0i16 }
-- input { 1000000000.0f64 }
-- output { 1000000000i32 1000000000i64 1000000000.0f32 30000i16 }

-- ==
-- entry: to_float
-- input { 0i32 }
-- output { 0.0f64 0.0f32 0.0f64 }
-- input { 1i32 }
-- output { 1.0f64 1.0f32 1.0f64 }
-- input { -5i32 }
-- output { -5.0f64 -5.0f32 4294967291.0f64 }
-- input { 16777217i32 }
-- output { 16777217.0f64 16777216.0f32 16777217.0f64 }
-- input { 255i32 }
-- output { 255.0f64 255.0f32 255.0f64 }

-- ==
-- entry: unsigned
-- input { 200u8 }
-- output { 200.0f32 200.0f16 200u64 }
-- input { 3u8 }
-- output { 3.0f32 3.0f16 3u64 }

def main (x: f64) = (i32.f64 x, i64.f64 x, f32.f64 x, i16.f64 (f64.max (-30000) (f64.min 30000 x)))

entry to_float (x: i32) = (f64.i32 x, f32.i32 x, f64.u32 (u32.i32 x))

entry unsigned (x: u8) = (f32.u8 x, f16.u8 x, u64.f32 (f32.u8 x))
