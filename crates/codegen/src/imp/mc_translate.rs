//! Segmented operations as multicore code: the space's points are
//! numbered row-major and split into chunks that run in parallel
//! ([`McOp::Parallel`]).
//!
//! * `SegMap`: every chunk runs the body at its points, writing gathered
//!   results at the point and in-place writes where their indices fall
//!   within the destination (others are ignored).
//! * `SegRed` over one dimension: every chunk reduces its points into a
//!   partial result per chunk; the partials are then combined in chunk
//!   order, so non-commutative operators are right. For a device with
//!   work-groups, outside parallel code, it is one [`McOp::Reduce`]
//!   instead. Over several
//!   dimensions (a reduction per segment) the segments run in parallel,
//!   each reduced by one thread.
//! * `SegScan` over one dimension: each chunk scans its points and keeps
//!   its total. On the thread pool the chunks are chained: each awaits
//!   the combination of the totals before it from the chunk before
//!   ([`McOp::AwaitChunk`]), passes its own on and combines the earlier
//!   ones into its elements while they are in its cache. Elsewhere the
//!   totals are scanned (exclusively) in chunk order, and each chunk then
//!   combines its prefix into its elements. Over several dimensions the
//!   segments run in parallel. For a device with work-groups, outside
//!   parallel code, it is one [`McOp::Scan`].
//! * `SegHist`: each chunk fills private histograms (as many chunks as
//!   fit in a bounded amount of memory, a cache line apart so that
//!   threads do not share lines), which are then combined into the
//!   destinations bucket by bucket, in parallel over the buckets.
//!   Indices out of bounds are ignored. A histogram of one destination
//!   whose operator devices apply atomically is one [`McOp::Hist`] for a
//!   device with work-groups, outside parallel code.

use super::mc::{Chunking, McOp};
use super::tiling::tiled_map;
use super::translate::{
    Array, PointCode, Translator, and, cmp, element_at, in_range, internal, slice_fix,
};
use super::{Code, Exp};
use crate::CodegenError;
use opt::ir::analysis::commutative_operator;
use opt::ir::segop::{SegOp, SegResult, SegSpace};
use opt::ir::{Exp as Exp2, Lambda, McMem, PatElem, SubExp, Type, Var};
use prim::{BinOp, CmpOp, PrimType};

type Result<T> = std::result::Result<T, CodegenError>;

/// Private histograms take at most this many elements in all.
const HISTOGRAM_ELEMENTS: i64 = 1 << 24;

/// Segments of a reduction that fill a device with a work-item each (the
/// default of its `suff_outer_par` tuning parameter): fewer get a
/// work-group each, or several.
const SEGMENTS_PER_DEVICE: i64 = 1 << 15;

/// The bytes of a cache line (of the x86-64 and Arm cores we run on).
const CACHE_LINE: i64 = 64;

pub(super) fn seg_op(tr: &mut Translator<McMem>, pat: &[PatElem], op: &SegOp<McMem>) -> Result<()> {
    let operators = match op {
        SegOp::Map { .. } => 0,
        SegOp::Red { ops, .. } | SegOp::Scan { ops, .. } => {
            ops.iter().map(|o| o.neutral.len()).sum()
        }
        SegOp::Hist { ops, .. } => ops.iter().map(|o| o.dests.len()).sum(),
    };
    let results = &pat[operators..];
    let space = op.space();
    match op {
        SegOp::Map { body, .. } => each_point(tr, space, |tr| {
            tr.stms(&body.stms)?;
            write_results(tr, space, op.results(), results, &body.result)
        }),
        SegOp::Red { ops, body, .. } => {
            let lambdas: Vec<(&Lambda<McMem>, &[SubExp])> = ops
                .iter()
                .map(|o| (&o.lambda, o.neutral.as_slice()))
                .collect();
            let commutative = ops
                .iter()
                .all(|o| o.commutative || commutative_operator(&o.lambda));
            if space.dims.len() == 1 && tr.work_groups() && !tr.in_parallel() {
                group_reduce(tr, pat, op, &lambdas, body, operators, commutative)
            } else if space.dims.len() == 1 {
                reduce(tr, pat, op, &lambdas, body, operators)
            } else if tr.work_groups() && !tr.in_parallel() {
                // Enough segments fill the device with a work-item each;
                // fewer get work-groups.
                let segments = points(tr, &space.segment_sizes())?;
                let threshold = tr.tuning_param("suff_outer_par", SEGMENTS_PER_DEVICE);
                let per_item =
                    tr.block(|tr| per_segment(tr, pat, op, &lambdas, body, operators, false))?;
                let per_group = tr.block(|tr| {
                    group_reduce(tr, pat, op, &lambdas, body, operators, commutative)
                })?;
                tr.emit(Code::If {
                    condition: Exp::Cmp(CmpOp::Lt, Box::new(segments), Box::new(threshold)),
                    then_code: Box::new(per_group),
                    else_code: Box::new(per_item),
                });
                Ok(())
            } else {
                per_segment(tr, pat, op, &lambdas, body, operators, false)
            }
        }
        SegOp::Scan { ops, body, .. } => {
            let lambdas: Vec<(&Lambda<McMem>, &[SubExp])> = ops
                .iter()
                .map(|o| (&o.lambda, o.neutral.as_slice()))
                .collect();
            if space.dims.len() == 1 && tr.work_groups() && !tr.in_parallel() {
                group_scan(tr, pat, op, &lambdas, body, operators)
            } else if space.dims.len() == 1 && !tr.work_groups() && !tr.in_parallel() {
                chained_scan(tr, pat, op, &lambdas, body, operators)
            } else if space.dims.len() == 1 {
                scan(tr, pat, op, &lambdas, body, operators)
            } else {
                per_segment(tr, pat, op, &lambdas, body, operators, true)
            }
        }
        SegOp::Hist { ops, body, .. } => match (ops.as_slice(), atomic_operator(ops)) {
            ([hist], Some(binop)) if tr.work_groups() && !tr.in_parallel() => {
                group_histogram(tr, pat, op, hist, binop, body)
            }
            _ => histogram(tr, pat, op, ops, body, operators),
        },
    }
}

type Body = opt::ir::Body<McMem>;

/// The number of points of a space of these sizes.
fn points(tr: &mut Translator<McMem>, sizes: &[SubExp]) -> Result<Exp> {
    let mut count = Exp::i64(1);
    for &size in sizes {
        count = Exp::i64_mul(count, tr.se(size)?);
    }
    Ok(count)
}

/// Sets the space's index variables (declaring them) from the row-major
/// number of a point (below the number of points).
fn point_indices(tr: &mut Translator<McMem>, space: &SegSpace, flat: Exp) -> Result<()> {
    let indices = unflatten(tr, &space.sizes(), flat)?;
    for (&(var, size), index) in space.dims.iter().zip(indices) {
        tr.count(var, size);
        tr.emit(Code::DeclareScalar(var, PrimType::I64));
        tr.emit(Code::SetScalar(var, index));
    }
    Ok(())
}

