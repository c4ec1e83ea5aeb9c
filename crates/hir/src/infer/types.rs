//! From written types (`TypeRef`s) to semantic types: resolving type names
//! (primitive types, type parameters, abbreviations with their arguments,
//! abstract types) and reading sizes.

use super::{InferCtx, Location, substitute};
use crate::Db;
use crate::files::{FileSet, SourceFile};
use crate::item_tree::{
    Container, ItemIdx, ItemKind, ModExpr, SigExpr, SpecKind, TypeItem, item_tree,
};
use crate::name::{Name, Path};
use crate::resolve::{Exports, ModuleKey, ModuleRef, Resolver, Scope, SigRef, TermRef, TypeDefRef};
use crate::store::{Expr, Literal, SizeRef, Store, TypeArgRef, TypeId, TypeParam, TypeRef};
use crate::ty::{Scheme, Side, Size, SizeOp, Ty, TypeArg};
use std::sync::Arc;
use syntax::ast::Liftedness;

/// Orders liftedness: unlifted, size-lifted, lifted.
pub(crate) fn liftedness_rank(l: Liftedness) -> u8 {
    match l {
        Liftedness::Unlifted => 0,
        Liftedness::SizeLifted => 1,
        Liftedness::Lifted => 2,
    }
}

fn max_liftedness(a: Liftedness, b: Liftedness) -> Liftedness {
    if liftedness_rank(a) >= liftedness_rank(b) {
        a
    } else {
        b
    }
}

/// A type abbreviation: its parameters and definition, in which type
/// parameters are `Ty::Param` and size parameters `Size::Named`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Abbreviation {
    pub params: Vec<TypeParam>,
    pub ty: Ty,
    /// Errors in the definition, as (type, message).
    pub errors: Vec<(TypeId, String)>,
}

#[salsa::tracked(returns(clone), cycle_result = abbreviation_cycle)]
pub fn type_abbreviation(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    item: ItemIdx,
) -> Arc<Abbreviation> {
    let tree = item_tree(db, file);
    let ItemKind::Type(type_item) = &tree.item(item).kind else {
        return Arc::new(Abbreviation {
            params: Vec::new(),
            ty: Ty::Error,
            errors: Vec::new(),
        });
    };
    let scope = Scope {
        file,
        item: Some(item),
        params: None,
    };
    Arc::new(lower_type_item(
        Resolver { db, file_set },
        scope,
        &tree.store,
        type_item,
    ))
}

fn abbreviation_cycle(
    _db: &dyn Db,
    _id: salsa::Id,
    _file_set: FileSet,
    _file: SourceFile,
    _item: ItemIdx,
) -> Arc<Abbreviation> {
    Arc::new(Abbreviation {
        params: Vec::new(),
        ty: Ty::Error,
        errors: Vec::new(),
    })
}

fn lower_type_item(
    resolver: Resolver,
    scope: Scope,
    store: &Store,
    item: &TypeItem,
) -> Abbreviation {
    lower_type_item_in(resolver, scope, store, item, &[])
}

fn lower_type_item_in(
    resolver: Resolver,
    scope: Scope,
    store: &Store,
    item: &TypeItem,
    local_types: &[(Name, Ty)],
) -> Abbreviation {
    let type_params: Vec<Name> = item
        .params
        .iter()
        .filter_map(|p| match p {
            TypeParam::Type(name, _) => Some(name.clone()),
            TypeParam::Size(_) => None,
        })
        .collect();
    let lifted: Vec<(Name, Liftedness)> = item
        .params
        .iter()
        .filter_map(|p| match p {
            TypeParam::Type(name, l) => Some((name.clone(), *l)),
            TypeParam::Size(_) => None,
        })
        .collect();
    let mut lowering = TypeLowering::new(resolver, scope, store, &type_params);
    lowering.local_types = local_types;
    lowering.lifted_params = &lifted;
    let ty = match item.ty {
        Some(ty) => {
            let lowered = lowering.lower(ty);
            if let Some(problem) = abbreviation_problem(&lowering, item, ty) {
                lowering.errors.push((ty, problem));
            }
            lowered
        }
        // An abstract type in a module type.
        None => abstract_type(
            item.name.clone().unwrap_or_else(|| Name::new("?")),
            item.liftedness,
            &item.params,
        ),
    };
    Abbreviation {
        params: item.params.clone(),
        ty,
        errors: lowering.errors,
    }
}

/// What is wrong with a type abbreviation's definition `ty` as a whole, in
/// upstream's order: parameters bound twice, anonymous sizes nothing
/// determines, unused size parameters, and a definition more lifted than
/// declared (a function in a `type` or `type~`, a size-lifted type in a
/// `type`, and in a plain `type` an anonymous or existential size, whose
/// value would differ between uses: `type v = []f32` needs `type~`).
fn abbreviation_problem(lowering: &TypeLowering, item: &TypeItem, ty: TypeId) -> Option<String> {
    use super::written;
    let store = lowering.store;
    if let Some(name) = written::duplicate_type_param(&item.params) {
        return Some(format!("Type parameter \"{name}\" previously defined."));
    }
    if let Some((_, name)) = written::duplicate_binder(store, ty) {
        return Some(written::duplicate_binder_message(&name));
    }
    if written::anonymous_in_parameter(store, ty).is_some() {
        return Some(format!(
            "Type abbreviation contains an anonymous size not used constructively as an array size.\n\n\
             For more information, see:\n  {}#anonymous-nonconstructive",
            super::ERROR_INDEX
        ));
    }
    let mut used = Vec::new();
    if written::size_names(store, ty, &mut used).is_some()
        && let Some(unused) = item.params.iter().find_map(|p| match p {
            TypeParam::Size(n) if !used.contains(n) => Some(n),
            _ => None,
        })
    {
        return Some(format!("Size parameter \"[{unused}]\" unused."));
    }
    let declared = liftedness_rank(item.liftedness);
    match lowering.liftedness(ty) {
        Liftedness::Lifted if declared < 2 => {
            return Some(
                "Non-lifted type abbreviations may not contain functions.\n\
                 Hint: consider using 'type^'."
                    .to_string(),
            );
        }
        Liftedness::SizeLifted if declared < 1 => {
            return Some(
                "Non-size-lifted type abbreviations may not contain size-lifted types.\n\
                 Hint: consider using 'type~'."
                    .to_string(),
            );
        }
        _ => {}
    }
    if declared == 0 && written::has_unnamed_size(store, ty) {
        return Some(format!(
            "Non-lifted type abbreviations may not use existential sizes in their definition.\n\
             Hint: use 'type~' or add size parameters to \"{}\".",
            item.name.as_ref().map_or("_", |name| name.as_str())
        ));
    }
    None
}

