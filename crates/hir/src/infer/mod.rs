//! Type inference for value definitions: Hindley-Milner with constrained
//! type variables (overloaded literals and operators, record projection,
//! sum constructors, equality), let-polymorphism for definitions, literal
//! defaulting (`i32` for integers, `f64` for decimals), and array sizes as
//! written (named, constant or unknown).
//!
//! One query per definition: [`infer_value`] checks a definition's body
//! and [`value_scheme`] is its type as other definitions see it. Editing a
//! body re-runs only that definition's inference, and the definitions
//! using it only if its type changed.
//!
//! Not yet covered (see the project's issue notes): abstract types behind
//! module ascription and parametric-module instantiation (module members
//! are seen with their definitions' types), the intrinsics table,
//! existential sizes, size-expression checking, `match` exhaustiveness,
//! liftedness rules and entry-point restrictions.

mod causality;
mod decls;
mod definition;
mod exhaustive;
mod expr;
mod locals;
mod modules;
mod pat;
mod recursion;
mod types;
mod unify;
mod uniqueness;
mod written;

use crate::Db;
use crate::body::{ValueBody, value_body, value_body_with_source_map};
use crate::diagnostics::{Diagnostic, Severity};
use crate::files::{FileSet, SourceFile};
use crate::item_tree::{ItemIdx, item_tree_with_source_map};
use crate::name::{Name, Path};
use crate::resolve::{ModuleRef, Resolver, Scope, TermRef};
use crate::store::{ExprId, PatId, TypeId};
use crate::ty::{PrimType, Scheme, Size, SizeSite, Ty, TyVar, TypeArg};
use la_arena::ArenaMap;
use std::sync::Arc;
use unify::{Constraint, Mismatch, Table, UnknownOrigin};

pub use decls::declaration_diagnostics;
pub use modules::{module_diagnostics, structure_diagnostics};
pub use types::{applied_member_type, apply_abbreviation, module_type_env, type_abbreviation};
pub use uniqueness::uniqueness_diagnostics;

/// What a name in an expression refers to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved {
    /// A variable bound by a pattern in the same definition.
    Local(PatId),
    /// The definition itself, in a recursive call.
    SelfRecursive,
    /// A loop variable of `for i < n` (the loop expression).
    LoopVar(ExprId),
    /// A local function (its `let` expression).
    LocalFunction(ExprId),
    /// A size parameter or size binder, used as an `i64` value.
    Size(Name),
    /// A term of another definition: the value found after `used`
    /// segments of the path (the rest are field projections), and the
    /// module it was found in, if qualified or opened with `M.(e)`.
    Term(TermRef),
    /// A built-in overloaded operator, such as `+` on a primitive type.
    BuiltinOp(Name),
}

/// How a name expression's path was resolved to a term: the number of
/// segments naming it (the rest project record fields) and the module the
/// term was found in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TermPath {
    pub used: u32,
    pub via: Option<ModuleRef>,
}

/// Where a type error is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    Expr(ExprId),
    Pat(PatId),
    Type(TypeId),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeError {
    pub location: Location,
    pub message: String,
    /// Other places that explain the error, each with a note.
    pub related: Vec<(Location, String)>,
}

/// The result of checking one definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InferenceResult {
    pub expr_types: ArenaMap<ExprId, Ty>,
    pub pat_types: ArenaMap<PatId, Ty>,
    /// For each name expression (and the first name of a qualified one).
    pub resolutions: ArenaMap<ExprId, Resolved>,
    /// For each name expression resolved to a term of another definition.
    pub term_paths: ArenaMap<ExprId, TermPath>,
    /// For each binary operator application and operator section: the
    /// operator's meaning.
    pub operators: ArenaMap<ExprId, Resolved>,
    pub errors: Vec<TypeError>,
    /// What is legal but likely not meant (an ambiguous type defaulted).
    pub warnings: Vec<TypeError>,
    /// The definition's type.
    pub scheme: Scheme,
    /// The existential sizes that are the values of qualified names
    /// (`M.n`, a module's `i64` value, as in `M.xs : [M.n]t` for
    /// `val xs : [n]t`), by number.
    pub path_sizes: Vec<(u32, Path)>,
}

#[salsa::tracked(returns(clone), cycle_result = infer_value_cycle)]
pub fn infer_value(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    item: ItemIdx,
) -> Arc<InferenceResult> {
    let body = value_body(db, file, item);
    let resolver = Resolver { db, file_set };
    let scope = Scope {
        file,
        item: Some(item),
        params: None,
    };
    let mut ctx = InferCtx::new(resolver, scope, &body);
    Arc::new(ctx.infer_definition())
}

fn infer_value_cycle(
    _db: &dyn Db,
    _id: salsa::Id,
    _file_set: FileSet,
    _file: SourceFile,
    _item: ItemIdx,
) -> Arc<InferenceResult> {
    // Only reachable through an import cycle, which is reported elsewhere.
    Arc::new(InferenceResult {
        expr_types: ArenaMap::default(),
        pat_types: ArenaMap::default(),
        resolutions: ArenaMap::default(),
        term_paths: ArenaMap::default(),
        operators: ArenaMap::default(),
        errors: Vec::new(),
        warnings: Vec::new(),
        scheme: Scheme::mono(Ty::Error),
        path_sizes: Vec::new(),
    })
}

/// The type of a definition as its users see it.
#[salsa::tracked(returns(clone))]
pub fn value_scheme(db: &dyn Db, file_set: FileSet, file: SourceFile, item: ItemIdx) -> Scheme {
    infer_value(db, file_set, file, item).scheme.clone()
}

/// The type errors and warnings of a definition, located in its file.
#[salsa::tracked(returns(clone))]
pub fn value_diagnostics(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    item: ItemIdx,
) -> Vec<Diagnostic> {
    let result = infer_value(db, file_set, file, item);
    if result.errors.is_empty() && result.warnings.is_empty() {
        return Vec::new();
    }
    let (_, source_map) = value_body_with_source_map(db, file, item);
    let (_, item_map) = item_tree_with_source_map(db, file);
    let fallback = item_map
        .items
        .get(item.0 as usize)
        .map(|ptr| ptr.range)
        .unwrap_or_default();
    let range_of = |location: Location| match location {
        Location::Expr(e) => source_map.exprs.get(e).map(|p| p.range),
        Location::Pat(p) => source_map.pats.get(p).map(|p| p.range),
        Location::Type(t) => source_map.types.get(t).map(|p| p.range),
    };
    let errors = result.errors.iter().map(|error| (Severity::Error, error));
    let warnings = result
        .warnings
        .iter()
        .map(|warning| (Severity::Warning, warning));
    errors
        .chain(warnings)
        .map(|(severity, problem)| {
            let range = range_of(problem.location).unwrap_or(fallback);
            let diagnostic = match severity {
                Severity::Error => Diagnostic::error(file, range, problem.message.clone()),
                Severity::Warning => Diagnostic::warning(file, range, problem.message.clone()),
            };
            problem
                .related
                .iter()
                .fold(diagnostic, |diagnostic, (location, note)| {
                    match range_of(*location) {
                        Some(range) => diagnostic.with_related(file, range, note.clone()),
                        None => diagnostic,
                    }
                })
        })
        .collect()
}

/// A name bound inside the definition.
#[derive(Debug, Clone)]
struct Local {
    name: Name,
    ty: Ty,
    origin: Resolved,
    /// The type parameters of a polymorphic local function (which occur
    /// in `ty` and are instantiated at each use): type parameters, size
    /// parameters, and which type parameters are lifted.
    params: Option<(Vec<Name>, Vec<Name>, Vec<Name>)>,
}

/// The mismatch found inside fields and constructors, and upstream's
/// lines saying where it was found, innermost first (a path of fields
/// written as one, `a.b`).
fn breadcrumbs(mut mismatch: Mismatch) -> (Mismatch, String) {
    let mut outermost_first: Vec<(bool, String)> = Vec::new();
    loop {
        match mismatch {
            Mismatch::InField(name, inner) => {
                match outermost_first.last_mut() {
                    Some((true, path)) => *path = format!("{path}.{name}"),
                    _ => outermost_first.push((true, name.to_string())),
                }
                mismatch = *inner;
            }
            Mismatch::InConstructor(name, inner) => {
                outermost_first.push((false, name.to_string()));
                mismatch = *inner;
            }
            innermost => {
                let lines = outermost_first
                    .iter()
                    .rev()
                    .map(|(field, name)| {
                        if *field {
                            format!("\nWhen matching types of record field \"{name}\".")
                        } else {
                            format!("\nWhen matching types of constructor \"{name}\".")
                        }
                    })
                    .collect();
                return (innermost, lines);
            }
        }
    }
}

