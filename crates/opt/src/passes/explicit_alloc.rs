//! Explicit allocation: a program of a level without memory (`Seq`,
//! `Mc`) at the corresponding memory level (`SeqMem`, `McMem`). Every
//! array gets a memory block and an index function ([`crate::ir::mem`]),
//! following what computes it:
//!
//! * an array made from nothing (a literal, `iota`, `replicate`,
//!   `concat`, a copy, a segmented operation's gathered results) gets a
//!   block of its own, allocated just before, and is direct (row-major
//!   from offset 0);
//! * slicing, indexing rows, transposing and reshaping a row-major array
//!   make a view of the array's block (only the index function
//!   changes); reshaping an array that is not row-major copies it first;
//!   a transposition (a rearrangement moving the innermost dimension)
//!   whose rows a loop or parallel operation reads again in every one of
//!   its iterations is copied into a row-major block of its own once, so
//!   that those reads go along adjacent elements ([`reread_transpositions`]);
//! * an in-place update (and a scatter's or histogram's destination)
//!   stays in the consumed array's block;
//! * values crossing into and out of functions, branches and loops are
//!   direct arrays, each with its block as an extra value after the
//!   others (an array that is not direct is copied into a block of its
//!   own first).
//!
//! It guarantees the same values and failures: only copies are added.

use crate::ir::build::Builder;
use crate::ir::mem::{Lmad, MemBind, Space};
use crate::ir::segop::{SegBinOp, SegHistOp, SegOp, SegResult};
use crate::ir::traverse::{for_each_stm, for_each_use};
use crate::ir::{
    Body, Exp, ExtType, Function, Lambda, LoopForm, Mc, McMem, MemOp, NoOp, Operation, Param,
    PatElem, Program, Rep, Seq, SeqMem, Stm, SubExp, Type, Var,
};
use prim::BinOp;
use rustc_hash::{FxHashMap, FxHashSet};

/// The sequential program with memory.
pub fn explicit_allocations_seq(program: Program<Seq>) -> Result<Program<SeqMem>, String> {
    allocate(program)
}

/// The multicore program with memory.
pub fn explicit_allocations_mc(program: Program<Mc>) -> Result<Program<McMem>, String> {
    allocate(program)
}

/// How a level's operations get memory at level `T`.
pub trait AllocateOp<T: Rep>: Rep {
    /// Emits the statement binding `pat` (without memory annotations)
    /// to `op`, with memory.
    fn allocate_op(alloc: &mut Allocator<Self, T>, pat: Vec<PatElem>, op: Self::Op);
}

impl AllocateOp<SeqMem> for Seq {
    fn allocate_op(_: &mut Allocator<Seq, SeqMem>, _: Vec<PatElem>, op: NoOp) {
        match op {}
    }
}

