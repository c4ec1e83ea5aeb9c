//! Memory coalescing (short-circuiting) at the memory levels (`SeqMem`,
//! `McMem`): an array made in a block of its own and then copied into
//! another array's memory (by an in-place update `dest with [slice] =
//! src`, a `copy`, or as a part of a `concat`) is made where the copy
//! would put it instead. Its block's allocation disappears; every array
//! that lived in that block (the statements that make the source, its
//! in-place updates, the loop parameters and branch results it flows
//! through, views of them) moves to the destination's block, laid out as
//! the target place says: the whole block moved by the target's offset
//! where the target is row-major and the block holds exactly the source,
//! else the source and the arrays made like it at the target, and views
//! derived from them. The copy then copies a place onto itself, which the
//! back ends skip. Loops and branches carry such arrays with the target's
//! layout (which the checker allows there, not at function boundaries).
//!
//! It guarantees the same values and failures. It only moves an array
//! when nothing can tell:
//!
//! * between the allocation and the copy, nothing touches the
//!   destination's memory (the possible origins of every block,
//!   allocations and parameters, are followed through loops, branches
//!   and calls), but for reads of single elements proven outside the
//!   target or not written yet (a loop filling its array row by row, row
//!   `i` in iteration `i`, has written nothing from row `i` on);
//! * nothing after the copy uses the moved arrays, and no call before it
//!   is given one (functions take arrays row-major from their block's
//!   start);
//! * every moved array stays inside the target: it is made with the
//!   source's shape, is a view of one, or the block holds exactly the
//!   source;
//! * the target's variables are in scope at the allocation (scalar
//!   statements that cannot fail, and the destination's allocation, move
//!   up to make them so);
//! * an update's bounds check, which must come before anything is written
//!   in the destination, moves in front of the allocation, and so do the
//!   checks of what can fail in between, in order (assertions move;
//!   indexing and updates get an explicit check and then cannot fail);
//!   anything else in between must not fail (indexing at loop counters
//!   within the loops' bounds or at indices the prover or an assertion
//!   shows inside, making arrays of the parameters' sizes and coercing to
//!   sizes checked equal are known to succeed). So do the checks in front
//!   of a copy or concatenation whose result an earlier coalescing placed
//!   in another array.

use crate::ir::analysis::{Types, can_fail};
use crate::ir::mem::{IndexExp, Lmad, MemBind};
use crate::ir::traverse::{Renamer, for_each_bound_inside, for_each_stm_in_exp, for_each_use};
use crate::ir::{
    Attrs, Body, DimIndex, ErrorPart, Exp, Function, Loc, LoopForm, MemOp, Operation, PatElem,
    Program, Rep, Stm, SubExp, Type, Var,
};
use prim::{BinOp, CmpOp};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::{BTreeMap, BTreeSet};

/// Coalesces the copies of every function of a program at a memory
/// level.
pub fn coalesce<R: Rep<Op = MemOp<I>>, I: Operation<R>>(program: &mut Program<R>) {
    for function in &mut program.functions {
        // Each success changes what the others may do: start over.
        while coalesce_one(function, &mut program.var_names) {}
    }
}

/// Coalesces one copy of the function, if there is one to coalesce.
fn coalesce_one<R: Rep<Op = MemOp<I>>, I: Operation<R>>(
    function: &mut Function<R>,
    var_names: &mut Vec<String>,
) -> bool {
    let facts = Facts::of(function);
    coalesce_in_body(&mut function.body, &facts, &FxHashMap::default(), var_names)
}

/// `counters`: the `for` loops' counters in scope, with their bounds.
fn coalesce_in_body<R: Rep<Op = MemOp<I>>, I: Operation<R>>(
    body: &mut Body<R>,
    facts: &Facts,
    counters: &FxHashMap<Var, SubExp>,
    var_names: &mut Vec<String>,
) -> bool {
    // Later updates first: a chain of copies moves its last array into
    // place before the arrays copied into that one follow it there.
    for update in (0..body.stms.len()).rev() {
        for site in sites(body, update, facts) {
            if let Some(plan) = plan(body, update, &site, facts, counters) {
                apply(body, plan, var_names);
                return true;
            }
        }
    }
    body.stms.iter_mut().any(|stm| {
        let mut inner_counters = counters.clone();
        if let Exp::Loop {
            form: LoopForm::For { var, bound },
            ..
        } = &stm.exp
        {
            inner_counters.insert(*var, *bound);
        }
        stm.exp
            .nested_bodies_mut()
            .into_iter()
            .any(|inner| coalesce_in_body(inner, facts, &inner_counters, var_names))
    })
}

/// What the pass knows of a function: where each array is, the types,
/// and which allocations and parameters each block may be.
pub(super) struct Facts {
    pub(super) mems: FxHashMap<Var, MemBind>,
    pub(super) types: Types,
    origins: FxHashMap<Var, BTreeSet<Var>>,
    /// The sizes of the function's array parameters, never negative.
    sizes: FxHashSet<Var>,
    /// Sizes known equal before the function makes any array (the entry
    /// point's checks of its arguments' sizes): each size's
    /// representative.
    equal: Vec<(SubExp, SubExp)>,
    /// The `i64` variables bound to sums, differences and products.
    sums: FxHashMap<Var, IndexExp>,
    /// The booleans that say an index is inside a size (`0 <= i && i <
    /// n`, and conjunctions of such): the pairs they check.
    checks: FxHashMap<Var, Vec<(SubExp, SubExp)>>,
    /// The booleans that say `0 <= i` and `i < n`.
    lows: FxHashMap<Var, SubExp>,
    highs: FxHashMap<Var, (SubExp, SubExp)>,
    /// The booleans that say two `i64`s are equal.
    equalities: FxHashMap<Var, (SubExp, SubExp)>,
}

impl Facts {
    pub(super) fn of<R: Rep<Op = MemOp<I>>, I: Operation<R>>(function: &Function<R>) -> Facts {
        let mut facts = Facts {
            mems: FxHashMap::default(),
            types: Types::of_function(function),
            origins: FxHashMap::default(),
            sizes: FxHashSet::default(),
            equal: Vec::new(),
            sums: FxHashMap::default(),
            checks: FxHashMap::default(),
            lows: FxHashMap::default(),
            highs: FxHashMap::default(),
            equalities: FxHashMap::default(),
        };
        facts.record_equal_sizes(&function.body);
        for param in &function.params {
            for &d in param.ty.shape() {
                if let SubExp::Var(v) = d {
                    facts.sizes.insert(v);
                }
            }
            if let Some(mem) = &param.mem {
                facts.mems.insert(param.var, mem.clone());
            }
        }
        facts.record_mems(&function.body);
        // Loops feed their blocks back: iterate until nothing grows.
        loop {
            let before: usize = facts.origins.values().map(BTreeSet::len).sum();
            facts.record_origins(&function.body);
            if facts.origins.values().map(BTreeSet::len).sum::<usize>() == before {
                break facts;
            }
        }
    }

    /// Records the equalities of sizes that the function asserts before
    /// anything writes memory.
    fn record_equal_sizes<R: Rep>(&mut self, body: &Body<R>) {
        let mut comparisons = FxHashMap::default();
        for stm in &body.stms {
            match (&stm.exp, stm.pat.as_slice()) {
                (Exp::Cmp(CmpOp::Eq, a, b), [elem]) => {
                    comparisons.insert(elem.var, (*a, *b));
                }
                (
                    Exp::Assert {
                        condition: SubExp::Var(c),
                        ..
                    },
                    _,
                ) => {
                    if let Some(&(a, b)) = comparisons.get(c) {
                        let (a, b) = (self.size_class(a), self.size_class(b));
                        if a != b {
                            self.equal.push((a, b));
                        }
                    }
                }
                (
                    Exp::SubExp(_)
                    | Exp::BinOp(..)
                    | Exp::Cmp(..)
                    | Exp::UnOp(..)
                    | Exp::Convert(..)
                    | Exp::Index { .. }
                    | Exp::Reshape { .. }
                    | Exp::Rearrange { .. },
                    _,
                ) => {}
                _ => break,
            }
        }
    }

    /// The representative of the sizes known equal to `size`.
    fn size_class(&self, mut size: SubExp) -> SubExp {
        while let Some(&(_, next)) = self.equal.iter().find(|(from, _)| *from == size) {
            size = next;
        }
        size
    }

    pub(super) fn same_shape(&self, a: &[SubExp], b: &[SubExp]) -> bool {
        a.len() == b.len()
            && a.iter()
                .zip(b)
                .all(|(&x, &y)| self.size_class(x) == self.size_class(y))
    }

