//! Statements that both branches of an `if` compute alike (up to the
//! names they bind) move in front of it, once; and, in a loop or a
//! lambda, statements of a branch that depend on nothing (what inlining
//! leaves of a top-level constant) move in front of it too, so that
//! loop-invariant code motion takes them out of the loop or lambda.

use super::Simplifier;
use crate::ir::analysis::consumed;
use crate::ir::traverse::{Renamer, bound_in_body, for_each_bound_inside, free_in_exp};
use crate::ir::{Body, Exp, Rep, Stm, SubExp, Var};
use rustc_hash::{FxHashMap, FxHashSet};

impl<R: Rep> Simplifier<'_, R> {
    /// Takes out of the branches of `stm` (an `if` whose branches are
    /// simplified) the statements that both compute alike and that
    /// cannot fail, consume nothing and need nothing else the branches
    /// bind; returns them, in order, to go before it. Either branch ran
    /// them once, so they run once still.
    pub(super) fn common_branch_stms(&self, stm: &mut Stm<R>) -> Vec<Stm<R>> {
        let Exp::If {
            then_body,
            else_body,
            ..
        } = &mut stm.exp
        else {
            return Vec::new();
        };
        if then_body.stms.is_empty() || else_body.stms.is_empty() {
            return Vec::new();
        }
        let depth = self.depth + 1;
        let bound_in_then = bound_in_body(then_body);
        // The variables of the statements moved, and what the else
        // branch's equal ones become.
        let mut moved_vars: FxHashSet<Var> = FxHashSet::default();
        let mut renaming: FxHashMap<Var, SubExp> = FxHashMap::default();
        let mut moved = Vec::new();
        let mut matched = vec![false; else_body.stms.len()];
        let mut staying = Vec::with_capacity(then_body.stms.len());
        for then_stm in std::mem::take(&mut then_body.stms) {
            let movable = inputs(&then_stm)
                .all(|v| !bound_in_then.contains(&v) || moved_vars.contains(&v))
                && self.may_leave_branch(&then_stm, depth);
            let twin = movable
                .then(|| {
                    let key = without_locations(&then_stm);
                    (0..else_body.stms.len())
                        .find(|&k| !matched[k] && alike(&key, &else_body.stms[k], &renaming))
                })
                .flatten();
            let Some(k) = twin else {
                staying.push(then_stm);
                continue;
            };
            matched[k] = true;
            for (twin_pe, pe) in else_body.stms[k].pat.iter().zip(&then_stm.pat) {
                renaming.insert(twin_pe.var, SubExp::Var(pe.var));
            }
            moved_vars.extend(then_stm.pat.iter().map(|pe| pe.var));
            moved.push(then_stm);
        }
        then_body.stms = staying;
        let mut k = 0;
        else_body.stms.retain(|_| {
            k += 1;
            !matched[k - 1]
        });
        Renamer::new(&renaming).body(else_body);
        moved
    }
}

