//! The C of the imperative IR's functions and statements.
//!
//! Every Imp function becomes a C function
//! `static int fN_name(fut_run *run, outputs..., inputs...)` returning an
//! error code (`runtime/prelude.h` describes `fut_run`). Scalars are C
//! locals declared where the Imp code declares them (an Imp `Block` is a
//! C block); memory blocks are `fut_mem *` locals declared at the top of
//! the C function, each holding one reference: `SetMem` retains the new
//! block and releases the old one, and a block variable is released
//! where the Imp block declaring it ends. Memory parameters are borrowed
//! from the caller (never set, never released); memory results are
//! references moved to the caller. A failing assertion, a failed call or
//! allocation sets `err` and jumps to the function's end, which releases
//! every block variable and returns `err`, so that no path leaks; calls
//! add their location to the failure's backtrace on the way.

use super::scalar::{self, c_literal, c_type, constant};
use crate::CodegenError;
use crate::imp::{Arg, Code, ErrorPart, Exp, Function, MemLoc, Param, Program};
use opt::ir::{Loc, Var};
use prim::PrimType;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeSet;
use std::fmt::Write as _;

pub(crate) type Result<T> = std::result::Result<T, CodegenError>;

fn internal(message: impl Into<String>) -> CodegenError {
    CodegenError::internal(format!(
        "internal error in the C generator: {}",
        message.into()
    ))
}

/// How a back end's operation becomes C, and which variables it reads,
/// sets and declares (for the free variables of the tasks a multicore
/// program outlines).
pub trait COp: Sized {
    /// Emits the operation as statements of the function being printed.
    fn print(&self, printer: &mut FunctionPrinter<'_, '_, Self>) -> Result<()>;
    /// Reports the variables the operation uses.
    fn visit(&self, uses: &mut VarUses);
}

/// What a variable holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VarKind {
    Scalar(PrimType),
    Mem,
}

/// What printing a program collects: the code of the tasks outlined so
/// far, which go before the function using them.
pub struct ProgramPrinter<'p, Op> {
    pub(crate) program: &'p Program<Op>,
    /// The functions that call themselves, directly or not.
    recursive: FxHashSet<usize>,
    pub(crate) tasks: String,
    task_count: usize,
    /// The kernels of an OpenCL program (its blocks are in device
    /// memory); `None` for the C back ends.
    pub(crate) kernels: Option<super::opencl::Kernels>,
}

impl<'p, Op: COp> ProgramPrinter<'p, Op> {
    pub fn new(program: &'p Program<Op>) -> Self {
        ProgramPrinter {
            program,
            recursive: recursive_functions(program),
            tasks: String::new(),
            task_count: 0,
            kernels: None,
        }
    }

    /// Whether the program's blocks are in device memory (OpenCL), which
    /// host code reads and writes through the runtime.
    pub(crate) fn device_memory(&self) -> bool {
        self.kernels.is_some()
    }

    /// The C name of a variable: its hint made an identifier, and its
    /// number (so that names never clash, with each other or with the
    /// runtime's, which end in no number).
    pub(crate) fn var(&self, var: Var) -> String {
        let hint: String = self
            .program
            .var_name(var)
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        if hint.is_empty() || hint.starts_with(|c: char| c.is_ascii_digit()) {
            format!("v{hint}_{}", var.0)
        } else {
            format!("{hint}_{}", var.0)
        }
    }

    pub(crate) fn function_name(&self, index: usize) -> String {
        let name: String = self.program.functions[index]
            .name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        format!("f{index}_{name}")
    }

    /// The C declaration of function `index` (without `;` or body).
    pub(crate) fn signature(&self, index: usize) -> String {
        let function = &self.program.functions[index];
        let mut params = vec!["fut_run *run".to_owned()];
        for result in &function.results {
            params.push(match *result {
                Param::Scalar(var, t) => format!("{} *out_{}", c_type(t), self.var(var)),
                Param::Mem(var, _) => format!("fut_mem **out_{}", self.var(var)),
            });
        }
        for param in &function.params {
            params.push(match *param {
                Param::Scalar(var, t) => format!("{} {}", c_type(t), self.var(var)),
                Param::Mem(var, _) => format!("fut_mem *{}", self.var(var)),
            });
        }
        format!(
            "static int {}({})",
            self.function_name(index),
            params.join(", ")
        )
    }