    fn record_mems<R: Rep>(&mut self, body: &Body<R>) {
        for stm in &body.stms {
            if let (Exp::BinOp(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), a, b), [elem]) =
                (&stm.exp, stm.pat.as_slice())
                && elem.ty == Type::i64()
            {
                let (a, b) = (IndexExp::of(*a), IndexExp::of(*b));
                let sum = match op {
                    BinOp::Add => a + b,
                    BinOp::Sub => a - b,
                    _ => a * b,
                };
                self.sums.insert(elem.var, sum);
            }
            if let [elem] = stm.pat.as_slice() {
                self.record_check(elem.var, &stm.exp);
            }
            for elem in &stm.pat {
                if let Some(mem) = &elem.mem {
                    self.mems.insert(elem.var, mem.clone());
                }
            }
            if let Exp::Loop { params, .. } = &stm.exp {
                for (param, _) in params {
                    if let Some(mem) = &param.mem {
                        self.mems.insert(param.var, mem.clone());
                    }
                }
            }
            for lambda in stm.exp.lambdas() {
                for param in &lambda.params {
                    if let Some(mem) = &param.mem {
                        self.mems.insert(param.var, mem.clone());
                    }
                }
            }
            for inner in stm.exp.nested_bodies() {
                self.record_mems(inner);
            }
        }
    }

    /// The allocations and parameters a block may be (itself if it is
    /// one or nothing is known of it).
    fn origins_of(&self, se: SubExp) -> BTreeSet<Var> {
        match se {
            SubExp::Var(v) => self
                .origins
                .get(&v)
                .cloned()
                .unwrap_or_else(|| BTreeSet::from([v])),
            SubExp::Const(_) => BTreeSet::new(),
        }
    }

    fn add_origins(&mut self, block: Var, origins: BTreeSet<Var>) {
        self.origins.entry(block).or_default().extend(origins);
    }

    fn record_origins<R: Rep<Op = MemOp<I>>, I: Operation<R>>(&mut self, body: &Body<R>) {
        let is_mem = |ty: &Type| matches!(ty, Type::Mem(_));
        for stm in &body.stms {
            match &stm.exp {
                Exp::Loop { params, body, .. } => {
                    for (param, init) in params {
                        if is_mem(&param.ty) {
                            self.add_origins(param.var, self.origins_of(*init));
                        }
                    }
                    self.record_origins(body);
                    for (k, ((param, _), result)) in params.iter().zip(&body.result).enumerate() {
                        if is_mem(&param.ty) {
                            self.add_origins(param.var, self.origins_of(*result));
                            if let Some(elem) = stm.pat.get(k) {
                                self.add_origins(elem.var, self.origins_of(SubExp::Var(param.var)));
                            }
                        }
                    }
                }
                Exp::If {
                    then_body,
                    else_body,
                    ..
                } => {
                    self.record_origins(then_body);
                    self.record_origins(else_body);
                    for (k, elem) in stm.pat.iter().enumerate() {
                        if is_mem(&elem.ty) {
                            for branch in [then_body, else_body] {
                                if let Some(&result) = branch.result.get(k) {
                                    self.add_origins(elem.var, self.origins_of(result));
                                }
                            }
                        }
                    }
                }
                Exp::Call { args, .. } => {
                    // A function may return a block it was given.
                    let given: BTreeSet<Var> = args
                        .iter()
                        .filter(|&&a| self.types.of(a).is_some_and(|t| is_mem(&t)))
                        .flat_map(|&a| self.origins_of(a))
                        .collect();
                    for elem in stm.pat.iter().filter(|e| is_mem(&e.ty)) {
                        self.add_origins(elem.var, BTreeSet::from([elem.var]));
                        self.add_origins(elem.var, given.clone());
                    }
                }
                Exp::SubExp(se) => {
                    for elem in stm.pat.iter().filter(|e| is_mem(&e.ty)) {
                        self.add_origins(elem.var, self.origins_of(*se));
                    }
                }
                exp => {
                    for elem in stm.pat.iter().filter(|e| is_mem(&e.ty)) {
                        self.add_origins(elem.var, BTreeSet::from([elem.var]));
                    }
                    for inner in exp.nested_bodies() {
                        self.record_origins(inner);
                    }
                }
            }
        }
    }

    /// Records what a boolean says of an index and a size, if anything.
    fn record_check<R: Rep>(&mut self, var: Var, exp: &Exp<R>) {
        match *exp {
            Exp::Cmp(CmpOp::Le, zero, index) if zero == SubExp::i64(0) => {
                self.lows.insert(var, index);
            }
            Exp::Cmp(CmpOp::Lt, index, size) => {
                self.highs.insert(var, (index, size));
            }
            Exp::Cmp(CmpOp::Eq, a, b) => {
                self.equalities.insert(var, (a, b));
            }
            Exp::BinOp(BinOp::And, SubExp::Var(a), SubExp::Var(b)) => {
                let mut checked: Vec<(SubExp, SubExp)> = [a, b]
                    .iter()
                    .flat_map(|c| self.checks.get(c).cloned().unwrap_or_default())
                    .collect();
                for (low, high) in [(a, b), (b, a)] {
                    if let (Some(index), Some(&(below, size))) =
                        (self.lows.get(&low), self.highs.get(&high))
                        && *index == below
                    {
                        checked.push((below, size));
                    }
                }
                if !checked.is_empty() {
                    self.checks.insert(var, checked);
                }
            }
            _ => {}
        }
    }

    /// The polynomial with the variables bound to sums, differences and
    /// products replaced by what they are bound to.
    fn expand(&self, p: &Poly) -> Poly {
        let mut p = p.clone();
        loop {
            let Some((var, sum)) = p
                .keys()
                .flatten()
                .find_map(|v| self.sums.get(v).map(|sum| (*v, sum)))
            else {
                return p;
            };
            p = substitute(&p, var, &poly(sum));
        }
    }

    /// Whether `bytes` (an `i64`) is the size in bytes of an array of
    /// type `ty`, laid out directly.
    pub(super) fn is_size_of(&self, bytes: SubExp, ty: &Type) -> bool {
        let element = SubExp::i64(ty.element().byte_size());
        let whole = IndexExp::product(
            std::iter::once(element)
                .chain(ty.shape().iter().copied())
                .map(IndexExp::of),
        );
        self.expand(&poly(&IndexExp::of(bytes))) == self.expand(&poly(&whole))
    }

    /// The origins of the memory a variable (an array or a block) is or
    /// lives in; empty for scalars.
    pub(super) fn memory_of(&self, var: Var) -> BTreeSet<Var> {
        match self.types.get(var) {
            Some(Type::Mem(_)) => self.origins_of(SubExp::Var(var)),
            Some(Type::Array { .. }) => self
                .mems
                .get(&var)
                .map(|m| self.origins_of(SubExp::Var(m.block)))
                .unwrap_or_default(),
            _ => BTreeSet::new(),
        }
    }
}

/// A coalescing to make: the allocation at `alloc` goes, its block
/// becomes `dest_block`, the arrays of `layouts` get those LMADs, and
/// the statements at `hoisted` move in front of the allocation, followed
/// by `checks`.
struct Plan {
    alloc: usize,
    block: Var,
    dest_block: Var,
    layouts: FxHashMap<Var, Lmad>,
    hoisted: Vec<usize>,
    /// The checks of the statements between the allocation and the copy
    /// that can fail, and then an update's bounds check, in order.
    checks: Vec<Check>,
}

/// A check made in front of the allocation.
enum Check {
    /// The assertion at this position moves there.
    Moved(usize),
    /// A bounds check made there; the checked statement stays (and then
    /// cannot fail).
    Bounds(BoundsCheck),
}

/// The indices of an update's slice to check against the destination's
/// sizes, with what the update would report.
struct BoundsCheck {
    indices: Vec<Bound>,
    slice: Vec<DimIndex>,
    shape: Vec<SubExp>,
    loc: Option<Loc>,
}

/// A copy of an array into a place in the memory of another.
struct Site {
    source: Var,
    /// The array whose memory the source is copied into: an update's
    /// destination, the result of a copy or concatenation.
    dest: Var,
    /// Where the source goes in the destination's block.
    target: Lmad,
    /// An update's slice, which it checks against the destination.
    slice: Option<Vec<DimIndex>>,
}

