//! Extraction of multicore parallelism: a SOACS program at the
//! multicore level ([`Mc`]). The outermost SOACs (those not inside
//! another one) become segmented operations over their width: a map a
//! `SegMap`, a map with reductions a `SegRed`, with scans a `SegScan`, a
//! histogram a `SegHist`, a scatter writing once per row and destination
//! a `SegMap` writing in place. A `screma` with both scans and reductions
//! becomes a `SegScan` that also writes the reductions' inputs to arrays,
//! and a `SegRed` over them; one with a post lambda the `screma` without
//! it, giving the scans' and mapped values as arrays, and a map of the
//! post lambda over them. SOACs nested in segmented operations become
//! the loops of the first-order transform, which the thread running the
//! segment runs; so do streams, scatters writing several times per row,
//! and reductions, scans and histograms whose operators combine arrays.
//! Nests of maps ending in a map, reduction or scan become one segmented
//! operation over all their levels. For a GPU ([`extract_kernels`]), maps
//! of several parallel statements are also distributed ([`distribute`])
//! and maps of loops interchanged ([`loops`]), each also kept as a version
//! with the rows on threads of their own for wide maps.
//! The results and failures are the same: a parallel run may fail with
//! any of the failures its sequential reading could reach.

use super::first_order::FirstOrder;
use crate::ir::analysis::can_fail;
use crate::ir::build::Builder;
use crate::ir::rephrase::{
    Rephrase, inline_lambda, rephrase_lambda, rephrase_program, rephrase_stms,
};
use crate::ir::segop::{SegBinOp, SegHistOp, SegOp, SegResult, SegSpace};
use crate::ir::soac::{scatter_writes, writes_blocks};
use crate::ir::traverse::{Renamer, bound_in_body, free_in_lambda, used_in_lambda};
use crate::ir::{
    Body, DimIndex, Exp, Lambda, Mc, Param, PatElem, Program, ReduceOp, ScanOp, ScatterDest, Soac,
    Soacs, Stm, SubExp, Type, Var,
};
use rustc_hash::{FxHashMap, FxHashSet};

mod distribute;
mod loops;

/// The program with its outermost SOACs as segmented operations.
pub fn extract_mc(program: Program<Soacs>) -> Result<Program<Mc>, String> {
    rephrase_program(program, &mut ExtractMc::new(false))
}

/// [`extract_mc`] for a GPU, which needs the inner parallelism of narrow
/// maps too: maps of several parallel statements are also distributed and
/// maps of loops interchanged, in a version for narrow maps.
pub fn extract_kernels(program: Program<Soacs>) -> Result<Program<Mc>, String> {
    rephrase_program(program, &mut ExtractMc::new(true))
}

struct ExtractMc {
    /// Inside a segmented operation: SOACs stay sequential.
    nested: bool,
    /// The name of the function being extracted, which names its tuning
    /// parameters.
    function: String,
    /// The widths of the maps whose inner versions are being made: below
    /// their thresholds (see [`ExtractMc::versioned`]).
    narrow: Vec<SubExp>,
    /// Whether maps are distributed and maps of loops interchanged (for
    /// a GPU; a CPU's threads are few enough for the outer parallelism).
    inner_versions: bool,
}

impl ExtractMc {
    fn new(inner_versions: bool) -> ExtractMc {
        ExtractMc {
            nested: false,
            function: String::new(),
            narrow: Vec::new(),
            inner_versions,
        }
    }
}

impl Rephrase<Soacs, Mc> for ExtractMc {
    fn function(&mut self, name: &str) {
        self.function = name.to_owned();
    }

    fn op(&mut self, b: &mut Builder<Mc>, pat: Vec<PatElem>, soac: Soac<Soacs>) {
        if b.attrs().contains("sequential") {
            return FirstOrder.op(b, pat, soac);
        }
        let soac = match soac {
            Soac::Screma {
                width,
                arrays,
                map,
                scans,
                reduces,
                post: Some(post),
            } if !self.nested => {
                return self.scan_then_post(b, pat, width, arrays, map, scans, reduces, post);
            }
            Soac::Screma {
                width,
                arrays,
                map,
                scans,
                reduces,
                post: None,
            } if !self.nested && !scans.is_empty() && !reduces.is_empty() => {
                return self.scan_then_reduce(b, pat, width, arrays, map, scans, reduces);
            }
            Soac::Scatter {
                width,
                arrays,
                dests,
                map,
            } if !self.nested && writes_blocks(&dests, &map) => {
                return self.scatter_of_blocks(b, pat, width, arrays, dests, map);
            }
            soac => soac,
        };
        if self.nested {
            return FirstOrder.op(b, pat, soac);
        }
        if b.attrs().contains("sequential_inner") {
            return self.outer_only(b, pat, soac);
        }
        let soac = match self.vectorised(b, &pat, soac) {
            Ok(()) => return,
            Err(soac) => *soac,
        };
        let soac = match self.split_hist(b, &pat, soac) {
            Ok(()) => return,
            Err(soac) => *soac,
        };
        let soac = match self.vectorised_hist(b, &pat, soac) {
            Ok(()) => return,
            Err(soac) => *soac,
        };
        let soac = match self.reduction_then_map(b, &pat, soac) {
            Ok(()) => return,
            Err(soac) => *soac,
        };
        let soac = match self.map_nest(b, &pat, soac) {
            Ok(()) => return,
            Err(soac) => *soac,
        };
        if self.inner_versions {
            let soac = match self.distributed(b, &pat, soac) {
                Ok(()) => return,
                Err(soac) => *soac,
            };
            let soac = match self.map_of_loop(b, &pat, soac) {
                Ok(()) => return,
                Err(soac) => *soac,
            };
            return self.outer_only(b, pat, soac);
        }
        self.outer_only(b, pat, soac);
    }
}

