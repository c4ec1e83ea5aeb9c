//! Representations: the levels of the core IR. One IR serves them all,
//! parameterised by a [`Rep`] whose [`Operation`] is what the level adds
//! to the expressions every level shares: SOACs at the first level
//! ([`Soacs`]), segmented operations at the parallel levels, nothing at
//! the sequential one. The traversal, the checker, the printer, the
//! simplifier and the interpreter are written once, for any
//! representation, and ask the operation about itself through
//! [`Operation`].

use super::check::TypeContext;
use super::mem::Space;
use super::metrics::Counter;
use super::parse::{ParseError, Parser};
use super::print::Printer;
use super::segop::SegOp;
use super::{Body, Lambda, PatElem, Soac, Stm, SubExp, Type, Var};
use crate::interp::Interpret;
use crate::passes::simplify::soac as soac_rules;
use rustc_hash::FxHashSet;
use std::fmt;

/// A level of the IR.
pub trait Rep: Clone + fmt::Debug + PartialEq + Default + Send + Sync + 'static {
    /// The level's name, as pipelines and printed programs give it.
    const NAME: &'static str;
    /// Whether arrays carry memory annotations ([`super::mem`]).
    const HAS_MEMORY: bool = false;
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
    /// [`Operation::map_operands`] by value.
    fn for_each_operand(&self, f: &mut dyn FnMut(SubExp));
    /// Calls `f` on the dimensions of the types the operation writes
    /// itself (not its lambdas').
    fn map_type_dims(&mut self, f: &mut dyn FnMut(&mut SubExp));
    /// [`Operation::map_type_dims`] by value.
    fn for_each_type_dim(&self, f: &mut dyn FnMut(SubExp));
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
    /// The binders that take every value from 0 to below a bound in its
    /// bodies (a segmented operation's indices), with their bounds.
    fn counters(&self) -> Vec<(Var, SubExp)> {
        Vec::new()
    }
    /// Whether each point of [`Operation::counters`] writes the elements
    /// of every result at that point only, after its body ran, and
    /// nothing else (a map without in-place results).
    fn pointwise(&self) -> bool {
        false
    }
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
    /// Reads the operation as [`Operation::print`] writes it; the next
    /// token is its first (a word that is none of the shared
    /// expressions').
    fn parse(parser: &mut Parser<'_>) -> Result<Self, ParseError>;
    /// Simplifies the operation by rules of its own, once its nested
    /// code is simplified: it may change itself and its pattern, and
    /// returns the statements to follow it that bind what it no longer
    /// computes. By default nothing changes.
    fn simplify(&mut self, _pat: &mut Vec<PatElem>, _ctx: &mut dyn SimplifyOp<R>) -> Vec<Stm<R>> {
        Vec::new()
    }
    /// Its lambda and input arrays, if all it does is apply the lambda
    /// to each row of its inputs and give the results as its own rows.
    fn as_map(&self) -> Option<(&Lambda<R>, &[Var])> {
        None
    }
    /// Drops (after [`Operation::prune_results`]) the parts of its
    /// results that are not `live` and that nothing live needs;
    /// `needed_params` tells which parameters of a lambda its results
    /// marked live need. By default nothing is dropped.
    fn prune_components(
        &mut self,
        _pat: &mut Vec<PatElem>,
        _live: &dyn Fn(Var) -> bool,
        _needed_params: &NeededParams<'_, R>,
    ) {
    }
}

/// Which parameters of a lambda the results marked live need.
pub type NeededParams<'a, R> = dyn Fn(&Lambda<R>, &[bool]) -> Vec<bool> + 'a;

/// The simplifier's service to an operation's [`Operation::simplify`].
pub trait SimplifyOp<R: Rep> {
    /// Whether running the body can fail (what the simplifier proved of
    /// its statements considered).
    fn body_can_fail(&self, body: &Body<R>) -> bool;
    /// Whether an `i64` operand is known not to be negative here.
    fn nonnegative(&self, size: SubExp) -> bool;
    /// The value every row of `array` is, if it is a `replicate` of one
    /// that may be read here instead.
    fn replicated_row(&self, array: Var) -> Option<SubExp>;
    /// The variables bound outside a body that it consumes.
    fn consumed_in(&self, body: &Body<R>) -> FxHashSet<Var>;
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

    fn for_each_operand(&self, f: &mut dyn FnMut(SubExp)) {
        Soac::for_each_operand(self, f)
    }

    fn map_type_dims(&mut self, _: &mut dyn FnMut(&mut SubExp)) {}

    fn for_each_type_dim(&self, _: &mut dyn FnMut(SubExp)) {}

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

