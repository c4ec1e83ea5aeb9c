//! Matching modules against module types: a module ascribed a module type
//! (`module m : S = ...`) and a parametric module's argument must define
//! every type and value the module type specifies, with compatible types.

use super::instantiate_in;
use super::substitute;
use super::types::{
    SpecModules, TypeLowering, apply_member, exported_instance_env, functor_instance_env,
    liftedness_rank, member_type, module_type_env, own_args, spec_definition_in, spec_local_types,
    spec_scheme_in, substitute_instance, type_def_liftedness, type_def_params,
};
use super::unify::{Mismatch, Table};
use super::uniqueness::fits_spec_uniqueness;
use super::value_scheme;
use super::written;
use crate::Db;
use crate::diagnostics::Diagnostic;
use crate::files::{FileSet, SourceFile};
use crate::item_tree::{
    ItemIdx, ItemKind, ModExpr, SigExpr, SpecIdx, SpecKind, TypeItem, item_tree,
    item_tree_with_source_map,
};
use crate::name::{Name, Path};
use crate::resolve::{
    ModuleKey, ModuleRef, Resolver, Scope, SigRef, TermRef, TypeDefRef, ValueRef,
};
use crate::store::{TypeId, TypeParam};
use crate::ty::{Scheme, Ty};
use rustc_hash::FxHashMap;
use syntax::ast::Liftedness;

/// Problems with the module binding `item`: its module against its
/// ascribed module type (a parametric module's body against its result
/// module type), the module type ascriptions inside its module
/// expression, and the arguments of a parametric module it applies
/// against the parameters' module types.
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
        params: None,
    };
    let this = ModuleRef::Binding(file, item);
    let mut matcher = Matcher {
        resolver,
        problems: Vec::new(),
    };
    if let Some(sig) = &binding.sig {
        if binding.params.is_empty() {
            matcher.ascription(scope, &binding.body, sig, this);
        } else if let Some(body) = resolver.eval_module(scope, &binding.body)
            && is_first_order(resolver, body)
        {
            matcher.match_module(body, scope, sig, this, &Enclosing::default());
        }
    }
    matcher.nested_ascriptions(scope, &binding.body, this);
    let applications = if applies_declared_functor(resolver, scope, &binding.body) {
        resolver.functor_application(scope, &binding.body)
    } else {
        Vec::new()
    };
    let instance = if applications.is_empty() {
        Vec::new()
    } else {
        functor_instance_env(db, file_set, ModuleKey(this)).to_vec()
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
        if matcher.sig_is_parametric(scope, &param_sig, 0) || !is_first_order(resolver, argument) {
            continue;
        }
        let param_scope = Scope {
            file: param_file,
            item: Some(data.enclosing),
            params: Some(index),
        };
        // A parameter's module type may name the types of earlier
        // parameters (`(T: integral) (P: {val a : T.t})`): they are the
        // earlier arguments' types.
        let mut earlier = Vec::new();
        for i in 0..index {
            abstract_type_names(
                resolver,
                ModuleRef::Param(param_file, s, i),
                &mut earlier,
                0,
            );
        }
        let enclosing = Enclosing {
            instance: instance
                .iter()
                .filter(|(name, _)| earlier.contains(name))
                .map(|(name, ty)| (name.clone(), substitute_instance(ty, &instance)))
                .collect(),
            ..Enclosing::default()
        };
        matcher.match_module(argument, param_scope, &param_sig, param, &enclosing);
    }
    if matcher.problems.is_empty() {
        return Vec::new();
    }
    let (_, map) = item_tree_with_source_map(db, file);
    let range = map.item(item).range;
    matcher
        .problems
        .into_iter()
        .map(|message| Diagnostic::error(file, range, message))
        .collect()
}

/// The abstract types of a module known by its module type, those of its
/// module specifications included.
fn abstract_type_names(resolver: Resolver, module: ModuleRef, out: &mut Vec<Name>, depth: u32) {
    // Module specifications nest only as deep as they are written.
    if depth > 16 {
        return;
    }
    let env = module_type_env(resolver.db, resolver.file_set, ModuleKey(module));
    out.extend(env.iter().filter_map(|(_, ty)| match ty {
        Ty::Abstract(name, ..) => Some(name.clone()),
        _ => None,
    }));
    for term in resolver.exports(module).terms.values() {
        if let TermRef::Module(inner @ ModuleRef::Spec(..)) = term {
            abstract_type_names(resolver, *inner, out, depth + 1);
        }
    }
}

/// A message whose parts are on lines of their own (indented ones being
/// the types shown), with each part joined to the line before it while
/// that fits in 80 columns, as upstream lays out its messages.
fn soft_lines(message: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    for part in message.lines() {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + part.trim().len() <= 80 => {
                line.push(' ');
                line.push_str(part.trim());
            }
            _ => lines.push(part.to_string()),
        }
    }
    lines.join("\n")
}

/// Whether `expr` applies a module binding declared with parameters to
/// exactly as many arguments (not a partial application, an alias or a
/// module lambda, whose parameters this check cannot line up).
fn applies_declared_functor(resolver: Resolver, scope: Scope, expr: &ModExpr) -> bool {
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
            Some((_, ModExpr::Struct(_) | ModExpr::Path(_)))
        ),
        ModuleRef::Param(..) | ModuleRef::Spec(..) | ModuleRef::Intrinsics => false,
    }
}

