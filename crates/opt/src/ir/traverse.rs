//! The one traversal of the core IR: the operands of every construct,
//! the bodies and lambdas nested in it, the variables it binds, and what
//! follows from them (free and bound variables, renaming, code size).
//! Every pass, the interpreter's helpers, automatic differentiation and
//! code generation ask here instead of matching constructs themselves
//! when all they need is "every operand" or "every nested body".
//!
//! Variables are bound once in a whole program, so the free variables of
//! a fragment are the variables it uses minus the ones it binds.

use super::{
    Body, DimIndex, ErrorPart, Exp, ExtDim, Lambda, LoopForm, Operation, Param, PatElem, Rep, Soac,
    Stm, SubExp, Type, Var,
};
use rustc_hash::{FxHashMap, FxHashSet};

impl<R: Rep> Soac<R> {
    /// The operands of the combinator, leaving out its lambdas: the
    /// width, then the arrays, then the destinations, then the scalars
    /// (neutral elements, accumulators). Arrays are passed as
    /// variables; a replacement of one by a constant is ignored.
    pub fn map_operands(&mut self, f: &mut dyn FnMut(&mut SubExp)) {
        match self {
            Soac::Screma {
                width,
                arrays,
                scans,
                reduces,
                ..
            } => {
                f(width);
                vars(arrays, f);
                for scan in scans {
                    scan.neutral.iter_mut().for_each(&mut *f);
                }
                for reduce in reduces {
                    reduce.neutral.iter_mut().for_each(&mut *f);
                }
            }
            Soac::Hist {
                width, arrays, ops, ..
            } => {
                f(width);
                vars(arrays, f);
                for op in ops.iter_mut() {
                    vars(&mut op.dests, f);
                }
                for op in ops {
                    op.neutral.iter_mut().for_each(&mut *f);
                }
            }
            Soac::Scatter {
                width,
                arrays,
                dests,
                ..
            } => {
                f(width);
                vars(arrays, f);
                for dest in dests {
                    var(&mut dest.array, f);
                }
            }
            Soac::Accumulate {
                width,
                arrays,
                dests,
                ..
            } => {
                f(width);
                vars(arrays, f);
                vars(dests, f);
            }
            Soac::Stream {
                width,
                arrays,
                accumulators,
                ..
            } => {
                f(width);
                vars(arrays, f);
                accumulators.iter_mut().for_each(f);
            }
        }
    }

    /// [`Soac::map_operands`] by value.
    pub fn for_each_operand(&self, f: &mut dyn FnMut(SubExp)) {
        let arrays = |arrays: &[Var], f: &mut dyn FnMut(SubExp)| {
            arrays.iter().for_each(|&a| f(SubExp::Var(a)));
        };
        match self {
            Soac::Screma {
                width,
                arrays: inputs,
                scans,
                reduces,
                ..
            } => {
                f(*width);
                arrays(inputs, f);
                for scan in scans {
                    scan.neutral.iter().for_each(|&se| f(se));
                }
                for reduce in reduces {
                    reduce.neutral.iter().for_each(|&se| f(se));
                }
            }
            Soac::Hist {
                width,
                arrays: inputs,
                ops,
                ..
            } => {
                f(*width);
                arrays(inputs, f);
                for op in ops {
                    arrays(&op.dests, f);
                }
                for op in ops {
                    op.neutral.iter().for_each(|&se| f(se));
                }
            }
            Soac::Scatter {
                width,
                arrays: inputs,
                dests,
                ..
            } => {
                f(*width);
                arrays(inputs, f);
                for dest in dests {
                    f(SubExp::Var(dest.array));
                }
            }
            Soac::Accumulate {
                width,
                arrays: inputs,
                dests,
                ..
            } => {
                f(*width);
                arrays(inputs, f);
                arrays(dests, f);
            }
            Soac::Stream {
                width,
                arrays: inputs,
                accumulators,
                ..
            } => {
                f(*width);
                arrays(inputs, f);
                accumulators.iter().for_each(|&se| f(se));
            }
        }
    }

