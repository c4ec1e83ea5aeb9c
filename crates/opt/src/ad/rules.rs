//! The derivatives of the scalar operations, shared by forward and
//! reverse mode.
//!
//! Each rule gives the derivative of an operation with respect to one
//! operand as a linear map applied to a value `t`: forward mode applies it
//! to the operand's tangent and sums over the operands, reverse mode
//! applies it to the result's adjoint (for a scalar function the map is
//! multiplication by the partial derivative, its own transpose). `None`
//! means the derivative is zero. `x ** y` has the zero derivative at its
//! kinks (`y = 0`, and `x = 0` for the exponent) rather than NaN; the
//! derivatives of `gamma`, `lgamma`, and of `//` and `%%` on floats are
//! errors.

use super::{AdError, Result, float_const, one};
use crate::ir::build::Builder;
use crate::ir::{Body, Exp, ExtType, SubExp};
use prim::PrimType;
use prim::PrimValue;
use prim::{BinOp, CmpOp, FloatFn, PrimFn, UnOp};

fn bind(b: &mut Builder, exp: Exp) -> SubExp {
    SubExp::Var(b.bind1("d", exp))
}

fn binop(b: &mut Builder, op: BinOp, x: SubExp, y: SubExp) -> SubExp {
    bind(b, Exp::BinOp(op, x, y))
}

fn neg(b: &mut Builder, x: SubExp) -> SubExp {
    bind(b, Exp::UnOp(UnOp::Neg, x))
}

fn float_fn(b: &mut Builder, f: FloatFn, ty: PrimType, args: Vec<SubExp>) -> SubExp {
    bind(b, Exp::PrimFn(PrimFn::Float(f, ty), args))
}

/// `if condition then x else y`, as an expression.
pub(super) fn select(
    b: &mut Builder,
    condition: SubExp,
    x: SubExp,
    y: SubExp,
    ty: PrimType,
) -> SubExp {
    let branch = |result| Body {
        stms: Vec::new(),
        result: vec![result],
    };
    bind(
        b,
        Exp::If {
            condition,
            then_body: branch(x),
            else_body: branch(y),
            ret: vec![ExtType::Prim(ty)],
        },
    )
}

/// The derivative of `x op y` (whose value is `result`, of type `ty`)
/// with respect to operand `index` (0 for `x`), applied to `t`.
#[allow(clippy::too_many_arguments)]
pub(super) fn binop_partial(
    b: &mut Builder,
    op: BinOp,
    x: SubExp,
    y: SubExp,
    result: SubExp,
    ty: PrimType,
    index: usize,
    t: SubExp,
) -> Result<Option<SubExp>> {
    let zero = SubExp::Const(PrimValue::zero(ty));
    Ok(match (op, index) {
        (BinOp::Add, _) => Some(t),
        (BinOp::Sub, 0) => Some(t),
        (BinOp::Sub, _) => Some(neg(b, t)),
        (BinOp::Mul, 0) => Some(binop(b, BinOp::Mul, t, y)),
        (BinOp::Mul, _) => Some(binop(b, BinOp::Mul, t, x)),
        (BinOp::Quot, _) if ty.is_float() => {
            return Err("differentiating `//` on floats is not supported".into());
        }
        // x / y: t / y, and -(x / y) t / y.
        (BinOp::Div | BinOp::Quot, 0) => Some(binop(b, op, t, y)),
        (BinOp::Div | BinOp::Quot, _) => {
            let scaled = binop(b, BinOp::Mul, t, result);
            let negated = neg(b, scaled);
            Some(binop(b, op, negated, y))
        }
        // y x^(y-1), zero where y is (so that 0 ** 0 has derivative 0).
        (BinOp::Pow, 0) => {
            let y_minus_one = binop(b, BinOp::Sub, y, one(ty));
            let power = binop(b, BinOp::Pow, x, y_minus_one);
            let factor = binop(b, BinOp::Mul, y, power);
            let term = binop(b, BinOp::Mul, factor, t);
            let y_is_zero = bind(b, Exp::Cmp(CmpOp::Eq, y, zero));
            Some(select(b, y_is_zero, zero, term, ty))
        }
        // x^y log x, zero where x is.
        (BinOp::Pow, _) if ty.is_float() => {
            let log = float_fn(b, FloatFn::Log, ty, vec![x]);
            let factor = binop(b, BinOp::Mul, result, log);
            let term = binop(b, BinOp::Mul, factor, t);
            let x_is_zero = bind(b, Exp::Cmp(CmpOp::Eq, x, zero));
            Some(select(b, x_is_zero, zero, term, ty))
        }
        (BinOp::Pow, _) => None,
        (BinOp::Min | BinOp::Max, _) => {
            // The operand chosen carries the derivative; `x` on ties.
            let x_chosen = match op {
                BinOp::Min => bind(b, Exp::Cmp(CmpOp::Le, x, y)),
                _ => bind(b, Exp::Cmp(CmpOp::Le, y, x)),
            };
            Some(if index == 0 {
                select(b, x_chosen, t, zero, ty)
            } else {
                select(b, x_chosen, zero, t, ty)
            })
        }
        (BinOp::Rem, _) if ty.is_float() => {
            return Err("differentiating `%%` on floats is not supported".into());
        }
        // x mod y = x - y floor(x / y), and x rem y = x - y (x // y).
        (BinOp::Mod | BinOp::Rem, 0) => Some(t),
        (BinOp::Mod | BinOp::Rem, _) => {
            let quotient = if op == BinOp::Rem {
                binop(b, BinOp::Quot, x, y)
            } else if ty.is_float() {
                let quotient = binop(b, BinOp::Div, x, y);
                float_fn(b, FloatFn::Floor, ty, vec![quotient])
            } else {
                binop(b, BinOp::Div, x, y)
            };
            let scaled = binop(b, BinOp::Mul, t, quotient);
            Some(neg(b, scaled))
        }
        (BinOp::And | BinOp::Or | BinOp::Xor | BinOp::Shl | BinOp::Shr | BinOp::LShr, _) => None,
    })
}