    /// The C function of Imp function `index`.
    pub fn function(&mut self, index: usize) -> Result<String> {
        let program = self.program;
        let function: &Function<Op> = &program.functions[index];
        let recursive = self.recursive.contains(&index);
        let mut out = format!("{} {{\n", self.signature(index));
        let mut printer = FunctionPrinter::new(self);
        for param in &function.params {
            match *param {
                Param::Scalar(var, t) => printer.bind(var, VarKind::Scalar(t)),
                Param::Mem(var, _) => {
                    printer.bind(var, VarKind::Mem);
                    printer.borrowed.insert(var);
                }
            }
        }
        let mut results = String::new();
        for result in &function.results {
            let name = printer.prog.var(result.var());
            match *result {
                Param::Scalar(var, t) => {
                    printer.bind(var, VarKind::Scalar(t));
                    let _ = writeln!(results, "  *out_{name} = {name};");
                    printer.locals.push(format!("{} {name};", c_type(t)));
                }
                Param::Mem(var, _) => {
                    printer.bind(var, VarKind::Mem);
                    printer.mems.insert(var);
                    let _ = writeln!(results, "  mem_move(out_{name}, &{name});");
                }
            }
        }
        printer.contents(&function.body)?;
        let (prologue, epilogue) = if recursive {
            (
                "  if (run->depth >= FUT_MAX_DEPTH) return fut_overflow(run);\n  run->depth++;\n",
                "  run->depth--;\n",
            )
        } else {
            ("", "")
        };
        let body = std::mem::take(&mut printer.lines.out);
        printer.finish(&mut out, prologue, &body, &results, epilogue);
        Ok(out)
    }

    /// A name for a new task function.
    pub(crate) fn new_task(&mut self) -> String {
        self.task_count += 1;
        format!("task_{}", self.task_count)
    }
}

/// The functions on a cycle of the call graph.
fn recursive_functions<Op: COp>(program: &Program<Op>) -> FxHashSet<usize> {
    let calls: Vec<BTreeSet<usize>> = program
        .functions
        .iter()
        .map(|f| {
            let mut uses = VarUses::default();
            uses.code(&f.body);
            uses.calls
        })
        .collect();
    (0..calls.len())
        .filter(|&start| {
            let mut seen = FxHashSet::default();
            let mut stack: Vec<usize> = calls[start].iter().copied().collect();
            while let Some(f) = stack.pop() {
                if f == start {
                    return true;
                }
                if seen.insert(f) {
                    stack.extend(calls.get(f).into_iter().flatten().copied());
                }
            }
            false
        })
        .collect()
}

/// The printer of one C function (an Imp function, or a task's body).
pub struct FunctionPrinter<'a, 'p, Op> {
    pub prog: &'a mut ProgramPrinter<'p, Op>,
    lines: Lines,
    /// The block variables the function holds (declared at its top).
    mems: BTreeSet<Var>,
    /// Block variables the function is lent: never set or released.
    borrowed: FxHashSet<Var>,
    /// Declarations at the top of the function besides block variables.
    locals: Vec<String>,
    /// Whether some failure jumps to the end.
    jumps: bool,
}

impl<'a, 'p, Op: COp> FunctionPrinter<'a, 'p, Op> {
    pub(crate) fn new(prog: &'a mut ProgramPrinter<'p, Op>) -> Self {
        FunctionPrinter {
            prog,
            lines: Lines::new(),
            mems: BTreeSet::new(),
            borrowed: FxHashSet::default(),
            locals: Vec::new(),
            jumps: false,
        }
    }

    /// Puts the function together: its declarations, `prologue`, the
    /// body, the results' moves, and the end every failure jumps to,
    /// which releases the blocks.
    pub(crate) fn finish(
        &mut self,
        out: &mut String,
        prologue: &str,
        body: &str,
        results: &str,
        epilogue: &str,
    ) {
        out.push_str("  int err = 0;\n");
        for local in &self.locals {
            let _ = writeln!(out, "  {local}");
        }
        for &var in &self.mems {
            if !self.borrowed.contains(&var) {
                let _ = writeln!(out, "  fut_mem *{} = NULL;", self.prog.var(var));
            }
        }
        out.push_str(prologue);
        out.push_str(body);
        out.push_str(results);
        if self.jumps {
            out.push_str("done:\n");
        }
        for &var in &self.mems {
            if !self.borrowed.contains(&var) {
                let _ = writeln!(out, "  mem_release(&{});", self.prog.var(var));
            }
        }
        out.push_str(epilogue);
        out.push_str("  return err;\n}\n");
    }

    /// Makes a variable known in the current scope (a parameter).
    pub(crate) fn bind(&mut self, var: Var, kind: VarKind) {
        self.lines.bind(var, kind);
    }

    /// Lends the function a block variable (a task's, from its parent).
    pub(crate) fn lend(&mut self, var: Var) {
        self.bind(var, VarKind::Mem);
        self.borrowed.insert(var);
    }

    pub(crate) fn declare_local(&mut self, text: String) {
        self.locals.push(text);
    }

    pub fn indent(&mut self) {
        self.lines.indent += 1;
    }

    pub fn dedent(&mut self) {
        self.lines.indent -= 1;
    }

    /// The kind of a variable in scope.
    pub(crate) fn kind(&self, var: Var) -> Result<VarKind> {
        self.lines.kind(var).ok_or_else(|| {
            internal(format!(
                "variable `{}` is used where it is not declared",
                self.prog.var(var)
            ))
        })
    }

    /// The C name of a variable in scope.
    pub fn var(&self, var: Var) -> Result<String> {
        self.kind(var)?;
        Ok(self.prog.var(var))
    }

