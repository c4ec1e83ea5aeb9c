//! A reduction over a compaction reads the compacted rows where they
//! are computed: `reduce op ne (filter p xs)` becomes one redomap over
//! `xs` whose map gives `ne` for the rows `p` drops.
//!
//! The prelude's `filter` (and any code written the same way) compacts
//! with a scan and a scatter: `counts = scan (+) 0 (map one_if keep)`,
//! then `out = scatter dest (map2 (\k c -> if k then c - 1 else -1) keep
//! counts) vs`, then `out[0:total]` with `total` the last count (0 for no
//! rows). The rule proves each part: the scan is `+` on `i64` from 0 over
//! `1` where the flag holds and `0` elsewhere, the scatter writes a row
//! at its count less one where the same flag holds and at a negative
//! index (which writes nothing) elsewhere, and the slice's length is the
//! last count. Then `out[0:total]` is the kept values in order, every
//! element written once, and a reduction over it is the reduction over
//! all rows with the neutral element in place of the dropped ones, as
//! the operator's neutral element leaves any value unchanged.
//!
//! Nothing that could fail is skipped: the slice (the only check of the
//! chain the rewrite drops) is in bounds, as the number of kept rows is
//! at most the width, and the scatter's map still runs on every row. The
//! reduction's map runs on the kept rows only, as before.

use super::Fuser;
use super::deps::Deps;
use super::rules::Defs;
use crate::ir::Attrs;
use crate::ir::analysis::{can_fail, consumed_anywhere};
use crate::ir::traverse::free_in_exp;
use crate::ir::{Body, DimIndex, Exp, Fusion, Lambda, ScanOp, Soac, Stm, SubExp, Type, Var};
use prim::{BinOp, CmpOp, PrimType};
use rustc_hash::{FxHashMap, FxHashSet};

/// Rewrites one reduction of the body over a compaction; whether it did.
pub(super) fn fuse_reduction_of_compaction(
    fuser: &mut Fuser,
    body: &mut Body,
    deps: &Deps,
) -> bool {
    // The statement binding each variable of the body, found once: every
    // reduction of the body looks its inputs up.
    let binders: FxHashMap<Var, usize> = body
        .stms
        .iter()
        .enumerate()
        .flat_map(|(i, stm)| stm.pat.iter().map(move |pe| (pe.var, i)))
        .collect();
    let scope = Scope {
        body,
        binders: &binders,
        defs: &fuser.defs,
    };
    for consumer in 0..body.stms.len() {
        if let Some(found) = Compaction::find(&scope, deps, consumer) {
            found.rewrite(fuser, body, consumer);
            return true;
        }
    }
    false
}

/// The body a reduction stands in, with the statement binding each of
/// its variables, and the definitions the rules record.
struct Scope<'a> {
    body: &'a Body,
    binders: &'a FxHashMap<Var, usize>,
    defs: &'a Defs,
}

impl Scope<'_> {
    /// The statement of the body binding `var`.
    fn binder(&self, var: Var) -> Option<usize> {
        self.binders.get(&var).copied()
    }
}

/// A reduction over slices of a scatter's destinations that the scatter
/// fills by compaction.
struct Compaction {
    /// The statements of the slices the reduction reads, one per input.
    slices: Vec<usize>,
    /// The scatter's statement.
    scatter: usize,
    /// For each input of the reduction, the scatter's destination it
    /// slices.
    dests: Vec<usize>,
    /// The parameter of the scatter's map that holds whether a row is
    /// kept.
    flag: Var,
}