    /// The functions the combinator applies: the map first.
    pub fn lambdas(&self) -> Vec<&Lambda<R>> {
        match self {
            Soac::Screma {
                map,
                scans,
                reduces,
                post,
                ..
            } => std::iter::once(map)
                .chain(scans.iter().map(|s| &s.lambda))
                .chain(reduces.iter().map(|r| &r.lambda))
                .chain(post.iter())
                .collect(),
            Soac::Hist { ops, map, .. } => std::iter::once(map)
                .chain(ops.iter().map(|op| &op.op))
                .collect(),
            Soac::Scatter { map, .. } | Soac::Accumulate { map, .. } => vec![map],
            Soac::Stream { fold, reduce, .. } => {
                std::iter::once(fold).chain(reduce.iter()).collect()
            }
        }
    }

    /// The functions the combinator applies, mutably, in the order of
    /// [`Soac::lambdas`].
    pub fn lambdas_mut(&mut self) -> Vec<&mut Lambda<R>> {
        match self {
            Soac::Screma {
                map,
                scans,
                reduces,
                post,
                ..
            } => std::iter::once(map)
                .chain(scans.iter_mut().map(|s| &mut s.lambda))
                .chain(reduces.iter_mut().map(|r| &mut r.lambda))
                .chain(post.iter_mut())
                .collect(),
            Soac::Hist { ops, map, .. } => std::iter::once(map)
                .chain(ops.iter_mut().map(|op| &mut op.op))
                .collect(),
            Soac::Scatter { map, .. } | Soac::Accumulate { map, .. } => vec![map],
            Soac::Stream { fold, reduce, .. } => {
                std::iter::once(fold).chain(reduce.iter_mut()).collect()
            }
        }
    }
}

/// Calls `f` on the dimensions of a type.
pub fn map_type(ty: &mut Type, f: &mut dyn FnMut(&mut SubExp)) {
    if let super::TypeBase::Array { shape, .. } = ty {
        shape.iter_mut().for_each(f);
    }
}

impl Param {
    /// Calls `f` on the dimensions of the type and the variables of the
    /// memory annotation.
    pub fn map_annotations(&mut self, f: &mut dyn FnMut(&mut SubExp)) {
        map_type(&mut self.ty, f);
        if let Some(mem) = &mut self.mem {
            mem.map_vars(f);
        }
    }

    /// The variables the type and memory annotation name.
    pub fn for_each_annotation_var(&self, f: &mut dyn FnMut(Var)) {
        type_dim_vars(&self.ty, f);
        if let Some(mem) = &self.mem {
            mem.for_each_var(f);
        }
    }
}

impl PatElem {
    /// Calls `f` on the dimensions of the type and the variables of the
    /// memory annotation.
    pub fn map_annotations(&mut self, f: &mut dyn FnMut(&mut SubExp)) {
        map_type(&mut self.ty, f);
        if let Some(mem) = &mut self.mem {
            mem.map_vars(f);
        }
    }

    /// The variables the type and memory annotation name.
    pub fn for_each_annotation_var(&self, f: &mut dyn FnMut(Var)) {
        type_dim_vars(&self.ty, f);
        if let Some(mem) = &self.mem {
            mem.for_each_var(f);
        }
    }
}

/// Calls `f` on the dimensions of a lambda's parameter and result types
/// (and its parameters' memory annotations).
pub fn map_lambda_types<R: Rep>(lambda: &mut Lambda<R>, f: &mut dyn FnMut(&mut SubExp)) {
    for p in &mut lambda.params {
        p.map_annotations(f);
    }
    for ty in &mut lambda.ret {
        map_type(ty, f);
    }
}

fn type_dim_vars(ty: &Type, f: &mut dyn FnMut(Var)) {
    ty.shape().iter().filter_map(|d| d.as_var()).for_each(f);
}

fn params_dim_vars(params: &[Param], f: &mut dyn FnMut(Var)) {
    for p in params {
        p.for_each_annotation_var(f);
    }
}

