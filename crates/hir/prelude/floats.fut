-- | The floating-point modules `f64`, `f32` and `f16`, implementing
-- `float`.
--
-- `f32` and `f64` take their elementary functions from intrinsics;
-- `f16` computes them in single precision.  As in "integers", the
-- built-in overloaded operators are written `intrinsics.+` and so on
-- inside the modules, which shadow them.

import "soacs"
import "numeric"

-- | Double-precision (IEEE 754 binary64) floating-point numbers.
module f64 : (float with t = f64 with int_t = u64) = {
  -- | The type of the module's values, `f64`.
  type t = f64
  -- | The type of bit patterns of `f64` values, `u64`.
  type int_t = u64

  -- | Addition.
  def (+) (x: t) (y: t) : t = x intrinsics.+ y
  -- | Subtraction.
  def (-) (x: t) (y: t) : t = x intrinsics.- y
  -- | Multiplication.
  def (*) (x: t) (y: t) : t = x intrinsics.* y
  -- | Division.
  def (/) (x: t) (y: t) : t = x intrinsics./ y
  -- | Floating-point remainder of `/`.
  def (%) (x: t) (y: t) : t = x intrinsics.% y
  -- | Exponentiation.
  def (**) (x: t) (y: t) : t = x intrinsics.** y

  -- | Equality (false if either side is NaN).
  def (==) (x: t) (y: t) : bool = x intrinsics.== y
  -- | Inequality (true if either side is NaN).
  def (!=) (x: t) (y: t) : bool = x intrinsics.!= y
  -- | Less than.
  def (<) (x: t) (y: t) : bool = x intrinsics.< y
  -- | Less than or equal.
  def (<=) (x: t) (y: t) : bool = x intrinsics.<= y
  -- | Greater than.
  def (>) (x: t) (y: t) : bool = x intrinsics.> y
  -- | Greater than or equal.
  def (>=) (x: t) (y: t) : bool = x intrinsics.>= y

  -- | Convert from `i8`, rounding to nearest (ties to even).
  def i8 (x: i8) : t = intrinsics.i8_to_f64 x
  -- | Convert from `i16`, rounding to nearest (ties to even).
  def i16 (x: i16) : t = intrinsics.i16_to_f64 x
  -- | Convert from `i32`, rounding to nearest (ties to even).
  def i32 (x: i32) : t = intrinsics.i32_to_f64 x
  -- | Convert from `i64`, rounding to nearest (ties to even).
  def i64 (x: i64) : t = intrinsics.i64_to_f64 x
  -- | Convert from `u8`, rounding to nearest (ties to even).
  def u8 (x: u8) : t = intrinsics.u8_to_f64 x
  -- | Convert from `u16`, rounding to nearest (ties to even).
  def u16 (x: u16) : t = intrinsics.u16_to_f64 x
  -- | Convert from `u32`, rounding to nearest (ties to even).
  def u32 (x: u32) : t = intrinsics.u32_to_f64 x
  -- | Convert from `u64`, rounding to nearest (ties to even).
  def u64 (x: u64) : t = intrinsics.u64_to_f64 x
  -- | Convert from `f16`; exact.
  def f16 (x: f16) : t = intrinsics.f16_to_f64 x
  -- | Convert from `f32`; exact.
  def f32 (x: f32) : t = intrinsics.f32_to_f64 x
  -- | Convert from `f64`: the identity.
  def f64 (x: f64) : t = x
  -- | Convert from `bool`: `true` is 1 and `false` is 0.
  def bool (x: bool) : t = if x then 1 else 0
  -- | Convert to `i64`, rounding towards zero (infinities and NaN give 0).
  def to_i64 (x: t) : i64 = intrinsics.f64_to_i64 x
  -- | Convert to `f64`: the identity.
  def to_f64 (x: t) : f64 = x
  -- | The quotient of `a` and `b`, both converted first.
  def from_fraction (a: i64) (b: i64) : t = i64 a / i64 b

  -- | Negation.
  def neg (x: t) : t = -x
  -- | `1 / x`.
  def recip (x: t) : t = 1 / x

  -- | Positive infinity.
  def inf : t = 1 / 0
  -- | A NaN value.
  def nan : t = 0 / 0
  -- | Positive infinity.
  def highest : t = inf
  -- | Negative infinity.
  def lowest : t = -inf
  -- | The distance from 1 to the next larger `f64`.
  def epsilon : t = 2.220446049250313e-16
  -- | *π*, rounded to this precision.
  def pi : t = 3.14159265358979323846264338327950288
  -- | *e*, rounded to this precision.
  def e : t = 2.71828182845904523536028747135266250

