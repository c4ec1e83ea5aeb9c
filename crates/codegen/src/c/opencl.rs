//! The OpenCL back end's C: host code is the multicore program's, with
//! every block in device memory (reads, writes, copies and allocations
//! of host code go through the runtime, `runtime/opencl.c`), and each
//! parallel task (`McOp::Parallel`) becomes an OpenCL kernel run with one
//! work-item per chunk. A kernel's parameters are the error buffer, the
//! number of chunks and of iterations, and the scalars and blocks its
//! body reads from outside; its body is printed here as OpenCL C, over
//! the same scalar operations as host C (`runtime/scalar.h`). A failing
//! assertion in a kernel records its number (in [`Kernels::failures`])
//! and its values in the error buffer, which the runtime checks after the
//! kernel: the failure has the message and locations of the C back end.
//! A kernel's allocations are parts of regions the host allocates for
//! all chunks, or fresh blocks of a device heap (see [`regions`]); calls
//! are printed in place, and tasks inside called functions run on the
//! work-item. Recursion and tuning parameters inside kernels are not
//! supported yet: such programs get a clear error.

use super::function::{
    CodePrinter, ExpContext, FunctionPrinter, Lines, Result, VarKind, exp_type, failure_format,
    frames, print_exp,
};
use super::scalar::{c_literal, c_type};
use crate::CodegenError;
use crate::imp::mc::{Chunking, McOp, TILE, TiledLoop, TiledMap, TiledStep};
use crate::imp::{Arg, Code, ErrorPart, Exp, Function, MemLoc, Param};
use opt::ir::{Loc, Var};
use prim::{BinOp, PrimType};
use rustc_hash::FxHashMap;
use std::fmt::Write as _;

/// The kernels of a program, collected while its host code is printed.
#[derive(Debug, Default)]
pub(crate) struct Kernels {
    /// The OpenCL C of the kernels.
    source: String,
    names: Vec<String>,
    /// The failures kernels can record: the format of the message (as
    /// `fut_failf`'s) and the C literal of its locations.
    failures: Vec<(String, String)>,
}

/// The runtime's part of every program's kernels.
const KERNEL_PRELUDE: &str = concat!(
    include_str!("../../runtime/scalar.h"),
    include_str!("../../runtime/kernels.cl")
);

impl Kernels {
    /// The OpenCL program, as the runtime builds it.
    pub(crate) fn program(&self) -> super::KernelProgram {
        super::KernelProgram {
            source: format!("{KERNEL_PRELUDE}{}", self.source),
            names: self.names.clone(),
            failures: self.failures.iter().map(|(f, _)| f.clone()).collect(),
        }
    }

    /// The C definitions the runtime reads: the program's OpenCL source,
    /// its kernels' names and the failures they can record.
    pub(crate) fn tables(&self, out: &mut String) {
        out.push_str("const char fut_cl_source[] =\n");
        for line in KERNEL_PRELUDE.lines().chain(self.source.lines()) {
            let _ = writeln!(out, "  {}", c_literal(&format!("{line}\n")));
        }
        out.push_str("  \"\";\n");
        let names: Vec<String> = self.names.iter().map(|n| c_literal(n)).collect();
        let _ = writeln!(
            out,
            "const char *const fut_cl_kernel_names[] = {{{}}};\nconst int fut_cl_num_kernels = {};",
            if names.is_empty() {
                "NULL".to_owned()
            } else {
                names.join(", ")
            },
            self.names.len()
        );
        out.push_str("const fut_cl_failure fut_cl_failures[] = {\n");
        for (format, locs) in &self.failures {
            let _ = writeln!(out, "  {{{}, {locs}}},", c_literal(format));
        }
        out.push_str("  {NULL, NULL}\n};\n");
    }
}

fn unsupported(what: &str) -> CodegenError {
    CodegenError::limitation(format!(
        "the OpenCL back end does not support {what} inside parallel code yet"
    ))
}

fn internal(message: impl Into<String>) -> CodegenError {
    CodegenError::internal(format!(
        "internal error in the OpenCL generator: {}",
        message.into()
    ))
}

/// Prints a multicore operation as OpenCL host code.
pub(crate) fn print_op(op: &McOp, printer: &mut FunctionPrinter<'_, '_, McOp>) -> Result<()> {
    match op {
        McOp::AwaitChunk { .. } | McOp::PublishChunk { .. } => {
            return Err(internal("chained chunks on a device"));
        }
        McOp::Chunks {
            var,
            iterations,
            kind,
        } => {
            // A work-item per point, but few partial results.
            let text = format!(
                "{} = fut_cl_chunks(run, {}, {});",
                printer.var(*var)?,
                printer.exp(iterations)?,
                u8::from(*kind == Chunking::Partials)
            );
            printer.line(&text);
        }
        McOp::Parallel {
            iterations,
            chunks,
            chunk,
            start,
            end,
            body,
        } => {
            let frame = Frame::of(printer, &[body], &[*chunk, *start, *end])?;
            let chunk_name = printer.prog.var(*chunk);
            let index = kernel(printer, &frame, &chunk_name, &[], false, |k| {
                let (s, e) = ((k.var_names)(*start), (k.var_names)(*end));
                for var in [*chunk, *start, *end] {
                    k.lines.bind(var, VarKind::Scalar(PrimType::I64));
                }
                k.line(&format!("const int64_t {chunk_name} = get_global_id(0);"));
                k.line(&format!("if ({chunk_name} >= fut_chunks) return;"));
                k.own_run(&chunk_name, &s, &e, "fut_chunks", "fut_iterations");
                k.contents(body)
            })?;
            printer.line("{");
            printer.indent();
            let (chunks, iterations) = (printer.exp(chunks)?, printer.exp(iterations)?);
            launch(
                printer,
                &frame,
                index,
                ("1", &chunks, &iterations),
                &[],
                None,
            )?;
            printer.checked("err", None);
            printer.dedent();
            printer.line("}");
        }
        McOp::Reduce {
            segments,
            iterations,
            point,
            step,
            accs,
            neutral,
            others,
            combine,
            commutative,
            segment,
            write,
        } => {
            let reduction = Reduction::new(accs, others, neutral, combine);
            reduce(
                printer,
                &reduction,
                (segments, iterations),
                (*point, step),
                *commutative,
                (*segment, write),
            )?;
        }
        McOp::Scan {
            iterations,
            point,
            step,
            accs,
            neutral,
            others,
            combine,
            write,
        } => {
            let reduction = Reduction::new(accs, others, neutral, combine);
            scan(
                printer, &reduction, iterations, *point, step, neutral, write,
            )?;
        }
        McOp::Hist {
            iterations,
            point,
            step,
            bucket,
            value,
            op,
            neutral,
            width,
            bin,
            bin_place,
        } => histogram(
            printer, iterations, *point, step, *bucket, *value, *op, neutral, width, *bin,
            bin_place,
        )?,
        McOp::TiledMap(tiled) => tiled_map(printer, tiled)?,
    }
    Ok(())
}

/// Prints a tiled map as a kernel of a work-group per block of points,
/// launched where the device's work-groups hold a tile and the space is
/// at least half a tile wide along each dimension; else the fallback
/// runs.
fn tiled_map(printer: &mut FunctionPrinter<'_, '_, McOp>, tiled: &TiledMap) -> Result<()> {
    // The kernel's code in the order it runs, for its frame: the indices
    // come from the sizes, and each tiled loop loads its tiles and runs
    // its bodies.
    let mut order: Vec<Code<McOp>> = tiled
        .sizes
        .iter()
        .zip(tiled.indices[0])
        .map(|(size, index)| Code::SetScalar(index, size.clone()))
        .collect();
    let mut bound: Vec<Var> = tiled.indices.iter().flatten().copied().collect();
    for step in &tiled.steps {
        match step {
            TiledStep::Point(copies) => {
                for copy in copies {
                    match copy {
                        Code::Block(codes) => order.extend(codes.iter().cloned()),
                        other => order.push(other.clone()),
                    }
                }
            }
            TiledStep::Loop(tiled_loop) => {
                bound.push(tiled_loop.counter);
                let mut body = Vec::new();
                for tile in &tiled_loop.tiles {
                    bound.push(tile.row);
                    bound.extend(&tile.values);
                    body.push(Code::SetScalar(
                        tile.values[0],
                        Exp::Read {
                            block: tile.block,
                            index: Box::new(tile.index.clone()),
                            element: tile.element,
                        },
                    ));
                }
                body.extend(tiled_loop.bodies.iter().cloned());
                order.push(Code::For {
                    var: tiled_loop.counter,
                    bound: tiled_loop.bound.clone(),
                    body: Box::new(Code::Block(body)),
                });
            }
        }
    }
    let frame = Frame::of(printer, &[&Code::Block(order)], &bound)?;
    let index = kernel(printer, &frame, "fut_lid", &[], true, |k| {
        k.tiled_map(tiled)
    })?;
    let [rows, columns] = [printer.exp(&tiled.sizes[0])?, printer.exp(&tiled.sizes[1])?];
    let [block_rows, block_columns] = tiled.per_item.map(|n| n * TILE);
    printer.line("{");
    printer.indent();
    printer.line(&format!(
        "const int64_t fut_rows = {rows}, fut_columns = {columns};"
    ));
    printer.line(&format!(
        "if (fut_cl_group_size(run) == {} && fut_rows >= {half} && fut_columns >= {half}) {{",
        TILE * TILE,
        half = TILE / 2
    ));
    printer.indent();
    printer.line(&format!(
        "const int64_t fut_groups = (fut_rows + {block_rows} - 1) / {block_rows} * ((fut_columns + {block_columns} - 1) / {block_columns});"
    ));
    launch(
        printer,
        &frame,
        index,
        ("fut_groups", &(TILE * TILE).to_string(), "0"),
        &[],
        None,
    )?;
    printer.checked("err", None);
    printer.dedent();
    printer.nested("} else ", &tiled.fallback)?;
    printer.dedent();
    printer.line("}");
    Ok(())
}

/// The parts of a [`McOp::Reduce`] both of its kernels print.
struct Reduction<'a> {
    accs: &'a [(Var, PrimType)],
    others: &'a [Var],
    /// Sets the accumulators to the neutral element.
    start: Code<McOp>,
    combine: &'a Code<McOp>,
}