/// The copies a statement makes: an update of a slice by an array, a
/// copy, the parts of a concatenation (a part given twice at its first
/// place, from which the concatenation copies it to the others). Ordered
/// by where their sources are made, so that a source made early moves
/// while the later ones still have memory of their own.
fn sites<R: Rep>(body: &Body<R>, update: usize, facts: &Facts) -> Vec<Site> {
    let stm = &body.stms[update];
    let mut sites = Vec::new();
    match (&stm.exp, stm.pat.as_slice()) {
        (
            Exp::Update {
                array,
                slice,
                value: SubExp::Var(source),
            },
            _,
        ) => {
            if let Some(mem) = facts.mems.get(array) {
                sites.push(Site {
                    source: *source,
                    dest: *array,
                    target: mem.lmad.sliced(slice),
                    slice: Some(slice.clone()),
                });
            }
        }
        (Exp::Copy(source), [elem]) => {
            if let Some(mem) = &elem.mem {
                sites.push(Site {
                    source: *source,
                    dest: elem.var,
                    target: mem.lmad.clone(),
                    slice: None,
                });
            }
        }
        (Exp::Concat { arrays, .. }, [elem]) => {
            let Some(mem) = &elem.mem else {
                return sites;
            };
            let outer_stride = mem
                .lmad
                .strides
                .first()
                .cloned()
                .unwrap_or(IndexExp::Const(0));
            let mut offset = mem.lmad.offset.clone();
            for (k, &part) in arrays.iter().enumerate() {
                let first = !arrays[..k].contains(&part);
                let Some(rows) = facts
                    .types
                    .get(part)
                    .and_then(|t| t.shape().first().copied())
                else {
                    return Vec::new();
                };
                if first {
                    sites.push(Site {
                        source: part,
                        dest: elem.var,
                        target: Lmad {
                            offset: offset.clone(),
                            strides: mem.lmad.strides.clone(),
                        },
                        slice: None,
                    });
                }
                if k + 1 < arrays.len() {
                    offset = offset + IndexExp::of(rows) * outer_stride.clone();
                }
            }
        }
        _ => {}
    }
    let made_at = |v: Var| {
        body.stms[..update]
            .iter()
            .position(|stm| stm.pat.iter().any(|e| e.var == v))
    };
    sites.sort_by_key(|site| made_at(site.source));
    sites
}

/// Whether the copy `site` of the statement at `update` in `body` can be
/// coalesced, and how.
fn plan<R: Rep<Op = MemOp<I>>, I: Operation<R>>(
    body: &Body<R>,
    update: usize,
    site: &Site,
    facts: &Facts,
    counters: &FxHashMap<Var, SubExp>,
) -> Option<Plan> {
    let Site {
        source,
        dest,
        target,
        slice,
    } = site;
    let source_ty = facts.types.get(*source).filter(|t| t.rank() > 0)?;
    let source_mem = facts.mems.get(source)?;
    let dest_mem = facts.mems.get(dest)?;
    // The source's block is one allocation of this body, made before.
    let [block] = <[Var; 1]>::try_from(
        facts
            .origins_of(SubExp::Var(source_mem.block))
            .into_iter()
            .collect::<Vec<_>>(),
    )
    .ok()?;
    let alloc = body.stms[..update].iter().position(|stm| {
        matches!(stm.exp, Exp::Op(MemOp::Alloc { .. }))
            && stm.pat.first().map(|e| e.var) == Some(block)
    })?;
    // Every block that may be the allocation is nothing else.
    let family: FxHashSet<Var> = facts
        .origins
        .iter()
        .filter(|(_, origins)| origins.contains(&block))
        .map(|(&b, _)| b)
        .collect();
    if family
        .iter()
        .any(|b| facts.origins_of(SubExp::Var(*b)).len() != 1)
    {
        return None;
    }
    let dest_origins = facts.memory_of(*dest);
    if dest_origins.contains(&block) {
        return None;
    }
    let dest_shape = facts.types.get(*dest)?.shape().to_vec();
    // The source is made in the slice before the update checks that the
    // slice is inside the destination: the check moves in front of the
    // allocation. That keeps the program's failures only if the checks of
    // everything in between that can fail move there too, in order:
    // assertions, and the bounds checks of indexing and updates.
    let check = match slice {
        Some(slice) => bounds_check(slice, &dest_shape, counters, facts)?,
        None => Vec::new(),
    };
    let mut checks = Vec::new();
    // Sizes the checks made in front of the allocation assert equal.
    let mut asserted_equal = Vec::new();
    // A copy's or concatenation's result that an earlier coalescing
    // placed in another array is inside that array's block only once the
    // checks in front of it have passed: they move too.
    let placed_elsewhere = slice.is_none() && !allocated_in(body, dest_mem.block);
    if !check.is_empty() || placed_elsewhere {
        let mut safe = Safety {
            facts,
            counters: counters.clone(),
            checked: Vec::new(),
            equal: Vec::new(),
        };
        for (i, stm) in body.stms.iter().enumerate().take(update).skip(alloc + 1) {
            if safe.stm(stm) {
                continue;
            }
            checks.push(match &stm.exp {
                Exp::Assert { condition, .. } => {
                    if let Some(c) = condition.as_var() {
                        safe.checked.extend(
                            facts
                                .checks
                                .get(&c)
                                .into_iter()
                                .flatten()
                                .map(|&(index, size)| Bound::Index(index, size)),
                        );
                        safe.equal.extend(facts.equalities.get(&c).copied());
                    }
                    Check::Moved(i)
                }
                Exp::Index { array, slice } | Exp::Update { array, slice, .. } => {
                    let shape = facts.types.get(*array)?.shape().to_vec();
                    Check::Bounds(BoundsCheck {
                        indices: bounds_check(slice, &shape, counters, facts)?,
                        slice: slice.clone(),
                        shape,
                        loc: stm.loc.clone(),
                    })
                }
                _ => return None,
            });
        }
        if !check.is_empty() {
            checks.push(Check::Bounds(BoundsCheck {
                indices: check,
                slice: slice.clone().unwrap_or_default(),
                shape: dest_shape,
                loc: body.stms[update].loc.clone(),
            }));
        }
        asserted_equal = safe.equal;
    }
    // The destination's block, the slice's variables and the sizes the
    // check names must be in scope at the allocation.
    let mut late = FxHashSet::default();
    for stm in &body.stms[alloc..] {
        stm.pat.iter().for_each(|e| {
            late.insert(e.var);
        });
        for_each_bound_inside(&stm.exp, &mut |v| {
            late.insert(v);
        });
    }
    let mut needed = vec![dest_mem.block];
    target.for_each_var(&mut |v| needed.push(v));
    for check in &checks {
        match check {
            Check::Moved(i) => for_each_use(&body.stms[*i].exp, &mut |v| needed.push(v)),
            Check::Bounds(bounds) => {
                let mut operands = Vec::new();
                for bound in &bounds.indices {
                    match *bound {
                        Bound::Index(index, size) => operands.extend([index, size]),
                        Bound::Range {
                            start, len, size, ..
                        } => operands.extend([start, len, size]),
                    }
                }
                for index in &bounds.slice {
                    if let DimIndex::Slice { start, len, .. } = *index {
                        operands.extend([start, len]);
                    }
                }
                needed.extend(operands.iter().filter_map(|se| se.as_var()));
                bounds.shape.iter().for_each(|d| needed.extend(d.as_var()));
            }
        }
    }
    let mut hoisted = BTreeSet::new();
    for var in needed {
        if late.contains(&var) && !hoist(body, alloc, update, var, facts, &mut hoisted) {
            return None;
        }
    }
    // Nothing after the update uses the moved arrays.
    let moved = |v: Var| facts.memory_of(v).contains(&block);
    if body.stms[update + 1..]
        .iter()
        .any(|stm| mentions(stm, &mut |v| moved(v)))
        || body.result.iter().any(|se| se.as_var().is_some_and(moved))
    {
        return None;
    }
    // A function takes its array parameters row-major from their block's
    // start: no call in between may be given a moved array.
    let mut passed = false;
    for stm in &body.stms[alloc + 1..update] {
        let mut look = |s: &Stm<R>| {
            if let Exp::Call { args, .. } = &s.exp {
                passed |= args.iter().any(|a| a.as_var().is_some_and(moved));
            }
        };
        look(stm);
        for_each_stm_in_exp(&stm.exp, &mut look);
    }
    if passed {
        return None;
    }
    let element = source_ty.element();
    if facts.types.get(*dest).map(|t| t.element()) != Some(element) {
        return None;
    }
    // The block holds exactly the source, row-major from its start, and
    // the target is row-major: the whole block moves.
    let Exp::Op(MemOp::Alloc { size, .. }) = body.stms[alloc].exp else {
        return None;
    };
    let mut extent = Factors {
        constant: element.byte_size(),
        sizes: Vec::new(),
    };
    for &d in source_ty.shape() {
        extent.add(facts.size_class(d));
    }
    let mut block_size = size_factors(body, alloc, size, facts);
    for factors in [&mut extent, &mut block_size] {
        for size in &mut factors.sizes {
            for &(a, b) in &asserted_equal {
                if *size == facts.size_class(b) {
                    *size = facts.size_class(a);
                }
            }
        }
    }
    let whole_block = source_mem.lmad.is_direct(source_ty.shape())
        && target.is_row_major(source_ty.shape())
        && block_size.same(&extent);
    let mut layouts = Layouts {
        family: &family,
        facts,
        shape: source_ty.shape().to_vec(),
        element,
        target: target.clone(),
        shift: whole_block.then(|| target.offset.clone()),
        layouts: FxHashMap::default(),
    };
    for stm in &body.stms[alloc + 1..update] {
        layouts.stm(stm)?;
    }
    // The source itself must land where it is copied to (the copy then
    // copies nothing), not be a view of what lands there.
    if layouts.layouts.get(source) != Some(target) {
        return None;
    }
    // Nothing between the allocation and the update touches the
    // destination's memory, but for reads of elements outside the target.
    let row_major = target.is_row_major(source_ty.shape());
    let mut access = Access {
        facts,
        dest: &dest_origins,
        target,
        extent: row_major.then(|| source_ty.shape().iter().map(|&d| IndexExp::of(d)).collect()),
        counters: counters.clone(),
        family: &family,
        layouts: &layouts.layouts,
        unwritten: row_major.then(|| poly(&target.offset)),
    };
    for (i, stm) in body.stms.iter().enumerate().take(update).skip(alloc + 1) {
        let moved = checks
            .iter()
            .any(|c| matches!(c, Check::Moved(m) if *m == i));
        if !hoisted.contains(&i) && !moved && !access.harmless(stm) {
            return None;
        }
    }
    Some(Plan {
        alloc,
        block,
        dest_block: dest_mem.block,
        layouts: layouts.layouts,
        hoisted: hoisted.into_iter().collect(),
        checks,
    })
}

