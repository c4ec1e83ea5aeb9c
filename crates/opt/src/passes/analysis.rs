//! What the passes need to know about IR fragments: the variables an
//! expression uses and binds, the types of all variables, whether a
//! statement can fail at run time and what it consumes, and renaming.
//!
//! Variables are bound once in the whole program, so the free variables
//! of a fragment are the variables it uses minus those it binds.

use crate::ir::{
    Body, DimIndex, ErrorPart, Exp, Lambda, LoopForm, Param, PatElem, Program, Soac, Stm, SubExp,
    Type, Var,
};
use prim::BinOp;
use prim::PrimValue;
use std::collections::{HashMap, HashSet};

/// Calls `f` on every variable an expression uses directly, leaving out
/// its nested bodies and lambdas.
pub fn operands(exp: &Exp, f: &mut dyn FnMut(Var)) {
    let mut se = |se: &SubExp| {
        if let SubExp::Var(v) = se {
            f(*v);
        }
    };
    match exp {
        Exp::If { condition, .. } => se(condition),
        Exp::Loop { params, form, .. } => {
            params.iter().for_each(|(_, init)| se(init));
            if let LoopForm::For { bound, .. } = form {
                se(bound);
            }
        }
        Exp::Soac(soac) => {
            let (width, arrays, scalars): (&SubExp, Vec<Var>, Vec<&SubExp>) = match soac {
                Soac::Screma {
                    width,
                    arrays,
                    scans,
                    reduces,
                    ..
                } => (
                    width,
                    arrays.clone(),
                    scans
                        .iter()
                        .flat_map(|s| &s.neutral)
                        .chain(reduces.iter().flat_map(|r| &r.neutral))
                        .collect(),
                ),
                Soac::Hist {
                    width,
                    dests,
                    neutral,
                    indices,
                    values,
                    ..
                } => (
                    width,
                    dests
                        .iter()
                        .chain([indices])
                        .chain(values)
                        .copied()
                        .collect(),
                    neutral.iter().collect(),
                ),
                Soac::Scatter {
                    width,
                    dests,
                    indices,
                    values,
                } => (
                    width,
                    dests
                        .iter()
                        .chain([indices])
                        .chain(values)
                        .copied()
                        .collect(),
                    Vec::new(),
                ),
                Soac::Stream {
                    width,
                    arrays,
                    accumulators,
                    ..
                } => (width, arrays.clone(), accumulators.iter().collect()),
            };
            se(width);
            scalars.into_iter().for_each(&mut se);
            arrays.into_iter().for_each(|a| se(&SubExp::Var(a)));
        }
        // The other expressions are small: a copy costs little.
        _ => operands_mut(&mut exp.clone(), &mut |operand| se(operand)),
    }
}

