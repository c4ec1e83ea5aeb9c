//! Expressions.

use super::unify::{Constraint, UnknownOrigin};
use super::{ERROR_INDEX, InferCtx, Local, Location, Resolved, TermPath, value_scheme};
use crate::name::{Name, Path};
use crate::resolve::{ModuleRef, TermRef, ValueRef};
use crate::store::{DimIndex, Expr, ExprId, LoopForm, OpRef, Pat, PatId, TypeParam, UpdateStep};
use crate::ty::{PrimType, Scheme, Size, SizeOp, Ty, TyVar, TypeArg};
use std::collections::HashSet;
use syntax::ast::RangeEnd;

/// The built-in overloaded operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BuiltinOp {
    /// `+ - * / % **`: any numeric type.
    Numeric,
    /// `// %%`: integers.
    IntegerArith,
    /// `== !=`: any type with equality.
    Equality,
    /// `< <= > >=`: any primitive type.
    Ordering,
    /// `&& ||`
    Logic,
    /// `& | ^ << >> >>>`: integers.
    Bitwise,
}

fn builtin_op(symbol: &str) -> Option<BuiltinOp> {
    Some(match symbol {
        "+" | "-" | "*" | "/" | "%" | "**" => BuiltinOp::Numeric,
        "//" | "%%" => BuiltinOp::IntegerArith,
        "==" | "!=" => BuiltinOp::Equality,
        "<" | "<=" | ">" | ">=" => BuiltinOp::Ordering,
        "&&" | "||" => BuiltinOp::Logic,
        "&" | "|" | "^" | "<<" | ">>" | ">>>" => BuiltinOp::Bitwise,
        _ => return None,
    })
}

/// Renames parameters called `name` in a function type (and the sizes
/// referring to them) to a name no program can write.
fn rename_binder(ty: &Ty, name: &Name) -> Ty {
    match ty {
        Ty::Function {
            param_name,
            param,
            result,
        } => {
            if param_name.as_ref() == Some(name) {
                let fresh = Name::new(&format!("{name}'"));
                let renamed =
                    super::substitute(result, &[], &[(name.clone(), Size::Named(fresh.clone()))]);
                Ty::Function {
                    param_name: Some(fresh),
                    param: param.clone(),
                    result: Box::new(rename_binder(&renamed, name)),
                }
            } else {
                Ty::Function {
                    param_name: param_name.clone(),
                    param: param.clone(),
                    result: Box::new(rename_binder(result, name)),
                }
            }
        }
        other => other.clone(),
    }
}

impl InferCtx<'_, '_> {
    pub(crate) fn infer_expr(&mut self, id: ExprId) -> Ty {
        let made_before = self.table.unknowns_made();
        let ty = self.infer_expr_inner(id);
        self.record_expr(id, &ty);
        self.claim_unknowns(id, made_before);
        ty
    }

    /// Records `id` as the producer of the existential sizes made since
    /// `made_before` that none of its parts made.
    fn claim_unknowns(&mut self, id: ExprId, made_before: u32) {
        let made_now = self.table.unknowns_made();
        if made_now == made_before {
            return;
        }
        if self.unknown_producer.len() <= made_now as usize {
            self.unknown_producer.resize(made_now as usize + 1, None);
        }
        for size in made_before + 1..=made_now {
            if self.unknown_producer[size as usize].is_none() {
                self.unknown_producer[size as usize] = Some(id);
                match self.made_unknowns.get_mut(id) {
                    Some(made) => made.push(size),
                    None => {
                        self.made_unknowns.insert(id, vec![size]);
                    }
                }
            }
        }
    }

    fn integral(&mut self) -> Ty {
        self.table
            .fresh_constrained(Constraint::Prims(PrimType::INTEGERS.to_vec()))
    }

