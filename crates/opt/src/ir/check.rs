//! The core IR's type checker. It guarantees that every variable is bound
//! once and used only in its scope, that every operand has the type its
//! operation expects (element type and shape: dimensions that must agree
//! are the same operand), that types name only variables in scope (the
//! results of a lambda none of the lambda's own), and that functions,
//! lambdas, loops and branches return what they declare. Uniqueness is
//! checked on the source program, not here.
//!
//! [`result_types`] is the typing rule of a single expression without its
//! nested bodies: the builder uses it to type what it binds, the checker
//! uses it and then checks the nested bodies.

use super::mem::Lmad;
use super::rep::NestedCheck;
use super::{
    Body, DimIndex, Exp, ExtDim, ExtType, FuncId, Lambda, LoopForm, MemBind, Operation, Param,
    PatElem, Program, Rep, Soac, Stm, SubExp, Type, Var,
};
use prim::{BinOp, FloatFn, PrimFn, PrimType, UnOp};
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt;

/// A type error in the IR: always a compiler bug.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeError {
    pub function: String,
    pub message: String,
}

impl fmt::Display for TypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "internal error: ill-typed core IR in `{}`: {}",
            self.function, self.message
        )
    }
}

impl std::error::Error for TypeError {}

/// What typing needs to know about its surroundings.
pub trait TypeContext {
    /// The type of a variable in scope, or `None` if it is unbound.
    fn var_type(&self, var: Var) -> Option<Type>;
    /// A function's parameters and result types.
    fn signature(&self, func: FuncId) -> Option<(Vec<Param>, Vec<ExtType>)>;
}

pub(crate) fn subexp_type(ctx: &dyn TypeContext, se: SubExp) -> Result<Type, String> {
    match se {
        SubExp::Const(value) => Ok(Type::Prim(value.prim_type())),
        SubExp::Var(var) => ctx
            .var_type(var)
            .ok_or_else(|| format!("variable {} is not in scope", var.0)),
    }
}

fn mismatch(what: &str, expected: &dyn fmt::Debug, actual: &dyn fmt::Debug) -> String {
    format!("{what}: expected {expected:?}, found {actual:?}")
}

fn expect(ctx: &dyn TypeContext, se: SubExp, ty: &Type, what: &str) -> Result<(), String> {
    let actual = subexp_type(ctx, se)?;
    if actual == *ty {
        Ok(())
    } else {
        Err(mismatch(what, ty, &actual))
    }
}

fn prim_operand(ctx: &dyn TypeContext, se: SubExp, what: &str) -> Result<PrimType, String> {
    match subexp_type(ctx, se)? {
        Type::Prim(prim) => Ok(prim),
        other => Err(format!("{what}: expected a scalar, found {other:?}")),
    }
}

fn array_operand(ctx: &dyn TypeContext, var: Var, what: &str) -> Result<Type, String> {
    match subexp_type(ctx, SubExp::Var(var))? {
        ty @ Type::Array { .. } => Ok(ty),
        other => Err(format!("{what}: expected an array, found {other:?}")),
    }
}

/// The type of `array` indexed by `slice`: sliced dimensions have the
/// slices' lengths, fixed ones are gone.
fn check_slice(ctx: &dyn TypeContext, array: &Type, slice: &[DimIndex]) -> Result<Type, String> {
    if slice.len() > array.rank() {
        return Err(format!(
            "{} indices for an array of rank {}",
            slice.len(),
            array.rank()
        ));
    }
    for index in slice {
        for part in index.operands() {
            expect(ctx, part, &Type::i64(), "index")?;
        }
    }
    Ok(array.sliced(slice))
}

fn binop_accepts(op: BinOp, ty: PrimType) -> bool {
    match op {
        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Mod | BinOp::Pow => {
            ty != PrimType::Bool
        }
        BinOp::Min | BinOp::Max => ty != PrimType::Bool,
        BinOp::Quot | BinOp::Rem | BinOp::Shl | BinOp::Shr | BinOp::LShr => ty.is_integer(),
        BinOp::And | BinOp::Or | BinOp::Xor => ty.is_integer() || ty == PrimType::Bool,
    }
}

fn unsigned_of_width(float: PrimType) -> Option<PrimType> {
    match float {
        PrimType::F16 => Some(PrimType::U16),
        PrimType::F32 => Some(PrimType::U32),
        PrimType::F64 => Some(PrimType::U64),
        _ => None,
    }
}

