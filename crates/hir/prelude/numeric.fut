-- | Module types describing the primitive scalar types: what can be
-- converted into them, and which arithmetic each kind of number
-- supports.  The modules `bool`, `i8` ... `u64` and `f16` ... `f64`
-- implement them.
--
-- **Conversions.**  Every module of type `from_prim` can build its
-- type from each primitive type.  In the prelude's modules:
--
-- * A number becomes the `bool` `false` if it is zero (of either
--   sign) and `true` otherwise; `true` becomes 1 and `false` 0.
--
-- * Between integer types, converting to a type of the same or a
--   smaller width keeps the low-order bits.  Converting to a wider
--   type sign-extends when both the source and the target are signed,
--   and zero-extends otherwise; so `u16.i8 (-1)` is 255.
--
-- * A float becomes an integer by rounding towards zero.  Infinities
--   and NaN become 0, and other values outside the target's range
--   give an unspecified result.  To see the bits of a float, use
--   `to_bits` instead.
--
-- * An integer becomes a float by rounding to the nearest
--   representable value (ties to even).  To build a float from its
--   bits, use `from_bits` instead.
--
-- * Between float types, widening is exact and narrowing rounds to
--   nearest (ties to even).

-- | Types that every primitive type can be converted into.  Each
-- member is named after the type it converts *from*, so `f32.i64 x`
-- turns the `i64` value `x` into an `f32`.
module type from_prim = {
  -- | The type converted into.
  type t

  -- | Convert from `i8`.
  val i8 : i8 -> t
  -- | Convert from `i16`.
  val i16 : i16 -> t
  -- | Convert from `i32`.
  val i32 : i32 -> t
  -- | Convert from `i64`.
  val i64 : i64 -> t
  -- | Convert from `u8`.
  val u8 : u8 -> t
  -- | Convert from `u16`.
  val u16 : u16 -> t
  -- | Convert from `u32`.
  val u32 : u32 -> t
  -- | Convert from `u64`.
  val u64 : u64 -> t
  -- | Convert from `f16`.
  val f16 : f16 -> t
  -- | Convert from `f32`.
  val f32 : f32 -> t
  -- | Convert from `f64`.
  val f64 : f64 -> t
  -- | Convert from `bool`: `true` is 1 and `false` is 0.
  val bool : bool -> t
}

-- | Operations shared by all numeric types, integral and
-- floating-point alike.
module type numeric = {
  include from_prim

  -- | Addition.
  val (+) : t -> t -> t
  -- | Subtraction.
  val (-) : t -> t -> t
  -- | Multiplication.
  val (*) : t -> t -> t
  -- | Division.  On integers it rounds towards negative infinity.
  val (/) : t -> t -> t
  -- | Remainder of `/`.  On integers its sign follows the divisor.
  val (%) : t -> t -> t
  -- | Exponentiation.
  val (**) : t -> t -> t

  -- | Convert to `i64`, by the rules of `from_prim`.
  val to_i64 : t -> i64

  -- | Equality.
  val (==) : t -> t -> bool
  -- | Less than.
  val (<) : t -> t -> bool
  -- | Greater than.
  val (>) : t -> t -> bool
  -- | Less than or equal.
  val (<=) : t -> t -> bool
  -- | Greater than or equal.
  val (>=) : t -> t -> bool
  -- | Inequality.
  val (!=) : t -> t -> bool

  -- | Arithmetic negation, `0 - x`.  (For the bitwise complement of an
  -- integer, see `not` in `integral`.)
  val neg : t -> t
  -- | The larger of two numbers.
  val max : t -> t -> t
  -- | The smaller of two numbers.
  val min : t -> t -> t
  -- | Absolute value.
  val abs : t -> t
  -- | The sign of a number: -1 if negative, 0 if zero, 1 if positive.
  val sgn : t -> t

  -- | The largest value of the type (positive infinity for floats).
  val highest : t
  -- | The smallest value of the type: the most negative number for
  -- signed types, zero for unsigned ones, and negative infinity for
  -- floats.
  val lowest : t

