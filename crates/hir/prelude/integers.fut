-- | The `bool` module and the integer modules `i8`, `i16`, `i32`,
-- `i64`, `u8`, `u16`, `u32` and `u64`.
--
-- Each integer module implements `integral`, and `bool` implements
-- `from_prim`; the rules for conversions are stated in "numeric".
-- Inside a module that defines an operator such as `+`, the built-in
-- overloaded operator is written `intrinsics.+`: a definition is in
-- scope in its own body, so a plain `+` there would refer to itself.

import "soacs"
import "numeric"

-- | Truth values, as a target of conversions: a number converts to
-- `false` if it is zero and to `true` otherwise.
module bool : (from_prim with t = bool) = {
  -- | The type of the module's values, `bool`.
  type t = bool

  -- | `true` unless the `i8` is zero.
  def i8 (x: i8) : bool = x != 0
  -- | `true` unless the `i16` is zero.
  def i16 (x: i16) : bool = x != 0
  -- | `true` unless the `i32` is zero.
  def i32 (x: i32) : bool = x != 0
  -- | `true` unless the `i64` is zero.
  def i64 (x: i64) : bool = x != 0
  -- | `true` unless the `u8` is zero.
  def u8 (x: u8) : bool = x != 0
  -- | `true` unless the `u16` is zero.
  def u16 (x: u16) : bool = x != 0
  -- | `true` unless the `u32` is zero.
  def u32 (x: u32) : bool = x != 0
  -- | `true` unless the `u64` is zero.
  def u64 (x: u64) : bool = x != 0
  -- | `true` unless the `f16` is zero.
  def f16 (x: f16) : bool = x != 0
  -- | `true` unless the `f32` is zero.
  def f32 (x: f32) : bool = x != 0
  -- | `true` unless the `f64` is zero.
  def f64 (x: f64) : bool = x != 0
  -- | The identity.
  def bool (x: bool) : bool = x
}

-- | Signed 8-bit integers, from `-128` to `127`.
-- Arithmetic wraps around on overflow.
module i8 : (integral with t = i8) = {
  -- | The type of the module's values, `i8`.
  type t = i8

  -- | Addition, wrapping around on overflow.
  def (+) (x: t) (y: t) : t = x intrinsics.+ y
  -- | Subtraction, wrapping around on overflow.
  def (-) (x: t) (y: t) : t = x intrinsics.- y
  -- | Multiplication, wrapping around on overflow.
  def (*) (x: t) (y: t) : t = x intrinsics.* y
  -- | Division, rounding towards negative infinity.
  def (/) (x: t) (y: t) : t = x intrinsics./ y
  -- | Remainder of `/`; its sign follows the divisor.
  def (%) (x: t) (y: t) : t = x intrinsics.% y
  -- | Exponentiation, wrapping around on overflow.
  def (**) (x: t) (y: t) : t = x intrinsics.** y
  -- | Division, rounding towards zero.
  def (//) (x: t) (y: t) : t = x intrinsics.// y
  -- | Remainder of `//`; its sign follows the dividend.
  def (%%) (x: t) (y: t) : t = x intrinsics.%% y
  -- | Bitwise and.
  def (&) (x: t) (y: t) : t = x intrinsics.& y
  -- | Bitwise or.
  def (|) (x: t) (y: t) : t = x intrinsics.| y
  -- | Bitwise exclusive or.
  def (^) (x: t) (y: t) : t = x intrinsics.^ y
  -- | Shift left, filling with zero bits.
  def (<<) (x: t) (y: t) : t = x intrinsics.<< y
  -- | Arithmetic shift right: the vacated high bits copy the sign bit.
  def (>>) (x: t) (y: t) : t = x intrinsics.>> y
  -- | Logical shift right: the vacated high bits are zero.
  def (>>>) (x: t) (y: t) : t = x intrinsics.>>> y
  -- | Bitwise complement.
  def not (x: t) : t = !x

  -- | Equality.
  def (==) (x: t) (y: t) : bool = x intrinsics.== y
  -- | Inequality.
  def (!=) (x: t) (y: t) : bool = x intrinsics.!= y
  -- | Less than.
  def (<) (x: t) (y: t) : bool = x intrinsics.< y
  -- | Less than or equal.
  def (<=) (x: t) (y: t) : bool = x intrinsics.<= y
  -- | Greater than.
  def (>) (x: t) (y: t) : bool = x intrinsics.> y
  -- | Greater than or equal.
  def (>=) (x: t) (y: t) : bool = x intrinsics.>= y

  -- | Convert from `i8`: the identity.
  def i8 (x: i8) : t = x
  -- | Convert from `i16`, keeping the low 8 bits.
  def i16 (x: i16) : t = intrinsics.i16_to_i8 x
  -- | Convert from `i32`, keeping the low 8 bits.
  def i32 (x: i32) : t = intrinsics.i32_to_i8 x
  -- | Convert from `i64`, keeping the low 8 bits.
  def i64 (x: i64) : t = intrinsics.i64_to_i8 x
  -- | Convert from `u8`, reinterpreting the same bits.
  def u8 (x: u8) : t = intrinsics.u8_to_i8 x
  -- | Convert from `u16`, keeping the low 8 bits.
  def u16 (x: u16) : t = intrinsics.u16_to_i8 x
  -- | Convert from `u32`, keeping the low 8 bits.
  def u32 (x: u32) : t = intrinsics.u32_to_i8 x
  -- | Convert from `u64`, keeping the low 8 bits.
  def u64 (x: u64) : t = intrinsics.u64_to_i8 x
  -- | Convert from `f16`, rounding towards zero (infinities and NaN give 0).
  def f16 (x: f16) : t = intrinsics.f16_to_i8 x
  -- | Convert from `f32`, rounding towards zero (infinities and NaN give 0).
  def f32 (x: f32) : t = intrinsics.f32_to_i8 x
  -- | Convert from `f64`, rounding towards zero (infinities and NaN give 0).
  def f64 (x: f64) : t = intrinsics.f64_to_i8 x
  -- | Convert from `bool`: `true` is 1 and `false` is 0.
  def bool (x: bool) : t = if x then 1 else 0
  -- | Convert to `i64`, by sign extension.
  def to_i64 (x: t) : i64 = intrinsics.i8_to_i64 x

  -- | Negation, `0 - x`, wrapping around on overflow.
  def neg (x: t) : t = -x
  -- | Absolute value.  `abs lowest` wraps around to `lowest`.
  def abs (x: t) : t = if x < 0 then -x else x
  -- | The sign: -1, 0 or 1.
  def sgn (x: t) : t = if x < 0 then -1 else if x > 0 then 1 else 0
  -- | The larger argument.
  def max (x: t) (y: t) : t = if x < y then y else x
  -- | The smaller argument.
  def min (x: t) (y: t) : t = if y < x then y else x

  -- | The largest `i8`, 127.
  def highest : t = 127
  -- | The smallest `i8`, -128.
  def lowest : t = -highest - 1

  -- | The width of `i8` in bits: 8.
  def num_bits : i32 = 8
  -- | Bit `bit` of `x` (0 is the least significant), as 0 or 1.
  def get_bit (bit: i32) (x: t) : i32 = intrinsics.i8_to_i32 ((x >>> i32 bit) & 1)
  -- | `x` with bit `bit` set to the lowest bit of `b`.
  def set_bit (bit: i32) (x: t) (b: i32) : t =
    let pos = i32 bit
    in (x & not (1 << pos)) | ((i32 b & 1) << pos)

  -- | The number of one bits.
  def popc (x: t) : i32 = intrinsics.popc_u8 (intrinsics.i8_to_u8 x)
  -- | The number of leading zero bits; 8 for zero.
  def clz (x: t) : i32 = intrinsics.clz_u8 (intrinsics.i8_to_u8 x)
  -- | The number of trailing zero bits; 8 for zero.
  def ctz (x: t) : i32 = intrinsics.ctz_u8 (intrinsics.i8_to_u8 x)
  -- | The upper 8 bits of the 16-bit product of `x` and `y`.
  def mul_hi (x: t) (y: t) : t =
    let full = intrinsics.i8_to_i64 x intrinsics.* intrinsics.i8_to_i64 y
    in intrinsics.i64_to_i8 (full intrinsics.>> 8)
  -- | `mul_hi a b + c`.
  def mad_hi (a: t) (b: t) (c: t) : t = mul_hi a b + c

  -- | The sum of the elements; 0 for an empty array.
  def sum [n] (xs: [n]t) : t = reduce (+) 0 xs
  -- | The product of the elements; 1 for an empty array.
  def product [n] (xs: [n]t) : t = reduce (*) 1 xs
  -- | The largest element; `lowest` for an empty array.
  def maximum [n] (xs: [n]t) : t = reduce max lowest xs
  -- | The smallest element; `highest` for an empty array.
  def minimum [n] (xs: [n]t) : t = reduce min highest xs
}

-- | Signed 16-bit integers, from `-32768` to `32767`.
-- Arithmetic wraps around on overflow.
module i16 : (integral with t = i16) = {
  -- | The type of the module's values, `i16`.
  type t = i16

