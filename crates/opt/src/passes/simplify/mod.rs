//! The simplifier. It rewrites every function body, preserving the
//! values it computes and its run-time failures (the same messages, in
//! the same order, at the same locations: a check a rule makes explicit
//! carries the message of the operation it stands for). It runs rounds
//! of a forward pass, dead code removal and copy removal until nothing
//! changes (or `MAX_ROUNDS` have run), since one rule's result is
//! often another's input. It runs at the SOACS, sequential and
//! multicore levels, not at the memory levels.
//!
//! The forward pass walks each body in order, knowing what the
//! statements before tell:
//!
//! * copy propagation: `let x = y` and `let x = 3` disappear and `x` is
//!   replaced by `y` or `3`, in types too;
//! * scalar rules ([`scalar`]): constant folding with the interpreter's
//!   own semantics ([`prim`]), an operation that would fail on its
//!   constants (division by zero) being left to fail at run time;
//!   identities that hold for every value (`x + 0`, `x * 1`, `x == x` on
//!   integers, `true && x`, conversion to the same type); integer
//!   constants reassociated (`(x - 2) + 1` is `x - 1`); sums that cancel
//!   (`(x + y) - y` is `x`); conversion chains that one conversion does
//!   (`f32.i64 (i64.i32 x)` is `f32.i32 x`); comparisons that facts
//!   decide;
//! * array rules ([`arrays`]): indexing an array literal, an update at
//!   the same index, an `iota`, a `replicate`, a reshape, a
//!   rearrangement, a concatenation or a copy reads the operand instead
//!   (after a bounds check with the message of the original index,
//!   unless the index is known to be in bounds); a loop reading the row
//!   of a map at its counter, where nothing else uses the map's result,
//!   computes the row there if the map's lambda is a few scalar
//!   operations that cannot fail; a reshape of a reshape is one reshape,
//!   a rearrangement of a rearrangement one rearrangement, a replicate
//!   of a replicate one replicate; concatenations are flattened and lose
//!   empty arrays, neighbouring literals and replicates of one value
//!   merge; an array literal of equal elements is a `replicate`, one of
//!   literals one literal and a reshape; an update of a one-element
//!   slice with a replicate is an update of the element;
//! * facts: the dimensions of every value in scope are not negative;
//!   after `assert(c)`, `c` is true (so repeated assertions go), and so
//!   is what `c` says of sizes (`0 <= n`, `0 < n`, `n == m`); in a
//!   branch its condition is known; a `for` loop's counter is in
//!   `[0, bound)` and its bound positive in its body. An asserted
//!   equality of sizes does not make one size the other (the values
//!   whose types name them keep their types, and a reshape, a checked
//!   coercion, is what changes a type): it only serves proofs. Each fact
//!   carries the nesting depth where it became known, so that a proof
//!   made inside a body does not let its statement leave the body;
//! * proofs: an `iota` or `replicate` of sizes known not to be negative,
//!   a reshape whose sizes multiply to the same product, an index known
//!   to be in bounds cannot fail, which lets dead code removal and
//!   hoisting treat it as pure;
//! * common subexpressions: a scalar operation (or indexing to a
//!   scalar), a view of an array (slice, reshape, rearrangement), or an
//!   array operation (`iota`, `replicate`, concatenation, literal) whose
//!   result nothing may consume, already computed by a statement that
//!   dominates this one, is reused, commutative operands in either order;
//!   so an in-place update never sees sharing it did not have;
//! * branches ([`branches`]): a branch on a constant is the branch taken;
//!   a result both branches give the same is that value, results the
//!   branches give alike are one; statements both branches compute alike
//!   (up to the names they bind) that cannot fail and consume nothing
//!   move in front of the branch; `assert(true)` goes;
//! * loops ([`loops`]): a `for` loop of bound 0 is its initial values,
//!   one of bound 1 its body; a loop parameter that every iteration
//!   passes on unchanged or sets to its initial value becomes that
//!   value; those that the body does not read and whose new values do
//!   not depend on the iteration are those values if the loop runs at
//!   all (an array with the sizes its type names); an integer parameter
//!   that only adds the same value in every iteration is its initial
//!   value plus the number of iterations times that value; scalar
//!   statements at the start of a `for` loop's body that do not depend on
//!   the iteration but can fail move in front of it, in a branch on
//!   whether it runs, up to the first that can fail and cannot move;
//! * loop-invariant code motion: a statement in a loop body or in a
//!   SOAC's lambda that uses nothing bound inside, cannot fail (or is
//!   proved not to fail by what is known outside), consumes nothing and
//!   whose result is neither consumed nor an array the body returns
//!   moves in front of the loop or SOAC;
//! * the representation's own rules ([`Operation::simplify`]; for SOACs
//!   in [`soac`]).
//!
//! Dead code removal ([`dead`]) then removes statements whose results
//! are unused and which cannot fail, unused loop parameters, unused
//! results and reduction components of operations; copy removal
//! ([`copies`]) replaces copies that nothing consumes, or whose source
//! nothing reads after them, by their source.

