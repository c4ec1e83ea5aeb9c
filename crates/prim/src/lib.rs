//! Primitive types, their values, the primitive operations on them and
//! their evaluation: the vocabulary shared by the type checker, the core
//! IR, the interpreter and the code generators.

mod eval;
mod ops;
mod value;

pub use eval::{PrimError, convert, eval_binop, eval_cmp, eval_prim_fn, eval_unop};
pub use ops::{BinOp, CmpOp, FloatFn, PrimFn, UnOp};
pub use value::{F16, PrimValue};

/// A primitive type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PrimType {
    Bool,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F16,
    F32,
    F64,
}

impl PrimType {
    pub const INTEGERS: [PrimType; 8] = [
        PrimType::I8,
        PrimType::I16,
        PrimType::I32,
        PrimType::I64,
        PrimType::U8,
        PrimType::U16,
        PrimType::U32,
        PrimType::U64,
    ];
    pub const FLOATS: [PrimType; 3] = [PrimType::F16, PrimType::F32, PrimType::F64];

    pub fn from_name(name: &str) -> Option<PrimType> {
        use PrimType::*;
        Some(match name {
            "bool" => Bool,
            "i8" => I8,
            "i16" => I16,
            "i32" => I32,
            "i64" => I64,
            "u8" => U8,
            "u16" => U16,
            "u32" => U32,
            "u64" => U64,
            "f16" => F16,
            "f32" => F32,
            "f64" => F64,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        use PrimType::*;
        match self {
            Bool => "bool",
            I8 => "i8",
            I16 => "i16",
            I32 => "i32",
            I64 => "i64",
            U8 => "u8",
            U16 => "u16",
            U32 => "u32",
            U64 => "u64",
            F16 => "f16",
            F32 => "f32",
            F64 => "f64",
        }
    }

    /// The bytes a value takes in memory.
    pub fn byte_size(self) -> i64 {
        use PrimType::*;
        match self {
            Bool | I8 | U8 => 1,
            I16 | U16 | F16 => 2,
            I32 | U32 | F32 => 4,
            I64 | U64 | F64 => 8,
        }
    }

    pub fn is_integer(self) -> bool {
        Self::INTEGERS.contains(&self)
    }

    pub fn is_float(self) -> bool {
        Self::FLOATS.contains(&self)
    }

    pub fn numeric() -> Vec<PrimType> {
        Self::INTEGERS
            .iter()
            .chain(&Self::FLOATS)
            .copied()
            .collect()
    }
}
