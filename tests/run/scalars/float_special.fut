-- Infinities and NaN: float division by zero is not an error; NaN is unequal to
-- itself; min/max return the non-NaN operand; highest/lowest are the infinities (as upstream).
-- ==
-- entry: main
-- input { 1.0f64 }
-- output { f64.inf -f64.inf 0.0f64 false true f64.nan 0.0f64 f64.nan false 1.0f64 }
-- input { 2.5f64 }
-- output { f64.inf -f64.inf 0.0f64 false true f64.nan 0.0f64 f64.nan false 2.5f64 }

-- ==
-- entry: f32_limits
-- input { 2.0f32 }
-- output { f32.inf -f32.inf true true 2.0f32 }

def main (x: f64) =
  ( x / 0
  , -x / 0
  , 0 / x * 0
  , f64.isnan (x - x)
  , f64.isinf (x * 1e308 * 10)
  , f64.inf - f64.inf
  , 1 / f64.inf
  , f64.sqrt (-x)
  , f64.nan == f64.nan
  , f64.max f64.nan x
  )

entry f32_limits (x: f32) = (f32.highest, f32.lowest, f32.isinf (f32.highest * x), f32.epsilon > 0, f32.i32 (i32.f32 x))
