//! The reference interpreter of the core IR: the semantics every pass and
//! backend is tested against. It evaluates statements in order, checks
//! every index, slice, reshape and size at run time, and reports failures
//! with upstream's messages (`Index [5] out of bounds for array of shape
//! [3].`) and the source locations of the failing statement and the calls
//! that led to it.
//!
//! Variables are unique in a program, so one environment indexed by
//! variable serves all frames; a recursive call saves and restores the
//! variables of the function it re-enters. Arrays share their
//! data until written; an in-place update, a consuming call or loop takes
//! the array out of the environment, so that writing it does not copy.

use crate::ir::print::value_type_text;
use crate::ir::segop::{SegOp, SegResult};
use crate::ir::traverse::for_each_bound_in_body;
use crate::ir::{
    Body, DimIndex, EntryPoint, ErrorPart, Exp, ExternalType, Kind, Lambda, Loc, LoopForm, MemOp,
    NoOp, Param, Program, Rep, Soac, Stm, SubExp, Type, Var,
};
use crate::value::data::{ValueError, read_values_as};
use crate::value::{ArrayValue, Value};
use prim::{BinOp, CmpOp, convert, eval_binop, eval_cmp, eval_prim_fn, eval_unop};
use prim::{PrimType, PrimValue};
use std::fmt;
use std::rc::Rc;
use std::sync::Arc;

/// A failure at run time: the message and the locations from the failing
/// statement outwards through the calls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunError {
    pub message: String,
    pub backtrace: Vec<Loc>,
}

impl RunError {
    fn new(message: impl Into<String>) -> RunError {
        RunError {
            message: message.into(),
            backtrace: Vec::new(),
        }
    }

    fn internal(message: impl fmt::Display) -> RunError {
        RunError::new(format!("{INTERNAL}{message}"))
    }

    /// Whether the failure is the interpreter's own, a bug: not the
    /// program's, nor an exhausted stack or step limit.
    pub fn is_internal(&self) -> bool {
        self.message.starts_with(INTERNAL)
    }

    /// Whether the failure is the program's own (a check that failed),
    /// which [`run_entry_past_failures`] can run on past: not an
    /// interpreter bug, an exhausted stack or an exhausted step limit.
    fn is_check(&self) -> bool {
        ![INTERNAL, STACK_OVERFLOW, OUT_OF_STEPS]
            .iter()
            .any(|prefix| self.message.starts_with(prefix))
    }
}

const INTERNAL: &str = "internal error in the interpreter: ";
const STACK_OVERFLOW: &str = "Stack overflow: ";
const OUT_OF_STEPS: &str = "Out of steps: ";

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Error: {}", self.message)?;
        if !self.backtrace.is_empty() {
            write!(f, "\n\nBacktrace:")?;
            // Deep recursion would print thousands of frames: the
            // innermost ones say where.
            for (i, loc) in self.backtrace.iter().enumerate().take(MAX_PRINTED_FRAMES) {
                let arrow = if i == 0 { "->" } else { "  " };
                write!(f, "\n{arrow} #{i}  {loc}")?;
            }
            if self.backtrace.len() > MAX_PRINTED_FRAMES {
                write!(
                    f,
                    "\n   ... and {} more",
                    self.backtrace.len() - MAX_PRINTED_FRAMES
                )?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for RunError {}

type Result<T> = std::result::Result<T, RunError>;

/// Runs the entry point `entry` on `args` (one value per external
/// parameter; opaque parameters cannot be given from outside).
///
/// It runs on a thread of its own with a stack deep enough for
/// [`MAX_CALL_DEPTH`] nested calls; a panic there is reported as an
/// internal error.
pub fn run_entry<R: Rep>(
    program: &Program<R>,
    entry: &str,
    args: Vec<Value>,
) -> Result<Vec<Value>> {
    on_interpreter_thread(|| run_entry_here(program, entry, args, &mut None, None))?
        .unwrap_or_else(|_| Err(RunError::internal("the interpreter panicked")))
}

/// Runs the entry point `entry` on `args` as [`run_entry`] does, but
/// fails once it has taken more than `max_steps` steps, and lets a panic
/// in the interpreter propagate (for fuzzing, where a program may loop
/// forever and a panic is the bug looked for). A step is a statement
/// run, a loop iteration or an element of an array made, so the limit
/// bounds both time and memory.
pub fn run_entry_bounded<R: Rep>(
    program: &Program<R>,
    entry: &str,
    args: Vec<Value>,
    max_steps: u64,
) -> Result<Vec<Value>> {
    on_interpreter_thread(|| run_entry_here(program, entry, args, &mut None, Some(max_steps)))?
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// Runs `run` on a thread with [`STACK_SIZE`] bytes of stack; an error
/// where the thread cannot start, what the thread's join gives otherwise.
fn on_interpreter_thread<T: Send>(
    run: impl FnOnce() -> T + Send,
) -> Result<std::thread::Result<T>> {
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .name("interpreter".into())
            .stack_size(STACK_SIZE)
            .spawn_scoped(scope, run)
            .map_err(|error| RunError::internal(format!("cannot start a thread: {error}")))?;
        Ok(thread.join())
    })
}

/// Runs the entry point `entry` on `args` as [`run_entry`] does, but runs
/// on past every failing check (a statement that fails binds zeros of
/// its types instead) and returns the failures met, in order, with the
/// result. These include every failure the program's sequential reading
/// can reach, whichever order its operations run in as long as each
/// runs after the operations it depends on; they may include failures
/// of operations on the zeros. A run stops at a failure that is not a
/// check (an exhausted stack) or after [`MAX_FAILURES_RUN_PAST`] of them.
pub fn run_entry_past_failures<R: Rep>(
    program: &Program<R>,
    entry: &str,
    args: Vec<Value>,
) -> (Result<Vec<Value>>, Vec<RunError>) {
    let run = || {
        let mut failures = Some(Vec::new());
        let result = run_entry_here(program, entry, args, &mut failures, None);
        (result, failures.unwrap_or_default())
    };
    match on_interpreter_thread(run) {
        Ok(Ok(outcome)) => outcome,
        Ok(Err(_)) => (
            Err(RunError::internal("the interpreter panicked")),
            Vec::new(),
        ),
        Err(error) => (Err(error), Vec::new()),
    }
}

/// How many failures [`run_entry_past_failures`] runs past.
pub const MAX_FAILURES_RUN_PAST: usize = 10_000;

/// The kinds of entry point `entry`'s arguments; an error where there is
/// no such entry point or an argument is of an opaque type, which no data
/// format holds.
pub fn argument_kinds<R: Rep>(program: &Program<R>, entry: &str) -> Result<Vec<Kind>> {
    find_entry_point(program, entry)?
        .params
        .iter()
        .enumerate()
        .map(|(i, param)| match *param {
            ExternalType::Direct { element, rank } => Ok(Kind::new(element, rank)),
            ExternalType::Opaque { .. } => Err(RunError::new(format!(
                "Argument #{i} of entry point `{entry}` has an opaque type and cannot be given as a value."
            ))),
        })
        .collect()
}

fn find_entry_point<'p, R: Rep>(program: &'p Program<R>, entry: &str) -> Result<&'p EntryPoint> {
    program
        .entry_point(entry)
        .ok_or_else(|| RunError::new(format!("No entry point named `{entry}`.")))
}