impl Compaction {
    fn find(scope: &Scope, deps: &Deps, consumer: usize) -> Option<Compaction> {
        let (body, defs) = (scope.body, scope.defs);
        let Exp::Op(Soac::Screma {
            width: SubExp::Var(total),
            arrays,
            map,
            scans,
            reduces,
            post: None,
        }) = &body.stms[consumer].exp
        else {
            return None;
        };
        let reduced: usize = reduces.iter().map(|r| r.neutral.len()).sum();
        if !scans.is_empty() || reduces.is_empty() || map.body.result.len() != reduced {
            return None;
        }
        if map.params.iter().any(|p| p.unique) {
            return None;
        }
        // Each input is `out[0:total]` for a destination `out` of one
        // scatter, used by the reduction alone.
        let mut slices = Vec::new();
        let mut outs = Vec::new();
        for &array in arrays {
            let i = scope.binder(array)?;
            let Exp::Index {
                array: out,
                slice: ref index,
            } = body.stms[i].exp
            else {
                return None;
            };
            let [
                DimIndex::Slice {
                    start,
                    len: SubExp::Var(len),
                    stride,
                },
            ] = index.as_slice()
            else {
                return None;
            };
            if !is_i64(*start, 0) || !is_i64(*stride, 1) || *len != *total {
                return None;
            }
            if deps.users(array).any(|user| user != Some(consumer)) {
                return None;
            }
            slices.push(i);
            outs.push(out);
        }
        let scatter = scope.binder(*outs.first()?)?;
        let Exp::Op(Soac::Scatter {
            width,
            arrays: scattered,
            dests,
            map: scatter_map,
        }) = &body.stms[scatter].exp
        else {
            return None;
        };
        // A destination, not the mapped values the scatter also binds.
        let dest_of = |out: Var| {
            let d = body.stms[scatter].pat.iter().position(|pe| pe.var == out)?;
            (d < dests.len()).then_some(d)
        };
        let dests_read: Vec<usize> = outs.iter().map(|&o| dest_of(o)).collect::<Option<_>>()?;
        if dests.iter().any(|d| d.writes != 1) {
            return None;
        }
        // The counts and flags the scatter's map reads, by parameter.
        let input_of = |param: Var| {
            let k = scatter_map.params.iter().position(|p| p.var == param)?;
            scattered.get(k).copied()
        };
        let mut flag = None;
        for &d in &dests_read {
            let (k, c) = compaction_index(&scatter_map.body, defs, scatter_map.body.result[d])?;
            if flag.is_some_and(|f| f != k) {
                return None;
            }
            flag = Some(k);
            let counts = input_of(c)?;
            let flags = input_of(k)?;
            if !counts_flags(scope, counts, flags, *width)? {
                return None;
            }
            if !is_last_count(body, defs, *total, counts, *width) {
                return None;
            }
        }
        // The reduction reads the scatter's inputs where it stands:
        // nothing between may consume them, and it consumes nothing.
        if (scatter + 1..=consumer).any(|x| deps.consumes_read(x, scatter)) {
            return None;
        }
        Some(Compaction {
            slices,
            scatter,
            dests: dests_read,
            flag: flag?,
        })
    }

    fn rewrite(self, fuser: &mut Fuser, body: &mut Body, consumer: usize) {
        let Exp::Op(Soac::Scatter {
            width,
            arrays: scattered,
            dests,
            map: scatter_map,
        }) = body.stms[self.scatter].exp.clone()
        else {
            unreachable!("a compaction is a scatter");
        };
        let Exp::Op(Soac::Screma {
            map: reduce_map,
            reduces,
            ..
        }) = body.stms[consumer].exp.clone()
        else {
            unreachable!("a compaction's reader is a reduction");
        };
        // The scatter's map, renamed, computes each row's values; the
        // reduction's map runs on them where the row is kept.
        let flag_position = scatter_map
            .params
            .iter()
            .position(|p| p.var == self.flag)
            .expect("the flag is a parameter");
        let values: Vec<usize> = self.dests.iter().map(|&d| dests.len() + d).collect();
        let mut rows = fuser.renamed(&scatter_map);
        let flag = SubExp::Var(rows.params[flag_position].var);
        let bindings: Vec<_> = reduce_map
            .params
            .iter()
            .cloned()
            .zip(values.iter().map(|&v| rows.body.result[v]))
            .collect();
        let consumed = fuser.consumed_params(&reduce_map);
        let mut kept_stms = Vec::new();
        let kept_results =
            fuser.bind_and_inline(&mut kept_stms, bindings, &consumed, reduce_map.body.clone());
        let neutral: Vec<SubExp> = reduces.iter().flat_map(|r| r.neutral.clone()).collect();
        let pat = fuser.fresh_pat("kept", &reduce_map.ret);
        let result = pat.iter().map(|pe| SubExp::Var(pe.var)).collect();
        rows.body.stms.push(Stm {
            pat,
            exp: Exp::If {
                condition: flag,
                then_body: Body {
                    stms: kept_stms,
                    result: kept_results,
                },
                else_body: Body {
                    stms: Vec::new(),
                    result: neutral,
                },
                ret: reduce_map.ret.iter().map(Type::ext).collect(),
            },
            loc: None,
            attrs: Attrs::default(),
        });
        rows.body.result = result;
        rows.ret = reduce_map.ret.clone();
        let arrays = drop_unused_params(fuser, &mut rows, scattered);
        let fusion = body.stms[self.scatter]
            .loc
            .clone()
            .zip(body.stms[consumer].loc.clone())
            .map(|(from, into)| Fusion { from, into });
        fuser.fusions.extend(fusion);
        let reduction = &mut body.stms[consumer];
        reduction.exp = Exp::Op(Soac::Screma {
            width,
            arrays,
            map: rows,
            scans: Vec::new(),
            reduces,
            post: None,
        });
        // The slices go; so does the scatter where nothing else reads
        // what it wrote.
        let mut removed: FxHashSet<usize> = self.slices.iter().copied().collect();
        let written: FxHashSet<Var> = body.stms[self.scatter]
            .pat
            .iter()
            .map(|pe| pe.var)
            .collect();
        let read_elsewhere =
            body.stms.iter().enumerate().any(|(i, stm)| {
                !removed.contains(&i) && !free_in_exp(&stm.exp).is_disjoint(&written)
            }) || body
                .result
                .iter()
                .any(|se| se.as_var().is_some_and(|v| written.contains(&v)));
        if !read_elsewhere {
            removed.insert(self.scatter);
        }
        let mut index = 0;
        body.stms.retain(|_| {
            index += 1;
            !removed.contains(&(index - 1))
        });
    }
}