impl DimIndex {
    /// The index, or the slice's start, length and stride.
    pub fn operands(&self) -> Vec<SubExp> {
        match *self {
            DimIndex::Fix(i) => vec![i],
            DimIndex::Slice { start, len, stride } => vec![start, len, stride],
        }
    }
}

fn var(v: &mut Var, f: &mut dyn FnMut(&mut SubExp)) {
    let mut se = SubExp::Var(*v);
    f(&mut se);
    if let SubExp::Var(new) = se {
        *v = new;
    }
}

fn vars(vs: &mut [Var], f: &mut dyn FnMut(&mut SubExp)) {
    for v in vs {
        var(v, f);
    }
}

fn slice(slice: &mut [DimIndex], f: &mut dyn FnMut(&mut SubExp)) {
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
}

impl<R: Rep> Exp<R> {
    /// Calls `f` on every operand of the expression, leaving out its
    /// nested bodies and lambdas. Array operands are passed as
    /// variables; a replacement of one by a constant is ignored.
    pub fn map_operands(&mut self, f: &mut dyn FnMut(&mut SubExp)) {
        match self {
            Exp::SubExp(a) | Exp::Opaque(a) | Exp::UnOp(_, a) | Exp::Convert(_, a) => f(a),
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
            Exp::Scratch { shape, .. } => shape.iter_mut().for_each(f),
            Exp::Rearrange { array, .. } | Exp::Copy(array) => var(array, f),
            Exp::Reshape { shape, array } => {
                shape.iter_mut().for_each(&mut *f);
                var(array, f);
            }
            Exp::Concat { arrays, width } => {
                vars(arrays, f);
                f(width);
            }
            Exp::Assert { condition, message } => {
                f(condition);
                for part in message {
                    if let ErrorPart::Value(se) = part {
                        f(se);
                    }
                }
            }
            Exp::Op(op) => op.map_operands(f),
        }
    }

    /// Calls `f` on the dimensions of the types written in the
    /// expression itself: a branch's result types, an array literal's
    /// row type and the loop parameters' types (a lambda's types belong
    /// to the lambda: [`map_lambda_types`]).
    pub fn map_type_dims(&mut self, f: &mut dyn FnMut(&mut SubExp)) {
        match self {
            Exp::If { ret, .. } => {
                for ty in ret {
                    if let super::TypeBase::Array { shape, .. } = ty {
                        for dim in shape {
                            if let ExtDim::Free(se) = dim {
                                f(se);
                            }
                        }
                    }
                }
            }
            Exp::ArrayLit { row, .. } => map_type(row, f),
            Exp::Loop { params, .. } => {
                for (p, _) in params {
                    p.map_annotations(f);
                }
            }
            Exp::Op(op) => op.map_type_dims(f),
            _ => {}
        }
    }

    /// The dimensions of [`Exp::map_type_dims`], by value.
    pub fn for_each_type_dim(&self, f: &mut dyn FnMut(SubExp)) {
        match self {
            Exp::If { ret, .. } => {
                for dim in ret.iter().flat_map(|t| t.shape()) {
                    if let ExtDim::Free(se) = dim {
                        f(*se);
                    }
                }
            }
            Exp::ArrayLit { row, .. } => row.shape().iter().for_each(|&d| f(d)),
            Exp::Loop { params, .. } => {
                for (p, _) in params {
                    p.for_each_annotation_var(&mut |v| f(SubExp::Var(v)));
                }
            }
            Exp::Op(op) => op.for_each_type_dim(f),
            _ => {}
        }
    }

    /// Calls `f` on every operand of the expression, in the order of
    /// [`Exp::map_operands`], leaving out nested bodies and lambdas.
    pub fn for_each_operand(&self, f: &mut dyn FnMut(SubExp)) {
        // Other expressions are small apart from their nested code, which
        // `map_operands` does not visit; a copy of the rest is cheap.
        match self {
            Exp::If { condition, .. } => f(*condition),
            Exp::Loop { params, form, .. } => {
                params.iter().for_each(|(_, init)| f(*init));
                if let LoopForm::For { bound, .. } = form {
                    f(*bound);
                }
            }
            Exp::Op(op) => op.for_each_operand(f),
            _ => self.clone().map_operands(&mut |se| f(*se)),
        }
    }

