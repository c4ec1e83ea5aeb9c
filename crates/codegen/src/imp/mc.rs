//! The parallel operations of the C back ends in the imperative IR:
//! parallel tasks over chunks of an iteration space. Everything else the
//! segmented operations need (partial results per chunk, combining them
//! in order, the phases of a scan) is ordinary imperative code around
//! them, made by [`super::translate`]; only for devices with work-groups
//! (OpenCL) are a reduction, a scan and a histogram with an atomic
//! operator one operation each, whose work-groups combine their
//! work-items' values in local memory, and so is a two-dimensional map
//! whose loops read what points of a row or a column share (a tiled
//! map), whose work-groups load it into local memory together.

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
    /// Chunks that pass a result on to the next ([`McOp::AwaitChunk`]):
    /// small enough that what a chunk wrote is still in its core's cache
    /// when the result before it arrives.
    Chained,
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
    /// In the body of a [`McOp::Parallel`] of [`Chunking::Chained`]
    /// chunks, waits until chunk `chunk - 1` has run its
    /// [`McOp::PublishChunk`] on `flags` (a block of one zeroed `i32` per
    /// chunk), after which what it wrote before is visible; sets the
    /// `bool` `proceed` (declared) to true then, or to false where an
    /// earlier chunk failed and the one before will never publish. Chunk
    /// 0 proceeds at once. Multicore only.
    AwaitChunk {
        chunk: Exp,
        flags: Var,
        proceed: Var,
    },
    /// Publishes chunk `chunk` to the one after it (see
    /// [`McOp::AwaitChunk`]).
    PublishChunk { chunk: Exp, flags: Var },
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
    /// A map over a two-dimensional space whose points run loops that
    /// read rows of arrays shared by the points of a row or of a column,
    /// made only for devices with work-groups, outside parallel code.
    TiledMap(Box<TiledMap>),
}

/// The side of a tile: a work-group has [`TILE`] × [`TILE`] work-items,
/// and its loops load [`TILE`] iterations' elements at a time.
pub const TILE: usize = 16;

/// A map over a two-dimensional space of `sizes` whose points run loops
/// reading, at each iteration, elements of rows that depend only on the
/// point's index along one dimension (as the points of a matrix product
/// read a row of one matrix and a column of the other). A work-group
/// takes a block of `TILE * per_item[0]` by `TILE * per_item[1]`
/// points: each of its work-items runs `per_item[0] * per_item[1]` of
/// them (its copies, `TILE` points apart along each dimension), and at
/// every `TILE` iterations of a loop the group loads the elements its
/// points read into local memory together, each once, in an order that
/// reads consecutive elements of global memory at once.
#[derive(Debug, Clone, PartialEq)]
pub struct TiledMap {
    pub sizes: [Exp; 2],
    /// The copies of a work-item along each dimension.
    pub per_item: [usize; 2],
    /// Each copy's point indices (row-major over `per_item`; declared by
    /// the operation).
    pub indices: Vec<[Var; 2]>,
    /// What every point runs, in order.
    pub steps: Vec<TiledStep>,
    /// What runs instead where a device's work-groups are smaller than a
    /// tile, or the space is narrower than half a tile: the map's points
    /// one per work-item.
    pub fallback: Code<McOp>,
}

/// A part of a tiled map's points' code.
#[derive(Debug, Clone, PartialEq)]
pub enum TiledStep {
    /// Code of each copy (in the order of [`TiledMap::indices`]) that runs
    /// where its point is in the space. Only the last step's may fail.
    Point(Vec<Code<McOp>>),
    Loop(TiledLoop),
}

/// A loop every point runs, `counter` (an integer of the bound's type,
/// declared by the operation) from 0 below `bound`, the same for all
/// points; it cannot fail.
#[derive(Debug, Clone, PartialEq)]
pub struct TiledLoop {
    pub counter: Var,
    pub bound: Exp,
    pub tiles: Vec<Tile>,
    /// Each copy's loop body, which takes the tiles' elements from their
    /// `values`.
    pub bodies: Vec<Code<McOp>>,
}

/// The elements of a block a tiled loop reads at each iteration: element
/// `index` for the point whose index along dimension `dim` is `row` (a
/// variable of the tile's, declared by the operation) at iteration
/// `counter`. The elements are in bounds for every point of the space
/// and every iteration.
#[derive(Debug, Clone, PartialEq)]
pub struct Tile {
    pub dim: usize,
    pub element: PrimType,
    pub block: Var,
    pub row: Var,
    pub index: Exp,
    /// Whether consecutive iterations read consecutive elements (else
    /// consecutive rows are loaded together).
    pub along_counter: bool,
    /// For the copies at each position along `dim`: the variable holding
    /// the element of the current iteration (declared by the operation).
    pub values: Vec<Var>,
}