/// Removes the statements of a lambda's body whose results nothing
/// uses and that can neither fail nor consume anything, then the
/// parameters nothing uses; the input arrays of the parameters left.
fn drop_unused_params(fuser: &Fuser, lambda: &mut Lambda, arrays: Vec<Var>) -> Vec<Var> {
    let mut used: FxHashSet<Var> = lambda
        .body
        .result
        .iter()
        .filter_map(|se| se.as_var())
        .collect();
    let consumed = consumed_anywhere(fuser.program, &lambda.body);
    let mut kept = Vec::new();
    for stm in std::mem::take(&mut lambda.body.stms).into_iter().rev() {
        let live = stm.pat.iter().any(|pe| used.contains(&pe.var))
            || can_fail(&*fuser.types, &stm.exp)
            || !free_in_exp(&stm.exp).is_disjoint(&consumed);
        if live {
            used.extend(free_in_exp(&stm.exp));
            used.extend(
                stm.pat
                    .iter()
                    .flat_map(|pe| pe.ty.shape().iter().filter_map(|d| d.as_var())),
            );
            kept.push(stm);
        }
    }
    kept.reverse();
    lambda.body.stms = kept;
    let mut arrays_left = Vec::new();
    let params = std::mem::take(&mut lambda.params);
    for (param, array) in params.into_iter().zip(arrays) {
        if used.contains(&param.var) || consumed.contains(&param.var) {
            lambda.params.push(param);
            arrays_left.push(array);
        }
    }
    arrays_left
}

/// The statement of the body binding `var`.
fn defining(body: &Body, var: Var) -> Option<usize> {
    body.stms
        .iter()
        .position(|stm| stm.pat.iter().any(|pe| pe.var == var))
}

fn is_i64(se: SubExp, value: i64) -> bool {
    matches!(se, SubExp::Const(c) if c.as_i64() == Some(value))
}

fn is_negative_i64(se: SubExp) -> bool {
    matches!(se, SubExp::Const(c) if c.as_i64().is_some_and(|v| v < 0))
}

/// The expression binding `var` alone: by a statement of `stms`, or
/// else one the rules record.
fn binding<'a>(stms: &'a [Stm], defs: &'a Defs, var: Var) -> Option<&'a Exp> {
    stms.iter()
        .find(|s| s.pat.len() == 1 && s.pat[0].var == var)
        .map(|s| &s.exp)
        .or_else(|| defs.get(var))
}

/// Whether `var` is `c - 1` for the variable `c`; `c` if so.
fn one_less(stms: &[Stm], defs: &Defs, var: Var) -> Option<Var> {
    match *binding(stms, defs, var)? {
        Exp::BinOp(BinOp::Add, SubExp::Var(c), d) | Exp::BinOp(BinOp::Add, d, SubExp::Var(c))
            if is_i64(d, -1) =>
        {
            Some(c)
        }
        Exp::BinOp(BinOp::Sub, SubExp::Var(c), d) if is_i64(d, 1) => Some(c),
        _ => None,
    }
}

/// Whether a scatter index is `if k then c - 1 else n` for a negative
/// constant `n`: the flag `k` and the count `c` if so.
fn compaction_index(body: &Body, defs: &Defs, index: SubExp) -> Option<(Var, Var)> {
    let index = index.as_var()?;
    let stm = &body.stms[defining(body, index)?];
    let Exp::If {
        condition: SubExp::Var(flag),
        then_body,
        else_body,
        ..
    } = &stm.exp
    else {
        return None;
    };
    if stm.pat.len() != 1 || !matches!(else_body.result.as_slice(), [n] if is_negative_i64(*n)) {
        return None;
    }
    let [SubExp::Var(less)] = then_body.result.as_slice() else {
        return None;
    };
    let count =
        one_less(&then_body.stms, defs, *less).or_else(|| one_less(&body.stms, defs, *less))?;
    Some((*flag, count))
}

