//! The imperative IR every C back end shares: functions over scalars and
//! memory blocks, with loops, branches, reads and writes of memory, LMAD
//! copies, calls, assertions, and one operation type `Op` that is the back
//! end's own (nothing for sequential C, parallel tasks for multicore).
//!
//! It is made from a program of a memory level of the core IR
//! ([`translate`]) and printed as C by [`crate::c`]. Its meaning:
//!
//! * Variables are the core IR's ([`Var`]), with the program's names;
//!   each is declared once (a parameter, a result, or a `Declare*`) and
//!   holds a scalar of a primitive type or a reference to a memory block.
//! * Memory blocks are reference counted: `SetMem` makes the destination
//!   another reference to the source's block, `Allocate` a reference to
//!   a new block, and a block lives while any variable refers to it. A
//!   function's memory results are references it hands to its caller.
//! * Expressions ([`Exp`]) cannot fail: operations that can (integer
//!   division by zero, negative exponents, out-of-bounds indices) are
//!   guarded by an [`Code::Assert`] before them, and are total
//!   themselves (division by zero gives zero).
//! * An assertion that does not hold stops the function, which returns
//!   the failure to its caller: calls that fail stop their callers, up
//!   to the entry point, which reports the message and the backtrace of
//!   source locations.

pub mod mc;
mod mc_translate;
pub mod print;
mod tiling;
pub mod translate;

use opt::ir::{Loc, Var};
use prim::{BinOp, CmpOp, PrimFn, PrimType, PrimValue, UnOp};

pub use opt::ir::mem::Space;

/// A program: its functions (numbered as the core IR's), entry points
/// and variable names.
#[derive(Debug, Clone, PartialEq)]
pub struct Program<Op> {
    pub functions: Vec<Function<Op>>,
    pub entry_points: Vec<EntryPoint>,
    /// The name hint of each variable.
    pub var_names: Vec<String>,
    /// The names of the tuning parameters, numbered as
    /// `PrimFn::Tuning` refers to them.
    pub tuning_params: Vec<String>,
}

impl<Op> Program<Op> {
    pub fn var_name(&self, var: Var) -> &str {
        self.var_names
            .get(var.0 as usize)
            .map_or("v", String::as_str)
    }
}

/// A function: it reads its parameters and sets its results.
#[derive(Debug, Clone, PartialEq)]
pub struct Function<Op> {
    pub name: String,
    pub params: Vec<Param>,
    pub results: Vec<Param>,
    pub body: Code<Op>,
}

/// A parameter or result: a scalar or a memory block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Param {
    Scalar(Var, PrimType),
    Mem(Var, Space),
}

impl Param {
    pub fn var(self) -> Var {
        match self {
            Param::Scalar(var, _) | Param::Mem(var, _) => var,
        }
    }
}

/// An entry point: the function it calls and how its values look from
/// outside.
#[derive(Debug, Clone, PartialEq)]
pub struct EntryPoint {
    /// The core IR's description (name, function, external types and
    /// uniqueness): the components of its parameters and results are
    /// what `args` and `results` speak of.
    pub source: opt::ir::EntryPoint,
    /// Each of the function's parameters, in order: where its value
    /// comes from.
    pub args: Vec<EntryArg>,
    /// Each component of the results, in order: where it is among the
    /// function's results.
    pub results: Vec<EntryResult>,
}

/// Where an entry function's parameter comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryArg {
    /// The value of the scalar component.
    Scalar { component: usize },
    /// The block of the array component (which is row-major).
    Block { component: usize },
    /// Dimension `dim` of the array component.
    Size { component: usize, dim: usize },
}

/// A component of an entry point's results.
#[derive(Debug, Clone, PartialEq)]
pub enum EntryResult {
    /// The function's result at this position.
    Scalar { position: usize, ty: PrimType },
    /// A row-major array in the block at this result position, of the
    /// given dimensions.
    Array {
        element: PrimType,
        block: usize,
        dims: Vec<EntryDim>,
    },
}

/// A dimension of an entry point's array result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryDim {
    Const(i64),
    /// The function's parameter at this position.
    Param(usize),
    /// The function's result at this position.
    Result(usize),
}

/// Where an array's elements are: a block and an index function (in
/// elements of the array's type).
#[derive(Debug, Clone, PartialEq)]
pub struct MemLoc {
    pub block: Var,
    pub offset: Exp,
    pub strides: Vec<Exp>,
}

/// A part of a failure's message: text, a scalar printed as the data
/// format writes it, or a slice's range as upstream writes it in index
/// errors (`start:end`, or `start:end:stride` unless the stride is 1,
/// where `end` is `start + len * stride`).
#[derive(Debug, Clone, PartialEq)]
pub enum ErrorPart {
    Text(String),
    Value(Exp),
    Range { start: Exp, len: Exp, stride: Exp },
}

