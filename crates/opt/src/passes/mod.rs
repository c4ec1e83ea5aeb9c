//! The optimisation passes on the core IR, run between lowering and the
//! interpreter or a code generator. Each pass preserves what a program
//! computes and how it fails at run time: a program that succeeds
//! computes the same values; one that fails fails with the message,
//! location and backtrace of a failure its sequential reading reaches.
//! All passes but fusion also keep the order of failures. Fusion, like
//! parallel code, may reorder failing operations along their data
//! dependencies, so that a program with several failures may report
//! another of them, but only one whose operands the program computes
//! ([`fuse`] states it precisely). Each module states what it
//! guarantees.
//!
//! [`PASSES`] names every pass (the one list of pass names, which `futc
//! dev --pass` offers); [`optimise`] runs the pipeline [`PIPELINE`]:
//! inlining, then simplification, fusion and simplification again (fusion
//! leaves copies and dead code behind, and the simplifier exposes more
//! fusion by resolving sizes). The [`Pipeline`]s go on from there to a
//! lower level of the IR ([`LevelProgram`]): the first-order transform to
//! sequential code, extraction of multicore parallelism to segmented
//! operations, and explicit allocation to the memory levels. In debug builds the IR checker runs after every pass.

pub mod coalesce;
pub mod explicit_alloc;
pub mod extract_mc;
pub mod first_order;
pub mod fuse;
pub mod inline;
pub mod migrate;
pub mod reuse;
pub mod simplify;

use crate::interp::{RunError, run_entry};
use crate::ir::check::{TypeError, check_program};
use crate::ir::metrics::{Metrics, program_metrics};
use crate::ir::parse::{ParseError, parse_program, program_level};
use crate::ir::print::print_program;
use crate::ir::{Mc, McMem, Program, Rep, Seq, SeqMem, Soacs};
use crate::value::Value;
use std::fmt;

/// A program at one of the levels of the IR.
#[derive(Debug, Clone, PartialEq)]
pub enum LevelProgram {
    Soacs(Program<Soacs>),
    Seq(Program<Seq>),
    Mc(Program<Mc>),
    SeqMem(Program<SeqMem>),
    McMem(Program<McMem>),
}

/// Calls `$f` on the program, whatever its level.
macro_rules! at_any_level {
    ($program:expr, $p:ident => $f:expr) => {
        match $program {
            LevelProgram::Soacs($p) => $f,
            LevelProgram::Seq($p) => $f,
            LevelProgram::Mc($p) => $f,
            LevelProgram::SeqMem($p) => $f,
            LevelProgram::McMem($p) => $f,
        }
    };
}

impl LevelProgram {
    /// The level's name (`soacs`, `seq`, `mc`, `seq-mem`, `mc-mem`).
    pub fn level(&self) -> &'static str {
        fn name<R: Rep>(_: &Program<R>) -> &'static str {
            R::NAME
        }
        at_any_level!(self, p => name(p))
    }

    /// The program as text.
    pub fn print(&self) -> String {
        at_any_level!(self, p => print_program(p))
    }

    /// Reads a printed program of any level (its header names the level).
    pub fn parse(text: &str) -> Result<LevelProgram, ParseError> {
        let levels = [Soacs::NAME, Seq::NAME, Mc::NAME, SeqMem::NAME, McMem::NAME];
        Ok(match program_level(text, &levels)?.as_str() {
            Soacs::NAME => LevelProgram::Soacs(parse_program(text)?),
            Seq::NAME => LevelProgram::Seq(parse_program(text)?),
            Mc::NAME => LevelProgram::Mc(parse_program(text)?),
            SeqMem::NAME => LevelProgram::SeqMem(parse_program(text)?),
            _ => LevelProgram::McMem(parse_program(text)?),
        })
    }

    /// Upstream's metrics of the program.
    pub fn metrics(&self) -> Metrics {
        at_any_level!(self, p => program_metrics(p))
    }

    /// Checks the program's typing.
    pub fn check(&self) -> Result<(), TypeError> {
        at_any_level!(self, p => check_program(p))
    }

    /// What an entry point runs in parallel ([`crate::ir::metrics::entry_outline`]);
    /// `None` if there is no entry point of that name.
    pub fn entry_outline(&self, entry: &str) -> Option<Vec<&'static str>> {
        at_any_level!(self, p => {
            let func = p.entry_point(entry)?.func;
            Some(crate::ir::metrics::entry_outline(p, func))
        })
    }

    /// Runs an entry point with the interpreter.
    pub fn run_entry(&self, entry: &str, args: Vec<Value>) -> Result<Vec<Value>, RunError> {
        at_any_level!(self, p => run_entry(p, entry, args))
    }
}