    /// A block variable in scope, as a C expression.
    pub(crate) fn mem(&self, var: Var) -> Result<String> {
        match self.kind(var)? {
            VarKind::Mem => Ok(self.prog.var(var)),
            VarKind::Scalar(_) => Err(internal(format!(
                "scalar `{}` used as a memory block",
                self.prog.var(var)
            ))),
        }
    }

    /// A block variable the function may set.
    fn owned_mem(&self, var: Var) -> Result<String> {
        if self.borrowed.contains(&var) {
            return Err(internal(format!(
                "memory parameter `{}` is set",
                self.prog.var(var)
            )));
        }
        self.mem(var)
    }

    /// Runs `call` (a C expression returning an error code); when it
    /// fails, adds `loc` to the backtrace and jumps to the end.
    pub fn checked(&mut self, call: &str, loc: Option<&Loc>) {
        self.jumps = true;
        match loc {
            Some(loc) => {
                self.line(&format!("if ((err = {call}) != 0) {{"));
                self.line(&format!("  fut_trace(run, {});", locations(loc)));
                self.line("  goto done;");
                self.line("}");
            }
            None => self.line(&format!("if ((err = {call}) != 0) goto done;")),
        }
    }

    /// A scalar expression in C.
    pub fn exp(&self, e: &Exp) -> Result<String> {
        print_exp(self, e)
    }

    /// An `int64_t` array initialiser of the expressions.
    fn i64_list(&self, exps: &[Exp]) -> Result<String> {
        let items = exps
            .iter()
            .map(|e| self.exp(e))
            .collect::<Result<Vec<_>>>()?;
        Ok(format!("{{{}}}", items.join(", ")))
    }
}

impl<Op: COp> CodePrinter<Op> for FunctionPrinter<'_, '_, Op> {
    fn lines(&mut self) -> &mut Lines {
        &mut self.lines
    }

    fn declare(&mut self, var: Var, kind: VarKind) -> Result<()> {
        let shadowed = self.lines.scopes[..self.lines.scopes.len() - 1]
            .iter()
            .any(|scope| scope.contains_key(&var));
        let scope = self
            .lines
            .scopes
            .last_mut()
            .ok_or_else(|| internal("no scope"))?;
        let again = scope.insert(var, kind);
        let name = self.prog.var(var);
        if again.is_some_and(|before| before != kind) {
            return Err(internal(format!(
                "`{name}` is declared again with another type"
            )));
        }
        match kind {
            VarKind::Scalar(t) => {
                if again.is_none() {
                    self.line(&format!("{} {name};", c_type(t)));
                }
            }
            VarKind::Mem => {
                if shadowed {
                    return Err(internal(format!(
                        "memory block `{name}` is declared within its own scope"
                    )));
                }
                if again.is_some() {
                    self.line(&format!("mem_release(&{name});"));
                }
                self.mems.insert(var);
            }
        }
        Ok(())
    }

    /// Releases the blocks the scope declared.
    fn end_scope(&mut self, scope: FxHashMap<Var, VarKind>) {
        let mut released: Vec<Var> = scope
            .iter()
            .filter(|(_, kind)| **kind == VarKind::Mem)
            .map(|(&var, _)| var)
            .collect();
        released.sort();
        for var in released {
            let name = self.prog.var(var);
            self.line(&format!("mem_release(&{name});"));
        }
    }

    fn set_mem(&mut self, dest: Var, source: Var) -> Result<()> {
        let text = format!(
            "mem_set(&{}, {});",
            self.owned_mem(dest)?,
            self.mem(source)?
        );
        self.line(&text);
        Ok(())
    }

    fn allocate(&mut self, mem: Var, bytes: &Exp) -> Result<()> {
        let allocate = if self.prog.device_memory() {
            "mem_alloc_dev"
        } else {
            "mem_alloc"
        };
        let call = format!(
            "{allocate}(run, &{}, {})",
            self.owned_mem(mem)?,
            self.exp(bytes)?
        );
        self.checked(&call, None);
        Ok(())
    }

    fn write(&mut self, block: Var, index: &Exp, element: PrimType, value: &Exp) -> Result<()> {
        let (block, index, value) = (self.mem(block)?, self.exp(index)?, self.exp(value)?);
        if self.prog.device_memory() {
            let call = format!(
                "fut_cl_write_{}(run, {block}, {index}, {value})",
                element.name()
            );
            self.checked(&call, None);
        } else {
            let text = format!("(({} *){block}->data)[{index}] = {value};", c_type(element));
            self.line(&text);
        }
        Ok(())
    }