  -- | Is `x` NaN?
  def isnan (x: t) : bool = x != x
  -- | Is `x` an infinity of either sign?
  def isinf (x: t) : bool = x == inf || x == -inf

  -- | The larger argument.  If one argument is NaN, the other is
  -- returned.
  def max (x: t) (y: t) : t =
    if isnan x then y else if isnan y then x else if x < y then y else x
  -- | The smaller argument.  If one argument is NaN, the other is
  -- returned.
  def min (x: t) (y: t) : t =
    if isnan x then y else if isnan y then x else if y < x then y else x

  -- | Square root.
  def sqrt (x: t) : t = intrinsics.sqrt_f64 x
  -- | Cube root.
  def cbrt (x: t) : t = intrinsics.cbrt_f64 x
  -- | The exponential function.
  def exp (x: t) : t = intrinsics.exp_f64 x
  -- | Natural logarithm.
  def log (x: t) : t = intrinsics.log_f64 x
  -- | Logarithm to base 2.
  def log2 (x: t) : t = intrinsics.log2_f64 x
  -- | Logarithm to base 10.
  def log10 (x: t) : t = intrinsics.log10_f64 x
  -- | `log (1 + x)`, accurate also for `x` near zero.
  def log1p (x: t) : t = intrinsics.log1p_f64 x
  -- | Sine.
  def sin (x: t) : t = intrinsics.sin_f64 x
  -- | Cosine.
  def cos (x: t) : t = intrinsics.cos_f64 x
  -- | Tangent.
  def tan (x: t) : t = intrinsics.tan_f64 x
  -- | Inverse sine.
  def asin (x: t) : t = intrinsics.asin_f64 x
  -- | Inverse cosine.
  def acos (x: t) : t = intrinsics.acos_f64 x
  -- | Hyperbolic sine.
  def sinh (x: t) : t = intrinsics.sinh_f64 x
  -- | Hyperbolic cosine.
  def cosh (x: t) : t = intrinsics.cosh_f64 x
  -- | Hyperbolic tangent.
  def tanh (x: t) : t = intrinsics.tanh_f64 x
  -- | Inverse hyperbolic sine.
  def asinh (x: t) : t = intrinsics.asinh_f64 x
  -- | Inverse hyperbolic cosine.
  def acosh (x: t) : t = intrinsics.acosh_f64 x
  -- | Inverse hyperbolic tangent.
  def atanh (x: t) : t = intrinsics.atanh_f64 x
  -- | The gamma function.
  def gamma (x: t) : t = intrinsics.gamma_f64 x
  -- | The natural logarithm of the absolute value of `gamma x`.
  def lgamma (x: t) : t = intrinsics.lgamma_f64 x
  -- | The error function.
  def erf (x: t) : t = intrinsics.erf_f64 x
  -- | The complementary error function, `1 - erf x`.
  def erfc (x: t) : t = intrinsics.erfc_f64 x
  -- | Round down to an integer.
  def floor (x: t) : t = intrinsics.floor_f64 x
  -- | Round to the nearest integer, halfway cases to even.
  def round (x: t) : t = intrinsics.round_f64 x
  -- | `atan2 y x`: the angle from the positive x-axis to `(x, y)`.
  def atan2 (y: t) (x: t) : t = intrinsics.atan2_f64 y x
  -- | The length of the vector `(x, y)`, without undue overflow.
  def hypot (x: t) (y: t) : t = intrinsics.hypot_f64 x y
  -- | The magnitude of `x` with the sign of `y`.
  def copysign (x: t) (y: t) : t = intrinsics.copysign_f64 x y
  -- | `x` times two to the power `k`.
  def ldexp (x: t) (k: i32) : t = intrinsics.ldexp_f64 x k
  -- | `a * b + c` with a single rounding.
  def fma (a: t) (b: t) (c: t) : t = intrinsics.fma_f64 a b c

