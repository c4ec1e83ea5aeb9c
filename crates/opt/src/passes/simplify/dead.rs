//! Dead code removal: statements whose results are unused and which
//! cannot fail (by their kind or by what the forward pass proved), loop
//! parameters nothing needs, the results operations need not compute.
//! An unused in-place update that could fail becomes the bounds check
//! it stands for.

use crate::ir::analysis::{Types, can_fail_unless};
use crate::ir::traverse::{for_each_use_in_body, for_each_use_outside_bodies};
use crate::ir::{
    Body, DimIndex, Exp, ExtDim, Lambda, LoopForm, Operation, PatElem, Program, Rep, Stm, Var,
};
use rustc_hash::{FxHashMap, FxHashSet};

/// Removes the dead code of a function body.
pub(super) fn remove_dead_code<R: Rep>(
    program: &Program<R>,
    types: &Types,
    proven: &FxHashMap<Var, usize>,
    names: &mut Vec<String>,
    body: &mut Body<R>,
) {
    let dead = DeadCode {
        program,
        types,
        proven,
    };
    let mut checks = Checks { names };
    dead.body(body, &mut FxHashSet::default(), &mut checks);
}

/// The parameters of a lambda needed to compute the results marked
/// live, dead code aside.
pub(super) fn needed_params<R: Rep>(
    program: &Program<R>,
    types: &Types,
    proven: &FxHashMap<Var, usize>,
    lambda: &Lambda<R>,
    live_results: &[bool],
) -> Vec<bool> {
    let dead = DeadCode {
        program,
        types,
        proven,
    };
    let used = dead.used_by(&lambda.body, live_results);
    lambda
        .params
        .iter()
        .map(|p| used.contains(&p.var))
        .collect()
}

struct DeadCode<'a, R: Rep> {
    program: &'a Program<R>,
    types: &'a Types,
    proven: &'a FxHashMap<Var, usize>,
}

/// Where unused updates that could fail leave their bounds checks: new
/// variables are named here.
struct Checks<'n> {
    names: &'n mut Vec<String>,
}