/// A named transformation of a whole program.
#[derive(Debug, Clone, Copy)]
pub struct Pass {
    pub name: &'static str,
    transform: Transform,
}

#[derive(Debug, Clone, Copy)]
enum Transform {
    /// Applies at every level without memory.
    AnyLevel {
        soacs: fn(&mut Program<Soacs>),
        seq: fn(&mut Program<Seq>),
        mc: fn(&mut Program<Mc>),
    },
    /// Applies to SOACs only.
    Soacs(fn(&mut Program<Soacs>)),
    /// Moves a SOACS program to the sequential level.
    ToSeq(fn(Program<Soacs>) -> Result<Program<Seq>, String>),
    /// Moves a SOACS program to the multicore level.
    ToMc(fn(Program<Soacs>) -> Result<Program<Mc>, String>),
    Mc(fn(&mut Program<Mc>)),
    /// Applies at the memory levels.
    Mem {
        seq: fn(&mut Program<SeqMem>),
        mc: fn(&mut Program<McMem>),
    },
    /// Gives a sequential or multicore program memory.
    ToMem {
        seq: fn(Program<Seq>) -> Result<Program<SeqMem>, String>,
        mc: fn(Program<Mc>) -> Result<Program<McMem>, String>,
    },
}

const INLINE: Pass = Pass {
    name: "inline",
    transform: Transform::AnyLevel {
        soacs: inline::inline,
        seq: inline::inline,
        mc: inline::inline,
    },
};

const SIMPLIFY: Pass = Pass {
    name: "simplify",
    transform: Transform::AnyLevel {
        soacs: simplify::simplify,
        seq: simplify::simplify,
        mc: simplify::simplify,
    },
};

const FUSE: Pass = Pass {
    name: "fuse",
    transform: Transform::Soacs(fuse::fuse),
};

const FIRST_ORDER: Pass = Pass {
    name: "first-order",
    transform: Transform::ToSeq(first_order::first_order),
};

const EXTRACT_MULTICORE: Pass = Pass {
    name: "extract-multicore",
    transform: Transform::ToMc(extract_mc::extract_mc),
};

const EXTRACT_KERNELS: Pass = Pass {
    name: "extract-kernels",
    transform: Transform::ToMc(extract_mc::extract_kernels),
};

const MIGRATE: Pass = Pass {
    name: "migrate",
    transform: Transform::Mc(migrate::migrate),
};

const EXPLICIT_ALLOCATIONS: Pass = Pass {
    name: "explicit-allocations",
    transform: Transform::ToMem {
        seq: explicit_alloc::explicit_allocations_seq,
        mc: explicit_alloc::explicit_allocations_mc,
    },
};

const COALESCE_MEMORY: Pass = Pass {
    name: "coalesce-memory",
    transform: Transform::Mem {
        seq: coalesce::coalesce,
        mc: coalesce::coalesce,
    },
};

const REUSE_MEMORY: Pass = Pass {
    name: "reuse-memory",
    transform: Transform::Mem {
        seq: reuse::reuse,
        mc: reuse::reuse,
    },
};

/// Every pass.
pub const PASSES: &[Pass] = &[
    INLINE,
    SIMPLIFY,
    FUSE,
    FIRST_ORDER,
    EXTRACT_MULTICORE,
    EXTRACT_KERNELS,
    MIGRATE,
    EXPLICIT_ALLOCATIONS,
    COALESCE_MEMORY,
    REUSE_MEMORY,
];

/// The passes [`optimise`] runs, in order: what every back end gets.
pub const PIPELINE: &[Pass] = &[INLINE, SIMPLIFY, SIMPLIFY, FUSE, SIMPLIFY, FUSE, SIMPLIFY];