    fn infer_expr_inner(&mut self, id: ExprId) -> Ty {
        let expr = self.body.store.exprs[id].clone();
        let at = Location::Expr(id);
        match expr {
            Expr::Missing => Ty::Error,
            Expr::Literal(literal) => self.literal_type(&literal),
            Expr::Path(path) => self.infer_path(id, &path),
            Expr::Field { base, field } => {
                let base_ty = self.infer_expr(base);
                self.project(at, &base_ty, &field)
            }
            Expr::QualParen { module, expr } => match self.resolve_opened_module_path(&module) {
                Some(target) => {
                    self.opened.push((target, self.locals.len()));
                    let ty = self.infer_expr(expr);
                    self.opened.pop();
                    ty
                }
                None => {
                    self.error(at, format!("Unknown module \"{module}\"."));
                    self.infer_expr(expr);
                    Ty::Error
                }
            },
            Expr::Tuple(elements) => {
                Ty::tuple(elements.iter().map(|&e| self.infer_expr(e)).collect())
            }
            Expr::Record(fields) => {
                let mut typed: Vec<(Name, Ty)> = Vec::new();
                for (i, (name, value)) in fields.iter().enumerate() {
                    let ty = self.infer_expr(*value);
                    if let Some((_, previous)) = fields[..i].iter().find(|(n, _)| n == name) {
                        self.error_related(
                            Location::Expr(*value),
                            format!("Field \"{name}\" previously defined."),
                            Location::Expr(*previous),
                            "previously defined here",
                        );
                        continue;
                    }
                    typed.push((name.clone(), ty));
                }
                Ty::record(typed)
            }
            Expr::Array(elements) => {
                let element = self.table.fresh_constrained(Constraint::Unlifted);
                for &e in &elements {
                    let ty = self.infer_expr(e);
                    self.expect(
                        Location::Expr(e),
                        "Array elements must all have the same type.",
                        &element,
                        &ty,
                    );
                }
                if let Ty::Param(name) = self.table.resolve(&element)
                    && (self.lifted_params.contains(&name)
                        || self.size_lifted_params.contains(&name))
                {
                    self.error(
                        at,
                        format!(
                            "Type parameter \"{name}\" is lifted and cannot be an array element."
                        ),
                    );
                }
                Ty::array_of(element, Size::Const(elements.len() as u64))
            }
            Expr::Index { base, indices } => {
                let base_ty = self.infer_expr(base);
                self.index(at, &base_ty, &indices, SliceSizes::Rigid)
            }
            Expr::Apply { func, args } => {
                let func_ty = self.infer_expr(func);
                self.apply(func, func_ty, &args)
            }
            Expr::Binary { op, lhs, rhs } => {
                let op_ty = self.op_type(at, &op);
                let lhs_ty = self.infer_expr(lhs);
                let rhs_ty = self.infer_expr(rhs);
                let name = op.path.to_string();
                let mut sizes = None;
                let partial = self.apply_one(Some(&name), 0, lhs, op_ty, &lhs_ty, &mut sizes);
                self.apply_one(Some(&name), 1, rhs, partial, &rhs_ty, &mut sizes)
            }
            Expr::Negate(operand) => {
                let ty = self.infer_expr(operand);
                let numeric = self
                    .table
                    .fresh_constrained(Constraint::Prims(PrimType::numeric()));
                self.expect(
                    Location::Expr(operand),
                    "Only numbers can be negated.",
                    &numeric,
                    &ty,
                );
                ty
            }
            Expr::Not(operand) => {
                let ty = self.infer_expr(operand);
                let mut allowed = PrimType::INTEGERS.to_vec();
                allowed.push(PrimType::Bool);
                let expected = self.table.fresh_constrained(Constraint::Prims(allowed));
                self.expect(
                    Location::Expr(operand),
                    "'!' applies to booleans and integers.",
                    &expected,
                    &ty,
                );
                ty
            }
            Expr::Coercion { expr, ty } => {
                self.check_written_sizes(vec![ty]);
                let anonymous_from = self.table.mark().1;
                let declared = self.lower_type(ty);
                let anonymous = anonymous_from..self.table.mark().1;
                let actual = self.infer_expr(expr);
                // `e :> t` checks sizes at run time, so `e` is matched
                // against `t` with a new size for each size written in
                // `t`: `e`'s own sizes, which something must determine.
                // An anonymous size of `t` is whatever size `e` has.
                let target = self.coercion_target(&declared, &anonymous);
                let coerced = anonymous.end..self.table.mark().1;
                let result = self.table.unify(&target, &actual);
                self.report_mismatch(
                    result,
                    Location::Expr(expr),
                    "Expression does not have expected type.",
                    &declared,
                    &actual,
                );
                for v in anonymous {
                    self.table.name_size(&Size::Var(v as u32), Size::Unknown(0));
                }
                self.coerced_sizes.push((coerced, at));
                self.table.resolve(&declared)
            }
            Expr::Ascription { expr, ty } => {
                self.check_written_sizes(vec![ty]);
                let actual = self.infer_expr(expr);
                let declared_mark = self.table.mark();
                let declared = self.lower_type(ty);
                self.expect(
                    Location::Expr(expr),
                    "Expression does not have expected type.",
                    &declared,
                    &actual,
                );
                self.note_ascribed_sizes(declared_mark.1, &declared, at);
                declared
            }
            Expr::Range {
                start,
                second,
                end,
                end_kind,
            } => {
                let element = self.integral();
                for part in [Some(start), second, Some(end)].into_iter().flatten() {
                    let ty = self.infer_expr(part);
                    self.expect(
                        Location::Expr(part),
                        "Range bounds must be integers of the same type.",
                        &element,
                        &ty,
                    );
                }
                let size = self.range_size(&element, start, second, end, end_kind);
                Ty::array_of(element, size)
            }
            Expr::If {
                condition,
                then_branch,
                else_branch,
            } => {
                let cond = self.infer_expr(condition);
                self.expect(
                    Location::Expr(condition),
                    "Condition of if-expression must be a bool.",
                    &Ty::bool(),
                    &cond,
                );
                let then_ty = self.infer_expr(then_branch);
                let else_ty = self.infer_expr(else_branch);
                self.join(
                    Location::Expr(else_branch),
                    "Branches of if-expression differ in type.",
                    &then_ty,
                    &else_ty,
                    UnknownOrigin::Conditional,
                )
            }
            Expr::Let {
                sizes,
                pat,
                value,
                body,
            } => {
                let value_start = self.table.scope_start();
                let value_ty = self.infer_expr(value);
                let mark = self.locals.len();
                let size_mark = self.sizes.len();
                // `let [n] p = e`: `n` names the size `e` has, which a
                // type written in `p` must use as an array size; it may not
                // also name a variable.
                let written = self.pattern_types(&[pat]);
                let mut mentioned = Vec::new();
                let mentions_known = written.iter().try_for_each(|&t| {
                    super::written::size_names(&self.body.store, t, &mut mentioned)
                });
                let mut constructive = Vec::new();
                for &t in &written {
                    let args_are_parts = |head: &Path| {
                        super::written::type_args_are_parts(self.resolver, self.scope, head)
                    };
                    super::written::array_dim_names(
                        &self.body.store,
                        t,
                        &args_are_parts,
                        &mut constructive,
                    );
                }
                for name in &sizes {
                    if mentions_known.is_some() && !mentioned.contains(name) {
                        self.error(
                            Location::Pat(pat),
                            format!(
                                "Size [{name}] unused in pattern.\n\n\
                                 For more information, see:\n  {}#unused-size",
                                ERROR_INDEX
                            ),
                        );
                    } else if !constructive.contains(name) {
                        self.error(
                            Location::Pat(pat),
                            format!(
                                "Cannot bind [{name}] as it is never used as the size of a concrete (non-function) value."
                            ),
                        );
                    }
                    if self.pattern_binds(pat, name) {
                        self.error(
                            Location::Pat(pat),
                            format!("\"{name}\" is also bound as a size in this let-binding."),
                        );
                    }
                }
                self.binding_sizes = sizes
                    .iter()
                    .map(|n| (n.clone(), self.table.fresh_size_var()))
                    .collect();
                self.sizes.extend(sizes);
                let var_mark = self.table.scope_start();
                let ascribed_from = self.table.mark().1;
                self.check_pat_group(&[(pat, value_ty.clone())]);
                self.note_ascribed_sizes(ascribed_from, &value_ty, Location::Pat(pat));
                let mut open = Vec::new();
                let aliases_mark = self.size_aliases.len();
                for (name, var) in std::mem::take(&mut self.binding_sizes) {
                    let resolved = self.table.resolve_size(&var);
                    // A size the value has from outside the binding (a
                    // parameter's) keeps its identity: the name stands for
                    // it, rather than naming it with a name local here.
                    let outside = match &resolved {
                        Size::Var(_) => (0..value_start.0.1)
                            .any(|v| self.table.resolve_size(&Size::Var(v as u32)) == resolved),
                        Size::Unknown(_) => false,
                        _ => true,
                    };
                    if outside {
                        self.size_aliases.push((name, resolved));
                        continue;
                    }
                    if matches!(resolved, Size::Var(_)) {
                        open.push(name.clone());
                    }
                    self.table.name_size(&var, Size::Named(name));
                }
                // A size of the value that nothing determines (the rows of
                // `[]`), neither the value nor a variable bound outside
                // (a parameter's unknown size), is ambiguous.
                let value_ty_now = self.table.resolve(&value_ty);
                for name in open {
                    let names = std::slice::from_ref(&name);
                    if super::unify::mentions(&value_ty_now, names, &[]).is_some()
                        && self
                            .table
                            .escaping(value_start, &self.exited, names, &[])
                            .is_none()
                    {
                        self.error(Location::Pat(pat), format!("Ambiguous size \"{name}\"."));
                    }
                }
                let mut ty = self.infer_expr(body);
                // `let m = n + 1 in iota m`: outside, the size `m` is `n + 1`.
                if let Some(name) = self.param_name_of(pat)
                    && let Some(size) = self.symbolic_size(value)
                {
                    let resolved = self.table.resolve(&ty);
                    ty = super::substitute(&resolved, &[], &[(name, size)]);
                }
                let bound: Vec<Name> = self.locals[mark..].iter().map(|l| l.name.clone()).collect();
                self.locals.truncate(mark);
                self.sizes.truncate(size_mark);
                self.size_aliases.truncate(aliases_mark);
                self.check_scope_exit(Location::Pat(pat), var_mark, bound, Vec::new());
                ty
            }
            Expr::LetFun {
                name,
                type_params,
                params,
                ret,
                value,
                body,
            } => {
                let fun_ty = self.infer_function(&type_params, &params, ret, value);
                let (types, sizes): (Vec<Name>, Vec<Name>) = (
                    type_params
                        .iter()
                        .filter_map(|p| match p {
                            TypeParam::Type(n, _) => Some(n.clone()),
                            TypeParam::Size(_) => None,
                        })
                        .collect(),
                    type_params
                        .iter()
                        .filter_map(|p| match p {
                            TypeParam::Size(n) => Some(n.clone()),
                            TypeParam::Type(..) => None,
                        })
                        .collect(),
                );
                let lifted = type_params
                    .iter()
                    .filter_map(|p| match p {
                        TypeParam::Type(n, syntax::ast::Liftedness::Lifted) => Some(n.clone()),
                        _ => None,
                    })
                    .collect();
                let mark = self.locals.len();
                self.locals.push(Local {
                    name,
                    ty: fun_ty,
                    origin: Resolved::LocalFunction(id),
                    params: (!type_params.is_empty()).then_some((types, sizes, lifted)),
                });
                let ty = self.infer_expr(body);
                self.locals.truncate(mark);
                ty
            }
            Expr::LetUpdate {
                name,
                path,
                value,
                body,
            } => {
                let Some(local) = self.lookup_local(&name).cloned() else {
                    self.error(at, format!("Unknown name \"{name}\"."));
                    self.update(at, &Ty::Error, &path, value);
                    return self.infer_expr(body);
                };
                let updated = self.update(at, &local.ty, &path, value);
                let mark = self.locals.len();
                self.locals.push(Local {
                    ty: updated,
                    ..local
                });
                let ty = self.infer_expr(body);
                self.locals.truncate(mark);
                ty
            }
            Expr::Lambda { params, ret, body } => self.infer_function(&[], &params, ret, body),
            Expr::Loop {
                pat,
                init,
                form,
                body,
            } => self.infer_loop(id, pat, init, form, body),
            Expr::Attr { expr, .. } => self.infer_expr(expr),
            Expr::Assert { condition, body } => {
                let cond = self.infer_expr(condition);
                self.expect(
                    Location::Expr(condition),
                    "The condition of an assertion must be a bool.",
                    &Ty::bool(),
                    &cond,
                );
                self.infer_expr(body)
            }
            Expr::Update { base, path, value } => {
                let base_ty = self.infer_expr(base);
                self.update(at, &base_ty, &path, value)
            }
            Expr::Match { scrutinee, cases } => {
                let scrutinee_ty = self.infer_expr(scrutinee);
                let mut result: Option<Ty> = None;
                for (pat, body) in cases {
                    let mark = self.locals.len();
                    let var_mark = self.table.scope_start();
                    self.check_pat_group(&[(pat, scrutinee_ty.clone())]);
                    let ty = self.infer_expr(body);
                    let bound: Vec<Name> =
                        self.locals[mark..].iter().map(|l| l.name.clone()).collect();
                    result = Some(match result {
                        None => ty,
                        Some(so_far) => self.join(
                            Location::Expr(body),
                            "Cases of match-expression differ in type.",
                            &so_far,
                            &ty,
                            UnknownOrigin::Conditional,
                        ),
                    });
                    self.locals.truncate(mark);
                    self.check_scope_exit(Location::Pat(pat), var_mark, bound, Vec::new());
                }
                result.unwrap_or_else(|| self.table.fresh())
            }
            Expr::Constr { name, payload } => {
                let types: Vec<Ty> = payload.iter().map(|&e| self.infer_expr(e)).collect();
                self.table
                    .fresh_constrained(Constraint::Constructors(vec![(name, types)]))
            }
            Expr::Hole => self.table.fresh(),
            Expr::OpSection(op) => self.op_type(at, &op),
            Expr::LeftSection { op, operand } => {
                let op_ty = self.op_type(at, &op);
                let operand_ty = self.infer_expr(operand);
                let name = op.path.to_string();
                self.apply_one(Some(&name), 0, operand, op_ty, &operand_ty, &mut None)
            }
            Expr::RightSection { op, operand } => {
                let op_ty = self.op_type(at, &op);
                let operand_ty = self.infer_expr(operand);
                let first = self.table.fresh();
                let second = self.table.fresh();
                let result = self.table.fresh();
                let expected =
                    Ty::function(first.clone(), Ty::function(second.clone(), result.clone()));
                self.expect(
                    at,
                    "Operator section has the wrong type.",
                    &expected,
                    &op_ty,
                );
                self.expect(
                    Location::Expr(operand),
                    "Operand of section does not have expected type.",
                    &second,
                    &operand_ty,
                );
                Ty::function(first, result)
            }
            Expr::ProjectionSection(steps) => {
                let input = self.table.fresh();
                let mut ty = input.clone();
                for step in &steps {
                    ty = match step {
                        UpdateStep::Field(field) => self.project(at, &ty, field),
                        UpdateStep::Index(indices) => {
                            self.index(at, &ty, indices, SliceSizes::Rigid)
                        }
                    };
                }
                Ty::function(input, ty)
            }
        }
    }

