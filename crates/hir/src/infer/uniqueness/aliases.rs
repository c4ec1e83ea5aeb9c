//! Alias sets shaped like types: a value of a record type has an alias
//! set per field, so that `let (a, b) = (xs, ys)` makes `a` alias only
//! `xs` (the paper's "n values, each with its alias set", extended to
//! records and sum types).

use crate::name::Name;
use crate::ty::Ty;
use std::collections::{BTreeMap, BTreeSet};

/// A variable of the checker: a binding, a definition's constant, or the
/// anonymous result of an application or loop.
pub(super) type VarId = u32;

/// A variable a value may share memory with, or the part of it at a
/// path of record fields (a record's fields do not alias each other).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) struct Alias {
    pub(super) var: VarId,
    pub(super) path: Vec<Name>,
}

impl Alias {
    /// All of a variable.
    pub(super) fn whole(var: VarId) -> Alias {
        Alias {
            var,
            path: Vec::new(),
        }
    }
}

/// What a value may share memory with.
pub(super) type Aliases = BTreeSet<Alias>;

/// A set of variables.
pub(super) type Vars = BTreeSet<VarId>;

/// The variables of some aliases.
pub(super) fn vars(aliases: &Aliases) -> Vars {
    aliases.iter().map(|a| a.var).collect()
}

/// The aliases of one variable.
pub(super) fn single(var: VarId) -> Aliases {
    Aliases::from([Alias::whole(var)])
}

/// What a leaf of an alias type stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LeafKind {
    Array,
    /// A type parameter, abstract or unknown type: it may be an array,
    /// or contain several.
    Opaque,
    /// A function value: its aliases are those of its closure.
    Function,
}

/// The aliases of a value, per component of its type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum At {
    /// A primitive value: it aliases nothing.
    Prim,
    Leaf(LeafKind, Aliases),
    Record(Vec<(Name, At)>),
    Sum(Vec<(Name, Vec<At>)>),
}

impl At {
    /// A value of type `ty` whose every component aliases `aliases`.
    pub(super) fn of_ty(ty: &Ty, aliases: &Aliases) -> At {
        match ty {
            Ty::Prim(_) => At::Prim,
            Ty::Array { .. } => At::Leaf(LeafKind::Array, aliases.clone()),
            Ty::Function { .. } => At::Leaf(LeafKind::Function, aliases.clone()),
            Ty::Record(fields) => At::Record(
                fields
                    .iter()
                    .map(|(name, ty)| (name.clone(), At::of_ty(ty, aliases)))
                    .collect(),
            ),
            Ty::Sum(constructors) => At::Sum(
                constructors
                    .iter()
                    .map(|(name, payload)| {
                        (
                            name.clone(),
                            payload.iter().map(|t| At::of_ty(t, aliases)).collect(),
                        )
                    })
                    .collect(),
            ),
            Ty::Param(_) | Ty::Abstract(..) | Ty::Var(_) | Ty::Error => {
                At::Leaf(LeafKind::Opaque, aliases.clone())
            }
        }
    }

    /// Everything any component aliases.
    pub(super) fn all(&self) -> Aliases {
        let mut out = Aliases::new();
        self.each_leaf(&mut |_, aliases| out.extend(aliases.iter().cloned()));
        out
    }

    /// What the array (and possibly-array) components alias, leaving out
    /// the closures of function components.
    pub(super) fn array_aliases(&self) -> Aliases {
        let mut out = Aliases::new();
        self.each_leaf(&mut |kind, aliases| {
            if kind != LeafKind::Function {
                out.extend(aliases.iter().cloned());
            }
        });
        out
    }

    fn each_leaf(&self, f: &mut impl FnMut(LeafKind, &Aliases)) {
        match self {
            At::Prim => {}
            At::Leaf(kind, aliases) => f(*kind, aliases),
            At::Record(fields) => fields.iter().for_each(|(_, at)| at.each_leaf(f)),
            At::Sum(constructors) => constructors
                .iter()
                .flat_map(|(_, payload)| payload)
                .for_each(|at| at.each_leaf(f)),
        }
    }

