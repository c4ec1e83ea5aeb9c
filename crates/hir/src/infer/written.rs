//! Rules about written types that need no inference: names bound twice
//! in one type, anonymous sizes where nothing determines them, size
//! parameters a type abbreviation never uses.

use crate::item_tree::{SpecKind, TypeItem, item_tree};
use crate::name::{Name, Path};
use crate::resolve::{Resolver, Scope, TypeDefRef};
use crate::store::{Expr, ExprId, SizeRef, Store, TypeArgRef, TypeId, TypeParam, TypeRef};

/// A parameter name (`(n: i64) -> ...`) or existential size (`?[n].t`)
/// bound again inside its own scope: the inner type and the name.
pub(crate) fn duplicate_binder(store: &Store, ty: TypeId) -> Option<(TypeId, Name)> {
    fn walk(store: &Store, ty: TypeId, seen: &mut Vec<Name>) -> Option<(TypeId, Name)> {
        let mark = seen.len();
        let found = match &store.types[ty] {
            TypeRef::Function {
                param_name,
                param,
                result,
            } => match param_name {
                Some(name) if seen.contains(name) => Some((ty, name.clone())),
                _ => {
                    seen.extend(param_name.iter().cloned());
                    walk(store, *param, seen).or_else(|| walk(store, *result, seen))
                }
            },
            TypeRef::Existential { sizes, ty: inner } => {
                match sizes
                    .iter()
                    .enumerate()
                    .find(|(i, n)| seen.contains(n) || sizes[..*i].contains(n))
                {
                    Some((_, name)) => Some((ty, name.clone())),
                    None => {
                        seen.extend(sizes.iter().cloned());
                        walk(store, *inner, seen)
                    }
                }
            }
            TypeRef::Tuple(elements) => elements.iter().find_map(|t| walk(store, *t, seen)),
            TypeRef::Record(fields) => fields.iter().find_map(|(_, t)| walk(store, *t, seen)),
            TypeRef::Sum(constructors) => constructors
                .iter()
                .flat_map(|(_, ts)| ts)
                .find_map(|t| walk(store, *t, seen)),
            TypeRef::Unique(inner) => walk(store, *inner, seen),
            TypeRef::Apply { head, args } => walk(store, *head, seen).or_else(|| {
                args.iter().find_map(|a| match a {
                    TypeArgRef::Type(t) => walk(store, *t, seen),
                    TypeArgRef::Size(_) => None,
                })
            }),
            TypeRef::Array { .. } | TypeRef::Path(_) | TypeRef::Missing => None,
        };
        seen.truncate(mark);
        found
    }
    walk(store, ty, &mut Vec::new())
}

/// The message for [`duplicate_binder`].
pub(crate) fn duplicate_binder_message(name: &Name) -> String {
    format!("Name \"{name}\" also bound in an enclosing part of this type.")
}

/// An anonymous size (`[]`) in the parameter type of a function type:
/// nothing determines it, since a function's parameter sizes come from
/// its arguments, which its type does not name. Returns the array type
/// (or applied type) with the anonymous size.
pub(crate) fn anonymous_in_parameter(store: &Store, ty: TypeId) -> Option<TypeId> {
    fn anonymous(store: &Store, ty: TypeId) -> Option<TypeId> {
        match &store.types[ty] {
            TypeRef::Array { size, element } => match size {
                SizeRef::Anonymous => Some(ty),
                SizeRef::Expr(_) => anonymous(store, *element),
            },
            TypeRef::Apply { head, args } => {
                if args
                    .iter()
                    .any(|a| matches!(a, TypeArgRef::Size(SizeRef::Anonymous)))
                {
                    return Some(ty);
                }
                anonymous(store, *head).or_else(|| {
                    args.iter().find_map(|a| match a {
                        TypeArgRef::Type(t) => anonymous(store, *t),
                        TypeArgRef::Size(_) => None,
                    })
                })
            }
            TypeRef::Function { param, result, .. } => {
                anonymous(store, *param).or_else(|| anonymous(store, *result))
            }
            TypeRef::Existential { ty, .. } | TypeRef::Unique(ty) => anonymous(store, *ty),
            TypeRef::Tuple(elements) => elements.iter().find_map(|t| anonymous(store, *t)),
            TypeRef::Record(fields) => fields.iter().find_map(|(_, t)| anonymous(store, *t)),
            TypeRef::Sum(constructors) => constructors
                .iter()
                .flat_map(|(_, ts)| ts)
                .find_map(|t| anonymous(store, *t)),
            TypeRef::Path(_) | TypeRef::Missing => None,
        }
    }
    match &store.types[ty] {
        TypeRef::Function { param, result, .. } => {
            anonymous(store, *param).or_else(|| anonymous_in_parameter(store, *result))
        }
        TypeRef::Array { element: t, .. }
        | TypeRef::Existential { ty: t, .. }
        | TypeRef::Unique(t) => anonymous_in_parameter(store, *t),
        TypeRef::Tuple(elements) => elements
            .iter()
            .find_map(|t| anonymous_in_parameter(store, *t)),
        TypeRef::Record(fields) => fields
            .iter()
            .find_map(|(_, t)| anonymous_in_parameter(store, *t)),
        TypeRef::Sum(constructors) => constructors
            .iter()
            .flat_map(|(_, ts)| ts)
            .find_map(|t| anonymous_in_parameter(store, *t)),
        TypeRef::Apply { head, args } => anonymous_in_parameter(store, *head).or_else(|| {
            args.iter().find_map(|a| match a {
                TypeArgRef::Type(t) => anonymous_in_parameter(store, *t),
                TypeArgRef::Size(_) => None,
            })
        }),
        TypeRef::Path(_) | TypeRef::Missing => None,
    }
}