/// The types a module's module type gives its type members: refined by
/// `with`, defined in the module type, or abstract (named after the module,
/// so that `M.t` and `N.t` differ).
#[salsa::tracked(returns(clone))]
pub fn module_type_env(db: &dyn Db, file_set: FileSet, module: ModuleKey) -> Arc<Vec<(Name, Ty)>> {
    let resolver = Resolver { db, file_set };
    let Some((scope, sig, module_name)) = module_signature(db, file_set, module.0) else {
        return Arc::new(Vec::new());
    };
    let exports = resolver.sig_exports(scope, &sig, module.0);
    // `with` refinements, also those inside named and included module
    // types (`module m : S` where `module type S = T with t = i32`); an
    // outer one wins.
    let outer = enclosing_types(db, file_set, module.0);
    let mut refinements: Vec<(Name, Ty)> = Vec::new();
    collect_refinements(
        resolver,
        (scope, &module_name),
        &sig,
        &outer,
        &mut refinements,
        0,
    );
    // A module specification's types may be refined by its host's module
    // type (`has_int with int.t = i32`), which is outside its own and wins.
    if let ModuleRef::Spec(file, spec, host) = module.0
        && let SpecKind::Module {
            name: Some(spec_name),
            ..
        } = &item_tree(db, file).spec(spec).kind
        && let Some((host_scope, host_sig, _)) = module_signature(db, file_set, host.module())
    {
        for name in exports.types.keys() {
            let segments = [spec_name.clone(), name.clone()];
            if let Some(ty) = sig_refinement(resolver, host_scope, &host_sig, &segments, 0) {
                refinements.insert(0, (name.clone(), ty));
            }
        }
    }
    let mut names: Vec<(&Name, &TypeDefRef)> = exports.types.iter().collect();
    names.sort_by(|a, b| a.0.cmp(b.0));
    let mut env: Vec<(Name, Ty)> = Vec::new();
    let mut defined: Vec<(Name, SourceFile, crate::item_tree::SpecIdx)> = Vec::new();
    for (name, target) in names {
        if let Some((_, ty)) = refinements.iter().find(|(n, _)| n == name) {
            env.push((name.clone(), ty.clone()));
            continue;
        }
        match target {
            TypeDefRef::Spec(file, spec, _) => {
                let spec_tree = item_tree(db, *file);
                match &spec_tree.spec(*spec).kind {
                    SpecKind::Type(TypeItem { ty: Some(_), .. }) => {
                        defined.push((name.clone(), *file, *spec));
                    }
                    SpecKind::Type(type_item) => {
                        env.push((name.clone(), abstract_member(&module_name, name, type_item)))
                    }
                    _ => env.push((name.clone(), Ty::Error)),
                }
            }
            TypeDefRef::Def(..) | TypeDefRef::Prim(_) => {
                env.push((name.clone(), member_type(db, file_set, target, name)));
            }
        }
    }
    // Abbreviations in the module type may use its other type members,
    // and those of the module types it is nested in.
    for (name, file, spec) in defined {
        let spec_tree = item_tree(db, file);
        if let SpecKind::Type(type_item) = &spec_tree.spec(spec).kind {
            let local_types: Vec<(Name, Ty)> = env.iter().chain(outer.iter()).cloned().collect();
            let lowered = lower_type_item_in(
                resolver,
                Scope::of_spec(&spec_tree, file, spec),
                &spec_tree.store,
                type_item,
                &local_types,
            );
            env.push((name, by_position(&lowered.params, &lowered.ty)));
        }
    }
    Arc::new(env)
}

/// The type an abstract type member `name` of a module type has in the
/// module called `module_name`.
fn abstract_member(module_name: &str, name: &Name, type_item: &TypeItem) -> Ty {
    by_position(
        &type_item.params,
        &abstract_type(
            Name::new(&format!("{module_name}.{name}")),
            type_item.liftedness,
            &type_item.params,
        ),
    )
}

/// The module specifications (`module engine : ...`) among a module type's
/// members, and the module whose modules they are where the module type is
/// used: the module seen through it, or the module matched against it. A
/// specification's type naming one (`val draw : engine.state -> ...`)
/// names that module's member.
#[derive(Debug, Clone)]
pub(crate) struct SpecModules {
    names: Vec<Name>,
    of: ModuleRef,
}

impl SpecModules {
    /// The module specifications of a module type's `members`, standing
    /// for `of`'s modules.
    pub(crate) fn new(members: &Exports, of: ModuleRef) -> SpecModules {
        let mut names: Vec<Name> = members
            .terms
            .iter()
            .filter(|(_, term)| matches!(term, TermRef::Module(ModuleRef::Spec(..))))
            .map(|(name, _)| name.clone())
            .collect();
        names.sort();
        SpecModules { names, of }
    }
}

/// What a path through a module specification names.
enum SpecModuleMember {
    /// A type a `with` refinement of the module's module type gives.
    Refined(Ty),
    Member(TypeDefRef),
}

/// The type members of the module type a module specification is written
/// in (`t` and `sc` for `module sr : {... with t = t ... sc[m][n] ...}`),
/// as its host module has them; empty for other modules.
pub(crate) fn enclosing_types(
    db: &dyn Db,
    file_set: FileSet,
    module: ModuleRef,
) -> Arc<Vec<(Name, Ty)>> {
    match module {
        ModuleRef::Spec(_, _, host) => module_type_env(db, file_set, ModuleKey(host.module())),
        _ => Arc::new(Vec::new()),
    }
}

/// The types a `val` specification seen through `module` may name
/// without qualification: the module's type members, then those of the
/// module type it is specified in.
pub(crate) fn spec_local_types(
    db: &dyn Db,
    file_set: FileSet,
    module: ModuleRef,
) -> Vec<(Name, Ty)> {
    let own = module_type_env(db, file_set, ModuleKey(module));
    let outer = enclosing_types(db, file_set, module);
    own.iter().chain(outer.iter()).cloned().collect()
}

/// The types `with` refinements give a module type's own type members
/// (`S with t = i32`), through named and included module types, outermost
/// first. `module_name` names the module whose module type it is.
fn collect_refinements(
    resolver: Resolver,
    (scope, module_name): (Scope, &str),
    sig: &SigExpr,
    local_types: &[(Name, Ty)],
    out: &mut Vec<(Name, Ty)>,
    depth: u32,
) {
    // Module types naming each other in a cycle are reported elsewhere.
    if depth > 32 {
        return;
    }
    let db = resolver.db;
    match sig {
        SigExpr::With {
            base,
            path,
            params,
            ty,
        } => {
            if path.is_single() && !out.iter().any(|(n, _)| n == path.last()) {
                let tree = item_tree(db, scope.file);
                let type_params: Vec<Name> = params
                    .iter()
                    .filter_map(|p| match p {
                        TypeParam::Type(n, _) => Some(n.clone()),
                        TypeParam::Size(_) => None,
                    })
                    .collect();
                let mut lowering = TypeLowering::new(resolver, scope, &tree.store, &type_params);
                lowering.local_types = local_types;
                let refined = by_position(params, &lowering.lower(*ty));
                out.push((path.last().clone(), refined));
            }
            collect_refinements(
                resolver,
                (scope, module_name),
                base,
                local_types,
                out,
                depth + 1,
            );
        }
        SigExpr::Path(path) => {
            let Some(SigRef(file, item)) = resolver.resolve_sig_path(scope, path) else {
                return;
            };
            let named_tree = item_tree(db, file);
            let ItemKind::ModuleType(named) = &named_tree.item(item).kind else {
                return;
            };
            let named_scope = Scope {
                file,
                item: Some(item),
                params: None,
            };
            collect_refinements(
                resolver,
                (named_scope, module_name),
                &named.sig,
                local_types,
                out,
                depth + 1,
            );
        }
        SigExpr::Specs(specs) => {
            let tree = item_tree(db, scope.file);
            // A refinement in an `include` may name the abstract types
            // specified before it (`type t  include has_t with t = t`):
            // they are the module's own.
            let mut visible: Vec<(Name, Ty)> = local_types.to_vec();
            for &spec in specs {
                match &tree.spec(spec).kind {
                    SpecKind::Type(
                        type_item @ TypeItem {
                            name: Some(name),
                            ty: None,
                            ..
                        },
                    ) => visible.insert(
                        0,
                        (name.clone(), abstract_member(module_name, name, type_item)),
                    ),
                    SpecKind::Include(included) => {
                        let spec_scope = Scope::of_spec(&tree, scope.file, spec);
                        collect_refinements(
                            resolver,
                            (spec_scope, module_name),
                            included,
                            &visible,
                            out,
                            depth + 1,
                        );
                    }
                    _ => {}
                }
            }
        }
        SigExpr::Missing | SigExpr::Arrow { .. } => {}
    }
}

