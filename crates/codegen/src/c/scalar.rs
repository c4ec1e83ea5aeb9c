//! Scalar operations as C expressions over the operations of
//! `runtime/prelude.h`, which follow `prim`'s `eval.rs` without undefined
//! behaviour (wrapping arithmetic in unsigned integers, guarded shifts,
//! total divisions, NaN-safe conversions). Operands are C expressions of
//! the given primitive types (`f16` as its bits); every function here
//! is total: the code around it checks divisors and exponents first.

use prim::{BinOp, CmpOp, FloatFn, PrimFn, PrimType, PrimValue, UnOp};
use std::fmt::Write as _;

/// The runtime's element code of a primitive type (`E_I32`).
pub(crate) fn elem_code(prim: PrimType) -> &'static str {
    match prim {
        PrimType::Bool => "E_BOOL",
        PrimType::I8 => "E_I8",
        PrimType::I16 => "E_I16",
        PrimType::I32 => "E_I32",
        PrimType::I64 => "E_I64",
        PrimType::U8 => "E_U8",
        PrimType::U16 => "E_U16",
        PrimType::U32 => "E_U32",
        PrimType::U64 => "E_U64",
        PrimType::F16 => "E_F16",
        PrimType::F32 => "E_F32",
        PrimType::F64 => "E_F64",
    }
}

/// The C type of a scalar (`t_i32`).
pub(crate) fn c_type(prim: PrimType) -> String {
    format!("t_{}", prim.name())
}

pub(crate) fn is_signed(prim: PrimType) -> bool {
    matches!(
        prim,
        PrimType::I8 | PrimType::I16 | PrimType::I32 | PrimType::I64
    )
}

fn width(prim: PrimType) -> u32 {
    match prim {
        PrimType::Bool | PrimType::I8 | PrimType::U8 => 8,
        PrimType::I16 | PrimType::U16 | PrimType::F16 => 16,
        PrimType::I32 | PrimType::U32 | PrimType::F32 => 32,
        PrimType::I64 | PrimType::U64 | PrimType::F64 => 64,
    }
}

fn unsigned_of(prim: PrimType) -> &'static str {
    match width(prim) {
        8 => "uint8_t",
        16 => "uint16_t",
        32 => "uint32_t",
        _ => "uint64_t",
    }
}

/// A constant, exactly (floats by their bits).
pub(crate) fn constant(value: PrimValue) -> String {
    match value {
        PrimValue::Bool(b) => format!("((t_bool){})", u8::from(b)),
        PrimValue::I8(v) => format!("((t_i8){v})"),
        PrimValue::I16(v) => format!("((t_i16){v})"),
        PrimValue::I32(i32::MIN) => "((t_i32)INT32_MIN)".to_owned(),
        PrimValue::I32(v) => format!("((t_i32){v})"),
        PrimValue::I64(i64::MIN) => "((t_i64)INT64_MIN)".to_owned(),
        PrimValue::I64(v) if i32::try_from(v).is_ok() => format!("((t_i64){v})"),
        PrimValue::I64(v) => format!("((t_i64){v}LL)"),
        PrimValue::U8(v) => format!("((t_u8){v}U)"),
        PrimValue::U16(v) => format!("((t_u16){v}U)"),
        PrimValue::U32(v) => format!("((t_u32){v}UL)"),
        PrimValue::U64(v) => format!("((t_u64){v}ULL)"),
        PrimValue::F16(v) => format!("((t_f16){}U)", v.0),
        PrimValue::F32(v) => format!("bits_f32({}U)", v.to_bits()),
        PrimValue::F64(v) => format!("bits_f64({}ULL)", v.to_bits()),
    }
}

/// A C string literal of `text`.
pub(crate) fn c_literal(text: &str) -> String {
    let mut out = String::from("\"");
    for byte in text.bytes() {
        match byte {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            // `??` could start a trigraph.
            b'?' => out.push_str("\\?"),
            0x20..=0x7e => out.push(byte as char),
            _ => {
                let _ = write!(out, "\\{byte:03o}");
            }
        }
    }
    out.push('"');
    out
}