    /// A function (lambda or local function): rigid type parameters,
    /// parameters, optional result type and body.
    fn infer_function(
        &mut self,
        type_params: &[TypeParam],
        params: &[PatId],
        ret: Option<crate::store::TypeId>,
        body: ExprId,
    ) -> Ty {
        let mark = self.locals.len();
        let type_mark = self.type_params.len();
        let size_mark = self.sizes.len();
        let lifted_mark = self.lifted_params.len();
        let var_mark = self.table.scope_start();
        for param in type_params {
            match param {
                TypeParam::Size(name) => self.sizes.push(name.clone()),
                TypeParam::Type(name, liftedness) => {
                    self.type_params.push(name.clone());
                    if *liftedness == syntax::ast::Liftedness::Lifted {
                        self.lifted_params.push(name.clone());
                    }
                }
            }
        }
        let typed: Vec<(PatId, Ty)> = params.iter().map(|&p| (p, self.table.fresh())).collect();
        self.check_pat_group(&typed);
        self.check_signature_sizes(params, ret);
        let result = match ret {
            Some(ty) => self.lower_type(ty),
            None => self.table.fresh(),
        };
        let body_ty = self.infer_expr(body);
        self.expect(
            Location::Expr(body),
            "Function body does not have expected type.",
            &result,
            &body_ty,
        );
        self.check_param_order(&typed);
        let mut bound: Vec<Name> = self.locals[mark..].iter().map(|l| l.name.clone()).collect();
        bound.extend(self.sizes[size_mark..].iter().cloned());
        let bound_types: Vec<Name> = self.type_params[type_mark..].to_vec();
        self.locals.truncate(mark);
        self.type_params.truncate(type_mark);
        self.sizes.truncate(size_mark);
        self.lifted_params.truncate(lifted_mark);
        self.check_scope_exit(Location::Expr(body), var_mark, bound, bound_types);
        let named: Vec<(Option<Name>, Ty)> = typed
            .into_iter()
            .map(|(pat, ty)| (self.param_name_of(pat), ty))
            .collect();
        super::function_type(named.into_iter(), result)
    }

    fn infer_loop(
        &mut self,
        id: ExprId,
        pat: PatId,
        init: Option<ExprId>,
        form: LoopForm,
        body: ExprId,
    ) -> Ty {
        let init_ty = match init {
            Some(init) => self.infer_expr(init),
            None => self.implicit_init_type(pat),
        };
        let mark = self.locals.len();
        match &form {
            LoopForm::For { var, bound } => {
                let bound_ty = self.infer_expr(*bound);
                let integral = self.integral();
                self.expect(
                    Location::Expr(*bound),
                    "The bound of a for-loop must be an integer.",
                    &integral,
                    &bound_ty,
                );
                self.locals.push(Local {
                    name: var.clone(),
                    ty: bound_ty,
                    origin: Resolved::LoopVar(id),
                    params: None,
                });
            }
            LoopForm::ForIn {
                pat: element,
                array,
            } => {
                let array_ty = self.infer_expr(*array);
                let element_ty = self.table.fresh();
                let expected = Ty::array_of(element_ty.clone(), self.table.fresh_size_var());
                self.expect(
                    Location::Expr(*array),
                    "A for-in loop must iterate over an array.",
                    &expected,
                    &array_ty,
                );
                self.check_pat_group(&[(*element, element_ty)]);
            }
            LoopForm::While { .. } => {}
        }
        // Each size of the parameters is a new size variable: the body
        // decides which sizes it keeps (see `loop_result`).
        let loop_mark = self.table.mark();
        let unknowns_before_body = self.table.unknowns_made();
        let init_ty = self.table.resolve(&init_ty);
        let mut fresh = Vec::new();
        let param_ty = self.fresh_loop_sizes(&init_ty, &mut fresh);
        self.check_pat_group(&[(pat, param_ty.clone())]);
        if let LoopForm::While { condition } = form {
            let cond = self.infer_expr(condition);
            self.expect(
                Location::Expr(condition),
                "The condition of a while-loop must be a bool.",
                &Ty::bool(),
                &cond,
            );
        }
        let body_ty = self.infer_expr(body);
        if !self.loop_sizes_known_before_body(pat, &param_ty, &fresh, unknowns_before_body) {
            self.locals.truncate(mark);
            return self.table.resolve(&param_ty);
        }
        // Sizes written in the pattern hold in every iteration.
        if self.pattern_has_ascription(pat) {
            let declared = self.declared_pattern_type(pat);
            let errors = self.errors.len();
            self.expect(
                Location::Expr(body),
                "Loop body does not have expected type.",
                &declared,
                &body_ty,
            );
            if self.errors.len() > errors {
                self.locals.truncate(mark);
                return self.table.resolve(&declared);
            }
        }
        let loop_bound: Vec<Name> = self.locals[mark..].iter().map(|l| l.name.clone()).collect();
        let result = self.loop_result(body, &param_ty, &body_ty, &fresh, loop_mark, &loop_bound);
        self.locals.truncate(mark);
        result
    }

    /// Whether no size of the loop's parameters (the variables `fresh`)
    /// was found by the body to be an existential size the body itself
    /// makes (`zip (filter p ys) xs` for a parameter `xs`), which no
    /// iteration knows before it runs; reports the first one that was.
    fn loop_sizes_known_before_body(
        &mut self,
        pat: PatId,
        param_ty: &Ty,
        fresh: &[(u32, Size)],
        unknowns_before_body: u32,
    ) -> bool {
        let made_by_body = fresh.iter().find_map(|(v, _)| {
            let size = self.table.resolve_size(&Size::Var(*v));
            let mut found = None;
            size.all_leaves(&mut |leaf| {
                if let Size::Unknown(id) = leaf
                    && *id > unknowns_before_body
                    && self.table.origin(leaf) != Some(UnknownOrigin::Expression)
                {
                    found = Some(leaf.clone());
                }
                found.is_none()
            });
            found
        });
        let Some(size) = made_by_body else {
            return true;
        };
        let shown = self.display(&self.table.resolve(param_ty));
        let origin = self
            .table
            .describe_unknown(&size)
            .map(|origin| format!("\n\"?\" {origin}."))
            .unwrap_or_default();
        self.error(
            Location::Pat(pat),
            format!(
                "Inferred type for loop parameter is\n  {shown}\nbut \"?\" is an existential \
                 size created inside the loop body.{origin}"
            ),
        );
        false
    }

    /// `ty` with each array size a new size variable, recorded in `fresh`
    /// with the size it replaces.
    fn fresh_loop_sizes(&mut self, ty: &Ty, fresh: &mut Vec<(u32, Size)>) -> Ty {
        ty.map_sizes(&mut |size| {
            let var = self.table.fresh_size_var();
            if let Size::Var(v) = var {
                self.table.keep_from_joins(v);
                fresh.push((v, size.clone()));
            }
            var
        })
    }