/// Calls `f` on every operand of an expression, leaving out its nested
/// bodies and lambdas. Array operands are passed as variables; a
/// replacement by a constant is ignored there.
pub fn operands_mut(exp: &mut Exp, f: &mut dyn FnMut(&mut SubExp)) {
    let var = |v: &mut Var, f: &mut dyn FnMut(&mut SubExp)| {
        let mut se = SubExp::Var(*v);
        f(&mut se);
        if let SubExp::Var(new) = se {
            *v = new;
        }
    };
    let slice = |slice: &mut [DimIndex], f: &mut dyn FnMut(&mut SubExp)| {
        for index in slice {
            match index {
                DimIndex::Fix(i) => f(i),
                DimIndex::Slice { start, len, stride } => {
                    f(start);
                    f(len);
                    f(stride);
                }
            }
        }
    };
    match exp {
        Exp::SubExp(a) | Exp::UnOp(_, a) | Exp::Convert(_, a) => f(a),
        Exp::BinOp(_, a, b) | Exp::Cmp(_, a, b) => {
            f(a);
            f(b);
        }
        Exp::PrimFn(_, args) | Exp::Call { args, .. } => args.iter_mut().for_each(f),
        Exp::If { condition, .. } => f(condition),
        Exp::Loop { params, form, .. } => {
            for (_, init) in params.iter_mut() {
                f(init);
            }
            if let LoopForm::For { bound, .. } = form {
                f(bound);
            }
        }
        Exp::Index { array, slice: s } => {
            var(array, f);
            slice(s, f);
        }
        Exp::Update {
            array,
            slice: s,
            value,
        } => {
            var(array, f);
            slice(s, f);
            f(value);
        }
        Exp::ArrayLit { elements, .. } => elements.iter_mut().for_each(f),
        Exp::Iota {
            len, start, step, ..
        } => {
            f(len);
            f(start);
            f(step);
        }
        Exp::Replicate { shape, value } => {
            shape.iter_mut().for_each(&mut *f);
            f(value);
        }
        Exp::Rearrange { array, .. } | Exp::ArraySize { array, .. } | Exp::Copy(array) => {
            var(array, f)
        }
        Exp::Reshape { shape, array } => {
            shape.iter_mut().for_each(&mut *f);
            var(array, f);
        }
        Exp::Concat { arrays } => arrays.iter_mut().for_each(|a| var(a, f)),
        Exp::Assert { condition, message } => {
            f(condition);
            for part in message {
                if let ErrorPart::Value(se) = part {
                    f(se);
                }
            }
        }
        Exp::Soac(soac) => match soac {
            Soac::Screma {
                width,
                arrays,
                scans,
                reduces,
                ..
            } => {
                f(width);
                arrays.iter_mut().for_each(|a| var(a, f));
                for scan in scans {
                    scan.neutral.iter_mut().for_each(&mut *f);
                }
                for reduce in reduces {
                    reduce.neutral.iter_mut().for_each(&mut *f);
                }
            }
            Soac::Hist {
                width,
                dests,
                neutral,
                indices,
                values,
                ..
            } => {
                f(width);
                dests.iter_mut().for_each(|a| var(a, f));
                neutral.iter_mut().for_each(&mut *f);
                var(indices, f);
                values.iter_mut().for_each(|a| var(a, f));
            }
            Soac::Scatter {
                width,
                dests,
                indices,
                values,
            } => {
                f(width);
                dests.iter_mut().for_each(|a| var(a, f));
                var(indices, f);
                values.iter_mut().for_each(|a| var(a, f));
            }
            Soac::Stream {
                width,
                arrays,
                accumulators,
                ..
            } => {
                f(width);
                arrays.iter_mut().for_each(|a| var(a, f));
                accumulators.iter_mut().for_each(f);
            }
        },
    }
}

/// The bodies and lambdas nested in an expression, mutably.
pub fn nested_mut(exp: &mut Exp) -> (Vec<&mut Body>, Vec<&mut Lambda>) {
    match exp {
        Exp::If {
            then_body,
            else_body,
            ..
        } => (vec![then_body, else_body], Vec::new()),
        Exp::Loop { body, .. } => (vec![body], Vec::new()),
        Exp::Soac(soac) => (Vec::new(), soac_lambdas_mut(soac)),
        _ => (Vec::new(), Vec::new()),
    }
}

/// The functions a combinator applies, mutably.
pub fn soac_lambdas_mut(soac: &mut Soac) -> Vec<&mut Lambda> {
    match soac {
        Soac::Screma {
            map,
            scans,
            reduces,
            ..
        } => std::iter::once(map)
            .chain(scans.iter_mut().map(|s| &mut s.lambda))
            .chain(reduces.iter_mut().map(|r| &mut r.lambda))
            .collect(),
        Soac::Hist { op, .. } => vec![op],
        Soac::Scatter { .. } => Vec::new(),
        Soac::Stream { fold, reduce, .. } => {
            std::iter::once(fold).chain(reduce.iter_mut()).collect()
        }
    }
}

/// The variables an expression binds inside itself: parameters of its
/// loops and lambdas and the statements of its nested bodies.
fn bound_inside(exp: &Exp, out: &mut HashSet<Var>) {
    match exp {
        Exp::If {
            then_body,
            else_body,
            ..
        } => {
            body_bound(then_body, out);
            body_bound(else_body, out);
        }
        Exp::Loop { params, form, body } => {
            out.extend(params.iter().map(|(p, _)| p.var));
            if let LoopForm::For { var, .. } = form {
                out.insert(*var);
            }
            body_bound(body, out);
        }
        Exp::Soac(soac) => {
            for lambda in soac.lambdas() {
                out.extend(lambda.params.iter().map(|p| p.var));
                body_bound(&lambda.body, out);
            }
        }
        _ => {}
    }
}

