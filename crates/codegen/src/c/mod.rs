//! C from the imperative IR, for every C back end: one C file per
//! program, with its header and JSON manifest, in one of three [`Mode`]s.
//! The file holds the header's declarations, the runtime's prelude
//! (`runtime/prelude.h`), one C function per Imp function
//! ([`function`]), the tasks the back end's operations outline (see
//! [`COp`]), the entry points' trampolines between the C API's arrays
//! and the functions' blocks, the API's tables and public functions
//! (`api.rs`), and, for executables and servers, a `main`. The generic
//! runtime is the same for every program of a back end
//! ([`crate::runtime_source`]): a library's file holds it, executables
//! and servers link it compiled once.

mod device_body;
mod function;
mod mc;
mod opencl;
pub(crate) mod scalar;

pub use function::{COp, FunctionPrinter, VarKind, VarUses, check_nesting};

use crate::api::Api;
use crate::imp::translate::{NoOp, generate_device, generate_mc, generate_seq};
use crate::imp::{self, EntryArg, EntryDim, EntryResult, Param};
use crate::{API, Backend, CodegenError, OPENCL, PRELUDE, RUNTIME, SCHEDULER};
use function::{ProgramPrinter, Result};
use opt::ir::{self, McMem, Rep, SeqMem};
use scalar::{c_type, elem_code};
use std::fmt::Write as _;

/// What a C back end makes of a program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// An executable reading arguments from standard input.
    Executable,
    /// An executable speaking the server protocol.
    Server,
    /// A library: the C file and its header, no `main`.
    Library,
}

/// The C file of a program, its header and manifest, and for OpenCL
/// its kernels.
#[derive(Debug, Clone)]
pub struct Generated {
    pub c: String,
    pub header: String,
    pub manifest: String,
    pub kernels: Option<KernelProgram>,
}

/// The OpenCL program a program's host code builds: the source (the
/// runtime's scalar operations and kernels, then the generated kernels),
/// the generated kernels' names, in the order host code numbers them,
/// and the message formats of the failures kernels record, by number.
#[derive(Debug, Clone)]
pub struct KernelProgram {
    pub source: String,
    pub names: Vec<String>,
    pub failures: Vec<String>,
}

impl COp for NoOp {
    fn print(&self, _: &mut FunctionPrinter<'_, '_, Self>) -> Result<()> {
        match *self {}
    }

    fn visit(&self, _: &mut VarUses) {
        match *self {}
    }
}

/// The sequential C of a program at the `seq-mem` level.
pub fn generate_sequential(program: &ir::Program<SeqMem>, mode: Mode) -> Result<Generated> {
    let imp = generate_seq(program)?;
    generate(program, &imp, Backend::C, mode)
}

/// The multicore C of a program at the `mc-mem` level.
pub fn generate_multicore(program: &ir::Program<McMem>, mode: Mode) -> Result<Generated> {
    let imp = generate_mc(program)?;
    generate(program, &imp, Backend::Multicore, mode)
}

/// The OpenCL C of a program at the `mc-mem` level: host C whose parallel
/// tasks are OpenCL kernels (see `opencl.rs`).
pub fn generate_opencl(program: &ir::Program<McMem>, mode: Mode) -> Result<Generated> {
    let mut imp = generate_device(program)?;
    device_body::move_element_code(&mut imp);
    generate(program, &imp, Backend::OpenCl, mode)
}

fn generate<R: Rep, Op: COp>(
    core: &ir::Program<R>,
    imp: &imp::Program<Op>,
    backend: Backend,
    mode: Mode,
) -> Result<Generated> {
    let mut api = Api::new(core)?;
    api.set_tuning_params(&imp.tuning_params);
    let header = api.header(backend);
    let single_file = mode == Mode::Library;
    let mut out = String::new();
    // The header's declarations, but not its include guard.
    out.push_str(&header.replacen("#pragma once\n", "", 1));
    if single_file {
        out.push_str("#define FUT_SINGLE_FILE\n");
    }
    match backend {
        Backend::C => {}
        Backend::Multicore => out.push_str("#define FUT_MULTICORE\n"),
        Backend::OpenCl => out.push_str("#define FUT_OPENCL\n"),
    }
    out.push_str(PRELUDE);
    out.push_str("\n/* ---------------- the program ---------------- */\n");
    let mut printer = ProgramPrinter::new(imp);
    if backend == Backend::OpenCl {
        printer.kernels = Some(opencl::Kernels::default());
    }
    for index in 0..imp.functions.len() {
        let _ = writeln!(out, "{};", printer.signature(index));
    }
    for index in 0..imp.functions.len() {
        let function = printer.function(index)?;
        out.push_str(&std::mem::take(&mut printer.tasks));
        out.push_str(&function);
    }
    out.push_str("\n/* ---------------- the API ---------------- */\n");
    for (k, entry) in imp.entry_points.iter().enumerate() {
        out.push_str(&trampoline(&printer, k, entry)?);
    }
    api.tables(&mut out);
    if let Some(kernels) = &printer.kernels {
        kernels.tables(&mut out);
    }
    if single_file {
        out.push_str(RUNTIME);
        match backend {
            Backend::C => {}
            Backend::Multicore => out.push_str(SCHEDULER),
            Backend::OpenCl => out.push_str(OPENCL),
        }
        out.push_str(API);
    }
    api.definitions(&mut out);
    match mode {
        Mode::Library => {}
        Mode::Executable => {
            out.push_str("int main(int argc, char **argv) { return exe_main(argc, argv); }\n");
        }
        Mode::Server => {
            out.push_str("int main(int argc, char **argv) { return server_main(argc, argv); }\n");
        }
    }
    Ok(Generated {
        c: out,
        header,
        manifest: api.manifest(backend),
        kernels: printer.kernels.as_ref().map(opencl::Kernels::program),
    })
}

