-- Comparison operators on signed, unsigned (via conversion), float (NaN compares
-- unequal to everything) and boolean values.
-- ==
-- entry: main
-- input { 1i32 2i32 }
-- output { true true false true false false true false }
-- input { 2i32 2i32 }
-- output { false true true false false true false false }
-- input { -3i32 2i32 }
-- output { true true false true false false false true }
-- input { 2i32 -3i32 }
-- output { false false false true true true true false }

-- ==
-- entry: floats
-- input { 1.5f32 2.5f32 }
-- output { true true false true false false }
-- input { 2.5f32 2.5f32 }
-- output { false true true false false true }
-- input { f32.nan 1.0f32 }
-- output { false false false true false false }
-- input { -0.0f32 0.0f32 }
-- output { false true true false false true }
-- input { -f32.inf -1e+30f32 }
-- output { true true false true false false }

-- ==
-- entry: bools
-- input { false true }
-- output { false true false true true }
-- input { true true }
-- output { true false true true false }
-- input { true false }
-- output { false true false true false }

def main (a: i32) (b: i32) =
  (a < b, a <= b, a == b, a != b, a > b, a >= b,
   u32.i32 a < u32.i32 b, u32.i32 a > u32.i32 b)

entry floats (a: f32) (b: f32) = (a < b, a <= b, a == b, a != b, a > b, a >= b)

entry bools (a: bool) (b: bool) = (a == b, a != b, a && b, a || b, !a)