fn body_bound(body: &Body, out: &mut HashSet<Var>) {
    for stm in &body.stms {
        out.extend(stm.pat.iter().map(|p| p.var));
        bound_inside(&stm.exp, out);
    }
}

/// Every variable used anywhere in an expression, nested bodies included.
fn uses(exp: &Exp, out: &mut HashSet<Var>) {
    operands(exp, &mut |v| {
        out.insert(v);
    });
    match exp {
        Exp::If {
            then_body,
            else_body,
            ..
        } => {
            body_uses(then_body, out);
            body_uses(else_body, out);
        }
        Exp::Loop { body, .. } => body_uses(body, out),
        Exp::Soac(soac) => {
            for lambda in soac.lambdas() {
                body_uses(&lambda.body, out);
            }
        }
        _ => {}
    }
}

fn body_uses(body: &Body, out: &mut HashSet<Var>) {
    for stm in &body.stms {
        uses(&stm.exp, out);
    }
    out.extend(body.result.iter().filter_map(|se| se.as_var()));
}

/// The variables an expression uses that are bound outside it.
pub fn free_in_exp(exp: &Exp) -> HashSet<Var> {
    let mut used = HashSet::new();
    uses(exp, &mut used);
    let mut bound = HashSet::new();
    bound_inside(exp, &mut bound);
    used.retain(|v| !bound.contains(v));
    used
}

/// The variables a lambda uses that are bound outside it.
pub fn free_in_lambda(lambda: &Lambda) -> HashSet<Var> {
    let mut used = HashSet::new();
    body_uses(&lambda.body, &mut used);
    let mut bound: HashSet<Var> = lambda.params.iter().map(|p| p.var).collect();
    body_bound(&lambda.body, &mut bound);
    used.retain(|v| !bound.contains(v));
    used
}

/// The variables of a statement list and result that are bound outside.
pub fn free_in_body(body: &Body) -> HashSet<Var> {
    let mut used = HashSet::new();
    body_uses(body, &mut used);
    let mut bound = HashSet::new();
    body_bound(body, &mut bound);
    used.retain(|v| !bound.contains(v));
    used
}

/// The type of every variable of a program, by variable number.
#[derive(Debug, Clone, Default)]
pub struct Types(Vec<Option<Type>>);

impl Types {
    pub fn of_program(program: &Program) -> Types {
        let mut types = Types(vec![None; program.var_names.len()]);
        for function in &program.functions {
            types.params(&function.params);
            types.body(&function.body);
        }
        types
    }

    pub fn get(&self, var: Var) -> Option<Type> {
        self.0.get(var.0 as usize).copied().flatten()
    }

    pub fn of(&self, se: SubExp) -> Option<Type> {
        match se {
            SubExp::Const(value) => Some(Type::Prim(value.prim_type())),
            SubExp::Var(var) => self.get(var),
        }
    }

    pub fn set(&mut self, var: Var, ty: Type) {
        let index = var.0 as usize;
        if self.0.len() <= index {
            self.0.resize(index + 1, None);
        }
        self.0[index] = Some(ty);
    }

    fn params(&mut self, params: &[Param]) {
        for p in params {
            self.set(p.var, p.ty);
        }
    }

    fn pat(&mut self, pat: &[PatElem]) {
        for p in pat {
            self.set(p.var, p.ty);
        }
    }

    fn body(&mut self, body: &Body) {
        for stm in &body.stms {
            self.pat(&stm.pat);
            match &stm.exp {
                Exp::If {
                    then_body,
                    else_body,
                    ..
                } => {
                    self.body(then_body);
                    self.body(else_body);
                }
                Exp::Loop { params, form, body } => {
                    for (p, _) in params {
                        self.set(p.var, p.ty);
                    }
                    if let LoopForm::For { var, bound } = form
                        && let Some(ty) = self.of(*bound)
                    {
                        self.set(*var, ty);
                    }
                    self.body(body);
                }
                Exp::Soac(soac) => {
                    for lambda in soac.lambdas() {
                        self.params(&lambda.params);
                        self.body(&lambda.body);
                    }
                }
                _ => {}
            }
        }
    }
}

