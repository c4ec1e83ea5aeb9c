//! The simplifier. It rewrites every function body, preserving the
//! values it computes and its run-time failures (the same messages, in
//! the same order, at the same locations):
//!
//! * copy propagation: `let x = y` and `let x = 3` disappear and `x` is
//!   replaced by `y` or `3`;
//! * constant folding of scalar operations (with the interpreter's own
//!   semantics, [`crate::prim`]); an operation that would fail on its
//!   constants (division by zero) is left to fail at run time; algebraic
//!   identities that hold for every value (`x + 0`, `x * 1`, `x == x` on
//!   integers, `true && x`, conversion to the same type);
//! * a reshape of an array to the shape it has is the array;
//! * facts from assertions: after `assert(c)`, `c` is true (so repeated
//!   assertions go). An asserted equality of sizes does not make one
//!   size the other: the values whose types name them keep their types,
//!   and a reshape (a checked coercion) is what changes a type;
//! * common subexpressions: a scalar operation (or `size`, or indexing
//!   to a scalar) already computed by a statement that dominates this one
//!   is reused; operations on arrays are never shared, so in-place
//!   updates cannot observe sharing they did not have;
//! * branches on constants become the branch taken; `assert(true)` goes;
//!   a `for` loop of bound 0 becomes its initial values; a loop
//!   parameter that every iteration passes on unchanged (the size of an
//!   array whose shape stays) becomes its initial value;
//! * loop-invariant code motion: a statement in a loop body or in a
//!   SOAC's lambda that uses nothing bound inside, cannot fail, consumes
//!   nothing and whose result is neither consumed nor returned by that
//!   body moves in front of the loop or SOAC;
//! * dead code: a statement whose results are unused and which can
//!   neither fail nor consume anything is removed, as are the unused
//!   mapped results of a `screma` (and what computes them in its lambda).

use crate::ir::analysis::{Types, can_fail, consumed};
use crate::ir::traverse::{Renamer, for_each_use, free_in_exp, map_lambda_types, map_type};
use crate::ir::{
    Body, DimIndex, Exp, LoopForm, Operation, PatElem, Program, Rep, Stm, SubExp, Type, Var,
};
use prim::PrimValue;
use prim::{BinOp, CmpOp, PrimFn, convert, eval_binop, eval_cmp, eval_prim_fn, eval_unop};
use std::collections::{HashMap, HashSet};

/// Simplifies every function of the program.
pub fn simplify<R: Rep>(program: &mut Program<R>) {
    let types = Types::of_program(program);
    let mut bodies: Vec<Body<R>> = program
        .functions
        .iter_mut()
        .map(|f| std::mem::take(&mut f.body))
        .collect();
    for body in &mut bodies {
        let mut simplifier = Simplifier {
            program,
            types: &types,
            subst: HashMap::new(),
            cse: HashMap::new(),
            undo: Vec::new(),
        };
        simplifier.body(body);
        remove_dead_code(program, &types, body);
    }
    for (function, body) in program.functions.iter_mut().zip(bodies) {
        function.body = body;
    }
}

/// An operand in a key of the common-subexpression table (constants by
/// their exact text, so that `-0.0` and `0.0` differ).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Operand {
    Var(Var),
    Const(String),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key(String, Vec<Operand>);

enum Undo {
    Subst(Var, Option<SubExp>),
    Cse(Key, Option<Vec<Var>>),
}

struct Simplifier<'p, R: Rep> {
    program: &'p Program<R>,
    types: &'p Types,
    subst: HashMap<Var, SubExp>,
    cse: HashMap<Key, Vec<Var>>,
    undo: Vec<Undo>,
}

fn operand(se: SubExp) -> Operand {
    match se {
        SubExp::Var(v) => Operand::Var(v),
        SubExp::Const(c) => Operand::Const(format!("{c:?}")),
    }
}

fn is_integral(ty: Option<Type>) -> bool {
    ty.is_some_and(|t| t.rank() == 0 && (t.element().is_integer() || t.element() == PrimType::Bool))
}

use prim::PrimType;

/// The result of simplifying one expression.
enum Simplified {
    /// The statement's (single) result is this operand.
    To(SubExp),
    /// The statement is needed (its expression perhaps rewritten).
    Keep,
    /// The statement does nothing.
    Gone,
}