  -- | Addition, wrapping around on overflow.
  def (+) (x: t) (y: t) : t = x intrinsics.+ y
  -- | Subtraction, wrapping around on overflow.
  def (-) (x: t) (y: t) : t = x intrinsics.- y
  -- | Multiplication, wrapping around on overflow.
  def (*) (x: t) (y: t) : t = x intrinsics.* y
  -- | Division, rounding towards negative infinity.
  def (/) (x: t) (y: t) : t = x intrinsics./ y
  -- | Remainder of `/`; its sign follows the divisor.
  def (%) (x: t) (y: t) : t = x intrinsics.% y
  -- | Exponentiation, wrapping around on overflow.
  def (**) (x: t) (y: t) : t = x intrinsics.** y
  -- | Division, rounding towards zero.
  def (//) (x: t) (y: t) : t = x intrinsics.// y
  -- | Remainder of `//`; its sign follows the dividend.
  def (%%) (x: t) (y: t) : t = x intrinsics.%% y
  -- | Bitwise and.
  def (&) (x: t) (y: t) : t = x intrinsics.& y
  -- | Bitwise or.
  def (|) (x: t) (y: t) : t = x intrinsics.| y
  -- | Bitwise exclusive or.
  def (^) (x: t) (y: t) : t = x intrinsics.^ y
  -- | Shift left, filling with zero bits.
  def (<<) (x: t) (y: t) : t = x intrinsics.<< y
  -- | Arithmetic shift right: the vacated high bits copy the sign bit.
  def (>>) (x: t) (y: t) : t = x intrinsics.>> y
  -- | Logical shift right: the vacated high bits are zero.
  def (>>>) (x: t) (y: t) : t = x intrinsics.>>> y
  -- | Bitwise complement.
  def not (x: t) : t = !x

  -- | Equality.
  def (==) (x: t) (y: t) : bool = x intrinsics.== y
  -- | Inequality.
  def (!=) (x: t) (y: t) : bool = x intrinsics.!= y
  -- | Less than.
  def (<) (x: t) (y: t) : bool = x intrinsics.< y
  -- | Less than or equal.
  def (<=) (x: t) (y: t) : bool = x intrinsics.<= y
  -- | Greater than.
  def (>) (x: t) (y: t) : bool = x intrinsics.> y
  -- | Greater than or equal.
  def (>=) (x: t) (y: t) : bool = x intrinsics.>= y

  -- | Convert from `i8`, by sign extension.
  def i8 (x: i8) : t = intrinsics.i8_to_i16 x
  -- | Convert from `i16`: the identity.
  def i16 (x: i16) : t = x
  -- | Convert from `i32`, keeping the low 16 bits.
  def i32 (x: i32) : t = intrinsics.i32_to_i16 x
  -- | Convert from `i64`, keeping the low 16 bits.
  def i64 (x: i64) : t = intrinsics.i64_to_i16 x
  -- | Convert from `u8`, by zero extension.
  def u8 (x: u8) : t = intrinsics.u8_to_i16 x
  -- | Convert from `u16`, reinterpreting the same bits.
  def u16 (x: u16) : t = intrinsics.u16_to_i16 x
  -- | Convert from `u32`, keeping the low 16 bits.
  def u32 (x: u32) : t = intrinsics.u32_to_i16 x
  -- | Convert from `u64`, keeping the low 16 bits.
  def u64 (x: u64) : t = intrinsics.u64_to_i16 x
  -- | Convert from `f16`, rounding towards zero (infinities and NaN give 0).
  def f16 (x: f16) : t = intrinsics.f16_to_i16 x
  -- | Convert from `f32`, rounding towards zero (infinities and NaN give 0).
  def f32 (x: f32) : t = intrinsics.f32_to_i16 x
  -- | Convert from `f64`, rounding towards zero (infinities and NaN give 0).
  def f64 (x: f64) : t = intrinsics.f64_to_i16 x
  -- | Convert from `bool`: `true` is 1 and `false` is 0.
  def bool (x: bool) : t = if x then 1 else 0
  -- | Convert to `i64`, by sign extension.
  def to_i64 (x: t) : i64 = intrinsics.i16_to_i64 x

  -- | Negation, `0 - x`, wrapping around on overflow.
  def neg (x: t) : t = -x
  -- | Absolute value.  `abs lowest` wraps around to `lowest`.
  def abs (x: t) : t = if x < 0 then -x else x
  -- | The sign: -1, 0 or 1.
  def sgn (x: t) : t = if x < 0 then -1 else if x > 0 then 1 else 0
  -- | The larger argument.
  def max (x: t) (y: t) : t = if x < y then y else x
  -- | The smaller argument.
  def min (x: t) (y: t) : t = if y < x then y else x

  -- | The largest `i16`, 32767.
  def highest : t = 32767
  -- | The smallest `i16`, -32768.
  def lowest : t = -highest - 1

  -- | The width of `i16` in bits: 16.
  def num_bits : i32 = 16
  -- | Bit `bit` of `x` (0 is the least significant), as 0 or 1.
  def get_bit (bit: i32) (x: t) : i32 = intrinsics.i16_to_i32 ((x >>> i32 bit) & 1)
  -- | `x` with bit `bit` set to the lowest bit of `b`.
  def set_bit (bit: i32) (x: t) (b: i32) : t =
    let pos = i32 bit
    in (x & not (1 << pos)) | ((i32 b & 1) << pos)

  -- | The number of one bits.
  def popc (x: t) : i32 = intrinsics.popc_u16 (intrinsics.i16_to_u16 x)
  -- | The number of leading zero bits; 16 for zero.
  def clz (x: t) : i32 = intrinsics.clz_u16 (intrinsics.i16_to_u16 x)
  -- | The number of trailing zero bits; 16 for zero.
  def ctz (x: t) : i32 = intrinsics.ctz_u16 (intrinsics.i16_to_u16 x)
  -- | The upper 16 bits of the 32-bit product of `x` and `y`.
  def mul_hi (x: t) (y: t) : t =
    let full = intrinsics.i16_to_i64 x intrinsics.* intrinsics.i16_to_i64 y
    in intrinsics.i64_to_i16 (full intrinsics.>> 16)
  -- | `mul_hi a b + c`.
  def mad_hi (a: t) (b: t) (c: t) : t = mul_hi a b + c

  -- | The sum of the elements; 0 for an empty array.
  def sum [n] (xs: [n]t) : t = reduce (+) 0 xs
  -- | The product of the elements; 1 for an empty array.
  def product [n] (xs: [n]t) : t = reduce (*) 1 xs
  -- | The largest element; `lowest` for an empty array.
  def maximum [n] (xs: [n]t) : t = reduce max lowest xs
  -- | The smallest element; `highest` for an empty array.
  def minimum [n] (xs: [n]t) : t = reduce min highest xs
}

-- | Signed 32-bit integers, from `-2147483648` to `2147483647`.
-- Arithmetic wraps around on overflow.
module i32 : (integral with t = i32) = {
  -- | The type of the module's values, `i32`.
  type t = i32