/// The indices into dimensions of these sizes of the row-major number
/// `flat` (below the number of points, so the outermost index is what is
/// left of it after the inner ones). Numbers and sizes are never
/// negative, so one unsigned division per dimension serves, in 32 bits
/// where every point's number fits: a division of 64 bits costs several
/// times more, on GPUs most of all (where a map's work per point can be
/// little more than its indices).
fn unflatten(tr: &mut Translator<McMem>, sizes: &[SubExp], flat: Exp) -> Result<Vec<Exp>> {
    if sizes.len() < 2 {
        return Ok(vec![flat]);
    }
    let extents = sizes
        .iter()
        .map(|&size| tr.se(size))
        .collect::<Result<Vec<_>>>()?;
    let indices: Vec<Var> = extents
        .iter()
        .map(|_| {
            let var = tr.new_var("index");
            tr.emit(Code::DeclareScalar(var, PrimType::I64));
            var
        })
        .collect();
    let narrow = tr.block(|tr| {
        divide_into(tr, &extents, &flat, &indices, PrimType::U32);
        Ok(())
    })?;
    let wide = tr.block(|tr| {
        divide_into(tr, &extents, &flat, &indices, PrimType::U64);
        Ok(())
    })?;
    let count = points(tr, sizes)?;
    tr.emit(Code::If {
        condition: Exp::Cmp(
            CmpOp::Le,
            Box::new(count),
            Box::new(Exp::i64(i64::from(u32::MAX))),
        ),
        then_code: Box::new(narrow),
        else_code: Box::new(wide),
    });
    Ok(indices
        .into_iter()
        .map(|var| Exp::Var(var, PrimType::I64))
        .collect())
}

/// Sets `indices` to the indices of the row-major number `flat` into
/// dimensions of sizes `extents`, dividing in the unsigned type `unsigned`
/// (wide enough for every number).
fn divide_into(
    tr: &mut Translator<McMem>,
    extents: &[Exp],
    flat: &Exp,
    indices: &[Var],
    unsigned: PrimType,
) {
    let mut rest = Exp::Convert(unsigned, Box::new(flat.clone()));
    for (k, extent) in extents.iter().enumerate().skip(1).rev() {
        let extent = Exp::Convert(unsigned, Box::new(extent.clone()));
        let quotient = tr.new_var("quotient");
        tr.emit(Code::DeclareScalar(quotient, unsigned));
        tr.emit(Code::SetScalar(
            quotient,
            Exp::BinOp(
                BinOp::Quot,
                Box::new(rest.clone()),
                Box::new(extent.clone()),
            ),
        ));
        let quotient = Exp::Var(quotient, unsigned);
        let below = Exp::BinOp(BinOp::Mul, Box::new(quotient.clone()), Box::new(extent));
        let index = Exp::BinOp(BinOp::Sub, Box::new(rest), Box::new(below));
        tr.emit(Code::SetScalar(
            indices[k],
            Exp::Convert(PrimType::I64, Box::new(index)),
        ));
        rest = quotient;
    }
    tr.emit(Code::SetScalar(
        indices[0],
        Exp::Convert(PrimType::I64, Box::new(rest)),
    ));
}

/// A new `i64` variable holding the number of chunks for `iterations`.
/// The chunks keep partial results.
fn chunks(tr: &mut Translator<McMem>, iterations: Exp) -> Var {
    chunks_of(tr, iterations, Chunking::Partials)
}

fn chunks_of(tr: &mut Translator<McMem>, iterations: Exp, kind: Chunking) -> Var {
    let var = tr.new_var("chunks");
    tr.emit(Code::DeclareScalar(var, PrimType::I64));
    tr.emit(Code::Op(McOp::Chunks {
        var,
        iterations,
        kind,
    }));
    var
}

/// Runs `point` at every point of the index space of sizes `dims` (its
/// indices given), in parallel chunks of light iterations, where no task
/// runs already; else in sequential loops.
pub(super) fn fill(
    tr: &mut Translator<McMem>,
    dims: &[Exp],
    point: &mut PointCode<'_, McMem>,
) -> Result<()> {
    if tr.in_parallel() {
        return tr.nest(dims, point);
    }
    let mut iterations = Exp::i64(1);
    for dim in dims {
        iterations = Exp::i64_mul(iterations, dim.clone());
    }
    let count = chunks_of(tr, iterations.clone(), Chunking::Light);
    parallel_chunks(tr, iterations, count, |tr, _, start, end| {
        for_range(tr, start, end, |tr, flat| {
            let mut indices = vec![Exp::i64(0); dims.len()];
            let mut rest = flat.clone();
            for (k, size) in dims.iter().enumerate().rev() {
                let var = tr.new_var("i");
                tr.emit(Code::DeclareScalar(var, PrimType::I64));
                if k == 0 {
                    tr.emit(Code::SetScalar(var, rest.clone()));
                } else {
                    tr.emit(Code::SetScalar(
                        var,
                        Exp::BinOp(BinOp::Mod, Box::new(rest.clone()), Box::new(size.clone())),
                    ));
                    rest = Exp::BinOp(BinOp::Div, Box::new(rest), Box::new(size.clone()));
                }
                indices[k] = Exp::Var(var, PrimType::I64);
            }
            point(tr, &indices)
        })
    })
}

/// Runs `point` at every point of `space`, its indices set, in parallel
/// chunks. On a device with work-groups, outside parallel code, a
/// two-dimensional space whose point code has loops worth tiling (see
/// [`tiled_map`]) is a [`McOp::TiledMap`] instead.
fn each_point(
    tr: &mut Translator<McMem>,
    space: &SegSpace,
    mut point: impl FnMut(&mut Translator<McMem>) -> Result<()>,
) -> Result<()> {
    let iterations = points(tr, &space.sizes())?;
    let by_points = |tr: &mut Translator<McMem>| {
        parallel_points(tr, iterations, |tr, flat| {
            point_indices(tr, space, flat.clone())?;
            point(tr)
        })
    };
    let &[(row, rows), (column, columns)] = space.dims.as_slice() else {
        return by_points(tr);
    };
    if !tr.work_groups() || tr.in_parallel() {
        return by_points(tr);
    }
    let fallback = tr.block(by_points)?;
    let point = tr.in_task(|tr| {
        tr.block(|tr| {
            tr.count(row, rows);
            tr.count(column, columns);
            point(tr)
        })
    })?;
    let sizes = [tr.se(rows)?, tr.se(columns)?];
    match tiled_map(tr, sizes, [row, column], &point, fallback.clone()) {
        Some(tiled) => tr.emit(Code::Op(McOp::TiledMap(Box::new(tiled)))),
        None => tr.emit(fallback),
    }
    Ok(())
}

