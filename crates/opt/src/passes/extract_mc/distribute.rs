//! Map distribution (PLDI'17 §5, the rule that distributes a map over
//! the statements of its lambda) and the choice between a map's versions.
//!
//! A map whose lambda runs several parallel statements (SOACs, and loops
//! and branches with SOACs inside) becomes several maps, one per parallel
//! statement together with the statements before it: `map (\x -> a; p1;
//! b; p2; c) xs` becomes a map of `a; p1` and one of `b; p2; c` (`c`
//! gets one of its own unless it is a few cheap statements), each
//! taking what it reads of the earlier ones as arrays over the rows, and
//! each extracted again (a map of a SOAC being a nest, a map of a loop
//! interchanged). Every row runs the statements it ran before; only their
//! order across rows changes, so a failure is one the sequential reading
//! reaches. The values passed between the maps must have sizes from
//! outside the lambda, so that they make arrays.

use super::{ExtractMc, is_cheap, map_parts, renamed_copy};
use crate::ir::analysis::consumed_anywhere;
use crate::ir::build::Builder;
use crate::ir::rephrase::rephrase_stms;
use crate::ir::traverse::{for_each_stm, free_in_body};
use crate::ir::{Attrs, Body, Exp, Lambda, Loc, Mc, Param, PatElem, Soac, Soacs, Stm, SubExp, Var};
use rustc_hash::FxHashSet;

/// The default of the tuning parameter choosing between a map's
/// versions: enough rows to fill a GPU with a thread each.
const SUFFICIENT_OUTER_PARALLELISM: i64 = 1 << 15;

impl ExtractMc {
    /// The map's rows each on a thread of their own, their parallel code
    /// sequential, where the map is wide, else the version `inner` makes
    /// of it: where the map has enough rows to fill the device, that keeps
    /// each row's values in its thread. The two are chosen by comparing
    /// the width with a tuning parameter (`FUNCTION.suff_outer_par_K`,
    /// upstream's name for a threshold of "sufficient outer
    /// parallelism"), unless the map has the attribute
    /// `flattening(only_inner)` or `flattening(no_outer)`, which asks for
    /// the inner version only, or is inside the inner version of a map of
    /// the same width, which is known to be narrow there.
    pub(super) fn versioned(
        &mut self,
        b: &mut Builder<Mc>,
        pat: &[PatElem],
        width: SubExp,
        arrays: Vec<Var>,
        map: Lambda<Soacs>,
        inner: impl FnOnce(&mut Self, &mut Builder<Mc>, Vec<PatElem>, Vec<Var>, Lambda<Soacs>),
    ) {
        let attrs = b.attrs();
        if attrs.contains("flattening(only_inner)")
            || attrs.contains("flattening(no_outer)")
            || self.narrow.contains(&width)
        {
            return inner(self, b, pat.to_vec(), arrays, map);
        }
        let name = format!(
            "{}.suff_outer_par_{}",
            self.function,
            b.tuning_param_count()
        );
        let index = b.tuning_param(&name);
        let threshold = b.bind1(
            "suff_outer_par",
            Exp::PrimFn(
                prim::PrimFn::Tuning(index),
                vec![SubExp::Const(prim::PrimValue::I64(
                    SUFFICIENT_OUTER_PARALLELISM,
                ))],
            ),
        );
        let wide = b.bind1(
            "wide",
            Exp::Cmp(prim::CmpOp::Le, SubExp::Var(threshold), width),
        );
        let fresh = |b: &mut Builder<Mc>| -> Vec<PatElem> {
            pat.iter()
                .map(|p| PatElem {
                    var: b.new_var(b.var_name(p.var).to_owned().as_str(), p.ty.clone()),
                    ty: p.ty.clone(),
                    mem: None,
                })
                .collect()
        };
        // The two versions must bind different names.
        let outer_map = renamed_copy(b, &map);
        let then_body = b.body(|b| {
            let values = fresh(b);
            let outer = Soac::Screma {
                width,
                arrays: arrays.clone(),
                map: outer_map,
                scans: Vec::new(),
                reduces: Vec::new(),
                post: None,
            };
            self.outer_only(b, values.clone(), outer);
            values.iter().map(|p| SubExp::Var(p.var)).collect()
        });
        let else_body = b.body(|b| {
            let values = fresh(b);
            self.narrow.push(width);
            inner(self, b, values.clone(), arrays, map);
            self.narrow.pop();
            values.iter().map(|p| SubExp::Var(p.var)).collect()
        });
        b.add(
            pat.to_vec(),
            Exp::If {
                condition: SubExp::Var(wide),
                then_body,
                else_body,
                ret: pat.iter().map(|p| p.ty.ext()).collect(),
            },
        );
    }

