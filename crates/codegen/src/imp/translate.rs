//! Translation of a program of a memory level of the core IR
//! (`SeqMem`, `McMem`) into the imperative IR.
//!
//! Scalars and memory blocks become variables of the same numbers;
//! arrays are not values here but places: each array variable is its
//! block and index function (from its memory annotation) and its shape,
//! and the statements that make arrays write their elements there. Views
//! (slices, transpositions, reshapes) produce no code. Every check the
//! core IR's operations make (indices in bounds, division by zero,
//! negative exponents and lengths, reshapes of the right size) becomes an
//! assertion with the interpreter's message before the operation, which
//! is then total. A level's own operations are translated by its
//! [`ImpLevel`] implementation: nothing for `SeqMem`, parallel tasks for
//! `McMem`.

use super::mc::McOp;
use super::{
    Arg, Code, EntryArg, EntryDim, EntryPoint, EntryResult, ErrorPart, Exp, Function, MemLoc,
    Param, Program,
};
use crate::CodegenError;
use opt::ir::analysis::Types;
use opt::ir::mem::{IndexExp, Space};
use opt::ir::segop::SegOp;
use opt::ir::{
    self as ir, Body, DimIndex, ExtDim, ExtType, LoopForm, McMem, MemOp, PatElem, Rep, SeqMem, Stm,
    SubExp, Type, Var,
};
use prim::{BinOp, CmpOp, PrimType, PrimValue, UnOp};
use rustc_hash::FxHashMap;

type Result<T> = std::result::Result<T, CodegenError>;

/// The sequential back end's operation: there is none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoOp {}

/// The imperative program of a sequential program with memory.
pub fn generate_seq(program: &ir::Program<SeqMem>) -> Result<Program<NoOp>> {
    generate(program, false)
}

/// The imperative program of a multicore program with memory, for the
/// multicore back end.
pub fn generate_mc(program: &ir::Program<McMem>) -> Result<Program<McOp>> {
    generate(program, false)
}

/// The imperative program of a multicore program with memory, for a
/// device with work-groups (OpenCL): reductions outside parallel code are
/// [`McOp::Reduce`]s.
pub fn generate_device(program: &ir::Program<McMem>) -> Result<Program<McOp>> {
    generate(program, true)
}

/// Code emitted at a point of an index space, given its indices.
pub type PointCode<'a, R> = dyn FnMut(&mut Translator<R>, &[Exp]) -> Result<()> + 'a;

/// How a memory level's operations become imperative code.
pub trait ImpLevel: Rep {
    /// The back end's operation.
    type ImpOp;
    /// Emits the code of a statement binding `pat` to `op`.
    fn translate_op(tr: &mut Translator<Self>, pat: &[PatElem], op: &Self::Op) -> Result<()>;
    /// Emits `point` at every point of an index space of sizes `dims`
    /// (with its indices), where the points write distinct elements of
    /// an array being made and read nothing written: sequential loops, or
    /// parallel code.
    fn fill(
        tr: &mut Translator<Self>,
        dims: &[Exp],
        point: &mut PointCode<'_, Self>,
    ) -> Result<()> {
        tr.nest(dims, point)
    }
}

impl ImpLevel for SeqMem {
    type ImpOp = NoOp;

    fn translate_op(tr: &mut Translator<SeqMem>, pat: &[PatElem], op: &Self::Op) -> Result<()> {
        match op {
            MemOp::Alloc { size, space } => tr.alloc(pat, *size, *space),
            MemOp::Inner(op) => match *op {},
        }
    }
}

impl ImpLevel for McMem {
    type ImpOp = McOp;

    fn translate_op(tr: &mut Translator<McMem>, pat: &[PatElem], op: &Self::Op) -> Result<()> {
        match op {
            MemOp::Alloc { size, space } => tr.alloc(pat, *size, *space),
            MemOp::Inner(op) => tr.seg_op(pat, op),
        }
    }

    fn fill(
        tr: &mut Translator<McMem>,
        dims: &[Exp],
        point: &mut PointCode<'_, McMem>,
    ) -> Result<()> {
        super::mc_translate::fill(tr, dims, point)
    }
}

fn generate<R: ImpLevel>(program: &ir::Program<R>, work_groups: bool) -> Result<Program<R::ImpOp>> {
    let mut tr = Translator {
        work_groups,
        types: Types::of_program(program),
        var_names: program.var_names.clone(),
        arrays: FxHashMap::default(),
        same_blocks: FxHashMap::default(),
        counters: FxHashMap::default(),
        blocks: Vec::new(),
        tasks: 0,
        tuning_params: program.tuning_params.clone(),
        function_name: String::new(),
    };
    let mut functions = Vec::with_capacity(program.functions.len());
    for function in &program.functions {
        functions.push(tr.function(function)?);
    }
    let entry_points = program
        .entry_points
        .iter()
        .map(|entry| entry_point(program, &functions, entry))
        .collect::<Result<_>>()?;
    Ok(Program {
        functions,
        entry_points,
        var_names: tr.var_names,
        tuning_params: tr.tuning_params,
    })
}

pub(super) fn internal(message: impl Into<String>) -> CodegenError {
    CodegenError::internal(format!("internal error: {}", message.into()))
}

