//! The optimisation passes on the core IR, run between lowering and the
//! interpreter or a code generator. Each pass preserves what a program
//! computes and how it fails at run time (messages, order of failures,
//! locations and backtraces); each module states what it guarantees.
//!
//! [`optimise`] runs the pipeline: inlining, then simplification, fusion
//! and simplification again (fusion leaves copies and dead code behind,
//! and the simplifier exposes more fusion by resolving sizes). In debug
//! builds the IR checker runs after every pass.

pub mod extract_mc;
pub mod first_order;
pub mod fuse;
pub mod inline;
pub mod simplify;

use crate::ir::Program;
use crate::ir::check::{TypeError, check_program};

/// A pass: its name (for errors) and what it does to a program.
type Pass = (&'static str, fn(&mut Program));

const PIPELINE: &[Pass] = &[
    ("inline", inline::inline),
    ("simplify", simplify::simplify),
    ("simplify", simplify::simplify),
    ("fuse", fuse::fuse),
    ("simplify", simplify::simplify),
    ("fuse", fuse::fuse),
    ("simplify", simplify::simplify),
];

/// Runs the optimisation pipeline on a program, checking it after every
/// pass in debug builds; an ill-typed result is a compiler bug, reported
/// with the pass that produced it.
pub fn optimise(program: &mut Program) -> Result<(), TypeError> {
    for (name, pass) in PIPELINE {
        pass(program);
        if cfg!(debug_assertions) {
            check_program(program).map_err(|error| TypeError {
                function: error.function,
                message: format!("after the {name} pass: {}", error.message),
            })?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