    /// A map whose lambda runs several parallel statements, distributed
    /// (see the module's documentation) in a version of its own, or
    /// given back.
    pub(super) fn distributed(
        &mut self,
        b: &mut Builder<Mc>,
        pat: &[PatElem],
        soac: Soac<Soacs>,
    ) -> Result<(), Box<Soac<Soacs>>> {
        let Some((width, arrays, map)) = map_parts(&soac) else {
            return Err(Box::new(soac));
        };
        let arrays = arrays.to_vec();
        let Some(map) = with_groups(b, map).filter(|map| passes_regular_values(b, map)) else {
            return Err(Box::new(soac));
        };
        self.versioned(b, pat, width, arrays, map, |this, b, pat, arrays, map| {
            let (loc, attrs) = (b.loc(), b.attrs());
            let stms = distribution(b, pat, width, arrays, map, (loc, attrs));
            rephrase_stms(b, this, stms);
        });
        Ok(())
    }
}

/// The lambda if it has several groups of statements (see [`groups`]),
/// else, if its one parallel statement is a map (of several groups, or
/// again of a map of them, ...) whose values have sizes from outside it,
/// the lambda with that map distributed in its place: the maps of
/// distributing the outer one then each have a map of one group inside.
fn with_groups(b: &mut Builder<Mc>, lambda: &Lambda<Soacs>) -> Option<Lambda<Soacs>> {
    let ranges = groups(&lambda.body.stms);
    if ranges.len() >= 2 {
        return Some(lambda.clone());
    }
    let at = ranges.first()?.end.checked_sub(1)?;
    let at = (0..=at)
        .rev()
        .find(|&i| is_parallel(&lambda.body.stms[i]))?;
    let stm = &lambda.body.stms[at];
    let Exp::Op(soac) = &stm.exp else {
        return None;
    };
    let (width, arrays, map) = map_parts(soac)?;
    let inner = with_groups(b, map).filter(|inner| passes_regular_values(b, inner))?;
    let distributed = distribution(
        b,
        stm.pat.clone(),
        width,
        arrays.to_vec(),
        inner,
        (stm.loc.clone(), stm.attrs.clone()),
    );
    let mut stms = lambda.body.stms.clone();
    stms.splice(at..=at, distributed);
    Some(Lambda {
        params: lambda.params.clone(),
        body: Body {
            stms,
            result: lambda.body.result.clone(),
        },
        ret: lambda.ret.clone(),
    })
}

/// The maps the lambda's groups of statements become (see [`groups`]),
/// binding `pat`, each at the location and with the attributes given.
fn distribution(
    b: &mut Builder<Mc>,
    pat: Vec<PatElem>,
    width: SubExp,
    arrays: Vec<Var>,
    lambda: Lambda<Soacs>,
    (loc, attrs): (Option<Loc>, Attrs),
) -> Vec<Stm<Soacs>> {
    let Lambda {
        params: row_params,
        body: Body { stms, result },
        ret,
    } = lambda;
    let ranges = groups(&stms);
    let mut stms = stms.into_iter();
    let mut groups: Vec<Vec<Stm<Soacs>>> = ranges
        .iter()
        .map(|range| stms.by_ref().take(range.len()).collect())
        .collect();
    recompute_cheap_values(&mut groups, &result);
    // What each group needs of the rows and the earlier groups: the
    // values the groups after it or the results read.
    let mut needed_later: Vec<FxHashSet<Var>> = vec![FxHashSet::default(); groups.len()];
    let mut needed: FxHashSet<Var> = result.iter().filter_map(|se| se.as_var()).collect();
    for (g, group) in groups.iter().enumerate().rev() {
        needed_later[g] = needed.clone();
        needed.extend(free_in_body(&Body {
            stms: group.clone(),
            result: Vec::new(),
        }));
    }
    // The array over the rows of each value passed on.
    let mut rows_of: Vec<(Var, Var)> = row_params
        .iter()
        .zip(&arrays)
        .map(|(p, &array)| (p.var, array))
        .collect();
    let last = groups.len() - 1;
    let mut out = Vec::new();
    for (g, group) in groups.drain(..).enumerate() {
        let bound: Vec<Var> = group
            .iter()
            .flat_map(|stm| stm.pat.iter().map(|p| p.var))
            .collect();
        let group_result: Vec<SubExp> = if g == last {
            result.clone()
        } else {
            bound
                .iter()
                .filter(|v| needed_later[g].contains(v))
                .map(|&v| SubExp::Var(v))
                .collect()
        };
        let body = Body {
            stms: group,
            result: group_result,
        };
        let reads = free_in_body(&body);
        let consumed = consumed_anywhere(b, &body);
        let mut params = Vec::new();
        let mut inputs = Vec::new();
        for &(var, array) in &rows_of {
            if reads.contains(&var) {
                params.push(Param {
                    var,
                    ty: b.type_of(SubExp::Var(var)),
                    unique: consumed.contains(&var),
                    mem: None,
                });
                inputs.push(array);
            }
        }
        let ret_types = if g == last {
            ret.clone()
        } else {
            body.result.iter().map(|&se| b.type_of(se)).collect()
        };
        let group_pat: Vec<PatElem> = if g == last {
            pat.clone()
        } else {
            body.result
                .iter()
                .map(|&se| {
                    let ty = b.type_of(se).array_of(width);
                    let var = se.as_var().expect("a group passes on variables");
                    PatElem {
                        var: b.new_var(b.var_name(var).to_owned().as_str(), ty.clone()),
                        ty,
                        mem: None,
                    }
                })
                .collect()
        };
        for (se, elem) in body.result.iter().zip(&group_pat) {
            if g != last
                && let SubExp::Var(var) = *se
            {
                rows_of.push((var, elem.var));
            }
        }
        let map = renamed_copy(
            b,
            &Lambda {
                params,
                body,
                ret: ret_types,
            },
        );
        out.push(Stm {
            pat: group_pat,
            exp: Exp::Op(Soac::Screma {
                width,
                arrays: inputs,
                map,
                scans: Vec::new(),
                reduces: Vec::new(),
                post: None,
            }),
            loc: loc.clone(),
            attrs: attrs.clone(),
        });
    }
    out
}