/// A binary operator on operands of `prim`. Integer division by zero gives zero and negative exponents act as
/// their bits read unsigned: callers check first where that matters.
pub(crate) fn binop(op: BinOp, prim: PrimType, x: &str, y: &str) -> String {
    if prim.is_float() {
        return float_binop(op, prim, x, y);
    }
    let f = match op {
        BinOp::Add => "add",
        BinOp::Sub => "sub",
        BinOp::Mul => "mul",
        BinOp::Div => "div",
        BinOp::Mod => "mod",
        BinOp::Quot => "quot",
        BinOp::Rem => "rem",
        BinOp::Pow => "pow",
        BinOp::And => "and",
        BinOp::Or => "or",
        BinOp::Xor => "xor",
        BinOp::Shl => "shl",
        BinOp::Shr => "shr",
        BinOp::LShr => "lshr",
        BinOp::Min => "min",
        BinOp::Max => "max",
    };
    if prim == PrimType::Bool
        && !matches!(
            op,
            BinOp::And
                | BinOp::Or
                | BinOp::Xor
                | BinOp::Min
                | BinOp::Max
                | BinOp::Add
                | BinOp::Sub
                | BinOp::Mul
        )
    {
        // As the interpreter: a bool acts as the u8 0 or 1.
        return format!("(t_bool)({f}_u8({x}, {y}) != 0)");
    }
    // The commonest operators inline, as the runtime's functions compute
    // them: C compilers spend much of their time inlining calls in long
    // straight-line code.
    let t = prim.name();
    match op {
        BinOp::Add | BinOp::Sub | BinOp::Mul => {
            let c = match op {
                BinOp::Add => "+",
                BinOp::Sub => "-",
                _ => "*",
            };
            format!("((t_{t})((uint64_t)({x}) {c} (uint64_t)({y})))")
        }
        BinOp::And | BinOp::Or | BinOp::Xor => {
            let c = match op {
                BinOp::And => "&",
                BinOp::Or => "|",
                _ => "^",
            };
            format!("((t_{t})(({x}) {c} ({y})))")
        }
        _ => format!("{f}_{t}({x}, {y})"),
    }
}

fn float_binop(op: BinOp, prim: PrimType, x: &str, y: &str) -> String {
    let (cx, cy, wrap_open, wrap_close, suffix, t) = match prim {
        PrimType::F16 => (
            format!("f16_to_f32({x})"),
            format!("f16_to_f32({y})"),
            "f32_to_f16(",
            ")",
            "f",
            "f32",
        ),
        PrimType::F32 => (x.to_owned(), y.to_owned(), "(", ")", "f", "f32"),
        _ => (x.to_owned(), y.to_owned(), "(", ")", "", "f64"),
    };
    let inner = match op {
        BinOp::Add => format!("{cx} + {cy}"),
        BinOp::Sub => format!("{cx} - {cy}"),
        BinOp::Mul => format!("{cx} * {cy}"),
        BinOp::Div => format!("{cx} / {cy}"),
        BinOp::Mod | BinOp::Rem => format!("fmod{suffix}({cx}, {cy})"),
        BinOp::Quot => format!("trunc{suffix}({cx} / {cy})"),
        BinOp::Pow => format!("pow{suffix}({cx}, {cy})"),
        BinOp::Min => format!("min_{t}_({cx}, {cy})"),
        BinOp::Max => format!("max_{t}_({cx}, {cy})"),
        // Bit operators on floats act on their bit patterns.
        BinOp::And | BinOp::Or | BinOp::Xor | BinOp::Shl | BinOp::Shr | BinOp::LShr => {
            let (bits_type, to_bits, from_bits) = match prim {
                PrimType::F16 => (PrimType::U16, "", ""),
                PrimType::F32 => (PrimType::U32, "f32_bits", "bits_f32"),
                _ => (PrimType::U64, "f64_bits", "bits_f64"),
            };
            let bits = binop(
                op,
                bits_type,
                &format!("{to_bits}({x})"),
                &format!("{to_bits}({y})"),
            );
            return format!("{from_bits}({bits})");
        }
    };
    format!("{wrap_open}{inner}{wrap_close}")
}

/// A comparison of operands of `prim`, as a `t_bool`.
pub(crate) fn cmp(op: CmpOp, prim: PrimType, x: &str, y: &str) -> String {
    let (x, y) = if prim == PrimType::F16 {
        (format!("f16_to_f32({x})"), format!("f16_to_f32({y})"))
    } else {
        (x.to_owned(), y.to_owned())
    };
    let c = match op {
        CmpOp::Eq => "==",
        CmpOp::Lt => "<",
        CmpOp::Le => "<=",
    };
    format!("(t_bool)({x} {c} {y})")
}

pub(crate) fn unop(op: UnOp, prim: PrimType, x: &str) -> String {
    match (op, prim) {
        (_, PrimType::Bool) => format!("(t_bool)!{x}"),
        (UnOp::Neg, PrimType::F16) => format!("(t_f16)({x} ^ 0x8000)"),
        (UnOp::Neg, PrimType::F32 | PrimType::F64) => format!("(-{x})"),
        (UnOp::Neg, _) => format!("neg_{}({x})", prim.name()),
        (UnOp::Not | UnOp::Complement, PrimType::F16) => format!("(t_f16)~{x}"),
        (UnOp::Not | UnOp::Complement, PrimType::F32) => format!("bits_f32(~f32_bits({x}))"),
        (UnOp::Not | UnOp::Complement, PrimType::F64) => format!("bits_f64(~f64_bits({x}))"),
        (UnOp::Not | UnOp::Complement, _) => format!("compl_{}({x})", prim.name()),
    }
}