impl ExtractMc {
    /// A scatter writing blocks as a map giving the blocks (and the
    /// mapped values), then, for each write, a scatter of the flattened
    /// blocks: every map and scatter is parallel, at the cost of storing
    /// the blocks.
    fn scatter_of_blocks(
        &mut self,
        b: &mut Builder<Mc>,
        pat: Vec<PatElem>,
        width: SubExp,
        arrays: Vec<Var>,
        dests: Vec<ScatterDest>,
        map: Lambda<Soacs>,
    ) {
        let writes = scatter_writes(&dests);
        let blocks: Vec<PatElem> = map.ret[..2 * writes]
            .iter()
            .map(|t| pat_elem(b, "blocks", t.array_of(width)))
            .collect();
        let mut map_pat = blocks.clone();
        map_pat.extend_from_slice(&pat[dests.len()..]);
        self.op(b, map_pat, Soac::map(width, arrays, map));
        let (indices, values) = blocks.split_at(writes);
        let mut written = indices.iter().zip(values);
        for (dest, out) in dests.iter().zip(pat) {
            let mut target = dest.array;
            for write in 0..dest.writes {
                let (indices, values) = written.next().expect("a write per index");
                let (count, indices, values) = flattened_blocks(b, width, indices, values);
                let written_pat = if write + 1 == dest.writes {
                    out.clone()
                } else {
                    pat_elem(b, "written", out.ty.clone())
                };
                let row = values.ty.row().expect("values are arrays");
                let index = b.param("index", Type::i64(), false);
                let value = b.param("value", row.clone(), false);
                let passed = Body {
                    stms: Vec::new(),
                    result: vec![SubExp::Var(index.var), SubExp::Var(value.var)],
                };
                let scatter = Soac::Scatter {
                    width: count,
                    arrays: vec![indices.var, values.var],
                    dests: vec![ScatterDest {
                        array: target,
                        writes: 1,
                    }],
                    map: Lambda {
                        params: vec![index, value],
                        body: passed,
                        ret: vec![Type::i64(), row],
                    },
                };
                target = written_pat.var;
                self.op(b, vec![written_pat], scatter);
            }
            if dest.writes == 0 {
                b.add(vec![out], Exp::SubExp(SubExp::Var(dest.array)));
            }
        }
    }

    /// A `screma` with scans and reductions as a `SegScan` that also
    /// writes the reductions' inputs into arrays, and a `SegRed` over
    /// those.
    #[allow(clippy::too_many_arguments)]
    fn scan_then_reduce(
        &mut self,
        b: &mut Builder<Mc>,
        pat: Vec<PatElem>,
        width: SubExp,
        arrays: Vec<Var>,
        map: Lambda<Soacs>,
        scans: Vec<ScanOp<Soacs>>,
        reduces: Vec<ReduceOp<Soacs>>,
    ) {
        let scanned: usize = scans.iter().map(|s| s.neutral.len()).sum();
        let reduced: usize = reduces.iter().map(|r| r.neutral.len()).sum();
        let input_types = map.ret[scanned..scanned + reduced].to_vec();
        let inputs: Vec<PatElem> = input_types
            .iter()
            .map(|t| {
                let ty = t.array_of(width);
                pat_elem(b, "red_input", ty)
            })
            .collect();
        let input_vars: Vec<Var> = inputs.iter().map(|p| p.var).collect();
        let mut scan_pat = pat[..scanned].to_vec();
        scan_pat.extend(inputs);
        scan_pat.extend_from_slice(&pat[scanned + reduced..]);
        let scan = Soac::Screma {
            width,
            arrays,
            map,
            scans,
            reduces: Vec::new(),
            post: None,
        };
        self.op(b, scan_pat, scan);
        let params: Vec<Param> = input_types
            .iter()
            .map(|t| b.param("x", t.clone(), false))
            .collect();
        let identity = Lambda {
            body: Body {
                stms: Vec::new(),
                result: params.iter().map(|p| SubExp::Var(p.var)).collect(),
            },
            params,
            ret: input_types,
        };
        let reduce = Soac::Screma {
            width,
            arrays: input_vars,
            map: identity,
            scans: Vec::new(),
            reduces,
            post: None,
        };
        self.op(b, pat[scanned..scanned + reduced].to_vec(), reduce);
    }

    /// A `screma` with a post lambda as the `screma` without it, giving
    /// the scans' and the mapped values as arrays, and a map of the post
    /// lambda over those.
    #[allow(clippy::too_many_arguments)]
    fn scan_then_post(
        &mut self,
        b: &mut Builder<Mc>,
        pat: Vec<PatElem>,
        width: SubExp,
        arrays: Vec<Var>,
        map: Lambda<Soacs>,
        scans: Vec<ScanOp<Soacs>>,
        reduces: Vec<ReduceOp<Soacs>>,
        post: Lambda<Soacs>,
    ) {
        let scanned: usize = scans.iter().map(|s| s.neutral.len()).sum();
        let reduced: usize = reduces.iter().map(|r| r.neutral.len()).sum();
        let stacked = |b: &mut Builder<Mc>, rows: &[Type]| -> Vec<PatElem> {
            rows.iter()
                .map(|t| pat_elem(b, "post_input", t.array_of(width)))
                .collect()
        };
        let scan_outputs = stacked(b, &map.ret[..scanned]);
        let mapped_outputs = stacked(b, &map.ret[scanned + reduced..]);
        let post_inputs: Vec<Var> = scan_outputs
            .iter()
            .chain(&mapped_outputs)
            .map(|p| p.var)
            .collect();
        let mut screma_pat = scan_outputs;
        screma_pat.extend_from_slice(&pat[..reduced]);
        screma_pat.extend(mapped_outputs);
        let screma = Soac::Screma {
            width,
            arrays,
            map,
            scans,
            reduces,
            post: None,
        };
        self.op(b, screma_pat, screma);
        let post_map = Soac::Screma {
            width,
            arrays: post_inputs,
            map: post,
            scans: Vec::new(),
            reduces: Vec::new(),
            post: None,
        };
        self.op(b, pat[reduced..].to_vec(), post_map);
    }

