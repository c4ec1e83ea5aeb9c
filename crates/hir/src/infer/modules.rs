//! Matching modules against module types: a module ascribed a module type
//! (`module m : S = ...`) and a parametric module's argument must define
//! every type and value the module type specifies, with compatible types.

use super::instantiate_in;
use super::types::{module_type_env, spec_scheme_in, type_abbreviation};
use super::unify::Table;
use super::value_scheme;
use super::written;
use crate::Db;
use crate::diagnostics::Diagnostic;
use crate::files::{FileSet, SourceFile};
use crate::item_tree::{
    ItemIdx, ItemKind, SigExpr, SpecKind, item_tree, item_tree_with_source_map,
};
use crate::name::Name;
use crate::resolve::{ModuleKey, ModuleRef, Resolver, Scope, TermRef, TypeDefRef, ValueRef};
use crate::ty::{Scheme, Ty};

/// Problems with the module binding `item`: its module against its
/// ascribed module type, and the arguments of a parametric module it
/// applies against the parameters' module types.
#[salsa::tracked(returns(clone))]
pub fn module_diagnostics(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    item: ItemIdx,
) -> Vec<Diagnostic> {
    let tree = item_tree(db, file);
    let ItemKind::Module(binding) = &tree.item(item).kind else {
        return Vec::new();
    };
    let resolver = Resolver { db, file_set };
    let scope = Scope {
        file,
        item: Some(item),
    };
    let mut problems = Vec::new();
    if binding.params.is_empty()
        && let Some(sig) = &binding.sig
        && let Some(implementation) = resolver.eval_module(scope, &binding.body)
        && is_first_order(resolver, implementation)
    {
        problems.extend(match_signature(
            resolver,
            implementation,
            scope,
            sig,
            ModuleRef::Binding(file, item),
        ));
    }
    let applications = if applies_declared_functor(resolver, scope, &binding.body) {
        resolver.functor_application(scope, &binding.body)
    } else {
        Vec::new()
    };
    for (param, arg) in applications {
        let ModuleRef::Param(param_file, s, index) = param else {
            continue;
        };
        let param_tree = item_tree(db, param_file);
        let data = param_tree.struct_data(s);
        let (Some(param_sig), Some(argument)) = (
            data.params.get(index as usize).map(|p| p.sig.clone()),
            resolver.eval_module(scope, arg),
        ) else {
            continue;
        };
        if matches!(param_sig, SigExpr::Arrow { .. }) || !is_first_order(resolver, argument) {
            continue;
        }
        let param_scope = Scope {
            file: param_file,
            item: Some(data.enclosing),
        };
        problems.extend(match_signature(
            resolver,
            argument,
            param_scope,
            &param_sig,
            param,
        ));
    }
    if problems.is_empty() {
        return Vec::new();
    }
    let (_, map) = item_tree_with_source_map(db, file);
    let range = map.item(item).range;
    problems
        .into_iter()
        .map(|message| Diagnostic::error(file, range, message))
        .collect()
}

/// Whether `expr` applies a module binding declared with parameters to
/// exactly as many arguments (not a partial application, an alias or a
/// module lambda, whose parameters this check cannot line up).
fn applies_declared_functor(
    resolver: Resolver,
    scope: Scope,
    expr: &crate::item_tree::ModExpr,
) -> bool {
    use crate::item_tree::ModExpr;
    let mut head = expr;
    let mut args = 0;
    while let ModExpr::Apply(functor, _) = head {
        args += 1;
        head = functor;
    }
    let Some(ModuleRef::Binding(file, item)) = resolver.eval_module(scope, head) else {
        return false;
    };
    matches!(&item_tree(resolver.db, file).item(item).kind, ItemKind::Module(m) if m.params.len() == args)
}

/// Whether a module is simple enough to match structurally: a module
/// body, a file, or a binding of one; parametric modules applied to
/// parametric modules are beyond this check.
fn is_first_order(resolver: Resolver, module: ModuleRef) -> bool {
    match module {
        ModuleRef::Struct(..) | ModuleRef::File(_) => true,
        ModuleRef::Binding(..) => matches!(
            resolver.binding_body(module),
            Some((
                _,
                crate::item_tree::ModExpr::Struct(_) | crate::item_tree::ModExpr::Path(_)
            ))
        ),
        ModuleRef::Param(..) | ModuleRef::Spec(..) | ModuleRef::Intrinsics => false,
    }
}