/// The kinds of the values running entry point `entry` returns: one per
/// result, an opaque result as its components. `None` where there is no
/// such entry point.
pub fn result_kinds<R: Rep>(program: &Program<R>, entry: &str) -> Option<Vec<Kind>> {
    let entry_point = program.entry_point(entry)?;
    let function = program.function(entry_point.func);
    let results: usize = entry_point.results.iter().map(|r| r.components()).sum();
    // The results' own sizes come first and are not returned, nor are
    // their blocks, last.
    let values =
        function.ret.len() - crate::ir::trailing_blocks(function.ret.iter().map(|(t, _)| t));
    let sizes = values.saturating_sub(results);
    Some(
        function.ret[sizes..values]
            .iter()
            .map(|(ty, _)| ty.kind())
            .collect(),
    )
}

/// Reads entry point `entry`'s arguments from `input` (values in the
/// text and binary data formats, mixed), each as its parameter's type.
pub fn read_arguments<R: Rep>(
    program: &Program<R>,
    entry: &str,
    input: &[u8],
) -> Result<Vec<Value>> {
    let kinds = argument_kinds(program, entry)?;
    let values = read_values_as(input, &kinds).map_err(|ValueError { index, error }| {
        RunError::new(if index < kinds.len() {
            format!("Cannot read argument #{index} of entry point `{entry}`: {error}")
        } else {
            format!(
                "Entry point `{entry}` takes {}, but more were given: {error}",
                counted(kinds.len(), "argument")
            )
        })
    })?;
    check_argument_count(entry, kinds.len(), values.len())?;
    Ok(values)
}

fn check_argument_count(entry: &str, expected: usize, given: usize) -> Result<()> {
    if given == expected {
        return Ok(());
    }
    let verb = if given == 1 { "was" } else { "were" };
    Err(RunError::new(format!(
        "Entry point `{entry}` takes {}, but {given} {verb} given.",
        counted(expected, "argument")
    )))
}

/// `1 argument`, `2 arguments`.
fn counted(count: usize, noun: &str) -> String {
    let ending = if count == 1 { "" } else { "s" };
    format!("{count} {noun}{ending}")
}

/// Checks that `args` are as many as entry point `entry` takes and of its
/// parameters' kinds, which it returns.
pub fn check_arguments<R: Rep>(
    program: &Program<R>,
    entry: &str,
    args: &[Value],
) -> Result<Vec<Kind>> {
    let kinds = argument_kinds(program, entry)?;
    check_argument_count(entry, kinds.len(), args.len())?;
    for (i, (expected, arg)) in kinds.iter().zip(args).enumerate() {
        let actual = value_kind(arg);
        if actual != *expected {
            return Err(RunError::new(format!(
                "Argument #{i} of entry point `{entry}` should be of type {}, but is of type {}.",
                value_type_text(expected.element, expected.rank),
                value_type_text(actual.element, actual.rank)
            )));
        }
    }
    Ok(kinds)
}

/// Runs an entry point; with `failures`, running on past failing checks
/// and recording them there; with `max_steps`, failing once it has taken
/// more steps (see [`run_entry_bounded`]).
fn run_entry_here<R: Rep>(
    program: &Program<R>,
    entry: &str,
    args: Vec<Value>,
    failures: &mut Option<Vec<RunError>>,
    max_steps: Option<u64>,
) -> Result<Vec<Value>> {
    check_arguments(program, entry, &args)?;
    let entry_point = find_entry_point(program, entry)?;
    let function = program.function(entry_point.func);
    let sources = function
        .entry_size_sources(args.len())
        .ok_or_else(|| RunError::internal("an entry point whose sizes are not its arguments'"))?;
    let mut all_args: Vec<Value> = sources
        .iter()
        .map(|&(arg, dim)| match &args[arg] {
            Value::Array(array) => Ok(Value::Prim(PrimValue::I64(array.shape[dim]))),
            Value::Prim(_) => Err(RunError::internal("the size of a scalar argument")),
        })
        .collect::<Result<_>>()?;
    // At the memory levels each array argument comes with its block,
    // which the interpreter represents by its size in bytes.
    let blocks: Vec<Value> = if R::HAS_MEMORY {
        args.iter()
            .filter_map(|arg| match arg {
                Value::Array(array) => Some(Value::Prim(PrimValue::I64(
                    array.data.len() as i64 * array.element.byte_size(),
                ))),
                Value::Prim(_) => None,
            })
            .collect()
    } else {
        Vec::new()
    };
    all_args.extend(args);
    all_args.extend(blocks);
    let results: usize = entry_point.results.iter().map(|r| r.components()).sum();
    let mut interpreter = Interpreter {
        program,
        env: vec![None; program.var_names.len()],
        active: vec![0; program.functions.len()],
        function_vars: vec![None; program.functions.len()],
        depth: 0,
        failures: failures.take(),
        running: Vec::new(),
        steps_left: max_steps,
    };
    let values = interpreter.call(&function.params, &function.body, all_args);
    *failures = interpreter.failures.take();
    let mut values = values?;
    // The results' blocks come last, their sizes first.
    values.truncate(values.len() - crate::ir::trailing_blocks(function.ret.iter().map(|(t, _)| t)));
    values.drain(..values.len().saturating_sub(results));
    Ok(values)
}

/// How the interpreter runs a representation's operation.
pub trait Interpret<R: Rep> {
    fn interpret(&self, interpreter: &mut Interpreter<'_, R>) -> Result<Vec<Value>>;
}

impl<R: Rep> Interpret<R> for Soac<R> {
    fn interpret(&self, interpreter: &mut Interpreter<'_, R>) -> Result<Vec<Value>> {
        interpreter.soac(self)
    }
}

impl<R: Rep> Interpret<R> for NoOp {
    fn interpret(&self, _: &mut Interpreter<'_, R>) -> Result<Vec<Value>> {
        match *self {}
    }
}

/// A memory block is its size: the interpreter computes values, not
/// where they are.
impl<R: Rep, I: Interpret<R>> Interpret<R> for MemOp<I> {
    fn interpret(&self, interpreter: &mut Interpreter<'_, R>) -> Result<Vec<Value>> {
        match self {
            MemOp::Alloc { size, .. } => {
                Ok(vec![Value::Prim(PrimValue::I64(interpreter.i64(*size)?))])
            }
            MemOp::Inner(op) => op.interpret(interpreter),
        }
    }
}

impl<R: Rep> Interpret<R> for SegOp<R> {
    fn interpret(&self, interpreter: &mut Interpreter<'_, R>) -> Result<Vec<Value>> {
        interpreter.segop(self)
    }
}

/// The element type and rank of a value.
pub fn value_kind(value: &Value) -> Kind {
    match value {
        Value::Prim(prim) => Kind::new(prim.prim_type(), 0),
        Value::Array(array) => Kind::new(array.element, array.rank()),
    }
}

/// The interpreter's state, which a representation's operations run
/// with ([`Interpret`]).
pub struct Interpreter<'p, R: Rep> {
    program: &'p Program<R>,
    env: Vec<Option<Value>>,
    /// How many calls of each function are running.
    active: Vec<u32>,
    /// The variables each function binds, computed when it first recurses.
    function_vars: Vec<Option<Rc<Vec<Var>>>>,
    /// How many calls are running.
    depth: usize,
    /// The failures run past, when running past failing checks.
    failures: Option<Vec<RunError>>,
    /// When running past failing checks: the location of each statement
    /// being run, outermost first, and whether it is a call (what a
    /// backtrace is made of).
    running: Vec<(Option<Loc>, bool)>,
    /// How many more steps the run may take, where it is bounded.
    steps_left: Option<u64>,
}