  -- | Absolute value.
  def abs (x: t) : t = copysign x 1
  -- | The sign: -1 or 1 for negative or positive numbers, and `x`
  -- itself for zeroes and NaN.
  def sgn (x: t) : t = if x > 0 then 1 else if x < 0 then -1 else x
  -- | `1 / sqrt x`.
  def rsqrt (x: t) : t = 1 / sqrt x
  -- | Inverse tangent.
  def atan (x: t) : t = atan2 x 1
  -- | Round up to an integer.
  def ceil (x: t) : t = -(floor (-x))
  -- | Round towards zero to an integer.
  def trunc (x: t) : t = if x < 0 then ceil x else floor x
  -- | `sin (pi * x)`.
  def sinpi (x: t) : t = sin (pi * x)
  -- | `cos (pi * x)`.
  def cospi (x: t) : t = cos (pi * x)
  -- | `tan (pi * x)`.
  def tanpi (x: t) : t = tan (pi * x)
  -- | `asin x / pi`.
  def asinpi (x: t) : t = asin x / pi
  -- | `acos x / pi`.
  def acospi (x: t) : t = acos x / pi
  -- | `atan x / pi`.
  def atanpi (x: t) : t = atan x / pi
  -- | `atan2 y x / pi`.
  def atan2pi (y: t) (x: t) : t = atan2 y x / pi
  -- | Linear interpolation from `a` (at `w = 0`) to `b` (at `w = 1`).
  def lerp (a: t) (b: t) (w: t) : t = a + (b - a) * w
  -- | `a * b + c`; possibly fused into one faster operation.
  def mad (a: t) (b: t) (c: t) : t = a * b + c

  -- | The IEEE 754 bit pattern of `x`.
  def to_bits (x: t) : u64 = intrinsics.f64_to_bits x
  -- | The number whose IEEE 754 bit pattern is `b`.
  def from_bits (b: u64) : t = intrinsics.f64_from_bits b
  -- | The width of `f64` in bits: 64.
  def num_bits : i32 = 64
  -- | Bit `bit` of the bit pattern of `x`, as 0 or 1.
  def get_bit (bit: i32) (x: t) : i32 =
    intrinsics.u64_to_i32 ((to_bits x intrinsics.>>> intrinsics.i32_to_u64 bit) intrinsics.& 1)
  -- | `x` with bit `bit` of its bit pattern set to the lowest bit of `b`.
  def set_bit (bit: i32) (x: t) (b: i32) : t =
    let pos = intrinsics.i32_to_u64 bit
    let cleared = to_bits x intrinsics.& !(1 intrinsics.<< pos)
    let wanted = (intrinsics.i32_to_u64 b intrinsics.& 1) intrinsics.<< pos
    in from_bits (cleared intrinsics.| wanted)
  -- | The neighbour of `x` in the direction of `y`: `y` if the two
  -- are equal, and NaN if either is NaN.
  def nextafter (x: t) (y: t) : t =
    if isnan x || isnan y then x + y
    else if x == y then y
    else if x == 0 then copysign (from_bits 1) y
    else let away_from_zero = if x > 0 then x < y else y < x
         let b = to_bits x
         in from_bits (if away_from_zero then b intrinsics.+ 1 else b intrinsics.- 1)

  -- | The sum of the elements; 0 for an empty array.
  def sum [n] (xs: [n]t) : t = reduce (+) 0 xs
  -- | The product of the elements; 1 for an empty array.
  def product [n] (xs: [n]t) : t = reduce (*) 1 xs
  -- | The largest element, ignoring NaNs; `lowest` for an empty array.
  def maximum [n] (xs: [n]t) : t = reduce max lowest xs
  -- | The smallest element, ignoring NaNs; `highest` for an empty array.
  def minimum [n] (xs: [n]t) : t = reduce min highest xs
}

-- | Single-precision (IEEE 754 binary32) floating-point numbers.
module f32 : (float with t = f32 with int_t = u32) = {
  -- | The type of the module's values, `f32`.
  type t = f32
  -- | The type of bit patterns of `f32` values, `u32`.
  type int_t = u32

  -- | Addition.
  def (+) (x: t) (y: t) : t = x intrinsics.+ y
  -- | Subtraction.
  def (-) (x: t) (y: t) : t = x intrinsics.- y
  -- | Multiplication.
  def (*) (x: t) (y: t) : t = x intrinsics.* y
  -- | Division.
  def (/) (x: t) (y: t) : t = x intrinsics./ y
  -- | Floating-point remainder of `/`.
  def (%) (x: t) (y: t) : t = x intrinsics.% y
  -- | Exponentiation.
  def (**) (x: t) (y: t) : t = x intrinsics.** y

  -- | Equality (false if either side is NaN).
  def (==) (x: t) (y: t) : bool = x intrinsics.== y
  -- | Inequality (true if either side is NaN).
  def (!=) (x: t) (y: t) : bool = x intrinsics.!= y
  -- | Less than.
  def (<) (x: t) (y: t) : bool = x intrinsics.< y
  -- | Less than or equal.
  def (<=) (x: t) (y: t) : bool = x intrinsics.<= y
  -- | Greater than.
  def (>) (x: t) (y: t) : bool = x intrinsics.> y
  -- | Greater than or equal.
  def (>=) (x: t) (y: t) : bool = x intrinsics.>= y

