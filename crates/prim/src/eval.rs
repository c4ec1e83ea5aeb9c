//! Evaluation of the primitive operations on scalar values: the reference
//! semantics that the interpreter computes with and that generated code
//! must reproduce. They follow upstream Futhark's language reference,
//! prelude and tests; where upstream leaves a case undefined or its
//! interpreter and C backend disagree, the choice made here is noted on
//! the operation.
//!
//! Guarantees:
//! * Every result is deterministic. An operator's result has the type of
//!   its first operand; integer arithmetic wraps around.
//! * The only errors are the ones the language defines: integer division
//!   or remainder by zero, and a signed integer raised to a negative
//!   power ([`PrimError`]).
//! * `f16` operations are computed in `f32` and rounded to `f16` once, as
//!   upstream's half-precision arithmetic does; `f32` operations are
//!   computed in single precision.
//! * Operands of the wrong type (which type-checked core IR never has)
//!   are first converted with [`convert`] to the type of the first
//!   operand (or of the function's type argument), and a `bool` operand
//!   of an arithmetic or bitwise operator acts as the integer 0 or 1 of
//!   width 8; integer operators on floats act on their bit patterns.
//!   Only [`eval_prim_fn`] panics, when given the wrong number of
//!   arguments.

use crate::{BinOp, CmpOp, F16, FloatFn, PrimFn, PrimType, PrimValue, UnOp};
use std::fmt;
use std::ops::{Add, Div, Mul, Rem, Sub};

/// A run-time error of a primitive operation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrimError {
    /// An integer `/`, `%`, `//` or `%%` with a zero divisor.
    DivisionByZero,
    /// A signed integer `**` with a negative exponent.
    NegativeExponent,
}

impl fmt::Display for PrimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Upstream's wording of the assertions it inserts for these.
        f.write_str(match self {
            PrimError::DivisionByZero => "division by zero",
            PrimError::NegativeExponent => "negative exponent",
        })
    }
}

/// Applies a binary operator.
///
/// Integers: `+ - * **` wrap around; `/` and `%` round towards negative
/// infinity (the remainder has the divisor's sign), `//` and `%%` towards
/// zero, and the quotient of the minimum signed value by -1 wraps to the
/// minimum (its remainder is 0). Shifts read the amount as a signed
/// integer of the operand's width; the language leaves amounts that are
/// negative or not below the width undefined, and here, as in upstream's
/// interpreter, a negative amount shifts the other way and a larger one
/// shifts every bit out (giving 0, or all sign bits for `>>` on a signed
/// type). `>>` is arithmetic on signed and logical on unsigned types,
/// `>>>` always logical.
///
/// Floats: IEEE 754 arithmetic; `%` (and `%%`) is C's `fmod`, the
/// remainder with the dividend's sign, as upstream's C backend computes
/// it (upstream's interpreter floors instead); `//` truncates the
/// quotient; `min` and `max` return the other operand when one is NaN
/// (C's `fmin` and `fmax`).
pub fn eval_binop(op: BinOp, a: PrimValue, b: PrimValue) -> Result<PrimValue, PrimError> {
    let ty = a.prim_type();
    let b = convert(b, ty);
    if ty.is_float()
        && let Some(result) = float_binop(op, ty, a, b)
    {
        return Ok(result);
    }
    int_binop(op, ty, bits_of(a), bits_of(b))
}

/// Applies a comparison: unsigned types compare as unsigned, floats as
/// IEEE 754 (every comparison with NaN is false; `-0 == 0`), and
/// `false < true`.
pub fn eval_cmp(op: CmpOp, a: PrimValue, b: PrimValue) -> bool {
    let ty = a.prim_type();
    let b = convert(b, ty);
    if ty.is_float() {
        compare(op, f64_of(a), f64_of(b))
    } else {
        compare(op, value_of(ty, bits_of(a)), value_of(ty, bits_of(b)))
    }
}

/// Applies a unary operator. Integer negation wraps; float negation
/// flips the sign bit (of NaN too); on a `bool` every operator is logical
/// negation, as upstream's negation of a `bool` is.
pub fn eval_unop(op: UnOp, a: PrimValue) -> PrimValue {
    let ty = a.prim_type();
    let bits = bits_of(a);
    match (op, a) {
        (_, PrimValue::Bool(b)) => PrimValue::Bool(!b),
        (UnOp::Neg, _) if ty.is_float() => from_bits(ty, bits ^ (1 << (width(ty) - 1))),
        (UnOp::Neg, _) => from_bits(ty, bits.wrapping_neg()),
        (UnOp::Not | UnOp::Complement, _) => from_bits(ty, !bits),
    }
}

/// Converts a value to another primitive type, as the prelude's
/// conversion functions do.
///
/// * integer to integer: truncates or extends, sign-extending only when
///   both types are signed (upstream zero-extends a signed value
///   converted to an unsigned type: `u16.i8 (-128) == 128`);
/// * integer to float: rounds to nearest, ties to even;
/// * float to integer: truncates towards zero; NaN and the infinities
///   give 0 (the prelude documents this); a finite value out of range
///   wraps modulo 2^width, as upstream's interpreter does;
/// * float to float: rounds to nearest, ties to even, where `f64` to
///   `f16` rounds through `f32`, as upstream does;
/// * `bool` to number gives 0 or 1, number to `bool` is `x != 0` (so NaN
///   is `true`).
pub fn convert(value: PrimValue, to: PrimType) -> PrimValue {
    let from = value.prim_type();
    if from == to {
        return value;
    }
    if from.is_float() {
        let x = f64_of(value);
        return match to {
            PrimType::Bool => PrimValue::Bool(x != 0.0),
            PrimType::F64 => PrimValue::F64(x),
            PrimType::F32 => PrimValue::F32(x as f32),
            PrimType::F16 => PrimValue::F16(F16::from_f64(x)),
            _ => from_bits(to, float_to_int_bits(x)),
        };
    }
    let bits = bits_of(value);
    match to {
        PrimType::Bool => PrimValue::Bool(bits != 0),
        // Straight from the integer, never through a wider float, so the
        // value is rounded once.
        PrimType::F64 => PrimValue::F64(value_of(from, bits) as f64),
        PrimType::F32 => PrimValue::F32(value_of(from, bits) as f32),
        // Exact up to 2^24, far beyond the largest finite f16.
        PrimType::F16 => PrimValue::F16(F16::from_f32(value_of(from, bits) as f32)),
        _ if is_signed(from) && is_signed(to) => from_bits(to, sign_extended(from, bits) as u64),
        _ => from_bits(to, bits),
    }
}

/// Applies a function of the intrinsics table.
///
/// Float functions are computed in the function's type (a non-float type
/// computes in `f64`). `round` rounds halfway cases to even, as upstream's
/// `rint` does; `atan2 y x` is C's `atan2(y, x)`; `fma` rounds once.
/// `gamma`, `lgamma`, `erf`, `erfc`, `asinh`, `acosh`, `atanh` and
/// `ldexp` come from the `libm` crate, the others from the platform's C
/// library as the compiled code's do. `popc`, `clz` and `ctz` count the
/// bits of the operand's width (`clz 0` and `ctz 0` are the width);
/// `mul_hi` is the high half of the double-width product, signed for
/// signed types.
///
/// # Panics
///
/// If `args` has the wrong length: an interpreter bug.
pub fn eval_prim_fn(function: PrimFn, args: &[PrimValue]) -> PrimValue {
    let arity = match function {
        PrimFn::Float(f, _) => f.arity(),
        PrimFn::MulHi(_) => 2,
        _ => 1,
    };
    assert_eq!(
        args.len(),
        arity,
        "interpreter bug: {function:?} applied to {} arguments",
        args.len()
    );
    match function {
        PrimFn::Float(f, PrimType::F16) => PrimValue::F16(F16::from_f32(float_fn(f, args))),
        PrimFn::Float(f, PrimType::F32) => PrimValue::F32(float_fn(f, args)),
        PrimFn::Float(f, _) => PrimValue::F64(float_fn(f, args)),
        PrimFn::ToBits(ty) => {
            let unsigned = match width(ty) {
                8 => PrimType::U8,
                16 => PrimType::U16,
                32 => PrimType::U32,
                _ => PrimType::U64,
            };
            from_bits(unsigned, bits_of(convert(args[0], ty)))
        }
        PrimFn::FromBits(ty) => from_bits(ty, bits_of(args[0])),
        PrimFn::Popc(ty) => bit_count(bits_of(convert(args[0], ty)).count_ones()),
        PrimFn::Clz(ty) => {
            bit_count(bits_of(convert(args[0], ty)).leading_zeros() - (64 - width(ty)))
        }
        PrimFn::Ctz(ty) => bit_count(
            bits_of(convert(args[0], ty))
                .trailing_zeros()
                .min(width(ty)),
        ),
        PrimFn::Tuning(_) => args[0],
        PrimFn::MulHi(ty) => {
            let (x, y) = (bits_of(convert(args[0], ty)), bits_of(convert(args[1], ty)));
            let high = if is_signed(ty) {
                ((i128::from(sign_extended(ty, x)) * i128::from(sign_extended(ty, y))) >> width(ty))
                    as u64
            } else {
                ((u128::from(x) * u128::from(y)) >> width(ty)) as u64
            };
            from_bits(ty, high)
        }
    }
}

fn bit_count(bits: u32) -> PrimValue {
    PrimValue::I32(bits as i32)
}

fn compare<T: PartialOrd>(op: CmpOp, x: T, y: T) -> bool {
    match op {
        CmpOp::Eq => x == y,
        CmpOp::Lt => x < y,
        CmpOp::Le => x <= y,
    }
}

