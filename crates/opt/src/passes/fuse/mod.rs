//! Fusion of SOACs, after the PLDI'17 paper's rules (§4) on the
//! dependency graph of each body, bottom-up (the bodies nested in a
//! statement first, and again after its lambdas have grown by fusion):
//!
//! * **Vertical (producer–consumer) fusion.** A `screma` whose results
//!   per row a later SOAC of the same width takes as input arrays is
//!   merged into it: its map runs first in the merged map and its values
//!   take the place of the consumer's parameters. So a map fuses into a
//!   map, a reduction (redomap), a scan (scanomap), a histogram or a
//!   scatter; a producer with scans or reductions keeps them (the merged
//!   `screma` has both SOACs' operators). A map reading a scan's values
//!   becomes part of the scan's post lambda. Results of the producer
//!   used elsewhere stay results of the merged SOAC, so nothing is
//!   computed twice and a producer with several consumers fuses into
//!   them one after the other.
//! * **Horizontal fusion.** Two independent SOACs of the same width and
//!   kind (`screma`s, histograms or scatters) that read a common array,
//!   or two scatters, become one, which reads the common array once.
//!
//! Two statements are merged where the merged statement can stand
//! between them: the statements between them that depend on the earlier
//! one move after it, the others stay before it, so the producer moves
//! down and the consumer up. Fusion is refused where that is impossible
//! (a statement between them depends on the earlier one and the later
//! depends on it) or where it would move a statement past one that
//! consumes memory it reads (an in-place update of the producer's input
//! stays after the producer), let a SOAC consume memory its partner
//! reads, or move a statement that can fail before an assertion it may
//! count on. Arrays are assumed to share memory when one is a view of
//! the other (index, reshape, rearrange) or may be returned by it.
//!
//! What fusion guarantees: a program that succeeds computes the same
//! values. A program that fails still fails, with the message and
//! location of a failure that its sequential reading could reach: a
//! failing operation whose operands the program computes (every
//! operation fusion merges or moves is computed as before, on the same
//! values, and none is computed that was not). Which of several such
//! failures is reported may change, since merged SOACs interleave their
//! rows and moved statements run in another order: the order of failures
//! is the order of data dependencies, as in parallel code. Writes of a
//! scatter to one element from several rows (whose result the language
//! leaves unspecified) may end with another of the values.

mod compact;
mod deps;
mod interchange;
mod kernel;
mod nest;
mod rules;
mod stream;

use crate::ir::Attrs;
use crate::ir::analysis::{Types, consumed_anywhere};
use crate::ir::traverse::{Renamer, bound_in_body, free_in_exp};
use crate::ir::{
    Body, Exp, Fusion, Lambda, Loc, Param, PatElem, Program, Soac, Stm, SubExp, Type, Var,
};
use deps::Deps;
use kernel::Kernel;
use rules::Defs;
use rustc_hash::{FxHashMap, FxHashSet};
use std::ops::Range;
use stream::Stream;

/// Fuses SOACs in every function of the program.
pub fn fuse(program: &mut Program) {
    let mut types = Types::of_program(program);
    let mut names = std::mem::take(&mut program.var_names);
    let mut bodies: Vec<Body> = program
        .functions
        .iter_mut()
        .map(|f| std::mem::take(&mut f.body))
        .collect();
    let mut fusions = Vec::new();
    let mut fuser = Fuser {
        program,
        names: &mut names,
        types: &mut types,
        defs: Defs::default(),
        in_stream: false,
        fusions: &mut fusions,
    };
    for body in &mut bodies {
        fuser.defs = Defs::of_body(body);
        fuser.body(body);
    }
    for (function, body) in program.functions.iter_mut().zip(bodies) {
        function.body = body;
    }
    program.var_names = names;
    program.fusions.extend(fusions);
}

/// The state of fusion in a program whose function bodies and variable
/// names have been taken out of it.
pub(super) struct Fuser<'a> {
    program: &'a Program,
    names: &'a mut Vec<String>,
    types: &'a mut Types,
    /// The arrays of the function made by basic operations.
    defs: Defs,
    /// Fusing in a stream's lambda: scans do not become streams again.
    in_stream: bool,
    /// What was merged so far.
    fusions: &'a mut Vec<Fusion>,
}

