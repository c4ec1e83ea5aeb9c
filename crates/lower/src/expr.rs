//! Lowering expressions and patterns of a definition body.

use super::intrinsics::Intrinsic;
use super::types::{self, SumLayout};
use super::{
    Closure, ClosureKind, Frame, Local, LowerError, Lowerer, MAX_INLINE_DEPTH, Result, Sv,
    ValueTarget, error, item_name,
};
use hir::files::SourceFile;
use hir::infer::Resolved;
use hir::item_tree::{ItemIdx, item_tree};
use hir::name::{Name, Path};
use hir::resolve::TermRef;
use hir::store::{self, Expr, ExprId, Literal, Pat, PatId, TypeParam, UpdateStep};
use hir::ty::{PrimType, Size, SizeOp, Ty, TypeArg};
use opt::ir::{CallChain, DimIndex, ErrorPart, Exp, LoopForm, Param, SubExp, Type};
use prim::{BinOp, CmpOp, UnOp};
use prim::{F16, PrimValue};
use rustc_hash::FxHashMap;
use std::rc::Rc;
use syntax::ast::RangeEnd;

/// An integer literal's value in a primitive type (wrapping, as bit
/// patterns do), or a float literal's.
pub(super) fn literal_value(literal: &Literal, negated: bool, ty: PrimType) -> Option<PrimValue> {
    let int = |value: u128| -> i128 {
        let v = value as i128;
        if negated { v.wrapping_neg() } else { v }
    };
    Some(match literal {
        Literal::Int { value, .. } => int_value(int(*value), ty)?,
        Literal::Char(c) => int_value(int(*c as u128), ty)?,
        Literal::Float { bits, .. } => {
            let v = f64::from_bits(*bits);
            float_value(if negated { -v } else { v }, ty)?
        }
        Literal::Bool(b) => PrimValue::Bool(*b),
        Literal::String(_) => return None,
    })
}

fn int_value(v: i128, ty: PrimType) -> Option<PrimValue> {
    Some(match ty {
        PrimType::I8 => PrimValue::I8(v as i8),
        PrimType::I16 => PrimValue::I16(v as i16),
        PrimType::I32 => PrimValue::I32(v as i32),
        PrimType::I64 => PrimValue::I64(v as i64),
        PrimType::U8 => PrimValue::U8(v as u8),
        PrimType::U16 => PrimValue::U16(v as u16),
        PrimType::U32 => PrimValue::U32(v as u32),
        PrimType::U64 => PrimValue::U64(v as u64),
        PrimType::F16 | PrimType::F32 | PrimType::F64 => float_value(v as f64, ty)?,
        PrimType::Bool => return None,
    })
}

fn float_value(v: f64, ty: PrimType) -> Option<PrimValue> {
    Some(match ty {
        PrimType::F16 => PrimValue::F16(F16::from_f64(v)),
        PrimType::F32 => PrimValue::F32(v as f32),
        PrimType::F64 => PrimValue::F64(v),
        _ => return None,
    })
}

fn i64_const(v: i64) -> SubExp {
    SubExp::i64(v)
}

