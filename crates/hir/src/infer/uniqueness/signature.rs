//! What callers need to know about a function: which parameters it
//! consumes (its diets) and whether its results are unique (fresh).
//!
//! Uniqueness is declared: `*` in a parameter's or result's type (through
//! type abbreviations too), never inferred from use. Only the result of a
//! definition without a declared return type has its uniqueness inferred
//! from its body (see [`super::uniqueness_check`]).

use super::super::{infer_value, value_scheme};
use crate::Db;
use crate::body::value_body;
use crate::files::{FileSet, SourceFile};
use crate::item_tree::{ItemIdx, SpecIdx, SpecKind, item_tree};
use crate::name::Name;
use crate::store::{Pat, PatId, SizeRef, Store, TypeArgRef, TypeId, TypeRef};
use crate::ty::Ty;
use la_arena::ArenaMap;
use std::sync::Arc;

/// How a function uses an argument: it observes it, or consumes it
/// (a `*` parameter), or, for a tuple or record, per field.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Diet {
    Observe,
    Consume,
    Record(Vec<(Name, Diet)>),
}

impl Diet {
    /// A record of diets, `Observe` if no field is consumed.
    pub(super) fn record(fields: Vec<(Name, Diet)>) -> Diet {
        if fields.iter().all(|(_, d)| *d == Diet::Observe) {
            Diet::Observe
        } else {
            Diet::Record(fields)
        }
    }

    /// Whether anything is consumed.
    pub fn consumes(&self) -> bool {
        match self {
            Diet::Observe => false,
            Diet::Consume => true,
            Diet::Record(fields) => fields.iter().any(|(_, d)| d.consumes()),
        }
    }

    pub(super) fn field(&self, name: &Name) -> Diet {
        match self {
            Diet::Record(fields) => fields
                .iter()
                .find(|(n, _)| n == name)
                .map_or(Diet::Observe, |(_, d)| d.clone()),
            other => other.clone(),
        }
    }
}

/// The uniqueness of a result: unique (fresh, aliasing no argument) or
/// not, or per field of a tuple or record.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Uniq {
    Nonunique,
    Unique,
    Record(Vec<(Name, Uniq)>),
}

impl Uniq {
    /// Whether the whole value is unique (every field of a record).
    pub(super) fn is_unique(&self) -> bool {
        match self {
            Uniq::Nonunique => false,
            Uniq::Unique => true,
            Uniq::Record(fields) => fields.iter().all(|(_, u)| u.is_unique()),
        }
    }

    /// Whether some part is unique.
    pub(super) fn any_unique(&self) -> bool {
        match self {
            Uniq::Nonunique => false,
            Uniq::Unique => true,
            Uniq::Record(fields) => fields.iter().any(|(_, u)| u.any_unique()),
        }
    }

    fn or(&self, other: &Uniq) -> Uniq {
        match (self, other) {
            (Uniq::Unique, _) | (_, Uniq::Unique) => Uniq::Unique,
            (Uniq::Nonunique, x) | (x, Uniq::Nonunique) => x.clone(),
            (Uniq::Record(a), Uniq::Record(b)) => Uniq::Record(
                a.iter()
                    .map(|(n, u)| {
                        let v = b.iter().find(|(m, _)| m == n).map(|(_, v)| v);
                        (n.clone(), v.map_or_else(|| u.clone(), |v| u.or(v)))
                    })
                    .collect(),
            ),
        }
    }
}

/// One parameter of a function.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ParamSig {
    pub diet: Diet,
    /// For a parameter of function type: how that function uses its own
    /// arguments (a function consuming its argument may not be passed
    /// where one observing it is expected).
    pub fun_params: Vec<Diet>,
    /// For a parameter of function type: whether its written type promises
    /// a unique result (a function returning an aliased array may not be
    /// passed for it).
    pub fun_ret_unique: bool,
}

impl ParamSig {
    pub(super) fn observing() -> ParamSig {
        ParamSig {
            diet: Diet::Observe,
            fun_params: Vec::new(),
            fun_ret_unique: false,
        }
    }
}

/// A function as its callers see it: its parameters, and the uniqueness
/// of its result once all of them are given.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Signature {
    pub params: Vec<ParamSig>,
    pub ret: Uniq,
}

