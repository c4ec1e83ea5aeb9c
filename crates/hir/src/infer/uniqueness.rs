//! Uniqueness: in-place updates are safe because a consumed array (updated
//! in place, passed for a unique parameter) is never used again, nor any
//! array aliasing it.
//!
//! A pass over a definition's typed body that tracks, for every variable,
//! the variables its value may alias (let-bindings, patterns, tuples and
//! records, branches, slices and projections alias their sources; scalar
//! indexing, array literals and unique results are fresh; a call's
//! non-unique result may alias its arguments), and which variables have
//! been consumed, where. It reports using a consumed variable, consuming
//! something not consumable (a non-unique parameter, a free variable of a
//! function or loop body, a module-level constant), a unique result that
//! aliases a non-unique parameter, and a function result aliasing a
//! module-level constant.

use super::{InferenceResult, Resolved, infer_value};
use crate::Db;
use crate::body::value_body_with_source_map;
use crate::diagnostics::Diagnostic;
use crate::files::{FileSet, SourceFile};
use crate::item_tree::ItemIdx;
use crate::name::Name;
use crate::resolve::{TermRef, ValueRef};
use crate::store::{DimIndex, Expr, ExprId, LoopForm, Pat, PatId, Store, UpdateStep};
use crate::ty::Ty;
use std::collections::BTreeSet;

/// The uniqueness errors of a definition, located in its file.
#[salsa::tracked(returns(clone))]
pub fn uniqueness_diagnostics(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    item: ItemIdx,
) -> Vec<Diagnostic> {
    let result = infer_value(db, file_set, file, item);
    if !result.errors.is_empty() {
        // Types must be right before aliasing can be judged.
        return Vec::new();
    }
    let (body, source_map) = value_body_with_source_map(db, file, item);
    let mut checker = Checker {
        db,
        file_set,
        store: &body.store,
        types: &result,
        vars: Vec::new(),
        consumed: Vec::new(),
        scope: Vec::new(),
        boundary: 0,
        errors: Vec::new(),
    };
    for &param in &body.params {
        let ty = result.pat_types.get(param).cloned().unwrap_or(Ty::Error);
        checker.bind_pattern(param, &ty, BTreeSet::new(), Origin::Param);
    }
    let value = checker.expr(body.body);
    let has_params = !body.params.is_empty();
    let result_ty = result
        .expr_types
        .get(body.body)
        .cloned()
        .unwrap_or(Ty::Error);
    let unique_result = body
        .ret
        .is_some_and(|r| matches!(body.store.types[r], crate::store::TypeRef::Unique(_)));
    for &var in &value {
        let info = &checker.vars[var];
        match info.origin {
            Origin::Param if unique_result && !info.unique => checker.errors.push(Problem {
                at: body.body,
                message: format!(
                    "Unique-typed return value is aliased to \"{}\", which is not consumable.",
                    info.name
                ),
                consumed_at: None,
            }),
            Origin::Global if has_params && contains_array(&result_ty) => {
                checker.errors.push(Problem {
                    at: body.body,
                    message: format!(
                        "The result of a function aliases the free variable \"{}\".",
                        info.name
                    ),
                    consumed_at: None,
                })
            }
            _ => {}
        }
    }
    let range_of = |e: ExprId| source_map.exprs.get(e).map(|p| p.range);
    checker
        .errors
        .into_iter()
        .filter_map(|problem| {
            let mut diagnostic = Diagnostic::error(file, range_of(problem.at)?, problem.message);
            if let Some(range) = problem.consumed_at.and_then(range_of) {
                diagnostic = diagnostic.with_related(file, range, "consumed here");
            }
            Some(diagnostic)
        })
        .collect()
}

type VarId = usize;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origin {
    Param,
    Local,
    /// A module-level constant.
    Global,
}

#[derive(Debug)]
struct Var {
    name: Name,
    origin: Origin,
    /// Declared unique (`*`), so it may be consumed.
    unique: bool,
    /// The variables whose values this one may share memory with.
    aliases: BTreeSet<VarId>,
}