    /// A reduction or scan of the rows of matrices whose operator maps a
    /// scalar operator over the rows (`reduce (map2 f) ne xss`) as a
    /// segmented reduction or scan of the columns, with the operator on
    /// scalars: its segments (the columns) run in parallel. The neutral
    /// element of the scalar operator is the first element of the row of
    /// neutral elements (an operator has one neutral element, so every
    /// element of that row is it). A scan's result is the transposition of
    /// the columns' scans (a view). Gives back other SOACs.
    fn vectorised(
        &mut self,
        b: &mut Builder<Mc>,
        pat: &[PatElem],
        soac: Soac<Soacs>,
    ) -> Result<(), Box<Soac<Soacs>>> {
        let Some(Vectorised {
            rows: width,
            columns,
            scalar_operator: inner,
            neutral_rows,
            commutative,
        }) = vectorised_parts(b, &soac)
        else {
            return Err(Box::new(soac));
        };
        let Soac::Screma {
            arrays, reduces, ..
        } = &soac
        else {
            return Err(Box::new(soac));
        };
        let arrays = arrays.clone();
        let is_scan = reduces.is_empty();
        let neutral = scalar_neutral(b, &neutral_rows, columns);
        let column = b.new_var("gtid", Type::i64());
        let row = b.new_var("gtid", Type::i64());
        let outer = std::mem::replace(&mut self.nested, true);
        b.push_scope();
        let elements: Vec<SubExp> = arrays
            .iter()
            .map(|&array| {
                SubExp::Var(b.bind1(
                    "element",
                    Exp::Index {
                        array,
                        slice: vec![
                            DimIndex::Fix(SubExp::Var(row)),
                            DimIndex::Fix(SubExp::Var(column)),
                        ],
                    },
                ))
            })
            .collect();
        let body = b.pop_scope(elements);
        let lambda = rephrase_lambda(b, self, inner);
        self.nested = outer;
        let space = SegSpace {
            dims: vec![(column, columns), (row, width)],
        };
        let ops = vec![SegBinOp {
            commutative,
            lambda,
            neutral,
        }];
        if is_scan {
            // The columns' scans, transposed.
            let scanned: Vec<PatElem> = pat
                .iter()
                .map(|p| {
                    let ty = Type::Array {
                        element: p.ty.element(),
                        shape: vec![columns, width],
                    };
                    pat_elem(b, "columns", ty)
                })
                .collect();
            b.add(
                scanned.clone(),
                Exp::Op(SegOp::Scan {
                    space,
                    ops,
                    results: Vec::new(),
                    body,
                }),
            );
            for (elem, columns) in pat.iter().zip(scanned) {
                b.add(
                    vec![elem.clone()],
                    Exp::Rearrange {
                        perm: vec![1, 0],
                        array: columns.var,
                    },
                );
            }
        } else {
            b.add(
                pat.to_vec(),
                Exp::Op(SegOp::Red {
                    space,
                    ops,
                    results: Vec::new(),
                    body,
                }),
            );
        }
        Ok(())
    }

    /// A histogram with several operators, one of which combines rows
    /// by a scalar operator mapped over them, and a map of cheap
    /// statements that cannot fail, as one histogram per operator (each
    /// running the map), so that the rows' one can be made of scalars
    /// (see [`Self::vectorised_hist`]). Gives back other SOACs.
    fn split_hist(
        &mut self,
        b: &mut Builder<Mc>,
        pat: &[PatElem],
        soac: Soac<Soacs>,
    ) -> Result<(), Box<Soac<Soacs>>> {
        let Soac::Hist {
            width,
            arrays,
            ops,
            map,
        } = &soac
        else {
            return Err(Box::new(soac));
        };
        let splits = ops.len() > 1
            && cannot_fail_cheaply(b, &map.body.stms)
            && ops
                .iter()
                .any(|op| mapped_scalar_operator(&op.op, op.neutral.len()).is_some());
        if !splits {
            return Err(Box::new(soac));
        }
        let (width, arrays, ops, map) = (*width, arrays.clone(), ops.clone(), map.clone());
        // The map gives every operator's bucket, then every operator's
        // values.
        let mut values_at = ops.len();
        let mut bound_at = 0;
        for (k, op) in ops.into_iter().enumerate() {
            let count = op.neutral.len();
            let mut picked = vec![k];
            picked.extend(values_at..values_at + count);
            values_at += count;
            let mut own = renamed_copy(b, &map);
            own.body.result = picked.iter().map(|&i| own.body.result[i]).collect();
            own.ret = picked.iter().map(|&i| own.ret[i].clone()).collect();
            let own_pat = pat[bound_at..bound_at + op.dests.len()].to_vec();
            bound_at += op.dests.len();
            self.op(
                b,
                own_pat,
                Soac::Hist {
                    width,
                    arrays: arrays.clone(),
                    ops: vec![op],
                    map: own,
                },
            );
        }
        Ok(())
    }