mod arrays;
mod branches;
mod copies;
mod dead;
mod loops;
mod scalar;
pub(crate) mod soac;

use crate::ir::Attrs;
use loops::LoopOutcome;
#[cfg(test)]
mod tests;

use crate::ir::analysis::{Types, can_fail_unless, consumed, consumed_anywhere};
use crate::ir::check::result_types;
use crate::ir::rep::SimplifyOp;
use crate::ir::traverse::{Renamer, for_each_use_in_body, free_in_exp, map_lambda_types, map_type};
use crate::ir::{
    Body, DimIndex, ErrorPart, Exp, Lambda, Loc, Operation, Param, PatElem, Program, Rep, Stm,
    SubExp, Type, Var,
};
use prim::{BinOp, CmpOp, PrimType, PrimValue};
use rustc_hash::{FxHashMap, FxHashSet};

/// How many rounds the simplifier runs at most.
const MAX_ROUNDS: usize = 8;

/// Simplifies every function of the program.
pub fn simplify<R: Rep>(program: &mut Program<R>) {
    for _ in 0..MAX_ROUNDS {
        if !simplify_round(program) {
            break;
        }
    }
}

/// One round of the forward pass, dead code removal and copy removal
/// over every function; whether anything changed.
fn simplify_round<R: Rep>(program: &mut Program<R>) -> bool {
    let mut types = Types::of_program(program);
    let mut names = std::mem::take(&mut program.var_names);
    let mut bodies: Vec<Body<R>> = program
        .functions
        .iter_mut()
        .map(|f| std::mem::take(&mut f.body))
        .collect();
    let mut changed = false;
    for (function, body) in program.functions.iter().zip(&mut bodies) {
        let before = body.clone();
        let consumed = copies::may_be_consumed(program, body, false);
        let consumable = copies::may_be_consumed(program, body, true);
        let mut simplifier = Simplifier {
            program,
            names: &mut names,
            types: &mut types,
            subst: FxHashMap::default(),
            cse: FxHashMap::default(),
            defs: FxHashMap::default(),
            facts: Facts::default(),
            proven: FxHashMap::default(),
            consumed,
            consumable,
            uses: use_counts(body),
            maps: FxHashMap::default(),
            depth: 0,
            repeating: 0,
            undo: Vec::new(),
        };
        simplifier.params(&function.params);
        simplifier.body(body);
        let proven = std::mem::take(&mut simplifier.proven);
        dead::remove_dead_code(program, &types, &proven, &mut names, body);
        copies::remove_copies(program, &function.params, body);
        changed |= *body != before;
    }
    program.var_names = names;
    for (function, body) in program.functions.iter_mut().zip(bodies) {
        function.body = body;
    }
    changed
}

/// An operand in a key of the common-subexpression table (constants by
/// their exact text, so that `-0.0` and `0.0` differ).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Operand {
    Var(Var),
    Const(String),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key(String, Vec<Operand>);

/// What the forward pass knows of sizes at a point, each fact with the
/// depth of nesting (of bodies) where it became known: a proof from facts
/// of depth `d` holds only inside the body at depth `d`.
#[derive(Debug, Default)]
struct Facts {
    /// Variables known not to be negative.
    nonnegative: FxHashMap<Var, usize>,
    /// Variables known to be positive.
    positive: FxHashMap<Var, usize>,
    /// Sizes known to be equal: each variable's representative.
    equal: FxHashMap<Var, (SubExp, usize)>,
    /// The loop counters in scope, with their bounds (a counter `i` of
    /// `for i < n` is in `[0, n)`).
    counters: FxHashMap<Var, SubExp>,
    /// Variables known to be below a bound (inside `if i < n then`),
    /// with the bound and the depth of the fact.
    below: FxHashMap<Var, (SubExp, usize)>,
}

#[derive(Debug, Clone, Copy)]
enum FactKind {
    Nonnegative,
    Positive,
}

enum Undo {
    Subst(Var, Option<SubExp>),
    Cse(Key, Option<Vec<Var>>),
    Fact(FactKind, Var, Option<usize>),
    Equal(Var, Option<(SubExp, usize)>),
    Below(Var, Option<(SubExp, usize)>),
}

/// The result of simplifying one statement.
enum Simplified<R: Rep> {
    /// The statement's results are these operands.
    To(Vec<SubExp>),
    /// These statements replace it (the last ones binding its pattern);
    /// each is simplified in turn.
    Stms(Vec<Stm<R>>),
    /// The statement stays.
    Keep,
    /// The statement does nothing.
    Gone,
}

