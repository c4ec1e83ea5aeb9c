//! Rules for loops: loops of no iteration or one, `#[unroll]` loops of
//! a known number of iterations, parameters every iteration passes on
//! unchanged, and parameters whose new value does not depend on the
//! iteration.

use super::{FactKind, Simplifier, int_const, is_negative, is_one, is_zero};
use crate::ir::Attrs;
use crate::ir::analysis::consumed;
use crate::ir::traverse::{
    Renamer, bound_in_body, for_each_use, for_each_use_in_body, free_in_exp, map_type,
};
use crate::ir::{
    Body, Exp, ExtDim, ExtType, LoopForm, Param, PatElem, Rep, Stm, SubExp, Type, Var,
};
use prim::{BinOp, CmpOp, PrimValue};
use rustc_hash::{FxHashMap, FxHashSet};

/// The most iterations a `#[unroll]` loop is unrolled for; longer ones
/// stay loops, so that the attribute cannot make code size explode.
const MAX_UNROLLED_ITERATIONS: i64 = 256;

/// What became of a loop.
pub(super) enum LoopOutcome<R: Rep> {
    /// These statements replace it (each simplified in turn).
    Replaced(Vec<Stm<R>>),
    /// It stays (simplified), after the first statements and before
    /// the second ones (each simplified in turn).
    Kept(Vec<Stm<R>>, Vec<Stm<R>>),
}

