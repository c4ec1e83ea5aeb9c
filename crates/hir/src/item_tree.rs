//! The item tree of a file: its declarations, nested module structure,
//! module types and item-level types, without the bodies of value
//! definitions and without source positions.
//!
//! Editing inside a definition's body leaves the item tree equal, so what
//! depends only on the file's structure is reused. Items are numbered in
//! source order (nested items after their module's header), and that
//! number, [`ItemIdx`], names an item within its file.

use crate::Db;
use crate::files::{SourceFile, parse};
use crate::lower::{Lowerer, lower_attr, lower_type_param};
use crate::name::{Name, Path};
use crate::store::{Attr, Store, SyntaxPtr, TypeId, TypeParam};
use std::sync::Arc;
use syntax::ast::{self, AstNode, Liftedness};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemIdx(pub u32);

/// A specification in a module type within a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SpecIdx(pub u32);

/// A module body `{ decls }` within a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StructIdx(pub u32);

/// The sequence of declarations an item belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Container {
    /// The file's top level.
    File,
    Struct(StructIdx),
}

/// A module body and what encloses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StructData {
    pub items: Vec<ItemIdx>,
    /// The item (a module binding or an `open`) whose module expression
    /// contains the struct; names it does not bind are looked up from
    /// there.
    pub enclosing: ItemIdx,
    /// Parameters of the parametric modules the struct is the body of,
    /// outermost first: in scope inside the struct.
    pub params: Vec<ModuleParam>,
}

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ItemTree {
    /// The file's own declarations, in order.
    pub top_level: Vec<ItemIdx>,
    items: Vec<Item>,
    structs: Vec<StructData>,
    specs: Vec<Spec>,
    /// Each item's position in its container's list (`None` for an item
    /// the collector dropped), so that scopes are found without a search.
    positions: Vec<Option<u32>>,
    /// The positions of each container's `open`s, in order: the file's
    /// first, then each struct's.
    opens: Vec<Vec<u32>>,
    /// Types in item-level signatures (type abbreviations, specs), and the
    /// size expressions inside them.
    pub store: Store,
}

impl ItemTree {
    pub fn item(&self, idx: ItemIdx) -> &Item {
        &self.items[idx.0 as usize]
    }

    pub fn struct_data(&self, idx: StructIdx) -> &StructData {
        &self.structs[idx.0 as usize]
    }

    pub fn spec(&self, idx: SpecIdx) -> &Spec {
        &self.specs[idx.0 as usize]
    }

    /// The items of a container, in order.
    pub fn container_items(&self, container: Container) -> &[ItemIdx] {
        match container {
            Container::File => &self.top_level,
            Container::Struct(s) => &self.struct_data(s).items,
        }
    }

    /// The positions of a container's `open`s among its items, in order.
    pub fn open_positions(&self, container: Container) -> &[u32] {
        let index = match container {
            Container::File => 0,
            Container::Struct(s) => s.0 as usize + 1,
        };
        self.opens.get(index).map_or(&[], Vec::as_slice)
    }

    /// How many items of its container come before `idx`.
    pub fn position_in_container(&self, idx: ItemIdx) -> Option<u32> {
        self.positions.get(idx.0 as usize).copied().flatten()
    }

    fn index_positions(&mut self) {
        let mut positions = vec![None; self.items.len()];
        let mut opens = Vec::with_capacity(self.structs.len() + 1);
        let lists = std::iter::once(&self.top_level).chain(self.structs.iter().map(|s| &s.items));
        for list in lists {
            let mut list_opens = Vec::new();
            for (position, idx) in list.iter().enumerate() {
                positions[idx.0 as usize] = Some(position as u32);
                if matches!(self.items[idx.0 as usize].kind, ItemKind::Open(_)) {
                    list_opens.push(position as u32);
                }
            }
            opens.push(list_opens);
        }
        self.positions = positions;
        self.opens = opens;
    }