/// Whether a module expression denotes a parametric module.
fn is_parametric_expr(resolver: Resolver, scope: Scope, expr: &ModExpr) -> bool {
    match expr {
        ModExpr::Lambda { .. } => true,
        ModExpr::Ascription(inner, _) => is_parametric_expr(resolver, scope, inner),
        ModExpr::Path(_) => resolver
            .eval_module(scope, expr)
            .is_some_and(|module| is_parametric_module(resolver, module)),
        ModExpr::Missing | ModExpr::Struct(_) | ModExpr::Apply(..) | ModExpr::Import(_) => false,
    }
}

/// Whether a module that a name refers to is parametric.
fn is_parametric_module(resolver: Resolver, module: ModuleRef) -> bool {
    let db = resolver.db;
    match module {
        ModuleRef::Binding(file, item) => {
            let tree = item_tree(db, file);
            let ItemKind::Module(binding) = &tree.item(item).kind else {
                return false;
            };
            let scope = Scope {
                file,
                item: Some(item),
                params: None,
            };
            !binding.params.is_empty() || is_parametric_expr(resolver, scope, &binding.body)
        }
        ModuleRef::Spec(file, spec, _) => {
            let tree = item_tree(db, file);
            let SpecKind::Module { sig, .. } = &tree.spec(spec).kind else {
                return false;
            };
            let matcher = Matcher {
                resolver,
                problems: Vec::new(),
            };
            matcher.sig_is_parametric(Scope::of_spec(&tree, file, spec), sig, 0)
        }
        ModuleRef::Param(file, s, index) => {
            let tree = item_tree(db, file);
            let data = tree.struct_data(s);
            let Some(param) = data.params.get(index as usize) else {
                return false;
            };
            let matcher = Matcher {
                resolver,
                problems: Vec::new(),
            };
            let scope = Scope {
                file,
                item: Some(data.enclosing),
                params: Some(index),
            };
            matcher.sig_is_parametric(scope, &param.sig, 0)
        }
        ModuleRef::Struct(..) | ModuleRef::File(_) | ModuleRef::Intrinsics => false,
    }
}

/// Type paths refined with `with` (relative to a module type), each with
/// the type it is refined to.
type Refinements = Vec<(Vec<Name>, Ty)>;

/// What the module type of a module specification takes from the module
/// types enclosing it, for matching a module's nested module against it.
#[derive(Default)]
struct Enclosing {
    /// The names of the enclosing module specifications, for messages.
    quals: Vec<Name>,
    /// The refinements of the enclosing module types that concern the
    /// nested module's types.
    refinements: Refinements,
    /// The values that enclosing module types specify, which sizes in the
    /// nested specifications may name.
    values: Vec<Name>,
    /// What the abstract types of an applied parametric module's earlier
    /// parameters stand for, when matching an argument against a later
    /// parameter's module type.
    instance: Vec<(Name, Ty)>,
}

/// Collects the ways modules fail to match module types, in upstream's
/// wording.
struct Matcher<'db> {
    resolver: Resolver<'db>,
    problems: Vec<String>,
}

