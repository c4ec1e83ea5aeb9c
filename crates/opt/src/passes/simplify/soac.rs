//! The simplifier's rules for SOACs ([`Operation::simplify`] and
//! [`Operation::prune_components`] of [`Soac`]):
//!
//! * a `screma`'s input that is a `replicate` gives its value to the
//!   map instead of rows; inputs whose parameters the map does not read
//!   go;
//! * a mapped result that is the same for every row is a `replicate` of
//!   it, one that is a row of an input a copy of the input (unless that
//!   would leave a map that can fail without results);
//! * the components of a reduction or scan whose results are unused and
//!   that the other components do not need go, with what computes them,
//!   and then the inputs the map no longer needs.
//!
//! The rules on results leave a `screma` with a post lambda alone.
//!
//! * an accumulator that an accumulation's map passes on unchanged and
//!   does not otherwise read goes: the result is the destination as it
//!   was.
//!
//! [`Operation::simplify`]: crate::ir::Operation::simplify
//! [`Operation::prune_components`]: crate::ir::Operation::prune_components

use crate::ir::Attrs;
use crate::ir::rep::{NeededParams, SimplifyOp};
use crate::ir::soac::accumulated_results;
use crate::ir::traverse::{Renamer, bound_in_body, for_each_use, map_lambda_types, used_in_lambda};
use crate::ir::{Exp, Lambda, PatElem, Rep, Soac, Stm, SubExp, Var};
use rustc_hash::{FxHashMap, FxHashSet};

/// A dimension with the variables of `renaming` replaced.
fn renamer_dim(renaming: &FxHashMap<Var, SubExp>, se: &mut SubExp) {
    if let SubExp::Var(v) = se
        && let Some(&new) = renaming.get(v)
    {
        *se = new;
    }
}

pub(crate) fn simplify<R: Rep>(
    soac: &mut Soac<R>,
    pat: &mut Vec<PatElem>,
    ctx: &mut dyn SimplifyOp<R>,
) -> Vec<Stm<R>> {
    if let Soac::Accumulate { .. } = soac {
        return passed_accumulators(soac, pat);
    }
    let Soac::Screma {
        width,
        arrays,
        map,
        scans,
        reduces,
        post,
    } = soac
    else {
        return Vec::new();
    };
    if arrays.len() != map.params.len() {
        return Vec::new();
    }
    // An input that is a replicate gives its value as every row.
    let consumed = ctx.consumed_in(&map.body);
    let mut rows = FxHashMap::default();
    for (param, &array) in map.params.iter().zip(arrays.iter()) {
        if let Some(row) = ctx.replicated_row(array)
            && !consumed.contains(&param.var)
        {
            rows.insert(param.var, row);
        }
    }
    if !rows.is_empty() {
        let renamer = Renamer::new(&rows);
        renamer.body(&mut map.body);
        map_lambda_types(map, &mut |se| renamer_dim(&rows, se));
    }
    let used = used_in_lambda(map);
    let mut unused: Vec<usize> = (0..arrays.len())
        .filter(|&j| !used.contains(&map.params[j].var))
        .collect();
    let width_known = ctx.nonnegative(*width);
    if !arrays.is_empty() && unused.len() == arrays.len() && !width_known {
        // One input stays to give the width.
        unused.remove(0);
    }
    for &j in unused.iter().rev() {
        arrays.remove(j);
        map.params.remove(j);
    }
    // Results that a post lambda takes are not the pattern's.
    if (!width_known && arrays.is_empty()) || post.is_some() || pat.len() != map.body.result.len() {
        return Vec::new();
    }
    let first_mapped = accumulated_results(scans, reduces);
    let bound = bound_in_body(&map.body);
    let can_fail = ctx.body_can_fail(&map.body);
    let mut after = Vec::new();
    for k in (first_mapped..pat.len()).rev() {
        let exp = match map.body.result[k] {
            SubExp::Var(v) => match map.params.iter().position(|p| p.var == v) {
                Some(j) => Exp::Copy(arrays[j]),
                None if bound.contains(&v) => continue,
                None => Exp::Replicate {
                    shape: vec![*width],
                    value: SubExp::Var(v),
                },
            },
            value => Exp::Replicate {
                shape: vec![*width],
                value,
            },
        };
        if pat.len() == 1 && can_fail {
            continue;
        }
        let pe = pat.remove(k);
        map.ret.remove(k);
        map.body.result.remove(k);
        after.push(Stm {
            pat: vec![pe],
            exp,
            loc: None,
            attrs: Attrs::default(),
        });
    }
    after.reverse();
    after
}