/// Runs `point` at every point number below `iterations`, in parallel
/// chunks.
fn parallel_points(
    tr: &mut Translator<McMem>,
    iterations: Exp,
    mut point: impl FnMut(&mut Translator<McMem>, &Exp) -> Result<()>,
) -> Result<()> {
    let count = chunks_of(tr, iterations.clone(), Chunking::Points);
    parallel_chunks(tr, iterations, count, |tr, _, start, end| {
        for_range(tr, start, end, |tr, flat| point(tr, flat))
    })
}

/// A parallel task over chunks of `0..iterations`: `body` is given the
/// chunk's number, start and end.
fn parallel_chunks(
    tr: &mut Translator<McMem>,
    iterations: Exp,
    count: Var,
    body: impl FnOnce(&mut Translator<McMem>, Exp, Exp, Exp) -> Result<()>,
) -> Result<()> {
    let chunk = tr.new_var("chunk");
    let start = tr.new_var("start");
    let end = tr.new_var("end");
    let code = tr.in_task(|tr| {
        tr.block(|tr| {
            body(
                tr,
                Exp::Var(chunk, PrimType::I64),
                Exp::Var(start, PrimType::I64),
                Exp::Var(end, PrimType::I64),
            )
        })
    })?;
    tr.emit(Code::Op(McOp::Parallel {
        iterations,
        chunks: Exp::Var(count, PrimType::I64),
        chunk,
        start,
        end,
        body: Box::new(code),
    }));
    Ok(())
}

/// A sequential loop over `start..end`, `body` given the current number.
fn for_range(
    tr: &mut Translator<McMem>,
    start: Exp,
    end: Exp,
    body: impl FnOnce(&mut Translator<McMem>, &Exp) -> Result<()>,
) -> Result<()> {
    let i = tr.new_var("i");
    let current = Exp::i64_add(start.clone(), Exp::Var(i, PrimType::I64));
    let code = tr.block(|tr| body(tr, &current))?;
    tr.emit(Code::For {
        var: i,
        bound: Exp::i64_sub(end, start),
        body: Box::new(code),
    });
    Ok(())
}

/// Writes the body's results (after the operators' values) at the
/// current point: gathered values into the pattern's arrays, in-place
/// writes into their destinations where the indices are in bounds.
fn write_results(
    tr: &mut Translator<McMem>,
    space: &SegSpace,
    results: &[SegResult],
    pat: &[PatElem],
    values: &[SubExp],
) -> Result<()> {
    let point: Vec<Exp> = space
        .dims
        .iter()
        .map(|&(v, _)| Exp::Var(v, PrimType::I64))
        .collect();
    let operators = values.len() - results.iter().map(SegResult::arity).sum::<usize>();
    let mut values = values[operators..].iter();
    for (result, elem) in results.iter().zip(pat) {
        let dest = tr.array(elem.var)?;
        match result {
            SegResult::Returns(_) => {
                let value = *values.next().ok_or_else(|| internal("a missing result"))?;
                let mut place = dest.loc.clone();
                for i in &point {
                    place = slice_fix(&place, i.clone());
                }
                tr.put(&dest, place, value)?;
            }
            SegResult::Write { rank, .. } => {
                let indices: Vec<Exp> = values
                    .by_ref()
                    .take(*rank)
                    .map(|&i| tr.se(i))
                    .collect::<Result<_>>()?;
                let value = *values.next().ok_or_else(|| internal("a missing write"))?;
                let mut inside = Exp::bool(true);
                let mut place = dest.loc.clone();
                for (i, extent) in indices.iter().zip(&dest.shape) {
                    inside = and(inside, in_range(i.clone(), extent.clone()));
                    place = slice_fix(&place, i.clone());
                }
                let write = tr.block(|tr| tr.put(&dest, place, value))?;
                tr.emit(Code::If {
                    condition: inside,
                    then_code: Box::new(write),
                    else_code: Box::new(Code::Block(Vec::new())),
                });
            }
        }
    }
    Ok(())
}

/// The scalar types of an operator's accumulator.
fn accumulator_types(lambda: &Lambda<McMem>) -> Result<Vec<PrimType>> {
    let n = lambda.params.len() / 2;
    lambda.params[..n]
        .iter()
        .map(|p| match p.ty {
            Type::Prim(t) => Ok(t),
            _ => Err(internal("an operator on arrays in a segmented operation")),
        })
        .collect()
}

/// Declares scalar variables of the given types, set to `values`.
fn scalars(
    tr: &mut Translator<McMem>,
    hint: &str,
    types: &[PrimType],
    values: Vec<Exp>,
) -> Vec<Var> {
    types
        .iter()
        .zip(values)
        .map(|(&t, value)| {
            let var = tr.new_var(hint);
            tr.emit(Code::DeclareScalar(var, t));
            tr.emit(Code::SetScalar(var, value));
            var
        })
        .collect()
}

fn var_exps(vars: &[Var], types: &[PrimType]) -> Vec<Exp> {
    vars.iter()
        .zip(types)
        .map(|(&v, &t)| Exp::Var(v, t))
        .collect()
}

/// Sets `targets` to an operator applied to `args`, in a block of its
/// own (the lambda's variables are declared in it).
fn apply(
    tr: &mut Translator<McMem>,
    lambda: &Lambda<McMem>,
    args: Vec<Exp>,
    targets: &[Var],
) -> Result<()> {
    let code = tr.block(|tr| {
        for (param, arg) in lambda.params.iter().zip(args) {
            let Type::Prim(t) = param.ty else {
                return Err(internal("an operator on arrays"));
            };
            tr.emit(Code::DeclareScalar(param.var, t));
            tr.emit(Code::SetScalar(param.var, arg));
        }
        tr.stms(&lambda.body.stms)?;
        for (&target, &result) in targets.iter().zip(&lambda.body.result) {
            let value = tr.se(result)?;
            tr.emit(Code::SetScalar(target, value));
        }
        Ok(())
    })?;
    tr.emit(code);
    Ok(())
}

/// One block per operator value, of `count` elements each.
fn partials(tr: &mut Translator<McMem>, types: &[PrimType], count: Exp) -> Vec<(Var, PrimType)> {
    types
        .iter()
        .map(|&t| {
            let block = tr.new_var("partials");
            tr.emit(Code::DeclareMem(block, opt::ir::Space::Default));
            tr.emit(Code::Allocate {
                mem: block,
                bytes: Exp::i64_mul(count.clone(), Exp::i64(t.byte_size())),
                space: opt::ir::Space::Default,
            });
            (block, t)
        })
        .collect()
}

fn read(block: Var, index: Exp, element: PrimType) -> Exp {
    Exp::Read {
        block,
        index: Box::new(index),
        element,
    }
}

/// The operators' neutral elements and accumulator types, in order.
fn operator_parts(
    tr: &mut Translator<McMem>,
    ops: &[(&Lambda<McMem>, &[SubExp])],
) -> Result<(Vec<PrimType>, Vec<Exp>)> {
    let mut types = Vec::new();
    let mut neutral = Vec::new();
    for (lambda, ne) in ops {
        types.extend(accumulator_types(lambda)?);
        for &n in *ne {
            neutral.push(tr.se(n)?);
        }
    }
    Ok((types, neutral))
}