impl Signature {
    /// What a type alone says (arrays marked unique).
    pub(super) fn of_ty(ty: &Ty) -> Signature {
        let mut params = Vec::new();
        let mut ty = ty;
        while let Ty::Function { param, result, .. } = ty {
            params.push(ParamSig {
                diet: diet_of_ty(param),
                fun_params: fun_diets_of_ty(param),
                fun_ret_unique: false,
            });
            ty = result;
        }
        Signature {
            params,
            ret: uniq_of_ty(ty),
        }
    }

    /// A function whose type is inferred, not written: it consumes
    /// nothing and its result is not unique (uniqueness is never
    /// inferred).
    pub(super) fn observing(ty: &Ty) -> Signature {
        let mut sig = Signature::of_ty(ty);
        for param in &mut sig.params {
            param.diet = Diet::Observe;
        }
        sig.ret = Uniq::Nonunique;
        sig
    }

    /// Refines what a type says with what a declaration says about its
    /// first parameters (and the result, if those are all of them).
    pub(super) fn overlay(&mut self, declared: &Signature) {
        for (i, param) in declared.params.iter().enumerate() {
            match self.params.get_mut(i) {
                Some(slot) => {
                    slot.diet = param.diet.clone();
                    if !param.fun_params.is_empty() {
                        slot.fun_params = param.fun_params.clone();
                    }
                    slot.fun_ret_unique |= param.fun_ret_unique;
                }
                None => self.params.push(param.clone()),
            }
        }
        if declared.params.len() == self.params.len() {
            self.ret = declared.ret.clone();
        }
    }

    /// The signature left after applying `n` arguments.
    pub(super) fn drop_params(&self, n: usize) -> Signature {
        Signature {
            params: self.params.iter().skip(n).cloned().collect(),
            ret: self.ret.clone(),
        }
    }
}

/// The diet a type alone implies: unique arrays are consumed.
pub(super) fn diet_of_ty(ty: &Ty) -> Diet {
    match ty {
        Ty::Array { unique: true, .. } => Diet::Consume,
        Ty::Record(fields) => Diet::record(
            fields
                .iter()
                .map(|(name, ty)| (name.clone(), diet_of_ty(ty)))
                .collect(),
        ),
        Ty::Sum(constructors) => {
            if constructors
                .iter()
                .flat_map(|(_, payload)| payload)
                .any(|t| diet_of_ty(t).consumes())
            {
                Diet::Consume
            } else {
                Diet::Observe
            }
        }
        _ => Diet::Observe,
    }
}

/// The uniqueness a type alone implies.
pub(super) fn uniq_of_ty(ty: &Ty) -> Uniq {
    match ty {
        Ty::Array { unique: true, .. } => Uniq::Unique,
        Ty::Record(fields) => {
            let fields: Vec<(Name, Uniq)> = fields
                .iter()
                .map(|(name, ty)| (name.clone(), uniq_of_ty(ty)))
                .collect();
            if fields.iter().all(|(_, u)| *u == Uniq::Nonunique) {
                Uniq::Nonunique
            } else {
                Uniq::Record(fields)
            }
        }
        Ty::Sum(constructors) => {
            let mut arrays = constructors
                .iter()
                .flat_map(|(_, payload)| payload)
                .filter(|t| !matches!(t, Ty::Prim(_)))
                .peekable();
            if arrays.peek().is_some() && arrays.all(|t| uniq_of_ty(t).is_unique()) {
                Uniq::Unique
            } else {
                Uniq::Nonunique
            }
        }
        _ => Uniq::Nonunique,
    }
}

/// The diets of the parameters of a function type.
pub(super) fn fun_diets_of_ty(ty: &Ty) -> Vec<Diet> {
    Signature::of_ty(ty)
        .params
        .into_iter()
        .map(|p| p.diet)
        .collect()
}