struct Problem {
    at: ExprId,
    message: String,
    consumed_at: Option<ExprId>,
}

/// The variables a value may alias.
type Aliases = BTreeSet<VarId>;

struct Checker<'a> {
    db: &'a dyn Db,
    file_set: FileSet,
    store: &'a Store,
    types: &'a InferenceResult,
    vars: Vec<Var>,
    /// Consumed variables and where.
    consumed: Vec<(VarId, ExprId)>,
    /// Names in scope, innermost last.
    scope: Vec<(PatId, VarId)>,
    /// Variables from before this index are free in the function or loop
    /// body being checked, and may not be consumed there.
    boundary: usize,
    errors: Vec<Problem>,
}

/// Whether values of a type can share memory with others (arrays, or
/// anything that may contain one).
fn may_alias(ty: &Ty) -> bool {
    match ty {
        Ty::Array { .. } | Ty::Param(_) | Ty::Abstract(_) | Ty::Var(_) | Ty::Error => true,
        Ty::Record(fields) => fields.iter().any(|(_, t)| may_alias(t)),
        Ty::Sum(cs) => cs.iter().any(|(_, ts)| ts.iter().any(may_alias)),
        Ty::Prim(_) | Ty::Function { .. } => false,
    }
}

/// Whether a type certainly contains an array.
fn contains_array(ty: &Ty) -> bool {
    match ty {
        Ty::Array { .. } => true,
        Ty::Record(fields) => fields.iter().any(|(_, t)| contains_array(t)),
        Ty::Sum(cs) => cs.iter().any(|(_, ts)| ts.iter().any(contains_array)),
        _ => false,
    }
}

fn is_unique(ty: &Ty) -> bool {
    match ty {
        Ty::Array { unique, .. } => *unique,
        Ty::Record(fields) => fields.iter().any(|(_, t)| is_unique(t)),
        _ => false,
    }
}

