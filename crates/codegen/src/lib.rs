//! C code generation from the core IR. [`generate_c`] produces one C99
//! file: the embedded runtime (`runtime/runtime.c`), one C function per IR
//! function, and a `main` that reads an entry point's arguments from
//! standard input (binary data format) and prints its results.
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
//! Run-time failures print `Error: <message>` (the interpreter's message)
//! on stderr and exit with 1.

mod gen_c;

use std::fmt;

pub use gen_c::generate_c;

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
