//! Exhaustiveness of `match` and irrefutability of bound patterns, by the
//! usefulness algorithm over pattern matrices: a pattern vector is useful
//! against the rows above it if some value matches it and no row. A
//! `match` is exhaustive iff the all-wildcard vector is not useful against
//! its cases; the witness of usefulness is an example of an unmatched
//! value, which the error message shows.

use crate::name::Name;
use crate::store::{Literal, Pat, PatId, Store};
use crate::ty::{PrimType, Ty};

/// A pattern reduced to what matching depends on.
#[derive(Debug, Clone, PartialEq)]
enum Shape {
    Wild,
    /// A constructor of a sum type, `true`/`false`, or a literal of an
    /// infinite type, with sub-patterns.
    Ctor(Ctor, Vec<Shape>),
}

#[derive(Debug, Clone, PartialEq)]
enum Ctor {
    Variant(Name),
    Bool(bool),
    /// A numeric literal (never completes its type).
    Number(String),
    /// The one constructor of a record or tuple type.
    Product,
}

/// The constructors of a type, if it has finitely many, with the types of
/// their fields.
fn constructors(ty: &Ty) -> Option<Vec<(Ctor, Vec<Ty>)>> {
    match ty {
        Ty::Sum(variants) => Some(
            variants
                .iter()
                .map(|(name, payload)| (Ctor::Variant(name.clone()), payload.clone()))
                .collect(),
        ),
        Ty::Prim(PrimType::Bool) => Some(vec![
            (Ctor::Bool(false), Vec::new()),
            (Ctor::Bool(true), Vec::new()),
        ]),
        Ty::Record(fields) => Some(vec![(
            Ctor::Product,
            fields.iter().map(|(_, t)| t.clone()).collect(),
        )]),
        _ => None,
    }
}

fn field_types(ctor: &Ctor, ty: &Ty) -> Vec<Ty> {
    constructors(ty)
        .and_then(|all| all.into_iter().find(|(c, _)| c == ctor).map(|(_, f)| f))
        .unwrap_or_default()
}

pub(crate) struct Shaper<'a> {
    pub store: &'a Store,
}

impl Shaper<'_> {
    fn shape(&self, pat: PatId, ty: &Ty) -> Shape {
        match &self.store.pats[pat] {
            Pat::Missing | Pat::Wildcard | Pat::Name(_) => Shape::Wild,
            Pat::Ascription { pat, .. } | Pat::Attr { pat, .. } => self.shape(*pat, ty),
            Pat::Tuple(elements) => {
                let types = field_types(&Ctor::Product, ty);
                Shape::Ctor(
                    Ctor::Product,
                    elements
                        .iter()
                        .zip(types.iter().chain(std::iter::repeat(&Ty::Error)))
                        .map(|(p, t)| self.shape(*p, t))
                        .collect(),
                )
            }
            Pat::Record(fields) => {
                let Ty::Record(type_fields) = ty else {
                    return Shape::Wild;
                };
                Shape::Ctor(
                    Ctor::Product,
                    type_fields
                        .iter()
                        .map(
                            |(name, field_ty)| match fields.iter().find(|(n, _)| n == name) {
                                Some((_, p)) => self.shape(*p, field_ty),
                                None => Shape::Wild,
                            },
                        )
                        .collect(),
                )
            }
            Pat::Constr { name, payload } => {
                let ctor = Ctor::Variant(name.clone());
                let types = field_types(&ctor, ty);
                Shape::Ctor(
                    ctor,
                    payload
                        .iter()
                        .zip(types.iter().chain(std::iter::repeat(&Ty::Error)))
                        .map(|(p, t)| self.shape(*p, t))
                        .collect(),
                )
            }
            Pat::Literal { negated, literal } => match literal {
                Literal::Bool(b) => Shape::Ctor(Ctor::Bool(*b), Vec::new()),
                other => {
                    let sign = if *negated { "-" } else { "" };
                    Shape::Ctor(Ctor::Number(format!("{sign}{other:?}")), Vec::new())
                }
            },
        }
    }

    /// An example of a value of type `ty` that none of `cases` matches.
    pub fn unmatched(&self, cases: &[PatId], ty: &Ty) -> Option<String> {
        let rows: Vec<Vec<Shape>> = cases.iter().map(|&p| vec![self.shape(p, ty)]).collect();
        let witness = useful(&rows, &[Shape::Wild], std::slice::from_ref(ty))?;
        Some(render(&witness[0], ty))
    }

    /// Whether some value of type `ty` does not match `pat`.
    pub fn refutable(&self, pat: PatId, ty: &Ty) -> Option<String> {
        self.unmatched(&[pat], ty)
    }
}

