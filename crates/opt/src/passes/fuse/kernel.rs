//! SOAC statements taken apart into one form for fusion ([`Kernel`]),
//! and the merging of two of them: a producer into its consumer
//! ([`fuse_vertically`]) or two independent ones ([`fuse_horizontally`]).
//!
//! In this form a `screma` binds its reductions first and then its
//! results per row: those of its post lambda, or without one its scans'
//! values and mapped values. A post lambda without scans is made part of
//! the map (it can only read mapped values, which the map can give it).

use super::Fuser;
use crate::ir::Attrs;
use crate::ir::soac::scatter_writes;
use crate::ir::traverse::Renamer;
use crate::ir::{
    Body, Exp, HistOp, Lambda, Loc, PatElem, ReduceOp, ScanOp, ScatterDest, Soac, Stm, SubExp,
    Type, Var,
};
use rustc_hash::{FxHashMap, FxHashSet};

/// A SOAC statement taken apart: its pattern, location, attributes, width, arrays,
/// the map over their rows, and what it does with the map's results.
#[derive(Debug, Clone)]
pub(super) struct Kernel {
    pub pat: Vec<PatElem>,
    pub loc: Option<Loc>,
    pub attrs: Attrs,
    pub width: SubExp,
    pub arrays: Vec<Var>,
    pub map: Lambda,
    pub form: Form,
}

#[derive(Debug, Clone)]
pub(super) enum Form {
    /// The map's results feed the scans, then the reductions; the scans'
    /// values and the rest of the map's results are the rows, or go
    /// through `post`. Binds the reductions' results, then the rows.
    Screma {
        scans: Vec<ScanOp>,
        reduces: Vec<ReduceOp>,
        post: Option<Lambda>,
    },
    /// The map gives a bucket per histogram, then their values.
    Hist { ops: Vec<HistOp> },
    /// The map gives the index of every write, then their values.
    Scatter { dests: Vec<ScatterDest> },
}

fn neutrals<'a>(neutral: impl Iterator<Item = &'a [SubExp]>) -> usize {
    neutral.map(<[SubExp]>::len).sum()
}

impl Kernel {
    /// The statement taken apart, if it is a `screma`, `hist` or
    /// `scatter`.
    pub fn take(stm: Stm) -> Option<Kernel> {
        let Stm {
            pat,
            exp,
            loc,
            attrs,
        } = stm;
        let (width, arrays, map, form, pat) = match exp {
            Exp::Op(Soac::Screma {
                width,
                arrays,
                map,
                scans,
                reduces,
                post,
            }) => {
                let scanned = neutrals(scans.iter().map(|s| &s.neutral[..]));
                let reduced = neutrals(reduces.iter().map(|r| &r.neutral[..]));
                let pat = match post {
                    Some(_) => pat,
                    None => {
                        let mut reordered = pat[scanned..scanned + reduced].to_vec();
                        reordered.extend_from_slice(&pat[..scanned]);
                        reordered.extend_from_slice(&pat[scanned + reduced..]);
                        reordered
                    }
                };
                let form = Form::Screma {
                    scans,
                    reduces,
                    post,
                };
                (width, arrays, map, form, pat)
            }
            Exp::Op(Soac::Hist {
                width,
                arrays,
                ops,
                map,
            }) => (width, arrays, map, Form::Hist { ops }, pat),
            Exp::Op(Soac::Scatter {
                width,
                arrays,
                dests,
                map,
            }) => (width, arrays, map, Form::Scatter { dests }, pat),
            _ => return None,
        };
        let mut kernel = Kernel {
            pat,
            loc,
            attrs,
            width,
            arrays,
            map,
            form,
        };
        kernel.fold_post();
        Some(kernel)
    }