impl<R: Rep> Simplifier<'_, R> {
    /// Takes out of each branch of `stm` (an `if`, in a loop body or a
    /// lambda, whose branches are simplified) the statements that use no
    /// variable but those bound by statements taken out before them,
    /// cannot fail and consume nothing, and whose results the branch
    /// neither returns nor consumes (nor views of them); returns them,
    /// in order, to go before it. They compute the same values wherever
    /// they run, and loop-invariant code motion then runs them once
    /// instead of once per iteration that takes the branch: a top-level
    /// constant used in a branch of a map is computed once, as where no
    /// branch is around its use. (At most one evaluation more, where no
    /// iteration takes the branch.)
    pub(super) fn closed_branch_stms(&self, stm: &mut Stm<R>) -> Vec<Stm<R>> {
        let Exp::If {
            then_body,
            else_body,
            ..
        } = &mut stm.exp
        else {
            return Vec::new();
        };
        let depth = self.depth + 1;
        let mut moved = Vec::new();
        for body in [then_body, else_body] {
            let kept_back = self.returned_or_consumed(body);
            let mut moved_vars: FxHashSet<Var> = FxHashSet::default();
            let mut staying = Vec::with_capacity(body.stms.len());
            for inner in std::mem::take(&mut body.stms) {
                let movable = inputs(&inner).all(|v| moved_vars.contains(&v))
                    && inner.pat.iter().all(|pe| !kept_back.contains(&pe.var))
                    && self.may_leave_branch(&inner, depth);
                if movable {
                    moved_vars.extend(inner.pat.iter().map(|pe| pe.var));
                    moved.push(inner);
                } else {
                    staying.push(inner);
                }
            }
            body.stms = staying;
        }
        moved
    }

    /// Whether a statement of a branch (at `depth`) may run before the
    /// `if` instead: it is not a mere copy of a name, cannot fail there
    /// and consumes nothing.
    fn may_leave_branch(&self, stm: &Stm<R>, depth: usize) -> bool {
        !matches!(stm.exp, Exp::SubExp(_))
            && !self.fails_outside(stm, depth)
            && consumed(self.program, &stm.exp).is_empty()
    }

    /// The arrays a body returns or consumes, and those they are views
    /// of, which must stay computed where they are.
    pub(super) fn returned_or_consumed(&self, body: &Body<R>) -> FxHashSet<Var> {
        let mut kept: FxHashSet<Var> = body
            .result
            .iter()
            .filter_map(|se| se.as_var())
            .filter(|&v| self.types.get(v).is_none_or(|t| t.rank() > 0))
            .collect();
        for inner in &body.stms {
            kept.extend(consumed(self.program, &inner.exp));
        }
        for inner in body.stms.iter().rev() {
            let viewed = match &inner.exp {
                Exp::SubExp(SubExp::Var(array))
                | Exp::Index { array, .. }
                | Exp::Reshape { array, .. }
                | Exp::Rearrange { array, .. } => Some(*array),
                _ => None,
            };
            if let Some(array) = viewed
                && inner.pat.iter().any(|pe| kept.contains(&pe.var))
            {
                kept.insert(array);
            }
        }
        kept
    }
}

/// Whether `other` is `stm` (without its locations) once the variables
/// `renaming` maps and those it binds itself are renamed to `stm`'s.
fn alike<R: Rep>(stm: &Stm<R>, other: &Stm<R>, renaming: &FxHashMap<Var, SubExp>) -> bool {
    if std::mem::discriminant(&stm.exp) != std::mem::discriminant(&other.exp)
        || stm.pat.len() != other.pat.len()
    {
        return false;
    }
    let ours = binders(stm);
    let theirs = binders(other);
    if ours.len() != theirs.len() {
        return false;
    }
    let mut map = renaming.clone();
    map.extend(theirs.into_iter().zip(ours.into_iter().map(SubExp::Var)));
    let mut other = without_locations(other);
    Renamer::new(&map).stm(&mut other);
    other == *stm
}

/// The variables a statement binds, its nested code's included, in
/// order.
fn binders<R: Rep>(stm: &Stm<R>) -> Vec<Var> {
    let mut vars: Vec<Var> = stm.pat.iter().map(|pe| pe.var).collect();
    for_each_bound_inside(&stm.exp, &mut |v| vars.push(v));
    vars
}

/// A statement with no locations, its nested statements' included.
fn without_locations<R: Rep>(stm: &Stm<R>) -> Stm<R> {
    fn strip<R: Rep>(stm: &mut Stm<R>) {
        stm.loc = None;
        for body in stm.exp.nested_bodies_mut() {
            body.stms.iter_mut().for_each(strip);
        }
    }
    let mut stm = stm.clone();
    strip(&mut stm);
    stm
}

/// The variables a statement needs: those its expression reads and the
/// sizes of what it binds.
fn inputs<R: Rep>(stm: &Stm<R>) -> impl Iterator<Item = Var> + '_ {
    free_in_exp(&stm.exp).into_iter().chain(
        stm.pat
            .iter()
            .flat_map(|pe| pe.ty.shape().iter().filter_map(|d| d.as_var())),
    )
}
