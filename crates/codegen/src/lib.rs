//! C code generation from the core IR. [`generate`] produces one C99
//! file in one of three [`Mode`]s (an executable, a server, a library),
//! with its header and JSON manifest. The file holds the header's
//! declarations, the embedded runtime (`runtime/runtime.c`), one C
//! function per IR function, the C API (`runtime/api.c` over generated
//! tables, see `api.rs`) and, for executables, a `main`
//! (`runtime/driver.c`).
//!
//! Scalars are unboxed C variables; arrays are reference-counted blocks
//! (`arr`) with element type, rank, shape and row-major data. Every IR
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
mod gen_c;

use std::fmt;

pub use gen_c::{Generated, Mode, generate};

/// A construct the C generator cannot translate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodegenError(pub String);

impl fmt::Display for CodegenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CodegenError {}

/// The C runtime every generated program embeds.
pub const RUNTIME: &str = include_str!("../runtime/runtime.c");
/// The C API over the generated tables, in every generated program.
const API: &str = include_str!("../runtime/api.c");
/// The `main`s of executables and servers.
const DRIVER: &str = include_str!("../runtime/driver.c");