impl Matcher<'_> {
    /// The module expression `expr`, written in `scope`, ascribed `sig`.
    fn ascription(&mut self, scope: Scope, expr: &ModExpr, sig: &SigExpr, sig_module: ModuleRef) {
        let parametric = is_parametric_expr(self.resolver, scope, expr);
        match (parametric, self.sig_is_parametric(scope, sig, 0)) {
            (true, false) => self.problems.push(
                "Cannot match parametric module with non-parametric module type.".to_string(),
            ),
            (false, true) => self.problems.push(
                "Cannot match non-parametric module with parametric module type.".to_string(),
            ),
            (true, true) => {
                if let (Some(taken), Some(given)) = (
                    self.expr_param(scope, expr, 0),
                    self.arrow_param(scope, sig, 0),
                ) {
                    self.match_params(given, taken, &[]);
                }
            }
            (false, false) => {
                if let Some(implementation) = self.resolver.eval_module(scope, expr)
                    && is_first_order(self.resolver, implementation)
                {
                    self.match_module(
                        implementation,
                        scope,
                        sig,
                        sig_module,
                        &Enclosing::default(),
                    );
                }
            }
        }
    }

    /// The ascriptions inside a module expression (`{...}: mt` as an
    /// argument or in a module lambda, and a module lambda's result
    /// module type).
    fn nested_ascriptions(&mut self, scope: Scope, expr: &ModExpr, sig_module: ModuleRef) {
        match expr {
            ModExpr::Ascription(inner, sig) => {
                self.ascription(scope, inner, sig, sig_module);
                self.nested_ascriptions(scope, inner, sig_module);
            }
            ModExpr::Apply(functor, arg) => {
                self.nested_ascriptions(scope, functor, sig_module);
                self.nested_ascriptions(scope, arg, sig_module);
            }
            ModExpr::Lambda { sig, body, .. } => {
                if let Some(sig) = sig {
                    self.ascription(scope, body, sig, sig_module);
                }
                self.nested_ascriptions(scope, body, sig_module);
            }
            ModExpr::Missing | ModExpr::Path(_) | ModExpr::Struct(_) | ModExpr::Import(_) => {}
        }
    }

    /// Whether a module type is that of a parametric module.
    fn sig_is_parametric(&self, scope: Scope, sig: &SigExpr, depth: u32) -> bool {
        // Module types naming each other in a cycle are reported elsewhere.
        if depth > 32 {
            return false;
        }
        match sig {
            SigExpr::Arrow { .. } => true,
            SigExpr::With { base, .. } => self.sig_is_parametric(scope, base, depth + 1),
            SigExpr::Path(path) => self
                .named_sig(scope, path)
                .is_some_and(|(scope, sig)| self.sig_is_parametric(scope, &sig, depth + 1)),
            SigExpr::Missing | SigExpr::Specs(_) => false,
        }
    }

    /// The type paths that `sig` (or the module types it names) refines
    /// with `with`, and the types they are refined to, added to `out`.
    fn refined_paths(&self, scope: Scope, sig: &SigExpr, out: &mut Refinements, depth: u32) {
        // Module types naming each other in a cycle are reported elsewhere.
        if depth > 32 {
            return;
        }
        match sig {
            SigExpr::With { base, path, ty, .. } => {
                let tree = item_tree(self.resolver.db, scope.file);
                let mut lowering = TypeLowering::new(self.resolver, scope, &tree.store, &[]);
                out.push((path.segments().to_vec(), lowering.lower(*ty)));
                self.refined_paths(scope, base, out, depth + 1);
            }
            SigExpr::Path(path) => {
                let Some(SigRef(file, item)) = self.resolver.resolve_sig_path(scope, path) else {
                    return;
                };
                if let ItemKind::ModuleType(named) =
                    &item_tree(self.resolver.db, file).item(item).kind
                {
                    let named_scope = Scope {
                        file,
                        item: Some(item),
                        params: None,
                    };
                    self.refined_paths(named_scope, &named.sig, out, depth + 1);
                }
            }
            SigExpr::Missing | SigExpr::Specs(_) | SigExpr::Arrow { .. } => {}
        }
    }

    /// Records the ways `implementation` fails to match the module type
    /// `sig` (written in `sig_scope`, as the module type of `sig_module`),
    /// nested in the module specifications `enclosing` describes.
    fn match_module(
        &mut self,
        implementation: ModuleRef,
        sig_scope: Scope,
        sig: &SigExpr,
        sig_module: ModuleRef,
        enclosing: &Enclosing,
    ) {
        let resolver = self.resolver;
        let quals = enclosing.quals.as_slice();
        // Types refined with `with` are no longer abstract: the refinement
        // defines them.
        let mut refined = enclosing.refinements.clone();
        self.refined_paths(sig_scope, sig, &mut refined, 0);
        let instance = enclosing.instance.as_slice();
        for (_, ty) in &mut refined {
            *ty = substitute_instance(ty, instance);
        }
        let db = resolver.db;
        let file_set = resolver.file_set;
        let provided = resolver.exports(implementation);
        let required = resolver.sig_exports(sig_scope, sig, sig_module);
        // The module type's module specifications are the module's modules.
        let spec_modules = SpecModules::new(&required, implementation);
        let qualified = |name: &Name| {
            quals
                .iter()
                .chain(std::iter::once(name))
                .map(Name::as_str)
                .collect::<Vec<_>>()
                .join(".")
        };

        // The module's own types stand for the module type's type members,
        // those it has from an opened application as the application has them.
        let opened = exported_instance_env(resolver, implementation);
        let mut env: Vec<(Name, Ty)> = Vec::new();
        let mut type_names: Vec<&Name> = required.types.keys().collect();
        type_names.sort();
        let mut defined_specs = Vec::new();
        for name in type_names {
            let Some(target) = provided.types.get(name) else {
                self.problems.push(format!(
                    "Module does not define a type named \"{}\".",
                    qualified(name)
                ));
                env.push((name.clone(), Ty::Error));
                continue;
            };
            let actual = substitute_instance(&member_type(db, file_set, target, name), &opened);
            env.push((name.clone(), actual.clone()));
            let TypeDefRef::Spec(file, spec, _) = required.types[name] else {
                continue;
            };
            let tree = item_tree(db, file);
            let SpecKind::Type(spec_item) = &tree.spec(spec).kind else {
                continue;
            };
            let definition = ProvidedType::of(db, *target, &actual);
            let shown = definition.show(&qualified(name));
            let mismatched = soft_lines(&format!(
                "Module defines\n  {shown}\nbut module type requires\n  {}",
                spec_text(db, file, spec, &qualified(name))
            ));
            if spec_item.params.len() != definition.params.len() {
                self.problems.push(mismatched);
                continue;
            }
            if let Some((_, refined_ty)) = refined
                .iter()
                .find(|(path, _)| path.as_slice() == std::slice::from_ref(name))
            {
                // A module made by applying a parametric module still shows
                // the parameter's abstract types here: not comparable.
                if !mentions_abstract(&actual)
                    && Table::with_lax_unknowns()
                        .unify(refined_ty, &actual)
                        .is_err()
                {
                    self.problems.push(soft_lines(&format!(
                        "Module defines\n  {shown}\nbut module type requires\n  type {} = {refined_ty}",
                        qualified(name)
                    )));
                }
                continue;
            }
            if spec_item.ty.is_some() {
                if !params_match(&spec_item.params, &definition.params) {
                    self.problems.push(mismatched);
                    continue;
                }
                defined_specs.push((name.clone(), file, spec, actual, shown));
                continue;
            }
            if liftedness_rank(definition.liftedness) > liftedness_rank(spec_item.liftedness) {
                let wanted = match spec_item.liftedness {
                    Liftedness::Unlifted => "a non-lifted type",
                    Liftedness::SizeLifted => "a size-lifted type",
                    Liftedness::Lifted => "a lifted type",
                };
                self.problems.push(soft_lines(&format!(
                    "Module defines\n  {shown}\nbut module type requires {wanted}."
                )));
                continue;
            }
            if let Some(size) = definition.nonconstructive_size_param(resolver) {
                self.problems.push(soft_lines(&format!(
                    "Type\n  {shown}\ncannot be made abstract because size parameter\n  {size}\n\
                     is not used constructively as an array size in the definition."
                )));
                continue;
            }
            if !params_match(&spec_item.params, &definition.params) {
                self.problems.push(mismatched);
            }
        }
        // A type the module type defines must be the module's type.
        for (name, file, spec, actual, shown) in defined_specs {
            let tree = item_tree(db, file);
            let SpecKind::Type(type_item @ TypeItem { ty: Some(_), .. }) = &tree.spec(spec).kind
            else {
                continue;
            };
            // Compared with the parameters named by position, as `actual`
            // has them; shown as written.
            let (expected, positional) = spec_definition_in(
                resolver,
                Scope::of_spec(&tree, file, spec),
                &tree.store,
                type_item,
                &env,
            );
            let positional = substitute_instance(&positional, instance);
            if Table::with_lax_unknowns()
                .unify(&positional, &actual)
                .is_err()
            {
                let params: String = type_item
                    .params
                    .iter()
                    .map(|p| format!(" {}", show_type_param(p)))
                    .collect();
                self.problems.push(soft_lines(&format!(
                    "Module defines\n  {shown}\nbut module type requires\n  type {}{params} = {expected}",
                    qualified(&name)
                )));
            }
        }

        // Sizes naming the values the module type specifies (or an
        // enclosing one does, unless the module defines its own value of
        // that name) are the module's definitions of them, which the sizes
        // of its values name alike.
        let mut spec_values: Vec<Name> = enclosing
            .values
            .iter()
            .filter(|name| !provided.terms.contains_key(*name))
            .cloned()
            .collect();
        spec_values.extend(
            required
                .terms
                .iter()
                .filter(|(_, term)| matches!(term, TermRef::Value(ValueRef::Spec(..))))
                .map(|(name, _)| name.clone()),
        );

        let mut member_names: Vec<&Name> = required.terms.keys().collect();
        member_names.sort();
        for name in member_names {
            match required.terms[name] {
                TermRef::Value(ValueRef::Spec(file, spec, _)) => {
                    let Some(TermRef::Value(value)) = provided.terms.get(name) else {
                        self.problems.push(format!(
                            "Module does not define a value named \"{}\".",
                            qualified(name)
                        ));
                        continue;
                    };
                    if self.hides_top_level_size(
                        file,
                        spec,
                        &required.types,
                        &provided.types,
                        &refined,
                    ) {
                        self.problems.push(format!(
                            "Type substitution in \"{}\" results in a top-level size.",
                            qualified(name)
                        ));
                        continue;
                    }
                    let mut required_scheme =
                        spec_scheme_in(resolver, file, spec, &env, &spec_modules);
                    required_scheme.ty = substitute_instance(&required_scheme.ty, instance);
                    // A size parameter the specification declares hides a
                    // value of its name.
                    let declared = declared_size_params(db, file, spec);
                    let named_values: Vec<Name> = spec_values
                        .iter()
                        .filter(|value| !declared.contains(value))
                        .cloned()
                        .collect();
                    required_scheme
                        .size_params
                        .retain(|size| !named_values.contains(size));
                    let mut provided_scheme = value_type(resolver, *value);
                    provided_scheme.ty = substitute_instance(&provided_scheme.ty, &opened);
                    let problem = mismatch(&required_scheme, &provided_scheme, named_values)
                        .or_else(|| {
                            (!fits_spec_uniqueness(
                                db,
                                file_set,
                                *value,
                                &provided_scheme.ty,
                                (file, spec),
                                &required_scheme.ty,
                            ))
                            .then(|| "The uniqueness of the types does not match.".to_string())
                        });
                    if let Some(problem) = problem {
                        let head = soft_lines(&format!(
                            "Module type specifies\n  {}\nbut module provides\n  val {} : {}",
                            spec_text(db, file, spec, &qualified(name)),
                            qualified(name),
                            provided_scheme.ty
                        ));
                        self.problems.push(format!("{head}\n{problem}"));
                    }
                }
                TermRef::Module(spec_module) => {
                    let Some(TermRef::Module(module)) = provided.terms.get(name) else {
                        self.problems.push(format!(
                            "Module does not define a module named \"{}\".",
                            qualified(name)
                        ));
                        continue;
                    };
                    let inner = Enclosing {
                        quals: quals.iter().chain(std::iter::once(name)).cloned().collect(),
                        refinements: refined
                            .iter()
                            .filter(|(path, _)| path.len() > 1 && &path[0] == name)
                            .map(|(path, ty)| (path[1..].to_vec(), ty.clone()))
                            .collect(),
                        values: spec_values.clone(),
                        instance: instance.to_vec(),
                    };
                    self.match_member_module(*module, spec_module, &inner);
                }
                TermRef::Value(ValueRef::Def(..)) => {}
            }
        }
    }

    /// A parametric module against a parametric module type: the module
    /// type's parameter (`given`, what applications will pass) must
    /// define each type the module's parameter (`taken`) defines, as it
    /// does. Only type members are compared.
    fn match_params(&mut self, given: (Scope, SigExpr), taken: (Scope, SigExpr), quals: &[Name]) {
        let resolver = self.resolver;
        // The placeholder module only labels the members found.
        let given_members = resolver.sig_exports(given.0, &given.1, ModuleRef::Intrinsics);
        let taken_members = resolver.sig_exports(taken.0, &taken.1, ModuleRef::Intrinsics);
        let given_refinements = self.refinement_types(given.0, &given.1, 0);
        let taken_refinements = self.refinement_types(taken.0, &taken.1, 0);
        let mut names: Vec<&Name> = taken_members.types.keys().collect();
        names.sort();
        for name in names {
            let qualified = quals
                .iter()
                .chain(std::iter::once(name))
                .map(Name::as_str)
                .collect::<Vec<_>>()
                .join(".");
            let Some(given_target) = given_members.types.get(name) else {
                self.problems.push(format!(
                    "Module does not define a type named \"{qualified}\"."
                ));
                continue;
            };
            let definition = |target: &TypeDefRef, refinements: &[(Name, Ty)]| {
                refinements
                    .iter()
                    .find(|(n, _)| n == name)
                    .map(|(_, ty)| ty.clone())
                    .or_else(|| spec_definition(resolver, *target))
            };
            let Some(required) = definition(&taken_members.types[name], &taken_refinements) else {
                continue;
            };
            match definition(given_target, &given_refinements) {
                None => self.problems.push(soft_lines(&format!(
                    "Module defines\n  type {qualified}\nbut module type requires\n  type {qualified} = {required}"
                ))),
                Some(actual) if Table::with_lax_unknowns().unify(&required, &actual).is_err() => {
                    self.problems.push(soft_lines(&format!(
                        "Module defines\n  type {qualified} = {actual}\nbut module type requires\n  type {qualified} = {required}"
                    )))
                }
                Some(_) => {}
            }
        }
    }

    /// The types that `with` refinements of `sig` (or of the module types
    /// it names) give to its own type members; an outer one wins.
    fn refinement_types(&self, scope: Scope, sig: &SigExpr, depth: u32) -> Vec<(Name, Ty)> {
        // Module types naming each other in a cycle are reported elsewhere.
        if depth > 32 {
            return Vec::new();
        }
        match sig {
            SigExpr::With { base, path, ty, .. } => {
                let mut found = Vec::new();
                if path.is_single() {
                    let tree = item_tree(self.resolver.db, scope.file);
                    let mut lowering = TypeLowering::new(self.resolver, scope, &tree.store, &[]);
                    found.push((path.last().clone(), lowering.lower(*ty)));
                }
                found.extend(self.refinement_types(scope, base, depth + 1));
                found
            }
            SigExpr::Path(path) => self
                .named_sig(scope, path)
                .map(|(scope, sig)| self.refinement_types(scope, &sig, depth + 1))
                .unwrap_or_default(),
            SigExpr::Missing | SigExpr::Specs(_) | SigExpr::Arrow { .. } => Vec::new(),
        }
    }

    /// The definition of the module type `path` names, in its own scope.
    fn named_sig(&self, scope: Scope, path: &Path) -> Option<(Scope, SigExpr)> {
        let SigRef(file, item) = self.resolver.resolve_sig_path(scope, path)?;
        match &item_tree(self.resolver.db, file).item(item).kind {
            ItemKind::ModuleType(named) => Some((
                Scope {
                    file,
                    item: Some(item),
                    params: None,
                },
                named.sig.clone(),
            )),
            _ => None,
        }
    }

    /// The parameter's module type of a parametric module type.
    fn arrow_param(&self, scope: Scope, sig: &SigExpr, depth: u32) -> Option<(Scope, SigExpr)> {
        // Module types naming each other in a cycle are reported elsewhere.
        if depth > 32 {
            return None;
        }
        match sig {
            SigExpr::Arrow { param, .. } => Some((scope, (**param).clone())),
            SigExpr::With { base, .. } => self.arrow_param(scope, base, depth + 1),
            SigExpr::Path(path) => {
                let (scope, sig) = self.named_sig(scope, path)?;
                self.arrow_param(scope, &sig, depth + 1)
            }
            SigExpr::Missing | SigExpr::Specs(_) => None,
        }
    }

    /// The parameter's module type of a parametric module expression.
    fn expr_param(&self, scope: Scope, expr: &ModExpr, depth: u32) -> Option<(Scope, SigExpr)> {
        // Aliases naming each other in a cycle are reported elsewhere.
        if depth > 32 {
            return None;
        }
        match expr {
            ModExpr::Lambda { param, .. } => Some((scope, param.sig.clone())),
            ModExpr::Ascription(inner, _) => self.expr_param(scope, inner, depth + 1),
            ModExpr::Path(_) => {
                let module = self.resolver.eval_module(scope, expr)?;
                self.module_param_at(module, depth + 1)
            }
            ModExpr::Missing | ModExpr::Struct(_) | ModExpr::Apply(..) | ModExpr::Import(_) => None,
        }
    }

    /// The (first) parameter's module type of a parametric module.
    fn module_param(&self, module: ModuleRef) -> Option<(Scope, SigExpr)> {
        self.module_param_at(module, 0)
    }

    fn module_param_at(&self, module: ModuleRef, depth: u32) -> Option<(Scope, SigExpr)> {
        let db = self.resolver.db;
        match module {
            ModuleRef::Binding(file, item) => {
                let tree = item_tree(db, file);
                let ItemKind::Module(binding) = &tree.item(item).kind else {
                    return None;
                };
                let scope = Scope {
                    file,
                    item: Some(item),
                    params: None,
                };
                match binding.params.first() {
                    Some(param) => Some((scope, param.sig.clone())),
                    None => self.expr_param(scope, &binding.body, depth + 1),
                }
            }
            ModuleRef::Spec(file, spec, _) => {
                let tree = item_tree(db, file);
                match &tree.spec(spec).kind {
                    SpecKind::Module { sig, .. } => {
                        self.arrow_param(Scope::of_spec(&tree, file, spec), sig, depth + 1)
                    }
                    _ => None,
                }
            }
            ModuleRef::Param(file, s, index) => {
                let tree = item_tree(db, file);
                let data = tree.struct_data(s);
                let param = data.params.get(index as usize)?;
                let scope = Scope {
                    file,
                    item: Some(data.enclosing),
                    params: Some(index),
                };
                self.arrow_param(scope, &param.sig, depth + 1)
            }
            ModuleRef::Struct(..) | ModuleRef::File(_) | ModuleRef::Intrinsics => None,
        }
    }

    /// Whether the `val` specification `spec` uses, outside function
    /// types, an abstract type that the module defines with an anonymous
    /// or existential size: the value would have a size that nothing
    /// outside it determines.
    fn hides_top_level_size(
        &self,
        file: SourceFile,
        spec: SpecIdx,
        required: &FxHashMap<Name, TypeDefRef>,
        provided: &FxHashMap<Name, TypeDefRef>,
        refined: &[(Vec<Name>, Ty)],
    ) -> bool {
        let db = self.resolver.db;
        let tree = item_tree(db, file);
        let SpecKind::Val { ty, .. } = &tree.spec(spec).kind else {
            return false;
        };
        let mut names = Vec::new();
        written::type_names_outside_functions(&tree.store, *ty, &mut names);
        names.iter().any(|name| {
            let is_abstract = matches!(
                required.get(name),
                Some(TypeDefRef::Spec(spec_file, type_spec, _))
                    if matches!(&item_tree(db, *spec_file).spec(*type_spec).kind, SpecKind::Type(t) if t.ty.is_none())
            );
            let refined = refined
                .iter()
                .any(|(path, _)| path.as_slice() == std::slice::from_ref(name));
            is_abstract
                && !refined
                && matches!(provided.get(name), Some(TypeDefRef::Def(def_file, item))
                    if matches!(&item_tree(db, *def_file).item(*item).kind,
                        ItemKind::Type(TypeItem { ty: Some(definition), .. })
                            if written::has_unnamed_size(&item_tree(db, *def_file).store, *definition)))
        })
    }

    /// A module member `module` of a module against the module
    /// specification `spec_module` of its module type, nested as
    /// `enclosing` describes (its name last of the qualifiers).
    fn match_member_module(
        &mut self,
        module: ModuleRef,
        spec_module: ModuleRef,
        enclosing: &Enclosing,
    ) {
        let ModuleRef::Spec(file, spec, _) = spec_module else {
            return;
        };
        let tree = item_tree(self.resolver.db, file);
        let SpecKind::Module { sig, .. } = &tree.spec(spec).kind else {
            return;
        };
        let sig_scope = Scope::of_spec(&tree, file, spec);
        let parametric = is_parametric_module(self.resolver, module);
        match (parametric, self.sig_is_parametric(sig_scope, sig, 0)) {
            (true, false) => self.problems.push(
                "Cannot match parametric module with non-parametric module type.".to_string(),
            ),
            (false, true) => self.problems.push(
                "Cannot match non-parametric module with parametric module type.".to_string(),
            ),
            (true, true) => {
                if let (Some(taken), Some(given)) = (
                    self.module_param(module),
                    self.arrow_param(sig_scope, sig, 0),
                ) {
                    self.match_params(given, taken, &enclosing.quals);
                }
            }
            (false, false) => {
                if is_first_order(self.resolver, module) {
                    self.match_module(module, sig_scope, sig, spec_module, enclosing);
                }
            }
        }
    }
}