/// Whether the body allocates the block.
fn allocated_in<R: Rep<Op = MemOp<I>>, I: Operation<R>>(body: &Body<R>, block: Var) -> bool {
    body.stms.iter().any(|stm| {
        matches!(stm.exp, Exp::Op(MemOp::Alloc { .. }))
            && stm.pat.first().is_some_and(|e| e.var == block)
    })
}

/// A dimension of a slice to check against its size.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Bound {
    /// `0 <= index < size`.
    Index(SubExp, SubExp),
    /// The `len` indices `start`, `start + stride`, ... (a positive
    /// constant stride) are inside `size`, or there are none.
    Range {
        start: SubExp,
        len: SubExp,
        stride: i64,
        size: SubExp,
    },
}

/// The indices of a slice that must be checked against their sizes: a
/// fixed index that is not a counter of a loop over its dimension; a
/// range must cover its whole dimension (`None` otherwise).
fn bounds_check(
    slice: &[DimIndex],
    shape: &[SubExp],
    counters: &FxHashMap<Var, SubExp>,
    facts: &Facts,
) -> Option<Vec<Bound>> {
    let mut check = Vec::new();
    for (index, &size) in slice.iter().zip(shape) {
        match *index {
            DimIndex::Fix(i) if in_bounds(i, size, counters, facts) => {}
            DimIndex::Fix(i) => check.push(Bound::Index(i, size)),
            DimIndex::Slice { start, len, stride } => {
                let whole = start == SubExp::i64(0)
                    && facts.size_class(len) == facts.size_class(size)
                    && stride == SubExp::i64(1);
                let SubExp::Const(stride) = stride else {
                    return None;
                };
                let stride = stride.as_i64().filter(|&s| s > 0)?;
                // `len >= 0`, `start >= 0`, `start + (len - 1) * stride <= size - 1`.
                let start_poly = poly(&IndexExp::of(start));
                let len_poly = poly(&IndexExp::of(len));
                let last = add(&start_poly, &scale(&add(&len_poly, &constant(-1)), stride));
                let inside = nonnegative(facts, counters, &len_poly)
                    && nonnegative(facts, counters, &start_poly)
                    && nonnegative(
                        facts,
                        counters,
                        &add(
                            &add(&poly(&IndexExp::of(size)), &constant(-1)),
                            &scale(&last, -1),
                        ),
                    );
                if !whole && !inside {
                    check.push(Bound::Range {
                        start,
                        len,
                        stride,
                        size,
                    });
                }
            }
        }
    }
    Some(check)
}

/// Whether an index is known to be inside a dimension of `size`: a
/// constant below a constant size, a counter of a loop to `size`, or
/// what the polynomial prover shows of sums of sizes and counters.
fn in_bounds(
    index: SubExp,
    size: SubExp,
    counters: &FxHashMap<Var, SubExp>,
    facts: &Facts,
) -> bool {
    let size = facts.size_class(size);
    let counter = index.as_var().and_then(|v| counters.get(&v));
    if counter.is_some_and(|&bound| facts.size_class(bound) == size) {
        return true;
    }
    let index = poly(&IndexExp::of(index));
    let last = add(&poly(&IndexExp::of(size)), &constant(-1));
    nonnegative(facts, counters, &index)
        && nonnegative(facts, counters, &add(&last, &scale(&index, -1)))
}

/// Which statements cannot fail (nor run forever): [`can_fail`], where
/// indexing at loop counters within the loops' bounds and making arrays
/// of the parameters' sizes are known to succeed.
struct Safety<'a> {
    facts: &'a Facts,
    counters: FxHashMap<Var, SubExp>,
    /// The indices that assertions passed have checked against sizes.
    checked: Vec<Bound>,
    /// The sizes that assertions passed have checked equal.
    equal: Vec<(SubExp, SubExp)>,
}

impl Safety<'_> {
    fn stm<R: Rep<Op = MemOp<I>>, I: Operation<R>>(&mut self, stm: &Stm<R>) -> bool {
        let types = &self.facts.types;
        match &stm.exp {
            Exp::Index { array, slice } | Exp::Update { array, slice, .. } => types
                .get(*array)
                .and_then(|t| bounds_check(slice, t.shape(), &self.counters, self.facts))
                .is_some_and(|check| check.iter().all(|pair| self.checked.contains(pair))),
            // A coercion to sizes known equal.
            Exp::Reshape { shape, array } => types.get(*array).is_some_and(|t| {
                self.facts.same_shape(t.shape(), shape)
                    || t.shape().len() == shape.len()
                        && t.shape().iter().zip(shape).all(|(&a, &b)| {
                            self.facts.size_class(a) == self.facts.size_class(b)
                                || self.equal.contains(&(a, b))
                                || self.equal.contains(&(b, a))
                        })
            }),
            Exp::Iota { len: size, .. } => self.size(*size),
            Exp::Replicate { shape, .. } | Exp::Scratch { shape, .. } => {
                shape.iter().all(|&d| self.size(d))
            }
            Exp::Loop {
                form: LoopForm::For { var, bound },
                body,
                ..
            } => {
                self.counters.insert(*var, *bound);
                body.stms.iter().all(|stm| self.stm(stm))
            }
            Exp::If {
                then_body,
                else_body,
                ..
            } => [then_body, else_body]
                .iter()
                .all(|b| b.stms.iter().all(|stm| self.stm(stm))),
            Exp::Op(MemOp::Alloc { .. }) => true,
            Exp::Op(op) if !op.fails_itself() && !op.counters().is_empty() => {
                self.counters.extend(op.counters());
                stm.exp
                    .nested_bodies()
                    .iter()
                    .all(|b| b.stms.iter().all(|stm| self.stm(stm)))
            }
            exp => !can_fail(types, exp),
        }
    }

    fn size(&self, size: SubExp) -> bool {
        match size {
            SubExp::Var(v) => self.facts.sizes.contains(&v),
            SubExp::Const(c) => c.as_i64().is_some_and(|n| n >= 0),
        }
    }
}

/// Whether a statement (its pattern's annotations and everything nested
/// included) uses a variable `test` accepts.
pub(super) fn mentions<R: Rep>(stm: &Stm<R>, test: &mut dyn FnMut(Var) -> bool) -> bool {
    let mut found = false;
    let mut check = |v: Var| found |= test(v);
    for elem in &stm.pat {
        elem.for_each_annotation_var(&mut check);
        check(elem.var);
    }
    for_each_use(&stm.exp, &mut check);
    found
}

/// Which uses of the destination's memory, between the allocation and
/// the update, cannot see the moved arrays' writes nor be overwritten by
/// them.
struct Access<'a> {
    facts: &'a Facts,
    /// The origins of the destination's memory.
    dest: &'a BTreeSet<Var>,
    target: &'a Lmad,
    /// The source's shape, where the target is row-major (one interval
    /// of the block).
    extent: Option<Vec<IndexExp>>,
    /// The `for` loops' counters in scope, with their bounds.
    counters: FxHashMap<Var, SubExp>,
    /// The blocks that move, and the new LMADs of their arrays.
    family: &'a FxHashSet<Var>,
    layouts: &'a FxHashMap<Var, Lmad>,
    /// Where the target is row-major: the address from which on the
    /// moved arrays have written nothing of it yet, at this point of the
    /// program (`None`: they may have written any of it).
    unwritten: Option<Poly>,
}