/// Calls nested deeper than this are reported as a stack overflow rather
/// than exhausting the interpreter's own stack (run it on a thread with
/// [`STACK_SIZE`] bytes of stack).
pub const MAX_CALL_DEPTH: usize = 10_000;

/// How many frames of a backtrace are printed.
const MAX_PRINTED_FRAMES: usize = 20;

/// The stack an interpreting thread needs for [`MAX_CALL_DEPTH`] calls.
pub const STACK_SIZE: usize = 1 << 30;

/// Every variable a function binds: parameters, statements, and those of
/// nested bodies, loops and lambdas.
fn bound_vars<R: Rep>(function: &crate::ir::Function<R>) -> Vec<Var> {
    let mut out: Vec<Var> = function.params.iter().map(|p| p.var).collect();
    for_each_bound_in_body(&function.body, &mut |v| out.push(v));
    out
}

/// How many elements an array of non-negative sizes `dims` has, at most
/// `u64::MAX`.
fn element_count(dims: &[i64]) -> u64 {
    dims.iter()
        .fold(1, |count: u64, &dim| count.saturating_mul(dim as u64))
}

fn shape_text(shape: &[i64]) -> String {
    shape.iter().map(|d| format!("[{d}]")).collect()
}

/// Upstream's rendering of an index in an error message.
fn slice_text(slice: &[ResolvedIndex]) -> String {
    let parts: Vec<String> = slice
        .iter()
        .map(|index| match *index {
            ResolvedIndex::Fix(i) => i.to_string(),
            ResolvedIndex::Slice { start, len, stride } => {
                let end = start + len * stride;
                if stride == 1 {
                    format!("{start}:{end}")
                } else {
                    format!("{start}:{end}:{stride}")
                }
            }
        })
        .collect();
    format!("[{}]", parts.join(", "))
}

#[derive(Debug, Clone, Copy)]
enum ResolvedIndex {
    Fix(i64),
    Slice { start: i64, len: i64, stride: i64 },
}

fn row_major_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * shape[i + 1];
    }
    strides
}

/// The offsets (into the array's data) of the elements a slice selects,
/// in row-major order of the result, and the result's shape; `None` if
/// some index is out of bounds.
fn slice_offsets(shape: &[i64], slice: &[ResolvedIndex]) -> Option<(Vec<i64>, Vec<usize>)> {
    let strides = row_major_strides(shape);
    let mut base: i64 = 0;
    // Per remaining dimension: its length and its step in the data.
    let mut dims: Vec<(i64, i64)> = Vec::new();
    for (d, &extent) in shape.iter().enumerate() {
        match slice.get(d) {
            Some(ResolvedIndex::Fix(i)) => {
                if *i < 0 || *i >= extent {
                    return None;
                }
                base += i * strides[d];
            }
            Some(&ResolvedIndex::Slice { start, len, stride }) => {
                if len < 0 || stride == 0 {
                    return None;
                }
                // An empty slice selects nothing, wherever it starts.
                if len > 0 {
                    let last = start.checked_add((len - 1).checked_mul(stride)?)?;
                    if start < 0 || start >= extent || last < 0 || last >= extent {
                        return None;
                    }
                    base += start * strides[d];
                }
                dims.push((len, stride * strides[d]));
            }
            None => dims.push((extent, strides[d])),
        }
    }
    let result_shape: Vec<i64> = dims.iter().map(|&(len, _)| len).collect();
    let count: i64 = result_shape.iter().product();
    let mut offsets = Vec::with_capacity(count as usize);
    if count > 0 {
        let mut counter = vec![0i64; dims.len()];
        loop {
            let offset: i64 = base
                + counter
                    .iter()
                    .zip(&dims)
                    .map(|(&c, &(_, step))| c * step)
                    .sum::<i64>();
            offsets.push(offset as usize);
            let mut d = dims.len();
            loop {
                if d == 0 {
                    return Some((result_shape, offsets));
                }
                d -= 1;
                counter[d] += 1;
                if counter[d] < dims[d].0 {
                    break;
                }
                counter[d] = 0;
            }
        }
    }
    Some((result_shape, offsets))
}

/// A value made of rows of the given element type and shape: a scalar
/// row makes a 1-D array.
fn stack(element: PrimType, row_shape: &[i64], rows: Vec<Value>) -> Result<Value> {
    let count = rows.len() as i64;
    let mut data = Vec::with_capacity(rows.len() * row_shape.iter().product::<i64>() as usize);
    for value in rows {
        match value {
            Value::Prim(prim) if row_shape.is_empty() => data.push(prim),
            Value::Array(array) if array.shape == row_shape => data.extend_from_slice(&array.data),
            _ => {
                return Err(RunError::internal(format!(
                    "a row of another shape than {}",
                    shape_text(row_shape)
                )));
            }
        }
    }
    let mut shape = vec![count];
    shape.extend_from_slice(row_shape);
    Ok(Value::Array(ArrayValue::new(element, shape, data)))
}

/// An array of the values (of the shape and type `like` has), in
/// row-major order over `shape`.
fn stack_over(shape: &[i64], like: Option<&Value>, values: Vec<Value>) -> Result<Value> {
    let (element, row_shape) = match values.first().or(like) {
        Some(Value::Prim(p)) => (p.prim_type(), Vec::new()),
        Some(Value::Array(a)) => (a.element, a.shape.clone()),
        None => return Err(RunError::internal("stacking values of no known type")),
    };
    let stacked = stack(element, &row_shape, values)?;
    let mut full = shape.to_vec();
    full.extend(row_shape);
    Ok(reshaped(stacked, full))
}

/// A stacked array in the given shape (of as many elements).
fn reshaped(value: Value, shape: Vec<i64>) -> Value {
    match value {
        Value::Array(array) => Value::Array(ArrayValue {
            element: array.element,
            shape,
            data: array.data,
        }),
        scalar => scalar,
    }
}

/// Row `i` of an array.
fn row(array: &ArrayValue, i: i64) -> Value {
    let len = array.row_len();
    let start = i as usize * len;
    if array.rank() == 1 {
        Value::Prim(array.data[start])
    } else {
        Value::Array(ArrayValue::new(
            array.element,
            array.shape[1..].to_vec(),
            array.data[start..start + len].to_vec(),
        ))
    }
}