impl<'a> Reduction<'a> {
    fn new(
        accs: &'a [(Var, PrimType)],
        others: &'a [Var],
        neutral: &[Exp],
        combine: &'a Code<McOp>,
    ) -> Self {
        let start = accs
            .iter()
            .zip(neutral)
            .map(|(&(acc, _), n)| Code::SetScalar(acc, n.clone()))
            .collect();
        Reduction {
            accs,
            others,
            start: Code::Block(start),
            combine,
        }
    }
}

/// The phases of a reduction's kernel that combine values of a
/// work-group: the group's own, and the last group's of its segment's
/// groups' results (each with its labels).
#[derive(Clone, Copy)]
enum Phase {
    Fold,
    Last,
}

/// A tiled map's work-item's place in its group along each dimension.
const TILED_OWN: [&str; 2] = ["fut_ly", "fut_lx"];

/// The largest work-group: the length of the kernels' local arrays.
const GROUP_MAX: usize = 256;

/// Prints segmented reductions as one kernel of `fut_groups` work-groups
/// per segment (consecutive ones), which fold runs of the segment's
/// points (every `fut_chunks`-th point from the work-item's number in the
/// segment for a commutative operator, else consecutive ones) and
/// combine their work-items' values in local memory, in order; the last
/// group of a segment to finish (by a count per segment, kept by the
/// context: `fut_cl_counters`) then combines the segment's groups'
/// results likewise and writes the segment's result.
fn reduce(
    printer: &mut FunctionPrinter<'_, '_, McOp>,
    reduction: &Reduction<'_>,
    (segments, iterations): (&Exp, &Exp),
    (point, step): (Var, &Code<McOp>),
    commutative: bool,
    (segment, write): (Var, &Code<McOp>),
) -> Result<()> {
    let mut bound = vec![point, segment];
    bound.extend(reduction.accs.iter().map(|&(acc, _)| acc));
    bound.extend(reduction.others);
    let partials: Vec<String> = (0..reduction.accs.len())
        .map(|k| format!("fut_partials_{k}"))
        .collect();
    let mut scratch = partials.clone();
    scratch.push("fut_finished".to_owned());
    let frame = Frame::of(
        printer,
        &[&reduction.start, step, reduction.combine, write],
        &bound,
    )?;
    let index = kernel(printer, &frame, "fut_item", &scratch, true, |k| {
        k.group_prologue(reduction)?;
        k.line("__local int fut_last;");
        // A segment's work-items are consecutive, `fut_chunks` of them.
        k.line("const int64_t fut_item = get_global_id(0);");
        k.line("const int64_t fut_segment = fut_item / fut_chunks, fut_thread = fut_item % fut_chunks;");
        k.line("const int64_t fut_groups = fut_chunks / fut_lsize;");
        if commutative {
            k.line(
                "for (int64_t fut_j = fut_thread; fut_j < fut_iterations; fut_j += fut_chunks) {",
            );
        } else {
            k.own_run(
                "fut_thread",
                "fut_start",
                "fut_end",
                "fut_chunks",
                "fut_iterations",
            );
            k.line("for (int64_t fut_j = fut_start; fut_j < fut_end; fut_j++) {");
        }
        k.lines.indent += 1;
        k.lines.scopes.push(FxHashMap::default());
        k.lines.bind(point, VarKind::Scalar(PrimType::I64));
        let p = (k.var_names)(point);
        k.line(&format!(
            "const int64_t {p} = fut_segment * fut_iterations + fut_j;"
        ));
        k.exit = "goto fut_folded;";
        let printed = k.contents(step);
        k.lines.scopes.pop();
        printed?;
        k.lines.indent -= 1;
        k.line("}");
        k.group_epilogue(reduction, Phase::Fold, |k, accs| {
            for ((acc, t), block) in accs.iter().zip(&partials) {
                k.line(&format!(
                    "((__global {} *){block})[get_group_id(0)] = {acc};",
                    c_type(*t)
                ));
            }
            // Its result is visible before the count says so.
            k.line("fut_fence_device();");
            k.line("fut_last = atomic_inc((volatile __global int *)fut_finished + fut_segment) == fut_groups - 1;");
            k.line("if (fut_last) ((volatile __global int *)fut_finished)[fut_segment] = 0;");
            Ok(())
        })?;
        k.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // The segment's last group to finish combines the groups'
        // results. Every group runs the combining (with nothing to
        // combine but the last), so that no barrier is inside a branch.
        k.line("fut_fence_device();");
        k.contents(&reduction.start)?;
        k.line("const int64_t fut_combined_groups = fut_last ? fut_groups : 0;");
        k.own_run(
            "fut_lid",
            "fut_from",
            "fut_to",
            "fut_lsize",
            "fut_combined_groups",
        );
        k.braced("for (int64_t fut_p = fut_from; fut_p < fut_to; fut_p++) ", |k| {
            for (i, (&other, &(_, t))) in reduction.others.iter().zip(reduction.accs).enumerate() {
                let text = format!(
                    "{} = ((volatile __global {} *)fut_partials_{i})[fut_segment * fut_groups + fut_p];",
                    (k.var_names)(other),
                    c_type(t)
                );
                k.line(&text);
            }
            k.exit = "goto fut_folded_last;";
            k.nested("", reduction.combine)
        })?;
        k.group_epilogue(reduction, Phase::Last, |k, _| {
            k.declare(segment, VarKind::Scalar(PrimType::I64))?;
            k.line(&format!("{} = fut_segment;", (k.var_names)(segment)));
            k.contents(write)
        })?;
        // A failing write jumps here; PoCL mistranslates a jump that no
        // barrier follows in a kernel with barriers.
        k.line("fut_written:;");
        k.line("barrier(CLK_LOCAL_MEM_FENCE);");
        Ok(())
    })?;
    let (segments, iterations) = (printer.exp(segments)?, printer.exp(iterations)?);
    printer.line("{");
    printer.indent();
    printer.line("const int64_t fut_group_size = fut_cl_group_size(run);");
    printer.line(&format!("const int64_t fut_segments = {segments};"));
    printer.line(&format!(
        "const int64_t fut_groups = fut_cl_groups(run, fut_segments, {iterations});"
    ));
    let sizes: Vec<String> = reduction
        .accs
        .iter()
        .map(|&(_, t)| format!("fut_segments * fut_groups * {}", t.byte_size()))
        .collect();
    allocate_scratch(printer, &partials, &sizes);
    printer.line("fut_mem *fut_finished = NULL;");
    printer.line("err = fut_cl_counters(run, fut_segments, &fut_finished);");
    printer.line("if (err == 0) {");
    printer.indent();
    launch(
        printer,
        &frame,
        index,
        ("fut_segments", "fut_groups * fut_group_size", &iterations),
        &scratch,
        None,
    )?;
    printer.dedent();
    printer.line("}");
    release_scratch(printer, &partials);
    printer.checked("err", None);
    printer.dedent();
    printer.line("}");
    Ok(())
}

/// The OpenCL C that combines `value` into the element `place` (an
/// lvalue in `space`, `__local` or `__global`) with `op`, atomically.
fn atomic_update(op: BinOp, t: PrimType, space: &str, place: &str, value: &str) -> Result<String> {
    if t == PrimType::F32 {
        let which = space.trim_start_matches('_');
        return Ok(format!(
            "fut_atomic_add_f32_{which}((volatile {space} float *)&({place}), {value});"
        ));
    }
    let ct = if t == PrimType::U32 { "uint" } else { "int" };
    let function = match op {
        BinOp::Add => "atomic_add",
        BinOp::Min => "atomic_min",
        BinOp::Max => "atomic_max",
        BinOp::And => "atomic_and",
        BinOp::Or => "atomic_or",
        BinOp::Xor => "atomic_xor",
        _ => return Err(internal("a histogram operator without an atomic form")),
    };
    Ok(format!(
        "{function}((volatile {space} {ct} *)&({place}), ({ct})({value}));"
    ))
}

/// Prints a histogram as one kernel: every work-item takes every
/// `fut_chunks`-th point from its number (neighbouring work-items read
/// neighbouring memory) and combines its value into its work-group's
/// histogram in local memory atomically, which the work-group then
/// combines into the destination atomically (a bucket at neutral is left
/// out). A histogram too wide for local memory is combined into the
/// destination directly.
#[allow(clippy::too_many_arguments)]
fn histogram(
    printer: &mut FunctionPrinter<'_, '_, McOp>,
    iterations: &Exp,
    point: Var,
    step: &Code<McOp>,
    bucket: Var,
    (value, t): (Var, PrimType),
    op: BinOp,
    neutral: &Exp,
    width: &Exp,
    bin: Var,
    bin_place: &MemLoc,
) -> Result<()> {
    let slots = SCAN_TILE_BYTES / t.byte_size().max(1) as usize;
    // The expressions the kernel reads besides the step.
    let read = Code::Block(vec![
        Code::SetScalar(value, neutral.clone()),
        Code::SetScalar(bucket, width.clone()),
        Code::Write {
            block: bin_place.block,
            index: bin_place.offset.clone(),
            element: t,
            value: Exp::Var(value, t),
        },
    ]);
    let frame = Frame::of(printer, &[step, &read], &[point, bucket, value, bin])?;
    let index = kernel(printer, &frame, "fut_thread", &[], true, |k| {
        k.line(&format!("__local {} fut_sub[{slots}];", c_type(t)));
        k.line("const int64_t fut_lid = get_local_id(0), fut_lsize = get_local_size(0);");
        k.line("const int64_t fut_thread = get_global_id(0);");
        k.declare(bucket, VarKind::Scalar(PrimType::I64))?;
        k.declare(bin, VarKind::Scalar(PrimType::I64))?;
        k.declare(value, VarKind::Scalar(t))?;
        let (width, neutral) = (k.exp(width)?, k.exp(neutral)?);
        let (b, v, n) = (
            (k.var_names)(bucket),
            (k.var_names)(value),
            (k.var_names)(bin),
        );
        let global = format!(
            "((__global {} *){})[{}]",
            c_type(t),
            k.mem(bin_place.block)?,
            k.exp(&bin_place.offset)?
        );
        k.line(&format!("const int64_t fut_width = {width};"));
        k.line(&format!("const int fut_in_local = fut_width <= {slots};"));
        k.line("if (fut_in_local)");
        k.line(&format!(
            "  for (int64_t fut_b = fut_lid; fut_b < fut_width; fut_b += fut_lsize) fut_sub[fut_b] = {neutral};"
        ));
        k.line("barrier(CLK_LOCAL_MEM_FENCE);");
        let p = (k.var_names)(point);
        k.braced(
            &format!("for (int64_t {p} = fut_thread; {p} < fut_iterations; {p} += fut_chunks) "),
            |k| {
                k.lines.scopes.push(FxHashMap::default());
                k.lines.bind(point, VarKind::Scalar(PrimType::I64));
                k.exit = "goto fut_filled;";
                let stepped = k.nested("", step);
                k.lines.scopes.pop();
                stepped?;
                k.line(&format!("if ({b} >= 0 && {b} < fut_width) {{"));
                k.line(&format!(
                    "  if (fut_in_local) {}",
                    atomic_update(op, t, "__local", &format!("fut_sub[{b}]"), &v)?
                ));
                k.line(&format!(
                    "  else {{ {n} = {b}; {} }}",
                    atomic_update(op, t, "__global", &global, &v)?
                ));
                k.line("}");
                Ok(())
            },
        )?;
        k.line("fut_filled:");
        k.line("barrier(CLK_LOCAL_MEM_FENCE);");
        k.line("if (fut_in_local)");
        k.line(&format!(
            "  for ({n} = fut_lid; {n} < fut_width; {n} += fut_lsize)"
        ));
        k.line(&format!(
            "    if (fut_sub[{n}] != {neutral}) {}",
            atomic_update(op, t, "__global", &global, &format!("fut_sub[{n}]"))?
        ));
        Ok(())
    })?;
    let iterations = printer.exp(iterations)?;
    printer.line("{");
    printer.indent();
    printer.line("const int64_t fut_group_size = fut_cl_group_size(run);");
    printer.line(&format!(
        "const int64_t fut_groups = fut_cl_groups(run, 1, {iterations});"
    ));
    launch(
        printer,
        &frame,
        index,
        ("1", "fut_groups * fut_group_size", &iterations),
        &[],
        None,
    )?;
    printer.checked("err", None);
    printer.dedent();
    printer.line("}");
    Ok(())
}