/// Combines `accs` (variables, one group per operator) with `values`
/// into `accs`.
fn combine(
    tr: &mut Translator<McMem>,
    ops: &[(&Lambda<McMem>, &[SubExp])],
    types: &[PrimType],
    accs: &[Var],
    values: Vec<Exp>,
) -> Result<()> {
    let mut offset = 0;
    for (lambda, ne) in ops {
        let n = ne.len();
        let mut args = var_exps(&accs[offset..offset + n], &types[offset..offset + n]);
        args.extend(values[offset..offset + n].iter().cloned());
        apply(tr, lambda, args, &accs[offset..offset + n])?;
        offset += n;
    }
    Ok(())
}

/// The body's operator values at the current point.
fn operator_values(tr: &mut Translator<McMem>, body: &Body, operators: usize) -> Result<Vec<Exp>> {
    body.result[..operators].iter().map(|&v| tr.se(v)).collect()
}

/// A reduction over one dimension: partial results per chunk, combined
/// in order.
fn reduce(
    tr: &mut Translator<McMem>,
    pat: &[PatElem],
    op: &SegOp<McMem>,
    ops: &[(&Lambda<McMem>, &[SubExp])],
    body: &Body,
    operators: usize,
) -> Result<()> {
    let space = op.space();
    let (types, neutral) = operator_parts(tr, ops)?;
    let iterations = points(tr, &space.sizes())?;
    let count = chunks(tr, iterations.clone());
    let blocks = partials(tr, &types, Exp::Var(count, PrimType::I64));
    parallel_chunks(tr, iterations, count, |tr, chunk, start, end| {
        let accs = scalars(tr, "acc", &types, neutral.clone());
        for_range(tr, start, end, |tr, flat| {
            point_indices(tr, space, flat.clone())?;
            tr.stms(&body.stms)?;
            let values = operator_values(tr, body, operators)?;
            combine(tr, ops, &types, &accs, values)?;
            write_results(tr, space, op.results(), &pat[operators..], &body.result)
        })?;
        for (&acc, &(block, t)) in accs.iter().zip(&blocks) {
            tr.emit(Code::Write {
                block,
                index: chunk.clone(),
                element: t,
                value: Exp::Var(acc, t),
            });
        }
        Ok(())
    })?;
    // The partials in chunk order, by a task of one chunk (so that
    // OpenCL combines them on the device), into blocks of one element.
    let results = partials(tr, &types, Exp::i64(1));
    single_task(tr, |tr| {
        let totals = scalars(tr, "total", &types, neutral);
        let c = tr.new_var("c");
        let code = tr.block(|tr| {
            let values = blocks
                .iter()
                .map(|&(block, t)| read(block, Exp::Var(c, PrimType::I64), t))
                .collect();
            combine(tr, ops, &types, &totals, values)
        })?;
        tr.emit(Code::For {
            var: c,
            bound: Exp::Var(count, PrimType::I64),
            body: Box::new(code),
        });
        for (&total, &(block, t)) in totals.iter().zip(&results) {
            tr.emit(Code::Write {
                block,
                index: Exp::i64(0),
                element: t,
                value: Exp::Var(total, t),
            });
        }
        Ok(())
    })?;
    for (elem, &(block, t)) in pat.iter().zip(&results) {
        tr.emit(Code::SetScalar(elem.var, read(block, Exp::i64(0), t)));
    }
    Ok(())
}

/// A reduction on a device with work-groups: one [`McOp::Reduce`], with
/// one segment per point of the outer dimensions. A reduction over one
/// dimension writes its result to blocks of one element, read into the
/// pattern's scalars; a segmented one writes each segment's result
/// where the pattern's arrays have it.
fn group_reduce(
    tr: &mut Translator<McMem>,
    pat: &[PatElem],
    op: &SegOp<McMem>,
    ops: &[(&Lambda<McMem>, &[SubExp])],
    body: &Body,
    operators: usize,
    commutative: bool,
) -> Result<()> {
    // Each point's values are combined into the work-item's
    // accumulators.
    let parts = group_parts(
        tr,
        pat,
        op,
        ops,
        body,
        operators,
        |tr, ops, types, accs, _, values| combine(tr, ops, types, accs, values),
    )?;
    let space = op.space();
    let outer = space.segment_sizes();
    let segment = tr.new_var("segment");
    let accs: Vec<(Var, PrimType)> = parts
        .accs
        .iter()
        .copied()
        .zip(parts.types.iter().copied())
        .collect();
    let (segments, iterations, results) = if outer.is_empty() {
        let results = partials(tr, &parts.types, Exp::i64(1));
        (Exp::i64(1), parts.iterations, results)
    } else {
        let (_, inner) = space.dims[space.dims.len() - 1];
        (points(tr, &outer)?, tr.se(inner)?, Vec::new())
    };
    // A segment's indices are computed where its result is written.
    let write = tr.block(|tr| {
        let places = if outer.is_empty() {
            results
                .iter()
                .map(|&(block, _)| (block, Exp::i64(0)))
                .collect()
        } else {
            let indices = unflatten(tr, &outer, Exp::Var(segment, PrimType::I64))?;
            pat[..operators]
                .iter()
                .map(|e| {
                    let output = tr.array(e.var)?;
                    Ok((output.loc.block, element_at(&output.loc, &indices)))
                })
                .collect::<Result<Vec<_>>>()?
        };
        for (&(acc, t), (block, index)) in accs.iter().zip(places) {
            tr.emit(Code::Write {
                block,
                index,
                element: t,
                value: Exp::Var(acc, t),
            });
        }
        Ok(())
    })?;
    tr.emit(Code::Op(McOp::Reduce {
        segments,
        iterations,
        point: parts.point,
        step: Box::new(parts.step),
        accs,
        neutral: parts.neutral,
        others: parts.others,
        combine: Box::new(parts.combine),
        commutative,
        segment,
        write: Box::new(write),
    }));
    for (elem, &(block, t)) in pat.iter().zip(&results) {
        tr.emit(Code::SetScalar(elem.var, read(block, Exp::i64(0), t)));
    }
    Ok(())
}

/// What a work-group reduction or scan ([`McOp::Reduce`],
/// [`McOp::Scan`]) is made of: the operators' types and neutral elements,
/// the number of points, the point variable, the accumulators and
/// operands, the code of one point and the operator's code.
struct GroupParts {
    types: Vec<PrimType>,
    neutral: Vec<Exp>,
    iterations: Exp,
    point: Var,
    accs: Vec<Var>,
    others: Vec<Var>,
    step: Code<McOp>,
    combine: Code<McOp>,
}