/// The ways `implementation` fails to match the module type `sig`
/// (written in `sig_scope`, as the module type of `sig_module`).
fn match_signature(
    resolver: Resolver,
    implementation: ModuleRef,
    sig_scope: Scope,
    sig: &SigExpr,
    sig_module: ModuleRef,
) -> Vec<String> {
    let db = resolver.db;
    let file_set = resolver.file_set;
    let provided = resolver.exports(implementation);
    let required = resolver.sig_exports(sig_scope, sig, sig_module);
    let mut problems = Vec::new();

    // Type members with parameters would need type-level application to
    // compare; then only the presence of names is checked.
    let parametric = required.types.values().any(|target| {
        let TypeDefRef::Spec(file, spec, _) = target else {
            return false;
        };
        matches!(&item_tree(db, *file).spec(*spec).kind, SpecKind::Type(t) if !t.params.is_empty())
    });
    // The module's own types stand for the module type's type members.
    let mut env: Vec<(Name, Ty)> = Vec::new();
    let mut type_names: Vec<&Name> = required.types.keys().collect();
    type_names.sort();
    for name in type_names {
        match provided.types.get(name) {
            Some(target) => env.push((name.clone(), type_of(db, file_set, *target, name))),
            None => {
                problems.push(format!(
                    "Module does not define the type \"{name}\" that its module type specifies."
                ));
                env.push((name.clone(), Ty::Error));
            }
        }
    }
    // A type the module type defines must be the module's type.
    for (name, target) in &required.types {
        let TypeDefRef::Spec(file, spec, _) = target else {
            continue;
        };
        let tree = item_tree(db, *file);
        let SpecKind::Type(type_item) = &tree.spec(*spec).kind else {
            continue;
        };
        let Some(definition) = type_item.ty.filter(|_| !parametric) else {
            continue;
        };
        let mut lowering = super::types::TypeLowering::new(
            resolver,
            Scope {
                file: *file,
                item: None,
            },
            &tree.store,
            &[],
        );
        lowering.local_types = &env;
        let expected = lowering.lower(definition);
        let actual = env
            .iter()
            .find(|(n, _)| n == name)
            .map_or(Ty::Error, |(_, t)| t.clone());
        if Table::with_lax_unknowns()
            .unify(&expected, &actual)
            .is_err()
        {
            problems.push(format!(
                "Module type requires \"type {name} = {expected}\", but the module defines \"{name}\" as {actual}."
            ));
        }
    }

    let mut value_names: Vec<&Name> = required.terms.keys().collect();
    value_names.sort();
    for name in value_names {
        match required.terms[name] {
            TermRef::Value(ValueRef::Spec(file, spec, _)) => {
                let Some(TermRef::Value(value)) = provided.terms.get(name) else {
                    problems.push(format!(
                        "Module does not define the value \"{name}\" that its module type specifies."
                    ));
                    continue;
                };
                if parametric {
                    continue;
                }
                let required_scheme = spec_scheme_in(resolver, file, spec, &env);
                let provided_scheme = value_type(resolver, *value);
                if let Some((expected, actual)) = mismatch(&required_scheme, &provided_scheme) {
                    problems.push(format!(
                        "Module type requires \"{name}\" of type {expected}, but the module's \"{name}\" has type {actual}."
                    ));
                }
            }
            TermRef::Module(_) => {
                if !matches!(provided.terms.get(name), Some(TermRef::Module(_))) {
                    problems.push(format!(
                        "Module does not define the module \"{name}\" that its module type specifies."
                    ));
                }
            }
            TermRef::Value(ValueRef::Def(..)) => {}
        }
    }
    problems
}

/// The type a module's type member stands for.
fn type_of(db: &dyn Db, file_set: FileSet, target: TypeDefRef, name: &Name) -> Ty {
    match target {
        TypeDefRef::Prim(prim) => Ty::Prim(prim),
        TypeDefRef::Def(file, item) => type_abbreviation(db, file_set, file, item).ty.clone(),
        TypeDefRef::Spec(_, _, module) => module_type_env(db, file_set, ModuleKey(module))
            .iter()
            .find(|(n, _)| n == name)
            .map_or(Ty::Error, |(_, t)| t.clone()),
    }
}

