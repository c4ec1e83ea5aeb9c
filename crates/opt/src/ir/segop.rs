//! Segmented operations, defined once for every parallel level: a body
//! run at every point of an index space ([`SegSpace`]), whose results
//! are gathered into arrays ([`SegOp::Map`]), reduced or scanned along
//! the innermost dimension ([`SegOp::Red`], [`SegOp::Scan`]), combined
//! into histograms ([`SegOp::Hist`]), or written in place into arrays
//! ([`SegResult::Write`]).
//!
//! The body is an ordinary [`Body`] whose results are read in order: the
//! values the operators combine first (a reduction's, a scan's, each
//! histogram's bucket index and values), then one group per
//! [`SegResult`]: a value, or a write's indices and value.

use super::check::{TypeContext, subexp_type};
use super::parse::{ParseError, Parser};
use super::print::Printer;
use super::rep::NestedCheck;
use super::{Body, Lambda, PatElem, Rep, SubExp, Type, Var};

/// The points a segmented operation runs its body at: one index
/// variable per dimension, outermost first, with the dimension's size.
#[derive(Debug, Clone, PartialEq)]
pub struct SegSpace {
    pub dims: Vec<(Var, SubExp)>,
}

impl SegSpace {
    pub fn sizes(&self) -> Vec<SubExp> {
        self.dims.iter().map(|&(_, n)| n).collect()
    }

    /// The sizes of all dimensions but the innermost: the segments of a
    /// reduction.
    pub fn segment_sizes(&self) -> Vec<SubExp> {
        let sizes = self.sizes();
        sizes[..sizes.len().saturating_sub(1)].to_vec()
    }
}

/// How a result of a segmented operation is made from the body's
/// results at each point.
#[derive(Debug, Clone, PartialEq)]
pub enum SegResult {
    /// The body's value (of type `ty`) at each point: an array of the
    /// space's shape of them.
    Returns(Type),
    /// The body gives an index into `dest` (one per dimension given,
    /// `rank` of them) and a value for it; the result is `dest` with the
    /// value written there (indices out of bounds are ignored). Consumes
    /// `dest`.
    Write { dest: Var, rank: usize },
}

impl SegResult {
    /// How many of the body's results it takes.
    pub fn arity(&self) -> usize {
        match self {
            SegResult::Returns(_) => 1,
            SegResult::Write { rank, .. } => rank + 1,
        }
    }
}

/// An associative operator of a segmented reduction or scan on `n`
/// components (its lambda takes `2n` parameters), with its neutral
/// element.
#[derive(Debug, Clone, PartialEq)]
pub struct SegBinOp<R: Rep> {
    pub commutative: bool,
    pub lambda: Lambda<R>,
    pub neutral: Vec<SubExp>,
}

/// A histogram of a [`SegOp::Hist`]: the body gives a bucket index and
/// one value per destination, combined into `dests` with `lambda`.
#[derive(Debug, Clone, PartialEq)]
pub struct SegHistOp<R: Rep> {
    pub dests: Vec<Var>,
    pub neutral: Vec<SubExp>,
    pub lambda: Lambda<R>,
}

/// A segmented operation.
#[derive(Debug, Clone, PartialEq)]
pub enum SegOp<R: Rep> {
    /// The body at every point; binds the results.
    Map {
        space: SegSpace,
        results: Vec<SegResult>,
        body: Body<R>,
    },
    /// Reduces the body's first values along the innermost dimension with
    /// `ops` (one result per segment of the outer dimensions); binds the
    /// reductions, then the results.
    Red {
        space: SegSpace,
        ops: Vec<SegBinOp<R>>,
        results: Vec<SegResult>,
        body: Body<R>,
    },
    /// An inclusive scan of the body's first values along the innermost
    /// dimension with `ops`; binds the scans, then the results.
    Scan {
        space: SegSpace,
        ops: Vec<SegBinOp<R>>,
        results: Vec<SegResult>,
        body: Body<R>,
    },
    /// Combines the body's values into the histograms' destinations at
    /// the buckets it gives; binds the updated destinations, then the
    /// results. Consumes the destinations.
    Hist {
        space: SegSpace,
        ops: Vec<SegHistOp<R>>,
        results: Vec<SegResult>,
        body: Body<R>,
    },
}