/// The [`GroupParts`] of a one-dimensional reduction or scan, whose code
/// of one point runs the body, writes its mapped results and gives the
/// operator's values to `take` (with the operators, types, accumulators
/// and operands).
#[allow(clippy::too_many_arguments)]
fn group_parts(
    tr: &mut Translator<McMem>,
    pat: &[PatElem],
    op: &SegOp<McMem>,
    ops: &[(&Lambda<McMem>, &[SubExp])],
    body: &Body,
    operators: usize,
    take: impl FnOnce(
        &mut Translator<McMem>,
        &[(&Lambda<McMem>, &[SubExp])],
        &[PrimType],
        &[Var],
        &[Var],
        Vec<Exp>,
    ) -> Result<()>,
) -> Result<GroupParts> {
    let space = op.space();
    let (types, neutral) = operator_parts(tr, ops)?;
    let iterations = points(tr, &space.sizes())?;
    let point = tr.new_var("point");
    let accs: Vec<Var> = types.iter().map(|_| tr.new_var("acc")).collect();
    let others: Vec<Var> = types.iter().map(|_| tr.new_var("other")).collect();
    let step = tr.in_task(|tr| {
        tr.block(|tr| {
            point_indices(tr, space, Exp::Var(point, PrimType::I64))?;
            tr.stms(&body.stms)?;
            let values = operator_values(tr, body, operators)?;
            take(tr, ops, &types, &accs, &others, values)?;
            write_results(tr, space, op.results(), &pat[operators..], &body.result)
        })
    })?;
    let combine =
        tr.in_task(|tr| tr.block(|tr| combine(tr, ops, &types, &accs, var_exps(&others, &types))))?;
    Ok(GroupParts {
        types,
        neutral,
        iterations,
        point,
        accs,
        others,
        step,
        combine,
    })
}

/// A task of one chunk running `body`: sequential code that works on
/// memory where the parallel tasks around it do.
fn single_task(
    tr: &mut Translator<McMem>,
    body: impl FnOnce(&mut Translator<McMem>) -> Result<()>,
) -> Result<()> {
    let one = tr.new_var("one");
    tr.emit(Code::DeclareScalar(one, PrimType::I64));
    tr.emit(Code::SetScalar(one, Exp::i64(1)));
    parallel_chunks(tr, Exp::i64(1), one, |tr, _, _, _| body(tr))
}

/// An inclusive scan over one dimension, in three phases: scans of the
/// chunks with their totals, an exclusive scan of the totals, the
/// prefixes combined into the chunks.
fn scan(
    tr: &mut Translator<McMem>,
    pat: &[PatElem],
    op: &SegOp<McMem>,
    ops: &[(&Lambda<McMem>, &[SubExp])],
    body: &Body,
    operators: usize,
) -> Result<()> {
    let (chunk_scan, neutral, iterations) = ChunkScan::new(tr, pat, op, ops, body, operators)?;
    let types = chunk_scan.types.clone();
    let count = chunks(tr, iterations.clone());
    let blocks = partials(tr, &types, Exp::Var(count, PrimType::I64));
    parallel_chunks(tr, iterations.clone(), count, |tr, chunk, start, end| {
        let accs = chunk_scan.scan(tr, neutral.clone(), start, end)?;
        write_chunk_values(tr, &blocks, &chunk, &accs);
        Ok(())
    })?;
    // Each chunk's total becomes the combination of the earlier ones', by
    // a task of one chunk.
    single_task(tr, |tr| {
        let carry = scalars(tr, "carry", &types, neutral);
        let c = tr.new_var("c");
        let code = tr.block(|tr| {
            let index = Exp::Var(c, PrimType::I64);
            let totals = scalars(
                tr,
                "chunk_total",
                &types,
                blocks
                    .iter()
                    .map(|&(b, t)| read(b, index.clone(), t))
                    .collect(),
            );
            for (&acc, &(block, t)) in carry.iter().zip(&blocks) {
                tr.emit(Code::Write {
                    block,
                    index: index.clone(),
                    element: t,
                    value: Exp::Var(acc, t),
                });
            }
            combine(tr, ops, &types, &carry, var_exps(&totals, &types))
        })?;
        tr.emit(Code::For {
            var: c,
            bound: Exp::Var(count, PrimType::I64),
            body: Box::new(code),
        });
        Ok(())
    })?;
    parallel_chunks(tr, iterations, count, |tr, chunk, start, end| {
        let prefix = scalars(
            tr,
            "prefix",
            &types,
            blocks
                .iter()
                .map(|&(b, t)| read(b, chunk.clone(), t))
                .collect(),
        );
        let later = cmp(CmpOp::Lt, Exp::i64(0), chunk);
        let code = tr.block(|tr| chunk_scan.combine_prefix(tr, &prefix, start, end))?;
        tr.emit(Code::If {
            condition: later,
            then_code: Box::new(code),
            else_code: Box::new(Code::Block(Vec::new())),
        });
        Ok(())
    })
}

/// An inclusive scan over one dimension in one pass over memory, for
/// the thread pool: each chunk scans its points and keeps its total,
/// awaits the chunk before it ([`McOp::AwaitChunk`]: chunks are claimed
/// in order, so it runs or is done), takes the combination of the
/// totals up to it, passes its own on, and combines the earlier ones
/// into its elements while they are still in its core's cache. Three
/// phases would read the elements from memory twice and write them
/// twice.
fn chained_scan(
    tr: &mut Translator<McMem>,
    pat: &[PatElem],
    op: &SegOp<McMem>,
    ops: &[(&Lambda<McMem>, &[SubExp])],
    body: &Body,
    operators: usize,
) -> Result<()> {
    let (chunk_scan, neutral, iterations) = ChunkScan::new(tr, pat, op, ops, body, operators)?;
    let types = chunk_scan.types.clone();
    let count = chunks_of(tr, iterations.clone(), Chunking::Chained);
    let count_exp = Exp::Var(count, PrimType::I64);
    // The combination of the totals up to each chunk, and whether the
    // chunk has published it.
    let prefixes = partials(tr, &types, count_exp.clone());
    let [(flags, _)] = partials(tr, &[PrimType::I32], count_exp.clone())[..] else {
        return Err(internal("one block of flags"));
    };
    let c = tr.new_var("c");
    tr.emit(Code::For {
        var: c,
        bound: count_exp,
        body: Box::new(Code::Write {
            block: flags,
            index: Exp::Var(c, PrimType::I64),
            element: PrimType::I32,
            value: Exp::Const(prim::PrimValue::I32(0)),
        }),
    });
    parallel_chunks(tr, iterations, count, |tr, chunk, start, end| {
        let accs = chunk_scan.scan(tr, neutral, start.clone(), end.clone())?;
        let proceed = tr.new_var("proceed");
        tr.emit(Code::DeclareScalar(proceed, PrimType::Bool));
        tr.emit(Code::Op(McOp::AwaitChunk {
            chunk: chunk.clone(),
            flags,
            proceed,
        }));
        let later = cmp(CmpOp::Lt, Exp::i64(0), chunk.clone());
        let publish = tr.block(|tr| {
            let before = Exp::i64_sub(chunk.clone(), Exp::i64(1));
            let prefix = scalars(
                tr,
                "prefix",
                &types,
                prefixes
                    .iter()
                    .map(|&(b, t)| read(b, before.clone(), t))
                    .collect(),
            );
            let total = scalars(tr, "total", &types, var_exps(&prefix, &types));
            combine(tr, ops, &types, &total, var_exps(&accs, &types))?;
            let passed_on = tr.block(|tr| {
                write_chunk_values(tr, &prefixes, &chunk, &total);
                tr.emit(Code::Op(McOp::PublishChunk {
                    chunk: chunk.clone(),
                    flags,
                }));
                Ok(())
            })?;
            tr.emit(passed_on);
            chunk_scan.combine_prefix(tr, &prefix, start, end)
        })?;
        let first = tr.block(|tr| {
            write_chunk_values(tr, &prefixes, &chunk, &accs);
            tr.emit(Code::Op(McOp::PublishChunk {
                chunk: chunk.clone(),
                flags,
            }));
            Ok(())
        })?;
        let code = Code::If {
            condition: later,
            then_code: Box::new(publish),
            else_code: Box::new(first),
        };
        tr.emit(Code::If {
            condition: Exp::Var(proceed, PrimType::Bool),
            then_code: Box::new(code),
            else_code: Box::new(Code::Block(Vec::new())),
        });
        Ok(())
    })
}