impl Lowerer<'_> {
    /// Builds a nested body; its statements are discarded on failure.
    pub(super) fn sub_body(
        &mut self,
        build: impl FnOnce(&mut Self) -> Result<Vec<SubExp>>,
    ) -> Result<opt::ir::Body> {
        self.builder.push_scope();
        match build(self) {
            Ok(result) => Ok(self.builder.pop_scope(result)),
            Err(err) => {
                self.builder.pop_scope(Vec::new());
                Err(err)
            }
        }
    }

    fn expr_ty(&self, frame: &Frame, e: ExprId) -> Result<Ty> {
        let ty = frame.infer.expr_types.get(e).cloned().unwrap_or(Ty::Error);
        self.mono(frame, &ty)
    }

    fn components_of(&self, ty: &Ty) -> Result<Vec<types::Component>> {
        types::components(ty).map_err(|m| LowerError {
            message: m,
            loc: None,
        })
    }

    fn bind1(&mut self, hint: &str, exp: Exp) -> SubExp {
        SubExp::Var(self.builder.bind1(hint, exp))
    }

    fn binop(&mut self, op: BinOp, a: SubExp, b: SubExp) -> SubExp {
        self.bind1("t", Exp::BinOp(op, a, b))
    }

    fn cmp(&mut self, op: CmpOp, a: SubExp, b: SubExp) -> SubExp {
        self.bind1("c", Exp::Cmp(op, a, b))
    }

    fn and(&mut self, a: SubExp, b: SubExp) -> SubExp {
        self.binop(BinOp::And, a, b)
    }

    /// `if c then a else b` on `i64` operands.
    fn select(&mut self, c: SubExp, a: SubExp, b: SubExp) -> SubExp {
        let then_body = self.builder.body(|_| vec![a]);
        let else_body = self.builder.body(|_| vec![b]);
        self.bind_if("sel", c, then_body, else_body)[0]
    }

    /// Binds a branch, returning its results.
    pub(super) fn bind_if(
        &mut self,
        hint: &str,
        condition: SubExp,
        then_body: opt::ir::Body,
        else_body: opt::ir::Body,
    ) -> Vec<SubExp> {
        self.builder
            .bind_if(hint, condition, then_body, else_body)
            .into_iter()
            .map(SubExp::Var)
            .collect()
    }

    /// The size of dimension `dim` of an array component.
    fn size_of(&mut self, array: SubExp, dim: usize) -> Result<SubExp> {
        match self.builder.dims(array).get(dim) {
            Some(&size) => Ok(size),
            None => error("internal error: the size of a dimension a value lacks"),
        }
    }

    /// The outer size of an array value.
    pub(super) fn outer_size(&mut self, value: &Sv) -> Result<SubExp> {
        match value {
            Sv::Dyn(ty, parts) => match parts.first() {
                Some(&first) => self.size_of(first, 0),
                None => match ty {
                    Ty::Array { shape, .. } => match shape.first() {
                        Some(Size::Const(n)) => Ok(i64_const(*n as i64)),
                        _ => error("the size of an array without components is unknown"),
                    },
                    _ => error("internal error: the size of a non-array"),
                },
            },
            _ => error("internal error: the size of a function"),
        }
    }

    fn var_of(&self, se: SubExp) -> Result<opt::ir::Var> {
        se.as_var().ok_or_else(|| LowerError {
            message: "internal error: a constant where an array was expected".into(),
            loc: None,
        })
    }

    pub(super) fn expr(&mut self, frame: &Frame, e: ExprId) -> Result<Sv> {
        let loc = self.loc(frame, e);
        let previous = self.builder.set_loc(loc.clone());
        let result = self.expr_inner(frame, e).map_err(|mut err| {
            if err.loc.is_none() {
                err.loc = loc;
            }
            err
        });
        self.builder.set_loc(previous);
        if let Ok(value) = &result {
            self.note_expression_sizes(frame, e, value);
        }
        result
    }

    /// Records the sizes of an expression's result that its type leaves
    /// existential ([`hir::infer::is_expression_size`]), for later uses
    /// of those sizes in the frame (see `Lowerer::expression_sizes`).
    fn note_expression_sizes(&mut self, frame: &Frame, e: ExprId, value: &Sv) {
        let Sv::Dyn(_, parts) = value else {
            return;
        };
        let Some(ty) = frame.infer.expr_types.get(e) else {
            return;
        };
        let mut existential = false;
        ty.visit_sizes(&mut |size, _| {
            existential |= matches!(size, Size::Unknown(id) if hir::infer::is_expression_size(*id));
        });
        if !existential {
            return;
        }
        let ty = self.mono(frame, ty).unwrap_or_else(|_| ty.clone());
        let Ok(shapes) = types::readable_shapes(&ty) else {
            return;
        };
        if shapes.len() != parts.len() {
            return;
        }
        let scope = self.builder.current_scope();
        for (&part, shape) in parts.iter().zip(&shapes) {
            let dims = self.builder.dims(part);
            for (size, &dim) in shape.iter().zip(&dims) {
                if let Size::Unknown(id) = size
                    && hir::infer::is_expression_size(*id)
                {
                    self.expression_sizes
                        .insert((frame.instance, *id), (dim, scope));
                }
            }
        }
    }

    /// The size of an expression's result that the checker left
    /// existential, if the frame has computed it in a scope still open.
    fn expression_size(&self, frame: &Frame, id: u32) -> Option<SubExp> {
        let &(dim, scope) = self.expression_sizes.get(&(frame.instance, id))?;
        self.builder.scope_is_open(scope).then_some(dim)
    }

    /// A chain of `let`s (of any kind) and the body it ends in, lowered in
    /// one frame that each binding extends: a long chain (generated code
    /// is made of them) neither copies the bindings in scope nor nests a
    /// call per `let`.
    fn let_chain(&mut self, frame: &Frame, mut e: ExprId) -> Result<Sv> {
        let mut inner = frame.clone();
        loop {
            let loc = self.loc(&inner, e);
            self.builder.set_loc(loc.clone());
            let step = self.bind_let(&mut inner, e).map_err(|mut err| {
                if err.loc.is_none() {
                    err.loc = loc;
                }
                err
            })?;
            match step {
                Some(body) => e = body,
                None => return self.expr(&inner, e),
            }
        }
    }

    /// Binds what the `let` `e` binds in `frame` and returns its body, or
    /// `None` if `e` is not a `let`.
    fn bind_let(&mut self, frame: &mut Frame, e: ExprId) -> Result<Option<ExprId>> {
        let store = frame.body.clone();
        match &store.store.exprs[e] {
            // The sizes `let [n] ...` binds are named in the pattern's
            // type, and bound with the pattern.
            &Expr::Let {
                pat, value, body, ..
            } => {
                let value = self.expr(frame, value)?;
                self.bind_pat(frame, pat, value)?;
                Ok(Some(body))
            }
            Expr::LetFun { name, body, .. } => {
                let function = Sv::Closure(Rc::new(Closure {
                    kind: ClosureKind::LocalFunction {
                        frame: frame.clone(),
                        letfun: e,
                        sizes: Vec::new(),
                    },
                    ty: Ty::Error,
                    applied: Vec::new(),
                }));
                frame.bind(Local::Function(e), Some(name), function);
                Ok(Some(*body))
            }
            Expr::LetUpdate {
                name,
                path,
                value,
                body,
            } => {
                let Some(local) = frame.names.get(name).cloned() else {
                    return error(format!("internal error: `{name}` is not bound"));
                };
                let Some(current) = frame.locals.get(&local).cloned() else {
                    return error(format!("internal error: `{name}` has no value"));
                };
                let new_value = self.expr(frame, *value)?;
                let updated = self.update(frame, current, path, new_value)?;
                frame.bind(local, Some(name), updated);
                Ok(Some(*body))
            }
            _ => Ok(None),
        }
    }

    fn expr_inner(&mut self, frame: &Frame, e: ExprId) -> Result<Sv> {
        let expr = frame.body.store.exprs[e].clone();
        match expr {
            Expr::Missing => error("cannot lower a program with missing parts"),
            // A typed hole fails when it is reached.
            Expr::Hole => {
                let ty = self.expr_ty(frame, e)?;
                let loc = self
                    .loc(frame, e)
                    .map(|l| l.to_string())
                    .unwrap_or_default();
                self.builder.bind(
                    "hole",
                    Exp::Assert {
                        condition: SubExp::bool(false),
                        message: vec![ErrorPart::Text(format!("hole of type {ty} at {loc}."))],
                    },
                );
                self.blank_value(&ty)
            }

            Expr::Literal(literal) => {
                let ty = self.expr_ty(frame, e)?;
                self.literal(&literal, false, ty)
            }
            Expr::Negate(inner) => {
                if let Expr::Literal(literal) = &frame.body.store.exprs[inner]
                    && !matches!(literal, Literal::String(_) | Literal::Bool(_))
                {
                    let ty = self.expr_ty(frame, e)?;
                    return self.literal(literal, true, ty);
                }
                let value = self.expr(frame, inner)?;
                let ty = self.expr_ty(frame, e)?;
                let [x] = self.scalar(&value)?;
                Ok(Sv::Dyn(
                    ty,
                    vec![self.bind1("neg", Exp::UnOp(UnOp::Neg, x))],
                ))
            }
            Expr::Not(inner) => {
                let value = self.expr(frame, inner)?;
                let ty = self.expr_ty(frame, e)?;
                let op = if ty == Ty::bool() {
                    UnOp::Not
                } else {
                    UnOp::Complement
                };
                let [x] = self.scalar(&value)?;
                Ok(Sv::Dyn(ty, vec![self.bind1("not", Exp::UnOp(op, x))]))
            }
            Expr::Path(path) => {
                let base = self.path_base(frame, e)?;
                let used = frame.infer.term_paths.get(e).map_or(1, |p| p.used as usize);
                let mut value = base;
                for field in &path.segments()[used..] {
                    value = self.project(value, field)?;
                }
                Ok(value)
            }
            Expr::Field { base, field } => {
                let value = self.expr(frame, base)?;
                self.project(value, &field)
            }
            // `#[unsafe]`: no assertions while the expression runs, in the
            // functions it calls too (their instances for unsafe callers
            // have none). Bounds checks stay: generated code must never
            // read outside an array.
            Expr::Attr {
                attr: store::Attr::Atom(name),
                expr,
            } if name.as_str() == "unsafe" => {
                let outer = std::mem::replace(&mut self.unsafe_code, true);
                let value = self.expr(frame, expr);
                self.unsafe_code = outer;
                value
            }
            // `#[opaque] e`: its data, which the simplifier does not look
            // through.
            Expr::Attr {
                attr: store::Attr::Atom(name),
                expr,
            } if name.as_str() == "opaque" => match self.expr(frame, expr)? {
                Sv::Dyn(ty, parts) => {
                    let parts = parts
                        .into_iter()
                        .map(|se| SubExp::Var(self.builder.bind1("opaque", Exp::Opaque(se))))
                        .collect();
                    Ok(Sv::Dyn(ty, parts))
                }
                value => Ok(value),
            },
            // `#[blank] e`, `#[scratch] e`: any value of the type will
            // do (for `scratch`, even uninitialised memory): zeros, where
            // the type's sizes are known here; else `e`.
            Expr::Attr {
                attr: store::Attr::Atom(name),
                expr,
            } if matches!(name.as_str(), "blank" | "scratch") => {
                let ty = self.expr_ty(frame, expr)?;
                match self.zeros_of_type(frame, &ty)? {
                    Some(value) => Ok(value),
                    None => self.expr(frame, expr),
                }
            }
            // `#[param(name)] e`: a tuning parameter defaulting to `e`.
            Expr::Attr {
                attr: store::Attr::Compound(attr, ref args),
                expr,
            } if attr.as_str() == "param" => {
                let value = self.expr(frame, expr)?;
                let ([store::Attr::Atom(name)], Sv::Dyn(Ty::Prim(PrimType::I64), _)) =
                    (args.as_slice(), &value)
                else {
                    return Ok(value);
                };
                let [default] = self.scalar(&value)?;
                let index = self.builder.tuning_param(name.as_str());
                let var = self.builder.bind1(
                    "param",
                    Exp::PrimFn(prim::PrimFn::Tuning(index), vec![default]),
                );
                Ok(Sv::Dyn(Ty::i64(), vec![SubExp::Var(var)]))
            }
            // Any other attribute: the statements computing the
            // expression carry it, for the passes that look for it
            // (`#[noinline]`, `#[unroll]`, ...).
            Expr::Attr { attr, expr } => {
                let attrs = self.builder.attrs().with(&attr.to_string());
                let outer = self.builder.set_attrs(attrs);
                let value = self.expr(frame, expr);
                self.builder.set_attrs(outer);
                value
            }
            Expr::QualParen { expr, .. } | Expr::Ascription { expr, .. } => self.expr(frame, expr),
            Expr::Coercion { expr, ty: written } => {
                let value = self.expr(frame, expr)?;
                let ty = self.expr_ty(frame, e)?;
                self.coerce(frame, value, &ty, written)
            }
            Expr::Tuple(elements) => {
                let fields = elements
                    .iter()
                    .enumerate()
                    .map(|(i, &el)| Ok((Name::new(&i.to_string()), self.expr(frame, el)?)))
                    .collect::<Result<Vec<_>>>()?;
                let ty = self.expr_ty(frame, e)?;
                Ok(self.record(ty, fields))
            }
            Expr::Record(fields) => {
                let fields = fields
                    .iter()
                    .map(|(name, value)| Ok((name.clone(), self.expr(frame, *value)?)))
                    .collect::<Result<Vec<_>>>()?;
                let ty = self.expr_ty(frame, e)?;
                Ok(self.record(ty, fields))
            }
            Expr::Array(elements) => {
                let ty = self.expr_ty(frame, e)?;
                let row_ty = types::strip_dims(&ty, 1);
                let row_types = self.components_of(&row_ty)?;
                let values = elements
                    .iter()
                    .map(|&el| {
                        let v = self.expr(frame, el)?;
                        self.flatten(&v)
                    })
                    .collect::<Result<Vec<_>>>()?;
                let row_shapes = types::component_shapes(&row_ty);
                let mut parts = Vec::with_capacity(row_types.len());
                for (c, &component) in row_types.iter().enumerate() {
                    // The rows have the first row's shape (or, without
                    // rows, the shape the type gives).
                    let row = match values.first() {
                        Some(first) => self.builder.type_of(first[c]),
                        None => {
                            let sizes = row_shapes.get(c).cloned().unwrap_or_default();
                            let shape = self.template_shape(frame, component, &sizes);
                            Type::with_shape(component.element, shape)
                        }
                    };
                    let elements = values
                        .iter()
                        .map(|v| {
                            self.builder.coerce(
                                v[c],
                                row.shape(),
                                "Rows of an array have different shapes",
                            )
                        })
                        .collect();
                    parts.push(self.bind1("arr", Exp::ArrayLit { elements, row }));
                }
                Ok(Sv::Dyn(ty, parts))
            }
            Expr::Index { base, indices } => {
                let value = self.expr(frame, base)?;
                let slice = self.slice(frame, &value, &indices)?;
                let ty = self.expr_ty(frame, e)?;
                self.index(&value, &slice, ty)
            }
            Expr::Apply { func, args } => {
                let mut f = self.expr(frame, func)?;
                for arg in args {
                    let value = self.expr(frame, arg)?;
                    f = self.apply(f, value)?;
                }
                Ok(f)
            }
            Expr::Binary { lhs, rhs, .. } => {
                let meaning = frame.infer.operators.get(e).cloned();
                let operand_ty = self.expr_ty(frame, lhs)?;
                if let Some(Resolved::BuiltinOp(symbol)) = &meaning
                    && matches!(symbol.as_str(), "&&" | "||")
                {
                    let left = self.expr(frame, lhs)?;
                    let [l] = self.scalar(&left)?;
                    let is_and = symbol.as_str() == "&&";
                    let right_body = self.sub_body(|this| {
                        let right = this.expr(frame, rhs)?;
                        this.flatten(&right)
                    })?;
                    let constant = self.builder.body(|_| vec![SubExp::bool(!is_and)]);
                    let (then_body, else_body) = if is_and {
                        (right_body, constant)
                    } else {
                        (constant, right_body)
                    };
                    let result = self.bind_if("logic", l, then_body, else_body);
                    return Ok(Sv::Dyn(Ty::bool(), result));
                }
                let op_ty = Ty::function(
                    operand_ty,
                    Ty::function(self.expr_ty(frame, rhs)?, self.expr_ty(frame, e)?),
                );
                let op = self.operator(frame, e, meaning, op_ty)?;
                let left = self.expr(frame, lhs)?;
                let right = self.expr(frame, rhs)?;
                let partial = self.apply(op, left)?;
                self.apply(partial, right)
            }
            Expr::OpSection(_) => {
                let meaning = frame.infer.operators.get(e).cloned();
                let ty = self.expr_ty(frame, e)?;
                self.operator(frame, e, meaning, ty)
            }
            Expr::LeftSection { operand, .. } => {
                let meaning = frame.infer.operators.get(e).cloned();
                let op_ty = Ty::function(self.expr_ty(frame, operand)?, self.expr_ty(frame, e)?);
                let op = self.operator(frame, e, meaning, op_ty)?;
                let left = self.expr(frame, operand)?;
                self.apply(op, left)
            }
            Expr::RightSection { operand, .. } => {
                let meaning = frame.infer.operators.get(e).cloned();
                let ty = self.expr_ty(frame, e)?;
                let op_ty = match &ty {
                    Ty::Function { param, result, .. } => Ty::function(
                        (**param).clone(),
                        Ty::function(self.expr_ty(frame, operand)?, (**result).clone()),
                    ),
                    _ => Ty::Error,
                };
                let op = self.operator(frame, e, meaning, op_ty)?;
                let right = self.expr(frame, operand)?;
                Ok(Sv::Closure(Rc::new(Closure {
                    kind: ClosureKind::RightSection {
                        op: Box::new(op),
                        right: Box::new(right),
                    },
                    ty,
                    applied: Vec::new(),
                })))
            }
            Expr::ProjectionSection(steps) => Ok(Sv::Closure(Rc::new(Closure {
                kind: ClosureKind::Projection {
                    frame: frame.clone(),
                    steps,
                },
                ty: self.expr_ty(frame, e)?,
                applied: Vec::new(),
            }))),
            Expr::Range {
                start,
                second,
                end,
                end_kind,
            } => self.range(frame, e, start, second, end, end_kind),
            Expr::If {
                condition,
                then_branch,
                else_branch,
            } => {
                let cond = self.expr(frame, condition)?;
                let [c] = self.scalar(&cond)?;
                let mut ty = self.expr_ty(frame, e)?;
                let mut then_ty = None;
                let then_body = self.sub_body(|this| {
                    let v = this.expr(frame, then_branch)?;
                    if let Sv::Dyn(t, _) = &v {
                        then_ty = Some(t.clone());
                    }
                    this.flatten(&v)
                })?;
                let else_body = self.sub_body(|this| {
                    let v = this.expr(frame, else_branch)?;
                    this.flatten(&v)
                })?;
                // A type without a representation of its own (an
                // accumulator's) is represented as the branches' values.
                if self.components_of(&ty).is_err() {
                    ty = then_ty.unwrap_or(ty);
                }
                let vars = self.bind_if("if", c, then_body, else_body);
                Ok(Sv::Dyn(ty, vars))
            }
            Expr::Let { .. } | Expr::LetFun { .. } | Expr::LetUpdate { .. } => {
                self.let_chain(frame, e)
            }
            Expr::Update { base, path, value } => {
                let current = self.expr(frame, base)?;
                let new_value = self.expr(frame, value)?;
                self.update(frame, current, &path, new_value)
            }
            Expr::Lambda { params, body, .. } => Ok(Sv::Closure(Rc::new(Closure {
                kind: ClosureKind::Lambda {
                    frame: frame.clone(),
                    params,
                    body,
                },
                ty: self.expr_ty(frame, e)?,
                applied: Vec::new(),
            }))),
            Expr::Loop {
                pat,
                init,
                form,
                body,
            } => self.lower_loop(frame, e, pat, init, form, body),
            Expr::Assert { body, .. } if self.unsafe_code => self.expr(frame, body),
            Expr::Assert { condition, body } => {
                let cond = self.expr(frame, condition)?;
                let [c] = self.scalar(&cond)?;
                let text = frame
                    .source_map
                    .exprs
                    .get(condition)
                    .and_then(|ptr| {
                        hir::body::item_syntax(self.db, frame.file, frame.item).text_at(ptr.range)
                    })
                    .unwrap_or_default();
                let loc = self
                    .loc(frame, e)
                    .map(|l| l.to_string())
                    .unwrap_or_default();
                self.builder.bind(
                    "assert",
                    Exp::Assert {
                        condition: c,
                        message: vec![ErrorPart::Text(format!(
                            "Assertion is false: {text} ({loc})"
                        ))],
                    },
                );
                self.expr(frame, body)
            }
            Expr::Match { scrutinee, cases } => {
                let value = self.expr(frame, scrutinee)?;
                let ty = self.expr_ty(frame, e)?;
                self.lower_match(frame, &value, &cases, &ty)
            }
            Expr::Constr { name, payload } => {
                let ty = self.expr_ty(frame, e)?;
                let values = payload
                    .iter()
                    .map(|&p| self.expr(frame, p))
                    .collect::<Result<Vec<_>>>()?;
                if types::has_functions(&ty) {
                    return Ok(Sv::Sum {
                        constructor: name,
                        payload: values,
                    });
                }
                self.construct(frame, &ty, &name, &values)
            }
        }
    }

    /// The one component of a scalar value.
    pub(super) fn scalar(&self, value: &Sv) -> Result<[SubExp; 1]> {
        match value {
            Sv::Dyn(_, parts) if parts.len() == 1 => Ok([parts[0]]),
            _ => error("internal error: expected a scalar"),
        }
    }

    fn literal(&mut self, literal: &Literal, negated: bool, ty: Ty) -> Result<Sv> {
        if let Literal::String(bytes) = literal {
            let elements = bytes
                .iter()
                .map(|&b| SubExp::Const(PrimValue::U8(b)))
                .collect();
            let array = self.bind1(
                "str",
                Exp::ArrayLit {
                    elements,
                    row: Type::Prim(PrimType::U8),
                },
            );
            return Ok(Sv::Dyn(ty, vec![array]));
        }
        let Ty::Prim(prim) = ty else {
            return error(format!("internal error: a literal of type {ty}"));
        };
        match literal_value(literal, negated, prim) {
            Some(value) => Ok(Sv::Dyn(ty, vec![SubExp::Const(value)])),
            None => error(format!("internal error: a literal of type {}", prim.name())),
        }
    }

    /// A record value: flat data if no field holds a function.
    fn record(&self, ty: Ty, mut fields: Vec<(Name, Sv)>) -> Sv {
        if fields.is_empty() {
            return Sv::Dyn(ty, vec![SubExp::bool(false)]);
        }
        fields.sort_by(|a, b| hir::ty::field_order(&a.0, &b.0));
        if fields.iter().all(|(_, v)| matches!(v, Sv::Dyn(..))) {
            let parts = fields
                .iter()
                .flat_map(|(_, v)| match v {
                    Sv::Dyn(_, parts) => parts.clone(),
                    _ => Vec::new(),
                })
                .collect();
            Sv::Dyn(ty, parts)
        } else {
            Sv::Record(fields)
        }
    }

    pub(super) fn project(&mut self, value: Sv, field: &Name) -> Result<Sv> {
        match value {
            Sv::Record(fields) => fields
                .into_iter()
                .find(|(n, _)| n == field)
                .map(|(_, v)| v)
                .ok_or_else(|| LowerError {
                    message: format!("internal error: no field `{field}`"),
                    loc: None,
                }),
            Sv::Dyn(Ty::Record(fields), parts) => {
                let mut offset = 0;
                for (name, ty, count) in types::field_spans(&fields).map_err(|m| LowerError {
                    message: m,
                    loc: None,
                })? {
                    if &name == field {
                        return Ok(Sv::Dyn(ty, parts[offset..offset + count].to_vec()));
                    }
                    offset += count;
                }
                error(format!("internal error: no field `{field}`"))
            }
            // A field of an array of records: the array of the field.
            Sv::Dyn(
                Ty::Array {
                    element,
                    shape,
                    unique,
                },
                parts,
            ) => {
                let Ty::Record(fields) = *element else {
                    return error(format!("internal error: no field `{field}` in an array"));
                };
                let mut offset = 0;
                for (name, ty, count) in types::field_spans(&fields).map_err(|m| LowerError {
                    message: m,
                    loc: None,
                })? {
                    if &name == field {
                        let mut full = shape.clone();
                        let element_ty = match ty {
                            Ty::Array {
                                element,
                                shape: inner,
                                ..
                            } => {
                                full.extend(inner);
                                element
                            }
                            other => Box::new(other),
                        };
                        return Ok(Sv::Dyn(
                            Ty::Array {
                                element: element_ty,
                                shape: full,
                                unique,
                            },
                            parts[offset..offset + count].to_vec(),
                        ));
                    }
                    offset += count;
                }
                error(format!("internal error: no field `{field}`"))
            }
            _ => error(format!("internal error: field `{field}` of a non-record")),
        }
    }

    /// The value a name expression denotes (before field projections).
    fn path_base(&mut self, frame: &Frame, e: ExprId) -> Result<Sv> {
        let resolved = frame.infer.resolutions.get(e).cloned();
        let ty = self.expr_ty(frame, e)?;
        let Expr::Path(path) = &frame.body.store.exprs[e] else {
            return error("internal error: not a path");
        };
        let used = frame.infer.term_paths.get(e).map_or(1, |p| p.used as usize);
        let name = path.segments()[used - 1].clone();
        // The type of the term itself, before projecting fields.
        let term_ty = if used == path.segments().len() {
            ty
        } else {
            Ty::Error
        };
        match resolved {
            Some(Resolved::Local(pat)) => self.local(frame, &Local::Pat(pat)),
            Some(Resolved::LoopVar(l)) => self.local(frame, &Local::LoopVar(l)),
            Some(Resolved::Size(n)) => self.local(frame, &Local::Size(n)),
            Some(Resolved::LocalFunction(l)) => {
                let Sv::Closure(closure) = self.local(frame, &Local::Function(l))? else {
                    return error("internal error: a local function that is not a function");
                };
                let kind = match &closure.kind {
                    ClosureKind::LocalFunction {
                        frame: function_frame,
                        letfun,
                        ..
                    } => ClosureKind::LocalFunction {
                        sizes: self.local_size_args(frame, function_frame, *letfun, &term_ty),
                        frame: function_frame.clone(),
                        letfun: *letfun,
                    },
                    other => other.clone(),
                };
                Ok(Sv::Closure(Rc::new(Closure {
                    kind,
                    ty: term_ty,
                    applied: closure.applied.clone(),
                })))
            }
            Some(Resolved::Term(TermRef::Value(value))) => {
                let via = frame.infer.term_paths.get(e).and_then(|p| p.via);
                let qualifiers = &path.segments()[..used - 1];
                let target = self.resolve_value(frame, value, qualifiers, &name, via)?;
                let use_sizes = self.named_sizes(frame, &term_ty);
                let sizes = match target {
                    ValueTarget::Intrinsic(_) => Vec::new(),
                    ValueTarget::Def(..) => self.size_args(frame, &target, &term_ty),
                };
                self.term(target, term_ty, sizes, use_sizes)
            }
            Some(Resolved::SelfRecursive) => match &frame.recursion {
                Some(closure) => Ok(Sv::Closure(closure.clone())),
                None => error("internal error: a recursive call outside its function"),
            },
            Some(Resolved::Term(TermRef::Module(_))) | Some(Resolved::BuiltinOp(_)) | None => {
                error(format!("internal error: `{path}` is not a value"))
            }
        }
    }

    fn local(&self, frame: &Frame, local: &Local) -> Result<Sv> {
        frame.locals.get(local).cloned().ok_or_else(|| LowerError {
            message: format!("internal error: {local:?} has no value"),
            loc: None,
        })
    }

    /// A type of the user's frame for a definition's frame: each size
    /// leaf with a value (a name, or an existential size the user's frame
    /// knows) becomes a fresh name (recorded in `carried` with its value),
    /// any other size becomes unknown.
    fn carry_sizes(&mut self, ty: &Ty, values: &[(Size, Sv)], carried: &mut Vec<(Name, Sv)>) -> Ty {
        match ty {
            Ty::Array {
                element,
                shape,
                unique,
            } => {
                let shape = shape
                    .iter()
                    .map(|size| {
                        let mut known = true;
                        let renamed = size.map_leaves(&mut |leaf| match leaf {
                            Size::Named(_) | Size::Unknown(_) => {
                                match values.iter().find(|(l, _)| l == leaf) {
                                    Some((_, value)) => {
                                        if let Some((fresh, _)) = carried.iter().find(|(_, v)| {
                                            matches!((v, value), (Sv::Dyn(_, a), Sv::Dyn(_, b)) if a == b)
                                        }) {
                                            return Size::Named(fresh.clone());
                                        }
                                        self.fresh_sizes += 1;
                                        let fresh = Name::new(&format!("size'{}", self.fresh_sizes));
                                        carried.push((fresh.clone(), value.clone()));
                                        Size::Named(fresh)
                                    }
                                    None => {
                                        known = false;
                                        leaf.clone()
                                    }
                                }
                            }
                            other => other.clone(),
                        });
                        if known { renamed } else { Size::Unknown(0) }
                    })
                    .collect();
                Ty::Array {
                    element: Box::new(self.carry_sizes(element, values, carried)),
                    shape,
                    unique: *unique,
                }
            }
            _ => self.carry_components(ty, values, carried),
        }
    }

    /// [`Self::carry_sizes`] on the components of a non-array type.
    fn carry_components(
        &mut self,
        ty: &Ty,
        values: &[(Size, Sv)],
        carried: &mut Vec<(Name, Sv)>,
    ) -> Ty {
        match ty {
            Ty::Record(fields) => Ty::Record(
                fields
                    .iter()
                    .map(|(n, t)| (n.clone(), self.carry_sizes(t, values, carried)))
                    .collect(),
            ),
            Ty::Sum(constructors) => Ty::Sum(
                constructors
                    .iter()
                    .map(|(n, ts)| {
                        (
                            n.clone(),
                            ts.iter()
                                .map(|t| self.carry_sizes(t, values, carried))
                                .collect(),
                        )
                    })
                    .collect(),
            ),
            Ty::Function {
                param_name,
                param,
                result,
            } => Ty::Function {
                param_name: param_name.clone(),
                param: Box::new(self.carry_sizes(param, values, carried)),
                result: Box::new(self.carry_sizes(result, values, carried)),
            },
            other => other.clone(),
        }
    }

    /// The values, in `frame`, of the size leaves (names and existential
    /// sizes) in a type.
    fn named_sizes(&mut self, frame: &Frame, ty: &Ty) -> Vec<(Size, Sv)> {
        let mut leaves = Vec::new();
        collect_size_leaves(ty, &mut leaves);
        let mut values = Vec::new();
        for leaf in leaves {
            if let Some(value) = self.size_value(frame, &leaf) {
                values.push((leaf, Sv::Dyn(Ty::i64(), vec![value])));
            }
        }
        values
    }

    /// The values, in the using frame, of the size parameters of a
    /// definition that its use's type fixes.
    fn size_args(&mut self, frame: &Frame, target: &ValueTarget, ty: &Ty) -> Vec<(Name, Sv)> {
        let ValueTarget::Def(file, item, _) = target else {
            return Vec::new();
        };
        let scheme = hir::infer::value_scheme(self.db, self.file_set(), *file, *item);
        let mut sizes = Vec::new();
        match_sizes(&scheme.ty, ty, &mut sizes);
        let mut values = Vec::new();
        for (name, size) in sizes {
            if scheme.size_params.contains(&name)
                && let Some(value) = self.size_value(frame, &size)
            {
                values.push((name, Sv::Dyn(Ty::i64(), vec![value])));
            }
        }
        values
    }

    /// The values, in the using frame, of the size parameters of a local
    /// function (`letfun` of `function_frame`) that its use's type fixes.
    fn local_size_args(
        &mut self,
        frame: &Frame,
        function_frame: &Frame,
        letfun: ExprId,
        ty: &Ty,
    ) -> Vec<(Name, Sv)> {
        let Expr::LetFun {
            type_params,
            params,
            value,
            ..
        } = &function_frame.body.store.exprs[letfun]
        else {
            return Vec::new();
        };
        let size_params: Vec<&Name> = type_params
            .iter()
            .filter_map(|p| match p {
                TypeParam::Size(name) => Some(name),
                TypeParam::Type(..) => None,
            })
            .collect();
        if size_params.is_empty() {
            return Vec::new();
        }
        let Some(result) = function_frame.infer.expr_types.get(*value) else {
            return Vec::new();
        };
        let declared = params.iter().rev().fold(result.clone(), |result, &pat| {
            Ty::function(self.pat_type(function_frame, pat), result)
        });
        let mut sizes = Vec::new();
        match_sizes(&declared, ty, &mut sizes);
        let mut values = Vec::new();
        for (name, size) in sizes {
            if size_params.contains(&&name)
                && let Some(value) = self.size_value(frame, &size)
            {
                values.push((name, Sv::Dyn(Ty::i64(), vec![value])));
            }
        }
        values
    }

    /// A top-level definition or intrinsic used at type `ty`.
    pub(super) fn term(
        &mut self,
        target: ValueTarget,
        ty: Ty,
        sizes: Vec<(Name, Sv)>,
        use_sizes: Vec<(Size, Sv)>,
    ) -> Result<Sv> {
        match target {
            ValueTarget::Intrinsic(name) => match Intrinsic::named(name.as_str()) {
                Some(intrinsic) => Ok(Sv::Closure(Rc::new(Closure {
                    kind: ClosureKind::Intrinsic(
                        intrinsic,
                        use_sizes
                            .into_iter()
                            .filter_map(|(leaf, value)| match value {
                                Sv::Dyn(_, parts) if parts.len() == 1 => Some((leaf, parts[0])),
                                _ => None,
                            })
                            .collect(),
                    ),
                    ty,
                    applied: Vec::new(),
                }))),
                None => error(format!("the intrinsic `{name}` is not supported yet")),
            },
            ValueTarget::Def(file, item, ctx) => {
                let closure = Closure {
                    kind: ClosureKind::Def {
                        file,
                        item,
                        ctx,
                        sizes,
                        use_sizes,
                    },
                    ty,
                    applied: Vec::new(),
                };
                if self.arity(&closure.kind) == 0 {
                    // A constant: evaluated where it is used.
                    self.invoke(closure)
                } else {
                    Ok(Sv::Closure(Rc::new(closure)))
                }
            }
        }
    }

    /// An operator as a function value of (monomorphic) type `op_ty`.
    fn operator(
        &mut self,
        frame: &Frame,
        e: ExprId,
        meaning: Option<Resolved>,
        op_ty: Ty,
    ) -> Result<Sv> {
        match meaning {
            Some(Resolved::BuiltinOp(symbol)) => Ok(Sv::Closure(Rc::new(Closure {
                kind: ClosureKind::BuiltinOp(symbol),
                ty: op_ty,
                applied: Vec::new(),
            }))),
            Some(Resolved::Local(pat)) => self.local(frame, &Local::Pat(pat)),
            Some(Resolved::LocalFunction(l)) => self.local(frame, &Local::Function(l)),
            Some(Resolved::Term(TermRef::Value(value))) => {
                let Some(op) = self.op_path(frame, e) else {
                    return error("internal error: an operator without a name");
                };
                let via = frame.infer.term_paths.get(e).and_then(|p| p.via);
                let target = self.resolve_value(frame, value, op.qualifiers(), op.last(), via)?;
                let sizes = self.size_args(frame, &target, &op_ty);
                let use_sizes = self.named_sizes(frame, &op_ty);
                self.term(target, op_ty, sizes, use_sizes)
            }
            _ => error("internal error: an unresolved operator"),
        }
    }

    fn op_path(&self, frame: &Frame, e: ExprId) -> Option<Path> {
        match &frame.body.store.exprs[e] {
            Expr::Binary { op, .. }
            | Expr::OpSection(op)
            | Expr::LeftSection { op, .. }
            | Expr::RightSection { op, .. } => Some(op.path.clone()),
            _ => None,
        }
    }

    /// How many arguments a function takes before its body runs.
    fn arity(&self, kind: &ClosureKind) -> usize {
        match kind {
            ClosureKind::Lambda { params, .. } => params.len(),
            ClosureKind::LocalFunction { frame, letfun, .. } => {
                match &frame.body.store.exprs[*letfun] {
                    Expr::LetFun { params, .. } => params.len(),
                    _ => 0,
                }
            }
            ClosureKind::Def { file, item, .. } => hir::body::param_count(self.db, *file, *item),
            ClosureKind::Intrinsic(intrinsic, _) => intrinsic.arity(),
            ClosureKind::Recursive { statics, .. } => statics.len(),
            ClosureKind::BuiltinOp(_) => 2,
            ClosureKind::RightSection { .. }
            | ClosureKind::Projection { .. }
            | ClosureKind::Blank => 1,
        }
    }

    pub(super) fn apply(&mut self, function: Sv, arg: Sv) -> Result<Sv> {
        let Sv::Closure(closure) = function else {
            return error("internal error: applying a value that is not a function");
        };
        // A partial application held nowhere else is extended in place:
        // copying its function type and arguments per argument made long
        // applications quadratic.
        let mut closure = Rc::unwrap_or_clone(closure);
        closure.applied.push(arg);
        if closure.applied.len() < self.arity(&closure.kind) {
            Ok(Sv::Closure(Rc::new(closure)))
        } else {
            self.invoke(closure)
        }
    }

    /// Runs a fully applied function.
    fn invoke(&mut self, closure: Closure) -> Result<Sv> {
        self.depth += 1;
        if self.depth > MAX_INLINE_DEPTH {
            self.depth -= 1;
            return error(format!(
                "functions are nested too deeply to be inlined: more than \
                 {MAX_INLINE_DEPTH} calls inside one another (applied lambdas \
                 and definitions made from definitions count too)"
            ));
        }
        let result = self.invoke_inner(closure);
        self.depth -= 1;
        result
    }

    fn invoke_inner(&mut self, closure: Closure) -> Result<Sv> {
        let Closure { kind, ty, applied } = closure;
        match kind {
            ClosureKind::Lambda {
                mut frame,
                params,
                body,
            } => {
                for (&pat, arg) in params.iter().zip(applied) {
                    self.bind_pat(&mut frame, pat, arg)?;
                }
                self.expr(&frame, body)
            }
            ClosureKind::LocalFunction {
                mut frame,
                letfun,
                sizes,
            } => {
                let Expr::LetFun { params, value, .. } = frame.body.store.exprs[letfun].clone()
                else {
                    return error("internal error: not a local function");
                };
                self.instantiate_params(&mut frame, &params, &applied, &ty)?;
                for (&pat, arg) in params.iter().zip(applied.clone()) {
                    self.bind_pat(&mut frame, pat, arg)?;
                }
                bind_unbound_sizes(&mut frame, sizes);
                self.solve_size_params(&mut frame, &params, &applied)?;
                self.expr(&frame, value)
            }
            ClosureKind::Def {
                file,
                item,
                ctx,
                sizes,
                use_sizes,
            } => {
                if let Some(result) = self.first_order_call(file, item, &ctx, &ty, &applied)? {
                    return Ok(result);
                }
                let scheme = hir::infer::value_scheme(self.db, self.file_set(), file, item);
                let mut subst = Vec::new();
                if ty != Ty::Error {
                    match_types(&scheme.ty, &ty, &mut subst);
                }
                // The user's size names mean nothing in the definition
                // (where they may name its own sizes): they are renamed to
                // fresh names bound to their values.
                let mut carried = Vec::new();
                let subst = subst
                    .into_iter()
                    .map(|(name, t)| (name, self.carry_sizes(&t, &use_sizes, &mut carried)))
                    .collect();
                let mut frame = self.frame(file, item, subst, ctx);
                for (fresh, value) in carried {
                    frame.bind(Local::Size(fresh), None, value);
                }
                let recursive = frame
                    .infer
                    .resolutions
                    .values()
                    .any(|r| matches!(r, Resolved::SelfRecursive));
                if recursive {
                    return self.recursive_call(frame, &ty, applied, sizes);
                }
                let body = std::sync::Arc::clone(&frame.body);
                self.instantiate_params(&mut frame, &body.params, &applied, &Ty::Error)?;
                // The definition's code is inlined at the call: the call
                // is the innermost site of what it lowers.
                let outer_chain = self.inlined_from.clone();
                if let Some(call_site) = self.builder.loc() {
                    self.inlined_from = CallChain::from_innermost(
                        std::iter::once(call_site.site()).chain(outer_chain.iter().cloned()),
                    );
                }
                let result = self
                    .bind_params(&mut frame, &body.params, applied.clone())
                    .and_then(|()| {
                        bind_unbound_sizes(&mut frame, sizes);
                        self.solve_size_params(&mut frame, &body.params, &applied)?;
                        self.expr(&frame, body.body)
                    });
                self.inlined_from = outer_chain;
                result
            }
            ClosureKind::Recursive { func, statics, ret } => {
                let mut args = Vec::new();
                for (arg, fixed) in applied.iter().zip(&statics) {
                    if fixed.is_none() {
                        args.extend(self.flatten(arg)?);
                    }
                }
                let vars = self.builder.bind_call("call", func, &args);
                Ok(Sv::Dyn(ret, vars.into_iter().map(SubExp::Var).collect()))
            }
            ClosureKind::Intrinsic(intrinsic, sizes) => {
                self.intrinsic(intrinsic, &ty, &sizes, applied)
            }
            ClosureKind::Blank => match ty {
                Ty::Function { result, .. } => self.blank_value(&result),
                _ => error("internal error: a placeholder function of a non-function type"),
            },
            ClosureKind::BuiltinOp(symbol) => {
                let mut args = applied.into_iter();
                let (Some(a), Some(b)) = (args.next(), args.next()) else {
                    return error("internal error: an operator without two operands");
                };
                self.builtin_binop(symbol.as_str(), a, b)
            }
            ClosureKind::RightSection { op, right } => {
                let Some(left) = applied.into_iter().next() else {
                    return error("internal error: a section without its operand");
                };
                let partial = self.apply(*op, left)?;
                self.apply(partial, *right)
            }
            ClosureKind::Projection { frame, steps } => {
                let Some(mut value) = applied.into_iter().next() else {
                    return error("internal error: a projection without its operand");
                };
                for step in &steps {
                    value = match step {
                        UpdateStep::Field(field) => self.project(value, field)?,
                        UpdateStep::Index(indices) => {
                            let slice = self.slice(&frame, &value, indices)?;
                            let Sv::Dyn(ty, _) = &value else {
                                return error("internal error: indexing a function");
                            };
                            let result_ty = sliced_type(ty, &slice);
                            self.index(&value, &slice, result_ty)?
                        }
                    };
                }
                Ok(value)
            }
        }
    }

    /// A call of a definition whose arguments are all data becomes a call
    /// of an IR function, one per instantiation (the definition, its
    /// module context and the argument and result types without sizes).
    /// `None` if the call must be inlined instead: function arguments or
    /// results, a recursive definition (see [`Self::recursive_call`]), or
    /// size parameters that only the use's type determines.
    fn first_order_call(
        &mut self,
        file: SourceFile,
        item: ItemIdx,
        ctx: &super::ModCtx,
        ty: &Ty,
        applied: &[Sv],
    ) -> Result<Option<Sv>> {
        if ty == &Ty::Error || applied.iter().any(|a| !matches!(a, Sv::Dyn(..))) {
            return Ok(None);
        }
        let scheme = hir::infer::value_scheme(self.db, self.file_set(), file, item);
        let (param_count, self_recursive) = super::call_shape(self.db, self.file_set(), file, item);
        if param_count != applied.len() || self_recursive {
            return Ok(None);
        }
        // Every size parameter must be the size of a parameter's dimension
        // (not a part of a symbolic size: only the use's type knows it).
        let mut param_sizes = Vec::new();
        let mut param_ty = &scheme.ty;
        while let Ty::Function { param, result, .. } = param_ty {
            collect_dimension_names(param, &mut param_sizes);
            param_ty = result;
        }
        if scheme.size_params.iter().any(|n| !param_sizes.contains(n)) {
            return Ok(None);
        }
        // So must every size of a type parameter's instance: one that no
        // parameter's type mentions (`def empty = []` used at `[0][n]t`)
        // has sizes only the use's type knows.
        let mut subst = Vec::new();
        match_types(&scheme.ty, ty, &mut subst);
        let mut param_type_names = Vec::new();
        let mut param_ty = &scheme.ty;
        while let Ty::Function { param, result, .. } = param_ty {
            collect_type_names(param, &mut param_type_names);
            param_ty = result;
        }
        if subst.iter().any(|(name, instance)| {
            !param_type_names.contains(name)
                && !types::component_shapes(instance).iter().all(Vec::is_empty)
        }) {
            return Ok(None);
        }
        let mut ret = forget_sizes(ty);
        for _ in applied {
            ret = match ret {
                Ty::Function { result, .. } => *result,
                _ => return Ok(None),
            };
        }
        if types::has_functions(&ret) || types::components(&ret).is_err() {
            return Ok(None);
        }
        let arg_types: Vec<Ty> = applied
            .iter()
            .map(|a| match a {
                Sv::Dyn(t, _) => forget_sizes(t),
                _ => Ty::Error,
            })
            .collect();
        let key = super::Instance {
            file,
            item,
            ctx: ctx.clone(),
            use_ty: forget_sizes(ty),
            args: arg_types,
            arg_kinds: applied.iter().map(|arg| self.part_kinds(arg)).collect(),
            ret: ret.clone(),
            unsafe_code: self.unsafe_code,
            accumulation: self.accumulations.last().map(|a| a.id),
            entry: std::mem::take(&mut self.entry_call),
        };
        // An instance inside an accumulation depends on the accumulation's
        // operator, and one inside a function being differentiated must
        // have its body at hand: both are lowered into this piece.
        let private = key.accumulation.is_some() || self.private_depth > 0;
        let func = match self.instances.get(&(key.clone(), private)) {
            Some(&func) => func,
            None if private => self.instantiate_function(key, true)?,
            None => {
                let (name, params, ret) = super::instance_signature(
                    self.db,
                    self.file_set(),
                    key.clone(),
                    self.display_root.map(str::to_owned),
                )?;
                let func = self.builder.declare_function(&name, params, ret);
                self.externals.insert(func, key.clone());
                self.instances.insert((key, false), func);
                func
            }
        };
        let mut args = Vec::new();
        for arg in applied {
            args.extend(self.flatten(arg)?);
        }
        // `#[noinline] def`: no call of it is inlined.
        let noinline = item_tree(self.db, file)
            .item(item)
            .attrs
            .iter()
            .any(|a| matches!(a, store::Attr::Atom(name) if name.as_str() == "noinline"));
        let outer_attrs = noinline.then(|| {
            let attrs = self.builder.attrs().with("noinline");
            self.builder.set_attrs(attrs)
        });
        let vars = self.builder.bind_call("call", func, &args);
        if let Some(outer_attrs) = outer_attrs {
            self.builder.set_attrs(outer_attrs);
        }
        Ok(Some(Sv::Dyn(
            ret,
            vars.into_iter().map(SubExp::Var).collect(),
        )))
    }

    /// The IR function of one instantiation of a definition, made once
    /// per piece (recorded in `instances` before its body is lowered).
    pub(super) fn instantiate_function(
        &mut self,
        key: super::Instance,
        private: bool,
    ) -> Result<opt::ir::FuncId> {
        let (file, item) = (key.file, key.item);
        let body = hir::body::value_body(self.db, file, item);
        let scheme = hir::infer::value_scheme(self.db, self.file_set(), file, item);
        let mut subst = Vec::new();
        match_types(&scheme.ty, &key.use_ty, &mut subst);
        let mut frame = self.frame(file, item, subst, key.ctx.clone());
        let mut data = Vec::new();
        for ((arg_ty, kinds), &pat) in key.args.iter().zip(&key.arg_kinds).zip(&body.params) {
            // A parameter declared unique is consumed by the call.
            let unique = matches!(self.pat_type(&frame, pat), Ty::Array { unique: true, .. });
            data.push((arg_ty.clone(), kinds.clone(), unique));
        }
        let (params, param_values) = self.data_params(&data);
        let name = item_name(self.db, file, item);
        let func = self
            .builder
            .declare_function(&name, params.clone(), Vec::new());
        self.entry_call = key.entry;
        self.instances.insert((key, private), func);
        // The function is shared by every call: its code was not inlined
        // from any of them, and it is not nested in the caller's inlining
        // (a chain of definitions each calling the next is lowered one
        // function at a time, however long).
        let inlined_from = std::mem::take(&mut self.inlined_from);
        let outer_depth = std::mem::replace(&mut self.depth, 0);
        let outer_loc = self.builder.set_loc(None);
        let outer_attrs = self.builder.set_attrs(opt::ir::Attrs::default());
        let function_body = self.sub_body(|this| {
            this.bind_params(&mut frame, &body.params, param_values)?;
            let result = this.expr(&frame, body.body)?;
            this.flatten(&result)
        });
        self.builder.set_loc(outer_loc);
        self.builder.set_attrs(outer_attrs);
        self.inlined_from = inlined_from;
        self.depth = outer_depth;
        let mut function_body = function_body?;
        let ret = self
            .builder
            .function_results(&params, &mut function_body, false);
        self.builder.define_function(
            func,
            opt::ir::Function {
                name,
                params,
                ret: ret.into_iter().map(|t| (t, false)).collect(),
                body: function_body,
            },
        );
        Ok(func)
    }

    /// The element type and rank of each IR component of a data value.
    fn part_kinds(&self, value: &Sv) -> super::PartKinds {
        let Sv::Dyn(_, parts) = value else {
            return Vec::new();
        };
        parts
            .iter()
            .map(|&p| {
                let t = self.builder.type_of(p);
                (t.element(), t.rank())
            })
            .collect()
    }

    /// The parameters of an IR function for data arguments (their type,
    /// components and whether consumed): a size parameter per dimension
    /// of each array component, then one per component; and the values
    /// the parameters stand for, to bind in the body.
    fn data_params(&mut self, args: &[(Ty, super::PartKinds, bool)]) -> (Vec<Param>, Vec<Sv>) {
        let kinds: Vec<(PrimType, usize, bool)> = args
            .iter()
            .flat_map(|(_, kinds, unique)| {
                kinds
                    .iter()
                    .map(|&(element, rank)| (element, rank, *unique))
            })
            .collect();
        let (mut params, values) = self.builder.sized_params("arg", &kinds);
        let mut values = values.into_iter();
        let mut param_values = Vec::with_capacity(args.len());
        for (ty, kinds, _) in args {
            let vars: Vec<Param> = values.by_ref().take(kinds.len()).collect();
            param_values.push(Sv::Dyn(
                ty.clone(),
                vars.iter().map(|p| SubExp::Var(p.var)).collect(),
            ));
            params.extend(vars);
        }
        (params, param_values)
    }

    /// A call of a recursive definition: its body becomes an IR function
    /// (one per call from outside), whose parameters are the components
    /// of the data arguments; function arguments are static, and the
    /// language requires recursive calls to pass the same ones.
    fn recursive_call(
        &mut self,
        mut frame: Frame,
        ty: &Ty,
        applied: Vec<Sv>,
        sizes: Vec<(Name, Sv)>,
    ) -> Result<Sv> {
        let body = std::sync::Arc::clone(&frame.body);
        let mut ret = ty.clone();
        for _ in &applied {
            ret = match ret {
                Ty::Function { result, .. } => *result,
                _ => return error("internal error: a recursive function of the wrong type"),
            };
        }
        if types::has_functions(&ret) {
            return error("a recursive function may not return a function");
        }
        let ret_kinds: Vec<(PrimType, usize)> = self
            .components_of(&ret)?
            .iter()
            .map(|c| (c.element, c.rank))
            .collect();
        let mut statics = Vec::new();
        let mut data = Vec::new();
        let mut outer_args = Vec::new();
        for arg in &applied {
            match arg {
                Sv::Dyn(arg_ty, parts) => {
                    data.push((arg_ty.clone(), self.part_kinds(arg), false));
                    outer_args.extend(parts.iter().copied());
                    statics.push(None);
                }
                other => statics.push(Some(other.clone())),
            }
        }
        let (params, data_values) = self.data_params(&data);
        let mut data_values = data_values.into_iter();
        let param_values: Vec<Sv> = applied
            .iter()
            .map(|arg| match arg {
                Sv::Dyn(..) => data_values.next().unwrap_or_else(|| arg.clone()),
                other => other.clone(),
            })
            .collect();
        let name = item_name(self.db, frame.file, frame.item);
        // Recursive calls are built before the body: every size of the
        // results is one the function returns.
        let ret_types = opt::ir::build::existential_results(&ret_kinds);
        let func = self
            .builder
            .declare_function(&name, params.clone(), ret_types.clone());
        frame.recursion = Some(Rc::new(Closure {
            kind: ClosureKind::Recursive {
                func,
                statics: statics.clone(),
                ret: ret.clone(),
            },
            ty: ty.clone(),
            applied: Vec::new(),
        }));
        self.instantiate_params(&mut frame, &body.params, &applied, &Ty::Error)?;
        // The function is shared by every call: none's attributes are its.
        let outer_attrs = self.builder.set_attrs(opt::ir::Attrs::default());
        let function_body = self.sub_body(|this| {
            this.bind_params(&mut frame, &body.params, param_values)?;
            bind_unbound_sizes(&mut frame, sizes);
            let result = this.expr(&frame, body.body)?;
            this.flatten(&result)
        });
        self.builder.set_attrs(outer_attrs);
        let mut function_body = function_body?;
        self.builder
            .function_results(&params, &mut function_body, true);
        self.builder.define_function(
            func,
            opt::ir::Function {
                name,
                params,
                ret: ret_types.into_iter().map(|t| (t, false)).collect(),
                body: function_body,
            },
        );
        let vars = self.builder.bind_call("call", func, &outer_args);
        Ok(Sv::Dyn(ret, vars.into_iter().map(SubExp::Var).collect()))
    }

    /// Binds the type parameters of a local function's frame by matching
    /// its parameters' types against the arguments'.
    fn instantiate_params(
        &self,
        frame: &mut Frame,
        params: &[PatId],
        args: &[Sv],
        _ty: &Ty,
    ) -> Result<()> {
        let mut subst = (*frame.subst).clone();
        for (&pat, arg) in params.iter().zip(args) {
            if let Sv::Dyn(arg_ty, _) = arg {
                let declared = self.pat_type(frame, pat);
                match_types(&declared, arg_ty, &mut subst);
            }
        }
        frame.subst = Rc::new(subst);
        Ok(())
    }

    /// Binds a definition's parameters to its arguments, checking that
    /// arguments whose types share a size have the same size.
    fn bind_params(&mut self, frame: &mut Frame, params: &[PatId], args: Vec<Sv>) -> Result<()> {
        let check = if std::mem::take(&mut self.entry_call) {
            ParamCheck::Entry
        } else {
            ParamCheck::Function
        };
        let args = self.with_shared_sizes(frame, params, args, check);
        // All parameters' names first: a size may be named by a later
        // parameter (`(xs: [n]t) (n: i64)`), whose value it then is.
        let outer = self.deferred_sizes.replace(Vec::new());
        let bound = params
            .iter()
            .zip(args)
            .try_for_each(|(&pat, arg)| self.bind_pat(frame, pat, arg));
        let deferred = std::mem::replace(&mut self.deferred_sizes, outer).unwrap_or_default();
        bound?;
        let previous = self.param_check.replace(check);
        let result = deferred.into_iter().try_for_each(|sizes| match sizes {
            DeferredSizes::Declared(ty, value) => self.bind_sizes(frame, &ty, &value),
            DeferredSizes::Written(ty, value) => self.bind_written_sizes(frame, ty, &value),
        });
        self.param_check = previous;
        result
    }

    /// The arguments, each array dimension that the parameters' types
    /// give a size given before (`(xs: [n]t) (ys: [n]t)`, or a size the
    /// checker unified) checked against the first and coerced to it
    /// (unified sizes are equal in every program the checker accepts,
    /// and an entry point's arguments are checked): the body then sees one size
    /// where the types see one, so that the arrays it makes from several
    /// arguments have the same sizes (and need no reshaping to meet).
    fn with_shared_sizes(
        &mut self,
        frame: &Frame,
        params: &[PatId],
        args: Vec<Sv>,
        check: ParamCheck,
    ) -> Vec<Sv> {
        let mut first: FxHashMap<Size, SubExp> = FxHashMap::default();
        let mut out = Vec::with_capacity(args.len());
        for (&pat, arg) in params.iter().zip(args) {
            let Sv::Dyn(ty, parts) = arg else {
                out.push(arg);
                continue;
            };
            let shapes = types::component_shapes(&self.pat_type(frame, pat));
            if shapes.len() != parts.len() {
                out.push(Sv::Dyn(ty, parts));
                continue;
            }
            let parts = parts
                .into_iter()
                .zip(shapes)
                .map(|(part, shape)| {
                    let dims = self.builder.dims(part);
                    if dims.len() != shape.len() {
                        return part;
                    }
                    let target: Vec<SubExp> = dims
                        .iter()
                        .zip(&shape)
                        .map(|(&dim, size)| match size {
                            Size::Named(_) | Size::Var(_) => {
                                *first.entry(size.clone()).or_insert(dim)
                            }
                            _ => dim,
                        })
                        .collect();
                    self.builder.coerce_with(part, &target, |_, _| {
                        vec![ErrorPart::Text(check.message().into())]
                    })
                })
                .collect();
            out.push(Sv::Dyn(ty, parts));
        }
        out
    }

    /// Binds a pattern's names to the parts of a value, and the sizes its
    /// type names to the value's sizes.
    pub(super) fn bind_pat(&mut self, frame: &mut Frame, pat: PatId, value: Sv) -> Result<()> {
        let declared = self.pat_type(frame, pat);
        self.bind_sizes(frame, &declared, &value)?;
        match frame.body.store.pats[pat].clone() {
            Pat::Name(name) => {
                // The declared type, if it is known, names the sizes the
                // variable's type mentions.
                let value = match value {
                    Sv::Dyn(ty, parts) => match self.mono(frame, &declared) {
                        Ok(declared)
                            if self.components_of(&declared).is_ok_and(|types| {
                                types.len() == parts.len()
                                    && types.iter().zip(&parts).all(|(&t, &p)| {
                                        t == types::Component::of(&self.builder.type_of(p))
                                    })
                            }) =>
                        {
                            Sv::Dyn(declared, parts)
                        }
                        _ => Sv::Dyn(ty, parts),
                    },
                    other => other,
                };
                frame.bind(Local::Pat(pat), Some(&name), value);
                Ok(())
            }
            Pat::Wildcard | Pat::Literal { .. } | Pat::Missing => Ok(()),
            Pat::Tuple(elements) => {
                for (i, &element) in elements.iter().enumerate() {
                    let field = self.project(value.clone(), &Name::new(&i.to_string()))?;
                    self.bind_pat(frame, element, field)?;
                }
                Ok(())
            }
            Pat::Record(fields) => {
                for (name, field_pat) in fields {
                    let field = self.project(value.clone(), &name)?;
                    self.bind_pat(frame, field_pat, field)?;
                }
                Ok(())
            }
            Pat::Constr { name, payload } => {
                let payload_values = match &value {
                    Sv::Dyn(ty, parts) => self.destruct(ty, parts, &name)?,
                    Sv::Sum {
                        constructor,
                        payload,
                        ..
                    } if *constructor == name => payload.clone(),
                    _ => return error("internal error: a constructor pattern that cannot match"),
                };
                for (&p, v) in payload.iter().zip(payload_values) {
                    self.bind_pat(frame, p, v)?;
                }
                Ok(())
            }
            Pat::Ascription { pat: inner, ty } => {
                self.bind_written_sizes(frame, ty, &value)?;
                self.bind_pat(frame, inner, value)
            }
            Pat::Attr { pat: inner, .. } => self.bind_pat(frame, inner, value),
        }
    }

    /// Binds each size a (declared) type names, and that is not yet
    /// bound, to the corresponding size of the value; sizes bound already
    /// are checked.
    fn bind_sizes(&mut self, frame: &mut Frame, declared: &Ty, value: &Sv) -> Result<()> {
        if let Some(deferred) = &mut self.deferred_sizes {
            deferred.push(DeferredSizes::Declared(declared.clone(), value.clone()));
            return Ok(());
        }
        let parts = match value {
            Sv::Dyn(_, parts) => parts,
            Sv::Record(fields) => {
                if let Ty::Record(declared_fields) = declared {
                    for (name, field) in fields {
                        if let Some((_, field_ty)) = declared_fields.iter().find(|(n, _)| n == name)
                        {
                            self.bind_sizes(frame, field_ty, field)?;
                        }
                    }
                }
                return Ok(());
            }
            Sv::Sum { .. } | Sv::Closure(_) => return Ok(()),
        };
        // Sizes may be named inside records and tuples, and by the size
        // arguments of abstract types, which the monomorphic type shows.
        let declared = self
            .mono(frame, declared)
            .unwrap_or_else(|_| declared.clone());
        let shapes = match types::readable_shapes(&declared) {
            Ok(shapes) if shapes.len() == parts.len() => shapes,
            // A type not known in full: its outer dimensions are those of
            // every component.
            _ => match &declared {
                Ty::Array { shape, .. } if !parts.is_empty() => vec![shape.clone()],
                _ => return Ok(()),
            },
        };
        let mut seen: Vec<&Size> = Vec::new();
        for (&part, shape) in parts.iter().zip(&shapes) {
            for (dim, size) in shape.iter().enumerate() {
                if seen.contains(&size) {
                    continue;
                }
                seen.push(size);
                self.bind_size(frame, part, dim, size)?;
            }
        }
        Ok(())
    }

    /// Binds a size a declared type names, if it is not bound yet, to
    /// dimension `dim` of the component `part`; a bound one is checked.
    fn bind_size(
        &mut self,
        frame: &mut Frame,
        part: SubExp,
        dim: usize,
        size: &Size,
    ) -> Result<()> {
        if let Size::Var(var) = size {
            let local = Local::SizeVar(*var);
            if !frame.locals.contains_key(&local) {
                let actual = self.size_of(part, dim)?;
                frame.bind(local, None, Sv::Dyn(Ty::i64(), vec![actual]));
            }
            return Ok(());
        }
        let Size::Named(name) = size else {
            // Constants and size expressions (`[3]`, `[n + 1]`): the
            // checker has seen to them except where values come from
            // outside the program.
            if self.param_check == Some(ParamCheck::Entry)
                && let Some(expected) = self.size_value(frame, size)
            {
                self.check_param_size(part, dim, expected, ParamCheck::Entry)?;
            }
            return Ok(());
        };
        // A size named by a variable (`(n: i64) ... [n]`) or a module's
        // value (`[M.k]`) is that value, not a size to learn from this
        // value.
        if frame.names.contains_key(name) || name.as_str().contains('.') {
            if self.param_check == Some(ParamCheck::Entry)
                && let Some(expected) = self.size_value(frame, size)
            {
                self.check_param_size(part, dim, expected, ParamCheck::Entry)?;
            }
            return Ok(());
        }
        if let Some(Sv::Dyn(_, bound)) = frame.locals.get(&Local::Size(name.clone())) {
            // Parameters sharing a size must agree on it.
            if let (Some(check), [expected]) = (self.param_check, bound.as_slice()) {
                let expected = *expected;
                self.check_param_size(part, dim, expected, check)?;
            }
            return Ok(());
        }
        let actual = self.size_of(part, dim)?;
        frame.bind(
            Local::Size(name.clone()),
            None,
            Sv::Dyn(Ty::i64(), vec![actual]),
        );
        Ok(())
    }

    /// Binds the size parameters that neither the arguments' shapes nor
    /// the use's type gave, but that a parameter's type determines through
    /// a size expression (`[n * m]t` with `m` known, as `unflatten`'s
    /// argument where its size is one the checker cannot express), by
    /// solving the expression for them.
    fn solve_size_params(
        &mut self,
        frame: &mut Frame,
        params: &[PatId],
        args: &[Sv],
    ) -> Result<()> {
        for (&pat, arg) in params.iter().zip(args) {
            let Sv::Dyn(_, parts) = arg else {
                continue;
            };
            let declared = self.pat_type(frame, pat);
            let declared = self
                .mono(frame, &declared)
                .unwrap_or_else(|_| declared.clone());
            let Ok(shapes) = types::readable_shapes(&declared) else {
                continue;
            };
            if shapes.len() != parts.len() {
                continue;
            }
            for (&part, shape) in parts.iter().zip(&shapes) {
                for (dim, size) in shape.iter().enumerate() {
                    if !matches!(size, Size::Op(..)) {
                        continue;
                    }
                    let mut unknown = Vec::new();
                    size.all_leaves(&mut |leaf| {
                        if let Size::Named(name) = leaf
                            && !frame.locals.contains_key(&Local::Size(name.clone()))
                            && !frame.names.contains_key(name)
                        {
                            unknown.push(name.clone());
                        }
                        true
                    });
                    let [name] = unknown.as_slice() else {
                        continue;
                    };
                    let actual = self.size_of(part, dim)?;
                    if let Some(value) = self.invert_size(frame, size, name, actual) {
                        frame.bind(
                            Local::Size(name.clone()),
                            None,
                            Sv::Dyn(Ty::i64(), vec![value]),
                        );
                    }
                }
            }
        }
        Ok(())
    }

    /// The value of `unknown`, the one unknown name of `size`, for which
    /// `size` is `target`; `None` unless every step is `+`, `-` or `*`.
    fn invert_size(
        &mut self,
        frame: &Frame,
        size: &Size,
        unknown: &Name,
        target: SubExp,
    ) -> Option<SubExp> {
        let mentions = |s: &Size| !s.all_leaves(&mut |leaf| leaf != &Size::Named(unknown.clone()));
        match size {
            Size::Named(name) if name == unknown => Some(target),
            Size::Op(op, operands) => {
                let (a, b) = (&operands.0, &operands.1);
                let (inner, known, unknown_left) = match (mentions(a), mentions(b)) {
                    (true, false) => (a, b, true),
                    (false, true) => (b, a, false),
                    _ => return None,
                };
                let known = self.size_value(frame, known)?;
                let target = match op {
                    SizeOp::Add => self.binop(BinOp::Sub, target, known),
                    SizeOp::Sub if unknown_left => self.binop(BinOp::Add, target, known),
                    SizeOp::Sub => self.binop(BinOp::Sub, known, target),
                    SizeOp::Mul => {
                        // Any value of the unknown fits a zero factor.
                        let zero = self.cmp(CmpOp::Eq, known, i64_const(0));
                        let divisor = self.select(zero, i64_const(1), known);
                        let quotient = self.binop(BinOp::Div, target, divisor);
                        self.select(zero, i64_const(0), quotient)
                    }
                    SizeOp::Div | SizeOp::Mod | SizeOp::Pow => return None,
                };
                self.invert_size(frame, inner, unknown, target)
            }
            _ => None,
        }
    }

    /// Fails unless dimension `dim` of the array `first` (a component of
    /// an argument) is `expected`.
    fn check_param_size(
        &mut self,
        first: SubExp,
        dim: usize,
        expected: SubExp,
        check: ParamCheck,
    ) -> Result<()> {
        let actual = self.size_of(first, dim)?;
        let equal = self.cmp(CmpOp::Eq, actual, expected);
        self.builder.bind(
            "sizes_ok",
            Exp::Assert {
                condition: equal,
                message: vec![ErrorPart::Text(check.message().into())],
            },
        );
        Ok(())
    }

    /// Binds the sizes a type annotation names (`(xs: [n][m]t)`), as
    /// written, to the value's sizes; the inferred types may have
    /// replaced them by what they were unified with.
    fn bind_written_sizes(
        &mut self,
        frame: &mut Frame,
        ty: store::TypeId,
        value: &Sv,
    ) -> Result<()> {
        if let Some(deferred) = &mut self.deferred_sizes {
            deferred.push(DeferredSizes::Written(ty, value.clone()));
            return Ok(());
        }
        let body = std::sync::Arc::clone(&frame.body);
        match &body.store.types[ty] {
            store::TypeRef::Unique(inner) => self.bind_written_sizes(frame, *inner, value),
            store::TypeRef::Tuple(elements) => {
                for (i, &element) in elements.iter().enumerate() {
                    let field = self.project(value.clone(), &Name::new(&i.to_string()))?;
                    self.bind_written_sizes(frame, element, &field)?;
                }
                Ok(())
            }
            store::TypeRef::Record(fields) => {
                for (name, field_ty) in fields {
                    let field = self.project(value.clone(), name)?;
                    self.bind_written_sizes(frame, *field_ty, &field)?;
                }
                Ok(())
            }
            store::TypeRef::Array { .. } => {
                let Sv::Dyn(_, parts) = value else {
                    return Ok(());
                };
                let Some(&first) = parts.first() else {
                    return Ok(());
                };
                let mut dim = 0;
                let mut current = ty;
                while let store::TypeRef::Array { size, element } = &body.store.types[current] {
                    if let store::SizeRef::Expr(e) = size
                        && let Expr::Path(path) = &body.store.exprs[*e]
                        && path.is_single()
                    {
                        let local = Local::Size(path.last().clone());
                        if !frame.locals.contains_key(&local)
                            && !frame.names.contains_key(path.last())
                        {
                            let actual = self.size_of(first, dim)?;
                            frame.bind(local, None, Sv::Dyn(Ty::i64(), vec![actual]));
                        }
                    }
                    dim += 1;
                    current = *element;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// `e :> t`: checks the sizes `t` names against the value's.
    /// The sizes are those written in the coercion's type, evaluated, or
    /// where none is written, those of its inferred type.
    fn coerce(&mut self, frame: &Frame, value: Sv, ty: &Ty, written: store::TypeId) -> Result<Sv> {
        let (Sv::Dyn(_, parts), Ty::Array { shape, element, .. }) = (&value, ty) else {
            return Ok(value);
        };
        let Some(&first) = parts.first() else {
            return Ok(value);
        };
        let written_sizes = self.written_sizes(frame, written)?;
        let mut ok = SubExp::bool(true);
        let mut actual_shape = Vec::new();
        let mut expected_shape = Vec::new();
        for (dim, size) in shape.iter().enumerate() {
            let actual = self.size_of(first, dim)?;
            actual_shape.push(actual);
            let expected = match written_sizes.get(dim) {
                Some(Some(value)) => Some(*value),
                _ => self.size_value(frame, size),
            };
            if let Some(expected) = expected {
                let equal = self.cmp(CmpOp::Eq, actual, expected);
                ok = self.and(ok, equal);
            }
            expected_shape.push(expected);
        }
        let mut message = vec![ErrorPart::Text("Value of shape ".into())];
        for &d in &actual_shape {
            message.extend([
                ErrorPart::Text("[".into()),
                ErrorPart::Value(d),
                ErrorPart::Text("]".into()),
            ]);
        }
        message.push(ErrorPart::Text(" cannot match shape of type \"".into()));
        for d in &expected_shape {
            match d {
                Some(d) => message.extend([
                    ErrorPart::Text("[".into()),
                    ErrorPart::Value(*d),
                    ErrorPart::Text("]".into()),
                ]),
                None => message.push(ErrorPart::Text("[]".into())),
            }
        }
        message.push(ErrorPart::Text(format!("{element}\".")));
        self.builder.bind(
            "coerce",
            Exp::Assert {
                condition: ok,
                message,
            },
        );
        Ok(Sv::Dyn(ty.clone(), parts.clone()))
    }

    /// The sizes written in an array type annotation (`[n * m][]t`),
    /// evaluated; `None` for an anonymous one.
    fn written_sizes(&mut self, frame: &Frame, ty: store::TypeId) -> Result<Vec<Option<SubExp>>> {
        let body = std::sync::Arc::clone(&frame.body);
        let mut sizes = Vec::new();
        let mut current = ty;
        loop {
            match &body.store.types[current] {
                store::TypeRef::Unique(inner) => current = *inner,
                store::TypeRef::Array { size, element } => {
                    sizes.push(match size {
                        store::SizeRef::Expr(e) => match &body.store.exprs[*e] {
                            Expr::Path(path) if path.is_single() => {
                                self.size_value(frame, &Size::Named(path.last().clone()))
                            }
                            Expr::Path(path) => self.qualified_constant(frame, path),
                            Expr::Literal(Literal::Int { value, .. }) => {
                                Some(i64_const(*value as i64))
                            }
                            // Other size expressions are evaluated if the
                            // checker typed them.
                            _ if frame.infer.expr_types.get(*e).is_some() => {
                                let value = self.expr(frame, *e)?;
                                Some(self.scalar(&value)?[0])
                            }
                            _ => None,
                        },
                        store::SizeRef::Anonymous => None,
                    });
                    current = *element;
                }
                _ => return Ok(sizes),
            }
        }
    }

    /// The value of a size in a frame: a constant, or a size binder or
    /// `i64` variable in scope; `None` for an unknown size.
    fn size_value(&mut self, frame: &Frame, size: &Size) -> Option<SubExp> {
        let value = match size {
            Size::Const(n) => return Some(i64_const(*n as i64)),
            Size::Named(name) => match frame.locals.get(&Local::Size(name.clone())) {
                Some(value) => value,
                None => match frame.names.get(name).and_then(|l| frame.locals.get(l)) {
                    Some(value) => value,
                    None => return self.constant_size(frame, name),
                },
            },
            Size::Unknown(id) if *id != 0 => {
                return self
                    .expression_size(frame, *id)
                    .or_else(|| self.path_size(frame, *id));
            }
            Size::Var(var) => frame.locals.get(&Local::SizeVar(*var))?,
            Size::Call(function, args) => return self.call_size(frame, function, args),
            Size::Unknown(_) => return None,
            Size::Op(op, operands) => {
                let a = self.size_value(frame, &operands.0)?;
                let b = self.size_value(frame, &operands.1)?;
                let op = match op {
                    SizeOp::Add => BinOp::Add,
                    SizeOp::Sub => BinOp::Sub,
                    SizeOp::Mul => BinOp::Mul,
                    SizeOp::Div => BinOp::Div,
                    SizeOp::Mod => BinOp::Mod,
                    SizeOp::Pow => BinOp::Pow,
                };
                return Some(self.binop(op, a, b));
            }
        };
        match value {
            Sv::Dyn(Ty::Prim(PrimType::I64), parts) if parts.len() == 1 => Some(parts[0]),
            _ => None,
        }
    }

    /// The value of a size written as an application (`[intsqrt n]`,
    /// `[i64.i32 n]`): the function that `function` names in the frame's
    /// scope (one without type parameters), applied to the arguments'
    /// values (a named argument is the value of that name, of whatever
    /// type).
    fn call_size(&mut self, frame: &Frame, function: &Name, args: &[Size]) -> Option<SubExp> {
        let path = Path::new(function.as_str().split('.').map(Name::new).collect())?;
        let name = path.last();
        let target = if path.is_single() {
            match self.resolver.resolve_term(frame.scope(), name)? {
                TermRef::Value(value) => self.resolve_value(frame, value, &[], name, None).ok()?,
                TermRef::Module(_) => return None,
            }
        } else {
            self.qualified_value(frame, &path)?
        };
        let ty = match &target {
            ValueTarget::Def(file, item, _) => {
                let scheme = hir::infer::value_scheme(self.db, self.file_set(), *file, *item);
                // Size parameters are found in the arguments' shapes, as
                // in any application.
                if !scheme.type_params.is_empty() {
                    return None;
                }
                scheme.ty.clone()
            }
            ValueTarget::Intrinsic(_) => return None,
        };
        let mut values = Vec::with_capacity(args.len());
        for arg in args {
            let value = match arg {
                Size::Named(name) => match frame.names.get(name) {
                    Some(local) => frame.locals.get(local)?.clone(),
                    None => frame.locals.get(&Local::Size(name.clone()))?.clone(),
                },
                other => Sv::Dyn(Ty::i64(), vec![self.size_value(frame, other)?]),
            };
            values.push(value);
        }
        let mut result = self.term(target, ty, Vec::new(), Vec::new()).ok()?;
        for value in values {
            result = self.apply(result, value).ok()?;
        }
        match result {
            Sv::Dyn(Ty::Prim(PrimType::I64), parts) if parts.len() == 1 => Some(parts[0]),
            _ => None,
        }
    }

    /// The value of a size that names an `i64` constant: a definition in
    /// the frame's scope (top level or module level), or else a value of
    /// a module parameter being instantiated (the checker names the
    /// sizes of a parameter's specifications, `val m : [n]t`, without
    /// the parameter's name).
    fn constant_size(&mut self, frame: &Frame, name: &Name) -> Option<SubExp> {
        // A module's value named in a type reached through the module
        // (`[M.k]` for `M.t`).
        if name.as_str().contains('.') {
            let path = Path::new(name.as_str().split('.').map(Name::new).collect())?;
            return self.qualified_constant(frame, &path);
        }
        if let Some(TermRef::Value(value)) = self.resolver.resolve_term(frame.scope(), name) {
            let target = self.resolve_value(frame, value, &[], name, None).ok()?;
            return self.constant_value(target);
        }
        let targets: Vec<ValueTarget> = frame
            .ctx
            .0
            .iter()
            .rev()
            .filter_map(|(_, arg, arg_ctx)| {
                let (module, ctx) = self.normalise(*arg, arg_ctx).ok()?;
                self.value_in(module, ctx, name).ok()
            })
            .collect();
        targets
            .into_iter()
            .find_map(|target| self.constant_value(target))
    }

    /// The value of an existential size of the frame that the checker
    /// knows to be a module's constant (`M.n`).
    fn path_size(&mut self, frame: &Frame, id: u32) -> Option<SubExp> {
        let (_, path) = frame
            .infer
            .path_sizes
            .iter()
            .find(|(known, _)| *known == id)?;
        self.qualified_constant(frame, path)
    }

    /// The value of a qualified name (`M.k`) of an `i64` constant.
    fn qualified_constant(&mut self, frame: &Frame, path: &Path) -> Option<SubExp> {
        let target = self.qualified_value(frame, path)?;
        self.constant_value(target)
    }

    /// The definition a qualified name (`M.f`) denotes in the frame.
    fn qualified_value(&self, frame: &Frame, path: &Path) -> Option<ValueTarget> {
        let qualifiers = Path::new(path.qualifiers().to_vec())?;
        let (module, ctx) = self
            .module_path(frame.scope(), &qualifiers, &frame.ctx)
            .ok()?;
        self.value_in(module, ctx, path.last()).ok()
    }

    /// The value of a definition if it is an `i64` constant.
    fn constant_value(&mut self, target: ValueTarget) -> Option<SubExp> {
        let ValueTarget::Def(file, item, _) = &target else {
            return None;
        };
        let scheme = hir::infer::value_scheme(self.db, self.file_set(), *file, *item);
        if scheme.ty != Ty::i64() || hir::body::param_count(self.db, *file, *item) != 0 {
            return None;
        }
        match self.term(target, Ty::i64(), Vec::new(), Vec::new()).ok()? {
            Sv::Dyn(_, parts) if parts.len() == 1 => Some(parts[0]),
            _ => None,
        }
    }

    /// The slice an index expression denotes, with upstream's defaults
    /// for omitted slice bounds.
    fn slice(
        &mut self,
        frame: &Frame,
        value: &Sv,
        indices: &[store::DimIndex],
    ) -> Result<Vec<DimIndex>> {
        let Sv::Dyn(_, parts) = value else {
            return error("internal error: indexing a function");
        };
        let first = parts.first().copied();
        let mut slice = Vec::new();
        for (dim, index) in indices.iter().enumerate() {
            match index {
                store::DimIndex::Fix(i) => {
                    let v = self.expr(frame, *i)?;
                    let [i] = self.scalar(&v)?;
                    // Indices may be of any integer type.
                    let i = if self.builder.type_of(i) == Type::i64() {
                        i
                    } else {
                        self.bind1("i", Exp::Convert(PrimType::I64, i))
                    };
                    slice.push(DimIndex::Fix(i));
                }
                store::DimIndex::Range { start, end, stride } => {
                    let n = match first {
                        Some(array) => self.size_of(array, dim)?,
                        None => return error("slicing an array without components"),
                    };
                    let eval = |this: &mut Self, e: &Option<ExprId>| -> Result<Option<SubExp>> {
                        match e {
                            Some(e) => {
                                let v = this.expr(frame, *e)?;
                                Ok(Some(this.scalar(&v)?[0]))
                            }
                            None => Ok(None),
                        }
                    };
                    let start = eval(self, start)?;
                    let end = eval(self, end)?;
                    let stride = eval(self, stride)?;
                    slice.push(self.slice_bounds(n, start, end, stride));
                }
            }
        }
        Ok(slice)
    }

    /// `[start:end:stride]` as start, length and stride: with a positive
    /// stride the defaults are `0` and `n`, with a negative one `n-1` and
    /// `-1`; the length is `(end - start) / stride` rounded up.
    fn slice_bounds(
        &mut self,
        n: SubExp,
        start: Option<SubExp>,
        end: Option<SubExp>,
        stride: Option<SubExp>,
    ) -> DimIndex {
        let stride_v = stride.unwrap_or(i64_const(1));
        let positive = match stride {
            None => SubExp::bool(true),
            Some(s) => self.cmp(CmpOp::Lt, i64_const(0), s),
        };
        let start_v = match start {
            Some(s) => s,
            None => {
                let last = self.binop(BinOp::Sub, n, i64_const(1));
                self.select(positive, i64_const(0), last)
            }
        };
        let end_v = match end {
            Some(e) => e,
            None => self.select(positive, n, i64_const(-1)),
        };
        // ceil((end - start) / stride) for either sign of stride.
        let distance = self.binop(BinOp::Sub, end_v, start_v);
        let toward = self.binop(BinOp::Sub, stride_v, i64_const(1));
        let away = self.binop(BinOp::Add, stride_v, i64_const(1));
        let adjust = self.select(positive, toward, away);
        let adjusted = self.binop(BinOp::Add, distance, adjust);
        // A zero stride is an error the indexing reports; the length
        // computed with it must not divide by zero first.
        let zero_stride = self.cmp(CmpOp::Eq, stride_v, i64_const(0));
        let divisor = self.select(zero_stride, i64_const(1), stride_v);
        let len = self.binop(BinOp::Quot, adjusted, divisor);
        DimIndex::Slice {
            start: start_v,
            len,
            stride: stride_v,
        }
    }

    /// Indexes every component of an array value with the same slice.
    pub(super) fn index(&mut self, value: &Sv, slice: &[DimIndex], result_ty: Ty) -> Result<Sv> {
        let Sv::Dyn(_, parts) = value else {
            return error("internal error: indexing a function");
        };
        let mut out = Vec::new();
        for &part in parts {
            let array = self.var_of(part)?;
            out.push(self.bind1(
                "idx",
                Exp::Index {
                    array,
                    slice: slice.to_vec(),
                },
            ));
        }
        Ok(Sv::Dyn(result_ty, out))
    }

    /// `value with path = new`.
    fn update(&mut self, frame: &Frame, value: Sv, path: &[UpdateStep], new: Sv) -> Result<Sv> {
        let Some((step, rest)) = path.split_first() else {
            return Ok(new);
        };
        match step {
            UpdateStep::Field(field) => {
                let old_field = self.project(value.clone(), field)?;
                let new_field = self.update(frame, old_field, rest, new)?;
                self.replace_field(value, field, new_field)
            }
            UpdateStep::Index(indices) => {
                let slice = self.slice(frame, &value, indices)?;
                let Sv::Dyn(ty, parts) = &value else {
                    return error("internal error: updating a function");
                };
                let new = if rest.is_empty() {
                    new
                } else {
                    let element_ty = sliced_type(ty, &slice);
                    let old = self.index(&value, &slice, element_ty)?;
                    self.update(frame, old, rest, new)?
                };
                let new_parts = self.flatten(&new)?;
                let mut out = Vec::new();
                for (&part, &v) in parts.iter().zip(&new_parts) {
                    let array = self.var_of(part)?;
                    out.push(self.update_part(array, slice.clone(), v));
                }
                Ok(Sv::Dyn(ty.clone(), out))
            }
        }
    }

    /// `array` with the slice replaced by `value`, which is checked to
    /// have the slice's shape.
    pub(super) fn update_part(
        &mut self,
        array: opt::ir::Var,
        slice: Vec<DimIndex>,
        value: SubExp,
    ) -> SubExp {
        let target = self
            .builder
            .type_of(SubExp::Var(array))
            .sliced(&slice)
            .shape()
            .to_vec();
        let value = self.builder.coerce_with(value, &target, |have, want| {
            use opt::ir::ErrorPart::Text;
            let mut parts = vec![Text("Value of shape ".into())];
            parts.extend(have);
            parts.push(Text(" cannot be written to a slice of shape ".into()));
            parts.extend(want);
            parts.push(Text(".".into()));
            parts
        });
        self.bind1(
            "upd",
            Exp::Update {
                array,
                slice,
                value,
            },
        )
    }

    fn replace_field(&mut self, value: Sv, field: &Name, new: Sv) -> Result<Sv> {
        match value {
            Sv::Record(fields) => Ok(Sv::Record(
                fields
                    .into_iter()
                    .map(|(n, v)| {
                        if &n == field {
                            (n, new.clone())
                        } else {
                            (n, v)
                        }
                    })
                    .collect(),
            )),
            Sv::Dyn(Ty::Record(fields), parts) => {
                let new_parts = self.flatten(&new)?;
                let mut out = Vec::new();
                let mut offset = 0;
                for (name, _, count) in types::field_spans(&fields).map_err(|m| LowerError {
                    message: m,
                    loc: None,
                })? {
                    if &name == field {
                        out.extend(&new_parts);
                    } else {
                        out.extend(&parts[offset..offset + count]);
                    }
                    offset += count;
                }
                Ok(Sv::Dyn(Ty::Record(fields), out))
            }
            _ => error(format!(
                "internal error: updating field `{field}` of a non-record"
            )),
        }
    }

    fn range(
        &mut self,
        frame: &Frame,
        e: ExprId,
        start: ExprId,
        second: Option<ExprId>,
        end: ExprId,
        end_kind: RangeEnd,
    ) -> Result<Sv> {
        let ty = self.expr_ty(frame, e)?;
        let element = match &ty {
            Ty::Array { element, .. } => match **element {
                Ty::Prim(p) => p,
                _ => return error("internal error: a range of non-integers"),
            },
            _ => return error("internal error: a range that is not an array"),
        };
        let start_v = self.expr(frame, start)?;
        let [start_v] = self.scalar(&start_v)?;
        let end_v = self.expr(frame, end)?;
        let [end_v] = self.scalar(&end_v)?;
        let one = SubExp::Const(prim::convert(PrimValue::I64(1), element));
        let minus_one = SubExp::Const(prim::convert(PrimValue::I64(-1), element));
        let second_v = match second {
            Some(second) => {
                let s = self.expr(frame, second)?;
                Some(self.scalar(&s)?[0])
            }
            None => None,
        };
        let step = match second_v {
            Some(s) => self.binop(BinOp::Sub, s, start_v),
            None if end_kind == RangeEnd::DownToExclusive => minus_one,
            None => one,
        };
        // Work in i64: the number of elements.
        let to_i64 = |this: &mut Self, v: SubExp| this.bind1("r", Exp::Convert(PrimType::I64, v));
        let (s64, e64, step64) = (
            to_i64(self, start_v),
            to_i64(self, end_v),
            to_i64(self, step),
        );
        // Valid ranges step towards their end: up for `..<`, down for
        // `..>`, either way (but not by zero) for an inclusive range.
        let forward = self.cmp(CmpOp::Lt, i64_const(0), step64);
        let backward = self.cmp(CmpOp::Lt, step64, i64_const(0));
        let up = self.cmp(CmpOp::Le, s64, e64);
        let down = self.cmp(CmpOp::Le, e64, s64);
        let forward_ok = self.and(forward, up);
        let backward_ok = self.and(backward, down);
        let ok = match end_kind {
            RangeEnd::Inclusive => self.binop(BinOp::Or, forward_ok, backward_ok),
            RangeEnd::UpToExclusive => forward_ok,
            RangeEnd::DownToExclusive => backward_ok,
        };
        let op = match end_kind {
            RangeEnd::Inclusive => "...",
            RangeEnd::UpToExclusive => "..<",
            RangeEnd::DownToExclusive => "..>",
        };
        let mut message = vec![ErrorPart::Text("Range ".into()), ErrorPart::Value(start_v)];
        if let Some(s) = second_v {
            message.push(ErrorPart::Text("..".into()));
            message.push(ErrorPart::Value(s));
        }
        message.extend([
            ErrorPart::Text(op.into()),
            ErrorPart::Value(end_v),
            ErrorPart::Text(" is invalid.".into()),
        ]);
        self.builder.bind(
            "range_ok",
            Exp::Assert {
                condition: ok,
                message,
            },
        );
        // The length: |end - start| / |step|, rounded up for exclusive
        // ends, plus one for an inclusive end.
        let distance = self.binop(BinOp::Sub, e64, s64);
        let len = match end_kind {
            RangeEnd::Inclusive => {
                let q = self.binop(BinOp::Quot, distance, step64);
                self.binop(BinOp::Add, q, i64_const(1))
            }
            RangeEnd::UpToExclusive | RangeEnd::DownToExclusive => {
                let toward = self.binop(BinOp::Sub, step64, i64_const(1));
                let away = self.binop(BinOp::Add, step64, i64_const(1));
                let adjust = self.select(forward, toward, away);
                let adjusted = self.binop(BinOp::Add, distance, adjust);
                self.binop(BinOp::Quot, adjusted, step64)
            }
        };
        let array = self.bind1(
            "range",
            Exp::Iota {
                len,
                start: start_v,
                step,
                ty: element,
            },
        );
        Ok(Sv::Dyn(ty, vec![array]))
    }

    fn lower_loop(
        &mut self,
        frame: &Frame,
        e: ExprId,
        pat: PatId,
        init: Option<ExprId>,
        form: store::LoopForm,
        body: ExprId,
    ) -> Result<Sv> {
        let ty = self.mono(frame, &self.pat_type(frame, pat))?;
        let init_value = match init {
            Some(init) => self.expr(frame, init)?,
            None => self.implicit_init(frame, pat)?,
        };
        let init_parts = self.flatten(&init_value)?;
        // The parameters are typed like the initial value's parts (an
        // accumulator's declared type has no representation of its own).
        let component_kinds: Vec<types::Component> = init_parts
            .iter()
            .map(|&part| types::Component::of(&self.builder.type_of(part)))
            .collect();
        let ty = match (&init_value, self.components_of(&ty)) {
            (_, Ok(kinds)) if kinds == component_kinds => ty,
            (Sv::Dyn(init_ty, _), _) => init_ty.clone(),
            _ => ty,
        };
        let inits: Vec<(SubExp, bool)> = init_parts.iter().map(|&p| (p, false)).collect();
        let mut params = self.builder.loop_params("acc", &inits);
        // The pattern is bound inside the body, where the parameters are
        // (binding may read their sizes).
        let param_value = Sv::Dyn(ty.clone(), params.value_vars());
        let bind_params = |this: &mut Self| -> Result<Frame> {
            let mut inner = frame.clone();
            this.bind_pat(&mut inner, pat, param_value.clone())?;
            Ok(inner)
        };
        let result_ty = self.expr_ty(frame, e)?;
        // Both `for` forms count a variable up to a bound.
        let (var, bound, loop_body) = match form {
            store::LoopForm::For { bound, .. } => {
                let bound_v = self.expr(frame, bound)?;
                let [bound_v] = self.scalar(&bound_v)?;
                let bound_ty = self.builder.type_of(bound_v);
                let var = self.builder.new_var("i", bound_ty.clone());
                let loop_body = self.sub_body(|this| {
                    let mut inner = bind_params(this)?;
                    inner.bind(
                        Local::LoopVar(e),
                        None,
                        Sv::Dyn(Ty::Prim(bound_ty.element()), vec![SubExp::Var(var)]),
                    );
                    let v = this.expr(&inner, body)?;
                    this.flatten(&v)
                })?;
                (var, bound_v, loop_body)
            }
            store::LoopForm::ForIn {
                pat: element_pat,
                array,
            } => {
                let array_v = self.expr(frame, array)?;
                let n = self.outer_size(&array_v)?;
                let var = self.builder.new_var("i", Type::i64());
                let loop_body = self.sub_body(|this| {
                    let Sv::Dyn(array_ty, _) = &array_v else {
                        return error("internal error: iterating over a function");
                    };
                    let element_ty = types::strip_dims(array_ty, 1);
                    let element =
                        this.index(&array_v, &[DimIndex::Fix(SubExp::Var(var))], element_ty)?;
                    let mut body_frame = bind_params(this)?;
                    this.bind_pat(&mut body_frame, element_pat, element)?;
                    let v = this.expr(&body_frame, body)?;
                    this.flatten(&v)
                })?;
                (var, n, loop_body)
            }
            store::LoopForm::While { condition } => {
                // The condition is a loop parameter, computed before the
                // loop and at the end of each iteration.
                let mut before = frame.clone();
                self.bind_pat(&mut before, pat, Sv::Dyn(ty.clone(), init_parts.clone()))?;
                let first = self.expr(&before, condition)?;
                let [first] = self.scalar(&first)?;
                let cond_param = self.builder.param("cond", Type::bool(), false);
                let loop_body = self.sub_body(|this| {
                    let inner = bind_params(this)?;
                    let v = this.expr(&inner, body)?;
                    let mut parts = this.flatten(&v)?;
                    let mut after = frame.clone();
                    this.bind_pat(&mut after, pat, Sv::Dyn(ty.clone(), parts.clone()))?;
                    let c = this.expr(&after, condition)?;
                    parts.push(this.scalar(&c)?[0]);
                    Ok(parts)
                })?;
                let condition = cond_param.var;
                params.values.push((cond_param, first));
                let mut vars = self.builder.bind_loop(
                    "loop",
                    params,
                    LoopForm::While { condition },
                    loop_body,
                );
                vars.pop();
                return Ok(Sv::Dyn(
                    result_ty,
                    vars.into_iter().map(SubExp::Var).collect(),
                ));
            }
        };
        let vars = self
            .builder
            .bind_loop("loop", params, LoopForm::For { var, bound }, loop_body);
        Ok(Sv::Dyn(
            result_ty,
            vars.into_iter().map(SubExp::Var).collect(),
        ))
    }

    /// `loop x for ...` without `= init`: the pattern's names as bound
    /// before the loop.
    fn implicit_init(&mut self, frame: &Frame, pat: PatId) -> Result<Sv> {
        match frame.body.store.pats[pat].clone() {
            Pat::Name(name) => match frame.names.get(&name) {
                Some(local) => self.local(frame, local),
                None => error(format!("internal error: `{name}` is not bound")),
            },
            Pat::Tuple(elements) => {
                let fields = elements
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| Ok((Name::new(&i.to_string()), self.implicit_init(frame, p)?)))
                    .collect::<Result<Vec<_>>>()?;
                let ty = self.mono(frame, &self.pat_type(frame, pat))?;
                Ok(self.record(ty, fields))
            }
            Pat::Ascription { pat, .. } | Pat::Attr { pat, .. } => self.implicit_init(frame, pat),
            _ => error("internal error: a loop without an initial value"),
        }
    }

    fn lower_match(
        &mut self,
        frame: &Frame,
        value: &Sv,
        cases: &[(PatId, ExprId)],
        ty: &Ty,
    ) -> Result<Sv> {
        let Some(((pat, body), rest)) = cases.split_first() else {
            return error("internal error: a match without cases");
        };
        let test = match self.pattern_test(frame, *pat, value)? {
            // A case that cannot match (a static sum's other constructor).
            Some(t) if t == SubExp::bool(false) && !rest.is_empty() => {
                return self.lower_match(frame, value, rest, ty);
            }
            Some(t) if t == SubExp::bool(true) => None,
            test => test,
        };
        let mut case_frame = frame.clone();
        match (test, rest.is_empty()) {
            (None, _) | (_, true) => {
                self.bind_pat(&mut case_frame, *pat, value.clone())?;
                self.expr(&case_frame, *body)
            }
            (Some(condition), false) => {
                let then_body = self.sub_body(|this| {
                    this.bind_pat(&mut case_frame, *pat, value.clone())?;
                    let v = this.expr(&case_frame, *body)?;
                    this.flatten(&v)
                })?;
                let else_body = self.sub_body(|this| {
                    let v = this.lower_match(frame, value, rest, ty)?;
                    this.flatten(&v)
                })?;
                let vars = self.bind_if("match", condition, then_body, else_body);
                Ok(Sv::Dyn(ty.clone(), vars))
            }
        }
    }

    /// A condition under which `value` matches the pattern; `None` if it
    /// always does.
    fn pattern_test(&mut self, frame: &Frame, pat: PatId, value: &Sv) -> Result<Option<SubExp>> {
        match frame.body.store.pats[pat].clone() {
            Pat::Name(_) | Pat::Wildcard | Pat::Missing => Ok(None),
            Pat::Ascription { pat, .. } | Pat::Attr { pat, .. } => {
                self.pattern_test(frame, pat, value)
            }
            Pat::Literal { negated, literal } => {
                let [x] = self.scalar(value)?;
                let Sv::Dyn(Ty::Prim(prim), _) = value else {
                    return error("internal error: a literal pattern on a non-scalar");
                };
                let Some(expected) = literal_value(&literal, negated, *prim) else {
                    return error("internal error: an unsupported literal pattern");
                };
                Ok(Some(self.cmp(CmpOp::Eq, x, SubExp::Const(expected))))
            }
            Pat::Tuple(elements) => {
                let fields: Vec<(Name, PatId)> = elements
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| (Name::new(&i.to_string()), p))
                    .collect();
                self.fields_test(frame, &fields, value)
            }
            Pat::Record(fields) => self.fields_test(frame, &fields, value),
            Pat::Constr { name, payload } => {
                let (ty, parts) = match value {
                    Sv::Dyn(ty, parts) => (ty, parts),
                    // A sum holding functions has a constructor known
                    // statically.
                    Sv::Sum {
                        constructor,
                        payload: values,
                    } => {
                        return self.static_constructor_test(
                            frame,
                            &name,
                            &payload,
                            constructor,
                            values,
                        );
                    }
                    _ => return error("internal error: a constructor pattern on a function"),
                };
                let layout = SumLayout::of(ty).map_err(|m| LowerError {
                    message: m,
                    loc: None,
                })?;
                let Some((tag, _)) = layout.constructor(&name) else {
                    return error(format!("internal error: no constructor #{name}"));
                };
                let mut test =
                    Some(self.cmp(CmpOp::Eq, parts[0], SubExp::Const(PrimValue::I8(tag as i8))));
                let payload_values = self.destruct(ty, parts, &name)?;
                for (&p, v) in payload.iter().zip(&payload_values) {
                    if let Some(t) = self.pattern_test(frame, p, v)? {
                        test = Some(match test {
                            Some(prev) => self.and(prev, t),
                            None => t,
                        });
                    }
                }
                Ok(test)
            }
        }
    }

    /// Whether a sum value whose constructor is known statically matches
    /// `#name payload`.
    fn static_constructor_test(
        &mut self,
        frame: &Frame,
        name: &Name,
        payload: &[PatId],
        constructor: &Name,
        values: &[Sv],
    ) -> Result<Option<SubExp>> {
        if constructor != name {
            return Ok(Some(SubExp::bool(false)));
        }
        let fields: Vec<(Name, PatId)> = payload
            .iter()
            .enumerate()
            .map(|(i, &p)| (Name::new(&i.to_string()), p))
            .collect();
        let tuple = Sv::Record(
            fields
                .iter()
                .map(|(n, _)| n.clone())
                .zip(values.iter().cloned())
                .collect(),
        );
        self.fields_test(frame, &fields, &tuple)
    }

    fn fields_test(
        &mut self,
        frame: &Frame,
        fields: &[(Name, PatId)],
        value: &Sv,
    ) -> Result<Option<SubExp>> {
        let mut test = None;
        for (name, p) in fields {
            let field = self.project(value.clone(), name)?;
            if let Some(t) = self.pattern_test(frame, *p, &field)? {
                if t == SubExp::bool(false) {
                    return Ok(Some(t));
                }
                test = Some(match test {
                    Some(prev) => self.and(prev, t),
                    None => t,
                });
            }
        }
        Ok(test)
    }

    /// The payload values of constructor `name` in a sum value.
    fn destruct(&mut self, ty: &Ty, parts: &[SubExp], name: &Name) -> Result<Vec<Sv>> {
        let Ty::Sum(constructors) = ty else {
            return error("internal error: destructing a non-sum");
        };
        let layout = SumLayout::of(ty).map_err(|m| LowerError {
            message: m,
            loc: None,
        })?;
        let Some((_, slots)) = layout.constructor(name) else {
            return error(format!("internal error: no constructor #{name}"));
        };
        let Some((_, payload_types)) = constructors.iter().find(|(n, _)| n == name) else {
            return error(format!("internal error: no constructor #{name}"));
        };
        let mut values = Vec::new();
        let mut slot_iter = slots.iter();
        for payload_ty in payload_types {
            let count = self.components_of(payload_ty)?.len();
            let payload_parts = slot_iter
                .by_ref()
                .take(count)
                .map(|&s| parts[1 + s])
                .collect();
            values.push(Sv::Dyn(payload_ty.clone(), payload_parts));
        }
        Ok(values)
    }

    /// A value of sum type `ty` made with constructor `name`.
    pub(super) fn construct(
        &mut self,
        frame: &Frame,
        ty: &Ty,
        name: &Name,
        payload: &[Sv],
    ) -> Result<Sv> {
        let layout = SumLayout::of(ty).map_err(|m| LowerError {
            message: m,
            loc: None,
        })?;
        let Some((tag, slots)) = layout.constructor(name) else {
            return error(format!("internal error: no constructor #{name}"));
        };
        let slots = slots.to_vec();
        let mut filled: Vec<Option<SubExp>> = vec![None; layout.slots.len()];
        let mut payload_parts = Vec::new();
        for value in payload {
            payload_parts.extend(self.flatten(value)?);
        }
        for (&slot, part) in slots.iter().zip(payload_parts) {
            filled[slot] = Some(part);
        }
        // Unused slots hold arrays of the sizes the type gives them, so
        // that arrays of this sum are regular.
        let shapes = types::component_shapes(ty);
        let mut parts = vec![SubExp::Const(PrimValue::I8(tag as i8))];
        for (slot, value) in filled.into_iter().enumerate() {
            parts.push(match value {
                Some(v) => v,
                None => {
                    let shape = shapes.get(slot + 1).cloned().unwrap_or_default();
                    self.blank_of_shape(frame, layout.slots[slot], &shape)
                }
            });
        }
        Ok(Sv::Dyn(ty.clone(), parts))
    }

    /// A placeholder value of any type: what a hole evaluates to after
    /// its failure (functions return placeholders in turn).
    fn blank_value(&mut self, ty: &Ty) -> Result<Sv> {
        if let Ty::Function { .. } = ty {
            return Ok(Sv::Closure(Rc::new(Closure {
                kind: ClosureKind::Blank,
                ty: ty.clone(),
                applied: Vec::new(),
            })));
        }
        if let Ty::Record(fields) = ty
            && types::has_functions(ty)
        {
            let fields = fields
                .iter()
                .map(|(name, field)| Ok((name.clone(), self.blank_value(field)?)))
                .collect::<Result<Vec<_>>>()?;
            return Ok(Sv::Record(fields));
        }
        let parts = self
            .components_of(ty)?
            .into_iter()
            .map(|component| self.blank(component))
            .collect();
        Ok(Sv::Dyn(ty.clone(), parts))
    }

    /// A placeholder of a component with the given source shape (sizes
    /// that have no value in the frame are zero).
    fn blank_of_shape(
        &mut self,
        frame: &Frame,
        component: types::Component,
        shape: &[Size],
    ) -> SubExp {
        if shape.len() != component.rank {
            return self.blank(component);
        }
        let dims = self.template_shape(frame, component, shape);
        self.zeros(component.element, dims)
    }

    /// The value of type `ty` whose elements are all zero (`false`), if
    /// it has no functions and every size it names has a value here.
    fn zeros_of_type(&mut self, frame: &Frame, ty: &Ty) -> Result<Option<Sv>> {
        if types::has_functions(ty) {
            return Ok(None);
        }
        let components = self.components_of(ty)?;
        let shapes = types::component_shapes(ty);
        let mut parts = Vec::with_capacity(components.len());
        for (component, sizes) in components.into_iter().zip(&shapes) {
            if sizes.len() != component.rank {
                return Ok(None);
            }
            let Some(dims) = sizes
                .iter()
                .map(|size| self.size_value(frame, size))
                .collect::<Option<Vec<_>>>()
            else {
                return Ok(None);
            };
            parts.push(self.zeros(component.element, dims));
        }
        Ok(Some(Sv::Dyn(ty.clone(), parts)))
    }

    /// An array of zeros of the given shape (a zero for no dimensions).
    fn zeros(&mut self, element: PrimType, shape: Vec<SubExp>) -> SubExp {
        let zero = SubExp::Const(PrimValue::zero(element));
        if shape.is_empty() {
            return zero;
        }
        self.bind1("blank", Exp::Replicate { shape, value: zero })
    }

    /// The shape of a component of a value that does not exist, from its
    /// source sizes where they are known (zero otherwise).
    pub(super) fn template_shape(
        &mut self,
        frame: &Frame,
        component: types::Component,
        sizes: &[Size],
    ) -> Vec<SubExp> {
        (0..component.rank)
            .map(|d| {
                sizes
                    .get(d)
                    .and_then(|size| self.size_value(frame, size))
                    .unwrap_or(i64_const(0))
            })
            .collect()
    }

    /// A placeholder value of a component, for unused sum payload slots.
    fn blank(&mut self, component: types::Component) -> SubExp {
        self.zeros(component.element, vec![i64_const(0); component.rank])
    }
}

/// Whose arguments' sizes parameters check as they are bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ParamCheck {
    /// A function's: arguments sharing a size must agree (the checker
    /// has seen to the rest).
    Function,
    /// An entry point's: every size its parameters' types give, since the
    /// values come from outside.
    Entry,
}