/// An abstract type applied to its own parameters.
fn abstract_type(name: Name, liftedness: Liftedness, params: &[TypeParam]) -> Ty {
    Ty::Abstract(name, liftedness, own_args(params))
}

/// Type parameters as the arguments that name them.
pub(crate) fn own_args(params: &[TypeParam]) -> Vec<TypeArg> {
    params
        .iter()
        .map(|param| match param {
            TypeParam::Type(n, _) => TypeArg::Type(Ty::Param(n.clone())),
            TypeParam::Size(n) => TypeArg::Size(Size::Named(n.clone())),
        })
        .collect()
}

/// The name that stands for the `index`th parameter of a type member in
/// its definition as environments hold it (see [`by_position`]).
fn positional_param(index: usize) -> Name {
    Name::new(&format!("{}{index}", crate::ty::HIDDEN_SUFFIX))
}

/// A type member's definition with its parameters named by position, so
/// that a use's arguments (`P.vector [n] t`) can be put in by
/// [`apply_member`] whatever the definition named them.
fn by_position(params: &[TypeParam], ty: &Ty) -> Ty {
    let mut types = Vec::new();
    let mut sizes = Vec::new();
    for (index, param) in params.iter().enumerate() {
        match param {
            TypeParam::Type(name, _) => {
                types.push((name.clone(), Ty::Param(positional_param(index))))
            }
            TypeParam::Size(name) => {
                sizes.push((name.clone(), Size::Named(positional_param(index))))
            }
        }
    }
    substitute(ty, &types, &sizes)
}

/// The definition a module type's type specification gives (`type t 'a =
/// ...`), with `local_types` for the module type's type members: as
/// written, and with its parameters named by position (see
/// [`by_position`]).
pub(crate) fn spec_definition_in(
    resolver: Resolver,
    scope: Scope,
    store: &Store,
    item: &TypeItem,
    local_types: &[(Name, Ty)],
) -> (Ty, Ty) {
    let abbreviation = lower_type_item_in(resolver, scope, store, item, local_types);
    let positional = by_position(&abbreviation.params, &abbreviation.ty);
    (abbreviation.ty, positional)
}

/// A type member's definition (from [`by_position`]) applied to a use's
/// arguments.
pub(crate) fn apply_member(member: &Ty, args: &[TypeArg]) -> Ty {
    let mut types = Vec::new();
    let mut sizes = Vec::new();
    for (index, arg) in args.iter().enumerate() {
        match arg {
            TypeArg::Type(ty) => types.push((positional_param(index), ty.clone())),
            TypeArg::Size(size) => sizes.push((positional_param(index), size.clone())),
        }
    }
    substitute(member, &types, &sizes)
}

/// A type abbreviation's definition applied to arguments given in the
/// order of its parameters.
pub fn apply_abbreviation(abbreviation: &Abbreviation, args: &[TypeArg]) -> Ty {
    apply_member(&by_position(&abbreviation.params, &abbreviation.ty), args)
}

/// The type a module's type member `name` (found as `target`) stands for,
/// its parameters named by position.
pub(crate) fn member_type(db: &dyn Db, file_set: FileSet, target: &TypeDefRef, name: &Name) -> Ty {
    match *target {
        TypeDefRef::Prim(prim) => Ty::Prim(prim),
        TypeDefRef::Def(file, item) => {
            let abbreviation = type_abbreviation(db, file_set, file, item);
            by_position(&abbreviation.params, &abbreviation.ty)
        }
        TypeDefRef::Spec(_, _, via) => module_type_env(db, file_set, ModuleKey(via))
            .iter()
            .find(|(n, _)| n == name)
            .map_or(Ty::Error, |(_, ty)| ty.clone()),
    }
}

/// The type a module's type member `name` (found as `target`) stands for,
/// applied to `args`.
pub fn applied_member_type(
    db: &dyn Db,
    file_set: FileSet,
    target: &TypeDefRef,
    name: &Name,
    args: &[TypeArg],
) -> Ty {
    apply_member(&member_type(db, file_set, target, name), args)
}

/// The liftedness a type definition or specification declares.
pub(crate) fn type_def_liftedness(db: &dyn Db, target: &TypeDefRef) -> Liftedness {
    match *target {
        TypeDefRef::Def(file, item) => match &item_tree(db, file).item(item).kind {
            ItemKind::Type(t) => t.liftedness,
            _ => Liftedness::Unlifted,
        },
        TypeDefRef::Spec(file, spec, _) => match &item_tree(db, file).spec(spec).kind {
            SpecKind::Type(t) => t.liftedness,
            _ => Liftedness::Unlifted,
        },
        TypeDefRef::Prim(_) => Liftedness::Unlifted,
    }
}

/// The parameters a type definition or specification declares.
pub(crate) fn type_def_params(db: &dyn Db, target: &TypeDefRef) -> Vec<TypeParam> {
    match *target {
        TypeDefRef::Def(file, item) => match &item_tree(db, file).item(item).kind {
            ItemKind::Type(t) => t.params.clone(),
            _ => Vec::new(),
        },
        TypeDefRef::Spec(file, spec, _) => match &item_tree(db, file).spec(spec).kind {
            SpecKind::Type(t) => t.params.clone(),
            _ => Vec::new(),
        },
        TypeDefRef::Prim(_) => Vec::new(),
    }
}

/// For a module made by applying a parametric module: what each abstract
/// type of the functor's parameters (`P.t`) stands for in this
/// application (the argument's type `t`).
///
/// A module that names another (`module b = a.inner`) sees what the
/// modules on that path see.
#[salsa::tracked(returns(clone), cycle_result = functor_instance_env_cycle)]
pub fn functor_instance_env(
    db: &dyn Db,
    file_set: FileSet,
    module: ModuleKey,
) -> Arc<Vec<(Name, Ty)>> {
    let resolver = Resolver { db, file_set };
    let Some((scope, body)) = resolver.binding_body(module.0) else {
        return Arc::new(Vec::new());
    };
    let mut env = application_env(resolver, scope, &body, 0);
    let mut named = &body;
    while let ModExpr::Ascription(inner, _) = named {
        named = inner;
    }
    if let ModExpr::Path(path) = named {
        env.extend(module_path_env(resolver, scope, path.segments()));
    }
    // Members may come from applications inside the functor's body
    // (`module m' = f1 (m)`, `open (f1 m)`): their parameters' abstract
    // types stand for the arguments' types there, which may in turn
    // mention this application's parameters.
    if !env.is_empty()
        && let Some(body_struct) = resolver.eval_module(scope, &body)
    {
        nested_application_env(resolver, body_struct, &mut env, 0);
    }
    Arc::new(env)
}

fn functor_instance_env_cycle(
    _db: &dyn Db,
    _id: salsa::Id,
    _file_set: FileSet,
    _module: ModuleKey,
) -> Arc<Vec<(Name, Ty)>> {
    Arc::new(Vec::new())
}

/// What the parameters' abstract types stand for in the modules opened
/// before `scope` (`open (f arg)`, `open a.inner`): names found through
/// them see the arguments' types.
#[salsa::tracked(returns(clone))]
pub fn opened_instance_env(db: &dyn Db, file_set: FileSet, scope: Scope) -> Arc<Vec<(Name, Ty)>> {
    let resolver = Resolver { db, file_set };
    let mut env = Vec::new();
    for (open_scope, opened) in resolver.opens_before(scope) {
        env.extend(open_env(resolver, open_scope, &opened));
    }
    Arc::new(env)
}