    /// The variables among the expression's operands.
    pub fn for_each_operand_var(&self, f: &mut dyn FnMut(Var)) {
        self.for_each_operand(&mut |se| {
            if let SubExp::Var(v) = se {
                f(v)
            }
        });
    }

    /// The bodies nested in the expression (branches, loop bodies), not
    /// those of its lambdas.
    pub fn bodies(&self) -> Vec<&Body<R>> {
        match self {
            Exp::If {
                then_body,
                else_body,
                ..
            } => vec![then_body, else_body],
            Exp::Loop { body, .. } => vec![body],
            Exp::Op(op) => op.bodies(),
            _ => Vec::new(),
        }
    }

    pub fn bodies_mut(&mut self) -> Vec<&mut Body<R>> {
        match self {
            Exp::If {
                then_body,
                else_body,
                ..
            } => vec![then_body, else_body],
            Exp::Loop { body, .. } => vec![body],
            Exp::Op(op) => op.bodies_mut(),
            _ => Vec::new(),
        }
    }

    /// The lambdas nested in the expression.
    pub fn lambdas(&self) -> Vec<&Lambda<R>> {
        match self {
            Exp::Op(op) => op.lambdas(),
            _ => Vec::new(),
        }
    }

    pub fn lambdas_mut(&mut self) -> Vec<&mut Lambda<R>> {
        match self {
            Exp::Op(op) => op.lambdas_mut(),
            _ => Vec::new(),
        }
    }

    /// The bodies of the expression's nested code: its own bodies and
    /// those of its lambdas.
    pub fn nested_bodies(&self) -> Vec<&Body<R>> {
        let mut bodies = self.bodies();
        bodies.extend(self.lambdas().into_iter().map(|l| &l.body));
        bodies
    }

    pub fn nested_bodies_mut(&mut self) -> Vec<&mut Body<R>> {
        match self {
            Exp::Op(op) => op.nested_bodies_mut(),
            _ => self.bodies_mut(),
        }
    }

    /// Calls `f` on the variables the expression itself binds for its
    /// nested code: loop parameters and the loop counter (lambda
    /// parameters belong to the lambdas).
    pub fn map_binders(&mut self, f: &mut dyn FnMut(&mut Var)) {
        match self {
            Exp::Loop { params, form, .. } => {
                for (p, _) in params.iter_mut() {
                    f(&mut p.var);
                }
                match form {
                    LoopForm::For { var, .. } => f(var),
                    LoopForm::While { condition } => f(condition),
                }
            }
            Exp::Op(op) => op.map_binders(f),
            _ => {}
        }
    }

    /// The variables the expression itself binds for its nested code,
    /// as [`Exp::map_binders`] gives them. A `while` loop's condition is
    /// one of its parameters and is given once.
    pub fn for_each_binder(&self, f: &mut dyn FnMut(Var)) {
        match self {
            Exp::Loop { params, form, .. } => {
                params.iter().for_each(|(p, _)| f(p.var));
                if let LoopForm::For { var, .. } = form {
                    f(*var);
                }
            }
            Exp::Op(op) => op.binders().into_iter().for_each(|(v, _)| f(v)),
            _ => {}
        }
    }
}

/// Calls `f` on every statement of a body and of everything nested in
/// it, each before the code nested in it.
pub fn for_each_stm<R: Rep>(body: &Body<R>, f: &mut dyn FnMut(&Stm<R>)) {
    for stm in &body.stms {
        f(stm);
        for_each_stm_in_exp(&stm.exp, f);
    }
}

/// [`for_each_stm`] on the code nested in an expression.
pub fn for_each_stm_in_exp<R: Rep>(exp: &Exp<R>, f: &mut dyn FnMut(&Stm<R>)) {
    for body in exp.nested_bodies() {
        for_each_stm(body, f);
    }
}