impl<R: Rep> Interpreter<'_, R> {
    fn lookup(&self, var: Var) -> Result<&Value> {
        self.env
            .get(var.0 as usize)
            .and_then(Option::as_ref)
            .ok_or_else(|| RunError::internal(format!("variable {} has no value", var.0)))
    }

    /// Takes a consumed variable's value, so that writing it does not copy.
    fn take(&mut self, var: Var) -> Result<Value> {
        self.env
            .get_mut(var.0 as usize)
            .and_then(Option::take)
            .ok_or_else(|| RunError::internal(format!("variable {} has no value", var.0)))
    }

    fn bind(&mut self, var: Var, value: Value) {
        self.env[var.0 as usize] = Some(value);
    }

    fn subexp(&self, se: SubExp) -> Result<Value> {
        match se {
            SubExp::Const(value) => Ok(Value::Prim(value)),
            SubExp::Var(var) => self.lookup(var).cloned(),
        }
    }

    fn prim(&self, se: SubExp) -> Result<PrimValue> {
        match se {
            SubExp::Const(value) => Ok(value),
            SubExp::Var(var) => self
                .lookup(var)?
                .as_prim()
                .ok_or_else(|| RunError::internal("an array where a scalar was expected")),
        }
    }

    fn i64(&self, se: SubExp) -> Result<i64> {
        self.prim(se)?
            .as_i64()
            .ok_or_else(|| RunError::internal("a size or index that is not an i64"))
    }

    /// The sizes of an array to make, failing on a negative one.
    fn array_shape(&self, shape: &[SubExp]) -> Result<Vec<i64>> {
        let dims: Vec<i64> = shape.iter().map(|&d| self.i64(d)).collect::<Result<_>>()?;
        if let Some(negative) = dims.iter().find(|&&d| d < 0) {
            return Err(RunError::new(format!(
                "Cannot construct an array of negative length {negative}."
            )));
        }
        Ok(dims)
    }

    fn array(&self, var: Var) -> Result<&ArrayValue> {
        self.lookup(var)?
            .as_array()
            .ok_or_else(|| RunError::internal("a scalar where an array was expected"))
    }

    fn array_owned(&mut self, var: Var) -> Result<ArrayValue> {
        match self.take(var)? {
            Value::Array(array) => Ok(array),
            Value::Prim(_) => Err(RunError::internal("a scalar where an array was expected")),
        }
    }

    fn call(&mut self, params: &[Param], body: &Body<R>, args: Vec<Value>) -> Result<Vec<Value>> {
        if self.depth >= MAX_CALL_DEPTH {
            return Err(RunError::new(format!(
                "{STACK_OVERFLOW}more than {MAX_CALL_DEPTH} nested calls."
            )));
        }
        self.depth += 1;
        for (param, arg) in params.iter().zip(args) {
            self.bind(param.var, arg);
        }
        let result = self.body(body);
        self.depth -= 1;
        result
    }

    fn body(&mut self, body: &Body<R>) -> Result<Vec<Value>> {
        for stm in &body.stms {
            let is_call = matches!(stm.exp, Exp::Call { .. });
            let result = match self.failures {
                Some(_) => self.stm_running_past_failures(stm, is_call),
                None => self.stm(stm),
            };
            result.map_err(|mut error| {
                // The failing statement and the calls around it make the
                // backtrace, with the calls that were inlined.
                if let Some(loc) = &stm.loc
                    && (error.backtrace.is_empty() || is_call)
                {
                    add_frame(&mut error.backtrace, loc);
                }
                error
            })?;
        }
        body.result.iter().map(|&se| self.subexp(se)).collect()
    }

    /// Runs a statement; where a check fails, records the failure (with
    /// the backtrace it would have) and binds zeros of the statement's
    /// types.
    fn stm_running_past_failures(&mut self, stm: &Stm<R>, is_call: bool) -> Result<()> {
        self.running.push((stm.loc.clone(), is_call));
        let result = self.stm(stm);
        self.running.pop();
        let error = match result {
            Err(error) if error.is_check() && error.backtrace.is_empty() => error,
            other => return other,
        };
        let failures = self.failures.as_mut().expect("running past failures");
        if failures.len() >= MAX_FAILURES_RUN_PAST {
            return Err(error);
        }
        let mut recorded = error;
        let this = (stm.loc.clone(), is_call);
        for (loc, call) in std::iter::once(&this).chain(self.running.iter().rev()) {
            if let Some(loc) = loc
                && (recorded.backtrace.is_empty() || *call)
            {
                add_frame(&mut recorded.backtrace, loc);
            }
        }
        failures.push(recorded);
        for elem in &stm.pat {
            let shape: Vec<i64> = self
                .shape(&elem.ty)?
                .into_iter()
                .map(|d| d.max(0))
                .collect();
            let zero = PrimValue::zero(elem.ty.element());
            let count = shape.iter().product::<i64>() as usize;
            let value = if shape.is_empty() {
                Value::Prim(zero)
            } else {
                Value::Array(ArrayValue::new(elem.ty.element(), shape, vec![zero; count]))
            };
            self.bind(elem.var, value);
        }
        Ok(())
    }

    fn apply(&mut self, lambda: &Lambda<R>, args: Vec<Value>) -> Result<Vec<Value>> {
        self.call(&lambda.params, &lambda.body, args)
    }

    /// Takes `steps` more steps of a bounded run.
    fn charge(&mut self, steps: u64) -> Result<()> {
        if let Some(left) = &mut self.steps_left {
            *left = left.checked_sub(steps).ok_or_else(|| {
                RunError::new(format!(
                    "{OUT_OF_STEPS}the run took more steps than its limit."
                ))
            })?;
        }
        Ok(())
    }

    /// Takes a step for each element of the arrays among `values`.
    fn charge_elements(&mut self, values: &[Value]) -> Result<()> {
        if self.steps_left.is_some() {
            let elements = values
                .iter()
                .filter_map(Value::as_array)
                .map(|array| array.data.len() as u64)
                .sum();
            self.charge(elements)?;
        }
        Ok(())
    }

    fn stm(&mut self, stm: &Stm<R>) -> Result<()> {
        self.charge(1)?;
        let values = self.exp(&stm.exp)?;
        self.charge_elements(&values)?;
        if values.len() != stm.pat.len() {
            return Err(RunError::internal(format!(
                "{} values for {} variables",
                values.len(),
                stm.pat.len()
            )));
        }
        for (elem, value) in stm.pat.iter().zip(values) {
            self.bind(elem.var, value);
        }
        // Every value has the shape its type gives (a check of the
        // compiler: a pass that gets shapes wrong is caught by running).
        for elem in &stm.pat {
            let actual = match self.lookup(elem.var)? {
                Value::Array(array) => array.shape.clone(),
                Value::Prim(_) => Vec::new(),
            };
            if self.shape(&elem.ty)? != actual {
                return Err(RunError::internal(format!(
                    "a value of shape {} where its type says {:?}",
                    shape_text(&actual),
                    elem.ty
                )));
            }
        }
        Ok(())
    }

    /// The dimensions of a type, evaluated.
    fn shape(&self, ty: &Type) -> Result<Vec<i64>> {
        ty.shape().iter().map(|&d| self.i64(d)).collect()
    }

    fn resolve_slice(&self, slice: &[DimIndex]) -> Result<Vec<ResolvedIndex>> {
        slice
            .iter()
            .map(|index| {
                Ok(match *index {
                    DimIndex::Fix(i) => ResolvedIndex::Fix(self.i64(i)?),
                    DimIndex::Slice { start, len, stride } => ResolvedIndex::Slice {
                        start: self.i64(start)?,
                        len: self.i64(len)?,
                        stride: self.i64(stride)?,
                    },
                })
            })
            .collect()
    }

    fn exp(&mut self, exp: &Exp<R>) -> Result<Vec<Value>> {
        let single = |value: Value| Ok(vec![value]);
        match exp {
            Exp::SubExp(se) | Exp::Opaque(se) => single(self.subexp(*se)?),
            Exp::BinOp(op, a, b) => {
                let result = eval_binop(*op, self.prim(*a)?, self.prim(*b)?)
                    .map_err(|error| RunError::new(error.to_string()))?;
                single(Value::Prim(result))
            }
            Exp::Cmp(op, a, b) => single(Value::Prim(PrimValue::Bool(eval_cmp(
                *op,
                self.prim(*a)?,
                self.prim(*b)?,
            )))),
            Exp::UnOp(op, a) => single(Value::Prim(eval_unop(*op, self.prim(*a)?))),
            Exp::Convert(to, a) => single(Value::Prim(convert(self.prim(*a)?, *to))),
            Exp::PrimFn(f, args) => {
                let args: Vec<PrimValue> =
                    args.iter().map(|&a| self.prim(a)).collect::<Result<_>>()?;
                single(Value::Prim(eval_prim_fn(*f, &args)))
            }
            Exp::Call { func, args } => {
                let function = self.program.function(*func);
                let mut values = Vec::with_capacity(args.len());
                for (&arg, param) in args.iter().zip(&function.params) {
                    values.push(match arg {
                        SubExp::Var(var) if param.unique => self.take(var)?,
                        _ => self.subexp(arg)?,
                    });
                }
                let index = func.0 as usize;
                if self.active[index] == 0 {
                    self.active[index] += 1;
                    let result = self.call(&function.params, &function.body, values);
                    self.active[index] -= 1;
                    return result;
                }
                // Re-entering a running function: its variables belong to
                // the outer call until this one returns.
                let vars = match &self.function_vars[index] {
                    Some(vars) => Rc::clone(vars),
                    None => {
                        let vars = Rc::new(bound_vars(function));
                        self.function_vars[index] = Some(Rc::clone(&vars));
                        vars
                    }
                };
                let saved: Vec<Option<Value>> =
                    vars.iter().map(|v| self.env[v.0 as usize].take()).collect();
                self.active[index] += 1;
                let result = self.call(&function.params, &function.body, values);
                self.active[index] -= 1;
                for (v, value) in vars.iter().zip(saved) {
                    self.env[v.0 as usize] = value;
                }
                result
            }
            Exp::If {
                condition,
                then_body,
                else_body,
                ..
            } => {
                let taken = self
                    .prim(*condition)?
                    .as_bool()
                    .ok_or_else(|| RunError::internal("a condition that is not a bool"))?;
                self.body(if taken { then_body } else { else_body })
            }
            Exp::Loop { params, form, body } => self.run_loop(params, form, body),
            Exp::Index { array, slice } => {
                let slice = self.resolve_slice(slice)?;
                let array = self.array(*array)?;
                single(index(array, &slice)?)
            }
            Exp::Update {
                array,
                slice,
                value,
            } => {
                let slice = self.resolve_slice(slice)?;
                let value = self.subexp(*value)?;
                let mut array = self.array_owned(*array)?;
                update(&mut array, &slice, &value)?;
                single(Value::Array(array))
            }
            Exp::ArrayLit { elements, row } => {
                let rows: Vec<Value> = elements
                    .iter()
                    .map(|&e| self.subexp(e))
                    .collect::<Result<_>>()?;
                single(stack(row.element(), &self.shape(row)?, rows)?)
            }
            Exp::Iota {
                len,
                start,
                step,
                ty,
            } => {
                let len = self.i64(*len)?;
                if len < 0 {
                    return Err(RunError::new(format!(
                        "Cannot construct an array of negative length {len}."
                    )));
                }
                let start = self.prim(*start)?;
                let step = self.prim(*step)?;
                // Charged before the array is made: it may be too big to make.
                self.charge(len as u64)?;
                let mut data = Vec::with_capacity(len as usize);
                let mut current = start;
                for _ in 0..len {
                    data.push(current);
                    current = eval_binop(BinOp::Add, current, step)
                        .map_err(|e| RunError::internal(e.to_string()))?;
                }
                single(Value::Array(ArrayValue::new(*ty, vec![len], data)))
            }
            Exp::Replicate { shape, value } => {
                let dims = self.array_shape(shape)?;
                let count: i64 = dims.iter().product();
                let value = self.subexp(*value)?;
                let row_elements = value.as_array().map_or(1, |inner| inner.data.len() as u64);
                self.charge(element_count(&dims).saturating_mul(row_elements))?;
                single(match value {
                    Value::Prim(prim) => Value::Array(ArrayValue::new(
                        prim.prim_type(),
                        dims,
                        vec![prim; count as usize],
                    )),
                    Value::Array(inner) => {
                        let mut data = Vec::with_capacity(count as usize * inner.data.len());
                        for _ in 0..count {
                            data.extend_from_slice(&inner.data);
                        }
                        let mut full = dims;
                        full.extend(&inner.shape);
                        Value::Array(ArrayValue::new(inner.element, full, data))
                    }
                })
            }
            // Any contents will do: the program writes each element
            // before reading it.
            Exp::Scratch { shape, element } => {
                let dims = self.array_shape(shape)?;
                let count: i64 = dims.iter().product();
                self.charge(element_count(&dims))?;
                single(Value::Array(ArrayValue::new(
                    *element,
                    dims,
                    vec![PrimValue::zero(*element); count as usize],
                )))
            }
            Exp::Rearrange { perm, array } => {
                single(Value::Array(rearrange(self.array(*array)?, perm)))
            }
            Exp::Reshape { shape, array } => {
                let dims: Vec<i64> = shape.iter().map(|&d| self.i64(d)).collect::<Result<_>>()?;
                let array = self.array(*array)?;
                let count: i64 = dims.iter().product();
                if dims.iter().any(|&d| d < 0) || count as usize != array.data.len() {
                    return Err(RunError::new(format!(
                        "Cannot reshape array of shape {} to shape {}.",
                        shape_text(&array.shape),
                        shape_text(&dims)
                    )));
                }
                single(Value::Array(ArrayValue {
                    element: array.element,
                    shape: dims,
                    data: Arc::clone(&array.data),
                }))
            }
            Exp::Concat { arrays, width } => {
                let width = self.i64(*width)?;
                let first = self.array(arrays[0])?;
                let (element, mut shape) = (first.element, first.shape.clone());
                let mut data = Vec::new();
                for &array in arrays {
                    data.extend_from_slice(&self.array(array)?.data);
                }
                shape[0] = width;
                single(Value::Array(ArrayValue::new(element, shape, data)))
            }
            Exp::Copy(var) => single(match self.lookup(*var)? {
                Value::Array(array) => Value::Array(ArrayValue::new(
                    array.element,
                    array.shape.clone(),
                    array.data.to_vec(),
                )),
                prim => prim.clone(),
            }),
            Exp::Assert { condition, message } => {
                if self.prim(*condition)?.as_bool() == Some(true) {
                    return Ok(Vec::new());
                }
                let mut text = String::new();
                for part in message {
                    match part {
                        ErrorPart::Text(t) => text.push_str(t),
                        ErrorPart::Value(se) => text.push_str(&prim_message_text(self.prim(*se)?)),
                    }
                }
                Err(RunError::new(text))
            }
            Exp::Op(op) => op.interpret(self),
        }
    }

    fn run_loop(
        &mut self,
        params: &[(Param, SubExp)],
        form: &LoopForm,
        body: &Body<R>,
    ) -> Result<Vec<Value>> {
        for (param, init) in params {
            let value = match init {
                SubExp::Var(var) if param.unique => self.take(*var)?,
                _ => self.subexp(*init)?,
            };
            self.bind(param.var, value);
        }
        let rebind = |this: &mut Self, values: Vec<Value>| {
            for ((param, _), value) in params.iter().zip(values) {
                this.bind(param.var, value);
            }
        };
        match form {
            LoopForm::For { var, bound } => {
                let bound = self.prim(*bound)?;
                let zero = PrimValue::zero(bound.prim_type());
                let one = convert(PrimValue::I64(1), bound.prim_type());
                let mut i = zero;
                while eval_cmp(CmpOp::Lt, i, bound) {
                    self.charge(1)?;
                    self.bind(*var, Value::Prim(i));
                    let values = self.body(body)?;
                    rebind(self, values);
                    i = eval_binop(BinOp::Add, i, one)
                        .map_err(|e| RunError::internal(e.to_string()))?;
                }
            }
            LoopForm::While { condition } => {
                while self.prim(SubExp::Var(*condition))?.as_bool() == Some(true) {
                    self.charge(1)?;
                    let values = self.body(body)?;
                    rebind(self, values);
                }
            }
        }
        params
            .iter()
            .map(|(param, _)| self.take(param.var))
            .collect()
    }

    fn check_width(&self, width: i64, arrays: &[Var]) -> Result<()> {
        for &array in arrays {
            let outer = self.array(array)?.shape[0];
            if outer != width {
                return Err(RunError::internal(format!(
                    "an array of outer size {outer} in a SOAC of width {width}"
                )));
            }
        }
        Ok(())
    }

    fn rows(&self, arrays: &[Var], i: i64) -> Result<Vec<Value>> {
        arrays.iter().map(|&a| Ok(row(self.array(a)?, i))).collect()
    }

    /// Runs a segmented operation: its body at every point of its space,
    /// in row-major order (one of the orders a parallel run may take).
    fn segop(&mut self, op: &SegOp<R>) -> Result<Vec<Value>> {
        let space = op.space();
        let sizes: Vec<i64> = space
            .dims
            .iter()
            .map(|&(_, n)| self.i64(n))
            .collect::<Result<_>>()?;
        let inner = sizes.last().copied().unwrap_or(1).max(0);
        let points: i64 = sizes.iter().product::<i64>().max(0);
        let segments = if inner == 0 {
            sizes[..sizes.len() - 1].iter().product::<i64>().max(0)
        } else {
            points / inner
        };
        // What the operators accumulate: one set of values per segment.
        let neutrals: Vec<Vec<Value>> = op
            .bin_ops()
            .iter()
            .map(|o| o.neutral.iter().map(|&n| self.subexp(n)).collect())
            .collect::<Result<_>>()?;
        let mut accs: Vec<Vec<Vec<Value>>> = vec![neutrals.clone(); segments as usize];
        let mut scanned: Vec<Vec<Value>> = vec![Vec::new(); neutrals.iter().map(Vec::len).sum()];
        let mut histograms: Vec<Vec<ArrayValue>> = Vec::new();
        if let SegOp::Hist { ops, .. } = op {
            for hist in ops {
                let dests = hist
                    .dests
                    .iter()
                    .map(|&d| self.array_owned(d))
                    .collect::<Result<_>>()?;
                histograms.push(dests);
            }
        }
        let mut written: Vec<Option<ArrayValue>> = Vec::new();
        let mut returned: Vec<(PrimType, Vec<i64>, Vec<Value>)> = Vec::new();
        for result in op.results() {
            match result {
                SegResult::Returns(ty) => {
                    returned.push((ty.element(), self.shape(ty)?, Vec::new()));
                    written.push(None);
                }
                SegResult::Write { dest, .. } => written.push(Some(self.array_owned(*dest)?)),
            }
        }
        for point in 0..points {
            let mut rest = point;
            for (&(index, _), &size) in space.dims.iter().zip(&sizes).rev() {
                self.bind(index, Value::Prim(PrimValue::I64(rest % size)));
                rest /= size;
            }
            let values = self.body(op.body())?;
            let mut values = values.into_iter();
            match op {
                SegOp::Red { ops, .. } | SegOp::Scan { ops, .. } => {
                    let segment = (point / inner) as usize;
                    if matches!(op, SegOp::Scan { .. }) && point % inner == 0 {
                        accs[segment] = neutrals.clone();
                    }
                    let mut out = 0;
                    for (k, bin_op) in ops.iter().enumerate() {
                        let mut args = std::mem::take(&mut accs[segment][k]);
                        args.extend(values.by_ref().take(bin_op.neutral.len()));
                        accs[segment][k] = self.apply(&bin_op.lambda, args)?;
                        if matches!(op, SegOp::Scan { .. }) {
                            for value in &accs[segment][k] {
                                scanned[out].push(value.clone());
                                out += 1;
                            }
                        }
                    }
                }
                SegOp::Hist { ops, .. } => {
                    for (hist, dests) in ops.iter().zip(&mut histograms) {
                        let bucket = values
                            .next()
                            .and_then(|v| v.as_prim())
                            .and_then(PrimValue::as_i64)
                            .ok_or_else(|| RunError::internal("a bucket that is not an i64"))?;
                        let vals: Vec<Value> = values.by_ref().take(dests.len()).collect();
                        let bins = dests.first().map_or(0, |d| d.shape[0]);
                        if bucket < 0 || bucket >= bins {
                            continue;
                        }
                        let mut args: Vec<Value> = dests.iter().map(|d| row(d, bucket)).collect();
                        args.extend(vals);
                        let combined = self.apply(&hist.lambda, args)?;
                        for (dest, value) in dests.iter_mut().zip(combined) {
                            update(dest, &[ResolvedIndex::Fix(bucket)], &value)?;
                        }
                    }
                }
                SegOp::Map { .. } => {}
            }
            let mut returns = returned.iter_mut();
            for (result, target) in op.results().iter().zip(&mut written) {
                match (result, target) {
                    (SegResult::Returns(_), _) => {
                        let value = values
                            .next()
                            .ok_or_else(|| RunError::internal("a body with too few results"))?;
                        if let Some((_, _, rows)) = returns.next() {
                            rows.push(value);
                        }
                    }
                    (SegResult::Write { rank, .. }, Some(dest)) => {
                        let indices: Vec<ResolvedIndex> = values
                            .by_ref()
                            .take(*rank)
                            .map(|v| {
                                v.as_prim()
                                    .and_then(PrimValue::as_i64)
                                    .map(ResolvedIndex::Fix)
                                    .ok_or_else(|| {
                                        RunError::internal("an index that is not an i64")
                                    })
                            })
                            .collect::<Result<_>>()?;
                        let value = values
                            .next()
                            .ok_or_else(|| RunError::internal("a write without a value"))?;
                        if slice_offsets(&dest.shape, &indices).is_some() {
                            update(dest, &indices, &value)?;
                        }
                    }
                    (SegResult::Write { .. }, None) => {
                        return Err(RunError::internal("a write without its destination"));
                    }
                }
            }
        }
        let mut results = Vec::new();
        match op {
            SegOp::Red { .. } => {
                let outer = &sizes[..sizes.len() - 1];
                for c in 0..neutrals.iter().map(Vec::len).sum() {
                    let values: Vec<Value> = accs
                        .iter()
                        .map(|segment| segment.iter().flatten().nth(c).cloned())
                        .collect::<Option<_>>()
                        .ok_or_else(|| RunError::internal("a reduction without its values"))?;
                    if outer.is_empty() {
                        let value = values
                            .into_iter()
                            .next()
                            .ok_or_else(|| RunError::internal("a reduction of no segment"))?;
                        results.push(value);
                    } else {
                        let neutral = neutrals.iter().flatten().nth(c);
                        results.push(stack_over(outer, neutral, values)?);
                    }
                }
            }
            SegOp::Scan { .. } => {
                for (c, values) in scanned.into_iter().enumerate() {
                    let neutral = neutrals.iter().flatten().nth(c);
                    results.push(stack_over(&sizes, neutral, values)?);
                }
            }
            SegOp::Hist { .. } => {
                results.extend(histograms.into_iter().flatten().map(Value::Array));
            }
            SegOp::Map { .. } => {}
        }
        let mut returns = returned.into_iter();
        for (result, target) in op.results().iter().zip(written) {
            match (result, target) {
                (SegResult::Returns(_), _) => {
                    if let Some((element, row_shape, rows)) = returns.next() {
                        let stacked = stack(element, &row_shape, rows)?;
                        let mut shape = sizes.clone();
                        shape.extend(&row_shape);
                        results.push(reshaped(stacked, shape));
                    }
                }
                (SegResult::Write { .. }, Some(dest)) => results.push(Value::Array(dest)),
                (SegResult::Write { .. }, None) => {
                    return Err(RunError::internal("a write without its destination"));
                }
            }
        }
        Ok(results)
    }

    fn soac(&mut self, soac: &Soac<R>) -> Result<Vec<Value>> {
        match soac {
            Soac::Screma {
                width,
                arrays,
                map,
                scans,
                reduces,
                post,
            } => {
                let width = self.i64(*width)?;
                self.check_width(width, arrays)?;
                let mut scan_accs: Vec<Vec<Value>> = scans
                    .iter()
                    .map(|s| s.neutral.iter().map(|&n| self.subexp(n)).collect())
                    .collect::<Result<_>>()?;
                let mut reduce_accs: Vec<Vec<Value>> = reduces
                    .iter()
                    .map(|r| r.neutral.iter().map(|&n| self.subexp(n)).collect())
                    .collect::<Result<_>>()?;
                let scan_count: usize = scan_accs.iter().map(Vec::len).sum();
                let reduce_count: usize = reduce_accs.iter().map(Vec::len).sum();
                // The rows of the stacked results: the scans' and the
                // mapped values, or the post lambda's results.
                let row_types: Vec<&Type> = match post {
                    Some(post) => post.ret.iter().collect(),
                    None => map.ret[..scan_count]
                        .iter()
                        .chain(&map.ret[scan_count + reduce_count..])
                        .collect(),
                };
                let mut outputs: Vec<Vec<Value>> = vec![Vec::new(); row_types.len()];
                for i in 0..width {
                    let args = self.rows(arrays, i)?;
                    let mut results = self.apply(map, args)?.into_iter();
                    let mut row = Vec::new();
                    for (scan, acc) in scans.iter().zip(&mut scan_accs) {
                        let mut args = std::mem::take(acc);
                        args.extend(results.by_ref().take(scan.neutral.len()));
                        *acc = self.apply(&scan.lambda, args)?;
                        row.extend(acc.iter().cloned());
                    }
                    for (reduce, acc) in reduces.iter().zip(&mut reduce_accs) {
                        let mut args = std::mem::take(acc);
                        args.extend(results.by_ref().take(reduce.neutral.len()));
                        *acc = self.apply(&reduce.lambda, args)?;
                    }
                    row.extend(results);
                    if let Some(post) = post {
                        row = self.apply(post, row)?;
                    }
                    for (outputs, value) in outputs.iter_mut().zip(row) {
                        outputs.push(value);
                    }
                }
                let mut stacked = Vec::new();
                for (rows, ty) in outputs.into_iter().zip(row_types) {
                    stacked.push(stack(ty.element(), &self.shape(ty)?, rows)?);
                }
                let mut values = Vec::new();
                let after_scans = if post.is_some() { 0 } else { scan_count };
                let mut stacked = stacked.into_iter();
                values.extend(stacked.by_ref().take(after_scans));
                values.extend(reduce_accs.into_iter().flatten());
                values.extend(stacked);
                Ok(values)
            }
            Soac::Hist {
                width,
                arrays,
                ops,
                map,
            } => {
                let width = self.i64(*width)?;
                self.check_width(width, arrays)?;
                let mut targets: Vec<Vec<ArrayValue>> = ops
                    .iter()
                    .map(|op| op.dests.iter().map(|&d| self.array_owned(d)).collect())
                    .collect::<Result<_>>()?;
                for i in 0..width {
                    let args = self.rows(arrays, i)?;
                    let results = self.apply(map, args)?;
                    let (buckets, mut values) = results.split_at(ops.len());
                    for ((op, dests), bucket) in ops.iter().zip(&mut targets).zip(buckets) {
                        let (own, rest) = values.split_at(op.neutral.len());
                        values = rest;
                        let bin = index_value(bucket, "a histogram index")?;
                        let bins = dests.first().map_or(0, |t| t.shape[0]);
                        if bin < 0 || bin >= bins {
                            continue;
                        }
                        let mut args: Vec<Value> = dests.iter().map(|t| row(t, bin)).collect();
                        args.extend(own.iter().cloned());
                        let combined = self.apply(&op.op, args)?;
                        for (target, value) in dests.iter_mut().zip(combined) {
                            update(target, &[ResolvedIndex::Fix(bin)], &value)?;
                        }
                    }
                }
                Ok(targets.into_iter().flatten().map(Value::Array).collect())
            }
            Soac::Scatter {
                width,
                arrays,
                dests,
                map,
            } => {
                let width = self.i64(*width)?;
                self.check_width(width, arrays)?;
                let mut targets: Vec<ArrayValue> = dests
                    .iter()
                    .map(|d| self.array_owned(d.array))
                    .collect::<Result<_>>()?;
                let writes = crate::ir::soac::scatter_writes(dests);
                let mapped_types = &map.ret[2 * writes..];
                let mut mapped: Vec<Vec<Value>> = vec![Vec::new(); mapped_types.len()];
                for i in 0..width {
                    let args = self.rows(arrays, i)?;
                    let mut results = self.apply(map, args)?;
                    for (rows, value) in mapped.iter_mut().zip(results.drain(2 * writes..)) {
                        rows.push(value);
                    }
                    let (indices, values) = results.split_at(writes);
                    let mut written = indices.iter().zip(values);
                    for (dest, target) in dests.iter().zip(&mut targets) {
                        for (index, value) in written.by_ref().take(dest.writes) {
                            match (index, value) {
                                (Value::Array(indices), Value::Array(values)) => {
                                    for k in 0..indices.shape[0] {
                                        let (index, value) = (row(indices, k), row(values, k));
                                        scatter_write(target, &index, &value)?;
                                    }
                                }
                                (index, value) => scatter_write(target, index, value)?,
                            }
                        }
                    }
                }
                let mut values: Vec<Value> = targets.into_iter().map(Value::Array).collect();
                for (rows, ty) in mapped.into_iter().zip(mapped_types) {
                    values.push(stack(ty.element(), &self.shape(ty)?, rows)?);
                }
                Ok(values)
            }
            Soac::Accumulate {
                width,
                arrays,
                dests,
                map,
            } => {
                let width = self.i64(*width)?;
                self.check_width(width, arrays)?;
                let mut accumulators: Vec<Value> = dests
                    .iter()
                    .map(|&d| self.array_owned(d).map(Value::Array))
                    .collect::<Result<_>>()?;
                for i in 0..width {
                    let mut args = accumulators;
                    args.extend(self.rows(arrays, i)?);
                    accumulators = self.apply(map, args)?;
                }
                Ok(accumulators)
            }
            // One chunk holding everything is a valid chunking for both
            // kinds, and needs no combining operator.
            Soac::Stream {
                kind: _,
                width,
                arrays,
                accumulators,
                fold,
                reduce: _,
            } => {
                let width_value = self.i64(*width)?;
                self.check_width(width_value, arrays)?;
                let mut args = vec![Value::Prim(PrimValue::I64(width_value))];
                for &acc in accumulators {
                    args.push(self.subexp(acc)?);
                }
                for &array in arrays {
                    args.push(self.lookup(array)?.clone());
                }
                self.apply(fold, args)
            }
        }
    }
}

