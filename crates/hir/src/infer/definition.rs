//! Rules about a definition as a whole, checked once its type is known:
//! its size parameters must be used, names may not be bound twice among
//! its parameters, and entry points must have types that can cross the
//! boundary to the outside world (monomorphic, first-order, with sizes the
//! arguments determine).

use super::types::TypeLowering;
use super::{ERROR_INDEX, InferCtx, Location, written};
use crate::name::Name;
use crate::store::{Pat, PatId, TypeId, TypeParam};
use crate::ty::{Scheme, Size, Ty, TypeArg};

impl InferCtx<'_, '_> {
    /// Checks the rules above against the definition's final type.
    pub(super) fn check_definition(&mut self, scheme: &Scheme) {
        let body = self.body;
        let at = Location::Expr(body.body);
        if let Some(name) = written::duplicate_type_param(&body.type_params) {
            self.error(
                at,
                format!("Name \"{name}\" also bound earlier among the type parameters."),
            );
            return;
        }
        if let Some(name) = self.own_name()
            && matches!(name.as_str(), "&&" | "||")
        {
            self.error(
                at,
                format!(
                    "The {name} operator may not be redefined.\n\n\
                     For more information, see:\n  {ERROR_INDEX}#may-not-be-redefined"
                ),
            );
        }
        let written_types = self.written_signature_types();
        let mut written_names = Vec::new();
        let written_known = written_types
            .iter()
            .try_for_each(|&t| written::size_names(&body.store, t, &mut written_names))
            .is_some();
        let (params, result) = unfold_function(&scheme.ty);
        let size_params: Vec<&Name> = body
            .type_params
            .iter()
            .filter_map(|p| match p {
                TypeParam::Size(n) => Some(n),
                TypeParam::Type(..) => None,
            })
            .collect();
        if body.params.is_empty() && !size_params.is_empty() {
            // `def xs [n] = ...`: a value with size parameters must not
            // hide any of its sizes (as written, or as inferred if its
            // type is not written).
            let hidden = match body.ret {
                Some(ret) => written::has_unnamed_size(&body.store, ret),
                None => has_unknown_size(&scheme.ty),
            };
            if hidden {
                self.error(
                    at,
                    "A size-polymorphic value binding may not have a type with an existential size.",
                );
                return;
            }
        }
        for name in &size_params {
            let used = params
                .iter()
                .chain(std::iter::once(&result))
                .any(|t| t.mentions_size(name));
            if !used && written_known && !written_names.contains(name) {
                self.error(
                    at,
                    format!(
                        "Size [{name}] unused in pattern.\n\n\
                         For more information, see:\n  {ERROR_INDEX}#unused-size"
                    ),
                );
                return;
            }
        }
        if self.is_entry_point() {
            self.check_entry_point(scheme, &params, &result, &size_params, &written_types);
        }
    }

    fn check_entry_point(
        &mut self,
        scheme: &Scheme,
        params: &[Ty],
        result: &Ty,
        size_params: &[&Name],
        written_types: &[TypeId],
    ) {
        let at = Location::Expr(self.body.body);
        if !scheme.type_params.is_empty() {
            self.error(
                at,
                format!(
                    "Entry point functions may not be polymorphic.\n\n\
                     For more information, see:\n  {ERROR_INDEX}#polymorphic-entry"
                ),
            );
            return;
        }
        // Anonymous sizes of the written result type that the body left
        // untouched are size parameters too (`def main (b: bool) : []i32
        // = ???`). (One the body ties to sizes of the functions it calls
        // may be determined through sizes we do not track, so only the
        // untouched ones are reported.)
        let undetermined: Vec<u32> = self
            .result_sizes
            .clone()
            .map(|v| v as u32)
            .filter(|&v| self.table.resolve_size(&Size::Var(v)) == Size::Var(v))
            .map(super::generalised_size)
            .collect();
        let mut in_params = Vec::new();
        for param in params {
            unknowns_of(param, &mut in_params);
        }
        let mut in_result = Vec::new();
        unknowns_of(result, &mut in_result);
        let only_in_result = size_params
            .iter()
            .any(|n| result.mentions_size(n) && !params.iter().any(|t| t.mentions_size(n)))
            || in_result
                .iter()
                .any(|id| undetermined.contains(id) && !in_params.contains(id));
        if only_in_result {
            self.error(
                at,
                format!(
                    "Entry point functions must not be size-polymorphic in their return type.\n\n\
                     For more information, see:\n  {ERROR_INDEX}#size-polymorphic-entry"
                ),
            );
            return;
        }
        let mut witnessed = Vec::new();
        for param in params {
            constructive_sizes(param, &mut witnessed);
        }
        for &t in written_types {
            let args_are_parts = |head: &crate::name::Path| {
                written::type_args_are_parts(self.resolver, self.scope, head)
            };
            written::array_dim_names(&self.body.store, t, &args_are_parts, &mut witnessed);
        }
        if let Some(name) = size_params.iter().find(|n| !witnessed.contains(n)) {
            self.error(
                at,
                format!(
                    "Entry point size parameter [{name}] only used non-constructively.\n\n\
                     For more information, see:\n  {ERROR_INDEX}#nonconstructive-entry"
                ),
            );
            return;
        }
        // Abstract types declared lifted may hide functions.
        let type_params: Vec<Name> = Vec::new();
        let store = &self.body.store;
        let lowering = TypeLowering::new(self.resolver, self.scope, store, &type_params);
        if written_types
            .iter()
            .any(|&t| lowering.mentions_lifted_abstract(t))
        {
            self.error(
                at,
                format!(
                    "Entry point functions may not be higher-order.\n\n\
                     For more information, see:\n  {ERROR_INDEX}#higher-order-entry"
                ),
            );
        }
    }