impl<R: Rep> Simplifier<'_, R> {
    pub(super) fn loop_stm(&mut self, stm: &mut Stm<R>) -> (LoopOutcome<R>, Vec<Stm<R>>) {
        let Exp::Loop { params, form, body } = &mut stm.exp else {
            return (LoopOutcome::Kept(Vec::new(), Vec::new()), Vec::new());
        };
        if let LoopForm::For { bound, .. } = form
            && (is_zero(*bound) || matches!(*bound, SubExp::Const(c) if is_negative(c)))
        {
            for (pe, (_, init)) in stm.pat.iter().zip(params.iter()) {
                self.bind_subst(pe.var, *init, false);
            }
            return (LoopOutcome::Replaced(Vec::new()), Vec::new());
        }
        // A `while` loop whose condition starts false never runs.
        if let LoopForm::While { condition } = form
            && params.iter().any(|(p, init)| {
                p.var == *condition && *init == SubExp::Const(PrimValue::Bool(false))
            })
        {
            for (pe, (_, init)) in stm.pat.iter().zip(params.iter()) {
                self.bind_subst(pe.var, *init, false);
            }
            return (LoopOutcome::Replaced(Vec::new()), Vec::new());
        }
        if let LoopForm::For { var, bound } = *form
            && is_one(bound)
        {
            // The body runs once, with the initial values and counter 0.
            for (param, init) in params.iter() {
                self.bind_subst(param.var, *init, false);
            }
            if let Some(Type::Prim(ty)) = self.type_of(bound) {
                self.bind_subst(var, int_const(ty, 0), false);
            }
            let body = std::mem::take(body);
            let mut stms = body.stms;
            stms.extend(stm.pat.iter().zip(body.result).map(|(pe, se)| Stm {
                pat: vec![pe.clone()],
                exp: Exp::SubExp(se),
                loc: stm.loc.clone(),
                attrs: stm.attrs.clone(),
            }));
            return (LoopOutcome::Replaced(stms), Vec::new());
        }
        if let Some(stms) = self.unrolled(stm) {
            return (LoopOutcome::Replaced(stms), Vec::new());
        }
        let Exp::Loop { params, form, body } = &mut stm.exp else {
            unreachable!("matched above");
        };
        let mut inside: FxHashSet<Var> = params.iter().map(|(p, _)| p.var).collect();
        let mut positive_bound = None;
        if let LoopForm::For { var, bound } = *form {
            self.facts.counters.insert(var, bound);
            inside.insert(var);
            positive_bound = Some(bound);
        }
        let loop_params: Vec<Param> = params.iter().map(|(p, _)| p.clone()).collect();
        self.repeating += 1;
        self.nested(body, &loop_params, |s| {
            if let Some(bound) = positive_bound {
                s.note(FactKind::Positive, bound);
            }
        });
        self.repeating -= 1;
        let condition = match form {
            LoopForm::While { condition } => Some(*condition),
            LoopForm::For { .. } => None,
        };
        self.remove_invariant_params(&mut stm.pat, params, body, condition);
        let hoisted = self.hoist(body, inside, self.depth + 1);
        let before = self.hoist_guarded(stm);
        let mut after = self.invariant_results(stm);
        after.extend(self.closed_forms(stm));
        (LoopOutcome::Kept(before, after), hoisted)
    }

    /// A `#[unroll]` `for` loop of a known number of iterations (at
    /// most [`MAX_UNROLLED_ITERATIONS`]): its body once per iteration,
    /// each copy with fresh variables, the counter a constant and the
    /// parameters the previous copy's results.
    fn unrolled(&mut self, stm: &Stm<R>) -> Option<Vec<Stm<R>>> {
        let Exp::Loop {
            params,
            form: LoopForm::For { var, bound },
            body,
        } = &stm.exp
        else {
            return None;
        };
        // The count may be a size an assertion says is a constant.
        let (SubExp::Const(trips), _) = self.size_class(*bound) else {
            return None;
        };
        let trips = prim::convert(trips, prim::PrimType::I64).as_i64()?;
        if !stm.attrs.contains("unroll") || !(1..=MAX_UNROLLED_ITERATIONS).contains(&trips) {
            return None;
        }
        let Some(Type::Prim(counter_ty)) = self.type_of(*bound) else {
            return None;
        };
        let bound_vars = bound_in_body(body);
        let mut values: Vec<SubExp> = params.iter().map(|(_, init)| *init).collect();
        let mut stms = Vec::new();
        for k in 0..trips {
            let mut renaming: FxHashMap<Var, SubExp> = params
                .iter()
                .map(|(p, _)| p.var)
                .zip(values.iter().copied())
                .collect();
            renaming.insert(*var, int_const(counter_ty, k));
            for &inner in &bound_vars {
                let ty = self.types.get(inner)?;
                let hint = self.names[inner.0 as usize].clone();
                renaming.insert(inner, SubExp::Var(self.fresh(&hint, ty)));
            }
            let mut copy = body.clone();
            Renamer::new(&renaming).body(&mut copy);
            stms.extend(copy.stms);
            values = copy.result;
        }
        stms.extend(stm.pat.iter().zip(values).map(|(pe, se)| Stm {
            pat: vec![pe.clone()],
            exp: Exp::SubExp(se),
            loc: stm.loc.clone(),
            attrs: stm.attrs.clone(),
        }));
        // What may be consumed was found before the copies' variables
        // existed: any of them may be, so none is shared with another.
        for inner in &stms {
            self.consumable.extend(inner.pat.iter().map(|pe| pe.var));
            for body in inner.exp.nested_bodies() {
                self.consumable.extend(bound_in_body(body));
            }
        }
        Some(stms)
    }

    /// Removes the parameters of a loop (with `pat`, the statement's
    /// pattern) that the body passes on unchanged or sets to their
    /// initial values again: each is its initial value, in the body and
    /// after the loop. A `while` loop's `condition` stays a parameter
    /// (the form names it); one that starts false ends the loop before
    /// it runs, and one that starts true never changes.
    fn remove_invariant_params(
        &mut self,
        pat: &mut Vec<PatElem>,
        params: &mut Vec<(Param, SubExp)>,
        body: &mut Body<R>,
        condition: Option<Var>,
    ) {
        let invariant: Vec<usize> = (0..params.len())
            .filter(|&i| {
                let (param, init) = &params[i];
                let result = body.result[i];
                !param.unique
                    && Some(param.var) != condition
                    && (result == SubExp::Var(param.var) || result == *init)
            })
            .collect();
        if invariant.is_empty() || pat.len() != params.len() {
            return;
        }
        let renaming: FxHashMap<Var, SubExp> = invariant
            .iter()
            .map(|&i| (params[i].0.var, params[i].1))
            .collect();
        for &i in invariant.iter().rev() {
            let elem = pat.remove(i);
            let (_, init) = params.remove(i);
            body.result.remove(i);
            self.bind_subst(elem.var, init, false);
        }
        let renamer = Renamer::new(&renaming);
        renamer.body(body);
        for (param, _) in params.iter_mut() {
            map_type(&mut param.ty, &mut |se| {
                if let SubExp::Var(v) = se
                    && let Some(&new) = renaming.get(v)
                {
                    *se = new;
                }
            });
        }
        for elem in pat.iter_mut() {
            map_type(&mut elem.ty, &mut |se| *se = self.lookup(*se));
        }
    }

    /// Removes the parameters of a `for` loop that its body does not
    /// read and whose new value does not depend on the iteration: they
    /// are those values if the loop runs at all, else their initial
    /// values (sizes and the arrays whose types name them together).
    /// Returns the branch computing them, which follows the loop.
    fn invariant_results(&mut self, stm: &mut Stm<R>) -> Vec<Stm<R>> {
        let Exp::Loop {
            params,
            form: LoopForm::For { var, bound },
            body,
        } = &mut stm.exp
        else {
            return Vec::new();
        };
        let (counter, bound) = (*var, *bound);
        if stm.pat.len() != params.len() {
            return Vec::new();
        }
        let Some(Type::Prim(bound_type)) = self.type_of(bound) else {
            return Vec::new();
        };
        let bound_inside = bound_in_body(body);
        let param_vars: Vec<Var> = params.iter().map(|(p, _)| p.var).collect();
        let read_in_stms = read_in(&body.stms);
        let mut group: Vec<bool> = (0..params.len())
            .map(|i| {
                let (param, init) = &params[i];
                let result = body.result[i];
                let independent = result.as_var().is_none_or(|v| {
                    !bound_inside.contains(&v) && !param_vars.contains(&v) && v != counter
                });
                let unread = !read_in_stms.contains(&param.var)
                    && body
                        .result
                        .iter()
                        .enumerate()
                        .all(|(j, se)| j == i || *se != SubExp::Var(param.var));
                let readable =
                    param.ty.rank() == 0 || (self.readable(result) && self.readable(*init));
                independent && unread && readable && !param.unique
            })
            .collect();
        // Sizes leave with the arrays whose types name them, or stay.
        loop {
            let mut changed = false;
            for i in 0..params.len() {
                for ty in [&params[i].0.ty, &stm.pat[i].ty] {
                    for d in ty.shape().iter().filter_map(|d| d.as_var()) {
                        let named =
                            (0..params.len()).find(|&j| param_vars[j] == d || stm.pat[j].var == d);
                        if let Some(j) = named
                            && group[i] != group[j]
                        {
                            group[i] = false;
                            group[j] = false;
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        if !group.contains(&true) {
            return Vec::new();
        }
        let members: Vec<usize> = (0..params.len()).filter(|&i| group[i]).collect();
        let position = |v: Var, pat: &[PatElem]| members.iter().position(|&i| pat[i].var == v);
        let ret: Vec<ExtType> = members
            .iter()
            .map(|&i| {
                stm.pat[i]
                    .ty
                    .map_dims(|&d| match d.as_var().and_then(|v| position(v, &stm.pat)) {
                        Some(k) => ExtDim::Ext(k),
                        None => ExtDim::Free(d),
                    })
            })
            .collect();
        let mut pat = Vec::new();
        let mut results = Vec::new();
        let mut inits = Vec::new();
        for &i in members.iter().rev() {
            pat.push(stm.pat.remove(i));
            inits.push(params.remove(i).1);
            results.push(body.result.remove(i));
        }
        pat.reverse();
        inits.reverse();
        results.reverse();
        let zero = int_const(bound_type, 0);
        let (runs, runs_stm) = self.new_stm("runs", Exp::Cmp(CmpOp::Lt, zero, bound), &stm.loc);
        vec![
            runs_stm,
            Stm {
                pat,
                exp: Exp::If {
                    condition: runs,
                    then_body: Body {
                        stms: Vec::new(),
                        result: results,
                    },
                    else_body: Body {
                        stms: Vec::new(),
                        result: inits,
                    },
                    ret,
                },
                loc: stm.loc.clone(),
                attrs: stm.attrs.clone(),
            },
        ]
    }

    /// Removes the integer parameters of a `for` loop that only add the
    /// same value in every iteration (`acc + x`, nothing else reading
    /// `acc`): each is its initial value plus the number of iterations
    /// times that value (in wrapping arithmetic, as the loop computes).
    /// Returns what computes them, which follows the loop.
    fn closed_forms(&mut self, stm: &mut Stm<R>) -> Vec<Stm<R>> {
        let Exp::Loop {
            params,
            form: LoopForm::For { var, bound },
            body,
        } = &mut stm.exp
        else {
            return Vec::new();
        };
        let (counter, bound) = (*var, *bound);
        if stm.pat.len() != params.len() {
            return Vec::new();
        }
        let Some(Type::Prim(bound_type)) = self.type_of(bound) else {
            return Vec::new();
        };
        let bound_inside = bound_in_body(body);
        let param_vars: Vec<Var> = params.iter().map(|(p, _)| p.var).collect();
        let mut uses: FxHashMap<Var, usize> = FxHashMap::default();
        for_each_use_in_body(body, &mut |v| *uses.entry(v).or_default() += 1);
        for (p, _) in params.iter() {
            for d in p.ty.shape().iter().filter_map(|d| d.as_var()) {
                *uses.entry(d).or_default() += 1;
            }
        }
        let invariant = |se: SubExp| {
            se.as_var().is_none_or(|v| {
                !bound_inside.contains(&v) && !param_vars.contains(&v) && v != counter
            })
        };
        // Per parameter: the statement adding to it and what it adds.
        let mut sums: Vec<(usize, usize, BinOp, SubExp)> = Vec::new();
        for (i, (param, _)) in params.iter().enumerate() {
            let Type::Prim(ty) = param.ty else { continue };
            let SubExp::Var(sum) = body.result[i] else {
                continue;
            };
            if !ty.is_integer() || param.unique || uses.get(&param.var) != Some(&1) {
                continue;
            }
            let names_result = stm
                .pat
                .iter()
                .any(|pe| pe.ty.shape().contains(&SubExp::Var(stm.pat[i].var)));
            if uses.get(&sum) != Some(&1) || names_result {
                continue;
            }
            let found = body
                .stms
                .iter()
                .position(|s| s.pat.len() == 1 && s.pat[0].var == sum);
            let Some(k) = found else { continue };
            let p = SubExp::Var(param.var);
            let step = match body.stms[k].exp {
                Exp::BinOp(BinOp::Add, a, c) if a == p && invariant(c) => (BinOp::Add, c),
                Exp::BinOp(BinOp::Add, c, a) if a == p && invariant(c) => (BinOp::Add, c),
                Exp::BinOp(BinOp::Sub, a, c) if a == p && invariant(c) => (BinOp::Sub, c),
                _ => continue,
            };
            sums.push((i, k, step.0, step.1));
        }
        let mut after = Vec::new();
        if sums.is_empty() {
            return after;
        }
        let zero = int_const(bound_type, 0);
        let (trips, s) = self.new_stm("trips", Exp::BinOp(BinOp::Max, bound, zero), &stm.loc);
        after.push(s);
        let mut removed_stms: Vec<usize> = sums.iter().map(|&(_, k, _, _)| k).collect();
        for &(i, _, op, step) in sums.iter().rev() {
            let pe = stm.pat.remove(i);
            let (_, init) = params.remove(i);
            body.result.remove(i);
            let Type::Prim(ty) = pe.ty else { continue };
            let mut count = trips;
            if ty != bound_type {
                let (converted, s) = self.new_stm("trips", Exp::Convert(ty, trips), &stm.loc);
                after.push(s);
                count = converted;
            }
            let (total, s) = self.new_stm("total", Exp::BinOp(BinOp::Mul, count, step), &stm.loc);
            after.push(s);
            after.push(Stm {
                pat: vec![pe],
                exp: Exp::BinOp(op, init, total),
                loc: stm.loc.clone(),
                attrs: stm.attrs.clone(),
            });
        }
        removed_stms.sort_unstable();
        for k in removed_stms.into_iter().rev() {
            body.stms.remove(k);
        }
        after
    }
}

impl<R: Rep> Simplifier<'_, R> {
    /// Moves the scalar statements at the start of a `for` loop's body
    /// that do not depend on the iteration but could fail, up to the
    /// first that could fail and cannot move, in front of the loop, each
    /// in a branch on whether the loop runs at all: a failure happens as
    /// the first iteration would have it (the statements before it
    /// cannot fail). Returns the branches.
    fn hoist_guarded(&mut self, stm: &mut Stm<R>) -> Vec<Stm<R>> {
        let Exp::Loop {
            params,
            form: LoopForm::For { var, bound },
            body,
        } = &mut stm.exp
        else {
            return Vec::new();
        };
        let bound = *bound;
        let Some(Type::Prim(bound_type)) = self.type_of(bound) else {
            return Vec::new();
        };
        let mut inside: FxHashSet<Var> = params.iter().map(|(p, _)| p.var).collect();
        inside.insert(*var);
        let mut guarded = Vec::new();
        let mut staying = Vec::with_capacity(body.stms.len());
        let mut blocked = false;
        let mut runs = None;
        for inner in std::mem::take(&mut body.stms) {
            let fails = self.fails(&inner);
            let movable = fails
                && !blocked
                && inner.exp.nested_bodies().is_empty()
                && consumed(self.program, &inner.exp).is_empty()
                && free_in_exp(&inner.exp).is_disjoint(&inside);
            let ty = match inner.pat.as_slice() {
                [pe] if movable => match pe.ty {
                    Type::Prim(ty) => Some(ty),
                    _ => None,
                },
                _ => None,
            };
            let Some(ty) = ty else {
                blocked |= fails;
                inside.extend(inner.pat.iter().map(|pe| pe.var));
                staying.push(inner);
                continue;
            };
            let runs = *runs.get_or_insert_with(|| {
                let zero = int_const(bound_type, 0);
                let (runs, s) = self.new_stm("runs", Exp::Cmp(CmpOp::Lt, zero, bound), &stm.loc);
                guarded.push(s);
                runs
            });
            let value = self.fresh("hoisted", Type::Prim(ty));
            let pat = inner.pat.clone();
            let moved = Stm {
                pat: vec![PatElem::new(value, Type::Prim(ty))],
                exp: inner.exp,
                loc: inner.loc.clone(),
                attrs: inner.attrs.clone(),
            };
            guarded.push(Stm {
                pat,
                exp: Exp::If {
                    condition: runs,
                    then_body: Body {
                        stms: vec![moved],
                        result: vec![SubExp::Var(value)],
                    },
                    else_body: Body {
                        stms: Vec::new(),
                        result: vec![SubExp::Const(PrimValue::zero(ty))],
                    },
                    ret: vec![ExtType::Prim(ty)],
                },
                loc: inner.loc,
                attrs: Attrs::default(),
            });
        }
        body.stms = staying;
        guarded
    }
}

/// Every variable the statements use, in their types too.
fn read_in<R: Rep>(stms: &[Stm<R>]) -> FxHashSet<Var> {
    let mut read = FxHashSet::default();
    for inner in stms {
        for_each_use(&inner.exp, &mut |v| {
            read.insert(v);
        });
        for pe in &inner.pat {
            read.extend(pe.ty.shape().iter().filter_map(|d| d.as_var()));
        }
    }
    read
}