struct Simplifier<'p, R: Rep> {
    program: &'p Program<R>,
    names: &'p mut Vec<String>,
    types: &'p mut Types,
    subst: FxHashMap<Var, SubExp>,
    cse: FxHashMap<Key, Vec<Var>>,
    /// The expression (without nested code) that bound each variable
    /// bound alone by a statement kept so far; valid wherever the
    /// variable is in scope.
    defs: FxHashMap<Var, Exp<R>>,
    facts: Facts,
    /// The statements (by their first variable) proved not to fail, with
    /// the depth of the facts the proof used.
    proven: FxHashMap<Var, usize>,
    /// Arrays that some statement of the function may consume (or that
    /// share memory with one that may be): a rule may not read one
    /// later than the program did.
    consumed: FxHashSet<Var>,
    /// Those and the arrays that share memory with the function's
    /// results, which its callers may consume: a rule may not make one
    /// share memory with another array.
    consumable: FxHashSet<Var>,
    /// How many times the function uses each variable (at the start of
    /// the round), in nested code and types too.
    uses: FxHashMap<Var, usize>,
    /// The lambda and inputs of each map (an operation that only maps)
    /// kept so far whose one result the function uses once.
    maps: FxHashMap<Var, MapDef<R>>,
    /// The nesting depth of the body being simplified.
    depth: usize,
    /// How many loop bodies and lambdas (code that may run many times)
    /// enclose the body being simplified.
    repeating: usize,
    undo: Vec<Undo>,
}

/// A map whose one result is used once: its lambda, its input arrays and
/// the nesting depth of the body computing it.
struct MapDef<R: Rep> {
    lambda: Lambda<R>,
    arrays: Vec<Var>,
    depth: usize,
}

fn operand(se: SubExp) -> Operand {
    match se {
        SubExp::Var(v) => Operand::Var(v),
        SubExp::Const(c) => Operand::Const(format!("{c:?}")),
    }
}

fn is_zero(se: SubExp) -> bool {
    matches!(se, SubExp::Const(c) if c == PrimValue::zero(c.prim_type()))
}

fn is_one(se: SubExp) -> bool {
    matches!(se, SubExp::Const(c) if c != PrimValue::Bool(true)
        && prim::convert(PrimValue::I64(1), c.prim_type()) == c)
}

/// The constant `value` of an integer type.
fn int_const(ty: PrimType, value: i64) -> SubExp {
    SubExp::Const(prim::convert(PrimValue::I64(value), ty))
}

