//! Host code that only moves single elements of device memory runs on
//! the device, as a kernel of one work-item.
//!
//! A host read of a device element waits for every kernel launched
//! before it. A loop whose iterations launch kernels and pass a few
//! elements on between them (a reduction's result written into an
//! array, say) would wait once per iteration; as a kernel of its own,
//! that code is only enqueued.
//!
//! Guarantees: a run of host statements moves only if it reads device
//! memory, consists of scalar assignments, element writes, assertions
//! and branches over those (no allocations, calls, loops or kernels), and
//! no code outside it mentions a variable it sets; then it computes,
//! writes and fails as before, in the same order with the kernels around
//! it (the queue runs in order, and a kernel's failure is reported before
//! any later one). Only functions that launch kernels themselves change:
//! others may be called inside kernels.

use super::function::VarUses;
use crate::imp::mc::McOp;
use crate::imp::{Code, ErrorPart, Exp, Program};
use opt::ir::Var;
use prim::{PrimFn, PrimType};
use std::collections::{BTreeSet, HashMap};

/// Moves the element code of every function that launches kernels onto
/// the device.
pub(super) fn move_element_code(program: &mut Program<McOp>) {
    for index in 0..program.functions.len() {
        if !launches_kernels(&program.functions[index].body) {
            continue;
        }
        let function = &program.functions[index];
        let mut outside: BTreeSet<Var> = function.params.iter().map(|p| p.var()).collect();
        outside.extend(function.results.iter().map(|p| p.var()));
        let mut types = HashMap::new();
        scalar_types(&function.body, &mut types);
        let mut body = function.body.clone();
        let mut moved = BTreeSet::new();
        let mut mover = Mover {
            var_names: &mut program.var_names,
            whole: &function.body,
            outside: &outside,
            types: &types,
            moved: &mut moved,
        };
        mover.code(&mut body);
        if !moved.is_empty() {
            remove_declarations(&mut body, &moved);
            program.functions[index].body = body;
        }
    }
}

/// Whether the code launches a kernel outside kernels.
fn launches_kernels(code: &Code<McOp>) -> bool {
    match code {
        Code::Block(codes) => codes.iter().any(launches_kernels),
        Code::If {
            then_code,
            else_code,
            ..
        } => launches_kernels(then_code) || launches_kernels(else_code),
        Code::For { body, .. } | Code::While { body, .. } => launches_kernels(body),
        Code::Op(op) => !matches!(op, McOp::Chunks { .. }),
        _ => false,
    }
}

/// The types of the scalar variables the host code declares.
fn scalar_types(code: &Code<McOp>, types: &mut HashMap<Var, PrimType>) {
    match code {
        Code::Block(codes) => codes.iter().for_each(|c| scalar_types(c, types)),
        Code::DeclareScalar(var, t) => {
            types.insert(*var, *t);
        }
        Code::If {
            then_code,
            else_code,
            ..
        } => {
            scalar_types(then_code, types);
            scalar_types(else_code, types);
        }
        Code::For { body, .. } | Code::While { body, .. } => scalar_types(body, types),
        _ => {}
    }
}

struct Mover<'a> {
    var_names: &'a mut Vec<String>,
    /// The function's body before any move.
    whole: &'a Code<McOp>,
    /// Variables mentioned outside the body (parameters and results).
    outside: &'a BTreeSet<Var>,
    types: &'a HashMap<Var, PrimType>,
    /// The variables whose code moved (their host declarations go).
    moved: &'a mut BTreeSet<Var>,
}

impl Mover<'_> {
    fn code(&mut self, code: &mut Code<McOp>) {
        match code {
            // Runs as long as they can be first, then what is left inside.
            Code::Block(codes) => {
                self.block(codes);
                codes.iter_mut().for_each(|c| self.code(c));
            }
            Code::If {
                then_code,
                else_code,
                ..
            } => {
                self.code(then_code);
                self.code(else_code);
            }
            Code::For { body, .. } | Code::While { body, .. } => self.code(body),
            _ => {}
        }
    }

    /// Replaces each run of movable statements of a block that reads
    /// device memory and whose variables no other code mentions.
    fn block(&mut self, codes: &mut Vec<Code<McOp>>) {
        let mut out = Vec::with_capacity(codes.len());
        let mut run = Vec::new();
        for code in codes.drain(..) {
            if movable(&code) {
                run.push(code);
            } else {
                self.flush(&mut run, &mut out);
                out.push(code);
            }
        }
        self.flush(&mut run, &mut out);
        *codes = out;
    }

    fn flush(&mut self, run: &mut Vec<Code<McOp>>, out: &mut Vec<Code<McOp>>) {
        if run.is_empty() {
            return;
        }
        let statements = std::mem::take(run);
        let mut set = BTreeSet::new();
        statements.iter().for_each(|c| assigned(c, &mut set));
        match self.kernel(&statements, &set) {
            Some(kernel) => {
                // Declarations of variables other code sets stay.
                out.extend(
                    statements
                        .into_iter()
                        .filter(|c| matches!(c, Code::DeclareScalar(var, _) if !set.contains(var))),
                );
                out.push(kernel);
            }
            None => out.extend(statements),
        }
    }

    /// The run, which sets `set`, as a kernel of one work-item, if it may
    /// move.
    fn kernel(&mut self, run: &[Code<McOp>], set: &BTreeSet<Var>) -> Option<Code<McOp>> {
        if !run.iter().any(reads_memory) || set.iter().any(|v| self.outside.contains(v)) {
            return None;
        }
        // The function without the run and the declarations of what it
        // sets must leave those variables unmentioned (free variables
        // of the rest are exactly the mentions outside the run).
        let mut rest = self.whole.clone();
        remove_run(&mut rest, run);
        remove_declarations(&mut rest, set);
        let mut uses = VarUses::default();
        uses.code(&rest);
        if set.iter().any(|v| uses.is_free(*v)) {
            return None;
        }
        let mut body = Vec::new();
        for &var in set {
            body.push(Code::DeclareScalar(var, *self.types.get(&var)?));
        }
        body.extend(
            run.iter()
                .filter(|c| !matches!(c, Code::DeclareScalar(..)))
                .cloned(),
        );
        self.moved.extend(set.iter().copied());
        let mut fresh = |hint: &str| {
            self.var_names.push(hint.to_owned());
            Var(self.var_names.len() as u32 - 1)
        };
        Some(Code::Op(McOp::Parallel {
            iterations: Exp::i64(1),
            chunks: Exp::i64(1),
            chunk: fresh("chunk"),
            start: fresh("start"),
            end: fresh("end"),
            body: Box::new(Code::Block(body)),
        }))
    }
}