impl Access<'_> {
    fn in_dest(&self, var: Var) -> bool {
        !self.facts.memory_of(var).is_disjoint(self.dest)
    }

    /// Whether a statement leaves the destination's memory alone: it
    /// reads only elements outside the target, or elements the moved
    /// arrays have not written yet. A loop that writes its array row by
    /// row, row `i` in iteration `i` (a map's loop filling a scratch
    /// array, which writes nothing), has written only the rows before
    /// its counter's.
    fn harmless<R: Rep>(&mut self, stm: &Stm<R>) -> bool {
        let harmless = self.reads_harmlessly(stm);
        if self.writes_moved(stm) {
            self.unwritten = None;
        }
        harmless
    }

    fn reads_harmlessly<R: Rep>(&mut self, stm: &Stm<R>) -> bool {
        match &stm.exp {
            // A view reads nothing; its uses are judged where they are.
            Exp::Index { array, slice }
                if stm.pat.iter().any(|e| e.ty.rank() > 0) && self.in_dest(*array) =>
            {
                slice.iter().all(|d| match d {
                    DimIndex::Fix(i) => !i.as_var().is_some_and(|v| self.in_dest(v)),
                    DimIndex::Slice { .. } => true,
                })
            }
            Exp::Reshape { array, .. } | Exp::Rearrange { array, .. } if self.in_dest(*array) => {
                true
            }
            Exp::Index { array, slice } if self.in_dest(*array) => {
                let Some(lmad) = self.facts.mems.get(array) else {
                    return false;
                };
                let Some(address) = address(&lmad.lmad, slice) else {
                    return false;
                };
                self.outside_target(&address) || self.not_written_yet(&address)
            }
            Exp::Loop {
                form: LoopForm::For { var, bound },
                params,
                body,
            } if !params
                .iter()
                .any(|&(_, init)| init.as_var().is_some_and(|v| self.in_dest(v))) =>
            {
                self.counters.insert(*var, *bound);
                let before = self.unwritten.clone();
                // Each iteration reads after the earlier ones wrote.
                self.unwritten = match &before {
                    Some(from) => self.row_by_row(params, *var, *bound, body, from),
                    None => None,
                }
                .or_else(|| before.clone().filter(|_| !self.writes_moved(stm)));
                let harmless = self.body_harmless(body);
                self.unwritten = before;
                harmless
            }
            Exp::If {
                condition,
                then_body,
                else_body,
                ..
            } if !condition.as_var().is_some_and(|v| self.in_dest(v)) => {
                let before = self.unwritten.clone();
                let then_harmless = self.body_harmless(then_body);
                self.unwritten = before;
                then_harmless && self.body_harmless(else_body)
            }
            _ => !mentions(stm, &mut |v| self.in_dest(v)),
        }
    }

    /// Whether nothing has written the element at `address` yet.
    fn not_written_yet(&self, address: &Poly) -> bool {
        self.unwritten
            .as_ref()
            .is_some_and(|from| self.nonnegative(&add(address, &scale(from, -1))))
    }

    /// Whether a statement writes moved memory (a view or a scratch
    /// array writes nothing; a call may write what it is given).
    fn writes_moved<R: Rep>(&self, stm: &Stm<R>) -> bool {
        let makes = stm.pat.iter().any(|e| self.moves(e.mem.as_ref()))
            && !matches!(
                stm.exp,
                Exp::Index { .. }
                    | Exp::Reshape { .. }
                    | Exp::Rearrange { .. }
                    | Exp::SubExp(_)
                    | Exp::Opaque(_)
                    | Exp::Scratch { .. }
                    | Exp::Loop { .. }
                    | Exp::If { .. }
            );
        let calls = self.calls_with_moved(stm);
        makes
            || calls
            || stm
                .exp
                .nested_bodies()
                .iter()
                .any(|b| b.stms.iter().any(|s| self.writes_moved(s)))
    }

    fn moves(&self, mem: Option<&MemBind>) -> bool {
        mem.is_some_and(|m| self.family.contains(&m.block))
    }

    /// Whether two LMADs are the same, their expressions compared as
    /// polynomials.
    fn same_layout(&self, a: &Lmad, b: &Lmad) -> bool {
        let same =
            |x: &IndexExp, y: &IndexExp| self.facts.expand(&poly(x)) == self.facts.expand(&poly(y));
        same(&a.offset, &b.offset)
            && a.strides.len() == b.strides.len()
            && a.strides.iter().zip(&b.strides).all(|(x, y)| same(x, y))
    }

    fn calls_with_moved<R: Rep>(&self, stm: &Stm<R>) -> bool {
        matches!(stm.exp, Exp::Call { .. })
            && mentions(stm, &mut |v| {
                self.facts
                    .memory_of(v)
                    .iter()
                    .any(|b| self.family.contains(b))
            })
    }

    /// Where the unwritten part of the target starts in iteration
    /// `counter` of a loop that writes its one moved array, laid out from
    /// `from` row-major, row by row: every moved write of iteration
    /// `counter` is inside row `counter`.
    fn row_by_row<R: Rep>(
        &self,
        params: &[(crate::ir::Param, SubExp)],
        counter: Var,
        bound: SubExp,
        body: &Body<R>,
        from: &Poly,
    ) -> Option<Poly> {
        let [acc] = <[&crate::ir::Param; 1]>::try_from(
            params
                .iter()
                .map(|(p, _)| p)
                .filter(|p| self.moves(p.mem.as_ref()))
                .collect::<Vec<_>>(),
        )
        .ok()?;
        let layout = self.layouts.get(&acc.var)?;
        let shape = acc.ty.shape();
        let rows = *shape.first()?;
        if self.facts.expand(&poly(&layout.offset)) != self.facts.expand(from)
            || self.facts.size_class(rows) != self.facts.size_class(bound)
            || !layout.is_row_major(shape)
        {
            return None;
        }
        let row = Row {
            whole: layout,
            row: layout.sliced(&[DimIndex::Fix(SubExp::Var(counter))]),
            shape: &shape[1..],
            counter,
        };
        body.stms
            .iter()
            .all(|stm| self.inside_row(stm, &row))
            .then(|| poly(&row.row.offset))
    }

    /// Whether every moved write of a statement (nested ones included)
    /// is inside the row.
    fn inside_row<R: Rep>(&self, stm: &Stm<R>, row: &Row) -> bool {
        let written_inside = |elem: &PatElem| {
            if !self.moves(elem.mem.as_ref()) {
                return true;
            }
            match &stm.exp {
                Exp::Index { .. }
                | Exp::Reshape { .. }
                | Exp::Rearrange { .. }
                | Exp::SubExp(_)
                | Exp::Opaque(_)
                | Exp::Scratch { .. }
                | Exp::Loop { .. }
                | Exp::If { .. } => true,
                // An update of the whole array at the row's index, or of
                // an array in the row.
                Exp::Update { array, slice, .. } => {
                    let updated = self.layouts.get(array);
                    updated.is_some_and(|l| self.same_layout(l, row.whole))
                        && slice.first() == Some(&DimIndex::Fix(SubExp::Var(row.counter)))
                        || updated.is_some_and(|l| self.same_layout(l, &row.row))
                            && self.facts.same_shape(elem.ty.shape(), row.shape)
                }
                _ => {
                    self.layouts
                        .get(&elem.var)
                        .is_some_and(|l| self.same_layout(l, &row.row))
                        && self.facts.same_shape(elem.ty.shape(), row.shape)
                }
            }
        };
        let calls = self.calls_with_moved(stm);
        !calls
            && stm.pat.iter().all(written_inside)
            && stm
                .exp
                .nested_bodies()
                .iter()
                .all(|b| b.stms.iter().all(|s| self.inside_row(s, row)))
    }

    /// Whether a nested body leaves the destination's memory alone.
    fn body_harmless<R: Rep>(&mut self, body: &Body<R>) -> bool {
        !body
            .result
            .iter()
            .any(|r| r.as_var().is_some_and(|v| self.in_dest(v)))
            && body.stms.iter().all(|stm| self.harmless(stm))
    }

    /// Whether an element is known to be outside the target (an
    /// interval): after it or before it.
    fn outside_target(&self, address: &Poly) -> bool {
        let Some(extent) = &self.extent else {
            return false;
        };
        let start = poly(&self.target.offset);
        let end = poly(&(self.target.offset.clone() + IndexExp::product(extent.iter().cloned())));
        let after = add(address, &scale(&end, -1));
        let before = add(&add(&start, &scale(address, -1)), &constant(-1));
        self.nonnegative(&after) || self.nonnegative(&before)
    }

    fn nonnegative(&self, p: &Poly) -> bool {
        nonnegative(self.facts, &self.counters, p)
    }
}

/// Whether a polynomial is never negative: every counter that has a
/// negative coefficient is replaced by `bound - 1 - counter` (also in the
/// counter's range), and then every coefficient but the constant must be
/// positive, over variables known not to be negative (sizes, counters),
/// and the constant not negative. Variables bound to sums, differences
/// and products are replaced by what they are bound to.
fn nonnegative(facts: &Facts, counters: &FxHashMap<Var, SubExp>, p: &Poly) -> bool {
    let mut p = facts.expand(p);
    for (&counter, &bound) in counters {
        let negative = p
            .iter()
            .any(|(monomial, &c)| c < 0 && monomial.contains(&counter));
        if negative {
            let flipped = add(
                &add(&poly(&IndexExp::of(bound)), &constant(-1)),
                &scale(&poly(&IndexExp::Var(counter)), -1),
            );
            p = facts.expand(&substitute(&p, counter, &flipped));
        }
    }
    p.iter().all(|(monomial, &c)| {
        c >= 0
            && monomial
                .iter()
                .all(|v| facts.sizes.contains(v) || counters.contains_key(v))
    })
}

