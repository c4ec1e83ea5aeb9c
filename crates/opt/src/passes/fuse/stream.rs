//! Sequential streams made and merged by fusion (the paper's rules F2,
//! F4, F5 and F7). Where a SOAC reads what a scan computes and cannot
//! become part of its post lambda (it reduces, say), both become
//! sequential streams, which merge: each chunk is scanned from the
//! accumulated value of the chunks before it and then consumed. A
//! `screma` fuses with a stream the same way.
//!
//! A `screma` as a stream: for each chunk, the map, scans and reductions
//! over the chunk (the scans also reduced, to give the chunk's total),
//! each scan's values combined with the scan's accumulator from the
//! left, the accumulators combined with the chunk's totals and
//! reductions, and the post lambda over the chunk. Chunks run in order,
//! so every operator is applied to values in the order the `screma`
//! applies it, up to associativity.

use super::Fuser;
use super::kernel::{Form, Kernel};
use crate::ir::Attrs;
use crate::ir::{
    Body, Exp, Lambda, Param, PatElem, ReduceOp, ScanOp, Soac, Stm, StreamKind, SubExp, Type, Var,
};
use rustc_hash::{FxHashMap, FxHashSet};

/// A sequential stream statement taken apart.
pub(super) struct Stream {
    pub pat: Vec<PatElem>,
    pub loc: Option<crate::ir::Loc>,
    pub attrs: Attrs,
    pub width: SubExp,
    pub arrays: Vec<Var>,
    pub accumulators: Vec<SubExp>,
    pub fold: Lambda,
}

impl Stream {
    /// The statement taken apart, if it is a sequential stream.
    pub fn take(stm: &Stm) -> Option<Stream> {
        let Exp::Op(Soac::Stream {
            kind: StreamKind::Sequential,
            width,
            arrays,
            accumulators,
            fold,
            reduce: None,
        }) = &stm.exp
        else {
            return None;
        };
        Some(Stream {
            pat: stm.pat.clone(),
            loc: stm.loc.clone(),
            attrs: stm.attrs.clone(),
            width: *width,
            arrays: arrays.clone(),
            accumulators: accumulators.clone(),
            fold: fold.clone(),
        })
    }

    pub fn into_stm(self) -> Stm {
        Stm {
            pat: self.pat,
            exp: Exp::Op(Soac::Stream {
                kind: StreamKind::Sequential,
                width: self.width,
                arrays: self.arrays,
                accumulators: self.accumulators,
                fold: self.fold,
                reduce: None,
            }),
            loc: self.loc,
            attrs: self.attrs,
        }
    }

    /// The variables bound per row, which a consumer may read.
    fn rows(&self) -> &[PatElem] {
        &self.pat[self.accumulators.len()..]
    }

    /// Whether stream `c` reads only rows of this one (not its
    /// accumulators).
    pub fn reads_rows_only(&self, c: &Stream) -> bool {
        let accs = &self.pat[..self.accumulators.len()];
        !c.arrays.iter().any(|a| accs.iter().any(|pe| pe.var == *a))
    }

