//! The dependencies between the statements of one body, as fusion needs
//! them: which statements use which variables, which memory each array
//! may share (its alias roots), what each statement consumes, and from
//! these whether two statements may be brought together and where the
//! statements between them then go.

use crate::ir::analysis::{Types, can_fail, consumed};
use crate::ir::traverse::free_in_exp;
use crate::ir::{Body, Exp, Operation, Program, Soac, Stm, SubExp, Var};
use rustc_hash::{FxHashMap, FxHashSet};

/// What fusion knows about the statements of a body.
pub(super) struct Deps {
    /// The variables each statement binds.
    defs: Vec<Vec<Var>>,
    /// The variables each statement uses (its operands, nested code and
    /// the sizes in its types).
    uses: Vec<FxHashSet<Var>>,
    /// The alias roots of the arrays each statement reads.
    read_roots: Vec<FxHashSet<Var>>,
    /// The alias roots of what each statement consumes.
    consumed_roots: Vec<FxHashSet<Var>>,
    /// Whether each statement can fail (or not terminate).
    fails: Vec<bool>,
    /// Whether each statement is an assertion: later statements that
    /// can fail may count on it having held.
    asserts: Vec<bool>,
    /// The variables the body's result uses, and those that statements
    /// rewritten since the dependencies were found use.
    result: FxHashSet<Var>,
    /// The statements using each variable, in order (so that finding a
    /// variable's users does not look at every statement).
    users: FxHashMap<Var, Vec<usize>>,
    /// The statement binding each variable the body binds.
    binders: FxHashMap<Var, usize>,
}

/// Where the statements between an earlier statement `first` and a later
/// `second` go when the two become one statement: `before` it (those
/// that neither depend on `first` nor conflict with it) and `after` it.
pub(super) struct Placement {
    pub before: Vec<usize>,
    pub after: Vec<usize>,
}

impl Deps {
    pub fn new(program: &Program, types: &Types, body: &Body) -> Deps {
        let uses: Vec<FxHashSet<Var>> = body
            .stms
            .iter()
            .map(|stm| {
                let mut uses = free_in_exp(&stm.exp);
                for pe in &stm.pat {
                    uses.extend(pe.ty.shape().iter().filter_map(|d| d.as_var()));
                }
                uses
            })
            .collect();
        let roots = alias_roots(types, body, &uses);
        let roots_of = |vars: &mut dyn Iterator<Item = Var>| -> FxHashSet<Var> {
            let mut out = FxHashSet::default();
            for v in vars {
                match roots.get(&v) {
                    Some(rs) => out.extend(rs.iter().copied()),
                    None => {
                        out.insert(v);
                    }
                }
            }
            out
        };
        let mut deps = Deps {
            defs: Vec::new(),
            uses: Vec::new(),
            read_roots: Vec::new(),
            consumed_roots: Vec::new(),
            fails: Vec::new(),
            asserts: Vec::new(),
            result: body.result.iter().filter_map(|se| se.as_var()).collect(),
            users: FxHashMap::default(),
            binders: FxHashMap::default(),
        };
        for (i, (stm, uses)) in body.stms.iter().zip(&uses).enumerate() {
            for &v in uses {
                deps.users.entry(v).or_default().push(i);
            }
            for pe in &stm.pat {
                deps.binders.insert(pe.var, i);
            }
        }
        for (stm, uses) in body.stms.iter().zip(uses) {
            let arrays = uses
                .iter()
                .copied()
                .filter(|&v| types.get(v).is_some_and(|t| t.rank() > 0));
            deps.read_roots.push(roots_of(&mut arrays.into_iter()));
            deps.consumed_roots
                .push(roots_of(&mut consumed_by(program, stm).into_iter()));
            deps.defs.push(stm.pat.iter().map(|pe| pe.var).collect());
            deps.uses.push(uses);
            deps.fails.push(can_fail(types, &stm.exp));
            deps.asserts.push(matches!(stm.exp, Exp::Assert { .. }));
        }
        deps
    }