/// One write of a scatter: `value` at `index` of `target`, unless the
/// index is out of bounds.
fn scatter_write(target: &mut ArrayValue, index: &Value, value: &Value) -> Result<()> {
    let index = index_value(index, "a scatter index")?;
    if index >= 0 && index < target.shape[0] {
        update(target, &[ResolvedIndex::Fix(index)], value)?;
    }
    Ok(())
}

/// An `i64` index, or an internal error naming `what`.
fn index_value(value: &Value, what: &str) -> Result<i64> {
    match value {
        Value::Prim(prim) => prim
            .as_i64()
            .ok_or_else(|| RunError::internal(format!("{what} that is not an i64"))),
        Value::Array(_) => Err(RunError::internal(format!("{what} that is an array"))),
    }
}

/// Adds a statement's location, and the calls it was inlined from, to a
/// backtrace.
fn add_frame(backtrace: &mut Vec<Loc>, loc: &Loc) {
    backtrace.push(loc.clone());
    backtrace.extend(loc.inlined_from.iter().cloned());
}

/// How a scalar appears inside an error message: integers plain, floats
/// and booleans as the data format writes them.
fn prim_message_text(value: PrimValue) -> String {
    match value {
        PrimValue::I8(v) => v.to_string(),
        PrimValue::I16(v) => v.to_string(),
        PrimValue::I32(v) => v.to_string(),
        PrimValue::I64(v) => v.to_string(),
        PrimValue::U8(v) => v.to_string(),
        PrimValue::U16(v) => v.to_string(),
        PrimValue::U32(v) => v.to_string(),
        PrimValue::U64(v) => v.to_string(),
        PrimValue::Bool(v) => v.to_string(),
        PrimValue::F16(v) => v.to_f32().to_string(),
        PrimValue::F32(v) => v.to_string(),
        PrimValue::F64(v) => v.to_string(),
    }
}

