//! The parallel operations of the C back ends in the imperative IR:
//! parallel tasks over chunks of an iteration space. Everything else the
//! segmented operations need (partial results per chunk, combining them
//! in order, the phases of a scan) is ordinary imperative code around
//! them, made by [`super::translate`]; only for devices with work-groups
//! (OpenCL) are a reduction, a scan and a histogram with an atomic
//! operator one operation each, whose work-groups combine their
//! work-items' values in local memory.

use super::{Code, Exp, MemLoc};
use opt::ir::Var;
use prim::{BinOp, PrimType};

/// What the chunks of a task do, which decides how many there are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chunking {
    /// Each keeps a partial result (of a reduction, say), which are
    /// combined afterwards: few chunks.
    Partials,
    /// Independent iterations (the points of a map).
    Points,
    /// Independent iterations that do little work each (writing one
    /// element), so that few of them are not worth a task.
    Light,
}

/// A parallel operation of the multicore and OpenCL back ends.
#[derive(Debug, Clone, PartialEq)]
pub enum McOp {
    /// Sets the `i64` variable `var` (declared) to the number of chunks
    /// a parallel task over `iterations` iterations is split into: at
    /// least one, at most `iterations` (or one for none), as many as the
    /// thread pool can balance (or, for OpenCL, as many work-items as
    /// suit the kind of task).
    Chunks {
        var: Var,
        iterations: Exp,
        kind: Chunking,
    },
    /// Runs `body` once per chunk of `0..iterations`, split into
    /// `chunks` (from [`McOp::Chunks`]) consecutive chunks of nearly equal
    /// size, in parallel: each run sees its chunk's number in `chunk` and
    /// its iterations `start..end` (all `i64`s the body may not set).
    /// The body may read variables from outside and write memory, not
    /// set variables from outside; it declares its own. Chunks are taken
    /// by the pool's threads as they become free. If runs fail, the
    /// failure of the lowest-numbered failing chunk is the task's (the
    /// one a sequential run would meet first); the task fails once all
    /// runs have stopped.
    Parallel {
        iterations: Exp,
        chunks: Exp,
        chunk: Var,
        start: Var,
        end: Var,
        body: Box<Code<McOp>>,
    },
    /// Reductions of `segments` segments of `iterations` points each,
    /// made only for devices with work-groups, outside parallel code:
    /// segment `s` has the points `s * iterations + j` for `j` in
    /// `0..iterations`. `step` folds the values at point `point` (an
    /// `i64` it may not set) into the accumulators `accs` (declared by
    /// the operation, starting from `neutral`); `combine` sets `accs` to
    /// themselves combined with `others` (variables of the same types,
    /// declared by the operation), the later values on the right;
    /// `write` writes `accs`, the result of segment `segment` (an `i64`
    /// declared by the operation), where it belongs. The operator is
    /// associative, so points are folded in parallel runs whose results
    /// are combined in order; where it is also `commutative`, a run's
    /// points need not be consecutive. Failures are reported as
    /// [`McOp::Parallel`]'s are.
    Reduce {
        segments: Exp,
        iterations: Exp,
        point: Var,
        step: Box<Code<McOp>>,
        accs: Vec<(Var, PrimType)>,
        neutral: Vec<Exp>,
        others: Vec<Var>,
        combine: Box<Code<McOp>>,
        commutative: bool,
        segment: Var,
        write: Box<Code<McOp>>,
    },
    /// An inclusive scan of the values at the points `0..iterations`,
    /// made only for devices with work-groups, outside parallel code.
    /// `step` sets `others` (variables declared by the operation) to the
    /// values at point `point` (an `i64` it may not set) and writes the
    /// point's other results; `combine` sets `accs` (declared by the
    /// operation) to themselves combined with `others`, the later values
    /// on the right; `write` writes `accs`, the scan's values at `point`,
    /// where they belong. Failures are reported as [`McOp::Parallel`]'s
    /// are.
    Scan {
        iterations: Exp,
        point: Var,
        step: Box<Code<McOp>>,
        accs: Vec<(Var, PrimType)>,
        neutral: Vec<Exp>,
        others: Vec<Var>,
        combine: Box<Code<McOp>>,
        write: Box<Code<McOp>>,
    },
    /// A histogram of one destination whose operator is one binary
    /// operator that devices apply atomically (`Add`, `Min`, `Max`, `And`,
    /// `Or`, `Xor` of 32-bit integers, `Add` of `f32`), made only for
    /// devices with work-groups, outside parallel code. `step` sets
    /// `bucket` (an `i64`) and `value` (declared by the operation) at
    /// point `point` and writes the point's other results; `value` is
    /// combined into the destination's element `bucket` when it is in
    /// `0..width`. `bin_place` is the place of the destination's element
    /// `bin` (a variable of the operation's). Failures are reported as
    /// [`McOp::Parallel`]'s are.
    Hist {
        iterations: Exp,
        point: Var,
        step: Box<Code<McOp>>,
        bucket: Var,
        value: (Var, PrimType),
        op: BinOp,
        neutral: Exp,
        width: Exp,
        bin: Var,
        bin_place: MemLoc,
    },
}
