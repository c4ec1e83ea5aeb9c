//! Automatic differentiation of core IR: forward mode ([`jvp_apply`]) and
//! reverse mode ([`vjp_apply`]).
//!
//! Forward mode ([`forward`]) differentiates every construct of the IR.
//! Reverse mode ([`reverse`]) is a reverse sweep whose cost is a small
//! constant times the function's; for the constructs it does not handle
//! (listed in [`reverse`]) the whole differentiated function falls back
//! to [`forward::vjp_by_forward`], which is exact but costs the size of
//! the arguments times the function. Both modes give the same results up
//! to floating-point rounding, and share one table of derivatives
//! ([`rules`]).
//!
//! A function may have a custom reverse derivative
//! ([`Derivatives::set_custom_vjp`], what `with_vjp` makes): reverse mode
//! calls it instead of differentiating the function's body, and forward
//! mode differentiates the body as usual.
//!
//! Unsupported (an error, never a wrong derivative): the derivatives of
//! `gamma` and `lgamma`, of `//` and `%%` on floats, functions that are
//! still being lowered when they are differentiated (a definition whose
//! body differentiates itself), and a custom reverse derivative inside a
//! lambda that reverse mode computes by forward mode.

mod forward;
mod reverse;
mod rules;

use crate::ir::build::Builder;
use crate::ir::traverse::for_each_stm;
use crate::ir::{Body, Exp, ExtDim, ExtType, FuncId, Lambda, Loc, Param, SubExp, Type, Var};
use prim::BinOp;
use prim::PrimType;
use prim::{F16, PrimValue};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::Cell;

/// Why a program cannot be differentiated, and where.
#[derive(Debug, Clone, PartialEq)]
pub struct AdError {
    pub message: String,
    /// The statement being differentiated.
    pub loc: Option<Loc>,
}

impl From<String> for AdError {
    fn from(message: String) -> AdError {
        AdError { message, loc: None }
    }
}

impl From<&str> for AdError {
    fn from(message: &str) -> AdError {
        message.to_owned().into()
    }
}

type Result<T> = std::result::Result<T, AdError>;

/// The derived functions made so far, by the function they derive, so
/// that each is made once per program.
#[derive(Debug, Default)]
pub struct Derivatives {
    jvp: FxHashMap<FuncId, FuncId>,
    vjp: FxHashMap<FuncId, FuncId>,
    /// The functions whose reverse derivative was given rather than
    /// derived.
    custom_vjp: FxHashSet<FuncId>,
}

impl Derivatives {
    /// Makes `derived` the reverse derivative of `func`, in the form
    /// reverse mode derives one (`func`'s arguments, then the sizes of its
    /// existentially sized results, then the adjoints of its results in;
    /// its results and the adjoints of its arguments out): reverse mode
    /// calls it at every call of `func` instead of differentiating
    /// `func`'s body.
    pub fn set_custom_vjp(&mut self, func: FuncId, derived: FuncId) {
        self.vjp.insert(func, derived);
        self.custom_vjp.insert(func);
    }

    fn has_custom_vjp(&self, func: FuncId) -> bool {
        self.custom_vjp.contains(&func)
    }

    /// Whether `body` calls, directly or through other functions, one
    /// with a custom reverse derivative.
    fn reaches_custom_vjp(&self, builder: &Builder, body: &Body) -> bool {
        if self.custom_vjp.is_empty() {
            return false;
        }
        let mut seen = FxHashSet::default();
        let mut bodies = vec![body];
        while let Some(body) = bodies.pop() {
            let mut called = Vec::new();
            for_each_stm(body, &mut |stm| {
                if let Exp::Call { func, .. } = stm.exp {
                    called.push(func);
                }
            });
            for func in called {
                if self.has_custom_vjp(func) {
                    return true;
                }
                if seen.insert(func)
                    && let Some(function) = builder.function(func)
                {
                    bodies.push(&function.body);
                }
            }
        }
        false
    }
}

/// Emits `lambda` applied to `args`, with the tangents `arg_tangents`
/// (`None` for zero). Returns the results and their tangents (zero for
/// results that are not floating-point).
pub fn jvp_apply(
    builder: &mut Builder,
    derivatives: &mut Derivatives,
    lambda: &Lambda,
    args: &[SubExp],
    arg_tangents: &[Option<SubExp>],
) -> Result<(Vec<SubExp>, Vec<SubExp>)> {
    forward::jvp(builder, derivatives, lambda, args, arg_tangents)
}