    /// The same shape with every leaf's aliases replaced.
    pub(super) fn map_leaves(&self, f: &mut impl FnMut(LeafKind, &Aliases) -> Aliases) -> At {
        match self {
            At::Prim => At::Prim,
            At::Leaf(kind, aliases) => At::Leaf(*kind, f(*kind, aliases)),
            At::Record(fields) => At::Record(
                fields
                    .iter()
                    .map(|(name, at)| (name.clone(), at.map_leaves(f)))
                    .collect(),
            ),
            At::Sum(constructors) => At::Sum(
                constructors
                    .iter()
                    .map(|(name, payload)| {
                        (
                            name.clone(),
                            payload.iter().map(|at| at.map_leaves(f)).collect(),
                        )
                    })
                    .collect(),
            ),
        }
    }

    /// Every component also aliases its own part of `var` (a variable
    /// aliases itself).
    pub(super) fn with_self(&self, var: VarId) -> At {
        self.with_self_at(var, &mut Vec::new(), None)
    }

    /// Like [`Self::with_self`], for array components only.
    pub(super) fn with_self_arrays(&self, var: VarId) -> At {
        self.with_self_at(var, &mut Vec::new(), Some(LeafKind::Array))
    }

    fn with_self_at(&self, var: VarId, path: &mut Vec<Name>, only: Option<LeafKind>) -> At {
        match self {
            At::Prim => At::Prim,
            At::Leaf(kind, aliases) => {
                let mut aliases = aliases.clone();
                if only.is_none_or(|k| k == *kind) {
                    aliases.insert(Alias {
                        var,
                        path: path.clone(),
                    });
                }
                At::Leaf(*kind, aliases)
            }
            At::Record(fields) => At::Record(
                fields
                    .iter()
                    .map(|(name, at)| {
                        path.push(name.clone());
                        let at = at.with_self_at(var, path, only);
                        path.pop();
                        (name.clone(), at)
                    })
                    .collect(),
            ),
            At::Sum(constructors) => At::Sum(
                constructors
                    .iter()
                    .map(|(name, payload)| {
                        (
                            name.clone(),
                            payload
                                .iter()
                                .map(|at| at.with_self_at(var, path, only))
                                .collect(),
                        )
                    })
                    .collect(),
            ),
        }
    }

    /// The same shape, aliasing nothing (a fresh value).
    pub(super) fn cleared(&self) -> At {
        self.map_leaves(&mut |_, _| Aliases::new())
    }

    /// Without the given variables.
    pub(super) fn without(&self, gone: &Vars) -> At {
        self.map_leaves(&mut |_, aliases| {
            aliases
                .iter()
                .filter(|a| !gone.contains(&a.var))
                .cloned()
                .collect()
        })
    }

    /// The value of either of two branches: component-wise union.
    pub(super) fn combine(&self, other: &At) -> At {
        match (self, other) {
            (At::Prim, At::Prim) => At::Prim,
            (At::Leaf(kind, a), other) | (other, At::Leaf(kind, a)) => {
                At::Leaf(*kind, a.union(&other.all()).cloned().collect())
            }
            (At::Record(a), At::Record(b))
                if a.len() == b.len() && a.iter().all(|(n, _)| b.iter().any(|(m, _)| m == n)) =>
            {
                At::Record(
                    a.iter()
                        .map(|(name, x)| {
                            let y = b.iter().find(|(m, _)| m == name).map(|(_, y)| y);
                            (name.clone(), y.map_or_else(|| x.clone(), |y| x.combine(y)))
                        })
                        .collect(),
                )
            }
            (At::Sum(a), At::Sum(b))
                if a.len() == b.len()
                    && a.iter()
                        .all(|(n, xs)| b.iter().any(|(m, ys)| m == n && ys.len() == xs.len())) =>
            {
                At::Sum(
                    a.iter()
                        .map(|(name, xs)| {
                            let ys = &b.iter().find(|(m, _)| m == name).expect("checked").1;
                            (
                                name.clone(),
                                xs.iter().zip(ys).map(|(x, y)| x.combine(y)).collect(),
                            )
                        })
                        .collect(),
                )
            }
            (a, b) => {
                let all: Aliases = a.all().union(&b.all()).cloned().collect();
                if all.is_empty() && matches!(a, At::Prim) {
                    At::Prim
                } else {
                    At::Leaf(LeafKind::Opaque, all)
                }
            }
        }
    }