/// Whether a type contains an abstract type.
fn mentions_abstract(ty: &Ty) -> bool {
    match ty {
        Ty::Abstract(..) => true,
        Ty::Array { element, .. } => mentions_abstract(element),
        Ty::Record(fields) => fields.iter().any(|(_, t)| mentions_abstract(t)),
        Ty::Sum(constructors) => constructors
            .iter()
            .any(|(_, payload)| payload.iter().any(mentions_abstract)),
        Ty::Function { param, result, .. } => mentions_abstract(param) || mentions_abstract(result),
        Ty::Prim(_) | Ty::Param(_) | Ty::Var(_) | Ty::Error => false,
    }
}

/// The definition a type specification gives (`type t = ...`), if any.
fn spec_definition(resolver: Resolver, target: TypeDefRef) -> Option<Ty> {
    let TypeDefRef::Spec(file, spec, _) = target else {
        return None;
    };
    let tree = item_tree(resolver.db, file);
    let SpecKind::Type(TypeItem { ty: Some(ty), .. }) = &tree.spec(spec).kind else {
        return None;
    };
    let mut lowering = TypeLowering::new(
        resolver,
        Scope::of_spec(&tree, file, spec),
        &tree.store,
        &[],
    );
    Some(lowering.lower(*ty))
}

