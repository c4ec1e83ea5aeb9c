//! Name resolution at the module level: what a name in a given item's
//! scope refers to, in each of the three namespaces (terms, which values
//! and modules share; types; module types).
//!
//! Declarations are processed in order: an item sees the items before it
//! in its container, then (for a module body) the parameters of the
//! parametric modules it is the body of and the items before the enclosing
//! module, and finally the prelude (for files outside it) and the
//! primitive types. `open m` and `import "f"` make `m`'s exported names
//! visible from that point on; `open` also re-exports them.
//!
//! Resolution is structural: it needs item trees, never types, so editing
//! a definition's body never invalidates it.

use crate::Db;
use crate::files::{FileSet, SourceFile, resolve_import_path};
use crate::item_tree::{
    Container, ItemIdx, ItemKind, ItemTree, ModExpr, SigExpr, SpecIdx, SpecKind, StructIdx,
    item_tree,
};
use crate::name::{Name, Path};
use crate::ty::PrimType;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// The path of the prelude's root file; files under `/prelude/` do not see
/// the prelude implicitly.
pub const PRELUDE_ROOT: &str = "/prelude/prelude.fut";

/// A module as name resolution sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ModuleRef {
    /// A file's top level.
    File(SourceFile),
    /// A module binding `module m params = e`.
    Binding(SourceFile, ItemIdx),
    /// A module body `{ ... }`.
    Struct(SourceFile, StructIdx),
    /// The `index`th module parameter in scope in a module body.
    Param(SourceFile, StructIdx, u32),
    /// A module specification `module m: S` in a module type, seen
    /// through the module type of `host` (`M0.m` and `M1.m` differ when
    /// both are ascribed one module type).
    Spec(SourceFile, SpecIdx, SpecHost),
    /// The built-in `intrinsics` module.
    Intrinsics,
}

/// The module whose module type a module specification is seen through:
/// the outermost one, for specifications nested in specifications.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SpecHost {
    File(SourceFile),
    Binding(SourceFile, ItemIdx),
    Struct(SourceFile, StructIdx),
    Param(SourceFile, StructIdx, u32),
    Intrinsics,
}

impl SpecHost {
    /// The host of the module specifications in `module`'s module type.
    pub fn of(module: ModuleRef) -> SpecHost {
        match module {
            ModuleRef::File(file) => SpecHost::File(file),
            ModuleRef::Binding(file, item) => SpecHost::Binding(file, item),
            ModuleRef::Struct(file, s) => SpecHost::Struct(file, s),
            ModuleRef::Param(file, s, index) => SpecHost::Param(file, s, index),
            ModuleRef::Spec(_, _, host) => host,
            ModuleRef::Intrinsics => SpecHost::Intrinsics,
        }
    }

    pub fn module(self) -> ModuleRef {
        match self {
            SpecHost::File(file) => ModuleRef::File(file),
            SpecHost::Binding(file, item) => ModuleRef::Binding(file, item),
            SpecHost::Struct(file, s) => ModuleRef::Struct(file, s),
            SpecHost::Param(file, s, index) => ModuleRef::Param(file, s, index),
            SpecHost::Intrinsics => ModuleRef::Intrinsics,
        }
    }
}

/// What a value name refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ValueRef {
    Def(SourceFile, ItemIdx),
    /// A `val` specification (in a parameter's or ascribed module type),
    /// and the module whose module type it is in.
    Spec(SourceFile, SpecIdx, ModuleRef),
}

/// What a type name refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TypeDefRef {
    Def(SourceFile, ItemIdx),
    /// A type specification, and the module whose module type it is in.
    Spec(SourceFile, SpecIdx, ModuleRef),
    Prim(PrimType),
}

/// What a module type name refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SigRef(pub SourceFile, pub ItemIdx);

/// A term: a value or a module, which share a namespace.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TermRef {
    Value(ValueRef),
    Module(ModuleRef),
}

/// The names a module makes visible to its users.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Exports {
    pub terms: FxHashMap<Name, TermRef>,
    pub types: FxHashMap<Name, TypeDefRef>,
    pub sigs: FxHashMap<Name, SigRef>,
}

/// For one container (a file's top level or a module body): every name
/// each position binds, so that "what does `x` mean before item i" is a
/// binary search.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ContainerIndex {
    terms: FxHashMap<Name, Vec<(u32, TermRef)>>,
    types: FxHashMap<Name, Vec<(u32, TypeDefRef)>>,
    sigs: FxHashMap<Name, Vec<(u32, SigRef)>>,
    /// The names visible to users of the container's module: non-local
    /// definitions and what non-local `open`s bring in.
    pub exports: Exports,
}

