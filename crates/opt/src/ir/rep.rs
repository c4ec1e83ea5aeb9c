//! Representations: the levels of the core IR. One IR serves them all,
//! parameterised by a [`Rep`] whose [`Operation`] is what the level adds
//! to the expressions every level shares: SOACs at the first level
//! ([`Soacs`]), segmented operations at the parallel levels, nothing at
//! the sequential one. The traversal, the checker, the printer, the
//! simplifier and the interpreter are written once, for any
//! representation, and ask the operation about itself through
//! [`Operation`].

use super::check::TypeContext;
use super::metrics::Counter;
use super::print::Printer;
use super::segop::SegOp;
use super::{Body, Lambda, PatElem, Soac, SubExp, Type, Var};
use crate::interp::Interpret;
use std::fmt;

/// A level of the IR.
pub trait Rep: Clone + fmt::Debug + PartialEq + Default + Send + Sync + 'static {
    /// The level's name, as pipelines and printed programs give it.
    const NAME: &'static str;
    /// What the level's expressions add to the shared ones.
    type Op: Operation<Self> + Interpret<Self>;
}

/// What the shared code needs to know about a representation's
/// operation: its structure, its typing, whether it can fail and what it
/// consumes, and its printed form.
pub trait Operation<R: Rep>: Clone + fmt::Debug + PartialEq + Send + Sync + 'static {
    /// Calls `f` on every operand (not in nested code); array operands
    /// are passed as variables, and a replacement of one by a constant is
    /// ignored.
    fn map_operands(&mut self, f: &mut dyn FnMut(&mut SubExp));
    /// Calls `f` on the dimensions of the types the operation writes
    /// itself (not its lambdas').
    fn map_type_dims(&mut self, f: &mut dyn FnMut(&mut SubExp));
    /// The lambdas the operation applies.
    fn lambdas(&self) -> Vec<&Lambda<R>>;
    fn lambdas_mut(&mut self) -> Vec<&mut Lambda<R>>;
    /// The bodies it runs that are not lambdas (with the variables of
    /// [`Operation::for_each_binder`] in scope).
    fn bodies(&self) -> Vec<&Body<R>>;
    fn bodies_mut(&mut self) -> Vec<&mut Body<R>>;
    /// Its bodies and its lambdas' bodies, mutably at once.
    fn nested_bodies_mut(&mut self) -> Vec<&mut Body<R>>;
    /// The variables the operation binds for its bodies, with their
    /// types.
    fn binders(&self) -> Vec<(Var, Type)>;
    fn map_binders(&mut self, f: &mut dyn FnMut(&mut Var));
    /// The types of its results, checking its operands (and its lambdas'
    /// declared types, not their bodies).
    fn result_types(&self, ctx: &dyn TypeContext) -> Result<Vec<Type>, String>;
    /// Checks its nested code.
    fn check_nested(&self, checker: &mut dyn NestedCheck<R>) -> Result<(), String>;
    /// Whether it can fail by itself, not counting its nested code (a
    /// histogram's or scatter's indices, say).
    fn fails_itself(&self) -> bool;
    /// The variables it consumes itself, not in its nested code.
    fn consumed(&self) -> Vec<Var>;
    /// Writes the operation.
    fn print(&self, printer: &mut Printer<'_, R>);
    /// Drops the results (and their pattern elements) that are not
    /// `live`, where the operation can do without computing them.
    fn prune_results(&mut self, pat: &mut Vec<PatElem>, live: &dyn Fn(Var) -> bool);
    /// Counts itself and its nested code in upstream's metrics.
    fn count_metrics(&self, counter: &mut Counter);
}

/// The checker's service to an operation's [`Operation::check_nested`].
pub trait NestedCheck<R: Rep>: TypeContext {
    /// Checks a lambda against its declared types.
    fn lambda(&mut self, lambda: &Lambda<R>) -> Result<(), String>;
    /// Checks a body with the given variables bound, whose results must
    /// have the given types.
    fn body(&mut self, bound: &[(Var, Type)], body: &Body<R>, ret: &[Type]) -> Result<(), String>;
}

/// The first level: second-order array combinators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Soacs;

impl Rep for Soacs {
    const NAME: &'static str = "soacs";
    type Op = Soac<Soacs>;
}

impl<R: Rep> Operation<R> for Soac<R> {
    fn map_operands(&mut self, f: &mut dyn FnMut(&mut SubExp)) {
        Soac::map_operands(self, f)
    }