impl<R: Rep> Simplifier<'_, R> {
    fn lookup(&self, se: SubExp) -> SubExp {
        match se {
            SubExp::Var(v) => self.subst.get(&v).copied().unwrap_or(se),
            SubExp::Const(_) => se,
        }
    }

    fn bind_subst(&mut self, var: Var, se: SubExp, scoped: bool) {
        let previous = self.subst.insert(var, se);
        if scoped {
            self.undo.push(Undo::Subst(var, previous));
        }
    }

    fn restore(&mut self, mark: usize) {
        while self.undo.len() > mark {
            match self.undo.pop() {
                Some(Undo::Subst(var, previous)) => {
                    match previous {
                        Some(se) => self.subst.insert(var, se),
                        None => self.subst.remove(&var),
                    };
                }
                Some(Undo::Cse(key, previous)) => {
                    match previous {
                        Some(vars) => self.cse.insert(key, vars),
                        None => self.cse.remove(&key),
                    };
                }
                None => {}
            }
        }
    }

    fn body(&mut self, body: &mut Body<R>) {
        let mark = self.undo.len();
        let mut out = Vec::with_capacity(body.stms.len());
        for stm in std::mem::take(&mut body.stms) {
            self.stm(stm, &mut out);
        }
        for se in &mut body.result {
            *se = self.lookup(*se);
        }
        self.restore(mark);
        body.stms = out;
    }

    fn stm(&mut self, mut stm: Stm<R>, out: &mut Vec<Stm<R>>) {
        stm.exp.map_operands(&mut |se| *se = self.lookup(*se));
        stm.exp.map_type_dims(&mut |se| *se = self.lookup(*se));
        for pe in &mut stm.pat {
            map_type(&mut pe.ty, &mut |se| *se = self.lookup(*se));
        }
        match &mut stm.exp {
            Exp::If {
                condition: SubExp::Const(c),
                then_body,
                else_body,
                ..
            } => {
                let taken = if c.as_bool() == Some(true) {
                    std::mem::take(then_body)
                } else {
                    std::mem::take(else_body)
                };
                for inner in taken.stms {
                    self.stm(inner, out);
                }
                for (pe, se) in stm.pat.iter().zip(taken.result) {
                    let se = self.lookup(se);
                    self.bind_subst(pe.var, se, false);
                }
                return;
            }
            Exp::If {
                then_body,
                else_body,
                ..
            } => {
                self.body(then_body);
                self.body(else_body);
            }
            Exp::Loop {
                params,
                form: LoopForm::For { bound, .. },
                ..
            } if is_zero(*bound) => {
                for (pe, (_, init)) in stm.pat.iter().zip(params.iter()) {
                    self.bind_subst(pe.var, *init, false);
                }
                return;
            }
            Exp::Loop { params, form, body } => {
                self.body(body);
                self.remove_invariant_params(&mut stm.pat, params, body);
                let mut inside: HashSet<Var> = params.iter().map(|(p, _)| p.var).collect();
                if let LoopForm::For { var, .. } = form {
                    inside.insert(*var);
                }
                out.extend(self.hoist(body, inside));
            }
            Exp::Op(op) => {
                let binders: HashSet<Var> = op.binders().iter().map(|(v, _)| *v).collect();
                for body in op.bodies_mut() {
                    self.body(body);
                    out.extend(self.hoist(body, binders.clone()));
                }
                for lambda in op.lambdas_mut() {
                    map_lambda_types(lambda, &mut |se| *se = self.lookup(*se));
                    self.body(&mut lambda.body);
                    let inside = lambda.params.iter().map(|p| p.var).collect();
                    out.extend(self.hoist(&mut lambda.body, inside));
                }
            }
            _ => {}
        }
        match self.simplify_exp(&mut stm.exp) {
            Simplified::To(se) => {
                if let [pe] = stm.pat.as_slice() {
                    self.bind_subst(pe.var, se, false);
                }
            }
            Simplified::Gone => {}
            Simplified::Keep => {
                if let Some(key) = self.key(&stm.exp) {
                    if let Some(vars) = self.cse.get(&key).cloned()
                        && vars.len() == stm.pat.len()
                    {
                        for (pe, var) in stm.pat.iter().zip(vars) {
                            self.bind_subst(pe.var, SubExp::Var(var), false);
                        }
                        return;
                    }
                    let vars = stm.pat.iter().map(|p| p.var).collect();
                    let previous = self.cse.insert(key.clone(), vars);
                    self.undo.push(Undo::Cse(key, previous));
                }
                self.learn(&stm);
                out.push(stm);
            }
        }
    }

    /// Records what a kept statement tells: an asserted condition holds
    /// after the assertion.
    fn learn(&mut self, stm: &Stm<R>) {
        if let Exp::Assert {
            condition: SubExp::Var(c),
            ..
        } = &stm.exp
        {
            self.bind_subst(*c, SubExp::bool(true), true);
        }
    }

    /// Removes the parameters of a loop (with `pat`, the statement's
    /// pattern) that the body passes on unchanged: each is its initial
    /// value, in the body and after the loop.
    fn remove_invariant_params(
        &mut self,
        pat: &mut Vec<PatElem>,
        params: &mut Vec<(crate::ir::Param, SubExp)>,
        body: &mut Body<R>,
    ) {
        let invariant: Vec<usize> = (0..params.len())
            .filter(|&i| {
                let (param, _) = &params[i];
                !param.unique && body.result[i] == SubExp::Var(param.var)
            })
            .collect();
        if invariant.is_empty() || pat.len() != params.len() {
            return;
        }
        let renaming: HashMap<Var, SubExp> = invariant
            .iter()
            .map(|&i| (params[i].0.var, params[i].1))
            .collect();
        for &i in invariant.iter().rev() {
            let elem = pat.remove(i);
            let (_, init) = params.remove(i);
            body.result.remove(i);
            self.bind_subst(elem.var, init, false);
        }
        let renamer = Renamer { map: &renaming };
        renamer.body(body);
        for (param, _) in params.iter_mut() {
            map_type(&mut param.ty, &mut |se| {
                if let SubExp::Var(v) = se
                    && let Some(&new) = renaming.get(v)
                {
                    *se = new;
                }
            });
        }
        for elem in pat.iter_mut() {
            map_type(&mut elem.ty, &mut |se| *se = self.lookup(*se));
        }
    }

    /// The key of an expression that may share the result of an equal
    /// earlier one: scalar operations, sizes and scalar indexing.
    fn key(&self, exp: &Exp<R>) -> Option<Key> {
        let tag = match exp {
            Exp::BinOp(op, ..) => format!("{op:?}"),
            Exp::Cmp(op, ..) => format!("{op:?}"),
            Exp::UnOp(op, ..) => format!("{op:?}"),
            Exp::Convert(to, ..) => format!("to {}", to.name()),
            Exp::PrimFn(f, ..) => format!("{f:?}"),
            Exp::Index { array, slice }
                if slice.iter().all(|i| matches!(i, DimIndex::Fix(_)))
                    && self.types.get(*array).map(|t| t.rank()) == Some(slice.len()) =>
            {
                "index".to_owned()
            }
            _ => return None,
        };
        let mut ops = Vec::new();
        exp.for_each_operand(&mut |se| ops.push(operand(se)));
        Some(Key(tag, ops))
    }

    fn simplify_exp(&self, exp: &mut Exp<R>) -> Simplified {
        match *exp {
            Exp::SubExp(se) => Simplified::To(se),
            Exp::BinOp(op, a, b) => match fold_binop(self.types, op, a, b) {
                Some(se) => Simplified::To(se),
                None => Simplified::Keep,
            },
            Exp::Cmp(op, a, b) => {
                if let (SubExp::Const(x), SubExp::Const(y)) = (a, b) {
                    return Simplified::To(SubExp::bool(eval_cmp(op, x, y)));
                }
                if a == b && is_integral(self.types.of(a)) {
                    return Simplified::To(SubExp::bool(op != CmpOp::Lt));
                }
                Simplified::Keep
            }
            Exp::UnOp(op, SubExp::Const(x)) => Simplified::To(SubExp::Const(eval_unop(op, x))),
            Exp::Convert(to, SubExp::Const(x)) => Simplified::To(SubExp::Const(convert(x, to))),
            Exp::Convert(to, a) if self.types.of(a) == Some(Type::Prim(to)) => Simplified::To(a),
            Exp::PrimFn(PrimFn::Tuning(_), _) => Simplified::Keep,
            Exp::PrimFn(f, ref args) => {
                let constants: Option<Vec<PrimValue>> = args
                    .iter()
                    .map(|se| match se {
                        SubExp::Const(c) => Some(*c),
                        SubExp::Var(_) => None,
                    })
                    .collect();
                match constants {
                    Some(values) => Simplified::To(SubExp::Const(eval_prim_fn(f, &values))),
                    None => Simplified::Keep,
                }
            }
            Exp::Reshape { ref shape, array }
                if self.types.get(array).is_some_and(|t| {
                    t.shape()
                        .iter()
                        .map(|&d| self.lookup(d))
                        .eq(shape.iter().copied())
                }) =>
            {
                Simplified::To(SubExp::Var(array))
            }
            Exp::Assert { condition, .. } if condition == SubExp::bool(true) => Simplified::Gone,
            _ => Simplified::Keep,
        }
    }

    /// Moves the statements of `body` that do not depend on `inside`
    /// (the variables the construct binds around the body) and are safe
    /// to evaluate once, up front, out of it; returns them.
    fn hoist(&self, body: &mut Body<R>, mut inside: HashSet<Var>) -> Vec<Stm<R>> {
        let mut kept_back: HashSet<Var> = body.result.iter().filter_map(|se| se.as_var()).collect();
        for stm in &body.stms {
            kept_back.extend(consumed(self.program, &stm.exp));
        }
        let mut hoisted = Vec::new();
        let mut staying = Vec::with_capacity(body.stms.len());
        for stm in std::mem::take(&mut body.stms) {
            let movable = !can_fail(self.types, &stm.exp)
                && !matches!(stm.exp, Exp::SubExp(_))
                && stm.pat.iter().all(|p| !kept_back.contains(&p.var))
                && consumed(self.program, &stm.exp).is_empty()
                && free_in_exp(&stm.exp).is_disjoint(&inside)
                && stm
                    .pat
                    .iter()
                    .flat_map(|p| p.ty.shape())
                    .all(|d| d.as_var().is_none_or(|v| !inside.contains(&v)));
            if movable {
                hoisted.push(stm);
            } else {
                inside.extend(stm.pat.iter().map(|p| p.var));
                staying.push(stm);
            }
        }
        body.stms = staying;
        hoisted
    }
}