/// Where an entry point's function's parameters come from, and where its
/// results are.
fn entry_point<R: Rep, Op>(
    program: &ir::Program<R>,
    functions: &[Function<Op>],
    entry: &ir::EntryPoint,
) -> Result<EntryPoint> {
    let function = program.function(entry.func);
    let imp = &functions[entry.func.0 as usize];
    let components: usize = entry.params.iter().map(|p| p.components()).sum();
    let sources = function.entry_size_sources(components).ok_or_else(|| {
        internal(format!(
            "entry point `{}` takes sizes of no argument",
            entry.name
        ))
    })?;
    let blocks = ir::trailing_blocks(function.params.iter().map(|p| &p.ty));
    let values = function.params.len() - blocks;
    let sizes = values - components;
    // The Imp function takes the core function's parameters but the
    // arrays: map each of those to its source.
    let mut args = Vec::new();
    let mut array_components = Vec::new();
    for (position, param) in function.params.iter().enumerate() {
        if position < sizes {
            let (component, dim) = sources[position];
            args.push(EntryArg::Size { component, dim });
        } else if position < values {
            let component = position - sizes;
            match param.ty {
                Type::Array { .. } => array_components.push(component),
                _ => args.push(EntryArg::Scalar { component }),
            }
        } else {
            let component = array_components[position - values];
            args.push(EntryArg::Block { component });
        }
    }
    // Results: sizes, values, then blocks, in the core function's order;
    // the Imp function's results leave out the arrays.
    let ret: Vec<&ExtType> = function.ret.iter().map(|(t, _)| t).collect();
    let result_blocks = ir::trailing_blocks(ret.iter().copied());
    let result_values = ret.len() - result_blocks;
    let result_count: usize = entry.results.iter().map(|r| r.components()).sum();
    let first = result_values - result_count;
    // The Imp position of each core result that is not an array.
    let mut imp_position = vec![None; ret.len()];
    let mut next = 0;
    for (i, t) in ret.iter().enumerate() {
        if !matches!(t, ExtType::Array { .. }) {
            imp_position[i] = Some(next);
            next += 1;
        }
    }
    if next != imp.results.len() {
        return Err(internal(
            "an entry point's results do not match its function",
        ));
    }
    let param_position = |var: Var| -> Option<usize> {
        let mut imp = 0;
        for p in &function.params {
            if p.ty.rank() > 0 {
                continue;
            }
            if p.var == var {
                return Some(imp);
            }
            imp += 1;
        }
        None
    };
    let mut results = Vec::with_capacity(result_count);
    let mut array_index = 0;
    for (i, t) in ret.iter().enumerate().take(result_values).skip(first) {
        match t {
            ExtType::Array { element, shape } => {
                let block = imp_position[result_values + array_index]
                    .ok_or_else(|| internal("an array result without a block"))?;
                array_index += 1;
                let dims = shape
                    .iter()
                    .map(|d| match *d {
                        ExtDim::Ext(j) => imp_position[j]
                            .map(EntryDim::Result)
                            .ok_or_else(|| internal("a size that is an array")),
                        ExtDim::Free(SubExp::Const(c)) => {
                            Ok(EntryDim::Const(c.as_i64().unwrap_or(0)))
                        }
                        ExtDim::Free(SubExp::Var(v)) => param_position(v)
                            .map(EntryDim::Param)
                            .ok_or_else(|| internal("a result size that is no parameter")),
                    })
                    .collect::<Result<_>>()?;
                results.push(EntryResult::Array {
                    element: *element,
                    block,
                    dims,
                });
            }
            other => {
                let position = imp_position[i].ok_or_else(|| internal("a scalar result"))?;
                results.push(EntryResult::Scalar {
                    position,
                    ty: other.element(),
                });
            }
        }
    }
    // Arrays among the results before the entry's own (their sizes'
    // arrays do not exist) would shift the blocks; there are none.
    Ok(EntryPoint {
        source: entry.clone(),
        args,
        results,
    })
}

/// An array: its element type, where its elements are and its shape.
#[derive(Debug, Clone)]
pub(super) struct Array {
    pub(super) element: PrimType,
    pub(super) loc: MemLoc,
    pub(super) shape: Vec<Exp>,
}

/// The translation's state.
pub struct Translator<R: ImpLevel> {
    types: Types,
    var_names: Vec<String>,
    /// Every array variable met so far.
    arrays: FxHashMap<Var, Array>,
    /// Block variables that are always another block variable (see
    /// [`same_block`]): they are not declared, and their uses name the
    /// other, so a loop whose block never changes counts no references.
    same_blocks: FxHashMap<Var, Var>,
    /// Index variables known to lie in `[0, bound)`: counters of `for`
    /// loops and indices of segmented spaces, with their bounds. Reading
    /// a dimension of that size at one needs no bounds check.
    counters: FxHashMap<Var, SubExp>,
    /// The code being emitted: the innermost block last.
    blocks: Vec<Vec<Code<R::ImpOp>>>,
    /// How many parallel tasks the code being emitted runs in.
    tasks: usize,
    /// Whether the code is for a device with work-groups.
    work_groups: bool,
    /// The program's tuning parameters, with those the translation adds.
    tuning_params: Vec<String>,
    /// The name of the function being translated.
    function_name: String,
}

impl<R: ImpLevel> Translator<R> {
    pub(super) fn emit(&mut self, code: Code<R::ImpOp>) {
        if let Some(block) = self.blocks.last_mut() {
            block.push(code);
        }
    }

    /// The code `build` emits, as one block.
    pub(super) fn block(
        &mut self,
        build: impl FnOnce(&mut Self) -> Result<()>,
    ) -> Result<Code<R::ImpOp>> {
        self.blocks.push(Vec::new());
        let result = build(self);
        let code = Code::Block(self.blocks.pop().unwrap_or_default());
        result.map(|()| code)
    }

    /// The code `build` emits inside a parallel task.
    pub(super) fn in_task<T>(&mut self, build: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        self.tasks += 1;
        let result = build(self);
        self.tasks -= 1;
        result
    }