impl AllocateOp<McMem> for Mc {
    fn allocate_op(alloc: &mut Allocator<Mc, McMem>, mut pat: Vec<PatElem>, op: SegOp<Mc>) {
        let convert_ops = |alloc: &mut Allocator<Mc, McMem>, ops: Vec<SegBinOp<Mc>>| {
            ops.into_iter()
                .map(|op| SegBinOp {
                    commutative: op.commutative,
                    lambda: alloc.lambda(op.lambda),
                    neutral: op.neutral,
                })
                .collect::<Vec<_>>()
        };
        // The leading pattern elements the operators bind.
        let operators = match &op {
            SegOp::Map { .. } => 0,
            SegOp::Red { ops, .. } | SegOp::Scan { ops, .. } => {
                ops.iter().map(|op| op.neutral.len()).sum()
            }
            SegOp::Hist { ops, .. } => ops.iter().map(|op| op.dests.len()).sum(),
        };
        // In-place results are in their destinations' blocks; the others
        // get blocks of their own.
        let mut in_place: Vec<Option<Var>> = vec![None; pat.len()];
        if let SegOp::Hist { ops, .. } = &op {
            for (slot, &dest) in in_place.iter_mut().zip(ops.iter().flat_map(|o| &o.dests)) {
                *slot = Some(dest);
            }
        }
        for (slot, result) in in_place[operators..].iter_mut().zip(op.results()) {
            if let SegResult::Write { dest, .. } = result {
                *slot = Some(*dest);
            }
        }
        for (elem, dest) in pat.iter_mut().zip(in_place) {
            if elem.ty.rank() == 0 {
                continue;
            }
            let mem = match dest {
                Some(dest) => alloc.mem_of(dest),
                None => alloc.fresh(&elem.ty),
            };
            alloc.annotate(elem, mem);
        }
        let converted = match op {
            SegOp::Map {
                space,
                results,
                body,
            } => SegOp::Map {
                space,
                results,
                body: alloc.body(body, false),
            },
            SegOp::Red {
                space,
                ops,
                results,
                body,
            } => SegOp::Red {
                space,
                ops: convert_ops(alloc, ops),
                results,
                body: alloc.body(body, false),
            },
            SegOp::Scan {
                space,
                ops,
                results,
                body,
            } => SegOp::Scan {
                space,
                ops: convert_ops(alloc, ops),
                results,
                body: alloc.body(body, false),
            },
            SegOp::Hist {
                space,
                ops,
                results,
                body,
            } => SegOp::Hist {
                space,
                ops: ops
                    .into_iter()
                    .map(|op| SegHistOp {
                        dests: op.dests,
                        neutral: op.neutral,
                        lambda: alloc.lambda(op.lambda),
                    })
                    .collect(),
                results,
                body: alloc.body(body, false),
            },
        };
        alloc.emit(pat, Exp::Op(MemOp::Inner(converted)));
    }
}

fn allocate<F: AllocateOp<T>, T: Rep<Op = MemOp<I>>, I>(
    program: Program<F>,
) -> Result<Program<T>, String> {
    let mut alloc = Allocator {
        b: Builder::continuing(&program),
        mems: FxHashMap::default(),
        reread: FxHashSet::default(),
        source: std::marker::PhantomData,
    };
    let mut declared = Vec::with_capacity(program.functions.len());
    for function in &program.functions {
        let (params, _) = alloc.params(function.params.clone());
        let ret = with_blocks(function.ret.iter().map(|(t, _)| t.clone()).collect());
        let id = alloc
            .b
            .declare_function(&function.name, params.clone(), ret);
        declared.push((id, params));
    }
    for ((id, params), function) in declared.into_iter().zip(program.functions) {
        alloc.mems = params
            .iter()
            .filter_map(|p| Some((p.var, p.mem.clone()?)))
            .collect();
        let mut ret = function.ret;
        let blocks = ret
            .iter()
            .filter(|(t, _)| matches!(t, ExtType::Array { .. }))
            .count();
        ret.extend(std::iter::repeat_n(
            (ExtType::Mem(Space::Default), false),
            blocks,
        ));
        alloc.reread = reread_transpositions(&function.body);
        let body = alloc.body(function.body, true);
        alloc.b.define_function(
            id,
            Function {
                name: function.name,
                params,
                ret,
                body,
            },
        );
    }
    for entry in program.entry_points {
        alloc.b.add_entry_point(entry);
    }
    alloc.b.finish()
}

/// The transpositions (rearrangements moving the innermost dimension)
/// bound in `body` that some loop or parallel operation bound after them
/// indexes, in every one of its iterations, at indices that do not depend
/// on that iteration: matrix multiplication's `transpose b`, whose rows
/// every row of `a` reads. Read through the view, each such row is a
/// column of the original, strided, once per iteration; a row-major copy
/// costs one pass. A transposition read once along its rows (the sums of
/// a matrix's columns) stays a view.
fn reread_transpositions<R: Rep>(body: &Body<R>) -> FxHashSet<Var> {
    let mut transpositions = FxHashSet::default();
    for_each_stm(body, &mut |stm| {
        if let (Exp::Rearrange { perm, .. }, [elem]) = (&stm.exp, stm.pat.as_slice())
            && perm.last().is_some_and(|&p| p + 1 != perm.len())
        {
            transpositions.insert(elem.var);
        }
    });
    let mut reread = FxHashSet::default();
    if !transpositions.is_empty() {
        find_rereads(body, &transpositions, &mut Vec::new(), &mut reread);
    }
    reread
}