/// An integer operator on the bit patterns `x` and `y` of type `ty`.
fn int_binop(op: BinOp, ty: PrimType, x: u64, y: u64) -> Result<PrimValue, PrimError> {
    let (value_x, value_y) = (value_of(ty, x), value_of(ty, y));
    let amount = sign_extended(ty, y);
    let bits = match op {
        BinOp::Add => x.wrapping_add(y),
        BinOp::Sub => x.wrapping_sub(y),
        BinOp::Mul => x.wrapping_mul(y),
        BinOp::Div => floored_division(value_x, value_y)?.0 as u64,
        BinOp::Mod => floored_division(value_x, value_y)?.1 as u64,
        BinOp::Quot => truncated_division(value_x, value_y)?.0 as u64,
        BinOp::Rem => truncated_division(value_x, value_y)?.1 as u64,
        BinOp::Pow => power(ty, x, y)?,
        BinOp::And => x & y,
        BinOp::Or => x | y,
        BinOp::Xor => x ^ y,
        BinOp::Shl => shift(sign_extended(ty, x).into(), amount),
        BinOp::Shr if is_signed(ty) => shift(sign_extended(ty, x).into(), amount.saturating_neg()),
        BinOp::Shr | BinOp::LShr => shift(x.into(), amount.saturating_neg()),
        BinOp::Min => {
            if value_x <= value_y {
                x
            } else {
                y
            }
        }
        BinOp::Max => {
            if value_x <= value_y {
                y
            } else {
                x
            }
        }
    };
    Ok(from_bits(ty, bits))
}

/// Quotient and remainder rounding towards zero. The operands are the
/// values of 64-bit integers, so nothing overflows; truncating the result
/// to its type makes `MIN / -1` wrap.
fn truncated_division(x: i128, y: i128) -> Result<(i128, i128), PrimError> {
    if y == 0 {
        return Err(PrimError::DivisionByZero);
    }
    Ok((x / y, x % y))
}

/// Quotient and remainder rounding towards negative infinity.
fn floored_division(x: i128, y: i128) -> Result<(i128, i128), PrimError> {
    let (quotient, remainder) = truncated_division(x, y)?;
    if remainder != 0 && (remainder < 0) != (y < 0) {
        Ok((quotient - 1, remainder + y))
    } else {
        Ok((quotient, remainder))
    }
}

/// `base ** exponent` modulo 2^64, which truncates to the right result of
/// any narrower type.
fn power(ty: PrimType, base: u64, exponent: u64) -> Result<u64, PrimError> {
    if is_signed(ty) && sign_extended(ty, exponent) < 0 {
        return Err(PrimError::NegativeExponent);
    }
    let (mut result, mut base, mut exponent) = (1u64, base, exponent);
    while exponent != 0 {
        if exponent & 1 == 1 {
            result = result.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        exponent >>= 1;
    }
    Ok(result)
}

/// The low 64 bits of `value` shifted left by `amount`, or right
/// (arithmetically) by `-amount` when that is negative. `value` is the
/// operand extended losslessly, so bits shifted beyond any width are
/// gone: huge amounts give 0, or all sign bits for a negative value
/// shifted right.
fn shift(value: i128, amount: i64) -> u64 {
    if amount >= 64 {
        0
    } else if amount >= 0 {
        (value << amount) as u64
    } else {
        (value >> amount.unsigned_abs().min(127)) as u64
    }
}

/// A float arithmetic operator, or `None` for an operator on bits.
fn float_binop(op: BinOp, ty: PrimType, a: PrimValue, b: PrimValue) -> Option<PrimValue> {
    Some(match ty {
        PrimType::F64 => PrimValue::F64(float_arith(op, f64_of(a), f64_of(b))?),
        PrimType::F32 => PrimValue::F32(float_arith(op, f32_of(a), f32_of(b))?),
        _ => PrimValue::F16(F16::from_f32(float_arith(op, f32_of(a), f32_of(b))?)),
    })
}

fn float_arith<T: Float>(op: BinOp, x: T, y: T) -> Option<T> {
    Some(match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => x * y,
        BinOp::Div => x / y,
        // Rust's `%` on floats is C's `fmod`.
        BinOp::Mod | BinOp::Rem => x % y,
        BinOp::Quot => (x / y).trunc(),
        BinOp::Pow => x.powf(y),
        // Upstream's interpreter: a NaN operand yields the other one, else
        // `x <= y` picks `x` for `min` and `y` for `max` (so `min (-0) 0`
        // is `-0`).
        BinOp::Min if !x.is_nan() && (y.is_nan() || x <= y) => x,
        BinOp::Min => y,
        BinOp::Max if !x.is_nan() && (y.is_nan() || y < x) => x,
        BinOp::Max => y,
        BinOp::And | BinOp::Or | BinOp::Xor | BinOp::Shl | BinOp::Shr | BinOp::LShr => {
            return None;
        }
    })
}

fn float_fn<T: Float>(f: FloatFn, args: &[PrimValue]) -> T {
    // Operands beyond the function's arity are unused.
    let [x, y, z] = std::array::from_fn(|i| args.get(i).map_or(T::default(), |&arg| T::of(arg)));
    let exponent = match args.get(1) {
        Some(&arg) if f == FloatFn::Ldexp => bits_of(convert(arg, PrimType::I32)) as i32,
        _ => 0,
    };
    T::apply(f, x, y, z, exponent)
}

/// The two precisions float operations are computed in.
trait Float:
    Copy
    + Default
    + PartialOrd
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Rem<Output = Self>
{
    fn of(value: PrimValue) -> Self;
    fn is_nan(self) -> bool;
    fn trunc(self) -> Self;
    fn powf(self, exponent: Self) -> Self;
    /// `f` applied to the first `f.arity()` of `x`, `y`, `z` (`ldexp` to
    /// `x` and `exponent`).
    fn apply(f: FloatFn, x: Self, y: Self, z: Self, exponent: i32) -> Self;
}

macro_rules! impl_float {
    ($t:ident, $of:ident, $asinh:ident, $acosh:ident, $atanh:ident, $gamma:ident,
     $lgamma:ident, $erf:ident, $erfc:ident, $ldexp:ident) => {
        impl Float for $t {
            fn of(value: PrimValue) -> $t {
                $of(value)
            }
            fn is_nan(self) -> bool {
                $t::is_nan(self)
            }
            fn trunc(self) -> $t {
                $t::trunc(self)
            }
            fn powf(self, exponent: $t) -> $t {
                $t::powf(self, exponent)
            }
            fn apply(f: FloatFn, x: $t, y: $t, z: $t, exponent: i32) -> $t {
                match f {
                    FloatFn::Sqrt => x.sqrt(),
                    FloatFn::Cbrt => x.cbrt(),
                    FloatFn::Exp => x.exp(),
                    FloatFn::Log => x.ln(),
                    FloatFn::Log2 => x.log2(),
                    FloatFn::Log10 => x.log10(),
                    FloatFn::Log1p => x.ln_1p(),
                    FloatFn::Sin => x.sin(),
                    FloatFn::Cos => x.cos(),
                    FloatFn::Tan => x.tan(),
                    FloatFn::Asin => x.asin(),
                    FloatFn::Acos => x.acos(),
                    FloatFn::Sinh => x.sinh(),
                    FloatFn::Cosh => x.cosh(),
                    FloatFn::Tanh => x.tanh(),
                    FloatFn::Asinh => libm::$asinh(x),
                    FloatFn::Acosh => libm::$acosh(x),
                    FloatFn::Atanh => libm::$atanh(x),
                    FloatFn::Gamma => libm::$gamma(x),
                    FloatFn::Lgamma => libm::$lgamma(x),
                    FloatFn::Erf => libm::$erf(x),
                    FloatFn::Erfc => libm::$erfc(x),
                    FloatFn::Floor => x.floor(),
                    FloatFn::Round => x.round_ties_even(),
                    FloatFn::Atan2 => x.atan2(y),
                    FloatFn::Hypot => x.hypot(y),
                    FloatFn::Copysign => x.copysign(y),
                    FloatFn::Ldexp => libm::$ldexp(x, exponent),
                    FloatFn::Fma => x.mul_add(y, z),
                }
            }
        }
    };
}

impl_float!(
    f32, f32_of, asinhf, acoshf, atanhf, tgammaf, lgammaf, erff, erfcf, ldexpf
);
impl_float!(
    f64, f64_of, asinh, acosh, atanh, tgamma, lgamma, erf, erfc, ldexp
);

/// A float operand in `f32` (exact for `f16` and `f32` values).
fn f32_of(value: PrimValue) -> f32 {
    match value {
        PrimValue::F16(x) => x.to_f32(),
        PrimValue::F32(x) => x,
        other => f32_of(convert(other, PrimType::F32)),
    }
}

/// A float operand in `f64` (exact for every float value).
fn f64_of(value: PrimValue) -> f64 {
    match value {
        PrimValue::F16(x) => x.to_f64(),
        PrimValue::F32(x) => x.into(),
        PrimValue::F64(x) => x,
        other => f64_of(convert(other, PrimType::F64)),
    }
}

/// The bits of a float to integer conversion: the truncated value modulo
/// 2^64 (which truncates to the value modulo 2^width), or 0 for NaN and
/// the infinities.
fn float_to_int_bits(x: f64) -> u64 {
    if !x.is_finite() {
        return 0;
    }
    let whole = x.trunc().abs();
    let magnitude = if whole < 18_446_744_073_709_551_616.0 {
        whole as u64
    } else {
        // Too big for a u64: the 53-bit significand shifted left by at
        // least 12, of which only the low 64 bits count.
        let bits = whole.to_bits();
        let exponent = (bits >> 52) as u32 - 1075;
        let significand = (bits & ((1 << 52) - 1)) | (1 << 52);
        significand.checked_shl(exponent).unwrap_or(0)
    };
    if x < 0.0 {
        magnitude.wrapping_neg()
    } else {
        magnitude
    }
}

/// The bit width of a type; a `bool` takes a byte.
fn width(ty: PrimType) -> u32 {
    match ty {
        PrimType::Bool | PrimType::I8 | PrimType::U8 => 8,
        PrimType::I16 | PrimType::U16 | PrimType::F16 => 16,
        PrimType::I32 | PrimType::U32 | PrimType::F32 => 32,
        PrimType::I64 | PrimType::U64 | PrimType::F64 => 64,
    }
}