  -- | The sum of all elements; zero for an empty array.
  val sum [n] : [n]t -> t
  -- | The product of all elements; one for an empty array.
  val product [n] : [n]t -> t
  -- | The largest element; `lowest` for an empty array.
  val maximum [n] : [n]t -> t
  -- | The smallest element; `highest` for an empty array.
  val minimum [n] : [n]t -> t
}

-- | Numeric types that are integers, with truncating division and
-- access to the underlying bits.
module type integral = {
  include numeric

  -- | Division rounding towards zero.  Differs from `/` only when
  -- exactly one operand is negative, and may be cheaper.
  val (//) : t -> t -> t
  -- | Remainder of `//`; its sign follows the dividend.  Differs from
  -- `%` only when exactly one operand is negative, and may be cheaper.
  val (%%) : t -> t -> t

  -- | Bitwise and.
  val (&) : t -> t -> t
  -- | Bitwise or.
  val (|) : t -> t -> t
  -- | Bitwise exclusive or.
  val (^) : t -> t -> t
  -- | Bitwise complement (every bit flipped).
  val not : t -> t
  -- | Shift left, filling with zero bits.
  val (<<) : t -> t -> t
  -- | Arithmetic shift right: the vacated high bits are copies of the
  -- highest bit.
  val (>>) : t -> t -> t
  -- | Logical shift right: the vacated high bits are zero.
  val (>>>) : t -> t -> t

  -- | The width of the type in bits.
  val num_bits : i32
  -- | `get_bit i x` is bit `i` of `x` (0 is the least significant),
  -- as 0 or 1.
  val get_bit : i32 -> t -> i32
  -- | `set_bit i x b` is `x` with bit `i` set to `b`, which should be
  -- 0 or 1 (only its lowest bit is used).
  val set_bit : i32 -> t -> i32 -> t

  -- | The number of one bits.
  val popc : t -> i32
  -- | The upper half of the double-width product `x * y`.
  val mul_hi : (x: t) -> (y: t) -> t
  -- | `mad_hi a b c` is `mul_hi a b + c`, possibly computed faster.
  val mad_hi : (a: t) -> (b: t) -> (c: t) -> t
  -- | The number of zero bits above the highest one bit; `num_bits`
  -- for zero.
  val clz : t -> i32
  -- | The number of zero bits below the lowest one bit; `num_bits`
  -- for zero.
  val ctz : t -> i32
}

-- | Numeric types that approximate the real numbers, with the usual
-- elementary functions.
module type real = {
  include numeric

  -- | `from_fraction a b` is the number closest to `a / b`, computed as
  -- the quotient of the two converted operands.
  val from_fraction : i64 -> i64 -> t
  -- | Convert to `f64`.
  val to_f64 : t -> f64

  -- | The reciprocal `1 / x`.
  val recip : t -> t
  -- | Square root.
  val sqrt : t -> t
  -- | Reciprocal square root, `1 / sqrt x`; some backends have a
  -- faster instruction for it.
  val rsqrt : t -> t
  -- | Cube root.
  val cbrt : t -> t

  -- | The exponential function, *eˣ*.
  val exp : t -> t
  -- | Natural logarithm.
  val log : t -> t
  -- | Logarithm to base 2.
  val log2 : t -> t
  -- | Logarithm to base 10.
  val log10 : t -> t
  -- | `log (1 + x)`, accurate also when `x` is close to zero.
  val log1p : t -> t

  -- | Sine (argument in radians).
  val sin : t -> t
  -- | Cosine (argument in radians).
  val cos : t -> t
  -- | Tangent (argument in radians).
  val tan : t -> t
  -- | `sin (pi * x)`; may be faster or more accurate on some backends.
  val sinpi : t -> t
  -- | `cos (pi * x)`; may be faster or more accurate on some backends.
  val cospi : t -> t
  -- | `tan (pi * x)`; may be faster or more accurate on some backends.
  val tanpi : t -> t

