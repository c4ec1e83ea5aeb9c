//! The first-order transform: a SOACS program as a sequential one
//! ([`Seq`]), every SOAC a `for` loop over its width. It guarantees the
//! same results and failures: a `screma` computes its map, scans and
//! reductions row by row in order, writing the scans' and the map's
//! results (or what its post lambda makes of them) into scratch arrays
//! made before the loop (memory that nothing writes until the loop
//! does); `hist` and `scatter` write their destinations in
//! place, row by row, skipping indices out of bounds; a stream
//! runs its fold once on all of its input (one chunk is a valid
//! chunking).

use crate::ir::build::Builder;
use crate::ir::rephrase::{Rephrase, inline_lambda, rephrase_program};
use crate::ir::traverse::Renamer;
use crate::ir::{
    Body, DimIndex, Exp, LoopForm, Param, PatElem, Program, Rep, Seq, Soac, Soacs, SubExp, Type,
    Var,
};
use prim::{BinOp, CmpOp};
use rustc_hash::FxHashMap;

/// The program with its SOACs as loops.
pub fn first_order(program: Program<Soacs>) -> Result<Program<Seq>, String> {
    rephrase_program(program, &mut FirstOrder)
}

pub(crate) struct FirstOrder;

impl<T: Rep> Rephrase<Soacs, T> for FirstOrder {
    fn op(&mut self, b: &mut Builder<T>, pat: Vec<PatElem>, soac: Soac<Soacs>) {
        match soac {
            Soac::Screma {
                width,
                arrays,
                map,
                scans,
                reduces,
                post,
            } => {
                let scanned: usize = scans.iter().map(|s| s.neutral.len()).sum();
                let reduced: usize = reduces.iter().map(|r| r.neutral.len()).sum();
                // The pattern's reductions and the arrays written row by
                // row: the scans' and the map's, or the post lambda's.
                let (reduced_pat, outputs): (Vec<PatElem>, Vec<PatElem>) = match post {
                    Some(_) => (pat[..reduced].to_vec(), pat[reduced..].to_vec()),
                    None => (
                        pat[scanned..scanned + reduced].to_vec(),
                        pat[..scanned]
                            .iter()
                            .chain(&pat[scanned + reduced..])
                            .cloned()
                            .collect(),
                    ),
                };
                let mut inits: Vec<(SubExp, bool)> = scans
                    .iter()
                    .flat_map(|s| s.neutral.iter())
                    .chain(reduces.iter().flat_map(|r| r.neutral.iter()))
                    .map(|&n| (n, false))
                    .collect();
                for out in &outputs {
                    inits.push((scratch(b, &out.ty), true));
                }
                let params = invariant_params(b, &inits);
                let i = b.new_var("i", Type::i64());
                let body = b.body(|b| {
                    let results = inline_lambda(b, &mut FirstOrder, map, |b, j| {
                        index(b, arrays[j], SubExp::Var(i))
                    });
                    let mut accs = params[..scanned + reduced]
                        .iter()
                        .map(|(p, _)| SubExp::Var(p.var));
                    let mut inputs = results.iter().copied();
                    let mut new_accs = Vec::new();
                    let mut row = Vec::new();
                    for scan in scans {
                        let n = scan.neutral.len();
                        let mut args: Vec<SubExp> = accs.by_ref().take(n).collect();
                        args.extend(inputs.by_ref().take(n));
                        let values = inline_lambda(b, &mut FirstOrder, scan.lambda, |_, j| args[j]);
                        row.extend(values.iter().copied());
                        new_accs.extend(values);
                    }
                    for reduce in reduces {
                        let n = reduce.neutral.len();
                        let mut args: Vec<SubExp> = accs.by_ref().take(n).collect();
                        args.extend(inputs.by_ref().take(n));
                        new_accs.extend(inline_lambda(
                            b,
                            &mut FirstOrder,
                            reduce.lambda,
                            |_, j| args[j],
                        ));
                    }
                    row.extend(inputs);
                    if let Some(post) = post {
                        row = inline_lambda(b, &mut FirstOrder, post, |_, j| row[j]);
                    }
                    let mut result = new_accs;
                    for ((param, _), value) in params[scanned + reduced..].iter().zip(row) {
                        result.push(write(b, param.var, SubExp::Var(i), value));
                    }
                    result
                });
                let loop_vars = bind_loop(b, params, i, width, body);
                let (accs, arrays) = loop_vars.split_at(scanned + reduced);
                for (elem, &value) in reduced_pat.into_iter().zip(&accs[scanned..]) {
                    copy_to(b, elem, SubExp::Var(value));
                }
                for (elem, &value) in outputs.into_iter().zip(arrays) {
                    copy_to(b, elem, SubExp::Var(value));
                }
            }
            Soac::Hist {
                width,
                arrays,
                ops,
                map,
            } => {
                let inits: Vec<(SubExp, bool)> = ops
                    .iter()
                    .flat_map(|op| op.dests.iter())
                    .map(|&d| (SubExp::Var(d), true))
                    .collect();
                let params = invariant_params(b, &inits);
                let i = b.new_var("i", Type::i64());
                let body = b.body(|b| {
                    let results = inline_lambda(b, &mut FirstOrder, map, |b, j| {
                        index(b, arrays[j], SubExp::Var(i))
                    });
                    let (buckets, mut values) = results.split_at(ops.len());
                    let mut targets = params.iter().map(|(p, _)| p.var);
                    let mut written = Vec::new();
                    for (op, &bucket) in ops.into_iter().zip(buckets) {
                        let n = op.neutral.len();
                        let (own, rest) = values.split_at(n);
                        values = rest;
                        let targets: Vec<Var> = targets.by_ref().take(n).collect();
                        let in_bounds = in_bounds(b, bucket, targets[0]);
                        let then_body = b.body(|b| {
                            let combined = inline_lambda(b, &mut FirstOrder, op.op, |b, j| {
                                match targets.get(j) {
                                    Some(&target) => index(b, target, bucket),
                                    None => own[j - n],
                                }
                            });
                            targets
                                .iter()
                                .zip(combined)
                                .map(|(&t, v)| write(b, t, bucket, v))
                                .collect()
                        });
                        let else_body =
                            b.body(|_| targets.iter().map(|&t| SubExp::Var(t)).collect());
                        written.extend(if_same_types(b, in_bounds, then_body, else_body));
                    }
                    written
                });
                bind_loop_to(b, pat, params, i, width, body);
            }
            Soac::Scatter {
                width,
                arrays,
                dests,
                map,
            } => {
                // The destinations, then the arrays of the mapped
                // values, written row by row.
                let mut inits: Vec<(SubExp, bool)> =
                    dests.iter().map(|d| (SubExp::Var(d.array), true)).collect();
                for out in &pat[dests.len()..] {
                    inits.push((scratch(b, &out.ty), true));
                }
                let params = invariant_params(b, &inits);
                let i = b.new_var("i", Type::i64());
                let writes = crate::ir::soac::scatter_writes(&dests);
                let body = b.body(|b| {
                    let results = inline_lambda(b, &mut FirstOrder, map, |b, j| {
                        index(b, arrays[j], SubExp::Var(i))
                    });
                    let (indices, rest) = results.split_at(writes);
                    let (values, mapped) = rest.split_at(writes);
                    let mut written = indices.iter().zip(values);
                    let mut result: Vec<SubExp> = params
                        .iter()
                        .zip(&dests)
                        .map(|((param, _), dest)| {
                            let mut target = SubExp::Var(param.var);
                            for (&j, &value) in written.by_ref().take(dest.writes) {
                                target = match b.type_of(j).shape() {
                                    &[block] => write_block(b, target, j, value, block),
                                    _ => write_in_bounds(b, target, j, value),
                                };
                            }
                            target
                        })
                        .collect();
                    for ((param, _), &value) in params[dests.len()..].iter().zip(mapped) {
                        result.push(write(b, param.var, SubExp::Var(i), value));
                    }
                    result
                });
                bind_loop_to(b, pat, params, i, width, body);
            }
            Soac::Accumulate {
                width,
                arrays,
                dests,
                map,
            } => {
                let inits: Vec<(SubExp, bool)> =
                    dests.iter().map(|&d| (SubExp::Var(d), true)).collect();
                let params = invariant_params(b, &inits);
                let accumulators: Vec<SubExp> =
                    params.iter().map(|(p, _)| SubExp::Var(p.var)).collect();
                let i = b.new_var("i", Type::i64());
                let body = b.body(|b| {
                    inline_lambda(b, &mut FirstOrder, map, |b, j| match accumulators.get(j) {
                        Some(&acc) => acc,
                        None => index(b, arrays[j - accumulators.len()], SubExp::Var(i)),
                    })
                });
                bind_loop_to(b, pat, params, i, width, body);
            }
            Soac::Stream {
                width,
                arrays,
                accumulators,
                fold,
                ..
            } => {
                // One chunk of everything: the chunk size is the width.
                let mut fold = fold;
                let chunk = fold.params.remove(0);
                let renaming = FxHashMap::from_iter([(chunk.var, width)]);
                Renamer::new(&renaming).lambda(&mut fold);
                let mut args = accumulators;
                args.extend(arrays.iter().map(|&a| SubExp::Var(a)));
                let results = inline_lambda(b, &mut FirstOrder, fold, |_, j| args[j]);
                for (elem, value) in pat.into_iter().zip(results) {
                    copy_to(b, elem, value);
                }
            }
        }
    }
}