  -- | Addition, wrapping around on overflow.
  def (+) (x: t) (y: t) : t = x intrinsics.+ y
  -- | Subtraction, wrapping around on overflow.
  def (-) (x: t) (y: t) : t = x intrinsics.- y
  -- | Multiplication, wrapping around on overflow.
  def (*) (x: t) (y: t) : t = x intrinsics.* y
  -- | Division, rounding towards negative infinity.
  def (/) (x: t) (y: t) : t = x intrinsics./ y
  -- | Remainder of `/`; its sign follows the divisor.
  def (%) (x: t) (y: t) : t = x intrinsics.% y
  -- | Exponentiation, wrapping around on overflow.
  def (**) (x: t) (y: t) : t = x intrinsics.** y
  -- | Division, rounding towards zero.
  def (//) (x: t) (y: t) : t = x intrinsics.// y
  -- | Remainder of `//`; its sign follows the dividend.
  def (%%) (x: t) (y: t) : t = x intrinsics.%% y
  -- | Bitwise and.
  def (&) (x: t) (y: t) : t = x intrinsics.& y
  -- | Bitwise or.
  def (|) (x: t) (y: t) : t = x intrinsics.| y
  -- | Bitwise exclusive or.
  def (^) (x: t) (y: t) : t = x intrinsics.^ y
  -- | Shift left, filling with zero bits.
  def (<<) (x: t) (y: t) : t = x intrinsics.<< y
  -- | Arithmetic shift right: the vacated high bits copy the sign bit.
  def (>>) (x: t) (y: t) : t = x intrinsics.>> y
  -- | Logical shift right: the vacated high bits are zero.
  def (>>>) (x: t) (y: t) : t = x intrinsics.>>> y
  -- | Bitwise complement.
  def not (x: t) : t = !x

  -- | Equality.
  def (==) (x: t) (y: t) : bool = x intrinsics.== y
  -- | Inequality.
  def (!=) (x: t) (y: t) : bool = x intrinsics.!= y
  -- | Less than.
  def (<) (x: t) (y: t) : bool = x intrinsics.< y
  -- | Less than or equal.
  def (<=) (x: t) (y: t) : bool = x intrinsics.<= y
  -- | Greater than.
  def (>) (x: t) (y: t) : bool = x intrinsics.> y
  -- | Greater than or equal.
  def (>=) (x: t) (y: t) : bool = x intrinsics.>= y

  -- | Convert from `i8`, by sign extension.
  def i8 (x: i8) : t = intrinsics.i8_to_i32 x
  -- | Convert from `i16`, by sign extension.
  def i16 (x: i16) : t = intrinsics.i16_to_i32 x
  -- | Convert from `i32`: the identity.
  def i32 (x: i32) : t = x
  -- | Convert from `i64`, keeping the low 32 bits.
  def i64 (x: i64) : t = intrinsics.i64_to_i32 x
  -- | Convert from `u8`, by zero extension.
  def u8 (x: u8) : t = intrinsics.u8_to_i32 x
  -- | Convert from `u16`, by zero extension.
  def u16 (x: u16) : t = intrinsics.u16_to_i32 x
  -- | Convert from `u32`, reinterpreting the same bits.
  def u32 (x: u32) : t = intrinsics.u32_to_i32 x
  -- | Convert from `u64`, keeping the low 32 bits.
  def u64 (x: u64) : t = intrinsics.u64_to_i32 x
  -- | Convert from `f16`, rounding towards zero (infinities and NaN give 0).
  def f16 (x: f16) : t = intrinsics.f16_to_i32 x
  -- | Convert from `f32`, rounding towards zero (infinities and NaN give 0).
  def f32 (x: f32) : t = intrinsics.f32_to_i32 x
  -- | Convert from `f64`, rounding towards zero (infinities and NaN give 0).
  def f64 (x: f64) : t = intrinsics.f64_to_i32 x
  -- | Convert from `bool`: `true` is 1 and `false` is 0.
  def bool (x: bool) : t = if x then 1 else 0
  -- | Convert to `i64`, by sign extension.
  def to_i64 (x: t) : i64 = intrinsics.i32_to_i64 x

  -- | Negation, `0 - x`, wrapping around on overflow.
  def neg (x: t) : t = -x
  -- | Absolute value.  `abs lowest` wraps around to `lowest`.
  def abs (x: t) : t = if x < 0 then -x else x
  -- | The sign: -1, 0 or 1.
  def sgn (x: t) : t = if x < 0 then -1 else if x > 0 then 1 else 0
  -- | The larger argument.
  def max (x: t) (y: t) : t = if x < y then y else x
  -- | The smaller argument.
  def min (x: t) (y: t) : t = if y < x then y else x

  -- | The largest `i32`, 2147483647.
  def highest : t = 2147483647
  -- | The smallest `i32`, -2147483648.
  def lowest : t = -highest - 1

  -- | The width of `i32` in bits: 32.
  def num_bits : i32 = 32
  -- | Bit `bit` of `x` (0 is the least significant), as 0 or 1.
  def get_bit (bit: i32) (x: t) : i32 = ((x >>> i32 bit) & 1)
  -- | `x` with bit `bit` set to the lowest bit of `b`.
  def set_bit (bit: i32) (x: t) (b: i32) : t =
    let pos = i32 bit
    in (x & not (1 << pos)) | ((i32 b & 1) << pos)

  -- | The number of one bits.
  def popc (x: t) : i32 = intrinsics.popc_u32 (intrinsics.i32_to_u32 x)
  -- | The number of leading zero bits; 32 for zero.
  def clz (x: t) : i32 = intrinsics.clz_u32 (intrinsics.i32_to_u32 x)
  -- | The number of trailing zero bits; 32 for zero.
  def ctz (x: t) : i32 = intrinsics.ctz_u32 (intrinsics.i32_to_u32 x)
  -- | The upper 32 bits of the 64-bit product of `x` and `y`.
  def mul_hi (x: t) (y: t) : t =
    let full = intrinsics.i32_to_i64 x intrinsics.* intrinsics.i32_to_i64 y
    in intrinsics.i64_to_i32 (full intrinsics.>> 32)
  -- | `mul_hi a b + c`.
  def mad_hi (a: t) (b: t) (c: t) : t = mul_hi a b + c

  -- | The sum of the elements; 0 for an empty array.
  def sum [n] (xs: [n]t) : t = reduce (+) 0 xs
  -- | The product of the elements; 1 for an empty array.
  def product [n] (xs: [n]t) : t = reduce (*) 1 xs
  -- | The largest element; `lowest` for an empty array.
  def maximum [n] (xs: [n]t) : t = reduce max lowest xs
  -- | The smallest element; `highest` for an empty array.
  def minimum [n] (xs: [n]t) : t = reduce min highest xs
}

-- | Signed 64-bit integers, from `-9223372036854775808` to `9223372036854775807`.
-- Arithmetic wraps around on overflow.
module i64 : (integral with t = i64) = {
  -- | The type of the module's values, `i64`.
  type t = i64