/// What a constraint demands of a type, as upstream words it ("type that
/// must be a record").
fn must_be(constraint: &Constraint) -> String {
    let names = |names: &mut dyn Iterator<Item = String>| names.collect::<Vec<_>>().join(", ");
    match constraint {
        Constraint::None => "type".to_string(),
        Constraint::Prims(prims) => format!(
            "type that must be one of {}",
            names(&mut prims.iter().map(|p| p.name().to_string()))
        ),
        Constraint::Fields(fields) => format!(
            "type that must be a record with fields {}",
            names(&mut fields.iter().map(|(n, _)| n.to_string()))
        ),
        Constraint::Constructors(cs) => format!(
            "type that must be sum with constructors {}",
            names(&mut cs.iter().map(|(n, _)| format!("#{n}")))
        ),
        Constraint::Equality => "type that must support equality".to_string(),
        Constraint::Unlifted => "type that must not be functional".to_string(),
    }
}

/// Upstream's index of errors, explaining each kind.
const ERROR_INDEX: &str = "https://futhark.readthedocs.io/en/latest/error-index.html";

pub(crate) struct InferCtx<'a, 'db> {
    resolver: Resolver<'db>,
    scope: Scope,
    body: &'a ValueBody,
    table: Table,
    locals: locals::Locals,
    /// Type parameters in scope (rigid), by name.
    type_params: Vec<Name>,
    /// Size names in scope.
    sizes: Vec<Name>,
    expr_types: ArenaMap<ExprId, Ty>,
    pat_types: ArenaMap<PatId, Ty>,
    resolutions: ArenaMap<ExprId, Resolved>,
    term_paths: ArenaMap<ExprId, TermPath>,
    operators: ArenaMap<ExprId, Resolved>,
    errors: Vec<TypeError>,
    warnings: Vec<TypeError>,
    /// The definition's own type while its body is checked (recursion).
    self_type: Option<(Name, Ty)>,
    /// Modules opened by `M.(e)` around the expression being checked,
    /// with the number of locals bound when each was opened: an opened
    /// module's names shadow the locals bound before it.
    opened: Vec<(ModuleRef, usize)>,
    /// Type parameters in scope declared lifted (`'^t`).
    lifted_params: Vec<Name>,
    /// Type parameters in scope declared size-lifted (`'~t`).
    size_lifted_params: Vec<Name>,
    /// Size names being bound by `let [n] pat = e`, as size variables
    /// while `pat` is checked.
    binding_sizes: Vec<(Name, Size)>,
    /// Size names bound by `let [n] pat = e` to a size that `e` has from
    /// outside the binding (a parameter's, `[n]` of `xs: [n]t`): within the
    /// binding's body the name stands for that size, innermost last.
    size_aliases: Vec<(Name, Size)>,
    /// The scopes left so far and not inside another one left: disjoint,
    /// in the order they were made (see [`Self::check_scope_exit`]).
    exited: Vec<unify::ExitedScope>,
    /// The sizes that size parameters of the functions used became: the
    /// size, the parameter, the function and where it is used.
    instantiated_sizes: Vec<(Size, Name, Name, Location)>,
    /// The types that type parameters not declared lifted of the
    /// functions used became: the type, whether the parameter is
    /// size-lifted, the function and where it is used.
    unlifted_instantiations: Vec<(Ty, bool, Name, Location)>,
    /// The size variables made for the anonymous sizes of type
    /// ascriptions, and where each ascription is.
    ascribed_sizes: Vec<(std::ops::Range<usize>, Location)>,
    /// The size variables standing for the sizes of coerced expressions
    /// (`e :> [n]t`), and where each coercion is.
    coerced_sizes: Vec<(std::ops::Range<usize>, Location)>,
    /// For each existential size, the expression whose checking made it
    /// (not one of its parts), for the causality check.
    unknown_producer: Vec<Option<ExprId>>,
    /// The existential sizes each expression made itself.
    made_unknowns: ArenaMap<ExprId, Vec<u32>>,
    /// See [`InferenceResult::path_sizes`].
    path_sizes: Vec<(u32, Path)>,
    /// The size variables made for the anonymous sizes of the
    /// definition's written result type.
    result_sizes: std::ops::Range<usize>,
}

impl<'a, 'db> InferCtx<'a, 'db> {
    fn new(resolver: Resolver<'db>, scope: Scope, body: &'a ValueBody) -> Self {
        InferCtx {
            resolver,
            scope,
            body,
            table: Table::default(),
            locals: locals::Locals::default(),
            type_params: Vec::new(),
            sizes: Vec::new(),
            expr_types: ArenaMap::default(),
            pat_types: ArenaMap::default(),
            resolutions: ArenaMap::default(),
            term_paths: ArenaMap::default(),
            operators: ArenaMap::default(),
            errors: Vec::new(),
            warnings: Vec::new(),
            self_type: None,
            opened: Vec::new(),
            lifted_params: Vec::new(),
            size_lifted_params: Vec::new(),
            binding_sizes: Vec::new(),
            size_aliases: Vec::new(),
            exited: Vec::new(),
            instantiated_sizes: Vec::new(),
            unlifted_instantiations: Vec::new(),
            ascribed_sizes: Vec::new(),
            coerced_sizes: Vec::new(),
            unknown_producer: Vec::new(),
            made_unknowns: ArenaMap::default(),
            path_sizes: Vec::new(),
            result_sizes: 0..0,
        }
    }

    /// Leaving a scope that bound the size names `sizes` (variables, size
    /// parameters) and type parameters `types`, after they are removed
    /// from scope: a type or size variable of an outer scope (created
    /// before `mark`) may not have come to depend on them (upstream's
    /// "scope-violation"). Names still bound outside are skipped, since
    /// sizes are compared by name.
    fn check_scope_exit(
        &mut self,
        location: Location,
        start: unify::ScopeStart,
        sizes: Vec<Name>,
        types: Vec<Name>,
    ) {
        let (mark, _) = start;
        let sizes: Vec<Name> = sizes
            .into_iter()
            .filter(|n| self.lookup_local(n).is_none() && !self.sizes.contains(n))
            .collect();
        let types: Vec<Name> = types
            .into_iter()
            .filter(|n| !self.type_params.contains(n))
            .collect();
        let found = self.table.escaping(start, &self.exited, &sizes, &types);
        self.table.forget_touched(start);
        // Scopes nest: this one covers those left inside it, the last
        // ones (a search, not a walk: a chain of `match`es leaves a
        // sibling scope per level before leaving the enclosing ones).
        let inside = self.exited.partition_point(|scope| scope.0.0 < mark.0);
        self.exited.truncate(inside);
        self.exited.push((mark, self.table.mark()));
        if let Some((name, ty)) = found {
            let what = match ty {
                Some(Ty::Error) => "A size of an outer scope".to_string(),
                Some(ty) => format!("A type of an outer scope, here \"{}\",", self.display(&ty)),
                None => "A type of an outer scope".to_string(),
            };
            self.scope_violation(location, &what, &name);
        }
    }

    fn scope_violation(&mut self, location: Location, what: &str, name: &Name) {
        self.error(
            location,
            format!(
                "{what} may not depend on \"{name}\" (scope violation). \
                 This is because \"{name}\" is rigidly bound in a deeper scope.\n\n\
                 For more information, see:\n  {ERROR_INDEX}#scope-violation"
            ),
        );
    }

    fn later_parameter_violation(&mut self, location: Location, ty: &str, name: &Name) {
        self.error(
            location,
            format!(
                "Cannot unify the type \"{ty}\" of this parameter with \"{name}\" \
                 (scope violation). This is because \"{name}\" is bound by a later parameter.\n\n\
                 For more information, see:\n  {ERROR_INDEX}#scope-violation"
            ),
        );
    }

    /// The parameters of one function: the type of a parameter may not
    /// depend on a later parameter (`\\xs n -> zip xs (iota n)`), since
    /// arguments are given in order (upstream's "scope-violation").
    pub(crate) fn check_param_order(&mut self, params: &[(PatId, Ty)]) {
        let outer: Vec<Name> = self.sizes.clone();
        // Only types left to inference: a written type's anonymous sizes
        // are not judged (as upstream's tests need no more). Picked and
        // resolved once, not per later parameter: a function may have
        // thousands of parameters.
        let inferred: Vec<(usize, PatId, Ty)> = params
            .iter()
            .enumerate()
            .filter(|(_, (pat, _))| {
                matches!(self.body.store.pats[*pat], crate::store::Pat::Name(_))
            })
            .map(|(i, (pat, ty))| (i, *pat, self.table.resolve(ty)))
            .collect();
        for (i, (later, _)) in params.iter().enumerate().skip(1) {
            let mut names = Vec::new();
            self.pat_names(*later, &mut names);
            names.retain(|n| !outer.contains(n));
            for (_, earlier, ty) in inferred.iter().take_while(|(j, ..)| *j < i) {
                if let Some(name) = unify::mentions(ty, &names, &[]) {
                    let ty = self.display(ty);
                    self.later_parameter_violation(Location::Pat(*earlier), &ty, &name);
                    return;
                }
            }
        }
    }