fn value_type(resolver: Resolver, value: ValueRef) -> Scheme {
    match value {
        ValueRef::Def(file, item) => value_scheme(resolver.db, resolver.file_set, file, item),
        ValueRef::Spec(file, spec, module) => {
            let env = module_type_env(resolver.db, resolver.file_set, ModuleKey(module));
            spec_scheme_in(resolver, file, spec, &env)
        }
    }
}

/// Whether a value of the provided type can serve as the required one:
/// the provided type, instantiated, must unify with the required type, in
/// which the required type parameters stay rigid. On mismatch, both types.
fn mismatch(required: &Scheme, provided: &Scheme) -> Option<(Ty, Ty)> {
    let mut table = Table::with_lax_unknowns();
    let instantiated = instantiate_in(&mut table, provided);
    let rigid = Scheme {
        type_params: Vec::new(),
        lifted: Vec::new(),
        size_params: required.size_params.clone(),
        ty: required.ty.clone(),
    };
    let expected = instantiate_in(&mut table, &rigid);
    match table.unify(&expected, &instantiated) {
        Ok(()) => None,
        Err(_) => Some((required.ty.clone(), provided.ty.clone())),
    }
}

/// Names in a module-level declaration that do not resolve: unknown
/// modules and module types, and unknown types in specifications.
#[salsa::tracked(returns(clone))]
pub fn structure_diagnostics(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    item: ItemIdx,
) -> Vec<Diagnostic> {
    let tree = item_tree(db, file);
    let mut check = StructureCheck {
        resolver: Resolver { db, file_set },
        scope: Scope {
            file,
            item: Some(item),
        },
        bound: Vec::new(),
        outer_types: Vec::new(),
        problems: Vec::new(),
    };
    match &tree.item(item).kind {
        ItemKind::Open(module) => check.mod_expr(module),
        ItemKind::Module(binding) => {
            for param in &binding.params {
                check.sig(&param.sig);
            }
            check.bound = binding
                .params
                .iter()
                .filter_map(|p| p.name.clone())
                .collect();
            if let Some(sig) = &binding.sig {
                check.sig(sig);
            }
            check.mod_expr(&binding.body);
        }
        ItemKind::ModuleType(module_type) => check.sig(&module_type.sig),
        _ => {}
    }
    let (_, map) = item_tree_with_source_map(db, file);
    check
        .problems
        .into_iter()
        .map(|(ty, message)| {
            let range = ty
                .and_then(|t| map.types.types.get(t).map(|p| p.range))
                .unwrap_or_else(|| map.item(item).range);
            Diagnostic::error(file, range, message)
        })
        .collect()
}

struct StructureCheck<'db> {
    resolver: Resolver<'db>,
    scope: Scope,
    /// Module parameters in scope (of module lambdas and parametric
    /// modules), which name resolution at item level does not see.
    bound: Vec<Name>,
    /// Type members of enclosing module types, in scope in nested ones.
    outer_types: Vec<(Name, Ty)>,
    /// Messages, with the written type they concern if any.
    problems: Vec<(Option<crate::store::TypeId>, String)>,
}