/// Writes one value per block at a chunk's index.
fn write_chunk_values(
    tr: &mut Translator<McMem>,
    blocks: &[(Var, PrimType)],
    chunk: &Exp,
    values: &[Var],
) {
    for (&value, &(block, t)) in values.iter().zip(blocks) {
        tr.emit(Code::Write {
            block,
            index: chunk.clone(),
            element: t,
            value: Exp::Var(value, t),
        });
    }
}

/// What scanning a chunk of a one-dimensional scan needs.
struct ChunkScan<'a> {
    pat: &'a [PatElem],
    op: &'a SegOp<McMem>,
    ops: &'a [(&'a Lambda<McMem>, &'a [SubExp])],
    body: &'a Body,
    operators: usize,
    /// The operators' accumulator types, in order.
    types: Vec<PrimType>,
    /// The arrays of the scanned values.
    outputs: Vec<Array>,
}

impl<'a> ChunkScan<'a> {
    /// The chunks' part of a scan, the operators' neutral elements and
    /// the number of points.
    fn new(
        tr: &mut Translator<McMem>,
        pat: &'a [PatElem],
        op: &'a SegOp<McMem>,
        ops: &'a [(&'a Lambda<McMem>, &'a [SubExp])],
        body: &'a Body,
        operators: usize,
    ) -> Result<(Self, Vec<Exp>, Exp)> {
        let (types, neutral) = operator_parts(tr, ops)?;
        let outputs: Vec<Array> = pat[..operators]
            .iter()
            .map(|e| tr.array(e.var))
            .collect::<Result<_>>()?;
        let iterations = points(tr, &op.space().sizes())?;
        let chunk_scan = ChunkScan {
            pat,
            op,
            ops,
            body,
            operators,
            types,
            outputs,
        };
        Ok((chunk_scan, neutral, iterations))
    }

    /// Scans the points `start..end` from the neutral elements, writing
    /// the scanned values and the body's other results; the chunk's
    /// total.
    fn scan(
        &self,
        tr: &mut Translator<McMem>,
        neutral: Vec<Exp>,
        start: Exp,
        end: Exp,
    ) -> Result<Vec<Var>> {
        let space = self.op.space();
        let accs = scalars(tr, "acc", &self.types, neutral);
        for_range(tr, start, end, |tr, flat| {
            point_indices(tr, space, flat.clone())?;
            tr.stms(&self.body.stms)?;
            let values = operator_values(tr, self.body, self.operators)?;
            combine(tr, self.ops, &self.types, &accs, values)?;
            for ((&acc, &t), output) in accs.iter().zip(&self.types).zip(&self.outputs) {
                let place = slice_fix(&output.loc, flat.clone());
                tr.emit(Code::Write {
                    block: place.block,
                    index: place.offset,
                    element: t,
                    value: Exp::Var(acc, t),
                });
            }
            write_results(
                tr,
                space,
                self.op.results(),
                &self.pat[self.operators..],
                &self.body.result,
            )
        })?;
        Ok(accs)
    }

    /// Combines `prefix` into the scanned values at the points
    /// `start..end`, on their left.
    fn combine_prefix(
        &self,
        tr: &mut Translator<McMem>,
        prefix: &[Var],
        start: Exp,
        end: Exp,
    ) -> Result<()> {
        let types = &self.types;
        for_range(tr, start, end, |tr, flat| {
            let values: Vec<Exp> = self
                .outputs
                .iter()
                .zip(types)
                .map(|(o, &t)| {
                    let place = slice_fix(&o.loc, flat.clone());
                    read(place.block, place.offset, t)
                })
                .collect();
            let combined = scalars(tr, "x", types, values);
            let mut offset = 0;
            for (lambda, ne) in self.ops {
                let n = ne.len();
                let mut args = var_exps(&prefix[offset..offset + n], &types[offset..offset + n]);
                args.extend(var_exps(
                    &combined[offset..offset + n],
                    &types[offset..offset + n],
                ));
                apply(tr, lambda, args, &combined[offset..offset + n])?;
                offset += n;
            }
            for ((&x, &t), output) in combined.iter().zip(types).zip(&self.outputs) {
                let place = slice_fix(&output.loc, flat.clone());
                tr.emit(Code::Write {
                    block: place.block,
                    index: place.offset,
                    element: t,
                    value: Exp::Var(x, t),
                });
            }
            Ok(())
        })
    }
}

/// An inclusive scan over one dimension on a device with work-groups:
/// one [`McOp::Scan`].
fn group_scan(
    tr: &mut Translator<McMem>,
    pat: &[PatElem],
    op: &SegOp<McMem>,
    ops: &[(&Lambda<McMem>, &[SubExp])],
    body: &Body,
    operators: usize,
) -> Result<()> {
    let outputs: Vec<Array> = pat[..operators]
        .iter()
        .map(|e| tr.array(e.var))
        .collect::<Result<_>>()?;
    // Each point's values go to the work-item's operands (the kernel
    // scans them).
    let parts = group_parts(
        tr,
        pat,
        op,
        ops,
        body,
        operators,
        |tr, _, _, _, others, values| {
            for (&other, value) in others.iter().zip(values) {
                tr.emit(Code::SetScalar(other, value));
            }
            Ok(())
        },
    )?;
    let GroupParts {
        types,
        neutral,
        iterations,
        point,
        accs,
        others,
        step,
        combine: combine_code,
    } = parts;
    let mut writes = Vec::new();
    for ((&acc, &t), output) in accs.iter().zip(&types).zip(&outputs) {
        let place = slice_fix(&output.loc, Exp::Var(point, PrimType::I64));
        writes.push(Code::Write {
            block: place.block,
            index: place.offset,
            element: t,
            value: Exp::Var(acc, t),
        });
    }
    tr.emit(Code::Op(McOp::Scan {
        iterations,
        point,
        step: Box::new(step),
        accs: accs.into_iter().zip(types.iter().copied()).collect(),
        neutral,
        others,
        combine: Box::new(combine_code),
        write: Box::new(Code::Block(writes)),
    }));
    Ok(())
}