    /// Whether the code being emitted runs in a parallel task.
    pub(super) fn in_parallel(&self) -> bool {
        self.tasks > 0
    }

    /// Whether the code is for a device with work-groups.
    pub(super) fn work_groups(&self) -> bool {
        self.work_groups
    }

    /// A new tuning parameter of the function being translated, whose
    /// name is `kind` and a number (stable for the same program), with
    /// this default value.
    pub(super) fn tuning_param(&mut self, kind: &str, default: i64) -> Exp {
        let name = format!("{}.{kind}_{}", self.function_name, self.tuning_params.len());
        let index = self.tuning_params.len() as u32;
        self.tuning_params.push(name);
        Exp::PrimFn(prim::PrimFn::Tuning(index), vec![Exp::i64(default)])
    }

    /// Records that `var` counts from 0 to below `bound`.
    pub(super) fn count(&mut self, var: Var, bound: SubExp) {
        self.counters.insert(var, bound);
    }

    /// Whether index `i` is a counter below `extent` (so within it).
    fn counted_within(&self, i: SubExp, extent: &Exp) -> Result<bool> {
        let SubExp::Var(var) = i else {
            return Ok(false);
        };
        let Some(&bound) = self.counters.get(&var) else {
            return Ok(false);
        };
        Ok(match (self.se(bound)?, extent) {
            (Exp::Const(b), Exp::Const(e)) => match (b.as_i64(), e.as_i64()) {
                (Some(b), Some(e)) => b <= e,
                _ => false,
            },
            (bound, extent) => bound == *extent,
        })
    }

    pub(super) fn new_var(&mut self, hint: &str) -> Var {
        self.var_names.push(hint.to_owned());
        Var(self.var_names.len() as u32 - 1)
    }

    /// A new variable with the name hint of `var`.
    pub(super) fn fresh_like(&mut self, var: Var) -> Var {
        let hint = self
            .var_names
            .get(var.0 as usize)
            .map_or_else(|| "v".to_owned(), String::clone);
        self.new_var(&hint)
    }

    /// A new `i64` variable set to `value`.
    pub(super) fn let_i64(&mut self, hint: &str, value: Exp) -> Var {
        let var = self.new_var(hint);
        self.emit(Code::DeclareScalar(var, PrimType::I64));
        self.emit(Code::SetScalar(var, value));
        var
    }

    pub(super) fn type_of(&self, se: SubExp) -> Result<Type> {
        self.types
            .of(se)
            .ok_or_else(|| internal(format!("a variable without a type: {se:?}")))
    }

    /// A scalar operand.
    pub(super) fn se(&self, se: SubExp) -> Result<Exp> {
        Ok(match se {
            SubExp::Const(c) => Exp::Const(c),
            SubExp::Var(v) => match self.type_of(se)? {
                Type::Prim(t) => Exp::Var(v, t),
                other => return Err(internal(format!("{other:?} where a scalar was expected"))),
            },
        })
    }

    fn index_exp(&self, e: &IndexExp) -> Exp {
        match e {
            IndexExp::Const(c) => Exp::i64(*c),
            IndexExp::Var(v) => Exp::Var(*v, PrimType::I64),
            IndexExp::Add(a, b) => Exp::i64_add(self.index_exp(a), self.index_exp(b)),
            IndexExp::Sub(a, b) => Exp::i64_sub(self.index_exp(a), self.index_exp(b)),
            IndexExp::Mul(a, b) => Exp::i64_mul(self.index_exp(a), self.index_exp(b)),
        }
    }

    /// The variable holding a block variable's block.
    fn block_var(&self, var: Var) -> Var {
        self.same_blocks.get(&var).copied().unwrap_or(var)
    }

    /// Records the block results of a statement that are always a block
    /// bound before it.
    fn record_same_blocks(&mut self, stm: &Stm<R>) {
        for (k, elem) in stm.pat.iter().enumerate() {
            if let Some(block) = same_block(stm, k) {
                let block = self.block_var(block);
                self.same_blocks.insert(elem.var, block);
            }
        }
    }

    pub(super) fn array(&self, var: Var) -> Result<Array> {
        self.arrays
            .get(&var)
            .cloned()
            .ok_or_else(|| internal(format!("array {} has no place", var.0)))
    }

    /// Records where an array parameter or pattern element is.
    fn record_array(&mut self, var: Var, ty: &Type, mem: Option<&ir::MemBind>) -> Result<()> {
        let mem = mem.ok_or_else(|| internal(format!("array {} has no memory block", var.0)))?;
        let shape = ty
            .shape()
            .iter()
            .map(|&d| self.se(d))
            .collect::<Result<_>>()?;
        let loc = MemLoc {
            block: self.block_var(mem.block),
            offset: self.index_exp(&mem.lmad.offset),
            strides: mem.lmad.strides.iter().map(|s| self.index_exp(s)).collect(),
        };
        self.arrays.insert(
            var,
            Array {
                element: ty.element(),
                loc,
                shape,
            },
        );
        Ok(())
    }

    /// Declares the variables of a pattern (scalars and blocks) and
    /// records its arrays.
    fn declare(&mut self, pat: &[PatElem]) -> Result<()> {
        for elem in pat {
            match &elem.ty {
                Type::Prim(t) => self.emit(Code::DeclareScalar(elem.var, *t)),
                Type::Mem(_) if self.same_blocks.contains_key(&elem.var) => {}
                Type::Mem(space) => self.emit(Code::DeclareMem(elem.var, *space)),
                Type::Array { .. } => self.record_array(elem.var, &elem.ty, elem.mem.as_ref())?,
            }
        }
        Ok(())
    }