    fn copy(
        &mut self,
        element: PrimType,
        shape: &[Exp],
        dest: &MemLoc,
        source: &MemLoc,
    ) -> Result<()> {
        let t = c_type(element);
        let (d, s) = (self.mem(dest.block)?, self.mem(source.block)?);
        let (d_offset, s_offset) = (self.exp(&dest.offset)?, self.exp(&source.offset)?);
        if self.prog.device_memory() {
            // An element is a copy of rank 0.
            let list = |printer: &Self, exps: &[Exp]| -> Result<String> {
                Ok(if exps.is_empty() {
                    "NULL".to_owned()
                } else {
                    format!("(const int64_t[]){}", printer.i64_list(exps)?)
                })
            };
            let call = format!(
                "fut_cl_copy(run, {}, {}, {}, {d}, {d_offset}, {}, {s}, {s_offset}, {})",
                element.byte_size(),
                shape.len(),
                list(self, shape)?,
                list(self, &dest.strides)?,
                list(self, &source.strides)?
            );
            self.checked(&call, None);
            return Ok(());
        }
        if shape.is_empty() {
            self.line(&format!(
                "(({t} *){d}->data)[{d_offset}] = (({t} *){s}->data)[{s_offset}];"
            ));
            return Ok(());
        }
        self.line("{");
        self.line(&format!(
            "  const int64_t shape[] = {}, dest_strides[] = {}, source_strides[] = {};",
            self.i64_list(shape)?,
            self.i64_list(&dest.strides)?,
            self.i64_list(&source.strides)?
        ));
        self.line(&format!(
            "  fut_copy({}, {}, shape, {d}->data, {d_offset}, dest_strides, {s}->data, {s_offset}, source_strides);",
            element.byte_size(),
            shape.len()
        ));
        self.line("}");
        Ok(())
    }

    fn call(
        &mut self,
        results: &[Var],
        func: usize,
        args: &[Arg],
        loc: Option<&Loc>,
    ) -> Result<()> {
        let callee = self
            .prog
            .program
            .functions
            .get(func)
            .ok_or_else(|| internal("a call of no function"))?;
        let mut c_args = vec!["run".to_owned()];
        for (&result, param) in results.iter().zip(&callee.results) {
            c_args.push(match param {
                Param::Scalar(..) => format!("&{}", self.var(result)?),
                Param::Mem(..) => format!("&{}", self.owned_mem(result)?),
            });
        }
        for arg in args {
            c_args.push(match arg {
                Arg::Scalar(e) => self.exp(e)?,
                Arg::Mem(var) => self.mem(*var)?,
            });
        }
        let call = format!("{}({})", self.prog.function_name(func), c_args.join(", "));
        self.checked(&call, loc);
        Ok(())
    }

    /// A failing assertion calls `fut_failf` with a format of the message
    /// (`%l` and the like for values, `%r` for slice ranges; see
    /// `runtime.c`) and the values, widened as the format says.
    fn assert(&mut self, condition: &Exp, message: &[ErrorPart], loc: Option<&Loc>) -> Result<()> {
        if matches!(condition, Exp::Const(prim::PrimValue::Bool(true))) {
            return Ok(());
        }
        let (format, values) = failure_format(message)?;
        let mut args = Vec::new();
        for value in values {
            let text = self.exp(value)?;
            args.push(match format_code(exp_type(value)).1 {
                Some(cast) => format!("({cast}){text}"),
                None => text,
            });
        }
        let condition = self.exp(condition)?;
        let locs = loc.map_or_else(|| "NULL".to_owned(), locations);
        let mut call = format!("fut_failf(run, {locs}, {}", c_literal(&format));
        for arg in args {
            call.push_str(", ");
            call.push_str(&arg);
        }
        self.jumps = true;
        self.line(&format!("if (fut_unlikely(!{condition})) {{"));
        self.line(&format!("  err = {call});"));
        self.line("  goto done;");
        self.line("}");
        Ok(())
    }

    fn op(&mut self, op: &Op) -> Result<()> {
        op.print(self)
    }
}

impl<Op: COp> FunctionPrinter<'_, '_, Op> {
    /// The variables the code of a task reads from outside, with their
    /// kinds, apart from `bound` (its chunk's number, start and end, say);
    /// code setting one is an error, for chunks run at once.
    pub(crate) fn task_inputs(
        &self,
        code: &[&Code<Op>],
        bound: &[Var],
    ) -> Result<Vec<(Var, VarKind)>> {
        let mut uses = VarUses::default();
        bound.iter().for_each(|&var| uses.declare(var));
        code.iter().for_each(|code| uses.code(code));
        if let Some(&var) = uses.assigned.iter().next() {
            return Err(internal(format!(
                "a parallel task sets `{}` from outside",
                self.prog.var(var)
            )));
        }
        uses.free
            .iter()
            .map(|&var| Ok((var, self.kind(var)?)))
            .collect()
    }