/// Whether a module's type parameters can stand for those a module type
/// specifies: as many, of the same kinds, each at most as lifted.
fn params_match(spec: &[TypeParam], provided: &[TypeParam]) -> bool {
    spec.len() == provided.len()
        && spec.iter().zip(provided).all(|pair| match pair {
            (TypeParam::Type(_, spec_l), TypeParam::Type(_, l)) => {
                liftedness_rank(*l) <= liftedness_rank(*spec_l)
            }
            (TypeParam::Size(_), TypeParam::Size(_)) => true,
            _ => false,
        })
}

/// How a module defines a type member: its declared liftedness and
/// parameters, and (for an abbreviation) where its definition is.
struct ProvidedType {
    liftedness: Liftedness,
    params: Vec<TypeParam>,
    definition: Option<(SourceFile, ItemIdx)>,
    ty: Ty,
}

impl ProvidedType {
    fn of(db: &dyn Db, target: TypeDefRef, ty: &Ty) -> ProvidedType {
        let (liftedness, params, definition) = match target {
            TypeDefRef::Prim(_) => (Liftedness::Unlifted, Vec::new(), None),
            TypeDefRef::Def(file, item) => match &item_tree(db, file).item(item).kind {
                ItemKind::Type(t) => (t.liftedness, t.params.clone(), Some((file, item))),
                _ => (Liftedness::Unlifted, Vec::new(), None),
            },
            TypeDefRef::Spec(file, spec, _) => match &item_tree(db, file).spec(spec).kind {
                SpecKind::Type(t) => (t.liftedness, t.params.clone(), None),
                _ => (Liftedness::Unlifted, Vec::new(), None),
            },
        };
        // Shown with the definition's own names for its parameters.
        let ty = apply_member(ty, &own_args(&params));
        ProvidedType {
            liftedness,
            params,
            definition,
            ty,
        }
    }

