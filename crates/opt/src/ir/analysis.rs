//! What the passes need to know about IR fragments beyond their
//! structure (which [`crate::ir::traverse`] gives): the types of all
//! variables, whether a statement can fail at run time, and what it
//! consumes.

use crate::ir::check::{TypeContext, subexp_type};
use crate::ir::traverse::{bound_in_body, for_each_stm};
use crate::ir::{
    Body, Exp, ExtType, FuncId, Function, Lambda, LoopForm, Operation, Param, PatElem, Program,
    Rep, Stm, SubExp, Type, Var,
};
use prim::{BinOp, PrimValue};
use rustc_hash::FxHashSet;

/// The type of every variable of a program, by variable number.
#[derive(Debug, Clone, Default)]
pub struct Types(Vec<Option<Type>>);

impl Types {
    pub fn of_program<R: Rep>(program: &Program<R>) -> Types {
        let mut types = Types(vec![None; program.var_names.len()]);
        for function in &program.functions {
            types.params(&function.params);
            types.body(&function.body);
        }
        types
    }

    /// The types of a function's parameters and of everything it binds.
    pub fn of_function<R: Rep>(function: &Function<R>) -> Types {
        let mut types = Types::default();
        types.params(&function.params);
        types.body(&function.body);
        types
    }

    /// The variables with a type, in order.
    pub fn iter(&self) -> impl Iterator<Item = (Var, Type)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter_map(|(i, ty)| Some((Var(i as u32), ty.clone()?)))
    }

    pub fn get(&self, var: Var) -> Option<Type> {
        self.0.get(var.0 as usize).cloned().flatten()
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
            self.set(p.var, p.ty.clone());
        }
    }

    fn pat(&mut self, pat: &[PatElem]) {
        for p in pat {
            self.set(p.var, p.ty.clone());
        }
    }

    fn body<R: Rep>(&mut self, body: &Body<R>) {
        for_each_stm(body, &mut |stm| {
            self.pat(&stm.pat);
            if let Exp::Loop { params, form, .. } = &stm.exp {
                for (p, _) in params {
                    self.set(p.var, p.ty.clone());
                }
                if let LoopForm::For { var, bound } = form
                    && let Some(ty) = self.of(*bound)
                {
                    self.set(*var, ty);
                }
            }
            if let Exp::Op(op) = &stm.exp {
                for (var, ty) in op.binders() {
                    self.set(var, ty);
                }
            }
            for lambda in stm.exp.lambdas() {
                self.params(&lambda.params);
            }
        });
    }
}

/// The types of variables alone: no function signatures.
impl TypeContext for Types {
    fn var_type(&self, var: Var) -> Option<Type> {
        self.get(var)
    }

