//! The primitive operations of the core IR, on scalars of one
//! [`PrimType`]: arithmetic, bitwise and logical operators, comparisons,
//! conversions between numeric types and the functions of the intrinsics
//! table. Their semantics follow the language reference (integer
//! arithmetic wraps around, `/` and `%` round towards negative infinity,
//! `//` and `%%` towards zero, and so on).

use crate::PrimType;

/// A binary operator; both operands have the operator's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// `/`: for integers, division rounding towards negative infinity.
    Div,
    /// `%`: the remainder of `/`, with the sign of the divisor.
    Mod,
    /// `//`: integer division rounding towards zero.
    Quot,
    /// `%%`: the remainder of `//`, with the sign of the dividend.
    Rem,
    /// `**`: exponentiation.
    Pow,
    /// Bitwise (integers) or logical (`bool`) conjunction, not
    /// short-circuiting.
    And,
    Or,
    Xor,
    Shl,
    /// `>>`: arithmetic for signed types, logical for unsigned ones.
    Shr,
    /// `>>>`: logical shift right.
    LShr,
    Min,
    Max,
}

impl BinOp {
    pub const ALL: [BinOp; 16] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::Div,
        BinOp::Mod,
        BinOp::Quot,
        BinOp::Rem,
        BinOp::Pow,
        BinOp::And,
        BinOp::Or,
        BinOp::Xor,
        BinOp::Shl,
        BinOp::Shr,
        BinOp::LShr,
        BinOp::Min,
        BinOp::Max,
    ];

    /// Whether the operator on operands of type `ty` gives the same
    /// result with its operands swapped (bit for bit: float `min` and
    /// `max` may not on zeros of both signs).
    pub fn commutes(self, ty: PrimType) -> bool {
        match self {
            BinOp::Add | BinOp::Mul => true,
            BinOp::And | BinOp::Or | BinOp::Xor => true,
            BinOp::Min | BinOp::Max => ty.is_integer(),
            _ => false,
        }
    }

    /// The operator's name in the printed IR.
    pub fn name(self) -> &'static str {
        match self {
            BinOp::Add => "Add",
            BinOp::Sub => "Sub",
            BinOp::Mul => "Mul",
            BinOp::Div => "Div",
            BinOp::Mod => "Mod",
            BinOp::Quot => "Quot",
            BinOp::Rem => "Rem",
            BinOp::Pow => "Pow",
            BinOp::And => "And",
            BinOp::Or => "Or",
            BinOp::Xor => "Xor",
            BinOp::Shl => "Shl",
            BinOp::Shr => "Shr",
            BinOp::LShr => "LShr",
            BinOp::Min => "Min",
            BinOp::Max => "Max",
        }
    }
}

/// A comparison; both operands have the comparison's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    Lt,
    Le,
}

impl CmpOp {
    pub const ALL: [CmpOp; 3] = [CmpOp::Eq, CmpOp::Lt, CmpOp::Le];

    /// The comparison's name in the printed IR.
    pub fn name(self) -> &'static str {
        match self {
            CmpOp::Eq => "Eq",
            CmpOp::Lt => "Lt",
            CmpOp::Le => "Le",
        }
    }
}

/// A unary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnOp {
    /// Arithmetic negation (wrapping for integers).
    Neg,
    /// Logical negation of a `bool`.
    Not,
    /// Bitwise complement of an integer.
    Complement,
}

impl UnOp {
    pub const ALL: [UnOp; 3] = [UnOp::Neg, UnOp::Not, UnOp::Complement];

    /// The operator's name in the printed IR.
    pub fn name(self) -> &'static str {
        match self {
            UnOp::Neg => "Neg",
            UnOp::Not => "Not",
            UnOp::Complement => "Complement",
        }
    }
}

