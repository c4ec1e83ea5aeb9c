//! Host code that only moves single elements of device memory runs on
//! the device, as a kernel of one work-item.
//!
//! A host read of a device element waits for every kernel launched
//! before it. A loop whose iterations launch kernels and pass a few
//! values on between them (a reduction's result written into an array,
//! or a statistic computed from it that the next kernel takes) would
//! wait once per iteration; as a kernel of its own, that code is only
//! enqueued, and the kernels after it that take its values read them
//! from device cells of their own. Where such a kernel follows a
//! reduction of one segment, it runs at the end of the reduction's
//! write instead (a launch fewer).
//!
//! Guarantees: a run of host statements moves only if it reads device
//! memory, consists of scalar assignments, element writes, assertions
//! and branches over those (no allocations, calls, loops or kernels),
//! and no code but itself and the kernels after it in its block (at any
//! depth) mentions a variable it sets; then it computes, writes and
//! fails as before, in the same order with the kernels around it (the
//! queue runs in order, and a kernel's failure is reported before any
//! later one). Only functions that launch kernels themselves change:
//! others may be called inside kernels.

use super::function::VarUses;
use crate::imp::mc::McOp;
use crate::imp::{Code, ErrorPart, Exp, Program, Space};
use opt::ir::Var;
use prim::{PrimFn, PrimType};
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;

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
        let mut types = FxHashMap::default();
        scalar_types(&function.body, &mut types);
        let mut body = function.body.clone();
        let mut moved = BTreeSet::new();
        let mut made = BTreeSet::new();
        let mut mover = Mover {
            var_names: &mut program.var_names,
            whole: &function.body,
            outside: &outside,
            types: &types,
            moved: &mut moved,
            made: &mut made,
        };
        mover.code(&mut body);
        if !moved.is_empty() {
            remove_declarations(&mut body, &moved);
            into_reductions(&mut body, &made);
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
fn scalar_types(code: &Code<McOp>, types: &mut FxHashMap<Var, PrimType>) {
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
    types: &'a FxHashMap<Var, PrimType>,
    /// The variables whose code moved (their host declarations go).
    moved: &'a mut BTreeSet<Var>,
    /// The chunk variables of the kernels made.
    made: &'a mut BTreeSet<Var>,
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
    /// device memory and whose variables no other code mentions but the
    /// kernels after it.
    fn block(&mut self, codes: &mut Vec<Code<McOp>>) {
        let mut at = 0;
        while at < codes.len() {
            if !movable(&codes[at]) {
                at += 1;
                continue;
            }
            let end = (at..codes.len())
                .find(|&k| !movable(&codes[k]))
                .unwrap_or(codes.len());
            let run = codes[at..end].to_vec();
            match self.kernel(&run, &mut codes[end..]) {
                Some(replacement) => {
                    at += replacement.len();
                    codes.splice(at - replacement.len()..end, replacement);
                }
                None => at = end,
            }
        }
    }

    /// The statements replacing `run` (the declarations of variables
    /// other code sets, the device cells of values kernels among the
    /// `following` statements read, and the run as a kernel of one
    /// work-item), if it may move; those kernels then read the cells.
    fn kernel(
        &mut self,
        run: &[Code<McOp>],
        following: &mut [Code<McOp>],
    ) -> Option<Vec<Code<McOp>>> {
        let mut set = BTreeSet::new();
        run.iter().for_each(|c| assigned(c, &mut set));
        if !run.iter().any(reads_memory) || set.iter().any(|v| self.outside.contains(v)) {
            return None;
        }
        // What the host mentions of the run's variables: the free
        // variables of the function without the run, the declarations of
        // what it sets and the code of the kernels after it (which can
        // read the run's values from cells).
        let mut rest = self.whole.clone();
        if !remove_run(&mut rest, run) {
            return None;
        }
        remove_declarations(&mut rest, &set);
        let mut uses = VarUses::default();
        uses.code(&rest);
        // Values the host needs stay on the host, computed before the
        // kernel: assignments that read no memory, from values the host
        // has (they cannot fail, so that they run earlier is not seen).
        let mut hoisted = BTreeSet::new();
        let mut host_first = Vec::new();
        for code in run {
            if let Code::SetScalar(var, e) = code
                && uses.is_free(*var)
            {
                let mut inputs = VarUses::default();
                inputs.exp(e);
                let device_input = set
                    .iter()
                    .any(|v| !hoisted.contains(v) && inputs.is_free(*v));
                if reads_memory(code) || device_input {
                    return None;
                }
                hoisted.insert(*var);
                host_first.push(code.clone());
            }
        }
        let on_device: Vec<&Code<McOp>> = run
            .iter()
            .filter(|c| !matches!(c, Code::DeclareScalar(..)) && !host_first.contains(c))
            .collect();
        let mut device_set = BTreeSet::new();
        on_device.iter().for_each(|c| assigned(c, &mut device_set));
        if set.iter().any(|v| uses.is_free(*v) && !hoisted.contains(v))
            || device_set.iter().any(|v| hoisted.contains(v))
        {
            return None;
        }
        let set = device_set;
        let mut read_later = BTreeSet::new();
        for code in following.iter_mut() {
            each_kernel_body_mut(code, &mut |body| {
                let mut uses = VarUses::default();
                uses.code(body);
                read_later.extend(set.iter().filter(|v| uses.is_free(**v)));
            });
        }
        let mut body = Vec::new();
        for &var in &set {
            body.push(Code::DeclareScalar(var, *self.types.get(&var)?));
        }
        body.extend(on_device.into_iter().cloned());
        let mut replacement: Vec<Code<McOp>> = run
            .iter()
            .filter(|c| matches!(c, Code::DeclareScalar(var, _) if !set.contains(var)))
            .cloned()
            .collect();
        replacement.extend(host_first);
        let mut cells = Vec::new();
        for &var in &read_later {
            let cell = self.fresh("cell");
            let element = *self.types.get(&var)?;
            replacement.push(Code::DeclareMem(cell, Space::Default));
            replacement.push(Code::Allocate {
                mem: cell,
                bytes: Exp::i64(8),
                space: Space::Default,
            });
            body.push(Code::Write {
                block: cell,
                index: Exp::i64(0),
                element,
                value: Exp::Var(var, element),
            });
            cells.push((var, cell, element));
        }
        for code in following.iter_mut() {
            each_kernel_body_mut(code, &mut |body| read_cells(body, &cells));
        }
        self.moved.extend(set.iter().copied());
        let chunk = self.fresh("chunk");
        self.made.insert(chunk);
        replacement.push(Code::Op(McOp::Parallel {
            iterations: Exp::i64(1),
            chunks: Exp::i64(1),
            chunk,
            start: self.fresh("start"),
            end: self.fresh("end"),
            body: Box::new(Code::Block(body)),
        }));
        Some(replacement)
    }

    fn fresh(&mut self, hint: &str) -> Var {
        self.var_names.push(hint.to_owned());
        Var(self.var_names.len() as u32 - 1)
    }
}

/// Moves each kernel made here (of `made`) that follows a reduction of
/// one segment, with only host statements between that read no memory
/// and set nothing the reduction reads, into the end of the reduction's
/// `write`, which one work-item runs after the reduction: a kernel fewer
/// (the statements between then run before the reduction).
fn into_reductions(code: &mut Code<McOp>, made: &BTreeSet<Var>) {
    match code {
        Code::Block(codes) => {
            let mut at = 0;
            while at < codes.len() {
                match merged_at(codes, at, made) {
                    Some(kernel) => {
                        let Code::Op(McOp::Parallel { body, .. }) = codes.remove(kernel) else {
                            unreachable!("`merged_at` found a kernel");
                        };
                        let mut reduction = codes.remove(at);
                        if let Code::Op(McOp::Reduce { write, .. }) = &mut reduction {
                            let old = std::mem::replace(write.as_mut(), Code::Block(Vec::new()));
                            **write = Code::Block(vec![old, *body]);
                        }
                        codes.insert(kernel - 1, reduction);
                        at = kernel;
                    }
                    None => at += 1,
                }
            }
            codes.iter_mut().for_each(|c| into_reductions(c, made));
        }
        Code::If {
            then_code,
            else_code,
            ..
        } => {
            into_reductions(then_code, made);
            into_reductions(else_code, made);
        }
        Code::For { body, .. } | Code::While { body, .. } => into_reductions(body, made),
        _ => {}
    }
}

/// Where the kernel that the reduction at `at` takes in is, if any.
fn merged_at(codes: &[Code<McOp>], at: usize, made: &BTreeSet<Var>) -> Option<usize> {
    let Code::Op(McOp::Reduce { segments, .. }) = &codes[at] else {
        return None;
    };
    if *segments != Exp::i64(1) {
        return None;
    }
    let kernel = (at + 1..codes.len()).find(|&k| !host_preparation(&codes[k]))?;
    if !matches!(&codes[kernel], Code::Op(McOp::Parallel { chunk, .. }) if made.contains(chunk)) {
        return None;
    }
    let mut uses = VarUses::default();
    uses.code(&codes[at]);
    let mut set = BTreeSet::new();
    for code in &codes[at + 1..kernel] {
        match code {
            Code::DeclareScalar(var, _) | Code::DeclareMem(var, _) => {
                set.insert(*var);
            }
            Code::Allocate { mem, .. } => {
                set.insert(*mem);
            }
            other => assigned(other, &mut set),
        }
    }
    (!set.iter().any(|v| uses.is_free(*v))).then_some(kernel)
}

/// Whether the statement is host code that reads no memory and writes
/// none: declarations, allocations and scalar assignments.
fn host_preparation(code: &Code<McOp>) -> bool {
    match code {
        Code::DeclareScalar(..) | Code::DeclareMem(..) | Code::Allocate { .. } => true,
        Code::SetScalar(..) => !reads_memory(code),
        _ => false,
    }
}

/// Starts `body` (a kernel's) by reading, from its cell, each value of
/// `cells` (variable, cell, type) it mentions.
fn read_cells(body: &mut Code<McOp>, cells: &[(Var, Var, PrimType)]) {
    let mut uses = VarUses::default();
    uses.code(body);
    let mut reads = Vec::new();
    for &(var, cell, element) in cells {
        if uses.is_free(var) {
            reads.push(Code::DeclareScalar(var, element));
            reads.push(Code::SetScalar(
                var,
                Exp::Read {
                    block: cell,
                    index: Box::new(Exp::i64(0)),
                    element,
                },
            ));
        }
    }
    if !reads.is_empty() {
        let old = std::mem::replace(body, Code::Block(Vec::new()));
        reads.push(old);
        *body = Code::Block(reads);
    }
}

/// Calls `f` on the code of every kernel the host code launches.
fn each_kernel_body_mut(code: &mut Code<McOp>, f: &mut impl FnMut(&mut Code<McOp>)) {
    match code {
        Code::Block(codes) => codes.iter_mut().for_each(|c| each_kernel_body_mut(c, f)),
        Code::If {
            then_code,
            else_code,
            ..
        } => {
            each_kernel_body_mut(then_code, f);
            each_kernel_body_mut(else_code, f);
        }
        Code::For { body, .. } | Code::While { body, .. } => each_kernel_body_mut(body, f),
        Code::Op(op) => match op {
            McOp::Chunks { .. } | McOp::AwaitChunk { .. } | McOp::PublishChunk { .. } => {}
            McOp::Parallel { body, .. } => f(body),
            McOp::Reduce {
                step,
                combine,
                write,
                ..
            }
            | McOp::Scan {
                step,
                combine,
                write,
                ..
            } => {
                f(step);
                f(combine);
                f(write);
            }
            McOp::Hist { step, .. } => f(step),
            // Its kernel's code is in several parts: the host mentions
            // every variable it reads (see `McOp::visit`), so none of
            // them moves to the device.
            McOp::TiledMap(_) => {}
        },
        _ => {}
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
/// host code) from `code`, and the code of the kernels after it in that
/// block; whether it was there.
fn remove_run(code: &mut Code<McOp>, run: &[Code<McOp>]) -> bool {
    match code {
        Code::Block(codes) => {
            if let Some(at) = codes.windows(run.len()).position(|w| w == run) {
                codes.drain(at..at + run.len());
                for later in &mut codes[at..] {
                    each_kernel_body_mut(later, &mut |body| *body = Code::Block(Vec::new()));
                }
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