/// Row `counter` of an array laid out row-major by `whole`.
struct Row<'a> {
    whole: &'a Lmad,
    row: Lmad,
    /// The row's shape.
    shape: &'a [SubExp],
    counter: Var,
}

/// A polynomial over variables with integer coefficients: each product
/// of variables (sorted; the empty one is the constant) with its
/// coefficient, none zero.
type Poly = BTreeMap<Vec<Var>, i64>;

fn constant(c: i64) -> Poly {
    let mut p = Poly::new();
    if c != 0 {
        p.insert(Vec::new(), c);
    }
    p
}

fn add(a: &Poly, b: &Poly) -> Poly {
    let mut sum = a.clone();
    for (monomial, &c) in b {
        let entry = sum.entry(monomial.clone()).or_insert(0);
        *entry = entry.wrapping_add(c);
        if *entry == 0 {
            sum.remove(monomial);
        }
    }
    sum
}

fn scale(a: &Poly, factor: i64) -> Poly {
    a.iter()
        .filter(|_| factor != 0)
        .map(|(m, &c)| (m.clone(), c.wrapping_mul(factor)))
        .collect()
}

fn mul(a: &Poly, b: &Poly) -> Poly {
    let mut product = Poly::new();
    for (ma, &ca) in a {
        for (mb, &cb) in b {
            let mut monomial: Vec<Var> = ma.iter().chain(mb).copied().collect();
            monomial.sort();
            product = add(&product, &BTreeMap::from([(monomial, ca.wrapping_mul(cb))]));
        }
    }
    product
}

fn poly(e: &IndexExp) -> Poly {
    match e {
        IndexExp::Const(c) => constant(*c),
        IndexExp::Var(v) => BTreeMap::from([(vec![*v], 1)]),
        IndexExp::Add(a, b) => add(&poly(a), &poly(b)),
        IndexExp::Sub(a, b) => add(&poly(a), &scale(&poly(b), -1)),
        IndexExp::Mul(a, b) => mul(&poly(a), &poly(b)),
    }
}

/// `p` with `var` replaced by `by`.
fn substitute(p: &Poly, var: Var, by: &Poly) -> Poly {
    let mut out = Poly::new();
    for (monomial, &c) in p {
        let mut term = constant(c);
        for &v in monomial {
            let factor = if v == var {
                by.clone()
            } else {
                BTreeMap::from([(vec![v], 1)])
            };
            term = mul(&term, &factor);
        }
        out = add(&out, &term);
    }
    out
}

/// The element of the block that indexing an array laid out by `lmad`
/// at `slice` reads, when it reads one element.
fn address(lmad: &Lmad, slice: &[DimIndex]) -> Option<Poly> {
    if slice.len() != lmad.strides.len() {
        return None;
    }
    let mut at = poly(&lmad.offset);
    for (index, stride) in slice.iter().zip(&lmad.strides) {
        let DimIndex::Fix(i) = index else {
            return None;
        };
        at = add(&at, &mul(&poly(&IndexExp::of(*i)), &poly(stride)));
    }
    Some(at)
}

/// Adds to `hoisted` the statements binding `var` (bound in `body` after
/// the allocation at `alloc`) and what they need, if they are scalar
/// statements that cannot fail before `update`.
fn hoist<R: Rep<Op = MemOp<I>>, I: Operation<R>>(
    body: &Body<R>,
    alloc: usize,
    update: usize,
    var: Var,
    facts: &Facts,
    hoisted: &mut BTreeSet<usize>,
) -> bool {
    let Some(index) = body.stms[alloc + 1..update]
        .iter()
        .position(|stm| stm.pat.iter().any(|e| e.var == var))
        .map(|i| alloc + 1 + i)
    else {
        return false;
    };
    if hoisted.contains(&index) {
        return true;
    }
    let stm = &body.stms[index];
    let scalar = matches!(
        stm.exp,
        Exp::SubExp(_) | Exp::BinOp(..) | Exp::Cmp(..) | Exp::UnOp(..) | Exp::Convert(..)
    ) && stm.pat.iter().all(|e| matches!(e.ty, Type::Prim(_)));
    // An allocation made earlier holds its memory longer, which nothing
    // else can tell.
    let allocation = matches!(stm.exp, Exp::Op(MemOp::Alloc { .. }));
    if !(scalar || allocation) || can_fail(&facts.types, &stm.exp) {
        return false;
    }
    hoisted.insert(index);
    let mut operands = Vec::new();
    for_each_use(&stm.exp, &mut |v| operands.push(v));
    let bound_later: FxHashSet<Var> = body.stms[alloc..update]
        .iter()
        .flat_map(|s| s.pat.iter().map(|e| e.var))
        .collect();
    operands
        .into_iter()
        .filter(|v| bound_later.contains(v))
        .all(|v| hoist(body, alloc, update, v, facts, hoisted))
}

/// The new LMADs of the arrays that move: those direct in a block of
/// the family with the source's shape go to `target`, views follow what
/// they view.
struct Layouts<'a> {
    family: &'a FxHashSet<Var>,
    facts: &'a Facts,
    shape: Vec<SubExp>,
    element: prim::PrimType,
    target: Lmad,
    /// Where the source's block starts in the destination's, when the
    /// target is row-major and the block holds exactly the source: then
    /// every array of the block keeps its layout, moved by that much.
    shift: Option<IndexExp>,
    layouts: FxHashMap<Var, Lmad>,
}

impl Layouts<'_> {
    fn moves(&self, mem: Option<&MemBind>) -> bool {
        mem.is_some_and(|m| self.family.contains(&m.block))
    }

    /// The new LMAD of an array that is made, not viewed.
    fn made(&mut self, var: Var, ty: &Type, mem: &MemBind) -> Option<()> {
        if !self.facts.same_shape(ty.shape(), &self.shape)
            || ty.element() != self.element
            || !mem.lmad.is_direct(ty.shape())
        {
            return None;
        }
        self.layouts.insert(var, self.target.clone());
        Some(())
    }

    fn viewed(&self, array: Var) -> Option<Lmad> {
        self.layouts.get(&array).cloned()
    }

    fn body<R: Rep>(&mut self, body: &Body<R>) -> Option<()> {
        body.stms.iter().try_for_each(|stm| self.stm(stm))
    }

    fn stm<R: Rep>(&mut self, stm: &Stm<R>) -> Option<()> {
        if let Some(shift) = &self.shift {
            let mut shifted = Vec::new();
            let mut foreign = false;
            let mut record = |var: Var, mem: Option<&MemBind>| {
                if let Some(mem) = mem.filter(|m| self.family.contains(&m.block)) {
                    foreign |= self.facts.types.get(var).map(|t| t.element()) != Some(self.element);
                    shifted.push((
                        var,
                        Lmad {
                            offset: shift.clone() + mem.lmad.offset.clone(),
                            strides: mem.lmad.strides.clone(),
                        },
                    ));
                }
            };
            for elem in &stm.pat {
                record(elem.var, elem.mem.as_ref());
            }
            for_each_annotated_inside(&stm.exp, &mut record);
            if foreign {
                return None;
            }
            self.layouts.extend(shifted);
            return Some(());
        }
        if let Exp::Loop { params, .. } = &stm.exp {
            for (param, _) in params {
                if let Some(mem) = param
                    .mem
                    .as_ref()
                    .filter(|m| self.family.contains(&m.block))
                {
                    self.made(param.var, &param.ty, mem)?;
                }
            }
        }
        for lambda in stm.exp.lambdas() {
            if lambda.params.iter().any(|p| self.moves(p.mem.as_ref())) {
                return None;
            }
        }
        for inner in stm.exp.nested_bodies() {
            self.body(inner)?;
        }
        for elem in &stm.pat {
            let Some(mem) = elem.mem.as_ref().filter(|m| self.family.contains(&m.block)) else {
                continue;
            };
            let layout = match &stm.exp {
                Exp::Index { array, slice } => self.viewed(*array)?.sliced(slice),
                Exp::Rearrange { perm, array } => self.viewed(*array)?.permuted(perm),
                Exp::Reshape { shape, array } => {
                    let source = self.viewed(*array)?;
                    let source_ty = self.facts.types.get(*array)?;
                    // A coercion to sizes known equal keeps the layout.
                    if source_ty.rank() == 1 && shape.len() == 1
                        || self.facts.same_shape(source_ty.shape(), shape)
                    {
                        source
                    } else if source.is_row_major(source_ty.shape()) {
                        Lmad {
                            offset: source.offset,
                            strides: Lmad::direct(shape).strides,
                        }
                    } else {
                        return None;
                    }
                }
                Exp::SubExp(SubExp::Var(array))
                | Exp::Opaque(SubExp::Var(array))
                | Exp::Update { array, .. } => self.viewed(*array)?,
                _ => {
                    self.made(elem.var, &elem.ty, mem)?;
                    continue;
                }
            };
            self.layouts.insert(elem.var, layout);
        }
        Some(())
    }
}