  -- | Convert from `i8`, rounding to nearest (ties to even).
  def i8 (x: i8) : t = intrinsics.i8_to_f32 x
  -- | Convert from `i16`, rounding to nearest (ties to even).
  def i16 (x: i16) : t = intrinsics.i16_to_f32 x
  -- | Convert from `i32`, rounding to nearest (ties to even).
  def i32 (x: i32) : t = intrinsics.i32_to_f32 x
  -- | Convert from `i64`, rounding to nearest (ties to even).
  def i64 (x: i64) : t = intrinsics.i64_to_f32 x
  -- | Convert from `u8`, rounding to nearest (ties to even).
  def u8 (x: u8) : t = intrinsics.u8_to_f32 x
  -- | Convert from `u16`, rounding to nearest (ties to even).
  def u16 (x: u16) : t = intrinsics.u16_to_f32 x
  -- | Convert from `u32`, rounding to nearest (ties to even).
  def u32 (x: u32) : t = intrinsics.u32_to_f32 x
  -- | Convert from `u64`, rounding to nearest (ties to even).
  def u64 (x: u64) : t = intrinsics.u64_to_f32 x
  -- | Convert from `f16`; exact.
  def f16 (x: f16) : t = intrinsics.f16_to_f32 x
  -- | Convert from `f32`: the identity.
  def f32 (x: f32) : t = x
  -- | Convert from `f64`, rounding to nearest (ties to even).
  def f64 (x: f64) : t = intrinsics.f64_to_f32 x
  -- | Convert from `bool`: `true` is 1 and `false` is 0.
  def bool (x: bool) : t = if x then 1 else 0
  -- | Convert to `i64`, rounding towards zero (infinities and NaN give 0).
  def to_i64 (x: t) : i64 = intrinsics.f32_to_i64 x
  -- | Convert to `f64`; exact.
  def to_f64 (x: t) : f64 = intrinsics.f32_to_f64 x
  -- | The quotient of `a` and `b`, both converted first.
  def from_fraction (a: i64) (b: i64) : t = i64 a / i64 b

  -- | Negation.
  def neg (x: t) : t = -x
  -- | `1 / x`.
  def recip (x: t) : t = 1 / x

  -- | Positive infinity.
  def inf : t = 1 / 0
  -- | A NaN value.
  def nan : t = 0 / 0
  -- | Positive infinity.
  def highest : t = inf
  -- | Negative infinity.
  def lowest : t = -inf
  -- | The distance from 1 to the next larger `f32`.
  def epsilon : t = 1.1920928955078125e-7
  -- | *π*, rounded to this precision.
  def pi : t = 3.14159265358979323846264338327950288
  -- | *e*, rounded to this precision.
  def e : t = 2.71828182845904523536028747135266250

  -- | Is `x` NaN?
  def isnan (x: t) : bool = x != x
  -- | Is `x` an infinity of either sign?
  def isinf (x: t) : bool = x == inf || x == -inf

  -- | The larger argument.  If one argument is NaN, the other is
  -- returned.
  def max (x: t) (y: t) : t =
    if isnan x then y else if isnan y then x else if x < y then y else x
  -- | The smaller argument.  If one argument is NaN, the other is
  -- returned.
  def min (x: t) (y: t) : t =
    if isnan x then y else if isnan y then x else if y < x then y else x