impl StructureCheck<'_> {
    fn mod_expr(&mut self, expr: &crate::item_tree::ModExpr) {
        use crate::item_tree::ModExpr;
        match expr {
            ModExpr::Path(path) => {
                let first = &path.segments()[0];
                if !self.bound.contains(first)
                    && self.resolver.resolve_module_path(self.scope, path)
                        == Some(ModuleRef::Intrinsics)
                {
                    self.problems.push((
                        None,
                        "The 'intrinsics' module may not be used in module expressions."
                            .to_string(),
                    ));
                }
                if !self.bound.contains(first)
                    && self
                        .resolver
                        .resolve_module_path(self.scope, path)
                        .is_none()
                {
                    self.problems
                        .push((None, format!("Unknown module \"{path}\".")));
                }
            }
            ModExpr::Apply(functor, arg) => {
                self.mod_expr(functor);
                self.mod_expr(arg);
            }
            ModExpr::Ascription(inner, sig) => {
                self.mod_expr(inner);
                self.sig(sig);
            }
            ModExpr::Lambda { param, sig, body } => {
                self.sig(&param.sig);
                if let Some(sig) = sig {
                    self.sig(sig);
                }
                let mark = self.bound.len();
                self.bound.extend(param.name.iter().cloned());
                self.mod_expr(body);
                self.bound.truncate(mark);
            }
            ModExpr::Missing | ModExpr::Struct(_) | ModExpr::Import(_) => {}
        }
    }

    fn sig(&mut self, sig: &SigExpr) {
        match sig {
            SigExpr::Path(path) => {
                if self.resolver.resolve_sig_path(self.scope, path).is_none() {
                    self.problems
                        .push((None, format!("Unknown module type \"{path}\".")));
                }
            }
            SigExpr::With {
                base, path, params, ..
            } => {
                self.sig(base);
                if self.already_refined(base, path, 0) {
                    self.problems.push((
                        None,
                        format!("Cannot refine \"{path}\": it is not an abstract type (it was refined already)."),
                    ));
                } else {
                    self.refinement(base, path, params);
                }
            }
            SigExpr::Arrow {
                param,
                result,
                param_name,
            } => {
                self.sig(param);
                let mark = self.bound.len();
                self.bound.extend(param_name.iter().cloned());
                self.sig(result);
                self.bound.truncate(mark);
            }
            SigExpr::Specs(specs) => self.specs(sig, specs),
            SigExpr::Missing => {}
        }
    }

    /// `S with t params = ...` refines an abstract type of `S` with the
    /// same number of parameters.
    /// Whether `sig` (or the module types it names) already refines the
    /// type `path` with `with`.
    fn already_refined(&self, sig: &SigExpr, path: &crate::name::Path, depth: usize) -> bool {
        // Module types naming each other in a cycle are reported elsewhere.
        if depth > 32 {
            return false;
        }
        match sig {
            SigExpr::With {
                base,
                path: refined,
                ..
            } => refined == path || self.already_refined(base, path, depth + 1),
            SigExpr::Path(name) => {
                let Some(crate::resolve::SigRef(file, item)) =
                    self.resolver.resolve_sig_path(self.scope, name)
                else {
                    return false;
                };
                match &item_tree(self.resolver.db, file).item(item).kind {
                    ItemKind::ModuleType(module_type) => {
                        let inner = StructureCheck {
                            resolver: self.resolver,
                            scope: Scope {
                                file,
                                item: Some(item),
                            },
                            bound: Vec::new(),
                            outer_types: Vec::new(),
                            problems: Vec::new(),
                        };
                        inner.already_refined(&module_type.sig, path, depth + 1)
                    }
                    _ => false,
                }
            }
            _ => false,
        }
    }

    fn refinement(
        &mut self,
        base: &SigExpr,
        path: &crate::name::Path,
        params: &[crate::store::TypeParam],
    ) {
        let members = self
            .resolver
            .sig_exports(self.scope, base, ModuleRef::Intrinsics);
        let name = path.last();
        // `with m.t = ...` refines the type of a module specification.
        let mut types = members.types.clone();
        let mut terms = members.terms.clone();
        for qualifier in path.qualifiers() {
            let Some(TermRef::Module(module)) = terms.get(qualifier).copied() else {
                types.clear();
                break;
            };
            let inner = self.resolver.exports(module);
            types = inner.types.clone();
            terms = inner.terms.clone();
        }
        let problem = match types.get(name) {
            None => Some(format!(
                "Cannot refine a type \"{path}\" that the module type does not specify."
            )),
            Some(TypeDefRef::Spec(file, spec, _)) => {
                match &item_tree(self.resolver.db, *file).spec(*spec).kind {
                    SpecKind::Type(t) if t.ty.is_some() => Some(format!(
                        "Cannot refine a type \"{path}\" that is not abstract."
                    )),
                    SpecKind::Type(t) if t.params.len() != params.len() => Some(format!(
                        "Cannot refine a type \"{path}\" with {} parameters; it is declared with {}.",
                        params.len(),
                        t.params.len()
                    )),
                    // A refinement may not narrow what the parameters may be.
                    SpecKind::Type(t)
                        if t.params.iter().zip(params).any(|(declared, given)| {
                            match (declared, given) {
                                (
                                    crate::store::TypeParam::Type(_, d),
                                    crate::store::TypeParam::Type(_, g),
                                ) => {
                                    super::types::liftedness_rank(*g)
                                        < super::types::liftedness_rank(*d)
                                }
                                _ => false,
                            }
                        }) =>
                    {
                        Some(format!(
                            "Cannot refine a type \"{path}\" with parameters less lifted than those it is declared with."
                        ))
                    }
                    _ => None,
                }
            }
            Some(_) => Some(format!(
                "Cannot refine a type \"{path}\" that is not abstract."
            )),
        };
        if let Some(message) = problem {
            self.problems.push((None, message));
        }
    }

    /// Checks the types in specifications, with the module type's own
    /// type members (and those it includes) in scope.
    fn specs(&mut self, sig: &SigExpr, specs: &[crate::item_tree::SpecIdx]) {
        let db = self.resolver.db;
        let tree = item_tree(db, self.scope.file);
        let members = self
            .resolver
            .sig_exports(self.scope, sig, ModuleRef::Intrinsics);
        let mut env: Vec<(Name, Ty)> = self.outer_types.clone();
        env.extend(
            members
                .types
                .keys()
                .map(|n| (n.clone(), Ty::Abstract(n.clone()))),
        );
        // Module specifications name modules known only by module type.
        let mark = self.bound.len();
        for (name, term) in &members.terms {
            if matches!(term, TermRef::Module(_)) {
                self.bound.push(name.clone());
            }
        }
        for &spec in specs {
            match &tree.spec(spec).kind {
                SpecKind::Val {
                    type_params, ty, ..
                } => {
                    let params: Vec<Name> = type_params
                        .iter()
                        .filter_map(|p| match p {
                            crate::store::TypeParam::Type(n, _) => Some(n.clone()),
                            crate::store::TypeParam::Size(_) => None,
                        })
                        .collect();
                    self.lower_checked(&tree, &params, &env, *ty);
                    if let Some((at, name)) = written::duplicate_binder(&tree.store, *ty) {
                        self.problems
                            .push((Some(at), written::duplicate_binder_message(&name)));
                    }
                }
                SpecKind::Type(type_item) => {
                    if let Some(name) = written::duplicate_type_param(&type_item.params) {
                        self.problems.push((
                            None,
                            format!("Type parameter \"{name}\" previously defined."),
                        ));
                    }
                    // A type abbreviation does not see itself: `type t = t`
                    // refers to an outer `t`.
                    let own = type_item.name.as_ref();
                    let env: Vec<(Name, Ty)> = self
                        .outer_types
                        .iter()
                        .cloned()
                        .chain(
                            env[self.outer_types.len()..]
                                .iter()
                                .filter(|(n, _)| Some(n) != own)
                                .cloned(),
                        )
                        .collect();
                    if let Some(ty) = type_item.ty {
                        let params: Vec<Name> = type_item
                            .params
                            .iter()
                            .filter_map(|p| match p {
                                crate::store::TypeParam::Type(n, _) => Some(n.clone()),
                                crate::store::TypeParam::Size(_) => None,
                            })
                            .collect();
                        self.lower_checked(&tree, &params, &env, ty);
                    }
                }
                SpecKind::Module { sig, .. } | SpecKind::Include(sig) => {
                    let outer = std::mem::replace(&mut self.outer_types, env.clone());
                    self.sig(sig);
                    self.outer_types = outer;
                }
            }
        }
        self.bound.truncate(mark);
    }

    fn lower_checked(
        &mut self,
        tree: &crate::item_tree::ItemTree,
        params: &[Name],
        env: &[(Name, Ty)],
        ty: crate::store::TypeId,
    ) {
        let bound = self.bound.clone();
        let mut lowering =
            super::types::TypeLowering::new(self.resolver, self.scope, &tree.store, params);
        lowering.local_types = env;
        lowering.opaque_modules = &bound;
        lowering.lower(ty);
        for (at, message) in lowering.errors {
            self.problems.push((Some(at), message));
        }
    }
}