/// Rows whose first column matches `ctor`, with that column replaced by
/// its sub-patterns.
fn specialize(rows: &[Vec<Shape>], ctor: &Ctor, arity: usize) -> Vec<Vec<Shape>> {
    rows.iter()
        .filter_map(|row| {
            let (first, rest) = row.split_first()?;
            let fields = match first {
                Shape::Wild => vec![Shape::Wild; arity],
                Shape::Ctor(c, fields) if c == ctor => fields.clone(),
                Shape::Ctor(..) => return None,
            };
            Some(fields.into_iter().chain(rest.iter().cloned()).collect())
        })
        .collect()
}

/// Whether `vector` is useful against `rows`: if so, a witness, a vector
/// of values (as shapes) that `vector` matches and no row does.
fn useful(rows: &[Vec<Shape>], vector: &[Shape], types: &[Ty]) -> Option<Vec<Shape>> {
    let Some((first, rest)) = vector.split_first() else {
        return rows.is_empty().then(Vec::new);
    };
    let ty = types.first().cloned().unwrap_or(Ty::Error);
    let rest_types = types.get(1..).unwrap_or(&[]);
    let with = |ctor: &Ctor, arity: usize, field_tys: Vec<Ty>, fields: Vec<Shape>| {
        let specialized = specialize(rows, ctor, arity);
        let vector: Vec<Shape> = fields.into_iter().chain(rest.iter().cloned()).collect();
        let types: Vec<Ty> = field_tys
            .into_iter()
            .chain(rest_types.iter().cloned())
            .collect();
        let witness = useful(&specialized, &vector, &types)?;
        let (fields, tail) = witness.split_at(arity.min(witness.len()));
        Some(
            std::iter::once(Shape::Ctor(ctor.clone(), fields.to_vec()))
                .chain(tail.iter().cloned())
                .collect::<Vec<_>>(),
        )
    };
    match first {
        Shape::Ctor(ctor, fields) => {
            let field_tys = field_types(ctor, &ty);
            with(ctor, fields.len(), field_tys, fields.clone())
        }
        Shape::Wild => {
            let heads: Vec<&Ctor> = rows
                .iter()
                .filter_map(|row| match row.first() {
                    Some(Shape::Ctor(c, _)) => Some(c),
                    _ => None,
                })
                .collect();
            let all = constructors(&ty);
            let complete = all
                .as_ref()
                .is_some_and(|all| !all.is_empty() && all.iter().all(|(c, _)| heads.contains(&c)));
            if complete {
                for (ctor, field_tys) in all.unwrap_or_default() {
                    let arity = field_tys.len();
                    if let Some(witness) = with(&ctor, arity, field_tys, vec![Shape::Wild; arity]) {
                        return Some(witness);
                    }
                }
                return None;
            }
            let defaults: Vec<Vec<Shape>> = rows
                .iter()
                .filter(|row| matches!(row.first(), Some(Shape::Wild)))
                .map(|row| row[1..].to_vec())
                .collect();
            let witness = useful(&defaults, rest, rest_types)?;
            // Name a constructor no row starts with, if the type has them.
            let missing = all
                .into_iter()
                .flatten()
                .find(|(c, _)| !heads.contains(&c))
                .map_or(Shape::Wild, |(c, f)| {
                    Shape::Ctor(c, vec![Shape::Wild; f.len()])
                });
            Some(std::iter::once(missing).chain(witness).collect())
        }
    }
}

/// A witness as Futhark pattern syntax.
fn render(shape: &Shape, ty: &Ty) -> String {
    match shape {
        Shape::Wild => "_".to_string(),
        Shape::Ctor(Ctor::Bool(b), _) => b.to_string(),
        Shape::Ctor(Ctor::Number(text), _) => text.clone(),
        Shape::Ctor(Ctor::Variant(name), fields) => {
            let types = field_types(&Ctor::Variant(name.clone()), ty);
            let mut out = format!("#{name}");
            for (field, field_ty) in fields
                .iter()
                .zip(types.iter().chain(std::iter::repeat(&Ty::Error)))
            {
                let inner = render(field, field_ty);
                if matches!(field, Shape::Ctor(Ctor::Variant(_), f) if !f.is_empty()) {
                    out.push_str(&format!(" ({inner})"));
                } else {
                    out.push_str(&format!(" {inner}"));
                }
            }
            out
        }
        Shape::Ctor(Ctor::Product, fields) => {
            let Ty::Record(type_fields) = ty else {
                return "_".to_string();
            };
            let rendered: Vec<String> = fields
                .iter()
                .zip(type_fields)
                .map(|(f, (_, t))| render(f, t))
                .collect();
            if ty.tuple_elements().is_some() {
                format!("({})", rendered.join(", "))
            } else {
                let named: Vec<String> = type_fields
                    .iter()
                    .zip(rendered)
                    .map(|((n, _), r)| format!("{n} = {r}"))
                    .collect();
                format!("{{{}}}", named.join(", "))
            }
        }
    }
}