  -- | Addition, wrapping around on overflow.
  def (+) (x: t) (y: t) : t = x intrinsics.+ y
  -- | Subtraction, wrapping around on overflow.
  def (-) (x: t) (y: t) : t = x intrinsics.- y
  -- | Multiplication, wrapping around on overflow.
  def (*) (x: t) (y: t) : t = x intrinsics.* y
  -- | Division, rounding towards negative infinity.
  def (/) (x: t) (y: t) : t = x intrinsics./ y
  -- | Remainder of `/`; its sign follows the divisor.
  def (%) (x: t) (y: t) : t = x intrinsics.% y
  -- | Exponentiation, wrapping around on overflow.
  def (**) (x: t) (y: t) : t = x intrinsics.** y
  -- | Division, rounding towards zero.
  def (//) (x: t) (y: t) : t = x intrinsics.// y
  -- | Remainder of `//`; its sign follows the dividend.
  def (%%) (x: t) (y: t) : t = x intrinsics.%% y
  -- | Bitwise and.
  def (&) (x: t) (y: t) : t = x intrinsics.& y
  -- | Bitwise or.
  def (|) (x: t) (y: t) : t = x intrinsics.| y
  -- | Bitwise exclusive or.
  def (^) (x: t) (y: t) : t = x intrinsics.^ y
  -- | Shift left, filling with zero bits.
  def (<<) (x: t) (y: t) : t = x intrinsics.<< y
  -- | Arithmetic shift right: the vacated high bits copy the sign bit.
  def (>>) (x: t) (y: t) : t = x intrinsics.>> y
  -- | Logical shift right: the vacated high bits are zero.
  def (>>>) (x: t) (y: t) : t = x intrinsics.>>> y
  -- | Bitwise complement.
  def not (x: t) : t = !x

  -- | Equality.
  def (==) (x: t) (y: t) : bool = x intrinsics.== y
  -- | Inequality.
  def (!=) (x: t) (y: t) : bool = x intrinsics.!= y
  -- | Less than.
  def (<) (x: t) (y: t) : bool = x intrinsics.< y
  -- | Less than or equal.
  def (<=) (x: t) (y: t) : bool = x intrinsics.<= y
  -- | Greater than.
  def (>) (x: t) (y: t) : bool = x intrinsics.> y
  -- | Greater than or equal.
  def (>=) (x: t) (y: t) : bool = x intrinsics.>= y

  -- | Convert from `i8`, by sign extension.
  def i8 (x: i8) : t = intrinsics.i8_to_i64 x
  -- | Convert from `i16`, by sign extension.
  def i16 (x: i16) : t = intrinsics.i16_to_i64 x
  -- | Convert from `i32`, by sign extension.
  def i32 (x: i32) : t = intrinsics.i32_to_i64 x
  -- | Convert from `i64`: the identity.
  def i64 (x: i64) : t = x
  -- | Convert from `u8`, by zero extension.
  def u8 (x: u8) : t = intrinsics.u8_to_i64 x
  -- | Convert from `u16`, by zero extension.
  def u16 (x: u16) : t = intrinsics.u16_to_i64 x
  -- | Convert from `u32`, by zero extension.
  def u32 (x: u32) : t = intrinsics.u32_to_i64 x
  -- | Convert from `u64`, reinterpreting the same bits.
  def u64 (x: u64) : t = intrinsics.u64_to_i64 x
  -- | Convert from `f16`, rounding towards zero (infinities and NaN give 0).
  def f16 (x: f16) : t = intrinsics.f16_to_i64 x
  -- | Convert from `f32`, rounding towards zero (infinities and NaN give 0).
  def f32 (x: f32) : t = intrinsics.f32_to_i64 x
  -- | Convert from `f64`, rounding towards zero (infinities and NaN give 0).
  def f64 (x: f64) : t = intrinsics.f64_to_i64 x
  -- | Convert from `bool`: `true` is 1 and `false` is 0.
  def bool (x: bool) : t = if x then 1 else 0
  -- | Convert to `i64`: the identity.
  def to_i64 (x: t) : i64 = x

  -- | Negation, `0 - x`, wrapping around on overflow.
  def neg (x: t) : t = -x
  -- | Absolute value.  `abs lowest` wraps around to `lowest`.
  def abs (x: t) : t = if x < 0 then -x else x
  -- | The sign: -1, 0 or 1.
  def sgn (x: t) : t = if x < 0 then -1 else if x > 0 then 1 else 0
  -- | The larger argument.
  def max (x: t) (y: t) : t = if x < y then y else x
  -- | The smaller argument.
  def min (x: t) (y: t) : t = if y < x then y else x

  -- | The largest `i64`, 9223372036854775807.
  def highest : t = 9223372036854775807
  -- | The smallest `i64`, -9223372036854775808.
  def lowest : t = -highest - 1

  -- | The width of `i64` in bits: 64.
  def num_bits : i32 = 64
  -- | Bit `bit` of `x` (0 is the least significant), as 0 or 1.
  def get_bit (bit: i32) (x: t) : i32 = intrinsics.i64_to_i32 ((x >>> i32 bit) & 1)
  -- | `x` with bit `bit` set to the lowest bit of `b`.
  def set_bit (bit: i32) (x: t) (b: i32) : t =
    let pos = i32 bit
    in (x & not (1 << pos)) | ((i32 b & 1) << pos)

  -- | The number of one bits.
  def popc (x: t) : i32 = intrinsics.popc_u64 (intrinsics.i64_to_u64 x)
  -- | The number of leading zero bits; 64 for zero.
  def clz (x: t) : i32 = intrinsics.clz_u64 (intrinsics.i64_to_u64 x)
  -- | The number of trailing zero bits; 64 for zero.
  def ctz (x: t) : i32 = intrinsics.ctz_u64 (intrinsics.i64_to_u64 x)
  -- | The upper 64 bits of the 128-bit product of `x` and `y`.
  def mul_hi (x: t) (y: t) : t = intrinsics.mul_hi_i64 x y
  -- | `mul_hi a b + c`.
  def mad_hi (a: t) (b: t) (c: t) : t = mul_hi a b + c

  -- | The sum of the elements; 0 for an empty array.
  def sum [n] (xs: [n]t) : t = reduce (+) 0 xs
  -- | The product of the elements; 1 for an empty array.
  def product [n] (xs: [n]t) : t = reduce (*) 1 xs
  -- | The largest element; `lowest` for an empty array.
  def maximum [n] (xs: [n]t) : t = reduce max lowest xs
  -- | The smallest element; `highest` for an empty array.
  def minimum [n] (xs: [n]t) : t = reduce min highest xs
}

-- | Unsigned 8-bit integers, from `0` to `255`.
-- Arithmetic wraps around on overflow.
module u8 : (integral with t = u8) = {
  -- | The type of the module's values, `u8`.
  type t = u8