fn latest_before<T: Copy>(entries: Option<&Vec<(u32, T)>>, position: u32) -> Option<T> {
    let entries = entries?;
    let end = entries.partition_point(|(p, _)| *p < position);
    end.checked_sub(1).map(|i| entries[i].1)
}

impl ContainerIndex {
    fn add_term(&mut self, position: u32, name: &Name, term: TermRef, exported: bool) {
        self.terms
            .entry(name.clone())
            .or_default()
            .push((position, term));
        if exported {
            self.exports.terms.insert(name.clone(), term);
        } else {
            // A local definition shadows an exported one of the same name
            // for users too: neither is visible.
            self.exports.terms.remove(name);
        }
    }

    fn add_type(&mut self, position: u32, name: &Name, ty: TypeDefRef, exported: bool) {
        self.types
            .entry(name.clone())
            .or_default()
            .push((position, ty));
        if exported {
            self.exports.types.insert(name.clone(), ty);
        } else {
            self.exports.types.remove(name);
        }
    }

    fn add_sig(&mut self, position: u32, name: &Name, sig: SigRef, exported: bool) {
        self.sigs
            .entry(name.clone())
            .or_default()
            .push((position, sig));
        if exported {
            self.exports.sigs.insert(name.clone(), sig);
        } else {
            self.exports.sigs.remove(name);
        }
    }

    fn add_all(&mut self, position: u32, names: &Exports, exported: bool) {
        for (name, term) in &names.terms {
            self.add_term(position, name, *term, exported);
        }
        for (name, ty) in &names.types {
            self.add_type(position, name, *ty, exported);
        }
        for (name, sig) in &names.sigs {
            self.add_sig(position, name, *sig, exported);
        }
    }
}

/// A point in a file from which names are looked up: just before an item
/// (or, with `None`, after the last item of the file's top level).
///
/// At a parametric module binding, its parameters are in scope too: all of
/// them (`params: None`) in its result module type and module expression,
/// the first `i` (`Some(i)`) in the module type of its `i`th parameter, so
/// that `(P: {val a : T.t})` sees an earlier `T`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Scope {
    pub file: SourceFile,
    pub item: Option<ItemIdx>,
    pub params: Option<u32>,
}

impl Scope {
    /// The scope the specification `spec` of `file` is written in.
    pub fn of_spec(tree: &ItemTree, file: SourceFile, spec: SpecIdx) -> Scope {
        let spec = tree.spec(spec);
        Scope {
            file,
            item: Some(spec.item),
            params: spec.params,
        }
    }
}

/// Resolution needs the file set (imports) alongside the item trees.
#[derive(Clone, Copy)]
pub struct Resolver<'db> {
    pub db: &'db dyn Db,
    pub file_set: FileSet,
}

// Indexing a container may need the exports of modules defined in it
// (`module B = A  open B`), whose bodies may look names up in the container
// again: salsa iterates such cycles to a fixpoint, starting from nothing.
// Positions keep the result faithful to declaration order.
#[salsa::tracked(returns(clone), cycle_initial = container_index_initial)]
pub fn container_index(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    container: Container,
) -> Arc<ContainerIndex> {
    let tree = item_tree(db, file);
    let resolver = Resolver { db, file_set };
    let mut index = ContainerIndex::default();
    for (position, &item_idx) in tree.container_items(container).iter().enumerate() {
        let position = position as u32;
        let item = tree.item(item_idx);
        let exported = !item.local;
        let scope = Scope {
            file,
            item: Some(item_idx),
            params: None,
        };
        match &item.kind {
            ItemKind::Value(value) => {
                if let Some(name) = &value.name {
                    let term = TermRef::Value(ValueRef::Def(file, item_idx));
                    index.add_term(position, name, term, exported);
                }
            }
            ItemKind::Type(ty) => {
                if let Some(name) = &ty.name {
                    index.add_type(position, name, TypeDefRef::Def(file, item_idx), exported);
                }
            }
            ItemKind::Module(module) => {
                if let Some(name) = &module.name {
                    let term = TermRef::Module(ModuleRef::Binding(file, item_idx));
                    index.add_term(position, name, term, exported);
                }
            }
            ItemKind::ModuleType(sig) => {
                if let Some(name) = &sig.name {
                    index.add_sig(position, name, SigRef(file, item_idx), exported);
                }
            }
            ItemKind::Open(module) => {
                // Names before this item, including earlier opens, resolve
                // through the index built so far.
                if let Some(target) = resolver.eval_module_with(&index, scope, module) {
                    let names = resolver.exports(target);
                    index.add_all(position, &names, exported);
                }
            }
            ItemKind::Import(path) => {
                if let Some(target) = resolver.import(file, path) {
                    let names = resolver.exports(ModuleRef::File(target));
                    index.add_all(position, &names, false);
                }
            }
        }
    }
    Arc::new(index)
}