/// A fresh variable with the name hint of `like`, recorded in the program
/// and in `types`.
pub fn fresh_var(program_names: &mut Vec<String>, types: &mut Types, like: &str, ty: Type) -> Var {
    let var = Var(program_names.len() as u32);
    program_names.push(like.to_owned());
    types.set(var, ty);
    var
}

fn nonzero_constant(se: SubExp) -> bool {
    match se {
        SubExp::Const(value) => value != PrimValue::zero(value.prim_type()),
        SubExp::Var(_) => false,
    }
}

fn nonnegative_constant(se: SubExp) -> bool {
    match se {
        SubExp::Const(value) => match value {
            PrimValue::I8(v) => v >= 0,
            PrimValue::I16(v) => v >= 0,
            PrimValue::I32(v) => v >= 0,
            PrimValue::I64(v) => v >= 0,
            _ => true,
        },
        SubExp::Var(_) => false,
    }
}

/// Whether evaluating an expression can fail at run time (an index out
/// of bounds, a failed assertion or size check, integer division by
/// zero, a negative size) or fail to terminate (a `while` loop, a call).
pub fn can_fail(types: &Types, exp: &Exp) -> bool {
    match exp {
        Exp::SubExp(_)
        | Exp::Cmp(..)
        | Exp::UnOp(..)
        | Exp::Convert(..)
        | Exp::PrimFn(..)
        | Exp::Rearrange { .. }
        | Exp::Copy(_)
        | Exp::ArraySize { .. } => false,
        Exp::BinOp(op, a, b) => {
            let integer = types
                .of(*a)
                .is_none_or(|t| t.element().is_integer() || t.rank() > 0);
            integer
                && match op {
                    BinOp::Div | BinOp::Mod | BinOp::Quot | BinOp::Rem => !nonzero_constant(*b),
                    BinOp::Pow => !nonnegative_constant(*b),
                    _ => false,
                }
        }
        Exp::ArrayLit { row, .. } => row.rank() > 0,
        Exp::Iota { len, .. } => !nonnegative_constant(*len),
        Exp::Replicate { shape, .. } => !shape.iter().all(|&d| nonnegative_constant(d)),
        Exp::Assert { condition, .. } => *condition != SubExp::bool(true),
        Exp::If {
            then_body,
            else_body,
            ..
        } => body_can_fail(types, then_body) || body_can_fail(types, else_body),
        Exp::Loop { form, body, .. } => match form {
            LoopForm::For { .. } => body_can_fail(types, body),
            LoopForm::While { .. } => true,
        },
        Exp::Soac(Soac::Screma { .. }) | Exp::Soac(Soac::Stream { .. }) => exp_lambdas(exp)
            .iter()
            .any(|lambda| body_can_fail(types, &lambda.body)),
        Exp::Call { .. }
        | Exp::Index { .. }
        | Exp::Update { .. }
        | Exp::Reshape { .. }
        | Exp::Concat { .. }
        | Exp::Soac(Soac::Hist { .. })
        | Exp::Soac(Soac::Scatter { .. }) => true,
    }
}

fn exp_lambdas(exp: &Exp) -> Vec<&Lambda> {
    match exp {
        Exp::Soac(soac) => soac.lambdas(),
        _ => Vec::new(),
    }
}

pub fn body_can_fail(types: &Types, body: &Body) -> bool {
    body.stms.iter().any(|stm| can_fail(types, &stm.exp))
}

/// The variables an expression consumes (in-place updates, unique
/// arguments and loop parameters, histogram and scatter destinations),
/// nested bodies included, leaving out what it binds itself.
pub fn consumed(program: &Program, exp: &Exp) -> HashSet<Var> {
    let mut out = HashSet::new();
    consumed_into(program, exp, &mut out);
    let mut bound = HashSet::new();
    bound_inside(exp, &mut bound);
    out.retain(|v| !bound.contains(v));
    out
}

