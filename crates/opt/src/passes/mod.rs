//! The optimisation passes on the core IR, run between lowering and the
//! interpreter or a code generator. Each pass preserves what a program
//! computes and how it fails at run time (messages, order of failures,
//! locations and backtraces); each module states what it guarantees.
//!
//! [`PASSES`] names every pass (the one list of pass names, which `futc
//! dev --pass` offers); [`optimise`] runs the pipeline [`PIPELINE`]:
//! inlining, then simplification, fusion and simplification again (fusion
//! leaves copies and dead code behind, and the simplifier exposes more
//! fusion by resolving sizes). In debug builds the IR checker runs after
//! every pass.

pub mod extract_mc;
pub mod first_order;
pub mod fuse;
pub mod inline;
pub mod simplify;

use crate::ir::Program;
use crate::ir::check::{TypeError, check_program};

/// A named transformation of a whole program.
#[derive(Debug, Clone, Copy)]
pub struct Pass {
    pub name: &'static str,
    transform: fn(&mut Program),
}

const INLINE: Pass = Pass {
    name: "inline",
    transform: inline::inline,
};

const SIMPLIFY: Pass = Pass {
    name: "simplify",
    transform: simplify::simplify,
};

const FUSE: Pass = Pass {
    name: "fuse",
    transform: fuse::fuse,
};

/// Every pass.
pub const PASSES: &[Pass] = &[INLINE, SIMPLIFY, FUSE];

/// The passes [`optimise`] runs, in order.
pub const PIPELINE: &[Pass] = &[INLINE, SIMPLIFY, SIMPLIFY, FUSE, SIMPLIFY, FUSE, SIMPLIFY];

impl Pass {
    /// The pass of [`PASSES`] called `name`.
    pub fn named(name: &str) -> Option<Pass> {
        PASSES.iter().copied().find(|pass| pass.name == name)
    }

    /// Runs the pass on a program, checking the result in debug builds;
    /// an ill-typed result is a compiler bug, reported with the pass that
    /// produced it.
    pub fn run(self, program: &mut Program) -> Result<(), TypeError> {
        (self.transform)(program);
        if cfg!(debug_assertions) {
            check_program(program).map_err(|error| TypeError {
                function: error.function,
                message: format!("after the {} pass: {}", self.name, error.message),
            })?;
        }
        Ok(())
    }
}

/// Runs the optimisation pipeline on a program (see [`Pass::run`]).
pub fn optimise(program: &mut Program) -> Result<(), TypeError> {
    PIPELINE.iter().try_for_each(|pass| pass.run(program))
}

#[cfg(test)]
mod tests;