fn container_index_initial(
    _db: &dyn Db,
    _id: salsa::Id,
    _file_set: FileSet,
    _file: SourceFile,
    _container: Container,
) -> Arc<ContainerIndex> {
    Arc::new(ContainerIndex::default())
}

#[salsa::tracked(returns(clone), cycle_initial = module_exports_initial)]
pub fn module_exports(db: &dyn Db, file_set: FileSet, module: ModuleKey) -> Arc<Exports> {
    let resolver = Resolver { db, file_set };
    Arc::new(resolver.compute_exports(module.0))
}

fn module_exports_initial(
    _db: &dyn Db,
    _id: salsa::Id,
    _file_set: FileSet,
    _module: ModuleKey,
) -> Arc<Exports> {
    Arc::new(Exports::default())
}

/// One scope level visible from a point, innermost first.
enum Level {
    Container(Container, u32),
    Param(Name, ModuleRef),
    Prelude(ModuleRef),
}

/// A [`ModuleRef`] as a query key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ModuleKey(pub ModuleRef);

impl<'db> Resolver<'db> {
    fn tree(&self, file: SourceFile) -> Arc<ItemTree> {
        item_tree(self.db, file)
    }

    /// The file an `import` in `file` refers to.
    pub fn import(&self, file: SourceFile, path: &str) -> Option<SourceFile> {
        let resolved = resolve_import_path(file.path(self.db), path);
        self.file_set.files(self.db).get(&resolved).copied()
    }

    /// The names a module exports.
    pub fn exports(&self, module: ModuleRef) -> Arc<Exports> {
        module_exports(self.db, self.file_set, ModuleKey(module))
    }

    fn compute_exports(&self, module: ModuleRef) -> Exports {
        match module {
            ModuleRef::File(file) => container_index(self.db, self.file_set, file, Container::File)
                .exports
                .clone(),
            ModuleRef::Struct(file, s) => {
                container_index(self.db, self.file_set, file, Container::Struct(s))
                    .exports
                    .clone()
            }
            ModuleRef::Binding(file, item) => {
                let tree = self.tree(file);
                let ItemKind::Module(binding) = &tree.item(item).kind else {
                    return Exports::default();
                };
                let scope = Scope {
                    file,
                    item: Some(item),
                    params: None,
                };
                // An ascribed module shows only what its module type says,
                // and so does an application of a parametric module with a
                // result module type.
                if let Some(sig) = &binding.sig {
                    return self.sig_exports(scope, sig, module);
                }
                if let Some((sig_scope, sig)) = self.applied_signature(file, item) {
                    return self.sig_exports(sig_scope, &sig, module);
                }
                match self.eval_module(scope, &binding.body) {
                    Some(target) => (*self.exports(target)).clone(),
                    None => Exports::default(),
                }
            }
            ModuleRef::Param(file, s, index) => {
                let tree = self.tree(file);
                let data = tree.struct_data(s);
                match data.params.get(index as usize) {
                    Some(param) => {
                        let scope = Scope {
                            file,
                            item: Some(data.enclosing),
                            params: Some(index),
                        };
                        self.sig_exports(scope, &param.sig, module)
                    }
                    None => Exports::default(),
                }
            }
            ModuleRef::Spec(file, spec, _) => {
                let tree = self.tree(file);
                match &tree.spec(spec).kind {
                    SpecKind::Module { sig, .. } => {
                        let scope = Scope::of_spec(&tree, file, spec);
                        self.sig_exports(scope, sig, module)
                    }
                    _ => Exports::default(),
                }
            }
            ModuleRef::Intrinsics => match self.intrinsics_signature() {
                Some((scope, sig)) => self.sig_exports(scope, &sig, module),
                None => Exports::default(),
            },
        }
    }