    /// The type of a loop, as upstream infers it: a parameter size that the
    /// body gives back unchanged is the initial value's size; any other is
    /// loop-variant, unknown after the loop, and may neither have been
    /// tied by the body to an invariant size or a known one, nor escaped
    /// into a type made before the loop. Nor may the body have tied it to
    /// a size named by or computed from a name the loop binds
    /// (`loop_bound`), which is not in scope where the parameter's size is
    /// made.
    fn loop_result(
        &mut self,
        body: ExprId,
        param_ty: &Ty,
        body_ty: &Ty,
        fresh: &[(u32, Size)],
        loop_mark: (usize, usize),
        loop_bound: &[Name],
    ) -> Ty {
        let at = Location::Expr(body);
        let context = "Loop body does not have expected type.";
        if self.table.unify_except_sizes(param_ty, body_ty).is_err() {
            self.expect(at, context, param_ty, body_ty);
            return Ty::Error;
        }
        let mut out_of_scope = None;
        for (var, _) in fresh {
            self.table
                .resolve_size(&Size::Var(*var))
                .all_leaves(&mut |leaf| {
                    let names = match leaf {
                        Size::Named(name) => std::slice::from_ref(name),
                        Size::Unknown(id) => self.table.expression_names(*id).unwrap_or_default(),
                        _ => &[],
                    };
                    out_of_scope = out_of_scope
                        .take()
                        .or_else(|| names.iter().find(|n| loop_bound.contains(n)).cloned());
                    true
                });
        }
        if let Some(name) = out_of_scope {
            self.error(
                at,
                format!(
                    "Cannot link a size of the loop parameter to a size computed from \"{name}\" \
                     (scope violation).\nThis is because \"{name}\" is not in scope when the \
                     loop parameter's size is introduced.\n\n\
                     For more information, see:\n  {ERROR_INDEX}#scope-violation"
                ),
            );
            return Ty::Error;
        }
        let body_ty = self.table.resolve(body_ty);
        let mut produced = Vec::new();
        loop_sizes(param_ty, &body_ty, &mut produced);
        let same =
            |ctx: &Self, a: &Size, b: &Size| ctx.table.resolve_size(a) == ctx.table.resolve_size(b);
        let mut invariant = Vec::new();
        let mut pending = Vec::new();
        for (var, initial) in fresh {
            let param = Size::Var(*var);
            match produced.iter().find(|(v, _)| v == var) {
                Some((_, result)) => pending.push((param, initial.clone(), result.clone())),
                None => invariant.push((param, initial.clone())),
            }
        }
        let mut mismatch = false;
        // An invariant parameter's size is its initial value's, which the
        // body may have found to be another (tying it to another
        // parameter's, say): the sizes it needs and the one it has.
        let mut needed_initial: Option<(Size, Size)> = None;
        let mut keep_initial = |ctx: &mut Self, param: &Size, initial: &Size| {
            let needed = ctx.table.resolve_size(param);
            if ctx.unify_sizes_of(param, initial) && needed_initial.is_none() {
                needed_initial = Some((needed, ctx.table.resolve_size(initial)));
            }
        };
        for (param, initial) in &invariant {
            keep_initial(self, param, initial);
        }
        // A size is invariant when the body keeps the parameter's size or
        // produces the initial value's (also through another parameter
        // found invariant, which it copies). Failing those, an initial
        // size still open is given the body's size (an outer loop's
        // parameter), as upstream's unification would.
        let fresh_vars: Vec<Size> = fresh.iter().map(|(v, _)| Size::Var(*v)).collect();
        let mut allow_open = false;
        loop {
            let mut changed = false;
            let mut still = Vec::new();
            for (param, initial, result) in pending {
                let keeps = same(self, &param, &result) || same(self, &initial, &result);
                // Never a size computed later (an existential one): the
                // initial value's type exists before it.
                let open = allow_open
                    && matches!(self.table.resolve_size(&initial), Size::Var(_))
                    && self
                        .table
                        .resolve_size(&result)
                        .all_leaves(&mut |leaf| !matches!(leaf, Size::Unknown(_)))
                    && !fresh_vars.iter().any(|f| {
                        let f = self.table.resolve_size(f);
                        let (initial, result) = (
                            self.table.resolve_size(&initial),
                            self.table.resolve_size(&result),
                        );
                        initial == f || !result.all_leaves(&mut |leaf| *leaf != f)
                    });
                if keeps || open {
                    if open {
                        mismatch |= self.unify_sizes_of(&initial, &result);
                    }
                    keep_initial(self, &param, &initial);
                    invariant.push((param, initial));
                    changed = true;
                } else {
                    still.push((param, initial, result));
                }
            }
            pending = still;
            if changed {
                allow_open = false;
            } else if allow_open || pending.is_empty() {
                break;
            } else {
                allow_open = true;
            }
        }
        let variant = pending;
        if let Some((needed, initial)) = needed_initial {
            let initial_ty = param_ty.map_sizes(&mut |size| match size {
                Size::Var(v) => fresh
                    .iter()
                    .find(|(f, _)| f == v)
                    .map_or_else(|| size.clone(), |(_, initial)| initial.clone()),
                _ => size.clone(),
            });
            let expected = self.display(&self.table.resolve(param_ty));
            let actual = self.display(&self.table.resolve(&initial_ty));
            let (needed, initial) = (
                self.table.shown_size(&needed).text(),
                self.table.shown_size(&initial).text(),
            );
            self.error(
                at,
                format!(
                    "Initial loop values do not have expected type.\n\
                     Expected: {expected}\nActual:   {actual}\n\
                     The loop body keeps an initial value's size \"{initial}\" but needs it to be \"{needed}\"."
                ),
            );
            return Ty::Error;
        }
        let resolved_invariant: Vec<Size> = invariant
            .iter()
            .map(|(param, _)| self.table.resolve_size(param))
            .collect();
        mismatch |= variant.iter().any(|(param, ..)| {
            let resolved = self.table.resolve_size(param);
            !matches!(resolved, Size::Var(_)) || resolved_invariant.contains(&resolved)
        });
        if mismatch {
            let expected = self.table.resolve(param_ty);
            let shown_expected = self.display(&expected);
            let shown_actual = self.display(&body_ty);
            self.error(
                at,
                format!(
                    "{context}\nExpected: {shown_expected}\nActual:   {shown_actual}\n\
                     The body changes a size that it also keeps equal to the initial value's."
                ),
            );
            return Ty::Error;
        }
        // The body may tie parameter sizes together only where the initial
        // values' sizes are equal too.
        for (i, (first, first_initial, _)) in variant.iter().enumerate() {
            let tied = variant[i + 1..].iter().find(|(second, second_initial, _)| {
                same(self, first, second) && !same(self, first_initial, second_initial)
            });
            if let Some((_, second_initial, _)) = tied {
                let (a, b) = (
                    self.table.shown_size(first_initial).text(),
                    self.table.shown_size(second_initial).text(),
                );
                self.error(
                    at,
                    format!(
                        "Initial loop values do not have expected type.\n\
                         The loop body needs the sizes \"{a}\" and \"{b}\" of the initial values to be equal."
                    ),
                );
                return Ty::Error;
            }
        }
        for (param, initial, result) in variant {
            let Size::Var(v) = self.table.resolve_size(&param) else {
                continue;
            };
            if self.table.size_var_escapes(loop_mark, v) {
                self.error(
                    at,
                    "Loop-variant size has escaped into type that occurs outside of loop.\n\
                     This is likely because the loop body uses a variable whose type\n\
                     depends on the loop parameter.",
                );
                return Ty::Error;
            }
            // The size after an iteration, from the initial one.
            let initial = self.table.resolve_size(&initial);
            let result = self.table.resolve_size(&result).map_leaves(&mut |leaf| {
                if *leaf == Size::Var(v) {
                    initial.clone()
                } else {
                    leaf.clone()
                }
            });
            let unknown = self
                .table
                .fresh_joined_unknown(UnknownOrigin::Loop, initial, result);
            self.table.name_size(&Size::Var(v), unknown);
        }
        self.table.resolve(param_ty)
    }

    /// Unifies two sizes; whether they differ.
    fn unify_sizes_of(&mut self, a: &Size, b: &Size) -> bool {
        let array = |size: &Size| Ty::array_of(Ty::unit(), size.clone());
        self.table.unify(&array(a), &array(b)).is_err()
    }

    fn pattern_has_ascription(&self, pat: PatId) -> bool {
        match &self.body.store.pats[pat] {
            Pat::Ascription { .. } => true,
            Pat::Tuple(ps) => ps.iter().any(|p| self.pattern_has_ascription(*p)),
            Pat::Record(fs) => fs.iter().any(|(_, p)| self.pattern_has_ascription(*p)),
            Pat::Attr { pat, .. } => self.pattern_has_ascription(*pat),
            Pat::Constr { .. }
            | Pat::Name(_)
            | Pat::Missing
            | Pat::Wildcard
            | Pat::Literal { .. } => false,
        }
    }

    /// The type a pattern declares: its written types (with new sizes for
    /// their anonymous ones), and unknown types where it has none.
    fn declared_pattern_type(&mut self, pat: PatId) -> Ty {
        match self.body.store.pats[pat].clone() {
            Pat::Ascription { ty, .. } => self.lower_type_again(ty, false),
            Pat::Tuple(ps) => {
                Ty::tuple(ps.iter().map(|&p| self.declared_pattern_type(p)).collect())
            }
            Pat::Record(fs) => Ty::record(
                fs.iter()
                    .map(|(name, p)| (name.clone(), self.declared_pattern_type(*p)))
                    .collect(),
            ),
            Pat::Attr { pat, .. } => self.declared_pattern_type(pat),
            Pat::Constr { .. }
            | Pat::Name(_)
            | Pat::Missing
            | Pat::Wildcard
            | Pat::Literal { .. } => self.table.fresh(),
        }
    }

    /// `loop x for ...` without `= init`: the pattern's variables are
    /// already bound, and their current values are the initial ones.
    fn implicit_init_type(&mut self, pat: PatId) -> Ty {
        match self.body.store.pats[pat].clone() {
            Pat::Name(name) => match self.lookup_local(&name) {
                Some(local) => local.ty.clone(),
                None => {
                    self.error(
                        Location::Pat(pat),
                        format!("Unknown name \"{name}\": a loop without an initial value needs it bound."),
                    );
                    Ty::Error
                }
            },
            Pat::Tuple(elements) => Ty::tuple(
                elements
                    .iter()
                    .map(|&p| self.implicit_init_type(p))
                    .collect(),
            ),
            Pat::Ascription { pat, .. } | Pat::Attr { pat, .. } => self.implicit_init_type(pat),
            _ => {
                self.error(
                    Location::Pat(pat),
                    "A loop without an initial value needs a pattern of variables.",
                );
                Ty::Error
            }
        }
    }