fn prim_fn_signature(f: PrimFn) -> Result<(Vec<PrimType>, PrimType), String> {
    Ok(match f {
        PrimFn::Float(function, ty) => {
            if !matches!(ty, PrimType::F32 | PrimType::F64) {
                return Err(format!("{} on {}", function.name(), ty.name()));
            }
            let params = match function {
                FloatFn::Ldexp => vec![ty, PrimType::I32],
                _ => vec![ty; function.arity()],
            };
            (params, ty)
        }
        PrimFn::ToBits(ty) => {
            let bits = unsigned_of_width(ty).ok_or("to_bits on a non-float")?;
            (vec![ty], bits)
        }
        PrimFn::FromBits(ty) => {
            let bits = unsigned_of_width(ty).ok_or("from_bits to a non-float")?;
            (vec![bits], ty)
        }
        PrimFn::Popc(ty) | PrimFn::Clz(ty) | PrimFn::Ctz(ty) => {
            if !ty.is_integer() {
                return Err("a bit count of a non-integer".into());
            }
            (vec![ty], PrimType::I32)
        }
        PrimFn::Tuning(_) => (vec![PrimType::I64], PrimType::I64),
        PrimFn::MulHi(ty) => {
            if !matches!(ty, PrimType::I64 | PrimType::U64) {
                return Err("mul_hi of a type other than i64 or u64".into());
            }
            (vec![ty, ty], ty)
        }
    })
}

fn expect_types(actual: &[Type], expected: &[Type], what: &str) -> Result<(), String> {
    if actual == expected {
        Ok(())
    } else {
        Err(mismatch(what, &expected, &actual))
    }
}

fn lambda_params<R: Rep>(lambda: &Lambda<R>) -> Vec<Type> {
    lambda.params.iter().map(|p| p.ty.clone()).collect()
}

/// The types of the rows of `arrays`, each of which must have `width`
/// rows.
fn row_types(
    ctx: &dyn TypeContext,
    arrays: &[Var],
    width: SubExp,
    what: &str,
) -> Result<Vec<Type>, String> {
    arrays
        .iter()
        .map(|&array| {
            let ty = array_operand(ctx, array, what)?;
            if ty.shape()[0] != width {
                return Err(format!(
                    "{what}: an array of outer size {:?} where {width:?} was expected",
                    ty.shape()[0]
                ));
            }
            Ok(ty.row().expect("an array has rows"))
        })
        .collect()
}

/// An associative operator on `n` components: `2n` parameters of the
/// given types, `n` results of the same types.
fn check_operator<R: Rep>(
    lambda: &Lambda<R>,
    components: &[Type],
    what: &str,
) -> Result<(), String> {
    let doubled: Vec<Type> = components.iter().chain(components).cloned().collect();
    expect_types(&lambda_params(lambda), &doubled, what)?;
    expect_types(&lambda.ret, components, what)
}

fn subexp_types(ctx: &dyn TypeContext, ses: &[SubExp]) -> Result<Vec<Type>, String> {
    ses.iter().map(|&se| subexp_type(ctx, se)).collect()
}

/// The type with the variables of `subst` replaced.
pub fn substitute(ty: &Type, subst: &FxHashMap<Var, SubExp>) -> Type {
    ty.map_dims(|&d| match d {
        SubExp::Var(v) => subst.get(&v).copied().unwrap_or(d),
        SubExp::Const(_) => d,
    })
}

fn free(types: Vec<Type>) -> Vec<ExtType> {
    types.iter().map(Type::ext).collect()
}