impl ParamCheck {
    pub(super) fn message(self) -> &'static str {
        match self {
            ParamCheck::Function => "Function arguments have invalid sizes.",
            ParamCheck::Entry => "Entry point arguments have invalid sizes.",
        }
    }
}

/// Sizes to bind once every parameter's name is bound.
#[derive(Debug)]
pub(super) enum DeferredSizes {
    /// Those an inferred type names.
    Declared(Ty, Sv),
    /// Those a written annotation names.
    Written(store::TypeId, Sv),
}

/// Binds the size parameters the arguments did not determine to the
/// values the use's type gives them (the arguments' own sizes win: the
/// checker does not track every size exactly).
fn bind_unbound_sizes(frame: &mut Frame, sizes: Vec<(Name, Sv)>) {
    for (name, value) in sizes {
        let local = Local::Size(name);
        if !frame.locals.contains_key(&local) {
            frame.bind(local, None, value);
        }
    }
}

/// The type of the result of slicing an array of type `ty`.
fn sliced_type(ty: &Ty, slice: &[DimIndex]) -> Ty {
    let Ty::Array {
        element,
        shape,
        unique,
    } = ty
    else {
        return ty.clone();
    };
    let remaining: Vec<Size> = shape
        .iter()
        .enumerate()
        .filter(|(d, _)| !matches!(slice.get(*d), Some(DimIndex::Fix(_))))
        .map(|(_, s)| s.clone())
        .collect();
    if remaining.is_empty() {
        (**element).clone()
    } else {
        Ty::Array {
            element: element.clone(),
            shape: remaining,
            unique: *unique,
        }
    }
}