    /// The generated module type that declares the intrinsics, if the
    /// file set has it (see `intrinsics.rs`).
    pub fn intrinsics_signature(&self) -> Option<(Scope, SigExpr)> {
        let file = *self
            .file_set
            .files(self.db)
            .get(crate::intrinsics::INTRINSICS_PATH)?;
        let path = Path::single(Name::new(crate::intrinsics::INTRINSICS_SIG));
        Some((
            Scope {
                file,
                item: None,
                params: None,
            },
            SigExpr::Path(path),
        ))
    }

    /// The module a module expression denotes, for name lookup. A
    /// functor application denotes the functor's body.
    pub fn eval_module(&self, scope: Scope, expr: &ModExpr) -> Option<ModuleRef> {
        self.eval_module_in(scope, expr, &mut |resolver, scope, path| {
            resolver.resolve_module_path(scope, path)
        })
    }

    fn eval_module_with(
        &self,
        partial: &ContainerIndex,
        scope: Scope,
        expr: &ModExpr,
    ) -> Option<ModuleRef> {
        self.eval_module_in(scope, expr, &mut |resolver, scope, path| {
            let first = &path.segments()[0];
            let position = resolver.position_of(scope)?;
            let start = match latest_before(partial.terms.get(first), position) {
                Some(TermRef::Module(module)) => Some(module),
                Some(TermRef::Value(_)) => None,
                None => resolver.lookup_module_outside(scope, first),
            }?;
            resolver.module_member_path(start, &path.segments()[1..])
        })
    }

    fn eval_module_in(
        &self,
        scope: Scope,
        expr: &ModExpr,
        resolve_path: &mut dyn FnMut(&Self, Scope, &Path) -> Option<ModuleRef>,
    ) -> Option<ModuleRef> {
        match expr {
            ModExpr::Missing => None,
            ModExpr::Path(path) => resolve_path(self, scope, path),
            ModExpr::Struct(s) => Some(ModuleRef::Struct(scope.file, *s)),
            ModExpr::Apply(functor, _) => {
                let functor = self.eval_module_in(scope, functor, resolve_path)?;
                self.functor_body(functor)
            }
            ModExpr::Ascription(inner, _) => self.eval_module_in(scope, inner, resolve_path),
            ModExpr::Lambda { body, .. } => self.eval_module_in(scope, body, resolve_path),
            ModExpr::Import(path) => self.import(scope.file, path).map(ModuleRef::File),
        }
    }

    /// What applying a parametric module gives: its body. A parametric
    /// module known only by its module type (a parameter, a module
    /// specification) gives the module type's result.
    fn functor_body(&self, functor: ModuleRef) -> Option<ModuleRef> {
        let mut functor = functor;
        // Aliases of parametric modules (`module g = f: mt`) lead to the
        // one that has a body; the bound only guards against cycles.
        for _ in 0..32 {
            let ModuleRef::Binding(file, item) = functor else {
                return Some(functor);
            };
            let tree = self.tree(file);
            let ItemKind::Module(binding) = &tree.item(item).kind else {
                return None;
            };
            let scope = Scope {
                file,
                item: Some(item),
                params: None,
            };
            let mut body = &binding.body;
            while let ModExpr::Lambda { body: inner, .. } | ModExpr::Ascription(inner, _) = body {
                body = inner;
            }
            match self.eval_module(scope, body) {
                Some(target @ ModuleRef::Binding(..))
                    if target != functor && self.is_parametric_binding(target) =>
                {
                    functor = target;
                }
                Some(target) => return Some(target),
                // The body may be one of the module's own parameters
                // (`module f (X: mt) : mt = X`), which are in scope only in
                // module bodies: its result module type says what it has.
                None if binding.sig.is_some() && !binding.params.is_empty() => {
                    return Some(functor);
                }
                None => return None,
            }
        }
        None
    }

    /// Whether a module binding is a parametric module: it has parameters,
    /// is bound to a module lambda, or is an alias of a parametric module.
    fn is_parametric_binding(&self, module: ModuleRef) -> bool {
        let mut module = module;
        // The bound only guards against alias cycles.
        for _ in 0..32 {
            let ModuleRef::Binding(file, item) = module else {
                return false;
            };
            let tree = self.tree(file);
            let ItemKind::Module(binding) = &tree.item(item).kind else {
                return false;
            };
            let mut body = &binding.body;
            while let ModExpr::Ascription(inner, _) = body {
                body = inner;
            }
            if !binding.params.is_empty() || matches!(body, ModExpr::Lambda { .. }) {
                return true;
            }
            let ModExpr::Path(path) = body else {
                return false;
            };
            let scope = Scope {
                file,
                item: Some(item),
                params: None,
            };
            match self.resolve_module_path(scope, path) {
                Some(target) => module = target,
                None => return false,
            }
        }
        false
    }