/// Makes each group compute again the values of cheap statements (see
/// [`is_cheap`]) of earlier groups that it reads (the last group also
/// those among the `results`), rather than reading them as arrays: the
/// maps stay perfect nests, and no array is made of a view or a scalar.
/// A recomputed statement that can fail fails in its earlier group first,
/// for the same row and values.
fn recompute_cheap_values(groups: &mut [Vec<Stm<Soacs>>], results: &[SubExp]) {
    let mut earlier_cheap: Vec<Stm<Soacs>> = Vec::new();
    let last = groups.len().saturating_sub(1);
    for (g, group) in groups.iter_mut().enumerate() {
        let own_cheap: Vec<Stm<Soacs>> = group.iter().filter(|s| is_cheap(s)).cloned().collect();
        let mut wanted = free_in_body(&Body {
            stms: group.clone(),
            result: if g == last {
                results.to_vec()
            } else {
                Vec::new()
            },
        });
        let mut prefix = Vec::new();
        for stm in earlier_cheap.iter().rev() {
            if stm.pat.iter().any(|p| wanted.contains(&p.var)) {
                wanted.extend(free_in_body(&Body {
                    stms: vec![stm.clone()],
                    result: Vec::new(),
                }));
                prefix.push(stm.clone());
            }
        }
        prefix.reverse();
        prefix.append(group);
        *group = prefix;
        earlier_cheap.extend(own_cheap);
    }
}

/// Whether a statement runs parallel code: a SOAC, or a loop or branch
/// with one inside.
fn is_parallel(stm: &Stm<Soacs>) -> bool {
    match &stm.exp {
        Exp::Op(_) => true,
        Exp::Loop { .. } | Exp::If { .. } => {
            let mut found = false;
            for body in stm.exp.nested_bodies() {
                for_each_stm(body, &mut |inner| found |= matches!(inner.exp, Exp::Op(_)));
            }
            found
        }
        _ => false,
    }
}

/// The statements in groups, as ranges: each parallel statement with the
/// others before it, then those after the last one, which join its group
/// where they are cheap (a map of a few scalar statements would be a
/// kernel of its own for little work), else make one of their own (a
/// sequential loop per row, which the rows then run in parallel).
fn groups(stms: &[Stm<Soacs>]) -> Vec<std::ops::Range<usize>> {
    let mut ranges: Vec<std::ops::Range<usize>> = Vec::new();
    let mut start = 0;
    for (i, stm) in stms.iter().enumerate() {
        if is_parallel(stm) {
            ranges.push(start..i + 1);
            start = i + 1;
        }
    }
    match ranges.last_mut() {
        Some(last) if stms[start..].iter().all(is_cheap) => last.end = stms.len(),
        Some(_) => ranges.push(start..stms.len()),
        None => {}
    }
    ranges
}

/// Whether every value the lambda binds has sizes from outside it, so
/// that the values of every row make an array.
fn passes_regular_values(b: &Builder<Mc>, lambda: &Lambda<Soacs>) -> bool {
    let mut bound: FxHashSet<Var> = lambda.params.iter().map(|p| p.var).collect();
    for stm in &lambda.body.stms {
        // A statement may bind sizes of its own values too.
        bound.extend(stm.pat.iter().map(|p| p.var));
        for elem in &stm.pat {
            let ty = b.type_of(SubExp::Var(elem.var));
            if ty
                .shape()
                .iter()
                .any(|d| matches!(d, SubExp::Var(v) if bound.contains(v)))
            {
                return false;
            }
        }
    }
    true
}