/// The diet a written type declares; `lowered` is its meaning (from
/// which abbreviations' uniqueness is seen).
pub(super) fn diet_of_typeref(store: &Store, ty: TypeId, lowered: &Ty) -> Diet {
    match &store.types[ty] {
        // A primitive value has no uniqueness: `*t` for a type member that
        // is a primitive type (`*handle`, `type handle = i64`) says nothing.
        TypeRef::Unique(_) if matches!(lowered, Ty::Prim(_)) => Diet::Observe,
        TypeRef::Unique(_) => Diet::Consume,
        TypeRef::Tuple(elements) => match lowered {
            Ty::Record(fields) if fields.len() == elements.len() => Diet::record(
                elements
                    .iter()
                    .enumerate()
                    .map(|(i, &e)| {
                        let name = Name::new(&i.to_string());
                        let field = fields
                            .iter()
                            .find(|(n, _)| *n == name)
                            .map_or(Ty::Error, |(_, t)| t.clone());
                        (name, diet_of_typeref(store, e, &field))
                    })
                    .collect(),
            ),
            _ => Diet::record(
                elements
                    .iter()
                    .enumerate()
                    .map(|(i, &e)| {
                        (
                            Name::new(&i.to_string()),
                            diet_of_typeref(store, e, &Ty::Error),
                        )
                    })
                    .collect(),
            ),
        },
        TypeRef::Record(written) => {
            let field_ty = |name: &Name| match lowered {
                Ty::Record(fields) => fields
                    .iter()
                    .find(|(n, _)| n == name)
                    .map_or(Ty::Error, |(_, t)| t.clone()),
                _ => Ty::Error,
            };
            Diet::record(
                written
                    .iter()
                    .map(|(name, t)| (name.clone(), diet_of_typeref(store, *t, &field_ty(name))))
                    .collect(),
            )
        }
        // An array written without `*` is not unique, whatever its
        // elements are.
        TypeRef::Array { .. } => Diet::Observe,
        TypeRef::Apply { args, .. } if unique_argument(store, args) => Diet::Observe,
        _ => diet_of_ty(lowered),
    }
}

/// Whether a type argument is written unique (`t (*[]i32)`): uniqueness
/// does not pass through type arguments, but lowering keeps it.
fn unique_argument(store: &Store, args: &[TypeArgRef]) -> bool {
    fn has_unique(store: &Store, ty: TypeId) -> bool {
        match &store.types[ty] {
            TypeRef::Unique(_) => true,
            TypeRef::Tuple(ts) => ts.iter().any(|&t| has_unique(store, t)),
            TypeRef::Record(fs) => fs.iter().any(|(_, t)| has_unique(store, *t)),
            TypeRef::Array { element, .. } => has_unique(store, *element),
            TypeRef::Apply { args, .. } => unique_argument(store, args),
            TypeRef::Sum(cs) => cs
                .iter()
                .flat_map(|(_, ts)| ts)
                .any(|&t| has_unique(store, t)),
            _ => false,
        }
    }
    args.iter()
        .any(|a| matches!(a, TypeArgRef::Type(t) if has_unique(store, *t)))
}

/// The uniqueness a written (result) type declares.
pub(super) fn uniq_of_typeref(store: &Store, ty: TypeId, lowered: &Ty) -> Uniq {
    let field_ty = |name: &Name| match lowered {
        Ty::Record(fields) => fields
            .iter()
            .find(|(n, _)| n == name)
            .map_or(Ty::Error, |(_, t)| t.clone()),
        _ => Ty::Error,
    };
    let from_written = match &store.types[ty] {
        TypeRef::Unique(_) if matches!(lowered, Ty::Prim(_)) => return Uniq::Nonunique,
        TypeRef::Unique(_) => return Uniq::Unique,
        TypeRef::Tuple(elements) => Uniq::Record(
            elements
                .iter()
                .enumerate()
                .map(|(i, &e)| {
                    let name = Name::new(&i.to_string());
                    let lowered = field_ty(&name);
                    (name, uniq_of_typeref(store, e, &lowered))
                })
                .collect(),
        ),
        TypeRef::Record(written) => Uniq::Record(
            written
                .iter()
                .map(|(name, t)| (name.clone(), uniq_of_typeref(store, *t, &field_ty(name))))
                .collect(),
        ),
        TypeRef::Existential { ty, .. } => uniq_of_typeref(store, *ty, lowered),
        TypeRef::Array { .. } => return Uniq::Nonunique,
        TypeRef::Apply { args, .. } if unique_argument(store, args) => return Uniq::Nonunique,
        _ => Uniq::Nonunique,
    };
    from_written.or(&uniq_of_ty(lowered))
}

