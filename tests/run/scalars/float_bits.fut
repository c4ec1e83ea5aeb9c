-- to_bits/from_bits/get_bit/set_bit expose the IEEE 754 bit patterns of floats.
-- ==
-- entry: main
-- input { 1.0f32 }
-- output { 1065353216u32 4607182418800017408u64 15360u16 }
-- input { -2.5f32 }
-- output { 3223322624u32 13836183955189006336u64 49408u16 }
-- input { 0.0f32 }
-- output { 0u32 0u64 0u16 }
-- input { 0.10000000149011612f32 }
-- output { 1036831949u32 4591870180174331904u64 11878u16 }

-- ==
-- entry: from_bits
-- input { 1065353216u32 }
-- output { 1.0f32 }
-- input { 3226013659u32 }
-- output { -3.1415927410125732f32 }
-- input { 2139095040u32 }
-- output { f32.inf }
-- input { 0u32 }
-- output { 0.0f32 }

-- ==
-- entry: from_bits64
-- input { 4611686018427387904u64 }
-- output { 2.0f64 }
-- input { 13832806255468478464u64 }
-- output { -1.5f64 }

-- ==
-- entry: sign_bit
-- input { 2.0f32 }
-- output { 0i32 -2.0f32 }
-- input { -3.0f32 }
-- output { 1i32 -3.0f32 }

def main (x: f32) = (f32.to_bits x, f64.to_bits (f64.f32 x), f16.to_bits (f16.f32 x))

entry from_bits (b: u32) = f32.from_bits b

entry from_bits64 (b: u64) = f64.from_bits b

entry sign_bit (x: f32) = (f32.get_bit 31 x, f32.set_bit 31 x 1)
