//! The multicore back end's operations in C: `Chunks` asks the thread
//! pool how to split a task (`fut_chunks`), and `Parallel` outlines its
//! body into a task function over a structure of the variables it reads
//! (`struct task_N_env`), which `fut_parallel` runs once per chunk on the
//! pool's threads (see `runtime/scheduler.c`). The OpenCL back end
//! prints them as kernels instead (`opencl.rs`).

use super::function::{COp, CodePrinter, FunctionPrinter, Result, VarUses};
use crate::CodegenError;
use crate::imp::mc::{Chunking, McOp, TiledStep};

impl COp for McOp {
    fn print(&self, printer: &mut FunctionPrinter<'_, '_, Self>) -> Result<()> {
        if printer.prog.device_memory() {
            return super::opencl::print_op(self, printer);
        }
        match self {
            McOp::Chunks {
                var,
                iterations,
                kind,
            } => {
                let text = format!(
                    "{} = fut_chunks(run, {}, {});",
                    printer.var(*var)?,
                    printer.exp(iterations)?,
                    match kind {
                        Chunking::Partials | Chunking::Points => 0,
                        Chunking::Light => 1,
                        Chunking::Chained => 2,
                    }
                );
                printer.line(&text);
            }
            McOp::AwaitChunk {
                chunk,
                flags,
                proceed,
            } => {
                let text = format!(
                    "{} = fut_await_chunk(run, (const int32_t *){}->data, {});",
                    printer.var(*proceed)?,
                    printer.mem(*flags)?,
                    printer.exp(chunk)?
                );
                printer.line(&text);
            }
            McOp::PublishChunk { chunk, flags } => {
                let text = format!(
                    "fut_publish_chunk((int32_t *){}->data, {});",
                    printer.mem(*flags)?,
                    printer.exp(chunk)?
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
                let name = printer.prog.new_task();
                printer.line("{");
                printer.indent();
                let env = printer.outline(&name, body, *chunk, *start, *end)?;
                let call = format!(
                    "fut_parallel(run, {name}, {env}, {}, {})",
                    printer.exp(iterations)?,
                    printer.exp(chunks)?
                );
                printer.checked(&call, None);
                printer.dedent();
                printer.line("}");
            }
            McOp::Reduce { .. } | McOp::Scan { .. } | McOp::Hist { .. } | McOp::TiledMap(_) => {
                return Err(CodegenError::internal(
                    "internal error: a work-group operation in multicore code".to_owned(),
                ));
            }
        }
        Ok(())
    }

    fn visit(&self, uses: &mut VarUses) {
        match self {
            McOp::Chunks {
                var, iterations, ..
            } => {
                uses.exp(iterations);
                uses.set(*var);
            }
            McOp::AwaitChunk {
                chunk,
                flags,
                proceed,
            } => {
                uses.exp(chunk);
                uses.read(*flags);
                uses.set(*proceed);
            }
            McOp::PublishChunk { chunk, flags } => {
                uses.exp(chunk);
                uses.read(*flags);
            }
            McOp::Parallel {
                iterations,
                chunks,
                chunk,
                start,
                end,
                body,
            } => {
                uses.exp(iterations);
                uses.exp(chunks);
                uses.scoped(|uses| {
                    uses.declare(*chunk);
                    uses.declare(*start);
                    uses.declare(*end);
                    uses.code(body);
                });
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
                segment,
                write,
                ..
            } => {
                uses.exp(segments);
                uses.exp(iterations);
                neutral.iter().for_each(|e| uses.exp(e));
                uses.scoped(|uses| {
                    uses.declare(*point);
                    uses.declare(*segment);
                    accs.iter().for_each(|&(acc, _)| uses.declare(acc));
                    others.iter().for_each(|&other| uses.declare(other));
                    uses.code(step);
                    uses.code(combine);
                    uses.code(write);
                });
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
                uses.exp(iterations);
                neutral.iter().for_each(|e| uses.exp(e));
                uses.scoped(|uses| {
                    uses.declare(*point);
                    accs.iter().for_each(|&(acc, _)| uses.declare(acc));
                    others.iter().for_each(|&other| uses.declare(other));
                    uses.code(step);
                    uses.code(combine);
                    uses.code(write);
                });
            }
            McOp::Hist {
                iterations,
                point,
                step,
                bucket,
                value,
                neutral,
                width,
                bin,
                bin_place,
                ..
            } => {
                uses.exp(iterations);
                uses.exp(neutral);
                uses.exp(width);
                uses.scoped(|uses| {
                    uses.declare(*point);
                    uses.declare(*bucket);
                    uses.declare(value.0);
                    uses.declare(*bin);
                    uses.code(step);
                    uses.read(bin_place.block);
                    uses.exp(&bin_place.offset);
                });
            }
            McOp::TiledMap(tiled) => {
                tiled.sizes.iter().for_each(|e| uses.exp(e));
                uses.scoped(|uses| {
                    tiled
                        .indices
                        .iter()
                        .flatten()
                        .for_each(|&v| uses.declare(v));
                    for step in &tiled.steps {
                        match step {
                            TiledStep::Point(copies) => copies.iter().for_each(|c| uses.code(c)),
                            TiledStep::Loop(tiled_loop) => {
                                uses.exp(&tiled_loop.bound);
                                uses.scoped(|uses| {
                                    uses.declare(tiled_loop.counter);
                                    for tile in &tiled_loop.tiles {
                                        uses.declare(tile.row);
                                        tile.values.iter().for_each(|&v| uses.declare(v));
                                        uses.read(tile.block);
                                        uses.exp(&tile.index);
                                    }
                                    tiled_loop.bodies.iter().for_each(|c| uses.code(c));
                                });
                            }
                        }
                    }
                });
                uses.scoped(|uses| uses.code(&tiled.fallback));
            }
        }
    }
}