    /// A `screma` as a sequential stream.
    pub fn of_screma(f: &mut Fuser, kernel: Kernel) -> Option<Stream> {
        let (scanned, reduced) = kernel.operator_results();
        let Kernel {
            pat,
            loc,
            attrs,
            width,
            arrays,
            mut map,
            form,
        } = kernel;
        let Form::Screma {
            scans,
            reduces,
            post,
        } = form
        else {
            return None;
        };
        let neutrals: Vec<SubExp> = scans
            .iter()
            .flat_map(|s| s.neutral.iter())
            .chain(reduces.iter().flat_map(|r| r.neutral.iter()))
            .copied()
            .collect();
        let scan_types: Vec<Type> = map.ret[..scanned].to_vec();
        let reduce_types: Vec<Type> = map.ret[scanned..scanned + reduced].to_vec();
        let mapped_types: Vec<Type> = map.ret[scanned + reduced..].to_vec();
        let chunk = f.param(Type::i64());
        let c = SubExp::Var(chunk.var);
        let scan_accs: Vec<Param> = scan_types.iter().map(|t| f.param(t.clone())).collect();
        let reduce_accs: Vec<Param> = reduce_types.iter().map(|t| f.param(t.clone())).collect();
        let chunks: Vec<Param> = arrays
            .iter()
            .map(|&a| {
                let row = f.types.get(a).and_then(|t| t.row()).expect("an array");
                f.param(row.array_of(c))
            })
            .collect();
        let mut stms = Vec::new();
        // The chunk's scans, their totals (reductions by the scans'
        // operators), reductions and mapped values.
        let scan_inputs = map.body.result[..scanned].to_vec();
        map.body.result.splice(scanned..scanned, scan_inputs);
        map.ret.splice(scanned..scanned, scan_types.clone());
        let totals: Vec<ReduceOp> = scans
            .iter()
            .map(|scan| ReduceOp {
                lambda: f.renamed(&scan.lambda),
                neutral: scan.neutral.clone(),
                commutative: false,
            })
            .collect();
        let stacked = |f: &mut Fuser, types: &[Type]| -> Vec<PatElem> {
            types
                .iter()
                .map(|t| {
                    let ty = t.array_of(c);
                    PatElem {
                        var: f.fresh("chunk", ty.clone()),
                        ty,
                        mem: None,
                    }
                })
                .collect()
        };
        let scanned_pat = stacked(f, &scan_types);
        let total_pat = scalars(f, &scan_types);
        let reduced_pat = scalars(f, &reduce_types);
        let mapped_pat = stacked(f, &mapped_types);
        let inner_pat: Vec<PatElem> = [&scanned_pat, &total_pat, &reduced_pat, &mapped_pat]
            .into_iter()
            .flatten()
            .cloned()
            .collect();
        let operators: Vec<Lambda> = scans.iter().map(|s| s.lambda.clone()).collect();
        let reduce_operators: Vec<Lambda> = reduces.iter().map(|r| r.lambda.clone()).collect();
        stms.push(Stm {
            pat: inner_pat,
            exp: Exp::Op(Soac::Screma {
                width: c,
                arrays: chunks.iter().map(|p| p.var).collect(),
                map,
                scans: scans
                    .iter()
                    .map(|s| ScanOp {
                        lambda: f.renamed(&s.lambda),
                        neutral: s.neutral.clone(),
                    })
                    .collect(),
                reduces: totals.into_iter().chain(reduces).collect(),
                post: None,
            }),
            loc: loc.clone(),
            attrs: attrs.clone(),
        });
        // Each scan's values with the accumulator combined from the left.
        let mut rows: Vec<SubExp> = Vec::new();
        if scanned > 0 {
            let params: Vec<Param> = scan_types.iter().map(|t| f.param(t.clone())).collect();
            let mut body_stms = Vec::new();
            let mut results = Vec::new();
            let (mut at, mut acc_at) = (0, 0);
            for op in &operators {
                let n = op.ret.len();
                let args: Vec<SubExp> = scan_accs[acc_at..acc_at + n]
                    .iter()
                    .chain(&params[at..at + n])
                    .map(|p| SubExp::Var(p.var))
                    .collect();
                results.extend(apply(f, &mut body_stms, op, &args));
                at += n;
                acc_at += n;
            }
            let combined = stacked(f, &scan_types);
            stms.push(Stm {
                pat: combined.clone(),
                exp: Exp::Op(Soac::Screma {
                    width: c,
                    arrays: scanned_pat.iter().map(|p| p.var).collect(),
                    map: Lambda {
                        params,
                        body: Body {
                            stms: body_stms,
                            result: results,
                        },
                        ret: scan_types.clone(),
                    },
                    scans: Vec::new(),
                    reduces: Vec::new(),
                    post: None,
                }),
                loc: loc.clone(),
                attrs: attrs.clone(),
            });
            rows.extend(combined.iter().map(|p| SubExp::Var(p.var)));
        }
        rows.extend(mapped_pat.iter().map(|p| SubExp::Var(p.var)));
        // The new accumulators.
        let mut new_accs = Vec::new();
        let mut at = 0;
        for op in &operators {
            let n = op.ret.len();
            let args: Vec<SubExp> = scan_accs[at..at + n]
                .iter()
                .map(|p| SubExp::Var(p.var))
                .chain(total_pat[at..at + n].iter().map(|p| SubExp::Var(p.var)))
                .collect();
            new_accs.extend(apply(f, &mut stms, op, &args));
            at += n;
        }
        let mut at = 0;
        for op in &reduce_operators {
            let n = op.ret.len();
            let args: Vec<SubExp> = reduce_accs[at..at + n]
                .iter()
                .map(|p| SubExp::Var(p.var))
                .chain(reduced_pat[at..at + n].iter().map(|p| SubExp::Var(p.var)))
                .collect();
            new_accs.extend(apply(f, &mut stms, op, &args));
            at += n;
        }
        // The post lambda over the chunk.
        let (rows, row_types) = match post {
            Some(post) => {
                let out = stacked(f, &post.ret);
                let types = out.iter().map(|p| p.ty.clone()).collect();
                let inputs: Vec<Var> = rows.iter().filter_map(|r| r.as_var()).collect();
                stms.push(Stm {
                    pat: out.clone(),
                    exp: Exp::Op(Soac::Screma {
                        width: c,
                        arrays: inputs,
                        map: post,
                        scans: Vec::new(),
                        reduces: Vec::new(),
                        post: None,
                    }),
                    loc: loc.clone(),
                    attrs: attrs.clone(),
                });
                (out.iter().map(|p| SubExp::Var(p.var)).collect(), types)
            }
            None => {
                let types = scan_types
                    .iter()
                    .chain(&mapped_types)
                    .map(|t| t.array_of(c))
                    .collect::<Vec<_>>();
                (rows, types)
            }
        };
        let mut params = vec![chunk];
        params.extend(scan_accs);
        params.extend(reduce_accs);
        params.extend(chunks);
        let mut ret: Vec<Type> = scan_types.iter().chain(&reduce_types).cloned().collect();
        ret.extend(row_types);
        let mut result = new_accs;
        result.extend(rows);
        // The stream binds the scans' final accumulators (which nothing
        // reads), the reductions and the rows.
        let mut stream_pat = scalars(f, &scan_types);
        stream_pat.extend(pat);
        Some(Stream {
            pat: stream_pat,
            loc,
            attrs,
            width,
            arrays,
            accumulators: neutrals,
            fold: Lambda {
                params,
                body: Body { stms, result },
                ret,
            },
        })
    }