    /// The variables statement `i` uses.
    pub fn uses_of(&self, i: usize) -> impl Iterator<Item = Var> + '_ {
        self.uses[i].iter().copied()
    }

    /// Whether statement `i` can fail or consumes anything (so that it
    /// stays where nothing uses its results).
    pub fn effectful(&self, i: usize) -> bool {
        self.fails[i] || !self.consumed_roots[i].is_empty()
    }

    /// Whether statement `i` uses one of the variables statement `j`
    /// binds.
    pub fn depends(&self, i: usize, j: usize) -> bool {
        self.defs[j].iter().any(|v| self.uses[i].contains(v))
    }

    /// Whether statements `i` and `j` may not trade places beyond their
    /// data dependencies: one consumes memory the other reads (or
    /// consumes), or the earlier is an assertion the later, which can
    /// fail, may count on.
    pub fn conflict(&self, i: usize, j: usize) -> bool {
        let (early, late) = (i.min(j), i.max(j));
        !self.consumed_roots[i].is_disjoint(&self.read_roots[j])
            || !self.consumed_roots[j].is_disjoint(&self.read_roots[i])
            || !self.consumed_roots[i].is_disjoint(&self.consumed_roots[j])
            || (self.asserts[early] && self.fails[late])
    }

    /// Whether statement `second` consumes memory that `first` reads:
    /// running them together would read memory while it is written.
    pub fn consumes_read(&self, second: usize, first: usize) -> bool {
        !self.consumed_roots[second].is_disjoint(&self.read_roots[first])
    }

    /// The statements (and the body's result, as `None`) using `var`.
    pub fn users(&self, var: Var) -> impl Iterator<Item = Option<usize>> + '_ {
        let stms = self
            .users
            .get(&var)
            .into_iter()
            .flatten()
            .copied()
            .map(Some);
        stms.chain(self.result.contains(&var).then_some(None))
    }

    /// Records that statements standing after every statement these
    /// dependencies still describe (those a fusion rewrote) use what
    /// `stms` use: as far as the earlier statements go, like the body's
    /// result.
    pub fn used_later(&mut self, stms: &[Stm]) {
        for stm in stms {
            self.result.extend(free_in_exp(&stm.exp));
            for pe in &stm.pat {
                self.result
                    .extend(pe.ty.shape().iter().filter_map(|d| d.as_var()));
            }
        }
    }

    /// The statement binding `var`, if the body binds it.
    pub fn binder(&self, var: Var) -> Option<usize> {
        self.binders.get(&var).copied()
    }

    /// Where the statements between `first` and `second` go when the
    /// two are merged into one statement, or `None` where they cannot
    /// be: where a statement between them depends on `first` (or must
    /// stay after it) and `second` depends on it (or it must stay before
    /// `second`).
    pub fn placement(&self, first: usize, second: usize) -> Option<Placement> {
        let between = first + 1..second;
        // What the statements tied to `first` bind, read and consume, and
        // whether one is an assertion, gathered as they are found.
        let mut after = Tied::of(self, first);
        let mut after_list = Vec::new();
        for x in between.clone() {
            let tied = self.uses[x].iter().any(|v| after.defs.contains(v))
                || !self.consumed_roots[x].is_disjoint(&after.read_roots)
                || !after.consumed_roots.is_disjoint(&self.read_roots[x])
                || !self.consumed_roots[x].is_disjoint(&after.consumed_roots)
                || (after.asserts && self.fails[x]);
            if tied {
                after.add(self, x);
                after_list.push(x);
            }
        }
        // Those `second` is tied to, from it backwards.
        let mut before_second = Tied::of(self, second);
        for x in between.clone().rev() {
            let tied = self.defs[x].iter().any(|v| before_second.uses.contains(v))
                || !self.consumed_roots[x].is_disjoint(&before_second.read_roots)
                || !before_second
                    .consumed_roots
                    .is_disjoint(&self.read_roots[x])
                || !self.consumed_roots[x].is_disjoint(&before_second.consumed_roots)
                || (self.asserts[x] && before_second.fails);
            if tied {
                if after_list.contains(&x) {
                    return None;
                }
                before_second.add(self, x);
            }
        }
        let before = between.filter(|x| !after_list.contains(x)).collect();
        Some(Placement {
            before,
            after: after_list,
        })
    }
}

/// The union of what some statements bind, use, read and consume, and
/// whether one is an assertion or can fail.
struct Tied {
    defs: FxHashSet<Var>,
    uses: FxHashSet<Var>,
    read_roots: FxHashSet<Var>,
    consumed_roots: FxHashSet<Var>,
    asserts: bool,
    fails: bool,
}