    /// A histogram of rows whose operator maps a scalar operator over
    /// them (`hist (map2 f) ne k is vss`, one destination, a map of
    /// cheap statements that cannot fail) as a histogram of scalars over
    /// the points (row, column), numbered row by row: bucket `is[i] *
    /// columns + j` of the destination seen as one dimension (a bucket
    /// out of range gives none), seen as rows again afterwards. The map
    /// runs at every point rather than once per row. Gives back other
    /// SOACs.
    fn vectorised_hist(
        &mut self,
        b: &mut Builder<Mc>,
        pat: &[PatElem],
        soac: Soac<Soacs>,
    ) -> Result<(), Box<Soac<Soacs>>> {
        let Soac::Hist {
            width,
            arrays,
            ops,
            map,
        } = &soac
        else {
            return Err(Box::new(soac));
        };
        let ([op], [elem]) = (ops.as_slice(), pat) else {
            return Err(Box::new(soac));
        };
        let (&[dest], &[SubExp::Var(neutral_row)]) = (op.dests.as_slice(), op.neutral.as_slice())
        else {
            return Err(Box::new(soac));
        };
        let Some((scalar, columns)) = mapped_scalar_operator(&op.op, 1) else {
            return Err(Box::new(soac));
        };
        let buckets = b.dims(SubExp::Var(dest));
        // Every point runs the map, so none may fail: with no columns
        // there are no points.
        let cheap = cannot_fail_cheaply(b, &map.body.stms)
            && map.ret.len() == 2
            && map.ret[1].rank() == 1
            && buckets.len() == 2
            && buckets[1] == columns;
        if !cheap {
            return Err(Box::new(soac));
        }
        let (width, arrays, map, scalar) = (*width, arrays.clone(), map.clone(), scalar.clone());
        let buckets = buckets[0];
        let neutral = scalar_neutral(b, &[neutral_row], columns);
        let flat_len = b.bind1("buckets", Exp::BinOp(prim::BinOp::Mul, buckets, columns));
        let flat_ty = Type::Array {
            element: elem.ty.element(),
            shape: vec![SubExp::Var(flat_len)],
        };
        let flat_dest = b.bind1(
            "flat",
            Exp::Reshape {
                shape: vec![SubExp::Var(flat_len)],
                array: dest,
            },
        );
        // One dimension of `width * columns` points (a histogram's space
        // has one): point `p` is row `p / columns`, column `p % columns`.
        let points = b.bind1("points", Exp::BinOp(prim::BinOp::Mul, width, columns));
        let point = b.new_var("gtid", Type::i64());
        let outer = std::mem::replace(&mut self.nested, true);
        b.push_scope();
        let row = b.bind1(
            "row",
            Exp::BinOp(prim::BinOp::Div, SubExp::Var(point), columns),
        );
        let column = b.bind1(
            "column",
            Exp::BinOp(prim::BinOp::Mod, SubExp::Var(point), columns),
        );
        let results = inline_lambda(b, self, map, |b, k| index(b, arrays[k], SubExp::Var(row)));
        let (bucket, values) = (results[0], results[1]);
        let value = match values {
            SubExp::Var(values) => index(b, values, SubExp::Var(column)),
            constant => constant,
        };
        let zero = SubExp::Const(prim::PrimValue::I64(0));
        let at_least_zero = b.bind1("in_range", Exp::Cmp(prim::CmpOp::Le, zero, bucket));
        let below = b.bind1("in_range", Exp::Cmp(prim::CmpOp::Lt, bucket, buckets));
        let in_range = b.bind1(
            "in_range",
            Exp::BinOp(
                prim::BinOp::And,
                SubExp::Var(at_least_zero),
                SubExp::Var(below),
            ),
        );
        let then_body = b.body(|b| {
            let start = b.bind1("flat", Exp::BinOp(prim::BinOp::Mul, bucket, columns));
            vec![SubExp::Var(b.bind1(
                "flat",
                Exp::BinOp(prim::BinOp::Add, SubExp::Var(start), SubExp::Var(column)),
            ))]
        });
        let else_body = b.body(|_| vec![SubExp::Const(prim::PrimValue::I64(-1))]);
        let flat_bucket = b.bind_if("flat", SubExp::Var(in_range), then_body, else_body);
        let body = b.pop_scope(vec![SubExp::Var(flat_bucket[0]), value]);
        let lambda = rephrase_lambda(b, self, scalar);
        self.nested = outer;
        let flat_result = pat_elem(b, "flat", flat_ty);
        b.add(
            vec![flat_result.clone()],
            Exp::Op(SegOp::Hist {
                space: SegSpace {
                    dims: vec![(point, SubExp::Var(points))],
                },
                ops: vec![SegHistOp {
                    dests: vec![flat_dest],
                    neutral,
                    lambda,
                }],
                results: Vec::new(),
                body,
            }),
        );
        b.add(
            vec![elem.clone()],
            Exp::Reshape {
                shape: vec![buckets, columns],
                array: flat_result.var,
            },
        );
        Ok(())
    }

    /// The SOAC as a segmented operation over its width, the code of its
    /// rows sequential, or as the first-order transform's loop where it
    /// has no segmented form.
    fn outer_only(&mut self, b: &mut Builder<Mc>, pat: Vec<PatElem>, soac: Soac<Soacs>) {
        match self.segmented(b, soac) {
            Ok(seg) => b.add(pat, Exp::Op(seg)),
            Err(soac) => FirstOrder.op(b, pat, *soac),
        }
    }

    /// The SOAC as a segmented operation over its width, or itself where
    /// it has no segmented form.
    fn segmented(
        &mut self,
        b: &mut Builder<Mc>,
        soac: Soac<Soacs>,
    ) -> Result<SegOp<Mc>, Box<Soac<Soacs>>> {
        let array_operator = match &soac {
            Soac::Screma { scans, reduces, .. } => scans
                .iter()
                .map(|s| &s.lambda)
                .chain(reduces.iter().map(|r| &r.lambda))
                .any(takes_arrays),
            Soac::Hist { ops, .. } => ops.iter().any(|op| takes_arrays(&op.op)),
            Soac::Scatter { .. } | Soac::Stream { .. } | Soac::Accumulate { .. } => false,
        };
        if array_operator {
            return Err(Box::new(soac));
        }
        match soac {
            Soac::Screma {
                width,
                arrays,
                map,
                scans,
                reduces,
                post: None,
            } if scans.is_empty() || reduces.is_empty() => {
                let operators: usize = scans
                    .iter()
                    .map(|s| s.neutral.len())
                    .chain(reduces.iter().map(|r| r.neutral.len()))
                    .sum();
                let results = map.ret[operators..]
                    .iter()
                    .map(|t| SegResult::Returns(t.clone()))
                    .collect();
                let (space, body) = self.segment_body(b, width, |this, b, i| {
                    inline_lambda(b, this, map, |b, j| index(b, arrays[j], i))
                });
                let ops = |this: &mut Self,
                           b: &mut Builder<Mc>,
                           ops: Vec<(Lambda<Soacs>, Vec<SubExp>, bool)>| {
                    let outer = std::mem::replace(&mut this.nested, true);
                    let converted = ops
                        .into_iter()
                        .map(|(lambda, neutral, commutative)| SegBinOp {
                            commutative,
                            lambda: rephrase_lambda(b, this, lambda),
                            neutral,
                        })
                        .collect();
                    this.nested = outer;
                    converted
                };
                Ok(if !scans.is_empty() {
                    let scans = scans
                        .into_iter()
                        .map(|s| (s.lambda, s.neutral, false))
                        .collect();
                    SegOp::Scan {
                        space,
                        ops: ops(self, b, scans),
                        results,
                        body,
                    }
                } else if !reduces.is_empty() {
                    let reduces = reduces
                        .into_iter()
                        .map(|r| (r.lambda, r.neutral, r.commutative))
                        .collect();
                    SegOp::Red {
                        space,
                        ops: ops(self, b, reduces),
                        results,
                        body,
                    }
                } else {
                    SegOp::Map {
                        space,
                        results,
                        body,
                    }
                })
            }
            Soac::Hist {
                width,
                arrays,
                ops,
                map,
            } => {
                // The body gives each histogram's bucket and then its
                // values.
                let (space, body) = self.segment_body(b, width, |this, b, i| {
                    let results = inline_lambda(b, this, map, |b, j| index(b, arrays[j], i));
                    let (buckets, mut values) = results.split_at(ops.len());
                    let mut ordered = Vec::new();
                    for (op, &bucket) in ops.iter().zip(buckets) {
                        let (own, rest) = values.split_at(op.neutral.len());
                        ordered.push(bucket);
                        ordered.extend_from_slice(own);
                        values = rest;
                    }
                    ordered
                });
                let outer = std::mem::replace(&mut self.nested, true);
                let ops = ops
                    .into_iter()
                    .map(|op| SegHistOp {
                        dests: op.dests,
                        neutral: op.neutral,
                        lambda: rephrase_lambda(b, self, op.op),
                    })
                    .collect();
                self.nested = outer;
                Ok(SegOp::Hist {
                    space,
                    ops,
                    results: Vec::new(),
                    body,
                })
            }
            Soac::Scatter {
                width,
                arrays,
                dests,
                map,
            } if dests.iter().all(|d| d.writes == 1) => {
                // The body gives each write's index and value, then the
                // mapped values.
                let mapped: Vec<Type> = map.ret[2 * dests.len()..].to_vec();
                let (space, body) = self.segment_body(b, width, |this, b, i| {
                    let results = inline_lambda(b, this, map, |b, j| index(b, arrays[j], i));
                    let (indices, rest) = results.split_at(dests.len());
                    let (values, mapped) = rest.split_at(dests.len());
                    let mut body_results: Vec<SubExp> = indices
                        .iter()
                        .zip(values)
                        .flat_map(|(&j, &v)| [j, v])
                        .collect();
                    body_results.extend_from_slice(mapped);
                    body_results
                });
                let mut results: Vec<SegResult> = dests
                    .into_iter()
                    .map(|dest| SegResult::Write {
                        dest: dest.array,
                        rank: 1,
                    })
                    .collect();
                results.extend(mapped.into_iter().map(SegResult::Returns));
                Ok(SegOp::Map {
                    space,
                    results,
                    body,
                })
            }
            other => Err(Box::new(other)),
        }
    }