    /// The names a module type specifies.
    /// The names a module type specifies, as members of `module`.
    pub fn sig_exports(&self, scope: Scope, sig: &SigExpr, module: ModuleRef) -> Exports {
        let mut exports = Exports::default();
        self.collect_sig_exports(scope, sig, module, &mut exports, 0);
        exports
    }

    fn collect_sig_exports(
        &self,
        scope: Scope,
        sig: &SigExpr,
        module: ModuleRef,
        out: &mut Exports,
        depth: u32,
    ) {
        // Module types cannot be recursive, but a malformed program could
        // include a module type in itself through shadowing tricks.
        if depth > 64 {
            return;
        }
        let tree = self.tree(scope.file);
        match sig {
            SigExpr::Missing => {}
            // A parametric module's members are those of its result, once
            // applied.
            SigExpr::Arrow { result, .. } => {
                self.collect_sig_exports(scope, result, module, out, depth + 1)
            }
            SigExpr::With { base, .. } => {
                self.collect_sig_exports(scope, base, module, out, depth + 1)
            }
            SigExpr::Path(path) => {
                if let Some(SigRef(file, item)) = self.resolve_sig_path(scope, path) {
                    let target_tree = self.tree(file);
                    if let ItemKind::ModuleType(target) = &target_tree.item(item).kind {
                        let target_scope = Scope {
                            file,
                            item: Some(item),
                            params: None,
                        };
                        self.collect_sig_exports(target_scope, &target.sig, module, out, depth + 1);
                    }
                }
            }
            SigExpr::Specs(specs) => {
                for &spec_idx in specs {
                    let file = scope.file;
                    match &tree.spec(spec_idx).kind {
                        SpecKind::Val {
                            name: Some(name), ..
                        } => {
                            out.terms.insert(
                                name.clone(),
                                TermRef::Value(ValueRef::Spec(file, spec_idx, module)),
                            );
                        }
                        SpecKind::Type(ty) => {
                            if let Some(name) = &ty.name {
                                out.types
                                    .insert(name.clone(), TypeDefRef::Spec(file, spec_idx, module));
                            }
                        }
                        SpecKind::Module {
                            name: Some(name), ..
                        } => {
                            out.terms.insert(
                                name.clone(),
                                TermRef::Module(ModuleRef::Spec(
                                    file,
                                    spec_idx,
                                    SpecHost::of(module),
                                )),
                            );
                        }
                        SpecKind::Include(included) => {
                            self.collect_sig_exports(scope, included, module, out, depth + 1);
                        }
                        SpecKind::Val { name: None, .. } | SpecKind::Module { name: None, .. } => {}
                    }
                }
            }
        }
    }

    /// The position of `scope` within its container (the number of items
    /// it comes after).
    fn position_of(&self, scope: Scope) -> Option<u32> {
        let tree = self.tree(scope.file);
        match scope.item {
            Some(item) => tree.position_in_container(item),
            None => Some(tree.top_level.len() as u32),
        }
    }

    /// The scopes visible from `scope`, innermost first: containers (with
    /// the position before which their names count), module parameters,
    /// and the prelude.
    fn scope_levels(&self, scope: Scope) -> Vec<Level> {
        let tree = self.tree(scope.file);
        let mut levels = Vec::new();
        let start = match scope.item {
            Some(item) => tree
                .position_in_container(item)
                .map(|p| (tree.item(item).container, p)),
            None => Some((Container::File, tree.top_level.len() as u32)),
        };
        let Some((mut container, mut position)) = start else {
            return levels;
        };
        if let Some(item) = scope.item {
            levels.extend(self.binding_param_levels(scope.file, item, scope.params));
        }
        loop {
            levels.push(Level::Container(container, position));
            let Container::Struct(s) = container else {
                break;
            };
            let data = tree.struct_data(s);
            for (i, module_param) in data.params.iter().enumerate().rev() {
                if let Some(name) = &module_param.name {
                    levels.push(Level::Param(
                        name.clone(),
                        ModuleRef::Param(scope.file, s, i as u32),
                    ));
                }
            }
            container = tree.item(data.enclosing).container;
            let Some(p) = tree.position_in_container(data.enclosing) else {
                break;
            };
            position = p;
        }
        if !crate::prelude::is_prelude_path(scope.file.path(self.db))
            && let Some(prelude) = self.file_set.files(self.db).get(PRELUDE_ROOT)
        {
            levels.push(Level::Prelude(ModuleRef::File(*prelude)));
        }
        levels
    }