/// The operator of a histogram of one destination, where it is one
/// binary operator devices apply atomically to its type.
fn atomic_operator(ops: &[opt::ir::segop::SegHistOp<McMem>]) -> Option<BinOp> {
    let [hist] = ops else { return None };
    let lambda = &hist.lambda;
    let ([x, y], [stm], [result]) = (
        lambda.params.as_slice(),
        lambda.body.stms.as_slice(),
        lambda.body.result.as_slice(),
    ) else {
        return None;
    };
    let (Exp2::BinOp(op, SubExp::Var(a), SubExp::Var(b)), [elem]) = (&stm.exp, stm.pat.as_slice())
    else {
        return None;
    };
    let operands = (*a, *b) == (x.var, y.var) || (*a, *b) == (y.var, x.var);
    let atomic = match x.ty {
        Type::Prim(PrimType::I32 | PrimType::U32) => matches!(
            op,
            BinOp::Add | BinOp::Min | BinOp::Max | BinOp::And | BinOp::Or | BinOp::Xor
        ),
        Type::Prim(PrimType::F32) => *op == BinOp::Add,
        _ => false,
    };
    (operands && atomic && *result == SubExp::Var(elem.var)).then_some(*op)
}

/// A histogram of one destination with an atomic operator on a device
/// with work-groups: one [`McOp::Hist`].
fn group_histogram(
    tr: &mut Translator<McMem>,
    pat: &[PatElem],
    op: &SegOp<McMem>,
    hist: &opt::ir::segop::SegHistOp<McMem>,
    binop: BinOp,
    body: &Body,
) -> Result<()> {
    let space = op.space();
    if space.dims.len() != 1 {
        return Err(internal("a histogram over several dimensions"));
    }
    let dest = tr.array(pat[0].var)?;
    let width = dest
        .shape
        .first()
        .cloned()
        .ok_or_else(|| internal("a histogram of a scalar"))?;
    let iterations = points(tr, &space.sizes())?;
    let neutral = tr.se(*hist
        .neutral
        .first()
        .ok_or_else(|| internal("a histogram without a neutral element"))?)?;
    let point = tr.new_var("point");
    let bucket = tr.new_var("bucket");
    let value = tr.new_var("value");
    let bin = tr.new_var("bin");
    let step = tr.in_task(|tr| {
        tr.block(|tr| {
            point_indices(tr, space, Exp::Var(point, PrimType::I64))?;
            tr.stms(&body.stms)?;
            let [b, v] = [0, 1].map(|k| body.result.get(k).copied());
            let (Some(b), Some(v)) = (b, v) else {
                return Err(internal("a histogram's body without a bucket and a value"));
            };
            let (b, v) = (tr.se(b)?, tr.se(v)?);
            tr.emit(Code::SetScalar(bucket, b));
            tr.emit(Code::SetScalar(value, v));
            write_results(tr, space, op.results(), &pat[1..], &body.result)
        })
    })?;
    tr.emit(Code::Op(McOp::Hist {
        iterations,
        point,
        step: Box::new(step),
        bucket,
        value: (value, dest.element),
        op: binop,
        neutral,
        width,
        bin,
        bin_place: slice_fix(&dest.loc, Exp::Var(bin, PrimType::I64)),
    }));
    Ok(())
}

/// A reduction or scan per segment of the outer dimensions: the
/// segments in parallel, each run through by one thread.
fn per_segment(
    tr: &mut Translator<McMem>,
    pat: &[PatElem],
    op: &SegOp<McMem>,
    ops: &[(&Lambda<McMem>, &[SubExp])],
    body: &Body,
    operators: usize,
    scanning: bool,
) -> Result<()> {
    let space = op.space();
    let (types, neutral) = operator_parts(tr, ops)?;
    let outputs: Vec<Array> = pat[..operators]
        .iter()
        .map(|e| tr.array(e.var))
        .collect::<Result<_>>()?;
    let (inner_var, inner_size) = *space
        .dims
        .last()
        .ok_or_else(|| internal("a segmented operation without dimensions"))?;
    let outer = SegSpace {
        dims: space.dims[..space.dims.len() - 1].to_vec(),
    };
    tr.count(inner_var, inner_size);
    let inner_size = tr.se(inner_size)?;
    let point = |vars: &[(Var, SubExp)]| -> Vec<Exp> {
        vars.iter()
            .map(|&(v, _)| Exp::Var(v, PrimType::I64))
            .collect()
    };
    each_point(tr, &outer, |tr| {
        let accs = scalars(tr, "acc", &types, neutral.clone());
        let code = tr.block(|tr| {
            tr.stms(&body.stms)?;
            let values = operator_values(tr, body, operators)?;
            combine(tr, ops, &types, &accs, values)?;
            if scanning {
                for ((&acc, &t), output) in accs.iter().zip(&types).zip(&outputs) {
                    let index = element_at(&output.loc, &point(&space.dims));
                    tr.emit(Code::Write {
                        block: output.loc.block,
                        index,
                        element: t,
                        value: Exp::Var(acc, t),
                    });
                }
            }
            write_results(tr, space, op.results(), &pat[operators..], &body.result)
        })?;
        tr.emit(Code::For {
            var: inner_var,
            bound: inner_size.clone(),
            body: Box::new(code),
        });
        if !scanning {
            for ((&acc, &t), output) in accs.iter().zip(&types).zip(&outputs) {
                let index = element_at(&output.loc, &point(&outer.dims));
                tr.emit(Code::Write {
                    block: output.loc.block,
                    index,
                    element: t,
                    value: Exp::Var(acc, t),
                });
            }
        }
        Ok(())
    })
}