/// Whether `counts` is an inclusive scan of `+` from 0 over one for each
/// row where `flags` holds and zero elsewhere, by a screma of `width`
/// rows.
fn counts_flags(scope: &Scope, counts: Var, flags: Var, width: SubExp) -> Option<bool> {
    let stm = &scope.body.stms[scope.binder(counts)?];
    let Exp::Op(Soac::Screma {
        width: scan_width,
        arrays,
        map,
        scans,
        reduces,
        post: None,
    }) = &stm.exp
    else {
        return None;
    };
    if *scan_width != width {
        return None;
    }
    let position = stm.pat.iter().position(|pe| pe.var == counts)?;
    let mut offset = 0;
    let op = scans.iter().find(|op| {
        offset += op.neutral.len();
        position < offset
    })?;
    if op.neutral.len() != 1 || !adds_i64(op) {
        return None;
    }
    // The map's result feeding the scan is one where the flag holds.
    let one = map.body.result[position].as_var()?;
    let flag = one_where(&map.body, one)?;
    let scanned: usize = scans.iter().map(|s| s.neutral.len()).sum();
    let reduced: usize = reduces.iter().map(|r| r.neutral.len()).sum();
    let from_input = map
        .params
        .iter()
        .position(|p| p.var == flag)
        .is_some_and(|k| arrays.get(k) == Some(&flags));
    let from_result = map
        .body
        .result
        .iter()
        .enumerate()
        .skip(scanned + reduced)
        .any(|(r, &se)| se == SubExp::Var(flag) && stm.pat[r].var == flags);
    Some(from_input || from_result)
}

/// Whether a scan operator is `+` on one `i64` from 0.
fn adds_i64(op: &ScanOp) -> bool {
    let [a, b] = op.lambda.params.as_slice() else {
        return false;
    };
    let [stm] = op.lambda.body.stms.as_slice() else {
        return false;
    };
    let sum = matches!(stm.exp, Exp::BinOp(BinOp::Add, x, y)
        if (x, y) == (SubExp::Var(a.var), SubExp::Var(b.var))
            || (x, y) == (SubExp::Var(b.var), SubExp::Var(a.var)));
    sum && a.ty == Type::i64()
        && is_i64(op.neutral[0], 0)
        && op.lambda.body.result == [SubExp::Var(stm.pat[0].var)]
}

/// The flag `k` where `var` is `if k then 1 else 0` (or `k` converted to
/// `i64`), by a statement of the body.
fn one_where(body: &Body, var: Var) -> Option<Var> {
    let stm = &body.stms[defining(body, var)?];
    match &stm.exp {
        Exp::If {
            condition: SubExp::Var(flag),
            then_body,
            else_body,
            ..
        } if then_body.stms.is_empty()
            && else_body.stms.is_empty()
            && matches!(then_body.result.as_slice(), [one] if is_i64(*one, 1))
            && matches!(else_body.result.as_slice(), [zero] if is_i64(*zero, 0)) =>
        {
            Some(*flag)
        }
        Exp::Convert(PrimType::I64, SubExp::Var(flag)) => Some(*flag),
        _ => None,
    }
}

/// Whether `total` is the last of `counts` (`width` of them), or 0 where
/// there are none.
fn is_last_count(body: &Body, defs: &Defs, total: Var, counts: Var, width: SubExp) -> bool {
    let is_last = |stms: &[Stm], se: SubExp| {
        let Some(v) = se.as_var() else { return false };
        matches!(binding(stms, defs, v), Some(Exp::Index { array, slice })
            if *array == counts
                && matches!(slice.as_slice(), [DimIndex::Fix(SubExp::Var(last))]
                    if one_less(stms, defs, *last).map(SubExp::Var) == Some(width)))
    };
    match binding(&body.stms, defs, total) {
        Some(Exp::If {
            condition: SubExp::Var(empty),
            then_body,
            else_body,
            ..
        }) => {
            let tests_empty = matches!(binding(&body.stms, defs, *empty),
                Some(&Exp::Cmp(CmpOp::Eq, a, b))
                    if (a, b) == (width, SubExp::i64(0)) || (a, b) == (SubExp::i64(0), width));
            tests_empty
                && matches!(then_body.result.as_slice(), [zero] if is_i64(*zero, 0))
                && matches!(else_body.result.as_slice(), [last] if is_last(&else_body.stms, *last))
        }
        _ => is_last(&body.stms, SubExp::Var(total)),
    }
}