    /// Sets a declared scalar or block variable to a value (arrays are
    /// where their annotations say, which the value's code wrote).
    fn assign(&mut self, var: Var, ty: &Type, value: SubExp) -> Result<()> {
        match ty {
            Type::Prim(_) => {
                let value = self.se(value)?;
                self.emit(Code::SetScalar(var, value));
            }
            Type::Mem(_) if self.same_blocks.contains_key(&var) => {}
            Type::Mem(_) => match value {
                SubExp::Var(source) => self.emit(Code::SetMem {
                    dest: var,
                    source: self.block_var(source),
                }),
                SubExp::Const(_) => return Err(internal("a memory block that is a constant")),
            },
            Type::Array { .. } => {}
        }
        Ok(())
    }

    fn function(&mut self, function: &ir::Function<R>) -> Result<Function<R::ImpOp>> {
        self.function_name = function.name.clone();
        self.arrays.clear();
        self.same_blocks.clear();
        let mut params = Vec::new();
        for p in &function.params {
            match &p.ty {
                Type::Prim(t) => params.push(Param::Scalar(p.var, *t)),
                Type::Mem(space) => params.push(Param::Mem(p.var, *space)),
                Type::Array { .. } => {}
            }
        }
        for p in &function.params {
            if p.ty.rank() > 0 {
                self.record_array(p.var, &p.ty, p.mem.as_ref())?;
            }
        }
        let mut results = Vec::new();
        let mut targets = Vec::new();
        for (ty, _) in &function.ret {
            match ty {
                ExtType::Prim(t) => {
                    let var = self.new_var("ret");
                    results.push(Param::Scalar(var, *t));
                    targets.push(Some((var, Type::Prim(*t))));
                }
                ExtType::Mem(space) => {
                    let var = self.new_var("ret_mem");
                    results.push(Param::Mem(var, *space));
                    targets.push(Some((var, Type::Mem(*space))));
                }
                ExtType::Array { .. } => targets.push(None),
            }
        }
        let body = self.block(|tr| {
            tr.stms(&function.body.stms)?;
            for (target, &value) in targets.iter().zip(&function.body.result) {
                if let Some((var, ty)) = target {
                    tr.assign(*var, ty, value)?;
                }
            }
            Ok(())
        })?;
        Ok(Function {
            name: function.name.clone(),
            params,
            results,
            body,
        })
    }

    pub(super) fn stms(&mut self, stms: &[Stm<R>]) -> Result<()> {
        for stm in stms {
            self.stm(stm)?;
        }
        Ok(())
    }

    /// The code of a body whose results go to the given pattern's
    /// variables.
    fn body_into(&mut self, body: &Body<R>, pat: &[PatElem]) -> Result<Code<R::ImpOp>> {
        self.block(|tr| {
            tr.stms(&body.stms)?;
            for (elem, &value) in pat.iter().zip(&body.result) {
                tr.assign(elem.var, &elem.ty, value)?;
            }
            Ok(())
        })
    }