impl Fuser<'_> {
    fn fresh(&mut self, hint: &str, ty: Type) -> Var {
        let var = Var(self.names.len() as u32);
        self.names.push(hint.to_owned());
        self.types.set(var, ty);
        var
    }

    /// A pattern of fresh variables named after `hint`, of the given
    /// types.
    fn fresh_pat(&mut self, hint: &str, types: &[Type]) -> Vec<PatElem> {
        types
            .iter()
            .map(|ty| PatElem {
                var: self.fresh(hint, ty.clone()),
                ty: ty.clone(),
                mem: None,
            })
            .collect()
    }

    /// A statement binding a fresh variable named after `hint` to `exp`,
    /// a basic operation of one result (its type from the checker), and
    /// that variable.
    fn bind_one(&mut self, hint: &str, exp: Exp, loc: Option<Loc>) -> Option<(Stm, Var)> {
        let ty = crate::ir::check::result_types(&*self.types, &exp)
            .ok()?
            .first()?
            .instantiate(&[]);
        let var = self.fresh(hint, ty.clone());
        let stm = Stm {
            pat: vec![PatElem { var, ty, mem: None }],
            exp,
            loc,
            attrs: Attrs::default(),
        };
        Some((stm, var))
    }

    /// A fresh lambda parameter.
    fn param(&mut self, ty: Type) -> Param {
        Param {
            var: self.fresh("x", ty.clone()),
            ty,
            unique: false,
            mem: None,
        }
    }

    /// The lambda returning its parameters, of the given types.
    fn identity(&mut self, types: &[Type]) -> Lambda {
        let params: Vec<Param> = types.iter().map(|t| self.param(t.clone())).collect();
        Lambda {
            body: Body {
                stms: Vec::new(),
                result: params.iter().map(|p| SubExp::Var(p.var)).collect(),
            },
            params,
            ret: types.to_vec(),
        }
    }

    /// A copy of a lambda with fresh variables for everything it binds.
    fn renamed(&mut self, lambda: &Lambda) -> Lambda {
        let mut renaming: FxHashMap<Var, SubExp> = FxHashMap::default();
        let bound = lambda
            .params
            .iter()
            .map(|p| p.var)
            .chain(bound_in_body(&lambda.body));
        for var in bound {
            let ty = self.types.get(var).expect("every variable has a type");
            let hint = self.names[var.0 as usize].clone();
            renaming.insert(var, SubExp::Var(self.fresh(&hint, ty)));
        }
        let mut copy = lambda.clone();
        Renamer::new(&renaming).lambda(&mut copy);
        copy
    }

    /// The parameters a lambda consumes.
    fn consumed_params(&self, lambda: &Lambda) -> FxHashSet<Var> {
        let consumed = consumed_anywhere(self.program, &lambda.body);
        lambda
            .params
            .iter()
            .filter(|p| p.unique || consumed.contains(&p.var))
            .map(|p| p.var)
            .collect()
    }

    /// Appends `body`'s statements to `stms` with the parameters of
    /// `bindings` bound to their values, and returns its results. A
    /// parameter in `consumed` gets a copy of its value, which may be
    /// shared.
    fn bind_and_inline(
        &mut self,
        stms: &mut Vec<Stm>,
        bindings: Vec<(Param, SubExp)>,
        consumed: &FxHashSet<Var>,
        mut body: Body,
    ) -> Vec<SubExp> {
        let mut renaming: FxHashMap<Var, SubExp> = FxHashMap::default();
        for (param, value) in bindings {
            match value {
                SubExp::Var(source) if consumed.contains(&param.var) => stms.push(Stm {
                    pat: vec![PatElem {
                        var: param.var,
                        ty: param.ty,
                        mem: None,
                    }],
                    exp: Exp::Copy(source),
                    loc: None,
                    attrs: Attrs::default(),
                }),
                _ => {
                    renaming.insert(param.var, value);
                }
            }
        }
        Renamer::new(&renaming).body(&mut body);
        stms.extend(body.stms);
        body.result
    }

    fn body(&mut self, body: &mut Body) {
        self.nested(body);
        self.level(body);
    }

    /// Fuses the statements of a body whose nested bodies are fused.
    fn level(&mut self, body: &mut Body) {
        for stm in std::mem::take(&mut body.stms) {
            let rewritten = self.rewrite(stm);
            body.stms.extend(rewritten);
        }
        // Without a SOAC nothing fuses (and the dead statements removed
        // between fusions keep no SOACs apart); skipping such bodies
        // keeps deep nests of scalar code linear, as finding a body's
        // dependencies walks its nested code.
        if !body.stms.iter().any(|stm| matches!(stm.exp, Exp::Op(_))) {
            return;
        }
        // Each fusion removes a statement; a bound on the rounds guards
        // against rewrites that undo each other.
        let mut rounds = 2 * body.stms.len() + 8;
        while rounds > 0 && self.fuse_once(body) {
            rounds -= 1;
        }
    }

    /// A statement with the rules of [`rules`] applied.
    fn rewrite(&mut self, stm: Stm) -> Vec<Stm> {
        let defs = std::mem::take(&mut self.defs);
        let stms = rules::rewrite(self, &defs, stm);
        self.defs = defs;
        for stm in &stms {
            self.defs.add(stm);
        }
        stms
    }

    /// Removes the statements whose results nothing uses and that can
    /// neither fail nor consume anything (what the rules leave behind
    /// would otherwise keep SOACs apart); whether it removed any.
    fn remove_dead(body: &mut Body, deps: &Deps) -> bool {
        let mut used: FxHashSet<Var> = body.result.iter().filter_map(|se| se.as_var()).collect();
        let mut live = vec![false; body.stms.len()];
        for (i, stm) in body.stms.iter().enumerate().rev() {
            live[i] = stm.pat.iter().any(|pe| used.contains(&pe.var)) || deps.effectful(i);
            if live[i] {
                used.extend(deps.uses_of(i));
            }
        }
        if live.iter().all(|&l| l) {
            return false;
        }
        let mut live = live.into_iter();
        body.stms.retain(|_| live.next() == Some(true));
        true
    }

    /// Fuses in the bodies nested in the body's statements.
    fn nested(&mut self, body: &mut Body) {
        for stm in &mut body.stms {
            self.nested_in(stm);
        }
    }

    /// Fuses in the bodies nested in a statement.
    fn nested_in(&mut self, stm: &mut Stm) {
        self.each_nested(stm, Self::body);
    }

    /// Runs `fuse` on each body nested in a statement (in a stream's
    /// lambda, with `in_stream` set).
    fn each_nested(&mut self, stm: &mut Stm, fuse: fn(&mut Self, &mut Body)) {
        let outer = self.in_stream;
        self.in_stream |= matches!(stm.exp, Exp::Op(Soac::Stream { .. }));
        for inner in stm.exp.nested_bodies_mut() {
            fuse(self, inner);
        }
        self.in_stream = outer;
    }

    /// Fuses statements of the body; whether it fused any.
    ///
    /// A fusion rewrites the statements from its first one on and leaves
    /// those before it as they were, so the search goes on among those
    /// with the dependencies already found: a round fuses every pair it
    /// can find from the end of the body backwards, rather than one pair
    /// per computation of the body's dependencies (quadratic in long
    /// bodies). Dependencies the rewritten statements no longer have
    /// only make the rest of the round keep more results; those they
    /// gained are added ([`Deps::used_later`]).
    fn fuse_once(&mut self, body: &mut Body) -> bool {
        let mut deps = Deps::new(self.program, self.types, body);
        if Self::remove_dead(body, &deps) {
            deps = Deps::new(self.program, self.types, body);
        }
        if nest::pull_transforms(self, body, &deps) {
            return true;
        }
        let mut fused = false;
        let mut consumer = body.stms.len();
        while consumer > 0 {
            consumer -= 1;
            let producers = producers(body, &deps, consumer);
            if producers.is_empty() {
                continue;
            }
            let other_uses = uses_besides_arrays(&mut body.stms[consumer]);
            for producer in producers {
                // The interchanged statements fuse with their producer
                // only once the dependencies are found anew.
                if interchange::interchange_scan(self, body, &deps, producer, consumer) {
                    return true;
                }
                if let Some(new) = self.try_vertical(body, &deps, &other_uses, producer, consumer) {
                    deps.used_later(&body.stms[new]);
                    fused = true;
                    consumer = producer;
                    break;
                }
            }
        }
        if fused {
            return true;
        }
        // Only SOACs fuse horizontally; pairing them alone keeps a long
        // body of scalar statements linear. Later statements first, each
        // with the nearest earlier one it fuses with, so that the search
        // goes on before a fused pair.
        let soacs: Vec<usize> = (0..body.stms.len())
            .filter(|&i| matches!(body.stms[i].exp, Exp::Op(_)))
            .collect();
        let mut before = soacs.len();
        while before > 0 {
            before -= 1;
            let second = soacs[before];
            for (k, &first) in soacs[..before].iter().enumerate().rev() {
                if let Some(new) = self.try_horizontal(body, &deps, first, second) {
                    deps.used_later(&body.stms[new]);
                    fused = true;
                    before = k;
                    break;
                }
            }
        }
        fused || compact::fuse_reduction_of_compaction(self, body, &deps)
    }

    /// Fuses producer `p` into consumer `c`, which uses `other_uses`
    /// other than as its input arrays; where the fused statements are,
    /// if it did.
    fn try_vertical(
        &mut self,
        body: &mut Body,
        deps: &Deps,
        other_uses: &FxHashSet<Var>,
        p: usize,
        c: usize,
    ) -> Option<Range<usize>> {
        let outputs: Vec<Var> = body.stms[p].pat.iter().map(|pe| pe.var).collect();
        // The consumer must read the producer's results as input arrays
        // and in no other way.
        if outputs.iter().any(|v| other_uses.contains(v)) || deps.consumes_read(c, p) {
            return None;
        }
        let keep: FxHashSet<Var> = outputs
            .iter()
            .copied()
            .filter(|&v| deps.users(v).any(|user| user != Some(c)))
            .collect();
        let placement = deps.placement(p, c)?;
        let fused = match (
            Kernel::take(body.stms[p].clone()),
            Kernel::take(body.stms[c].clone()),
        ) {
            (Some(pk), Some(ck)) => match kernel::vertical(&pk, &ck, &keep) {
                Some(how) => kernel::fuse_vertically(self, pk, ck, how, &keep).into_stm(),
                // A scan's values consumed by a reduction or scan: both
                // become streams.
                None if !self.in_stream && pk.width == ck.width && scans_into(&pk, &ck) => {
                    match (Stream::of_screma(self, pk), Stream::of_screma(self, ck)) {
                        (Some(ps), Some(cs)) => Stream::fuse(ps, cs, &keep).into_stm(),
                        _ => return None,
                    }
                }
                None => return None,
            },
            (pk, ck) => {
                let stream = |f: &mut Fuser, k: Option<Kernel>, stm: &Stm| match k {
                    Some(k) if matches!(k.form, kernel::Form::Screma { .. }) => {
                        Stream::of_screma(f, k)
                    }
                    Some(_) => None,
                    None => Stream::take(stm),
                };
                let ps = stream(self, pk, &body.stms[p]);
                let cs = stream(self, ck, &body.stms[c]);
                match (ps, cs) {
                    (Some(ps), Some(cs)) if ps.width == cs.width && ps.reads_rows_only(&cs) => {
                        Stream::fuse(ps, cs, &keep).into_stm()
                    }
                    _ => return None,
                }
            }
        };
        Some(self.replace(body, p, c, placement, fused))
    }

    /// Fuses SOACs `a` and `b` (after `a`), which neither depend on each
    /// other nor conflict, into one that reads their common arrays once;
    /// where the fused statements are, if it did.
    fn try_horizontal(
        &mut self,
        body: &mut Body,
        deps: &Deps,
        a: usize,
        b: usize,
    ) -> Option<Range<usize>> {
        let (Exp::Op(first), Exp::Op(second)) = (&body.stms[a].exp, &body.stms[b].exp) else {
            return None;
        };
        let shared = first.arrays().iter().any(|x| second.arrays().contains(x));
        let scatters = matches!(
            (first, second),
            (Soac::Scatter { .. }, Soac::Scatter { .. })
        );
        if !(shared || scatters) || first.width() != second.width() {
            return None;
        }
        if deps.depends(b, a) || deps.conflict(a, b) {
            return None;
        }
        let (Some(ak), Some(bk)) = (
            Kernel::take(body.stms[a].clone()),
            Kernel::take(body.stms[b].clone()),
        ) else {
            return None;
        };
        if !kernel::horizontal(&ak, &bk) {
            return None;
        }
        let placement = deps.placement(a, b)?;
        let fused = kernel::fuse_horizontally(self, ak, bk);
        Some(self.replace(body, a, b, placement, fused.into_stm()))
    }

    /// Replaces statements `first` and `second` by `fused`, with the
    /// statements between them placed as `placement` says, and fuses in
    /// the new statement's lambdas (whose statements come from fused
    /// bodies: what fuses anew is at their level, and fusing there fuses
    /// the bodies it merges in turn). Returns where the new statements
    /// are.
    fn replace(
        &mut self,
        body: &mut Body,
        first: usize,
        second: usize,
        placement: deps::Placement,
        mut fused: Stm,
    ) -> Range<usize> {
        if let Some(into) = &fused.loc {
            for i in [first, second] {
                if let Some(from) = &body.stms[i].loc
                    && from != into
                {
                    self.fusions.push(Fusion {
                        from: from.clone(),
                        into: into.clone(),
                    });
                }
            }
        }
        self.each_nested(&mut fused, Self::level);
        let fused = self.rewrite(fused);
        let count = body.stms.len();
        let mut old: Vec<Option<Stm>> = std::mem::take(&mut body.stms)
            .into_iter()
            .map(Some)
            .collect();
        let mut take = |i: usize| old[i].take().expect("each statement placed once");
        let mut stms = Vec::with_capacity(count - 1);
        stms.extend((0..first).map(&mut take));
        stms.extend(placement.before.iter().map(|&i| take(i)));
        let start = stms.len();
        stms.extend(fused);
        let new = start..stms.len();
        stms.extend(placement.after.iter().map(|&i| take(i)));
        stms.extend((second + 1..count).map(take));
        body.stms = stms;
        new
    }
}