/// Whether a written type has an anonymous size or an existential one
/// anywhere (`[]t`, `?[n].t`, `vec []`).
pub(crate) fn has_unnamed_size(store: &Store, ty: TypeId) -> bool {
    match &store.types[ty] {
        TypeRef::Array { size, element } => {
            matches!(size, SizeRef::Anonymous) || has_unnamed_size(store, *element)
        }
        TypeRef::Existential { .. } => true,
        TypeRef::Apply { head, args } => {
            has_unnamed_size(store, *head)
                || args.iter().any(|a| match a {
                    TypeArgRef::Size(size) => matches!(size, SizeRef::Anonymous),
                    TypeArgRef::Type(t) => has_unnamed_size(store, *t),
                })
        }
        TypeRef::Function { param, result, .. } => {
            has_unnamed_size(store, *param) || has_unnamed_size(store, *result)
        }
        TypeRef::Unique(t) => has_unnamed_size(store, *t),
        TypeRef::Tuple(elements) => elements.iter().any(|t| has_unnamed_size(store, *t)),
        TypeRef::Record(fields) => fields.iter().any(|(_, t)| has_unnamed_size(store, *t)),
        TypeRef::Sum(constructors) => constructors
            .iter()
            .flat_map(|(_, ts)| ts)
            .any(|t| has_unnamed_size(store, *t)),
        TypeRef::Path(_) | TypeRef::Missing => false,
    }
}

/// The names used in the size expressions of a written type. `None` if a
/// size expression is too complex to tell (then every name counts as
/// used).
pub(crate) fn size_names(store: &Store, ty: TypeId, out: &mut Vec<Name>) -> Option<()> {
    match &store.types[ty] {
        TypeRef::Array { size, element } => {
            if let SizeRef::Expr(e) = size {
                expr_names(store, *e, out)?;
            }
            size_names(store, *element, out)
        }
        TypeRef::Apply { head, args } => {
            size_names(store, *head, out)?;
            for arg in args {
                match arg {
                    TypeArgRef::Size(SizeRef::Expr(e)) => expr_names(store, *e, out)?,
                    TypeArgRef::Size(SizeRef::Anonymous) => {}
                    TypeArgRef::Type(t) => size_names(store, *t, out)?,
                }
            }
            Some(())
        }
        TypeRef::Function { param, result, .. } => {
            size_names(store, *param, out)?;
            size_names(store, *result, out)
        }
        TypeRef::Existential { ty, .. } | TypeRef::Unique(ty) => size_names(store, *ty, out),
        TypeRef::Tuple(elements) => elements.iter().try_for_each(|t| size_names(store, *t, out)),
        TypeRef::Record(fields) => fields
            .iter()
            .try_for_each(|(_, t)| size_names(store, *t, out)),
        TypeRef::Sum(constructors) => constructors
            .iter()
            .flat_map(|(_, ts)| ts)
            .try_for_each(|t| size_names(store, *t, out)),
        TypeRef::Path(_) | TypeRef::Missing => Some(()),
    }
}

fn expr_names(store: &Store, e: ExprId, out: &mut Vec<Name>) -> Option<()> {
    match &store.exprs[e] {
        Expr::Path(path) => {
            out.push(path.segments()[0].clone());
            Some(())
        }
        Expr::Literal(_) => Some(()),
        Expr::Binary { lhs, rhs, .. } => {
            expr_names(store, *lhs, out)?;
            expr_names(store, *rhs, out)
        }
        Expr::Negate(inner) => expr_names(store, *inner, out),
        _ => None,
    }
}