/// The pipelines, each ending at a level of the IR.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pipeline {
    /// [`PIPELINE`]: optimised SOACs.
    Soacs,
    /// Then the first-order transform and simplification.
    Seq,
    /// Then extraction of multicore parallelism and simplification.
    Mc,
    /// [`Pipeline::Seq`], then explicit allocations.
    SeqMem,
    /// [`Pipeline::Mc`], then explicit allocations.
    McMem,
    /// [`Pipeline::Mc`] with sequential loops over arrays moved into
    /// segmented operations (`migrate`): the OpenCL back end's level
    /// before memory, which upstream's `structure gpu` blocks measure.
    Device,
    /// [`Pipeline::McMem`] with sequential loops over arrays moved into
    /// segmented operations before allocation (`migrate`): the OpenCL
    /// back end's, whose arrays are in device memory.
    DeviceMem,
}

impl Pipeline {
    /// The pipeline ending at the level called `name` (`soacs`, `seq`,
    /// `mc`, `seq-mem`, `mc-mem`, `gpu`, `gpu-mem` or its other name
    /// `device-mem`), as `futc dev
    /// --pipeline` names them.
    pub fn named(name: &str) -> Option<Pipeline> {
        Some(match name {
            "soacs" => Pipeline::Soacs,
            "seq" => Pipeline::Seq,
            "mc" => Pipeline::Mc,
            "seq-mem" => Pipeline::SeqMem,
            "mc-mem" => Pipeline::McMem,
            "gpu" => Pipeline::Device,
            "device-mem" | "gpu-mem" => Pipeline::DeviceMem,
            _ => return None,
        })
    }

    /// The passes the pipeline runs, in order.
    pub fn passes(self) -> Vec<Pass> {
        let mut passes = PIPELINE.to_vec();
        match self {
            Pipeline::Soacs => {}
            Pipeline::Seq => passes.extend([FIRST_ORDER, SIMPLIFY]),
            Pipeline::Mc => passes.extend([EXTRACT_MULTICORE, SIMPLIFY]),
            Pipeline::SeqMem => passes.extend([
                FIRST_ORDER,
                SIMPLIFY,
                EXPLICIT_ALLOCATIONS,
                COALESCE_MEMORY,
                REUSE_MEMORY,
            ]),
            Pipeline::McMem => passes.extend([
                EXTRACT_MULTICORE,
                SIMPLIFY,
                EXPLICIT_ALLOCATIONS,
                COALESCE_MEMORY,
                REUSE_MEMORY,
            ]),
            Pipeline::Device => passes.extend([EXTRACT_KERNELS, SIMPLIFY, MIGRATE]),
            Pipeline::DeviceMem => passes.extend([
                EXTRACT_KERNELS,
                SIMPLIFY,
                MIGRATE,
                EXPLICIT_ALLOCATIONS,
                COALESCE_MEMORY,
                REUSE_MEMORY,
            ]),
        }
        passes
    }

    /// The passes the pipeline runs on a program already at `level`:
    /// those after the pass that reaches the level (all of them from
    /// SOACS); `None` if the pipeline never reaches it.
    pub fn passes_from(self, level: &str) -> Option<Vec<Pass>> {
        let passes = self.passes();
        let mut reached = Soacs::NAME;
        for (i, pass) in passes.iter().enumerate() {
            if reached == level {
                return Some(passes[i..].to_vec());
            }
            reached = pass.result_level(reached);
        }
        (reached == level).then(Vec::new)
    }
}

/// Why a pass did not produce a program.
#[derive(Debug)]
pub enum PassError {
    /// The pass made ill-typed IR: a compiler bug.
    IllTyped(TypeError),
    /// The pass does not apply to a program of this level.
    WrongLevel {
        pass: &'static str,
        level: &'static str,
    },
    /// The pass could not build its result: a compiler bug.
    Failed { pass: &'static str, message: String },
}

impl fmt::Display for PassError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PassError::IllTyped(error) => error.fmt(f),
            PassError::WrongLevel { pass, level } => {
                write!(
                    f,
                    "the {pass} pass does not apply to a program at the {level} level"
                )
            }
            PassError::Failed { pass, message } => {
                write!(f, "internal error in the {pass} pass: {message}")
            }
        }
    }
}