    fn infer_path(&mut self, id: ExprId, path: &Path) -> Ty {
        let at = Location::Expr(id);
        if path.last().as_str().starts_with('_') {
            self.error(
                at,
                format!(
                    "Use of \"{path}\": variables prefixed with underscore may not be accessed."
                ),
            );
        }
        let segments = path.segments();
        let first = &segments[0];
        // A module opened by `M.(e)` after a local was bound shadows it.
        let local_position = self.locals.position(first);
        let opened_shadows = self.opened.iter().any(|&(module, depth)| {
            local_position.is_some_and(|p| p < depth)
                && self.resolver.exports(module).terms.contains_key(first)
        });
        let (ty, used) = if !opened_shadows && let Some(local) = self.lookup_local(first).cloned() {
            self.resolutions.insert(id, local.origin);
            let ty = match local.params {
                Some((type_params, size_params, lifted)) => {
                    let ty = self.table.resolve(&local.ty);
                    self.instantiate(&Scheme {
                        type_params,
                        lifted,
                        // Uses of local functions are not checked for
                        // liftedness (see `instantiate_term`).
                        size_lifted: Vec::new(),
                        size_params,
                        ty,
                    })
                }
                None => local.ty,
            };
            (ty, 1)
        } else if self.sizes.contains(first) {
            self.resolutions.insert(id, Resolved::Size(first.clone()));
            (Ty::i64(), 1)
        } else if let Some((found, used, via)) = self.resolve_path_in_opened(path) {
            // Checked before the definition's own name, which a module
            // opened by `M.(e)` shadows.
            self.resolutions.insert(id, Resolved::Term(found));
            self.term_paths.insert(
                id,
                TermPath {
                    used: used as u32,
                    via: Some(via),
                },
            );
            (self.term_type_via(at, found, path, used, Some(via)), used)
        } else if let Some((_, ty)) = self.self_type.clone().filter(|(n, _)| n == first) {
            self.resolutions.insert(id, Resolved::SelfRecursive);
            // Recursion is size-polymorphic: each call has its own sizes.
            let sizes: Vec<(Name, Size)> = self
                .body
                .type_params
                .iter()
                .filter_map(|p| match p {
                    TypeParam::Size(n) => Some((n.clone(), self.table.fresh_size_var())),
                    TypeParam::Type(..) => None,
                })
                .collect();
            let ty = self.table.resolve(&ty);
            (super::substitute(&ty, &[], &sizes), 1)
        } else {
            match self.resolver.resolve_expr_path_via(self.scope, path) {
                Some((term, used, via)) => {
                    self.resolutions.insert(id, Resolved::Term(term));
                    self.term_paths.insert(
                        id,
                        TermPath {
                            used: used as u32,
                            via,
                        },
                    );
                    (self.term_type_via(at, term, path, used, via), used)
                }
                None => {
                    self.error(at, format!("Unknown name \"{path}\"."));
                    return Ty::Error;
                }
            }
        };
        segments[used..]
            .iter()
            .fold(ty, |ty, field| self.project(at, &ty, field))
    }

    /// A name looked up in the modules opened by `M.(e)`, innermost first,
    /// with the module it was found in.
    fn resolve_in_opened(&self, name: &Name) -> Option<(TermRef, ModuleRef)> {
        self.opened.iter().rev().find_map(|&(module, _)| {
            let term = self.resolver.exports(module).terms.get(name).copied()?;
            Some((term, module))
        })
    }

    /// A path whose first name is found in a module opened by `M.(e)`:
    /// the term, how many segments name it (modules, then the term), and
    /// the module it was found in.
    fn resolve_path_in_opened(&self, path: &Path) -> Option<(TermRef, usize, ModuleRef)> {
        let segments = path.segments();
        let (mut term, mut via) = self.resolve_in_opened(&segments[0])?;
        let mut used = 1;
        while let (TermRef::Module(module), Some(next)) = (term, segments.get(used)) {
            term = *self.resolver.exports(module).terms.get(next)?;
            via = module;
            used += 1;
        }
        Some((term, used, via))
    }

    /// The module a path in `M.(e)` names: inside other local opens, its
    /// first name may be a module they open (`m0.(m1.(x))`).
    fn resolve_opened_module_path(&self, path: &Path) -> Option<ModuleRef> {
        match self.resolve_path_in_opened(path) {
            Some((TermRef::Module(module), used, _)) if used == path.segments().len() => {
                Some(module)
            }
            _ => self.resolver.resolve_module_path(self.scope, path),
        }
    }

    /// The type of a term found in module `via` (if qualified) or through
    /// an `open`: members of an applied parametric module see the
    /// arguments' types for the parameters' abstract types.
    fn term_type_via(
        &mut self,
        at: Location,
        term: TermRef,
        path: &Path,
        used: usize,
        via: Option<ModuleRef>,
    ) -> Ty {
        let ty = self.term_type(at, term, path, used);
        let (db, file_set) = (self.resolver.db, self.resolver.file_set);
        let mut env = super::types::opened_instance_env(db, file_set, self.scope).to_vec();
        if let Some(module) = via {
            env.extend(
                super::types::functor_instance_env(db, file_set, crate::resolve::ModuleKey(module))
                    .iter()
                    .cloned(),
            );
        }
        env.extend(super::types::module_path_env(
            self.resolver,
            self.scope,
            &path.segments()[..used.saturating_sub(1)],
        ));
        super::types::substitute_instance(&ty, &env)
    }

    /// `declared` with each array size that is not one of the `anonymous`
    /// size variables replaced by a new size variable (see
    /// [`Expr::Coercion`]).
    fn coercion_target(&mut self, declared: &Ty, anonymous: &std::ops::Range<usize>) -> Ty {
        declared.map_sizes(&mut |size| match size {
            Size::Var(v) if anonymous.contains(&(*v as usize)) => size.clone(),
            _ => self.table.fresh_size_var(),
        })
    }

    /// Remembers the sizes made since `from` for the anonymous sizes of
    /// a type ascription at `at` (see [`InferCtx::check_ambiguous_sizes`]),
    /// unless the ascribed value holds functions, whose parameters' sizes
    /// are given by their calls.
    fn note_ascribed_sizes(&mut self, from: usize, ty: &Ty, at: Location) {
        if self.table.contains_function(ty) {
            return;
        }
        self.ascribed_sizes.push((from..self.table.mark().1, at));
    }

    /// Instantiates the type of the term `path`, remembering the sizes
    /// its size parameters become (see [`InferCtx::check_ambiguous_sizes`]).
    fn instantiate_term(&mut self, at: Location, path: &Path, scheme: &Scheme) -> Ty {
        // `instantiate` makes the type and size parameters' variables
        // first, in order.
        let (first_type, first) = self.table.mark();
        let ty = self.instantiate(scheme);
        for (i, name) in scheme.type_params.iter().enumerate() {
            if !scheme.lifted.contains(name) {
                self.unlifted_instantiations.push((
                    Ty::Var(TyVar((first_type + i) as u32)),
                    scheme.size_lifted.contains(name),
                    path.last().clone(),
                    at,
                ));
            }
        }
        for (i, name) in scheme.size_params.iter().enumerate() {
            // A size only in abstract types (`acc [n]`) is not tracked.
            if !scheme.ty.mentions_size(name) {
                continue;
            }
            self.instantiated_sizes.push((
                Size::Var((first + i) as u32),
                name.clone(),
                path.last().clone(),
                at,
            ));
        }
        ty
    }

    /// The type of a resolved term, instantiated.
    fn term_type(&mut self, at: Location, term: TermRef, path: &Path, used: usize) -> Ty {
        match term {
            TermRef::Value(ValueRef::Def(file, item)) => {
                let scheme = value_scheme(self.resolver.db, self.resolver.file_set, file, item);
                self.instantiate_term(at, path, &scheme)
            }
            TermRef::Value(ValueRef::Spec(file, spec, module)) => {
                let mut scheme = self.spec_scheme(file, spec, module);
                let qualifiers = &path.segments()[..used.saturating_sub(1)];
                let sizes = self.spec_value_sizes(&mut scheme, file, spec, module, qualifiers);
                let ty = self.instantiate_term(at, path, &scheme);
                // After instantiation, which would make the sizes of
                // expressions new sizes at each use.
                super::substitute(&ty, &[], &sizes)
            }
            TermRef::Module(ModuleRef::Intrinsics) => {
                let name = path.segments().get(used).map_or("", |n| n.as_str());
                self.error(at, format!("Unknown intrinsic \"{name}\"."));
                Ty::Error
            }
            TermRef::Module(_) => {
                self.error(at, format!("\"{path}\" is a module, not a value."));
                Ty::Error
            }
        }
    }

    /// Sizes in the type of the `val` specification `spec` of `module`
    /// (named by `qualifiers` here) that name other values of `module` are
    /// those values, not size parameters: `C.xs : [n]i64` has the size of
    /// the expression `C.n`, as `iota C.n` has (through an `open`, the
    /// size `n`). Takes them from the scheme's size parameters and
    /// returns those to replace, with their sizes.
    fn spec_value_sizes(
        &mut self,
        scheme: &mut Scheme,
        file: crate::files::SourceFile,
        spec: crate::item_tree::SpecIdx,
        module: ModuleRef,
        qualifiers: &[Name],
    ) -> Vec<(Name, Size)> {
        let declared = super::modules::declared_size_params(self.resolver.db, file, spec);
        let exports = self.resolver.exports(module);
        let (values, params): (Vec<Name>, Vec<Name>) = std::mem::take(&mut scheme.size_params)
            .into_iter()
            .partition(|size| {
                !declared.contains(size)
                    && matches!(exports.terms.get(size), Some(TermRef::Value(_)))
            });
        scheme.size_params = params;
        // Reached through an `open`, a value's own name names it here.
        let Some(first) = qualifiers.first() else {
            return Vec::new();
        };
        values
            .into_iter()
            .map(|value| {
                let segments: Vec<Name> = qualifiers
                    .iter()
                    .cloned()
                    .chain(std::iter::once(value.clone()))
                    .collect();
                let key = segments
                    .iter()
                    .map(Name::as_str)
                    .collect::<Vec<_>>()
                    .join(".");
                let size = self
                    .table
                    .expression_size(Some(key.clone()), vec![first.clone()], key);
                if let Some(path) = Path::new(segments) {
                    self.record_path_size(&size, path);
                }
                (value, size)
            })
            .collect()
    }