/// Calls `f` on every body of a body's nested code, the body itself
/// first.
pub fn for_each_body<R: Rep>(body: &Body<R>, f: &mut dyn FnMut(&Body<R>)) {
    f(body);
    for stm in &body.stms {
        for inner in stm.exp.nested_bodies() {
            for_each_body(inner, f);
        }
    }
}

/// The variables bound inside an expression: its binders, its lambdas'
/// parameters and everything bound in its nested code.
pub fn for_each_bound_inside<R: Rep>(exp: &Exp<R>, f: &mut dyn FnMut(Var)) {
    exp.for_each_binder(f);
    for lambda in exp.lambdas() {
        lambda.params.iter().for_each(|p| f(p.var));
    }
    for body in exp.nested_bodies() {
        for_each_bound_in_body(body, f);
    }
}

/// Calls `f` on every variable bound in a body, everything nested
/// included.
pub fn for_each_bound_in_body<R: Rep>(body: &Body<R>, f: &mut dyn FnMut(Var)) {
    for stm in &body.stms {
        stm.pat.iter().for_each(|p| f(p.var));
        for_each_bound_inside(&stm.exp, f);
    }
}

/// Every variable bound in a body, everything nested included.
pub fn bound_in_body<R: Rep>(body: &Body<R>) -> FxHashSet<Var> {
    let mut out = FxHashSet::default();
    for_each_bound_in_body(body, &mut |v| {
        out.insert(v);
    });
    out
}

/// Calls `f` on every use of a variable in an expression, nested code
/// and the sizes in its types included.
pub fn for_each_use<R: Rep>(exp: &Exp<R>, f: &mut dyn FnMut(Var)) {
    for_each_use_outside_bodies(exp, f);
    for body in exp.nested_bodies() {
        for_each_use_in_body(body, f);
    }
}

/// [`for_each_use`] without the uses inside the expression's nested
/// bodies: its operands, the sizes in its types and in its lambdas'
/// parameter and result types.
pub fn for_each_use_outside_bodies<R: Rep>(exp: &Exp<R>, f: &mut dyn FnMut(Var)) {
    exp.for_each_operand_var(f);
    exp.for_each_type_dim(&mut |se| {
        if let SubExp::Var(v) = se {
            f(v)
        }
    });
    for lambda in exp.lambdas() {
        params_dim_vars(&lambda.params, f);
        lambda.ret.iter().for_each(|t| type_dim_vars(t, f));
    }
}

/// Calls `f` on every use of a variable in a body: its statements, their
/// nested code and its results.
pub fn for_each_use_in_body<R: Rep>(body: &Body<R>, f: &mut dyn FnMut(Var)) {
    for stm in &body.stms {
        for elem in &stm.pat {
            elem.for_each_annotation_var(f);
        }
        for_each_use(&stm.exp, f);
    }
    body.result.iter().filter_map(|se| se.as_var()).for_each(f);
}

/// The variables an expression uses that are bound outside it.
pub fn free_in_exp<R: Rep>(exp: &Exp<R>) -> FxHashSet<Var> {
    let mut used = FxHashSet::default();
    for_each_use(exp, &mut |v| {
        used.insert(v);
    });
    for_each_bound_inside(exp, &mut |v| {
        used.remove(&v);
    });
    used
}

/// The variables a body uses that are bound outside it.
pub fn free_in_body<R: Rep>(body: &Body<R>) -> FxHashSet<Var> {
    let mut used = FxHashSet::default();
    for_each_use_in_body(body, &mut |v| {
        used.insert(v);
    });
    let bound = bound_in_body(body);
    used.retain(|v| !bound.contains(v));
    used
}

/// The variables a lambda uses that are bound outside it.
pub fn free_in_lambda<R: Rep>(lambda: &Lambda<R>) -> FxHashSet<Var> {
    let mut free = free_in_body(&lambda.body);
    for p in &lambda.params {
        free.remove(&p.var);
    }
    free
}