/// What varies with the iterations of one loop or of one counter of a
/// parallel operation around the code being looked at.
struct Iteration {
    /// The variables that depend on the iteration.
    varying: FxHashSet<Var>,
    /// The variables bound inside the loop or operation.
    bound: FxHashSet<Var>,
}

fn find_rereads<R: Rep>(
    body: &Body<R>,
    transpositions: &FxHashSet<Var>,
    around: &mut Vec<Iteration>,
    reread: &mut FxHashSet<Var>,
) {
    for stm in &body.stms {
        if let Exp::Index { array, .. } = &stm.exp
            && transpositions.contains(array)
        {
            let mut indices = FxHashSet::default();
            stm.exp.for_each_operand_var(&mut |v| {
                if v != *array {
                    indices.insert(v);
                }
            });
            if around
                .iter()
                .any(|it| !it.bound.contains(array) && it.varying.is_disjoint(&indices))
            {
                reread.insert(*array);
            }
        }
        let mut header = FxHashSet::default();
        stm.exp.for_each_operand_var(&mut |v| {
            header.insert(v);
        });
        let mut uses = FxHashSet::default();
        for_each_use(&stm.exp, &mut |v| {
            uses.insert(v);
        });
        let mut binders = Vec::new();
        stm.exp.for_each_binder(&mut |v| binders.push(v));
        for lambda in stm.exp.lambdas() {
            binders.extend(lambda.params.iter().map(|p| p.var));
        }
        for it in around.iter_mut() {
            if !it.varying.is_disjoint(&uses) {
                it.varying.extend(stm.pat.iter().map(|e| e.var));
            }
            if !it.varying.is_disjoint(&header) {
                it.varying.extend(binders.iter().copied());
            }
            it.bound.extend(stm.pat.iter().map(|e| e.var));
            it.bound.extend(binders.iter().copied());
        }
        let iterations: Vec<FxHashSet<Var>> = match &stm.exp {
            Exp::Loop { .. } => vec![binders.iter().copied().collect()],
            Exp::Op(op) => {
                let counters: Vec<Var> = op.counters().into_iter().map(|(v, _)| v).collect();
                let others: Vec<Var> = binders
                    .iter()
                    .copied()
                    .filter(|v| !counters.contains(v))
                    .collect();
                if counters.is_empty() {
                    vec![binders.iter().copied().collect()]
                } else {
                    counters
                        .iter()
                        .map(|&c| others.iter().copied().chain([c]).collect())
                        .collect()
                }
            }
            _ => Vec::new(),
        };
        let depth = around.len();
        let binder_set: FxHashSet<Var> = binders.iter().copied().collect();
        around.extend(iterations.into_iter().map(|varying| Iteration {
            varying,
            bound: binder_set.clone(),
        }));
        for nested in stm.exp.nested_bodies() {
            find_rereads(nested, transpositions, around, reread);
        }
        around.truncate(depth);
    }
}

/// Result types with a memory block after them for each array.
fn with_blocks(mut types: Vec<ExtType>) -> Vec<ExtType> {
    let arrays = types
        .iter()
        .filter(|t| matches!(t, ExtType::Array { .. }))
        .count();
    types.extend(std::iter::repeat_n(ExtType::Mem(Space::Default), arrays));
    types
}

/// The pass's state: the program being built and where each array in
/// scope is.
pub struct Allocator<F: Rep, T: Rep> {
    b: Builder<T>,
    mems: FxHashMap<Var, MemBind>,
    /// The transpositions of the function being allocated that are made
    /// row-major ([`reread_transpositions`]).
    reread: FxHashSet<Var>,
    source: std::marker::PhantomData<F>,
}