/// The type with all its sizes unknown (for instantiation keys and the
/// types of a shared function, whose sizes are its arguments').
fn forget_sizes(ty: &Ty) -> Ty {
    match ty {
        Ty::Array {
            element,
            shape,
            unique,
        } => Ty::Array {
            element: Box::new(forget_sizes(element)),
            shape: vec![Size::Unknown(0); shape.len()],
            unique: *unique,
        },
        _ => ty.map_components(forget_sizes),
    }
}

/// The names that are whole dimensions of a type.
fn collect_dimension_names(ty: &Ty, out: &mut Vec<Name>) {
    if let Ty::Array { element, shape, .. } = ty {
        out.extend(shape.iter().filter_map(|size| match size {
            Size::Named(name) => Some(name.clone()),
            _ => None,
        }));
        collect_dimension_names(element, out);
    } else {
        ty.map_components(|t| {
            collect_dimension_names(t, out);
            t.clone()
        });
    }
}

/// The type parameters and abstract types a type mentions.
fn collect_type_names(ty: &Ty, out: &mut Vec<Name>) {
    match ty {
        Ty::Param(name) | Ty::Abstract(name, ..) => out.push(name.clone()),
        Ty::Array { element, .. } => collect_type_names(element, out),
        Ty::Function { param, result, .. } => {
            collect_type_names(param, out);
            collect_type_names(result, out);
        }
        _ => {
            ty.map_components(|t| {
                collect_type_names(t, out);
                t.clone()
            });
        }
    }
}