    fn signature(&self, _: FuncId) -> Option<(Vec<Param>, Vec<ExtType>)> {
        None
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
pub fn can_fail<R: Rep>(types: &dyn TypeContext, exp: &Exp<R>) -> bool {
    can_fail_unless(types, exp, &|_| false)
}

/// [`can_fail`], where the statements nested in the expression that
/// `proven` accepts are known not to fail (a pass has proved it).
pub fn can_fail_unless<R: Rep>(
    types: &dyn TypeContext,
    exp: &Exp<R>,
    proven: &dyn Fn(&Stm<R>) -> bool,
) -> bool {
    let body_can_fail = |body: &Body<R>| {
        body.stms
            .iter()
            .any(|stm| !proven(stm) && can_fail_unless(types, &stm.exp, proven))
    };
    match exp {
        Exp::SubExp(_)
        | Exp::Opaque(_)
        | Exp::Cmp(..)
        | Exp::UnOp(..)
        | Exp::Convert(..)
        | Exp::PrimFn(..)
        | Exp::Rearrange { .. }
        | Exp::Copy(_)
        | Exp::ArrayLit { .. }
        | Exp::Concat { .. } => false,
        Exp::BinOp(op, a, b) => {
            let integer = subexp_type(types, *a).map_or(true, |t| t.element().is_integer());
            integer
                && match op {
                    BinOp::Div | BinOp::Mod | BinOp::Quot | BinOp::Rem => !nonzero_constant(*b),
                    BinOp::Pow => !nonnegative_constant(*b),
                    _ => false,
                }
        }
        Exp::Iota { len, .. } => !nonnegative_constant(*len),
        Exp::Replicate { shape, .. } | Exp::Scratch { shape, .. } => {
            !shape.iter().all(|&d| nonnegative_constant(d))
        }
        Exp::Assert { condition, .. } => *condition != SubExp::bool(true),
        Exp::If {
            then_body,
            else_body,
            ..
        } => body_can_fail(then_body) || body_can_fail(else_body),
        Exp::Loop { form, body, .. } => match form {
            LoopForm::For { .. } => body_can_fail(body),
            LoopForm::While { .. } => true,
        },
        Exp::Op(op) => op.fails_itself() || exp.nested_bodies().into_iter().any(body_can_fail),
        Exp::Call { .. } | Exp::Index { .. } | Exp::Update { .. } | Exp::Reshape { .. } => true,
    }
}

pub fn body_can_fail<R: Rep>(types: &dyn TypeContext, body: &Body<R>) -> bool {
    body.stms.iter().any(|stm| can_fail(types, &stm.exp))
}

/// Whether a reduction operator (a lambda of `2n` scalar parameters, the
/// accumulator's `n` first) is commutative because each of its results is
/// one commutative operator applied to the two parameters of its
/// component, and it does nothing else: `\(a, b) (x, y) -> (a + x,
/// y * b)`, say.
pub fn commutative_operator<R: Rep>(lambda: &Lambda<R>) -> bool {
    let n = lambda.params.len() / 2;
    if n == 0
        || lambda.params.len() != 2 * n
        || lambda.body.result.len() != n
        || lambda.body.stms.len() != n
    {
        return false;
    }
    lambda.body.result.iter().enumerate().all(|(k, &result)| {
        let (left, right) = (lambda.params[k].var, lambda.params[n + k].var);
        let Type::Prim(ty) = lambda.params[k].ty else {
            return false;
        };
        lambda
            .body
            .stms
            .iter()
            .any(|stm| match (&stm.pat[..], &stm.exp) {
                ([pe], Exp::BinOp(op, SubExp::Var(a), SubExp::Var(b))) => {
                    SubExp::Var(pe.var) == result
                        && op.commutes(ty)
                        && ((*a, *b) == (left, right) || (*a, *b) == (right, left))
                }
                _ => false,
            })
    })
}

/// What the analyses of consumption need of the program's functions.
pub trait Signatures {
    /// The parameters of the function.
    fn params_of(&self, func: FuncId) -> &[Param];
}

impl<R: Rep> Signatures for Program<R> {
    fn params_of(&self, func: FuncId) -> &[Param] {
        &self.function(func).params
    }
}

impl<R: Rep> Signatures for crate::ir::build::Builder<R> {
    fn params_of(&self, func: FuncId) -> &[Param] {
        self.function_params(func)
    }
}

/// The variables an expression consumes (in-place updates, unique
/// arguments, the initial values of loop parameters that are unique or
/// consumed in the loop, histogram and scatter destinations), nested
/// bodies included, leaving out what it binds itself.
pub fn consumed<R: Rep>(program: &dyn Signatures, exp: &Exp<R>) -> FxHashSet<Var> {
    let mut out = FxHashSet::default();
    consumed_directly(program, exp, &mut out);
    let mut bound = FxHashSet::default();
    for body in exp
        .bodies()
        .into_iter()
        .chain(exp.lambdas().into_iter().map(|l| &l.body))
    {
        out.extend(consumed_anywhere(program, body));
        bound.extend(bound_in_body(body));
    }
    exp.for_each_binder(&mut |v| {
        bound.insert(v);
    });
    out.retain(|v| !bound.contains(v));
    out
}

/// What an expression consumes itself, not in its nested code.
pub fn consumed_directly<R: Rep>(program: &dyn Signatures, exp: &Exp<R>, out: &mut FxHashSet<Var>) {
    let mut unique_args = |args: &mut dyn Iterator<Item = (bool, SubExp)>| {
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
            let params = program.params_of(*func);
            unique_args(&mut params.iter().map(|p| p.unique).zip(args.iter().copied()));
        }
        Exp::Loop { params, body, .. } => {
            // Only a parameter that is neither unique nor a scalar needs
            // the body walked: the walk, at every level of nested loops
            // carrying scalars, was quadratic in the nesting.
            let in_body = if params.iter().any(|(p, init)| {
                !p.unique && !matches!(p.ty, Type::Prim(_)) && init.as_var().is_some()
            }) {
                consumed_anywhere(program, body)
            } else {
                FxHashSet::default()
            };
            consumed_initial_values(params, &in_body, out);
        }
        Exp::Op(op) => out.extend(op.consumed()),
        _ => {}
    }
}

/// The initial values a loop consumes: those of its parameters that are
/// unique or that its body (consuming `in_body`) consumes.
fn consumed_initial_values(
    params: &[(Param, SubExp)],
    in_body: &FxHashSet<Var>,
    out: &mut FxHashSet<Var>,
) {
    for (param, init) in params {
        if let (true, SubExp::Var(v)) = (param.unique || in_body.contains(&param.var), init) {
            out.insert(*v);
        }
    }
}

/// Every variable consumed anywhere in a body, nested bodies included.
/// Each nested body is walked once: a loop's body is walked for what
/// the loop consumes and for what it contains at the same time (walking
/// it again for each enclosing loop would be exponential in the nesting).
pub fn consumed_anywhere<R: Rep>(program: &dyn Signatures, body: &Body<R>) -> FxHashSet<Var> {
    let mut out = FxHashSet::default();
    for stm in &body.stms {
        match &stm.exp {
            Exp::Loop { params, body, .. } => {
                let in_body = consumed_anywhere(program, body);
                consumed_initial_values(params, &in_body, &mut out);
                out.extend(in_body);
            }
            exp => {
                consumed_directly(program, exp, &mut out);
                for inner in exp.nested_bodies() {
                    out.extend(consumed_anywhere(program, inner));
                }
            }
        }
    }
    out
}