    /// A nest of maps, each level's lambda ending in the next level's
    /// map (of a width that comes from outside the nest) after cheap
    /// statements (see [`inner_map`]), as one `SegMap` over all levels'
    /// widths: every point runs the levels' statements and the innermost
    /// lambda. A nest whose innermost level is a reduction (or a scan) of
    /// scalars becomes a `SegRed` (a `SegScan`) whose segments are the
    /// outer levels' points.
    /// The statements run once per point rather than once per row. Where an inner width is 0 there are no points, so where the
    /// statements can fail, the nest is flattened only if no inner width
    /// is 0, and otherwise segmented over its outer map as before: a nest
    /// with an empty level fails as its sequential reading does.
    fn map_nest(
        &mut self,
        b: &mut Builder<Mc>,
        pat: &[PatElem],
        soac: Soac<Soacs>,
    ) -> Result<(), Box<Soac<Soacs>>> {
        let mut nest = Nest::default();
        if let Soac::Screma {
            scans,
            reduces,
            post: None,
            map,
            ..
        } = &soac
            && scans.is_empty()
            && reduces.is_empty()
        {
            let mut level = map;
            while !nest.combines
                && !nest.last
                && let Some(inner) = inner_map(b, level, &mut nest)
            {
                level = inner;
            }
        }
        if nest.widths.is_empty() {
            return Err(Box::new(soac));
        }
        if !nest.can_fail {
            let seg = self.flatten_nest(b, soac, nest.widths.len());
            b.add(pat.to_vec(), Exp::Op(seg));
            return Ok(());
        }
        let mut nonempty = SubExp::bool(true);
        for &width in &nest.widths {
            let nonzero = b.bind1(
                "nonempty",
                Exp::Cmp(
                    prim::CmpOp::Lt,
                    SubExp::Const(prim::PrimValue::I64(0)),
                    width,
                ),
            );
            nonempty = SubExp::Var(b.bind1(
                "nonempty",
                Exp::BinOp(prim::BinOp::And, nonempty, SubExp::Var(nonzero)),
            ));
        }
        let fresh = |b: &mut Builder<Mc>| -> Vec<PatElem> {
            pat.iter()
                .map(|p| pat_elem(b, "nest", p.ty.clone()))
                .collect()
        };
        // The two versions must bind different names.
        let outer_only = match &soac {
            Soac::Screma {
                width, arrays, map, ..
            } => Soac::Screma {
                width: *width,
                arrays: arrays.clone(),
                map: renamed_copy(b, map),
                scans: Vec::new(),
                reduces: Vec::new(),
                post: None,
            },
            _ => unreachable!("only a map has a depth"),
        };
        let then_body = b.body(|b| {
            let seg = self.flatten_nest(b, soac, nest.widths.len());
            let values = fresh(b);
            b.add(values.clone(), Exp::Op(seg));
            values.iter().map(|p| SubExp::Var(p.var)).collect()
        });
        let else_body = b.body(|b| {
            let values = fresh(b);
            self.outer_only(b, values.clone(), outer_only);
            values.iter().map(|p| SubExp::Var(p.var)).collect()
        });
        b.add(
            pat.to_vec(),
            Exp::If {
                condition: nonempty,
                then_body,
                else_body,
                ret: pat.iter().map(|p| p.ty.ext()).collect(),
            },
        );
        Ok(())
    }

