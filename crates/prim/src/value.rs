//! Primitive values: one scalar of each primitive type, with `f16` kept
//! as its bit pattern.

use crate::PrimType;
use std::fmt;

/// A half-precision float, kept as its IEEE 754 binary16 bit pattern.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct F16(pub u16);

impl F16 {
    /// Rounds to the nearest binary16 value (ties to even), as the
    /// language's conversions do.
    pub fn from_f32(value: f32) -> F16 {
        let bits = value.to_bits();
        let sign = ((bits >> 16) & 0x8000) as u16;
        let exponent = ((bits >> 23) & 0xff) as i32;
        let mantissa = bits & 0x007f_ffff;
        if exponent == 0xff {
            // Infinity or NaN; a NaN keeps a quiet bit.
            let nan = if mantissa != 0 { 0x0200 } else { 0 };
            return F16(sign | 0x7c00 | nan | (mantissa >> 13) as u16);
        }
        let unbiased = exponent - 127;
        if unbiased > 15 {
            return F16(sign | 0x7c00);
        }
        if unbiased >= -14 {
            // Normal: round the 23-bit mantissa to 10 bits.
            let half_exponent = (unbiased + 15) as u32;
            let mut result = (half_exponent << 10) | (mantissa >> 13);
            let rest = mantissa & 0x1fff;
            if rest > 0x1000 || (rest == 0x1000 && result & 1 == 1) {
                // May carry into the exponent, and up to infinity: both right.
                result += 1;
            }
            return F16(sign | result as u16);
        }
        if unbiased < -25 {
            return F16(sign);
        }
        // Subnormal: shift the mantissa with its implicit bit into place.
        let full = mantissa | 0x0080_0000;
        let shift = (-14 - unbiased + 13) as u32;
        let mut result = full >> shift;
        let rest = full & ((1 << shift) - 1);
        let halfway = 1 << (shift - 1);
        if rest > halfway || (rest == halfway && result & 1 == 1) {
            result += 1;
        }
        F16(sign | result as u16)
    }

    /// Rounds through `f32` (exact for every value an `f16` can round to
    /// from an `f64` except in rare double-rounding ties).
    pub fn from_f64(value: f64) -> F16 {
        F16::from_f32(value as f32)
    }

    pub fn to_f32(self) -> f32 {
        let bits = self.0 as u32;
        let sign = (bits & 0x8000) << 16;
        let exponent = (bits >> 10) & 0x1f;
        let mantissa = bits & 0x03ff;
        let result = match (exponent, mantissa) {
            (0, 0) => sign,
            (0, _) => {
                // Subnormal: normalise.
                let mut exponent: i32 = -14;
                let mut mantissa = mantissa;
                while mantissa & 0x0400 == 0 {
                    mantissa <<= 1;
                    exponent -= 1;
                }
                sign | (((exponent + 127) as u32) << 23) | ((mantissa & 0x03ff) << 13)
            }
            (0x1f, 0) => sign | 0x7f80_0000,
            (0x1f, _) => sign | 0x7fc0_0000 | (mantissa << 13),
            _ => sign | ((exponent + 127 - 15) << 23) | (mantissa << 13),
        };
        f32::from_bits(result)
    }

    pub fn to_f64(self) -> f64 {
        self.to_f32() as f64
    }
}

impl fmt::Debug for F16 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}f16", self.to_f32())
    }
}

/// A primitive value. Values are equal when they are the same value of
/// the same type, floats bit for bit: a NaN equals itself, `0.0` differs
/// from `-0.0`. Arithmetic comparison is [`crate::eval_cmp`]'s.
#[derive(Debug, Clone, Copy)]
pub enum PrimValue {
    Bool(bool),
    I8(i8),
    I16(i16),
    I32(i32),
    I64(i64),
    U8(u8),
    U16(u16),
    U32(u32),
    U64(u64),
    F16(F16),
    F32(f32),
    F64(f64),
}