/// A floating-point function of the intrinsics table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FloatFn {
    Sqrt,
    Cbrt,
    Exp,
    Log,
    Log2,
    Log10,
    Log1p,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Sinh,
    Cosh,
    Tanh,
    Asinh,
    Acosh,
    Atanh,
    Gamma,
    Lgamma,
    Erf,
    Erfc,
    Floor,
    Round,
    Atan2,
    Hypot,
    Copysign,
    /// `ldexp x e`: `x * 2^e`, the exponent an `i32`.
    Ldexp,
    /// `fma a b c`: `a * b + c` with one rounding.
    Fma,
}

impl FloatFn {
    pub const ALL: [FloatFn; 29] = [
        FloatFn::Sqrt,
        FloatFn::Cbrt,
        FloatFn::Exp,
        FloatFn::Log,
        FloatFn::Log2,
        FloatFn::Log10,
        FloatFn::Log1p,
        FloatFn::Sin,
        FloatFn::Cos,
        FloatFn::Tan,
        FloatFn::Asin,
        FloatFn::Acos,
        FloatFn::Sinh,
        FloatFn::Cosh,
        FloatFn::Tanh,
        FloatFn::Asinh,
        FloatFn::Acosh,
        FloatFn::Atanh,
        FloatFn::Gamma,
        FloatFn::Lgamma,
        FloatFn::Erf,
        FloatFn::Erfc,
        FloatFn::Floor,
        FloatFn::Round,
        FloatFn::Atan2,
        FloatFn::Hypot,
        FloatFn::Copysign,
        FloatFn::Ldexp,
        FloatFn::Fma,
    ];

    /// The name in the intrinsics table, before the `_f32`/`_f64` suffix.
    pub fn name(self) -> &'static str {
        match self {
            FloatFn::Sqrt => "sqrt",
            FloatFn::Cbrt => "cbrt",
            FloatFn::Exp => "exp",
            FloatFn::Log => "log",
            FloatFn::Log2 => "log2",
            FloatFn::Log10 => "log10",
            FloatFn::Log1p => "log1p",
            FloatFn::Sin => "sin",
            FloatFn::Cos => "cos",
            FloatFn::Tan => "tan",
            FloatFn::Asin => "asin",
            FloatFn::Acos => "acos",
            FloatFn::Sinh => "sinh",
            FloatFn::Cosh => "cosh",
            FloatFn::Tanh => "tanh",
            FloatFn::Asinh => "asinh",
            FloatFn::Acosh => "acosh",
            FloatFn::Atanh => "atanh",
            FloatFn::Gamma => "gamma",
            FloatFn::Lgamma => "lgamma",
            FloatFn::Erf => "erf",
            FloatFn::Erfc => "erfc",
            FloatFn::Floor => "floor",
            FloatFn::Round => "round",
            FloatFn::Atan2 => "atan2",
            FloatFn::Hypot => "hypot",
            FloatFn::Copysign => "copysign",
            FloatFn::Ldexp => "ldexp",
            FloatFn::Fma => "fma",
        }
    }

    /// The number of arguments.
    pub fn arity(self) -> usize {
        match self {
            FloatFn::Atan2 | FloatFn::Hypot | FloatFn::Copysign | FloatFn::Ldexp => 2,
            FloatFn::Fma => 3,
            _ => 1,
        }
    }
}

/// A function on primitive values from the intrinsics table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PrimFn {
    /// On `f32` or `f64` arguments (`ldexp`'s exponent is an `i32`).
    Float(FloatFn, PrimType),
    /// The bit pattern of a float as the unsigned type of its width.
    ToBits(PrimType),
    /// The float (of the given type) with the given bit pattern.
    FromBits(PrimType),
    /// The number of set bits of an unsigned integer, as an `i32`.
    Popc(PrimType),
    /// Leading zero bits of an unsigned integer, as an `i32`.
    Clz(PrimType),
    /// Trailing zero bits of an unsigned integer, as an `i32`.
    Ctz(PrimType),
    /// The high 64 bits of the 128-bit product of two `i64` or `u64`.
    MulHi(PrimType),
    /// `#[param(name)] e`: the `i64` tuning parameter numbered so in the
    /// program's list, set when the program starts, else `e`. Never
    /// folded: its value is not known until run time.
    Tuning(u32),
}