    /// Prints `body` as the body of a task function `name` over the
    /// chunk's number, start and end, whose environment holds the
    /// variables it reads from outside; returns the C expression of the
    /// environment's address (NULL when there are none), after the
    /// statements setting it up.
    pub(crate) fn outline(
        &mut self,
        name: &str,
        body: &Code<Op>,
        chunk: Var,
        start: Var,
        end: Var,
    ) -> Result<String> {
        let free = self.task_inputs(&[body], &[chunk, start, end])?;
        let mut task = FunctionPrinter::new(self.prog);
        let mut fields = Vec::new();
        for &(var, kind) in &free {
            let name = task.prog.var(var);
            let field = match kind {
                VarKind::Scalar(t) => format!("{} {name};", c_type(t)),
                VarKind::Mem => format!("fut_mem *{name};"),
            };
            fields.push(field.clone());
            match kind {
                VarKind::Scalar(_) => task.bind(var, kind),
                VarKind::Mem => task.lend(var),
            }
            task.declare_local(format!("{} = env->{name};", field.trim_end_matches(';')));
        }
        for var in [chunk, start, end] {
            task.bind(var, VarKind::Scalar(PrimType::I64));
        }
        task.contents(body)?;
        let body_text = std::mem::take(&mut task.lines.out);
        let env = format!("struct {name}_env");
        let mut text = String::new();
        if !fields.is_empty() {
            let _ = writeln!(text, "{env} {{");
            for field in &fields {
                let _ = writeln!(text, "  {field}");
            }
            text.push_str("};\n");
        }
        let _ = writeln!(
            text,
            "static int {name}(fut_run *run, const void *env_, int64_t {}, int64_t {}, int64_t {}) {{",
            task.prog.var(chunk),
            task.prog.var(start),
            task.prog.var(end)
        );
        if fields.is_empty() {
            text.push_str("  (void)env_;\n");
        } else {
            let _ = writeln!(text, "  const {env} *env = env_;");
        }
        task.finish(&mut text, "", &body_text, "", "");
        self.prog.tasks.push_str(&text);
        if free.is_empty() {
            return Ok("NULL".to_owned());
        }
        let values = free
            .iter()
            .map(|&(var, _)| self.prog.var(var))
            .collect::<Vec<_>>();
        self.line(&format!("const {env} env = {{{}}};", values.join(", ")));
        Ok("&env".to_owned())
    }
}

/// How a printer writes what scalar expressions refer to: variables,
/// elements of memory blocks and the context (host C and OpenCL kernels
/// differ only there).
pub(crate) trait ExpContext {
    fn var_name(&self, var: Var) -> Result<String>;
    /// The element of type `element` at `index` (a C expression) of a
    /// block.
    fn read(&self, block: Var, index: String, element: PrimType) -> Result<String>;
    /// The C expression of the context, which tuning parameters are read
    /// from.
    fn context(&self) -> Result<&'static str>;
}

/// The deepest indentation printed: deeper code stays at that column, so
/// the text grows linearly with nesting (a chain of 5,000 `if`s printed
/// 200 MB of spaces).
const MAX_INDENT: usize = 40;

/// How deep a function's C blocks may nest. C compilers take time
/// superlinear in the nesting (gcc -O3: 5 s for 5,000 nested `if`s, 18 s
/// for 10,000), so a deeper function is refused with an error rather than
/// left to compile for minutes.
const MAX_BLOCK_NESTING: usize = 5_000;

fn nested_too_deep() -> CodegenError {
    CodegenError::limitation(format!(
        "the generated C code nests more than {MAX_BLOCK_NESTING} blocks deep \
         (conditionals and loops inside each other, after inlining); \
         C compilers take minutes on such code"
    ))
}

/// Refuses a program for the sequential C back end whose core IR already
/// nests branches and loops deeper than [`MAX_BLOCK_NESTING`], before the
/// memory passes and code generation spend their time on it: there each
/// branch or loop body becomes at least one C block of the same C
/// function (SOACs' lambdas, which become loops, are not counted). The
/// parallel back ends outline parallel code into functions of its own,
/// so their IR's nesting is no bound on their C's.
pub fn check_nesting<R: opt::ir::Rep>(program: &opt::ir::Program<R>) -> Result<()> {
    fn depth<R: opt::ir::Rep>(body: &opt::ir::Body<R>, at: usize) -> Result<()> {
        for stm in &body.stms {
            let inner = match stm.exp {
                // As `contents` counts: the scopes around the new one.
                opt::ir::Exp::If { .. } | opt::ir::Exp::Loop { .. } if at >= MAX_BLOCK_NESTING => {
                    return Err(nested_too_deep());
                }
                opt::ir::Exp::If { .. } | opt::ir::Exp::Loop { .. } => at + 1,
                _ => at,
            };
            for nested in stm.exp.nested_bodies() {
                depth(nested, inner)?;
            }
        }
        Ok(())
    }
    program
        .functions
        .iter()
        .try_for_each(|function| depth(&function.body, 1))
}

/// The text of a C function being printed: its lines, their indentation
/// and the variables declared in each enclosing C scope, innermost last.
pub(crate) struct Lines {
    pub(crate) out: String,
    pub(crate) indent: usize,
    pub(crate) scopes: Vec<FxHashMap<Var, VarKind>>,
}

impl Lines {
    /// A function body: indented once, one scope (the parameters').
    pub(crate) fn new() -> Self {
        Lines {
            out: String::new(),
            indent: 1,
            scopes: vec![FxHashMap::default()],
        }
    }