/// Whether a statement may run in a kernel of one work-item.
fn movable(code: &Code<McOp>) -> bool {
    match code {
        Code::DeclareScalar(..) => true,
        Code::SetScalar(_, e) => kernel_exp(e),
        Code::Write { index, value, .. } => kernel_exp(index) && kernel_exp(value),
        Code::Assert {
            condition, message, ..
        } => {
            kernel_exp(condition)
                && message.iter().all(|part| match part {
                    ErrorPart::Text(_) => true,
                    ErrorPart::Value(e) => kernel_exp(e),
                    ErrorPart::Range { start, len, stride } => {
                        kernel_exp(start) && kernel_exp(len) && kernel_exp(stride)
                    }
                })
        }
        Code::If {
            condition,
            then_code,
            else_code,
        } => kernel_exp(condition) && movable(then_code) && movable(else_code),
        Code::Block(codes) => codes.iter().all(movable),
        _ => false,
    }
}

/// Whether kernels can compute the expression (tuning parameters are
/// the host's).
fn kernel_exp(e: &Exp) -> bool {
    match e {
        Exp::Const(_) | Exp::Var(..) => true,
        Exp::Read { index, .. } => kernel_exp(index),
        Exp::BinOp(_, a, b) | Exp::Cmp(_, a, b) => kernel_exp(a) && kernel_exp(b),
        Exp::UnOp(_, a) | Exp::Convert(_, a) => kernel_exp(a),
        Exp::PrimFn(f, args) => !matches!(f, PrimFn::Tuning(_)) && args.iter().all(kernel_exp),
    }
}

fn reads_memory(code: &Code<McOp>) -> bool {
    fn exp(e: &Exp) -> bool {
        match e {
            Exp::Const(_) | Exp::Var(..) => false,
            Exp::Read { .. } => true,
            Exp::BinOp(_, a, b) | Exp::Cmp(_, a, b) => exp(a) || exp(b),
            Exp::UnOp(_, a) | Exp::Convert(_, a) => exp(a),
            Exp::PrimFn(_, args) => args.iter().any(exp),
        }
    }
    match code {
        Code::SetScalar(_, e) => exp(e),
        Code::Write { index, value, .. } => exp(index) || exp(value),
        Code::Assert {
            condition, message, ..
        } => {
            exp(condition)
                || message.iter().any(|part| match part {
                    ErrorPart::Text(_) => false,
                    ErrorPart::Value(e) => exp(e),
                    ErrorPart::Range { start, len, stride } => {
                        exp(start) || exp(len) || exp(stride)
                    }
                })
        }
        Code::If {
            condition,
            then_code,
            else_code,
        } => exp(condition) || reads_memory(then_code) || reads_memory(else_code),
        Code::Block(codes) => codes.iter().any(reads_memory),
        _ => false,
    }
}

/// The scalar variables movable code sets.
fn assigned(code: &Code<McOp>, set: &mut BTreeSet<Var>) {
    match code {
        Code::SetScalar(var, _) => {
            set.insert(*var);
        }
        Code::If {
            then_code,
            else_code,
            ..
        } => {
            assigned(then_code, set);
            assigned(else_code, set);
        }
        Code::Block(codes) => codes.iter().for_each(|c| assigned(c, set)),
        _ => {}
    }
}

/// Removes the statements of `run` (consecutive in one block of the
/// host code) from `code`.
fn remove_run(code: &mut Code<McOp>, run: &[Code<McOp>]) -> bool {
    match code {
        Code::Block(codes) => {
            if let Some(at) = codes.windows(run.len()).position(|w| w == run) {
                codes.drain(at..at + run.len());
                return true;
            }
            codes.iter_mut().any(|c| remove_run(c, run))
        }
        Code::If {
            then_code,
            else_code,
            ..
        } => remove_run(then_code, run) || remove_run(else_code, run),
        Code::For { body, .. } | Code::While { body, .. } => remove_run(body, run),
        _ => false,
    }
}

/// Removes the host code's declarations of these variables.
fn remove_declarations(code: &mut Code<McOp>, vars: &BTreeSet<Var>) {
    match code {
        Code::Block(codes) => {
            codes.retain(|c| !matches!(c, Code::DeclareScalar(var, _) if vars.contains(var)));
            codes.iter_mut().for_each(|c| remove_declarations(c, vars));
        }
        Code::If {
            then_code,
            else_code,
            ..
        } => {
            remove_declarations(then_code, vars);
            remove_declarations(else_code, vars);
        }
        Code::For { body, .. } | Code::While { body, .. } => remove_declarations(body, vars),
        _ => {}
    }
}