    /// The types written in the definition's parameters and result.
    fn written_signature_types(&self) -> Vec<TypeId> {
        let mut types: Vec<TypeId> = self.body.ret.into_iter().collect();
        types.extend(self.pattern_types(&self.body.params));
        types
    }

    /// The types written in patterns.
    pub(super) fn pattern_types(&self, pats: &[PatId]) -> Vec<TypeId> {
        let store = &self.body.store;
        let mut types = Vec::new();
        let mut pats: Vec<PatId> = pats.to_vec();
        while let Some(pat) = pats.pop() {
            match &store.pats[pat] {
                Pat::Ascription { pat, ty } => {
                    types.push(*ty);
                    pats.push(*pat);
                }
                Pat::Tuple(elements) => pats.extend(elements),
                Pat::Record(fields) => pats.extend(fields.iter().map(|(_, p)| *p)),
                Pat::Constr { payload, .. } => pats.extend(payload),
                Pat::Attr { pat, .. } => pats.push(*pat),
                Pat::Name(_) | Pat::Wildcard | Pat::Literal { .. } | Pat::Missing => {}
            }
        }
        types
    }
}

/// The parameter types of a curried function type and its final result.
fn unfold_function(ty: &Ty) -> (Vec<Ty>, Ty) {
    let mut params = Vec::new();
    let mut ty = ty;
    while let Ty::Function { param, result, .. } = ty {
        params.push((**param).clone());
        ty = result;
    }
    (params, ty.clone())
}

/// The size names a type uses directly as array sizes, outside function
/// types: a value of the type determines them.
fn constructive_sizes(ty: &Ty, out: &mut Vec<Name>) {
    match ty {
        Ty::Array { element, shape, .. } => {
            for size in shape {
                if let Size::Named(n) = size {
                    out.push(n.clone());
                }
            }
            constructive_sizes(element, out);
        }
        Ty::Record(fields) => fields.iter().for_each(|(_, t)| constructive_sizes(t, out)),
        Ty::Sum(constructors) => constructors
            .iter()
            .flat_map(|(_, ts)| ts)
            .for_each(|t| constructive_sizes(t, out)),
        // An abstract type's size arguments, not sizes inside its type
        // arguments (see `written::array_dim_names`).
        Ty::Abstract(_, _, args) => args.iter().for_each(|arg| {
            if let TypeArg::Size(Size::Named(n)) = arg {
                out.push(n.clone());
            }
        }),
        _ => {}
    }
}

/// The existential sizes of a type, also inside function types.
fn unknowns_of(ty: &Ty, out: &mut Vec<u32>) {
    super::map_unknowns(ty, &mut |id| {
        out.push(id);
        Size::Unknown(id)
    });
}

/// Whether a type has a size nobody can name.
fn has_unknown_size(ty: &Ty) -> bool {
    match ty {
        Ty::Array { element, shape, .. } => {
            shape.iter().any(|s| {
                !s.all_leaves(&mut |leaf| !matches!(leaf, Size::Unknown(_) | Size::Var(_)))
            }) || has_unknown_size(element)
        }
        Ty::Record(fields) => fields.iter().any(|(_, t)| has_unknown_size(t)),
        Ty::Sum(constructors) => constructors
            .iter()
            .flat_map(|(_, ts)| ts)
            .any(has_unknown_size),
        Ty::Abstract(_, _, args) => args.iter().any(|arg| match arg {
            TypeArg::Type(t) => has_unknown_size(t),
            TypeArg::Size(s) => {
                !s.all_leaves(&mut |leaf| !matches!(leaf, Size::Unknown(_) | Size::Var(_)))
            }
        }),
        _ => false,
    }
}