  -- | Square root.
  def sqrt (x: t) : t = intrinsics.sqrt_f32 x
  -- | Cube root.
  def cbrt (x: t) : t = intrinsics.cbrt_f32 x
  -- | The exponential function.
  def exp (x: t) : t = intrinsics.exp_f32 x
  -- | Natural logarithm.
  def log (x: t) : t = intrinsics.log_f32 x
  -- | Logarithm to base 2.
  def log2 (x: t) : t = intrinsics.log2_f32 x
  -- | Logarithm to base 10.
  def log10 (x: t) : t = intrinsics.log10_f32 x
  -- | `log (1 + x)`, accurate also for `x` near zero.
  def log1p (x: t) : t = intrinsics.log1p_f32 x
  -- | Sine.
  def sin (x: t) : t = intrinsics.sin_f32 x
  -- | Cosine.
  def cos (x: t) : t = intrinsics.cos_f32 x
  -- | Tangent.
  def tan (x: t) : t = intrinsics.tan_f32 x
  -- | Inverse sine.
  def asin (x: t) : t = intrinsics.asin_f32 x
  -- | Inverse cosine.
  def acos (x: t) : t = intrinsics.acos_f32 x
  -- | Hyperbolic sine.
  def sinh (x: t) : t = intrinsics.sinh_f32 x
  -- | Hyperbolic cosine.
  def cosh (x: t) : t = intrinsics.cosh_f32 x
  -- | Hyperbolic tangent.
  def tanh (x: t) : t = intrinsics.tanh_f32 x
  -- | Inverse hyperbolic sine.
  def asinh (x: t) : t = intrinsics.asinh_f32 x
  -- | Inverse hyperbolic cosine.
  def acosh (x: t) : t = intrinsics.acosh_f32 x
  -- | Inverse hyperbolic tangent.
  def atanh (x: t) : t = intrinsics.atanh_f32 x
  -- | The gamma function.
  def gamma (x: t) : t = intrinsics.gamma_f32 x
  -- | The natural logarithm of the absolute value of `gamma x`.
  def lgamma (x: t) : t = intrinsics.lgamma_f32 x
  -- | The error function.
  def erf (x: t) : t = intrinsics.erf_f32 x
  -- | The complementary error function, `1 - erf x`.
  def erfc (x: t) : t = intrinsics.erfc_f32 x
  -- | Round down to an integer.
  def floor (x: t) : t = intrinsics.floor_f32 x
  -- | Round to the nearest integer, halfway cases to even.
  def round (x: t) : t = intrinsics.round_f32 x
  -- | `atan2 y x`: the angle from the positive x-axis to `(x, y)`.
  def atan2 (y: t) (x: t) : t = intrinsics.atan2_f32 y x
  -- | The length of the vector `(x, y)`, without undue overflow.
  def hypot (x: t) (y: t) : t = intrinsics.hypot_f32 x y
  -- | The magnitude of `x` with the sign of `y`.
  def copysign (x: t) (y: t) : t = intrinsics.copysign_f32 x y
  -- | `x` times two to the power `k`.
  def ldexp (x: t) (k: i32) : t = intrinsics.ldexp_f32 x k
  -- | `a * b + c` with a single rounding.
  def fma (a: t) (b: t) (c: t) : t = intrinsics.fma_f32 a b c

  -- | Absolute value.
  def abs (x: t) : t = copysign x 1
  -- | The sign: -1 or 1 for negative or positive numbers, and `x`
  -- itself for zeroes and NaN.
  def sgn (x: t) : t = if x > 0 then 1 else if x < 0 then -1 else x
  -- | `1 / sqrt x`.
  def rsqrt (x: t) : t = 1 / sqrt x
  -- | Inverse tangent.
  def atan (x: t) : t = atan2 x 1
  -- | Round up to an integer.
  def ceil (x: t) : t = -(floor (-x))
  -- | Round towards zero to an integer.
  def trunc (x: t) : t = if x < 0 then ceil x else floor x
  -- | `sin (pi * x)`.
  def sinpi (x: t) : t = sin (pi * x)
  -- | `cos (pi * x)`.
  def cospi (x: t) : t = cos (pi * x)
  -- | `tan (pi * x)`.
  def tanpi (x: t) : t = tan (pi * x)
  -- | `asin x / pi`.
  def asinpi (x: t) : t = asin x / pi
  -- | `acos x / pi`.
  def acospi (x: t) : t = acos x / pi
  -- | `atan x / pi`.
  def atanpi (x: t) : t = atan x / pi
  -- | `atan2 y x / pi`.
  def atan2pi (y: t) (x: t) : t = atan2 y x / pi
  -- | Linear interpolation from `a` (at `w = 0`) to `b` (at `w = 1`).
  def lerp (a: t) (b: t) (w: t) : t = a + (b - a) * w
  -- | `a * b + c`; possibly fused into one faster operation.
  def mad (a: t) (b: t) (c: t) : t = a * b + c

  -- | The IEEE 754 bit pattern of `x`.
  def to_bits (x: t) : u32 = intrinsics.f32_to_bits x
  -- | The number whose IEEE 754 bit pattern is `b`.
  def from_bits (b: u32) : t = intrinsics.f32_from_bits b
  -- | The width of `f32` in bits: 32.
  def num_bits : i32 = 32
  -- | Bit `bit` of the bit pattern of `x`, as 0 or 1.
  def get_bit (bit: i32) (x: t) : i32 =
    intrinsics.u32_to_i32 ((to_bits x intrinsics.>>> intrinsics.i32_to_u32 bit) intrinsics.& 1)
  -- | `x` with bit `bit` of its bit pattern set to the lowest bit of `b`.
  def set_bit (bit: i32) (x: t) (b: i32) : t =
    let pos = intrinsics.i32_to_u32 bit
    let cleared = to_bits x intrinsics.& !(1 intrinsics.<< pos)
    let wanted = (intrinsics.i32_to_u32 b intrinsics.& 1) intrinsics.<< pos
    in from_bits (cleared intrinsics.| wanted)
  -- | The neighbour of `x` in the direction of `y`: `y` if the two
  -- are equal, and NaN if either is NaN.
  def nextafter (x: t) (y: t) : t =
    if isnan x || isnan y then x + y
    else if x == y then y
    else if x == 0 then copysign (from_bits 1) y
    else let away_from_zero = if x > 0 then x < y else y < x
         let b = to_bits x
         in from_bits (if away_from_zero then b intrinsics.+ 1 else b intrinsics.- 1)