    pub(crate) fn line(&mut self, text: &str) {
        for _ in 0..self.indent.min(MAX_INDENT) {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// Makes a variable known in the innermost scope.
    pub(crate) fn bind(&mut self, var: Var, kind: VarKind) {
        if let Some(scope) = self.scopes.last_mut() {
            scope.insert(var, kind);
        }
    }

    /// The kind of a variable in scope.
    pub(crate) fn kind(&self, var: Var) -> Option<VarKind> {
        self.scopes
            .iter()
            .rev()
            .find_map(|scope| scope.get(&var).copied())
    }
}

/// Statements as C. Host functions and OpenCL kernels print blocks,
/// scalar assignments, branches and loops alike (`code`); they differ in
/// how variables are declared and scopes end, how memory is allocated,
/// written and copied, and how calls, failures and operations are
/// printed (the required methods).
pub(crate) trait CodePrinter<Op>: ExpContext + Sized {
    fn lines(&mut self) -> &mut Lines;
    /// Declares a variable in the innermost scope.
    fn declare(&mut self, var: Var, kind: VarKind) -> Result<()>;
    /// Ends a scope (after its statements) that declared `scope`.
    fn end_scope(&mut self, scope: FxHashMap<Var, VarKind>);
    fn set_mem(&mut self, dest: Var, source: Var) -> Result<()>;
    fn allocate(&mut self, mem: Var, bytes: &Exp) -> Result<()>;
    fn write(&mut self, block: Var, index: &Exp, element: PrimType, value: &Exp) -> Result<()>;
    fn copy(
        &mut self,
        element: PrimType,
        shape: &[Exp],
        dest: &MemLoc,
        source: &MemLoc,
    ) -> Result<()>;
    fn call(&mut self, results: &[Var], func: usize, args: &[Arg], loc: Option<&Loc>)
    -> Result<()>;
    fn assert(&mut self, condition: &Exp, message: &[ErrorPart], loc: Option<&Loc>) -> Result<()>;
    fn op(&mut self, op: &Op) -> Result<()>;

    fn line(&mut self, text: &str) {
        self.lines().line(text);
    }

    /// The contents of a statement in a new C scope (the braces are the
    /// caller's).
    fn contents(&mut self, code: &Code<Op>) -> Result<()> {
        if self.lines().scopes.len() >= MAX_BLOCK_NESTING {
            return Err(nested_too_deep());
        }
        self.lines().scopes.push(FxHashMap::default());
        let result = match code {
            Code::Block(codes) => codes.iter().try_for_each(|c| self.code(c)),
            other => self.code(other),
        };
        let scope = self.lines().scopes.pop().unwrap_or_default();
        result?;
        self.end_scope(scope);
        Ok(())
    }

    /// `{`, the contents of `code`, and `}`, after `head`.
    fn nested(&mut self, head: &str, code: &Code<Op>) -> Result<()> {
        self.line(&format!("{head}{{"));
        self.lines().indent += 1;
        let result = self.contents(code);
        self.lines().indent -= 1;
        self.line("}");
        result
    }

    fn code(&mut self, code: &Code<Op>) -> Result<()> {
        match code {
            Code::Block(_) => self.nested("", code),
            Code::DeclareScalar(var, t) => self.declare(*var, VarKind::Scalar(*t)),
            Code::DeclareMem(var, _) => self.declare(*var, VarKind::Mem),
            Code::SetScalar(var, e) => {
                let text = format!("{} = {};", self.var_name(*var)?, print_exp(self, e)?);
                self.line(&text);
                Ok(())
            }
            Code::SetMem { dest, source } => self.set_mem(*dest, *source),
            Code::Allocate { mem, bytes, .. } => self.allocate(*mem, bytes),
            Code::Write {
                block,
                index,
                element,
                value,
            } => self.write(*block, index, *element, value),
            Code::Copy {
                element,
                shape,
                dest,
                source,
            } => self.copy(*element, shape, dest, source),
            Code::If {
                condition,
                then_code,
                else_code,
            } => {
                let head = format!("if ({}) ", print_exp(self, condition)?);
                if is_empty(else_code) {
                    return self.nested(&head, then_code);
                }
                self.line(&format!("{head}{{"));
                self.lines().indent += 1;
                self.contents(then_code)?;
                self.lines().indent -= 1;
                self.line("} else {");
                self.lines().indent += 1;
                self.contents(else_code)?;
                self.lines().indent -= 1;
                self.line("}");
                Ok(())
            }
            Code::For { var, bound, body } => {
                let t = exp_type(bound);
                let bound = print_exp(self, bound)?;
                self.lines()
                    .scopes
                    .push(FxHashMap::from_iter([(*var, VarKind::Scalar(t))]));
                let result = self.var_name(*var).and_then(|i| {
                    let head = format!(
                        "for ({} {i} = 0, {i}_end = {bound}; {i} < {i}_end; {i}++) ",
                        c_type(t)
                    );
                    self.nested(&head, body)
                });
                self.lines().scopes.pop();
                result
            }
            Code::While { condition, body } => {
                let head = format!("while ({}) ", print_exp(self, condition)?);
                self.nested(&head, body)
            }
            Code::Call {
                results,
                func,
                args,
                loc,
            } => self.call(results, func.0 as usize, args, loc.as_ref()),
            Code::Assert {
                condition,
                message,
                loc,
            } => self.assert(condition, message, loc.as_ref()),
            Code::Op(op) => self.op(op),
        }
    }
}

impl<Op: COp> ExpContext for FunctionPrinter<'_, '_, Op> {
    fn var_name(&self, var: Var) -> Result<String> {
        self.var(var)
    }

    fn read(&self, block: Var, index: String, element: PrimType) -> Result<String> {
        let block = self.mem(block)?;
        Ok(if self.prog.device_memory() {
            format!("fut_cl_read_{}(run, {block}, {index})", element.name())
        } else {
            format!("(({} *){block}->data)[{index}]", c_type(element))
        })
    }

    fn context(&self) -> Result<&'static str> {
        Ok("run->ctx")
    }
}

/// The type of a scalar expression.
pub(crate) fn exp_type(e: &Exp) -> PrimType {
    match e {
        Exp::Const(c) => c.prim_type(),
        Exp::Var(_, t) => *t,
        Exp::Read { element, .. } => *element,
        Exp::BinOp(_, a, _) | Exp::UnOp(_, a) => exp_type(a),
        Exp::Cmp(..) => PrimType::Bool,
        Exp::Convert(t, _) => *t,
        Exp::PrimFn(f, _) => scalar::prim_fn_type(*f),
    }
}

/// A scalar expression in C (or OpenCL C).
pub(crate) fn print_exp(cx: &impl ExpContext, e: &Exp) -> Result<String> {
    Ok(match e {
        Exp::Const(c) => constant(*c),
        Exp::Var(v, _) => cx.var_name(*v)?,
        Exp::Read {
            block,
            index,
            element,
        } => cx.read(*block, print_exp(cx, index)?, *element)?,
        Exp::BinOp(op, a, b) => {
            scalar::binop(*op, exp_type(a), &print_exp(cx, a)?, &print_exp(cx, b)?)
        }
        Exp::Cmp(op, a, b) => scalar::cmp(*op, exp_type(a), &print_exp(cx, a)?, &print_exp(cx, b)?),
        Exp::UnOp(op, a) => scalar::unop(*op, exp_type(a), &print_exp(cx, a)?),
        Exp::Convert(to, a) => scalar::convert(exp_type(a), *to, &print_exp(cx, a)?),
        Exp::PrimFn(f, args) => {
            let args = args
                .iter()
                .map(|a| Ok((print_exp(cx, a)?, exp_type(a))))
                .collect::<Result<Vec<_>>>()?;
            let context = match f {
                prim::PrimFn::Tuning(_) => cx.context()?,
                _ => "",
            };
            scalar::prim_fn(*f, &args, context)
        }
    })
}

/// The format of a failure's message for `fut_failf` (a letter per
/// value, `%r` per range) and its values in order (three per range:
/// start, length and stride, each an `i64`).
pub(crate) fn failure_format(message: &[ErrorPart]) -> Result<(String, Vec<&Exp>)> {
    let mut format = String::new();
    let mut values = Vec::new();
    for part in message {
        match part {
            ErrorPart::Text(text) => format.push_str(&text.replace('%', "%%")),
            ErrorPart::Value(e) => {
                format.push('%');
                format.push(format_code(exp_type(e)).0);
                values.push(e);
            }
            ErrorPart::Range { start, len, stride } => {
                format.push_str("%r");
                values.extend([start, len, stride]);
            }
        }
    }
    // The runtime keeps this many (`FUT_MAX_SLOTS`).
    if values.len() > 64 {
        return Err(internal("a failure's message has more than 64 values"));
    }
    Ok((format, values))
}

/// The letter `fut_failf`'s format gives a value of the type, and the
/// type it is passed as where that is not its own (`int64_t`, `uint64_t`
/// or `double`).
pub(crate) fn format_code(t: PrimType) -> (char, Option<&'static str>) {
    match t {
        PrimType::Bool => ('b', Some("uint64_t")),
        PrimType::I8 => ('c', Some("int64_t")),
        PrimType::I16 => ('s', Some("int64_t")),
        PrimType::I32 => ('i', Some("int64_t")),
        PrimType::I64 => ('l', None),
        PrimType::U8 => ('C', Some("uint64_t")),
        PrimType::U16 => ('S', Some("uint64_t")),
        PrimType::U32 => ('I', Some("uint64_t")),
        PrimType::U64 => ('L', None),
        PrimType::F16 => ('h', Some("uint64_t")),
        PrimType::F32 => ('f', Some("double")),
        PrimType::F64 => ('d', None),
    }
}

fn is_empty<Op>(code: &Code<Op>) -> bool {
    matches!(code, Code::Block(codes) if codes.is_empty())
}

/// A C string of a statement's locations for backtraces: its own and
/// those of the calls inlined around it, one per line.
pub(crate) fn locations(loc: &Loc) -> String {
    c_literal(&frames(loc).join("\n"))
}

/// A statement's location and those of the calls inlined around it,
/// innermost first.
pub(crate) fn frames(loc: &Loc) -> Vec<String> {
    std::iter::once(loc)
        .chain(loc.inlined_from.iter())
        .map(Loc::to_string)
        .collect()
}

/// The variables a piece of code reads or sets without declaring them
/// (declarations are scoped as C's), those it sets among them, and the
/// functions it calls.
#[derive(Default)]
pub struct VarUses {
    /// The variables declared in each enclosing scope, innermost last.
    scopes: Vec<Vec<Var>>,
    /// How many enclosing scopes declare each variable: a lookup must not
    /// walk the scopes, which nest as deep as the code.
    declared: FxHashMap<Var, usize>,
    free: BTreeSet<Var>,
    assigned: BTreeSet<Var>,
    calls: BTreeSet<usize>,
}

impl VarUses {
    pub fn declare(&mut self, var: Var) {
        if self.scopes.is_empty() {
            self.scopes.push(Vec::new());
        }
        if let Some(scope) = self.scopes.last_mut() {
            scope.push(var);
            *self.declared.entry(var).or_default() += 1;
        }
    }