    /// Merges stream `p` into stream `c`, which reads some of `p`'s rows
    /// as input arrays (rule F7): `c`'s fold runs on the chunks `p`'s
    /// makes; `p`'s rows in `keep` are still bound.
    pub fn fuse(p: Stream, c: Stream, keep: &FxHashSet<Var>) -> Stream {
        let p_accs = p.accumulators.len();
        let c_accs = c.accumulators.len();
        let reads: FxHashMap<usize, usize> = c
            .arrays
            .iter()
            .enumerate()
            .filter_map(|(j, a)| Some((j, p.rows().iter().position(|pe| pe.var == *a)?)))
            .collect();
        let kept_rows: Vec<bool> = p.rows().iter().map(|pe| keep.contains(&pe.var)).collect();
        // The consumer's chunk size is the producer's, and its chunks
        // of the producer's rows are the chunks the producer makes.
        let p_chunk = p.fold.params[0].var;
        let mut renaming: FxHashMap<Var, SubExp> =
            FxHashMap::from_iter([(c.fold.params[0].var, SubExp::Var(p_chunk))]);
        let p_rows = &p.fold.body.result[p_accs..];
        for (&j, &row) in &reads {
            renaming.insert(c.fold.params[c_accs + 1 + j].var, p_rows[row]);
        }
        let mut c_fold = c.fold;
        crate::ir::traverse::Renamer::new(&renaming).lambda(&mut c_fold);
        let mut params = vec![p.fold.params[0].clone()];
        params.extend_from_slice(&p.fold.params[1..=p_accs]);
        params.extend_from_slice(&c_fold.params[1..=c_accs]);
        params.extend_from_slice(&p.fold.params[p_accs + 1..]);
        let mut arrays = p.arrays;
        for (j, param) in c_fold.params[c_accs + 1..].iter().enumerate() {
            if !reads.contains_key(&j) {
                params.push(param.clone());
                arrays.push(c.arrays[j]);
            }
        }
        let c_body = c_fold.body;
        let c_ret = c_fold.ret;
        let mut stms = p.fold.body.stms;
        stms.extend(c_body.stms);
        let p_result = p.fold.body.result;
        let mut result: Vec<SubExp> = p_result[..p_accs].to_vec();
        result.extend_from_slice(&c_body.result[..c_accs]);
        result.extend(kept(&p_result[p_accs..], &kept_rows));
        result.extend_from_slice(&c_body.result[c_accs..]);
        let mut ret: Vec<Type> = p.fold.ret[..p_accs].to_vec();
        ret.extend_from_slice(&c_ret[..c_accs]);
        ret.extend(kept(&p.fold.ret[p_accs..], &kept_rows));
        ret.extend_from_slice(&c_ret[c_accs..]);
        let mut pat: Vec<PatElem> = p.pat[..p_accs].to_vec();
        pat.extend_from_slice(&c.pat[..c_accs]);
        pat.extend(kept(&p.pat[p_accs..], &kept_rows));
        pat.extend_from_slice(&c.pat[c_accs..]);
        let mut accumulators = p.accumulators;
        accumulators.extend(c.accumulators);
        Stream {
            pat,
            loc: c.loc,
            attrs: c.attrs,
            width: c.width,
            arrays,
            accumulators,
            fold: Lambda {
                params,
                body: Body { stms, result },
                ret,
            },
        }
    }
}

/// The elements of `items` where `keep` says so.
fn kept<'a, T: Clone>(items: &'a [T], keep: &'a [bool]) -> impl Iterator<Item = T> + 'a {
    items
        .iter()
        .zip(keep)
        .filter(|&(_, &k)| k)
        .map(|(item, _)| item.clone())
}

/// Fresh scalar pattern elements of the given types.
fn scalars(f: &mut Fuser, types: &[Type]) -> Vec<PatElem> {
    types
        .iter()
        .map(|t| PatElem {
            var: f.fresh("acc", t.clone()),
            ty: t.clone(),
            mem: None,
        })
        .collect()
}

/// Appends a fresh copy of an operator applied to `args` to `stms`;
/// returns its results.
fn apply(f: &mut Fuser, stms: &mut Vec<Stm>, op: &Lambda, args: &[SubExp]) -> Vec<SubExp> {
    let copy = f.renamed(op);
    let consumed = f.consumed_params(&copy);
    let bindings: Vec<(Param, SubExp)> = copy
        .params
        .iter()
        .cloned()
        .zip(args.iter().copied())
        .collect();
    f.bind_and_inline(stms, bindings, &consumed, copy.body)
}