/// What the parameters' abstract types stand for in the modules a module
/// body or file opens: the types it exports through them (`open (f arg)`)
/// are the arguments' types.
pub(crate) fn exported_instance_env(resolver: Resolver, module: ModuleRef) -> Vec<(Name, Ty)> {
    let (file, container) = match module {
        ModuleRef::Struct(file, s) => (file, Container::Struct(s)),
        ModuleRef::File(file) => (file, Container::File),
        _ => return Vec::new(),
    };
    let tree = item_tree(resolver.db, file);
    let mut env = Vec::new();
    for &item in tree.container_items(container) {
        if let ItemKind::Open(opened) = &tree.item(item).kind {
            let open_scope = Scope {
                file,
                item: Some(item),
                params: None,
            };
            env.extend(open_env(resolver, open_scope, opened));
        }
    }
    env
}

/// What the parameters' abstract types stand for in the module `open`ed at
/// `scope`.
fn open_env(resolver: Resolver, scope: Scope, opened: &ModExpr) -> Vec<(Name, Ty)> {
    let mut opened = opened;
    while let ModExpr::Ascription(inner, _) = opened {
        opened = inner;
    }
    match opened {
        ModExpr::Path(path) => module_path_env(resolver, scope, path.segments()),
        _ => application_env(resolver, scope, opened, 0),
    }
}

/// What the parameters' abstract types stand for in each module that a
/// prefix of the module path `modules` names: a module seen through the
/// module type of an applied parametric module (`a.inner` for `module a
/// = f arg`) shows the argument's types there.
pub(crate) fn module_path_env(
    resolver: Resolver,
    scope: Scope,
    modules: &[Name],
) -> Vec<(Name, Ty)> {
    let mut env = Vec::new();
    for end in 1..=modules.len() {
        let Some(prefix) = Path::new(modules[..end].to_vec()) else {
            continue;
        };
        if let Some(module) = resolver.resolve_module_path(scope, &prefix) {
            env.extend(
                functor_instance_env(resolver.db, resolver.file_set, ModuleKey(module))
                    .iter()
                    .cloned(),
            );
        }
    }
    env
}

/// The environments of the parametric module applications inside a module
/// body (module bindings and `open`s), and of those inside the bodies of
/// the modules they apply, to a bounded depth.
fn nested_application_env(
    resolver: Resolver,
    module: ModuleRef,
    env: &mut Vec<(Name, Ty)>,
    depth: u32,
) {
    let ModuleRef::Struct(file, body) = module else {
        return;
    };
    if depth > 8 {
        return;
    }
    let tree = item_tree(resolver.db, file);
    for &item in &tree.struct_data(body).items {
        let scope = Scope {
            file,
            item: Some(item),
            params: None,
        };
        let expr = match &tree.item(item).kind {
            ItemKind::Module(binding) if binding.params.is_empty() => &binding.body,
            ItemKind::Open(expr) => expr,
            _ => continue,
        };
        let inner = application_env(resolver, scope, expr, 0);
        if inner.is_empty() {
            continue;
        }
        env.extend(inner);
        if let Some(applied) = resolver.eval_module(scope, expr) {
            nested_application_env(resolver, applied, env, depth + 1);
        }
    }
}

/// The abstract types of a functor's parameters mapped to the arguments'
/// types, for the application `expr` (empty if it is not one). Arguments
/// may themselves be applications.
fn application_env(
    resolver: Resolver,
    scope: Scope,
    expr: &ModExpr,
    depth: u32,
) -> Vec<(Name, Ty)> {
    let db = resolver.db;
    let file_set = resolver.file_set;
    let mut env = Vec::new();
    if depth > 32 {
        return env;
    }
    for (param, arg) in resolver.functor_application(scope, expr) {
        let param_types = module_type_env(db, file_set, ModuleKey(param));
        for (name, param_ty) in param_types.iter() {
            if let Ty::Abstract(abstract_name, ..) = param_ty
                && let Some(ty) = module_type_member(resolver, scope, arg, name, depth + 1)
            {
                env.push((abstract_name.clone(), ty));
            }
        }
        if let Some(argument) = resolver.eval_module(scope, arg) {
            let mut nested = Vec::new();
            nested_module_env(resolver, param, argument, &mut nested, 0);
            if !nested.is_empty() {
                // The argument's members may be seen through its own
                // application (`mk_int quux`): its environment says
                // what they stand for.
                env.extend(application_env(resolver, scope, arg, depth + 1));
                if let Some((binding_scope, body)) = resolver.binding_body(argument) {
                    env.extend(application_env(resolver, binding_scope, &body, depth + 1));
                }
                env.extend(nested);
            }
        }
    }
    env
}

/// The abstract types of the module specifications inside a functor's
/// parameter (`P.inner.t`), mapped to the types of the argument's modules
/// of the same names, to a bounded depth.
fn nested_module_env(
    resolver: Resolver,
    param: ModuleRef,
    argument: ModuleRef,
    env: &mut Vec<(Name, Ty)>,
    depth: u32,
) {
    if depth > 8 {
        return;
    }
    let db = resolver.db;
    let file_set = resolver.file_set;
    let param_members = resolver.exports(param);
    let argument_members = resolver.exports(argument);
    let mut names: Vec<(&Name, &TermRef)> = param_members.terms.iter().collect();
    names.sort_by(|a, b| a.0.cmp(b.0));
    for (name, term) in names {
        let (TermRef::Module(spec @ ModuleRef::Spec(..)), Some(TermRef::Module(inner_argument))) =
            (term, argument_members.terms.get(name))
        else {
            continue;
        };
        let inner_members = resolver.exports(*inner_argument);
        for (type_name, spec_ty) in module_type_env(db, file_set, ModuleKey(*spec)).iter() {
            let Ty::Abstract(abstract_name, ..) = spec_ty else {
                continue;
            };
            let Some(target) = inner_members.types.get(type_name) else {
                continue;
            };
            env.push((
                abstract_name.clone(),
                member_type(db, file_set, target, type_name),
            ));
        }
        nested_module_env(resolver, *spec, *inner_argument, env, depth + 1);
    }
}

/// The type member `name` of the module a module expression denotes.
fn module_type_member(
    resolver: Resolver,
    scope: Scope,
    expr: &ModExpr,
    name: &Name,
    depth: u32,
) -> Option<Ty> {
    let db = resolver.db;
    let file_set = resolver.file_set;
    let module = resolver.eval_module(scope, expr)?;
    let ty = member_type(
        db,
        file_set,
        resolver.exports(module).types.get(name)?,
        name,
    );
    // Through an application, the functor's parameters' types become the
    // arguments'; through a named module, those of its own definition.
    let mut env = application_env(resolver, scope, expr, depth);
    if let Some((binding_scope, body)) = resolver.binding_body(module) {
        env.extend(application_env(resolver, binding_scope, &body, depth));
    }
    Some(substitute_instance(&ty, &env))
}