    /// The type a `val` specification gives, seen through `module`.
    fn spec_scheme(
        &mut self,
        file: crate::files::SourceFile,
        spec: crate::item_tree::SpecIdx,
        module: ModuleRef,
    ) -> Scheme {
        let env = super::types::spec_local_types(self.resolver.db, self.resolver.file_set, module);
        let spec_modules = super::types::SpecModules::new(&self.resolver.exports(module), module);
        super::types::spec_scheme_in(self.resolver, file, spec, &env, &spec_modules)
    }

    /// The type of an operator: a built-in overloaded one, unless a
    /// definition of that name is in scope.
    /// The type of an operator, recording what it means for the
    /// expression `at`.
    fn op_type(&mut self, at: Location, op: &OpRef) -> Ty {
        let Location::Expr(id) = at else {
            return Ty::Error;
        };
        let symbol = op.path.last().as_str();
        // `x intrinsics.+ y`: the built-in operator, whatever `+` means here.
        if let [qualifier] = op.path.qualifiers()
            && qualifier.as_str() == "intrinsics"
            && let Some(builtin) = builtin_op(symbol)
        {
            self.operators
                .insert(id, Resolved::BuiltinOp(op.path.last().clone()));
            return self.builtin_type(builtin);
        }
        if op.path.is_single()
            && let Some((found, via)) = self.resolve_in_opened(op.path.last())
        {
            self.operators.insert(id, Resolved::Term(found));
            self.term_paths.insert(
                id,
                TermPath {
                    used: 1,
                    via: Some(via),
                },
            );
            return self.term_type_via(at, found, &op.path, 1, Some(via));
        }
        let shadowed = self.lookup_local(op.path.last()).is_some()
            || self
                .resolver
                .resolve_expr_path(self.scope, &op.path)
                .is_some();
        if op.path.is_single()
            && !op.backticked
            && !shadowed
            && let Some(builtin) = builtin_op(symbol)
        {
            self.operators
                .insert(id, Resolved::BuiltinOp(op.path.last().clone()));
            return self.builtin_type(builtin);
        }
        if op.path.is_single()
            && let Some(local) = self.lookup_local(op.path.last()).cloned()
        {
            self.operators.insert(id, local.origin);
            return local.ty;
        }
        match self.resolver.resolve_expr_path_via(self.scope, &op.path) {
            Some((term, used, via)) => {
                self.operators.insert(id, Resolved::Term(term));
                self.term_paths.insert(
                    id,
                    TermPath {
                        used: used as u32,
                        via,
                    },
                );
                self.term_type_via(at, term, &op.path, used, via)
            }
            None => {
                self.error(at, format!("Unknown operator \"{}\".", op.path));
                Ty::Error
            }
        }
    }

    fn builtin_type(&mut self, op: BuiltinOp) -> Ty {
        let (operand, result) = match op {
            BuiltinOp::Numeric => {
                let t = self
                    .table
                    .fresh_constrained(Constraint::Prims(PrimType::numeric()));
                (t.clone(), t)
            }
            BuiltinOp::IntegerArith | BuiltinOp::Bitwise => {
                let t = self.integral();
                (t.clone(), t)
            }
            BuiltinOp::Equality => (
                self.table.fresh_constrained(Constraint::Equality),
                Ty::bool(),
            ),
            BuiltinOp::Ordering => {
                let mut prims = PrimType::numeric();
                prims.push(PrimType::Bool);
                (
                    self.table.fresh_constrained(Constraint::Prims(prims)),
                    Ty::bool(),
                )
            }
            BuiltinOp::Logic => (Ty::bool(), Ty::bool()),
        };
        Ty::function(operand.clone(), Ty::function(operand, result))
    }

    fn apply(&mut self, func: ExprId, func_ty: Ty, args: &[ExprId]) -> Ty {
        let name = match &self.body.store.exprs[func] {
            Expr::Path(path) => Some(path.to_string()),
            _ => None,
        };
        let mut ty = func_ty;
        let mut sizes = None;
        for (index, &arg) in args.iter().enumerate() {
            let arg_ty = self.infer_expr(arg);
            ty = self.apply_one(name.as_deref(), index, arg, ty, &arg_ty, &mut sizes);
            self.check_result_parameter_sizes(name.as_deref(), arg, &arg_ty, &ty);
        }
        ty
    }

    /// Whether the size `name` occurs in `result`. The names of the sizes
    /// in the first `result` asked about are collected once per
    /// application in `sizes_named` (a superset for the later, smaller
    /// results), so that only a name among them costs a walk of the rest
    /// of the function type; a substitution of an argument for a size
    /// clears them.
    fn result_mentions(
        &self,
        result: &Ty,
        name: &Name,
        sizes_named: &mut Option<HashSet<Name>>,
    ) -> bool {
        sizes_named
            .get_or_insert_with(|| {
                let leaves = self
                    .table
                    .resolve(result)
                    .size_leaves(|leaf, _| matches!(leaf, Size::Named(_)));
                leaves
                    .into_iter()
                    .filter_map(|leaf| match leaf {
                        Size::Named(name) => Some(name),
                        _ => None,
                    })
                    .collect()
            })
            .contains(name)
            && self.table.resolve(result).mentions_size(name)
    }

    /// A size named by a parameter of a function passed as an argument
    /// (`iota`'s `n` in `compose iota`) is unknown outside that function:
    /// the application's result may not need it in a parameter of a
    /// function it returns, where no caller could supply it (unless the
    /// result also produces it, telling the caller).
    fn check_result_parameter_sizes(
        &mut self,
        callee: Option<&str>,
        arg: ExprId,
        arg_ty: &Ty,
        result: &Ty,
    ) {
        let arg_ty = self.table.resolve(arg_ty);
        let mut bound_inside = Vec::new();
        function_binders(&arg_ty, &mut bound_inside);
        if bound_inside.is_empty() {
            return;
        }
        let result = self.table.resolve(result);
        // The size names free in the result, in its functions' parameters
        // and elsewhere.
        let free = |in_param: bool| {
            result.size_leaves(|leaf, site| {
                matches!(leaf, Size::Named(n) if !site.binders.contains(n))
                    && site.in_param() == in_param
            })
        };
        let produced = free(false);
        let problem = free(true).iter().any(|size| {
            matches!(size, Size::Named(n) if bound_inside.contains(n)) && !produced.contains(size)
        });
        if !problem {
            return;
        }
        let arg_text = crate::pretty::expr_text(&self.body.store, arg, 70);
        let header = match callee {
            Some(f) => format!("Cannot apply \"{f}\" to \"{arg_text}\"."),
            None => format!("Cannot apply function to \"{arg_text}\"."),
        };
        let shown = self.display(&result);
        self.error(
            Location::Expr(arg),
            format!(
                "{header}\nExistential size would appear in function parameter of return type:\n  {shown}\n\
                 This is usually because a higher-order function is used with functional arguments \
                 that return existential sizes or locally named sizes, which are then used as \
                 parameters of other function arguments.\n\n\
                 For more information, see:\n  {ERROR_INDEX}#existential-param-ret"
            ),
        );
    }

    /// The start of upstream's message for an argument of the wrong type.
    fn invalid_argument(&self, callee: Option<&str>, arg: ExprId) -> String {
        let arg_text = crate::pretty::expr_text(&self.body.store, arg, 70);
        match callee {
            Some(f) => format!("Cannot apply \"{f}\" to \"{arg_text}\" (invalid type)."),
            None => format!("Cannot apply function to \"{arg_text}\" (invalid type)."),
        }
    }

    /// Applies a function type to its argument number `index`; `callee` is
    /// the function's name when it is called by name.
    fn apply_one(
        &mut self,
        callee: Option<&str>,
        index: usize,
        arg: ExprId,
        func_ty: Ty,
        arg_ty: &Ty,
        sizes_named: &mut Option<HashSet<Name>>,
    ) -> Ty {
        // Copying the function type per argument (it holds every later
        // parameter) made long applications quadratic: only a type
        // variable is followed into a copy.
        let func_ty = match func_ty {
            Ty::Var(_) => self.table.shallow(&func_ty),
            ty => ty,
        };
        match func_ty {
            Ty::Function {
                param,
                result,
                param_name,
            } => {
                let context = |ctx: &Self| ctx.invalid_argument(callee, arg);
                self.expect_with(Location::Expr(arg), context, &param, arg_ty);
                match param_name {
                    // `(n: i64) -> [n]t`: the result's size is the argument.
                    // (Only then: an expression's size costs its size to
                    // compute, and pipelines are chains of applications.)
                    Some(name) if self.result_mentions(&result, &name, sizes_named) => {
                        *sizes_named = None;
                        let size = self.size_of_argument(arg);
                        // The caller's names must not be captured by a
                        // parameter of the same name further on.
                        let mut result = *result;
                        size.all_leaves(&mut |leaf| {
                            if let Size::Named(inserted) = leaf {
                                result = rename_binder(&result, inserted);
                            }
                            true
                        });
                        super::substitute(&result, &[], &[(name, size)])
                    }
                    _ => *result,
                }
            }
            Ty::Error => Ty::Error,
            Ty::Var(v) if self.table.constraint(v) == Some(&Constraint::None) => {
                let result = self.table.fresh();
                let expected = Ty::function(arg_ty.clone(), result.clone());
                let context = |ctx: &Self| ctx.invalid_argument(callee, arg);
                self.expect_with(Location::Expr(arg), context, &func_ty, &expected);
                result
            }
            Ty::Var(v) if self.table.constraint(v) == Some(&Constraint::Unlifted) => {
                let function = Ty::function(arg_ty.clone(), self.table.fresh());
                let shown = self.display(&function);
                let callee = match callee {
                    Some(f) if index == 0 => format!("\"{f}\""),
                    Some(f) => format!("The result of applying \"{f}\""),
                    None => "The expression".to_string(),
                };
                self.error(
                    Location::Expr(arg),
                    format!(
                        "Type\n  {shown}\nfound to be functional.\n{callee} is applied as a \
                         function, but its type may not be a function type: it is an array \
                         element or stands for a type parameter that is not lifted."
                    ),
                );
                Ty::Error
            }
            other => {
                let other = self.display(&other);
                let callee = callee.map_or("expression".to_string(), |f| format!("\"{f}\""));
                let arg_text = crate::pretty::expr_text(&self.body.store, arg, 70);
                let message = if index == 0 {
                    format!(
                        "Cannot apply {callee} as function, as it has non-function type:\n  {other}"
                    )
                } else {
                    format!(
                        "Cannot apply {callee} to \"{arg_text}\".\nFunction accepts only {index} argument{}.",
                        if index == 1 { "" } else { "s" }
                    )
                };
                self.error(Location::Expr(arg), message);
                Ty::Error
            }
        }
    }