fn internal(message: &str) -> CodegenError {
    CodegenError::internal(format!("internal error in the C generator: {message}"))
}

/// The function `fut_call` runs for entry point `k`: it takes the
/// arguments' components (owned references to API arrays, scalars as
/// rank-0 arrays), passes the function their scalars, sizes and blocks
/// (copying arrays that are not row-major from their block's start, or
/// that a consumed argument shares), and wraps the results' blocks as
/// API arrays. A failure's message goes to the context.
fn trampoline<Op: COp>(
    printer: &ProgramPrinter<'_, Op>,
    k: usize,
    entry: &imp::EntryPoint,
) -> Result<String> {
    let func = entry.source.func.0 as usize;
    let function = printer
        .program
        .functions
        .get(func)
        .ok_or_else(|| internal("an entry point of no function"))?;
    // Whether each component belongs to a consumed parameter.
    let mut consumed = Vec::new();
    for (i, param) in entry.source.params.iter().enumerate() {
        let unique = entry.source.api.params_unique.get(i).copied() == Some(true);
        consumed.extend(std::iter::repeat_n(unique, param.components()));
    }
    let mut out = format!("static int entry_run_{k}(fut_ctx *ctx, arr **outs, arr **ins) {{\n");
    out.push_str("  fut_run run;\n  fut_run_start(&run, ctx);\n  int err = 0;\n");
    let mut args = vec!["&run".to_owned()];
    let mut blocks = Vec::new();
    for (position, (arg, param)) in entry.args.iter().zip(&function.params).enumerate() {
        let name = format!("a{position}");
        match (*arg, *param) {
            (EntryArg::Size { component, dim }, Param::Scalar(_, t)) => {
                let _ = writeln!(
                    out,
                    "  {} {name} = ins[{component}]->shape[{dim}];",
                    c_type(t)
                );
            }
            (EntryArg::Scalar { component }, Param::Scalar(_, t)) => {
                let t = c_type(t);
                let _ = writeln!(out, "  {t} {name} = *(const {t} *)ins[{component}]->data;");
            }
            (EntryArg::Block { component }, Param::Mem(..)) => {
                let _ = writeln!(out, "  fut_mem *{name} = NULL;");
                blocks.push((name.clone(), component));
            }
            _ => {
                return Err(internal(
                    "an entry point's argument does not fit its parameter",
                ));
            }
        }
        args.push(name);
    }
    if args.len() - 1 != function.params.len() {
        return Err(internal(
            "an entry point's arguments do not fit its function",
        ));
    }
    for (position, result) in function.results.iter().enumerate() {
        let name = format!("r{position}");
        match *result {
            Param::Scalar(_, t) => {
                let _ = writeln!(out, "  {} {name} = 0;", c_type(t));
            }
            Param::Mem(..) => {
                let _ = writeln!(out, "  fut_mem *{name} = NULL;");
            }
        }
        args.insert(1 + position, format!("&{name}"));
    }
    for (name, component) in &blocks {
        let unique = u8::from(consumed.get(*component).copied().unwrap_or(false));
        let _ = writeln!(
            out,
            "  if (err == 0) err = arr_block(&run, ins[{component}], {unique}, &{name});"
        );
        if printer.device_memory() {
            let _ = writeln!(
                out,
                "  if (err == 0) err = fut_cl_upload(&run, &{name}, ins[{component}]);"
            );
        }
    }
    let _ = writeln!(
        out,
        "  if (err == 0) err = {}({});",
        printer.function_name(func),
        args.join(", ")
    );
    if printer.device_memory() {
        // Kernels run on after their launch: the call ends when they have.
        out.push_str("  if (err == 0) err = fut_cl_pending(&run);\n");
    }
    for (name, _) in &blocks {
        let _ = writeln!(out, "  mem_release(&{name});");
    }
    for component in 0..consumed.len() {
        let _ = writeln!(out, "  arr_release(ins[{component}]);");
    }
    let mems: Vec<usize> = function
        .results
        .iter()
        .enumerate()
        .filter(|(_, r)| matches!(r, Param::Mem(..)))
        .map(|(position, _)| position)
        .collect();
    out.push_str("  if (err != 0) {\n");
    for &position in &mems {
        let _ = writeln!(out, "    mem_release(&r{position});");
    }
    out.push_str("    return fut_run_end(&run, err);\n  }\n");
    let mut wrapped = Vec::new();
    for (k, result) in entry.results.iter().enumerate() {
        match result {
            EntryResult::Scalar { position, ty } => {
                let _ = writeln!(
                    out,
                    "  outs[{k}] = arr_scalar(ctx, {}, &r{position});",
                    elem_code(*ty)
                );
            }
            EntryResult::Array {
                element,
                block,
                dims,
            } => {
                if wrapped.contains(block) {
                    let _ = writeln!(out, "  mem_retain(r{block});");
                }
                wrapped.push(*block);
                let dims: Vec<String> = dims
                    .iter()
                    .map(|d| match *d {
                        EntryDim::Const(c) => c.to_string(),
                        EntryDim::Param(p) => format!("a{p}"),
                        EntryDim::Result(p) => format!("r{p}"),
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    "  {{\n    const int64_t shape[] = {{{}}};\n    outs[{k}] = arr_of_block(ctx, {}, {}, shape, r{block});\n  }}",
                    dims.join(", "),
                    elem_code(*element),
                    dims.len()
                );
            }
        }
    }
    for position in mems {
        if !wrapped.contains(&position) {
            let _ = writeln!(out, "  mem_release(&r{position});");
        }
    }
    out.push_str("  return 0;\n}\n");
    Ok(out)
}