fn is_zero(se: SubExp) -> bool {
    matches!(se, SubExp::Const(c) if c == PrimValue::zero(c.prim_type()))
}

fn is_one(se: SubExp) -> bool {
    matches!(se, SubExp::Const(c) if c != PrimValue::Bool(true)
        && convert(PrimValue::I64(1), c.prim_type()) == c)
}

/// A binary operation on constants, or an identity that holds for every
/// value of the other operand.
fn fold_binop(types: &Types, op: BinOp, a: SubExp, b: SubExp) -> Option<SubExp> {
    if let (SubExp::Const(x), SubExp::Const(y)) = (a, b) {
        return eval_binop(op, x, y).ok().map(SubExp::Const);
    }
    let ty = types.of(a)?;
    let integer = ty.element().is_integer();
    let boolean = ty.element() == PrimType::Bool;
    match op {
        BinOp::Add if integer && is_zero(b) => Some(a),
        BinOp::Add if integer && is_zero(a) => Some(b),
        BinOp::Sub if integer && is_zero(b) => Some(a),
        BinOp::Mul if !boolean && is_one(b) => Some(a),
        BinOp::Mul if !boolean && is_one(a) => Some(b),
        BinOp::Mul if integer && is_zero(b) => Some(b),
        BinOp::Mul if integer && is_zero(a) => Some(a),
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

/// Removes statements whose results are unused and that can neither fail
/// nor consume anything, and the unused mapped results of `screma`s.
fn remove_dead_code<R: Rep>(program: &Program<R>, types: &Types, body: &mut Body<R>) {
    let mut live: HashSet<Var> = HashSet::new();
    dead_code_in_body(program, types, body, &mut live);
}

fn dead_code_in_body<R: Rep>(
    program: &Program<R>,
    types: &Types,
    body: &mut Body<R>,
    live: &mut HashSet<Var>,
) {
    live.extend(body.result.iter().filter_map(|se| se.as_var()));
    let mut kept = Vec::with_capacity(body.stms.len());
    for mut stm in std::mem::take(&mut body.stms).into_iter().rev() {
        let used = stm.pat.iter().any(|p| live.contains(&p.var));
        if !used && !can_fail(types, &stm.exp) && consumed(program, &stm.exp).is_empty() {
            continue;
        }
        if let Exp::Op(op) = &mut stm.exp {
            op.prune_results(&mut stm.pat, &|v| live.contains(&v));
        }
        if let Exp::Loop { params, .. } = &stm.exp {
            live.extend(params.iter().map(|(p, _)| p.var));
        }
        for inner in stm.exp.nested_bodies_mut() {
            dead_code_in_body(program, types, inner, live);
        }
        // Sizes in types are uses too.
        for_each_use(&stm.exp, &mut |v| {
            live.insert(v);
        });
        live.extend(
            stm.pat
                .iter()
                .flat_map(|p| p.ty.shape())
                .filter_map(|d| d.as_var()),
        );
        kept.push(stm);
    }
    kept.reverse();
    body.stms = kept;
}