impl<R: Rep> DeadCode<'_, R> {
    fn fails(&self, stm: &Stm<R>) -> bool {
        let proven = |s: &Stm<R>| {
            s.pat
                .first()
                .is_some_and(|p| self.proven.contains_key(&p.var))
        };
        !proven(stm) && can_fail_unless(self.types, &stm.exp, &proven)
    }

    /// The variables a body uses to compute the results marked live (and
    /// to run what cannot be removed), after removing its dead code.
    fn used_by(&self, body: &Body<R>, live_results: &[bool]) -> FxHashSet<Var> {
        let mut trial = body.clone();
        trial.result = trial
            .result
            .iter()
            .zip(live_results)
            .filter(|(_, live)| **live)
            .map(|(se, _)| *se)
            .collect();
        let mut names = Vec::new();
        self.body(
            &mut trial,
            &mut FxHashSet::default(),
            &mut Checks { names: &mut names },
        );
        let mut used = FxHashSet::default();
        for_each_use_in_body(&trial, &mut |v| {
            used.insert(v);
        });
        used
    }

    fn body(&self, body: &mut Body<R>, live: &mut FxHashSet<Var>, checks: &mut Checks<'_>) {
        live.extend(body.result.iter().filter_map(|se| se.as_var()));
        let mut kept = Vec::with_capacity(body.stms.len());
        for mut stm in std::mem::take(&mut body.stms).into_iter().rev() {
            let used = stm.pat.iter().any(|p| live.contains(&p.var));
            if !used {
                if !self.fails(&stm) {
                    continue;
                }
                if let Some(check) = self.bounds_check(&stm, checks) {
                    stm = check;
                }
            }
            match &mut stm.exp {
                Exp::Op(op) => {
                    op.prune_results(&mut stm.pat, &|v| live.contains(&v));
                    op.prune_components(
                        &mut stm.pat,
                        &|v| live.contains(&v),
                        &|lambda, results| {
                            needed_params(self.program, self.types, self.proven, lambda, results)
                        },
                    );
                }
                Exp::Loop { .. } => self.remove_unneeded_params(&mut stm, live),
                Exp::If { .. } => remove_unused_branch_results(&mut stm, live),
                _ => {}
            }
            // What the nested bodies use is marked live as they are
            // cleaned; walking them again here would make deep nests
            // quadratic. Sizes in types are uses too.
            for inner in stm.exp.nested_bodies_mut() {
                self.body(inner, live, checks);
            }
            for_each_use_outside_bodies(&stm.exp, &mut |v| {
                live.insert(v);
            });
            live.extend(
                stm.pat
                    .iter()
                    .flat_map(|p| p.ty.shape())
                    .filter_map(|d| d.as_var()),
            );
            kept.push(stm);
        }
        kept.reverse();
        body.stms = kept;
    }

    /// An unused update of one element: the check that its index is in
    /// bounds, which is all it could do that is seen (indexing the array
    /// there fails with the same message).
    fn bounds_check(&self, stm: &Stm<R>, checks: &mut Checks<'_>) -> Option<Stm<R>> {
        let Exp::Update {
            array,
            slice,
            value,
        } = &stm.exp
        else {
            return None;
        };
        let ty = self.types.get(*array)?;
        let all_fixed = slice.iter().all(|i| matches!(i, DimIndex::Fix(_)));
        let scalar = self.types.of(*value).is_some_and(|t| t.rank() == 0);
        if !(all_fixed && scalar && slice.len() == ty.rank()) {
            return None;
        }
        let var = Var(checks.names.len() as u32);
        checks.names.push("bounds_check".to_owned());
        Some(Stm {
            pat: vec![PatElem::new(var, crate::ir::Type::Prim(ty.element()))],
            exp: Exp::Index {
                array: *array,
                slice: slice.clone(),
            },
            loc: stm.loc.clone(),
            attrs: stm.attrs.clone(),
        })
    }

    /// Removes the parameters of a loop that neither the code after it
    /// (`live`) nor the parameters that are needed need, with their
    /// results.
    fn remove_unneeded_params(&self, stm: &mut Stm<R>, live: &FxHashSet<Var>) {
        let Exp::Loop { params, form, body } = &mut stm.exp else {
            return;
        };
        if stm.pat.len() != params.len() {
            return;
        }
        let mut needed: Vec<bool> = stm.pat.iter().map(|pe| live.contains(&pe.var)).collect();
        if let LoopForm::While { condition } = form {
            for (i, (p, _)) in params.iter().enumerate() {
                needed[i] |= p.var == *condition;
            }
        }
        loop {
            // Sizes that needed parameters' and results' types name.
            for i in 0..params.len() {
                if !needed[i] {
                    continue;
                }
                for ty in [&params[i].0.ty, &stm.pat[i].ty] {
                    for d in ty.shape().iter().filter_map(|d| d.as_var()) {
                        for (j, (p, _)) in params.iter().enumerate() {
                            if p.var == d || stm.pat[j].var == d {
                                needed[j] = true;
                            }
                        }
                    }
                }
            }
            if needed.iter().all(|&n| n) {
                return;
            }
            let used = self.used_by(body, &needed);
            let mut more = false;
            for (i, (p, _)) in params.iter().enumerate() {
                if !needed[i] && used.contains(&p.var) {
                    needed[i] = true;
                    more = true;
                }
            }
            if !more {
                break;
            }
        }
        for i in (0..params.len()).rev() {
            if !needed[i] {
                stm.pat.remove(i);
                params.remove(i);
                body.result.remove(i);
            }
        }
    }
}

/// Removes the results of a branch that are unused, unless a result
/// that is used has a size that it gives.
fn remove_unused_branch_results<R: Rep>(stm: &mut Stm<R>, live: &FxHashSet<Var>) {
    let Exp::If {
        then_body,
        else_body,
        ret,
        ..
    } = &mut stm.exp
    else {
        return;
    };
    if stm.pat.len() != ret.len() {
        return;
    }
    let mut keep: Vec<bool> = stm.pat.iter().map(|pe| live.contains(&pe.var)).collect();
    for i in 0..ret.len() {
        if keep[i] {
            for d in ret[i].shape() {
                if let ExtDim::Ext(j) = d {
                    keep[*j] = true;
                }
            }
        }
    }
    if keep.iter().all(|&k| k) {
        return;
    }
    let mut renumbered = vec![0; ret.len()];
    let mut next = 0;
    for (i, &k) in keep.iter().enumerate() {
        renumbered[i] = next;
        next += usize::from(k);
    }
    let kept = |i: usize| keep[i];
    retain_indexed(&mut stm.pat, kept);
    retain_indexed(&mut then_body.result, kept);
    retain_indexed(&mut else_body.result, kept);
    retain_indexed(ret, kept);
    for ty in ret.iter_mut() {
        *ty = ty.map_dims(|&d| match d {
            ExtDim::Ext(j) => ExtDim::Ext(renumbered[j]),
            free => free,
        });
    }
}

/// Keeps the elements whose index `keep` accepts.
fn retain_indexed<T>(items: &mut Vec<T>, keep: impl Fn(usize) -> bool) {
    let mut index = 0;
    items.retain(|_| {
        index += 1;
        keep(index - 1)
    });
}