/// The type a `val` specification gives, with `local_types` for the type
/// members of its module type and `spec_modules` for its module
/// specifications. Size names it uses without declaring them are
/// implicitly its size parameters.
pub(crate) fn spec_scheme_in(
    resolver: Resolver,
    file: SourceFile,
    spec: crate::item_tree::SpecIdx,
    local_types: &[(Name, Ty)],
    spec_modules: &SpecModules,
) -> Scheme {
    let tree = item_tree(resolver.db, file);
    let SpecKind::Val {
        type_params, ty, ..
    } = &tree.spec(spec).kind
    else {
        return Scheme::mono(Ty::Error);
    };
    let params: Vec<Name> = type_params
        .iter()
        .filter_map(|p| match p {
            TypeParam::Type(n, _) => Some(n.clone()),
            TypeParam::Size(_) => None,
        })
        .collect();
    let mut sizes: Vec<Name> = type_params
        .iter()
        .filter_map(|p| match p {
            TypeParam::Size(n) => Some(n.clone()),
            TypeParam::Type(..) => None,
        })
        .collect();
    let mut lowering = TypeLowering::new(
        resolver,
        Scope::of_spec(&tree, file, spec),
        &tree.store,
        &params,
    );
    lowering.local_types = local_types;
    lowering.spec_modules = Some(spec_modules);
    let lowered = lowering.lower(*ty);
    // Only whole sizes: a name used in a size expression is no parameter.
    lowered.visit_sizes(&mut |size, site| {
        if let Size::Named(n) = size
            && !site.binders.contains(n)
            && !sizes.contains(n)
        {
            sizes.push(n.clone());
        }
    });
    let lifted = type_params
        .iter()
        .filter_map(|p| match p {
            TypeParam::Type(n, Liftedness::Lifted) => Some(n.clone()),
            _ => None,
        })
        .collect();
    let size_lifted = type_params
        .iter()
        .filter_map(|p| match p {
            TypeParam::Type(n, Liftedness::SizeLifted) => Some(n.clone()),
            _ => None,
        })
        .collect();
    Scheme {
        type_params: params,
        lifted,
        size_lifted,
        size_params: sizes,
        ty: lowered,
    }
}

/// Replaces abstract types by name.
/// Substitutes an application's environment until nothing changes: an
/// argument's type may mention the abstract types of other parameters
/// (nested applications), bound in the same environment.
pub(crate) fn substitute_instance(ty: &Ty, env: &[(Name, Ty)]) -> Ty {
    let mut ty = ty.clone();
    for _ in 0..8 {
        let next = substitute_abstract(&ty, env);
        if next == ty {
            break;
        }
        ty = next;
    }
    ty
}

pub(crate) fn substitute_abstract(ty: &Ty, env: &[(Name, Ty)]) -> Ty {
    match ty {
        Ty::Abstract(name, liftedness, args) => {
            let args: Vec<TypeArg> = args
                .iter()
                .map(|arg| arg.map_type(|t| substitute_abstract(t, env)))
                .collect();
            match env.iter().find(|(n, _)| n == name) {
                Some((_, member)) => apply_member(member, &args),
                None => Ty::Abstract(name.clone(), *liftedness, args),
            }
        }
        Ty::Array {
            element,
            shape,
            unique,
        } => {
            let mut result = substitute_abstract(element, env);
            for size in shape.iter().rev() {
                result = Ty::array_of(result, size.clone());
            }
            if let Ty::Array { unique: u, .. } = &mut result {
                *u = *unique;
            }
            result
        }
        _ => ty.map_components(|t| substitute_abstract(t, env)),
    }
}

/// For a type of a nested module (`m.inner.t`), the type that a `with`
/// refinement of an enclosing module's module type gives it (`module m :
/// has_inner with inner.t = i32`); the outermost refinement wins.
fn nested_refinement(resolver: Resolver, scope: Scope, path: &Path) -> Option<Ty> {
    let segments = path.segments();
    for split in 1..path.qualifiers().len() {
        let Some(module_path) = Path::new(segments[..split].to_vec()) else {
            continue;
        };
        let Some(module) = resolver.resolve_module_path(scope, &module_path) else {
            continue;
        };
        let Some((sig_scope, sig, _)) = module_signature(resolver.db, resolver.file_set, module)
        else {
            continue;
        };
        if let Some(ty) = sig_refinement(resolver, sig_scope, &sig, &segments[split..], 0) {
            return Some(ty);
        }
    }
    None
}

/// The type a `with` refinement of `sig` (or of the module types it
/// names) gives the type at `segments`.
fn sig_refinement(
    resolver: Resolver,
    scope: Scope,
    sig: &SigExpr,
    segments: &[Name],
    depth: u32,
) -> Option<Ty> {
    // Module types naming each other in a cycle are reported elsewhere.
    if depth > 32 {
        return None;
    }
    match sig {
        SigExpr::With { base, path, ty, .. } => {
            if path.segments() == segments {
                let tree = item_tree(resolver.db, scope.file);
                let mut lowering = TypeLowering::new(resolver, scope, &tree.store, &[]);
                return Some(lowering.lower(*ty));
            }
            sig_refinement(resolver, scope, base, segments, depth + 1)
        }
        SigExpr::Path(path) => {
            let SigRef(file, item) = resolver.resolve_sig_path(scope, path)?;
            let tree = item_tree(resolver.db, file);
            let ItemKind::ModuleType(named) = &tree.item(item).kind else {
                return None;
            };
            let named_scope = Scope {
                file,
                item: Some(item),
                params: None,
            };
            sig_refinement(resolver, named_scope, &named.sig, segments, depth + 1)
        }
        SigExpr::Missing | SigExpr::Specs(_) | SigExpr::Arrow { .. } => None,
    }
}

/// The module type of a module seen through one (an ascribed binding, a
/// parameter, a module specification), the scope it is written in, and the
/// module's name.
fn module_signature(
    db: &dyn Db,
    file_set: FileSet,
    module: ModuleRef,
) -> Option<(Scope, SigExpr, String)> {
    match module {
        ModuleRef::Binding(file, item) => {
            let tree = item_tree(db, file);
            let ItemKind::Module(binding) = &tree.item(item).kind else {
                return None;
            };
            let name = binding
                .name
                .as_ref()
                .map_or("?".to_string(), |n| n.to_string());
            let scope = Scope {
                file,
                item: Some(item),
                params: None,
            };
            match &binding.sig {
                Some(sig) => Some((scope, sig.clone(), name)),
                None => {
                    let resolver = Resolver { db, file_set };
                    let (sig_scope, sig) = resolver.applied_signature(file, item)?;
                    Some((sig_scope, sig, name))
                }
            }
        }
        ModuleRef::Param(file, s, index) => {
            let tree = item_tree(db, file);
            let data = tree.struct_data(s);
            let param = data.params.get(index as usize)?;
            // Parameters of different parametric modules may share a name
            // (`R` in `f1 (R: mt)` and `f2 (R: mt)`): their abstract types
            // must differ, so the name carries the parameter's identity,
            // which printing leaves out.
            let hidden = crate::ty::HIDDEN_SUFFIX;
            let name = format!(
                "{}{hidden}{}:{}:{}{hidden}",
                param.name.as_ref().map_or("?", |n| n.as_str()),
                file.path(db),
                s.0,
                index
            );
            let scope = Scope {
                file,
                item: Some(data.enclosing),
                params: Some(index),
            };
            Some((scope, param.sig.clone(), name))
        }
        ModuleRef::Spec(file, spec, host) => {
            let tree = item_tree(db, file);
            let SpecKind::Module { name, sig } = &tree.spec(spec).kind else {
                return None;
            };
            let name = name.as_ref().map_or("?", |n| n.as_str());
            // Named after the module it is seen through (`M0.m`), and
            // unique per specification.
            let hidden = crate::ty::HIDDEN_SUFFIX;
            let host_name = module_signature(db, file_set, host.module())
                .map_or("?".to_string(), |(_, _, host_name)| host_name);
            let name = format!(
                "{host_name}{hidden}{}:{}{hidden}.{name}",
                file.path(db),
                spec.0
            );
            Some((Scope::of_spec(&tree, file, spec), sig.clone(), name))
        }
        ModuleRef::Intrinsics => {
            let resolver_sig = Resolver { db, file_set }.intrinsics_signature()?;
            Some((resolver_sig.0, resolver_sig.1, "intrinsics".to_string()))
        }
        ModuleRef::File(_) | ModuleRef::Struct(..) => None,
    }
}