/// The parameter diets of a written function type (`a -> *b -> c`).
pub(super) fn fun_diets_of_typeref(store: &Store, ty: TypeId, lowered: &Ty) -> Vec<Diet> {
    match &store.types[ty] {
        TypeRef::Function { param, result, .. } => {
            let (param_ty, result_ty) = match lowered {
                Ty::Function { param, result, .. } => ((**param).clone(), (**result).clone()),
                _ => (Ty::Error, Ty::Error),
            };
            let mut diets = vec![diet_of_typeref(store, *param, &param_ty)];
            diets.extend(fun_diets_of_typeref(store, *result, &result_ty));
            diets
        }
        TypeRef::Unique(inner) => fun_diets_of_typeref(store, *inner, lowered),
        _ => fun_diets_of_ty(lowered),
    }
}

/// Whether a written function type (`a -> *[n]b`) declares its final
/// result unique.
fn written_result_unique(store: &Store, ty: TypeId) -> bool {
    match &store.types[ty] {
        TypeRef::Function { result, .. } => match &store.types[*result] {
            TypeRef::Unique(_) => true,
            _ => written_result_unique(store, *result),
        },
        _ => false,
    }
}

/// The diet a parameter pattern declares. Only written types make a
/// parameter consumed: a unique type is never inferred.
pub(super) fn diet_of_param(store: &Store, pat: PatId, types: &ArenaMap<PatId, Ty>) -> Diet {
    let ty_of = |p: PatId| types.get(p).cloned().unwrap_or(Ty::Error);
    match &store.pats[pat] {
        Pat::Ascription { ty, .. } => diet_of_typeref(store, *ty, &ty_of(pat)),
        Pat::Attr { pat, .. } => diet_of_param(store, *pat, types),
        Pat::Tuple(elements) => Diet::record(
            elements
                .iter()
                .enumerate()
                .map(|(i, &p)| (Name::new(&i.to_string()), diet_of_param(store, p, types)))
                .collect(),
        ),
        Pat::Record(fields) => Diet::record(
            fields
                .iter()
                .map(|(name, p)| (name.clone(), diet_of_param(store, *p, types)))
                .collect(),
        ),
        _ => Diet::Observe,
    }
}

/// The signature of a parameter pattern.
pub(super) fn param_sig(store: &Store, pat: PatId, types: &ArenaMap<PatId, Ty>) -> ParamSig {
    let ty_of = |p: PatId| types.get(p).cloned().unwrap_or(Ty::Error);
    let mut inner = pat;
    while let Pat::Attr { pat, .. } = &store.pats[inner] {
        inner = *pat;
    }
    let (fun_params, fun_ret_unique) = match &store.pats[inner] {
        Pat::Ascription { ty, .. } => (
            fun_diets_of_typeref(store, *ty, &ty_of(inner)),
            written_result_unique(store, *ty),
        ),
        _ => (fun_diets_of_ty(&ty_of(inner)), false),
    };
    ParamSig {
        diet: diet_of_param(store, pat, types),
        fun_params,
        fun_ret_unique,
    }
}

/// The result type of a function type after `n` parameters.
pub(super) fn peel(ty: &Ty, n: usize) -> Ty {
    let mut ty = ty;
    for _ in 0..n {
        match ty {
            Ty::Function { result, .. } => ty = result,
            _ => return Ty::Error,
        }
    }
    ty.clone()
}

/// The signature of a definition: its parameters' declared diets and its
/// result's declared (or, without a declaration, inferred) uniqueness.
#[salsa::tracked(returns(clone), cycle_result = def_signature_cycle)]
pub fn def_signature(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    item: ItemIdx,
) -> Arc<Signature> {
    let body = value_body(db, file, item);
    let inference = infer_value(db, file_set, file, item);
    let params: Vec<ParamSig> = body
        .params
        .iter()
        .map(|&p| param_sig(&body.store, p, &inference.pat_types))
        .collect();
    let ret = match body.ret {
        Some(ret) => {
            let scheme = value_scheme(db, file_set, file, item);
            uniq_of_typeref(&body.store, ret, &peel(&scheme.ty, params.len()))
        }
        None if params.is_empty() => Uniq::Nonunique,
        None => super::uniqueness_check(db, file_set, file, item)
            .inferred_ret
            .clone()
            .unwrap_or(Uniq::Nonunique),
    };
    Arc::new(Signature { params, ret })
}

fn def_signature_cycle(
    _db: &dyn Db,
    _id: salsa::Id,
    _file_set: FileSet,
    _file: SourceFile,
    _item: ItemIdx,
) -> Arc<Signature> {
    Arc::new(Signature {
        params: Vec::new(),
        ret: Uniq::Nonunique,
    })
}