/// The types an expression binds, checking its operands (but not its
/// nested bodies and lambdas beyond their declared types). A result's
/// existential dimension `Ext(i)` is the value of result `i`.
pub fn result_types<R: Rep>(ctx: &dyn TypeContext, exp: &Exp<R>) -> Result<Vec<ExtType>, String> {
    Ok(match exp {
        Exp::SubExp(se) | Exp::Opaque(se) => vec![subexp_type(ctx, *se)?.ext()],
        Exp::BinOp(op, a, b) => {
            let ty = prim_operand(ctx, *a, "operand")?;
            expect(ctx, *b, &Type::Prim(ty), "second operand")?;
            if !binop_accepts(*op, ty) {
                return Err(format!("{op:?} on {}", ty.name()));
            }
            vec![ExtType::Prim(ty)]
        }
        Exp::Cmp(_, a, b) => {
            let ty = prim_operand(ctx, *a, "comparison operand")?;
            expect(ctx, *b, &Type::Prim(ty), "second comparison operand")?;
            vec![ExtType::Prim(PrimType::Bool)]
        }
        Exp::UnOp(op, a) => {
            let ty = prim_operand(ctx, *a, "operand")?;
            let ok = match op {
                UnOp::Neg => ty != PrimType::Bool,
                UnOp::Not => ty == PrimType::Bool,
                UnOp::Complement => ty.is_integer(),
            };
            if !ok {
                return Err(format!("{op:?} on {}", ty.name()));
            }
            vec![ExtType::Prim(ty)]
        }
        Exp::Convert(to, a) => {
            prim_operand(ctx, *a, "conversion operand")?;
            vec![ExtType::Prim(*to)]
        }
        Exp::PrimFn(f, args) => {
            let (params, result) = prim_fn_signature(*f)?;
            if params.len() != args.len() {
                return Err(format!("{f:?} applied to {} arguments", args.len()));
            }
            for (&arg, param) in args.iter().zip(params) {
                expect(ctx, arg, &Type::Prim(param), "argument")?;
            }
            vec![ExtType::Prim(result)]
        }
        Exp::Call { func, args } => {
            let (params, ret) = ctx
                .signature(*func)
                .ok_or_else(|| format!("call of unknown function {}", func.0))?;
            if params.len() != args.len() {
                return Err(format!(
                    "call of a function of {} parameters with {} arguments",
                    params.len(),
                    args.len()
                ));
            }
            let subst: FxHashMap<Var, SubExp> = params
                .iter()
                .map(|p| p.var)
                .zip(args.iter().copied())
                .collect();
            for (param, &arg) in params.iter().zip(args) {
                expect(ctx, arg, &substitute(&param.ty, &subst), "call argument")?;
            }
            ret.iter()
                .map(|t| {
                    t.map_dims(|&d| match d {
                        ExtDim::Free(SubExp::Var(v)) => {
                            ExtDim::Free(subst.get(&v).copied().unwrap_or(SubExp::Var(v)))
                        }
                        other => other,
                    })
                })
                .collect()
        }
        Exp::If { condition, ret, .. } => {
            expect(ctx, *condition, &Type::bool(), "condition")?;
            ret.clone()
        }
        Exp::Loop { params, form, .. } => {
            let mut subst = FxHashMap::default();
            for (param, init) in params {
                expect(
                    ctx,
                    *init,
                    &substitute(&param.ty, &subst),
                    "loop initial value",
                )?;
                subst.insert(param.var, *init);
            }
            match form {
                LoopForm::For { bound, .. } => {
                    let ty = prim_operand(ctx, *bound, "loop bound")?;
                    if !ty.is_integer() {
                        return Err(format!("loop bound of type {}", ty.name()));
                    }
                }
                LoopForm::While { condition } => {
                    let param = params
                        .iter()
                        .find(|(p, _)| p.var == *condition)
                        .ok_or("while condition is not a loop parameter")?;
                    if param.0.ty != Type::bool() {
                        return Err("while condition is not a bool".into());
                    }
                }
            }
            let position: FxHashMap<Var, usize> = params
                .iter()
                .enumerate()
                .map(|(i, (p, _))| (p.var, i))
                .collect();
            params
                .iter()
                .map(|(p, _)| {
                    p.ty.map_dims(|&d| match d {
                        SubExp::Var(v) if position.contains_key(&v) => ExtDim::Ext(position[&v]),
                        _ => ExtDim::Free(d),
                    })
                })
                .collect()
        }
        Exp::Index { array, slice } => {
            let ty = array_operand(ctx, *array, "indexed value")?;
            vec![check_slice(ctx, &ty, slice)?.ext()]
        }
        Exp::Update {
            array,
            slice,
            value,
        } => {
            let ty = array_operand(ctx, *array, "updated value")?;
            let target = check_slice(ctx, &ty, slice)?;
            expect(ctx, *value, &target, "update value")?;
            vec![ty.ext()]
        }
        Exp::ArrayLit { elements, row } => {
            for &element in elements {
                expect(ctx, element, row, "array element")?;
            }
            vec![row.array_of(SubExp::i64(elements.len() as i64)).ext()]
        }
        Exp::Iota {
            len,
            start,
            step,
            ty,
        } => {
            expect(ctx, *len, &Type::i64(), "iota length")?;
            if !ty.is_integer() {
                return Err(format!("iota of {}", ty.name()));
            }
            expect(ctx, *start, &Type::Prim(*ty), "iota start")?;
            expect(ctx, *step, &Type::Prim(*ty), "iota step")?;
            vec![Type::with_shape(*ty, vec![*len]).ext()]
        }
        Exp::Replicate { shape, value } => {
            for &dim in shape {
                expect(ctx, dim, &Type::i64(), "replicate size")?;
            }
            let ty = subexp_type(ctx, *value)?;
            let mut full = shape.clone();
            full.extend_from_slice(ty.shape());
            vec![Type::with_shape(ty.element(), full).ext()]
        }
        Exp::Scratch { shape, element } => {
            for &dim in shape {
                expect(ctx, dim, &Type::i64(), "scratch size")?;
            }
            vec![Type::with_shape(*element, shape.clone()).ext()]
        }
        Exp::Rearrange { perm, array } => {
            let ty = array_operand(ctx, *array, "rearranged value")?;
            let mut sorted = perm.clone();
            sorted.sort_unstable();
            if sorted != (0..ty.rank()).collect::<Vec<_>>() {
                return Err(format!(
                    "{perm:?} is not a permutation of rank {}",
                    ty.rank()
                ));
            }
            let shape = perm.iter().map(|&i| ty.shape()[i]).collect();
            vec![Type::with_shape(ty.element(), shape).ext()]
        }
        Exp::Reshape { shape, array } => {
            let ty = array_operand(ctx, *array, "reshaped value")?;
            for &dim in shape {
                expect(ctx, dim, &Type::i64(), "reshape size")?;
            }
            if shape.is_empty() {
                return Err("reshape to rank 0".into());
            }
            vec![Type::with_shape(ty.element(), shape.clone()).ext()]
        }
        Exp::Concat { arrays, width } => {
            expect(ctx, *width, &Type::i64(), "concatenation width")?;
            let first = arrays.first().ok_or("concatenation of no arrays")?;
            let row = array_operand(ctx, *first, "concatenated value")?
                .row()
                .expect("an array has rows");
            for &array in &arrays[1..] {
                let ty = array_operand(ctx, array, "concatenated value")?;
                if ty.row().as_ref() != Some(&row) {
                    return Err(mismatch("concatenated array rows", &row, &ty.row()));
                }
            }
            vec![row.array_of(*width).ext()]
        }
        Exp::Copy(var) => vec![subexp_type(ctx, SubExp::Var(*var))?.ext()],
        Exp::Assert { condition, .. } => {
            expect(ctx, *condition, &Type::bool(), "assertion")?;
            Vec::new()
        }
        Exp::Op(op) => free(op.result_types(ctx)?),
    })
}