fn is_signed(ty: PrimType) -> bool {
    matches!(
        ty,
        PrimType::I8 | PrimType::I16 | PrimType::I32 | PrimType::I64
    )
}

/// The bit pattern of a value, zero-extended (`true` is 1).
fn bits_of(value: PrimValue) -> u64 {
    match value {
        PrimValue::Bool(x) => x.into(),
        PrimValue::I8(x) => (x as u8).into(),
        PrimValue::I16(x) => (x as u16).into(),
        PrimValue::I32(x) => (x as u32).into(),
        PrimValue::I64(x) => x as u64,
        PrimValue::U8(x) => x.into(),
        PrimValue::U16(x) => x.into(),
        PrimValue::U32(x) => x.into(),
        PrimValue::U64(x) => x,
        PrimValue::F16(x) => x.0.into(),
        PrimValue::F32(x) => x.to_bits().into(),
        PrimValue::F64(x) => x.to_bits(),
    }
}

/// The value of type `ty` whose bit pattern is the low bits of `bits`.
fn from_bits(ty: PrimType, bits: u64) -> PrimValue {
    match ty {
        PrimType::Bool => PrimValue::Bool(bits as u8 != 0),
        PrimType::I8 => PrimValue::I8(bits as i8),
        PrimType::I16 => PrimValue::I16(bits as i16),
        PrimType::I32 => PrimValue::I32(bits as i32),
        PrimType::I64 => PrimValue::I64(bits as i64),
        PrimType::U8 => PrimValue::U8(bits as u8),
        PrimType::U16 => PrimValue::U16(bits as u16),
        PrimType::U32 => PrimValue::U32(bits as u32),
        PrimType::U64 => PrimValue::U64(bits),
        PrimType::F16 => PrimValue::F16(F16(bits as u16)),
        PrimType::F32 => PrimValue::F32(f32::from_bits(bits as u32)),
        PrimType::F64 => PrimValue::F64(f64::from_bits(bits)),
    }
}

/// The bit pattern `bits` of type `ty` read as a signed integer.
fn sign_extended(ty: PrimType, bits: u64) -> i64 {
    let unused = 64 - width(ty);
    ((bits << unused) as i64) >> unused
}

/// The integer a bit pattern of type `ty` stands for: signed or
/// unsigned by the type.
fn value_of(ty: PrimType, bits: u64) -> i128 {
    if is_signed(ty) {
        sign_extended(ty, bits).into()
    } else {
        bits.into()
    }
}

#[cfg(test)]
// Upstream's test tables are quoted digit for digit.
#[allow(clippy::excessive_precision, clippy::approx_constant)]
mod tests {
    //! Expected values come from upstream Futhark: the tables of its
    //! `tests/primitive/*.fut` programs (named on each test), the
    //! language reference and prelude documentation, the semantics of its
    //! interpreter (`Language.Futhark.Primitive`) and C backend
    //! (`rts/c/scalar.h`), or from IEEE 754 itself.

    use super::{
        BinOp, CmpOp, FloatFn, PrimError, PrimFn, PrimType, PrimValue, UnOp, convert, eval_binop,
        eval_cmp, eval_prim_fn, eval_unop, f64_of,
    };
    use crate::F16 as Half;
    use PrimValue::*;

    macro_rules! vals {
        ($ctor:ident: $x:expr; $n:expr) => { [PrimValue::$ctor($x); $n] };
        ($ctor:ident: $($x:expr),* $(,)?) => { [$(PrimValue::$ctor($x)),*] };
    }

    fn f64s(xs: &[f64]) -> Vec<PrimValue> {
        xs.iter().map(|&x| F64(x)).collect()
    }

    fn h(x: f32) -> Half {
        Half::from_f32(x)
    }

    fn map2(op: BinOp, xs: &[PrimValue], ys: &[PrimValue]) -> Vec<PrimValue> {
        assert_eq!(xs.len(), ys.len());
        xs.iter()
            .zip(ys)
            .map(|(&x, &y)| eval_binop(op, x, y).unwrap())
            .collect()
    }

    fn map_fn(function: PrimFn, xs: &[PrimValue]) -> Vec<PrimValue> {
        xs.iter().map(|&x| eval_prim_fn(function, &[x])).collect()
    }

    fn map2_fn(function: PrimFn, xs: &[PrimValue], ys: &[PrimValue]) -> Vec<PrimValue> {
        assert_eq!(xs.len(), ys.len());
        xs.iter()
            .zip(ys)
            .map(|(&x, &y)| eval_prim_fn(function, &[x, y]))
            .collect()
    }

    fn cmp2(op: CmpOp, xs: &[PrimValue], ys: &[PrimValue]) -> Vec<bool> {
        xs.iter()
            .zip(ys)
            .map(|(&x, &y)| eval_cmp(op, x, y))
            .collect()
    }

    fn convert_all(xs: &[PrimValue], to: PrimType) -> Vec<PrimValue> {
        xs.iter().map(|&x| convert(x, to)).collect()
    }

    /// Equal as upstream's tests compare: NaN matches NaN, `-0 == 0`.
    fn assert_same(actual: &[PrimValue], expected: &[PrimValue]) {
        assert_eq!(actual.len(), expected.len());
        for (&a, &e) in actual.iter().zip(expected) {
            // `PrimValue`'s equality is bit for bit: compare floats as numbers.
            let float = a.prim_type().is_float();
            let both_nan = float && f64_of(a).is_nan() && f64_of(e).is_nan();
            let equal = if float {
                f64_of(a) == f64_of(e)
            } else {
                a == e
            };
            assert!(
                a.prim_type() == e.prim_type() && (both_nan || equal),
                "got {actual:?}, expected {expected:?}"
            );
        }
    }

    /// Within a relative `tolerance` of the expected value; NaN and the
    /// infinities exactly.
    fn assert_close(actual: &[PrimValue], expected: &[f64], tolerance: f64) {
        assert_eq!(actual.len(), expected.len());
        for (&a, &e) in actual.iter().zip(expected) {
            let a = f64_of(a);
            let close = if e.is_nan() {
                a.is_nan()
            } else if e.is_infinite() {
                a == e
            } else {
                (a - e).abs() <= tolerance * e.abs()
            };
            assert!(close, "got {actual:?}, expected {expected:?}");
        }
    }

    fn float_fn(f: FloatFn, ty: PrimType) -> PrimFn {
        PrimFn::Float(f, ty)
    }

    // Integer arithmetic.

    #[test]
    fn integer_arithmetic_wraps_around() {
        // tests/primitive/i8_binop.fut
        assert_same(
            &map2(
                BinOp::Add,
                &vals!(I8: 0, 2, 127, 127),
                &vals!(I8: 0, 2, 127, -2),
            ),
            &vals!(I8: 0, 4, -2, 125),
        );
        assert_same(
            &map2(BinOp::Sub, &vals!(I8: 2, 0, 127), &vals!(I8: 2, 127, -2)),
            &vals!(I8: 0, -127, -127),
        );
        assert_same(
            &map2(
                BinOp::Mul,
                &vals!(I8: 2, 2, -2, -2, 4),
                &vals!(I8: 3, -3, 3, -3, 64),
            ),
            &vals!(I8: 6, -6, -6, 6, 0),
        );
        // tests/primitive/i32_binop.fut
        assert_same(
            &map2(
                BinOp::Add,
                &vals!(I32: 0, 2, i32::MAX, i32::MAX),
                &vals!(I32: 0, 2, i32::MAX, -2),
            ),
            &vals!(I32: 0, 4, -2, 2147483645),
        );
        assert_same(
            &map2(
                BinOp::Sub,
                &vals!(I32: 2, 0, i32::MAX),
                &vals!(I32: 2, i32::MAX, -2),
            ),
            &vals!(I32: 0, -2147483647, -2147483647),
        );
        assert_same(
            &map2(BinOp::Mul, &vals!(I32: 2, 262144), &vals!(I32: -3, 262144)),
            &vals!(I32: -6, 0),
        );
        // tests/primitive/u8_binop.fut
        assert_same(
            &map2(
                BinOp::Add,
                &vals!(U8: 0, 2, 127, 255),
                &vals!(U8: 0, 2, 127, 1),
            ),
            &vals!(U8: 0, 4, 254, 0),
        );
        assert_same(
            &map2(BinOp::Sub, &vals!(U8: 2, 0, 127), &vals!(U8: 2, 127, 254)),
            &vals!(U8: 0, 129, 129),
        );
        assert_same(
            &map2(BinOp::Mul, &vals!(U8: 2, 2, 4, 5), &vals!(U8: 3, 0, 64, 64)),
            &vals!(U8: 6, 0, 0, 64),
        );
    }

    #[test]
    fn integer_power_wraps_and_rejects_negative_signed_exponents() {
        // tests/primitive/i8_binop.fut, u8_binop.fut, i32_binop.fut
        let bases = vals!(I8: 2, 2, 3, 3, 3, 3, 3, 3, 3);
        let exponents = vals!(I8: 3, 0, 1, 2, 3, 4, 5, 6, 7);
        assert_same(
            &map2(BinOp::Pow, &bases, &exponents),
            &vals!(I8: 8, 1, 3, 9, 27, 81, -13, -39, -117),
        );
        assert_same(
            &map2(
                BinOp::Pow,
                &convert_all(&bases, PrimType::U8),
                &convert_all(&exponents, PrimType::U8),
            ),
            &vals!(U8: 8, 1, 3, 9, 27, 81, 243, 217, 139),
        );
        assert_same(
            &map2(
                BinOp::Pow,
                &vals!(I32: 47; 8),
                &vals!(I32: 0, 1, 2, 3, 4, 5, 6, 7),
            ),
            &vals!(I32: 1, 47, 2209, 103823, 4879681, 229345007, -2105686559, -183020465),
        );
        // Upstream asserts "negative exponent" before a signed `**`.
        assert_eq!(
            eval_binop(BinOp::Pow, I32(2), I32(-1)),
            Err(PrimError::NegativeExponent)
        );
        assert_eq!(PrimError::NegativeExponent.to_string(), "negative exponent");
        // An unsigned exponent is never negative (upstream's C `pow8`
        // loops over the unsigned exponent).
        assert_eq!(eval_binop(BinOp::Pow, U8(2), U8(200)), Ok(U8(0)));
        assert_eq!(eval_binop(BinOp::Pow, U8(1), U8(255)), Ok(U8(1)));
    }

