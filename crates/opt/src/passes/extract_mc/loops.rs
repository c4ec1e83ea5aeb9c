//! Map–loop interchange (PLDI'17 §5, the rule that distributes a map
//! around a `for` loop): a map whose rows each run the same number of
//! iterations of a loop with parallel code inside becomes a loop whose
//! iterations map over the rows, so that the parallel code inside runs
//! over every row at once.
//!
//! `map (\x -> pre; loop acc = a for i < k do body; post) xs`, where `k`
//! and the sizes of the loop's values come from outside the map, becomes
//! a map of `pre` giving what the loop and `post` read as arrays over the
//! rows, a loop over arrays of the rows' loop values whose iteration is a
//! map of `body` over them, and a map of `post`. Each part is extracted
//! again, so the maps inside the loop become segmented operations (or
//! loops interchanged again). Every row runs the statements it ran
//! before; only their order across rows changes, so a failure is one the
//! sequential reading reaches.
//!
//! The map with each row's loop on a thread of its own is kept as a
//! version for wide maps (see [`ExtractMc::versioned`]).

use super::{ExtractMc, map_parts, renamed_copy};
use crate::ir::analysis::consumed_anywhere;
use crate::ir::build::Builder;
use crate::ir::rephrase::rephrase_stms;
use crate::ir::traverse::{for_each_stm, free_in_exp, free_in_lambda};
use crate::ir::{
    Body, Exp, Lambda, LoopForm, Mc, Param, PatElem, Soac, Soacs, Stm, SubExp, Type, Var,
};
use rustc_hash::FxHashSet;

impl ExtractMc {
    /// A map of a loop with parallel code inside (see the module's
    /// documentation), interchanged, or given back.
    pub(super) fn map_of_loop(
        &mut self,
        b: &mut Builder<Mc>,
        pat: &[PatElem],
        soac: Soac<Soacs>,
    ) -> Result<(), Box<Soac<Soacs>>> {
        let Some((width, arrays, map)) = map_parts(&soac) else {
            return Err(Box::new(soac));
        };
        let Some(at) = interchangeable_loop(b, map) else {
            return Err(Box::new(soac));
        };
        let (arrays, map) = (arrays.to_vec(), map.clone());
        self.versioned(b, pat, width, arrays, map, |this, b, pat, arrays, map| {
            this.interchange(b, pat, width, &arrays, map, at)
        });
        Ok(())
    }