impl<F: AllocateOp<T>, T: Rep<Op = MemOp<I>>, I> Allocator<F, T> {
    /// Where an array in scope is.
    fn mem_of(&mut self, array: Var) -> MemBind {
        match self.mems.get(&array) {
            Some(mem) => mem.clone(),
            None => {
                self.b
                    .internal_error(format!("array {} has no memory block", array.0));
                MemBind {
                    block: array,
                    lmad: Lmad::direct(&[]),
                }
            }
        }
    }

    fn annotate(&mut self, elem: &mut PatElem, mem: MemBind) {
        self.mems.insert(elem.var, mem.clone());
        elem.mem = Some(mem);
    }

    fn emit(&mut self, pat: Vec<PatElem>, exp: Exp<T>) {
        let loc = self.b.loc();
        let attrs = self.b.attrs();
        self.b.add_stm(Stm {
            pat,
            exp,
            loc,
            attrs,
        });
    }

    /// A new block for an array of type `ty`, which is direct in it.
    fn fresh(&mut self, ty: &Type) -> MemBind {
        let mut bytes = SubExp::i64(ty.element().byte_size());
        for &d in ty.shape() {
            bytes = match (bytes, d) {
                (SubExp::Const(a), SubExp::Const(b)) => SubExp::i64(
                    a.as_i64()
                        .unwrap_or(0)
                        .wrapping_mul(b.as_i64().unwrap_or(0)),
                ),
                _ => SubExp::Var(self.b.bind1("bytes", Exp::BinOp(BinOp::Mul, bytes, d))),
            };
        }
        let block = self.b.new_var("mem", Type::Mem(Space::Default));
        self.emit(
            vec![PatElem::new(block, Type::Mem(Space::Default))],
            Exp::Op(MemOp::Alloc {
                size: bytes,
                space: Space::Default,
            }),
        );
        MemBind {
            block,
            lmad: Lmad::direct(ty.shape()),
        }
    }

    /// The array as a direct array and its block: itself if it is
    /// direct, else a copy.
    fn direct(&mut self, array: SubExp) -> (SubExp, Var) {
        let SubExp::Var(var) = array else {
            self.b
                .internal_error("an array that is a constant".to_owned());
            return (array, Var(0));
        };
        let ty = self.b.type_of(array);
        let mem = self.mem_of(var);
        if mem.lmad.is_direct(ty.shape()) {
            return (array, mem.block);
        }
        let mem = self.fresh(&ty);
        let block = mem.block;
        let copy = self.b.new_var("direct", ty.clone());
        let mut elem = PatElem::new(copy, ty);
        self.annotate(&mut elem, mem);
        self.emit(vec![elem], Exp::Copy(var));
        (SubExp::Var(copy), block)
    }

    /// Parameters with memory: each array direct in a block parameter
    /// after all of them. Returns the parameters and the blocks.
    fn params(&mut self, params: Vec<Param>) -> (Vec<Param>, Vec<Var>) {
        let mut blocks = Vec::new();
        let mut out = Vec::with_capacity(params.len());
        for mut param in params {
            if param.ty.rank() > 0 {
                let block = self.b.new_var("mem_param", Type::Mem(Space::Default));
                let mem = MemBind {
                    block,
                    lmad: Lmad::direct(param.ty.shape()),
                };
                self.mems.insert(param.var, mem.clone());
                param.mem = Some(mem);
                blocks.push(block);
            }
            out.push(param);
        }
        out.extend(blocks.iter().map(|&block| Param {
            var: block,
            ty: Type::Mem(Space::Default),
            unique: false,
            mem: None,
        }));
        (out, blocks)
    }

    /// Values crossing a boundary: each array direct, with the blocks
    /// after all of them.
    fn crossing(&mut self, values: Vec<SubExp>) -> Vec<SubExp> {
        let mut blocks = Vec::new();
        let mut out: Vec<SubExp> = values
            .into_iter()
            .map(|v| {
                if self.b.type_of(v).rank() == 0 {
                    return v;
                }
                let (array, block) = self.direct(v);
                blocks.push(SubExp::Var(block));
                array
            })
            .collect();
        out.extend(blocks);
        out
    }