/// Binds `elem` to `value` (of its type).
fn copy_to<T: Rep>(b: &mut Builder<T>, elem: PatElem, value: SubExp) {
    b.add(vec![elem], Exp::SubExp(value));
}

fn index<T: Rep>(b: &mut Builder<T>, array: Var, i: SubExp) -> SubExp {
    SubExp::Var(b.bind1(
        "row",
        Exp::Index {
            array,
            slice: vec![DimIndex::Fix(i)],
        },
    ))
}

/// `array` with row `i` replaced by `value`.
fn write<T: Rep>(b: &mut Builder<T>, array: Var, i: SubExp, value: SubExp) -> SubExp {
    SubExp::Var(b.bind1(
        "written",
        Exp::Update {
            array,
            slice: vec![DimIndex::Fix(i)],
            value,
        },
    ))
}

/// `target` with row `j` replaced by `value` where `j` is in bounds.
fn write_in_bounds<T: Rep>(b: &mut Builder<T>, target: SubExp, j: SubExp, value: SubExp) -> SubExp {
    let array = target.as_var().expect("an array");
    let fits = in_bounds(b, j, array);
    let then_body = b.body(|b| vec![write(b, array, j, value)]);
    let else_body = b.body(|_| vec![target]);
    if_same_types(b, fits, then_body, else_body)[0]
}