    fn stm(&mut self, stm: &Stm<R>) -> Result<()> {
        let pat = &stm.pat;
        let loc = stm.loc.clone();
        self.record_same_blocks(stm);
        self.declare(pat)?;
        let single = || -> Result<&PatElem> {
            match pat.as_slice() {
                [elem] => Ok(elem),
                _ => Err(internal("a statement of one result with another pattern")),
            }
        };
        match &stm.exp {
            ir::Exp::SubExp(se) | ir::Exp::Opaque(se) => {
                let elem = single()?;
                self.assign(elem.var, &elem.ty, *se)?;
            }
            ir::Exp::BinOp(op, a, b) => {
                let elem = single()?;
                let (x, y) = (self.se(*a)?, self.se(*b)?);
                self.guard_binop(*op, &elem.ty, &y, &loc);
                self.emit(Code::SetScalar(
                    elem.var,
                    Exp::BinOp(*op, Box::new(x), Box::new(y)),
                ));
            }
            ir::Exp::Cmp(op, a, b) => {
                let elem = single()?;
                let e = Exp::Cmp(*op, Box::new(self.se(*a)?), Box::new(self.se(*b)?));
                self.emit(Code::SetScalar(elem.var, e));
            }
            ir::Exp::UnOp(op, a) => {
                let elem = single()?;
                let e = Exp::UnOp(*op, Box::new(self.se(*a)?));
                self.emit(Code::SetScalar(elem.var, e));
            }
            ir::Exp::Convert(to, a) => {
                let elem = single()?;
                let e = Exp::Convert(*to, Box::new(self.se(*a)?));
                self.emit(Code::SetScalar(elem.var, e));
            }
            ir::Exp::PrimFn(f, args) => {
                let elem = single()?;
                let args = args.iter().map(|&a| self.se(a)).collect::<Result<_>>()?;
                self.emit(Code::SetScalar(elem.var, Exp::PrimFn(*f, args)));
            }
            ir::Exp::Call { func, args } => {
                let mut imp_args = Vec::new();
                for &arg in args {
                    match self.type_of(arg)? {
                        Type::Prim(_) => imp_args.push(Arg::Scalar(self.se(arg)?)),
                        Type::Mem(_) => match arg {
                            SubExp::Var(v) => imp_args.push(Arg::Mem(self.block_var(v))),
                            SubExp::Const(_) => return Err(internal("a constant block")),
                        },
                        Type::Array { .. } => {}
                    }
                }
                let results = pat
                    .iter()
                    .filter(|e| e.ty.rank() == 0)
                    .map(|e| e.var)
                    .collect();
                self.emit(Code::Call {
                    results,
                    func: *func,
                    args: imp_args,
                    loc,
                });
            }
            ir::Exp::If {
                condition,
                then_body,
                else_body,
                ..
            } => {
                let condition = self.se(*condition)?;
                let then_code = self.body_into(then_body, pat)?;
                let else_code = self.body_into(else_body, pat)?;
                self.emit(Code::If {
                    condition,
                    then_code: Box::new(then_code),
                    else_code: Box::new(else_code),
                });
            }
            ir::Exp::Loop { params, form, body } => self.loop_(pat, params, form, body)?,
            ir::Exp::Index { array, slice } => {
                let source = self.array(*array)?;
                self.check_slice(&source, slice, &loc)?;
                let elem = single()?;
                if elem.ty.rank() == 0 {
                    let index = self.element_index(&source.loc, slice)?;
                    self.emit(Code::SetScalar(
                        elem.var,
                        Exp::Read {
                            block: source.loc.block,
                            index: Box::new(index),
                            element: source.element,
                        },
                    ));
                }
            }
            ir::Exp::Update {
                array,
                slice,
                value,
            } => {
                let dest = self.array(*array)?;
                self.check_slice(&dest, slice, &loc)?;
                match self.type_of(*value)? {
                    Type::Array { .. } => {
                        let source = self
                            .array(value.as_var().ok_or_else(|| internal("a constant array"))?)?;
                        let dest_loc = self.slice_loc(&dest.loc, slice)?;
                        self.emit(Code::Copy {
                            element: source.element,
                            shape: source.shape.clone(),
                            dest: dest_loc,
                            source: source.loc,
                        });
                    }
                    _ => {
                        let index = self.element_index(&dest.loc, slice)?;
                        let value = self.se(*value)?;
                        self.emit(Code::Write {
                            block: dest.loc.block,
                            index,
                            element: dest.element,
                            value,
                        });
                    }
                }
            }
            ir::Exp::ArrayLit { elements, .. } => {
                let dest = self.array(single()?.var)?;
                for (k, &element) in elements.iter().enumerate() {
                    let row = slice_fix(&dest.loc, Exp::i64(k as i64));
                    self.put(&dest, row, element)?;
                }
            }
            ir::Exp::Iota {
                len,
                start,
                step,
                ty,
            } => {
                let len = self.se(*len)?;
                self.check_length(std::slice::from_ref(&len), &loc);
                let dest = self.array(single()?.var)?;
                let (start, step, ty) = (self.se(*start)?, self.se(*step)?, *ty);
                R::fill(self, std::slice::from_ref(&len), &mut |tr, indices| {
                    let value = Exp::BinOp(
                        BinOp::Add,
                        Box::new(start.clone()),
                        Box::new(Exp::BinOp(
                            BinOp::Mul,
                            Box::new(Exp::Convert(ty, Box::new(indices[0].clone()))),
                            Box::new(step.clone()),
                        )),
                    );
                    tr.emit(Code::Write {
                        block: dest.loc.block,
                        index: element_at(&dest.loc, indices),
                        element: ty,
                        value,
                    });
                    Ok(())
                })?;
            }
            ir::Exp::Replicate { shape, value } => {
                let dims: Vec<Exp> = shape.iter().map(|&d| self.se(d)).collect::<Result<_>>()?;
                self.check_length(&dims, &loc);
                let dest = self.array(single()?.var)?;
                let value = *value;
                R::fill(self, &dims, &mut |tr, indices| {
                    let mut place = dest.loc.clone();
                    for index in indices {
                        place = slice_fix(&place, index.clone());
                    }
                    tr.put(&dest, place, value)
                })?;
            }
            // Memory only: the program writes each element before
            // reading it.
            ir::Exp::Scratch { shape, .. } => {
                let dims: Vec<Exp> = shape.iter().map(|&d| self.se(d)).collect::<Result<_>>()?;
                self.check_length(&dims, &loc);
            }
            ir::Exp::Rearrange { .. } => {}
            ir::Exp::Reshape { shape, array } => {
                let source = self.array(*array)?;
                let dims: Vec<Exp> = shape.iter().map(|&d| self.se(d)).collect::<Result<_>>()?;
                self.check_reshape(&source.shape, &dims, &loc);
            }
            ir::Exp::Concat { arrays, .. } => {
                let dest = self.array(single()?.var)?;
                let mut offset = Exp::i64(0);
                for &part in arrays {
                    let source = self.array(part)?;
                    let outer = source.shape.first().cloned().unwrap_or(Exp::i64(0));
                    let outer_stride = dest.loc.strides.first().cloned().unwrap_or(Exp::i64(0));
                    let mut place = dest.loc.clone();
                    place.offset =
                        Exp::i64_add(place.offset, Exp::i64_mul(offset.clone(), outer_stride));
                    self.emit(Code::Copy {
                        element: source.element,
                        shape: source.shape.clone(),
                        dest: place,
                        source: source.loc,
                    });
                    offset = Exp::i64_add(offset, outer);
                }
            }
            ir::Exp::Copy(array) => {
                let source = self.array(*array)?;
                let dest = self.array(single()?.var)?;
                self.emit(Code::Copy {
                    element: source.element,
                    shape: source.shape,
                    dest: dest.loc,
                    source: source.loc,
                });
            }
            ir::Exp::Assert { condition, message } => {
                let condition = self.se(*condition)?;
                let message = message
                    .iter()
                    .map(|part| {
                        Ok(match part {
                            ir::ErrorPart::Text(t) => ErrorPart::Text(t.clone()),
                            ir::ErrorPart::Value(se) => ErrorPart::Value(self.se(*se)?),
                        })
                    })
                    .collect::<Result<_>>()?;
                self.emit(Code::Assert {
                    condition,
                    message,
                    loc,
                });
            }
            ir::Exp::Op(op) => R::translate_op(self, pat, op)?,
        }
        Ok(())
    }