    // Division.

    #[test]
    fn signed_division_floors_and_quotient_truncates() {
        // tests/primitive/{i8,i32,i64}_division.fut
        for ty in [PrimType::I8, PrimType::I32, PrimType::I64] {
            let xs = convert_all(&vals!(I8: 7, -7, 7, -7), ty);
            let ys = convert_all(&vals!(I8: 3, 3, -3, -3), ty);
            let expect = |values: &[PrimValue]| convert_all(values, ty);
            assert_same(
                &map2(BinOp::Div, &xs, &ys),
                &expect(&vals!(I8: 2, -3, -3, 2)),
            );
            assert_same(
                &map2(BinOp::Mod, &xs, &ys),
                &expect(&vals!(I8: 1, 2, -2, -1)),
            );
            assert_same(
                &map2(BinOp::Quot, &xs, &ys),
                &expect(&vals!(I8: 2, -2, -2, 2)),
            );
            assert_same(
                &map2(BinOp::Rem, &xs, &ys),
                &expect(&vals!(I8: 1, -1, 1, -1)),
            );
        }
    }

    #[test]
    fn unsigned_division_is_plain() {
        // tests/primitive/u8_division.fut
        let (xs, ys) = (vals!(U8: 7, 128), vals!(U8: 3, 9));
        assert_same(&map2(BinOp::Div, &xs, &ys), &vals!(U8: 2, 14));
        assert_same(&map2(BinOp::Mod, &xs, &ys), &vals!(U8: 1, 2));
        assert_same(&map2(BinOp::Quot, &xs, &ys), &vals!(U8: 2, 14));
        assert_same(&map2(BinOp::Rem, &xs, &ys), &vals!(U8: 1, 2));
        // Large unsigned values are not negative.
        assert_eq!(
            eval_binop(BinOp::Div, U32(u32::MAX), U32(2)),
            Ok(U32(2147483647))
        );
    }

    #[test]
    fn minimum_divided_by_minus_one_wraps() {
        // Upstream's interpreter divides in 64 bits and narrows: the
        // quotient 2^31 wraps to the minimum, the remainder is 0.
        for op in [BinOp::Div, BinOp::Quot] {
            assert_eq!(eval_binop(op, I32(i32::MIN), I32(-1)), Ok(I32(i32::MIN)));
            assert_eq!(eval_binop(op, I8(i8::MIN), I8(-1)), Ok(I8(i8::MIN)));
            assert_eq!(eval_binop(op, I64(i64::MIN), I64(-1)), Ok(I64(i64::MIN)));
        }
        for op in [BinOp::Mod, BinOp::Rem] {
            assert_eq!(eval_binop(op, I32(i32::MIN), I32(-1)), Ok(I32(0)));
            assert_eq!(eval_binop(op, I64(i64::MIN), I64(-1)), Ok(I64(0)));
        }
    }

    #[test]
    fn integer_division_by_zero_is_an_error() {
        // Upstream asserts "division by zero" before each of these.
        for op in [BinOp::Div, BinOp::Mod, BinOp::Quot, BinOp::Rem] {
            for (x, zero) in [(I32(7), I32(0)), (U8(7), U8(0)), (I64(i64::MIN), I64(0))] {
                assert_eq!(eval_binop(op, x, zero), Err(PrimError::DivisionByZero));
            }
        }
        assert_eq!(PrimError::DivisionByZero.to_string(), "division by zero");
    }

    // Shifts and bitwise operators.

    #[test]
    fn shifts_within_the_width() {
        // tests/primitive/{i8,i32}_bitop.fut
        for ty in [PrimType::I8, PrimType::I32] {
            let of = |values: &[PrimValue]| convert_all(values, ty);
            assert_same(
                &map2(
                    BinOp::Shl,
                    &of(&vals!(I8: 0, 0, 1, 1, -1, -1)),
                    &of(&vals!(I8: 0, 1, 0, 1, 0, 1)),
                ),
                &of(&vals!(I8: 0, 0, 1, 2, -1, -2)),
            );
            assert_same(
                &map2(
                    BinOp::Shr,
                    &of(&vals!(I8: 0, 0, 1, 1, 2, -1, -1)),
                    &of(&vals!(I8: 0, 1, 0, 1, 1, 0, 1)),
                ),
                &of(&vals!(I8: 0, 0, 1, 0, 1, -1, -1)),
            );
        }
        // `>>` is logical on unsigned types and `>>>` on all.
        assert_eq!(eval_binop(BinOp::Shr, I8(-128), I8(1)), Ok(I8(-64)));
        assert_eq!(eval_binop(BinOp::Shr, U8(0x80), U8(1)), Ok(U8(0x40)));
        assert_eq!(eval_binop(BinOp::LShr, I32(-1), I32(28)), Ok(I32(15)));
        assert_eq!(eval_binop(BinOp::LShr, I32(-1), I32(31)), Ok(I32(1)));
        assert_eq!(eval_binop(BinOp::Shl, I32(1), I32(31)), Ok(I32(i32::MIN)));
        assert_eq!(eval_binop(BinOp::Shl, U64(1), U64(63)), Ok(U64(1 << 63)));
    }

    #[test]
    fn shifts_beyond_the_width_shift_everything_out() {
        // Upstream's interpreter shifts the value widened to 64 bits with
        // `Data.Bits.shift`, which gives 0 (or all sign bits) from 64 on.
        assert_eq!(eval_binop(BinOp::Shl, I32(1), I32(32)), Ok(I32(0)));
        assert_eq!(eval_binop(BinOp::Shl, I32(-1), I32(40)), Ok(I32(0)));
        assert_eq!(eval_binop(BinOp::Shl, U64(1), U64(64)), Ok(U64(0)));
        assert_eq!(eval_binop(BinOp::Shr, I32(-1), I32(32)), Ok(I32(-1)));
        assert_eq!(eval_binop(BinOp::Shr, I32(-8), I32(100)), Ok(I32(-1)));
        assert_eq!(eval_binop(BinOp::Shr, I32(i32::MAX), I32(40)), Ok(I32(0)));
        assert_eq!(eval_binop(BinOp::Shr, I64(-1), I64(64)), Ok(I64(-1)));
        assert_eq!(eval_binop(BinOp::Shr, U64(u64::MAX), U64(64)), Ok(U64(0)));
        assert_eq!(eval_binop(BinOp::LShr, I32(-1), I32(32)), Ok(I32(0)));
        assert_eq!(eval_binop(BinOp::Shr, U8(0xff), U8(8)), Ok(U8(0)));
    }

    #[test]
    fn negative_shift_amounts_shift_the_other_way() {
        // `shift x n` with a negative `n` shifts right, as upstream's
        // interpreter does with the amount read as a signed integer.
        assert_eq!(eval_binop(BinOp::Shl, I32(8), I32(-1)), Ok(I32(4)));
        assert_eq!(eval_binop(BinOp::Shl, I32(-8), I32(-1)), Ok(I32(-4)));
        assert_eq!(eval_binop(BinOp::Shr, I32(8), I32(-1)), Ok(I32(16)));
        assert_eq!(eval_binop(BinOp::LShr, I32(8), I32(-2)), Ok(I32(32)));
        assert_eq!(eval_binop(BinOp::Shl, I64(5), I64(i64::MIN)), Ok(I64(0)));
        assert_eq!(eval_binop(BinOp::Shr, I64(5), I64(i64::MIN)), Ok(I64(0)));
    }

    #[test]
    fn bitwise_operators() {
        // tests/primitive/i32_bitop.fut
        let xs = vals!(I32: 0, 0, 0, 1, 1, 1, -1, -1, -1, 64);
        let ys = vals!(I32: 0, 1, -1, 0, 1, -1, 0, 1, -1, 32);
        assert_same(
            &map2(BinOp::And, &xs[..9], &ys[..9]),
            &vals!(I32: 0, 0, 0, 0, 1, 1, 0, 1, -1),
        );
        assert_same(
            &map2(BinOp::Or, &xs, &ys),
            &vals!(I32: 0, 1, -1, 1, 1, -1, -1, -1, -1, 96),
        );
        assert_same(
            &map2(BinOp::Xor, &xs, &ys),
            &vals!(I32: 0, 1, -1, 1, 0, -2, -1, -2, 0, 96),
        );
        // `&&` and `||` without short-circuiting (upstream's LogAnd, LogOr).
        let (ps, qs) = (
            vals!(Bool: false, false, true, true),
            vals!(Bool: false, true, false, true),
        );
        assert_same(
            &map2(BinOp::And, &ps, &qs),
            &vals!(Bool: false, false, false, true),
        );
        assert_same(
            &map2(BinOp::Or, &ps, &qs),
            &vals!(Bool: false, true, true, true),
        );
        assert_same(
            &map2(BinOp::Xor, &ps, &qs),
            &vals!(Bool: false, true, true, false),
        );
    }

    // Minimum and maximum.

    #[test]
    fn integer_min_max_respect_signedness() {
        // tests/primitive/{i32,u32}_minmax.fut
        let (xs, ys) = (vals!(I32: 0, 1, -1, 1), vals!(I32: 1, 1, 1, -1));
        assert_same(&map2(BinOp::Max, &xs, &ys), &vals!(I32: 1, 1, 1, 1));
        assert_same(&map2(BinOp::Min, &xs, &ys), &vals!(I32: 0, 1, -1, -1));
        let (xs, ys) = (vals!(U32: 0, 1, u32::MAX, 1), vals!(U32: 1, 1, 1, u32::MAX));
        assert_same(
            &map2(BinOp::Max, &xs, &ys),
            &vals!(U32: 1, 1, u32::MAX, u32::MAX),
        );
        assert_same(&map2(BinOp::Min, &xs, &ys), &vals!(U32: 0, 1, 1, 1));
    }