    /// The statement again, in the IR's form.
    pub fn into_stm(self) -> Stm {
        let Kernel {
            pat,
            loc,
            attrs,
            width,
            arrays,
            map,
            form,
        } = self;
        let (soac, pat) = match form {
            Form::Screma {
                scans,
                reduces,
                post,
            } => {
                let scanned = neutrals(scans.iter().map(|s| &s.neutral[..]));
                let reduced = neutrals(reduces.iter().map(|r| &r.neutral[..]));
                let pat = match post {
                    Some(_) => pat,
                    None => {
                        let mut reordered = pat[reduced..reduced + scanned].to_vec();
                        reordered.extend_from_slice(&pat[..reduced]);
                        reordered.extend_from_slice(&pat[reduced + scanned..]);
                        reordered
                    }
                };
                let soac = Soac::Screma {
                    width,
                    arrays,
                    map,
                    scans,
                    reduces,
                    post,
                };
                (soac, pat)
            }
            Form::Hist { ops } => (
                Soac::Hist {
                    width,
                    arrays,
                    ops,
                    map,
                },
                pat,
            ),
            Form::Scatter { dests } => (
                Soac::Scatter {
                    width,
                    arrays,
                    dests,
                    map,
                },
                pat,
            ),
        };
        Stm {
            pat,
            exp: Exp::Op(soac),
            loc,
            attrs,
        }
    }

    /// How many of the map's results the scans and the reductions take.
    pub fn operator_results(&self) -> (usize, usize) {
        match &self.form {
            Form::Screma { scans, reduces, .. } => (
                neutrals(scans.iter().map(|s| &s.neutral[..])),
                neutrals(reduces.iter().map(|r| &r.neutral[..])),
            ),
            _ => (0, 0),
        }
    }

    /// Whether it is a map: a `screma` without scans or reductions.
    pub fn is_map(&self) -> bool {
        matches!(&self.form, Form::Screma { scans, reduces, .. }
            if scans.is_empty() && reduces.is_empty())
    }

    /// Where row result `row` of a `screma` is a mapped value passed on,
    /// the index of that value among the map's results: a value known
    /// before any scan.
    fn before_scans(&self, row: usize) -> Option<usize> {
        let (scanned, reduced) = self.operator_results();
        let Form::Screma { post, .. } = &self.form else {
            return None;
        };
        let param = match post {
            None => row,
            Some(post) => post
                .params
                .iter()
                .position(|p| SubExp::Var(p.var) == post.body.result[row])?,
        };
        (param >= scanned).then_some(reduced + param)
    }

    /// Makes a post lambda without scans part of the map.
    fn fold_post(&mut self) {
        let (scanned, reduced) = self.operator_results();
        let Form::Screma { post, .. } = &mut self.form else {
            return;
        };
        if scanned > 0 {
            return;
        }
        let Some(post) = post.take() else {
            return;
        };
        let mapped = self.map.body.result.split_off(reduced);
        self.map.ret.truncate(reduced);
        let renaming: FxHashMap<Var, SubExp> =
            post.params.iter().map(|p| p.var).zip(mapped).collect();
        let mut body = post.body;
        Renamer::new(&renaming).body(&mut body);
        self.map.body.stms.extend(body.stms);
        self.map.body.result.extend(body.result);
        self.map.ret.extend(post.ret);
    }
}

/// The post lambda of a `screma` whose map gives `map_ret`, made the
/// identity over its scans' and mapped values where there is none.
fn post_or_identity(
    f: &mut Fuser,
    post: Option<Lambda>,
    map_ret: &[Type],
    (scanned, reduced): (usize, usize),
) -> Lambda {
    post.unwrap_or_else(|| {
        let rows: Vec<Type> = map_ret[..scanned]
            .iter()
            .chain(&map_ret[scanned + reduced..])
            .cloned()
            .collect();
        f.identity(&rows)
    })
}