/// The types of a SOAC's results.
pub(crate) fn soac_types<R: Rep>(
    ctx: &dyn TypeContext,
    soac: &Soac<R>,
) -> Result<Vec<Type>, String> {
    match soac {
        Soac::Screma {
            width,
            arrays,
            map,
            scans,
            reduces,
            post,
        } => {
            expect(ctx, *width, &Type::i64(), "width")?;
            expect_types(
                &lambda_params(map),
                &row_types(ctx, arrays, *width, "mapped value")?,
                "map parameters",
            )?;
            let mut results = map.ret.iter().cloned();
            let mut scanned = Vec::new();
            for scan in scans {
                let components: Vec<Type> = results.by_ref().take(scan.neutral.len()).collect();
                expect_types(
                    &subexp_types(ctx, &scan.neutral)?,
                    &components,
                    "scan neutral",
                )?;
                check_operator(&scan.lambda, &components, "scan operator")?;
                scanned.extend(components);
            }
            let mut reduced = Vec::new();
            for reduce in reduces {
                let components: Vec<Type> = results.by_ref().take(reduce.neutral.len()).collect();
                expect_types(
                    &subexp_types(ctx, &reduce.neutral)?,
                    &components,
                    "reduce neutral",
                )?;
                check_operator(&reduce.lambda, &components, "reduce operator")?;
                reduced.extend(components);
            }
            let mapped: Vec<Type> = results.collect();
            let stacked = |types: &[Type]| -> Vec<Type> {
                types.iter().map(|t| t.array_of(*width)).collect()
            };
            Ok(match post {
                None => [stacked(&scanned), reduced, stacked(&mapped)].concat(),
                Some(post) => {
                    let inputs: Vec<Type> = scanned.into_iter().chain(mapped).collect();
                    expect_types(&lambda_params(post), &inputs, "post parameters")?;
                    [reduced, stacked(&post.ret)].concat()
                }
            })
        }
        Soac::Hist {
            width,
            arrays,
            ops,
            map,
        } => {
            expect(ctx, *width, &Type::i64(), "width")?;
            expect_types(
                &lambda_params(map),
                &row_types(ctx, arrays, *width, "histogram input")?,
                "histogram parameters",
            )?;
            let mut indices = vec![Type::i64(); ops.len()];
            let mut dest_types = Vec::new();
            for op in ops {
                let types: Vec<Type> = op
                    .dests
                    .iter()
                    .map(|&d| array_operand(ctx, d, "histogram"))
                    .collect::<Result<_, _>>()?;
                let rows: Vec<Type> = types.iter().filter_map(Type::row).collect();
                expect_types(&subexp_types(ctx, &op.neutral)?, &rows, "histogram neutral")?;
                check_operator(&op.op, &rows, "histogram operator")?;
                indices.extend(rows);
                dest_types.extend(types);
            }
            expect_types(&map.ret, &indices, "histogram indices and values")?;
            Ok(dest_types)
        }
        Soac::Scatter {
            width,
            arrays,
            dests,
            map,
        } => {
            expect(ctx, *width, &Type::i64(), "width")?;
            expect_types(
                &lambda_params(map),
                &row_types(ctx, arrays, *width, "scatter input")?,
                "scatter parameters",
            )?;
            let writes = super::soac::scatter_writes(dests);
            let written = map
                .ret
                .get(..2 * writes)
                .ok_or("a scatter's map gives fewer results than it writes")?;
            let (index_types, value_types) = written.split_at(writes);
            let mut indices = Vec::new();
            let mut values = Vec::new();
            let mut dest_types = Vec::new();
            let mut index_types = index_types.iter();
            for dest in dests {
                let ty = array_operand(ctx, dest.array, "scatter destination")?;
                let row = ty.row().expect("an array has rows");
                for index_ty in index_types.by_ref().take(dest.writes) {
                    // A block of writes: an array of indices, and as
                    // many values.
                    let (index, value) = match index_ty.shape() {
                        [block] => (Type::i64().array_of(*block), row.array_of(*block)),
                        _ => (Type::i64(), row.clone()),
                    };
                    indices.push(index);
                    values.push(value);
                }
                dest_types.push(ty);
            }
            expect_types(&written[..writes], &indices, "scatter indices")?;
            expect_types(value_types, &values, "scatter values")?;
            dest_types.extend(map.ret[2 * writes..].iter().map(|t| t.array_of(*width)));
            Ok(dest_types)
        }
        Soac::Accumulate {
            width,
            arrays,
            dests,
            map,
        } => {
            expect(ctx, *width, &Type::i64(), "width")?;
            let dest_types: Vec<Type> = dests
                .iter()
                .map(|&d| array_operand(ctx, d, "accumulation"))
                .collect::<Result<_, _>>()?;
            let mut params = dest_types.clone();
            params.extend(row_types(ctx, arrays, *width, "accumulation input")?);
            expect_types(&lambda_params(map), &params, "accumulation parameters")?;
            expect_types(&map.ret, &dest_types, "accumulation results")?;
            Ok(dest_types)
        }
        Soac::Stream {
            width,
            arrays,
            accumulators,
            fold,
            reduce,
            ..
        } => {
            expect(ctx, *width, &Type::i64(), "width")?;
            let accumulator_types = subexp_types(ctx, accumulators)?;
            let chunk = fold.params.first().ok_or("a stream without a chunk size")?;
            let chunk_size = SubExp::Var(chunk.var);
            let chunk_types: Vec<Type> = row_types(ctx, arrays, *width, "streamed value")?
                .iter()
                .map(|row| row.array_of(chunk_size))
                .collect();
            let mut params = vec![Type::i64()];
            params.extend(accumulator_types.iter().cloned());
            params.extend(chunk_types);
            expect_types(&lambda_params(fold), &params, "stream parameters")?;
            if fold.ret.len() < accumulator_types.len()
                || fold.ret[..accumulator_types.len()] != accumulator_types[..]
            {
                return Err("stream results do not start with its accumulators".into());
            }
            if let Some(reduce) = reduce {
                check_operator(reduce, &accumulator_types, "stream reduction")?;
            }
            let mut results = accumulator_types.clone();
            for mapped in &fold.ret[accumulator_types.len()..] {
                if mapped.shape().first() != Some(&chunk_size) {
                    return Err("a stream's mapped result is not an array of a chunk".into());
                }
                results.push(mapped.row().expect("an array").array_of(*width));
            }
            Ok(results)
        }
    }
}