impl std::error::Error for PassError {}

impl Pass {
    /// The pass of [`PASSES`] called `name`.
    pub fn named(name: &str) -> Option<Pass> {
        PASSES.iter().copied().find(|pass| pass.name == name)
    }

    /// The level the pass leaves a program at `level` at.
    fn result_level(self, level: &'static str) -> &'static str {
        match self.transform {
            Transform::ToSeq(_) => Seq::NAME,
            Transform::ToMc(_) => Mc::NAME,
            Transform::ToMem { .. } if level == Seq::NAME => SeqMem::NAME,
            Transform::ToMem { .. } => McMem::NAME,
            Transform::AnyLevel { .. }
            | Transform::Soacs(_)
            | Transform::Mc(_)
            | Transform::Mem { .. } => level,
        }
    }

    /// Runs the pass on a program, checking the result in debug builds;
    /// an ill-typed result is a compiler bug, reported with the pass that
    /// produced it.
    pub fn run(self, program: &mut LevelProgram) -> Result<(), PassError> {
        let failed = |message| PassError::Failed {
            pass: self.name,
            message,
        };
        match (self.transform, &mut *program) {
            (Transform::AnyLevel { soacs, .. }, LevelProgram::Soacs(p))
            | (Transform::Soacs(soacs), LevelProgram::Soacs(p)) => soacs(p),
            (Transform::AnyLevel { seq, .. }, LevelProgram::Seq(p)) => seq(p),
            (Transform::AnyLevel { mc, .. }, LevelProgram::Mc(p))
            | (Transform::Mc(mc), LevelProgram::Mc(p)) => mc(p),
            (Transform::ToSeq(to_seq), LevelProgram::Soacs(p)) => {
                *program = LevelProgram::Seq(to_seq(std::mem::take(p)).map_err(failed)?)
            }
            (Transform::ToMc(to_mc), LevelProgram::Soacs(p)) => {
                *program = LevelProgram::Mc(to_mc(std::mem::take(p)).map_err(failed)?)
            }
            (Transform::Mem { seq, .. }, LevelProgram::SeqMem(p)) => seq(p),
            (Transform::Mem { mc, .. }, LevelProgram::McMem(p)) => mc(p),
            (Transform::ToMem { seq, .. }, LevelProgram::Seq(p)) => {
                *program = LevelProgram::SeqMem(seq(std::mem::take(p)).map_err(failed)?)
            }
            (Transform::ToMem { mc, .. }, LevelProgram::Mc(p)) => {
                *program = LevelProgram::McMem(mc(std::mem::take(p)).map_err(failed)?)
            }
            (_, other) => {
                return Err(PassError::WrongLevel {
                    pass: self.name,
                    level: other.level(),
                });
            }
        }
        if cfg!(debug_assertions) {
            program.check().map_err(|error| {
                PassError::IllTyped(TypeError {
                    function: error.function,
                    message: format!("after the {} pass: {}", self.name, error.message),
                })
            })?;
        }
        Ok(())
    }
}

/// Runs [`PIPELINE`] on a program (see [`Pass::run`]).
pub fn optimise(program: &mut Program) -> Result<(), PassError> {
    let mut level = LevelProgram::Soacs(std::mem::take(program));
    let result = PIPELINE.iter().try_for_each(|pass| pass.run(&mut level));
    if let LevelProgram::Soacs(optimised) = level {
        *program = optimised;
    }
    result
}

/// Runs the rest of a pipeline on a program [`optimise`] has optimised
/// (see [`Pass::run`]).
pub fn continue_pipeline(program: Program, pipeline: Pipeline) -> Result<LevelProgram, PassError> {
    let mut level = LevelProgram::Soacs(program);
    for pass in &pipeline.passes()[PIPELINE.len()..] {
        pass.run(&mut level)?;
    }
    Ok(level)
}

/// Runs a pipeline on a program (see [`Pass::run`]).
pub fn run_pipeline(program: Program, pipeline: Pipeline) -> Result<LevelProgram, PassError> {
    let mut level = LevelProgram::Soacs(program);
    for pass in pipeline.passes() {
        pass.run(&mut level)?;
    }
    Ok(level)
}

#[cfg(test)]
mod tests;
