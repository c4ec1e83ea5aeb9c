//! The core IR's type checker. It guarantees that every variable is bound
//! once before its use, that every operand has the type its operation
//! expects (element type and rank), and that functions, lambdas, loops and
//! branches return what they declare. Sizes are values and are checked at
//! run time; uniqueness is checked on the source program, not here.
//!
//! [`result_types`] is the typing rule of a single expression without its
//! nested bodies: the builder uses it to type what it binds, the checker
//! uses it and then checks the nested bodies.

use super::{
    Body, DimIndex, Exp, FuncId, Lambda, LoopForm, Param, Program, Soac, Stm, SubExp, Type, Var,
};
use prim::PrimType;
use prim::{BinOp, FloatFn, PrimFn, UnOp};
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
    fn signature(&self, func: FuncId) -> Option<(Vec<Type>, Vec<Type>)>;
}

fn subexp_type(ctx: &dyn TypeContext, se: SubExp) -> Result<Type, String> {
    match se {
        SubExp::Const(value) => Ok(Type::Prim(value.prim_type())),
        SubExp::Var(var) => ctx
            .var_type(var)
            .ok_or_else(|| format!("variable {} is not in scope", var.0)),
    }
}

fn expect(ctx: &dyn TypeContext, se: SubExp, ty: Type, what: &str) -> Result<(), String> {
    let actual = subexp_type(ctx, se)?;
    if actual == ty {
        Ok(())
    } else {
        Err(format!("{what}: expected {ty:?}, found {actual:?}"))
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

fn check_slice(ctx: &dyn TypeContext, array: Type, slice: &[DimIndex]) -> Result<Type, String> {
    if slice.len() > array.rank() {
        return Err(format!(
            "{} indices for an array of rank {}",
            slice.len(),
            array.rank()
        ));
    }
    let mut fixed = 0;
    for index in slice {
        match *index {
            DimIndex::Fix(i) => {
                expect(ctx, i, Type::i64(), "index")?;
                fixed += 1;
            }
            DimIndex::Slice { start, len, stride } => {
                for part in [start, len, stride] {
                    expect(ctx, part, Type::i64(), "slice bound")?;
                }
            }
        }
    }
    Ok(Type::with_rank(array.element(), array.rank() - fixed))
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

fn lambda_params(lambda: &Lambda) -> Vec<Type> {
    lambda.params.iter().map(|p| p.ty).collect()
}

fn expect_types(actual: &[Type], expected: &[Type], what: &str) -> Result<(), String> {
    if actual == expected {
        Ok(())
    } else {
        Err(format!("{what}: expected {expected:?}, found {actual:?}"))
    }
}

/// The types of the rows of `arrays`.
fn row_types(ctx: &dyn TypeContext, arrays: &[Var], what: &str) -> Result<Vec<Type>, String> {
    arrays
        .iter()
        .map(|&array| {
            Ok(array_operand(ctx, array, what)?
                .row()
                .expect("an array has rows"))
        })
        .collect()
}

/// An associative operator on `n` components: `2n` parameters of the
/// given types, `n` results of the same types.
fn check_operator(lambda: &Lambda, components: &[Type], what: &str) -> Result<(), String> {
    let doubled: Vec<Type> = components.iter().chain(components).copied().collect();
    expect_types(&lambda_params(lambda), &doubled, what)?;
    expect_types(&lambda.ret, components, what)
}

fn neutral_types(ctx: &dyn TypeContext, neutral: &[SubExp]) -> Result<Vec<Type>, String> {
    neutral.iter().map(|&se| subexp_type(ctx, se)).collect()
}

/// The types an expression binds, checking its operands (but not its
/// nested bodies and lambdas beyond their declared types).
pub fn result_types(ctx: &dyn TypeContext, exp: &Exp) -> Result<Vec<Type>, String> {
    Ok(match exp {
        Exp::SubExp(se) => vec![subexp_type(ctx, *se)?],
        Exp::BinOp(op, a, b) => {
            let ty = prim_operand(ctx, *a, "operand")?;
            expect(ctx, *b, Type::Prim(ty), "second operand")?;
            if !binop_accepts(*op, ty) {
                return Err(format!("{op:?} on {}", ty.name()));
            }
            vec![Type::Prim(ty)]
        }
        Exp::Cmp(_, a, b) => {
            let ty = prim_operand(ctx, *a, "comparison operand")?;
            expect(ctx, *b, Type::Prim(ty), "second comparison operand")?;
            vec![Type::bool()]
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
            vec![Type::Prim(ty)]
        }
        Exp::Convert(to, a) => {
            prim_operand(ctx, *a, "conversion operand")?;
            vec![Type::Prim(*to)]
        }
        Exp::PrimFn(f, args) => {
            let (params, result) = prim_fn_signature(*f)?;
            if params.len() != args.len() {
                return Err(format!("{f:?} applied to {} arguments", args.len()));
            }
            for (&arg, param) in args.iter().zip(params) {
                expect(ctx, arg, Type::Prim(param), "argument")?;
            }
            vec![Type::Prim(result)]
        }
        Exp::Call { func, args } => {
            let (params, ret) = ctx
                .signature(*func)
                .ok_or_else(|| format!("call of unknown function {}", func.0))?;
            let arg_types: Vec<Type> = neutral_types(ctx, args)?;
            expect_types(&arg_types, &params, "call arguments")?;
            ret
        }
        Exp::If { condition, ret, .. } => {
            expect(ctx, *condition, Type::bool(), "condition")?;
            ret.clone()
        }
        Exp::Loop { params, form, .. } => {
            for (param, init) in params {
                expect(ctx, *init, param.ty, "loop initial value")?;
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
            params.iter().map(|(p, _)| p.ty).collect()
        }
        Exp::Index { array, slice } => {
            let ty = array_operand(ctx, *array, "indexed value")?;
            vec![check_slice(ctx, ty, slice)?]
        }
        Exp::Update {
            array,
            slice,
            value,
        } => {
            let ty = array_operand(ctx, *array, "updated value")?;
            let target = check_slice(ctx, ty, slice)?;
            expect(ctx, *value, target, "update value")?;
            vec![ty]
        }
        Exp::ArrayLit { elements, row } => {
            for &element in elements {
                expect(ctx, element, *row, "array element")?;
            }
            vec![row.array_of()]
        }
        Exp::Iota {
            len,
            start,
            step,
            ty,
        } => {
            expect(ctx, *len, Type::i64(), "iota length")?;
            if !ty.is_integer() {
                return Err(format!("iota of {}", ty.name()));
            }
            expect(ctx, *start, Type::Prim(*ty), "iota start")?;
            expect(ctx, *step, Type::Prim(*ty), "iota step")?;
            vec![Type::with_rank(*ty, 1)]
        }
        Exp::Replicate { shape, value } => {
            for &dim in shape {
                expect(ctx, dim, Type::i64(), "replicate size")?;
            }
            let ty = subexp_type(ctx, *value)?;
            vec![Type::with_rank(ty.element(), ty.rank() + shape.len())]
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
            vec![ty]
        }
        Exp::Reshape { shape, array } => {
            let ty = array_operand(ctx, *array, "reshaped value")?;
            for &dim in shape {
                expect(ctx, dim, Type::i64(), "reshape size")?;
            }
            if shape.is_empty() {
                return Err("reshape to rank 0".into());
            }
            vec![Type::with_rank(ty.element(), shape.len())]
        }
        Exp::Concat { arrays } => {
            let first = arrays.first().ok_or("concatenation of no arrays")?;
            let ty = array_operand(ctx, *first, "concatenated value")?;
            for &array in &arrays[1..] {
                expect(ctx, SubExp::Var(array), ty, "concatenated array")?;
            }
            vec![ty]
        }
        Exp::Copy(var) => vec![subexp_type(ctx, SubExp::Var(*var))?],
        Exp::ArraySize { array, dim } => {
            let ty = array_operand(ctx, *array, "array of a size")?;
            if *dim >= ty.rank() {
                return Err(format!("dimension {dim} of an array of rank {}", ty.rank()));
            }
            vec![Type::i64()]
        }
        Exp::Assert { condition, .. } => {
            expect(ctx, *condition, Type::bool(), "assertion")?;
            Vec::new()
        }
        Exp::Soac(soac) => soac_types(ctx, soac)?,
    })
}

fn soac_types(ctx: &dyn TypeContext, soac: &Soac) -> Result<Vec<Type>, String> {
    match soac {
        Soac::Screma {
            width,
            arrays,
            map,
            scans,
            reduces,
        } => {
            expect(ctx, *width, Type::i64(), "width")?;
            expect_types(
                &lambda_params(map),
                &row_types(ctx, arrays, "mapped value")?,
                "map parameters",
            )?;
            let mut results = map.ret.iter().copied();
            let mut bound = Vec::new();
            for scan in scans {
                let components: Vec<Type> = results.by_ref().take(scan.neutral.len()).collect();
                expect_types(
                    &neutral_types(ctx, &scan.neutral)?,
                    &components,
                    "scan neutral",
                )?;
                check_operator(&scan.lambda, &components, "scan operator")?;
                bound.extend(components.iter().map(|t| t.array_of()));
            }
            for reduce in reduces {
                let components: Vec<Type> = results.by_ref().take(reduce.neutral.len()).collect();
                expect_types(
                    &neutral_types(ctx, &reduce.neutral)?,
                    &components,
                    "reduce neutral",
                )?;
                check_operator(&reduce.lambda, &components, "reduce operator")?;
                bound.extend(components);
            }
            bound.extend(results.map(Type::array_of));
            Ok(bound)
        }
        Soac::Hist {
            width,
            dests,
            op,
            neutral,
            indices,
            values,
        } => {
            expect(ctx, *width, Type::i64(), "width")?;
            let rows = row_types(ctx, dests, "histogram")?;
            expect_types(&neutral_types(ctx, neutral)?, &rows, "histogram neutral")?;
            check_operator(op, &rows, "histogram operator")?;
            expect(
                ctx,
                SubExp::Var(*indices),
                Type::with_rank(PrimType::I64, 1),
                "histogram indices",
            )?;
            expect_types(
                &row_types(ctx, values, "values")?,
                &rows,
                "histogram values",
            )?;
            neutral_types(
                ctx,
                &dests.iter().map(|&d| SubExp::Var(d)).collect::<Vec<_>>(),
            )
        }
        Soac::Scatter {
            width,
            dests,
            indices,
            values,
        } => {
            expect(ctx, *width, Type::i64(), "width")?;
            let rows = row_types(ctx, dests, "scatter destination")?;
            expect(
                ctx,
                SubExp::Var(*indices),
                Type::with_rank(PrimType::I64, 1),
                "scatter indices",
            )?;
            expect_types(&row_types(ctx, values, "values")?, &rows, "scatter values")?;
            neutral_types(
                ctx,
                &dests.iter().map(|&d| SubExp::Var(d)).collect::<Vec<_>>(),
            )
        }
        Soac::Stream {
            width,
            arrays,
            accumulators,
            fold,
            reduce,
            ..
        } => {
            expect(ctx, *width, Type::i64(), "width")?;
            let accumulator_types = neutral_types(ctx, accumulators)?;
            let array_types: Vec<Type> = arrays
                .iter()
                .map(|&a| array_operand(ctx, a, "streamed value"))
                .collect::<Result<_, _>>()?;
            let mut params = vec![Type::i64()];
            params.extend(&accumulator_types);
            params.extend(&array_types);
            expect_types(&lambda_params(fold), &params, "stream parameters")?;
            if fold.ret.len() < accumulator_types.len()
                || fold.ret[..accumulator_types.len()] != accumulator_types[..]
            {
                return Err("stream results do not start with its accumulators".into());
            }
            if let Some(reduce) = reduce {
                check_operator(reduce, &accumulator_types, "stream reduction")?;
            }
            if fold.ret[accumulator_types.len()..]
                .iter()
                .any(|t| t.rank() == 0)
            {
                return Err("a stream's mapped result is not an array".into());
            }
            Ok(fold.ret.clone())
        }
    }
}

/// Checks a whole program.
pub fn check_program(program: &Program) -> Result<(), TypeError> {
    for function in &program.functions {
        let mut checker = Checker {
            program,
            types: vec![None; program.var_names.len()],
        };
        checker
            .function(&function.params, &function.body, &function.ret)
            .map_err(|message| TypeError {
                function: function.name.clone(),
                message,
            })?;
    }
    for entry in &program.entry_points {
        let function = program.functions.get(entry.func.0 as usize);
        let ok = function.is_some_and(|f| {
            entry.params.iter().map(|p| p.components()).sum::<usize>() == f.params.len()
                && entry.results.iter().map(|r| r.components()).sum::<usize>() == f.ret.len()
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

struct Checker<'p> {
    program: &'p Program,
    types: Vec<Option<Type>>,
}

impl TypeContext for Checker<'_> {
    fn var_type(&self, var: Var) -> Option<Type> {
        self.types.get(var.0 as usize).copied().flatten()
    }

    fn signature(&self, func: FuncId) -> Option<(Vec<Type>, Vec<Type>)> {
        let f = self.program.functions.get(func.0 as usize)?;
        Some((
            f.params.iter().map(|p| p.ty).collect(),
            f.ret.iter().map(|(t, _)| *t).collect(),
        ))
    }
}

impl Checker<'_> {
    fn bind(&mut self, var: Var, ty: Type) -> Result<(), String> {
        let slot = self
            .types
            .get_mut(var.0 as usize)
            .ok_or_else(|| format!("variable {} has no name", var.0))?;
        if slot.is_some() {
            return Err(format!("variable {} is bound twice", var.0));
        }
        *slot = Some(ty);
        Ok(())
    }

    fn bind_params(&mut self, params: &[Param]) -> Result<(), String> {
        params.iter().try_for_each(|p| self.bind(p.var, p.ty))
    }

    fn function(
        &mut self,
        params: &[Param],
        body: &Body,
        ret: &[(Type, bool)],
    ) -> Result<(), String> {
        self.bind_params(params)?;
        let types = self.body(body)?;
        let expected: Vec<Type> = ret.iter().map(|(t, _)| *t).collect();
        expect_types(&types, &expected, "function result")
    }

    fn body(&mut self, body: &Body) -> Result<Vec<Type>, String> {
        for stm in &body.stms {
            self.stm(stm)?;
        }
        body.result
            .iter()
            .map(|&se| subexp_type(self, se))
            .collect()
    }

    fn lambda(&mut self, lambda: &Lambda) -> Result<(), String> {
        self.bind_params(&lambda.params)?;
        let types = self.body(&lambda.body)?;
        expect_types(&types, &lambda.ret, "lambda result")
    }

    fn stm(&mut self, stm: &Stm) -> Result<(), String> {
        let types = result_types(self, &stm.exp)?;
        self.nested(&stm.exp)?;
        let bound: Vec<Type> = stm.pat.iter().map(|p| p.ty).collect();
        expect_types(&types, &bound, "statement pattern")?;
        for elem in &stm.pat {
            self.bind(elem.var, elem.ty)?;
        }
        Ok(())
    }

    /// Checks the bodies and lambdas inside an expression.
    fn nested(&mut self, exp: &Exp) -> Result<(), String> {
        match exp {
            Exp::If {
                then_body,
                else_body,
                ret,
                ..
            } => {
                expect_types(&self.body(then_body)?, ret, "then branch")?;
                expect_types(&self.body(else_body)?, ret, "else branch")
            }
            Exp::Loop { params, form, body } => {
                if let LoopForm::For { var, bound } = form {
                    let ty = subexp_type(self, *bound)?;
                    self.bind(*var, ty)?;
                }
                let loop_params: Vec<Param> = params.iter().map(|(p, _)| *p).collect();
                self.bind_params(&loop_params)?;
                let types = self.body(body)?;
                let expected: Vec<Type> = loop_params.iter().map(|p| p.ty).collect();
                expect_types(&types, &expected, "loop body")
            }
            Exp::Soac(soac) => match soac {
                Soac::Screma {
                    map,
                    scans,
                    reduces,
                    ..
                } => {
                    self.lambda(map)?;
                    scans.iter().try_for_each(|s| self.lambda(&s.lambda))?;
                    reduces.iter().try_for_each(|r| self.lambda(&r.lambda))
                }
                Soac::Hist { op, .. } => self.lambda(op),
                Soac::Scatter { .. } => Ok(()),
                Soac::Stream { fold, reduce, .. } => {
                    self.lambda(fold)?;
                    reduce.iter().try_for_each(|r| self.lambda(r))
                }
            },
            _ => Ok(()),
        }
    }
}