    /// The aliases of a field of a record value.
    pub(super) fn field(&self, name: &Name) -> At {
        match self {
            At::Record(fields) => fields
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, at)| at.clone())
                .unwrap_or(At::Prim),
            At::Prim => At::Prim,
            other => At::Leaf(LeafKind::Opaque, other.all()),
        }
    }

    /// The components of a value passed for one parameter, which must not
    /// alias each other if the parameter is consumed.
    pub(super) fn parts(&self) -> Vec<Aliases> {
        match self {
            At::Record(fields) => fields.iter().flat_map(|(_, at)| at.parts()).collect(),
            other => vec![other.all()],
        }
    }

    /// The variables aliased by more than one component (an opaque
    /// component counts as several).
    pub(super) fn aliased_more_than_once(&self) -> Vars {
        fn count(at: &At, counts: &mut BTreeMap<VarId, u32>) {
            match at {
                At::Record(fields) => fields.iter().for_each(|(_, at)| count(at, counts)),
                At::Leaf(LeafKind::Opaque, aliases) => {
                    for v in vars(aliases) {
                        *counts.entry(v).or_default() += 2;
                    }
                }
                other => {
                    for v in vars(&other.all()) {
                        *counts.entry(v).or_default() += 1;
                    }
                }
            }
        }
        let mut counts = BTreeMap::new();
        count(self, &mut counts);
        counts
            .into_iter()
            .filter(|&(_, n)| n > 1)
            .map(|(v, _)| v)
            .collect()
    }

    /// `value with f.g = v`: the record with the field's aliases replaced.
    pub(super) fn update_field(&self, path: &[Name], value: &At) -> At {
        match (path, self) {
            ([], _) => value.clone(),
            ([first, rest @ ..], At::Record(fields)) => At::Record(
                fields
                    .iter()
                    .map(|(name, at)| {
                        if name == first {
                            (name.clone(), at.update_field(rest, value))
                        } else {
                            (name.clone(), at.clone())
                        }
                    })
                    .collect(),
            ),
            (_, other) => other.combine(value),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Alias, At, LeafKind, single};
    use crate::name::Name;
    use crate::ty::{PrimType, Size, Ty};

    fn array() -> Ty {
        Ty::array_of(Ty::Prim(PrimType::I32), Size::Const(3))
    }

    #[test]
    fn a_record_variable_aliases_each_field_separately() {
        let ty = Ty::tuple(vec![array(), array()]);
        let at = At::of_ty(&ty, &Default::default()).with_self(7);
        let parts = at.parts();
        assert_eq!(parts.len(), 2);
        assert!(parts[0].is_disjoint(&parts[1]), "{parts:?}");
        assert_eq!(
            at.field(&Name::new("1")).all(),
            [Alias {
                var: 7,
                path: vec![Name::new("1")]
            }]
            .into()
        );
    }

    #[test]
    fn branches_combine_per_field_and_primitives_alias_nothing() {
        let ty = Ty::tuple(vec![array(), Ty::Prim(PrimType::Bool)]);
        let a = At::of_ty(&ty, &single(1));
        let b = At::of_ty(&ty, &single(2));
        let both = a.combine(&b);
        assert_eq!(both.field(&Name::new("0")).all().len(), 2);
        assert_eq!(both.field(&Name::new("1")), At::Prim);
        assert!(both.without(&[1].into()).all().iter().all(|a| a.var == 2));
    }

    #[test]
    fn opaque_parts_count_as_aliased_more_than_once() {
        let at = At::Record(vec![
            (Name::new("0"), At::Leaf(LeafKind::Opaque, single(3))),
            (Name::new("1"), At::Leaf(LeafKind::Array, single(4))),
        ]);
        assert_eq!(at.aliased_more_than_once(), [3].into());
    }
}