/// Allocates device blocks of the given names and sizes (C expressions)
/// for the code printed next, each inside `if (err == 0)` after its
/// allocation; [`release_scratch`] ends them.
fn allocate_scratch(
    printer: &mut FunctionPrinter<'_, '_, McOp>,
    names: &[String],
    bytes: &[String],
) {
    for (name, bytes) in names.iter().zip(bytes) {
        printer.line(&format!("fut_mem *{name} = NULL;"));
        printer.line(&format!("err = mem_alloc_dev(run, &{name}, {bytes});"));
        printer.line("if (err == 0) {");
        printer.indent();
    }
}

/// Ends the blocks of [`allocate_scratch`], releasing them.
fn release_scratch(printer: &mut FunctionPrinter<'_, '_, McOp>, names: &[String]) {
    for name in names.iter().rev() {
        printer.dedent();
        printer.line("}");
        printer.line(&format!("mem_release(&{name});"));
    }
}

/// The bytes of a work-group's tile of a scan, at most: the tile's
/// values are in local memory.
const SCAN_TILE_BYTES: usize = 16384;

/// Prints a scan as one kernel, a single pass with decoupled look-back:
/// each work-group takes the next tile of `fut_group_size * K`
/// consecutive points (from a counter, so that every earlier tile has
/// been taken by a running work-group), computes their values (point
/// `base + j * size + item` at the `j`th of `K` steps, so that
/// neighbouring work-items read neighbouring memory) into local memory,
/// scans them there (each work-item its `K` consecutive values, then the
/// work-items' totals), publishes the tile's total, finds its prefix from
/// the published totals and prefixes of the tiles before it, publishes
/// its own inclusive prefix, and writes its values combined with the
/// prefix.
fn scan(
    printer: &mut FunctionPrinter<'_, '_, McOp>,
    reduction: &Reduction<'_>,
    iterations: &Exp,
    point: Var,
    step: &Code<McOp>,
    neutral: &[Exp],
    write: &Code<McOp>,
) -> Result<()> {
    let bytes: usize = reduction
        .accs
        .iter()
        .map(|&(_, t)| t.byte_size() as usize)
        .sum();
    let per_item = (SCAN_TILE_BYTES / (GROUP_MAX * bytes.max(1))).clamp(1, 16);
    let others_neutral = Code::Block(
        reduction
            .others
            .iter()
            .zip(neutral)
            .map(|(&other, n)| Code::SetScalar(other, n.clone()))
            .collect(),
    );
    let mut bound = vec![point];
    bound.extend(reduction.accs.iter().map(|&(acc, _)| acc));
    bound.extend(reduction.others);
    let frame = Frame::of(
        printer,
        &[
            &reduction.start,
            &others_neutral,
            step,
            reduction.combine,
            write,
        ],
        &bound,
    )?;
    let n = reduction.accs.len();
    let mut extra = vec!["fut_status".to_owned()];
    extra.extend((0..n).map(|i| format!("fut_aggregate_{i}")));
    extra.extend((0..n).map(|i| format!("fut_prefix_{i}")));
    let index = kernel(printer, &frame, "fut_item", &extra, true, |k| {
        let accs: Vec<(String, String)> = reduction
            .accs
            .iter()
            .map(|&(acc, t)| ((k.var_names)(acc), c_type(t)))
            .collect();
        let others: Vec<String> = reduction.others.iter().map(|&o| (k.var_names)(o)).collect();
        let each = |k: &mut KernelPrinter<'_>, f: &dyn Fn(usize) -> String| {
            for i in 0..n {
                k.line(&f(i));
            }
        };
        each(k, &|i| {
            format!(
                "__local {t} fut_tile_{i}[{}], fut_local_{i}[{GROUP_MAX}], fut_exclusive_{i};",
                GROUP_MAX * per_item + GROUP_MAX * per_item / 32,
                t = accs[i].1
            )
        });
        each(k, &|i| {
            format!("__local {} fut_window_{i}[{GROUP_MAX}];", accs[i].1)
        });
        k.line(&format!("__local int fut_flags[{GROUP_MAX}], fut_cut;"));
        k.line("__local int64_t fut_tile_id, fut_from;");
        k.line("const int64_t fut_lid = get_local_id(0), fut_lsize = get_local_size(0);");
        k.line("const int64_t fut_item = get_global_id(0);");
        for (&(acc, t), &other) in reduction.accs.iter().zip(reduction.others) {
            k.declare(acc, VarKind::Scalar(t))?;
            k.declare(other, VarKind::Scalar(t))?;
        }
        k.line("if (fut_lid == 0) fut_tile_id = atomic_inc((volatile __global int *)fut_status);");
        k.line("barrier(CLK_LOCAL_MEM_FENCE);");
        k.line(&format!(
            "const int64_t fut_tile = fut_tile_id, fut_base = fut_tile * fut_lsize * {per_item};"
        ));
        let p = (k.var_names)(point);
        // The tile's values, computed by neighbouring work-items at
        // neighbouring points.
        k.braced(
            &format!("for (int64_t fut_j = 0; fut_j < {per_item}; fut_j++) "),
            |k| {
                k.lines.scopes.push(FxHashMap::default());
                k.lines.bind(point, VarKind::Scalar(PrimType::I64));
                k.line(&format!(
                    "const int64_t {p} = fut_base + fut_j * fut_lsize + fut_lid;"
                ));
                k.exit = "goto fut_loaded;";
                let loaded = k.nested(&format!("if ({p} < fut_iterations) "), step);
                k.lines.scopes.pop();
                loaded?;
                k.nested("else ", &others_neutral)?;
                each(k, &|i| {
                    format!(
                        "fut_tile_{i}[fut_skew(fut_j * fut_lsize + fut_lid)] = {};",
                        others[i]
                    )
                });
                Ok(())
            },
        )?;
        k.line("fut_loaded:");
        k.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // Each work-item scans its consecutive values.
        k.contents(&reduction.start)?;
        k.braced(
            &format!("for (int64_t fut_j = 0; fut_j < {per_item}; fut_j++) "),
            |k| {
                each(k, &|i| {
                    format!(
                        "{} = fut_tile_{i}[fut_skew(fut_lid * {per_item} + fut_j)];",
                        others[i]
                    )
                });
                k.exit = "goto fut_scanned;";
                k.nested("", reduction.combine)?;
                each(k, &|i| {
                    format!(
                        "fut_tile_{i}[fut_skew(fut_lid * {per_item} + fut_j)] = {};",
                        accs[i].0
                    )
                });
                Ok(())
            },
        )?;
        k.line("fut_scanned:");
        // The work-items' totals, scanned in order.
        each(k, &|i| format!("fut_local_{i}[fut_lid] = {};", accs[i].0));
        k.line("barrier(CLK_LOCAL_MEM_FENCE);");
        k.braced(
            "for (int64_t fut_s = 1; fut_s < fut_lsize; fut_s *= 2) ",
            |k| {
                k.braced("if (fut_lid >= fut_s) ", |k| {
                    each(k, &|i| {
                        format!("{} = fut_local_{i}[fut_lid - fut_s];", accs[i].0)
                    });
                    each(k, &|i| format!("{} = fut_local_{i}[fut_lid];", others[i]));
                    k.exit = "goto fut_stepped;";
                    k.nested("", reduction.combine)?;
                    Ok(())
                })?;
                k.line("fut_stepped:");
                k.line("barrier(CLK_LOCAL_MEM_FENCE);");
                k.line("if (fut_lid >= fut_s) {");
                each(k, &|i| format!("  fut_local_{i}[fut_lid] = {};", accs[i].0));
                k.line("}");
                k.line("barrier(CLK_LOCAL_MEM_FENCE);");
                Ok(())
            },
        )?;
        // The first work-item publishes the tile's total (the first tile
        // its inclusive prefix). Then the work-group looks back for the
        // tile's prefix, a window of as many earlier tiles as it has
        // work-items at a time: each work-item reads one tile's flag and
        // published value; the window is cut at the nearest tile that has
        // published its inclusive prefix (included) or nothing yet (left
        // for the next window); the values before the cut are combined in
        // order by a tree. A window as wide as the work-group lets the
        // look-back pass earlier tiles faster than new tiles finish.
        k.braced("if (fut_lid == 0) ", |k| {
            k.line("const int fut_flag = fut_tile == 0 ? 2 : 1;");
            each(k, &|i| {
                format!(
                    "((__global {} *)(fut_tile == 0 ? fut_prefix_{i} : fut_aggregate_{i}))[fut_tile] = fut_local_{i}[fut_lsize - 1];",
                    accs[i].1
                )
            });
            k.line("fut_fence_device();");
            k.line("atomic_xchg((volatile __global int *)fut_status + 1 + fut_tile, fut_flag);");
            k.contents(&others_neutral)?;
            each(k, &|i| format!("fut_exclusive_{i} = {};", others[i]));
            k.line("fut_from = fut_tile - 1;");
            k.line("fut_cut = fut_lsize;");
            Ok(())
        })?;
        k.line("barrier(CLK_LOCAL_MEM_FENCE);");
        k.braced("while (fut_from >= 0) ", |k| {
            k.line("const int64_t fut_k = fut_from - fut_lid;");
            // Tile 0 publishes its prefix at once, so no window reaches
            // before it.
            k.line("const int fut_flag = fut_k < 0 ? 0 : ((volatile __global int *)fut_status)[1 + fut_k];");
            k.line("fut_flags[fut_lid] = fut_flag;");
            k.braced("if (fut_flag != 0) ", |k| {
                k.line("fut_fence_device();");
                each(k, &|i| {
                    format!(
                        "fut_window_{i}[fut_lid] = ((volatile __global {t} *)(fut_flag == 2 ? fut_prefix_{i} : fut_aggregate_{i}))[fut_k];",
                        t = accs[i].1
                    )
                });
                Ok(())
            })?;
            k.line("if (fut_flag != 1) atomic_min(&fut_cut, (int)fut_lid);");
            k.line("barrier(CLK_LOCAL_MEM_FENCE);");
            k.line("const int fut_cut_at = fut_cut;");
            k.line("const int fut_taken = fut_cut_at + (fut_cut_at < fut_lsize && fut_flags[fut_cut_at] == 2);");
            // The same for every work-item: each takes part in every
            // barrier of the tree.
            k.braced("for (int fut_s = 1; fut_s < fut_taken; fut_s *= 2) ", |k| {
                k.braced("if (fut_lid % (2 * fut_s) == 0 && fut_lid + fut_s < fut_taken) ", |k| {
                    each(k, &|i| format!("{} = fut_window_{i}[fut_lid + fut_s];", accs[i].0));
                    each(k, &|i| format!("{} = fut_window_{i}[fut_lid];", others[i]));
                    k.exit = "goto fut_combined;";
                    k.nested("", reduction.combine)?;
                    each(k, &|i| format!("fut_window_{i}[fut_lid] = {};", accs[i].0));
                    Ok(())
                })?;
                k.line("fut_combined:");
                k.line("barrier(CLK_LOCAL_MEM_FENCE);");
                Ok(())
            })?;
            k.braced("if (fut_lid == 0) ", |k| {
                k.braced("if (fut_taken > 0) ", |k| {
                    each(k, &|i| format!("{} = fut_window_{i}[0];", accs[i].0));
                    each(k, &|i| format!("{} = fut_exclusive_{i};", others[i]));
                    k.exit = "{ fut_from = -1; goto fut_looked; }";
                    k.nested("", reduction.combine)?;
                    each(k, &|i| format!("fut_exclusive_{i} = {};", accs[i].0));
                    Ok(())
                })?;
                k.line("fut_from = fut_taken > fut_cut_at ? -1 : fut_from - fut_cut_at;");
                k.line("fut_looked:");
                k.line("fut_cut = fut_lsize;");
                Ok(())
            })?;
            k.line("barrier(CLK_LOCAL_MEM_FENCE);");
            Ok(())
        })?;
        k.braced("if (fut_lid == 0 && fut_tile > 0) ", |k| {
            each(k, &|i| format!("{} = fut_exclusive_{i};", accs[i].0));
            each(k, &|i| {
                format!("{} = fut_local_{i}[fut_lsize - 1];", others[i])
            });
            k.exit = "goto fut_published;";
            k.nested("", reduction.combine)?;
            each(k, &|i| {
                format!(
                    "((__global {} *)fut_prefix_{i})[fut_tile] = {};",
                    accs[i].1, accs[i].0
                )
            });
            k.line("fut_fence_device();");
            k.line("atomic_xchg((volatile __global int *)fut_status + 1 + fut_tile, 2);");
            k.line("fut_published:;");
            Ok(())
        })?;
        k.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // Each work-item's prefix: the tile's, then the work-items'
        // before it.
        each(k, &|i| format!("{} = fut_exclusive_{i};", accs[i].0));
        k.braced("if (fut_lid > 0) ", |k| {
            each(k, &|i| {
                format!("{} = fut_local_{i}[fut_lid - 1];", others[i])
            });
            k.exit = "goto fut_prefixed;";
            k.nested("", reduction.combine)?;
            Ok(())
        })?;
        k.line("fut_prefixed:");
        k.line("barrier(CLK_LOCAL_MEM_FENCE);");
        each(k, &|i| format!("fut_local_{i}[fut_lid] = {};", accs[i].0));
        k.braced(
            &format!("for (int64_t fut_j = 0; fut_j < {per_item}; fut_j++) "),
            |k| {
                each(k, &|i| format!("{} = fut_local_{i}[fut_lid];", accs[i].0));
                each(k, &|i| {
                    format!(
                        "{} = fut_tile_{i}[fut_skew(fut_lid * {per_item} + fut_j)];",
                        others[i]
                    )
                });
                k.exit = "goto fut_added;";
                k.nested("", reduction.combine)?;
                each(k, &|i| {
                    format!(
                        "fut_tile_{i}[fut_skew(fut_lid * {per_item} + fut_j)] = {};",
                        accs[i].0
                    )
                });
                k.line("fut_added:;");
                Ok(())
            },
        )?;
        k.line("barrier(CLK_LOCAL_MEM_FENCE);");
        // The values, written by neighbouring work-items at neighbouring
        // points.
        k.braced(
            &format!("for (int64_t fut_j = 0; fut_j < {per_item}; fut_j++) "),
            |k| {
                k.lines.scopes.push(FxHashMap::default());
                k.lines.bind(point, VarKind::Scalar(PrimType::I64));
                k.line(&format!(
                    "const int64_t {p} = fut_base + fut_j * fut_lsize + fut_lid;"
                ));
                k.line(&format!("if ({p} < fut_iterations) {{"));
                each(k, &|i| {
                    format!(
                        "  {} = fut_tile_{i}[fut_skew(fut_j * fut_lsize + fut_lid)];",
                        accs[i].0
                    )
                });
                k.exit = "return;";
                k.lines.indent += 1;
                let written = k.nested("", write);
                k.lines.indent -= 1;
                k.lines.scopes.pop();
                written?;
                k.line("}");
                Ok(())
            },
        )?;
        Ok(())
    })?;
    let iterations = printer.exp(iterations)?;
    printer.line("{");
    printer.indent();
    printer.line("const int64_t fut_group_size = fut_cl_group_size(run);");
    printer.line(&format!(
        "const int64_t fut_tiles = ({iterations} + fut_group_size * {per_item} - 1) / (fut_group_size * {per_item});"
    ));
    let mut sizes = vec!["(fut_tiles + 1) * 4".to_owned()];
    for _ in 0..2 {
        sizes.extend(
            reduction
                .accs
                .iter()
                .map(|&(_, t)| format!("(fut_tiles + 1) * {}", t.byte_size())),
        );
    }
    allocate_scratch(printer, &extra, &sizes);
    launch(
        printer,
        &frame,
        index,
        ("1", "fut_tiles * fut_group_size", &iterations),
        &extra,
        Some(("fut_status", "(fut_tiles + 1) * 4")),
    )?;
    release_scratch(printer, &extra);
    printer.checked("err", None);
    printer.dedent();
    printer.line("}");
    Ok(())
}