/// The derivative of the floating-point function `f` at `args` (whose
/// value is `result`) with respect to argument `index`, applied to `t`.
pub(super) fn float_fn_partial(
    b: &mut Builder,
    f: FloatFn,
    ty: PrimType,
    args: &[SubExp],
    result: SubExp,
    index: usize,
    t: SubExp,
) -> Result<Option<SubExp>> {
    let c = |value: f64| float_const(ty, value);
    let x = args[0];
    // The derivative of a one-argument function at x.
    let derivative = match f {
        FloatFn::Sqrt => {
            let twice = binop(b, BinOp::Mul, c(2.0), result);
            binop(b, BinOp::Div, c(1.0), twice)
        }
        FloatFn::Cbrt => {
            let square = binop(b, BinOp::Mul, result, result);
            let thrice = binop(b, BinOp::Mul, c(3.0), square);
            binop(b, BinOp::Div, c(1.0), thrice)
        }
        FloatFn::Exp => result,
        FloatFn::Log => binop(b, BinOp::Div, c(1.0), x),
        FloatFn::Log2 | FloatFn::Log10 => {
            let ln = if f == FloatFn::Log2 {
                std::f64::consts::LN_2
            } else {
                std::f64::consts::LN_10
            };
            let scaled = binop(b, BinOp::Mul, x, c(ln));
            binop(b, BinOp::Div, c(1.0), scaled)
        }
        FloatFn::Log1p => {
            let shifted = binop(b, BinOp::Add, c(1.0), x);
            binop(b, BinOp::Div, c(1.0), shifted)
        }
        FloatFn::Sin => float_fn(b, FloatFn::Cos, ty, vec![x]),
        FloatFn::Cos => {
            let sin = float_fn(b, FloatFn::Sin, ty, vec![x]);
            neg(b, sin)
        }
        FloatFn::Tan => {
            let square = binop(b, BinOp::Mul, result, result);
            binop(b, BinOp::Add, c(1.0), square)
        }
        FloatFn::Asin | FloatFn::Acos => {
            let square = binop(b, BinOp::Mul, x, x);
            let rest = binop(b, BinOp::Sub, c(1.0), square);
            let root = float_fn(b, FloatFn::Sqrt, ty, vec![rest]);
            let one = if f == FloatFn::Asin { c(1.0) } else { c(-1.0) };
            binop(b, BinOp::Div, one, root)
        }
        FloatFn::Sinh => float_fn(b, FloatFn::Cosh, ty, vec![x]),
        FloatFn::Cosh => float_fn(b, FloatFn::Sinh, ty, vec![x]),
        FloatFn::Tanh => {
            let square = binop(b, BinOp::Mul, result, result);
            binop(b, BinOp::Sub, c(1.0), square)
        }
        FloatFn::Asinh | FloatFn::Acosh => {
            let square = binop(b, BinOp::Mul, x, x);
            let rest = if f == FloatFn::Asinh {
                binop(b, BinOp::Add, square, c(1.0))
            } else {
                binop(b, BinOp::Sub, square, c(1.0))
            };
            let root = float_fn(b, FloatFn::Sqrt, ty, vec![rest]);
            binop(b, BinOp::Div, c(1.0), root)
        }
        FloatFn::Atanh => {
            let square = binop(b, BinOp::Mul, x, x);
            let rest = binop(b, BinOp::Sub, c(1.0), square);
            binop(b, BinOp::Div, c(1.0), rest)
        }
        FloatFn::Erf | FloatFn::Erfc => {
            let square = binop(b, BinOp::Mul, x, x);
            let negated = neg(b, square);
            let gauss = float_fn(b, FloatFn::Exp, ty, vec![negated]);
            let scale = 2.0 / std::f64::consts::PI.sqrt();
            let scale = if f == FloatFn::Erf { scale } else { -scale };
            binop(b, BinOp::Mul, c(scale), gauss)
        }
        FloatFn::Floor | FloatFn::Round => return Ok(None),
        FloatFn::Gamma | FloatFn::Lgamma => {
            return Err(AdError::from(format!(
                "differentiating `{}` is not supported",
                f.name()
            )));
        }
        FloatFn::Atan2 | FloatFn::Hypot | FloatFn::Copysign | FloatFn::Ldexp | FloatFn::Fma => {
            return Ok(several_args_partial(b, f, ty, args, result, index, t));
        }
    };
    Ok(Some(binop(b, BinOp::Mul, derivative, t)))
}

