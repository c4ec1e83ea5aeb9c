//! Rules for scalar operations: constant folding, identities that hold
//! for every value, reassociation of integer constants, conversion
//! chains and comparisons that what is known of sizes decides.

use super::{Simplified, Simplifier, is_one, is_zero};
use crate::ir::{Exp, Rep, Stm, SubExp, Type};
use prim::{BinOp, CmpOp, PrimFn, PrimType, PrimValue};
use prim::{convert, eval_binop, eval_cmp, eval_prim_fn};

/// Whether `op` is associative on integers (with wrapping arithmetic),
/// so that constants can be combined across two applications.
fn associative(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Add | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor | BinOp::Min | BinOp::Max
    )
}

pub(super) fn prim_fn<R: Rep>(f: PrimFn, args: &[SubExp]) -> Simplified<R> {
    if let PrimFn::Tuning(_) = f {
        return Simplified::Keep;
    }
    let constants: Option<Vec<PrimValue>> = args
        .iter()
        .map(|se| match se {
            SubExp::Const(c) => Some(*c),
            SubExp::Var(_) => None,
        })
        .collect();
    match constants {
        Some(values) => Simplified::To(vec![SubExp::Const(eval_prim_fn(f, &values))]),
        None => Simplified::Keep,
    }
}

/// The width in bits of an integer type.
fn width(ty: PrimType) -> u32 {
    match ty {
        PrimType::I8 | PrimType::U8 => 8,
        PrimType::I16 | PrimType::U16 | PrimType::F16 => 16,
        PrimType::I32 | PrimType::U32 | PrimType::F32 => 32,
        PrimType::I64 | PrimType::U64 | PrimType::F64 => 64,
        PrimType::Bool => 1,
    }
}

fn signed(ty: PrimType) -> bool {
    matches!(
        ty,
        PrimType::I8 | PrimType::I16 | PrimType::I32 | PrimType::I64
    )
}

/// Whether converting a value of type `from` to `to` keeps its value.
fn preserves_value(from: PrimType, to: PrimType) -> bool {
    if from.is_integer() && to.is_integer() {
        match (signed(from), signed(to)) {
            (false, false) | (true, true) => width(to) >= width(from),
            (false, true) => width(to) > width(from),
            (true, false) => false,
        }
    } else if from.is_float() && to.is_float() {
        width(to) >= width(from)
    } else {
        from == PrimType::Bool && to.is_integer()
    }
}

/// Whether converting a value of type `t` to `a` and then to `b` is the
/// same as converting it to `b` directly. Integer conversions extend
/// the bits (by sign when both types are signed, else by zeros) and
/// then truncate them.
fn conversions_compose(t: PrimType, a: PrimType, b: PrimType) -> bool {
    if preserves_value(t, a) && (b.is_float() || b == PrimType::Bool || !t.is_float()) {
        // Every later conversion sees the same value; from an integer
        // type the bits beyond the value's width may differ, which
        // integer targets see.
        if !(t.is_integer() && a.is_integer() && b.is_integer()) {
            return true;
        }
    }
    if !(t.is_integer() && a.is_integer() && b.is_integer()) {
        return false;
    }
    let extend_signed = |from, to| signed(from) && signed(to);
    let (wt, wa, wb) = (width(t), width(a), width(b));
    if wb <= wt.min(wa) {
        // Only the low bits of the value survive either way.
        return true;
    }
    if wa < wt {
        return false;
    }
    // `wa >= wt` and `wb > wt`: the bits above the value's width must
    // agree.
    let direct = extend_signed(t, b);
    if wa == wt {
        extend_signed(a, b) == direct
    } else if extend_signed(t, a) {
        // Sign bits up to `wa`, then whatever `a` to `b` extends with.
        direct && (wb <= wa || extend_signed(a, b))
    } else {
        // Zeros up to `wa`, whose top bit is then zero.
        !direct
    }
}