/// What a kernel takes besides the error buffer and its numbers of
/// chunks and iterations: the variables its code reads from outside, the
/// regions of its allocations and whether it has a heap.
struct Frame {
    free: Vec<(Var, VarKind)>,
    regions: Vec<Region>,
    heap: bool,
}

impl Frame {
    /// The frame of a kernel printing `code` (in this order), in which
    /// `bound` are set by the kernel itself.
    fn of(
        printer: &FunctionPrinter<'_, '_, McOp>,
        code: &[&Code<McOp>],
        bound: &[Var],
    ) -> Result<Frame> {
        let free = printer.task_inputs(code, bound)?;
        let regions = regions(code, &free)?;
        let heap = regions.iter().any(|r| matches!(r, Region::Heap))
            || code.iter().any(|c| calls_allocate(printer.prog.program, c));
        Ok(Frame {
            free,
            regions,
            heap,
        })
    }
}

/// Prints the host code launching kernel `index` with `segments` times
/// `chunks` work-items (C expressions; the kernel sees `chunks` and
/// `iterations`): allocates its regions, passes the free variables, the
/// regions and the `extra` blocks, and sets `err`, which the caller
/// checks. Where `zeroed` names a block and a number of bytes, those are
/// set to zero before every run of the kernel.
fn launch(
    printer: &mut FunctionPrinter<'_, '_, McOp>,
    frame: &Frame,
    index: usize,
    (segments, chunks, iterations): (&str, &str, &str),
    extra: &[String],
    zeroed: Option<(&str, &str)>,
) -> Result<()> {
    let mut args: Vec<String> = frame
        .free
        .iter()
        .map(|&(var, kind)| {
            let name = printer.prog.var(var);
            match kind {
                VarKind::Scalar(_) => format!("{{sizeof {name}, &{name}, NULL}}"),
                VarKind::Mem => format!("{{0, NULL, {name}}}"),
            }
        })
        .collect();
    printer.line("{");
    printer.indent();
    let mut allocated = Vec::new();
    for (k, region) in frame.regions.iter().enumerate() {
        let Region::PerChunk { bytes, double } = region else {
            continue;
        };
        let call = format!(
            "mem_alloc_dev(run, &fut_region_{k}, ({segments}) * ({chunks}) * {} * (({} + 7) & ~(int64_t)7))",
            if *double { 2 } else { 1 },
            printer.exp(bytes)?
        );
        printer.line(&format!("fut_mem *fut_region_{k} = NULL;"));
        printer.checked(&call, None);
        args.push(format!("{{0, NULL, fut_region_{k}}}"));
        allocated.push(k);
    }
    args.extend(extra.iter().map(|name| format!("{{0, NULL, {name}}}")));
    let table = if args.is_empty() {
        "NULL".to_owned()
    } else {
        printer.line(&format!(
            "const fut_cl_arg args[] = {{{}}};",
            args.join(", ")
        ));
        "args".to_owned()
    };
    let (function, zeroing) = match zeroed {
        Some((block, bytes)) => ("fut_cl_launch_zeroed", format!(", {block}, {bytes}")),
        None => ("fut_cl_launch", String::new()),
    };
    printer.line(&format!(
        "err = {function}(run, {index}, {}, {segments}, {chunks}, {iterations}, {}, {table}{zeroing});",
        u8::from(frame.heap),
        args.len()
    ));
    for k in allocated {
        printer.line(&format!("mem_release(&fut_region_{k});"));
    }
    printer.dedent();
    printer.line("}");
    Ok(())
}

