-- Half-precision floats: arithmetic, sqrt, conversion to and from f32
-- (overflowing to infinity), reductions.
-- ==
-- entry: main
-- input { 1.5f16 0.25f16 }
-- output { 1.75f16 1.25f16 0.375f16 6.0f16 1.224609375f16 1.5f16 0.25f16 }
-- input { 4.0f16 -2.0f16 }
-- output { 2.0f16 6.0f16 -8.0f16 -2.0f16 2.0f16 4.0f16 2.0f16 }
-- input { 100.0f16 3.0f16 }
-- output { 103.0f16 97.0f16 300.0f16 33.34375f16 10.0f16 100.0f16 3.0f16 }

-- ==
-- entry: convert
-- input { 1.0f32 }
-- output { 1.0f16 1.0f32 1i32 }
-- input { 65504.0f32 }
-- output { 65504.0f16 65504.0f32 65504i32 }
-- input { 0.333f32 }
-- output { 0.3330078125f16 0.3330078125f32 0i32 }
-- input { -7.5f32 }
-- output { -7.5f16 -7.5f32 -7i32 }

-- ==
-- entry: sum
-- input { [1.0f16, 2.5f16, -0.5f16] }
-- output { 3.0f16 2.5f16 }
-- input { empty([0]f16) }
-- output { 0.0f16 -f16.inf }

def main (a: f16) (b: f16) = (a + b, a - b, a * b, a / b, f16.sqrt a, f16.max a b, f16.abs b)

entry convert (x: f32) = (f16.f32 x, f32.f16 (f16.f32 x), i32.f16 (f16.f32 x))

entry sum (xs: []f16) = (f16.sum xs, reduce f16.max (-f16.inf) xs)