    #[test]
    fn float_min_max_ignore_nan() {
        // tests/primitive/{f32,f64}_minmax.fut
        let (nan, inf) = (f64::NAN, f64::INFINITY);
        let xs = vals!(F64: 0.0, 1.0, -1.0, 1.0, nan, -1.0, nan, -1.0, -1.0);
        let ys = vals!(F64: 1.0, 1.0, 1.0, -1.0, -1.0, nan, nan, inf, -inf);
        let maxima = vals!(F64: 1.0, 1.0, 1.0, 1.0, -1.0, -1.0, nan, inf, -1.0);
        let minima = vals!(F64: 0.0, 1.0, -1.0, -1.0, -1.0, -1.0, nan, -1.0, -inf);
        assert_same(&map2(BinOp::Max, &xs, &ys), &maxima);
        assert_same(&map2(BinOp::Min, &xs, &ys), &minima);
        for ty in [PrimType::F32, PrimType::F16] {
            let of = |values: &[PrimValue]| convert_all(values, ty);
            assert_same(&map2(BinOp::Max, &of(&xs), &of(&ys)), &of(&maxima));
            assert_same(&map2(BinOp::Min, &of(&xs), &of(&ys)), &of(&minima));
        }
    }

    // Comparisons.

    #[test]
    fn integer_comparisons_respect_signedness() {
        // tests/primitive/i32_cmpop.fut
        let (xs, ys) = (vals!(I32: 0, 1, -1, 1, -2), vals!(I32: 0, 2, 1, -1, -1));
        assert_eq!(cmp2(CmpOp::Lt, &xs, &ys), [false, true, true, false, true]);
        assert_eq!(
            cmp2(CmpOp::Eq, &xs, &ys),
            [true, false, false, false, false]
        );
        assert_eq!(cmp2(CmpOp::Le, &xs, &ys), [true, true, true, false, true]);
        // tests/primitive/u32_cmpop.fut
        let (xs, ys) = (vals!(U32: 0, 1, u32::MAX, 1), vals!(U32: 0, 2, 1, u32::MAX));
        assert_eq!(cmp2(CmpOp::Lt, &xs, &ys), [false, true, false, true]);
        assert_eq!(cmp2(CmpOp::Eq, &xs, &ys), [true, false, false, false]);
        assert_eq!(cmp2(CmpOp::Le, &xs, &ys), [true, true, false, true]);
        // tests/primitive/bool_cmpop.fut
        let (ps, qs) = (
            vals!(Bool: false, false, true, true),
            vals!(Bool: false, true, false, true),
        );
        assert_eq!(cmp2(CmpOp::Lt, &ps, &qs), [false, true, false, false]);
        assert_eq!(cmp2(CmpOp::Eq, &ps, &qs), [true, false, false, true]);
        assert_eq!(cmp2(CmpOp::Le, &ps, &qs), [true, true, false, true]);
    }

    #[test]
    fn float_comparisons_follow_ieee() {
        // tests/primitive/naninf32.fut
        let xs = vals!(F32: 2.0, f32::NAN, f32::INFINITY, f32::NEG_INFINITY);
        let nans = vals!(F32: f32::NAN; 4);
        let infs = vals!(F32: f32::INFINITY; 4);
        assert_eq!(cmp2(CmpOp::Eq, &xs, &nans), [false; 4]);
        assert_eq!(cmp2(CmpOp::Lt, &xs, &nans), [false; 4]);
        assert_eq!(cmp2(CmpOp::Le, &xs, &nans), [false; 4]);
        assert_eq!(cmp2(CmpOp::Lt, &xs, &infs), [true, false, false, true]);
        assert_eq!(cmp2(CmpOp::Le, &xs, &infs), [true, false, true, true]);
        assert!(eval_cmp(CmpOp::Eq, F64(-0.0), F64(0.0)));
        assert!(!eval_cmp(CmpOp::Lt, F16(h(-0.0)), F16(h(0.0))));
        assert!(eval_cmp(CmpOp::Lt, F16(h(-1.0)), F16(h(0.5))));
    }

    // Float arithmetic.

    #[test]
    fn float_arithmetic() {
        // tests/primitive/f32_binop.fut
        let (nan, inf) = (f32::NAN, f32::INFINITY);
        assert_same(
            &map2(
                BinOp::Add,
                &vals!(F32: 0.0, 1.0, 1.0, -1.0, 3.402823e38, 0.0, 0.0),
                &vals!(F32: 0.0, 0.0, 0.0, 0.0, 10.0, nan, inf),
            ),
            &vals!(F32: 0.0, 1.0, 1.0, -1.0, 340282306073709652508363335590014353408.0, nan, inf),
        );
        assert_same(
            &map2(
                BinOp::Sub,
                &vals!(F32: 0.0, 0.0, 0.0, -3.402823e38),
                &vals!(F32: 0.0, 1.0, -1.0, 10.0),
            ),
            &vals!(F32: 0.0, -1.0, 1.0, -340282306073709652508363335590014353408.0),
        );
        assert_same(
            &map2(
                BinOp::Mul,
                &vals!(F32: 0.0, 0.0, 0.0, 1.0, 2.0),
                &vals!(F32: 0.0, 1.0, -1.0, -1.0, 1.5),
            ),
            &vals!(F32: 0.0, 0.0, 0.0, -1.0, 3.0),
        );
        assert_close(
            &map2(
                BinOp::Div,
                &vals!(F32: 0.0, 0.0, 1.0, 2.0),
                &vals!(F32: 1.0, -1.0, -1.0, 1.5),
            ),
            &[0.0, 0.0, -1.0, 1.3333333333333],
            1e-7,
        );
        assert_close(
            &map2(
                BinOp::Pow,
                &vals!(F32: 0.0, 1.0, 2.0, 2.0),
                &vals!(F32: 1.0, -1.0, 1.5, 0.0),
            ),
            &[0.0, 1.0, 2.8284271247461903, 1.0],
            1e-7,
        );
        // Float division by zero is no error (tests/primitive/f16.fut).
        assert_eq!(
            eval_binop(BinOp::Div, F64(-1.0), F64(0.0)),
            Ok(F64(-f64::INFINITY))
        );
    }

    #[test]
    fn float_modulus_is_fmod() {
        // tests/primitive/f32_binop.fut
        assert_same(
            &map2(
                BinOp::Mod,
                &vals!(F32: 0.0, 0.0, 1.0, 2.0),
                &vals!(F32: 1.0, -1.0, -1.0, 1.5),
            ),
            &vals!(F32: 0.0, -0.0, -0.0, 0.5),
        );
        // Upstream's C backend uses C's `fmod`, whose result has the
        // dividend's sign and is exact.
        assert_eq!(eval_binop(BinOp::Mod, F64(-7.0), F64(3.0)), Ok(F64(-1.0)));
        assert_eq!(eval_binop(BinOp::Mod, F32(7.0), F32(-3.0)), Ok(F32(1.0)));
        assert_eq!(eval_binop(BinOp::Mod, F64(5.5), F64(2.0)), Ok(F64(1.5)));
        assert_eq!(
            eval_binop(BinOp::Mod, F16(h(-7.0)), F16(h(3.0))),
            Ok(F16(h(-1.0)))
        );
        let by_zero = eval_binop(BinOp::Mod, F32(1.0), F32(0.0)).unwrap();
        assert!(f64_of(by_zero).is_nan());
    }

    #[test]
    fn f16_arithmetic_rounds_each_result_to_f16() {
        // tests/primitive/f16_binop.fut (3.402823e38f16 is infinite)
        let (nan, inf) = (h(f32::NAN), h(f32::INFINITY));
        assert_same(
            &map2(
                BinOp::Add,
                &vals!(F16: h(0.0), h(1.0), h(-1.0), inf, h(0.0), h(0.0)),
                &vals!(F16: h(0.0), h(0.0), h(0.0), h(10.0), nan, inf),
            ),
            &vals!(F16: h(0.0), h(1.0), h(-1.0), inf, nan, inf),
        );
        assert_same(
            &map2(
                BinOp::Mul,
                &vals!(F16: h(1.0), h(2.0)),
                &vals!(F16: h(-1.0), h(1.5)),
            ),
            &vals!(F16: h(-1.0), h(3.0)),
        );
        // binary16 has 11 significant bits: ties round to even, and
        // 65520 is where rounding overflows to infinity.
        let add = |x: f32, y: f32| eval_binop(BinOp::Add, F16(h(x)), F16(h(y))).unwrap();
        assert_eq!(add(2048.0, 1.0), F16(h(2048.0)));
        assert_eq!(add(2048.0, 3.0), F16(h(2052.0)));
        assert_eq!(add(65504.0, 8.0), F16(Half(0x7bff)));
        assert_eq!(add(65504.0, 16.0), F16(Half(0x7c00)));
        assert_eq!(
            eval_binop(BinOp::Div, F16(h(2.0)), F16(h(1.5))),
            Ok(F16(Half(0x3d55)))
        );
        assert_eq!(
            eval_binop(BinOp::Div, F16(h(1.0)), F16(h(3.0))),
            Ok(F16(Half(0x3555)))
        );
        assert_close(
            &[eval_binop(BinOp::Pow, F16(h(2.0)), F16(h(1.5))).unwrap()],
            &[2.8284271247461903],
            1e-3,
        );
    }

    // Unary operators.