    /// A pattern binding values that crossed a boundary: each array
    /// direct in a new block variable bound after all of them.
    fn crossing_pattern(&mut self, pat: Vec<PatElem>) -> Vec<PatElem> {
        let mut blocks = Vec::new();
        let mut out: Vec<PatElem> = pat
            .into_iter()
            .map(|mut elem| {
                if elem.ty.rank() > 0 {
                    let block = self.b.new_var("mem", Type::Mem(Space::Default));
                    let mem = MemBind {
                        block,
                        lmad: Lmad::direct(elem.ty.shape()),
                    };
                    self.annotate(&mut elem, mem);
                    blocks.push(PatElem::new(block, Type::Mem(Space::Default)));
                }
                elem
            })
            .collect();
        out.extend(blocks);
        out
    }

    /// A body with memory; the results of a `crossing` body (a
    /// function's, branch's or loop's) are direct with their blocks.
    fn body(&mut self, body: Body<F>, crossing: bool) -> Body<T> {
        self.b.push_scope();
        for stm in body.stms {
            self.stm(stm);
        }
        let result = if crossing {
            self.crossing(body.result)
        } else {
            body.result
        };
        self.b.pop_scope(result)
    }

    fn lambda(&mut self, lambda: Lambda<F>) -> Lambda<T> {
        Lambda {
            params: lambda.params,
            body: self.body(lambda.body, false),
            ret: lambda.ret,
        }
    }