/// The names and existential sizes that are leaves of the sizes in a
/// type.
fn collect_size_leaves(ty: &Ty, out: &mut Vec<Size>) {
    if let Ty::Array { element, shape, .. } = ty {
        for size in shape {
            size.all_leaves(&mut |leaf| {
                if matches!(leaf, Size::Named(_) | Size::Unknown(1..)) && !out.contains(leaf) {
                    out.push(leaf.clone());
                }
                true
            });
        }
        collect_size_leaves(element, out);
    } else {
        // A walk, not `map_components`: rebuilding the type at every
        // level copied the rest of a long function type per parameter.
        match ty {
            Ty::Record(fields) => fields.iter().for_each(|(_, t)| collect_size_leaves(t, out)),
            Ty::Sum(constructors) => constructors
                .iter()
                .flat_map(|(_, payload)| payload)
                .for_each(|t| collect_size_leaves(t, out)),
            Ty::Function { param, result, .. } => {
                collect_size_leaves(param, out);
                collect_size_leaves(result, out);
            }
            Ty::Abstract(_, _, args) => {
                for arg in args {
                    if let TypeArg::Type(t) = arg {
                        collect_size_leaves(t, out);
                    }
                }
            }
            Ty::Prim(_) | Ty::Array { .. } | Ty::Param(_) | Ty::Var(_) | Ty::Error => {}
        }
    }
}