    /// Writes `value` (a scalar, or an array of the place's shape) at a
    /// place in `dest`'s block.
    pub(super) fn put(&mut self, dest: &Array, place: MemLoc, value: SubExp) -> Result<()> {
        match self.type_of(value)? {
            Type::Array { .. } => {
                let source =
                    self.array(value.as_var().ok_or_else(|| internal("a constant array"))?)?;
                self.emit(Code::Copy {
                    element: source.element,
                    shape: source.shape,
                    dest: place,
                    source: source.loc,
                });
            }
            _ => {
                let value = self.se(value)?;
                self.emit(Code::Write {
                    block: place.block,
                    index: place.offset,
                    element: dest.element,
                    value,
                });
            }
        }
        Ok(())
    }

    /// Loops over every index of `dims`, emitting what `body` makes of
    /// the indices in the innermost loop.
    pub(super) fn nest(
        &mut self,
        dims: &[Exp],
        body: &mut dyn FnMut(&mut Self, &[Exp]) -> Result<()>,
    ) -> Result<()> {
        let vars: Vec<Var> = dims.iter().map(|_| self.new_var("i")).collect();
        let indices: Vec<Exp> = vars.iter().map(|&v| Exp::Var(v, PrimType::I64)).collect();
        let mut code = self.block(|tr| body(tr, &indices))?;
        for (var, bound) in vars.into_iter().zip(dims).rev() {
            code = Code::For {
                var,
                bound: bound.clone(),
                body: Box::new(code),
            };
        }
        self.emit(code);
        Ok(())
    }

    /// The index (in the block) of the element a slice of fixed indices
    /// picks.
    fn element_index(&self, loc: &MemLoc, slice: &[DimIndex]) -> Result<Exp> {
        let mut index = loc.offset.clone();
        for (d, stride) in slice.iter().zip(&loc.strides) {
            match *d {
                DimIndex::Fix(i) => {
                    index = Exp::i64_add(index, Exp::i64_mul(self.se(i)?, stride.clone()))
                }
                DimIndex::Slice { .. } => {
                    return Err(internal("a slice where an element was expected"));
                }
            }
        }
        Ok(index)
    }

    /// Where the part of an array a slice picks is.
    fn slice_loc(&self, loc: &MemLoc, slice: &[DimIndex]) -> Result<MemLoc> {
        let mut offset = loc.offset.clone();
        let mut strides = Vec::new();
        for (d, stride) in slice.iter().zip(&loc.strides) {
            match *d {
                DimIndex::Fix(i) => {
                    offset = Exp::i64_add(offset, Exp::i64_mul(self.se(i)?, stride.clone()))
                }
                DimIndex::Slice {
                    start,
                    stride: step,
                    ..
                } => {
                    offset = Exp::i64_add(offset, Exp::i64_mul(self.se(start)?, stride.clone()));
                    strides.push(Exp::i64_mul(stride.clone(), self.se(step)?));
                }
            }
        }
        strides.extend(loc.strides.iter().skip(slice.len()).cloned());
        Ok(MemLoc {
            block: loc.block,
            offset,
            strides,
        })
    }

    /// Asserts that a slice is within an array's bounds, with the
    /// interpreter's message.
    fn check_slice(
        &mut self,
        array: &Array,
        slice: &[DimIndex],
        loc: &Option<ir::Loc>,
    ) -> Result<()> {
        let mut ok = Exp::bool(true);
        let mut parts = vec![ErrorPart::Text("Index [".into())];
        for (k, (d, extent)) in slice.iter().zip(&array.shape).enumerate() {
            if k > 0 {
                parts.push(ErrorPart::Text(", ".into()));
            }
            let within = match *d {
                DimIndex::Fix(i) => {
                    let counted = self.counted_within(i, extent)?;
                    let i = self.se(i)?;
                    parts.push(ErrorPart::Value(i.clone()));
                    if counted {
                        Exp::bool(true)
                    } else {
                        in_range(i, extent.clone())
                    }
                }
                DimIndex::Slice { start, len, stride } => {
                    let (start, len, stride) = (self.se(start)?, self.se(len)?, self.se(stride)?);
                    parts.push(ErrorPart::Range {
                        start: start.clone(),
                        len: len.clone(),
                        stride: stride.clone(),
                    });
                    let last = Exp::i64_add(
                        start.clone(),
                        Exp::i64_mul(Exp::i64_sub(len.clone(), Exp::i64(1)), stride.clone()),
                    );
                    let valid = and(
                        cmp(CmpOp::Le, Exp::i64(0), len.clone()),
                        not(cmp(CmpOp::Eq, stride, Exp::i64(0))),
                    );
                    let empty = cmp(CmpOp::Eq, len, Exp::i64(0));
                    let inside = and(
                        in_range(start, extent.clone()),
                        in_range(last, extent.clone()),
                    );
                    and(valid, or(empty, inside))
                }
            };
            ok = and(ok, within);
        }
        if matches!(ok, Exp::Const(PrimValue::Bool(true))) {
            return Ok(());
        }
        parts.push(ErrorPart::Text(
            "] out of bounds for array of shape ".into(),
        ));
        parts.extend(shape_parts(&array.shape));
        parts.push(ErrorPart::Text(".".into()));
        self.emit(Code::Assert {
            condition: ok,
            message: parts,
            loc: loc.clone(),
        });
        Ok(())
    }