impl Tied {
    fn of(deps: &Deps, i: usize) -> Tied {
        let mut tied = Tied {
            defs: FxHashSet::default(),
            uses: FxHashSet::default(),
            read_roots: FxHashSet::default(),
            consumed_roots: FxHashSet::default(),
            asserts: false,
            fails: false,
        };
        tied.add(deps, i);
        tied
    }

    fn add(&mut self, deps: &Deps, i: usize) {
        self.defs.extend(deps.defs[i].iter().copied());
        self.uses.extend(deps.uses[i].iter().copied());
        self.read_roots.extend(deps.read_roots[i].iter().copied());
        self.consumed_roots
            .extend(deps.consumed_roots[i].iter().copied());
        self.asserts |= deps.asserts[i];
        self.fails |= deps.fails[i];
    }
}

/// What a statement consumes: its own consumption, and the arrays
/// whose rows its SOAC's lambda consumes.
fn consumed_by(program: &Program, stm: &Stm) -> FxHashSet<Var> {
    let mut out = consumed(program, &stm.exp);
    if let Exp::Op(soac) = &stm.exp {
        let lambdas = soac.lambdas();
        let params = &lambdas[0].params;
        let rows = &params[params.len() - soac.arrays().len()..];
        for (param, &array) in rows.iter().zip(soac.arrays()) {
            if param.unique || out.contains(&param.var) {
                out.insert(array);
            }
        }
        for lambda in lambdas {
            for param in &lambda.params {
                out.remove(&param.var);
            }
        }
    }
    out
}

/// For each array bound in the body, the variables whose memory it may
/// share: those of the arrays it is a view of or may return, or itself
/// alone where it is fresh memory. Variables bound outside the body are
/// their own roots. `uses` are the variables each statement uses.
fn alias_roots(types: &Types, body: &Body, uses: &[FxHashSet<Var>]) -> FxHashMap<Var, Vec<Var>> {
    let mut roots: FxHashMap<Var, Vec<Var>> = FxHashMap::default();
    let of = |roots: &FxHashMap<Var, Vec<Var>>, v: Var| -> Vec<Var> {
        roots.get(&v).cloned().unwrap_or_else(|| vec![v])
    };
    for (stm, uses) in body.stms.iter().zip(uses) {
        let sources: Vec<Var> = match &stm.exp {
            Exp::SubExp(SubExp::Var(v)) => vec![*v],
            Exp::Index { array, .. }
            | Exp::Reshape { array, .. }
            | Exp::Rearrange { array, .. }
            | Exp::Update { array, .. } => vec![*array],
            Exp::Copy(_)
            | Exp::Iota { .. }
            | Exp::Replicate { .. }
            | Exp::ArrayLit { .. }
            | Exp::Concat { .. } => Vec::new(),
            Exp::Op(
                soac @ (Soac::Hist { .. } | Soac::Scatter { .. } | Soac::Accumulate { .. }),
            ) => {
                for (pe, dest) in stm.pat.iter().zip(Operation::consumed(soac)) {
                    let r = of(&roots, dest);
                    roots.insert(pe.var, r);
                }
                continue;
            }
            // Anything else may return arrays it was given, but for the
            // rows a map stacks into fresh arrays.
            exp => {
                let fresh = match exp {
                    Exp::Op(Soac::Screma {
                        scans,
                        reduces,
                        post,
                        ..
                    }) => {
                        let reduced: usize = reduces.iter().map(|r| r.neutral.len()).sum();
                        match post {
                            Some(_) => reduced..stm.pat.len(),
                            None => {
                                let scanned: usize = scans.iter().map(|s| s.neutral.len()).sum();
                                for pe in &stm.pat[..scanned] {
                                    roots.insert(pe.var, vec![pe.var]);
                                }
                                scanned + reduced..stm.pat.len()
                            }
                        }
                    }
                    _ => 0..0,
                };
                for pe in &stm.pat[fresh] {
                    roots.insert(pe.var, vec![pe.var]);
                }
                let mut arrays: Vec<Var> = uses
                    .iter()
                    .copied()
                    .filter(|&v| types.get(v).is_some_and(|t| t.rank() > 0))
                    .collect();
                arrays.sort();
                arrays
            }
        };
        for pe in &stm.pat {
            if pe.ty.rank() > 0 && !roots.contains_key(&pe.var) {
                let mut r = vec![pe.var];
                for &s in &sources {
                    r.extend(of(&roots, s));
                }
                roots.insert(pe.var, r);
            }
        }
    }
    roots
}