/// The map of a fused kernel: `first`'s map followed by `second`'s, whose
/// parameters in `bound` are bound to the values given (results of the
/// first map) and whose other parameters read their arrays. Arrays read
/// twice are read once. Returns the map (with the two maps' results, in
/// order) and its arrays.
fn chain_maps(
    f: &mut Fuser,
    (first, first_arrays, first_loc): (Lambda, Vec<Var>, &Option<Loc>),
    (second, second_arrays): (Lambda, Vec<Var>),
    bound: &FxHashMap<usize, SubExp>,
) -> (Lambda, Vec<Var>) {
    let first_consumed = f.consumed_params(&first);
    let second_consumed = f.consumed_params(&second);
    let mut params = first.params;
    let mut arrays = first_arrays;
    let mut stms = stamp(first.body.stms, first_loc);
    let mut result = first.body.result;
    let mut ret = first.ret;
    let mut bindings = Vec::new();
    let mut renaming: FxHashMap<Var, SubExp> = FxHashMap::default();
    for (j, (param, array)) in second.params.into_iter().zip(second_arrays).enumerate() {
        if let Some(&value) = bound.get(&j) {
            bindings.push((param, value));
            continue;
        }
        // An array read by both maps is read once, unless a map consumes
        // its rows.
        let shared = arrays.iter().position(|&a| a == array).filter(|&k| {
            !second_consumed.contains(&param.var) && !first_consumed.contains(&params[k].var)
        });
        match shared {
            Some(k) => {
                renaming.insert(param.var, SubExp::Var(params[k].var));
            }
            None => {
                params.push(param);
                arrays.push(array);
            }
        }
    }
    let mut body = second.body;
    Renamer::new(&renaming).body(&mut body);
    let results = f.bind_and_inline(&mut stms, bindings, &second_consumed, body);
    result.extend(results);
    ret.extend(second.ret);
    (
        Lambda {
            params,
            body: Body { stms, result },
            ret,
        },
        arrays,
    )
}

/// The order that takes consecutive segments of the lengths of `first`
/// followed by segments of the lengths of `second` to the first segment
/// of each, then the second of each, and so on.
fn interleaving(first: &[usize], second: &[usize]) -> Vec<usize> {
    let total: usize = first.iter().sum();
    let mut order = Vec::new();
    let (mut a, mut b) = (0, total);
    for (&x, &y) in first.iter().zip(second) {
        order.extend(a..a + x);
        order.extend(b..b + y);
        a += x;
        b += y;
    }
    order
}

/// Reorders a lambda's results (and their types) by `order`.
fn reorder(lambda: &mut Lambda, order: &[usize]) {
    lambda.body.result = order.iter().map(|&i| lambda.body.result[i]).collect();
    lambda.ret = order.iter().map(|&i| lambda.ret[i].clone()).collect();
}

/// The elements of `items` where `keep` says so.
fn kept<'a, T: Clone>(items: &'a [T], keep: &'a [bool]) -> impl Iterator<Item = T> + 'a {
    items
        .iter()
        .zip(keep)
        .filter(|&(_, &k)| k)
        .map(|(item, _)| item.clone())
}

/// How [`fuse_vertically`] merges a producer into its consumer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Vertical {
    /// The consumer's map runs after the producer's: it reads only
    /// values the producer's map gives.
    IntoMap,
    /// The consumer, a map reading the producer's scans' values (or
    /// what its post lambda makes of them), becomes part of the
    /// producer's post lambda.
    IntoPost,
    /// The producer is a scatter, whose mapped values the consumer, a
    /// scatter or a map, reads: the consumer's map runs after the
    /// producer's, its writes or mapped values added to the producer's.
    FromScatter,
}

/// Whether and how producer `p` can be merged into consumer `c`, which
/// takes some of `p`'s results as input arrays; `keep` holds those of
/// `p`'s results that are used elsewhere.
pub(super) fn vertical(p: &Kernel, c: &Kernel, keep: &FxHashSet<Var>) -> Option<Vertical> {
    if p.width != c.width {
        return None;
    }
    if let Form::Scatter { dests } = &p.form {
        let reads_destination = c
            .arrays
            .iter()
            .any(|a| p.pat[..dests.len()].iter().any(|pe| pe.var == *a));
        let consumer_fits = matches!(c.form, Form::Scatter { .. })
            || (c.is_map() && matches!(c.form, Form::Screma { post: None, .. }));
        return (!reads_destination && consumer_fits).then_some(Vertical::FromScatter);
    }
    if !matches!(p.form, Form::Screma { .. }) {
        return None;
    }
    let (_, p_reduced) = p.operator_results();
    let mut before_scans = true;
    for array in &c.arrays {
        if let Some(k) = p.pat.iter().position(|pe| pe.var == *array) {
            // A reduction's result is known only at the end.
            let row = k.checked_sub(p_reduced)?;
            before_scans &= p.before_scans(row).is_some();
        }
    }
    match c.form {
        Form::Screma { .. } if before_scans => Some(Vertical::IntoMap),
        Form::Screma { .. } if c.is_map() => Some(Vertical::IntoPost),
        Form::Hist { .. } if p.is_map() && p.pat.iter().all(|pe| !keep.contains(&pe.var)) => {
            Some(Vertical::IntoMap)
        }
        // The rows used elsewhere become the scatter's mapped values.
        Form::Scatter { .. } if p.is_map() => Some(Vertical::IntoMap),
        _ => None,
    }
}