    /// A map whose lambda is cheap statements, a reduction of scalars
    /// that can end a map nest (see [`inner_map`]), and cheap statements
    /// that cannot fail after it, as two maps: one of the statements
    /// before and the reduction, giving the reductions' results (a
    /// segmented reduction, see [`Self::map_nest`]), then one of the
    /// statements before (again) and after, taking those results. The
    /// statements after cannot fail, so the failures are the sequential
    /// reading's. Gives back other SOACs.
    fn reduction_then_map(
        &mut self,
        b: &mut Builder<Mc>,
        pat: &[PatElem],
        soac: Soac<Soacs>,
    ) -> Result<(), Box<Soac<Soacs>>> {
        let Soac::Screma {
            width,
            arrays,
            map,
            scans,
            reduces,
            post: None,
        } = &soac
        else {
            return Err(Box::new(soac));
        };
        let stms = &map.body.stms;
        let Some(at) = stms
            .iter()
            .position(|stm| matches!(stm.exp, Exp::Op(Soac::Screma { .. })))
        else {
            return Err(Box::new(soac));
        };
        let (pre, reduction, post) = (&stms[..at], &stms[at], &stms[at + 1..]);
        let reduced_values: Vec<SubExp> =
            reduction.pat.iter().map(|p| SubExp::Var(p.var)).collect();
        let splits = scans.is_empty()
            && reduces.is_empty()
            && pre.iter().all(is_cheap)
            && cannot_fail_cheaply(b, post)
            && reduction.pat.iter().all(|p| p.ty.rank() == 0)
            // Otherwise the map is a nest already.
            && (!post.is_empty() || map.body.result != reduced_values);
        if !splits {
            return Err(Box::new(soac));
        }
        let mut first_stms = pre.to_vec();
        first_stms.push(reduction.clone());
        let first = Lambda {
            params: map.params.clone(),
            body: Body {
                stms: first_stms,
                result: reduced_values,
            },
            ret: reduction.pat.iter().map(|p| p.ty.clone()).collect(),
        };
        let mut nest = Nest::default();
        if inner_map(b, &first, &mut nest).is_none() || !nest.combines {
            return Err(Box::new(soac));
        }
        let mut params = map.params.clone();
        params.extend(reduction.pat.iter().map(|p| Param {
            var: p.var,
            ty: p.ty.clone(),
            unique: false,
            mem: None,
        }));
        let second = renamed_copy(
            b,
            &Lambda {
                params,
                body: Body {
                    stms: pre.iter().chain(post).cloned().collect(),
                    result: map.body.result.clone(),
                },
                ret: map.ret.clone(),
            },
        );
        let reduced: Vec<PatElem> = reduction
            .pat
            .iter()
            .map(|p| {
                let ty = p.ty.array_of(*width);
                pat_elem(b, "reduced", ty)
            })
            .collect();
        let mut second_arrays = arrays.clone();
        second_arrays.extend(reduced.iter().map(|p| p.var));
        let width = *width;
        let first_soac = Soac::Screma {
            width,
            arrays: arrays.clone(),
            map: first,
            scans: Vec::new(),
            reduces: Vec::new(),
            post: None,
        };
        self.op(b, reduced, first_soac);
        self.op(
            b,
            pat.to_vec(),
            Soac::Screma {
                width,
                arrays: second_arrays,
                map: second,
                scans: Vec::new(),
                reduces: Vec::new(),
                post: None,
            },
        );
        Ok(())
    }

    /// The `SegMap` (or `SegRed` or `SegScan`, where the innermost level
    /// is a reduction or a scan) of a nest of `depth` inner levels (see
    /// [`Self::map_nest`]).
    fn flatten_nest(&mut self, b: &mut Builder<Mc>, soac: Soac<Soacs>, depth: usize) -> SegOp<Mc> {
        let Soac::Screma {
            width, arrays, map, ..
        } = soac
        else {
            unreachable!("only a map has a depth");
        };
        let outer = std::mem::replace(&mut self.nested, true);
        b.push_scope();
        let mut dims = Vec::new();
        let (mut width, mut arrays, mut lambda) = (width, arrays, map);
        let mut operators = Vec::new();
        let mut scans = false;
        let (result, ret) = loop {
            let gtid = b.new_var("gtid", Type::i64());
            dims.push((gtid, width));
            let i = SubExp::Var(gtid);
            if dims.len() > depth {
                let ret = lambda.ret.clone();
                break (
                    inline_lambda(b, self, lambda, |b, j| index(b, arrays[j], i)),
                    ret,
                );
            }
            let used = used_in_lambda(&lambda);
            let Lambda { params, body, .. } = lambda;
            for (param, &array) in params.into_iter().zip(&arrays) {
                if used.contains(&param.var) {
                    let row = index(b, array, i);
                    b.add_stm(Stm {
                        pat: vec![PatElem {
                            var: param.var,
                            ty: param.ty,
                            mem: None,
                        }],
                        exp: Exp::SubExp(row),
                        loc: b.loc(),
                        attrs: b.attrs(),
                    });
                }
            }
            let mut stms = body.stms;
            let Some(Stm {
                exp:
                    Exp::Op(Soac::Screma {
                        width: inner_width,
                        arrays: inner_arrays,
                        map: inner,
                        reduces: inner_reduces,
                        scans: inner_scans,
                        ..
                    }),
                ..
            }) = stms.pop()
            else {
                unreachable!("inner_map accepted the level");
            };
            rephrase_stms(b, self, stms);
            (width, arrays, lambda) = (inner_width, inner_arrays, inner);
            scans = !inner_scans.is_empty();
            operators = inner_scans
                .into_iter()
                .map(|s| (s.lambda, s.neutral, false))
                .chain(
                    inner_reduces
                        .into_iter()
                        .map(|r| (r.lambda, r.neutral, r.commutative)),
                )
                .collect();
        };
        let body = b.pop_scope(result);
        let space = SegSpace { dims };
        if operators.is_empty() {
            self.nested = outer;
            return SegOp::Map {
                space,
                results: ret.into_iter().map(SegResult::Returns).collect(),
                body,
            };
        }
        let ops = operators
            .into_iter()
            .map(|(lambda, neutral, commutative)| SegBinOp {
                commutative,
                lambda: rephrase_lambda(b, self, lambda),
                neutral,
            })
            .collect();
        self.nested = outer;
        if scans {
            SegOp::Scan {
                space,
                ops,
                results: Vec::new(),
                body,
            }
        } else {
            SegOp::Red {
                space,
                ops,
                results: Vec::new(),
                body,
            }
        }
    }

    /// A one-dimensional space over `width` and the body `build` makes
    /// at its index (with nested SOACs sequential).
    fn segment_body(
        &mut self,
        b: &mut Builder<Mc>,
        width: SubExp,
        build: impl FnOnce(&mut Self, &mut Builder<Mc>, SubExp) -> Vec<SubExp>,
    ) -> (SegSpace, Body<Mc>) {
        let i = b.new_var("gtid", Type::i64());
        let outer = std::mem::replace(&mut self.nested, true);
        b.push_scope();
        let result = build(self, b, SubExp::Var(i));
        let body = b.pop_scope(result);
        self.nested = outer;
        (
            SegSpace {
                dims: vec![(i, width)],
            },
            body,
        )
    }
}

