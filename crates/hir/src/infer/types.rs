//! From written types (`TypeRef`s) to semantic types: resolving type names
//! (primitive types, type parameters, abbreviations with their arguments,
//! abstract types) and reading sizes.

use super::{InferCtx, Location, substitute};
use crate::Db;
use crate::files::{FileSet, SourceFile};
use crate::item_tree::{ItemIdx, ItemKind, SpecKind, TypeItem, item_tree};
use crate::name::{Name, Path};
use crate::resolve::{Resolver, Scope, TypeDefRef};
use crate::store::{Expr, Literal, SizeRef, Store, TypeArgRef, TypeId, TypeParam, TypeRef};
use crate::ty::{Size, Ty};
use std::sync::Arc;

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
    let type_params: Vec<Name> = item
        .params
        .iter()
        .filter_map(|p| match p {
            TypeParam::Type(name, _) => Some(name.clone()),
            TypeParam::Size(_) => None,
        })
        .collect();
    let mut lowering = TypeLowering {
        resolver,
        scope,
        store,
        type_params: &type_params,
        errors: Vec::new(),
        next_unknown: 0,
    };
    let ty = match item.ty {
        Some(ty) => lowering.lower(ty),
        // An abstract type in a module type.
        None => Ty::Abstract(item.name.clone().unwrap_or_else(|| Name::new("?"))),
    };
    Abbreviation {
        params: item.params.clone(),
        ty,
        errors: lowering.errors,
    }
}

/// Converts written types of one store.
pub(crate) struct TypeLowering<'s, 'db> {
    pub resolver: Resolver<'db>,
    pub scope: Scope,
    pub store: &'s Store,
    /// Type parameters in scope; they become `Ty::Param`.
    pub type_params: &'s [Name],
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
                            .push((id, format!("Field \"{name}\" defined more than once.")));
                        continue;
                    }
                    lowered.push((name.clone(), self.lower(*ty)));
                }
                Ty::record(lowered)
            }
            TypeRef::Array { size, element } => {
                let element = self.lower(*element);
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
            TypeRef::Existential { ty, .. } => self.lower(*ty),
        }
    }

    fn size(&mut self, size: &SizeRef) -> Size {
        match size {
            SizeRef::Anonymous => self.unknown(),
            SizeRef::Expr(e) => match &self.store.exprs[*e] {
                Expr::Path(path) if path.is_single() => Size::Named(path.last().clone()),
                Expr::Literal(Literal::Int { value, .. }) => match u64::try_from(*value) {
                    Ok(n) => Size::Const(n),
                    Err(_) => self.unknown(),
                },
                _ => self.unknown(),
            },
        }
    }

    fn unknown(&mut self) -> Size {
        // Item-level types have no inference table; distinct numbers are
        // enough, as unknown sizes unify with anything.
        self.next_unknown += 1;
        Size::Unknown(u32::MAX - self.next_unknown)
    }

    /// A type name applied to `args`.
    fn named(&mut self, id: TypeId, path: &Path, args: &[TypeArgRef]) -> Ty {
        if path.is_single() && self.type_params.contains(path.last()) {
            if !args.is_empty() {
                self.errors.push((
                    id,
                    format!("Type parameter \"{}\" cannot take arguments.", path.last()),
                ));
            }
            return Ty::Param(path.last().clone());
        }
        let Some(target) = self.resolver.resolve_type_path(self.scope, path) else {
            self.errors.push((id, format!("Unknown type \"{path}\".")));
            return Ty::Error;
        };
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
            TypeDefRef::Spec(file, spec) => {
                let tree = item_tree(self.resolver.db, file);
                let SpecKind::Type(type_item) = &tree.spec(spec).kind else {
                    return Ty::Error;
                };
                let scope = Scope { file, item: None };
                Arc::new(lower_type_item(
                    self.resolver,
                    scope,
                    &tree.store,
                    type_item,
                ))
            }
        };
        if abbreviation.params.len() != args.len() {
            self.errors.push((
                id,
                format!(
                    "Type \"{path}\" takes {} arguments, but is given {}.",
                    abbreviation.params.len(),
                    args.len()
                ),
            ));
            return Ty::Error;
        }
        let mut types = Vec::new();
        let mut sizes = Vec::new();
        for (param, arg) in abbreviation.params.iter().zip(args) {
            match (param, arg) {
                (TypeParam::Type(name, _), TypeArgRef::Type(ty)) => {
                    types.push((name.clone(), self.lower(*ty)));
                }
                (TypeParam::Size(name), TypeArgRef::Size(size)) => {
                    sizes.push((name.clone(), self.size(size)));
                }
                (TypeParam::Type(name, _), TypeArgRef::Size(_)) => {
                    self.errors.push((
                        id,
                        format!("Type argument expected for parameter \"{name}\", but got a size."),
                    ));
                    return Ty::Error;
                }
                (TypeParam::Size(name), TypeArgRef::Type(_)) => {
                    self.errors.push((
                        id,
                        format!("Size argument expected for parameter \"{name}\", but got a type."),
                    ));
                    return Ty::Error;
                }
            }
        }
        substitute(&abbreviation.ty, &types, &sizes)
    }
}

impl InferCtx<'_, '_> {
    /// A written type in the definition being checked.
    pub(crate) fn lower_type(&mut self, id: TypeId) -> Ty {
        let type_params = self.type_params.clone();
        let mut lowering = TypeLowering {
            resolver: self.resolver,
            scope: self.scope,
            store: &self.body.store,
            type_params: &type_params,
            errors: Vec::new(),
            next_unknown: 0,
        };
        let ty = lowering.lower(id);
        let errors = lowering.errors;
        for (at, message) in errors {
            self.error(Location::Type(at), message);
        }
        self.fresh_unknown_sizes(ty)
    }

    /// Gives each unknown size of a written type its own number.
    fn fresh_unknown_sizes(&mut self, ty: Ty) -> Ty {
        match ty {
            Ty::Array {
                element,
                shape,
                unique,
            } => Ty::Array {
                element: Box::new(self.fresh_unknown_sizes(*element)),
                shape: shape
                    .into_iter()
                    .map(|s| match s {
                        Size::Unknown(_) => self.table.fresh_size(),
                        other => other,
                    })
                    .collect(),
                unique,
            },
            Ty::Record(fields) => Ty::Record(
                fields
                    .into_iter()
                    .map(|(n, t)| (n, self.fresh_unknown_sizes(t)))
                    .collect(),
            ),
            Ty::Sum(cs) => Ty::Sum(
                cs.into_iter()
                    .map(|(n, ts)| {
                        (
                            n,
                            ts.into_iter()
                                .map(|t| self.fresh_unknown_sizes(t))
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
                param_name,
                param: Box::new(self.fresh_unknown_sizes(*param)),
                result: Box::new(self.fresh_unknown_sizes(*result)),
            },
            other => other,
        }
    }
}