/// The variables a lambda's body and types use, its parameters
/// included: a parameter not among them is not needed.
pub fn used_in_lambda<R: Rep>(lambda: &Lambda<R>) -> FxHashSet<Var> {
    let mut used = FxHashSet::default();
    let mut add = |v| {
        used.insert(v);
    };
    for_each_use_in_body(&lambda.body, &mut add);
    params_dim_vars(&lambda.params, &mut add);
    for ty in &lambda.ret {
        type_dim_vars(ty, &mut add);
    }
    used
}

/// How many statements a body has, nested ones included: a measure of
/// code size.
pub fn body_size<R: Rep>(body: &Body<R>) -> usize {
    let mut size = 0;
    for_each_stm(body, &mut |_| size += 1);
    size
}

/// Renames variables, binders and uses alike, through a map (a use may
/// become a constant; a binder only ever becomes another variable) or by
/// adding an offset to every variable's number.
pub struct Renamer<'m> {
    lookup: Lookup<'m>,
}

enum Lookup<'m> {
    Map(&'m FxHashMap<Var, SubExp>),
    Offset(u32),
}

impl<'m> Renamer<'m> {
    pub fn new(map: &'m FxHashMap<Var, SubExp>) -> Renamer<'m> {
        Renamer {
            lookup: Lookup::Map(map),
        }
    }

    /// Renames every variable `v` to `v + offset`.
    pub fn offset(offset: u32) -> Renamer<'static> {
        Renamer {
            lookup: Lookup::Offset(offset),
        }
    }

    fn get(&self, var: Var) -> Option<SubExp> {
        match self.lookup {
            Lookup::Map(map) => map.get(&var).copied(),
            Lookup::Offset(offset) => Some(SubExp::Var(Var(var.0 + offset))),
        }
    }

    /// Whether renaming changes nothing.
    fn is_identity(&self) -> bool {
        match self.lookup {
            Lookup::Map(map) => map.is_empty(),
            Lookup::Offset(offset) => offset == 0,
        }
    }

    pub fn var(&self, var: &mut Var) {
        if let Some(SubExp::Var(new)) = self.get(*var) {
            *var = new;
        }
    }

    pub fn subexp(&self, se: &mut SubExp) {
        if let SubExp::Var(var) = se
            && let Some(new) = self.get(*var)
        {
            *se = new;
        }
    }

    pub fn body<R: Rep>(&self, body: &mut Body<R>) {
        // Passes rename with maps that are often empty; walking deep
        // nested code for nothing at every level is quadratic.
        if self.is_identity() {
            return;
        }
        for stm in &mut body.stms {
            self.stm(stm);
        }
        self.body_result(&mut body.result);
    }

    pub fn body_result(&self, result: &mut [SubExp]) {
        for se in result {
            self.subexp(se);
        }
    }

    pub fn stm<R: Rep>(&self, stm: &mut Stm<R>) {
        if self.is_identity() {
            return;
        }
        for pe in &mut stm.pat {
            self.var(&mut pe.var);
            pe.map_annotations(&mut |se| self.subexp(se));
        }
        self.exp(&mut stm.exp);
    }

    pub fn lambda<R: Rep>(&self, lambda: &mut Lambda<R>) {
        if self.is_identity() {
            return;
        }
        for p in &mut lambda.params {
            self.var(&mut p.var);
        }
        map_lambda_types(lambda, &mut |se| self.subexp(se));
        self.body(&mut lambda.body);
    }

    pub fn exp<R: Rep>(&self, exp: &mut Exp<R>) {
        if self.is_identity() {
            return;
        }
        exp.map_operands(&mut |se| self.subexp(se));
        exp.map_type_dims(&mut |se| self.subexp(se));
        exp.map_binders(&mut |v| self.var(v));
        for body in exp.bodies_mut() {
            self.body(body);
        }
        for lambda in exp.lambdas_mut() {
            self.lambda(lambda);
        }
    }
}
