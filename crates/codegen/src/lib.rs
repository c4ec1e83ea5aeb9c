//! C code generation from the core IR. [`generate`] produces one C99
//! file in one of three [`Mode`]s (an executable, a server, a library),
//! with its header and JSON manifest. The file holds the header's
//! declarations, the runtime's prelude (`runtime/prelude.h`: types,
//! structures, inlined scalar operations), one C function per IR
//! function, the tables of the C API (see `api.rs`) and its public
//! functions, and, for executables and servers, a `main`. The generic
//! runtime (`runtime/runtime.c`, the API over the tables in
//! `runtime/api.c`, the drivers in `runtime/driver.c`) is the same for
//! every program: a library's file holds it, while executables and
//! servers link it compiled once ([`runtime_source`]).
//!
//! Scalars are unboxed C variables; arrays are reference-counted blocks
//! (`arr`) with element type, rank, shape and an index function of one
//! LMAD (the first element's address and a stride per dimension), so
//! that rows, slices (strided or reversed), transpositions and reshapes
//! of row-major arrays are views of the same block. Views are copied
//! before an in-place update, reshapes of non-row-major views copy, and
//! entry points hand out row-major arrays. Every IR
//! variable is a C local of its function. A variable holding an array
//! owns one reference: binding retains, and each body releases the arrays
//! its statements bound once its results have been retained, so the
//! values a loop threads through its iterations keep a reference count of
//! one and are updated in place. A consuming use (an update, a unique
//! parameter of a call or loop, the destinations of `hist` and `scatter`)
//! moves the reference out of the variable and copies only when the
//! count is above one, as the interpreter's `Arc::make_mut` does.
//!
//! Every generated function takes the context (`struct
//! futhark_context`). A run-time failure records the interpreter's
//! message in it and `longjmp`s back to the API function that started the
//! work, which returns 2 (or 3 when out of memory). Arrays never hold
//! other arrays, and the context lists every array alive and how many of
//! its references API values hold, so after a failure the arrays no API
//! value holds are freed and the others' counts reset: nothing leaks.
//!
//! The API is upstream's: per array type `futhark_new_i32_1d` and the
//! rest, opaque types (records, tuples, sums, anything else) named after
//! the type abbreviation the entry point writes, or a readable name with
//! a hash, `futhark_entry_NAME(ctx, outs..., ins...)` with a tuple result
//! as several outputs. All of these are thin wrappers around generic
//! functions driven by a table of types and one of entry points; a
//! value handed out (`fut_obj`) is its type and its components (the IR
//! values, scalars as rank-0 arrays). Consumed (unique) arguments give
//! up their components so the program updates them in place. Opaque
//! values are stored as their components in the binary data format. The
//! executable's `main` (arguments on stdin, `-e`, `-b`, `-t`, `-r`,
//! `-D`, `--entry-points`) and the server (upstream's protocol) call
//! entry points through the same generic `fut_call` as the library.

mod api;
pub mod c;
mod gen_c;
pub mod imp;

use std::fmt;

pub use c::{Generated, Mode};
pub use gen_c::generate;

/// A C back end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// Sequential C (`futc c`).
    C,
    /// C with a thread pool running parallel tasks (`futc multicore`).
    Multicore,
}

impl Backend {
    /// The name upstream's manifests and `FUTHARK_BACKEND_*` use.
    pub fn name(self) -> &'static str {
        match self {
            Backend::C => "c",
            Backend::Multicore => "multicore",
        }
    }

    fn description(self) -> &'static str {
        match self {
            Backend::C => "sequential C",
            Backend::Multicore => "multicore C",
        }
    }
}

/// A construct the C generator cannot translate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodegenError(pub String);

impl fmt::Display for CodegenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CodegenError {}

/// The part of the runtime every generated file holds: types, structures,
/// scalar operations and the declarations of the generic runtime.
const PRELUDE: &str = include_str!("../runtime/prelude.h");
/// The generic runtime: failures, memory blocks, arrays, the data formats.
const RUNTIME: &str = include_str!("../runtime/runtime.c");
/// The multicore back end's thread pool.
const SCHEDULER: &str = include_str!("../runtime/scheduler.c");
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
    }
}