  -- | Addition, wrapping around on overflow.
  def (+) (x: t) (y: t) : t = x intrinsics.+ y
  -- | Subtraction, wrapping around on overflow.
  def (-) (x: t) (y: t) : t = x intrinsics.- y
  -- | Multiplication, wrapping around on overflow.
  def (*) (x: t) (y: t) : t = x intrinsics.* y
  -- | Division, rounding down.
  def (/) (x: t) (y: t) : t = x intrinsics./ y
  -- | Remainder of `/`.
  def (%) (x: t) (y: t) : t = x intrinsics.% y
  -- | Exponentiation, wrapping around on overflow.
  def (**) (x: t) (y: t) : t = x intrinsics.** y
  -- | Division, rounding down (the same as `/`).
  def (//) (x: t) (y: t) : t = x intrinsics.// y
  -- | Remainder of `//` (the same as `%`).
  def (%%) (x: t) (y: t) : t = x intrinsics.%% y
  -- | Bitwise and.
  def (&) (x: t) (y: t) : t = x intrinsics.& y
  -- | Bitwise or.
  def (|) (x: t) (y: t) : t = x intrinsics.| y
  -- | Bitwise exclusive or.
  def (^) (x: t) (y: t) : t = x intrinsics.^ y
  -- | Shift left, filling with zero bits.
  def (<<) (x: t) (y: t) : t = x intrinsics.<< y
  -- | Arithmetic shift right: the vacated high bits copy the highest
  -- bit, as if the value were signed.  For an ordinary unsigned
  -- shift, use `>>>`.
  def (>>) (x: t) (y: t) : t =
    intrinsics.i8_to_u8 (intrinsics.u8_to_i8 x intrinsics.>> intrinsics.u8_to_i8 y)
  -- | Logical shift right: the vacated high bits are zero.
  def (>>>) (x: t) (y: t) : t = x intrinsics.>>> y
  -- | Bitwise complement.
  def not (x: t) : t = !x

  -- | Equality.
  def (==) (x: t) (y: t) : bool = x intrinsics.== y
  -- | Inequality.
  def (!=) (x: t) (y: t) : bool = x intrinsics.!= y
  -- | Less than.
  def (<) (x: t) (y: t) : bool = x intrinsics.< y
  -- | Less than or equal.
  def (<=) (x: t) (y: t) : bool = x intrinsics.<= y
  -- | Greater than.
  def (>) (x: t) (y: t) : bool = x intrinsics.> y
  -- | Greater than or equal.
  def (>=) (x: t) (y: t) : bool = x intrinsics.>= y

  -- | Convert from `i8`, reinterpreting the same bits.
  def i8 (x: i8) : t = intrinsics.i8_to_u8 x
  -- | Convert from `i16`, keeping the low 8 bits.
  def i16 (x: i16) : t = intrinsics.i16_to_u8 x
  -- | Convert from `i32`, keeping the low 8 bits.
  def i32 (x: i32) : t = intrinsics.i32_to_u8 x
  -- | Convert from `i64`, keeping the low 8 bits.
  def i64 (x: i64) : t = intrinsics.i64_to_u8 x
  -- | Convert from `u8`: the identity.
  def u8 (x: u8) : t = x
  -- | Convert from `u16`, keeping the low 8 bits.
  def u16 (x: u16) : t = intrinsics.u16_to_u8 x
  -- | Convert from `u32`, keeping the low 8 bits.
  def u32 (x: u32) : t = intrinsics.u32_to_u8 x
  -- | Convert from `u64`, keeping the low 8 bits.
  def u64 (x: u64) : t = intrinsics.u64_to_u8 x
  -- | Convert from `f16`, rounding towards zero (infinities and NaN give 0).
  def f16 (x: f16) : t = intrinsics.f16_to_u8 x
  -- | Convert from `f32`, rounding towards zero (infinities and NaN give 0).
  def f32 (x: f32) : t = intrinsics.f32_to_u8 x
  -- | Convert from `f64`, rounding towards zero (infinities and NaN give 0).
  def f64 (x: f64) : t = intrinsics.f64_to_u8 x
  -- | Convert from `bool`: `true` is 1 and `false` is 0.
  def bool (x: bool) : t = if x then 1 else 0
  -- | Convert to `i64`, by zero extension.
  def to_i64 (x: t) : i64 = intrinsics.u8_to_i64 x

  -- | Negation, `0 - x`, wrapping around on overflow.
  def neg (x: t) : t = -x
  -- | Absolute value: the identity, as no value is negative.
  def abs (x: t) : t = x
  -- | The sign: 0 for zero and 1 otherwise.
  def sgn (x: t) : t = if x == 0 then 0 else 1
  -- | The larger argument.
  def max (x: t) (y: t) : t = if x < y then y else x
  -- | The smaller argument.
  def min (x: t) (y: t) : t = if y < x then y else x

  -- | The largest `u8`, 255.
  def highest : t = 255
  -- | The smallest `u8`, 0.
  def lowest : t = 0

  -- | The width of `u8` in bits: 8.
  def num_bits : i32 = 8
  -- | Bit `bit` of `x` (0 is the least significant), as 0 or 1.
  def get_bit (bit: i32) (x: t) : i32 = intrinsics.u8_to_i32 ((x >>> i32 bit) & 1)
  -- | `x` with bit `bit` set to the lowest bit of `b`.
  def set_bit (bit: i32) (x: t) (b: i32) : t =
    let pos = i32 bit
    in (x & not (1 << pos)) | ((i32 b & 1) << pos)

  -- | The number of one bits.
  def popc (x: t) : i32 = intrinsics.popc_u8 x
  -- | The number of leading zero bits; 8 for zero.
  def clz (x: t) : i32 = intrinsics.clz_u8 x
  -- | The number of trailing zero bits; 8 for zero.
  def ctz (x: t) : i32 = intrinsics.ctz_u8 x
  -- | The upper 8 bits of the 16-bit product of `x` and `y`.
  def mul_hi (x: t) (y: t) : t =
    let full = intrinsics.u8_to_u64 x intrinsics.* intrinsics.u8_to_u64 y
    in intrinsics.u64_to_u8 (full intrinsics.>>> 8)
  -- | `mul_hi a b + c`.
  def mad_hi (a: t) (b: t) (c: t) : t = mul_hi a b + c

  -- | The sum of the elements; 0 for an empty array.
  def sum [n] (xs: [n]t) : t = reduce (+) 0 xs
  -- | The product of the elements; 1 for an empty array.
  def product [n] (xs: [n]t) : t = reduce (*) 1 xs
  -- | The largest element; `lowest` for an empty array.
  def maximum [n] (xs: [n]t) : t = reduce max lowest xs
  -- | The smallest element; `highest` for an empty array.
  def minimum [n] (xs: [n]t) : t = reduce min highest xs
}

-- | Unsigned 16-bit integers, from `0` to `65535`.
-- Arithmetic wraps around on overflow.
module u16 : (integral with t = u16) = {
  -- | The type of the module's values, `u16`.
  type t = u16