  -- | The sum of the elements; 0 for an empty array.
  def sum [n] (xs: [n]t) : t = reduce (+) 0 xs
  -- | The product of the elements; 1 for an empty array.
  def product [n] (xs: [n]t) : t = reduce (*) 1 xs
  -- | The largest element, ignoring NaNs; `lowest` for an empty array.
  def maximum [n] (xs: [n]t) : t = reduce max lowest xs
  -- | The smallest element, ignoring NaNs; `highest` for an empty array.
  def minimum [n] (xs: [n]t) : t = reduce min highest xs
}

-- Modules used by `f16`, under names that its conversion functions
-- (called `f32` and `f64`) do not shadow.
local module single = f32
local module double = f64

-- Apply a single-precision function to half-precision arguments.
local def in_single (f: f32 -> f32) (x: f16) : f16 =
  intrinsics.f32_to_f16 (f (intrinsics.f16_to_f32 x))

local def in_single2 (f: f32 -> f32 -> f32) (x: f16) (y: f16) : f16 =
  intrinsics.f32_to_f16 (f (intrinsics.f16_to_f32 x) (intrinsics.f16_to_f32 y))

-- | Half-precision (IEEE 754 binary16) floating-point numbers.
--
-- The elementary functions (`sqrt`, `sin`, `floor` and so on) are
-- computed in single precision and rounded back to half
-- precision, so they may be slightly more accurate than on
-- hardware with native half-precision functions.
module f16 : (float with t = f16 with int_t = u16) = {
  -- | The type of the module's values, `f16`.
  type t = f16
  -- | The type of bit patterns of `f16` values, `u16`.
  type int_t = u16

  -- | Addition.
  def (+) (x: t) (y: t) : t = x intrinsics.+ y
  -- | Subtraction.
  def (-) (x: t) (y: t) : t = x intrinsics.- y
  -- | Multiplication.
  def (*) (x: t) (y: t) : t = x intrinsics.* y
  -- | Division.
  def (/) (x: t) (y: t) : t = x intrinsics./ y
  -- | Floating-point remainder of `/`.
  def (%) (x: t) (y: t) : t = x intrinsics.% y
  -- | Exponentiation.
  def (**) (x: t) (y: t) : t = x intrinsics.** y

  -- | Equality (false if either side is NaN).
  def (==) (x: t) (y: t) : bool = x intrinsics.== y
  -- | Inequality (true if either side is NaN).
  def (!=) (x: t) (y: t) : bool = x intrinsics.!= y
  -- | Less than.
  def (<) (x: t) (y: t) : bool = x intrinsics.< y
  -- | Less than or equal.
  def (<=) (x: t) (y: t) : bool = x intrinsics.<= y
  -- | Greater than.
  def (>) (x: t) (y: t) : bool = x intrinsics.> y
  -- | Greater than or equal.
  def (>=) (x: t) (y: t) : bool = x intrinsics.>= y

  -- | Convert from `i8`, rounding to nearest (ties to even).
  def i8 (x: i8) : t = intrinsics.i8_to_f16 x
  -- | Convert from `i16`, rounding to nearest (ties to even).
  def i16 (x: i16) : t = intrinsics.i16_to_f16 x
  -- | Convert from `i32`, rounding to nearest (ties to even).
  def i32 (x: i32) : t = intrinsics.i32_to_f16 x
  -- | Convert from `i64`, rounding to nearest (ties to even).
  def i64 (x: i64) : t = intrinsics.i64_to_f16 x
  -- | Convert from `u8`, rounding to nearest (ties to even).
  def u8 (x: u8) : t = intrinsics.u8_to_f16 x
  -- | Convert from `u16`, rounding to nearest (ties to even).
  def u16 (x: u16) : t = intrinsics.u16_to_f16 x
  -- | Convert from `u32`, rounding to nearest (ties to even).
  def u32 (x: u32) : t = intrinsics.u32_to_f16 x
  -- | Convert from `u64`, rounding to nearest (ties to even).
  def u64 (x: u64) : t = intrinsics.u64_to_f16 x
  -- | Convert from `f16`: the identity.
  def f16 (x: f16) : t = x
  -- | Convert from `f32`, rounding to nearest (ties to even).
  def f32 (x: f32) : t = intrinsics.f32_to_f16 x
  -- | Convert from `f64`, rounding to nearest (ties to even).
  def f64 (x: f64) : t = intrinsics.f64_to_f16 x
  -- | Convert from `bool`: `true` is 1 and `false` is 0.
  def bool (x: bool) : t = if x then 1 else 0
  -- | Convert to `i64`, rounding towards zero (infinities and NaN give 0).
  def to_i64 (x: t) : i64 = intrinsics.f16_to_i64 x
  -- | Convert to `f64`; exact.
  def to_f64 (x: t) : f64 = intrinsics.f16_to_f64 x
  -- | The quotient of `a` and `b`, both converted first.
  def from_fraction (a: i64) (b: i64) : t = i64 a / i64 b