    /// As upstream shows a type binding: `type~ name [n] 'a = definition`.
    fn show(&self, name: &str) -> String {
        let mut text = format!("type{} {name}", liftedness_suffix(self.liftedness));
        for param in &self.params {
            text.push(' ');
            text.push_str(&show_type_param(param));
        }
        if !matches!(self.ty, Ty::Abstract(..)) || self.definition.is_some() {
            text.push_str(&format!(" = {}", self.ty));
        }
        text
    }

    /// A size parameter of the definition that no array size in it
    /// names directly, so a value of the type would not determine it.
    fn nonconstructive_size_param(&self, resolver: Resolver) -> Option<Name> {
        let (file, item) = self.definition?;
        let tree = item_tree(resolver.db, file);
        let ItemKind::Type(TypeItem { ty: Some(ty), .. }) = &tree.item(item).kind else {
            return None;
        };
        let scope = Scope {
            file,
            item: Some(item),
            params: None,
        };
        let args_are_parts = |head: &Path| written::type_args_are_parts(resolver, scope, head);
        let mut constructive = Vec::new();
        written::array_dim_names(&tree.store, *ty, &args_are_parts, &mut constructive);
        self.params.iter().find_map(|p| match p {
            TypeParam::Size(n) if !constructive.contains(n) => Some(n.clone()),
            _ => None,
        })
    }
}