/// Checks a whole program.
pub fn check_program<R: Rep>(program: &Program<R>) -> Result<(), TypeError> {
    for function in &program.functions {
        let mut checker = Checker {
            program,
            types: vec![None; program.var_names.len()],
            mems: vec![None; program.var_names.len()],
            bound: vec![false; program.var_names.len()],
            scopes: vec![Vec::new()],
        };
        checker.function(function).map_err(|message| TypeError {
            function: function.name.clone(),
            message,
        })?;
    }
    let mut names = FxHashSet::default();
    for function in &program.functions {
        if !names.insert(&function.name) {
            return Err(TypeError {
                function: function.name.clone(),
                message: "a second function of this name".into(),
            });
        }
    }
    for entry in &program.entry_points {
        let api = &entry.api;
        if api.param_names.len() != entry.params.len()
            || api.params_unique.len() != entry.params.len()
            || api.results_unique.len() != entry.results.len()
        {
            return Err(TypeError {
                function: entry.name.clone(),
                message: "entry point's names and uniqueness do not match its parameters".into(),
            });
        }
        let function = program.functions.get(entry.func.0 as usize);
        let components: usize = entry.params.iter().map(|p| p.components()).sum();
        let results: usize = entry.results.iter().map(|r| r.components()).sum();
        let ok = function.is_some_and(|f| {
            let values = f.ret.len() - super::trailing_blocks(f.ret.iter().map(|(t, _)| t));
            f.entry_size_sources(components).is_some()
                && values >= results
                && f.ret[..values - results]
                    .iter()
                    .all(|(t, _)| *t == ExtType::Prim(PrimType::I64))
        });
        if !ok {
            return Err(TypeError {
                function: entry.name.clone(),
                message: "entry point does not match its function".into(),
            });
        }
    }
    Ok(())
}

struct Checker<'p, R: Rep> {
    program: &'p Program<R>,
    /// The type of each variable in scope.
    types: Vec<Option<Type>>,
    /// Where each array in scope is, at the memory levels.
    mems: Vec<Option<MemBind>>,
    /// Whether each variable has been bound (variables are bound once).
    bound: Vec<bool>,
    /// The variables bound in each enclosing scope.
    scopes: Vec<Vec<Var>>,
}

impl<R: Rep> TypeContext for Checker<'_, R> {
    fn var_type(&self, var: Var) -> Option<Type> {
        self.types.get(var.0 as usize).cloned().flatten()
    }

    fn signature(&self, func: FuncId) -> Option<(Vec<Param>, Vec<ExtType>)> {
        let f = self.program.functions.get(func.0 as usize)?;
        Some((
            f.params.clone(),
            f.ret.iter().map(|(t, _)| t.clone()).collect(),
        ))
    }
}