    /// Asserts that no dimension is negative.
    fn check_length(&mut self, dims: &[Exp], loc: &Option<ir::Loc>) {
        for d in dims {
            if d.is_const() {
                continue;
            }
            self.emit(Code::Assert {
                condition: cmp(CmpOp::Le, Exp::i64(0), d.clone()),
                message: vec![
                    ErrorPart::Text("Cannot construct an array of negative length ".into()),
                    ErrorPart::Value(d.clone()),
                    ErrorPart::Text(".".into()),
                ],
                loc: loc.clone(),
            });
        }
    }

    /// Asserts that a reshape keeps the number of elements.
    fn check_reshape(&mut self, from: &[Exp], to: &[Exp], loc: &Option<ir::Loc>) {
        let count = |dims: &[Exp]| dims.iter().cloned().fold(Exp::i64(1), Exp::i64_mul);
        let mut ok = cmp(CmpOp::Eq, count(from), count(to));
        for d in to {
            ok = and(ok, cmp(CmpOp::Le, Exp::i64(0), d.clone()));
        }
        if matches!(ok, Exp::Const(PrimValue::Bool(true))) {
            return;
        }
        let mut message = vec![ErrorPart::Text("Cannot reshape array of shape ".into())];
        message.extend(shape_parts(from));
        message.push(ErrorPart::Text(" to shape ".into()));
        message.extend(shape_parts(to));
        message.push(ErrorPart::Text(".".into()));
        self.emit(Code::Assert {
            condition: ok,
            message,
            loc: loc.clone(),
        });
    }

    /// Asserts what a binary operator needs of its operands: a nonzero
    /// divisor for integer division, a non-negative exponent for signed
    /// integer powers.
    fn guard_binop(&mut self, op: BinOp, ty: &Type, y: &Exp, loc: &Option<ir::Loc>) {
        let Type::Prim(t) = *ty else { return };
        if !t.is_integer() {
            return;
        }
        let (condition, message) = match op {
            BinOp::Div | BinOp::Mod | BinOp::Quot | BinOp::Rem => (
                not(cmp(CmpOp::Eq, y.clone(), Exp::Const(PrimValue::zero(t)))),
                "division by zero",
            ),
            BinOp::Pow if is_signed(t) => (
                cmp(CmpOp::Le, Exp::Const(PrimValue::zero(t)), y.clone()),
                "negative exponent",
            ),
            _ => return,
        };
        if let Exp::Const(PrimValue::Bool(true)) = fold_bool(&condition) {
            return;
        }
        self.emit(Code::Assert {
            condition,
            message: vec![ErrorPart::Text(message.into())],
            loc: loc.clone(),
        });
    }

    fn loop_(
        &mut self,
        pat: &[PatElem],
        params: &[(ir::Param, SubExp)],
        form: &LoopForm,
        body: &Body<R>,
    ) -> Result<()> {
        for ((param, init), &result) in params.iter().zip(&body.result) {
            if let (Type::Mem(_), SubExp::Var(init), SubExp::Var(result)) =
                (&param.ty, init, result)
                && outer_block(&body.stms, result) == param.var
            {
                let block = self.block_var(*init);
                self.same_blocks.insert(param.var, block);
                continue;
            }
            match &param.ty {
                Type::Prim(t) => self.emit(Code::DeclareScalar(param.var, *t)),
                Type::Mem(space) => self.emit(Code::DeclareMem(param.var, *space)),
                Type::Array { .. } => {}
            }
            self.assign(param.var, &param.ty, *init)?;
        }
        for (param, _) in params {
            if param.ty.rank() > 0 {
                self.record_array(param.var, &param.ty, param.mem.as_ref())?;
            }
        }
        if let LoopForm::For { var, bound } = form {
            self.count(*var, *bound);
        }
        // The body's results become the parameters' values at once:
        // through temporaries, as one may be computed from another.
        let code = self.block(|tr| {
            tr.stms(&body.stms)?;
            let mut moves = Vec::new();
            for ((param, _), &value) in params.iter().zip(&body.result) {
                if value == SubExp::Var(param.var) || tr.same_blocks.contains_key(&param.var) {
                    continue;
                }
                match &param.ty {
                    Type::Prim(t) => {
                        let temp = tr.new_var("next");
                        tr.emit(Code::DeclareScalar(temp, *t));
                        tr.assign(temp, &param.ty, value)?;
                        moves.push(Code::SetScalar(param.var, Exp::Var(temp, *t)));
                    }
                    Type::Mem(space) => {
                        let temp = tr.new_var("next_mem");
                        tr.emit(Code::DeclareMem(temp, *space));
                        tr.assign(temp, &param.ty, value)?;
                        moves.push(Code::SetMem {
                            dest: param.var,
                            source: temp,
                        });
                    }
                    Type::Array { .. } => {}
                }
            }
            for code in moves {
                tr.emit(code);
            }
            Ok(())
        })?;
        match form {
            LoopForm::For { var, bound } => {
                let bound = self.se(*bound)?;
                self.emit(Code::For {
                    var: *var,
                    bound,
                    body: Box::new(code),
                });
            }
            LoopForm::While { condition } => self.emit(Code::While {
                condition: Exp::Var(*condition, PrimType::Bool),
                body: Box::new(code),
            }),
        }
        for (elem, (param, _)) in pat.iter().zip(params) {
            self.assign(elem.var, &elem.ty, SubExp::Var(param.var))?;
        }
        Ok(())
    }