/// The width, arrays and lambda of a SOAC that is a map alone (no scans,
/// reductions or post lambda).
fn map_parts(soac: &Soac<Soacs>) -> Option<(SubExp, &[Var], &Lambda<Soacs>)> {
    match soac {
        Soac::Screma {
            width,
            arrays,
            map,
            scans,
            reduces,
            post: None,
        } if scans.is_empty() && reduces.is_empty() => Some((*width, arrays, map)),
        _ => None,
    }
}

/// A pattern element binding a fresh variable named after `hint`.
fn pat_elem(b: &mut Builder<Mc>, hint: &str, ty: Type) -> PatElem {
    PatElem {
        var: b.new_var(hint, ty.clone()),
        ty,
        mem: None,
    }
}

/// The indices and values of a write, stacked over `width` rows, as
/// arrays of `count` writes: blocks flattened, single writes as they are.
fn flattened_blocks(
    b: &mut Builder<Mc>,
    width: SubExp,
    indices: &PatElem,
    values: &PatElem,
) -> (SubExp, PatElem, PatElem) {
    let &[_, block] = indices.ty.shape() else {
        return (width, indices.clone(), values.clone());
    };
    let count = SubExp::Var(b.bind1("count", Exp::BinOp(prim::BinOp::Mul, width, block)));
    let mut flatten = |array: &PatElem| {
        let mut shape = vec![count];
        shape.extend_from_slice(&array.ty.shape()[2..]);
        let ty = Type::Array {
            element: array.ty.element(),
            shape: shape.clone(),
        };
        let var = b.bind1(
            "flat",
            Exp::Reshape {
                shape,
                array: array.var,
            },
        );
        PatElem { var, ty, mem: None }
    };
    (count, flatten(indices), flatten(values))
}

/// The neutral elements of a scalar operator mapped over rows of
/// `columns` elements whose neutral elements are `rows`: each row's first
/// element (an operator has one neutral element, so every element of the
/// row is it), or a zero where the rows are empty (and there is nothing
/// to combine).
fn scalar_neutral(b: &mut Builder<Mc>, rows: &[Var], columns: SubExp) -> Vec<SubExp> {
    let empty = b.bind1(
        "empty",
        Exp::Cmp(
            prim::CmpOp::Eq,
            columns,
            SubExp::Const(prim::PrimValue::I64(0)),
        ),
    );
    let mut neutral = Vec::new();
    for &row in rows {
        let t = b.type_of(SubExp::Var(row)).element();
        let zero = b.body(|_| vec![SubExp::Const(prim::PrimValue::zero(t))]);
        let first = b.body(|b| {
            vec![SubExp::Var(b.bind1(
                "neutral",
                Exp::Index {
                    array: row,
                    slice: vec![DimIndex::Fix(SubExp::Const(prim::PrimValue::I64(0)))],
                },
            ))]
        });
        let bound = b.bind_if("neutral", SubExp::Var(empty), zero, first);
        neutral.push(SubExp::Var(*bound.last().unwrap_or(&row)));
    }
    neutral
}

/// The scalar operator `f` of an operator `map2 f` on `n` components
/// (`2n` row parameters, mapped over in order), and the rows' width.
fn mapped_scalar_operator(lambda: &Lambda<Soacs>, n: usize) -> Option<(&Lambda<Soacs>, SubExp)> {
    let [stm] = lambda.body.stms.as_slice() else {
        return None;
    };
    let Exp::Op(Soac::Screma {
        width: columns,
        arrays: operands,
        map: inner,
        scans: inner_scans,
        reduces: inner_reduces,
        post: None,
    }) = &stm.exp
    else {
        return None;
    };
    let in_order = operands.len() == 2 * n
        && operands
            .iter()
            .zip(&lambda.params)
            .all(|(a, p)| *a == p.var)
        && lambda
            .body
            .result
            .iter()
            .zip(&stm.pat)
            .all(|(r, p)| *r == SubExp::Var(p.var))
        && lambda.body.result.len() == n
        && stm.pat.len() == n;
    let scalar =
        inner.params.iter().all(|p| p.ty.rank() == 0) && inner.ret.iter().all(|t| t.rank() == 0);
    (in_order && scalar && inner_scans.is_empty() && inner_reduces.is_empty())
        .then_some((inner, *columns))
}

/// The parts of a reduction or scan of matrices' rows by a scalar operator
/// mapped over the rows (see [`ExtractMc::vectorised`]).
struct Vectorised {
    rows: SubExp,
    columns: SubExp,
    scalar_operator: Lambda<Soacs>,
    neutral_rows: Vec<Var>,
    commutative: bool,
}

fn vectorised_parts(b: &Builder<Mc>, soac: &Soac<Soacs>) -> Option<Vectorised> {
    let Soac::Screma {
        width,
        arrays,
        map,
        scans,
        reduces,
        post: None,
    } = soac
    else {
        return None;
    };
    let (lambda, neutral, commutative) = match (scans.as_slice(), reduces.as_slice()) {
        ([scan], []) => (&scan.lambda, &scan.neutral, false),
        ([], [reduce]) => (&reduce.lambda, &reduce.neutral, reduce.commutative),
        _ => return None,
    };
    let n = neutral.len();
    // The rows go to the operator as they are.
    let identity = map.body.stms.is_empty()
        && map.params.len() == n
        && arrays.len() == n
        && map
            .body
            .result
            .iter()
            .zip(&map.params)
            .all(|(r, p)| *r == SubExp::Var(p.var));
    if !identity || map.body.result.len() != n {
        return None;
    }
    let (inner, columns) = mapped_scalar_operator(lambda, n)?;
    let columns = &columns;
    // Matrices whose rows are the operator's operands.
    let matrices = arrays
        .iter()
        .all(|&a| b.dims(SubExp::Var(a)) == [*width, *columns]);
    let rows: Option<Vec<Var>> = neutral.iter().map(|ne| ne.as_var()).collect();
    let rows = rows?;
    if !matrices || rows.iter().any(|&r| b.dims(SubExp::Var(r)) != [*columns]) {
        return None;
    }
    Some(Vectorised {
        rows: *width,
        columns: *columns,
        scalar_operator: inner.clone(),
        neutral_rows: rows,
        commutative,
    })
}