    fn declared(&self, var: Var) -> bool {
        self.declared.contains_key(&var)
    }

    /// Whether the code read or set `var` without declaring it.
    pub fn is_free(&self, var: Var) -> bool {
        self.free.contains(&var)
    }

    pub fn read(&mut self, var: Var) {
        if !self.declared(var) {
            self.free.insert(var);
        }
    }

    pub fn set(&mut self, var: Var) {
        if !self.declared(var) {
            self.free.insert(var);
            self.assigned.insert(var);
        }
    }

    /// Visits `f` in a scope of its own.
    pub fn scoped(&mut self, f: impl FnOnce(&mut Self)) {
        self.scopes.push(Vec::new());
        f(self);
        for var in self.scopes.pop().unwrap_or_default() {
            if let Some(count) = self.declared.get_mut(&var) {
                *count -= 1;
                if *count == 0 {
                    self.declared.remove(&var);
                }
            }
        }
    }

    pub fn exp(&mut self, e: &Exp) {
        match e {
            Exp::Const(_) => {}
            Exp::Var(v, _) => self.read(*v),
            Exp::Read { block, index, .. } => {
                self.read(*block);
                self.exp(index);
            }
            Exp::BinOp(_, a, b) | Exp::Cmp(_, a, b) => {
                self.exp(a);
                self.exp(b);
            }
            Exp::UnOp(_, a) | Exp::Convert(_, a) => self.exp(a),
            Exp::PrimFn(_, args) => args.iter().for_each(|a| self.exp(a)),
        }
    }