    fn alloc(&mut self, pat: &[PatElem], size: SubExp, space: Space) -> Result<()> {
        let [elem] = pat else {
            return Err(internal("an allocation binding several variables"));
        };
        let bytes = self.se(size)?;
        self.emit(Code::Allocate {
            mem: elem.var,
            bytes,
            space,
        });
        Ok(())
    }
}

impl Translator<McMem> {
    /// A segmented operation: its results' blocks are allocated (by the
    /// statements before it); chunks of its space run in parallel.
    fn seg_op(&mut self, pat: &[PatElem], op: &SegOp<McMem>) -> Result<()> {
        super::mc_translate::seg_op(self, pat, op)
    }
}

/// The place of row `i` of an array's place.
/// The block bound before `stm` that its block result `k` always is:
/// the block a copy names, the one both branches of an `if` give, or the
/// initial block of a loop parameter that every iteration gives back.
fn same_block<R: Rep>(stm: &Stm<R>, k: usize) -> Option<Var> {
    if !matches!(stm.pat.get(k)?.ty, Type::Mem(_)) {
        return None;
    }
    match &stm.exp {
        ir::Exp::SubExp(SubExp::Var(block)) => Some(*block),
        ir::Exp::If {
            then_body,
            else_body,
            ..
        } => {
            let (SubExp::Var(a), SubExp::Var(b)) =
                (*then_body.result.get(k)?, *else_body.result.get(k)?)
            else {
                return None;
            };
            let block = outer_block(&then_body.stms, a);
            (block == outer_block(&else_body.stms, b)).then_some(block)
        }
        ir::Exp::Loop { params, body, .. } => {
            let (param, SubExp::Var(init)) = params.get(k)? else {
                return None;
            };
            let SubExp::Var(result) = *body.result.get(k)? else {
                return None;
            };
            (outer_block(&body.stms, result) == param.var).then_some(*init)
        }
        _ => None,
    }
}

/// The block variable that block `var` always is, followed through the
/// statements of `stms` that bind it ([`same_block`]).
fn outer_block<R: Rep>(stms: &[Stm<R>], var: Var) -> Var {
    let bound = stms
        .iter()
        .find_map(|stm| Some((stm, stm.pat.iter().position(|e| e.var == var)?)));
    match bound.and_then(|(stm, k)| same_block(stm, k)) {
        Some(block) => outer_block(stms, block),
        None => var,
    }
}

pub(super) fn slice_fix(loc: &MemLoc, i: Exp) -> MemLoc {
    let mut strides = loc.strides.clone();
    let outer = if strides.is_empty() {
        Exp::i64(0)
    } else {
        strides.remove(0)
    };
    MemLoc {
        block: loc.block,
        offset: Exp::i64_add(loc.offset.clone(), Exp::i64_mul(i, outer)),
        strides,
    }
}

/// The index in the block of the element at `indices`.
pub(super) fn element_at(loc: &MemLoc, indices: &[Exp]) -> Exp {
    indices
        .iter()
        .zip(&loc.strides)
        .fold(loc.offset.clone(), |acc, (i, s)| {
            Exp::i64_add(acc, Exp::i64_mul(i.clone(), s.clone()))
        })
}

fn shape_parts(shape: &[Exp]) -> Vec<ErrorPart> {
    let mut parts = Vec::new();
    for d in shape {
        parts.push(ErrorPart::Text("[".into()));
        parts.push(ErrorPart::Value(d.clone()));
        parts.push(ErrorPart::Text("]".into()));
    }
    parts
}

fn is_signed(t: PrimType) -> bool {
    matches!(
        t,
        PrimType::I8 | PrimType::I16 | PrimType::I32 | PrimType::I64
    )
}

pub(super) fn cmp(op: CmpOp, a: Exp, b: Exp) -> Exp {
    fold_bool(&Exp::Cmp(op, Box::new(a), Box::new(b)))
}

pub(super) fn and(a: Exp, b: Exp) -> Exp {
    match (&a, &b) {
        (Exp::Const(PrimValue::Bool(true)), _) => b,
        (_, Exp::Const(PrimValue::Bool(true))) => a,
        _ => Exp::BinOp(BinOp::And, Box::new(a), Box::new(b)),
    }
}

fn or(a: Exp, b: Exp) -> Exp {
    match (&a, &b) {
        (Exp::Const(PrimValue::Bool(true)), _) | (_, Exp::Const(PrimValue::Bool(true))) => {
            Exp::bool(true)
        }
        (Exp::Const(PrimValue::Bool(false)), _) => b,
        (_, Exp::Const(PrimValue::Bool(false))) => a,
        _ => Exp::BinOp(BinOp::Or, Box::new(a), Box::new(b)),
    }
}

fn not(a: Exp) -> Exp {
    match a {
        Exp::Const(PrimValue::Bool(v)) => Exp::bool(!v),
        a => Exp::UnOp(UnOp::Not, Box::new(a)),
    }
}

/// `0 <= i < n` on `i64`s.
pub(super) fn in_range(i: Exp, n: Exp) -> Exp {
    and(cmp(CmpOp::Le, Exp::i64(0), i.clone()), cmp(CmpOp::Lt, i, n))
}

/// A comparison of constants, evaluated.
fn fold_bool(e: &Exp) -> Exp {
    if let Exp::Cmp(op, a, b) = e
        && let (Exp::Const(x), Exp::Const(y)) = (a.as_ref(), b.as_ref())
    {
        return Exp::bool(prim::eval_cmp(*op, *x, *y));
    }
    e.clone()
}