    /// The size an argument gives a named size parameter: a variable's
    /// name, a constant, a symbolic size, or the size of an expression.
    fn size_of_argument(&mut self, arg: ExprId) -> Size {
        self.size_or_expression(arg)
    }

    /// The size given by an expression that sizes cannot express
    /// (`iota (length xs)`). Upstream names such a size by the expression
    /// itself, so it equals the size of the same expression written again
    /// and nothing else: not the size `n` of `xs: [n]t`.
    fn expression_size(&mut self, e: ExprId) -> Size {
        let mut names = Vec::new();
        let key = self.expression_key(e, &mut names);
        let text = crate::pretty::expr_text(&self.body.store, e, 70);
        let size = self.table.expression_size(key, names, text);
        if let Expr::Path(path) = &self.body.store.exprs[e] {
            self.record_path_size(&size, path.clone());
        }
        size
    }

    /// Records that an existential size is the value of a qualified name.
    fn record_path_size(&mut self, size: &Size, path: Path) {
        if let Size::Unknown(id) = *size
            && !path.is_single()
            && !self.path_sizes.iter().any(|(known, _)| *known == id)
        {
            self.path_sizes.push((id, path));
        }
    }

    /// The expression's form, for comparing sizes given by expressions,
    /// and the names it uses; `None` for forms that are not compared
    /// (their sizes are each unlike any other).
    fn expression_key(&self, e: ExprId, names: &mut Vec<Name>) -> Option<String> {
        let mut key = |e: ExprId| self.expression_key(e, names);
        Some(match &self.body.store.exprs[e] {
            Expr::Path(path) => {
                names.push(path.segments()[0].clone());
                path.to_string()
            }
            Expr::Literal(literal) => format!("{literal:?}"),
            Expr::Field { base, field } => format!("({}).{field}", key(*base)?),
            Expr::Tuple(elements) => {
                let keys: Option<Vec<String>> = elements.iter().map(|e| key(*e)).collect();
                format!("({})", keys?.join(", "))
            }
            Expr::Apply { func, args } => {
                let mut parts = vec![key(*func)?];
                for arg in args {
                    parts.push(format!("({})", key(*arg)?));
                }
                parts.join(" ")
            }
            Expr::Binary { op, lhs, rhs } => {
                format!("({}) {} ({})", key(*lhs)?, op.path, key(*rhs)?)
            }
            Expr::Negate(inner) => format!("-({})", key(*inner)?),
            Expr::Not(inner) => format!("!({})", key(*inner)?),
            Expr::Index { base, indices } => {
                let mut parts = Vec::new();
                for index in indices {
                    parts.push(match index {
                        DimIndex::Fix(i) => key(*i)?,
                        DimIndex::Range { start, end, stride } => {
                            let mut bounds = Vec::new();
                            for bound in [start, end, stride] {
                                bounds.push(match bound {
                                    Some(b) => key(*b)?,
                                    None => String::new(),
                                });
                            }
                            bounds.join(":")
                        }
                    });
                }
                format!("({})[{}]", key(*base)?, parts.join(", "))
            }
            Expr::Assert { body, .. } => key(*body)?,
            Expr::Attr { expr, .. } => key(*expr)?,
            _ => return None,
        })
    }

    /// An expression as a size: a symbolic size if it is one, `+`, `-`,
    /// `*` (and the other size operators) of such sizes, otherwise the size
    /// of the expression. Operators stay visible so that `[n + m]t` can
    /// match `i64.sum ks + k` part by part, as upstream unifies sizes.
    fn size_or_expression(&mut self, e: ExprId) -> Size {
        if let Some(size) = self.symbolic_size(e) {
            return size;
        }
        match &self.body.store.exprs[e] {
            Expr::Assert { body, .. } => self.size_or_expression(*body),
            Expr::Attr { expr, .. } => self.size_or_expression(*expr),
            Expr::Binary { op, lhs, rhs } if op.path.is_single() && !op.backticked => {
                match SizeOp::from_symbol(op.path.last().as_str()) {
                    Some(size_op) => {
                        let (lhs, rhs) = (*lhs, *rhs);
                        let lhs = self.size_or_expression(lhs);
                        let rhs = self.size_or_expression(rhs);
                        Size::Op(size_op, Box::new((lhs, rhs)))
                    }
                    None => self.expression_size(e),
                }
            }
            _ => self.expression_size(e),
        }
    }

    /// An argument as a size: a name, a constant, or `+`, `-`, `*` of
    /// those (`iota (n * m)` has type `[n * m]i64`).
    fn symbolic_size(&self, arg: ExprId) -> Option<Size> {
        match &self.body.store.exprs[arg] {
            Expr::Path(path) if path.is_single() => Some(
                self.visible_size_aliases()
                    .into_iter()
                    .rev()
                    .find(|(name, _)| name == path.last())
                    .map_or_else(|| Size::Named(path.last().clone()), |(_, size)| size),
            ),
            Expr::Literal(crate::store::Literal::Int { value, .. }) => {
                u64::try_from(*value).ok().map(Size::Const)
            }
            // Assertions and attributes do not change the value.
            Expr::Assert { body, .. } => self.symbolic_size(*body),
            Expr::Attr { expr, .. } => self.symbolic_size(*expr),
            Expr::Binary { op, lhs, rhs } if op.path.is_single() && !op.backticked => {
                let size_op = SizeOp::from_symbol(op.path.last().as_str())?;
                Some(Size::Op(
                    size_op,
                    Box::new((self.symbolic_size(*lhs)?, self.symbolic_size(*rhs)?)),
                ))
            }
            _ => None,
        }
    }

    /// The size aliases (see `size_aliases`) that no local variable of
    /// the same name hides.
    pub(super) fn visible_size_aliases(&self) -> Vec<(Name, Size)> {
        self.size_aliases
            .iter()
            .filter(|(name, _)| self.lookup_local(name).is_none())
            .cloned()
            .collect()
    }

    /// The type of field `field` of a value of type `ty`.
    fn project(&mut self, at: Location, ty: &Ty, field: &Name) -> Ty {
        match self.table.shallow(ty) {
            Ty::Record(fields) => match fields.iter().find(|(n, _)| n == field) {
                Some((_, ty)) => ty.clone(),
                None => {
                    let shown = self.display(&Ty::Record(fields.clone()));
                    self.error(at, format!("Type {shown} has no field \"{field}\"."));
                    Ty::Error
                }
            },
            Ty::Var(_) => {
                let field_ty = self.table.fresh();
                let record = self
                    .table
                    .fresh_constrained(Constraint::Fields(vec![(field.clone(), field_ty.clone())]));
                self.expect(at, "Cannot access a field of this value.", &record, ty);
                field_ty
            }
            Ty::Error => Ty::Error,
            other => {
                let shown = self.display(&other);
                self.error(
                    at,
                    format!("Type {shown} has no field \"{field}\": it is not a record."),
                );
                Ty::Error
            }
        }
    }

    /// The type of indexing a value of type `ty`.
    fn index(
        &mut self,
        at: Location,
        ty: &Ty,
        indices: &[DimIndex],
        slice_sizes: SliceSizes,
    ) -> Ty {
        for index in indices {
            match index {
                DimIndex::Fix(e) => {
                    let index_ty = self.infer_expr(*e);
                    let integral = self.integral();
                    self.expect(
                        Location::Expr(*e),
                        "An index must be an integer.",
                        &integral,
                        &index_ty,
                    );
                }
                DimIndex::Range { start, end, stride } => {
                    for part in [start, end, stride].into_iter().flatten() {
                        let part_ty = self.infer_expr(*part);
                        self.expect(
                            Location::Expr(*part),
                            "A slice bound must be an i64.",
                            &Ty::i64(),
                            &part_ty,
                        );
                    }
                }
            }
        }
        let ty = match self.table.resolve(ty) {
            Ty::Var(_) => {
                let element = self.table.fresh();
                let mut expected = element;
                for _ in indices {
                    expected = Ty::array_of(expected, self.table.fresh_size_var());
                }
                self.expect(at, "Only arrays can be indexed.", &expected, ty);
                self.table.resolve(&expected)
            }
            other => other,
        };
        match ty {
            Ty::Array { element, shape, .. } => {
                if indices.len() > shape.len() {
                    self.error(
                        at,
                        format!(
                            "Cannot index {} dimensions into an array of rank {}.",
                            indices.len(),
                            shape.len()
                        ),
                    );
                    return Ty::Error;
                }
                let mut kept: Vec<Size> = Vec::new();
                for (index, dim) in indices.iter().zip(&shape) {
                    if let DimIndex::Range { start, end, stride } = index {
                        let size = match slice_sizes {
                            SliceSizes::Rigid => self.slice_size(dim, *start, *end, *stride),
                            SliceSizes::Flexible => self.table.fresh_size_var(),
                        };
                        kept.push(size);
                    }
                }
                kept.extend(shape[indices.len()..].iter().cloned());
                let mut result = *element;
                for size in kept.into_iter().rev() {
                    result = Ty::array_of(result, size);
                }
                result
            }
            Ty::Error => Ty::Error,
            other => {
                let shown = self.display(&other);
                self.error(
                    at,
                    format!("Cannot index a value of type {shown}: it is not an array."),
                );
                Ty::Error
            }
        }
    }