    /// Every name bound inside the definition: by patterns, size binders,
    /// local functions and loop variables.
    fn body_bound_names(&self) -> Vec<Name> {
        use crate::store::{Expr, LoopForm, Pat};
        let store = &self.body.store;
        let mut names: Vec<Name> = store
            .pats
            .iter()
            .filter_map(|(_, pat)| match pat {
                Pat::Name(n) => Some(n.clone()),
                _ => None,
            })
            .collect();
        for (_, expr) in store.exprs.iter() {
            match expr {
                Expr::Let { sizes, .. } => names.extend(sizes.iter().cloned()),
                Expr::LetFun { name, .. } => names.push(name.clone()),
                Expr::Loop {
                    form: LoopForm::For { var, .. },
                    ..
                } => names.push(var.clone()),
                _ => {}
            }
        }
        names
    }

    /// The names a pattern binds.
    pub(crate) fn pat_names(&self, pat: PatId, out: &mut Vec<Name>) {
        use crate::store::Pat;
        match &self.body.store.pats[pat] {
            Pat::Name(n) => out.push(n.clone()),
            Pat::Tuple(ps) => ps.iter().for_each(|p| self.pat_names(*p, out)),
            Pat::Record(fs) => fs.iter().for_each(|(_, p)| self.pat_names(*p, out)),
            Pat::Constr { payload, .. } => payload.iter().for_each(|p| self.pat_names(*p, out)),
            Pat::Ascription { pat, .. } | Pat::Attr { pat, .. } => self.pat_names(*pat, out),
            Pat::Missing | Pat::Wildcard | Pat::Literal { .. } => {}
        }
    }

    fn error(&mut self, location: Location, message: impl Into<String>) {
        self.errors.push(TypeError {
            location,
            message: message.into(),
            related: Vec::new(),
        });
    }

    /// Reports an error with one other place that explains it.
    fn error_related(
        &mut self,
        location: Location,
        message: impl Into<String>,
        related: Location,
        note: &str,
    ) {
        self.errors.push(TypeError {
            location,
            message: message.into(),
            related: vec![(related, note.to_string())],
        });
    }

    /// Unifies, reporting a mismatch at `location` with `context` (e.g.
    /// "Function body does not have expected type.").
    fn expect(&mut self, location: Location, context: &str, expected: &Ty, actual: &Ty) {
        self.expect_with(location, |_| context.to_string(), expected, actual);
    }

    /// [`Self::expect`] with a context written only when the types differ
    /// (one that quotes code costs more than the check).
    fn expect_with(
        &mut self,
        location: Location,
        context: impl FnOnce(&Self) -> String,
        expected: &Ty,
        actual: &Ty,
    ) {
        let result = self.table.unify(expected, actual);
        if result.is_err() {
            let context = context(self);
            self.report_mismatch(result, location, &context, expected, actual);
        }
    }

    /// The common type of two values that flow to one place, reporting a
    /// mismatch like [`Self::expect`]; sizes that differ become existential
    /// sizes made by `origin`.
    fn join(
        &mut self,
        location: Location,
        context: &str,
        first: &Ty,
        second: &Ty,
        origin: UnknownOrigin,
    ) -> Ty {
        let joined = self.table.join(first, second, origin);
        match joined {
            Ok(joined) => joined,
            Err(mismatch) => {
                self.report_mismatch(Err(mismatch), location, context, first, second);
                Ty::Error
            }
        }
    }