  -- | Addition, wrapping around on overflow.
  def (+) (x: t) (y: t) : t = x intrinsics.+ y
  -- | Subtraction, wrapping around on overflow.
  def (-) (x: t) (y: t) : t = x intrinsics.- y
  -- | Multiplication, wrapping around on overflow.
  def (*) (x: t) (y: t) : t = x intrinsics.* y
  -- | Division, rounding down.
  def (/) (x: t) (y: t) : t = x intrinsics./ y
  -- | Remainder of `/`.
  def (%) (x: t) (y: t) : t = x intrinsics.% y
  -- | Exponentiation, wrapping around on overflow.
  def (**) (x: t) (y: t) : t = x intrinsics.** y
  -- | Division, rounding down (the same as `/`).
  def (//) (x: t) (y: t) : t = x intrinsics.// y
  -- | Remainder of `//` (the same as `%`).
  def (%%) (x: t) (y: t) : t = x intrinsics.%% y
  -- | Bitwise and.
  def (&) (x: t) (y: t) : t = x intrinsics.& y
  -- | Bitwise or.
  def (|) (x: t) (y: t) : t = x intrinsics.| y
  -- | Bitwise exclusive or.
  def (^) (x: t) (y: t) : t = x intrinsics.^ y
  -- | Shift left, filling with zero bits.
  def (<<) (x: t) (y: t) : t = x intrinsics.<< y
  -- | Arithmetic shift right: the vacated high bits copy the highest
  -- bit, as if the value were signed.  For an ordinary unsigned
  -- shift, use `>>>`.
  def (>>) (x: t) (y: t) : t =
    intrinsics.i16_to_u16 (intrinsics.u16_to_i16 x intrinsics.>> intrinsics.u16_to_i16 y)
  -- | Logical shift right: the vacated high bits are zero.
  def (>>>) (x: t) (y: t) : t = x intrinsics.>>> y
  -- | Bitwise complement.
  def not (x: t) : t = !x

  -- | Equality.
  def (==) (x: t) (y: t) : bool = x intrinsics.== y
  -- | Inequality.
  def (!=) (x: t) (y: t) : bool = x intrinsics.!= y
  -- | Less than.
  def (<) (x: t) (y: t) : bool = x intrinsics.< y
  -- | Less than or equal.
  def (<=) (x: t) (y: t) : bool = x intrinsics.<= y
  -- | Greater than.
  def (>) (x: t) (y: t) : bool = x intrinsics.> y
  -- | Greater than or equal.
  def (>=) (x: t) (y: t) : bool = x intrinsics.>= y

  -- | Convert from `i8`, by zero extension.
  def i8 (x: i8) : t = intrinsics.i8_to_u16 x
  -- | Convert from `i16`, reinterpreting the same bits.
  def i16 (x: i16) : t = intrinsics.i16_to_u16 x
  -- | Convert from `i32`, keeping the low 16 bits.
  def i32 (x: i32) : t = intrinsics.i32_to_u16 x
  -- | Convert from `i64`, keeping the low 16 bits.
  def i64 (x: i64) : t = intrinsics.i64_to_u16 x
  -- | Convert from `u8`, by zero extension.
  def u8 (x: u8) : t = intrinsics.u8_to_u16 x
  -- | Convert from `u16`: the identity.
  def u16 (x: u16) : t = x
  -- | Convert from `u32`, keeping the low 16 bits.
  def u32 (x: u32) : t = intrinsics.u32_to_u16 x
  -- | Convert from `u64`, keeping the low 16 bits.
  def u64 (x: u64) : t = intrinsics.u64_to_u16 x
  -- | Convert from `f16`, rounding towards zero (infinities and NaN give 0).
  def f16 (x: f16) : t = intrinsics.f16_to_u16 x
  -- | Convert from `f32`, rounding towards zero (infinities and NaN give 0).
  def f32 (x: f32) : t = intrinsics.f32_to_u16 x
  -- | Convert from `f64`, rounding towards zero (infinities and NaN give 0).
  def f64 (x: f64) : t = intrinsics.f64_to_u16 x
  -- | Convert from `bool`: `true` is 1 and `false` is 0.
  def bool (x: bool) : t = if x then 1 else 0
  -- | Convert to `i64`, by zero extension.
  def to_i64 (x: t) : i64 = intrinsics.u16_to_i64 x

  -- | Negation, `0 - x`, wrapping around on overflow.
  def neg (x: t) : t = -x
  -- | Absolute value: the identity, as no value is negative.
  def abs (x: t) : t = x
  -- | The sign: 0 for zero and 1 otherwise.
  def sgn (x: t) : t = if x == 0 then 0 else 1
  -- | The larger argument.
  def max (x: t) (y: t) : t = if x < y then y else x
  -- | The smaller argument.
  def min (x: t) (y: t) : t = if y < x then y else x

  -- | The largest `u16`, 65535.
  def highest : t = 65535
  -- | The smallest `u16`, 0.
  def lowest : t = 0

  -- | The width of `u16` in bits: 16.
  def num_bits : i32 = 16
  -- | Bit `bit` of `x` (0 is the least significant), as 0 or 1.
  def get_bit (bit: i32) (x: t) : i32 = intrinsics.u16_to_i32 ((x >>> i32 bit) & 1)
  -- | `x` with bit `bit` set to the lowest bit of `b`.
  def set_bit (bit: i32) (x: t) (b: i32) : t =
    let pos = i32 bit
    in (x & not (1 << pos)) | ((i32 b & 1) << pos)

  -- | The number of one bits.
  def popc (x: t) : i32 = intrinsics.popc_u16 x
  -- | The number of leading zero bits; 16 for zero.
  def clz (x: t) : i32 = intrinsics.clz_u16 x
  -- | The number of trailing zero bits; 16 for zero.
  def ctz (x: t) : i32 = intrinsics.ctz_u16 x
  -- | The upper 16 bits of the 32-bit product of `x` and `y`.
  def mul_hi (x: t) (y: t) : t =
    let full = intrinsics.u16_to_u64 x intrinsics.* intrinsics.u16_to_u64 y
    in intrinsics.u64_to_u16 (full intrinsics.>>> 16)
  -- | `mul_hi a b + c`.
  def mad_hi (a: t) (b: t) (c: t) : t = mul_hi a b + c

  -- | The sum of the elements; 0 for an empty array.
  def sum [n] (xs: [n]t) : t = reduce (+) 0 xs
  -- | The product of the elements; 1 for an empty array.
  def product [n] (xs: [n]t) : t = reduce (*) 1 xs
  -- | The largest element; `lowest` for an empty array.
  def maximum [n] (xs: [n]t) : t = reduce max lowest xs
  -- | The smallest element; `highest` for an empty array.
  def minimum [n] (xs: [n]t) : t = reduce min highest xs
}

-- | Unsigned 32-bit integers, from `0` to `4294967295`.
-- Arithmetic wraps around on overflow.
module u32 : (integral with t = u32) = {
  -- | The type of the module's values, `u32`.
  type t = u32