impl<R: Rep> SegOp<R> {
    pub fn space(&self) -> &SegSpace {
        match self {
            SegOp::Map { space, .. }
            | SegOp::Red { space, .. }
            | SegOp::Scan { space, .. }
            | SegOp::Hist { space, .. } => space,
        }
    }

    fn space_mut(&mut self) -> &mut SegSpace {
        match self {
            SegOp::Map { space, .. }
            | SegOp::Red { space, .. }
            | SegOp::Scan { space, .. }
            | SegOp::Hist { space, .. } => space,
        }
    }

    pub fn body(&self) -> &Body<R> {
        match self {
            SegOp::Map { body, .. }
            | SegOp::Red { body, .. }
            | SegOp::Scan { body, .. }
            | SegOp::Hist { body, .. } => body,
        }
    }

    pub fn body_mut(&mut self) -> &mut Body<R> {
        match self {
            SegOp::Map { body, .. }
            | SegOp::Red { body, .. }
            | SegOp::Scan { body, .. }
            | SegOp::Hist { body, .. } => body,
        }
    }

    pub fn results(&self) -> &[SegResult] {
        match self {
            SegOp::Map { results, .. }
            | SegOp::Red { results, .. }
            | SegOp::Scan { results, .. }
            | SegOp::Hist { results, .. } => results,
        }
    }

    fn results_mut(&mut self) -> &mut Vec<SegResult> {
        match self {
            SegOp::Map { results, .. }
            | SegOp::Red { results, .. }
            | SegOp::Scan { results, .. }
            | SegOp::Hist { results, .. } => results,
        }
    }

    /// The reduction or scan operators.
    pub fn bin_ops(&self) -> &[SegBinOp<R>] {
        match self {
            SegOp::Red { ops, .. } | SegOp::Scan { ops, .. } => ops,
            _ => &[],
        }
    }

    /// How many of the body's results the operators take, before those
    /// of [`SegOp::results`].
    pub fn operator_results(&self) -> usize {
        match self {
            SegOp::Map { .. } => 0,
            SegOp::Red { ops, .. } | SegOp::Scan { ops, .. } => {
                ops.iter().map(|op| op.neutral.len()).sum()
            }
            SegOp::Hist { ops, .. } => ops.iter().map(|op| 1 + op.dests.len()).sum(),
        }
    }

    pub fn map_operands(&mut self, f: &mut dyn FnMut(&mut SubExp)) {
        for (_, size) in &mut self.space_mut().dims {
            f(size);
        }
        match self {
            SegOp::Red { ops, .. } | SegOp::Scan { ops, .. } => {
                for op in ops {
                    op.neutral.iter_mut().for_each(&mut *f);
                }
            }
            SegOp::Hist { ops, .. } => {
                for op in ops {
                    for dest in &mut op.dests {
                        var(dest, f);
                    }
                    op.neutral.iter_mut().for_each(&mut *f);
                }
            }
            SegOp::Map { .. } => {}
        }
        for result in self.results_mut() {
            if let SegResult::Write { dest, .. } = result {
                var(dest, f);
            }
        }
    }

    /// [`SegOp::map_operands`] by value.
    pub fn for_each_operand(&self, f: &mut dyn FnMut(SubExp)) {
        for &(_, size) in &self.space().dims {
            f(size);
        }
        match self {
            SegOp::Red { ops, .. } | SegOp::Scan { ops, .. } => {
                for op in ops {
                    op.neutral.iter().for_each(|&se| f(se));
                }
            }
            SegOp::Hist { ops, .. } => {
                for op in ops {
                    op.dests.iter().for_each(|&dest| f(SubExp::Var(dest)));
                    op.neutral.iter().for_each(|&se| f(se));
                }
            }
            SegOp::Map { .. } => {}
        }
        for result in self.results() {
            if let SegResult::Write { dest, .. } = result {
                f(SubExp::Var(*dest));
            }
        }
    }

    /// [`SegOp::map_type_dims`] by value.
    pub fn for_each_type_dim(&self, f: &mut dyn FnMut(SubExp)) {
        for result in self.results() {
            if let SegResult::Returns(ty) = result {
                ty.shape().iter().for_each(|&d| f(d));
            }
        }
    }

