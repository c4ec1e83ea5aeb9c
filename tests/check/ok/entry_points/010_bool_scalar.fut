-- An entry point taking scalars of several types.
-- ==
entry pick (b: bool) (x: i8) (y: u64) (z: f16) : f64 =
  if b then f64.i8 x else f64.u64 y + f64.f16 z