/// `x` of type `from` converted to `to`, as `prim::convert` does.
pub(crate) fn convert(from: PrimType, to: PrimType, x: &str) -> String {
    if from == to {
        return x.to_owned();
    }
    if from.is_float() {
        let d = match from {
            PrimType::F16 => format!("(double)f16_to_f32({x})"),
            _ => format!("(double)({x})"),
        };
        return match to {
            PrimType::Bool => format!("(t_bool)({d} != 0.0)"),
            PrimType::F64 => d,
            PrimType::F32 => format!("(float)({d})"),
            PrimType::F16 => format!("f32_to_f16((float)({d}))"),
            _ => format!("(t_{})float_to_int_bits({d})", to.name()),
        };
    }
    match to {
        PrimType::Bool => format!("(t_bool)({x} != 0)"),
        PrimType::F64 => format!("(double)({x})"),
        PrimType::F32 => format!("(float)({x})"),
        PrimType::F16 => format!("f32_to_f16((float)({x}))"),
        _ if from == PrimType::Bool => format!("(t_{})({x})", to.name()),
        _ if is_signed(from) && is_signed(to) => format!("(t_{})(int64_t)({x})", to.name()),
        _ => format!("(t_{})(uint64_t)({})({x})", to.name(), unsigned_of(from)),
    }
}

/// The type of a primitive function's result.
pub(crate) fn prim_fn_type(f: PrimFn) -> PrimType {
    match f {
        PrimFn::Float(_, ty) | PrimFn::FromBits(ty) | PrimFn::MulHi(ty) => ty,
        PrimFn::ToBits(ty) => match width(ty) {
            8 => PrimType::U8,
            16 => PrimType::U16,
            32 => PrimType::U32,
            _ => PrimType::U64,
        },
        PrimFn::Popc(_) | PrimFn::Clz(_) | PrimFn::Ctz(_) => PrimType::I32,
        PrimFn::Tuning(_) => PrimType::I64,
    }
}

/// A primitive function applied to `args` (C expressions and their
/// types); `ctx` is the context's expression, which tuning parameters
/// are read from.
pub(crate) fn prim_fn(f: PrimFn, args: &[(String, PrimType)], ctx: &str) -> String {
    // Operands converted to the type the function takes.
    let arg = |i: usize, ty: PrimType| convert(args[i].1, ty, &args[i].0);
    match f {
        PrimFn::Float(ff, ty) => {
            let (suffix, to, from) = match ty {
                PrimType::F16 => ("f", "f16_to_f32", "f32_to_f16"),
                PrimType::F32 => ("f", "(float)", ""),
                _ => ("", "(double)", ""),
            };
            let c_args: Vec<String> = (0..args.len())
                .map(|i| {
                    if ff == FloatFn::Ldexp && i == 1 {
                        arg(i, PrimType::I32)
                    } else {
                        format!("{to}({})", arg(i, ty))
                    }
                })
                .collect();
            let name = match ff {
                FloatFn::Gamma => "tgamma",
                FloatFn::Round => "rint",
                other => other.name(),
            };
            format!("{from}({name}{suffix}({}))", c_args.join(", "))
        }
        PrimFn::ToBits(ty) => match ty {
            PrimType::F32 => format!("f32_bits({})", arg(0, ty)),
            PrimType::F64 => format!("f64_bits({})", arg(0, ty)),
            _ => format!("(t_u{})({})", width(ty), arg(0, ty)),
        },
        PrimFn::FromBits(ty) => {
            let bits = prim_fn_type(PrimFn::ToBits(ty));
            match ty {
                PrimType::F32 => format!("bits_f32({})", arg(0, bits)),
                PrimType::F64 => format!("bits_f64({})", arg(0, bits)),
                _ => format!("(t_{})({})", ty.name(), arg(0, bits)),
            }
        }
        PrimFn::Popc(ty) => format!(
            "(t_i32)popc64((uint64_t)({})({}))",
            unsigned_of(ty),
            arg(0, ty)
        ),
        PrimFn::Clz(ty) => format!(
            "(t_i32)clz_w((uint64_t)({})({}), {})",
            unsigned_of(ty),
            arg(0, ty),
            width(ty)
        ),
        PrimFn::Ctz(ty) => format!(
            "(t_i32)ctz_w((uint64_t)({})({}), {})",
            unsigned_of(ty),
            arg(0, ty),
            width(ty)
        ),
        PrimFn::Tuning(k) => format!("fut_tuning({ctx}, {k}, {})", arg(0, PrimType::I64)),
        PrimFn::MulHi(ty) => {
            let (x, y) = (arg(0, ty), arg(1, ty));
            match (ty, is_signed(ty)) {
                (PrimType::I64, _) => format!("mul_hi_i64({x}, {y})"),
                (PrimType::U64, _) => format!("mul_hi_u64({x}, {y})"),
                (_, true) => format!(
                    "(t_{})(uint64_t)(((int64_t){x} * (int64_t){y}) >> {})",
                    ty.name(),
                    width(ty)
                ),
                (_, false) => format!(
                    "(t_{})(((uint64_t){x} * (uint64_t){y}) >> {})",
                    ty.name(),
                    width(ty)
                ),
            }
        }
    }
}