    pub fn map_type_dims(&mut self, f: &mut dyn FnMut(&mut SubExp)) {
        for result in self.results_mut() {
            if let SegResult::Returns(ty) = result {
                super::traverse::map_type(ty, f);
            }
        }
    }

    pub fn lambdas(&self) -> Vec<&Lambda<R>> {
        match self {
            SegOp::Red { ops, .. } | SegOp::Scan { ops, .. } => {
                ops.iter().map(|op| &op.lambda).collect()
            }
            SegOp::Hist { ops, .. } => ops.iter().map(|op| &op.lambda).collect(),
            SegOp::Map { .. } => Vec::new(),
        }
    }

    pub fn lambdas_mut(&mut self) -> Vec<&mut Lambda<R>> {
        match self {
            SegOp::Red { ops, .. } | SegOp::Scan { ops, .. } => {
                ops.iter_mut().map(|op| &mut op.lambda).collect()
            }
            SegOp::Hist { ops, .. } => ops.iter_mut().map(|op| &mut op.lambda).collect(),
            SegOp::Map { .. } => Vec::new(),
        }
    }

    /// The body and the lambdas' bodies, mutably at once.
    pub fn nested_bodies_mut(&mut self) -> Vec<&mut Body<R>> {
        match self {
            SegOp::Map { body, .. } => vec![body],
            SegOp::Red { ops, body, .. } | SegOp::Scan { ops, body, .. } => {
                let mut bodies = vec![body];
                bodies.extend(ops.iter_mut().map(|op| &mut op.lambda.body));
                bodies
            }
            SegOp::Hist { ops, body, .. } => {
                let mut bodies = vec![body];
                bodies.extend(ops.iter_mut().map(|op| &mut op.lambda.body));
                bodies
            }
        }
    }

    /// The space's index variables, each an `i64`.
    pub fn binders(&self) -> Vec<(Var, Type)> {
        self.space()
            .dims
            .iter()
            .map(|&(v, _)| (v, Type::i64()))
            .collect()
    }

    pub fn map_binders(&mut self, f: &mut dyn FnMut(&mut Var)) {
        for (index, _) in &mut self.space_mut().dims {
            f(index);
        }
    }

    /// The destinations it writes in place.
    pub fn consumed(&self) -> Vec<Var> {
        let mut out: Vec<Var> = self
            .results()
            .iter()
            .filter_map(|r| match r {
                SegResult::Write { dest, .. } => Some(*dest),
                SegResult::Returns(_) => None,
            })
            .collect();
        if let SegOp::Hist { ops, .. } = self {
            out.extend(ops.iter().flat_map(|op| op.dests.iter().copied()));
        }
        out
    }

    /// The types of the operator values the body gives at each point,
    /// then of the results' parts (indices and values of writes).
    fn body_types(&self, ctx: &dyn TypeContext) -> Result<Vec<Type>, String> {
        let mut types = Vec::new();
        match self {
            SegOp::Red { ops, .. } | SegOp::Scan { ops, .. } => {
                for op in ops {
                    types.extend(op.lambda.ret.iter().cloned());
                }
            }
            SegOp::Hist { ops, .. } => {
                for op in ops {
                    types.push(Type::i64());
                    for &dest in &op.dests {
                        let ty = subexp_type(ctx, SubExp::Var(dest))?;
                        types.push(ty.row().ok_or("a histogram of a scalar")?);
                    }
                }
            }
            SegOp::Map { .. } => {}
        }
        for result in self.results() {
            match result {
                SegResult::Returns(ty) => types.push(ty.clone()),
                SegResult::Write { dest, rank } => {
                    let ty = subexp_type(ctx, SubExp::Var(*dest))?;
                    if *rank == 0 || *rank > ty.rank() {
                        return Err(format!("a write of rank {rank} into {ty:?}"));
                    }
                    types.extend(std::iter::repeat_n(Type::i64(), *rank));
                    types.push(Type::with_shape(ty.element(), ty.shape()[*rank..].to_vec()));
                }
            }
        }
        Ok(types)
    }

