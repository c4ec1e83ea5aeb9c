//! C code generation: the imperative IR ([`imp`]), made from a program
//! at a memory level of the core IR, and the C back ends over it ([`c`]):
//! sequential C (`futc c`) from the `seq-mem` level and multicore C
//! (`futc multicore`) from the `mc-mem` level, each one C99 file per
//! program in one of three [`Mode`]s (an executable, a server, a
//! library), with its header and JSON manifest. The generic runtime
//! (`runtime/`: memory blocks, failures, the data formats, the C API over
//! the program's tables, the drivers of executables and servers, and for
//! multicore the thread pool) is the same for every program of a back
//! end: a library's file holds it, while executables and servers link it
//! compiled once ([`runtime_source`]).
//!
//! The API is upstream's: per array type `futhark_new_i32_1d` and the
//! rest, opaque types (records, tuples, sums, anything else) named after
//! the type abbreviation the entry point writes, or a readable name with
//! a hash, `futhark_entry_NAME(ctx, outs..., ins...)` with a tuple result
//! as several outputs. All of these are thin wrappers around generic
//! functions driven by a table of types and one of entry points
//! (`api.rs`); a value handed out (`fut_obj`) is its type and its
//! components (arrays over memory blocks, scalars as rank-0 arrays).
//! Consumed (unique) arguments give up their components so the program
//! updates them in place. The executable's `main` and the server
//! (upstream's protocol) call entry points through the same generic
//! `fut_call` as the library.

mod api;
pub mod c;
pub mod imp;

use std::fmt;

pub use c::{Generated, KernelProgram, Mode};

/// A C back end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// Sequential C (`futc c`).
    C,
    /// C with a thread pool running parallel tasks (`futc multicore`).
    Multicore,
    /// C host code running OpenCL kernels (`futc opencl`).
    OpenCl,
}

impl Backend {
    /// The name upstream's manifests and `FUTHARK_BACKEND_*` use.
    pub fn name(self) -> &'static str {
        match self {
            Backend::C => "c",
            Backend::Multicore => "multicore",
            Backend::OpenCl => "opencl",
        }
    }

    fn description(self) -> &'static str {
        match self {
            Backend::C => "sequential C",
            Backend::Multicore => "multicore C",
            Backend::OpenCl => "OpenCL",
        }
    }
}

/// A construct the C generator cannot translate: a bug of the compiler,
/// or what a back end does not support yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodegenError {
    message: String,
    limitation: bool,
}

impl CodegenError {
    /// A bug of the compiler.
    pub fn internal(message: String) -> Self {
        CodegenError {
            message,
            limitation: false,
        }
    }

    /// What a back end does not support yet.
    pub fn limitation(message: String) -> Self {
        CodegenError {
            message,
            limitation: true,
        }
    }

    pub fn is_limitation(&self) -> bool {
        self.limitation
    }
}

impl fmt::Display for CodegenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CodegenError {}

/// The part of the runtime every generated file holds: the scalar
/// operations (shared with OpenCL kernels), types, structures and the
/// declarations of the generic runtime.
const PRELUDE: &str = concat!(
    include_str!("../runtime/scalar.h"),
    include_str!("../runtime/prelude.h")
);
/// The generic runtime: failures, memory blocks, arrays, the data formats.
const RUNTIME: &str = include_str!("../runtime/runtime.c");
/// The multicore back end's thread pool.
const SCHEDULER: &str = include_str!("../runtime/scheduler.c");
/// The OpenCL back end's host runtime.
const OPENCL: &str = include_str!("../runtime/opencl.c");
/// The C API over the generated tables.
const API: &str = include_str!("../runtime/api.c");
/// The `main`s of executables and servers.
const DRIVER: &str = include_str!("../runtime/driver.c");

/// The generic runtime of a back end as one C file, the same for every
/// program: the prelude, the runtime (and the thread pool), the API over
/// the program's tables and the drivers. Executables and servers are the
/// generated file linked with this file compiled on its own (with the
/// same compiler and flags), so it is compiled once rather than with
/// every program.
pub fn runtime_source(backend: Backend) -> String {
    match backend {
        Backend::C => [PRELUDE, RUNTIME, API, DRIVER].concat(),
        Backend::Multicore => [
            "#define FUT_MULTICORE\n",
            PRELUDE,
            RUNTIME,
            SCHEDULER,
            API,
            DRIVER,
        ]
        .concat(),
        Backend::OpenCl => [
            "#define FUT_OPENCL\n",
            PRELUDE,
            RUNTIME,
            OPENCL,
            API,
            DRIVER,
        ]
        .concat(),
    }
}