  -- | Addition, wrapping around on overflow.
  def (+) (x: t) (y: t) : t = x intrinsics.+ y
  -- | Subtraction, wrapping around on overflow.
  def (-) (x: t) (y: t) : t = x intrinsics.- y
  -- | Multiplication, wrapping around on overflow.
  def (*) (x: t) (y: t) : t = x intrinsics.* y
  -- | Division, rounding down.
  def (/) (x: t) (y: t) : t = x intrinsics./ y
  -- | Remainder of `/`.
  def (%) (x: t) (y: t) : t = x intrinsics.% y
  -- | Exponentiation, wrapping around on overflow.
  def (**) (x: t) (y: t) : t = x intrinsics.** y
  -- | Division, rounding down (the same as `/`).
  def (//) (x: t) (y: t) : t = x intrinsics.// y
  -- | Remainder of `//` (the same as `%`).
  def (%%) (x: t) (y: t) : t = x intrinsics.%% y
  -- | Bitwise and.
  def (&) (x: t) (y: t) : t = x intrinsics.& y
  -- | Bitwise or.
  def (|) (x: t) (y: t) : t = x intrinsics.| y
  -- | Bitwise exclusive or.
  def (^) (x: t) (y: t) : t = x intrinsics.^ y
  -- | Shift left, filling with zero bits.
  def (<<) (x: t) (y: t) : t = x intrinsics.<< y
  -- | Arithmetic shift right: the vacated high bits copy the highest
  -- bit, as if the value were signed.  For an ordinary unsigned
  -- shift, use `>>>`.
  def (>>) (x: t) (y: t) : t =
    intrinsics.i32_to_u32 (intrinsics.u32_to_i32 x intrinsics.>> intrinsics.u32_to_i32 y)
  -- | Logical shift right: the vacated high bits are zero.
  def (>>>) (x: t) (y: t) : t = x intrinsics.>>> y
  -- | Bitwise complement.
  def not (x: t) : t = !x

  -- | Equality.
  def (==) (x: t) (y: t) : bool = x intrinsics.== y
  -- | Inequality.
  def (!=) (x: t) (y: t) : bool = x intrinsics.!= y
  -- | Less than.
  def (<) (x: t) (y: t) : bool = x intrinsics.< y
  -- | Less than or equal.
  def (<=) (x: t) (y: t) : bool = x intrinsics.<= y
  -- | Greater than.
  def (>) (x: t) (y: t) : bool = x intrinsics.> y
  -- | Greater than or equal.
  def (>=) (x: t) (y: t) : bool = x intrinsics.>= y

  -- | Convert from `i8`, by zero extension.
  def i8 (x: i8) : t = intrinsics.i8_to_u32 x
  -- | Convert from `i16`, by zero extension.
  def i16 (x: i16) : t = intrinsics.i16_to_u32 x
  -- | Convert from `i32`, reinterpreting the same bits.
  def i32 (x: i32) : t = intrinsics.i32_to_u32 x
  -- | Convert from `i64`, keeping the low 32 bits.
  def i64 (x: i64) : t = intrinsics.i64_to_u32 x
  -- | Convert from `u8`, by zero extension.
  def u8 (x: u8) : t = intrinsics.u8_to_u32 x
  -- | Convert from `u16`, by zero extension.
  def u16 (x: u16) : t = intrinsics.u16_to_u32 x
  -- | Convert from `u32`: the identity.
  def u32 (x: u32) : t = x
  -- | Convert from `u64`, keeping the low 32 bits.
  def u64 (x: u64) : t = intrinsics.u64_to_u32 x
  -- | Convert from `f16`, rounding towards zero (infinities and NaN give 0).
  def f16 (x: f16) : t = intrinsics.f16_to_u32 x
  -- | Convert from `f32`, rounding towards zero (infinities and NaN give 0).
  def f32 (x: f32) : t = intrinsics.f32_to_u32 x
  -- | Convert from `f64`, rounding towards zero (infinities and NaN give 0).
  def f64 (x: f64) : t = intrinsics.f64_to_u32 x
  -- | Convert from `bool`: `true` is 1 and `false` is 0.
  def bool (x: bool) : t = if x then 1 else 0
  -- | Convert to `i64`, by zero extension.
  def to_i64 (x: t) : i64 = intrinsics.u32_to_i64 x

  -- | Negation, `0 - x`, wrapping around on overflow.
  def neg (x: t) : t = -x
  -- | Absolute value: the identity, as no value is negative.
  def abs (x: t) : t = x
  -- | The sign: 0 for zero and 1 otherwise.
  def sgn (x: t) : t = if x == 0 then 0 else 1
  -- | The larger argument.
  def max (x: t) (y: t) : t = if x < y then y else x
  -- | The smaller argument.
  def min (x: t) (y: t) : t = if y < x then y else x

  -- | The largest `u32`, 4294967295.
  def highest : t = 4294967295
  -- | The smallest `u32`, 0.
  def lowest : t = 0

  -- | The width of `u32` in bits: 32.
  def num_bits : i32 = 32
  -- | Bit `bit` of `x` (0 is the least significant), as 0 or 1.
  def get_bit (bit: i32) (x: t) : i32 = intrinsics.u32_to_i32 ((x >>> i32 bit) & 1)
  -- | `x` with bit `bit` set to the lowest bit of `b`.
  def set_bit (bit: i32) (x: t) (b: i32) : t =
    let pos = i32 bit
    in (x & not (1 << pos)) | ((i32 b & 1) << pos)

  -- | The number of one bits.
  def popc (x: t) : i32 = intrinsics.popc_u32 x
  -- | The number of leading zero bits; 32 for zero.
  def clz (x: t) : i32 = intrinsics.clz_u32 x
  -- | The number of trailing zero bits; 32 for zero.
  def ctz (x: t) : i32 = intrinsics.ctz_u32 x
  -- | The upper 32 bits of the 64-bit product of `x` and `y`.
  def mul_hi (x: t) (y: t) : t =
    let full = intrinsics.u32_to_u64 x intrinsics.* intrinsics.u32_to_u64 y
    in intrinsics.u64_to_u32 (full intrinsics.>>> 32)
  -- | `mul_hi a b + c`.
  def mad_hi (a: t) (b: t) (c: t) : t = mul_hi a b + c

  -- | The sum of the elements; 0 for an empty array.
  def sum [n] (xs: [n]t) : t = reduce (+) 0 xs
  -- | The product of the elements; 1 for an empty array.
  def product [n] (xs: [n]t) : t = reduce (*) 1 xs
  -- | The largest element; `lowest` for an empty array.
  def maximum [n] (xs: [n]t) : t = reduce max lowest xs
  -- | The smallest element; `highest` for an empty array.
  def minimum [n] (xs: [n]t) : t = reduce min highest xs
}

-- | Unsigned 64-bit integers, from `0` to `18446744073709551615`.
-- Arithmetic wraps around on overflow.
module u64 : (integral with t = u64) = {
  -- | The type of the module's values, `u64`.
  type t = u64