impl<R: Rep> Checker<'_, R> {
    fn bind(&mut self, var: Var, ty: Type) -> Result<(), String> {
        let index = var.0 as usize;
        let bound = self
            .bound
            .get_mut(index)
            .ok_or_else(|| format!("variable {} has no name", var.0))?;
        if std::mem::replace(bound, true) {
            return Err(format!("variable {} is bound twice", var.0));
        }
        self.types[index] = Some(ty);
        self.scopes
            .last_mut()
            .expect("the checker always has a scope")
            .push(var);
        Ok(())
    }

    fn enter(&mut self) {
        self.scopes.push(Vec::new());
    }

    fn leave(&mut self) {
        for var in self.scopes.pop().unwrap_or_default() {
            self.types[var.0 as usize] = None;
            self.mems[var.0 as usize] = None;
        }
    }

    /// Checks that a type names only `i64` variables in scope.
    fn type_in_scope(&self, ty: &Type, what: &str) -> Result<(), String> {
        for &dim in ty.shape() {
            expect(self, dim, &Type::i64(), what)?;
        }
        Ok(())
    }

    fn ext_type_in_scope(&self, ty: &ExtType, results: usize, what: &str) -> Result<(), String> {
        for dim in ty.shape() {
            match *dim {
                ExtDim::Free(se) => expect(self, se, &Type::i64(), what)?,
                ExtDim::Ext(i) if i >= results => {
                    return Err(format!("{what}: existential size {i} of {results} results"));
                }
                ExtDim::Ext(_) => {}
            }
        }
        Ok(())
    }

    fn bind_params(&mut self, params: &[Param]) -> Result<(), String> {
        for p in params {
            self.type_in_scope(&p.ty, "parameter type")?;
            self.bind(p.var, p.ty.clone())?;
        }
        // Memory annotations may name any of the parameters.
        for p in params {
            self.annotation(p.var, &p.ty, p.mem.as_ref(), "parameter")?;
        }
        Ok(())
    }

    /// Checks a variable's memory annotation, which an array has exactly
    /// at the memory levels, and records it.
    fn annotation(
        &mut self,
        var: Var,
        ty: &Type,
        mem: Option<&MemBind>,
        what: &str,
    ) -> Result<(), String> {
        let is_array = matches!(ty, Type::Array { .. });
        match mem {
            None if R::HAS_MEMORY && is_array => {
                Err(format!("{what}: an array without a memory block"))
            }
            None => Ok(()),
            Some(_) if !R::HAS_MEMORY || !is_array => Err(format!(
                "{what}: a memory annotation at a level without memory or on a non-array"
            )),
            Some(mem) => {
                match subexp_type(self, SubExp::Var(mem.block))? {
                    Type::Mem(_) => {}
                    other => return Err(format!("{what}: a memory block of type {other:?}")),
                }
                if mem.lmad.strides.len() != ty.rank() {
                    return Err(format!(
                        "{what}: an index function of rank {} for an array of rank {}",
                        mem.lmad.strides.len(),
                        ty.rank()
                    ));
                }
                let mut unbound = Ok(());
                mem.lmad.for_each_var(&mut |v| {
                    if unbound.is_ok() {
                        unbound = expect(self, SubExp::Var(v), &Type::i64(), what);
                    }
                });
                unbound?;
                self.mems[var.0 as usize] = Some(mem.clone());
                Ok(())
            }
        }
    }

    /// At the memory levels, checks that the arrays among `values` (of
    /// `types`) are each in the block given after all the other values,
    /// laid out as `layouts` says (by the arrays' order; direct where it
    /// says nothing): what a function's, branch's or loop's parameters
    /// and results must be.
    fn crossing_values(
        &self,
        types: &[Type],
        values: &[SubExp],
        layouts: &[Option<Lmad>],
        what: &str,
    ) -> Result<(), String> {
        if !R::HAS_MEMORY {
            return Ok(());
        }
        for (k, (array, block)) in boundary_blocks(types, what)?.into_iter().enumerate() {
            let SubExp::Var(var) = values[array] else {
                return Err(format!("{what}: an array that is a constant"));
            };
            let SubExp::Var(block_var) = values[block] else {
                return Err(format!("{what}: a memory block that is a constant"));
            };
            let mem = self.mems.get(var.0 as usize).cloned().flatten();
            let laid_out = match layouts.get(k).cloned().flatten() {
                Some(fixed) => mem.is_some_and(|m| m.block == block_var && m.lmad == fixed),
                // Directness is judged by the value's own shape (a loop's
                // parameter names sizes its initial value does not).
                None => {
                    let shape = subexp_type(self, SubExp::Var(var))?.shape().to_vec();
                    mem.is_some_and(|m| m.block == block_var && m.lmad.is_direct(&shape))
                }
            };
            if !laid_out {
                return Err(format!(
                    "{what}: array {} is not laid out in its block {} as the boundary says",
                    var.0, block_var.0
                ));
            }
        }
        Ok(())
    }

    /// [`Checker::crossing_values`] for bound variables with their
    /// annotations (a pattern or parameters).
    fn crossing_vars(
        &self,
        vars: &[(Var, Type)],
        layouts: &[Option<Lmad>],
        what: &str,
    ) -> Result<(), String> {
        let types: Vec<Type> = vars.iter().map(|(_, t)| t.clone()).collect();
        let values: Vec<SubExp> = vars.iter().map(|&(v, _)| SubExp::Var(v)).collect();
        self.crossing_values(&types, &values, layouts, what)
    }

    fn function(&mut self, function: &super::Function<R>) -> Result<(), String> {
        self.bind_params(&function.params)?;
        let params: Vec<(Var, Type)> = function
            .params
            .iter()
            .map(|p| (p.var, p.ty.clone()))
            .collect();
        self.crossing_vars(&params, &[], "function parameters")?;
        let ret: Vec<ExtType> = function.ret.iter().map(|(t, _)| t.clone()).collect();
        for ty in &ret {
            self.ext_type_in_scope(ty, ret.len(), "function result type")?;
        }
        self.body_matching(&function.body, &ret, &[], "function result")
    }

    /// Checks a body's statements and returns its results' types, in the
    /// body's scope (which the caller leaves).
    fn body_in_scope(&mut self, body: &Body<R>) -> Result<Vec<Type>, String> {
        for stm in &body.stms {
            self.stm(stm)?;
        }
        subexp_types(self, &body.result)
    }

    /// Checks that a body's results have the types `ret` gives them, its
    /// existential sizes being the body's own results.
    /// The results of a function, branch or loop body are arrays in
    /// blocks of their own at the memory levels, laid out as `layouts`
    /// says (direct where it says nothing).
    fn body_matching(
        &mut self,
        body: &Body<R>,
        ret: &[ExtType],
        layouts: &[Option<Lmad>],
        what: &str,
    ) -> Result<(), String> {
        self.body_matching_crossing(body, ret, Some(layouts), what)
    }

    fn body_matching_crossing(
        &mut self,
        body: &Body<R>,
        ret: &[ExtType],
        crossing: Option<&[Option<Lmad>]>,
        what: &str,
    ) -> Result<(), String> {
        self.enter();
        let actual = self.body_in_scope(body)?;
        let direct = match crossing {
            Some(layouts) => self.crossing_values(&actual, &body.result, layouts, what),
            None => Ok(()),
        };
        self.leave();
        direct?;
        if ret.len() != body.result.len() {
            return Err(format!(
                "{what}: {} results where {} were expected",
                body.result.len(),
                ret.len()
            ));
        }
        let expected: Vec<Type> = ret.iter().map(|t| t.instantiate(&body.result)).collect();
        expect_types(&actual, &expected, what)
    }

    fn check_lambda(&mut self, lambda: &Lambda<R>) -> Result<(), String> {
        self.enter();
        self.bind_params(&lambda.params)?;
        for ty in &lambda.ret {
            self.type_in_scope(ty, "lambda result type")?;
        }
        self.enter();
        let types = self.body_in_scope(&lambda.body)?;
        self.leave();
        self.leave();
        expect_types(&types, &lambda.ret, "lambda result")
    }

    fn stm(&mut self, stm: &Stm<R>) -> Result<(), String> {
        let types = result_types(self, &stm.exp)?;
        self.nested(&stm.exp, &stm.pat)?;
        if types.len() != stm.pat.len() {
            return Err(format!(
                "statement pattern: {} names for {} results",
                stm.pat.len(),
                types.len()
            ));
        }
        let names: Vec<SubExp> = stm.pat.iter().map(|p| SubExp::Var(p.var)).collect();
        let expected: Vec<Type> = types.iter().map(|t| t.instantiate(&names)).collect();
        let bound: Vec<Type> = stm.pat.iter().map(|p| p.ty.clone()).collect();
        expect_types(&bound, &expected, "statement pattern")?;
        for elem in &stm.pat {
            self.bind(elem.var, elem.ty.clone())?;
        }
        for elem in &stm.pat {
            self.type_in_scope(&elem.ty, "pattern type")?;
            self.annotation(elem.var, &elem.ty, elem.mem.as_ref(), "pattern")?;
        }
        if R::HAS_MEMORY {
            self.crossing_memory(stm)?;
        }
        Ok(())
    }

    /// The values that cross into and out of functions, branches and
    /// loops are arrays in blocks of their own: direct, or, for branches
    /// and loops, laid out as the pattern or loop parameter says, over
    /// variables bound before the construct.
    fn crossing_memory(&self, stm: &Stm<R>) -> Result<(), String> {
        let pat: Vec<(Var, Type)> = stm.pat.iter().map(|p| (p.var, p.ty.clone())).collect();
        match &stm.exp {
            Exp::If { .. } => {
                let layouts = fixed_layouts(stm.pat.iter().map(|p| (&p.ty, p.mem.as_ref())));
                let mut own = None;
                for lmad in layouts.iter().flatten() {
                    lmad.for_each_var(&mut |v| {
                        if stm.pat.iter().any(|p| p.var == v) {
                            own = Some(v);
                        }
                    });
                }
                if let Some(v) = own {
                    return Err(format!(
                        "branch results: a layout naming the branch's own result {}",
                        v.0
                    ));
                }
                self.crossing_vars(&pat, &layouts, "branch results")
            }
            Exp::Loop { params, .. } => {
                let layouts = fixed_layouts(params.iter().map(|(p, _)| (&p.ty, p.mem.as_ref())));
                let types: Vec<Type> = params.iter().map(|(p, _)| p.ty.clone()).collect();
                let inits: Vec<SubExp> = params.iter().map(|&(_, init)| init).collect();
                self.crossing_values(&types, &inits, &layouts, "loop initial values")?;
                self.crossing_vars(&pat, &layouts, "loop results")
            }
            Exp::Call { func, args } => {
                let callee = self.program.function(*func);
                let types: Vec<Type> = callee.params.iter().map(|p| p.ty.clone()).collect();
                self.crossing_values(&types, args, &[], "call arguments")?;
                self.crossing_vars(&pat, &[], "call results")
            }
            _ => Ok(()),
        }
    }

    /// Checks the bodies and lambdas inside an expression.
    fn nested(&mut self, exp: &Exp<R>, pat: &[PatElem]) -> Result<(), String> {
        match exp {
            Exp::If {
                then_body,
                else_body,
                ret,
                ..
            } => {
                for ty in ret {
                    self.ext_type_in_scope(ty, ret.len(), "branch result type")?;
                }
                let layouts = fixed_layouts(pat.iter().map(|p| (&p.ty, p.mem.as_ref())));
                self.body_matching(then_body, ret, &layouts, "then branch")?;
                self.body_matching(else_body, ret, &layouts, "else branch")
            }
            Exp::Loop { params, form, body } => {
                self.enter();
                if let LoopForm::For { var, bound } = form {
                    let ty = subexp_type(self, *bound)?;
                    self.bind(*var, ty)?;
                }
                let loop_params: Vec<Param> = params.iter().map(|(p, _)| p.clone()).collect();
                self.bind_params(&loop_params)?;
                let bound: Vec<(Var, Type)> =
                    loop_params.iter().map(|p| (p.var, p.ty.clone())).collect();
                let layouts = fixed_layouts(loop_params.iter().map(|p| (&p.ty, p.mem.as_ref())));
                self.crossing_vars(&bound, &layouts, "loop parameters")?;
                let position: FxHashMap<Var, usize> = loop_params
                    .iter()
                    .enumerate()
                    .map(|(i, p)| (p.var, i))
                    .collect();
                let ret: Vec<ExtType> = loop_params
                    .iter()
                    .map(|p| {
                        p.ty.map_dims(|&d| match d {
                            SubExp::Var(v) if position.contains_key(&v) => {
                                ExtDim::Ext(position[&v])
                            }
                            _ => ExtDim::Free(d),
                        })
                    })
                    .collect();
                let result = self.body_matching(body, &ret, &layouts, "loop body");
                self.leave();
                result
            }
            Exp::Op(op) => op.check_nested(self),
            _ => Ok(()),
        }
    }
}