    /// A histogram or scatter of array elements fails where a value's
    /// shape is not its destination's rows'; elements that are scalars
    /// (alone or in a scatter's block of writes) always fit, and indices
    /// outside the destination are ignored.
    fn fails_itself(&self) -> bool {
        match self {
            Soac::Hist { ops, .. } => ops
                .iter()
                .any(|op| op.op.params.iter().any(|p| p.ty.rank() > 0)),
            Soac::Scatter { dests, map, .. } => {
                let writes = super::soac::scatter_writes(dests);
                let (indices, values) = map.ret[..2 * writes].split_at(writes);
                indices
                    .iter()
                    .zip(values)
                    .any(|(index, value)| value.rank() > index.rank())
            }
            _ => false,
        }
    }

    fn consumed(&self) -> Vec<Var> {
        match self {
            Soac::Hist { ops, .. } => ops.iter().flat_map(|op| op.dests.clone()).collect(),
            Soac::Scatter { dests, .. } => dests.iter().map(|d| d.array).collect(),
            Soac::Accumulate { dests, .. } => dests.clone(),
            _ => Vec::new(),
        }
    }

    fn print(&self, printer: &mut Printer<'_, R>) {
        printer.soac(self)
    }

    /// Drops the per-row results of a `screma` that nobody uses: mapped
    /// results, or the post lambda's results (and then the mapped values
    /// the post lambda no longer needs); and a scatter's unused mapped
    /// values.
    fn prune_results(&mut self, pat: &mut Vec<PatElem>, live: &dyn Fn(Var) -> bool) {
        if let Soac::Scatter { dests, map, .. } = self {
            let kept = keep_live(pat, dests.len(), live);
            retain_results(map, 2 * super::soac::scatter_writes(dests), &kept);
            return;
        }
        let Soac::Screma {
            map,
            scans,
            reduces,
            post,
            ..
        } = self
        else {
            return;
        };
        let scanned: usize = scans.iter().map(|s| s.neutral.len()).sum();
        let reduced: usize = reduces.iter().map(|r| r.neutral.len()).sum();
        let Some(post) = post else {
            let kept = keep_live(pat, scanned + reduced, live);
            retain_results(map, scanned + reduced, &kept);
            return;
        };
        let kept = keep_live(pat, reduced, live);
        retain_results(post, 0, &kept);
        // The mapped values the post lambda still reads.
        let used = super::traverse::used_in_lambda(post);
        let needed: Vec<bool> = post.params[scanned..]
            .iter()
            .map(|p| used.contains(&p.var))
            .collect();
        let mut index = 0;
        post.params.retain(|_| {
            index += 1;
            index <= scanned || needed[index - 1 - scanned]
        });
        retain_results(map, scanned + reduced, &needed);
    }

    fn count_metrics(&self, counter: &mut Counter) {
        counter.soac(self)
    }

    fn parse(parser: &mut Parser<'_>) -> Result<Self, ParseError> {
        parser.soac()
    }

    fn simplify(&mut self, pat: &mut Vec<PatElem>, ctx: &mut dyn SimplifyOp<R>) -> Vec<Stm<R>> {
        soac_rules::simplify(self, pat, ctx)
    }

    fn as_map(&self) -> Option<(&Lambda<R>, &[Var])> {
        match self {
            Soac::Screma {
                arrays,
                map,
                scans,
                reduces,
                ..
            } if scans.is_empty() && reduces.is_empty() => Some((map, arrays)),
            _ => None,
        }
    }