  -- | Inverse sine, in radians.
  val asin : t -> t
  -- | Inverse cosine, in radians.
  val acos : t -> t
  -- | Inverse tangent, in radians.
  val atan : t -> t
  -- | `asin x / pi`.
  val asinpi : t -> t
  -- | `acos x / pi`.
  val acospi : t -> t
  -- | `atan x / pi`.
  val atanpi : t -> t
  -- | `atan2 y x` is the angle, in radians, from the positive x-axis
  -- to the point `(x, y)`; it lies between `-pi` and `pi`.
  val atan2 : t -> t -> t
  -- | `atan2 y x / pi`.
  val atan2pi : t -> t -> t

  -- | Hyperbolic sine.
  val sinh : t -> t
  -- | Hyperbolic cosine.
  val cosh : t -> t
  -- | Hyperbolic tangent.
  val tanh : t -> t
  -- | Inverse hyperbolic sine.
  val asinh : t -> t
  -- | Inverse hyperbolic cosine.
  val acosh : t -> t
  -- | Inverse hyperbolic tangent.
  val atanh : t -> t

  -- | `hypot x y` is *√(x² + y²)*, the distance of `(x, y)` from the
  -- origin, computed without overflowing or underflowing in the
  -- intermediate steps.
  val hypot : t -> t -> t
  -- | The gamma function, *Γ(x)*.
  val gamma : t -> t
  -- | The natural logarithm of the absolute value of `gamma x`.
  val lgamma : t -> t
  -- | The error function.
  val erf : t -> t
  -- | The complementary error function, `1 - erf x`, accurate also
  -- when that is close to zero.
  val erfc : t -> t

  -- | `lerp a b w` interpolates linearly from `a` (when `w` is 0) to `b`
  -- (when `w` is 1).  The result is unspecified unless `w` lies in
  -- `[0, 1]`.
  val lerp : t -> t -> t -> t

  -- | Round up to an integer.
  val ceil : t -> t
  -- | Round down to an integer.
  val floor : t -> t
  -- | Round towards zero to an integer.
  val trunc : t -> t
  -- | Round to the nearest integer; a value exactly halfway between
  -- two integers goes to the even one (unlike C's `round`).
  val round : t -> t

  -- | `mad a b c` is `a * b + c`.  A backend may fuse it into one
  -- faster operation with different rounding; use `fma` when the
  -- rounding matters.
  val mad : (a: t) -> (b: t) -> (c: t) -> t
  -- | Fused multiply-add: `a * b + c` rounded only once, as if
  -- computed exactly (IEEE 754-2008 `fusedMultiplyAdd`).
  val fma : (a: t) -> (b: t) -> (c: t) -> t

  -- | Is the argument positive or negative infinity?
  val isinf : t -> bool
  -- | Is the argument NaN?
  val isnan : t -> bool
  -- | Positive infinity.
  val inf : t
  -- | A NaN ("not a number") value.
  val nan : t
  -- | The constant *π*.
  val pi : t
  -- | The constant *e*, the base of the natural logarithm.
  val e : t
}

-- | Real numbers represented as IEEE 754 binary floating-point
-- numbers, with access to their bit patterns.
module type float = {
  include real

  -- | The unsigned integer type with the same width as `t`, which
  -- holds bit patterns.
  type int_t

  -- | The float with the given IEEE 754 bit pattern.
  val from_bits : int_t -> t
  -- | The IEEE 754 bit pattern of a float.
  val to_bits : t -> int_t

  -- | The width of the type in bits.
  val num_bits : i32
  -- | `get_bit i x` is bit `i` of the bit pattern of `x` (0 is the
  -- least significant), as 0 or 1.
  val get_bit : i32 -> t -> i32
  -- | `set_bit i x b` is `x` with bit `i` of its bit pattern set to
  -- `b`, which should be 0 or 1 (only its lowest bit is used).
  val set_bit : i32 -> t -> i32 -> t

  -- | The distance from 1 to the next larger representable number.
  val epsilon : t
  -- | `nextafter x y` is the representable number next to `x` in the
  -- direction of `y`; it is `y` if the two are equal, and NaN if
  -- either is NaN.
  val nextafter : (x: t) -> (y: t) -> t
  -- | `ldexp x k` is *x · 2ᵏ*.
  val ldexp : t -> i32 -> t
  -- | `copysign x y` has the magnitude of `x` and the sign of `y`.
  val copysign : (x: t) -> (y: t) -> t
}
