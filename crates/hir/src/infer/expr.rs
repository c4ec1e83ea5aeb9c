//! Expressions.

use super::unify::{Constraint, UnknownOrigin};
use super::{InferCtx, Local, Location, Resolved, TermPath, value_scheme};
use crate::name::{Name, Path};
use crate::resolve::{ModuleRef, TermRef, ValueRef};
use crate::store::{DimIndex, Expr, ExprId, LoopForm, OpRef, Pat, PatId, TypeParam, UpdateStep};
use crate::ty::{PrimType, Scheme, Size, SizeOp, Ty, TyVar};
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
                for (name, value) in fields {
                    let ty = self.infer_expr(value);
                    if typed.iter().any(|(n, _)| *n == name) {
                        self.error(
                            Location::Expr(value),
                            format!("Field \"{name}\" defined more than once."),
                        );
                        continue;
                    }
                    typed.push((name, ty));
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
                        format!("Cannot create array with elements of lifted type {name}."),
                    );
                }
                Ty::array_of(element, Size::Const(elements.len() as u64))
            }
            Expr::Index { base, indices } => {
                let base_ty = self.infer_expr(base);
                self.index(at, &base_ty, &indices)
            }
            Expr::Apply { func, args } => {
                let func_ty = self.infer_expr(func);
                self.apply(func_ty, &args)
            }
            Expr::Binary { op, lhs, rhs } => {
                let op_ty = self.op_type(at, &op);
                let lhs_ty = self.infer_expr(lhs);
                let rhs_ty = self.infer_expr(rhs);
                let partial = self.apply_one(lhs, op_ty, &lhs_ty);
                self.apply_one(rhs, partial, &rhs_ty)
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
                // `e :> t` checks sizes at run time: only they may differ.
                let declared_mark = self.table.mark().1;
                let declared = self.lower_type(ty);
                // An anonymous size is whatever size `e` has.
                for v in declared_mark..self.table.mark().1 {
                    self.table.name_size(&Size::Var(v as u32), Size::Unknown(0));
                }
                let actual = self.infer_expr(expr);
                let result = self.table.unify_except_sizes(&declared, &actual);
                self.report_mismatch(
                    result,
                    Location::Expr(expr),
                    "Expression does not have expected type.",
                    &declared,
                    &actual,
                );
                declared
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
                    super::written::array_dim_names(&self.body.store, t, &mut constructive);
                }
                for name in &sizes {
                    if mentions_known.is_some() && !mentioned.contains(name) {
                        self.error(
                            Location::Pat(pat),
                            format!(
                                "Size [{name}] unused in pattern.\n\n\
                                 For more information, see:\n  {}#unused-size",
                                super::ERROR_INDEX
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
                for (name, var) in std::mem::take(&mut self.binding_sizes) {
                    if matches!(self.table.resolve_size(&var), Size::Var(_)) {
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
                let base_ty = match self.lookup_local(&name) {
                    Some(local) => local.ty.clone(),
                    None => {
                        self.error(at, format!("Unknown name \"{name}\"."));
                        Ty::Error
                    }
                };
                self.update(at, &base_ty, &path, value);
                self.infer_expr(body)
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
                self.update(at, &base_ty, &path, value);
                base_ty
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
                self.apply_one(operand, op_ty, &operand_ty)
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
                        UpdateStep::Index(indices) => self.index(at, &ty, indices),
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
        self.check_pat_group(&[(pat, init_ty.clone())]);
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
        // Sizes written in the pattern hold in every iteration.
        if self.pattern_has_ascription(pat) {
            let declared = self.declared_pattern_type(pat);
            self.expect(
                Location::Expr(body),
                "Loop body does not have expected type.",
                &declared,
                &body_ty,
            );
        }
        let result = self.join(
            Location::Expr(body),
            "Loop body does not have expected type.",
            &init_ty,
            &body_ty,
            UnknownOrigin::Loop,
        );
        self.locals.truncate(mark);
        result
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
        let local_position = self.locals.iter().rposition(|l| &l.name == first);
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

    /// The type of a term found in module `via` (if qualified): members of
    /// an applied parametric module see the arguments' types for the
    /// parameters' abstract types.
    fn term_type_via(
        &mut self,
        at: Location,
        term: TermRef,
        path: &Path,
        used: usize,
        via: Option<ModuleRef>,
    ) -> Ty {
        let ty = self.term_type(at, term, path, used);
        let Some(module) = via else {
            return ty;
        };
        let env = super::types::functor_instance_env(
            self.resolver.db,
            self.resolver.file_set,
            crate::resolve::ModuleKey(module),
        );
        super::types::substitute_instance(&ty, &env)
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
                let scheme = self.spec_scheme(file, spec, module);
                self.instantiate_term(at, path, &scheme)
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

    /// The type a `val` specification gives, seen through `module`.
    fn spec_scheme(
        &mut self,
        file: crate::files::SourceFile,
        spec: crate::item_tree::SpecIdx,
        module: ModuleRef,
    ) -> Scheme {
        let env = super::types::module_type_env(
            self.resolver.db,
            self.resolver.file_set,
            crate::resolve::ModuleKey(module),
        );
        super::types::spec_scheme_in(self.resolver, file, spec, &env)
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

    fn apply(&mut self, func_ty: Ty, args: &[ExprId]) -> Ty {
        let mut ty = func_ty;
        for &arg in args {
            let arg_ty = self.infer_expr(arg);
            ty = self.apply_one(arg, ty, &arg_ty);
        }
        ty
    }

    /// Applies a function type to one argument.
    fn apply_one(&mut self, arg: ExprId, func_ty: Ty, arg_ty: &Ty) -> Ty {
        match self.table.shallow(&func_ty) {
            Ty::Function {
                param,
                result,
                param_name,
            } => {
                self.expect(
                    Location::Expr(arg),
                    "Argument does not have expected type.",
                    &param,
                    arg_ty,
                );
                match param_name {
                    // `(n: i64) -> [n]t`: the result's size is the argument.
                    Some(name) => {
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
                    None => *result,
                }
            }
            Ty::Error => Ty::Error,
            Ty::Var(v) if self.table.constraint(v) == Some(&Constraint::None) => {
                let result = self.table.fresh();
                let expected = Ty::function(arg_ty.clone(), result.clone());
                self.expect(
                    Location::Expr(arg),
                    "Cannot apply this function to the argument.",
                    &func_ty,
                    &expected,
                );
                result
            }
            other => {
                let other = self.display(&other);
                self.error(
                    Location::Expr(arg),
                    format!("Cannot apply to this argument: the function's type is {other}, which is not a function type."),
                );
                Ty::Error
            }
        }
    }

    /// The size an argument gives a named size parameter: a variable's
    /// name, a constant, or an unknown size.
    fn size_of_argument(&mut self, arg: ExprId) -> Size {
        self.symbolic_size(arg)
            .unwrap_or_else(|| self.table.fresh_unknown_from(UnknownOrigin::Expression))
    }

    /// An argument as a size: a name, a constant, or `+`, `-`, `*` of
    /// those (`iota (n * m)` has type `[n * m]i64`).
    fn symbolic_size(&self, arg: ExprId) -> Option<Size> {
        match &self.body.store.exprs[arg] {
            Expr::Path(path) if path.is_single() => Some(Size::Named(path.last().clone())),
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
    fn index(&mut self, at: Location, ty: &Ty, indices: &[DimIndex]) -> Ty {
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
                        let size = self.slice_size(dim, *start, *end, *stride);
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
                Some(self.symbolic_size(end))
            }
            (_, None, RangeEnd::UpToExclusive) => Some(self.size_difference(end, start)),
            (_, None, RangeEnd::Inclusive) => Some(
                self.size_difference(end, start)
                    .map(|size| Size::Op(SizeOp::Add, Box::new((size, Size::Const(1))))),
            ),
            (Some(1), Some(Some(2)), RangeEnd::Inclusive) => Some(self.symbolic_size(end)),
            _ => None,
        };
        match size {
            Some(Some(size)) => size,
            Some(None) => self.table.fresh_unknown_from(UnknownOrigin::Expression),
            None => self.table.fresh_unknown_from(UnknownOrigin::Range),
        }
    }

    /// The value of an integer literal, negated or not.
    fn int_literal(&self, e: ExprId) -> Option<i128> {
        match &self.body.store.exprs[e] {
            Expr::Literal(crate::store::Literal::Int { value, .. }) => i128::try_from(*value).ok(),
            Expr::Negate(inner) => self.int_literal(*inner).map(|v| -v),
            _ => None,
        }
    }

    /// `minuend - subtrahend` as a size, if both are sizes.
    fn size_difference(&self, minuend: ExprId, subtrahend: ExprId) -> Option<Size> {
        Some(Size::Op(
            SizeOp::Sub,
            Box::new((
                self.symbolic_size(minuend)?,
                self.symbolic_size(subtrahend)?,
            )),
        ))
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
        let end_size = |ctx: &Self| match end {
            Some(end) => ctx.symbolic_size(end),
            None => Some(ctx.table.resolve_size(dim)),
        };
        let known = match stride {
            None | Some(Some(1)) => match start {
                None => end_size(self),
                Some(start) if self.int_literal(start) == Some(0) => end_size(self),
                Some(start) => end_size(self).and_then(|end| {
                    Some(Size::Op(
                        SizeOp::Sub,
                        Box::new((end, self.symbolic_size(start)?)),
                    ))
                }),
            },
            Some(Some(-1)) => match (start, end) {
                (None, None) => Some(self.table.resolve_size(dim)),
                (Some(start), Some(end)) => self.size_difference(start, end),
                _ => return self.table.fresh_unknown_from(UnknownOrigin::Slice),
            },
            _ => return self.table.fresh_unknown_from(UnknownOrigin::Slice),
        };
        known.unwrap_or_else(|| self.table.fresh_unknown_from(UnknownOrigin::Expression))
    }

    /// Checks `base with path = value`.
    fn update(&mut self, at: Location, base: &Ty, path: &[UpdateStep], value: ExprId) {
        let mut ty = base.clone();
        for step in path {
            ty = match step {
                UpdateStep::Field(field) => self.project(at, &ty, field),
                UpdateStep::Index(indices) => self.index(at, &ty, indices),
            };
        }
        let value_ty = self.infer_expr(value);
        // Sizes of updated slices are checked at run time.
        self.join(
            Location::Expr(value),
            "The new value does not have the type of what it replaces.",
            &ty,
            &value_ty,
            UnknownOrigin::Conditional,
        );
    }
}