/// Where a kernel's allocation takes its blocks from.
enum Region {
    /// A region the host allocates: the size of a chunk's block in bytes,
    /// and whether each chunk has two blocks it alternates between.
    PerChunk { bytes: Exp, double: bool },
    /// The kernel's heap, a fresh block each time.
    Heap,
}

/// The regions of the blocks the kernel's body allocates, in the order
/// of the allocations. Each allocation gets a region of the host's
/// making with room for every chunk: the block a chunk allocates is its
/// part of the region. That is right where the size is known before the
/// kernel starts (it depends only on the kernel's scalar parameters, or
/// on variables set once from them, which the host computes likewise)
/// and the block is dead when the allocation runs again: when every
/// variable the block may pass to (through `SetMem`) is declared inside
/// the innermost loop around the allocation (the chunk's loop over its
/// points, or a loop of the program), and so is dead by its next
/// iteration. A block that may become a parameter of that loop is still
/// the parameter's in the next iteration: its chunks have two blocks and
/// take turns (double buffering), which is right where the blocks passed
/// to the parameters are made in the loop's body, not taken from the
/// parameters themselves. Other allocations take fresh blocks from the
/// kernel's heap.
fn regions(code: &[&Code<McOp>], free: &[(Var, VarKind)]) -> Result<Vec<Region>> {
    #[derive(Default)]
    struct Found<'c> {
        /// The block variable, its size and how many loops are around it.
        allocs: Vec<(Var, &'c Exp, usize)>,
        /// `SetMem`s: the destination, the source, and how many loops are
        /// around it.
        passes: Vec<(Var, Var, usize)>,
        /// How each scalar is set, and how many times.
        sets: FxHashMap<Var, (&'c Exp, usize)>,
        /// How many loops are around the current statement.
        loops: usize,
        /// How many loops were around each block variable's declaration.
        declared_at: FxHashMap<Var, usize>,
    }
    fn walk<'c>(code: &'c Code<McOp>, found: &mut Found<'c>) {
        match code {
            Code::Block(codes) => codes.iter().for_each(|c| walk(c, found)),
            Code::DeclareMem(var, _) => {
                found.declared_at.insert(*var, found.loops);
            }
            Code::Allocate { mem, bytes, .. } => found.allocs.push((*mem, bytes, found.loops)),
            Code::SetMem { dest, source } => found.passes.push((*dest, *source, found.loops)),
            Code::SetScalar(var, e) => found.sets.entry(*var).or_insert((e, 0)).1 += 1,
            Code::If {
                then_code,
                else_code,
                ..
            } => {
                walk(then_code, found);
                walk(else_code, found);
            }
            Code::For { body, .. } | Code::While { body, .. } => {
                found.loops += 1;
                walk(body, found);
                found.loops -= 1;
            }
            _ => {}
        }
    }
    /// The expression over the kernel's scalar parameters alone, if it
    /// has one.
    fn on_params(e: &Exp, found: &Found<'_>, free: &[(Var, VarKind)], depth: usize) -> Option<Exp> {
        let param = |var: Var| {
            free.iter()
                .any(|&(v, kind)| v == var && kind != VarKind::Mem)
        };
        Some(match e {
            Exp::Const(_) => e.clone(),
            Exp::Var(v, _) if param(*v) => e.clone(),
            Exp::Var(v, _) => match found.sets.get(v) {
                Some(&(set, 1)) if depth < 64 => on_params(set, found, free, depth + 1)?,
                _ => return None,
            },
            Exp::Read { .. } => return None,
            Exp::BinOp(op, a, b) => Exp::BinOp(
                *op,
                Box::new(on_params(a, found, free, depth)?),
                Box::new(on_params(b, found, free, depth)?),
            ),
            Exp::Cmp(op, a, b) => Exp::Cmp(
                *op,
                Box::new(on_params(a, found, free, depth)?),
                Box::new(on_params(b, found, free, depth)?),
            ),
            Exp::UnOp(op, a) => Exp::UnOp(*op, Box::new(on_params(a, found, free, depth)?)),
            Exp::Convert(t, a) => Exp::Convert(*t, Box::new(on_params(a, found, free, depth)?)),
            Exp::PrimFn(f, args) => Exp::PrimFn(
                *f,
                args.iter()
                    .map(|a| on_params(a, found, free, depth))
                    .collect::<Option<_>>()?,
            ),
        })
    }
    let mut found = Found::default();
    code.iter().for_each(|c| walk(c, &mut found));
    let declared = |var: &Var| found.declared_at.get(var).copied().unwrap_or(0);
    found
        .allocs
        .iter()
        .map(|&(mem, bytes, loops)| {
            let Some(bytes) = on_params(bytes, &found, free, 0) else {
                return Ok(Region::Heap);
            };
            // The variables the block may pass to.
            let mut holders = vec![mem];
            let mut grown = true;
            while grown {
                grown = false;
                for &(dest, source, _) in &found.passes {
                    if holders.contains(&source) && !holders.contains(&dest) {
                        holders.push(dest);
                        grown = true;
                    }
                }
            }
            let outermost = holders.iter().map(declared).min().unwrap_or(loops);
            let double = if outermost >= loops {
                false
            } else if outermost + 1 == loops {
                // The loop's parameters get blocks made in its body only.
                let parameters_made_inside = found.passes.iter().all(|&(dest, source, at)| {
                    !(holders.contains(&dest) && declared(&dest) < at) || declared(&source) >= at
                });
                if !parameters_made_inside {
                    return Ok(Region::Heap);
                }
                true
            } else {
                return Ok(Region::Heap);
            };
            Ok(Region::PerChunk { bytes, double })
        })
        .collect()
}

/// Whether the code calls a function that allocates memory (directly or
/// not).
fn calls_allocate(program: &crate::imp::Program<McOp>, code: &Code<McOp>) -> bool {
    fn visit(
        program: &crate::imp::Program<McOp>,
        code: &Code<McOp>,
        inside_call: bool,
        seen: &mut Vec<usize>,
    ) -> bool {
        match code {
            Code::Block(codes) => codes.iter().any(|c| visit(program, c, inside_call, seen)),
            Code::Allocate { .. } => inside_call,
            Code::If {
                then_code,
                else_code,
                ..
            } => {
                visit(program, then_code, inside_call, seen)
                    || visit(program, else_code, inside_call, seen)
            }
            Code::For { body, .. } | Code::While { body, .. } => {
                visit(program, body, inside_call, seen)
            }
            // Its allocations take blocks from the heap too.
            Code::Op(McOp::Parallel { body, .. }) => visit(program, body, true, seen),
            Code::Op(McOp::Reduce { step, combine, .. } | McOp::Scan { step, combine, .. }) => {
                visit(program, step, true, seen) || visit(program, combine, true, seen)
            }
            Code::Op(McOp::Hist { step, .. }) => visit(program, step, true, seen),
            Code::Op(McOp::TiledMap(tiled)) => visit(program, &tiled.fallback, true, seen),
            Code::Call { func, .. } => {
                let f = func.0 as usize;
                if seen.contains(&f) {
                    return false;
                }
                seen.push(f);
                program
                    .functions
                    .get(f)
                    .is_some_and(|function| visit(program, &function.body, true, seen))
            }
            _ => false,
        }
    }
    visit(program, code, false, &mut Vec::new())
}