/// Emits `lambda` applied to `args` and the vector-Jacobian product of
/// the cotangents `cotangents` (one per result). Returns the results and
/// one adjoint per argument (zero for arguments that are not
/// floating-point).
pub fn vjp_apply(
    builder: &mut Builder,
    derivatives: &mut Derivatives,
    lambda: &Lambda,
    args: &[SubExp],
    cotangents: &[SubExp],
) -> Result<(Vec<SubExp>, Vec<SubExp>)> {
    let analysis = if VJP_BY_FORWARD.with(Cell::get) {
        Err("forward mode requested".to_owned())
    } else {
        reverse::analyse(builder, derivatives, lambda)
    };
    match analysis {
        Ok(active) => reverse::vjp(builder, derivatives, active, lambda, args, cotangents),
        // Forward mode cannot use a custom reverse derivative: computing
        // the product without it would silently give another one.
        Err(reason) if derivatives.reaches_custom_vjp(builder, &lambda.body) => Err(format!(
            "a custom derivative (`with_vjp`) cannot be used here: reverse mode \
             differentiates this function by forward mode, because of {reason}"
        )
        .into()),
        Err(_) => forward::vjp_by_forward(builder, derivatives, lambda, args, cotangents),
    }
}

thread_local! {
    /// Whether [`vjp_apply`] uses forward mode everywhere on this thread.
    static VJP_BY_FORWARD: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f` (lowering a program, say) with [`vjp_apply`] computing every
/// vector-Jacobian product by forward mode, as it does where the reverse
/// sweep does not apply: so that tests can compare the two.
pub fn with_vjp_by_forward<T>(f: impl FnOnce() -> T) -> T {
    let saved = VJP_BY_FORWARD.with(|flag| flag.replace(true));
    let result = f();
    VJP_BY_FORWARD.with(|flag| flag.set(saved));
    result
}

/// Adds to `params` the parameters a reverse derivative takes after its
/// function's arguments, for results of the types `ret`: a size for
/// each existential dimension of the results (the sizes of the
/// adjoints), then one adjoint per result. Returns the adjoints.
pub fn adjoint_params(
    builder: &mut Builder,
    ret: &[ExtType],
    params: &mut Vec<Param>,
) -> Vec<SubExp> {
    let mut adjoint_types = Vec::with_capacity(ret.len());
    for ty in ret {
        adjoint_types.push(ty.map_dims(|dim| match *dim {
            ExtDim::Free(se) => se,
            ExtDim::Ext(_) => {
                let size = builder.param("adj_size", Type::i64(), false);
                params.push(size.clone());
                SubExp::Var(size.var)
            }
        }));
    }
    adjoint_types
        .into_iter()
        .map(|ty| {
            let adjoint = builder.param("adj", ty, false);
            params.push(adjoint.clone());
            SubExp::Var(adjoint.var)
        })
        .collect()
}

/// The sizes of the dimensions of an array.
pub(super) fn array_dims(builder: &Builder, array: Var) -> Vec<SubExp> {
    builder.dims(SubExp::Var(array))
}

pub(super) fn product(builder: &mut Builder, dims: &[SubExp]) -> SubExp {
    dims.iter().fold(SubExp::i64(1), |acc, &dim| {
        SubExp::Var(builder.bind1("count", Exp::BinOp(BinOp::Mul, acc, dim)))
    })
}

/// Whether code at `loc` is the user's or inlined into it (rather than
/// prelude code in a function of its own).
pub(super) fn reached_from_user_code(loc: &Loc) -> bool {
    std::iter::once(loc)
        .chain(loc.inlined_from.iter())
        .any(|site| !site.prelude)
}

/// One of a numeric type.
pub(super) fn one(ty: PrimType) -> SubExp {
    SubExp::Const(match ty {
        PrimType::I8 => PrimValue::I8(1),
        PrimType::I16 => PrimValue::I16(1),
        PrimType::I32 => PrimValue::I32(1),
        PrimType::I64 => PrimValue::I64(1),
        PrimType::U8 => PrimValue::U8(1),
        PrimType::U16 => PrimValue::U16(1),
        PrimType::U32 => PrimValue::U32(1),
        PrimType::U64 => PrimValue::U64(1),
        PrimType::Bool => PrimValue::Bool(true),
        float => return float_const(float, 1.0),
    })
}

pub(super) fn float_const(ty: PrimType, value: f64) -> SubExp {
    SubExp::Const(match ty {
        PrimType::F16 => PrimValue::F16(F16::from_f64(value)),
        PrimType::F32 => PrimValue::F32(value as f32),
        _ => PrimValue::F64(value),
    })
}

/// The expression with variables renamed by `rename`; for expressions
/// without nested code (an expression with nested code is cloned as it
/// is: its callers rebuild those).
pub(super) fn rename_exp(exp: &Exp, rename: &FxHashMap<Var, Var>) -> Exp {
    let mut renamed = exp.clone();
    if !matches!(
        exp,
        Exp::Call { .. } | Exp::If { .. } | Exp::Loop { .. } | Exp::Op(_)
    ) {
        let mut rename_se = |se: &mut SubExp| {
            if let SubExp::Var(var) = se
                && let Some(&new) = rename.get(var)
            {
                *se = SubExp::Var(new);
            }
        };
        renamed.map_operands(&mut rename_se);
        renamed.map_type_dims(&mut rename_se);
    }
    renamed
}