    fn loc(&mut self, loc: &MemLoc) {
        self.read(loc.block);
        self.exp(&loc.offset);
        loc.strides.iter().for_each(|s| self.exp(s));
    }

    pub fn code<Op: COp>(&mut self, code: &Code<Op>) {
        match code {
            Code::Block(codes) => self.scoped(|uses| codes.iter().for_each(|c| uses.code(c))),
            Code::DeclareScalar(var, _) | Code::DeclareMem(var, _) => self.declare(*var),
            Code::SetScalar(var, e) => {
                self.exp(e);
                self.set(*var);
            }
            Code::SetMem { dest, source } => {
                self.read(*source);
                self.set(*dest);
            }
            Code::Allocate { mem, bytes, .. } => {
                self.exp(bytes);
                self.set(*mem);
            }
            Code::Write {
                block,
                index,
                value,
                ..
            } => {
                self.read(*block);
                self.exp(index);
                self.exp(value);
            }
            Code::Copy {
                shape,
                dest,
                source,
                ..
            } => {
                shape.iter().for_each(|d| self.exp(d));
                self.loc(dest);
                self.loc(source);
            }
            Code::If {
                condition,
                then_code,
                else_code,
            } => {
                self.exp(condition);
                self.scoped(|uses| uses.code(then_code));
                self.scoped(|uses| uses.code(else_code));
            }
            Code::For { var, bound, body } => {
                self.exp(bound);
                self.scoped(|uses| {
                    uses.declare(*var);
                    uses.code(body);
                });
            }
            Code::While { condition, body } => {
                self.exp(condition);
                self.scoped(|uses| uses.code(body));
            }
            Code::Call {
                results,
                func,
                args,
                ..
            } => {
                for arg in args {
                    match arg {
                        Arg::Scalar(e) => self.exp(e),
                        Arg::Mem(var) => self.read(*var),
                    }
                }
                results.iter().for_each(|&r| self.set(r));
                self.calls.insert(func.0 as usize);
            }
            Code::Assert {
                condition, message, ..
            } => {
                self.exp(condition);
                for part in message {
                    match part {
                        ErrorPart::Text(_) => {}
                        ErrorPart::Value(e) => self.exp(e),
                        ErrorPart::Range { start, len, stride } => {
                            self.exp(start);
                            self.exp(len);
                            self.exp(stride);
                        }
                    }
                }
            }
            Code::Op(op) => op.visit(self),
        }
    }
}