/// Statements.
#[derive(Debug, Clone, PartialEq)]
pub enum Code<Op> {
    /// In order.
    Block(Vec<Code<Op>>),
    /// A scalar variable, not yet set.
    DeclareScalar(Var, PrimType),
    /// A memory block variable referring to no block.
    DeclareMem(Var, Space),
    SetScalar(Var, Exp),
    /// `dest` refers to the block `source` refers to.
    SetMem {
        dest: Var,
        source: Var,
    },
    /// `mem` refers to a new block of `bytes` bytes.
    Allocate {
        mem: Var,
        bytes: Exp,
        space: Space,
    },
    /// Writes element `index` (in elements of `element`) of a block.
    Write {
        block: Var,
        index: Exp,
        element: PrimType,
        value: Exp,
    },
    /// Copies the elements of an array of `shape` from one place to
    /// another (which must not overlap).
    Copy {
        element: PrimType,
        shape: Vec<Exp>,
        dest: MemLoc,
        source: MemLoc,
    },
    If {
        condition: Exp,
        then_code: Box<Code<Op>>,
        else_code: Box<Code<Op>>,
    },
    /// For `var` (of the bound's integer type) from 0 below `bound`.
    For {
        var: Var,
        bound: Exp,
        body: Box<Code<Op>>,
    },
    /// While `condition` holds, evaluated before every iteration.
    While {
        condition: Exp,
        body: Box<Code<Op>>,
    },
    /// Calls a function, setting `results` (declared) to its results;
    /// `loc` is the call's, for backtraces.
    Call {
        results: Vec<Var>,
        func: opt::ir::FuncId,
        args: Vec<Arg>,
        loc: Option<Loc>,
    },
    /// Fails with the message unless `condition` holds.
    Assert {
        condition: Exp,
        message: Vec<ErrorPart>,
        loc: Option<Loc>,
    },
    /// The back end's own operation.
    Op(Op),
}

/// An argument of a call.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Scalar(Exp),
    Mem(Var),
}

/// A scalar expression, which cannot fail.
#[derive(Debug, Clone, PartialEq)]
pub enum Exp {
    Const(PrimValue),
    Var(Var, PrimType),
    /// Element `index` (in elements of `element`) of a block.
    Read {
        block: Var,
        index: Box<Exp>,
        element: PrimType,
    },
    BinOp(BinOp, Box<Exp>, Box<Exp>),
    Cmp(CmpOp, Box<Exp>, Box<Exp>),
    UnOp(UnOp, Box<Exp>),
    Convert(PrimType, Box<Exp>),
    PrimFn(PrimFn, Vec<Exp>),
}

impl Exp {
    pub fn i64(value: i64) -> Exp {
        Exp::Const(PrimValue::I64(value))
    }

    pub fn bool(value: bool) -> Exp {
        Exp::Const(PrimValue::Bool(value))
    }

    /// `a + b` on `i64`s, folding constants.
    pub fn i64_add(a: Exp, b: Exp) -> Exp {
        match (a.as_i64(), b.as_i64()) {
            (Some(x), Some(y)) => Exp::i64(x.wrapping_add(y)),
            (Some(0), _) => b,
            (_, Some(0)) => a,
            _ => Exp::BinOp(BinOp::Add, Box::new(a), Box::new(b)),
        }
    }

    /// `a * b` on `i64`s, folding constants.
    pub fn i64_mul(a: Exp, b: Exp) -> Exp {
        match (a.as_i64(), b.as_i64()) {
            (Some(x), Some(y)) => Exp::i64(x.wrapping_mul(y)),
            (Some(0), _) | (_, Some(0)) => Exp::i64(0),
            (Some(1), _) => b,
            (_, Some(1)) => a,
            _ => Exp::BinOp(BinOp::Mul, Box::new(a), Box::new(b)),
        }
    }

    /// `a - b` on `i64`s, folding constants.
    pub fn i64_sub(a: Exp, b: Exp) -> Exp {
        match (a.as_i64(), b.as_i64()) {
            (Some(x), Some(y)) => Exp::i64(x.wrapping_sub(y)),
            (_, Some(0)) => a,
            _ => Exp::BinOp(BinOp::Sub, Box::new(a), Box::new(b)),
        }
    }

    pub fn is_const(&self) -> bool {
        matches!(self, Exp::Const(_))
    }

    fn as_i64(&self) -> Option<i64> {
        match self {
            Exp::Const(PrimValue::I64(v)) => Some(*v),
            _ => None,
        }
    }
}