/// Pairs a named size with the size in its place; a symbolic size is
/// matched part by part against one of the same form (`[n * m]` against
/// `[2 * k]`, `[f n]` against `[f k]`).
fn match_size(pattern: &Size, actual: &Size, out: &mut Vec<(Name, Size)>) {
    match (pattern, actual) {
        (Size::Named(name), _) if !out.iter().any(|(n, _)| n == name) => {
            out.push((name.clone(), actual.clone()));
        }
        (Size::Op(p, ps), Size::Op(a, actuals)) if p == a => {
            match_size(&ps.0, &actuals.0, out);
            match_size(&ps.1, &actuals.1, out);
        }
        (Size::Call(f, ps), Size::Call(g, actuals)) if f == g && ps.len() == actuals.len() => {
            for (p, a) in ps.iter().zip(actuals) {
                match_size(p, a, out);
            }
        }
        _ => {}
    }
}

/// Calls `f` on the corresponding components (record fields, constructor
/// payloads, a function's parameter and result) of two types of the same
/// form.
fn zip_components(a: &Ty, b: &Ty, f: &mut impl FnMut(&Ty, &Ty)) {
    match (a, b) {
        (Ty::Record(a), Ty::Record(b)) => {
            for ((_, x), (_, y)) in a.iter().zip(b) {
                f(x, y);
            }
        }
        (Ty::Sum(a), Ty::Sum(b)) => {
            for ((_, xs), (_, ys)) in a.iter().zip(b) {
                for (x, y) in xs.iter().zip(ys) {
                    f(x, y);
                }
            }
        }
        (
            Ty::Function {
                param: p1,
                result: r1,
                ..
            },
            Ty::Function {
                param: p2,
                result: r2,
                ..
            },
        ) => {
            f(p1, p2);
            f(r1, r2);
        }
        _ => {}
    }
}