/// Converts written types of one store.
pub(crate) struct TypeLowering<'s, 'db> {
    pub resolver: Resolver<'db>,
    pub scope: Scope,
    pub store: &'s Store,
    /// Type parameters in scope; they become `Ty::Param`.
    pub type_params: &'s [Name],
    /// Type names with known meaning that take precedence over the
    /// resolver (the type members of a module type).
    pub local_types: &'s [(Name, Ty)],
    /// The parameters of those of `local_types` whose uses are checked
    /// for their arguments (where errors are reported).
    pub local_params: &'s [(Name, Vec<TypeParam>)],
    /// Module names bound where only their module type is known (module
    /// parameters seen from a module type): their types are abstract.
    pub opaque_modules: &'s [Name],
    /// The type parameters declared lifted (`'^t`) or size-lifted (`'~t`).
    pub lifted_params: &'s [(Name, Liftedness)],
    /// The module specifications of the module type being lowered in,
    /// and the module they stand for there.
    pub spec_modules: Option<&'s SpecModules>,
    pub errors: Vec<(TypeId, String)>,
    next_unknown: u32,
}

impl<'s, 'db> TypeLowering<'s, 'db> {
    pub fn new(
        resolver: Resolver<'db>,
        scope: Scope,
        store: &'s Store,
        type_params: &'s [Name],
    ) -> Self {
        TypeLowering {
            resolver,
            scope,
            store,
            type_params,
            local_types: &[],
            local_params: &[],
            opaque_modules: &[],
            lifted_params: &[],
            spec_modules: None,
            errors: Vec::new(),
            next_unknown: 0,
        }
    }

    pub fn lower(&mut self, id: TypeId) -> Ty {
        match &self.store.types[id] {
            TypeRef::Missing => Ty::Error,
            TypeRef::Path(path) => self.named(id, path, &[]),
            TypeRef::Tuple(elements) => {
                Ty::tuple(elements.iter().map(|&t| self.lower(t)).collect())
            }
            TypeRef::Record(fields) => {
                let mut lowered = Vec::new();
                for (name, ty) in fields {
                    if lowered.iter().any(|(n, _): &(Name, Ty)| n == name) {
                        self.errors
                            .push((id, format!("Duplicate field \"{name}\" in record type.")));
                        continue;
                    }
                    lowered.push((name.clone(), self.lower(*ty)));
                }
                Ty::record(lowered)
            }
            TypeRef::Array { size, element } => {
                let element_id = *element;
                let element = self.lower(element_id);
                match self.liftedness(element_id) {
                    Liftedness::Lifted => self.errors.push((
                        id,
                        format!(
                            "Cannot create array with elements of lifted type \"{}\" (might contain function).",
                            self.written(element_id, &element)
                        ),
                    )),
                    Liftedness::SizeLifted => self.errors.push((
                        id,
                        format!(
                            "Cannot create array with elements of size-lifted type \"{}\" (might cause irregular array).",
                            self.written(element_id, &element)
                        ),
                    )),
                    Liftedness::Unlifted => {}
                }
                let size = self.size(size);
                Ty::array_of(element, size)
            }
            TypeRef::Unique(inner) => match self.lower(*inner) {
                Ty::Array { element, shape, .. } => Ty::Array {
                    element,
                    shape,
                    unique: true,
                },
                other => other,
            },
            TypeRef::Sum(constructors) => {
                if constructors.len() >= 256 {
                    self.errors.push((
                        id,
                        "Sum types must have less than 256 constructors.".to_string(),
                    ));
                }
                let mut lowered = Vec::new();
                for (name, payload) in constructors {
                    if lowered.iter().any(|(n, _): &(Name, Vec<Ty>)| n == name) {
                        self.errors
                            .push((id, format!("Constructor #{name} defined more than once.")));
                        continue;
                    }
                    lowered.push((
                        name.clone(),
                        payload.iter().map(|&t| self.lower(t)).collect(),
                    ));
                }
                Ty::sum(lowered)
            }
            TypeRef::Apply { head, args } => {
                let TypeRef::Path(path) = &self.store.types[*head] else {
                    self.errors
                        .push((id, "Only a type name can be applied to arguments.".into()));
                    return Ty::Error;
                };
                let path = path.clone();
                self.named(id, &path, args)
            }
            TypeRef::Function {
                param_name,
                param,
                result,
            } => Ty::Function {
                param_name: param_name.clone(),
                param: Box::new(self.lower(*param)),
                result: Box::new(self.lower(*result)),
            },
            TypeRef::Existential { sizes, ty } => {
                // `?[n].t`: the sizes are whatever the value has, so a value
                // of `t` must tell them (a size only in a function's result
                // would be told by no one).
                let mut witnessed = Vec::new();
                let args_are_parts = |head: &Path| {
                    super::written::type_args_are_parts(self.resolver, self.scope, head)
                };
                super::written::array_dim_names(self.store, *ty, &args_are_parts, &mut witnessed);
                if let Some(unused) = sizes.iter().find(|n| !witnessed.contains(n)) {
                    self.errors.push((
                        id,
                        format!(
                            "Existential size \"{unused}\" not used as array size.\n\n\
                             For more information, see:\n  {}#unused-existential",
                            super::ERROR_INDEX
                        ),
                    ));
                }
                let inner = self.lower(*ty);
                let unknown: Vec<(Name, Size)> =
                    sizes.iter().map(|n| (n.clone(), self.unknown())).collect();
                substitute(&inner, &[], &unknown)
            }
        }
    }

    /// A written type for messages: the name it was written with, if it is
    /// one (`arr` rather than what `arr` abbreviates).
    fn written(&self, id: TypeId, ty: &Ty) -> String {
        match &self.store.types[id] {
            TypeRef::Path(path) => path.to_string(),
            _ => ty.to_string(),
        }
    }

    /// How lifted a written type is: whether it may contain a function
    /// (`Lifted`: a function type, a lifted type parameter or a type
    /// declared `type^`) or hide a size (`SizeLifted`). An applied type is
    /// as lifted as its most lifted part, arguments included.
    pub fn liftedness(&self, id: TypeId) -> Liftedness {
        let most = |ids: &mut dyn Iterator<Item = TypeId>| {
            ids.map(|t| self.liftedness(t))
                .max_by_key(|l| liftedness_rank(*l))
                .unwrap_or(Liftedness::Unlifted)
        };
        match &self.store.types[id] {
            TypeRef::Missing | TypeRef::Array { .. } => Liftedness::Unlifted,
            TypeRef::Function { .. } => Liftedness::Lifted,
            TypeRef::Existential { ty, .. } => {
                max_liftedness(Liftedness::SizeLifted, self.liftedness(*ty))
            }
            TypeRef::Unique(inner) => self.liftedness(*inner),
            TypeRef::Tuple(elements) => most(&mut elements.iter().copied()),
            TypeRef::Record(fields) => most(&mut fields.iter().map(|(_, t)| *t)),
            TypeRef::Sum(constructors) => {
                most(&mut constructors.iter().flat_map(|(_, ts)| ts.iter().copied()))
            }
            TypeRef::Path(path) => self.name_liftedness(path),
            TypeRef::Apply { head, args } => {
                let head = self.liftedness(*head);
                let args = most(&mut args.iter().filter_map(|a| match a {
                    TypeArgRef::Type(t) => Some(*t),
                    TypeArgRef::Size(_) => None,
                }));
                max_liftedness(head, args)
            }
        }
    }