fn liftedness_suffix(liftedness: Liftedness) -> &'static str {
    match liftedness {
        Liftedness::Unlifted => "",
        Liftedness::SizeLifted => "~",
        Liftedness::Lifted => "^",
    }
}

fn show_type_param(param: &TypeParam) -> String {
    match param {
        TypeParam::Size(n) => format!("[{n}]"),
        TypeParam::Type(n, l) => format!("'{}{n}", liftedness_suffix(*l)),
    }
}

/// A specification as written, named `name` (qualified for nested
/// modules), with its whitespace collapsed.
fn spec_text(db: &dyn Db, file: SourceFile, spec: SpecIdx, name: &str) -> String {
    let tree = item_tree(db, file);
    let (_, map) = item_tree_with_source_map(db, file);
    let text = file.text(db);
    let written = |ty: TypeId| {
        map.types.types.get(ty).map_or(String::new(), |ptr| {
            text[ptr.range]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
        })
    };
    let params = |params: &[TypeParam]| {
        params
            .iter()
            .map(|p| format!(" {}", show_type_param(p)))
            .collect::<String>()
    };
    match &tree.spec(spec).kind {
        SpecKind::Val {
            type_params, ty, ..
        } => format!("val {name}{} : {}", params(type_params), written(*ty)),
        SpecKind::Type(t) => {
            let mut shown = format!(
                "type{} {name}{}",
                liftedness_suffix(t.liftedness),
                params(&t.params)
            );
            if let Some(ty) = t.ty {
                shown.push_str(&format!(" = {}", written(ty)));
            }
            shown
        }
        SpecKind::Module { .. } | SpecKind::Include(_) => name.to_string(),
    }
}

fn value_type(resolver: Resolver, value: ValueRef) -> Scheme {
    match value {
        ValueRef::Def(file, item) => value_scheme(resolver.db, resolver.file_set, file, item),
        ValueRef::Spec(file, spec, module) => {
            let env = spec_local_types(resolver.db, resolver.file_set, module);
            let spec_modules = SpecModules::new(&resolver.exports(module), module);
            spec_scheme_in(resolver, file, spec, &env, &spec_modules)
        }
    }
}