    fn map_type_dims(&mut self, _: &mut dyn FnMut(&mut SubExp)) {}

    fn lambdas(&self) -> Vec<&Lambda<R>> {
        Soac::lambdas(self)
    }

    fn lambdas_mut(&mut self) -> Vec<&mut Lambda<R>> {
        Soac::lambdas_mut(self)
    }

    fn bodies(&self) -> Vec<&Body<R>> {
        Vec::new()
    }

    fn bodies_mut(&mut self) -> Vec<&mut Body<R>> {
        Vec::new()
    }

    fn nested_bodies_mut(&mut self) -> Vec<&mut Body<R>> {
        Soac::lambdas_mut(self)
            .into_iter()
            .map(|l| &mut l.body)
            .collect()
    }

    fn binders(&self) -> Vec<(Var, Type)> {
        Vec::new()
    }

    fn map_binders(&mut self, _: &mut dyn FnMut(&mut Var)) {}

    fn result_types(&self, ctx: &dyn TypeContext) -> Result<Vec<Type>, String> {
        super::check::soac_types(ctx, self)
    }

    fn check_nested(&self, checker: &mut dyn NestedCheck<R>) -> Result<(), String> {
        Soac::lambdas(self)
            .into_iter()
            .try_for_each(|l| checker.lambda(l))
    }

    fn fails_itself(&self) -> bool {
        matches!(self, Soac::Hist { .. } | Soac::Scatter { .. })
    }

    fn consumed(&self) -> Vec<Var> {
        match self {
            Soac::Hist { dests, .. } | Soac::Scatter { dests, .. } => dests.clone(),
            _ => Vec::new(),
        }
    }

    fn print(&self, printer: &mut Printer<'_, R>) {
        printer.soac(self)
    }

    /// Drops the mapped results of a `screma` that nobody uses.
    fn prune_results(&mut self, pat: &mut Vec<PatElem>, live: &dyn Fn(Var) -> bool) {
        let Soac::Screma {
            map,
            scans,
            reduces,
            ..
        } = self
        else {
            return;
        };
        let first_mapped: usize = scans.iter().map(|s| s.neutral.len()).sum::<usize>()
            + reduces.iter().map(|r| r.neutral.len()).sum::<usize>();
        let mut kept = Vec::new();
        let mut ret = Vec::new();
        let mut result = Vec::new();
        for (i, pe) in pat.iter().enumerate() {
            if i < first_mapped || live(pe.var) {
                kept.push(pe.clone());
                ret.push(map.ret[i].clone());
                result.push(map.body.result[i]);
            }
        }
        *pat = kept;
        map.ret = ret;
        map.body.result = result;
    }

    fn count_metrics(&self, counter: &mut Counter) {
        counter.soac(self)
    }
}

/// The sequential level: no operations beyond the shared expressions
/// (SOACs have become loops).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Seq;

impl Rep for Seq {
    const NAME: &'static str = "seq";
    type Op = NoOp;
}

/// The operation of a level that has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoOp {}

impl<R: Rep> Operation<R> for NoOp {
    fn map_operands(&mut self, _: &mut dyn FnMut(&mut SubExp)) {
        match *self {}
    }

    fn map_type_dims(&mut self, _: &mut dyn FnMut(&mut SubExp)) {
        match *self {}
    }

    fn lambdas(&self) -> Vec<&Lambda<R>> {
        match *self {}
    }

    fn lambdas_mut(&mut self) -> Vec<&mut Lambda<R>> {
        match *self {}
    }

    fn bodies(&self) -> Vec<&Body<R>> {
        match *self {}
    }

    fn bodies_mut(&mut self) -> Vec<&mut Body<R>> {
        match *self {}
    }

    fn nested_bodies_mut(&mut self) -> Vec<&mut Body<R>> {
        match *self {}
    }

    fn binders(&self) -> Vec<(Var, Type)> {
        match *self {}
    }

    fn map_binders(&mut self, _: &mut dyn FnMut(&mut Var)) {
        match *self {}
    }

    fn result_types(&self, _: &dyn TypeContext) -> Result<Vec<Type>, String> {
        match *self {}
    }

    fn check_nested(&self, _: &mut dyn NestedCheck<R>) -> Result<(), String> {
        match *self {}
    }

    fn fails_itself(&self) -> bool {
        match *self {}
    }

    fn consumed(&self) -> Vec<Var> {
        match *self {}
    }