    /// Whether a written type names an abstract type declared lifted
    /// (`type^ t` in a module type), which may hide a function; written
    /// abbreviations are not looked into, as their definitions are seen.
    pub fn mentions_lifted_abstract(&self, id: TypeId) -> bool {
        let any = |ids: &mut dyn Iterator<Item = TypeId>| {
            let mut found = false;
            for t in ids {
                found |= self.mentions_lifted_abstract(t);
            }
            found
        };
        match &self.store.types[id] {
            TypeRef::Missing => false,
            TypeRef::Path(path) => {
                let db = self.resolver.db;
                matches!(
                    self.resolver.resolve_type_path(self.scope, path),
                    Some(TypeDefRef::Spec(file, spec, _))
                        if matches!(
                            &item_tree(db, file).spec(spec).kind,
                            SpecKind::Type(t) if t.ty.is_none() && t.liftedness == Liftedness::Lifted
                        )
                )
            }
            TypeRef::Array { element, .. } => self.mentions_lifted_abstract(*element),
            TypeRef::Function { param, result, .. } => any(&mut [*param, *result].into_iter()),
            TypeRef::Existential { ty, .. } | TypeRef::Unique(ty) => {
                self.mentions_lifted_abstract(*ty)
            }
            TypeRef::Tuple(elements) => any(&mut elements.iter().copied()),
            TypeRef::Record(fields) => any(&mut fields.iter().map(|(_, t)| *t)),
            TypeRef::Sum(constructors) => {
                any(&mut constructors.iter().flat_map(|(_, ts)| ts.iter().copied()))
            }
            TypeRef::Apply { head, args } => {
                self.mentions_lifted_abstract(*head)
                    || any(&mut args.iter().filter_map(|a| match a {
                        TypeArgRef::Type(t) => Some(*t),
                        TypeArgRef::Size(_) => None,
                    }))
            }
        }
    }

    /// The declared liftedness of a type name.
    fn name_liftedness(&self, path: &Path) -> Liftedness {
        if path.is_single() && self.type_params.contains(path.last()) {
            return self
                .lifted_params
                .iter()
                .find(|(n, _)| n == path.last())
                .map_or(Liftedness::Unlifted, |(_, l)| *l);
        }
        if path.is_single() && self.local_types.iter().any(|(n, _)| n == path.last()) {
            return Liftedness::Unlifted;
        }
        self.resolver
            .resolve_type_path(self.scope, path)
            .map_or(Liftedness::Unlifted, |target| {
                type_def_liftedness(self.resolver.db, &target)
            })
    }

    fn size(&mut self, size: &SizeRef) -> Size {
        match size {
            SizeRef::Anonymous => self.unknown(),
            SizeRef::Expr(e) => self.size_expr(*e),
        }
    }

    /// A size expression: a name, a constant, or `+`, `-`, `*` of size
    /// expressions; anything else (`i64.i32 n`) a size that sizes cannot
    /// express, which may equal any size (`Size::Unknown(0)`). An operator
    /// keeps its form around such operands (`[opaque 1 * b]` is `[? * b]`),
    /// so that its other operands still match part by part.
    fn size_expr(&mut self, e: crate::store::ExprId) -> Size {
        match &self.store.exprs[e] {
            Expr::Path(path) if path.is_single() => Size::Named(path.last().clone()),
            Expr::Literal(Literal::Int { value, .. }) => match u64::try_from(*value) {
                Ok(n) => Size::Const(n),
                Err(_) => Size::Unknown(0),
            },
            Expr::Binary { op, lhs, rhs } if op.path.is_single() && !op.backticked => {
                match SizeOp::from_symbol(op.path.last().as_str()) {
                    Some(size_op) => {
                        let (lhs, rhs) = (*lhs, *rhs);
                        let operands = (self.size_expr(lhs), self.size_expr(rhs));
                        let expressible = |s: &Size| {
                            s.all_leaves(&mut |s| {
                                matches!(s, Size::Named(_) | Size::Const(_) | Size::Unknown(0))
                            })
                        };
                        if operands == (Size::Unknown(0), Size::Unknown(0))
                            || !expressible(&operands.0)
                            || !expressible(&operands.1)
                        {
                            Size::Unknown(0)
                        } else {
                            Size::Op(size_op, Box::new(operands))
                        }
                    }
                    None => Size::Unknown(0),
                }
            }
            Expr::Apply { func, args } => match &self.store.exprs[*func] {
                Expr::Path(path) => {
                    let (function, args) = (Name::new(&path.to_string()), args.clone());
                    Size::Call(function, args.iter().map(|&a| self.size_expr(a)).collect())
                }
                _ => Size::Unknown(0),
            },
            _ => Size::Unknown(0),
        }
    }

    /// An abbreviation's type for one use: its existential and anonymous
    /// sizes are new ones, so that two uses (`(t, t)` for
    /// `type~ t = ?[n].[n]i64`) do not share them.
    fn fresh_unknowns(&mut self, ty: &Ty) -> Ty {
        let mut fresh: Vec<(u32, Size)> = Vec::new();
        super::map_unknowns(ty, &mut |id| {
            if id == 0 {
                return Size::Unknown(0);
            }
            if let Some((_, size)) = fresh.iter().find(|(i, _)| *i == id) {
                return size.clone();
            }
            let size = self.unknown();
            fresh.push((id, size.clone()));
            size
        })
    }

    fn unknown(&mut self) -> Size {
        // Item-level types have no inference table; distinct numbers are
        // enough, as unknown sizes unify with anything.
        self.next_unknown += 1;
        Size::Unknown(u32::MAX - self.next_unknown)
    }

    /// Whether a type name's arguments are as many as its parameters and
    /// of their kinds; reports the first that is not.
    fn args_fit(
        &mut self,
        id: TypeId,
        path: &Path,
        params: &[TypeParam],
        args: &[TypeArgRef],
    ) -> bool {
        if params.len() != args.len() {
            self.errors.push((
                id,
                format!(
                    "Type \"{path}\" takes {} arguments, but is given {}.",
                    params.len(),
                    args.len()
                ),
            ));
            return false;
        }
        for (param, arg) in params.iter().zip(args) {
            let message = match (param, arg) {
                (TypeParam::Type(name, _), TypeArgRef::Size(_)) => {
                    format!("Type argument expected for parameter \"{name}\", but got a size.")
                }
                (TypeParam::Size(name), TypeArgRef::Type(_)) => {
                    format!("Size argument expected for parameter \"{name}\", but got a type.")
                }
                _ => continue,
            };
            self.errors.push((id, message));
            return false;
        }
        true
    }

    /// The arguments of a type name whose parameters are known only by
    /// position.
    fn lower_args(&mut self, args: &[TypeArgRef]) -> Vec<TypeArg> {
        args.iter()
            .map(|arg| match arg {
                TypeArgRef::Type(ty) => TypeArg::Type(self.lower(*ty)),
                TypeArgRef::Size(size) => TypeArg::Size(self.size(size)),
            })
            .collect()
    }

    /// A type name applied to `args`. A type member of an applied
    /// parametric module (or of a module inside one, or found through an
    /// `open`) sees the arguments' types for its parameters' abstract
    /// types.
    fn named(&mut self, id: TypeId, path: &Path, args: &[TypeArgRef]) -> Ty {
        let ty = self.named_as_defined(id, path, args);
        let (db, file_set) = (self.resolver.db, self.resolver.file_set);
        let mut env = opened_instance_env(db, file_set, self.scope).to_vec();
        env.extend(module_path_env(
            self.resolver,
            self.scope,
            path.qualifiers(),
        ));
        substitute_instance(&ty, &env)
    }

    /// The type a path through a module specification of the module type
    /// being lowered in names (see [`SpecModules`]).
    fn spec_module_member(&self, path: &Path) -> Option<SpecModuleMember> {
        let spec_modules = self.spec_modules?;
        let segments = path.segments();
        if path.is_single() || !spec_modules.names.contains(&segments[0]) {
            return None;
        }
        let db = self.resolver.db;
        if let Some((sig_scope, sig, _)) =
            module_signature(db, self.resolver.file_set, spec_modules.of)
            && let Some(refined) = sig_refinement(self.resolver, sig_scope, &sig, segments, 0)
        {
            return Some(SpecModuleMember::Refined(refined));
        }
        let mut module = spec_modules.of;
        for segment in path.qualifiers() {
            let Some(TermRef::Module(next)) =
                self.resolver.exports(module).terms.get(segment).copied()
            else {
                return None;
            };
            module = next;
        }
        let target = self
            .resolver
            .exports(module)
            .types
            .get(path.last())
            .copied()?;
        Some(SpecModuleMember::Member(target))
    }