fn consumed_into(program: &Program, exp: &Exp, out: &mut HashSet<Var>) {
    let var_args = |args: &mut dyn Iterator<Item = (bool, SubExp)>, out: &mut HashSet<Var>| {
        for (unique, arg) in args {
            if let (true, SubExp::Var(v)) = (unique, arg) {
                out.insert(v);
            }
        }
    };
    match exp {
        Exp::Update { array, .. } => {
            out.insert(*array);
        }
        Exp::Call { func, args } => {
            let params = &program.function(*func).params;
            var_args(
                &mut params.iter().map(|p| p.unique).zip(args.iter().copied()),
                out,
            );
        }
        Exp::Loop { params, body, .. } => {
            var_args(&mut params.iter().map(|(p, init)| (p.unique, *init)), out);
            body_consumed(program, body, out);
        }
        Exp::If {
            then_body,
            else_body,
            ..
        } => {
            body_consumed(program, then_body, out);
            body_consumed(program, else_body, out);
        }
        Exp::Soac(soac) => {
            if let Soac::Hist { dests, .. } | Soac::Scatter { dests, .. } = soac {
                out.extend(dests.iter().copied());
            }
            for lambda in soac.lambdas() {
                body_consumed(program, &lambda.body, out);
            }
        }
        _ => {}
    }
}

/// Every variable consumed anywhere in a body, nested bodies included.
pub fn consumed_anywhere(program: &Program, body: &Body) -> HashSet<Var> {
    let mut out = HashSet::new();
    body_consumed(program, body, &mut out);
    out
}

fn body_consumed(program: &Program, body: &Body, out: &mut HashSet<Var>) {
    for stm in &body.stms {
        consumed_into(program, &stm.exp, out);
    }
}

/// Renames variables, binders and uses alike, through a map; a use may
/// become a constant (a binder only ever becomes another variable).
pub struct Renamer<'m> {
    pub map: &'m HashMap<Var, SubExp>,
}

impl Renamer<'_> {
    fn var(&self, var: &mut Var) {
        if let Some(SubExp::Var(new)) = self.map.get(var) {
            *var = *new;
        }
    }

    pub fn body(&self, body: &mut Body) {
        for stm in &mut body.stms {
            self.stm(stm);
        }
        for se in &mut body.result {
            self.subexp(se);
        }
    }

    fn subexp(&self, se: &mut SubExp) {
        if let SubExp::Var(var) = se
            && let Some(new) = self.map.get(var)
        {
            *se = *new;
        }
    }

    pub fn stm(&self, stm: &mut Stm) {
        for pe in &mut stm.pat {
            self.var(&mut pe.var);
        }
        self.exp(&mut stm.exp);
    }

    pub fn lambda(&self, lambda: &mut Lambda) {
        for p in &mut lambda.params {
            self.var(&mut p.var);
        }
        self.body(&mut lambda.body);
    }

    pub fn exp(&self, exp: &mut Exp) {
        operands_mut(exp, &mut |se| self.subexp(se));
        if let Exp::Loop { params, form, .. } = exp {
            for (p, _) in params.iter_mut() {
                self.var(&mut p.var);
            }
            match form {
                LoopForm::For { var, .. } => self.var(var),
                LoopForm::While { condition } => self.var(condition),
            }
        }
        let (bodies, lambdas) = nested_mut(exp);
        for body in bodies {
            self.body(body);
        }
        for lambda in lambdas {
            self.lambda(lambda);
        }
    }
}

/// Every variable bound in a body (statements and everything nested).
pub fn bound_in_body(body: &Body) -> HashSet<Var> {
    let mut out = HashSet::new();
    body_bound(body, &mut out);
    out
}

/// How many statements a body has, nested ones included: a measure of
/// code size.
pub fn body_size(body: &Body) -> usize {
    body.stms
        .iter()
        .map(|stm| {
            1 + match &stm.exp {
                Exp::If {
                    then_body,
                    else_body,
                    ..
                } => body_size(then_body) + body_size(else_body),
                Exp::Loop { body, .. } => body_size(body),
                Exp::Soac(soac) => soac.lambdas().iter().map(|l| body_size(&l.body)).sum(),
                _ => 0,
            }
        })
        .sum()
}