impl<R: Rep> NestedCheck<R> for Checker<'_, R> {
    fn lambda(&mut self, lambda: &Lambda<R>) -> Result<(), String> {
        self.check_lambda(lambda)
    }

    fn body(&mut self, bound: &[(Var, Type)], body: &Body<R>, ret: &[Type]) -> Result<(), String> {
        self.enter();
        for (var, ty) in bound {
            self.type_in_scope(ty, "bound variable's type")?;
            self.bind(*var, ty.clone())?;
        }
        let ret: Vec<ExtType> = ret.iter().map(Type::ext).collect();
        let result = self.body_matching_crossing(body, &ret, None, "nested body");
        self.leave();
        result
    }
}

/// The layout of each array among annotated values (in order): `None`
/// where it is direct, else its LMAD, which every value crossing the
/// same boundary position must share.
fn fixed_layouts<'a>(
    annotated: impl Iterator<Item = (&'a Type, Option<&'a MemBind>)>,
) -> Vec<Option<Lmad>> {
    annotated
        .filter(|(ty, _)| ty.rank() > 0)
        .map(|(ty, mem)| {
            mem.filter(|m| !m.lmad.is_direct(ty.shape()))
                .map(|m| m.lmad.clone())
        })
        .collect()
}

/// The positions of the arrays among `types` paired with those of the
/// memory blocks holding them: the blocks come after all other values,
/// one per array, in the arrays' order.
fn boundary_blocks(types: &[Type], what: &str) -> Result<Vec<(usize, usize)>, String> {
    let blocks = super::trailing_blocks(types.iter());
    let first_block = types.len() - blocks;
    let arrays: Vec<usize> = (0..first_block)
        .filter(|&i| matches!(types[i], Type::Array { .. }))
        .collect();
    if types[..first_block]
        .iter()
        .any(|t| matches!(t, Type::Mem(_)))
        || arrays.len() != blocks
    {
        return Err(format!(
            "{what}: {} arrays and {blocks} memory blocks after the other values",
            arrays.len()
        ));
    }
    Ok(arrays.into_iter().zip(first_block..).collect())
}