/// Prints a kernel over the frame's free variables and regions (and a
/// heap), then the `extra` blocks; `print` prints its body, in which
/// `chunk_name` numbers the work-item's part of each region. Returns its
/// number.
fn kernel(
    printer: &mut FunctionPrinter<'_, '_, McOp>,
    frame: &Frame,
    chunk_name: &str,
    extra: &[String],
    grouped: bool,
    print: impl FnOnce(&mut KernelPrinter<'_>) -> Result<()>,
) -> Result<usize> {
    let mut kernels = printer
        .prog
        .kernels
        .take()
        .ok_or_else(|| internal("no kernels"))?;
    let index = kernels.names.len();
    let name = format!("kernel_{index}");
    let result = {
        let mut k = KernelPrinter {
            var_names: &|var| printer.prog.var(var),
            functions: &printer.prog.program.functions,
            calls: Vec::new(),
            failures: &mut kernels.failures,
            lines: Lines::new(),
            chunk_name: chunk_name.to_owned(),
            regions: frame
                .regions
                .iter()
                .map(|r| match r {
                    Region::PerChunk { double, .. } => Some(*double),
                    Region::Heap => None,
                })
                .collect(),
            heap: frame.heap,
            exit: "return;",
            tasks: 0,
            allocations: 0,
        };
        let mut params = vec![
            "__global uint64_t *fut_errors".to_owned(),
            "int64_t fut_chunks".to_owned(),
            "int64_t fut_iterations".to_owned(),
        ];
        for &(var, kind) in &frame.free {
            let name = (k.var_names)(var);
            params.push(match kind {
                VarKind::Scalar(t) => format!("{} {name}", c_type(t)),
                VarKind::Mem => format!("__global unsigned char *{name}"),
            });
            k.lines.bind(var, kind);
        }
        for (r, region) in frame.regions.iter().enumerate() {
            if let Region::PerChunk { double, .. } = region {
                params.push(format!("__global unsigned char *fut_region_{r}"));
                if *double {
                    k.line(&format!("int fut_turn_{r} = 0;"));
                }
            }
        }
        params.extend(
            extra
                .iter()
                .map(|name| format!("__global unsigned char *{name}")),
        );
        if frame.heap {
            params.push("__global unsigned char *fut_heap".to_owned());
            params.push("__global uint64_t *fut_heap_top".to_owned());
            params.push("uint64_t fut_heap_size".to_owned());
        }
        // Kernels are launched without waiting for the ones before: after
        // a failure they stop at once. A work-group with barriers stops
        // as a whole, before a scan's group takes a tile (the tiles taken
        // are still every one before them).
        if grouped {
            k.line("__local int fut_stopped;");
            k.line("if (get_local_id(0) == 0) fut_stopped = fut_errors[0] != 0;");
            k.line("barrier(CLK_LOCAL_MEM_FENCE);");
            k.line("if (fut_stopped) return;");
        } else {
            k.line("if (fut_errors[0] != 0) return;");
        }
        print(&mut k).map(|()| {
            format!(
                "__kernel void {name}({}) {{\n{}}}\n",
                params.join(", "),
                k.lines.out
            )
        })
    };
    let outcome = result.map(|text| {
        kernels.source.push_str(&text);
        kernels.names.push(name);
        index
    });
    printer.prog.kernels = Some(kernels);
    outcome
}

/// The printer of a kernel's body as OpenCL C: blocks are `__global`
/// byte pointers, failures are recorded in the error buffer.
struct KernelPrinter<'a> {
    var_names: &'a dyn Fn(Var) -> String,
    functions: &'a [Function<McOp>],
    /// The calls whose bodies are being printed in place (OpenCL has no
    /// recursion, and a failure's backtrace names them), innermost last:
    /// the function and the call's location.
    calls: Vec<(usize, Option<Loc>)>,
    failures: &'a mut Vec<(String, String)>,
    lines: Lines,
    /// The C name of the chunk's number.
    chunk_name: String,
    /// Per allocation of the kernel's body: whether its region holds two
    /// blocks per chunk, or `None` where it takes blocks from the heap.
    regions: Vec<Option<bool>>,
    /// Whether the kernel has a heap.
    heap: bool,
    /// How a work-item stops after recording a failure: it returns, or,
    /// where its work-group still needs it at a barrier, jumps past
    /// the code it runs alone.
    exit: &'static str,
    /// How many tasks (of called functions) are around the code printed.
    tasks: usize,
    /// The allocations printed so far: the next one's region.
    allocations: usize,
}

impl ExpContext for KernelPrinter<'_> {
    fn var_name(&self, var: Var) -> Result<String> {
        self.kind(var)?;
        Ok((self.var_names)(var))
    }

    fn read(&self, block: Var, index: String, element: PrimType) -> Result<String> {
        Ok(format!(
            "((__global {} *){})[{index}]",
            c_type(element),
            self.mem(block)?
        ))
    }

    fn context(&self) -> Result<&'static str> {
        Err(unsupported("tuning parameters"))
    }
}