/// Merges producer `p` into consumer `c` as [`vertical`] said it can; the
/// producer's results in `keep` are still bound.
pub(super) fn fuse_vertically(
    f: &mut Fuser,
    p: Kernel,
    c: Kernel,
    how: Vertical,
    keep: &FxHashSet<Var>,
) -> Kernel {
    if how == Vertical::FromScatter {
        return fuse_scatter_into(f, p, c, keep);
    }
    let (p_scanned, p_reduced) = p.operator_results();
    let attrs = c.attrs.union(&p.attrs);
    // The consumer's parameters reading the producer's rows: which row.
    let reads: FxHashMap<usize, usize> = c
        .arrays
        .iter()
        .enumerate()
        .filter_map(|(j, a)| {
            let k = p.pat.iter().position(|pe| pe.var == *a)?;
            Some((j, k - p_reduced))
        })
        .collect();
    let row_positions: Vec<Option<usize>> = (0..p.pat.len() - p_reduced)
        .map(|row| p.before_scans(row))
        .collect();
    let kept_rows: Vec<bool> = p.pat[p_reduced..]
        .iter()
        .map(|pe| keep.contains(&pe.var))
        .collect();
    let Kernel {
        pat: p_pat,
        loc: p_loc,
        arrays: p_arrays,
        map: p_map,
        form: p_form,
        ..
    } = p;
    let Form::Screma {
        scans: p_scans,
        reduces: p_reduces,
        post: p_post,
    } = p_form
    else {
        unreachable!("a producer is a screma")
    };
    let (p_reds, p_rows) = p_pat.split_at(p_reduced);
    match how {
        Vertical::IntoMap => {
            let bound: FxHashMap<usize, SubExp> = reads
                .iter()
                .map(|(&j, &row)| {
                    let position = row_positions[row].expect("a value known before the scans");
                    (j, p_map.body.result[position])
                })
                .collect();
            let p_results = p_map.ret.len();
            let p_map_ret = p_map.ret.clone();
            let (mut map, arrays) =
                chain_maps(f, (p_map, p_arrays, &p_loc), (c.map, c.arrays), &bound);
            match c.form {
                Form::Screma {
                    scans,
                    reduces,
                    post,
                } => {
                    let c_scanned = neutrals(scans.iter().map(|s| &s.neutral[..]));
                    let c_reduced = neutrals(reduces.iter().map(|r| &r.neutral[..]));
                    let c_results = map.ret.len() - p_results;
                    let c_map_ret = map.ret[p_results..].to_vec();
                    let (c_reds, c_rows) = c.pat.split_at(c_reduced);
                    let mut pat = p_reds.to_vec();
                    pat.extend_from_slice(c_reds);
                    let post = match (p_post, post) {
                        (None, None) => {
                            // No post lambda: the rows are the scans'
                            // values and the mapped values; the
                            // producer's mapped values no longer needed
                            // are dropped.
                            let p_mapped = p_results - p_scanned - p_reduced;
                            let c_mapped = c_results - c_scanned - c_reduced;
                            let mut order = interleaving(
                                &[p_scanned, p_reduced, p_mapped],
                                &[c_scanned, c_reduced, c_mapped],
                            );
                            let dropped: FxHashSet<usize> = (0..p_mapped)
                                .filter(|&m| !kept_rows[p_scanned + m])
                                .map(|m| p_scanned + p_reduced + m)
                                .collect();
                            order.retain(|i| !dropped.contains(i));
                            reorder(&mut map, &order);
                            pat.extend_from_slice(&p_rows[..p_scanned]);
                            pat.extend_from_slice(&c_rows[..c_scanned]);
                            pat.extend(kept(&p_rows[p_scanned..], &kept_rows[p_scanned..]));
                            pat.extend_from_slice(&c_rows[c_scanned..]);
                            None
                        }
                        (p_post, c_post) => {
                            let p_post =
                                post_or_identity(f, p_post, &p_map_ret, (p_scanned, p_reduced));
                            let c_post =
                                post_or_identity(f, c_post, &c_map_ret, (c_scanned, c_reduced));
                            let order = interleaving(
                                &[p_scanned, p_reduced, p_results - p_scanned - p_reduced],
                                &[c_scanned, c_reduced, c_results - c_scanned - c_reduced],
                            );
                            reorder(&mut map, &order);
                            pat.extend(kept(p_rows, &kept_rows));
                            pat.extend_from_slice(c_rows);
                            Some(merge_posts(
                                (p_post, p_scanned, &kept_rows, &p_loc),
                                (c_post, c_scanned),
                            ))
                        }
                    };
                    Kernel {
                        pat,
                        loc: c.loc,
                        attrs: attrs.clone(),
                        width: c.width,
                        arrays,
                        map,
                        form: Form::Screma {
                            scans: p_scans.into_iter().chain(scans).collect(),
                            reduces: p_reduces.into_iter().chain(reduces).collect(),
                            post,
                        },
                    }
                }
                form => {
                    // The producer is a map; the rows it gives that are
                    // used elsewhere follow the consumer's results (a
                    // histogram's producer has none).
                    let kept_results: Vec<SubExp> =
                        kept(&map.body.result[..p_results], &kept_rows).collect();
                    let kept_ret: Vec<Type> = kept(&map.ret[..p_results], &kept_rows).collect();
                    map.body.result.drain(..p_results);
                    map.ret.drain(..p_results);
                    map.body.result.extend(kept_results);
                    map.ret.extend(kept_ret);
                    let mut pat = c.pat;
                    pat.extend(kept(p_rows, &kept_rows));
                    Kernel {
                        pat,
                        loc: c.loc,
                        attrs: attrs.clone(),
                        width: c.width,
                        arrays,
                        map,
                        form,
                    }
                }
            }
        }
        Vertical::FromScatter => unreachable!("a scatter producer is merged above"),
        Vertical::IntoPost => {
            // The consumer's other arrays pass through the producer's map
            // as mapped values for the post lambda.
            let mut post = post_or_identity(f, p_post, &p_map.ret, (p_scanned, p_reduced));
            let mut map = p_map;
            let mut arrays = p_arrays;
            let post_results = std::mem::take(&mut post.body.result);
            let post_ret = std::mem::take(&mut post.ret);
            let consumer = c.map;
            let consumed = f.consumed_params(&consumer);
            let mut bindings = Vec::new();
            for (j, param) in consumer.params.into_iter().enumerate() {
                match reads.get(&j) {
                    Some(&row) => bindings.push((param, post_results[row])),
                    None => {
                        let row = f.param(param.ty.clone());
                        map.body.result.push(SubExp::Var(row.var));
                        map.ret.push(param.ty.clone());
                        map.params.push(row);
                        arrays.push(c.arrays[j]);
                        post.params.push(param);
                    }
                }
            }
            let mut stms = stamp(std::mem::take(&mut post.body.stms), &p_loc);
            let results = f.bind_and_inline(&mut stms, bindings, &consumed, consumer.body);
            post.body.stms = stms;
            post.body.result = kept(&post_results, &kept_rows).collect();
            post.ret = kept(&post_ret, &kept_rows).collect();
            post.body.result.extend(results);
            post.ret.extend(consumer.ret);
            let mut pat = p_reds.to_vec();
            pat.extend(kept(p_rows, &kept_rows));
            pat.extend(c.pat);
            map.body.stms = stamp(map.body.stms, &p_loc);
            Kernel {
                pat,
                loc: c.loc,
                attrs: attrs.clone(),
                width: c.width,
                arrays,
                map,
                form: Form::Screma {
                    scans: p_scans,
                    reduces: p_reduces,
                    post: Some(post),
                },
            }
        }
    }
}