/// A type parameter named like an earlier one of the same list.
pub(crate) fn duplicate_type_param(params: &[TypeParam]) -> Option<&Name> {
    params
        .iter()
        .enumerate()
        .find(|(i, p)| {
            params[..*i].iter().any(|q| {
                q.name() == p.name()
                    && matches!(q, TypeParam::Size(_)) == matches!(p, TypeParam::Size(_))
            })
        })
        .map(|(_, p)| p.name())
}

/// Whether the type arguments of the type named `head` are parts of its
/// values (`pair ([n]i64)` for an abbreviation): not for an abstract
/// type, whose values need not hold them.
pub(crate) fn type_args_are_parts(resolver: Resolver, scope: Scope, head: &Path) -> bool {
    match resolver.resolve_type_path(scope, head) {
        Some(TypeDefRef::Spec(file, spec, _)) => !matches!(
            &item_tree(resolver.db, file).spec(spec).kind,
            SpecKind::Type(TypeItem { ty: None, .. })
        ),
        _ => true,
    }
}

/// The names written directly as array sizes (`[n]`) outside function
/// types: a value of the type determines them. `args_are_parts` says
/// whether a named type's type arguments count (see
/// [`type_args_are_parts`]).
pub(crate) fn array_dim_names(
    store: &Store,
    ty: TypeId,
    args_are_parts: &dyn Fn(&Path) -> bool,
    out: &mut Vec<Name>,
) {
    let recurse = |ty: TypeId, out: &mut Vec<Name>| array_dim_names(store, ty, args_are_parts, out);
    match &store.types[ty] {
        TypeRef::Array { size, element } => {
            if let SizeRef::Expr(e) = size
                && let Expr::Path(path) = &store.exprs[*e]
                && path.is_single()
            {
                out.push(path.last().clone());
            }
            recurse(*element, out);
        }
        TypeRef::Apply { head, args } => {
            recurse(*head, out);
            let type_args_count = match &store.types[*head] {
                TypeRef::Path(path) => args_are_parts(path),
                _ => true,
            };
            for arg in args {
                match arg {
                    TypeArgRef::Type(t) => {
                        if type_args_count {
                            recurse(*t, out);
                        }
                    }
                    // A size argument of a named type (`vec [n]`) is one of
                    // its sizes.
                    TypeArgRef::Size(SizeRef::Expr(e)) => {
                        if let Expr::Path(path) = &store.exprs[*e]
                            && path.is_single()
                        {
                            out.push(path.last().clone());
                        }
                    }
                    TypeArgRef::Size(SizeRef::Anonymous) => {}
                }
            }
        }
        TypeRef::Existential { ty, .. } | TypeRef::Unique(ty) => recurse(*ty, out),
        TypeRef::Tuple(elements) => elements.iter().for_each(|t| recurse(*t, out)),
        TypeRef::Record(fields) => fields.iter().for_each(|(_, t)| recurse(*t, out)),
        TypeRef::Sum(constructors) => constructors
            .iter()
            .flat_map(|(_, ts)| ts)
            .for_each(|t| recurse(*t, out)),
        TypeRef::Function { .. } | TypeRef::Path(_) | TypeRef::Missing => {}
    }
}

/// The unqualified type names a written type uses outside function types
/// (as the whole type, or in arrays, tuples, records and sums).
pub(crate) fn type_names_outside_functions(store: &Store, ty: TypeId, out: &mut Vec<Name>) {
    match &store.types[ty] {
        TypeRef::Path(path) => {
            if path.is_single() {
                out.push(path.last().clone());
            }
        }
        TypeRef::Apply { head, args } => {
            type_names_outside_functions(store, *head, out);
            for arg in args {
                if let TypeArgRef::Type(t) = arg {
                    type_names_outside_functions(store, *t, out);
                }
            }
        }
        TypeRef::Array { element: t, .. }
        | TypeRef::Existential { ty: t, .. }
        | TypeRef::Unique(t) => type_names_outside_functions(store, *t, out),
        TypeRef::Tuple(elements) => elements
            .iter()
            .for_each(|t| type_names_outside_functions(store, *t, out)),
        TypeRef::Record(fields) => fields
            .iter()
            .for_each(|(_, t)| type_names_outside_functions(store, *t, out)),
        TypeRef::Sum(constructors) => constructors
            .iter()
            .flat_map(|(_, ts)| ts)
            .for_each(|t| type_names_outside_functions(store, *t, out)),
        TypeRef::Function { .. } | TypeRef::Missing => {}
    }
}