/// Calls `f` on every variable with a memory annotation bound inside an
/// expression (loop and lambda parameters, patterns of nested code).
fn for_each_annotated_inside<R: Rep>(exp: &Exp<R>, f: &mut dyn FnMut(Var, Option<&MemBind>)) {
    if let Exp::Loop { params, .. } = exp {
        for (param, _) in params {
            f(param.var, param.mem.as_ref());
        }
    }
    for lambda in exp.lambdas() {
        for param in &lambda.params {
            f(param.var, param.mem.as_ref());
        }
    }
    for body in exp.nested_bodies() {
        for stm in &body.stms {
            for elem in &stm.pat {
                f(elem.var, elem.mem.as_ref());
            }
            for_each_annotated_inside(&stm.exp, f);
        }
    }
}

/// The factors of an allocation's size (a product of sizes the body
/// computes before `before`), their constants multiplied.
fn size_factors<R: Rep>(body: &Body<R>, before: usize, size: SubExp, facts: &Facts) -> Factors {
    let mut factors = Factors {
        constant: 1,
        sizes: Vec::new(),
    };
    let mut pending = vec![size];
    while let Some(se) = pending.pop() {
        let product = se.as_var().and_then(|v| {
            body.stms[..before]
                .iter()
                .find_map(|stm| match (&stm.exp, stm.pat.as_slice()) {
                    (Exp::BinOp(BinOp::Mul, a, b), [elem]) if elem.var == v => Some([*a, *b]),
                    _ => None,
                })
        });
        match product {
            Some(operands) => pending.extend(operands),
            None => factors.add(facts.size_class(se)),
        }
    }
    factors
}

/// A product of sizes: a constant and the other factors.
#[derive(Debug)]
struct Factors {
    constant: i64,
    sizes: Vec<SubExp>,
}

impl Factors {
    fn add(&mut self, size: SubExp) {
        match size {
            SubExp::Const(c) => {
                self.constant = self.constant.wrapping_mul(c.as_i64().unwrap_or(0));
            }
            SubExp::Var(_) => self.sizes.push(size),
        }
    }

    /// Whether the products are the same, factor by factor.
    fn same(&self, other: &Factors) -> bool {
        let mut rest = other.sizes.clone();
        self.constant == other.constant
            && self.sizes.len() == rest.len()
            && self.sizes.iter().all(|s| {
                rest.iter()
                    .position(|r| r == s)
                    .map(|i| rest.remove(i))
                    .is_some()
            })
    }
}

fn apply<R: Rep<Op = MemOp<I>>, I: Operation<R>>(
    body: &mut Body<R>,
    plan: Plan,
    var_names: &mut Vec<String>,
) {
    let Plan {
        alloc,
        block,
        dest_block,
        layouts,
        hoisted,
        checks,
    } = plan;
    let map = FxHashMap::from_iter([(block, SubExp::Var(dest_block))]);
    let renamer = Renamer::new(&map);
    let mut stms = std::mem::take(&mut body.stms);
    for stm in &mut stms[alloc + 1..] {
        renamer.stm(stm);
        set_layouts(stm, &layouts);
    }
    let allocation = stms[alloc].clone();
    let mut kept = Vec::with_capacity(stms.len());
    let mut moved_up = Vec::new();
    let mut asserts = FxHashMap::default();
    for (i, stm) in stms.into_iter().enumerate() {
        if hoisted.contains(&i) {
            moved_up.push(stm);
        } else if checks
            .iter()
            .any(|c| matches!(c, Check::Moved(m) if *m == i))
        {
            asserts.insert(i, stm);
        } else if i != alloc {
            kept.push(stm);
        }
    }
    for check in checks {
        match check {
            Check::Moved(i) => moved_up.extend(asserts.remove(&i)),
            Check::Bounds(bounds) => moved_up.extend(check_stms(bounds, var_names)),
        }
    }
    kept.splice(alloc..alloc, moved_up);
    body.stms = kept;
    if let Exp::Op(MemOp::Alloc { size, .. }) = allocation.exp {
        remove_unused_size(body, size);
    }
}

/// The statements asserting that the indices are inside their sizes,
/// failing as the indexing or update does.
fn check_stms<R: Rep>(check: BoundsCheck, var_names: &mut Vec<String>) -> Vec<Stm<R>> {
    let mut out = CheckStms {
        stms: Vec::new(),
        var_names,
        loc: check.loc.clone(),
    };
    let mut ok = SubExp::bool(true);
    for &bound in &check.indices {
        let dim_ok = match bound {
            Bound::Index(index, size) => out.inside(index, size),
            // Empty, or its first and last indices inside.
            Bound::Range {
                start,
                len,
                stride,
                size,
            } => {
                let empty = out.bind("empty", Exp::Cmp(CmpOp::Eq, len, SubExp::i64(0)));
                let some = out.bind("nonempty", Exp::Cmp(CmpOp::Lt, SubExp::i64(0), len));
                let first_ok = out.inside(start, size);
                let steps = out.bind("steps", Exp::BinOp(BinOp::Sub, len, SubExp::i64(1)));
                let span = out.bind("span", Exp::BinOp(BinOp::Mul, steps, SubExp::i64(stride)));
                let last = out.bind("last", Exp::BinOp(BinOp::Add, start, span));
                let last_ok = out.inside(last, size);
                let ends_ok = out.bind("ends_ok", Exp::BinOp(BinOp::And, first_ok, last_ok));
                let filled_ok = out.bind("slice_ok", Exp::BinOp(BinOp::And, some, ends_ok));
                out.bind("slice_ok", Exp::BinOp(BinOp::Or, empty, filled_ok))
            }
        };
        ok = if ok == SubExp::bool(true) {
            dim_ok
        } else {
            out.bind("index_ok", Exp::BinOp(BinOp::And, ok, dim_ok))
        };
    }
    // Slices as upstream shows them: `start:end`, with `:stride` unless
    // it is 1.
    let mut shown = Vec::new();
    for index in &check.slice {
        shown.push(match *index {
            DimIndex::Fix(i) => vec![ErrorPart::Value(i)],
            DimIndex::Slice { start, len, stride } => {
                let span = if stride == SubExp::i64(1) {
                    len
                } else {
                    out.bind("span", Exp::BinOp(BinOp::Mul, len, stride))
                };
                let end = if start == SubExp::i64(0) {
                    span
                } else {
                    out.bind("end", Exp::BinOp(BinOp::Add, start, span))
                };
                let mut parts = vec![
                    ErrorPart::Value(start),
                    ErrorPart::Text(":".into()),
                    ErrorPart::Value(end),
                ];
                if span != len {
                    parts.extend([ErrorPart::Text(":".into()), ErrorPart::Value(stride)]);
                }
                parts
            }
        });
    }
    let message = ErrorPart::index_out_of_bounds(shown, &check.shape);
    let mut stms = out.stms;
    stms.push(Stm {
        pat: Vec::new(),
        exp: Exp::Assert {
            condition: ok,
            message,
        },
        loc: check.loc,
        attrs: Attrs::default(),
    });
    stms
}

/// The statements of a check, each binding a fresh variable.
struct CheckStms<'a, R: Rep> {
    stms: Vec<Stm<R>>,
    var_names: &'a mut Vec<String>,
    loc: Option<Loc>,
}

impl<R: Rep> CheckStms<'_, R> {
    /// Binds a boolean (a comparison or a conjunction or disjunction of
    /// booleans) or an `i64`.
    fn bind(&mut self, hint: &str, exp: Exp<R>) -> SubExp {
        let ty = match exp {
            Exp::Cmp(..) | Exp::BinOp(BinOp::And | BinOp::Or, ..) => {
                Type::Prim(prim::PrimType::Bool)
            }
            _ => Type::i64(),
        };
        self.var_names.push(hint.to_owned());
        let var = Var(self.var_names.len() as u32 - 1);
        self.stms.push(Stm {
            pat: vec![PatElem::new(var, ty)],
            exp,
            loc: self.loc.clone(),
            attrs: Attrs::default(),
        });
        SubExp::Var(var)
    }

    /// `0 <= index && index < size`.
    fn inside(&mut self, index: SubExp, size: SubExp) -> SubExp {
        let low = self.bind("low_ok", Exp::Cmp(CmpOp::Le, SubExp::i64(0), index));
        let high = self.bind("high_ok", Exp::Cmp(CmpOp::Lt, index, size));
        self.bind("index_ok", Exp::BinOp(BinOp::And, low, high))
    }
}