    fn stm(&mut self, stm: Stm<F>) {
        let Stm {
            mut pat,
            exp,
            loc,
            attrs,
        } = stm;
        let saved = self.b.set_loc(loc);
        let saved_attrs = self.b.set_attrs(attrs);
        let exp = match exp {
            Exp::Op(op) => {
                F::allocate_op(self, pat, op);
                self.b.set_loc(saved);
                self.b.set_attrs(saved_attrs);
                return;
            }
            Exp::If {
                condition,
                then_body,
                else_body,
                ret,
            } => {
                let then_body = self.body(then_body, true);
                let else_body = self.body(else_body, true);
                pat = self.crossing_pattern(pat);
                Exp::If {
                    condition,
                    then_body,
                    else_body,
                    ret: with_blocks(ret),
                }
            }
            Exp::Loop { params, form, body } => {
                let (params, inits): (Vec<Param>, Vec<SubExp>) = params.into_iter().unzip();
                let inits = self.crossing(inits);
                let (params, _) = self.params(params);
                let body = self.body(body, true);
                pat = self.crossing_pattern(pat);
                Exp::Loop {
                    params: params.into_iter().zip(inits).collect(),
                    form: match form {
                        LoopForm::For { var, bound } => LoopForm::For { var, bound },
                        LoopForm::While { condition } => LoopForm::While { condition },
                    },
                    body,
                }
            }
            Exp::Call { func, args } => {
                let args = self.crossing(args);
                pat = self.crossing_pattern(pat);
                Exp::Call { func, args }
            }
            Exp::SubExp(se) | Exp::Opaque(se) => {
                if let (SubExp::Var(source), [elem]) = (se, pat.as_mut_slice())
                    && elem.ty.rank() > 0
                {
                    let mem = self.mem_of(source);
                    self.annotate(elem, mem);
                }
                match exp {
                    Exp::Opaque(_) => Exp::Opaque(se),
                    _ => Exp::SubExp(se),
                }
            }
            Exp::Index { array, slice } => {
                if let [elem] = pat.as_mut_slice()
                    && elem.ty.rank() > 0
                {
                    let mut mem = self.mem_of(array);
                    mem.lmad = mem.lmad.sliced(&slice);
                    self.annotate(elem, mem);
                }
                Exp::Index { array, slice }
            }
            Exp::Update {
                array,
                slice,
                value,
            } => {
                if let [elem] = pat.as_mut_slice() {
                    let mem = self.mem_of(array);
                    self.annotate(elem, mem);
                }
                Exp::Update {
                    array,
                    slice,
                    value,
                }
            }
            Exp::Rearrange { perm, array } => {
                let mut mem = self.mem_of(array);
                mem.lmad = mem.lmad.permuted(&perm);
                match pat.as_mut_slice() {
                    [elem] if self.reread.contains(&elem.var) => {
                        let view = self.b.new_var("transposed", elem.ty.clone());
                        let mut view_elem = PatElem::new(view, elem.ty.clone());
                        self.annotate(&mut view_elem, mem);
                        self.emit(vec![view_elem], Exp::Rearrange { perm, array });
                        let block = self.fresh(&elem.ty);
                        self.annotate(elem, block);
                        Exp::Copy(view)
                    }
                    [elem] => {
                        self.annotate(elem, mem);
                        Exp::Rearrange { perm, array }
                    }
                    _ => Exp::Rearrange { perm, array },
                }
            }
            Exp::Reshape { shape, array } => {
                let source_ty = self.b.type_of(SubExp::Var(array));
                let mut mem = self.mem_of(array);
                // A one-dimensional array reshaped to one dimension (a
                // size coercion) keeps its elements where they are,
                // whatever its stride.
                let coercion = source_ty.rank() == 1 && shape.len() == 1;
                let array = if coercion || mem.lmad.is_row_major(source_ty.shape()) {
                    array
                } else {
                    mem = self.fresh(&source_ty);
                    let copy = self.b.new_var("row_major", source_ty.clone());
                    let mut elem = PatElem::new(copy, source_ty);
                    self.annotate(&mut elem, mem.clone());
                    self.emit(vec![elem], Exp::Copy(array));
                    copy
                };
                if let [elem] = pat.as_mut_slice() {
                    if !coercion {
                        mem.lmad.strides = Lmad::direct(&shape).strides;
                    }
                    self.annotate(elem, mem);
                }
                Exp::Reshape { shape, array }
            }
            exp @ (Exp::ArrayLit { .. }
            | Exp::Iota { .. }
            | Exp::Replicate { .. }
            | Exp::Scratch { .. }
            | Exp::Concat { .. }
            | Exp::Copy(_)) => {
                for elem in &mut pat {
                    if elem.ty.rank() > 0 {
                        let mem = self.fresh(&elem.ty);
                        self.annotate(elem, mem);
                    }
                }
                self.simple(exp)
            }
            exp @ (Exp::BinOp(..)
            | Exp::Cmp(..)
            | Exp::UnOp(..)
            | Exp::Convert(..)
            | Exp::PrimFn(..)
            | Exp::Assert { .. }) => self.simple(exp),
        };
        self.emit(pat, exp);
        self.b.set_loc(saved);
        self.b.set_attrs(saved_attrs);
    }
}