    /// A type name applied to `args`, as its definition gives it.
    fn named_as_defined(&mut self, id: TypeId, path: &Path, args: &[TypeArgRef]) -> Ty {
        if path.is_single() && self.type_params.contains(path.last()) {
            if !args.is_empty() {
                self.errors.push((
                    id,
                    format!("Type parameter \"{}\" cannot take arguments.", path.last()),
                ));
            }
            return Ty::Param(path.last().clone());
        }
        if path.is_single()
            && let Some((_, ty)) = self.local_types.iter().find(|(n, _)| n == path.last())
        {
            let ty = ty.clone();
            if let Some((_, params)) = self.local_params.iter().find(|(n, _)| n == path.last())
                && !self.args_fit(id, path, params, args)
            {
                return Ty::Error;
            }
            let args = self.lower_args(args);
            return apply_member(&ty, &args);
        }
        if !path.is_single() && self.opaque_modules.contains(&path.segments()[0]) {
            let args = self.lower_args(args);
            return Ty::Abstract(
                Name::new(&path.to_string()),
                self.name_liftedness(path),
                args,
            );
        }
        let spec_member = match self.spec_module_member(path) {
            Some(SpecModuleMember::Refined(ty)) => return ty,
            Some(SpecModuleMember::Member(target)) => Some(target),
            None => None,
        };
        let Some(target) =
            spec_member.or_else(|| self.resolver.resolve_type_path(self.scope, path))
        else {
            self.errors.push((id, format!("Unknown type \"{path}\".")));
            return Ty::Error;
        };
        // A type member of a module seen through a module type, as the
        // module type's environment has it.
        let mut member = None;
        let abbreviation = match target {
            TypeDefRef::Prim(prim) => {
                if !args.is_empty() {
                    self.errors
                        .push((id, format!("Type \"{path}\" does not take arguments.")));
                }
                return Ty::Prim(prim);
            }
            TypeDefRef::Def(file, item) => {
                type_abbreviation(self.resolver.db, self.resolver.file_set, file, item)
            }
            TypeDefRef::Spec(file, spec, module) => {
                if spec_member.is_none()
                    && let Some(refined) = nested_refinement(self.resolver, self.scope, path)
                {
                    return refined;
                }
                let env =
                    module_type_env(self.resolver.db, self.resolver.file_set, ModuleKey(module));
                member = env
                    .iter()
                    .find(|(n, _)| n == path.last())
                    .map(|(_, ty)| ty.clone());
                let tree = item_tree(self.resolver.db, file);
                let SpecKind::Type(type_item) = &tree.spec(spec).kind else {
                    return Ty::Error;
                };
                let scope = Scope::of_spec(&tree, file, spec);
                Arc::new(lower_type_item(
                    self.resolver,
                    scope,
                    &tree.store,
                    type_item,
                ))
            }
        };
        if !self.args_fit(id, path, &abbreviation.params, args) {
            return Ty::Error;
        }
        let mut types = Vec::new();
        let mut sizes = Vec::new();
        let mut positional = Vec::new();
        // Each argument is of its parameter's kind (`args_fit`).
        for (param, arg) in abbreviation.params.iter().zip(args) {
            let name = param.name();
            match arg {
                TypeArgRef::Type(ty) => {
                    let ty = self.lower(*ty);
                    positional.push(TypeArg::Type(ty.clone()));
                    types.push((name.clone(), ty));
                }
                TypeArgRef::Size(size) => {
                    let size = self.size(size);
                    positional.push(TypeArg::Size(size.clone()));
                    sizes.push((name.clone(), size));
                }
            }
        }
        let own: Vec<Name> = abbreviation
            .params
            .iter()
            .map(|p| p.name().clone())
            .collect();
        match member {
            Some(member) => {
                apply_member(&self.qualify_member_sizes(path, &member, &own), &positional)
            }
            None => {
                let ty = self.qualify_member_sizes(path, &abbreviation.ty, &own);
                substitute(&self.fresh_unknowns(&ty), &types, &sizes)
            }
        }
    }

    /// A type reached through a module (`M.t`) names the module's values
    /// in its sizes by their qualified names (`[M.k]`, as upstream shows
    /// it): unqualified, `k` would mean whatever the use's scope calls so.
    /// The type's own parameters (`own`) stay.
    fn qualify_member_sizes(&self, path: &Path, ty: &Ty, own: &[Name]) -> Ty {
        let Some(qualifiers) = Path::new(path.qualifiers().to_vec()) else {
            return ty.clone();
        };
        let Some(module) = self.resolver.resolve_module_path(self.scope, &qualifiers) else {
            return ty.clone();
        };
        let exports = self.resolver.exports(module);
        ty.map_sizes(&mut |size| {
            size.map_leaves(&mut |leaf| match leaf {
                Size::Named(name)
                    if !own.contains(name)
                        && matches!(exports.terms.get(name), Some(TermRef::Value(_))) =>
                {
                    Size::Named(Name::new(&format!("{qualifiers}.{name}")))
                }
                other => other.clone(),
            })
        })
    }
}

impl InferCtx<'_, '_> {
    /// A written type in the definition being checked.
    pub(crate) fn lower_type(&mut self, id: TypeId) -> Ty {
        self.lower_type_again(id, true)
    }

    /// A written type lowered once more, with new sizes for its anonymous
    /// ones; its errors are reported only if `report` (the first time).
    pub(crate) fn lower_type_again(&mut self, id: TypeId, report: bool) -> Ty {
        let type_params = self.type_params.clone();
        let mut lowering =
            TypeLowering::new(self.resolver, self.scope, &self.body.store, &type_params);
        let ty = lowering.lower(id);
        let errors = lowering.errors;
        for (at, message) in errors.into_iter().filter(|_| report) {
            self.error(Location::Type(at), message);
        }
        let ty = if self.binding_sizes.is_empty() {
            ty
        } else {
            substitute(&ty, &[], &self.binding_sizes)
        };
        let aliases = self.visible_size_aliases();
        let ty = if aliases.is_empty() {
            ty
        } else {
            substitute(&ty, &[], &aliases)
        };
        self.fresh_unknown_sizes(ty)
    }

    /// Makes each anonymous size of a written type a size to be inferred;
    /// the occurrences of one existential size (`?[m].([m]a, [m]b)`, the
    /// `[]` given to `type square [n] = [n][n]i32`) one size.
    ///
    /// An anonymous size only in results of function types (`() -> []i32`)
    /// is a new size at each application, which the variable made for it
    /// stands for only approximately (see [`super::unify::Table::fresh_result_size_var`]).
    fn fresh_unknown_sizes(&mut self, ty: Ty) -> Ty {
        let in_results = super::unknowns_where(&ty, |site| site.in_result());
        let elsewhere =
            super::unknowns_where(&ty, |site| site.sides.first() != Some(&Side::Result));
        let mut fresh: Vec<(u32, Size)> = Vec::new();
        let table = &mut self.table;
        super::map_unknowns(&ty, &mut |id| {
            if id == 0 {
                return Size::Unknown(0);
            }
            if let Some((_, size)) = fresh.iter().find(|(i, _)| *i == id) {
                return size.clone();
            }
            let size = if in_results.contains(&id) && !elsewhere.contains(&id) {
                table.fresh_result_size_var()
            } else {
                table.fresh_size_var()
            };
            fresh.push((id, size.clone()));
            size
        })
    }
}