/// Whether consumer `c` reads values producer `p` computes with scans
/// (so that only streams can merge them), and no reductions of `p`.
fn scans_into(p: &Kernel, c: &Kernel) -> bool {
    let (scanned, reduced) = p.operator_results();
    scanned > 0
        && matches!(c.form, kernel::Form::Screma { .. })
        && c.arrays
            .iter()
            .all(|a| !p.pat[..reduced].iter().any(|pe| pe.var == *a))
}

/// The statements before `consumer` whose results it takes as input
/// arrays, nearest first.
fn producers(body: &Body, deps: &Deps, consumer: usize) -> Vec<usize> {
    let Exp::Op(soac) = &body.stms[consumer].exp else {
        return Vec::new();
    };
    let mut producers: Vec<usize> = soac
        .arrays()
        .iter()
        .filter_map(|&array| deps.binder(array))
        .filter(|&i| i < consumer)
        .collect();
    producers.sort_unstable_by(|a, b| b.cmp(a));
    producers.dedup();
    producers
}

/// The variables a SOAC's statement uses other than as its input arrays.
fn uses_besides_arrays(stm: &mut Stm) -> FxHashSet<Var> {
    let Exp::Op(soac) = &mut stm.exp else {
        return FxHashSet::default();
    };
    let arrays = std::mem::take(soac.arrays_mut());
    let uses = free_in_exp(&stm.exp);
    if let Exp::Op(soac) = &mut stm.exp {
        *soac.arrays_mut() = arrays;
    }
    uses
}

#[cfg(test)]
mod tests;