impl Checker<'_> {
    fn type_of(&self, expr: ExprId) -> Ty {
        self.types
            .expr_types
            .get(expr)
            .cloned()
            .unwrap_or(Ty::Error)
    }

    fn new_var(&mut self, name: Name, origin: Origin, unique: bool, aliases: Aliases) -> VarId {
        self.vars.push(Var {
            name,
            origin,
            unique,
            aliases,
        });
        self.vars.len() - 1
    }

    /// Binds the names of a pattern, each aliasing `aliases` if its type
    /// can alias.
    fn bind_pattern(&mut self, pat: PatId, ty: &Ty, aliases: Aliases, origin: Origin) {
        self.bind_pattern_declared(pat, ty, aliases, origin, false);
    }

    /// `declared_unique`: inside an ascription with a unique type (`*t`),
    /// which makes a parameter consumable whatever `t` is.
    fn bind_pattern_declared(
        &mut self,
        pat: PatId,
        ty: &Ty,
        aliases: Aliases,
        origin: Origin,
        declared_unique: bool,
    ) {
        match &self.store.pats[pat] {
            Pat::Name(name) => {
                let own_ty = self.types.pat_types.get(pat).cloned().unwrap_or(ty.clone());
                let aliases = if may_alias(&own_ty) {
                    aliases
                } else {
                    Aliases::new()
                };
                let unique = declared_unique || is_unique(&own_ty);
                let var = self.new_var(name.clone(), origin, unique, aliases);
                self.scope.push((pat, var));
            }
            Pat::Tuple(elements) => {
                for &element in elements {
                    let element_ty = self
                        .types
                        .pat_types
                        .get(element)
                        .cloned()
                        .unwrap_or(Ty::Error);
                    self.bind_pattern(element, &element_ty, aliases.clone(), origin);
                }
            }
            Pat::Record(fields) => {
                for (_, field) in fields {
                    let field_ty = self
                        .types
                        .pat_types
                        .get(*field)
                        .cloned()
                        .unwrap_or(Ty::Error);
                    self.bind_pattern(*field, &field_ty, aliases.clone(), origin);
                }
            }
            Pat::Constr { payload, .. } => {
                for &p in payload {
                    let p_ty = self.types.pat_types.get(p).cloned().unwrap_or(Ty::Error);
                    self.bind_pattern(p, &p_ty, aliases.clone(), origin);
                }
            }
            Pat::Ascription {
                pat: inner,
                ty: written,
            } => {
                let declared = self.types.pat_types.get(pat).cloned().unwrap_or(ty.clone());
                let unique = declared_unique
                    || matches!(self.store.types[*written], crate::store::TypeRef::Unique(_));
                self.bind_pattern_declared(*inner, &declared, aliases, origin, unique);
            }
            Pat::Attr { pat: inner, .. } => {
                self.bind_pattern_declared(*inner, ty, aliases, origin, declared_unique);
            }
            Pat::Missing | Pat::Wildcard | Pat::Literal { .. } => {}
        }
    }

    fn var_of_pattern(&self, pat: PatId) -> Option<VarId> {
        self.scope
            .iter()
            .rev()
            .find(|(p, _)| *p == pat)
            .map(|(_, v)| *v)
    }

    /// A variable and everything it aliases.
    fn closure(&self, var: VarId) -> Aliases {
        let mut all = Aliases::new();
        let mut pending = vec![var];
        while let Some(v) = pending.pop() {
            if all.insert(v) {
                pending.extend(self.vars[v].aliases.iter().copied());
            }
        }
        all
    }

    fn consumed_where(&self, aliases: &Aliases) -> Option<ExprId> {
        self.consumed
            .iter()
            .find(|(v, _)| aliases.contains(v))
            .map(|(_, at)| *at)
    }

    /// A use of a variable: it must not be consumed, nor anything it
    /// aliases, nor anything aliasing it.
    fn use_var(&mut self, at: ExprId, var: VarId) -> Aliases {
        let aliases = self.closure(var);
        let aliased_by: Vec<VarId> = (0..self.vars.len())
            .filter(|&w| self.vars[w].aliases.contains(&var))
            .collect();
        let mut affected = aliases.clone();
        affected.extend(aliased_by);
        if let Some(where_) = self.consumed_where(&affected) {
            self.errors.push(Problem {
                at,
                message: format!("Using \"{}\", but this was consumed.", self.vars[var].name),
                consumed_at: Some(where_),
            });
        }
        aliases
    }

    /// Consumes what a value aliases, at `at`.
    fn consume(&mut self, at: ExprId, aliases: &Aliases) {
        for &var in aliases {
            let info = &self.vars[var];
            let consumable = match info.origin {
                Origin::Global => false,
                Origin::Param => info.unique && var >= self.boundary,
                Origin::Local => var >= self.boundary,
            };
            if !consumable {
                let name = info.name.clone();
                self.errors.push(Problem {
                    at,
                    message: format!("Consuming variable \"{name}\", which is not consumable."),
                    consumed_at: None,
                });
            }
            if !self.consumed.iter().any(|(v, _)| *v == var) {
                self.consumed.push((var, at));
            }
        }
    }

    fn exprs(&mut self, exprs: &[ExprId]) -> Aliases {
        let mut all = Aliases::new();
        for &e in exprs {
            all.extend(self.expr(e));
        }
        all
    }

    fn indices(&mut self, indices: &[DimIndex]) {
        for index in indices {
            match index {
                DimIndex::Fix(e) => {
                    self.expr(*e);
                }
                DimIndex::Range { start, end, stride } => {
                    for e in [start, end, stride].into_iter().flatten() {
                        self.expr(*e);
                    }
                }
            }
        }
    }

    fn steps(&mut self, steps: &[UpdateStep]) {
        for step in steps {
            if let UpdateStep::Index(indices) = step {
                self.indices(indices);
            }
        }
    }

    /// Checks an expression; returns what its value may alias.
    fn expr(&mut self, id: ExprId) -> Aliases {
        let aliases = self.expr_inner(id);
        if may_alias(&self.type_of(id)) {
            aliases
        } else {
            Aliases::new()
        }
    }

    fn expr_inner(&mut self, id: ExprId) -> Aliases {
        let expr = self.store.exprs[id].clone();
        match expr {
            Expr::Missing
            | Expr::Literal(_)
            | Expr::Hole
            | Expr::OpSection(_)
            | Expr::ProjectionSection(_) => Aliases::new(),
            Expr::Path(_) => match self.types.resolutions.get(id) {
                Some(Resolved::Local(pat)) => match self.var_of_pattern(*pat) {
                    Some(var) => self.use_var(id, var),
                    None => Aliases::new(),
                },
                Some(Resolved::Term(TermRef::Value(ValueRef::Def(file, item)))) => {
                    let ty = self.type_of(id);
                    // A constant with size parameters is computed anew
                    // for each use.
                    let polymorphic = {
                        let scheme = super::value_scheme(self.db, self.file_set, *file, *item);
                        !scheme.size_params.is_empty() || !scheme.type_params.is_empty()
                    };
                    if contains_array(&ty) && !polymorphic {
                        let name = match &self.store.exprs[id] {
                            Expr::Path(path) => path.segments()[0].clone(),
                            _ => Name::new("?"),
                        };
                        let var = self.new_var(name, Origin::Global, false, Aliases::new());
                        Aliases::from([var])
                    } else {
                        Aliases::new()
                    }
                }
                _ => Aliases::new(),
            },
            Expr::Field { base, .. } => self.expr(base),
            Expr::QualParen { expr, .. }
            | Expr::Ascription { expr, .. }
            | Expr::Coercion { expr, .. }
            | Expr::Attr { expr, .. } => self.expr(expr),
            Expr::Tuple(elements) => self.exprs(&elements),
            Expr::Record(fields) => {
                let values: Vec<ExprId> = fields.iter().map(|(_, e)| *e).collect();
                self.exprs(&values)
            }
            Expr::Constr { payload, .. } => self.exprs(&payload),
            Expr::Array(elements) => {
                // Elements are copied into a fresh array.
                self.exprs(&elements);
                Aliases::new()
            }
            Expr::Index { base, indices } => {
                let aliases = self.expr(base);
                self.indices(&indices);
                aliases
            }
            Expr::Apply { func, args } => self.apply(id, func, &args),
            Expr::Binary { lhs, rhs, .. } => {
                let mut all = self.expr(lhs);
                all.extend(self.expr(rhs));
                // A user-defined operator with a unique result (`++`)
                // gives a fresh value.
                if is_unique(&self.type_of(id)) {
                    Aliases::new()
                } else {
                    all
                }
            }
            Expr::Negate(e) | Expr::Not(e) => {
                self.expr(e);
                Aliases::new()
            }
            Expr::Range {
                start, second, end, ..
            } => {
                for e in [Some(start), second, Some(end)].into_iter().flatten() {
                    self.expr(e);
                }
                Aliases::new()
            }
            Expr::If {
                condition,
                then_branch,
                else_branch,
            } => {
                self.expr(condition);
                self.branches(&[then_branch, else_branch])
            }
            Expr::Match { scrutinee, cases } => {
                let scrutinee_aliases = self.expr(scrutinee);
                let before = self.consumed.clone();
                let mut consumed = before.clone();
                let mut result = Aliases::new();
                for (pat, body) in cases {
                    self.consumed = before.clone();
                    let mark = self.scope.len();
                    let ty = self.types.pat_types.get(pat).cloned().unwrap_or(Ty::Error);
                    self.bind_pattern(pat, &ty, scrutinee_aliases.clone(), Origin::Local);
                    result.extend(self.expr(body));
                    self.scope.truncate(mark);
                    merge_consumed(&mut consumed, &self.consumed);
                }
                self.consumed = consumed;
                result
            }
            Expr::Let {
                pat, value, body, ..
            } => {
                let mark = self.scope.len();
                // `let (a, b) = (x, y)`: each name aliases its own component.
                if let (Pat::Tuple(names), Expr::Tuple(values)) =
                    (&self.store.pats[pat], &self.store.exprs[value])
                    && names.len() == values.len()
                {
                    let (names, values) = (names.clone(), values.clone());
                    for (&name, &component) in names.iter().zip(&values) {
                        let aliases = self.expr(component);
                        let ty = self.type_of(component);
                        self.bind_pattern(name, &ty, aliases, Origin::Local);
                    }
                    let result = self.expr(body);
                    self.scope.truncate(mark);
                    return result;
                }
                let aliases = self.expr(value);
                let ty = self.type_of(value);
                self.bind_pattern(pat, &ty, aliases, Origin::Local);
                let result = self.expr(body);
                self.scope.truncate(mark);
                result
            }
            Expr::LetFun {
                params,
                value,
                body,
                ..
            } => {
                self.function_body(&params, value);
                self.expr(body)
            }
            Expr::LetUpdate {
                name,
                path,
                value,
                body,
            } => {
                let target = self
                    .scope
                    .iter()
                    .rev()
                    .find(|(_, v)| self.vars[*v].name == name)
                    .map(|(p, v)| (*p, *v));
                self.steps(&path);
                let value_aliases = self.expr(value);
                // Only writing into an array is in place; replacing a record
                // field builds a new record.
                let in_place = path.iter().any(|s| matches!(s, UpdateStep::Index(_)));
                if let Some((pat, var)) = target.filter(|_| in_place) {
                    let aliases = self.use_var(id, var);
                    if value_aliases.iter().any(|v| aliases.contains(v)) {
                        self.errors.push(Problem {
                            at: value,
                            message: format!(
                                "The value written into \"{name}\" is self-aliased: it aliases \"{name}\"."
                            ),
                            consumed_at: None,
                        });
                    }
                    self.consume(id, &aliases);
                    // The updated array is a fresh variable of the same name.
                    let fresh = self.new_var(name, Origin::Local, true, Aliases::new());
                    self.scope.push((pat, fresh));
                }
                self.expr(body)
            }
            Expr::Update { base, path, value } => {
                let aliases = self.expr(base);
                self.steps(&path);
                let value_aliases = self.expr(value);
                if !path.iter().any(|s| matches!(s, UpdateStep::Index(_))) {
                    // A record update: a new record, nothing written in place.
                    let mut result = aliases;
                    result.extend(value_aliases);
                    return result;
                }
                if value_aliases.iter().any(|v| aliases.contains(v)) {
                    self.errors.push(Problem {
                        at: value,
                        message: "The value written is self-aliased: it aliases the array updated."
                            .to_string(),
                        consumed_at: None,
                    });
                }
                self.consume(id, &aliases);
                Aliases::new()
            }
            Expr::Lambda { params, body, .. } => {
                self.function_body(&params, body);
                Aliases::new()
            }
            Expr::Loop {
                pat,
                init,
                form,
                body,
            } => {
                // Per component when both the parameters and the initial
                // value are tuples, so that consuming one parameter consumes
                // only its own initial value.
                let components: Option<(Vec<PatId>, Vec<ExprId>)> =
                    match (&self.store.pats[pat], init.map(|i| &self.store.exprs[i])) {
                        (Pat::Tuple(ps), Some(Expr::Tuple(es))) if ps.len() == es.len() => {
                            Some((ps.clone(), es.clone()))
                        }
                        _ => None,
                    };
                let component_aliases: Vec<Aliases> = match &components {
                    Some((_, es)) => es.iter().map(|&e| self.expr(e)).collect(),
                    None => Vec::new(),
                };
                let init_aliases = match init {
                    Some(_) if components.is_some() => {
                        component_aliases.iter().flatten().copied().collect()
                    }
                    Some(init) => self.expr(init),
                    None => Aliases::new(),
                };
                let loop_ty = self.type_of(id);
                let mark = self.scope.len();
                let boundary = self.boundary;
                match &form {
                    LoopForm::For { bound, .. } => {
                        self.expr(*bound);
                    }
                    LoopForm::ForIn { pat, array } => {
                        let aliases = self.expr(*array);
                        let ty = self.types.pat_types.get(*pat).cloned().unwrap_or(Ty::Error);
                        self.bind_pattern(*pat, &ty, aliases, Origin::Local);
                    }
                    LoopForm::While { .. } => {}
                }
                // Free variables may not be consumed once per iteration;
                // the loop parameters are new in each iteration.
                self.boundary = self.vars.len();
                let pat_ty = self.types.pat_types.get(pat).cloned().unwrap_or(Ty::Error);
                let first_merge_var = self.vars.len();
                let mut component_vars = Vec::new();
                match &components {
                    Some((ps, _)) => {
                        for &p in ps {
                            let start = self.vars.len();
                            let p_ty = self.types.pat_types.get(p).cloned().unwrap_or(Ty::Error);
                            self.bind_pattern(p, &p_ty, Aliases::new(), Origin::Local);
                            component_vars.push(start..self.vars.len());
                        }
                    }
                    None => self.bind_pattern(pat, &pat_ty, Aliases::new(), Origin::Local),
                }
                let merge_vars = first_merge_var..self.vars.len();
                if let LoopForm::While { condition } = form {
                    self.expr(condition);
                }
                let result = self.expr(body);
                self.boundary = boundary;
                self.scope.truncate(mark);
                // A loop parameter that is (or is declared) consumed takes
                // its initial value's ownership: that is consumed on entry.
                let consumed_in_body = |checker: &Self, vars: &std::ops::Range<VarId>| {
                    checker.consumed.iter().any(|(v, _)| vars.contains(v))
                };
                let consumes_parameters =
                    is_unique(&loop_ty) || consumed_in_body(self, &merge_vars);
                if let Some((_, es)) = &components {
                    let consumed: Vec<bool> = component_vars
                        .iter()
                        .map(|vars| consumed_in_body(self, vars))
                        .collect();
                    self.consumed.retain(|(v, _)| !merge_vars.contains(v));
                    for ((&e, aliases), consumed) in es.iter().zip(&component_aliases).zip(consumed)
                    {
                        if consumed {
                            self.consume(e, aliases);
                        }
                    }
                } else {
                    self.consumed.retain(|(v, _)| !merge_vars.contains(v));
                    if consumes_parameters && let Some(init) = init {
                        self.consume(init, &init_aliases);
                    }
                }
                // The result is the last iteration's parameters, which may
                // alias the initial value if nothing was consumed.
                if consumes_parameters {
                    result
                } else {
                    let mut result = result;
                    result.extend(init_aliases);
                    result.retain(|v| !merge_vars.contains(v));
                    result
                }
            }
            Expr::Assert { condition, body } => {
                self.expr(condition);
                self.expr(body)
            }
            Expr::LeftSection { operand, .. } | Expr::RightSection { operand, .. } => {
                self.expr(operand);
                Aliases::new()
            }
        }
    }

    fn branches(&mut self, branches: &[ExprId]) -> Aliases {
        let before = self.consumed.clone();
        let mut consumed = before.clone();
        let mut result = Aliases::new();
        for &branch in branches {
            self.consumed = before.clone();
            result.extend(self.expr(branch));
            merge_consumed(&mut consumed, &self.consumed);
        }
        self.consumed = consumed;
        result
    }

    /// The body of a lambda or local function: it may consume only its own
    /// parameters.
    fn function_body(&mut self, params: &[PatId], body: ExprId) {
        let mark = self.scope.len();
        let boundary = self.boundary;
        self.boundary = self.vars.len();
        for &param in params {
            let ty = self
                .types
                .pat_types
                .get(param)
                .cloned()
                .unwrap_or(Ty::Error);
            self.bind_pattern(param, &ty, Aliases::new(), Origin::Param);
        }
        let consumed = self.consumed.clone();
        self.expr(body);
        // What the function consumes happens when it is called.
        self.consumed = consumed;
        self.boundary = boundary;
        self.scope.truncate(mark);
    }

    /// Whether a function's `index`th parameter is declared unique (`*`),
    /// when the function is a definition or specification; `None` for
    /// other functions, whose types are their declarations.
    fn declares_unique_param(&self, func: ExprId, index: usize) -> Option<bool> {
        let Some(Resolved::Term(TermRef::Value(value))) = self.types.resolutions.get(func) else {
            return None;
        };
        Some(match *value {
            ValueRef::Def(file, item) => {
                let body = crate::body::value_body(self.db, file, item);
                let Some(&param) = body.params.get(index) else {
                    return Some(false);
                };
                pattern_declared_unique(&body.store, param)
            }
            ValueRef::Spec(file, spec, _) => {
                let tree = crate::item_tree::item_tree(self.db, file);
                let crate::item_tree::SpecKind::Val { ty, .. } = &tree.spec(spec).kind else {
                    return Some(false);
                };
                let mut ty = *ty;
                for _ in 0..index {
                    match &tree.store.types[ty] {
                        crate::store::TypeRef::Function { result, .. } => ty = *result,
                        _ => return Some(false),
                    }
                }
                match &tree.store.types[ty] {
                    crate::store::TypeRef::Function { param, .. } => {
                        matches!(tree.store.types[*param], crate::store::TypeRef::Unique(_))
                    }
                    _ => false,
                }
            }
        })
    }

    /// Whether a function, applied to `args` arguments, is declared to
    /// return a unique (fresh) value: `: *t` in its definition or
    /// specification. Types do not record uniqueness of non-arrays (`*t`
    /// for a type parameter), so the declaration is consulted.
    fn declares_unique_result(&self, func: ExprId, args: usize) -> bool {
        let Some(Resolved::Term(TermRef::Value(value))) = self.types.resolutions.get(func) else {
            return false;
        };
        match *value {
            ValueRef::Def(file, item) => {
                let body = crate::body::value_body(self.db, file, item);
                body.params.len() == args
                    && body.ret.is_some_and(|r| {
                        matches!(body.store.types[r], crate::store::TypeRef::Unique(_))
                    })
            }
            ValueRef::Spec(file, spec, _) => {
                let tree = crate::item_tree::item_tree(self.db, file);
                let crate::item_tree::SpecKind::Val { ty, .. } = &tree.spec(spec).kind else {
                    return false;
                };
                let mut ty = *ty;
                for _ in 0..args {
                    match &tree.store.types[ty] {
                        crate::store::TypeRef::Function { result, .. } => ty = *result,
                        _ => return false,
                    }
                }
                matches!(tree.store.types[ty], crate::store::TypeRef::Unique(_))
            }
        }
    }

    /// A call: arguments for unique parameters are consumed; a non-unique
    /// result may alias the other arguments.
    fn apply(&mut self, id: ExprId, func: ExprId, args: &[ExprId]) -> Aliases {
        self.expr(func);
        let mut func_ty = self.type_of(func);
        let mut result = Aliases::new();
        let mut to_consume = Vec::new();
        for (index, &arg) in args.iter().enumerate() {
            let aliases = self.expr(arg);
            let (param, rest) = match func_ty {
                Ty::Function { param, result, .. } => (*param, *result),
                _ => (Ty::Error, Ty::Error),
            };
            let unique = self
                .declares_unique_param(func, index)
                .unwrap_or_else(|| is_unique(&param));
            if unique {
                to_consume.push((arg, aliases));
            } else {
                result.extend(aliases);
            }
            func_ty = rest;
        }
        for (arg, aliases) in to_consume {
            self.consume(arg, &aliases);
        }
        if is_unique(&self.type_of(id)) || self.declares_unique_result(func, args.len()) {
            Aliases::new()
        } else {
            result
        }
    }
}

/// Whether a parameter pattern is declared with a unique type, `(x: *t)`.
fn pattern_declared_unique(store: &Store, pat: PatId) -> bool {
    match &store.pats[pat] {
        Pat::Ascription { ty, .. } => matches!(store.types[*ty], crate::store::TypeRef::Unique(_)),
        Pat::Attr { pat, .. } => pattern_declared_unique(store, *pat),
        Pat::Tuple(elements) => elements.iter().any(|p| pattern_declared_unique(store, *p)),
        _ => false,
    }
}

/// Adds to `into` what `from` consumed.
fn merge_consumed(into: &mut Vec<(VarId, ExprId)>, from: &[(VarId, ExprId)]) {
    for entry in from {
        if !into.iter().any(|(v, _)| *v == entry.0) {
            into.push(*entry);
        }
    }
}