impl<R: Rep> Simplifier<'_, R> {
    pub(super) fn binop(&mut self, stm: &Stm<R>, op: BinOp, a: SubExp, b: SubExp) -> Simplified<R> {
        if let Some(se) = self.fold_binop(op, a, b) {
            return Simplified::To(vec![se]);
        }
        let Some(Type::Prim(ty)) = self.type_of(a) else {
            return Simplified::Keep;
        };
        if !ty.is_integer() {
            return Simplified::Keep;
        }
        if let Some(se) = self.cancel(op, a, b) {
            return Simplified::To(vec![se]);
        }
        // `x - c` is `x + (-c)`, which reassociates.
        let (op, a, b) = match (op, b) {
            (BinOp::Sub, SubExp::Const(c)) => {
                match eval_binop(BinOp::Sub, PrimValue::zero(ty), c) {
                    Ok(negated) => (BinOp::Add, a, SubExp::Const(negated)),
                    Err(_) => return Simplified::Keep,
                }
            }
            _ => (op, a, b),
        };
        if !associative(op) {
            return Simplified::Keep;
        }
        let (x, c) = match (a, b) {
            (SubExp::Var(x), SubExp::Const(c)) | (SubExp::Const(c), SubExp::Var(x)) => (x, c),
            _ => return self.rewritten(stm, op, a, b),
        };
        let inner = match self.defs.get(&x) {
            Some(&Exp::BinOp(inner_op, y, SubExp::Const(d)))
            | Some(&Exp::BinOp(inner_op, SubExp::Const(d), y))
                if inner_op == op =>
            {
                Some((y, d))
            }
            Some(&Exp::BinOp(BinOp::Sub, y, SubExp::Const(d))) if op == BinOp::Add => {
                eval_binop(BinOp::Sub, PrimValue::zero(ty), d)
                    .ok()
                    .map(|negated| (y, negated))
            }
            _ => None,
        };
        match inner.and_then(|(y, d)| Some((y, eval_binop(op, d, c).ok()?))) {
            Some((y, combined)) => {
                let combined = SubExp::Const(combined);
                match self.fold_binop(op, y, combined) {
                    Some(se) => Simplified::To(vec![se]),
                    None => self.rewritten(stm, op, y, combined),
                }
            }
            None => self.rewritten(stm, op, a, b),
        }
    }

    /// An integer sum and difference of the same operand cancelling:
    /// `(x + y) - y` and `(x - y) + y` are `x`.
    fn cancel(&self, op: BinOp, a: SubExp, b: SubExp) -> Option<SubExp> {
        let def = |se: SubExp| se.as_var().and_then(|v| self.defs.get(&v));
        match (op, def(a), def(b)) {
            (BinOp::Sub, Some(&Exp::BinOp(BinOp::Add, p, q)), _) if q == b => Some(p),
            (BinOp::Sub, Some(&Exp::BinOp(BinOp::Add, p, q)), _) if p == b => Some(q),
            (BinOp::Add, Some(&Exp::BinOp(BinOp::Sub, p, q)), _) if q == b => Some(p),
            (BinOp::Add, _, Some(&Exp::BinOp(BinOp::Sub, p, q))) if q == a => Some(p),
            _ => None,
        }
    }

    /// The statement with the operation `op a b`, if that is not what it
    /// has.
    fn rewritten(&self, stm: &Stm<R>, op: BinOp, a: SubExp, b: SubExp) -> Simplified<R> {
        let exp = Exp::BinOp(op, a, b);
        if stm.exp == exp {
            return Simplified::Keep;
        }
        Simplified::Stms(vec![Stm {
            pat: stm.pat.clone(),
            exp,
            loc: stm.loc.clone(),
            attrs: stm.attrs.clone(),
        }])
    }

    /// A binary operation on constants, or an identity that holds for
    /// every value of the other operand.
    fn fold_binop(&self, op: BinOp, a: SubExp, b: SubExp) -> Option<SubExp> {
        if let (SubExp::Const(x), SubExp::Const(y)) = (a, b) {
            return eval_binop(op, x, y).ok().map(SubExp::Const);
        }
        let ty = self.type_of(a)?;
        let integer = ty.element().is_integer();
        let boolean = ty.element() == PrimType::Bool;
        match op {
            BinOp::Add if integer && is_zero(b) => Some(a),
            BinOp::Add if integer && is_zero(a) => Some(b),
            BinOp::Sub if integer && is_zero(b) => Some(a),
            BinOp::Sub if integer && a == b => Some(SubExp::Const(PrimValue::zero(ty.element()))),
            BinOp::Mul if !boolean && is_one(b) => Some(a),
            BinOp::Mul if !boolean && is_one(a) => Some(b),
            BinOp::Mul if integer && is_zero(b) => Some(b),
            BinOp::Mul if integer && is_zero(a) => Some(a),
            BinOp::Div | BinOp::Quot if integer && is_one(b) => Some(a),
            BinOp::Mod | BinOp::Rem if integer && is_one(b) => {
                Some(SubExp::Const(PrimValue::zero(ty.element())))
            }
            BinOp::And | BinOp::Or | BinOp::Min | BinOp::Max if (integer || boolean) && a == b => {
                Some(a)
            }
            BinOp::And if boolean => match (a, b) {
                (SubExp::Const(PrimValue::Bool(x)), other)
                | (other, SubExp::Const(PrimValue::Bool(x))) => {
                    Some(if x { other } else { SubExp::bool(false) })
                }
                _ => None,
            },
            BinOp::Or if boolean => match (a, b) {
                (SubExp::Const(PrimValue::Bool(x)), other)
                | (other, SubExp::Const(PrimValue::Bool(x))) => {
                    Some(if x { SubExp::bool(true) } else { other })
                }
                _ => None,
            },
            _ => None,
        }
    }

    pub(super) fn cmp(&self, op: CmpOp, a: SubExp, b: SubExp) -> Simplified<R> {
        let known = |value| Simplified::To(vec![SubExp::bool(value)]);
        if let (SubExp::Const(x), SubExp::Const(y)) = (a, b) {
            return known(eval_cmp(op, x, y));
        }
        let Some(Type::Prim(ty)) = self.type_of(a) else {
            return Simplified::Keep;
        };
        if a == b && (ty.is_integer() || ty == PrimType::Bool) {
            return known(op != CmpOp::Lt);
        }
        if !signed(ty) {
            return Simplified::Keep;
        }
        let zero = SubExp::Const(PrimValue::zero(ty));
        let one = super::int_const(ty, 1);
        let nonnegative = |se| self.nonnegative(se).is_some();
        let positive = |se| self.positive(se).is_some();
        match op {
            CmpOp::Le if a == zero && nonnegative(b) => known(true),
            CmpOp::Le if a == one && positive(b) => known(true),
            CmpOp::Le if b == zero && positive(a) => known(false),
            CmpOp::Lt if a == zero && positive(b) => known(true),
            CmpOp::Lt if b == zero && nonnegative(a) => known(false),
            CmpOp::Eq if (a == zero && positive(b)) || (b == zero && positive(a)) => known(false),
            _ => Simplified::Keep,
        }
    }

    pub(super) fn convert(&mut self, stm: &Stm<R>, to: PrimType, a: SubExp) -> Simplified<R> {
        if let SubExp::Const(x) = a {
            return Simplified::To(vec![SubExp::Const(convert(x, to))]);
        }
        if self.type_of(a) == Some(Type::Prim(to)) {
            return Simplified::To(vec![a]);
        }
        let SubExp::Var(y) = a else {
            return Simplified::Keep;
        };
        let Some(&Exp::Convert(middle, x)) = self.defs.get(&y) else {
            return Simplified::Keep;
        };
        let Some(Type::Prim(from)) = self.type_of(x) else {
            return Simplified::Keep;
        };
        if !conversions_compose(from, middle, to) {
            return Simplified::Keep;
        }
        Simplified::Stms(vec![Stm {
            pat: stm.pat.clone(),
            exp: Exp::Convert(to, x),
            loc: stm.loc.clone(),
            attrs: stm.attrs.clone(),
        }])
    }
}