impl<R: Rep> Simplifier<'_, R> {
    fn lookup(&self, se: SubExp) -> SubExp {
        match se {
            SubExp::Var(v) => self.subst.get(&v).copied().unwrap_or(se),
            SubExp::Const(_) => se,
        }
    }

    fn type_of(&self, se: SubExp) -> Option<Type> {
        self.types.of(se)
    }

    fn bind_subst(&mut self, var: Var, se: SubExp, scoped: bool) {
        let previous = self.subst.insert(var, se);
        if scoped {
            self.undo.push(Undo::Subst(var, previous));
        }
    }

    fn restore(&mut self, mark: usize) {
        while self.undo.len() > mark {
            let Some(undo) = self.undo.pop() else { break };
            match undo {
                Undo::Subst(var, previous) => restore_entry(&mut self.subst, var, previous),
                Undo::Cse(key, previous) => restore_entry(&mut self.cse, key, previous),
                Undo::Fact(kind, var, previous) => {
                    restore_entry(self.facts.of_kind(kind), var, previous)
                }
                Undo::Equal(var, previous) => restore_entry(&mut self.facts.equal, var, previous),
                Undo::Below(var, previous) => restore_entry(&mut self.facts.below, var, previous),
            }
        }
    }

    /// A fresh variable of the given type.
    fn fresh(&mut self, hint: &str, ty: Type) -> Var {
        crate::ir::analysis::fresh_var(self.names, self.types, hint, ty)
    }

    /// A statement binding the single result of `exp` to a fresh
    /// variable.
    fn new_stm(&mut self, hint: &str, exp: Exp<R>, loc: &Option<Loc>) -> (SubExp, Stm<R>) {
        let ty = match result_types(&*self.types, &exp).as_deref() {
            Ok([ty]) => ty.instantiate(&[]),
            _ => panic!("simplifier bug: ill-typed {exp:?}"),
        };
        let var = self.fresh(hint, ty.clone());
        let stm = Stm {
            pat: vec![PatElem::new(var, ty)],
            exp,
            loc: loc.clone(),
            attrs: Attrs::default(),
        };
        (SubExp::Var(var), stm)
    }

    // Facts.

    fn note(&mut self, kind: FactKind, se: SubExp) {
        let depth = self.depth;
        let SubExp::Var(var) = se else { return };
        let map = self.facts.of_kind(kind);
        let previous = map.get(&var).copied();
        if previous.is_none_or(|d| d > depth) {
            map.insert(var, depth);
            self.undo.push(Undo::Fact(kind, var, previous));
        }
    }

    /// The depth of the facts that make `se` known not to be negative.
    fn nonnegative(&self, se: SubExp) -> Option<usize> {
        match se {
            SubExp::Const(c) => (!is_negative(c)).then_some(0),
            SubExp::Var(v) => {
                let known = [&self.facts.nonnegative, &self.facts.positive]
                    .into_iter()
                    .filter_map(|m| m.get(&v).copied())
                    .min();
                known.or_else(|| self.counter_depth(v))
            }
        }
    }

    /// A loop counter is not negative wherever it is in scope.
    fn counter_depth(&self, v: Var) -> Option<usize> {
        self.facts.counters.contains_key(&v).then_some(self.depth)
    }

    /// The depth of the facts that make `se` known to be positive.
    fn positive(&self, se: SubExp) -> Option<usize> {
        match se {
            SubExp::Const(c) => (!is_negative(c) && !is_zero(se)).then_some(0),
            SubExp::Var(v) => self.facts.positive.get(&v).copied(),
        }
    }

    /// The representative of a size among those known equal to it, and
    /// the depth of the facts that say so.
    fn size_class(&self, se: SubExp) -> (SubExp, usize) {
        let mut current = se;
        let mut depth = 0;
        while let SubExp::Var(v) = current
            && let Some(&(next, d)) = self.facts.equal.get(&v)
        {
            current = next;
            depth = depth.max(d);
        }
        (current, depth)
    }

    fn note_equal(&mut self, a: SubExp, b: SubExp) {
        let (a, _) = self.size_class(a);
        let (b, _) = self.size_class(b);
        if a == b {
            return;
        }
        let (from, to) = match (a, b) {
            (SubExp::Var(v), other) | (other, SubExp::Var(v)) => (v, other),
            _ => return,
        };
        let previous = self.facts.equal.insert(from, (to, self.depth));
        self.undo.push(Undo::Equal(from, previous));
    }

    /// Records that a boolean operand is true here (an assertion passed,
    /// a branch was taken): itself, and what its definition says of
    /// sizes.
    fn learn_true(&mut self, condition: SubExp) {
        let SubExp::Var(c) = condition else { return };
        self.bind_subst(c, SubExp::bool(true), true);
        match self.defs.get(&c).cloned() {
            Some(Exp::Cmp(CmpOp::Le, a, b)) if self.nonnegative(a).is_some() => {
                self.note(FactKind::Nonnegative, b);
                if self.positive(a).is_some() {
                    self.note(FactKind::Positive, b);
                }
            }
            Some(Exp::Cmp(CmpOp::Lt, a, b)) => {
                if self.nonnegative(a).is_some() {
                    self.note(FactKind::Positive, b);
                }
                if let SubExp::Var(a) = a
                    && !self.facts.below.contains_key(&a)
                {
                    self.facts.below.insert(a, (b, self.depth));
                    self.undo.push(Undo::Below(a, None));
                }
            }
            Some(Exp::Cmp(CmpOp::Eq, a, b))
                if self.type_of(a) == Some(Type::i64()) && self.type_of(b) == Some(Type::i64()) =>
            {
                self.note_equal(a, b);
                for kind in [FactKind::Nonnegative, FactKind::Positive] {
                    let known = |s: &Self, se| match kind {
                        FactKind::Nonnegative => s.nonnegative(se).is_some(),
                        FactKind::Positive => s.positive(se).is_some(),
                    };
                    if known(self, a) {
                        self.note(kind, b);
                    } else if known(self, b) {
                        self.note(kind, a);
                    }
                }
            }
            Some(Exp::BinOp(BinOp::And, a, b)) => {
                self.learn_true(a);
                self.learn_true(b);
            }
            _ => {}
        }
    }

    /// Records that a boolean operand is false here (the other branch
    /// was taken): itself, and that a size compared equal to zero is
    /// positive.
    fn learn_false(&mut self, condition: SubExp) {
        let SubExp::Var(c) = condition else { return };
        self.bind_subst(c, SubExp::bool(false), true);
        if let Some(Exp::Cmp(CmpOp::Eq, a, b)) = self.defs.get(&c).cloned() {
            let other = match (a, b) {
                (x, zero) | (zero, x) if is_zero(zero) && !is_zero(x) => x,
                _ => return,
            };
            if self.type_of(other) == Some(Type::i64()) && self.nonnegative(other).is_some() {
                self.note(FactKind::Positive, other);
            }
        }
    }

    /// Records that the dimensions of a type are sizes.
    fn note_type(&mut self, ty: &Type) {
        for &d in ty.shape() {
            self.note(FactKind::Nonnegative, d);
        }
    }

    fn params(&mut self, params: &[Param]) {
        for p in params {
            self.note_type(&p.ty);
        }
    }

    // Proofs.

    /// Whether a statement is known not to fail at run time (by its kind
    /// or by a proof), for dead code removal where it stands.
    fn fails(&self, stm: &Stm<R>) -> bool {
        let proven = |s: &Stm<R>| {
            s.pat
                .first()
                .is_some_and(|p| self.proven.contains_key(&p.var))
        };
        !proven(stm) && can_fail_unless(&*self.types, &stm.exp, &proven)
    }

    /// Whether a statement of the body at depth `depth` can fail where
    /// only the facts from outside that body hold.
    fn fails_outside(&self, stm: &Stm<R>, depth: usize) -> bool {
        let proven = |s: &Stm<R>| {
            s.pat
                .first()
                .and_then(|p| self.proven.get(&p.var))
                .is_some_and(|&d| d != depth)
        };
        !proven(stm) && can_fail_unless(&*self.types, &stm.exp, &proven)
    }

    fn prove(&mut self, stm: &Stm<R>, depth: usize) {
        if let Some(p) = stm.pat.first() {
            self.proven.insert(p.var, depth);
        }
    }

    /// Records what a kept statement proves about itself (that it cannot
    /// fail) and tells about what follows.
    fn learn(&mut self, stm: &Stm<R>) {
        if let Some(depth) = self.proof(stm) {
            self.prove(stm, depth);
        }
        for pe in &stm.pat {
            self.note_type(&pe.ty);
        }
        match &stm.exp {
            Exp::Assert { condition, .. } => self.learn_true(*condition),
            Exp::Op(op) => {
                if let [pe] = stm.pat.as_slice()
                    && self.uses.get(&pe.var) == Some(&1)
                    && let Some((lambda, arrays)) = op.as_map()
                {
                    let map = MapDef {
                        lambda: lambda.clone(),
                        arrays: arrays.to_vec(),
                        depth: self.depth,
                    };
                    self.maps.insert(pe.var, map);
                }
            }
            Exp::If { .. } | Exp::Loop { .. } => {}
            exp => {
                if let [pe] = stm.pat.as_slice() {
                    self.defs.insert(pe.var, exp.clone());
                }
            }
        }
    }

    /// The depth of the facts proving that a statement that could fail
    /// by its kind does not.
    fn proof(&self, stm: &Stm<R>) -> Option<usize> {
        match &stm.exp {
            Exp::Iota { len, .. } => self.nonnegative(*len),
            Exp::Replicate { shape, .. } | Exp::Scratch { shape, .. } => {
                self.all_nonnegative(shape)
            }
            Exp::Reshape { shape, array } => self.reshape_proof(shape, *array),
            Exp::Index { array, slice } => self.in_bounds(*array, slice),
            _ => None,
        }
    }

    fn all_nonnegative(&self, dims: &[SubExp]) -> Option<usize> {
        dims.iter()
            .map(|&d| self.nonnegative(d))
            .try_fold(0, |acc, d| Some(acc.max(d?)))
    }

    /// Whether every index of a slice is known to be in bounds, and the
    /// depth of the facts that say so.
    fn in_bounds(&self, array: Var, slice: &[DimIndex]) -> Option<usize> {
        let ty = self.types.get(array)?;
        slice
            .iter()
            .zip(ty.shape())
            .map(|(index, &dim)| match *index {
                DimIndex::Fix(i) => self.index_in_bounds(i, dim),
                DimIndex::Slice { .. } => None,
            })
            .try_fold(0, |acc, d| Some(acc.max(d?)))
    }

    fn index_in_bounds(&self, i: SubExp, dim: SubExp) -> Option<usize> {
        match (i, dim) {
            (SubExp::Const(i), SubExp::Const(d)) => {
                let (i, d) = (i.as_i64()?, d.as_i64()?);
                (0 <= i && i < d).then_some(0)
            }
            (SubExp::Var(v), _) => {
                // A loop counter, a variable not negative and below a
                // bound, or one less than a positive bound.
                let (bound, fact_depth) = match self.facts.counters.get(&v) {
                    Some(&bound) => (bound, self.depth),
                    None => match self.last_below(v) {
                        Some(bound) => (bound, self.positive(bound)?),
                        None => {
                            let &(bound, below_depth) = self.facts.below.get(&v)?;
                            (bound, below_depth.max(self.nonnegative(i)?))
                        }
                    },
                };
                let (bound, bound_depth) = self.size_class(bound);
                let (dim, dim_depth) = self.size_class(dim);
                let within = match (bound, dim) {
                    (SubExp::Const(b), SubExp::Const(d)) => b.as_i64()? <= d.as_i64()?,
                    _ => bound == dim,
                };
                (within && self.type_of(i) == Some(Type::i64()))
                    .then_some(fact_depth.max(bound_depth).max(dim_depth))
            }
            _ => None,
        }
    }

    /// The bound `n` of a variable defined as `n - 1`.
    fn last_below(&self, v: Var) -> Option<SubExp> {
        let is = |se: SubExp, k: i64| matches!(se, SubExp::Const(c) if c.as_i64() == Some(k));
        let minus_one = |se| is(se, -1);
        let one = |se| is(se, 1);
        match *self.defs.get(&v)? {
            Exp::BinOp(BinOp::Add, n, d) | Exp::BinOp(BinOp::Add, d, n) if minus_one(d) => Some(n),
            Exp::BinOp(BinOp::Sub, n, d) if one(d) => Some(n),
            _ => None,
        }
    }

    // Traversal.

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

    /// Simplifies a body nested one level deeper, with `params` bound
    /// around it and `facts` run first.
    fn nested(&mut self, body: &mut Body<R>, params: &[Param], facts: impl FnOnce(&mut Self)) {
        let mark = self.undo.len();
        self.depth += 1;
        self.params(params);
        facts(self);
        self.body(body);
        self.depth -= 1;
        self.restore(mark);
    }

    fn stm(&mut self, mut stm: Stm<R>, out: &mut Vec<Stm<R>>) {
        stm.exp.map_operands(&mut |se| *se = self.lookup(*se));
        stm.exp.map_type_dims(&mut |se| *se = self.lookup(*se));
        for pe in &mut stm.pat {
            map_type(&mut pe.ty, &mut |se| *se = self.lookup(*se));
        }
        let loc = stm.loc.clone();
        let mut after = Vec::new();
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
                self.inline_body(taken, &stm.pat, out);
                return;
            }
            Exp::If {
                condition,
                then_body,
                else_body,
                ..
            } => {
                let condition = *condition;
                self.nested(then_body, &[], |s| s.learn_true(condition));
                self.nested(else_body, &[], |s| s.learn_false(condition));
                let mut moved = self.common_branch_stms(&mut stm);
                if self.repeating > 0 {
                    moved.extend(self.closed_branch_stms(&mut stm));
                }
                let moved_vars = bound_vars(&moved);
                for inner in moved {
                    self.stm(inner, out);
                }
                // A moved statement may have become another variable (an
                // equal one in scope) that the branches must now name.
                self.rename_moved(&mut stm, &moved_vars);
            }
            Exp::Loop { .. } => {
                let (outcome, hoisted) = self.loop_stm(&mut stm);
                out.extend(hoisted);
                match outcome {
                    LoopOutcome::Replaced(stms) => {
                        for inner in stms {
                            self.stm(inner, out);
                        }
                        return;
                    }
                    LoopOutcome::Kept(before, stms) => {
                        let moved = bound_vars(&before);
                        for inner in before {
                            self.stm(inner, out);
                        }
                        self.rename_moved(&mut stm, &moved);
                        after = stms;
                    }
                }
            }
            Exp::Op(op) => {
                for (var, ty) in op.binders() {
                    self.types.set(var, ty);
                }
                let binders: Vec<Param> = op
                    .binders()
                    .into_iter()
                    .map(|(var, ty)| Param {
                        var,
                        ty,
                        unique: false,
                        mem: None,
                    })
                    .collect();
                let inside: FxHashSet<Var> = binders.iter().map(|p| p.var).collect();
                let depth = self.depth + 1;
                self.repeating += 1;
                for body in op.bodies_mut() {
                    self.nested(body, &binders, |_| {});
                    out.extend(self.hoist(body, inside.clone(), depth));
                }
                for lambda in op.lambdas_mut() {
                    map_lambda_types(lambda, &mut |se| *se = self.lookup(*se));
                    self.nested(&mut lambda.body, &lambda.params, |_| {});
                    let inside = lambda.params.iter().map(|p| p.var).collect();
                    out.extend(self.hoist(&mut lambda.body, inside, depth));
                }
                self.repeating -= 1;
                after = op.simplify(&mut stm.pat, self);
            }
            _ => {}
        }
        let simplified = self.simplify_stm(&stm);
        match simplified {
            Simplified::To(ses) => {
                for (pe, se) in stm.pat.iter().zip(ses) {
                    let se = self.lookup(se);
                    self.bind_subst(pe.var, se, false);
                }
            }
            Simplified::Stms(stms) => {
                for inner in stms {
                    self.stm(inner, out);
                }
            }
            Simplified::Gone => {}
            Simplified::Keep => self.keep(stm, out),
        }
        for mut inner in after {
            if inner.loc.is_none() {
                inner.loc = loc.clone();
            }
            self.stm(inner, out);
        }
    }

    /// Keeps a statement, unless an equal one is already in scope.
    fn keep(&mut self, stm: Stm<R>, out: &mut Vec<Stm<R>>) {
        if let Some(key) = self.key(&stm) {
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

    /// Emits the statements of a body that runs exactly once here, its
    /// results becoming the pattern's values.
    fn inline_body(&mut self, body: Body<R>, pat: &[PatElem], out: &mut Vec<Stm<R>>) {
        for inner in body.stms {
            self.stm(inner, out);
        }
        for (pe, se) in pat.iter().zip(body.result) {
            let se = self.lookup(se);
            self.bind_subst(pe.var, se, false);
        }
    }

    /// The key of a statement whose expression may share the result of
    /// an equal earlier one: scalar operations, sizes and scalar
    /// indexing, and array operations whose results nothing may consume.
    fn key(&self, stm: &Stm<R>) -> Option<Key> {
        let exp = &stm.exp;
        let mut commutative = false;
        let unconsumed = stm.pat.iter().all(|pe| !self.consumable.contains(&pe.var));
        let tag = match exp {
            Exp::BinOp(op, a, _) => {
                commutative = matches!(self.type_of(*a), Some(Type::Prim(t)) if op.commutes(t));
                format!("{op:?}")
            }
            Exp::Cmp(op, ..) => {
                commutative = *op == CmpOp::Eq;
                format!("{op:?}")
            }
            Exp::UnOp(op, ..) => format!("{op:?}"),
            Exp::Convert(to, ..) => format!("to {}", to.name()),
            Exp::PrimFn(f, ..) => format!("{f:?}"),
            Exp::Index { array, slice }
                if slice.iter().all(|i| matches!(i, DimIndex::Fix(_)))
                    && self.types.get(*array).map(|t| t.rank()) == Some(slice.len()) =>
            {
                "index".to_owned()
            }
            // Views of one array share its memory anyway.
            Exp::Index { slice, .. } => format!("slice {slice:?}"),
            Exp::Reshape { .. } => "reshape".to_owned(),
            Exp::Rearrange { perm, .. } => format!("rearrange {perm:?}"),
            Exp::Iota { ty, .. } if unconsumed => format!("iota {}", ty.name()),
            Exp::Replicate { shape, .. } if unconsumed => format!("replicate {}", shape.len()),
            Exp::Concat { .. } if unconsumed => "concat".to_owned(),
            Exp::ArrayLit { row, .. } if unconsumed => format!("literal {row:?}"),
            _ => return None,
        };
        let mut ops = Vec::new();
        exp.for_each_operand(&mut |se| ops.push(operand(se)));
        if commutative {
            ops.sort();
        }
        Some(Key(tag, ops))
    }

    fn simplify_stm(&mut self, stm: &Stm<R>) -> Simplified<R> {
        match &stm.exp {
            Exp::SubExp(se) => Simplified::To(vec![*se]),
            Exp::BinOp(op, a, b) => self.binop(stm, *op, *a, *b),
            Exp::Cmp(op, a, b) => self.cmp(*op, *a, *b),
            Exp::UnOp(op, SubExp::Const(x)) => {
                Simplified::To(vec![SubExp::Const(prim::eval_unop(*op, *x))])
            }
            Exp::Convert(to, a) => self.convert(stm, *to, *a),
            Exp::PrimFn(f, args) => scalar::prim_fn(*f, args),
            Exp::Assert { condition, .. } if *condition == SubExp::bool(true) => Simplified::Gone,
            Exp::Copy(x) if self.types.get(*x).is_some_and(|t| t.rank() == 0) => {
                Simplified::To(vec![SubExp::Var(*x)])
            }
            Exp::Index { array, slice } => self.index(stm, *array, slice),
            Exp::Reshape { shape, array } => self.reshape(stm, shape, *array),
            Exp::Replicate { shape, value } => self.replicate(stm, shape, *value),
            Exp::Update {
                array,
                slice,
                value,
            } => self.update(stm, *array, slice, *value),
            Exp::Rearrange { perm, array } => self.rearrange(stm, perm, *array),
            Exp::Concat { arrays, width } => self.concat(stm, arrays, *width),
            Exp::ArrayLit { elements, row } => self.array_lit(stm, elements, row),
            Exp::If { .. } => self.branch_results(stm),
            _ => Simplified::Keep,
        }
    }

    /// Renames, in the nested code of `stm` (a loop or a branch), those
    /// of the variables `moved` (bound by statements moved in front of
    /// it) that their simplification replaced (a branch on a condition
    /// found constant is inlined, an expression computed before is
    /// shared): the nested code was simplified before them.
    fn rename_moved(&self, stm: &mut Stm<R>, moved: &[Var]) {
        let renaming: FxHashMap<Var, SubExp> = moved
            .iter()
            .filter_map(|&var| {
                let new = self.lookup(SubExp::Var(var));
                (new != SubExp::Var(var)).then_some((var, new))
            })
            .collect();
        Renamer::new(&renaming).exp(&mut stm.exp);
    }

    /// Moves the statements of `body` (at nesting depth `depth`) that do
    /// not depend on `inside` (the variables the construct binds around
    /// the body) and are safe to evaluate once, up front, out of it;
    /// returns them.
    fn hoist(&self, body: &mut Body<R>, mut inside: FxHashSet<Var>, depth: usize) -> Vec<Stm<R>> {
        // A view of an array kept back (consumed: a histogram's
        // destination seen as one dimension) keeps the array back too.
        let kept_back = self.returned_or_consumed(body);
        let mut hoisted = Vec::new();
        let mut staying = Vec::with_capacity(body.stms.len());
        for stm in std::mem::take(&mut body.stms) {
            let movable = !self.fails_outside(&stm, depth)
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

    /// A check that `indices` index an array of `shape` in bounds,
    /// failing with the message indexing it would fail with; no
    /// statements where that is known.
    fn bounds_check(
        &mut self,
        shape: &[SubExp],
        indices: &[SubExp],
        loc: &Option<Loc>,
    ) -> (Vec<Stm<R>>, usize) {
        let shown = indices.iter().map(|&i| vec![ErrorPart::Value(i)]).collect();
        self.bounds_check_shown(shape, indices, shown, loc)
    }

    /// [`Simplifier::bounds_check`], where the message shows each index
    /// as `shown` gives it.
    fn bounds_check_shown(
        &mut self,
        shape: &[SubExp],
        indices: &[SubExp],
        shown: Vec<Vec<ErrorPart>>,
        loc: &Option<Loc>,
    ) -> (Vec<Stm<R>>, usize) {
        let mut stms = Vec::new();
        let mut condition: Option<SubExp> = None;
        let mut depth = 0;
        for (&i, &dim) in indices.iter().zip(shape) {
            if let Some(d) = self.index_in_bounds(i, dim) {
                depth = depth.max(d);
                continue;
            }
            depth = self.depth;
            let (low, s) = self.new_stm("bounds", Exp::Cmp(CmpOp::Le, SubExp::i64(0), i), loc);
            stms.push(s);
            let (high, s) = self.new_stm("bounds", Exp::Cmp(CmpOp::Lt, i, dim), loc);
            stms.push(s);
            let (both, s) = self.new_stm("bounds", Exp::BinOp(BinOp::And, low, high), loc);
            stms.push(s);
            condition = Some(match condition {
                None => both,
                Some(previous) => {
                    let (all, s) =
                        self.new_stm("bounds", Exp::BinOp(BinOp::And, previous, both), loc);
                    stms.push(s);
                    all
                }
            });
        }
        if let Some(condition) = condition {
            let message = ErrorPart::index_out_of_bounds(shown, shape);
            stms.push(Stm {
                pat: Vec::new(),
                exp: Exp::Assert { condition, message },
                loc: loc.clone(),
                attrs: Attrs::default(),
            });
        }
        (stms, depth)
    }

    /// Whether a rule may read `se` where the program read something
    /// else: it is a scalar, or an array nothing may consume.
    fn readable(&self, se: SubExp) -> bool {
        match se {
            SubExp::Const(_) => true,
            SubExp::Var(v) => {
                self.types.get(v).is_some_and(|t| t.rank() == 0) || !self.consumed.contains(&v)
            }
        }
    }
}

/// How many times a body uses each variable, in nested code and types
/// too.
fn use_counts<R: Rep>(body: &Body<R>) -> FxHashMap<Var, usize> {
    let mut uses = FxHashMap::default();
    for_each_use_in_body(body, &mut |v| *uses.entry(v).or_default() += 1);
    uses
}

fn restore_entry<K: std::hash::Hash + Eq, V>(
    map: &mut FxHashMap<K, V>,
    key: K,
    previous: Option<V>,
) {
    match previous {
        Some(value) => map.insert(key, value),
        None => map.remove(&key),
    };
}

fn is_negative(c: PrimValue) -> bool {
    match c {
        PrimValue::I8(v) => v < 0,
        PrimValue::I16(v) => v < 0,
        PrimValue::I32(v) => v < 0,
        PrimValue::I64(v) => v < 0,
        PrimValue::F16(_) | PrimValue::F32(_) | PrimValue::F64(_) | PrimValue::Bool(_) => true,
        _ => false,
    }
}

impl Facts {
    fn of_kind(&mut self, kind: FactKind) -> &mut FxHashMap<Var, usize> {
        match kind {
            FactKind::Nonnegative => &mut self.nonnegative,
            FactKind::Positive => &mut self.positive,
        }
    }
}

impl<R: Rep> SimplifyOp<R> for Simplifier<'_, R> {
    fn body_can_fail(&self, body: &Body<R>) -> bool {
        body.stms.iter().any(|stm| self.fails(stm))
    }

    fn nonnegative(&self, size: SubExp) -> bool {
        Simplifier::nonnegative(self, size).is_some()
    }

    fn replicated_row(&self, array: Var) -> Option<SubExp> {
        match self.defs.get(&array) {
            Some(&Exp::Replicate { ref shape, value })
                if shape.len() == 1 && self.readable(value) =>
            {
                Some(value)
            }
            _ => None,
        }
    }

    fn consumed_in(&self, body: &Body<R>) -> FxHashSet<Var> {
        consumed_anywhere(self.program, body)
    }
}

/// The variables the statements bind.
fn bound_vars<R: Rep>(stms: &[Stm<R>]) -> Vec<Var> {
    stms.iter()
        .flat_map(|stm| stm.pat.iter().map(|pe| pe.var))
        .collect()
}