  -- | Negation.
  def neg (x: t) : t = -x
  -- | `1 / x`.
  def recip (x: t) : t = 1 / x

  -- | Positive infinity.
  def inf : t = 1 / 0
  -- | A NaN value.
  def nan : t = 0 / 0
  -- | Positive infinity.
  def highest : t = inf
  -- | Negative infinity.
  def lowest : t = -inf
  -- | The distance from 1 to the next larger `f16`.
  def epsilon : t = 0.0009765625
  -- | *π*, rounded to this precision.
  def pi : t = 3.14159265358979323846264338327950288
  -- | *e*, rounded to this precision.
  def e : t = 2.71828182845904523536028747135266250

  -- | Is `x` NaN?
  def isnan (x: t) : bool = x != x
  -- | Is `x` an infinity of either sign?
  def isinf (x: t) : bool = x == inf || x == -inf

  -- | The larger argument.  If one argument is NaN, the other is
  -- returned.
  def max (x: t) (y: t) : t =
    if isnan x then y else if isnan y then x else if x < y then y else x
  -- | The smaller argument.  If one argument is NaN, the other is
  -- returned.
  def min (x: t) (y: t) : t =
    if isnan x then y else if isnan y then x else if y < x then y else x

  -- | Square root.
  def sqrt (x: t) : t = in_single single.sqrt x
  -- | Cube root.
  def cbrt (x: t) : t = in_single single.cbrt x
  -- | The exponential function.
  def exp (x: t) : t = in_single single.exp x
  -- | Natural logarithm.
  def log (x: t) : t = in_single single.log x
  -- | Logarithm to base 2.
  def log2 (x: t) : t = in_single single.log2 x
  -- | Logarithm to base 10.
  def log10 (x: t) : t = in_single single.log10 x
  -- | `log (1 + x)`, accurate also for `x` near zero.
  def log1p (x: t) : t = in_single single.log1p x
  -- | Sine.
  def sin (x: t) : t = in_single single.sin x
  -- | Cosine.
  def cos (x: t) : t = in_single single.cos x
  -- | Tangent.
  def tan (x: t) : t = in_single single.tan x
  -- | Inverse sine.
  def asin (x: t) : t = in_single single.asin x
  -- | Inverse cosine.
  def acos (x: t) : t = in_single single.acos x
  -- | Hyperbolic sine.
  def sinh (x: t) : t = in_single single.sinh x
  -- | Hyperbolic cosine.
  def cosh (x: t) : t = in_single single.cosh x
  -- | Hyperbolic tangent.
  def tanh (x: t) : t = in_single single.tanh x
  -- | Inverse hyperbolic sine.
  def asinh (x: t) : t = in_single single.asinh x
  -- | Inverse hyperbolic cosine.
  def acosh (x: t) : t = in_single single.acosh x
  -- | Inverse hyperbolic tangent.
  def atanh (x: t) : t = in_single single.atanh x
  -- | The gamma function.
  def gamma (x: t) : t = in_single single.gamma x
  -- | The natural logarithm of the absolute value of `gamma x`.
  def lgamma (x: t) : t = in_single single.lgamma x
  -- | The error function.
  def erf (x: t) : t = in_single single.erf x
  -- | The complementary error function, `1 - erf x`.
  def erfc (x: t) : t = in_single single.erfc x
  -- | Round down to an integer.
  def floor (x: t) : t = in_single single.floor x
  -- | Round to the nearest integer, halfway cases to even.
  def round (x: t) : t = in_single single.round x
  -- | `atan2 y x`: the angle from the positive x-axis to `(x, y)`.
  def atan2 (y: t) (x: t) : t = in_single2 single.atan2 y x
  -- | The length of the vector `(x, y)`, without undue overflow.
  def hypot (x: t) (y: t) : t = in_single2 single.hypot x y
  -- | The magnitude of `x` with the sign of `y`.
  def copysign (x: t) (y: t) : t = in_single2 single.copysign x y
  -- | `x` times two to the power `k`.
  def ldexp (x: t) (k: i32) : t =
    intrinsics.f32_to_f16 (single.ldexp (intrinsics.f16_to_f32 x) k)
  -- | `a * b + c` with a single rounding.  (Computed in double
  -- precision, where the product of two halves is exact.)
  def fma (a: t) (b: t) (c: t) : t =
    intrinsics.f64_to_f16 (double.fma (intrinsics.f16_to_f64 a)
                                      (intrinsics.f16_to_f64 b)
                                      (intrinsics.f16_to_f64 c))

