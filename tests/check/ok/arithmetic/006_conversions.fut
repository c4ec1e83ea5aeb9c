-- Numeric conversions through the prelude modules.
-- ==
def to_f (x: i32) : f64 = f64.i32 x
def to_i (x: f32) = i64.f32 x
def widen (x: u8) = i32.u8 x
def narrow (x: i64) : i8 = i8.i64 x