    /// Whether the pattern binds `name` as a variable.
    fn pattern_binds(&self, pat: PatId, name: &Name) -> bool {
        match &self.body.store.pats[pat] {
            Pat::Name(n) => n == name,
            Pat::Tuple(ps) => ps.iter().any(|p| self.pattern_binds(*p, name)),
            Pat::Record(fs) => fs.iter().any(|(_, p)| self.pattern_binds(*p, name)),
            Pat::Constr { payload, .. } => payload.iter().any(|p| self.pattern_binds(*p, name)),
            Pat::Ascription { pat, .. } | Pat::Attr { pat, .. } => self.pattern_binds(*pat, name),
            Pat::Missing | Pat::Wildcard | Pat::Literal { .. } => false,
        }
    }

    /// The size of a range of `element`s, known for some forms of `i64`
    /// ranges: `0..<n` is `n`, `a..<b` is `b - a`, `a...b` is `b - a + 1`
    /// and `1..2...n` is `n`; otherwise existential (and rigid).
    fn range_size(
        &mut self,
        element: &Ty,
        start: ExprId,
        second: Option<ExprId>,
        end: ExprId,
        end_kind: RangeEnd,
    ) -> Size {
        let is_i64 = self.table.resolve(element) == Ty::i64();
        let start_value = self.int_literal(start);
        let second_value = second.map(|e| self.int_literal(e));
        let size = match (start_value, second_value, end_kind) {
            _ if !is_i64 => None,
            (Some(0), None | Some(Some(1)), RangeEnd::UpToExclusive) => {
                Some(self.size_or_expression(end))
            }
            (_, None, RangeEnd::UpToExclusive) => Some(self.size_difference(end, start)),
            (_, None, RangeEnd::Inclusive) => Some(Size::Op(
                SizeOp::Add,
                Box::new((self.size_difference(end, start), Size::Const(1))),
            )),
            (Some(1), Some(Some(2)), RangeEnd::Inclusive) => Some(self.size_or_expression(end)),
            _ => None,
        };
        size.unwrap_or_else(|| self.table.fresh_unknown_from(UnknownOrigin::Range))
    }

    /// The value of an integer literal, negated or not.
    fn int_literal(&self, e: ExprId) -> Option<i128> {
        match &self.body.store.exprs[e] {
            Expr::Literal(crate::store::Literal::Int { value, .. }) => i128::try_from(*value).ok(),
            Expr::Negate(inner) => self.int_literal(*inner).map(|v| -v),
            _ => None,
        }
    }

    /// `minuend - subtrahend` as a size.
    fn size_difference(&mut self, minuend: ExprId, subtrahend: ExprId) -> Size {
        let minuend = self.size_or_expression(minuend);
        let subtrahend = self.size_or_expression(subtrahend);
        Size::Op(SizeOp::Sub, Box::new((minuend, subtrahend)))
    }

    /// The size of a slice `start:end:stride` of a dimension of size
    /// `dim`: with stride 1, `end - start` (`end` defaulting to `dim`,
    /// `start` to 0); with stride -1, `start - end` (or `dim` for `::-1`);
    /// otherwise existential.
    fn slice_size(
        &mut self,
        dim: &Size,
        start: Option<ExprId>,
        end: Option<ExprId>,
        stride: Option<ExprId>,
    ) -> Size {
        let stride = stride.map(|e| self.int_literal(e));
        let end_size = |ctx: &mut Self| match end {
            Some(end) => ctx.size_or_expression(end),
            None => ctx.table.resolve_size(dim),
        };
        match stride {
            None | Some(Some(1)) => match start {
                None => end_size(self),
                Some(start) if self.int_literal(start) == Some(0) => end_size(self),
                Some(start) => {
                    let end = end_size(self);
                    let start = self.size_or_expression(start);
                    Size::Op(SizeOp::Sub, Box::new((end, start)))
                }
            },
            Some(Some(-1)) => match (start, end) {
                (None, None) => self.table.resolve_size(dim),
                (Some(start), Some(end)) => self.size_difference(start, end),
                _ => self.table.fresh_unknown_from(UnknownOrigin::Slice),
            },
            _ => self.table.fresh_unknown_from(UnknownOrigin::Slice),
        }
    }

    /// Checks `base with path = value`, giving the updated value's type.
    fn update(&mut self, at: Location, base: &Ty, path: &[UpdateStep], value: ExprId) -> Ty {
        let mut ty = base.clone();
        let mut fields = Vec::new();
        for step in path {
            ty = match step {
                UpdateStep::Field(field) => {
                    fields.push(field);
                    self.project(at, &ty, field)
                }
                UpdateStep::Index(indices) => self.index(at, &ty, indices, SliceSizes::Flexible),
            };
        }
        let value_ty = self.infer_expr(value);
        if fields.len() < path.len() {
            // Sizes of updated slices are checked at run time.
            self.join(
                Location::Expr(value),
                "The new value does not have the type of what it replaces.",
                &ty,
                &value_ty,
                UnknownOrigin::Conditional,
            );
            return base.clone();
        }
        // A record field may be given a value of other sizes, which the
        // updated record then has.
        if self.table.unify_except_sizes(&ty, &value_ty).is_err() {
            let (new, existing) = (self.display(&value_ty), self.display(&ty));
            let path = fields
                .iter()
                .map(|f| f.as_str())
                .collect::<Vec<_>>()
                .join(".");
            self.error(
                Location::Expr(value),
                format!(
                    "Cannot unify\n  {new}\nwith\n  {existing}\n\
                     when updating record field \"{path}\"."
                ),
            );
            return Ty::Error;
        }
        self.with_field(base, &fields, &value_ty)
            .unwrap_or_else(|| base.clone())
    }

    /// A record type with the field at `path` given the type `field_ty`;
    /// `None` if the record's type is not known that far.
    fn with_field(&self, record: &Ty, path: &[&Name], field_ty: &Ty) -> Option<Ty> {
        let Some((first, rest)) = path.split_first() else {
            return Some(field_ty.clone());
        };
        let Ty::Record(fields) = self.table.resolve(record) else {
            return None;
        };
        let mut fields = fields;
        let (_, ty) = fields.iter_mut().find(|(name, _)| name == *first)?;
        *ty = self.with_field(ty, rest, field_ty)?;
        Some(Ty::Record(fields))
    }
}

/// What sizes slices of an array have.
#[derive(Clone, Copy)]
enum SliceSizes {
    /// The sizes the slice bounds give (reading a slice).
    Rigid,
    /// Whatever size the value written to the slice has (`a with [i:j] =
    /// v`, as upstream: the bounds are checked at run time).
    Flexible,
}

/// The names of the named parameters of the function types in a type that
/// sizes in those functions' results use.
fn function_binders(ty: &Ty, out: &mut Vec<Name>) {
    match ty {
        Ty::Function {
            param_name,
            param,
            result,
        } => {
            out.extend(
                param_name
                    .iter()
                    .filter(|n| result.mentions_size(n))
                    .cloned(),
            );
            function_binders(param, out);
            function_binders(result, out);
        }
        Ty::Array { element, .. } => function_binders(element, out),
        Ty::Record(fields) => fields.iter().for_each(|(_, t)| function_binders(t, out)),
        Ty::Sum(cs) => cs
            .iter()
            .flat_map(|(_, ts)| ts)
            .for_each(|t| function_binders(t, out)),
        _ => {}
    }
}

/// The sizes the loop body gives each size variable of the loop's
/// parameter type (`param`, as made, against the body's resolved type).
fn loop_sizes(param: &Ty, body: &Ty, out: &mut Vec<(u32, Size)>) {
    match (param, body) {
        (
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
        ) if s1.len() == s2.len() => {
            for (p, b) in s1.iter().zip(s2) {
                if let Size::Var(v) = p {
                    out.push((*v, b.clone()));
                }
            }
            loop_sizes(e1, e2, out);
        }
        (Ty::Record(f1), Ty::Record(f2)) if f1.len() == f2.len() => {
            for ((_, t1), (_, t2)) in f1.iter().zip(f2) {
                loop_sizes(t1, t2, out);
            }
        }
        (Ty::Sum(c1), Ty::Sum(c2)) if c1.len() == c2.len() => {
            for ((_, p1), (_, p2)) in c1.iter().zip(c2) {
                for (t1, t2) in p1.iter().zip(p2) {
                    loop_sizes(t1, t2, out);
                }
            }
        }
        (Ty::Abstract(_, _, a1), Ty::Abstract(_, _, a2)) if a1.len() == a2.len() => {
            for pair in a1.iter().zip(a2) {
                match pair {
                    (TypeArg::Size(Size::Var(v)), TypeArg::Size(b)) => out.push((*v, b.clone())),
                    (TypeArg::Type(t1), TypeArg::Type(t2)) => loop_sizes(t1, t2, out),
                    _ => {}
                }
            }
        }
        _ => {}
    }
}