/// Merges scatter `p` into consumer `c` (a scatter or a map) reading
/// its mapped values; those of `p`'s results in `keep` are still bound.
fn fuse_scatter_into(f: &mut Fuser, p: Kernel, c: Kernel, keep: &FxHashSet<Var>) -> Kernel {
    let Form::Scatter { dests: p_dests } = p.form else {
        unreachable!("the producer is a scatter")
    };
    let p_writes = scatter_writes(&p_dests);
    let (p_dest_pat, p_mapped_pat) = p.pat.split_at(p_dests.len());
    let kept_mapped: Vec<bool> = p_mapped_pat
        .iter()
        .map(|pe| keep.contains(&pe.var))
        .collect();
    // The consumer's parameters reading the producer's mapped values.
    let bound: FxHashMap<usize, SubExp> = c
        .arrays
        .iter()
        .enumerate()
        .filter_map(|(j, a)| {
            let k = p_mapped_pat.iter().position(|pe| pe.var == *a)?;
            Some((j, p.map.body.result[2 * p_writes + k]))
        })
        .collect();
    let p_results = p.map.ret.len();
    let (mut map, arrays) = chain_maps(f, (p.map, p.arrays, &p.loc), (c.map, c.arrays), &bound);
    let c_results = map.ret.len() - p_results;
    let p_mapped = p_results - 2 * p_writes;
    let (c_writes, c_dests, c_dest_pat, c_mapped_pat) = match c.form {
        Form::Scatter { dests } => {
            let (dest_pat, mapped_pat) = c.pat.split_at(dests.len());
            (
                scatter_writes(&dests),
                dests,
                dest_pat.to_vec(),
                mapped_pat.to_vec(),
            )
        }
        _ => (0, Vec::new(), Vec::new(), c.pat),
    };
    let mut order = interleaving(
        &[p_writes, p_writes, p_mapped],
        &[c_writes, c_writes, c_results - 2 * c_writes],
    );
    let dropped: FxHashSet<usize> = (0..p_mapped)
        .filter(|&m| !kept_mapped[m])
        .map(|m| 2 * p_writes + m)
        .collect();
    order.retain(|i| !dropped.contains(i));
    reorder(&mut map, &order);
    let mut pat = p_dest_pat.to_vec();
    pat.extend(c_dest_pat);
    pat.extend(kept(p_mapped_pat, &kept_mapped));
    pat.extend(c_mapped_pat);
    Kernel {
        pat,
        loc: c.loc,
        attrs: c.attrs.union(&p.attrs),
        width: c.width,
        arrays,
        map,
        form: Form::Scatter {
            dests: p_dests.into_iter().chain(c_dests).collect(),
        },
    }
}