    /// The parameters of the parametric module binding `item` that are in
    /// scope at it (`visible` of them, or all), innermost first. They are
    /// the parameters of its body (`ModuleRef::Param`), so a binding whose
    /// body is no module body has none to show.
    fn binding_param_levels(
        &self,
        file: SourceFile,
        item: ItemIdx,
        visible: Option<u32>,
    ) -> Vec<Level> {
        let tree = self.tree(file);
        let ItemKind::Module(binding) = &tree.item(item).kind else {
            return Vec::new();
        };
        let mut body = &binding.body;
        while let ModExpr::Ascription(inner, _) | ModExpr::Lambda { body: inner, .. } = body {
            body = inner;
        }
        let ModExpr::Struct(s) = body else {
            return Vec::new();
        };
        let count = visible.map_or(binding.params.len(), |v| {
            (v as usize).min(binding.params.len())
        });
        binding.params[..count]
            .iter()
            .enumerate()
            .rev()
            .filter_map(|(i, param)| {
                let name = param.name.clone()?;
                Some(Level::Param(name, ModuleRef::Param(file, *s, i as u32)))
            })
            .collect()
    }

    /// The module expressions opened (`open e`) before `scope` in the
    /// containers enclosing it, latest and innermost first, each with the
    /// scope it is written in.
    pub fn opens_before(&self, scope: Scope) -> Vec<(Scope, ModExpr)> {
        let tree = self.tree(scope.file);
        let mut opens = Vec::new();
        for level in self.scope_levels(scope) {
            let Level::Container(container, position) = level else {
                continue;
            };
            // The container's `open`s are indexed: scanning its items
            // for them, from every scope, was quadratic in a long file.
            let items = tree.container_items(container);
            let opens_in = tree.open_positions(container);
            let before = opens_in.partition_point(|&p| p < position);
            for &item in opens_in[..before].iter().rev().map(|&p| &items[p as usize]) {
                if let ItemKind::Open(expr) = &tree.item(item).kind {
                    let open_scope = Scope {
                        file: scope.file,
                        item: Some(item),
                        params: None,
                    };
                    opens.push((open_scope, expr.clone()));
                }
            }
        }
        opens
    }

