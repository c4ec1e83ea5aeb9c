//! Extraction of multicore parallelism: a SOACS program at the
//! multicore level ([`Mc`]). The outermost SOACs (those not inside
//! another one) become segmented operations over their width: a map a
//! `SegMap`, a map with reductions a `SegRed`, with scans a `SegScan`, a
//! histogram a `SegHist`, a scatter a `SegMap` writing in place. A
//! `screma` with both scans and reductions becomes a `SegScan` that also
//! writes the reductions' inputs to arrays, and a `SegRed` over them.
//! SOACs nested in segmented operations become the loops of the
//! first-order transform, which the thread running the segment runs; so
//! do streams, and reductions, scans and histograms whose operators
//! combine arrays. The results and failures are the same: a parallel run
//! may fail with any of the failures its sequential reading could reach.

use super::first_order::FirstOrder;
use crate::ir::build::Builder;
use crate::ir::rephrase::{Rephrase, inline_lambda, rephrase_lambda, rephrase_program};
use crate::ir::segop::{SegBinOp, SegHistOp, SegOp, SegResult, SegSpace};
use crate::ir::{
    Body, DimIndex, Exp, Lambda, Mc, Param, PatElem, Program, ReduceOp, ScanOp, Soac, Soacs, Stm,
    SubExp, Type, Var,
};

/// The program with its outermost SOACs as segmented operations.
pub fn extract_mc(program: Program<Soacs>) -> Result<Program<Mc>, String> {
    rephrase_program(program, &mut ExtractMc { nested: false })
}

struct ExtractMc {
    /// Inside a segmented operation: SOACs stay sequential.
    nested: bool,
}

impl Rephrase<Soacs, Mc> for ExtractMc {
    fn op(&mut self, b: &mut Builder<Mc>, pat: Vec<PatElem>, soac: Soac<Soacs>) {
        let soac = match soac {
            Soac::Screma {
                width,
                arrays,
                map,
                scans,
                reduces,
            } if !self.nested && !scans.is_empty() && !reduces.is_empty() => {
                return self.scan_then_reduce(b, pat, width, arrays, map, scans, reduces);
            }
            soac => soac,
        };
        if self.nested {
            return FirstOrder.op(b, pat, soac);
        }
        match self.segmented(b, soac) {
            Ok(seg) => b.add_stm(Stm {
                pat,
                exp: Exp::Op(seg),
                loc: b.loc(),
            }),
            Err(soac) => FirstOrder.op(b, pat, *soac),
        }
    }
}

impl ExtractMc {
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
                PatElem {
                    var: b.new_var("red_input", ty.clone()),
                    ty,
                    mem: None,
                }
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
        };
        self.op(b, pat[scanned..scanned + reduced].to_vec(), reduce);
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
            Soac::Hist { op, .. } => takes_arrays(op),
            Soac::Scatter { .. } | Soac::Stream { .. } => false,
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
                dests,
                op,
                neutral,
                indices,
                values,
            } => {
                let (space, body) = self.segment_body(b, width, |_, b, i| {
                    let mut result = vec![index(b, indices, i)];
                    result.extend(rows(b, &values, i));
                    result
                });
                let outer = std::mem::replace(&mut self.nested, true);
                let lambda = rephrase_lambda(b, self, op);
                self.nested = outer;
                Ok(SegOp::Hist {
                    space,
                    ops: vec![SegHistOp {
                        dests,
                        neutral,
                        lambda,
                    }],
                    results: Vec::new(),
                    body,
                })
            }
            Soac::Scatter {
                width,
                dests,
                indices,
                values,
            } => {
                let (space, body) = self.segment_body(b, width, |_, b, i| {
                    let j = index(b, indices, i);
                    values.iter().flat_map(|&v| [j, index(b, v, i)]).collect()
                });
                let results = dests
                    .into_iter()
                    .map(|dest| SegResult::Write { dest, rank: 1 })
                    .collect();
                Ok(SegOp::Map {
                    space,
                    results,
                    body,
                })
            }
            other => Err(Box::new(other)),
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

/// Whether an operator combines arrays (rows of multidimensional
/// arrays), which the segmented operations leave to loops.
fn takes_arrays(lambda: &Lambda<Soacs>) -> bool {
    lambda.params.iter().any(|p| p.ty.rank() > 0)
}

fn rows(b: &mut Builder<Mc>, arrays: &[Var], i: SubExp) -> Vec<SubExp> {
    arrays.iter().map(|&a| index(b, a, i)).collect()
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