/// `target` with a scatter's block of `block` writes done in order: the
/// rows of `values` at the indices in `indices`.
fn write_block<T: Rep>(
    b: &mut Builder<T>,
    target: SubExp,
    indices: SubExp,
    values: SubExp,
    block: SubExp,
) -> SubExp {
    let params = invariant_params(b, &[(target, true)]);
    let acc = params[0].0.var;
    let k = b.new_var("k", Type::i64());
    let body = b.body(|b| {
        let index = |b: &mut Builder<T>, array: SubExp| {
            index(b, array.as_var().expect("an array"), SubExp::Var(k))
        };
        let (j, value) = (index(b, indices), index(b, values));
        vec![write_in_bounds(b, SubExp::Var(acc), j, value)]
    });
    SubExp::Var(bind_loop(b, params, k, block, body)[0])
}

/// Whether `i` indexes a row of `array`.
fn in_bounds<T: Rep>(b: &mut Builder<T>, i: SubExp, array: Var) -> SubExp {
    let n = b.dims(SubExp::Var(array))[0];
    let low = SubExp::Var(b.bind1("ok", Exp::Cmp(CmpOp::Le, SubExp::i64(0), i)));
    let high = SubExp::Var(b.bind1("ok", Exp::Cmp(CmpOp::Lt, i, n)));
    SubExp::Var(b.bind1("ok", Exp::BinOp(BinOp::And, low, high)))
}

/// An array of the type's shape, whose contents will be written.
fn scratch<T: Rep>(b: &mut Builder<T>, ty: &Type) -> SubExp {
    SubExp::Var(b.bind1(
        "scratch",
        Exp::Scratch {
            shape: ty.shape().to_vec(),
            element: ty.element(),
        },
    ))
}

/// Loop parameters of exactly the initial values' types (their shapes
/// do not change), each with its initial value.
fn invariant_params<T: Rep>(b: &mut Builder<T>, inits: &[(SubExp, bool)]) -> Vec<(Param, SubExp)> {
    inits
        .iter()
        .map(|&(init, unique)| {
            let ty = b.type_of(init);
            let unique = unique && ty.rank() > 0;
            (b.param("acc", ty, unique), init)
        })
        .collect()
}

/// A loop of `counter` over `0..width`.
fn bind_loop<T: Rep>(
    b: &mut Builder<T>,
    params: Vec<(Param, SubExp)>,
    counter: Var,
    width: SubExp,
    body: Body<T>,
) -> Vec<Var> {
    let form = LoopForm::For {
        var: counter,
        bound: width,
    };
    b.bind("loop", Exp::Loop { params, form, body })
}

/// [`bind_loop`], whose results `pat` binds.
fn bind_loop_to<T: Rep>(
    b: &mut Builder<T>,
    pat: Vec<PatElem>,
    params: Vec<(Param, SubExp)>,
    counter: Var,
    width: SubExp,
    body: Body<T>,
) {
    for (elem, value) in pat
        .into_iter()
        .zip(bind_loop(b, params, counter, width, body))
    {
        copy_to(b, elem, SubExp::Var(value));
    }
}

/// A branch whose two bodies give values of the same types.
fn if_same_types<T: Rep>(
    b: &mut Builder<T>,
    condition: SubExp,
    then_body: Body<T>,
    else_body: Body<T>,
) -> Vec<SubExp> {
    b.bind_if("sel", condition, then_body, else_body)
        .into_iter()
        .map(SubExp::Var)
        .collect()
}