/// The size parameters a `val` specification declares (`val f [n] : ...`).
pub(super) fn declared_size_params(db: &dyn Db, file: SourceFile, spec: SpecIdx) -> Vec<Name> {
    match &item_tree(db, file).spec(spec).kind {
        SpecKind::Val { type_params, .. } => type_params
            .iter()
            .filter_map(|p| match p {
                TypeParam::Size(n) => Some(n.clone()),
                TypeParam::Type(..) => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Why a value of the provided type cannot serve as the required one, if
/// it cannot: the provided type, instantiated, must unify with the
/// required type, in which the required type parameters stay rigid. The
/// sizes named by `values` (the module's values) are never existential
/// ones.
fn mismatch(required: &Scheme, provided: &Scheme, values: Vec<Name>) -> Option<String> {
    let mut table = Table::with_lax_unknowns();
    table.rigid_size_names(values);
    let instantiated = instantiate_in(&mut table, provided);
    // A lifted type parameter may stand for a function: a provided value
    // must accept one there, so it stands for a (rigid) function type,
    // which a provided non-lifted type parameter rejects.
    let lifted: Vec<(Name, Ty)> = required
        .lifted
        .iter()
        .map(|name| {
            let function = Ty::Function {
                param_name: None,
                param: Box::new(Ty::Param(name.clone())),
                result: Box::new(Ty::Param(name.clone())),
            };
            (name.clone(), function)
        })
        .collect();
    let rigid = Scheme {
        type_params: Vec::new(),
        lifted: Vec::new(),
        size_lifted: Vec::new(),
        size_params: required.size_params.clone(),
        ty: substitute(&required.ty, &lifted, &[]),
    };
    let expected = instantiate_in(&mut table, &rigid);
    // An existential size of the specification (`?[nz].t`, through a
    // type member defined with one) is whatever size the module's value
    // has there, also one that names the module's values. Each use of a
    // type member has its own.
    let expected = super::map_unknowns(&expected, &mut |_| table.fresh_size_var());
    match table.unify(&expected, &instantiated).err()? {
        // Upstream names the sizes that differ.
        Mismatch::Sizes(a, b) => Some(format!(
            "Sizes \"{}\" and \"{}\" do not match.",
            table.shown_size(&a).text(),
            table.shown_size(&b).text()
        )),
        _ => Some("The types do not match.".to_string()),
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
            params: None,
        },
        bound: Vec::new(),
        outer_types: Vec::new(),
        problems: Vec::new(),
    };
    match &tree.item(item).kind {
        ItemKind::Open(module) => check.mod_expr(module),
        ItemKind::Module(binding) => {
            // Each parameter's module type sees the parameters before it.
            for (i, param) in binding.params.iter().enumerate() {
                check.scope.params = Some(i as u32);
                check.sig(&param.sig);
                check.bound.extend(param.name.clone());
            }
            check.scope.params = None;
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
    problems: Vec<(Option<TypeId>, String)>,
}

impl StructureCheck<'_> {
    fn mod_expr(&mut self, expr: &ModExpr) {
        use ModExpr;
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
    fn already_refined(&self, sig: &SigExpr, path: &Path, depth: usize) -> bool {
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
                let Some(SigRef(file, item)) = self.resolver.resolve_sig_path(self.scope, name)
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
                                params: None,
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

    fn refinement(&mut self, base: &SigExpr, path: &Path, params: &[TypeParam]) {
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
                                (TypeParam::Type(_, d), TypeParam::Type(_, g)) => {
                                    liftedness_rank(*g) < liftedness_rank(*d)
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
    fn specs(&mut self, sig: &SigExpr, specs: &[SpecIdx]) {
        let db = self.resolver.db;
        let tree = item_tree(db, self.scope.file);
        let members = self
            .resolver
            .sig_exports(self.scope, sig, ModuleRef::Intrinsics);
        let mut env: Vec<(Name, Ty)> = self.outer_types.clone();
        env.extend(members.types.iter().map(|(n, target)| {
            let liftedness = type_def_liftedness(db, target);
            (n.clone(), Ty::Abstract(n.clone(), liftedness, Vec::new()))
        }));
        // Uses of the members must give them their arguments.
        let member_params: Vec<(Name, Vec<TypeParam>)> = members
            .types
            .iter()
            .map(|(n, target)| (n.clone(), type_def_params(db, target)))
            .collect();
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
                    name,
                    type_params,
                    ty,
                } => {
                    let params: Vec<Name> = type_params
                        .iter()
                        .filter_map(|p| match p {
                            TypeParam::Type(n, _) => Some(n.clone()),
                            TypeParam::Size(_) => None,
                        })
                        .collect();
                    self.lower_checked(&tree, &params, &env, &member_params, *ty);
                    if let Some((at, name)) = written::duplicate_binder(&tree.store, *ty) {
                        self.problems
                            .push((Some(at), written::duplicate_binder_message(&name)));
                    }
                    // Nothing would determine such a size: a specified
                    // function's parameter sizes must be named.
                    if let Some(at) = written::anonymous_in_parameter(&tree.store, *ty) {
                        self.problems.push((
                            Some(at),
                            format!(
                                "All function parameters must have non-anonymous sizes.\n\
                                 Hint: add size parameters to \"{}\".",
                                name.as_ref().map_or("_", |n| n.as_str())
                            ),
                        ));
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
                                TypeParam::Type(n, _) => Some(n.clone()),
                                TypeParam::Size(_) => None,
                            })
                            .collect();
                        self.lower_checked(&tree, &params, &env, &member_params, ty);
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
        member_params: &[(Name, Vec<TypeParam>)],
        ty: TypeId,
    ) {
        let bound = self.bound.clone();
        let mut lowering = TypeLowering::new(self.resolver, self.scope, &tree.store, params);
        lowering.local_types = env;
        lowering.local_params = member_params;
        lowering.opaque_modules = &bound;
        lowering.lower(ty);
        for (at, message) in lowering.errors {
            self.problems.push((Some(at), message));
        }
    }
}