    /// The types of the results, checking the operands.
    pub fn result_types(&self, ctx: &dyn TypeContext) -> Result<Vec<Type>, String> {
        let space = self.space();
        if space.dims.is_empty() {
            return Err("a segmented operation without dimensions".into());
        }
        for &(_, size) in &space.dims {
            if subexp_type(ctx, size)? != Type::i64() {
                return Err("a segment size that is not an i64".into());
            }
        }
        let sizes = space.sizes();
        let over_space = |ty: &Type, shape: &[SubExp]| {
            let mut full = shape.to_vec();
            full.extend_from_slice(ty.shape());
            Type::with_shape(ty.element(), full)
        };
        let mut types = Vec::new();
        match self {
            SegOp::Red { ops, .. } | SegOp::Scan { ops, .. } => {
                let outer = if matches!(self, SegOp::Red { .. }) {
                    space.segment_sizes()
                } else {
                    sizes.clone()
                };
                for op in ops {
                    let neutral: Vec<Type> = op
                        .neutral
                        .iter()
                        .map(|&n| subexp_type(ctx, n))
                        .collect::<Result<_, _>>()?;
                    if neutral != op.lambda.ret {
                        return Err("a segmented operator's neutral element of another type".into());
                    }
                    let doubled: Vec<Type> = neutral.iter().chain(&neutral).cloned().collect();
                    let params: Vec<Type> = op.lambda.params.iter().map(|p| p.ty.clone()).collect();
                    if params != doubled {
                        return Err("a segmented operator's parameters of other types".into());
                    }
                    types.extend(neutral.iter().map(|t| over_space(t, &outer)));
                }
            }
            SegOp::Hist { ops, .. } => {
                for op in ops {
                    let dests: Vec<Type> = op
                        .dests
                        .iter()
                        .map(|&d| subexp_type(ctx, SubExp::Var(d)))
                        .collect::<Result<_, _>>()?;
                    let rows: Vec<Type> = dests.iter().filter_map(Type::row).collect();
                    let neutral: Vec<Type> = op
                        .neutral
                        .iter()
                        .map(|&n| subexp_type(ctx, n))
                        .collect::<Result<_, _>>()?;
                    if neutral != rows || op.lambda.ret != rows {
                        return Err("a histogram's operator of other types than its rows".into());
                    }
                    types.extend(dests);
                }
            }
            SegOp::Map { .. } => {}
        }
        for result in self.results() {
            match result {
                SegResult::Returns(ty) => types.push(over_space(ty, &sizes)),
                SegResult::Write { dest, .. } => types.push(subexp_type(ctx, SubExp::Var(*dest))?),
            }
        }
        // The body's own types are checked with the nested code, but its
        // expected types must make sense here.
        self.body_types(ctx)?;
        Ok(types)
    }

    pub fn check_nested(&self, checker: &mut dyn NestedCheck<R>) -> Result<(), String> {
        for lambda in self.lambdas() {
            checker.lambda(lambda)?;
        }
        let expected = self.body_types(&*checker)?;
        checker.body(&self.binders(), self.body(), &expected)
    }

    /// Drops the returned results nobody uses (and what computes them).
    pub fn prune_results(&mut self, pat: &mut Vec<PatElem>, live: &dyn Fn(Var) -> bool) {
        let first_result = match self {
            SegOp::Map { .. } => 0,
            SegOp::Red { ops, .. } | SegOp::Scan { ops, .. } => {
                ops.iter().map(|op| op.neutral.len()).sum()
            }
            SegOp::Hist { ops, .. } => ops.iter().map(|op| op.dests.len()).sum(),
        };
        let mut body_at = self.operator_results();
        let mut kept_pat = pat[..first_result.min(pat.len())].to_vec();
        let mut kept_results = Vec::new();
        let mut kept_body: Vec<SubExp> = self.body().result[..body_at].to_vec();
        for (i, result) in self.results().iter().enumerate() {
            let arity = result.arity();
            let Some(elem) = pat.get(first_result + i) else {
                return;
            };
            let parts = &self.body().result[body_at..body_at + arity];
            if matches!(result, SegResult::Write { .. }) || live(elem.var) {
                kept_pat.push(elem.clone());
                kept_results.push(result.clone());
                kept_body.extend_from_slice(parts);
            }
            body_at += arity;
        }
        *pat = kept_pat;
        *self.results_mut() = kept_results;
        self.body_mut().result = kept_body;
    }