/// Whether an operator combines arrays (rows of multidimensional
/// arrays), which the segmented operations leave to loops.
fn takes_arrays(lambda: &Lambda<Soacs>) -> bool {
    lambda.params.iter().any(|p| p.ty.rank() > 0)
}

/// A copy of `lambda` binding fresh names.
fn renamed_copy(b: &mut Builder<Mc>, lambda: &Lambda<Soacs>) -> Lambda<Soacs> {
    let mut bound: Vec<Var> = bound_in_body(&lambda.body)
        .into_iter()
        .chain(lambda.params.iter().map(|p| p.var))
        .collect();
    bound.sort();
    let map: FxHashMap<Var, SubExp> = bound
        .iter()
        .map(|&var| {
            let name = b.var_name(var).to_owned();
            let fresh = b.new_var(&name, b.type_of(SubExp::Var(var)));
            (var, SubExp::Var(fresh))
        })
        .collect();
    for (&var, fresh) in &map {
        let renamed = b.type_of(SubExp::Var(var)).map_dims(|&d| match d {
            SubExp::Var(v) => map.get(&v).copied().unwrap_or(d),
            SubExp::Const(_) => d,
        });
        if let SubExp::Var(fresh) = *fresh {
            b.set_var_type(fresh, renamed);
        }
    }
    let mut copy = lambda.clone();
    Renamer::new(&map).lambda(&mut copy);
    copy
}

/// What the levels of a map nest have in common (see
/// [`ExtractMc::map_nest`]).
#[derive(Default)]
struct Nest {
    /// The names the levels bind, which the widths of inner levels may
    /// not be.
    bound: FxHashSet<Var>,
    /// The inner levels' widths.
    widths: Vec<SubExp>,
    /// Whether a level's statements can fail.
    can_fail: bool,
    /// Whether the innermost level is a reduction or a scan (its results
    /// are the operators', not the map's).
    combines: bool,
    /// Whether the innermost level asks for its inner parallelism to stay
    /// sequential (`#[sequential_inner]`).
    last: bool,
}

/// The inner map's lambda if `lambda` (of a map's level in a nest) is
/// cheap statements, then a map (no post lambda; reductions or scans
/// only as the innermost level, see [`Nest::combines`]) whose results
/// are the lambda's, of a width bound outside the nest (so every row has
/// the same width); records the level in `nest`. Cheap
/// statements are scalar arithmetic, indexing (scalars, or rows: views),
/// assertions, scratch arrays, `iota`s and branches of such.
fn inner_map<'a>(
    b: &Builder<Mc>,
    lambda: &'a Lambda<Soacs>,
    nest: &mut Nest,
) -> Option<&'a Lambda<Soacs>> {
    nest.bound.extend(lambda.params.iter().map(|p| p.var));
    let (last, pre) = lambda.body.stms.split_last()?;
    if !pre.iter().all(is_cheap) || last.attrs.contains("sequential") {
        return None;
    }
    let Exp::Op(Soac::Screma {
        width,
        map,
        scans,
        reduces,
        post: None,
        ..
    }) = &last.exp
    else {
        return None;
    };
    let results_are_the_map = lambda.body.result.len() == last.pat.len()
        && lambda
            .body
            .result
            .iter()
            .zip(&last.pat)
            .all(|(r, p)| *r == SubExp::Var(p.var));
    for stm in pre {
        nest.bound.extend(stm.pat.iter().map(|p| p.var));
    }
    let regular = match width {
        SubExp::Var(v) => !nest.bound.contains(v),
        SubExp::Const(_) => true,
    };
    let outside = |e: &SubExp| match e {
        SubExp::Var(v) => !nest.bound.contains(v),
        SubExp::Const(_) => true,
    };
    // A reduction or a scan ends the nest: of scalars only (no mapped
    // values), with operators and neutral elements from outside it.
    let operators: Vec<(&Lambda<Soacs>, &[SubExp])> = scans
        .iter()
        .map(|s| (&s.lambda, &s.neutral[..]))
        .chain(reduces.iter().map(|r| (&r.lambda, &r.neutral[..])))
        .collect();
    let combined: usize = operators.iter().map(|(_, neutral)| neutral.len()).sum();
    let combines = !operators.is_empty()
        && (scans.is_empty() || reduces.is_empty())
        && combined == last.pat.len()
        && operators.iter().all(|(lambda, neutral)| {
            neutral.iter().all(outside)
                && lambda.params.iter().all(|p| p.ty.rank() == 0)
                && free_in_lambda(lambda)
                    .iter()
                    .all(|v| !nest.bound.contains(v))
        });
    if !((operators.is_empty() || combines) && results_are_the_map && regular) {
        return None;
    }
    nest.can_fail |= pre.iter().any(|stm| can_fail(b, &stm.exp));
    nest.widths.push(*width);
    nest.combines = combines;
    nest.last = last.attrs.contains("sequential_inner");
    Some(map)
}

/// Whether the statements are cheap (see [`is_cheap`]) and cannot fail.
fn cannot_fail_cheaply(b: &Builder<Mc>, stms: &[Stm<Soacs>]) -> bool {
    stms.iter()
        .all(|stm| is_cheap(stm) && !can_fail(b, &stm.exp))
}

/// Whether a statement is cheap enough to run at every point of a
/// flattened map nest rather than once per row. An `iota` is: the inner
/// levels read single elements of it, which simplification makes
/// arithmetic, leaving the `iota` dead; so is a rearrangement, a view of
/// its array.
fn is_cheap(stm: &Stm<Soacs>) -> bool {
    match &stm.exp {
        Exp::Iota { .. }
        | Exp::SubExp(_)
        | Exp::BinOp(..)
        | Exp::Cmp(..)
        | Exp::UnOp(..)
        | Exp::Convert(..)
        | Exp::PrimFn(..)
        | Exp::Index { .. }
        | Exp::Assert { .. }
        | Exp::Rearrange { .. }
        | Exp::Scratch { .. } => true,
        Exp::If {
            then_body,
            else_body,
            ..
        } => then_body.stms.iter().chain(&else_body.stms).all(is_cheap),
        _ => false,
    }
}

fn index(b: &mut Builder<Mc>, array: Var, i: SubExp) -> SubExp {
    SubExp::Var(b.bind1(
        "row",
        Exp::Index {
            array,
            slice: vec![DimIndex::Fix(i)],
        },
    ))
}
