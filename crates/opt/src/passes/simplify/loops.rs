//! Rules for loops: loops of no iteration or one, parameters every
//! iteration passes on unchanged, and parameters whose new value does
//! not depend on the iteration.

use super::{FactKind, Simplifier, int_const, is_negative, is_one, is_zero};
use crate::ir::traverse::{Renamer, bound_in_body, for_each_use, map_type};
use crate::ir::{Body, Exp, LoopForm, Param, PatElem, Rep, Stm, SubExp, Type, Var};
use prim::CmpOp;
use std::collections::{HashMap, HashSet};

/// What became of a loop.
pub(super) enum LoopOutcome<R: Rep> {
    /// These statements replace it (each simplified in turn).
    Replaced(Vec<Stm<R>>),
    /// It stays (simplified), followed by these statements.
    Kept(Vec<Stm<R>>),
}

impl<R: Rep> Simplifier<'_, R> {
    pub(super) fn loop_stm(&mut self, stm: &mut Stm<R>) -> (LoopOutcome<R>, Vec<Stm<R>>) {
        let Exp::Loop { params, form, body } = &mut stm.exp else {
            return (LoopOutcome::Kept(Vec::new()), Vec::new());
        };
        if let LoopForm::For { bound, .. } = form
            && (is_zero(*bound) || matches!(*bound, SubExp::Const(c) if is_negative(c)))
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
            }));
            return (LoopOutcome::Replaced(stms), Vec::new());
        }
        let mut inside: HashSet<Var> = params.iter().map(|(p, _)| p.var).collect();
        let mut positive_bound = None;
        if let LoopForm::For { var, bound } = *form {
            self.facts.counters.insert(var, bound);
            inside.insert(var);
            positive_bound = Some(bound);
        }
        let loop_params: Vec<Param> = params.iter().map(|(p, _)| p.clone()).collect();
        self.nested(body, &loop_params, |s| {
            if let Some(bound) = positive_bound {
                s.note(FactKind::Positive, bound);
            }
        });
        self.remove_invariant_params(&mut stm.pat, params, body);
        let hoisted = self.hoist(body, inside, self.depth + 1);
        let after = self.invariant_results(stm);
        (LoopOutcome::Kept(after), hoisted)
    }

    /// Removes the parameters of a loop (with `pat`, the statement's
    /// pattern) that the body passes on unchanged: each is its initial
    /// value, in the body and after the loop.
    fn remove_invariant_params(
        &mut self,
        pat: &mut Vec<PatElem>,
        params: &mut Vec<(Param, SubExp)>,
        body: &mut Body<R>,
    ) {
        let invariant: Vec<usize> = (0..params.len())
            .filter(|&i| {
                let (param, _) = &params[i];
                !param.unique && body.result[i] == SubExp::Var(param.var)
            })
            .collect();
        if invariant.is_empty() || pat.len() != params.len() {
            return;
        }
        let renaming: HashMap<Var, SubExp> = invariant
            .iter()
            .map(|&i| (params[i].0.var, params[i].1))
            .collect();
        for &i in invariant.iter().rev() {
            let elem = pat.remove(i);
            let (_, init) = params.remove(i);
            body.result.remove(i);
            self.bind_subst(elem.var, init, false);
        }
        let renamer = Renamer { map: &renaming };
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
    /// read and whose new value does not depend on the iteration: each
    /// is that value if the loop runs at all, else its initial value.
    /// Returns the branches computing them, which follow the loop.
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
        let param_vars: HashSet<Var> = params.iter().map(|(p, _)| p.var).collect();
        let pattern_vars: HashSet<Var> = stm.pat.iter().map(|pe| pe.var).collect();
        let mut named_by_types: HashSet<Var> = HashSet::new();
        for ty in params
            .iter()
            .map(|(p, _)| &p.ty)
            .chain(stm.pat.iter().map(|pe| &pe.ty))
        {
            named_by_types.extend(ty.shape().iter().filter_map(|d| d.as_var()));
        }
        let mut read_in_stms = HashSet::new();
        for inner in &body.stms {
            for_each_use(&inner.exp, &mut |v| {
                read_in_stms.insert(v);
            });
            for pe in &inner.pat {
                read_in_stms.extend(pe.ty.shape().iter().filter_map(|d| d.as_var()));
            }
        }
        let candidates: Vec<usize> = (0..params.len())
            .filter(|&i| {
                let (param, init) = &params[i];
                let result = body.result[i];
                let independent = result.as_var().is_none_or(|v| {
                    !bound_inside.contains(&v) && !param_vars.contains(&v) && v != counter
                });
                let unread = !read_in_stms.contains(&param.var)
                    && !named_by_types.contains(&param.var)
                    && !named_by_types.contains(&stm.pat[i].var)
                    && body
                        .result
                        .iter()
                        .enumerate()
                        .all(|(j, se)| j == i || *se != SubExp::Var(param.var));
                let own_type = stm.pat[i].ty.shape().iter().all(|d| {
                    d.as_var()
                        .is_none_or(|v| !param_vars.contains(&v) && !pattern_vars.contains(&v))
                });
                let readable =
                    param.ty.rank() == 0 || (self.readable(result) && self.readable(*init));
                independent && unread && own_type && readable && !param.unique
            })
            .collect();
        let mut after = Vec::new();
        for &i in candidates.iter().rev() {
            let pe = stm.pat.remove(i);
            let (_, init) = params.remove(i);
            let result = body.result.remove(i);
            let zero = int_const(bound_type, 0);
            let (runs, s) = self.new_stm("runs", Exp::Cmp(CmpOp::Lt, zero, bound), &stm.loc);
            after.push(s);
            after.push(Stm {
                exp: Exp::If {
                    condition: runs,
                    then_body: Body {
                        stms: Vec::new(),
                        result: vec![result],
                    },
                    else_body: Body {
                        stms: Vec::new(),
                        result: vec![init],
                    },
                    ret: vec![pe.ty.ext()],
                },
                pat: vec![pe],
                loc: stm.loc.clone(),
            });
        }
        after
    }
}