/// Histograms: private ones per chunk, then combined bucket by bucket.
fn histogram(
    tr: &mut Translator<McMem>,
    pat: &[PatElem],
    op: &SegOp<McMem>,
    hists: &[opt::ir::segop::SegHistOp<McMem>],
    body: &Body,
    operators: usize,
) -> Result<()> {
    let space = op.space();
    if space.dims.len() != 1 {
        return Err(internal("a histogram over several dimensions"));
    }
    // Per histogram: the destination (the pattern's array, in its
    // block) and its width.
    let mut dests = Vec::new();
    for elem in &pat[..operators] {
        let array = tr.array(elem.var)?;
        let width = array
            .shape
            .first()
            .cloned()
            .ok_or_else(|| internal("a histogram of a scalar"))?;
        dests.push((array, width));
    }
    let iterations = points(tr, &space.sizes())?;
    let count = chunks(tr, iterations.clone());
    // Private histograms lie a stride apart: their width rounded up to
    // whole cache lines, and one line more, so that threads filling
    // neighbouring ones never write to one cache line, wherever the
    // block starts.
    let strides: Vec<Exp> = dests
        .iter()
        .map(|(array, width)| {
            let line = Exp::i64(CACHE_LINE / array.element.byte_size().max(1));
            let lines = Exp::BinOp(
                BinOp::Div,
                Box::new(Exp::i64_add(
                    width.clone(),
                    Exp::i64_sub(line.clone(), Exp::i64(1)),
                )),
                Box::new(line.clone()),
            );
            let stride = Exp::i64_mul(Exp::i64_add(lines, Exp::i64(1)), line);
            Exp::Var(tr.let_i64("private_stride", stride), PrimType::I64)
        })
        .collect();
    // At most as many private histograms as fit in the bound.
    let mut total_width = Exp::i64(0);
    for stride in &strides {
        total_width = Exp::i64_add(total_width, stride.clone());
    }
    let fitting = Exp::BinOp(
        BinOp::Div,
        Box::new(Exp::i64(HISTOGRAM_ELEMENTS)),
        Box::new(Exp::BinOp(
            BinOp::Max,
            Box::new(total_width),
            Box::new(Exp::i64(1)),
        )),
    );
    let limited = Exp::BinOp(
        BinOp::Max,
        Box::new(Exp::i64(1)),
        Box::new(Exp::BinOp(
            BinOp::Min,
            Box::new(Exp::Var(count, PrimType::I64)),
            Box::new(fitting),
        )),
    );
    let private_count = tr.let_i64("private_histograms", limited);
    let mut privates = Vec::new();
    for ((array, _), stride) in dests.iter().zip(strides) {
        let block = tr.new_var("private");
        tr.emit(Code::DeclareMem(block, opt::ir::Space::Default));
        let elements = Exp::i64_mul(Exp::Var(private_count, PrimType::I64), stride.clone());
        tr.emit(Code::Allocate {
            mem: block,
            bytes: Exp::i64_mul(elements, Exp::i64(array.element.byte_size())),
            space: opt::ir::Space::Default,
        });
        privates.push((block, array.element, stride));
    }
    // Each chunk: its histograms start neutral and take its points.
    parallel_chunks(tr, iterations, private_count, |tr, chunk, start, end| {
        let mut d = 0;
        for h in hists {
            for &n in &h.neutral {
                let (block, t, stride) = privates[d].clone();
                let width = dests[d].1.clone();
                let neutral = tr.se(n)?;
                let base = Exp::i64_mul(chunk.clone(), stride);
                let b = tr.new_var("b");
                let index = Exp::i64_add(base, Exp::Var(b, PrimType::I64));
                tr.emit(Code::For {
                    var: b,
                    bound: width,
                    body: Box::new(Code::Write {
                        block,
                        index,
                        element: t,
                        value: neutral,
                    }),
                });
                d += 1;
            }
        }
        for_range(tr, start, end, |tr, flat| {
            point_indices(tr, space, flat.clone())?;
            tr.stms(&body.stms)?;
            let mut values = body.result.iter();
            let mut d = 0;
            for h in hists {
                let bucket = tr.se(*values.next().ok_or_else(|| internal("no bucket"))?)?;
                let inputs: Vec<Exp> = values
                    .by_ref()
                    .take(h.dests.len())
                    .map(|&v| tr.se(v))
                    .collect::<Result<_>>()?;
                let width = dests[d].1.clone();
                let slots: Vec<(Var, PrimType, Exp)> = (0..h.dests.len())
                    .map(|k| {
                        let (block, t, stride) = privates[d + k].clone();
                        let index =
                            Exp::i64_add(Exp::i64_mul(chunk.clone(), stride), bucket.clone());
                        (block, t, index)
                    })
                    .collect();
                let update = tr.block(|tr| {
                    let types: Vec<PrimType> = slots.iter().map(|s| s.1).collect();
                    let current = slots
                        .iter()
                        .map(|(block, t, index)| read(*block, index.clone(), *t))
                        .collect();
                    let accs = scalars(tr, "bin", &types, current);
                    let mut args = var_exps(&accs, &types);
                    args.extend(inputs.iter().cloned());
                    apply(tr, &h.lambda, args, &accs)?;
                    for ((block, t, index), &acc) in slots.iter().zip(&accs) {
                        tr.emit(Code::Write {
                            block: *block,
                            index: index.clone(),
                            element: *t,
                            value: Exp::Var(acc, *t),
                        });
                    }
                    Ok(())
                })?;
                tr.emit(Code::If {
                    condition: in_range(bucket, width),
                    then_code: Box::new(update),
                    else_code: Box::new(Code::Block(Vec::new())),
                });
                d += h.dests.len();
            }
            write_results(tr, space, op.results(), &pat[operators..], &body.result)
        })
    })?;
    // Each bucket of each destination: combined with the private ones.
    let mut d = 0;
    for h in hists {
        let width = dests[d].1.clone();
        let group: Vec<(Array, (Var, PrimType, Exp))> = (0..h.dests.len())
            .map(|k| (dests[d + k].0.clone(), privates[d + k].clone()))
            .collect();
        parallel_points(tr, width.clone(), |tr, bucket| {
            let types: Vec<PrimType> = group.iter().map(|(a, _)| a.element).collect();
            let current = group
                .iter()
                .map(|(array, _)| {
                    let place = slice_fix(&array.loc, bucket.clone());
                    read(place.block, place.offset, array.element)
                })
                .collect();
            let accs = scalars(tr, "bin", &types, current);
            let c = tr.new_var("c");
            let code = tr.block(|tr| {
                let mut args = var_exps(&accs, &types);
                for (_, (block, t, stride)) in &group {
                    let index = Exp::i64_add(
                        Exp::i64_mul(Exp::Var(c, PrimType::I64), stride.clone()),
                        bucket.clone(),
                    );
                    args.push(read(*block, index, *t));
                }
                apply(tr, &h.lambda, args, &accs)
            })?;
            tr.emit(Code::For {
                var: c,
                bound: Exp::Var(private_count, PrimType::I64),
                body: Box::new(code),
            });
            for ((array, _), &acc) in group.iter().zip(&accs) {
                let place = slice_fix(&array.loc, bucket.clone());
                tr.emit(Code::Write {
                    block: place.block,
                    index: place.offset,
                    element: array.element,
                    value: Exp::Var(acc, array.element),
                });
            }
            Ok(())
        })?;
        d += h.dests.len();
    }
    Ok(())
}