    #[test]
    fn negation_and_complement() {
        // tests/primitive/{i8,u8}_unop.fut
        let negate = |xs: &[PrimValue]| -> Vec<PrimValue> {
            xs.iter().map(|&x| eval_unop(UnOp::Neg, x)).collect()
        };
        assert_same(
            &negate(&vals!(I8: 0, 1, -1, 8, -8)),
            &vals!(I8: 0, -1, 1, -8, 8),
        );
        assert_same(
            &negate(&vals!(U8: 0, 1, 255, 8, 248)),
            &vals!(U8: 0, 255, 1, 248, 8),
        );
        assert_eq!(eval_unop(UnOp::Neg, I8(i8::MIN)), I8(i8::MIN));
        // tests/primitive/f16.fut: negation flips the sign bit.
        let (nan, inf) = (h(f32::NAN), h(f32::INFINITY));
        assert_same(
            &negate(&vals!(F16: h(1.0), inf, h(f32::NEG_INFINITY), nan)),
            &vals!(F16: h(-1.0), h(f32::NEG_INFINITY), inf, nan),
        );
        assert_eq!(eval_unop(UnOp::Neg, F16(Half(0))), F16(Half(0x8000)));
        assert_eq!(eval_unop(UnOp::Neg, F16(Half(0x8000))), F16(Half(0)));
        assert!(f64_of(eval_unop(UnOp::Neg, F64(0.0))).is_sign_negative());
        // Bitwise complement: `~(~1) == 1`, `~0 == -1`.
        assert_eq!(
            eval_unop(UnOp::Complement, eval_unop(UnOp::Complement, I32(1))),
            I32(1)
        );
        assert_eq!(eval_unop(UnOp::Complement, I32(0)), I32(-1));
        assert_eq!(eval_unop(UnOp::Complement, U8(0x0f)), U8(0xf0));
        assert_eq!(eval_unop(UnOp::Not, Bool(true)), Bool(false));
        assert_eq!(eval_unop(UnOp::Neg, Bool(false)), Bool(true));
    }

    // Conversions.

    #[test]
    fn signed_integer_conversions() {
        // tests/primitive/i8_convop.fut: a signed value zero-extends into
        // an unsigned type.
        let xs = vals!(I8: 0, 64, 127, -128);
        let to = |ty| convert_all(&xs, ty);
        assert_same(&to(PrimType::Bool), &vals!(Bool: false, true, true, true));
        assert_same(&to(PrimType::I8), &xs);
        assert_same(&to(PrimType::I16), &vals!(I16: 0, 64, 127, -128));
        assert_same(&to(PrimType::I32), &vals!(I32: 0, 64, 127, -128));
        assert_same(&to(PrimType::I64), &vals!(I64: 0, 64, 127, -128));
        assert_same(&to(PrimType::U8), &vals!(U8: 0, 64, 127, 128));
        assert_same(&to(PrimType::U16), &vals!(U16: 0, 64, 127, 128));
        assert_same(&to(PrimType::U32), &vals!(U32: 0, 64, 127, 128));
        assert_same(&to(PrimType::U64), &vals!(U64: 0, 64, 127, 128));
    }

    #[test]
    fn unsigned_integer_conversions() {
        // tests/primitive/u32_convop.fut
        let xs = vals!(U32: 0, 64, 2147483647, 4294967295);
        let to = |ty| convert_all(&xs, ty);
        assert_same(&to(PrimType::Bool), &vals!(Bool: false, true, true, true));
        assert_same(&to(PrimType::I8), &vals!(I8: 0, 64, -1, -1));
        assert_same(&to(PrimType::I16), &vals!(I16: 0, 64, -1, -1));
        assert_same(&to(PrimType::I32), &vals!(I32: 0, 64, 2147483647, -1));
        assert_same(
            &to(PrimType::I64),
            &vals!(I64: 0, 64, 2147483647, 4294967295),
        );
        assert_same(&to(PrimType::U8), &vals!(U8: 0, 64, 255, 255));
        assert_same(&to(PrimType::U16), &vals!(U16: 0, 64, 65535, 65535));
        assert_same(
            &to(PrimType::U64),
            &vals!(U64: 0, 64, 2147483647, 4294967295),
        );
    }

    #[test]
    fn bool_conversions() {
        // tests/primitive/bool_convop.fut
        let ps = vals!(Bool: false, true);
        assert_same(&convert_all(&ps, PrimType::Bool), &ps);
        assert_same(&convert_all(&ps, PrimType::I8), &vals!(I8: 0, 1));
        assert_same(&convert_all(&ps, PrimType::U64), &vals!(U64: 0, 1));
        assert_same(
            &convert_all(&ps, PrimType::F16),
            &vals!(F16: h(0.0), h(1.0)),
        );
        assert_same(&convert_all(&ps, PrimType::F32), &vals!(F32: 0.0, 1.0));
        assert_same(&convert_all(&ps, PrimType::F64), &vals!(F64: 0.0, 1.0));
        // tests/primitive/float_convop.fut
        let xs = vals!(F32: f32::NAN, f32::INFINITY, f32::NEG_INFINITY, -1.0, 1.0, 0.0);
        let truths = vals!(Bool: true, true, true, true, true, false);
        assert_same(&convert_all(&xs, PrimType::Bool), &truths);
        assert_same(
            &convert_all(&convert_all(&xs, PrimType::F16), PrimType::Bool),
            &truths,
        );
        assert_same(
            &convert_all(&convert_all(&xs, PrimType::F64), PrimType::Bool),
            &truths,
        );
    }

    #[test]
    fn float_to_integer_truncates_and_maps_nan_and_infinities_to_zero() {
        // tests/primitive/float_convop.fut
        let xs = [
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            -1.0,
            1.0,
            3.5,
            -3.5,
        ];
        for ty in [PrimType::F32, PrimType::F64] {
            let xs = convert_all(&xs.map(F64), ty);
            assert_same(
                &convert_all(&xs, PrimType::I32),
                &vals!(I32: 0, 0, 0, -1, 1, 3, -3),
            );
            assert_same(
                &convert_all(&xs, PrimType::U32),
                &vals!(U32: 0, 0, 0, 4294967295, 1, 3, 4294967293),
            );
        }
        assert_eq!(convert(F16(h(f32::NAN)), PrimType::I64), I64(0));
        assert_eq!(convert(F16(h(-2.75)), PrimType::I8), I8(-2));
        // Out of range, upstream's interpreter truncates to 64 bits and
        // then to the type: the value modulo 2^width.
        assert_eq!(convert(F64(4294967301.0), PrimType::I32), I32(5));
        assert_eq!(convert(F64(-2147483649.0), PrimType::I32), I32(2147483647));
        assert_eq!(convert(F64(300.5), PrimType::U8), U8(44));
        assert_eq!(
            convert(F64(18446744073709555712.0), PrimType::U64),
            U64(4096)
        );
        assert_eq!(
            convert(F64(-18446744073709555712.0), PrimType::I64),
            I64(-4096)
        );
        assert_eq!(convert(F32(1e30), PrimType::I64), I64(0));
    }

    #[test]
    fn float_to_float_conversions() {
        // tests/primitive/float_convop.fut
        let (inf, nan) = (f64::INFINITY, f64::NAN);
        assert_same(
            &convert_all(
                &vals!(F16: h(1.0), h(-1.0), h(f32::INFINITY), h(f32::NAN)),
                PrimType::F32,
            ),
            &vals!(F32: 1.0, -1.0, f32::INFINITY, f32::NAN),
        );
        assert_same(
            &convert_all(
                &vals!(F16: h(1.0), h(-1.0), h(f32::NEG_INFINITY)),
                PrimType::F64,
            ),
            &vals!(F64: 1.0, -1.0, -inf),
        );
        assert_same(
            &convert_all(
                &vals!(F32: f32::INFINITY, -1.0, 1.0, 100000.0, -100000.0),
                PrimType::F16,
            ),
            &vals!(F16: h(f32::INFINITY), h(-1.0), h(1.0), h(f32::INFINITY), h(f32::NEG_INFINITY)),
        );
        assert_same(
            &convert_all(&vals!(F32: f32::NEG_INFINITY, 100000.0), PrimType::F64),
            &vals!(F64: -inf, 100000.0),
        );
        let big = vals!(F64: inf, -1.0, 1.0, 3.5028234664e38, -3.5028234664e38, nan);
        assert_same(
            &convert_all(&big, PrimType::F16),
            &vals!(F16:
                h(f32::INFINITY), h(-1.0), h(1.0), h(f32::INFINITY), h(f32::NEG_INFINITY),
                h(f32::NAN)),
        );
        assert_same(
            &convert_all(&big, PrimType::F32),
            &vals!(F32: f32::INFINITY, -1.0, 1.0, f32::INFINITY, f32::NEG_INFINITY, f32::NAN),
        );
        // Round to nearest, ties to even: 1 + 2^-11 is halfway between
        // two f16 values, 1 + 2^-24 between two f32 values.
        assert_eq!(
            convert(F64(1.0 + 2f64.powi(-11)), PrimType::F16),
            F16(Half(0x3c00))
        );
        assert_eq!(
            convert(F32(1.0 + 3.0 * 2f32.powi(-11)), PrimType::F16),
            F16(Half(0x3c02))
        );
        assert_eq!(convert(F64(1.0 + 2f64.powi(-24)), PrimType::F32), F32(1.0));
        assert_eq!(convert(F64(65520.0), PrimType::F16), F16(Half(0x7c00)));
    }

    #[test]
    fn integer_to_float_rounds_to_nearest_even() {
        assert_eq!(convert(I32(16777217), PrimType::F32), F32(16777216.0));
        assert_eq!(convert(I32(16777219), PrimType::F32), F32(16777220.0));
        assert_eq!(
            convert(I64(9007199254740993), PrimType::F64),
            F64(9007199254740992.0)
        );
        assert_eq!(
            convert(U64(u64::MAX), PrimType::F32),
            F32(18446744073709551616.0)
        );
        assert_eq!(
            convert(U64(u64::MAX), PrimType::F64),
            F64(18446744073709551616.0)
        );
        assert_eq!(
            convert(I64(i64::MIN), PrimType::F64),
            F64(-9223372036854775808.0)
        );
        assert_eq!(convert(I8(-128), PrimType::F16), F16(h(-128.0)));
        assert_eq!(convert(U16(2049), PrimType::F16), F16(h(2048.0)));
        assert_eq!(convert(U32(65520), PrimType::F16), F16(Half(0x7c00)));
        assert_eq!(convert(U8(255), PrimType::F64), F64(255.0));
    }

    // Functions of the intrinsics table.