  -- | Absolute value.
  def abs (x: t) : t = copysign x 1
  -- | The sign: -1 or 1 for negative or positive numbers, and `x`
  -- itself for zeroes and NaN.
  def sgn (x: t) : t = if x > 0 then 1 else if x < 0 then -1 else x
  -- | `1 / sqrt x`.
  def rsqrt (x: t) : t = in_single single.rsqrt x
  -- | Inverse tangent.
  def atan (x: t) : t = in_single single.atan x
  -- | Round up to an integer.
  def ceil (x: t) : t = -(floor (-x))
  -- | Round towards zero to an integer.
  def trunc (x: t) : t = if x < 0 then ceil x else floor x
  -- | `sin (pi * x)`.
  def sinpi (x: t) : t = in_single single.sinpi x
  -- | `cos (pi * x)`.
  def cospi (x: t) : t = in_single single.cospi x
  -- | `tan (pi * x)`.
  def tanpi (x: t) : t = in_single single.tanpi x
  -- | `asin x / pi`.
  def asinpi (x: t) : t = in_single single.asinpi x
  -- | `acos x / pi`.
  def acospi (x: t) : t = in_single single.acospi x
  -- | `atan x / pi`.
  def atanpi (x: t) : t = in_single single.atanpi x
  -- | `atan2 y x / pi`.
  def atan2pi (y: t) (x: t) : t = in_single2 single.atan2pi y x
  -- | Linear interpolation from `a` (at `w = 0`) to `b` (at `w = 1`).
  def lerp (a: t) (b: t) (w: t) : t = a + (b - a) * w
  -- | `a * b + c`; possibly fused into one faster operation.
  def mad (a: t) (b: t) (c: t) : t = a * b + c

  -- | The IEEE 754 bit pattern of `x`.
  def to_bits (x: t) : u16 = intrinsics.f16_to_bits x
  -- | The number whose IEEE 754 bit pattern is `b`.
  def from_bits (b: u16) : t = intrinsics.f16_from_bits b
  -- | The width of `f16` in bits: 16.
  def num_bits : i32 = 16
  -- | Bit `bit` of the bit pattern of `x`, as 0 or 1.
  def get_bit (bit: i32) (x: t) : i32 =
    intrinsics.u16_to_i32 ((to_bits x intrinsics.>>> intrinsics.i32_to_u16 bit) intrinsics.& 1)
  -- | `x` with bit `bit` of its bit pattern set to the lowest bit of `b`.
  def set_bit (bit: i32) (x: t) (b: i32) : t =
    let pos = intrinsics.i32_to_u16 bit
    let cleared = to_bits x intrinsics.& !(1 intrinsics.<< pos)
    let wanted = (intrinsics.i32_to_u16 b intrinsics.& 1) intrinsics.<< pos
    in from_bits (cleared intrinsics.| wanted)
  -- | The neighbour of `x` in the direction of `y`: `y` if the two
  -- are equal, and NaN if either is NaN.
  def nextafter (x: t) (y: t) : t =
    if isnan x || isnan y then x + y
    else if x == y then y
    else if x == 0 then copysign (from_bits 1) y
    else let away_from_zero = if x > 0 then x < y else y < x
         let b = to_bits x
         in from_bits (if away_from_zero then b intrinsics.+ 1 else b intrinsics.- 1)

  -- | The sum of the elements; 0 for an empty array.
  def sum [n] (xs: [n]t) : t = reduce (+) 0 xs
  -- | The product of the elements; 1 for an empty array.
  def product [n] (xs: [n]t) : t = reduce (*) 1 xs
  -- | The largest element, ignoring NaNs; `lowest` for an empty array.
  def maximum [n] (xs: [n]t) : t = reduce max lowest xs
  -- | The smallest element, ignoring NaNs; `highest` for an empty array.
  def minimum [n] (xs: [n]t) : t = reduce min highest xs
}