/// Drops the accumulators that an accumulation's map returns as it got
/// them and reads nowhere else; returns the statements binding their
/// results to their destinations.
fn passed_accumulators<R: Rep>(soac: &mut Soac<R>, pat: &mut Vec<PatElem>) -> Vec<Stm<R>> {
    let Soac::Accumulate { dests, map, .. } = soac else {
        return Vec::new();
    };
    let mut read = FxHashSet::default();
    for stm in &map.body.stms {
        for_each_use(&stm.exp, &mut |v| {
            read.insert(v);
        });
    }
    let mut after = Vec::new();
    for j in (0..dests.len()).rev() {
        let param = map.params[j].var;
        if map.body.result[j] != SubExp::Var(param) || read.contains(&param) {
            continue;
        }
        let dest = dests.remove(j);
        map.params.remove(j);
        map.ret.remove(j);
        map.body.result.remove(j);
        after.push(Stm {
            pat: vec![pat.remove(j)],
            exp: Exp::SubExp(SubExp::Var(dest)),
            loc: None,
            attrs: Attrs::default(),
        });
    }
    after
}

pub(crate) fn prune_components<R: Rep>(
    soac: &mut Soac<R>,
    pat: &mut Vec<PatElem>,
    live: &dyn Fn(Var) -> bool,
    needed_params: &NeededParams<'_, R>,
) {
    let Soac::Screma {
        arrays,
        map,
        scans,
        reduces,
        post: None,
        ..
    } = soac
    else {
        return;
    };
    if pat.len() != map.body.result.len() || arrays.len() != map.params.len() {
        return;
    }
    // The operators in order of their results, each with its first
    // result's position.
    let mut offset = 0;
    let mut operators: Vec<(usize, &mut Lambda<R>, &mut Vec<SubExp>)> = Vec::new();
    for scan in scans.iter_mut() {
        let n = scan.neutral.len();
        operators.push((offset, &mut scan.lambda, &mut scan.neutral));
        offset += n;
    }
    for reduce in reduces.iter_mut() {
        let n = reduce.neutral.len();
        operators.push((offset, &mut reduce.lambda, &mut reduce.neutral));
        offset += n;
    }
    for (offset, lambda, neutral) in operators.into_iter().rev() {
        let n = neutral.len();
        let mut live_components: Vec<bool> = (0..n).map(|j| live(pat[offset + j].var)).collect();
        // A component whose parameters a needed one reads is needed.
        loop {
            if live_components.iter().all(|&l| l) {
                break;
            }
            let needed = needed_params(lambda, &live_components);
            let more: Vec<usize> = (0..n)
                .filter(|&j| !live_components[j] && (needed[j] || needed[n + j]))
                .collect();
            if more.is_empty() {
                break;
            }
            for j in more {
                live_components[j] = true;
            }
        }
        for j in (0..n).rev() {
            if live_components[j] {
                continue;
            }
            let components = neutral.len();
            neutral.remove(j);
            lambda.params.remove(components + j);
            lambda.params.remove(j);
            lambda.ret.remove(j);
            lambda.body.result.remove(j);
            map.ret.remove(offset + j);
            map.body.result.remove(offset + j);
            pat.remove(offset + j);
        }
    }
    scans.retain(|s| !s.neutral.is_empty());
    reduces.retain(|r| !r.neutral.is_empty());
    // Inputs whose rows the map no longer needs.
    let needed = needed_params(map, &vec![true; map.body.result.len()]);
    let mut unneeded: Vec<usize> = (0..arrays.len()).filter(|&j| !needed[j]).collect();
    if !arrays.is_empty() && unneeded.len() == arrays.len() {
        // One input stays to give the width.
        unneeded.remove(0);
    }
    for &j in unneeded.iter().rev() {
        arrays.remove(j);
        map.params.remove(j);
    }
}