/// The post lambda of a merged `screma`: the first's (its results where
/// `keep_first` says so) and then the second's, taking the first's scans'
/// values, the second's, the first's mapped values and the second's.
fn merge_posts(
    (first, first_scanned, keep_first, first_loc): (Lambda, usize, &[bool], &Option<Loc>),
    (second, second_scanned): (Lambda, usize),
) -> Lambda {
    let mut params = first.params[..first_scanned].to_vec();
    params.extend_from_slice(&second.params[..second_scanned]);
    params.extend_from_slice(&first.params[first_scanned..]);
    params.extend_from_slice(&second.params[second_scanned..]);
    let mut stms = stamp(first.body.stms, first_loc);
    stms.extend(second.body.stms);
    let mut result: Vec<SubExp> = kept(&first.body.result, keep_first).collect();
    result.extend(second.body.result);
    let mut ret: Vec<Type> = kept(&first.ret, keep_first).collect();
    ret.extend(second.ret);
    Lambda {
        params,
        body: Body { stms, result },
        ret,
    }
}

/// Whether two independent SOACs can become one.
pub(super) fn horizontal(a: &Kernel, b: &Kernel) -> bool {
    a.width == b.width
        && matches!(
            (&a.form, &b.form),
            (Form::Screma { .. }, Form::Screma { .. })
                | (Form::Hist { .. }, Form::Hist { .. })
                | (Form::Scatter { .. }, Form::Scatter { .. })
        )
}