    fn report_mismatch(
        &mut self,
        result: Result<(), Mismatch>,
        location: Location,
        context: &str,
        expected: &Ty,
        actual: &Ty,
    ) {
        if let Err(mismatch) = result {
            let expected = self.table.resolve(expected);
            let actual = self.table.resolve(actual);
            let (mismatch, where_found) = breadcrumbs(mismatch);
            let detail = match mismatch {
                Mismatch::Types => String::new(),
                Mismatch::UnsharedFields(names) => format!(
                    "\nunshared fields: {}.",
                    names.iter().map(Name::as_str).collect::<Vec<_>>().join(", ")
                ),
                Mismatch::TupleLengths(n, m) => {
                    format!("\nTuples have {n} and {m} elements respectively.")
                }
                Mismatch::RecordFields { needed, actual } => {
                    let actual = self.table.resolve(&actual);
                    let kind = if matches!(actual, Ty::Record(_)) { "record type" } else { "type" };
                    format!(
                        "\nCannot unify record type with fields\n  {}\nwith {kind}\n  {}",
                        self.display(&Ty::Record(needed)),
                        self.display(&actual)
                    )
                }
                Mismatch::UnsharedConstructors(names) => format!(
                    "\nUnshared constructors: {}.",
                    names.iter().map(|n| format!("#{n}")).collect::<Vec<_>>().join(", ")
                ),
                Mismatch::ConstructorArity(name, first, second) => format!(
                    "\nCannot unify type with constructor\n  {}\nwith type of constructor\n  {}\nbecause they differ in arity.",
                    self.display(&Ty::Sum(vec![(name.clone(), first)])),
                    self.display(&Ty::Sum(vec![(name, second)]))
                ),
                Mismatch::SumConstructors { needed, actual } => {
                    let actual = self.table.resolve(&actual);
                    let unshared = match &actual {
                        Ty::Sum(constructors) => format!(
                            "\nUnshared constructors: {}.",
                            needed
                                .iter()
                                .filter(|(n, _)| !constructors.iter().any(|(m, _)| m == n))
                                .map(|(n, _)| format!("#{n}"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                        _ => String::new(),
                    };
                    format!(
                        "\nCannot unify type with constructors\n  {}\nwith type\n  {}{unshared}",
                        self.display(&Ty::Sum(needed)),
                        self.display(&actual)
                    )
                }
                // Upstream names a primitive constraint first.
                Mismatch::Constraints(first, second @ Constraint::Prims(_)) => format!(
                    "\nCannot unify {} with {}.",
                    must_be(&second),
                    must_be(&first)
                ),
                Mismatch::Constraints(first, second) => format!(
                    "\nCannot unify {} with {}.",
                    must_be(&first),
                    must_be(&second)
                ),
                Mismatch::NotOneOf(allowed, offending) => {
                    let allowed = allowed
                        .iter()
                        .map(|p| p.name())
                        .collect::<Vec<_>>()
                        .join(", ");
                    match offending {
                        Some(ty) => format!(
                            "\nCannot instantiate type that must be one of\n  {allowed}\nwith\n  {}",
                            self.display(&ty)
                        ),
                        None => format!("\nThe type must be one of: {allowed}."),
                    }
                }
                Mismatch::NoEquality => "\nThe type does not support equality: functions and type parameters cannot be compared.".to_string(),
                Mismatch::Functional => "\nA functional type cannot be used here: only type parameters declared lifted ('^a) may stand for functions, and arrays cannot contain functions.".to_string(),
                Mismatch::Sizes(a, b) => {
                    let mut detail = format!(
                        "\nSizes \"{}\" and \"{}\" do not match.",
                        self.table.shown_size(&a).text(),
                        self.table.shown_size(&b).text()
                    );
                    // What made each "?", also inside a computed size.
                    let mut unknowns = Vec::new();
                    for size in [&a, &b] {
                        self.table.resolve_size(size).all_leaves(&mut |leaf| {
                            if !unknowns.contains(leaf) {
                                unknowns.push(leaf.clone());
                            }
                            true
                        });
                    }
                    for origin in unknowns
                        .iter()
                        .filter(|s| !self.table.is_named_by_expression(s))
                        .filter_map(|s| self.table.describe_unknown(s))
                    {
                        detail.push_str(&format!("\n\"?\" {origin}."));
                    }
                    detail
                }
                Mismatch::Infinite => format!(
                    "\nOccurs check: the type would have to contain itself.\n\n\
                     For more information, see:\n  {ERROR_INDEX}#occurs-check"
                ),
                Mismatch::OccursSize(size) => format!(
                    "\nOccurs check: cannot instantiate a size with \"{}\", which is computed \
                     from that size itself.\n\n\
                     For more information, see:\n  {ERROR_INDEX}#occurs-check",
                    self.table.shown_size(&size).text()
                ),
                Mismatch::DependentResult(name) => format!(
                    "\nThe result's size is the value of the parameter \"{name}\", which the expected \
                     function type does not name: this would give a type containing anonymous sizes."
                ),
                Mismatch::InField(..) | Mismatch::InConstructor(..) => String::new(),
            };
            self.error(
                location,
                format!(
                    "{context}\nExpected: {}\nActual:   {}{detail}{where_found}",
                    self.display(&expected),
                    self.display(&actual)
                ),
            );
            // A record or sum type left undetermined by the mismatch is
            // erroneous now, so that it is not also reported as ambiguous.
            let mut vars = Vec::new();
            self.table.free_vars(&expected, &mut vars);
            self.table.free_vars(&actual, &mut vars);
            for var in vars {
                if matches!(
                    self.table.constraint(var),
                    Some(Constraint::Fields(_) | Constraint::Constructors(_))
                ) {
                    self.table.bind(var, Ty::Error);
                }
            }
        }
    }

    /// A type for messages: variables constrained to primitive types show
    /// as the set of types they may be.
    fn display(&self, ty: &Ty) -> String {
        let ty = self.table.resolve(ty);
        if let Ty::Var(v) = ty {
            return self.describe_var(v);
        }
        let ty = ty.map_sizes(&mut |size| self.table.shown_size(size));
        // Unknown types inside a type print as fresh names.
        let mut free = Vec::new();
        self.table.free_vars(&ty, &mut free);
        let names: Vec<(TyVar, Ty)> = free
            .into_iter()
            .enumerate()
            .map(|(i, v)| (v, Ty::Param(Name::new(&format!("t{i}")))))
            .collect();
        replace_vars(&ty, &names).to_string()
    }

    /// A type variable for messages: what it is known to be.
    fn describe_var(&self, var: TyVar) -> String {
        match self.table.constraint(var) {
            Some(Constraint::Prims(prims)) if prims.len() == 11 => "a numeric type".to_string(),
            Some(Constraint::Prims(prims)) if prims.len() == 8 => "an integral type".to_string(),
            Some(Constraint::Prims(prims)) => format!(
                "one of {}",
                prims
                    .iter()
                    .map(|p| p.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Some(Constraint::Fields(fields)) => format!(
                "a record with fields {}",
                fields
                    .iter()
                    .map(|(n, _)| n.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Some(Constraint::Constructors(cs)) => format!(
                "a sum type with constructors {}",
                cs.iter()
                    .map(|(n, _)| format!("#{n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Some(Constraint::Equality) => "a type with equality".to_string(),
            _ => "an unknown type".to_string(),
        }
    }

    fn infer_definition(&mut self) -> InferenceResult {
        let body = self.body;
        let mut declared_type_params = Vec::new();
        for param in &body.type_params {
            match param {
                crate::store::TypeParam::Size(name) => self.sizes.push(name.clone()),
                crate::store::TypeParam::Type(name, liftedness) => {
                    self.type_params.push(name.clone());
                    declared_type_params.push(name.clone());
                    match liftedness {
                        syntax::ast::Liftedness::Lifted => self.lifted_params.push(name.clone()),
                        syntax::ast::Liftedness::SizeLifted => {
                            self.size_lifted_params.push(name.clone())
                        }
                        syntax::ast::Liftedness::Unlifted => {}
                    }
                }
            }
        }
        let typed: Vec<(PatId, Ty)> = body
            .params
            .iter()
            .map(|&pat| (pat, self.table.fresh()))
            .collect();
        self.check_pat_group(&typed);
        let param_types: Vec<Ty> = typed.into_iter().map(|(_, ty)| ty).collect();
        // Size parameters and parameters share one namespace.
        let clash = self.locals.iter().find_map(|local| match &local.origin {
            Resolved::Local(at) if self.sizes.contains(&local.name) => {
                Some((local.name.clone(), *at))
            }
            _ => None,
        });
        match clash {
            Some((name, at)) => self.error(
                Location::Pat(at),
                format!("Name \"{name}\" also bound as a size parameter."),
            ),
            None => self.check_signature_sizes(&body.params, body.ret),
        }
        let result_sizes_start = self.table.mark().1;
        let ret = match body.ret {
            Some(ty) => self.lower_type(ty),
            None => self.table.fresh(),
        };
        self.result_sizes = result_sizes_start..self.table.mark().1;
        let param_names: Vec<Option<Name>> =
            body.params.iter().map(|&p| self.param_name_of(p)).collect();
        let own_type = function_type(
            param_names.into_iter().zip(param_types.clone()),
            ret.clone(),
        );
        // A function is in scope in its own body (recursion); a constant
        // is not, so a constant named like an outer one refers to it.
        if !body.params.is_empty()
            && let Some(name) = self.own_name()
        {
            self.self_type = Some((name, own_type.clone()));
        }
        let body_ty = self.infer_expr(body.body);
        self.expect(
            Location::Expr(body.body),
            "Function body does not have expected type.",
            &ret,
            &body_ty,
        );
        let resolved_own = self.table.resolve(&own_type);
        self.check_recursion(&resolved_own, &param_types);
        let typed: Vec<(PatId, Ty)> = body.params.iter().copied().zip(param_types).collect();
        self.check_param_order(&typed);
        // Like upstream, only a body that is otherwise well-typed.
        if self.errors.is_empty() {
            self.check_causality(body.body);
        }
        // A declared result type may not be a function (an inferred one
        // may: the entry point then takes more arguments).
        if self.is_entry_point()
            && !body.params.is_empty()
            && body.ret.is_some()
            && matches!(self.table.resolve(&ret), Ty::Function { .. })
        {
            self.error(
                Location::Expr(body.body),
                "Entry point functions may not be higher-order.",
            );
        } else if self.is_entry_point() {
            // `entry f = g` is fine: only the parameters of the whole
            // (curried) type must be first-order.
            let mut ty = self.table.resolve(&own_type);
            let mut higher_order = false;
            while let Ty::Function { param, result, .. } = ty {
                higher_order |= self.table.contains_function(&param);
                ty = *result;
            }
            if higher_order {
                self.error(
                    Location::Expr(body.body),
                    "Entry point functions may not be higher-order.",
                );
            }
        }
        let mut result = self.finish(own_type, declared_type_params);
        self.check_definition(&result.scheme);
        result.errors.append(&mut self.errors);
        result
    }

    /// The name a parameter pattern binds, if it is a single name: sizes
    /// in later parameter and result types may refer to it.
    pub(crate) fn param_name_of(&self, pat: PatId) -> Option<Name> {
        match &self.body.store.pats[pat] {
            crate::store::Pat::Name(name) => Some(name.clone()),
            crate::store::Pat::Ascription { pat, .. } | crate::store::Pat::Attr { pat, .. } => {
                self.param_name_of(*pat)
            }
            _ => None,
        }
    }

    fn is_entry_point(&self) -> bool {
        let Some(item) = self.scope.item else {
            return false;
        };
        let tree = crate::item_tree::item_tree(self.resolver.db, self.scope.file);
        let item = tree.item(item);
        // A top-level `main` is an entry point too.
        let main = item.container == crate::item_tree::Container::File
            && item.name().is_some_and(|n| n.as_str() == "main")
            && !self
                .scope
                .file
                .path(self.resolver.db)
                .starts_with("/prelude/");
        matches!(&item.kind, crate::item_tree::ItemKind::Value(v) if v.entry) || main
    }

    fn own_name(&self) -> Option<Name> {
        let item = self.scope.item?;
        let tree = crate::item_tree::item_tree(self.resolver.db, self.scope.file);
        tree.item(item).name().cloned()
    }

    /// Defaults literal variables, generalizes what remains free, and
    /// resolves every recorded type. A record or sum type known only by
    /// some fields or constructors is ambiguous: there is no row
    /// polymorphism.
    /// Size expressions in the parameters' and result's type annotations
    /// (`[n * m]t`, `[i64.i32 k]t`) are `i64` expressions over the
    /// parameters, which also gives the parameters they use their types.
    ///
    /// A parameter's types see only the parameters before it (`(s: [s 2
    /// n]t)` applies an outer `s`), the result type all of them. The
    /// parameters' names are the last locals, bound in order.
    fn check_signature_sizes(&mut self, params: &[PatId], ret: Option<TypeId>) {
        let bound: Vec<usize> = params
            .iter()
            .map(|&param| {
                let mut names = Vec::new();
                self.pat_names(param, &mut names);
                names.len()
            })
            .collect();
        // The parameters' names are unbound once and bound again one
        // parameter at a time (unbinding the later ones per parameter was
        // quadratic in a long parameter list).
        let first = self.locals.len() - bound.iter().sum::<usize>();
        let mut names = self.locals.split_off(first).into_iter();
        for (&param, count) in params.iter().zip(bound) {
            let types = self.pattern_types(&[param]);
            self.check_written_sizes(types);
            self.locals.extend(names.by_ref().take(count));
        }
        if let Some(ret) = ret {
            self.check_written_sizes(vec![ret]);
            self.check_result_size_names(params, ret);
        }
    }

    /// A result type's sizes may name parameters that are names
    /// (`(n: i64)`), not variables bound inside a parameter's pattern
    /// (`(n: i64, b: bool)`): only the former name the argument's value.
    fn check_result_size_names(&mut self, params: &[PatId], ret: TypeId) {
        let mut used = Vec::new();
        if written::size_names(&self.body.store, ret, &mut used).is_none() {
            return;
        }
        for &param in params {
            if self.param_name_of(param).is_some() {
                continue;
            }
            let mut bound = Vec::new();
            self.pat_names(param, &mut bound);
            if let Some(name) = used
                .iter()
                .find(|n| bound.contains(n) && !self.sizes.contains(n))
            {
                let message = format!(
                    "Size \"{name}\" of the result type is bound inside a parameter pattern; \
                     only a parameter that is a single name, such as ({name}: i64), can be used as a size."
                );
                self.error(Location::Type(ret), message);
                return;
            }
        }
    }

    /// Size expressions written in type annotations are `i64`
    /// expressions over the names in scope.
    pub(super) fn check_written_sizes(&mut self, mut types: Vec<TypeId>) {
        let store = &self.body.store;
        let mut sizes = Vec::new();
        while let Some(ty) = types.pop() {
            use crate::store::{SizeRef, TypeArgRef, TypeRef};
            match &store.types[ty] {
                TypeRef::Array { size, element } => {
                    if let SizeRef::Expr(e) = size {
                        sizes.push(*e);
                    }
                    types.push(*element);
                }
                TypeRef::Unique(inner) => types.push(*inner),
                TypeRef::Tuple(elements) => types.extend(elements),
                TypeRef::Record(fields) => types.extend(fields.iter().map(|(_, t)| *t)),
                TypeRef::Sum(constructors) => {
                    types.extend(constructors.iter().flat_map(|(_, payload)| payload));
                }
                TypeRef::Apply { head, args } => {
                    types.push(*head);
                    for arg in args {
                        match arg {
                            TypeArgRef::Type(t) => types.push(*t),
                            TypeArgRef::Size(SizeRef::Expr(e)) => sizes.push(*e),
                            TypeArgRef::Size(SizeRef::Anonymous) => {}
                        }
                    }
                }
                TypeRef::Function {
                    param_name: None,
                    param,
                    result,
                } => types.extend([*param, *result]),
                // A function type's parameter name is in scope only in its
                // result, and existential sizes only in their type.
                TypeRef::Function { .. } | TypeRef::Existential { .. } => {}
                TypeRef::Missing | TypeRef::Path(_) => {}
            }
        }
        for e in sizes {
            // Constants and size names are sizes, not expressions; a name
            // of a variable must be an `i64`.
            match &store.exprs[e] {
                crate::store::Expr::Literal(_) => continue,
                crate::store::Expr::Path(path)
                    if path.is_single()
                        && self.lookup_local(path.last()).is_none()
                        && !self.sizes.contains(path.last())
                        && self.resolver.resolve_expr_path(self.scope, path).is_none() =>
                {
                    self.error(
                        Location::Expr(e),
                        format!("Unknown name \"{}\".", path.last()),
                    );
                    continue;
                }
                crate::store::Expr::Path(path)
                    if !path.is_single() || self.lookup_local(path.last()).is_none() =>
                {
                    continue;
                }
                _ => {}
            }
            let ty = self.infer_expr(e);
            let size_text = |_: &Self| {
                let text = crate::pretty::expr_text(store, e, 70);
                format!("The size \"{text}\" must be of type i64.")
            };
            self.expect_with(Location::Expr(e), size_text, &Ty::i64(), &ty);
        }
    }

    fn finish(&mut self, own_type: Ty, mut type_params: Vec<Name>) -> InferenceResult {
        self.table.compress_chains();
        self.apply_defaults(&own_type);
        let own_type = self.table.resolve(&own_type);
        self.check_ambiguous_sizes(&own_type);
        self.check_unlifted_instantiations();
        let local = self.body_bound_names();
        let mut forgotten = Vec::new();
        let own_type = forget_local_sizes(
            &mut self.table,
            &own_type,
            &self.sizes,
            &local,
            &mut Vec::new(),
            &mut forgotten,
        );
        self.check_unknown_param_sizes(&own_type, &forgotten);
        let mut free = Vec::new();
        self.table.free_vars(&own_type, &mut free);
        let is_structural = |table: &Table, var| {
            matches!(
                table.constraint(var),
                Some(Constraint::Fields(_) | Constraint::Constructors(_))
            )
        };
        let mut ambiguous = Vec::new();
        let located = (self
            .pat_types
            .iter()
            .map(|(id, ty)| (Location::Pat(id), ty)))
        .chain(
            self.expr_types
                .iter()
                .map(|(id, ty)| (Location::Expr(id), ty)),
        );
        for (location, ty) in located {
            let mut vars = Vec::new();
            self.table.free_vars(ty, &mut vars);
            ambiguous.extend(
                vars.into_iter()
                    .filter(|&var| is_structural(&self.table, var))
                    .map(|var| (location, var)),
            );
        }
        for (location, var) in ambiguous {
            // Reported once: the first report makes the variable erroneous.
            if !is_structural(&self.table, var) {
                continue;
            }
            let description = self.describe_var(var);
            self.errors.push(TypeError {
                location,
                message: format!("Type is ambiguous: {description}. Add a type annotation."),
                related: Vec::new(),
            });
            self.table.bind(var, Ty::Error);
        }
        let mut inferred_lifted = Vec::new();
        for var in free {
            // A type variable nothing restricts may stand for a function,
            // like a type parameter declared lifted.
            let unrestricted = self.table.constraint(var) == Some(&Constraint::None);
            match self.table.constraint(var) {
                None => continue,
                // Type parameters do not support equality, so a type
                // compared for equality cannot be generalised.
                Some(Constraint::Equality) => {
                    self.errors.push(TypeError {
                        location: Location::Expr(self.body.body),
                        message: "Type is ambiguous: it must support equality, but a type \
                                  parameter does not support equality. Add a type annotation."
                            .to_string(),
                        related: Vec::new(),
                    });
                    self.table.bind(var, Ty::Error);
                    continue;
                }
                Some(_) => {}
            }
            let name = self.fresh_param_name(&type_params);
            type_params.push(name.clone());
            if unrestricted {
                inferred_lifted.push(name.clone());
            }
            self.table.bind(var, Ty::Param(name));
        }
        let expr_types = resolve_all(&self.table, &self.expr_types);
        let pat_types = resolve_all(&self.table, &self.pat_types);
        self.check_patterns(&expr_types, &pat_types);
        self.check_order_zero(&expr_types, &pat_types);
        self.check_literal_bounds(&expr_types);
        let errors = std::mem::take(&mut self.errors);
        // A definition with errors is not worth warnings, which mostly
        // follow from the errors (a type one left open).
        let warnings = if errors.is_empty() {
            std::mem::take(&mut self.warnings)
        } else {
            Vec::new()
        };
        InferenceResult {
            expr_types,
            pat_types,
            resolutions: std::mem::take(&mut self.resolutions),
            term_paths: std::mem::take(&mut self.term_paths),
            operators: std::mem::take(&mut self.operators),
            errors,
            warnings,
            scheme: Scheme {
                type_params,
                lifted: [self.lifted_params.clone(), inferred_lifted].concat(),
                size_lifted: self.size_lifted_params.clone(),
                size_params: self.sizes.clone(),
                ty: self.table.resolve(&own_type),
            },
            path_sizes: std::mem::take(&mut self.path_sizes),
        }
    }

    /// A parameter's size cannot be one the definition's body makes (the
    /// size of an expression inside it, of a `filter`, of a name bound in
    /// it): callers could never supply an array of that size. It may only
    /// be one the result also has, which then tells the caller the size.
    ///
    /// Sizes named after parameters (`forgotten` holds what each forgotten
    /// size was) are exempt: a parameter's size may be another parameter
    /// given later (`(xs: []t) (n: i64)` with `xs` used as `[n]t`).
    fn check_unknown_param_sizes(&mut self, own_type: &Ty, forgotten: &[(Size, Size)]) {
        if !self.errors.is_empty() {
            return;
        }
        let mut param_names = Vec::new();
        for &param in &self.body.params {
            self.pat_names(param, &mut param_names);
        }
        let named_after_params = |id: u32| {
            forgotten.iter().any(|(size, unknown)| {
                *unknown == Size::Unknown(id)
                    && size.all_leaves(&mut |leaf| match leaf {
                        Size::Named(n) => param_names.contains(n),
                        Size::Const(_) => true,
                        _ => false,
                    })
            })
        };
        // The definition's own parameters may have sizes its result tells,
        // also once applied further; the parameters of functions it
        // returns only sizes its result tells at once, as its functions'
        // results come after their parameters.
        let mut in_own_params = Vec::new();
        let mut result = own_type;
        for _ in &self.body.params {
            let Ty::Function {
                param,
                result: rest,
                ..
            } = result
            else {
                break;
            };
            map_unknowns(param, &mut |id| {
                in_own_params.push(id);
                Size::Unknown(id)
            });
            result = rest;
        }
        let in_result_params = unknowns_where(result, |site| site.in_param());
        let told_once_applied = unknowns_where(result, |site| !site.in_param());
        let told_at_once = unknowns_where(result, |site| site.sides.is_empty());
        let untold = |id: u32, told: &[u32]| {
            !self.table.is_lax(id) && !told.contains(&id) && !named_after_params(id)
        };
        let unknown = in_own_params
            .iter()
            .any(|&id| untold(id, &told_once_applied))
            || in_result_params.iter().any(|&id| untold(id, &told_at_once));
        if unknown {
            let name = self
                .own_name()
                .map_or("anonymous function".to_string(), |n| n.to_string());
            let shown = self.display(own_type);
            self.error(
                Location::Expr(self.body.body),
                format!(
                    "Cannot generalise type of \"{name}\".\n\
                     Unknown size in parameter of \"{name}\", which is inferred as:\n  {shown}\n\
                     The size is made inside the definition, so no caller can supply an array of it."
                ),
            );
        }
    }

    /// A size parameter of a function used in the definition must be
    /// determined by its use (`f [n] (g: [n]i64 -> i64)` applied to a
    /// function of any size leaves `n` open), and so must an anonymous
    /// size of a type ascription, unless the definition's own type has the
    /// size, which then becomes its own size parameter.
    /// A type parameter of a function used may not become a type
    /// parameter of ours that is more lifted: an unlifted one neither a
    /// lifted (`'^t`) nor a size-lifted (`'~t`) one, as its values may be
    /// put in arrays; a size-lifted one not a lifted one, which may be a
    /// function.
    fn check_unlifted_instantiations(&mut self) {
        for (ty, size_lifted, function, at) in std::mem::take(&mut self.unlifted_instantiations) {
            let resolved = self.table.resolve(&ty);
            let Some(what) = self.lifted_type_in(&resolved, !size_lifted) else {
                continue;
            };
            let why = if size_lifted {
                "may be a functional type"
            } else {
                "cannot be an array element"
            };
            self.errors.push(TypeError {
                location: at,
                message: format!(
                    "{what} is lifted and {why}.\nWhen instantiating type parameter of \"{function}\"."
                ),
                related: Vec::new(),
            });
        }
    }

    /// A type parameter in scope or an abstract type declared lifted (or,
    /// with `with_size_lifted`, size-lifted) that `ty` mentions, as the
    /// error names it.
    fn lifted_type_in(&self, ty: &Ty, with_size_lifted: bool) -> Option<String> {
        let find = |t: &Ty| self.lifted_type_in(t, with_size_lifted);
        match ty {
            Ty::Param(name)
                if self.lifted_params.contains(name)
                    || (with_size_lifted && self.size_lifted_params.contains(name)) =>
            {
                Some(format!("Type parameter \"{name}\""))
            }
            Ty::Abstract(_, liftedness, _)
                if *liftedness == syntax::ast::Liftedness::Lifted
                    || (with_size_lifted && *liftedness == syntax::ast::Liftedness::SizeLifted) =>
            {
                Some(format!("Type \"{ty}\""))
            }
            Ty::Array { element, .. } => find(element),
            Ty::Record(fields) => fields.iter().find_map(|(_, t)| find(t)),
            Ty::Sum(constructors) => constructors
                .iter()
                .find_map(|(_, payload)| payload.iter().find_map(find)),
            Ty::Function { param, result, .. } => find(param).or_else(|| find(result)),
            _ => None,
        }
    }

    fn check_ambiguous_sizes(&mut self, own_type: &Ty) {
        // After an error, sizes are often left open by it.
        if !self.errors.is_empty() {
            return;
        }
        let open = size_vars_where(own_type, |_| true);
        let mut reported: Vec<Size> = Vec::new();
        for (size, param, function, at) in std::mem::take(&mut self.instantiated_sizes) {
            let resolved = self.table.resolve_size(&size);
            let Size::Var(v) = resolved else {
                continue;
            };
            if open.contains(&v) || reported.contains(&resolved) {
                continue;
            }
            reported.push(resolved);
            self.error(
                at,
                format!(
                    "Ambiguous size \"{param}\" arising from instantiated size parameter of \"{function}\". \
                     Nothing determines it; add a type annotation."
                ),
            );
        }
        let ascribed = std::mem::take(&mut self.ascribed_sizes)
            .into_iter()
            .map(|(vars, at)| {
                let message = "Ambiguous size in explicit type ascription: nothing determines it; \
                 write the size in the ascription.";
                (vars, at, message)
            });
        let coerced = std::mem::take(&mut self.coerced_sizes)
            .into_iter()
            .map(|(vars, at)| {
                let message = "Ambiguous size arising from a size coercion where the underlying \
                 expression size cannot be determined; add a type annotation.";
                (vars, at, message)
            });
        for (vars, at, message) in ascribed.chain(coerced).collect::<Vec<_>>() {
            let undetermined = vars
                .map(|v| self.table.resolve_size(&Size::Var(v as u32)))
                .find(|size| {
                    matches!(size, Size::Var(w) if !open.contains(w)) && !reported.contains(size)
                });
            if let Some(size) = undetermined {
                reported.push(size);
                self.error(at, message);
            }
        }
    }

    /// Numeric literals must fit their types (`-` directly before a literal
    /// makes it negative). An integer literal with a type suffix (`255i8`)
    /// is, as upstream's lexer reads it, its value wrapped to the type.
    fn check_literal_bounds(&mut self, expr_types: &ArenaMap<ExprId, Ty>) {
        use crate::store::{Expr, Literal};
        let mut negated = Vec::new();
        for (_, expr) in self.body.store.exprs.iter() {
            if let Expr::Negate(inner) = expr {
                negated.push(*inner);
            }
        }
        let mut errors = Vec::new();
        for (id, expr) in self.body.store.exprs.iter() {
            let Expr::Literal(literal) = expr else {
                continue;
            };
            let Some(Ty::Prim(prim)) = expr_types.get(id) else {
                continue;
            };
            let negative = negated.contains(&id);
            let fits = match literal {
                Literal::Int {
                    suffix: Some(_), ..
                } => true,
                Literal::Int {
                    value, bit_pattern, ..
                } => int_literal_fits(*value, negative, *bit_pattern, *prim),
                Literal::Float { bits, .. } => float_literal_fits(f64::from_bits(*bits), *prim),
                Literal::Char(_) | Literal::Bool(_) | Literal::String(_) => true,
            };
            if !fits {
                let sign = if negative { "-" } else { "" };
                let shown = match literal {
                    Literal::Int { value, .. } => value.to_string(),
                    Literal::Float { bits, .. } => f64::from_bits(*bits).to_string(),
                    _ => String::new(),
                };
                errors.push(TypeError {
                    location: Location::Expr(id),
                    message: format!(
                        "Literal {sign}{shown} out of bounds for type {}.",
                        prim.name()
                    ),
                    related: Vec::new(),
                });
            }
        }
        self.errors.extend(errors);
    }

    /// Branches and loops may not produce functions (nor values of lifted
    /// type parameters). Checked once inference is done, as a type variable
    /// may be found to be a function only after the branch or loop (`loop
    /// x = x ... in x 2`).
    fn check_order_zero(
        &mut self,
        expr_types: &ArenaMap<ExprId, Ty>,
        pat_types: &ArenaMap<PatId, Ty>,
    ) {
        use crate::store::Expr;
        let mut errors = Vec::new();
        for (id, expr) in self.body.store.exprs.iter() {
            let (location, ty, message) = match expr {
                Expr::If { .. } => (
                    Location::Expr(id),
                    expr_types.get(id),
                    "If-expression returns type\n  {}\nbut if-results may not be of function type.",
                ),
                Expr::Match { .. } => (
                    Location::Expr(id),
                    expr_types.get(id),
                    "Match-expression returns type\n  {}\nbut match-results may not be of function type.",
                ),
                Expr::Loop { pat, .. } => (
                    Location::Pat(*pat),
                    pat_types.get(*pat),
                    "Loop parameter inferred to have type\n  {}\nbut a loop parameter may not be of function type.",
                ),
                _ => continue,
            };
            let Some(ty) = ty else { continue };
            if !self.is_order_zero(ty) {
                errors.push(TypeError {
                    location,
                    message: message.replace("{}", &ty.to_string()),
                    related: Vec::new(),
                });
            }
        }
        self.errors.extend(errors);
    }

    /// Whether a type has no function in it, nor a lifted type parameter
    /// that may stand for one.
    fn is_order_zero(&self, ty: &Ty) -> bool {
        match ty {
            Ty::Function { .. } => false,
            Ty::Param(name) => !self.lifted_params.contains(name),
            Ty::Array { element, .. } => self.is_order_zero(element),
            Ty::Record(fields) => fields.iter().all(|(_, t)| self.is_order_zero(t)),
            Ty::Sum(constructors) => constructors
                .iter()
                .all(|(_, payload)| payload.iter().all(|t| self.is_order_zero(t))),
            _ => true,
        }
    }

    /// `match` must cover every value; patterns that bind (parameters,
    /// `let`, loops) must match every value.
    fn check_patterns(
        &mut self,
        expr_types: &ArenaMap<ExprId, Ty>,
        pat_types: &ArenaMap<PatId, Ty>,
    ) {
        use crate::store::{Expr, LoopForm};
        let shaper = exhaustive::Shaper {
            store: &self.body.store,
        };
        let type_of = |pat: PatId| pat_types.get(pat).cloned().unwrap_or(Ty::Error);
        let mut errors = Vec::new();
        let irrefutable = |pat: PatId, errors: &mut Vec<TypeError>| {
            if let Some(example) = shaper.refutable(pat, &type_of(pat)) {
                errors.push(TypeError {
                    location: Location::Pat(pat),
                    message: format!(
                        "Refutable pattern not allowed here.
Unmatched case: {example}"
                    ),
                    related: Vec::new(),
                });
            }
        };
        for &param in &self.body.params {
            irrefutable(param, &mut errors);
        }
        for (id, expr) in self.body.store.exprs.iter() {
            match expr {
                Expr::Match { scrutinee, cases } => {
                    let ty = expr_types.get(*scrutinee).cloned().unwrap_or(Ty::Error);
                    let pats: Vec<PatId> = cases.iter().map(|(p, _)| *p).collect();
                    if let Some(example) = shaper.unmatched(&pats, &ty) {
                        errors.push(TypeError {
                            location: Location::Expr(id),
                            message: format!(
                                "Unmatched cases in match expression.
Unmatched case: {example}"
                            ),
                            related: Vec::new(),
                        });
                    }
                }
                Expr::Let { pat, .. } | Expr::Loop { pat, .. } => irrefutable(*pat, &mut errors),
                Expr::Lambda { params, .. } | Expr::LetFun { params, .. } => {
                    for &param in params {
                        irrefutable(param, &mut errors);
                    }
                }
                _ => {}
            }
            if let Expr::Loop {
                form: LoopForm::ForIn { pat, .. },
                ..
            } = expr
            {
                irrefutable(*pat, &mut errors);
            }
        }
        self.errors.extend(errors);
    }

    fn fresh_param_name(&self, taken: &[Name]) -> Name {
        (0..)
            .map(|i| {
                let letter = (b'a' + (i % 26) as u8) as char;
                if i < 26 {
                    Name::new(&letter.to_string())
                } else {
                    Name::new(&format!("{letter}{}", i / 26))
                }
            })
            .find(|n| !taken.contains(n))
            .expect("an unused name")
    }

    /// Variables still constrained to primitive types become `i32` (if
    /// allowed; integer literals) or `f64` (decimal literals). One in the
    /// definition's own type, which its uses could have decided, is
    /// warned about, as upstream does.
    fn apply_defaults(&mut self, own_type: &Ty) {
        let mut in_own_type = Vec::new();
        self.table.free_vars(own_type, &mut in_own_type);
        // Each type's variables, then the distinct ones in order (a
        // definition has as many as it has literals).
        let mut vars = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for ty in self.pat_types.values().chain(self.expr_types.values()) {
            let mut own = Vec::new();
            self.table.free_vars(ty, &mut own);
            vars.extend(own.into_iter().filter(|&var| seen.insert(var)));
        }
        for var in vars {
            let Some(Constraint::Prims(allowed)) = self.table.constraint(var) else {
                continue;
            };
            let default = [PrimType::I32, PrimType::F64]
                .into_iter()
                .find(|p| allowed.contains(p))
                .or_else(|| allowed.first().copied());
            let Some(prim) = default else {
                continue;
            };
            if allowed.len() > 1
                && in_own_type.contains(&var)
                && let Some(location) = self.place_of_var(var)
            {
                self.warnings.push(TypeError {
                    location,
                    message: format!("Defaulting ambiguous type to {}.", prim.name()),
                    related: Vec::new(),
                });
            }
            self.table.bind(var, Ty::Prim(prim));
        }
    }

    /// Where to point at a type variable: a pattern (a parameter) of that
    /// type, else an expression of it, else the first place mentioning it.
    fn place_of_var(&self, var: TyVar) -> Option<Location> {
        let typed = || {
            let pats = self.pat_types.iter().map(|(p, ty)| (Location::Pat(p), ty));
            let exprs = self
                .expr_types
                .iter()
                .map(|(e, ty)| (Location::Expr(e), ty));
            pats.chain(exprs)
        };
        let is_var = |ty: &Ty| self.table.shallow(ty) == Ty::Var(var);
        let mentions_var = |ty: &Ty| {
            let mut free = Vec::new();
            self.table.free_vars(ty, &mut free);
            free.contains(&var)
        };
        typed()
            .find(|(_, ty)| is_var(ty))
            .or_else(|| typed().find(|(_, ty)| mentions_var(ty)))
            .map(|(location, _)| location)
    }

    fn record_expr(&mut self, id: ExprId, ty: &Ty) {
        self.expr_types.insert(id, ty.clone());
    }

    /// Instantiates a scheme with fresh variables.
    fn instantiate(&mut self, scheme: &Scheme) -> Ty {
        instantiate_in(&mut self.table, scheme)
    }

    fn lookup_local(&self, name: &Name) -> Option<&Local> {
        self.locals.get(name)
    }
}

/// Instantiates a scheme with fresh variables of `table`.
pub(crate) fn instantiate_in(table: &mut Table, scheme: &Scheme) -> Ty {
    let mut substitution = Vec::new();
    for param in &scheme.type_params {
        let var = if scheme.lifted.contains(param) {
            table.fresh()
        } else {
            table.fresh_constrained(Constraint::Unlifted)
        };
        substitution.push((param.clone(), var));
    }
    let sizes: Vec<(Name, Size)> = scheme
        .size_params
        .iter()
        .map(|n| (n.clone(), table.fresh_size_var()))
        .collect();
    let ty = substitute(&scheme.ty, &substitution, &sizes);
    // Anonymous sizes of parameters are inferred from the arguments; those
    // only in results are new existential sizes at each use.
    let in_params = unknowns_where(&ty, |site| site.in_param());
    let mut fresh: Vec<(u32, Size)> = Vec::new();
    map_unknowns(&ty, &mut |id| {
        // A size no one can compare stays one.
        if id == 0 {
            return Size::Unknown(0);
        }
        if let Some((_, size)) = fresh.iter().find(|(i, _)| *i == id) {
            return size.clone();
        }
        let size = if in_params.contains(&id) {
            table.fresh_size_var()
        } else {
            table.fresh_unknown_from(UnknownOrigin::Call)
        };
        fresh.push((id, size.clone()));
        size
    })
}

/// Replaces type parameters and named sizes in `ty`.
pub(crate) fn substitute(ty: &Ty, types: &[(Name, Ty)], sizes: &[(Name, Size)]) -> Ty {
    let size = |s: &Size| {
        s.map_leaves(&mut |leaf| match leaf {
            Size::Named(n) => sizes
                .iter()
                .find(|(m, _)| m == n)
                .map_or_else(|| leaf.clone(), |(_, r)| r.clone()),
            other => other.clone(),
        })
    };
    match ty {
        Ty::Param(name) => types
            .iter()
            .find(|(n, _)| n == name)
            .map_or_else(|| ty.clone(), |(_, t)| t.clone()),
        Ty::Array {
            element,
            shape,
            unique,
        } => {
            let element = substitute(element, types, sizes);
            let mut result = element;
            for s in shape.iter().rev() {
                result = Ty::array_of(result, size(s));
            }
            if let Ty::Array { unique: u, .. } = &mut result {
                *u = *unique;
            }
            result
        }
        Ty::Abstract(name, liftedness, args) => Ty::Abstract(
            name.clone(),
            *liftedness,
            args.iter()
                .map(|arg| arg.map_type(|t| substitute(t, types, sizes)).map_size(size))
                .collect(),
        ),
        _ => ty.map_components(|t| substitute(t, types, sizes)),
    }
}

/// A curried function type of named (or unnamed) parameters.
pub(crate) fn function_type(
    params: impl DoubleEndedIterator<Item = (Option<Name>, Ty)>,
    result: Ty,
) -> Ty {
    params
        .rev()
        .fold(result, |acc, (name, param)| Ty::Function {
            param_name: name,
            param: Box::new(param),
            result: Box::new(acc),
        })
}

/// Sizes in a definition's type named after variables bound in its body
/// (`local`) are unknown to its users, each a size of its own; size
/// parameters, named parameters (collected in `params` on the way) and
/// names of other definitions keep their names. Size variables the body
/// left undetermined become the scheme's own sizes, instantiated afresh at
/// each use; sizes of expressions that sizes cannot express, over names
/// the definition's users see, stay comparable with any size
/// (`Size::Unknown(0)`): users compare the expressions, which we do not.
fn forget_local_sizes(
    table: &mut Table,
    ty: &Ty,
    size_params: &[Name],
    local: &[Name],
    params: &mut Vec<Name>,
    forgotten: &mut Vec<(Size, Size)>,
) -> Ty {
    match ty {
        Ty::Array {
            element,
            shape,
            unique,
        } => Ty::Array {
            element: Box::new(forget_local_sizes(
                table,
                element,
                size_params,
                local,
                params,
                forgotten,
            )),
            shape: shape
                .iter()
                .map(|size| forget_local_size(table, size, size_params, local, params, forgotten))
                .collect(),
            unique: *unique,
        },
        Ty::Record(fields) => Ty::Record(
            fields
                .iter()
                .map(|(n, t)| {
                    (
                        n.clone(),
                        forget_local_sizes(table, t, size_params, local, params, forgotten),
                    )
                })
                .collect(),
        ),
        Ty::Sum(cs) => Ty::Sum(
            cs.iter()
                .map(|(n, ts)| {
                    (
                        n.clone(),
                        ts.iter()
                            .map(|t| {
                                forget_local_sizes(table, t, size_params, local, params, forgotten)
                            })
                            .collect(),
                    )
                })
                .collect(),
        ),
        Ty::Function {
            param_name,
            param,
            result,
        } => {
            let param = forget_local_sizes(table, param, size_params, local, params, forgotten);
            let mark = params.len();
            params.extend(param_name.iter().cloned());
            let result = forget_local_sizes(table, result, size_params, local, params, forgotten);
            params.truncate(mark);
            Ty::Function {
                param_name: param_name.clone(),
                param: Box::new(param),
                result: Box::new(result),
            }
        }
        Ty::Abstract(name, liftedness, args) => Ty::Abstract(
            name.clone(),
            *liftedness,
            args.iter()
                .map(|arg| match arg {
                    TypeArg::Type(t) => TypeArg::Type(forget_local_sizes(
                        table,
                        t,
                        size_params,
                        local,
                        params,
                        forgotten,
                    )),
                    TypeArg::Size(size) => TypeArg::Size(forget_local_size(
                        table,
                        size,
                        size_params,
                        local,
                        params,
                        forgotten,
                    )),
                })
                .collect(),
        ),
        other => other.clone(),
    }
}

/// One size of a definition's type, as [`forget_local_sizes`] gives it.
fn forget_local_size(
    table: &mut Table,
    size: &Size,
    size_params: &[Name],
    local: &[Name],
    params: &[Name],
    forgotten: &mut Vec<(Size, Size)>,
) -> Size {
    let mut lax = false;
    let in_scope = |n: &Name| size_params.contains(n) || params.contains(n) || !local.contains(n);
    let known = size.all_leaves(&mut |leaf| match leaf {
        Size::Named(n) => in_scope(n),
        Size::Unknown(id) => match table.expression_names(*id) {
            // The size of an expression over names its
            // users see: they compare such expressions.
            Some(names) if names.iter().all(in_scope) => {
                lax = true;
                true
            }
            Some(_) => false,
            None => {
                lax |= table.is_lax(*id);
                !matches!(size, Size::Op(..))
            }
        },
        Size::Const(_) | Size::Var(_) | Size::Op(..) | Size::Call(..) => true,
    });
    if lax {
        return Size::Unknown(0);
    }
    if !known {
        // One local size is one unknown size.
        if let Some((_, unknown)) = forgotten.iter().find(|(s, _)| s == size) {
            return unknown.clone();
        }
        let unknown = table.fresh_unknown();
        forgotten.push((size.clone(), unknown.clone()));
        return unknown;
    }
    size.map_leaves(&mut |leaf| match leaf {
        Size::Var(v) => Size::Unknown(generalised_size(*v)),
        other => other.clone(),
    })
}

/// Whether an existential size is one that inference made for the result
/// of an expression of a body (`Table::fresh_unknown`: those count up
/// from 1, while those of types written at item level and those a
/// definition's type generalises count down from `u32::MAX`, and 0 is a
/// size no expression names). Within one body, one such size is the size
/// of one expression's results.
pub fn is_expression_size(id: u32) -> bool {
    id != 0 && id < u32::MAX / 2
}

/// The existential size of a definition's type that stands for the size
/// variable `var` its body left undetermined.
fn generalised_size(var: u32) -> u32 {
    u32::MAX - var
}

/// The existential sizes among the size leaves of a type at the places
/// `keep` accepts (see [`Ty::visit_sizes`]).
pub(crate) fn unknowns_where(ty: &Ty, keep: impl Fn(&SizeSite) -> bool) -> Vec<u32> {
    numbered_leaves(ty, keep, |leaf| match leaf {
        Size::Unknown(id) => Some(*id),
        _ => None,
    })
}

/// The size variables left among the size leaves of a (resolved) type at
/// the places `keep` accepts.
pub(crate) fn size_vars_where(ty: &Ty, keep: impl Fn(&SizeSite) -> bool) -> Vec<u32> {
    numbered_leaves(ty, keep, |leaf| match leaf {
        Size::Var(v) => Some(*v),
        _ => None,
    })
}

/// The numbers `number` finds in the size leaves of a type at the places
/// `keep` accepts.
fn numbered_leaves(
    ty: &Ty,
    keep: impl Fn(&SizeSite) -> bool,
    number: fn(&Size) -> Option<u32>,
) -> Vec<u32> {
    let mut out = Vec::new();
    ty.visit_sizes(&mut |size, site| {
        if keep(site) {
            size.all_leaves(&mut |leaf| {
                out.extend(number(leaf));
                true
            });
        }
    });
    out
}

/// Replaces every existential size.
pub(super) fn map_unknowns(ty: &Ty, f: &mut dyn FnMut(u32) -> Size) -> Ty {
    ty.map_sizes(&mut |size| {
        size.map_leaves(&mut |leaf| match leaf {
            Size::Unknown(id) => f(*id),
            other => other.clone(),
        })
    })
}

/// Whether an integer literal (negated or not) fits a primitive type. A
/// bit pattern fits if it has no more bits than the type.
fn int_literal_fits(value: u128, negative: bool, bit_pattern: bool, prim: PrimType) -> bool {
    let bits = match prim {
        PrimType::I8 | PrimType::U8 => 8,
        PrimType::I16 | PrimType::U16 => 16,
        PrimType::I32 | PrimType::U32 => 32,
        _ => 64,
    };
    if bit_pattern && !negative && prim.is_integer() {
        return value >> bits == 0;
    }
    let (min, max): (i128, i128) = match prim {
        PrimType::I8 => (i8::MIN.into(), i8::MAX.into()),
        PrimType::I16 => (i16::MIN.into(), i16::MAX.into()),
        PrimType::I32 => (i32::MIN.into(), i32::MAX.into()),
        PrimType::I64 => (i64::MIN.into(), i64::MAX.into()),
        PrimType::U8 => (0, u8::MAX.into()),
        PrimType::U16 => (0, u16::MAX.into()),
        PrimType::U32 => (0, u32::MAX.into()),
        PrimType::U64 => (0, u64::MAX.into()),
        PrimType::F16 | PrimType::F32 | PrimType::F64 => {
            return float_literal_fits(value as f64, prim);
        }
        PrimType::Bool => return true,
    };
    match i128::try_from(value) {
        Ok(v) => {
            let v = if negative { -v } else { v };
            min <= v && v <= max
        }
        Err(_) => false,
    }
}

/// Whether a float literal is finite in a primitive type.
fn float_literal_fits(value: f64, prim: PrimType) -> bool {
    let max = match prim {
        PrimType::F16 => 65504.0,
        PrimType::F32 => f64::from(f32::MAX),
        _ => f64::MAX,
    };
    value.is_finite() && value.abs() <= max
}

/// Replaces type variables.
fn replace_vars(ty: &Ty, vars: &[(TyVar, Ty)]) -> Ty {
    match ty {
        Ty::Var(v) => vars
            .iter()
            .find(|(w, _)| w == v)
            .map_or_else(|| ty.clone(), |(_, t)| t.clone()),
        Ty::Array {
            element,
            shape,
            unique,
        } => Ty::Array {
            element: Box::new(replace_vars(element, vars)),
            shape: shape.clone(),
            unique: *unique,
        },
        _ => ty.map_components(|t| replace_vars(t, vars)),
    }
}

/// Every recorded type with all bound variables substituted.
fn resolve_all<T>(
    table: &Table,
    map: &ArenaMap<la_arena::Idx<T>, Ty>,
) -> ArenaMap<la_arena::Idx<T>, Ty> {
    let mut out = ArenaMap::default();
    for (id, ty) in map.iter() {
        out.insert(id, table.resolve(ty));
    }
    out
}