/// Pairs the named sizes of `pattern` with the sizes in the same places
/// of `actual`.
fn match_sizes(pattern: &Ty, actual: &Ty, out: &mut Vec<(Name, Size)>) {
    if let (
        Ty::Array {
            element: e1,
            shape: s1,
            ..
        },
        Ty::Array {
            element: e2,
            shape: s2,
            ..
        },
    ) = (pattern, actual)
    {
        for (p, a) in s1.iter().zip(s2) {
            match_size(p, a, out);
        }
        match_sizes(e1, e2, out);
    } else {
        zip_components(pattern, actual, &mut |x, y| match_sizes(x, y, out));
    }
}

/// Binds type parameters and abstract types of `pattern` to the
/// corresponding parts of `actual`.
pub(super) fn match_types(pattern: &Ty, actual: &Ty, subst: &mut Vec<(Name, Ty)>) {
    match (pattern, actual) {
        (Ty::Param(name) | Ty::Abstract(name, ..), _) => {
            if !subst.iter().any(|(n, _)| n == name) {
                subst.push((name.clone(), actual.clone()));
            }
        }
        (Ty::Array { element, shape, .. }, Ty::Array { .. }) => {
            let inner = types::strip_dims(actual, shape.len());
            match_types(element, &inner, subst);
        }
        _ => zip_components(pattern, actual, &mut |x, y| match_types(x, y, subst)),
    }
}