  -- | Addition, wrapping around on overflow.
  def (+) (x: t) (y: t) : t = x intrinsics.+ y
  -- | Subtraction, wrapping around on overflow.
  def (-) (x: t) (y: t) : t = x intrinsics.- y
  -- | Multiplication, wrapping around on overflow.
  def (*) (x: t) (y: t) : t = x intrinsics.* y
  -- | Division, rounding down.
  def (/) (x: t) (y: t) : t = x intrinsics./ y
  -- | Remainder of `/`.
  def (%) (x: t) (y: t) : t = x intrinsics.% y
  -- | Exponentiation, wrapping around on overflow.
  def (**) (x: t) (y: t) : t = x intrinsics.** y
  -- | Division, rounding down (the same as `/`).
  def (//) (x: t) (y: t) : t = x intrinsics.// y
  -- | Remainder of `//` (the same as `%`).
  def (%%) (x: t) (y: t) : t = x intrinsics.%% y
  -- | Bitwise and.
  def (&) (x: t) (y: t) : t = x intrinsics.& y
  -- | Bitwise or.
  def (|) (x: t) (y: t) : t = x intrinsics.| y
  -- | Bitwise exclusive or.
  def (^) (x: t) (y: t) : t = x intrinsics.^ y
  -- | Shift left, filling with zero bits.
  def (<<) (x: t) (y: t) : t = x intrinsics.<< y
  -- | Arithmetic shift right: the vacated high bits copy the highest
  -- bit, as if the value were signed.  For an ordinary unsigned
  -- shift, use `>>>`.
  def (>>) (x: t) (y: t) : t =
    intrinsics.i64_to_u64 (intrinsics.u64_to_i64 x intrinsics.>> intrinsics.u64_to_i64 y)
  -- | Logical shift right: the vacated high bits are zero.
  def (>>>) (x: t) (y: t) : t = x intrinsics.>>> y
  -- | Bitwise complement.
  def not (x: t) : t = !x

  -- | Equality.
  def (==) (x: t) (y: t) : bool = x intrinsics.== y
  -- | Inequality.
  def (!=) (x: t) (y: t) : bool = x intrinsics.!= y
  -- | Less than.
  def (<) (x: t) (y: t) : bool = x intrinsics.< y
  -- | Less than or equal.
  def (<=) (x: t) (y: t) : bool = x intrinsics.<= y
  -- | Greater than.
  def (>) (x: t) (y: t) : bool = x intrinsics.> y
  -- | Greater than or equal.
  def (>=) (x: t) (y: t) : bool = x intrinsics.>= y

  -- | Convert from `i8`, by zero extension.
  def i8 (x: i8) : t = intrinsics.i8_to_u64 x
  -- | Convert from `i16`, by zero extension.
  def i16 (x: i16) : t = intrinsics.i16_to_u64 x
  -- | Convert from `i32`, by zero extension.
  def i32 (x: i32) : t = intrinsics.i32_to_u64 x
  -- | Convert from `i64`, reinterpreting the same bits.
  def i64 (x: i64) : t = intrinsics.i64_to_u64 x
  -- | Convert from `u8`, by zero extension.
  def u8 (x: u8) : t = intrinsics.u8_to_u64 x
  -- | Convert from `u16`, by zero extension.
  def u16 (x: u16) : t = intrinsics.u16_to_u64 x
  -- | Convert from `u32`, by zero extension.
  def u32 (x: u32) : t = intrinsics.u32_to_u64 x
  -- | Convert from `u64`: the identity.
  def u64 (x: u64) : t = x
  -- | Convert from `f16`, rounding towards zero (infinities and NaN give 0).
  def f16 (x: f16) : t = intrinsics.f16_to_u64 x
  -- | Convert from `f32`, rounding towards zero (infinities and NaN give 0).
  def f32 (x: f32) : t = intrinsics.f32_to_u64 x
  -- | Convert from `f64`, rounding towards zero (infinities and NaN give 0).
  def f64 (x: f64) : t = intrinsics.f64_to_u64 x
  -- | Convert from `bool`: `true` is 1 and `false` is 0.
  def bool (x: bool) : t = if x then 1 else 0
  -- | Convert to `i64`, reinterpreting the same bits.
  def to_i64 (x: t) : i64 = intrinsics.u64_to_i64 x

  -- | Negation, `0 - x`, wrapping around on overflow.
  def neg (x: t) : t = -x
  -- | Absolute value: the identity, as no value is negative.
  def abs (x: t) : t = x
  -- | The sign: 0 for zero and 1 otherwise.
  def sgn (x: t) : t = if x == 0 then 0 else 1
  -- | The larger argument.
  def max (x: t) (y: t) : t = if x < y then y else x
  -- | The smaller argument.
  def min (x: t) (y: t) : t = if y < x then y else x

  -- | The largest `u64`, 18446744073709551615.
  def highest : t = 18446744073709551615
  -- | The smallest `u64`, 0.
  def lowest : t = 0

  -- | The width of `u64` in bits: 64.
  def num_bits : i32 = 64
  -- | Bit `bit` of `x` (0 is the least significant), as 0 or 1.
  def get_bit (bit: i32) (x: t) : i32 = intrinsics.u64_to_i32 ((x >>> i32 bit) & 1)
  -- | `x` with bit `bit` set to the lowest bit of `b`.
  def set_bit (bit: i32) (x: t) (b: i32) : t =
    let pos = i32 bit
    in (x & not (1 << pos)) | ((i32 b & 1) << pos)

  -- | The number of one bits.
  def popc (x: t) : i32 = intrinsics.popc_u64 x
  -- | The number of leading zero bits; 64 for zero.
  def clz (x: t) : i32 = intrinsics.clz_u64 x
  -- | The number of trailing zero bits; 64 for zero.
  def ctz (x: t) : i32 = intrinsics.ctz_u64 x
  -- | The upper 64 bits of the 128-bit product of `x` and `y`.
  def mul_hi (x: t) (y: t) : t = intrinsics.mul_hi_u64 x y
  -- | `mul_hi a b + c`.
  def mad_hi (a: t) (b: t) (c: t) : t = mul_hi a b + c

  -- | The sum of the elements; 0 for an empty array.
  def sum [n] (xs: [n]t) : t = reduce (+) 0 xs
  -- | The product of the elements; 1 for an empty array.
  def product [n] (xs: [n]t) : t = reduce (*) 1 xs
  -- | The largest element; `lowest` for an empty array.
  def maximum [n] (xs: [n]t) : t = reduce max lowest xs
  -- | The smallest element; `highest` for an empty array.
  def minimum [n] (xs: [n]t) : t = reduce min highest xs
}