    /// Looks up a name in a namespace from `scope`, walking outwards.
    fn lookup<T: Copy>(
        &self,
        scope: Scope,
        name: &Name,
        select: &dyn Fn(&ContainerIndex, &Name, u32) -> Option<T>,
        param: &dyn Fn(ModuleRef) -> Option<T>,
        outermost: &dyn Fn(&Exports) -> Option<T>,
    ) -> Option<T> {
        for level in self.scope_levels(scope) {
            let found = match level {
                Level::Container(container, position) => {
                    let index = container_index(self.db, self.file_set, scope.file, container);
                    select(&index, name, position)
                }
                Level::Param(param_name, module) if &param_name == name => param(module),
                Level::Param(..) => None,
                Level::Prelude(prelude) => outermost(&self.exports(prelude)),
            };
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// Every term name visible at `scope`, each with what it means there
    /// (inner definitions shadow outer ones).
    pub fn terms_in_scope(&self, scope: Scope) -> Vec<(Name, TermRef)> {
        let mut found: Vec<(Name, TermRef)> = Vec::new();
        let mut add = |name: &Name, term: TermRef| {
            if !found.iter().any(|(n, _)| n == name) {
                found.push((name.clone(), term));
            }
        };
        for level in self.scope_levels(scope) {
            match level {
                Level::Container(container, position) => {
                    let index = container_index(self.db, self.file_set, scope.file, container);
                    let mut names: Vec<&Name> = index.terms.keys().collect();
                    names.sort();
                    for name in names {
                        if let Some(term) = latest_before(index.terms.get(name), position) {
                            add(name, term);
                        }
                    }
                }
                Level::Param(name, module) => add(&name, TermRef::Module(module)),
                Level::Prelude(prelude) => {
                    let exports = self.exports(prelude);
                    let mut names: Vec<(&Name, &TermRef)> = exports.terms.iter().collect();
                    names.sort_by(|a, b| a.0.cmp(b.0));
                    for (name, term) in names {
                        add(name, *term);
                    }
                }
            }
        }
        add(
            &Name::new("intrinsics"),
            TermRef::Module(ModuleRef::Intrinsics),
        );
        found
    }

    /// What a term name means at `scope`.
    pub fn resolve_term(&self, scope: Scope, name: &Name) -> Option<TermRef> {
        let found = self.lookup(
            scope,
            name,
            &|index, name, position| latest_before(index.terms.get(name), position),
            &|module| Some(TermRef::Module(module)),
            &|prelude| prelude.terms.get(name).copied(),
        );
        found.or_else(|| {
            (name.as_str() == "intrinsics").then_some(TermRef::Module(ModuleRef::Intrinsics))
        })
    }

    /// A module name looked up outside the container being indexed (used
    /// while building that container's index).
    fn lookup_module_outside(&self, scope: Scope, name: &Name) -> Option<ModuleRef> {
        let tree = self.tree(scope.file);
        let container = tree.item(scope.item?).container;
        let outer_scope = match container {
            Container::File => {
                // Nothing outside the top level but the prelude.
                return match self.prelude_term(scope, name) {
                    Some(TermRef::Module(module)) => Some(module),
                    _ => (name.as_str() == "intrinsics").then_some(ModuleRef::Intrinsics),
                };
            }
            Container::Struct(s) => {
                let data = tree.struct_data(s);
                for (i, module_param) in data.params.iter().enumerate().rev() {
                    if module_param.name.as_ref() == Some(name) {
                        return Some(ModuleRef::Param(scope.file, s, i as u32));
                    }
                }
                Scope {
                    file: scope.file,
                    item: Some(data.enclosing),
                    params: None,
                }
            }
        };
        match self.resolve_term(outer_scope, name)? {
            TermRef::Module(module) => Some(module),
            TermRef::Value(_) => None,
        }
    }

    fn prelude_term(&self, scope: Scope, name: &Name) -> Option<TermRef> {
        if crate::prelude::is_prelude_path(scope.file.path(self.db)) {
            return None;
        }
        let prelude = self.file_set.files(self.db).get(PRELUDE_ROOT)?;
        self.exports(ModuleRef::File(*prelude))
            .terms
            .get(name)
            .copied()
    }

    /// What a type name means at `scope`.
    pub fn resolve_type_name(&self, scope: Scope, name: &Name) -> Option<TypeDefRef> {
        let found = self.lookup(
            scope,
            name,
            &|index, name, position| latest_before(index.types.get(name), position),
            &|_| None,
            &|prelude| prelude.types.get(name).copied(),
        );
        found.or_else(|| PrimType::from_name(name.as_str()).map(TypeDefRef::Prim))
    }

    /// What a module type name means at `scope`.
    pub fn resolve_sig_name(&self, scope: Scope, name: &Name) -> Option<SigRef> {
        self.lookup(
            scope,
            name,
            &|index, name, position| latest_before(index.sigs.get(name), position),
            &|_| None,
            &|prelude| prelude.sigs.get(name).copied(),
        )
    }

    /// A module path `a.b.c` at `scope`.
    pub fn resolve_module_path(&self, scope: Scope, path: &Path) -> Option<ModuleRef> {
        let TermRef::Module(start) = self.resolve_term(scope, &path.segments()[0])? else {
            return None;
        };
        self.module_member_path(start, &path.segments()[1..])
    }

    fn module_member_path(&self, mut module: ModuleRef, rest: &[Name]) -> Option<ModuleRef> {
        for segment in rest {
            match self.exports(module).terms.get(segment)? {
                TermRef::Module(inner) => module = *inner,
                TermRef::Value(_) => return None,
            }
        }
        Some(module)
    }

    /// The module that the qualifiers of `path` name, and the last name.
    fn qualified<'p>(&self, scope: Scope, path: &'p Path) -> Option<(ModuleRef, &'p Name)> {
        let qualifiers = Path::new(path.qualifiers().to_vec())?;
        Some((self.resolve_module_path(scope, &qualifiers)?, path.last()))
    }

    /// A (possibly qualified) type name.
    pub fn resolve_type_path(&self, scope: Scope, path: &Path) -> Option<TypeDefRef> {
        if path.is_single() {
            return self.resolve_type_name(scope, path.last());
        }
        let (module, name) = self.qualified(scope, path)?;
        self.exports(module).types.get(name).copied()
    }

    /// A (possibly qualified) module type name.
    pub fn resolve_sig_path(&self, scope: Scope, path: &Path) -> Option<SigRef> {
        if path.is_single() {
            return self.resolve_sig_name(scope, path.last());
        }
        let (module, name) = self.qualified(scope, path)?;
        self.exports(module).sigs.get(name).copied()
    }

    /// A path in an expression: the longest prefix naming modules, then a
    /// term; the remaining segments (if any) are record fields.
    pub fn resolve_expr_path(&self, scope: Scope, path: &Path) -> Option<(TermRef, usize)> {
        self.resolve_expr_path_via(scope, path)
            .map(|(term, used, _)| (term, used))
    }

    /// Like [`Self::resolve_expr_path`], also giving the module the term
    /// was found in (for a qualified name).
    pub fn resolve_expr_path_via(
        &self,
        scope: Scope,
        path: &Path,
    ) -> Option<(TermRef, usize, Option<ModuleRef>)> {
        let segments = path.segments();
        let mut term = self.resolve_term(scope, &segments[0])?;
        let mut used = 1;
        let mut via = None;
        while let (TermRef::Module(module), Some(next)) = (term, segments.get(used)) {
            term = *self.exports(module).terms.get(next)?;
            via = Some(module);
            used += 1;
        }
        Some((term, used, via))
    }

    /// The module expression a module binding is defined by, and the
    /// scope it is written in.
    /// For a module binding whose module is a full application of a
    /// parametric module with a result module type (`module s = f a` for
    /// `module f (p: mt) : result = ...`): that module type and the scope it
    /// is written in (the parametric module's, with its parameters). The
    /// module is seen through it, as through an ascription: the types it
    /// leaves abstract are abstract.
    pub fn applied_signature(&self, file: SourceFile, item: ItemIdx) -> Option<(Scope, SigExpr)> {
        let tree = self.tree(file);
        let ItemKind::Module(binding) = &tree.item(item).kind else {
            return None;
        };
        if !binding.params.is_empty() || binding.sig.is_some() {
            return None;
        }
        let mut functor = &binding.body;
        let mut args = 0;
        while let ModExpr::Apply(inner, _) = functor {
            args += 1;
            functor = inner;
        }
        if args == 0 {
            return None;
        }
        let scope = Scope {
            file,
            item: Some(item),
            params: None,
        };
        let ModuleRef::Binding(functor_file, functor_item) = self.eval_module(scope, functor)?
        else {
            return None;
        };
        let functor_tree = self.tree(functor_file);
        let ItemKind::Module(parametric) = &functor_tree.item(functor_item).kind else {
            return None;
        };
        if parametric.params.len() != args {
            return None;
        }
        let functor_scope = Scope {
            file: functor_file,
            item: Some(functor_item),
            params: None,
        };
        Some((functor_scope, parametric.sig.clone()?))
    }

    pub fn binding_body(&self, module: ModuleRef) -> Option<(Scope, ModExpr)> {
        let ModuleRef::Binding(file, item) = module else {
            return None;
        };
        let tree = self.tree(file);
        let ItemKind::Module(binding) = &tree.item(item).kind else {
            return None;
        };
        let scope = Scope {
            file,
            item: Some(item),
            params: None,
        };
        Some((scope, binding.body.clone()))
    }

    /// For a module expression applying a parametric module, `f a b`:
    /// the functor's parameters (as modules) paired with the argument
    /// expressions. Empty for anything else.
    pub fn functor_application<'e>(
        &self,
        scope: Scope,
        expr: &'e ModExpr,
    ) -> Vec<(ModuleRef, &'e ModExpr)> {
        let mut body = expr;
        while let ModExpr::Ascription(inner, _) = body {
            body = inner;
        }
        let mut args = Vec::new();
        while let ModExpr::Apply(functor, arg) = body {
            args.push(arg.as_ref());
            body = functor;
        }
        args.reverse();
        if args.is_empty() {
            return Vec::new();
        }
        let Some(functor) = self.eval_module(scope, body) else {
            return Vec::new();
        };
        let Some(ModuleRef::Struct(functor_file, s)) = self.functor_body(functor) else {
            return Vec::new();
        };
        args.into_iter()
            .enumerate()
            .map(|(i, arg)| (ModuleRef::Param(functor_file, s, i as u32), arg))
            .collect()
    }
}