    #[test]
    fn round_is_half_to_even() {
        // tests/primitive/round32.fut and round64.fut; the prelude
        // documents halfway cases rounding to even.
        let inputs = [
            -0.4999999701976776123046875,
            -0.5,
            -0.500000059604644775390625,
            0.0,
            0.4999999701976776123046875,
            0.5,
            0.500000059604644775390625,
            1.390671161567e-309,
            4.503599627370497e+15,
            f64::NEG_INFINITY,
            f64::INFINITY,
            f64::NAN,
            -0.0,
            1.5,
            2.5,
        ];
        let outputs = [
            -0.0,
            -0.0,
            -1.0,
            0.0,
            0.0,
            0.0,
            1.0,
            0.0,
            4.503599627370497e+15,
            f64::NEG_INFINITY,
            f64::INFINITY,
            f64::NAN,
            -0.0,
            2.0,
            2.0,
        ];
        for ty in [PrimType::F32, PrimType::F64] {
            let actual = map_fn(
                float_fn(FloatFn::Round, ty),
                &convert_all(&inputs.map(F64), ty),
            );
            let expected = convert_all(&outputs.map(F64), ty);
            assert_same(&actual, &expected);
            for (a, e) in actual.iter().zip(&expected) {
                assert_eq!(f64_of(*a).is_sign_negative(), f64_of(*e).is_sign_negative());
            }
        }
        let rounded = eval_prim_fn(float_fn(FloatFn::Round, PrimType::F16), &[F16(h(2.5))]);
        assert_eq!(rounded, F16(h(2.0)));
    }

    #[test]
    fn floor() {
        // tests/primitive/floor32.fut
        let inputs = vals!(F32:
            1.0000001192092896, -0.9999999403953552, 0.0, -0.0, 0.49999999999999994, 0.5,
            0.5000000000000001, 1.18e-38, f32::NEG_INFINITY, f32::INFINITY, f32::NAN);
        let outputs = vals!(F32:
            1.0, -1.0, 0.0, -0.0, 0.0, 0.0, 0.0, 0.0, f32::NEG_INFINITY, f32::INFINITY, f32::NAN);
        assert_same(
            &map_fn(float_fn(FloatFn::Floor, PrimType::F32), &inputs),
            &outputs,
        );
        let floor64 = float_fn(FloatFn::Floor, PrimType::F64);
        assert_eq!(eval_prim_fn(floor64, &[F64(-0.5)]), F64(-1.0));
    }

    #[test]
    fn ldexp_copysign_hypot() {
        // tests/primitive/ldexp.fut
        for ty in [PrimType::F16, PrimType::F32, PrimType::F64] {
            let huge = if ty == PrimType::F64 { 10000 } else { 1000 };
            let exponents = vals!(I32: -4, 4, 10, -1, huge);
            let of = |values: &[f64]| convert_all(&f64s(values), ty);
            let xs = of(&[7.0, 7.0, -0.0, f64::INFINITY, 1.0]);
            let actual = map2_fn(float_fn(FloatFn::Ldexp, ty), &xs, &exponents);
            assert_same(
                &actual,
                &of(&[0.4375, 112.0, -0.0, f64::INFINITY, f64::INFINITY]),
            );
            assert!(f64_of(actual[2]).is_sign_negative());
            // tests/primitive/copysign.fut
            assert_same(
                &map2_fn(
                    float_fn(FloatFn::Copysign, ty),
                    &of(&[1.0, 1.0, f64::NAN, f64::INFINITY]),
                    &of(&[2.0, -2.0, -1.0, -1.0]),
                ),
                &of(&[1.0, -1.0, f64::NAN, f64::NEG_INFINITY]),
            );
            // tests/primitive/hypot.fut
            assert_same(
                &map2_fn(
                    float_fn(FloatFn::Hypot, ty),
                    &of(&[0.0, 3.0]),
                    &of(&[0.0, 4.0]),
                ),
                &of(&[0.0, 5.0]),
            );
        }
        assert_same(
            &map2_fn(
                float_fn(FloatFn::Hypot, PrimType::F32),
                &vals!(F32: 1.8446744e19),
                &vals!(F32: 0.0),
            ),
            &vals!(F32: 1.8446744e19),
        );
        assert_same(
            &map2_fn(
                float_fn(FloatFn::Hypot, PrimType::F64),
                &vals!(F64: 4.149515568880993e180),
                &vals!(F64: 0.0),
            ),
            &vals!(F64: 4.149515568880993e180),
        );
    }

    #[test]
    fn fma_rounds_once() {
        // tests/primitive/fma_mad32.fut
        let fma = |ty, a: f64, b: f64, c: f64| {
            let args = [F64(a), F64(b), F64(c)].map(|x| convert(x, ty));
            f64_of(eval_prim_fn(float_fn(FloatFn::Fma, ty), &args))
        };
        for ty in [PrimType::F16, PrimType::F32, PrimType::F64] {
            assert_eq!(
                [
                    fma(ty, 1.0, 3.0, 2.0),
                    fma(ty, 2.0, 2.0, 3.0),
                    fma(ty, 3.0, 1.0, 1.0)
                ],
                [5.0, 7.0, 4.0]
            );
        }
        // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 exactly; rounding the product
        // to f32 first would lose the 2^-24.
        let a = 1.0 + 2f64.powi(-12);
        assert_eq!(
            fma(PrimType::F32, a, a, -(1.0 + 2f64.powi(-11))),
            2f64.powi(-24)
        );
    }

    #[test]
    fn special_functions() {
        let f32s = |xs: &[f64]| convert_all(&f64s(xs), PrimType::F32);
        let f16s = |xs: &[f64]| convert_all(&f64s(xs), PrimType::F16);
        // tests/primitive/gamma.fut, lgamma.fut, erf.fut, erfc.fut, cbrt.fut
        let cases: [(FloatFn, [f64; 2], [f64; 2]); 5] = [
            (FloatFn::Gamma, [1.0, 4.0], [1.0, 6.0]),
            (FloatFn::Lgamma, [1.0, 4.0], [0.0, 1.7917594692280554]),
            (FloatFn::Erf, [0.0, 1.0], [0.0, 0.8427007929497149]),
            (FloatFn::Erfc, [0.0, 1.0], [1.0, 0.15729920705028513]),
            (FloatFn::Cbrt, [0.0, 8.0], [0.0, 2.0]),
        ];
        for (f, inputs, outputs) in cases {
            assert_close(
                &map_fn(float_fn(f, PrimType::F32), &f32s(&inputs)),
                &outputs,
                1e-6,
            );
            assert_close(
                &map_fn(float_fn(f, PrimType::F64), &f64s(&inputs)),
                &outputs,
                1e-14,
            );
            if f != FloatFn::Gamma && f != FloatFn::Lgamma {
                assert_close(
                    &map_fn(float_fn(f, PrimType::F16), &f16s(&inputs)),
                    &outputs,
                    1e-3,
                );
            }
        }
    }

    #[test]
    fn logarithms() {
        // tests/primitive/log32.fut
        let inputs = [0.0, 2.718281828459045, 2.0, 10.0, f64::INFINITY];
        let inf = f64::INFINITY;
        let cases: [(FloatFn, [f64; 5]); 3] = [
            (
                FloatFn::Log,
                [-inf, 1.0, 0.6931471805599453, 2.302585092994046, inf],
            ),
            (
                FloatFn::Log2,
                [-inf, 1.4426950408889634, 1.0, 3.321928094887362, inf],
            ),
            (
                FloatFn::Log10,
                [-inf, 0.4342944819032518, 0.3010299956639812, 1.0, inf],
            ),
        ];
        for (f, outputs) in cases {
            for ty in [PrimType::F32, PrimType::F64] {
                let xs = convert_all(&inputs.map(F64), ty);
                assert_close(&map_fn(float_fn(f, ty), &xs), &outputs, 1e-6);
            }
        }
        let log1p_inputs = [-1.0, -1e-12, 0.0, 1e-23, 1.718281828459045, 1.0, inf];
        let log1p_outputs = [-inf, -1e-12, 0.0, 1e-23, 1.0, 0.6931471805599453, inf];
        for ty in [PrimType::F32, PrimType::F64] {
            let xs = convert_all(&log1p_inputs.map(F64), ty);
            assert_close(
                &map_fn(float_fn(FloatFn::Log1p, ty), &xs),
                &log1p_outputs,
                1e-6,
            );
        }
        // tests/primitive/naninf32.fut: which logarithms are NaN.
        let is_nan = |f, xs: &[f32]| -> Vec<bool> {
            let xs: Vec<_> = xs.iter().map(|&x| F32(x)).collect();
            map_fn(float_fn(f, PrimType::F32), &xs)
                .into_iter()
                .map(|v| f64_of(v).is_nan())
                .collect()
        };
        let specials = [f32::NAN, f32::INFINITY, f32::NEG_INFINITY];
        assert_eq!(
            is_nan(FloatFn::Log2, &[2.0, specials[0], specials[1], specials[2]]),
            [false, true, false, true]
        );
        assert_eq!(
            is_nan(
                FloatFn::Log10,
                &[10.0, specials[0], specials[1], specials[2]]
            ),
            [false, true, false, true]
        );
        assert_eq!(
            is_nan(
                FloatFn::Log1p,
                &[-2.0, -1.0, 2.0, specials[0], specials[1], specials[2]]
            ),
            [true, false, false, true, false, true]
        );
        // tests/primitive/f16.fut: the square root of a negative is NaN.
        let sqrt16 = float_fn(FloatFn::Sqrt, PrimType::F16);
        assert!(f64_of(eval_prim_fn(sqrt16, &[F16(h(-1.0))])).is_nan());
        assert_eq!(eval_prim_fn(sqrt16, &[F16(h(4.0))]), F16(h(2.0)));
    }