    fn print(&self, _: &mut Printer<'_, R>) {
        match *self {}
    }

    fn prune_results(&mut self, _: &mut Vec<PatElem>, _: &dyn Fn(Var) -> bool) {
        match *self {}
    }

    fn count_metrics(&self, _: &mut Counter) {
        match *self {}
    }
}

/// The multicore level: segmented operations run by threads, and SOACs
/// nested in them, which each thread runs sequentially.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Mc;

impl Rep for Mc {
    const NAME: &'static str = "mc";
    type Op = McOp;
}

/// An operation of the multicore level.
#[derive(Debug, Clone, PartialEq)]
pub enum McOp {
    /// Run in parallel over its space.
    Par(SegOp<Mc>),
    /// Run sequentially by the thread that reaches it.
    Soac(Soac<Mc>),
}

impl Operation<Mc> for McOp {
    fn map_operands(&mut self, f: &mut dyn FnMut(&mut SubExp)) {
        match self {
            McOp::Par(op) => op.map_operands(f),
            McOp::Soac(op) => Operation::map_operands(op, f),
        }
    }

    fn map_type_dims(&mut self, f: &mut dyn FnMut(&mut SubExp)) {
        match self {
            McOp::Par(op) => op.map_type_dims(f),
            McOp::Soac(op) => Operation::map_type_dims(op, f),
        }
    }

    fn lambdas(&self) -> Vec<&Lambda<Mc>> {
        match self {
            McOp::Par(op) => op.lambdas(),
            McOp::Soac(op) => Operation::lambdas(op),
        }
    }

    fn lambdas_mut(&mut self) -> Vec<&mut Lambda<Mc>> {
        match self {
            McOp::Par(op) => op.lambdas_mut(),
            McOp::Soac(op) => Operation::lambdas_mut(op),
        }
    }

    fn bodies(&self) -> Vec<&Body<Mc>> {
        match self {
            McOp::Par(op) => vec![op.body()],
            McOp::Soac(_) => Vec::new(),
        }
    }

    fn bodies_mut(&mut self) -> Vec<&mut Body<Mc>> {
        match self {
            McOp::Par(op) => vec![op.body_mut()],
            McOp::Soac(_) => Vec::new(),
        }
    }

    fn nested_bodies_mut(&mut self) -> Vec<&mut Body<Mc>> {
        match self {
            McOp::Par(op) => op.nested_bodies_mut(),
            McOp::Soac(op) => Operation::nested_bodies_mut(op),
        }
    }

    fn binders(&self) -> Vec<(Var, Type)> {
        match self {
            McOp::Par(op) => op.binders(),
            McOp::Soac(_) => Vec::new(),
        }
    }

    fn map_binders(&mut self, f: &mut dyn FnMut(&mut Var)) {
        if let McOp::Par(op) = self {
            op.map_binders(f);
        }
    }

    fn result_types(&self, ctx: &dyn TypeContext) -> Result<Vec<Type>, String> {
        match self {
            McOp::Par(op) => op.result_types(ctx),
            McOp::Soac(op) => Operation::result_types(op, ctx),
        }
    }

    fn check_nested(&self, checker: &mut dyn NestedCheck<Mc>) -> Result<(), String> {
        match self {
            McOp::Par(op) => op.check_nested(checker),
            McOp::Soac(op) => Operation::check_nested(op, checker),
        }
    }

    fn fails_itself(&self) -> bool {
        match self {
            McOp::Par(op) => matches!(op, SegOp::Hist { .. }) || !op.consumed().is_empty(),
            McOp::Soac(op) => Operation::fails_itself(op),
        }
    }

    fn consumed(&self) -> Vec<Var> {
        match self {
            McOp::Par(op) => op.consumed(),
            McOp::Soac(op) => Operation::consumed(op),
        }
    }

    fn print(&self, printer: &mut Printer<'_, Mc>) {
        match self {
            McOp::Par(op) => op.print(printer),
            McOp::Soac(op) => printer.soac(op),
        }
    }

    fn prune_results(&mut self, pat: &mut Vec<PatElem>, live: &dyn Fn(Var) -> bool) {
        match self {
            McOp::Par(op) => op.prune_results(pat, live),
            McOp::Soac(op) => Operation::prune_results(op, pat, live),
        }
    }

    fn count_metrics(&self, counter: &mut Counter) {
        match self {
            McOp::Par(op) => counter.seg_op(op),
            McOp::Soac(op) => counter.soac(op),
        }
    }
}
