//! Semantic analysis of Futhark programs on a salsa database.
//!
//! Inputs are source files and the set of known files ([`files`]); queries
//! parse them, resolve imports and gather whole programs. Name resolution,
//! the module system, type and size inference and uniqueness checking build
//! on these (see `docs/architecture.md` for what exists).

pub mod body;
mod checked;
pub mod db;
pub mod diagnostics;
pub mod files;
pub mod ide;
pub mod infer;
pub mod intrinsics;
pub mod item_tree;
pub mod lower;
pub mod name;
pub mod prelude;
pub mod pretty;
pub mod resolve;
pub mod store;
pub mod ty;

pub use checked::{CheckedProgram, load_checked, load_checked_roots};
pub use db::{Db, RootDatabase};
pub use diagnostics::{Diagnostic, Related, Severity};
pub use files::{FileSet, Import, Program, SourceFile, load_program, parse, program};