    #[test]
    fn trigonometric_and_hyperbolic_functions() {
        // tests/primitive/{sin,cos,tan,asin,acos,sinh,cosh,tanh,asinh,acosh,atanh}32.fut
        let pi = 3.1415927;
        let cases: [(FloatFn, &[f64], &[f64]); 11] = [
            (
                FloatFn::Sin,
                &[0.0, -1.0, pi, -pi],
                &[0.0, -0.84147096, -8.742278e-8, 8.742278e-8],
            ),
            (
                FloatFn::Cos,
                &[0.0, -1.0, pi, -pi],
                &[1.0, 0.5403023, -1.0, -1.0],
            ),
            (
                FloatFn::Tan,
                &[0.0, 0.78539819, -0.78539819],
                &[0.0, 1.0, -1.0],
            ),
            (
                FloatFn::Asin,
                &[0.0, -0.84147096, -8.742278e-8, 8.742278e-8],
                &[0.0, -1.0, -8.742278e-8, 8.742278e-8],
            ),
            (FloatFn::Acos, &[1.0, 0.5403023, -1.0], &[0.0, 1.0, pi]),
            (
                FloatFn::Sinh,
                &[0.0, -1.0, pi, -pi],
                &[
                    0.0,
                    -1.1752011936438014,
                    11.548739357257748,
                    -11.548739357257748,
                ],
            ),
            (
                FloatFn::Cosh,
                &[0.0, -1.0, pi, -pi],
                &[
                    1.0,
                    1.5430806348152437,
                    11.591953275521519,
                    11.591953275521519,
                ],
            ),
            (
                FloatFn::Tanh,
                &[0.0, 0.78539819, -0.78539819],
                &[0.0, 0.6557942177943699, -0.6557942177943699],
            ),
            (
                FloatFn::Asinh,
                &[0.0, -0.84147096, -8.742278e-8, 8.742278e-8],
                &[
                    0.0,
                    -0.7647251350294384,
                    -8.742277999999989e-08,
                    8.742277999999989e-08,
                ],
            ),
            (
                FloatFn::Acosh,
                &[1.0, 0.5403023, 3.14],
                &[0.0, f64::NAN, 1.810991348900196],
            ),
            (
                FloatFn::Atanh,
                &[0.0, 0.5, 1.0, -1.0],
                &[0.0, 0.5493061443340548, f64::INFINITY, f64::NEG_INFINITY],
            ),
        ];
        for (f, inputs, outputs) in cases {
            let xs = convert_all(&f64s(inputs), PrimType::F32);
            assert_close(&map_fn(float_fn(f, PrimType::F32), &xs), outputs, 1e-6);
            // The f64 tests reuse the f32 tables, so only f32 precision.
            let xs = convert_all(&xs, PrimType::F64);
            assert_close(&map_fn(float_fn(f, PrimType::F64), &xs), outputs, 1e-6);
        }
        // tests/primitive/atan2_32.fut: `atan2 y x`.
        let ys = vals!(F32: 0.0, 1.0, 1.0, 0.0, -1.0, 1.0, -1.0);
        let xs = vals!(F32: 0.0, 0.0, 1.0, 1.0, 1.0, -1.0, -1.0);
        assert_close(
            &map2_fn(float_fn(FloatFn::Atan2, PrimType::F32), &ys, &xs),
            &[0.0, 1.570796, 0.785398, 0.0, -0.785398, 2.356194, -2.356194],
            1e-6,
        );
    }

    #[test]
    fn bit_patterns() {
        // tests/primitive/f16.fut and float_convop.fut
        let to_bits16 = PrimFn::ToBits(PrimType::F16);
        assert_same(
            &map_fn(to_bits16, &vals!(F16: h(1.0), h(-1.0))),
            &vals!(U16: 0x3c00, 0xbc00),
        );
        let from_bits16 = PrimFn::FromBits(PrimType::F16);
        assert_same(
            &map_fn(from_bits16, &vals!(U16: 31744, 65024, 48128, 15360)),
            &vals!(F16: h(f32::INFINITY), h(f32::NAN), h(-1.0), h(1.0)),
        );
        let from_bits32 = PrimFn::FromBits(PrimType::F32);
        assert_same(
            &map_fn(
                from_bits32,
                &vals!(U32: 2139095040, 4290772992, 3212836864, 1065353216),
            ),
            &vals!(F32: f32::INFINITY, f32::NAN, -1.0, 1.0),
        );
        let from_bits64 = PrimFn::FromBits(PrimType::F64);
        assert_same(
            &map_fn(
                from_bits64,
                &vals!(U64:
                    9218868437227405312, 18444492273895866368, 13830554455654793216,
                    4607182418800017408),
            ),
            &vals!(F64: f64::INFINITY, f64::NAN, -1.0, 1.0),
        );
        let to_bits64 = PrimFn::ToBits(PrimType::F64);
        assert_eq!(
            eval_prim_fn(to_bits64, &[F64(1.0)]),
            U64(4607182418800017408)
        );
        assert_eq!(
            eval_prim_fn(PrimFn::ToBits(PrimType::F32), &[F32(-1.0)]),
            U32(3212836864)
        );
    }

    #[test]
    fn popc_clz_ctz() {
        // tests/primitive/popc.fut and clz.fut: inputs converted from u64.
        let inputs = vals!(U64: 0, 255, 65535, 4294967295, u64::MAX);
        let counts =
            |function: fn(PrimType) -> PrimFn, ty| map_fn(function(ty), &convert_all(&inputs, ty));
        let pairs = [
            (PrimType::I8, PrimType::U8),
            (PrimType::I16, PrimType::U16),
            (PrimType::I32, PrimType::U32),
            (PrimType::I64, PrimType::U64),
        ];
        let popcs = [
            [0, 8, 8, 8, 8],
            [0, 8, 16, 16, 16],
            [0, 8, 16, 32, 32],
            [0, 8, 16, 32, 64],
        ];
        let clzs = [
            [8, 0, 0, 0, 0],
            [16, 8, 0, 0, 0],
            [32, 24, 16, 0, 0],
            [64, 56, 48, 32, 0],
        ];
        for (((signed, unsigned), popc), clz) in pairs.into_iter().zip(popcs).zip(clzs) {
            for ty in [signed, unsigned] {
                assert_same(&counts(PrimFn::Popc, ty), &popc.map(I32));
                assert_same(&counts(PrimFn::Clz, ty), &clz.map(I32));
            }
        }
        // tests/primitive/ctz.fut
        let ctz = |ty, xs: &[PrimValue]| map_fn(PrimFn::Ctz(ty), &convert_all(xs, ty));
        assert_same(
            &ctz(PrimType::I8, &vals!(U8: 0, 255, 128)),
            &vals!(I32: 8, 0, 7),
        );
        assert_same(
            &ctz(PrimType::I16, &vals!(U16: 0, 65535, 32768)),
            &vals!(I32: 16, 0, 15),
        );
        assert_same(
            &ctz(PrimType::I32, &vals!(U32: 0, u32::MAX, 1 << 31)),
            &vals!(I32: 32, 0, 31),
        );
        assert_same(
            &ctz(PrimType::I64, &vals!(U64: 0, u64::MAX, 1 << 63)),
            &vals!(I32: 64, 0, 63),
        );
        assert_same(&ctz(PrimType::U64, &vals!(U64: 0, 12)), &vals!(I32: 64, 2));
    }

    #[test]
    fn mul_hi() {
        // tests/primitive/mul_hi.fut
        let mul_hi = |ty, xs: &[PrimValue], ys: &[PrimValue]| {
            map2_fn(
                PrimFn::MulHi(ty),
                &convert_all(xs, ty),
                &convert_all(ys, ty),
            )
        };
        let xs8 = vals!(U8: 10, 20, 2, 1, 2, 3, 2);
        let ys8 = vals!(U8: 10, 20, 127, 255, 255, 127, 128);
        assert_same(
            &mul_hi(PrimType::U8, &xs8, &ys8),
            &vals!(U8: 0, 1, 0, 0, 1, 1, 1),
        );
        assert_same(
            &mul_hi(PrimType::I8, &xs8, &ys8),
            &vals!(I8: 0, 1, 0, -1, -1, 1, -1),
        );
        let xs16 = vals!(U16: 10, 20, 2, 3, 2, 1, 2, 2, 2, 3, 65535);
        let ys16 = vals!(U16: 10, 20, 127, 127, 128, 255, 255, 32768, 65535, 65535, 65535);
        assert_same(
            &mul_hi(PrimType::U16, &xs16, &ys16),
            &vals!(U16: 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 65534),
        );
        assert_same(
            &mul_hi(PrimType::I16, &xs16, &ys16),
            &vals!(I16: 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, 0),
        );
        let max = u64::MAX;
        let xs64 =
            vals!(U64: 10, 20, 2, 3, 2, 1, 2, 2, 2, 3, 65535, 1, 2, 5, 4294967295, 1, 2, max);
        let ys64 = vals!(U64:
            10, 20, 127, 127, 128, 255, 255, 32768, 65535, 65535, 65535, 4294967295, 4294967295,
            4294967295, 4294967295, max, max, max);
        assert_same(
            &mul_hi(PrimType::U64, &xs64, &ys64),
            &vals!(U64: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 18446744073709551614),
        );
        assert_same(
            &mul_hi(PrimType::I64, &xs64, &ys64),
            &vals!(I64: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0),
        );
        let xs32 = vals!(U32: 2, 5, 4294967295);
        let ys32 = vals!(U32: 4294967295, 4294967295, 4294967295);
        assert_same(
            &mul_hi(PrimType::U32, &xs32, &ys32),
            &vals!(U32: 1, 4, 4294967294),
        );
        assert_same(&mul_hi(PrimType::I32, &xs32, &ys32), &vals!(I32: -1, -1, 0));
    }

    #[test]
    #[should_panic(expected = "interpreter bug")]
    fn wrong_arity_is_an_interpreter_bug() {
        eval_prim_fn(PrimFn::Float(FloatFn::Atan2, PrimType::F32), &[F32(1.0)]);
    }

    #[test]
    fn mistyped_operands_convert_to_the_first_operands_type() {
        assert_eq!(eval_binop(BinOp::Add, I32(1), I64(2)), Ok(I32(3)));
        assert_eq!(eval_binop(BinOp::Add, F32(0.5), I8(2)), Ok(F32(2.5)));
        assert!(eval_cmp(CmpOp::Lt, U8(1), I8(-1)));
    }
}