impl PartialEq for PrimValue {
    fn eq(&self, other: &PrimValue) -> bool {
        use PrimValue::*;
        match (*self, *other) {
            (Bool(a), Bool(b)) => a == b,
            (I8(a), I8(b)) => a == b,
            (I16(a), I16(b)) => a == b,
            (I32(a), I32(b)) => a == b,
            (I64(a), I64(b)) => a == b,
            (U8(a), U8(b)) => a == b,
            (U16(a), U16(b)) => a == b,
            (U32(a), U32(b)) => a == b,
            (U64(a), U64(b)) => a == b,
            (F16(a), F16(b)) => a == b,
            (F32(a), F32(b)) => a.to_bits() == b.to_bits(),
            (F64(a), F64(b)) => a.to_bits() == b.to_bits(),
            _ => false,
        }
    }
}

impl Eq for PrimValue {}

impl PrimValue {
    pub fn prim_type(self) -> PrimType {
        match self {
            PrimValue::Bool(_) => PrimType::Bool,
            PrimValue::I8(_) => PrimType::I8,
            PrimValue::I16(_) => PrimType::I16,
            PrimValue::I32(_) => PrimType::I32,
            PrimValue::I64(_) => PrimType::I64,
            PrimValue::U8(_) => PrimType::U8,
            PrimValue::U16(_) => PrimType::U16,
            PrimValue::U32(_) => PrimType::U32,
            PrimValue::U64(_) => PrimType::U64,
            PrimValue::F16(_) => PrimType::F16,
            PrimValue::F32(_) => PrimType::F32,
            PrimValue::F64(_) => PrimType::F64,
        }
    }

    /// The zero of a type (`false` for `bool`): what fresh arrays hold.
    pub fn zero(ty: PrimType) -> PrimValue {
        match ty {
            PrimType::Bool => PrimValue::Bool(false),
            PrimType::I8 => PrimValue::I8(0),
            PrimType::I16 => PrimValue::I16(0),
            PrimType::I32 => PrimValue::I32(0),
            PrimType::I64 => PrimValue::I64(0),
            PrimType::U8 => PrimValue::U8(0),
            PrimType::U16 => PrimValue::U16(0),
            PrimType::U32 => PrimValue::U32(0),
            PrimType::U64 => PrimValue::U64(0),
            PrimType::F16 => PrimValue::F16(F16(0)),
            PrimType::F32 => PrimValue::F32(0.0),
            PrimType::F64 => PrimValue::F64(0.0),
        }
    }

    /// The value as an `i64`, for sizes and indices (which are `i64`).
    pub fn as_i64(self) -> Option<i64> {
        match self {
            PrimValue::I64(v) => Some(v),
            _ => None,
        }
    }

    pub fn as_bool(self) -> Option<bool> {
        match self {
            PrimValue::Bool(v) => Some(v),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{F16, PrimValue};

    #[test]
    fn values_are_equal_bit_for_bit() {
        assert_eq!(PrimValue::F64(f64::NAN), PrimValue::F64(f64::NAN));
        assert_ne!(PrimValue::F64(f64::NAN), PrimValue::F64(-f64::NAN));
        assert_ne!(PrimValue::F32(0.0), PrimValue::F32(-0.0));
        assert_ne!(PrimValue::I32(1), PrimValue::I64(1));
        assert_eq!(PrimValue::U8(7), PrimValue::U8(7));
    }

    #[test]
    fn f16_round_trips_every_bit_pattern_through_f32() {
        for bits in 0..=u16::MAX {
            let value = F16(bits);
            let back = F16::from_f32(value.to_f32());
            if value.to_f32().is_nan() {
                assert!(back.to_f32().is_nan(), "{bits:#x}");
            } else {
                assert_eq!(back.0, bits, "{bits:#x}");
            }
        }
    }

    #[test]
    fn f16_rounds_to_nearest_even_and_overflows_to_infinity() {
        assert_eq!(F16::from_f32(1.0).0, 0x3c00);
        assert_eq!(F16::from_f32(65504.0).0, 0x7bff);
        assert_eq!(F16::from_f32(65520.0).0, 0x7c00);
        assert_eq!(F16::from_f32(-2.0).0, 0xc000);
        // 1 + 2^-11 is halfway between 1 and the next f16: ties to even.
        assert_eq!(F16::from_f32(1.0 + 2f32.powi(-11)).0, 0x3c00);
        assert_eq!(F16::from_f32(2f32.powi(-24)).0, 0x0001);
        assert_eq!(F16::from_f32(2f32.powi(-26)).0, 0x0000);
    }
}