#[cfg(test)]
mod tests {
    use super::conversions_compose;
    use prim::{PrimType, PrimValue, convert};

    /// Values of each type that exercise every extension: zero, small,
    /// top bit set, all bits set, the extremes.
    fn samples(ty: PrimType) -> Vec<PrimValue> {
        [0i64, 1, -1, 5, -7, 127, -128, 255, 32767, -32768, 65535]
            .into_iter()
            .chain([i32::MAX as i64, i32::MIN as i64, u32::MAX as i64])
            .chain([i64::MAX, i64::MIN])
            .map(|v| convert(PrimValue::I64(v), ty))
            .chain(
                ty.is_float()
                    .then(|| [0.5, -2.75, 1e10, -1e30].map(|f| convert(PrimValue::F64(f), ty)))
                    .into_iter()
                    .flatten(),
            )
            .collect()
    }

    #[test]
    fn a_composed_conversion_is_the_direct_one_on_every_sample() {
        let types = [
            PrimType::I8,
            PrimType::I16,
            PrimType::I32,
            PrimType::I64,
            PrimType::U8,
            PrimType::U16,
            PrimType::U32,
            PrimType::U64,
            PrimType::F16,
            PrimType::F32,
            PrimType::F64,
            PrimType::Bool,
        ];
        let mut composing = 0;
        for t in types {
            for a in types {
                for b in types {
                    if t == a || a == b || !conversions_compose(t, a, b) {
                        continue;
                    }
                    composing += 1;
                    for x in samples(t) {
                        let twice = convert(convert(x, a), b);
                        let once = convert(x, b);
                        assert_eq!(
                            format!("{twice:?}"),
                            format!("{once:?}"),
                            "{t:?} -> {a:?} -> {b:?} on {x:?}"
                        );
                    }
                }
            }
        }
        // Widening and narrowing chains of integers, floats of integers.
        assert!(composing > 300, "only {composing} chains compose");
        assert!(conversions_compose(
            PrimType::I32,
            PrimType::I64,
            PrimType::F32
        ));
        assert!(conversions_compose(
            PrimType::I32,
            PrimType::I64,
            PrimType::I8
        ));
        assert!(conversions_compose(
            PrimType::I32,
            PrimType::U64,
            PrimType::U8
        ));
        assert!(!conversions_compose(
            PrimType::I32,
            PrimType::U64,
            PrimType::F32
        ));
        assert!(!conversions_compose(
            PrimType::I64,
            PrimType::I8,
            PrimType::I64
        ));
    }
}