fn several_args_partial(
    b: &mut Builder,
    f: FloatFn,
    ty: PrimType,
    args: &[SubExp],
    result: SubExp,
    index: usize,
    t: SubExp,
) -> Option<SubExp> {
    let c = |value: f64| float_const(ty, value);
    let (x, y) = (args[0], args[1]);
    match (f, index) {
        // atan2(x, y): (y tx - x ty) / (x² + y²)
        (FloatFn::Atan2, _) => {
            let xx = binop(b, BinOp::Mul, x, x);
            let yy = binop(b, BinOp::Mul, y, y);
            let norm = binop(b, BinOp::Add, xx, yy);
            let scaled = if index == 0 {
                binop(b, BinOp::Mul, t, y)
            } else {
                let scaled = binop(b, BinOp::Mul, t, x);
                neg(b, scaled)
            };
            Some(binop(b, BinOp::Div, scaled, norm))
        }
        (FloatFn::Hypot, _) => {
            let scaled = binop(b, BinOp::Mul, t, args[index]);
            Some(binop(b, BinOp::Div, scaled, result))
        }
        (FloatFn::Copysign, 0) => {
            let sign_x = float_fn(b, FloatFn::Copysign, ty, vec![c(1.0), x]);
            let sign_r = float_fn(b, FloatFn::Copysign, ty, vec![c(1.0), result]);
            let factor = binop(b, BinOp::Mul, sign_x, sign_r);
            Some(binop(b, BinOp::Mul, t, factor))
        }
        (FloatFn::Ldexp, 0) => Some(float_fn(b, FloatFn::Ldexp, ty, vec![t, y])),
        (FloatFn::Fma, 0) => Some(binop(b, BinOp::Mul, t, y)),
        (FloatFn::Fma, 1) => Some(binop(b, BinOp::Mul, t, x)),
        (FloatFn::Fma, _) => Some(t),
        _ => None,
    }
}