    fn prune_components(
        &mut self,
        pat: &mut Vec<PatElem>,
        live: &dyn Fn(Var) -> bool,
        needed_params: &NeededParams<'_, R>,
    ) {
        soac_rules::prune_components(self, pat, live, needed_params)
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

    fn for_each_operand(&self, _: &mut dyn FnMut(SubExp)) {
        match *self {}
    }

    fn map_type_dims(&mut self, _: &mut dyn FnMut(&mut SubExp)) {
        match *self {}
    }

    fn for_each_type_dim(&self, _: &mut dyn FnMut(SubExp)) {
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

    fn parse(parser: &mut Parser<'_>) -> Result<Self, ParseError> {
        Err(parser.unexpected("an expression"))
    }
}

/// The multicore level: segmented operations run by threads, with
/// sequential code (loops) inside them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Mc;

impl Rep for Mc {
    const NAME: &'static str = "mc";
    type Op = SegOp<Mc>;
}

impl<R: Rep> Operation<R> for SegOp<R> {
    fn map_operands(&mut self, f: &mut dyn FnMut(&mut SubExp)) {
        SegOp::map_operands(self, f)
    }

    fn for_each_operand(&self, f: &mut dyn FnMut(SubExp)) {
        SegOp::for_each_operand(self, f)
    }

    fn map_type_dims(&mut self, f: &mut dyn FnMut(&mut SubExp)) {
        SegOp::map_type_dims(self, f)
    }

    fn for_each_type_dim(&self, f: &mut dyn FnMut(SubExp)) {
        SegOp::for_each_type_dim(self, f)
    }

    fn lambdas(&self) -> Vec<&Lambda<R>> {
        SegOp::lambdas(self)
    }

    fn lambdas_mut(&mut self) -> Vec<&mut Lambda<R>> {
        SegOp::lambdas_mut(self)
    }

    fn bodies(&self) -> Vec<&Body<R>> {
        vec![self.body()]
    }

    fn bodies_mut(&mut self) -> Vec<&mut Body<R>> {
        vec![self.body_mut()]
    }

    fn nested_bodies_mut(&mut self) -> Vec<&mut Body<R>> {
        SegOp::nested_bodies_mut(self)
    }

    fn binders(&self) -> Vec<(Var, Type)> {
        SegOp::binders(self)
    }

    fn counters(&self) -> Vec<(Var, SubExp)> {
        self.space().dims.clone()
    }

    fn pointwise(&self) -> bool {
        matches!(self, SegOp::Map { results, .. }
            if results.iter().all(|r| matches!(r, super::segop::SegResult::Returns(_))))
    }

    fn map_binders(&mut self, f: &mut dyn FnMut(&mut Var)) {
        SegOp::map_binders(self, f)
    }

    fn result_types(&self, ctx: &dyn TypeContext) -> Result<Vec<Type>, String> {
        SegOp::result_types(self, ctx)
    }

    fn check_nested(&self, checker: &mut dyn NestedCheck<R>) -> Result<(), String> {
        SegOp::check_nested(self, checker)
    }

    fn fails_itself(&self) -> bool {
        matches!(self, SegOp::Hist { .. }) || !SegOp::consumed(self).is_empty()
    }

    fn consumed(&self) -> Vec<Var> {
        SegOp::consumed(self)
    }

    fn print(&self, printer: &mut Printer<'_, R>) {
        SegOp::print(self, printer)
    }

    fn prune_results(&mut self, pat: &mut Vec<PatElem>, live: &dyn Fn(Var) -> bool) {
        SegOp::prune_results(self, pat, live)
    }

    fn count_metrics(&self, counter: &mut Counter) {
        counter.seg_op(self)
    }

    fn parse(parser: &mut Parser<'_>) -> Result<Self, ParseError> {
        SegOp::parse(parser)
    }
}

/// The sequential level with memory: every array in a memory block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SeqMem;

impl Rep for SeqMem {
    const NAME: &'static str = "seq-mem";
    const HAS_MEMORY: bool = true;
    type Op = MemOp<NoOp>;
}

/// The multicore level with memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct McMem;

impl Rep for McMem {
    const NAME: &'static str = "mc-mem";
    const HAS_MEMORY: bool = true;
    type Op = MemOp<SegOp<McMem>>;
}

/// An operation of a memory level: an allocation, or the operation of
/// the level below.
#[derive(Debug, Clone, PartialEq)]
pub enum MemOp<I> {
    /// A block of `size` bytes in `space`, its contents unspecified.
    Alloc {
        size: SubExp,
        space: Space,
    },
    Inner(I),
}

impl<R: Rep, I: Operation<R>> Operation<R> for MemOp<I> {
    fn map_operands(&mut self, f: &mut dyn FnMut(&mut SubExp)) {
        match self {
            MemOp::Alloc { size, .. } => f(size),
            MemOp::Inner(op) => op.map_operands(f),
        }
    }

    fn for_each_operand(&self, f: &mut dyn FnMut(SubExp)) {
        match self {
            MemOp::Alloc { size, .. } => f(*size),
            MemOp::Inner(op) => op.for_each_operand(f),
        }
    }

    fn map_type_dims(&mut self, f: &mut dyn FnMut(&mut SubExp)) {
        if let MemOp::Inner(op) = self {
            op.map_type_dims(f);
        }
    }

    fn for_each_type_dim(&self, f: &mut dyn FnMut(SubExp)) {
        if let MemOp::Inner(op) = self {
            op.for_each_type_dim(f);
        }
    }

    fn lambdas(&self) -> Vec<&Lambda<R>> {
        match self {
            MemOp::Alloc { .. } => Vec::new(),
            MemOp::Inner(op) => op.lambdas(),
        }
    }

    fn lambdas_mut(&mut self) -> Vec<&mut Lambda<R>> {
        match self {
            MemOp::Alloc { .. } => Vec::new(),
            MemOp::Inner(op) => op.lambdas_mut(),
        }
    }

    fn bodies(&self) -> Vec<&Body<R>> {
        match self {
            MemOp::Alloc { .. } => Vec::new(),
            MemOp::Inner(op) => op.bodies(),
        }
    }

    fn bodies_mut(&mut self) -> Vec<&mut Body<R>> {
        match self {
            MemOp::Alloc { .. } => Vec::new(),
            MemOp::Inner(op) => op.bodies_mut(),
        }
    }

    fn nested_bodies_mut(&mut self) -> Vec<&mut Body<R>> {
        match self {
            MemOp::Alloc { .. } => Vec::new(),
            MemOp::Inner(op) => op.nested_bodies_mut(),
        }
    }

    fn binders(&self) -> Vec<(Var, Type)> {
        match self {
            MemOp::Alloc { .. } => Vec::new(),
            MemOp::Inner(op) => op.binders(),
        }
    }

    fn counters(&self) -> Vec<(Var, SubExp)> {
        match self {
            MemOp::Alloc { .. } => Vec::new(),
            MemOp::Inner(op) => op.counters(),
        }
    }

    fn pointwise(&self) -> bool {
        match self {
            MemOp::Alloc { .. } => false,
            MemOp::Inner(op) => op.pointwise(),
        }
    }

    fn map_binders(&mut self, f: &mut dyn FnMut(&mut Var)) {
        if let MemOp::Inner(op) = self {
            op.map_binders(f);
        }
    }

    fn result_types(&self, ctx: &dyn TypeContext) -> Result<Vec<Type>, String> {
        match self {
            MemOp::Alloc { size, space } => {
                let ty = super::check::subexp_type(ctx, *size)?;
                if ty != Type::i64() {
                    return Err(format!("allocation size of type {ty:?}"));
                }
                Ok(vec![Type::Mem(*space)])
            }
            MemOp::Inner(op) => op.result_types(ctx),
        }
    }

    fn check_nested(&self, checker: &mut dyn NestedCheck<R>) -> Result<(), String> {
        match self {
            MemOp::Alloc { .. } => Ok(()),
            MemOp::Inner(op) => op.check_nested(checker),
        }
    }

    /// Running out of memory is not a failure of the program's.
    fn fails_itself(&self) -> bool {
        match self {
            MemOp::Alloc { .. } => false,
            MemOp::Inner(op) => op.fails_itself(),
        }
    }

    fn consumed(&self) -> Vec<Var> {
        match self {
            MemOp::Alloc { .. } => Vec::new(),
            MemOp::Inner(op) => op.consumed(),
        }
    }

    fn print(&self, printer: &mut Printer<'_, R>) {
        match self {
            MemOp::Alloc { size, space } => {
                let text = match space {
                    Space::Default => format!("alloc({})", printer.subexp(*size)),
                };
                printer.write(&text);
            }
            MemOp::Inner(op) => op.print(printer),
        }
    }

    fn prune_results(&mut self, pat: &mut Vec<PatElem>, live: &dyn Fn(Var) -> bool) {
        if let MemOp::Inner(op) = self {
            op.prune_results(pat, live);
        }
    }

    fn count_metrics(&self, counter: &mut Counter) {
        match self {
            MemOp::Alloc { .. } => counter.seen("Alloc"),
            MemOp::Inner(op) => op.count_metrics(counter),
        }
    }

    /// `alloc(size)`, or the level below's operation.
    fn parse(parser: &mut Parser<'_>) -> Result<Self, ParseError> {
        if !parser.eat_keyword("alloc")? {
            return Ok(MemOp::Inner(I::parse(parser)?));
        }
        parser.expect("(")?;
        let size = parser.subexp()?;
        parser.expect(")")?;
        Ok(MemOp::Alloc {
            size,
            space: Space::Default,
        })
    }
}

/// Keeps the pattern elements from `first` on that are `live` (and all
/// before it); which of those from `first` on were kept.
fn keep_live(pat: &mut Vec<PatElem>, first: usize, live: &dyn Fn(Var) -> bool) -> Vec<bool> {
    let kept: Vec<bool> = pat[first..].iter().map(|pe| live(pe.var)).collect();
    let mut index = 0;
    pat.retain(|_| {
        index += 1;
        index <= first || kept[index - 1 - first]
    });
    kept
}

/// Keeps a lambda's results from `first` on where `kept` says so (and
/// all before it).
fn retain_results<R: Rep>(lambda: &mut Lambda<R>, first: usize, kept: &[bool]) {
    let keep = |i: usize| i < first || kept[i - first];
    lambda.ret = std::mem::take(&mut lambda.ret)
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| keep(i))
        .map(|(_, t)| t)
        .collect();
    lambda.body.result = std::mem::take(&mut lambda.body.result)
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| keep(i))
        .map(|(_, r)| r)
        .collect();
}