/// Removes the statements computing the removed allocation's size (a
/// product of sizes) that nothing else uses.
pub(super) fn remove_unused_size<R: Rep>(body: &mut Body<R>, size: SubExp) {
    let SubExp::Var(size) = size else {
        return;
    };
    let binds = |stm: &Stm<R>| stm.pat.iter().any(|e| e.var == size);
    let used = body
        .stms
        .iter()
        .any(|stm| !binds(stm) && mentions(stm, &mut |v| v == size))
        || body.result.contains(&SubExp::Var(size));
    let Some(position) = body.stms.iter().position(binds) else {
        return;
    };
    if used || body.stms[position].pat.len() != 1 {
        return;
    }
    if let Exp::BinOp(BinOp::Mul, a, b) = body.stms[position].exp {
        body.stms.remove(position);
        remove_unused_size(body, a);
        remove_unused_size(body, b);
    }
}

/// Gives the arrays of `layouts` their new LMADs, in a statement and
/// everything nested in it.
fn set_layouts<R: Rep>(stm: &mut Stm<R>, layouts: &FxHashMap<Var, Lmad>) {
    for elem in &mut stm.pat {
        if let (Some(lmad), Some(mem)) = (layouts.get(&elem.var), elem.mem.as_mut()) {
            mem.lmad = lmad.clone();
        }
    }
    if let Exp::Loop { params, .. } = &mut stm.exp {
        for (param, _) in params {
            if let (Some(lmad), Some(mem)) = (layouts.get(&param.var), param.mem.as_mut()) {
                mem.lmad = lmad.clone();
            }
        }
    }
    for inner in stm.exp.nested_bodies_mut() {
        for stm in &mut inner.stms {
            set_layouts(stm, layouts);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::coalesce;
    use crate::interp::run_entry;
    use crate::ir::SeqMem;
    use crate::ir::check::check_program;
    use crate::ir::parse::parse_program;
    use crate::ir::print::print_program;
    use crate::value::{ArrayValue, Value};
    use prim::{PrimType, PrimValue};

    const ENTRY: &str = "entry main = main (*xss: [][]i32, i: i64, ys: []i32) : (*[][]i32)\n";
    const PARAMS: &str = "n_0: i64, m_1: i64, xss_2: [n_0][m_1]i32 @ mem_3 -> {0; m_1, 1}, \
                          i_4: i64, ys_5: [m_1]i32 @ mem_6 -> {0; 1}, mem_3: mem, mem_6: mem";

    fn matrix() -> Value {
        Value::Array(ArrayValue::new(
            PrimType::I32,
            vec![2, 2],
            (0..4).map(PrimValue::I32).collect(),
        ))
    }

    fn row() -> Value {
        Value::Array(ArrayValue::new(
            PrimType::I32,
            vec![2],
            vec![PrimValue::I32(7), PrimValue::I32(8)],
        ))
    }

    /// Coalesces the sequential memory-level program `text` (its `main`
    /// taking a matrix, an index and a row), checks the result and that
    /// it computes and fails as before; returns the printed function.
    fn coalesced(text: &str) -> String {
        let program: crate::ir::Program<SeqMem> =
            parse_program(&format!("level seq-mem\n{ENTRY}{text}"))
                .unwrap_or_else(|error| panic!("{error}"));
        check_program(&program).unwrap_or_else(|error| panic!("an ill-typed test: {error:?}"));
        let mut after = program.clone();
        coalesce(&mut after);
        let printed = print_program(&after);
        check_program(&after).unwrap_or_else(|error| panic!("{error:?} in\n{printed}"));
        for i in [0, 1, 2, -1] {
            let input = vec![matrix(), Value::Prim(PrimValue::I64(i)), row()];
            assert_eq!(
                run_entry(&program, "main", input.clone()).map_err(|e| e.to_string()),
                run_entry(&after, "main", input).map_err(|e| e.to_string()),
                "different results for index {i} from\n{printed}"
            );
        }
        let start = printed.find("fun ").expect("a function");
        printed[start..].to_owned()
    }

    #[test]
    fn a_copy_into_a_row_is_made_in_the_row() {
        let text = coalesced(&format!(
            "fun main ({PARAMS}): ([n_0][m_1]i32, mem) = {{
  let (bytes_7: i64) = Mul(4i64, m_1)
  let (mem_8: mem) = alloc(bytes_7)
  let (row_9: [m_1]i32 @ mem_8 -> {{0; 1}}) = copy(ys_5)
  let (out_10: [n_0][m_1]i32 @ mem_3 -> {{0; m_1, 1}}) = xss_2 with [i_4] = row_9
  in (out_10, mem_3)
}}"
        ));
        // The allocation and its size are gone; the update's bounds
        // check comes first.
        assert!(
            !text.contains("alloc(") && !text.contains("bytes_7"),
            "{text}"
        );
        assert!(
            text.contains("(row_9: [m_1]i32 @ mem_3 -> {i_4 * m_1; 1}) = copy(ys_5)"),
            "{text}"
        );
        let check = text.find("assert(").expect("a bounds check");
        assert!(check < text.find("copy(").expect("the copy"), "{text}");
        assert!(text.contains("out of bounds for array of shape"), "{text}");
    }

    #[test]
    fn a_loop_carries_the_rows_layout() {
        let text = coalesced(&format!(
            "fun main ({PARAMS}): ([n_0][m_1]i32, mem) = {{
  let (bytes_7: i64) = Mul(4i64, m_1)
  let (mem_8: mem) = alloc(bytes_7)
  let (zeros_9: [m_1]i32 @ mem_8 -> {{0; 1}}) = replicate([m_1], 0i32)
  let (row_10: [m_1]i32 @ mem_11 -> {{0; 1}}, mem_11: mem) = loop (*acc_12: [m_1]i32 @ mem_13 -> {{0; 1}}, mem_13: mem) = (zeros_9, mem_8) for j_14 < m_1 do {{
    let (y_15: i32) = ys_5[j_14]
    let (acc_16: [m_1]i32 @ mem_13 -> {{0; 1}}) = acc_12 with [j_14] = y_15
    in (acc_16, mem_13)
  }}
  let (out_17: [n_0][m_1]i32 @ mem_3 -> {{0; m_1, 1}}) = xss_2 with [i_4] = row_10
  in (out_17, mem_3)
}}"
        ));
        assert!(!text.contains("alloc("), "{text}");
        // The initial value, the parameter, the body's result and the
        // loop's result all have the row's layout.
        assert_eq!(text.matches("-> {i_4 * m_1; 1}").count(), 4, "{text}");
        assert!(text.contains("= (zeros_9, mem_3) for"), "{text}");
    }

    #[test]
    fn a_source_reading_the_destination_keeps_its_block() {
        let text = coalesced(&format!(
            "fun main ({PARAMS}): ([n_0][m_1]i32, mem) = {{
  let (bytes_7: i64) = Mul(4i64, m_1)
  let (mem_8: mem) = alloc(bytes_7)
  let (first_9: [m_1]i32 @ mem_3 -> {{0; 1}}) = xss_2[0i64]
  let (row_10: [m_1]i32 @ mem_8 -> {{0; 1}}) = copy(first_9)
  let (out_11: [n_0][m_1]i32 @ mem_3 -> {{0; m_1, 1}}) = xss_2 with [i_4] = row_10
  in (out_11, mem_3)
}}"
        ));
        assert!(text.contains("alloc(bytes_7)"), "{text}");
        assert!(!text.contains("assert("), "{text}");
    }

    #[test]
    fn a_source_used_after_the_update_keeps_its_block() {
        let program = format!(
            "fun main ({PARAMS}): ([n_0][m_1]i32, mem) = {{
  let (bytes_7: i64) = Mul(4i64, m_1)
  let (mem_8: mem) = alloc(bytes_7)
  let (row_9: [m_1]i32 @ mem_8 -> {{0; 1}}) = copy(ys_5)
  let (out_10: [n_0][m_1]i32 @ mem_3 -> {{0; m_1, 1}}) = xss_2 with [i_4] = row_9
  let (x_11: i32) = row_9[0i64]
  let (out_12: [n_0][m_1]i32 @ mem_3 -> {{0; m_1, 1}}) = out_10 with [i_4, 1i64] = x_11
  in (out_12, mem_3)
}}"
        );
        let text = coalesced(&program);
        assert!(text.contains("alloc(bytes_7)"), "{text}");
    }

    #[test]
    fn the_checker_wants_a_loops_values_in_its_parameters_layout() {
        // The initial value is direct, the parameter at an offset.
        let text = format!(
            "level seq-mem\n{ENTRY}fun main ({PARAMS}): ([n_0][m_1]i32, mem) = {{
  let (row_7: [m_1]i32 @ mem_8 -> {{0; 1}}, mem_8: mem) = loop (acc_9: [m_1]i32 @ mem_10 -> {{m_1; 1}}, mem_10: mem) = (ys_5, mem_6) for j_11 < m_1 do {{
    in (acc_9, mem_10)
  }}
  in (xss_2, mem_3)
}}"
        );
        let program: crate::ir::Program<SeqMem> =
            parse_program(&text).unwrap_or_else(|error| panic!("{error}"));
        let error = check_program(&program).expect_err("layouts that differ");
        assert!(
            error.message.contains("not laid out in its block"),
            "{error:?}"
        );
    }
}