    /// The map, whose lambda's statement `at` is an interchangeable loop,
    /// as a map of the statements before it, the loop over the rows'
    /// values mapping its body over them, and a map of the statements
    /// after it, each extracted again.
    fn interchange(
        &mut self,
        b: &mut Builder<Mc>,
        pat: Vec<PatElem>,
        width: SubExp,
        arrays: &[Var],
        lambda: Lambda<Soacs>,
        at: usize,
    ) {
        let Lambda {
            params: row_params,
            body: Body { mut stms, result },
            ret,
        } = lambda;
        let post: Vec<Stm<Soacs>> = stms.split_off(at + 1);
        let the_loop = stms.pop().expect("the loop is statement `at`");
        let pre = stms;
        let Exp::Loop {
            params: loop_params,
            form: LoopForm::For {
                var: counter,
                bound,
            },
            body: loop_body,
        } = the_loop.exp
        else {
            unreachable!("interchangeable_loop found a for loop");
        };
        let row_of = |var: Var| row_params.iter().position(|p| p.var == var);
        let mut stms: Vec<Stm<Soacs>> = Vec::new();
        let stm = |b: &Builder<Mc>, pat: Vec<PatElem>, exp: Exp<Soacs>| Stm {
            pat,
            exp,
            loc: b.loc(),
            attrs: b.attrs(),
        };
        let map_soac = |arrays: Vec<Var>, map: Lambda<Soacs>| {
            Exp::Op(Soac::Screma {
                width,
                arrays,
                map,
                scans: Vec::new(),
                reduces: Vec::new(),
                post: None,
            })
        };

        // What the loop and the statements after it read of the
        // statements before it, as arrays over the rows.
        let mut read_later: FxHashSet<Var> = free_in_exp(&Exp::<Soacs>::Loop {
            params: loop_params.clone(),
            form: LoopForm::For {
                var: counter,
                bound,
            },
            body: loop_body.clone(),
        });
        read_later.extend(free_in_lambda(&Lambda {
            params: Vec::new(),
            body: Body {
                stms: post.clone(),
                result: result.clone(),
            },
            ret: Vec::new(),
        }));
        let exported: Vec<Var> = pre
            .iter()
            .flat_map(|stm| stm.pat.iter().map(|p| p.var))
            .filter(|v| read_later.contains(v))
            .collect();
        let exported_arrays: Vec<Var> = exported
            .iter()
            .map(|&v| {
                let ty = b.type_of(SubExp::Var(v)).array_of(width);
                b.new_var(b.var_name(v).to_owned().as_str(), ty)
            })
            .collect();
        // The statements before the loop run even where the loop and
        // those after it read nothing of them: they may fail.
        if !pre.is_empty() {
            let body = Body {
                stms: pre,
                result: exported.iter().map(|&v| SubExp::Var(v)).collect(),
            };
            let params = consuming_params(b, &row_params, &body);
            let pre_map = renamed_copy(
                b,
                &Lambda {
                    params,
                    body,
                    ret: exported
                        .iter()
                        .map(|&v| b.type_of(SubExp::Var(v)))
                        .collect(),
                },
            );
            let pat = exported_arrays
                .iter()
                .map(|&v| PatElem {
                    var: v,
                    ty: b.type_of(SubExp::Var(v)),
                    mem: None,
                })
                .collect();
            stms.push(stm(b, pat, map_soac(arrays.to_vec(), pre_map)));
        }
        // The array of a value of every row: the row's own value where
        // it is a row or was computed before the loop, else the same
        // value replicated.
        let rows_of = |b: &mut Builder<Mc>, stms: &mut Vec<Stm<Soacs>>, value: SubExp| {
            if let SubExp::Var(v) = value {
                if let Some(j) = row_of(v) {
                    return arrays[j];
                }
                if let Some(k) = exported.iter().position(|&e| e == v) {
                    return exported_arrays[k];
                }
            }
            let ty = b.type_of(value).array_of(width);
            let replicated = b.new_var("replicated", ty.clone());
            stms.push(stm(
                b,
                vec![PatElem {
                    var: replicated,
                    ty,
                    mem: None,
                }],
                Exp::Replicate {
                    shape: vec![width],
                    value,
                },
            ));
            replicated
        };

        // The loop over the rows' values: its iteration maps the body
        // over them and over the rows and values it reads.
        let mut new_params = Vec::new();
        let mut inner_params = Vec::new();
        let mut inputs = Vec::new();
        let mut bindings = Vec::new();
        for (param, init) in &loop_params {
            let ty = param.ty.array_of(width);
            let rows = b.new_var(b.var_name(param.var).to_owned().as_str(), ty.clone());
            let initial = rows_of(b, &mut stms, *init);
            new_params.push((
                Param {
                    var: rows,
                    ty,
                    unique: param.unique,
                    mem: None,
                },
                SubExp::Var(initial),
            ));
            let row = b.new_var(b.var_name(param.var).to_owned().as_str(), param.ty.clone());
            inner_params.push(Param {
                var: row,
                ty: param.ty.clone(),
                unique: param.unique,
                mem: None,
            });
            inputs.push(rows);
            bindings.push((param.var, param.ty.clone(), row));
        }
        let body_reads = {
            let mut free = free_in_lambda(&Lambda {
                params: Vec::new(),
                body: loop_body.clone(),
                ret: Vec::new(),
            });
            free.retain(|v| !loop_params.iter().any(|(p, _)| p.var == *v));
            free
        };
        let row_reads = row_params
            .iter()
            .enumerate()
            .filter(|(_, p)| body_reads.contains(&p.var))
            .map(|(j, p)| (p.var, p.ty.clone(), arrays[j]));
        let value_reads = exported
            .iter()
            .zip(&exported_arrays)
            .filter(|(v, _)| body_reads.contains(v))
            .map(|(&v, &array)| (v, b.type_of(SubExp::Var(v)), array))
            .collect::<Vec<_>>();
        for (var, ty, array) in row_reads.chain(value_reads) {
            let row = b.new_var(b.var_name(var).to_owned().as_str(), ty.clone());
            inner_params.push(Param {
                var: row,
                ty: ty.clone(),
                unique: false,
                mem: None,
            });
            inputs.push(array);
            bindings.push((var, ty, row));
        }
        let mut inner_stms: Vec<Stm<Soacs>> = bindings
            .into_iter()
            .map(|(var, ty, row)| {
                stm(
                    b,
                    vec![PatElem { var, ty, mem: None }],
                    Exp::SubExp(SubExp::Var(row)),
                )
            })
            .collect();
        inner_stms.extend(loop_body.stms);
        let inner = Lambda {
            params: inner_params,
            body: Body {
                stms: inner_stms,
                result: loop_body.result,
            },
            ret: loop_params.iter().map(|(p, _)| p.ty.clone()).collect(),
        };
        let iterated: Vec<PatElem> = new_params
            .iter()
            .map(|(p, _)| PatElem {
                var: b.new_var(b.var_name(p.var).to_owned().as_str(), p.ty.clone()),
                ty: p.ty.clone(),
                mem: None,
            })
            .collect();
        let iteration = Body {
            stms: vec![stm(b, iterated.clone(), map_soac(inputs, inner))],
            result: iterated.iter().map(|p| SubExp::Var(p.var)).collect(),
        };
        // Where the lambda's results are the loop's values, the loop's
        // arrays are the map's.
        let from_loop: Option<Vec<usize>> = if post.is_empty() {
            result
                .iter()
                .map(|r| the_loop.pat.iter().position(|p| *r == SubExp::Var(p.var)))
                .collect()
        } else {
            None
        };
        let loop_results_are_the_map = from_loop.as_ref().is_some_and(|at| {
            at.len() == the_loop.pat.len() && at.iter().enumerate().all(|(i, &k)| i == k)
        });
        let loop_pat: Vec<PatElem> = if loop_results_are_the_map {
            pat.clone()
        } else {
            new_params
                .iter()
                .map(|(p, _)| PatElem {
                    var: b.new_var(b.var_name(p.var).to_owned().as_str(), p.ty.clone()),
                    ty: p.ty.clone(),
                    mem: None,
                })
                .collect()
        };
        stms.push(stm(
            b,
            loop_pat.clone(),
            Exp::Loop {
                params: new_params,
                form: LoopForm::For {
                    var: counter,
                    bound,
                },
                body: iteration,
            },
        ));

        // The statements after the loop, mapped over the rows, the values
        // before it and the loop's.
        if let Some(at) = from_loop {
            if !loop_results_are_the_map {
                for (elem, k) in pat.into_iter().zip(at) {
                    let value = Exp::SubExp(SubExp::Var(loop_pat[k].var));
                    stms.push(stm(b, vec![elem], value));
                }
            }
        } else {
            let mut params = row_params.clone();
            let mut post_arrays = arrays.to_vec();
            for (&v, &array) in exported.iter().zip(&exported_arrays) {
                params.push(Param {
                    var: v,
                    ty: b.type_of(SubExp::Var(v)),
                    unique: false,
                    mem: None,
                });
                post_arrays.push(array);
            }
            for (elem, rows) in the_loop.pat.iter().zip(&loop_pat) {
                params.push(Param {
                    var: elem.var,
                    ty: elem.ty.clone(),
                    unique: false,
                    mem: None,
                });
                post_arrays.push(rows.var);
            }
            let body = Body { stms: post, result };
            let params = consuming_params(b, &params, &body);
            let post_map = renamed_copy(b, &Lambda { params, body, ret });
            stms.push(stm(b, pat, map_soac(post_arrays, post_map)));
        }
        rephrase_stms(b, self, stms);
    }
}