    /// The words segmented operations start with.
    const KEYWORDS: [&'static str; 4] = ["segmap", "segred", "segscan", "seghist"];

    /// Whether `word` starts a segmented operation.
    pub fn is_keyword(word: &str) -> bool {
        Self::KEYWORDS.contains(&word)
    }

    /// `segred(gtid_1 < n_2) comm (0i32) \ ... : ([n_2]i32) { ... }`.
    pub fn print(&self, printer: &mut Printer<'_, R>) {
        let name = match self {
            SegOp::Map { .. } => "segmap",
            SegOp::Red { .. } => "segred",
            SegOp::Scan { .. } => "segscan",
            SegOp::Hist { .. } => "seghist",
        };
        let space: Vec<String> = self
            .space()
            .dims
            .iter()
            .map(|&(i, n)| format!("{} < {}", printer.var(i), printer.subexp(n)))
            .collect();
        printer.write(&format!("{name}({})", space.join(", ")));
        match self {
            SegOp::Red { ops, .. } | SegOp::Scan { ops, .. } => {
                for op in ops {
                    let comm = if op.commutative { "comm " } else { "" };
                    let neutral = printer.subexps(&op.neutral);
                    printer.write(&format!(" {comm}({neutral}) "));
                    printer.lambda(&op.lambda);
                }
            }
            SegOp::Hist { ops, .. } => {
                for op in ops {
                    let dests = printer.vars(&op.dests);
                    let neutral = printer.subexps(&op.neutral);
                    printer.write(&format!(" {{{dests}}} ({neutral}) "));
                    printer.lambda(&op.lambda);
                }
            }
            SegOp::Map { .. } => {}
        }
        let results: Vec<String> = self
            .results()
            .iter()
            .map(|r| match r {
                SegResult::Returns(ty) => printer.ty(ty),
                SegResult::Write { dest, rank } => {
                    format!("write {} rank {rank}", printer.var(*dest))
                }
            })
            .collect();
        printer.write(&format!(" : ({})", results.join(", ")));
        printer.body(self.body());
    }
}

impl<R: Rep> SegOp<R> {
    /// Reads what [`SegOp::print`] writes.
    pub fn parse(parser: &mut Parser<'_>) -> Result<SegOp<R>, ParseError> {
        let (keyword, at) = parser.ident()?;
        if !Self::is_keyword(keyword) {
            return Err(parser.error_at(
                at,
                format!("expected a segmented operation, found `{keyword}`"),
            ));
        }
        let dims = parser.list("(", ")", |p| {
            let index = p.var()?;
            p.expect("<")?;
            Ok((index, p.subexp()?))
        })?;
        let space = SegSpace { dims };
        let mut bin_ops = Vec::new();
        let mut hist_ops = Vec::new();
        match keyword {
            "segred" | "segscan" => {
                while parser.at_keyword("comm")? || parser.at("(")? {
                    let commutative = parser.eat_keyword("comm")?;
                    let neutral = parser.subexps()?;
                    let lambda = parser.lambda()?;
                    bin_ops.push(SegBinOp {
                        commutative,
                        lambda,
                        neutral,
                    });
                }
            }
            "seghist" => {
                while parser.at("{")? {
                    let dests = parser.vars_in_braces()?;
                    let neutral = parser.subexps()?;
                    let lambda = parser.lambda()?;
                    hist_ops.push(SegHistOp {
                        dests,
                        neutral,
                        lambda,
                    });
                }
            }
            _ => {}
        }
        parser.expect(":")?;
        let results = parser.list("(", ")", |p| {
            if p.eat_keyword("write")? {
                let dest = p.var()?;
                p.expect_keyword("rank")?;
                Ok(SegResult::Write {
                    dest,
                    rank: p.usize()?,
                })
            } else {
                Ok(SegResult::Returns(p.ty()?))
            }
        })?;
        let body = parser.body()?;
        Ok(match keyword {
            "segmap" => SegOp::Map {
                space,
                results,
                body,
            },
            "segred" => SegOp::Red {
                space,
                ops: bin_ops,
                results,
                body,
            },
            "segscan" => SegOp::Scan {
                space,
                ops: bin_ops,
                results,
                body,
            },
            _ => SegOp::Hist {
                space,
                ops: hist_ops,
                results,
                body,
            },
        })
    }
}

fn var(v: &mut Var, f: &mut dyn FnMut(&mut SubExp)) {
    let mut se = SubExp::Var(*v);
    f(&mut se);
    if let SubExp::Var(new) = se {
        *v = new;
    }
}