impl KernelPrinter<'_> {
    fn kind(&self, var: Var) -> Result<VarKind> {
        self.lines.kind(var).ok_or_else(|| {
            internal(format!(
                "variable `{}` is used where it is not declared",
                (self.var_names)(var)
            ))
        })
    }

    fn mem(&self, var: Var) -> Result<String> {
        match self.kind(var)? {
            VarKind::Mem => Ok((self.var_names)(var)),
            VarKind::Scalar(_) => Err(internal("a scalar used as a memory block")),
        }
    }

    fn exp(&self, e: &Exp) -> Result<String> {
        print_exp(self, e)
    }

    /// Declares `start` and `end`, the run of `0..total` that work-item
    /// `number` of `count` takes: consecutive runs of nearly equal
    /// length. A map's work-items take one iteration each, where the
    /// divisions (of 64 bits, slow on GPUs) are left out.
    fn own_run(&mut self, number: &str, start: &str, end: &str, count: &str, total: &str) {
        // Named after `start`: a kernel may take several runs.
        let (one_each, base, extra) = (
            format!("{start}_one_each"),
            format!("{start}_base"),
            format!("{start}_extra"),
        );
        self.line(&format!("const int {one_each} = {count} == {total};"));
        self.line(&format!(
            "const int64_t {base} = {one_each} ? 1 : {total} / {count}, \
             {extra} = {one_each} ? 0 : {total} % {count};"
        ));
        self.line(&format!(
            "const int64_t {start} = {number} * {base} + ({number} < {extra} ? {number} : {extra});"
        ));
        self.line(&format!(
            "const int64_t {end} = {start} + {base} + ({number} < {extra});"
        ));
    }

    /// The start of a work-group's reduction: its local arrays (one per
    /// accumulator), the work-item's place in the group, and the
    /// accumulators (set to the neutral element) and the values combined
    /// into them.
    fn group_prologue(&mut self, reduction: &Reduction<'_>) -> Result<()> {
        for (i, &(_, t)) in reduction.accs.iter().enumerate() {
            self.line(&format!(
                "__local {} fut_local_{i}[{GROUP_MAX}];",
                c_type(t)
            ));
        }
        self.line("const int64_t fut_lid = get_local_id(0), fut_lsize = get_local_size(0);");
        for (&(acc, t), &other) in reduction.accs.iter().zip(reduction.others) {
            self.declare(acc, VarKind::Scalar(t))?;
            self.declare(other, VarKind::Scalar(t))?;
        }
        self.contents(&reduction.start)
    }

    /// The end of a work-group's reduction: the work-items' accumulators
    /// combined in a tree in local memory (each combining its neighbour's
    /// on the right, so that the order is kept), and the group's result
    /// (in the accumulators, named with their types) written by its first
    /// work-item as `finish` prints.
    fn group_epilogue(
        &mut self,
        reduction: &Reduction<'_>,
        phase: Phase,
        finish: impl FnOnce(&mut Self, &[(String, PrimType)]) -> Result<()>,
    ) -> Result<()> {
        let (folded, combined, exit) = match phase {
            Phase::Fold => ("fut_folded", "fut_combined", "goto fut_combined;"),
            Phase::Last => (
                "fut_folded_last",
                "fut_combined_last",
                "goto fut_combined_last;",
            ),
        };
        self.line(&format!("{folded}:;"));
        let accs: Vec<(String, PrimType)> = reduction
            .accs
            .iter()
            .map(|&(acc, t)| ((self.var_names)(acc), t))
            .collect();
        for (i, (acc, _)) in accs.iter().enumerate() {
            self.line(&format!("fut_local_{i}[fut_lid] = {acc};"));
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line("for (int64_t fut_s = 1; fut_s < fut_lsize; fut_s *= 2) {");
        self.lines.indent += 1;
        self.line("if ((fut_lid & (2 * fut_s - 1)) == 0 && fut_lid + fut_s < fut_lsize) {");
        self.lines.indent += 1;
        // The accumulators are read back from local memory after every
        // barrier: PoCL (3.1) can lose a work-item's private value across
        // a barrier where a loop made it from constants.
        for (i, (acc, _)) in accs.iter().enumerate() {
            self.line(&format!("{acc} = fut_local_{i}[fut_lid];"));
        }
        for (i, &other) in reduction.others.iter().enumerate() {
            let text = format!(
                "{} = fut_local_{i}[fut_lid + fut_s];",
                (self.var_names)(other)
            );
            self.line(&text);
        }
        self.exit = exit;
        self.nested("", reduction.combine)?;
        for (i, (acc, _)) in accs.iter().enumerate() {
            self.line(&format!("fut_local_{i}[fut_lid] = {acc};"));
        }
        self.lines.indent -= 1;
        self.line("}");
        self.line(&format!("{combined}:"));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.lines.indent -= 1;
        self.line("}");
        // Only the last phase's `finish` runs code that can fail (the
        // write).
        self.exit = "goto fut_written;";
        let head = match phase {
            Phase::Fold => "if (fut_lid == 0) ",
            Phase::Last => "if (fut_lid == 0 && fut_last) ",
        };
        self.braced(head, |k| {
            for (i, (acc, _)) in accs.iter().enumerate() {
                k.line(&format!("{acc} = fut_local_{i}[0];"));
            }
            finish(k, &accs)
        })
    }

    /// The body of a tiled map's kernel (see [`TiledMap`]): work-item
    /// `(fut_ly, fut_lx)` of a group runs the points `TILE` apart from
    /// its place in the group's block, and the group's tiles are local
    /// arrays of `TILE` iterations by the block's rows, a row padded by
    /// one element so that work-items reading down a column of iterations
    /// meet different banks.
    fn tiled_map(&mut self, tiled: &TiledMap) -> Result<()> {
        self.line(&format!(
            "const int64_t fut_lid = get_local_id(0), fut_ly = fut_lid / {TILE}, fut_lx = fut_lid % {TILE};"
        ));
        let [rows, columns] = [self.exp(&tiled.sizes[0])?, self.exp(&tiled.sizes[1])?];
        self.line(&format!(
            "const int64_t fut_size_0 = {rows}, fut_size_1 = {columns};"
        ));
        let [block_rows, block_columns] = tiled.per_item.map(|n| n * TILE);
        self.line(&format!(
            "const int64_t fut_blocks_1 = (fut_size_1 + {block_columns} - 1) / {block_columns}, fut_group = get_group_id(0);"
        ));
        self.line(&format!(
            "const int64_t fut_base_0 = fut_group / fut_blocks_1 * {block_rows}, fut_base_1 = fut_group % fut_blocks_1 * {block_columns};"
        ));
        for (step_number, step) in tiled.steps.iter().enumerate() {
            if let TiledStep::Loop(tiled_loop) = step {
                for (i, tile) in tiled_loop.tiles.iter().enumerate() {
                    self.line(&format!(
                        "__local {} fut_tile_{step_number}_{i}[{}];",
                        c_type(tile.element),
                        tiled.per_item[tile.dim] * TILE * (TILE + 1)
                    ));
                }
            }
        }
        for (copy, indices) in tiled.indices.iter().enumerate() {
            let position = [copy / tiled.per_item[1], copy % tiled.per_item[1]];
            let mut names = Vec::new();
            for (d, (&index, own)) in indices.iter().zip(TILED_OWN).enumerate() {
                self.lines.bind(index, VarKind::Scalar(PrimType::I64));
                let name = (self.var_names)(index);
                self.line(&format!(
                    "const int64_t {name} = fut_base_{d} + {} + {own};",
                    position[d] * TILE
                ));
                names.push(name);
            }
            self.line(&format!(
                "const bool fut_in_{copy} = {} < fut_size_0 && {} < fut_size_1;",
                names[0], names[1]
            ));
        }
        for (step_number, step) in tiled.steps.iter().enumerate() {
            match step {
                TiledStep::Point(copies) => {
                    for (copy, code) in copies.iter().enumerate() {
                        let codes = match code {
                            Code::Block(codes) => codes.as_slice(),
                            other => std::slice::from_ref(other),
                        };
                        // Declarations stay outside the branch: later
                        // steps use what they declare.
                        let (declarations, rest): (Vec<&Code<McOp>>, Vec<&Code<McOp>>) =
                            codes.iter().partition(|c| {
                                matches!(c, Code::DeclareScalar(..) | Code::DeclareMem(..))
                            });
                        declarations.into_iter().try_for_each(|c| self.code(c))?;
                        if !rest.is_empty() {
                            self.braced(&format!("if (fut_in_{copy}) "), |k| {
                                rest.into_iter().try_for_each(|c| k.code(c))
                            })?;
                        }
                    }
                }
                TiledStep::Loop(tiled_loop) => self.tiled_loop(tiled, step_number, tiled_loop)?,
            }
        }
        Ok(())
    }

    /// A tiled loop: `TILE` iterations at a time, the group loads its
    /// tiles (each work-item some elements of each, consecutive
    /// work-items consecutive elements of global memory) and then runs
    /// those iterations of its points' bodies from them.
    fn tiled_loop(
        &mut self,
        tiled: &TiledMap,
        step_number: usize,
        tiled_loop: &TiledLoop,
    ) -> Result<()> {
        let bound = self.exp(&tiled_loop.bound)?;
        let counter_type = exp_type(&tiled_loop.bound);
        let ctype = c_type(counter_type);
        let counter = (self.var_names)(tiled_loop.counter);
        self.line(&format!(
            "for (int64_t fut_k0 = 0; fut_k0 < (int64_t)({bound}); fut_k0 += {TILE}) {{"
        ));
        self.lines.indent += 1;
        for (i, tile) in tiled_loop.tiles.iter().enumerate() {
            // The work-item's offsets in iterations and in rows.
            let (along, across) = if tile.along_counter {
                ("fut_lx", "fut_ly")
            } else {
                ("fut_ly", "fut_lx")
            };
            for position in 0..tiled.per_item[tile.dim] {
                self.line("{");
                self.lines.indent += 1;
                self.lines.scopes.push(FxHashMap::default());
                self.lines.bind(tile.row, VarKind::Scalar(PrimType::I64));
                self.lines
                    .bind(tiled_loop.counter, VarKind::Scalar(counter_type));
                let row = (self.var_names)(tile.row);
                let offset = position * TILE;
                self.line(&format!(
                    "const int64_t {row} = fut_base_{} + {offset} + {across};",
                    tile.dim
                ));
                self.line(&format!(
                    "const {ctype} {counter} = ({ctype})(fut_k0 + {along});"
                ));
                let index = self.exp(&tile.index)?;
                let read = self.read(tile.block, index, tile.element)?;
                let text = format!(
                    "fut_tile_{step_number}_{i}[({offset} + {across}) * {} + {along}] = {row} < fut_size_{} && {counter} < {bound} ? {read} : ({})0;",
                    TILE + 1,
                    tile.dim,
                    c_type(tile.element)
                );
                self.line(&text);
                self.lines.scopes.pop();
                self.lines.indent -= 1;
                self.line("}");
            }
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line(&format!(
            "const int64_t fut_kn = (int64_t)({bound}) - fut_k0 < {TILE} ? (int64_t)({bound}) - fut_k0 : {TILE};"
        ));
        self.line("for (int64_t fut_kk = 0; fut_kk < fut_kn; fut_kk++) {");
        self.lines.indent += 1;
        self.lines.scopes.push(FxHashMap::default());
        self.lines
            .bind(tiled_loop.counter, VarKind::Scalar(counter_type));
        self.line(&format!(
            "const {ctype} {counter} = ({ctype})(fut_k0 + fut_kk);"
        ));
        for (i, tile) in tiled_loop.tiles.iter().enumerate() {
            for (position, &value) in tile.values.iter().enumerate() {
                self.lines.bind(value, VarKind::Scalar(tile.element));
                let text = format!(
                    "const {} {} = fut_tile_{step_number}_{i}[({} + {}) * {} + fut_kk];",
                    c_type(tile.element),
                    (self.var_names)(value),
                    position * TILE,
                    TILED_OWN[tile.dim],
                    TILE + 1
                );
                self.line(&text);
            }
        }
        let printed = tiled_loop
            .bodies
            .iter()
            .enumerate()
            .try_for_each(|(copy, body)| self.nested(&format!("if (fut_in_{copy}) "), body));
        self.lines.scopes.pop();
        printed?;
        self.lines.indent -= 1;
        self.line("}");
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.lines.indent -= 1;
        self.line("}");
        Ok(())
    }

    /// `head {`, what `body` prints one level deeper, and `}`.
    fn braced(&mut self, head: &str, body: impl FnOnce(&mut Self) -> Result<()>) -> Result<()> {
        self.line(&format!("{head}{{"));
        self.lines.indent += 1;
        let result = body(self);
        self.lines.indent -= 1;
        self.line("}");
        result
    }

    /// A fresh block from the kernel's heap; a work-item finding the heap
    /// full records so (failure -1), and the runtime runs the kernel again
    /// with a larger heap.
    fn heap_alloc(&mut self, mem: Var, bytes: &Exp) -> Result<()> {
        if !self.heap {
            return Err(internal("an allocation from no heap"));
        }
        let (mem, bytes) = (self.mem(mem)?, self.exp(bytes)?);
        self.line("{");
        self.line(&format!(
            "  const uint64_t fut_size = ((uint64_t)({bytes}) + 7) & ~(uint64_t)7;"
        ));
        self.line("  const uint64_t fut_at = atom_add(fut_heap_top, fut_size);");
        self.line("  if (fut_at + fut_size > fut_heap_size) {");
        self.line("    atomic_cmpxchg((volatile __global int *)fut_errors, 0, -1);");
        self.line(&format!("    {}", self.exit));
        self.line("  }");
        self.line(&format!("  {mem} = fut_heap + fut_at;"));
        self.line("}");
        Ok(())
    }
}

impl CodePrinter<McOp> for KernelPrinter<'_> {
    fn lines(&mut self) -> &mut Lines {
        &mut self.lines
    }

    /// Declares a variable in the current scope (once: a second
    /// declaration in one scope is the same variable).
    fn declare(&mut self, var: Var, kind: VarKind) -> Result<()> {
        let scope = self
            .lines
            .scopes
            .last_mut()
            .ok_or_else(|| internal("no scope"))?;
        if scope.insert(var, kind).is_some() {
            return Ok(());
        }
        let name = (self.var_names)(var);
        match kind {
            VarKind::Scalar(t) => self.line(&format!("{} {name};", c_type(t))),
            VarKind::Mem => self.line(&format!("__global unsigned char *{name} = NULL;")),
        }
        Ok(())
    }

    /// Blocks in kernels are regions and heap space, never released.
    fn end_scope(&mut self, _: FxHashMap<Var, VarKind>) {}

    fn set_mem(&mut self, dest: Var, source: Var) -> Result<()> {
        let text = format!("{} = {};", self.mem(dest)?, self.mem(source)?);
        self.line(&text);
        Ok(())
    }

    /// Allocations of called functions and nested tasks come from the
    /// heap, the others from their region (or the heap, where their
    /// region is).
    fn allocate(&mut self, mem: Var, bytes: &Exp) -> Result<()> {
        if !self.calls.is_empty() || self.tasks > 0 {
            return self.heap_alloc(mem, bytes);
        }
        let r = self.allocations;
        let block = match self.regions.get(r) {
            Some(Some(true)) => format!("(2 * {} + (fut_turn_{r} ^= 1))", self.chunk_name),
            Some(Some(false)) => self.chunk_name.clone(),
            Some(None) => {
                self.allocations += 1;
                return self.heap_alloc(mem, bytes);
            }
            None => return Err(internal("an allocation of no region")),
        };
        let text = format!(
            "{} = fut_region_{r} + {block} * (({} + 7) & ~(int64_t)7);",
            self.mem(mem)?,
            self.exp(bytes)?
        );
        self.allocations += 1;
        self.line(&text);
        Ok(())
    }

    fn write(&mut self, block: Var, index: &Exp, element: PrimType, value: &Exp) -> Result<()> {
        let text = format!(
            "((__global {} *){})[{}] = {};",
            c_type(element),
            self.mem(block)?,
            self.exp(index)?,
            self.exp(value)?
        );
        self.line(&text);
        Ok(())
    }

    /// A task inside a kernel (of a function its body calls) runs on the
    /// work-item, as one chunk.
    fn op(&mut self, op: &McOp) -> Result<()> {
        match op {
            McOp::AwaitChunk { .. } | McOp::PublishChunk { .. } => {
                return Err(internal("chained chunks on a device"));
            }
            McOp::TiledMap(tiled) => self.code(&tiled.fallback)?,
            McOp::Chunks { var, .. } => {
                let text = format!("{} = 1;", self.var_name(*var)?);
                self.line(&text);
            }
            McOp::Parallel {
                iterations,
                chunk,
                start,
                end,
                body,
                ..
            } => {
                let iterations = self.exp(iterations)?;
                let names = [*chunk, *start, *end].map(|v| (self.var_names)(v));
                self.line("{");
                self.lines.indent += 1;
                self.lines.scopes.push(FxHashMap::default());
                for (var, name) in [*chunk, *start, *end].iter().zip(&names) {
                    self.lines.bind(*var, VarKind::Scalar(PrimType::I64));
                    self.line(&format!("int64_t {name};"));
                }
                let [c, s, e] = &names;
                self.line(&format!("{c} = 0;"));
                self.line(&format!("{s} = 0;"));
                self.line(&format!("{e} = {iterations};"));
                self.tasks += 1;
                let printed = self.nested("", body);
                self.tasks -= 1;
                self.lines.scopes.pop();
                printed?;
                self.lines.indent -= 1;
                self.line("}");
            }
            // Reductions of a function called inside the kernel, folded
            // by the work-item segment by segment.
            McOp::Reduce {
                segments,
                iterations,
                point,
                step,
                accs,
                neutral,
                segment,
                write,
                ..
            } => {
                let (segments, iterations) = (self.exp(segments)?, self.exp(iterations)?);
                self.line("{");
                self.lines.indent += 1;
                self.lines.scopes.push(FxHashMap::default());
                self.declare(*segment, VarKind::Scalar(PrimType::I64))?;
                let s = (self.var_names)(*segment);
                self.line(&format!("for ({s} = 0; {s} < {segments}; {s}++) {{"));
                self.lines.indent += 1;
                for (&(acc, t), neutral) in accs.iter().zip(neutral) {
                    self.declare(acc, VarKind::Scalar(t))?;
                    let text = format!("{} = {};", (self.var_names)(acc), self.exp(neutral)?);
                    self.line(&text);
                }
                self.lines.bind(*point, VarKind::Scalar(PrimType::I64));
                let p = (self.var_names)(*point);
                self.tasks += 1;
                let printed = self.nested(
                    &format!(
                        "for (int64_t {p} = {s} * {iterations}; {p} < ({s} + 1) * {iterations}; {p}++) "
                    ),
                    step,
                );
                self.tasks -= 1;
                printed?;
                self.contents(write)?;
                self.lines.indent -= 1;
                self.line("}");
                self.lines.scopes.pop();
                self.lines.indent -= 1;
                self.line("}");
            }
            // A scan of a function called inside the kernel, run by the
            // work-item.
            McOp::Scan {
                iterations,
                point,
                step,
                accs,
                neutral,
                others,
                combine,
                write,
            } => {
                let iterations = self.exp(iterations)?;
                self.line("{");
                self.lines.indent += 1;
                self.lines.scopes.push(FxHashMap::default());
                for ((&(acc, t), &other), neutral) in accs.iter().zip(others).zip(neutral) {
                    self.declare(acc, VarKind::Scalar(t))?;
                    self.declare(other, VarKind::Scalar(t))?;
                    let text = format!("{} = {};", (self.var_names)(acc), self.exp(neutral)?);
                    self.line(&text);
                }
                self.lines.bind(*point, VarKind::Scalar(PrimType::I64));
                let p = (self.var_names)(*point);
                self.line(&format!(
                    "for (int64_t {p} = 0; {p} < {iterations}; {p}++) {{"
                ));
                self.lines.indent += 1;
                self.tasks += 1;
                let printed = self
                    .nested("", step)
                    .and_then(|()| self.nested("", combine))
                    .and_then(|()| self.nested("", write));
                self.tasks -= 1;
                printed?;
                self.lines.indent -= 1;
                self.line("}");
                self.lines.scopes.pop();
                self.lines.indent -= 1;
                self.line("}");
            }
            // A histogram of a function called inside the kernel, filled
            // by the work-item.
            McOp::Hist {
                iterations,
                point,
                step,
                bucket,
                value: (value, t),
                op,
                width,
                bin,
                bin_place,
                ..
            } => {
                let iterations = self.exp(iterations)?;
                self.line("{");
                self.lines.indent += 1;
                self.lines.scopes.push(FxHashMap::default());
                self.declare(*bucket, VarKind::Scalar(PrimType::I64))?;
                self.declare(*bin, VarKind::Scalar(PrimType::I64))?;
                self.declare(*value, VarKind::Scalar(*t))?;
                self.lines.bind(*point, VarKind::Scalar(PrimType::I64));
                let p = (self.var_names)(*point);
                self.line(&format!(
                    "for (int64_t {p} = 0; {p} < {iterations}; {p}++) {{"
                ));
                self.lines.indent += 1;
                self.tasks += 1;
                let printed = self.nested("", step);
                self.tasks -= 1;
                printed?;
                let (b, n) = ((self.var_names)(*bucket), (self.var_names)(*bin));
                let width = self.exp(width)?;
                self.line(&format!("if ({b} >= 0 && {b} < {width}) {{"));
                self.lines.indent += 1;
                self.line(&format!("{n} = {b};"));
                let element = Exp::Read {
                    block: bin_place.block,
                    index: Box::new(bin_place.offset.clone()),
                    element: *t,
                };
                let combined = Exp::BinOp(*op, Box::new(element), Box::new(Exp::Var(*value, *t)));
                self.write(bin_place.block, &bin_place.offset, *t, &combined)?;
                self.lines.indent -= 1;
                self.line("}");
                self.lines.indent -= 1;
                self.line("}");
                self.lines.scopes.pop();
                self.lines.indent -= 1;
                self.line("}");
            }
        }
        Ok(())
    }

    /// A call, printed in place: the function's body in a block of its
    /// own, its parameters set to the arguments and the caller's result
    /// variables to its results.
    fn call(
        &mut self,
        results: &[Var],
        func: usize,
        args: &[Arg],
        loc: Option<&Loc>,
    ) -> Result<()> {
        let functions = self.functions;
        let function = functions
            .get(func)
            .ok_or_else(|| internal("a call of no function"))?;
        if self.calls.iter().any(|&(f, _)| f == func) {
            return Err(unsupported("recursive functions"));
        }
        let args = args
            .iter()
            .map(|arg| match arg {
                Arg::Scalar(e) => self.exp(e),
                Arg::Mem(var) => self.mem(*var),
            })
            .collect::<Result<Vec<_>>>()?;
        self.line("{");
        self.lines.indent += 1;
        self.lines.scopes.push(FxHashMap::default());
        for (param, arg) in function.params.iter().zip(&args) {
            let name = (self.var_names)(param.var());
            match *param {
                Param::Scalar(var, t) => {
                    self.lines.bind(var, VarKind::Scalar(t));
                    self.line(&format!("{} {name} = {arg};", c_type(t)));
                }
                Param::Mem(var, _) => {
                    self.lines.bind(var, VarKind::Mem);
                    self.line(&format!("__global unsigned char *{name} = {arg};"));
                }
            }
        }
        for result in &function.results {
            let kind = match *result {
                Param::Scalar(_, t) => VarKind::Scalar(t),
                Param::Mem(..) => VarKind::Mem,
            };
            self.declare(result.var(), kind)?;
        }
        self.calls.push((func, loc.cloned()));
        let printed = self.contents(&function.body);
        self.calls.pop();
        printed?;
        let mut sets = Vec::new();
        for (&target, result) in results.iter().zip(&function.results) {
            sets.push(format!(
                "{} = {};",
                self.var_name(target)?,
                (self.var_names)(result.var())
            ));
        }
        self.lines.scopes.pop();
        for set in sets {
            self.line(&set);
        }
        self.lines.indent -= 1;
        self.line("}");
        Ok(())
    }

    fn copy(
        &mut self,
        element: PrimType,
        shape: &[Exp],
        dest: &MemLoc,
        source: &MemLoc,
    ) -> Result<()> {
        let es = element.byte_size();
        let (d, s) = (self.mem(dest.block)?, self.mem(source.block)?);
        let (d_offset, s_offset) = (self.exp(&dest.offset)?, self.exp(&source.offset)?);
        if shape.is_empty() {
            self.line(&format!(
                "fut_copy_element_bytes({es}, {d}, {d_offset}, {s}, {s_offset});"
            ));
            return Ok(());
        }
        let list = |k: &Self, exps: &[Exp]| -> Result<String> {
            let items = exps.iter().map(|e| k.exp(e)).collect::<Result<Vec<_>>>()?;
            Ok(format!("{{{}}}", items.join(", ")))
        };
        let text = format!(
            "{{ const int64_t shape[] = {}, dest_strides[] = {}, source_strides[] = {}; fut_copy_lmad({es}, {}, shape, {d}, {d_offset}, dest_strides, {s}, {s_offset}, source_strides); }}",
            list(self, shape)?,
            list(self, &dest.strides)?,
            list(self, &source.strides)?,
            shape.len()
        );
        self.line(&text);
        Ok(())
    }

    /// A failing assertion records its number and values (as 64-bit
    /// slots, see `fut_fail_slots`) unless another work-item recorded a
    /// failure first, and ends the work-item.
    fn assert(&mut self, condition: &Exp, message: &[ErrorPart], loc: Option<&Loc>) -> Result<()> {
        if matches!(condition, Exp::Const(prim::PrimValue::Bool(true))) {
            return Ok(());
        }
        let (format, values) = failure_format(message)?;
        let mut slots = Vec::new();
        for value in values {
            let text = self.exp(value)?;
            slots.push(match exp_type(value) {
                PrimType::F32 | PrimType::F64 => format!("f64_bits((double)({text}))"),
                PrimType::I8 | PrimType::I16 | PrimType::I32 | PrimType::I64 => {
                    format!("(uint64_t)(int64_t)({text})")
                }
                _ => format!("(uint64_t)({text})"),
            });
        }
        // The statement's locations, then those of the calls printed in
        // place around it, innermost first.
        let mut lines: Vec<String> = loc.map(frames).unwrap_or_default();
        for (_, call) in self.calls.iter().rev() {
            lines.extend(call.as_ref().map(frames).unwrap_or_default());
        }
        let locs = if lines.is_empty() {
            "NULL".to_owned()
        } else {
            c_literal(&lines.join("\n"))
        };
        self.failures.push((format, locs));
        let number = self.failures.len();
        let condition = self.exp(condition)?;
        self.line(&format!("if (!({condition})) {{"));
        self.line(&format!(
            "  if (atomic_cmpxchg((volatile __global int *)fut_errors, 0, {number}) == 0) {{"
        ));
        for (i, slot) in slots.iter().enumerate() {
            self.line(&format!("    fut_errors[{}] = {slot};", i + 1));
        }
        self.line("  }");
        self.line(&format!("  {}", self.exit));
        self.line("}");
        Ok(())
    }
}