/// The parameters for a map of `body`: unique where the body consumes
/// them (the loop or another map may read the others).
fn consuming_params(b: &Builder<Mc>, params: &[Param], body: &Body<Soacs>) -> Vec<Param> {
    let consumed = consumed_anywhere(b, body);
    params
        .iter()
        .map(|p| Param {
            unique: consumed.contains(&p.var),
            ..p.clone()
        })
        .collect()
}

/// The position of the first statement of the lambda that is a `for`
/// loop with parallel code inside whose bound and values' sizes come
/// from outside the lambda (so every row runs as many iterations over
/// values of the same shapes), if the values the lambda computes before
/// it have such sizes too.
fn interchangeable_loop(b: &Builder<Mc>, lambda: &Lambda<Soacs>) -> Option<usize> {
    let mut bound_here: FxHashSet<Var> = lambda.params.iter().map(|p| p.var).collect();
    let outside = |bound_here: &FxHashSet<Var>, se: &SubExp| match se {
        SubExp::Var(v) => !bound_here.contains(v),
        SubExp::Const(_) => true,
    };
    let regular =
        |bound_here: &FxHashSet<Var>, ty: &Type| ty.shape().iter().all(|d| outside(bound_here, d));
    for (at, stm) in lambda.body.stms.iter().enumerate() {
        // A statement may bind sizes of its own values too.
        bound_here.extend(stm.pat.iter().map(|p| p.var));
        if !stm
            .pat
            .iter()
            .all(|p| regular(&bound_here, &b.type_of(SubExp::Var(p.var))))
        {
            return None;
        }
        if let Exp::Loop {
            params,
            form: LoopForm::For { bound, .. },
            body,
        } = &stm.exp
            && outside(&bound_here, bound)
            && has_parallelism(body)
        {
            let mut inside = bound_here.clone();
            inside.extend(params.iter().map(|(p, _)| p.var));
            if params.iter().all(|(p, _)| regular(&inside, &p.ty)) {
                return Some(at);
            }
        }
    }
    None
}

/// Whether a body has a SOAC in it.
fn has_parallelism(body: &Body<Soacs>) -> bool {
    let mut found = false;
    for_each_stm(body, &mut |stm| found |= matches!(stm.exp, Exp::Op(_)));
    found
}