fn out_of_bounds(shape: &[i64], slice: &[ResolvedIndex]) -> RunError {
    RunError::new(format!(
        "Index {} out of bounds for array of shape {}.",
        slice_text(slice),
        shape_text(shape)
    ))
}

fn index(array: &ArrayValue, slice: &[ResolvedIndex]) -> Result<Value> {
    let (shape, offsets) =
        slice_offsets(&array.shape, slice).ok_or_else(|| out_of_bounds(&array.shape, slice))?;
    if shape.is_empty() {
        return Ok(Value::Prim(array.data[offsets[0]]));
    }
    let data = offsets.iter().map(|&o| array.data[o]).collect();
    Ok(Value::Array(ArrayValue::new(array.element, shape, data)))
}

fn update(array: &mut ArrayValue, slice: &[ResolvedIndex], value: &Value) -> Result<()> {
    let (shape, offsets) =
        slice_offsets(&array.shape, slice).ok_or_else(|| out_of_bounds(&array.shape, slice))?;
    let data = Arc::make_mut(&mut array.data);
    match value {
        Value::Prim(prim) if shape.is_empty() => data[offsets[0]] = *prim,
        Value::Array(source) if source.shape == shape => {
            for (&offset, &element) in offsets.iter().zip(source.data.iter()) {
                data[offset] = element;
            }
        }
        _ => {
            let value_shape = match value {
                Value::Array(source) => source.shape.clone(),
                Value::Prim(_) => Vec::new(),
            };
            return Err(RunError::new(format!(
                "Value of shape {} cannot be written to a slice of shape {}.",
                shape_text(&value_shape),
                shape_text(&shape)
            )));
        }
    }
    Ok(())
}

fn rearrange(array: &ArrayValue, perm: &[usize]) -> ArrayValue {
    let shape: Vec<i64> = perm.iter().map(|&p| array.shape[p]).collect();
    let source_strides = row_major_strides(&array.shape);
    let count = array.data.len();
    let mut data = Vec::with_capacity(count);
    let mut counter = vec![0i64; shape.len()];
    for _ in 0..count {
        let offset: i64 = counter
            .iter()
            .zip(perm)
            .map(|(&c, &p)| c * source_strides[p])
            .sum();
        data.push(array.data[offset as usize]);
        for d in (0..shape.len()).rev() {
            counter[d] += 1;
            if counter[d] < shape[d] {
                break;
            }
            counter[d] = 0;
        }
    }
    ArrayValue::new(array.element, shape, data)
}

#[cfg(test)]
mod tests;