/// The signature a `val` specification declares, seen through the type
/// it has where it is used (`instantiated`).
pub(super) fn spec_signature(
    db: &dyn Db,
    file: SourceFile,
    spec: SpecIdx,
    instantiated: &Ty,
) -> Signature {
    let tree = item_tree(db, file);
    let SpecKind::Val { ty, .. } = &tree.spec(spec).kind else {
        return Signature::of_ty(instantiated);
    };
    sig_of_typeref(&tree.store, *ty, instantiated)
}

/// The signature a written function type declares (`lowered` is its
/// meaning).
pub(super) fn sig_of_typeref(store: &Store, ty: TypeId, lowered: &Ty) -> Signature {
    let mut params = Vec::new();
    let mut written = ty;
    let mut lowered = lowered.clone();
    loop {
        match &store.types[written] {
            TypeRef::Function { param, result, .. } => {
                let (param_ty, result_ty) = match &lowered {
                    Ty::Function { param, result, .. } => ((**param).clone(), (**result).clone()),
                    _ => (Ty::Error, Ty::Error),
                };
                params.push(ParamSig {
                    diet: diet_of_typeref(store, *param, &param_ty),
                    fun_params: fun_diets_of_typeref(store, *param, &param_ty),
                    fun_ret_unique: written_result_unique(store, *param),
                });
                written = *result;
                lowered = result_ty;
            }
            TypeRef::Path(_) | TypeRef::Apply { .. } if matches!(lowered, Ty::Function { .. }) => {
                // An abbreviation of a function type: what its meaning says.
                let rest = Signature::of_ty(&lowered);
                params.extend(rest.params);
                return Signature {
                    params,
                    ret: rest.ret,
                };
            }
            _ => break,
        }
    }
    Signature {
        params,
        ret: uniq_of_typeref(store, written, &lowered),
    }
}

/// The expressions of sizes in a written type (`[n + 1]i32`).
pub(super) fn size_exprs(store: &Store, ty: TypeId, out: &mut Vec<crate::store::ExprId>) {
    match &store.types[ty] {
        TypeRef::Array { size, element } => {
            if let SizeRef::Expr(e) = size {
                out.push(*e);
            }
            size_exprs(store, *element, out);
        }
        TypeRef::Tuple(elements) => elements.iter().for_each(|&t| size_exprs(store, t, out)),
        TypeRef::Record(fields) => fields.iter().for_each(|(_, t)| size_exprs(store, *t, out)),
        TypeRef::Unique(inner) => size_exprs(store, *inner, out),
        TypeRef::Sum(constructors) => constructors
            .iter()
            .flat_map(|(_, ts)| ts)
            .for_each(|&t| size_exprs(store, t, out)),
        TypeRef::Apply { head, args } => {
            size_exprs(store, *head, out);
            for arg in args {
                match arg {
                    TypeArgRef::Size(SizeRef::Expr(e)) => out.push(*e),
                    TypeArgRef::Type(t) => size_exprs(store, *t, out),
                    TypeArgRef::Size(SizeRef::Anonymous) => {}
                }
            }
        }
        TypeRef::Function { param, result, .. } => {
            size_exprs(store, *param, out);
            size_exprs(store, *result, out);
        }
        TypeRef::Existential { ty, .. } => size_exprs(store, *ty, out),
        TypeRef::Missing | TypeRef::Path(_) => {}
    }
}

/// The size expressions in the types of a pattern.
pub(super) fn pattern_size_exprs(store: &Store, pat: PatId, out: &mut Vec<crate::store::ExprId>) {
    match &store.pats[pat] {
        Pat::Ascription { pat, ty } => {
            pattern_size_exprs(store, *pat, out);
            size_exprs(store, *ty, out);
        }
        Pat::Attr { pat, .. } => pattern_size_exprs(store, *pat, out),
        Pat::Tuple(elements) => elements
            .iter()
            .for_each(|&p| pattern_size_exprs(store, p, out)),
        Pat::Record(fields) => fields
            .iter()
            .for_each(|(_, p)| pattern_size_exprs(store, *p, out)),
        Pat::Constr { payload, .. } => payload
            .iter()
            .for_each(|&p| pattern_size_exprs(store, p, out)),
        Pat::Missing | Pat::Name(_) | Pat::Wildcard | Pat::Literal { .. } => {}
    }
}