/// Merges two independent SOACs as [`horizontal`] said they can; `a`
/// comes first.
pub(super) fn fuse_horizontally(f: &mut Fuser, a: Kernel, b: Kernel) -> Kernel {
    let (a_scanned, a_reduced) = a.operator_results();
    let (b_scanned, b_reduced) = b.operator_results();
    let a_results = a.map.ret.len();
    let a_map_ret = a.map.ret.clone();
    let (mut map, arrays) = chain_maps(
        f,
        (a.map, a.arrays, &a.loc),
        (b.map, b.arrays),
        &FxHashMap::default(),
    );
    let b_results = map.ret.len() - a_results;
    let b_map_ret = map.ret[a_results..].to_vec();
    let (pat, form) = match (a.form, b.form) {
        (
            Form::Screma {
                scans: a_scans,
                reduces: a_reduces,
                post: a_post,
            },
            Form::Screma {
                scans: b_scans,
                reduces: b_reduces,
                post: b_post,
            },
        ) => {
            let a_mapped = a_results - a_scanned - a_reduced;
            let b_mapped = b_results - b_scanned - b_reduced;
            reorder(
                &mut map,
                &interleaving(
                    &[a_scanned, a_reduced, a_mapped],
                    &[b_scanned, b_reduced, b_mapped],
                ),
            );
            let (a_reds, a_rows) = a.pat.split_at(a_reduced);
            let (b_reds, b_rows) = b.pat.split_at(b_reduced);
            let mut pat = a_reds.to_vec();
            pat.extend_from_slice(b_reds);
            let post = match (a_post, b_post) {
                (None, None) => {
                    pat.extend_from_slice(&a_rows[..a_scanned]);
                    pat.extend_from_slice(&b_rows[..b_scanned]);
                    pat.extend_from_slice(&a_rows[a_scanned..]);
                    pat.extend_from_slice(&b_rows[b_scanned..]);
                    None
                }
                (a_post, b_post) => {
                    let a_post = post_or_identity(f, a_post, &a_map_ret, (a_scanned, a_reduced));
                    let b_post = post_or_identity(f, b_post, &b_map_ret, (b_scanned, b_reduced));
                    pat.extend_from_slice(a_rows);
                    pat.extend_from_slice(b_rows);
                    let keep_a = vec![true; a_post.ret.len()];
                    Some(merge_posts(
                        (a_post, a_scanned, &keep_a, &a.loc),
                        (b_post, b_scanned),
                    ))
                }
            };
            let form = Form::Screma {
                scans: a_scans.into_iter().chain(b_scans).collect(),
                reduces: a_reduces.into_iter().chain(b_reduces).collect(),
                post,
            };
            (pat, form)
        }
        (Form::Hist { ops: a_ops }, Form::Hist { ops: b_ops }) => {
            reorder(
                &mut map,
                &interleaving(
                    &[a_ops.len(), a_results - a_ops.len()],
                    &[b_ops.len(), b_results - b_ops.len()],
                ),
            );
            let pat = a.pat.into_iter().chain(b.pat).collect();
            let ops = a_ops.into_iter().chain(b_ops).collect();
            (pat, Form::Hist { ops })
        }
        (Form::Scatter { dests: a_dests }, Form::Scatter { dests: b_dests }) => {
            // The indices, the values and the mapped values of each.
            let (a_writes, b_writes) = (scatter_writes(&a_dests), scatter_writes(&b_dests));
            let (a_mapped, b_mapped) = (a_results - 2 * a_writes, b_results - 2 * b_writes);
            reorder(
                &mut map,
                &interleaving(
                    &[a_writes, a_writes, a_mapped],
                    &[b_writes, b_writes, b_mapped],
                ),
            );
            let (a_dest_pat, a_mapped_pat) = a.pat.split_at(a_dests.len());
            let (b_dest_pat, b_mapped_pat) = b.pat.split_at(b_dests.len());
            let pat = [a_dest_pat, b_dest_pat, a_mapped_pat, b_mapped_pat].concat();
            let dests = a_dests.into_iter().chain(b_dests).collect();
            (pat, Form::Scatter { dests })
        }
        _ => unreachable!("horizontal fusion of SOACs of one kind"),
    };
    Kernel {
        pat,
        loc: b.loc,
        attrs: b.attrs.union(&a.attrs),
        width: b.width,
        arrays,
        map,
        form,
    }
}

/// Gives the statements of a lambda that moves into another SOAC the
/// location of the SOAC it came from where they have none, so that a
/// failure inside is still reported there.
fn stamp(mut stms: Vec<Stm>, loc: &Option<Loc>) -> Vec<Stm> {
    for stm in &mut stms {
        if stm.loc.is_none() {
            stm.loc.clone_from(loc);
        }
    }
    stms
}
