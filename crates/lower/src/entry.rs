//! How entry points look from outside (the C API, its manifest and the
//! server protocol): the external types of parameters and results, the
//! names of opaque types, parameter names and uniqueness.
//!
//! An opaque type is named by the type abbreviation the entry point's
//! signature writes for it (`entry f (x: state) : state`), as upstream
//! names it; otherwise by the type written out without sizes or
//! uniqueness (`(i32, []f32)`, `{a: i32}`, `#a i32 | #b`).

use crate::types::{SumLayout, components, is_unit_only};
use hir::body::ValueBody;
use hir::store::{Pat, PatId, TypeId, TypeRef};
use hir::ty::Ty;
use opt::ir::{ExternalType, OpaqueKind, SumVariant};
use std::fmt::Write as _;

/// The external type of a value of type `ty`; `written` is the name of
/// the abbreviation the signature uses for it.
pub fn external_type(ty: &Ty, written: Option<String>) -> Result<ExternalType, String> {
    let parts = components(ty)?;
    let direct = match ty {
        Ty::Prim(_) => true,
        Ty::Array { element, .. } => matches!(**element, Ty::Prim(_)),
        _ => false,
    };
    if direct && parts.len() == 1 {
        return Ok(ExternalType::Direct {
            element: parts[0].element,
            rank: parts[0].rank,
        });
    }
    let kind = match ty {
        Ty::Record(fields) => OpaqueKind::Record(
            fields
                .iter()
                .map(|(name, field)| Ok((name.to_string(), external_type(field, None)?)))
                .collect::<Result<_, String>>()?,
        ),
        Ty::Sum(constructors) => {
            let layout = SumLayout::of(ty)?;
            OpaqueKind::Sum(
                constructors
                    .iter()
                    .zip(&layout.constructors)
                    .map(|((name, payload), (_, slots))| {
                        Ok(SumVariant {
                            name: name.to_string(),
                            payload: payload
                                .iter()
                                .map(|t| external_type(t, None))
                                .collect::<Result<_, String>>()?,
                            // Component 0 is the tag.
                            components: slots.iter().map(|slot| slot + 1).collect(),
                        })
                    })
                    .collect::<Result<_, String>>()?,
            )
        }
        _ => OpaqueKind::Other,
    };
    Ok(ExternalType::Opaque {
        name: written.unwrap_or_else(|| type_name(ty)),
        components: parts.len(),
        kind,
    })
}

/// The external type of an entry point's result of type `ty`: one that
/// holds nothing but empty records has no components, as upstream
/// returns no value for it.
pub fn external_result_type(ty: &Ty, written: Option<String>) -> Result<ExternalType, String> {
    if !is_unit_only(ty) {
        return external_type(ty, written);
    }
    Ok(ExternalType::Opaque {
        name: written.unwrap_or_else(|| type_name(ty)),
        components: 0,
        kind: match ty {
            Ty::Record(_) => OpaqueKind::Record(Vec::new()),
            _ => OpaqueKind::Other,
        },
    })
}

/// `ty` written without sizes and uniqueness, as the server protocol
/// names types.
pub fn type_name(ty: &Ty) -> String {
    let mut out = String::new();
    write_type(&mut out, ty, false);
    out
}

fn write_type(out: &mut String, ty: &Ty, atomic: bool) {
    match ty {
        Ty::Prim(prim) => out.push_str(prim.name()),
        Ty::Array { element, shape, .. } => {
            for _ in shape {
                out.push_str("[]");
            }
            write_type(out, element, true);
        }
        Ty::Record(fields) => {
            if let Some(elements) = ty.tuple_elements() {
                out.push('(');
                for (i, element) in elements.into_iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    write_type(out, element, false);
                }
                out.push(')');
                return;
            }
            out.push('{');
            for (i, (name, field)) in fields.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                let _ = write!(out, "{name}: ");
                write_type(out, field, false);
            }
            out.push('}');
        }
        Ty::Sum(constructors) => {
            if atomic {
                out.push('(');
            }
            for (i, (name, payload)) in constructors.iter().enumerate() {
                if i > 0 {
                    out.push_str(" | ");
                }
                let _ = write!(out, "#{name}");
                for t in payload {
                    out.push(' ');
                    write_type(out, t, true);
                }
            }
            if atomic {
                out.push(')');
            }
        }
        other => {
            let _ = write!(out, "{other}");
        }
    }
}

/// Whether a value of type `ty` is unique: some array in it is.
pub fn is_unique(ty: &Ty) -> bool {
    match ty {
        Ty::Array { unique, .. } => *unique,
        Ty::Record(fields) => fields.iter().any(|(_, t)| is_unique(t)),
        Ty::Sum(constructors) => constructors
            .iter()
            .any(|(_, payload)| payload.iter().any(is_unique)),
        _ => false,
    }
}

/// The name of a plain parameter pattern (`x`, `(x: t)`).
pub fn param_name(body: &ValueBody, pat: PatId) -> Option<String> {
    match &body.store.pats[pat] {
        Pat::Name(name) => Some(name.to_string()),
        Pat::Ascription { pat, .. } | Pat::Attr { pat, .. } => param_name(body, *pat),
        _ => None,
    }
}

/// The abbreviation a parameter pattern's type is written as, if any.
pub fn param_type_name(body: &ValueBody, pat: PatId) -> Option<String> {
    match &body.store.pats[pat] {
        Pat::Ascription { ty, .. } => written_name(body, *ty),
        Pat::Attr { pat, .. } => param_type_name(body, *pat),
        _ => None,
    }
}

/// The abbreviations the written result type gives for each of `count`
/// results (the elements of a written tuple when there are several).
pub fn result_type_names(body: &ValueBody, count: usize) -> Vec<Option<String>> {
    let mut names = vec![None; count];
    let Some(ret) = body.ret else {
        return names;
    };
    if count == 1 {
        names[0] = written_name(body, ret);
    } else if let TypeRef::Tuple(elements) = &body.store.types[unwrap_unique(body, ret)]
        && elements.len() == count
    {
        for (name, &element) in names.iter_mut().zip(elements) {
            *name = written_name(body, element);
        }
    }
    names
}

fn unwrap_unique(body: &ValueBody, ty: TypeId) -> TypeId {
    match &body.store.types[ty] {
        TypeRef::Unique(inner) => unwrap_unique(body, *inner),
        _ => ty,
    }
}

/// A type written as a name (possibly qualified, `m.t`).
fn written_name(body: &ValueBody, ty: TypeId) -> Option<String> {
    match &body.store.types[unwrap_unique(body, ty)] {
        TypeRef::Path(path) => Some(path.to_string()),
        _ => None,
    }
}