    pub fn items(&self) -> impl Iterator<Item = (ItemIdx, &Item)> {
        self.items
            .iter()
            .enumerate()
            .map(|(i, item)| (ItemIdx(i as u32), item))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub kind: ItemKind,
    pub container: Container,
    /// Declared under `local`: not visible outside its module.
    pub local: bool,
    pub attrs: Vec<Attr>,
    pub doc: Option<String>,
}

impl Item {
    pub fn name(&self) -> Option<&Name> {
        match &self.kind {
            ItemKind::Value(v) => v.name.as_ref(),
            ItemKind::Type(t) => t.name.as_ref(),
            ItemKind::Module(m) => m.name.as_ref(),
            ItemKind::ModuleType(m) => m.name.as_ref(),
            ItemKind::Open(_) | ItemKind::Import(_) => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ItemKind {
    Value(ValueItem),
    Type(TypeItem),
    Module(ModuleItem),
    ModuleType(ModuleTypeItem),
    /// `open m`
    Open(ModExpr),
    /// `import "path"`: the same as `local open import "path"`.
    Import(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueItem {
    pub name: Option<Name>,
    /// Declared with `entry`.
    pub entry: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeItem {
    pub name: Option<Name>,
    pub liftedness: Liftedness,
    pub params: Vec<TypeParam>,
    /// The definition; `None` for an abstract type in a module type.
    pub ty: Option<TypeId>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleItem {
    pub name: Option<Name>,
    /// Parameters of a parametric module.
    pub params: Vec<ModuleParam>,
    /// The module type after `:`.
    pub sig: Option<SigExpr>,
    pub body: ModExpr,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleTypeItem {
    pub name: Option<Name>,
    pub sig: SigExpr,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleParam {
    pub name: Option<Name>,
    pub sig: SigExpr,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModExpr {
    Missing,
    Path(Path),
    /// `{ decls }`: the declarations are items of this file.
    Struct(StructIdx),
    Apply(Box<ModExpr>, Box<ModExpr>),
    Ascription(Box<ModExpr>, SigExpr),
    Lambda {
        param: ModuleParam,
        sig: Option<SigExpr>,
        body: Box<ModExpr>,
    },
    Import(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SigExpr {
    Missing,
    Path(Path),
    Specs(Vec<SpecIdx>),
    With {
        base: Box<SigExpr>,
        path: Path,
        params: Vec<TypeParam>,
        ty: TypeId,
    },
    Arrow {
        param_name: Option<Name>,
        param: Box<SigExpr>,
        result: Box<SigExpr>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    pub kind: SpecKind,
    pub doc: Option<String>,
    /// Where the module type holding the specification is written: at
    /// this item (a module type definition, or the module binding whose
    /// parameter, result or body has it), seeing the binding's first
    /// `params` parameters (`None`: all of them). Its names resolve there.
    pub item: ItemIdx,
    pub params: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpecKind {
    Val {
        name: Option<Name>,
        type_params: Vec<TypeParam>,
        ty: TypeId,
    },
    /// An abstract type (`ty` is `None`) or a type abbreviation.
    Type(TypeItem),
    Module {
        name: Option<Name>,
        sig: SigExpr,
    },
    Include(SigExpr),
}

/// Where each item of an [`ItemTree`] is in the syntax tree, and the
/// source map of its item-level types.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ItemSourceMap {
    pub items: Vec<SyntaxPtr>,
    pub specs: Vec<SyntaxPtr>,
    pub types: crate::store::SourceMap,
}

impl ItemSourceMap {
    pub fn item(&self, idx: ItemIdx) -> SyntaxPtr {
        self.items[idx.0 as usize]
    }
}

/// The item tree together with its source map. Queries that only need the
/// structure use [`item_tree`], which is reused across edits that move
/// things around.
#[salsa::tracked(returns(clone))]
pub fn item_tree_with_source_map(
    db: &dyn Db,
    file: SourceFile,
) -> (Arc<ItemTree>, Arc<ItemSourceMap>) {
    let mut collector = Collector::default();
    let source = parse(db, file).tree();
    collector.tree.top_level = source
        .decls()
        .filter_map(|decl| collector.decl(decl, false))
        .collect();
    collector.source_map.types = collector.lowerer.source_map;
    collector.tree.store = collector.lowerer.store;
    collector.tree.index_positions();
    (Arc::new(collector.tree), Arc::new(collector.source_map))
}

#[salsa::tracked(returns(clone))]
pub fn item_tree(db: &dyn Db, file: SourceFile) -> Arc<ItemTree> {
    item_tree_with_source_map(db, file).0
}

#[derive(Default)]
struct Collector {
    tree: ItemTree,
    source_map: ItemSourceMap,
    lowerer: Lowerer,
    /// The container new items go into.
    container: Option<Container>,
    /// The item whose module expression is being collected.
    current_item: Option<ItemIdx>,
    /// Module parameters in scope, outermost first.
    params: Vec<ModuleParam>,
    /// For module types being collected in a parametric module binding's
    /// parameter: how many of the binding's parameters come before it.
    params_before: Option<u32>,
}

fn name_of(name: Option<ast::Name>) -> Option<Name> {
    name.and_then(|n| n.text()).map(|text| Name::new(&text))
}

fn path_of(path: Option<ast::Path>) -> Option<Path> {
    Path::new(path?.segments().map(|t| Name::new(t.text())).collect())
}

fn import_path(token: Option<String>) -> String {
    token.unwrap_or_default()
}

impl Collector {
    /// Adds a declaration's item; `None` for a `local` with nothing after
    /// it (a syntax error reported by the parser).
    fn decl(&mut self, decl: ast::Decl, local: bool) -> Option<ItemIdx> {
        if let ast::Decl::LocalDecl(local_decl) = decl {
            // `local d` is `d`, hidden from users of the module.
            return self.decl(local_decl.decl()?, true);
        }
        // Reserve the index first so that items are numbered in source
        // order, enclosing module before its contents.
        let idx = ItemIdx(self.tree.items.len() as u32);
        let placeholder = Item {
            kind: ItemKind::Import(String::new()),
            container: self.container.unwrap_or(Container::File),
            local,
            attrs: decl.attributes().map(|a| lower_attr(a.info())).collect(),
            doc: decl.doc_comment(),
        };
        self.tree.items.push(placeholder);
        self.source_map.items.push(SyntaxPtr::new(decl.syntax()));
        let outer_item = self.current_item.replace(idx);
        let kind = match decl {
            ast::Decl::ValueDef(def) => ItemKind::Value(ValueItem {
                name: name_of(def.name()),
                entry: def.is_entry(),
            }),
            ast::Decl::TypeDef(def) => ItemKind::Type(self.type_item(&def)),
            ast::Decl::ModuleDef(def) => {
                let params: Vec<ModuleParam> = def
                    .params()
                    .enumerate()
                    .map(|(i, p)| {
                        self.params_before = Some(i as u32);
                        let param = self.module_param(p);
                        self.params_before = None;
                        param
                    })
                    .collect();
                let sig = def.sig().map(|s| self.sig(Some(s)));
                let outer_params = self.params.len();
                self.params.extend(params.iter().cloned());
                let body = self.mod_expr(def.body());
                self.params.truncate(outer_params);
                ItemKind::Module(ModuleItem {
                    name: name_of(def.name()),
                    params,
                    sig,
                    body,
                })
            }
            ast::Decl::ModuleTypeDef(def) => ItemKind::ModuleType(ModuleTypeItem {
                name: name_of(def.name()),
                sig: self.sig(def.sig()),
            }),
            ast::Decl::OpenDecl(open) => ItemKind::Open(self.mod_expr(open.mod_expr())),
            ast::Decl::ImportDecl(import) => ItemKind::Import(import_path(import.path())),
            ast::Decl::LocalDecl(_) => unreachable!("handled above"),
        };
        self.current_item = outer_item;
        self.tree.items[idx.0 as usize].kind = kind;
        Some(idx)
    }

    fn type_item(&mut self, def: &ast::TypeDef) -> TypeItem {
        TypeItem {
            name: name_of(def.name()),
            liftedness: def.liftedness(),
            params: def
                .type_params()
                .filter_map(|p| lower_type_param(&p))
                .collect(),
            ty: Some(self.lowerer.lower_type_opt(def.ty())),
        }
    }

    fn module_param(&mut self, param: ast::ModuleParam) -> ModuleParam {
        ModuleParam {
            name: name_of(param.name()),
            sig: self.sig(param.sig()),
        }
    }

    fn mod_expr(&mut self, expr: Option<ast::ModExpr>) -> ModExpr {
        use ast::ModExpr as M;
        match expr {
            None => ModExpr::Missing,
            Some(M::ModPath(m)) => path_of(m.path()).map_or(ModExpr::Missing, ModExpr::Path),
            Some(M::ModParen(m)) => self.mod_expr(m.inner()),
            Some(M::ModStruct(m)) => {
                let idx = StructIdx(self.tree.structs.len() as u32);
                self.tree.structs.push(StructData {
                    items: Vec::new(),
                    enclosing: self.current_item.unwrap_or(ItemIdx(0)),
                    params: self.params.clone(),
                });
                let outer = self.container.replace(Container::Struct(idx));
                let outer_params = std::mem::take(&mut self.params);
                let items = m
                    .decls()
                    .filter_map(|decl| self.decl(decl, false))
                    .collect();
                self.params = outer_params;
                self.container = outer;
                self.tree.structs[idx.0 as usize].items = items;
                ModExpr::Struct(idx)
            }
            Some(M::ModApply(m)) => ModExpr::Apply(
                Box::new(self.mod_expr(m.functor())),
                Box::new(self.mod_expr(m.arg())),
            ),
            Some(M::ModAscription(m)) => {
                ModExpr::Ascription(Box::new(self.mod_expr(m.inner())), self.sig(m.sig()))
            }
            Some(M::ModLambda(m)) => {
                let param = match m.param() {
                    Some(param) => self.module_param(param),
                    None => ModuleParam {
                        name: None,
                        sig: SigExpr::Missing,
                    },
                };
                let sig = m.sig().map(|s| self.sig(Some(s)));
                self.params.push(param.clone());
                let body = Box::new(self.mod_expr(m.body()));
                self.params.pop();
                ModExpr::Lambda { param, sig, body }
            }
            Some(M::ModImport(m)) => ModExpr::Import(import_path(m.path())),
        }
    }

    fn sig(&mut self, sig: Option<ast::Sig>) -> SigExpr {
        use ast::Sig as S;
        match sig {
            None => SigExpr::Missing,
            Some(S::SigPath(s)) => path_of(s.path()).map_or(SigExpr::Missing, SigExpr::Path),
            Some(S::SigParen(s)) => self.sig(s.inner()),
            Some(S::SigSpecs(s)) => SigExpr::Specs(s.specs().map(|spec| self.spec(spec)).collect()),
            Some(S::SigWith(s)) => {
                let base = Box::new(self.sig(s.base()));
                let refinement = s.refinement();
                let path = refinement
                    .as_ref()
                    .and_then(|r| path_of(r.path()))
                    .unwrap_or_else(|| Path::single(Name::new("")));
                let params = refinement
                    .as_ref()
                    .map(|r| {
                        r.type_params()
                            .filter_map(|p| lower_type_param(&p))
                            .collect()
                    })
                    .unwrap_or_default();
                let ty = self.lowerer.lower_type_opt(refinement.and_then(|r| r.ty()));
                SigExpr::With {
                    base,
                    path,
                    params,
                    ty,
                }
            }
            Some(S::SigArrow(s)) => SigExpr::Arrow {
                param_name: name_of(s.param_name()),
                param: Box::new(self.sig(s.param())),
                result: Box::new(self.sig(s.result())),
            },
        }
    }

    fn spec(&mut self, spec: ast::Spec) -> SpecIdx {
        let doc = spec.doc_comment();
        let node = spec.syntax().clone();
        let kind = match spec {
            ast::Spec::ValSpec(s) => SpecKind::Val {
                name: name_of(s.name()),
                type_params: s
                    .type_params()
                    .filter_map(|p| lower_type_param(&p))
                    .collect(),
                ty: self.lowerer.lower_type_opt(s.ty()),
            },
            ast::Spec::TypeSpec(s) => SpecKind::Type(TypeItem {
                name: name_of(s.name()),
                liftedness: s.liftedness(),
                params: s
                    .type_params()
                    .filter_map(|p| lower_type_param(&p))
                    .collect(),
                ty: None,
            }),
            ast::Spec::TypeDef(s) => SpecKind::Type(self.type_item(&s)),
            ast::Spec::ModuleSpec(s) => SpecKind::Module {
                name: name_of(s.name()),
                sig: self.sig(s.sig()),
            },
            ast::Spec::IncludeSpec(s) => SpecKind::Include(self.sig(s.sig())),
        };
        let idx = SpecIdx(self.tree.specs.len() as u32);
        self.tree.specs.push(Spec {
            kind,
            doc,
            item: self.current_item.unwrap_or(ItemIdx(0)),
            params: self.params_before,
        });
        self.source_map.specs.push(SyntaxPtr::new(&node));
        idx
    }
}