impl<F: Rep, T: Rep> Allocator<F, T> {
    /// An expression without nested code or operations, at the new level.
    fn simple(&mut self, exp: Exp<F>) -> Exp<T> {
        match exp {
            Exp::SubExp(se) => Exp::SubExp(se),
            Exp::Opaque(se) => Exp::Opaque(se),
            Exp::BinOp(op, a, b) => Exp::BinOp(op, a, b),
            Exp::Cmp(op, a, b) => Exp::Cmp(op, a, b),
            Exp::UnOp(op, a) => Exp::UnOp(op, a),
            Exp::Convert(to, a) => Exp::Convert(to, a),
            Exp::PrimFn(f, args) => Exp::PrimFn(f, args),
            Exp::ArrayLit { elements, row } => Exp::ArrayLit { elements, row },
            Exp::Iota {
                len,
                start,
                step,
                ty,
            } => Exp::Iota {
                len,
                start,
                step,
                ty,
            },
            Exp::Replicate { shape, value } => Exp::Replicate { shape, value },
            Exp::Scratch { shape, element } => Exp::Scratch { shape, element },
            Exp::Concat { arrays, width } => Exp::Concat { arrays, width },
            Exp::Copy(array) => Exp::Copy(array),
            Exp::Assert { condition, message } => Exp::Assert { condition, message },
            Exp::Call { func, args } => Exp::Call { func, args },
            Exp::Index { array, slice } => Exp::Index { array, slice },
            Exp::Update {
                array,
                slice,
                value,
            } => Exp::Update {
                array,
                slice,
                value,
            },
            Exp::Rearrange { perm, array } => Exp::Rearrange { perm, array },
            Exp::Reshape { shape, array } => Exp::Reshape { shape, array },
            Exp::If { .. } | Exp::Loop { .. } | Exp::Op(_) => {
                self.b
                    .internal_error("nested code where none was expected".to_owned());
                Exp::SubExp(SubExp::i64(0))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interp::run_entry;
    use crate::ir::DimIndex;
    use crate::ir::build::test_program;
    use crate::ir::mem::IndexExp;
    use crate::ir::print::print_program;
    use crate::ir::{Kind, check::check_program};
    use crate::passes::{LevelProgram, Pipeline, run_pipeline};
    use crate::value::{ArrayValue, Value};
    use prim::{PrimType, PrimValue};

    fn matrix(rows: i64, cols: i64) -> Value {
        Value::Array(ArrayValue::new(
            PrimType::I32,
            vec![rows, cols],
            (0..rows * cols).map(|v| PrimValue::I32(v as i32)).collect(),
        ))
    }

    /// The program at the sequential memory level, checked, and its
    /// printed text.
    fn seq_mem(program: Program) -> (Program<SeqMem>, String) {
        let LevelProgram::SeqMem(mem) =
            run_pipeline(program, Pipeline::SeqMem).expect("the pipeline runs")
        else {
            panic!("not at the sequential memory level");
        };
        check_program(&mem).expect("a well-typed program");
        let text = print_program(&mem);
        (mem, text)
    }

    #[test]
    fn views_share_blocks_and_fresh_arrays_get_their_own() {
        // A row, a transposed matrix and a copy of the transposition.
        let program = test_program(
            &[(Kind::new(PrimType::I32, 2), false)],
            |_| {},
            |b, args| {
                let matrix = args[0].as_var().expect("a variable");
                let row = b.bind1(
                    "row",
                    Exp::Index {
                        array: matrix,
                        slice: vec![DimIndex::Fix(SubExp::i64(1))],
                    },
                );
                let transposed = b.bind1(
                    "transposed",
                    Exp::Rearrange {
                        perm: vec![1, 0],
                        array: matrix,
                    },
                );
                let copy = b.bind1("copy", Exp::Copy(transposed));
                vec![row.into(), copy.into()]
            },
        );
        let (mem, text) = seq_mem(program);
        // The parameter is direct in its block, which comes last.
        assert!(
            text.contains("p_2: [size_0][size_1]i32 @ mem_param_"),
            "{text}"
        );
        // The row is a view at offset 1 * size_1; the transposition
        // swaps the strides; the copy is direct in a new block.
        assert!(text.contains("-> {size_1; 1}) = p_2[1i64]"), "{text}");
        assert!(text.contains("-> {0; 1, size_1}) = rearrange"), "{text}");
        assert!(text.contains(") = alloc("), "{text}");
        assert!(text.contains("-> {0; size_0, 1}) = copy("), "{text}");
        // The results leave direct: the row (a view at an offset) is
        // copied, and the function returns both blocks.
        assert!(text.contains("direct_"), "{text}");
        assert!(text.contains("mem, mem) = {"), "{text}");
        let results = run_entry(&mem, "main", vec![matrix(2, 3)]).expect("it runs");
        assert_eq!(
            results,
            vec![
                Value::Array(ArrayValue::new(
                    PrimType::I32,
                    vec![3],
                    [3, 4, 5].iter().map(|&v| PrimValue::I32(v)).collect(),
                )),
                Value::Array(ArrayValue::new(
                    PrimType::I32,
                    vec![3, 2],
                    [0, 3, 1, 4, 2, 5]
                        .iter()
                        .map(|&v| PrimValue::I32(v))
                        .collect(),
                )),
            ]
        );
    }

    #[test]
    fn a_column_coerced_to_another_size_stays_a_view() {
        // `reshape([n], column)` of a strided column of a matrix.
        let program = test_program(
            &[
                (Kind::new(PrimType::I32, 2), false),
                (Kind::new(PrimType::I64, 0), false),
            ],
            |_| {},
            |b, args| {
                let matrix = args[0].as_var().expect("a variable");
                let transposed = b.bind1(
                    "transposed",
                    Exp::Rearrange {
                        perm: vec![1, 0],
                        array: matrix,
                    },
                );
                let column = b.bind1(
                    "column",
                    Exp::Index {
                        array: transposed,
                        slice: vec![DimIndex::Fix(SubExp::i64(1))],
                    },
                );
                let coerced = b.bind1(
                    "coerced",
                    Exp::Reshape {
                        shape: vec![args[1]],
                        array: column,
                    },
                );
                vec![b.bind1("copy", Exp::Copy(coerced)).into()]
            },
        );
        let (mem, text) = seq_mem(program);
        // The coercion keeps the column's stride: no row-major copy.
        assert!(!text.contains("row_major"), "{text}");
        assert!(text.contains("-> {1; size_1}) = reshape("), "{text}");
        let args = vec![matrix(3, 2), Value::Prim(PrimValue::I64(3))];
        let results = run_entry(&mem, "main", args).expect("it runs");
        assert_eq!(
            results,
            vec![Value::Array(ArrayValue::new(
                PrimType::I32,
                vec![3],
                [1, 3, 5].iter().map(|&v| PrimValue::I32(v)).collect(),
            ))]
        );
    }

    #[test]
    fn slices_move_the_offset_and_scale_the_strides() {
        let lmad = Lmad::direct(&[SubExp::i64(4), SubExp::i64(6)]);
        assert_eq!(lmad.strides, vec![IndexExp::Const(6), IndexExp::Const(1)]);
        // Rows 1, 3 and columns 2..5 of a 4x6 matrix.
        let view = lmad.sliced(&[
            DimIndex::Slice {
                start: SubExp::i64(1),
                len: SubExp::i64(2),
                stride: SubExp::i64(2),
            },
            DimIndex::Slice {
                start: SubExp::i64(2),
                len: SubExp::i64(3),
                stride: SubExp::i64(1),
            },
        ]);
        assert_eq!(view.offset, IndexExp::Const(8));
        assert_eq!(view.strides, vec![IndexExp::Const(12), IndexExp::Const(1)]);
        assert!(!view.is_row_major(&[SubExp::i64(2), SubExp::i64(3)]));
        // A fixed row keeps the column stride.
        let row = lmad.sliced(&[DimIndex::Fix(SubExp::i64(3))]);
        assert_eq!(row.offset, IndexExp::Const(18));
        assert!(row.is_row_major(&[SubExp::i64(6)]));
        assert!(!row.is_direct(&[SubExp::i64(6)]));
    }

    #[test]
    fn the_checker_requires_annotations_at_the_memory_levels() {
        let program = test_program(
            &[(Kind::new(PrimType::I32, 1), false)],
            |_| {},
            |b, args| {
                let array = args[0].as_var().expect("a variable");
                vec![b.bind1("copy", Exp::Copy(array)).into()]
            },
        );
        let (mut mem, _) = seq_mem(program);
        let copy = mem.functions[0]
            .body
            .stms
            .iter_mut()
            .find(|stm| matches!(stm.exp, Exp::Copy(_)))
            .expect("the copy");
        copy.pat[0].mem = None;
        let error = check_program(&mem).expect_err("an array without memory");
        assert!(
            error.message.contains("an array without a memory block"),
            "{error}"
        );
    }
}
