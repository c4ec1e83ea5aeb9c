//! Patterns: checking against an expected type and binding names.

use super::unify::Constraint;
use super::{InferCtx, Local, Location, Resolved};
use crate::store::{Literal, Pat, PatId};
use crate::ty::{PrimType, Ty};
use std::collections::HashSet;

impl InferCtx<'_, '_> {
    /// Checks `pat` against `expected` and brings its names into scope.
    pub(crate) fn check_pat(&mut self, pat: PatId, expected: &Ty) {
        self.pat_types.insert(pat, expected.clone());
        match self.body.store.pats[pat].clone() {
            Pat::Missing | Pat::Wildcard => {}
            Pat::Name(name) => self.locals.push(Local {
                name,
                ty: expected.clone(),
                origin: Resolved::Local(pat),
                params: None,
            }),
            Pat::Tuple(elements) => {
                let types: Vec<Ty> = elements.iter().map(|_| self.table.fresh()).collect();
                self.expect(
                    Location::Pat(pat),
                    "Pattern does not match the type of the value.",
                    &Ty::tuple(types.clone()),
                    expected,
                );
                for (element, ty) in elements.iter().zip(&types) {
                    self.check_pat(*element, ty);
                }
            }
            Pat::Record(fields) => {
                for (i, (name, field_pat)) in fields.iter().enumerate() {
                    if let Some((_, previous)) = fields[..i].iter().find(|(n, _)| n == name) {
                        self.error_related(
                            Location::Pat(*field_pat),
                            format!(
                                "Duplicate fields in record pattern: \"{name}\" appears twice."
                            ),
                            Location::Pat(*previous),
                            "first here",
                        );
                    }
                }
                let typed: Vec<_> = fields
                    .iter()
                    .map(|(name, p)| (name.clone(), *p, self.table.fresh()))
                    .collect();
                let record = Ty::record(
                    typed
                        .iter()
                        .map(|(n, _, t)| (n.clone(), t.clone()))
                        .collect(),
                );
                self.expect(
                    Location::Pat(pat),
                    "Pattern does not match the type of the value.",
                    &record,
                    expected,
                );
                for (_, p, ty) in &typed {
                    self.check_pat(*p, ty);
                }
            }
            Pat::Constr { name, payload } => {
                let types: Vec<Ty> = payload.iter().map(|_| self.table.fresh()).collect();
                let sum = self
                    .table
                    .fresh_constrained(Constraint::Constructors(vec![(name, types.clone())]));
                self.expect(
                    Location::Pat(pat),
                    "Pattern does not match the type of the value.",
                    &sum,
                    expected,
                );
                for (p, ty) in payload.iter().zip(&types) {
                    self.check_pat(*p, ty);
                }
            }
            Pat::Literal { literal, .. } => {
                let ty = self.literal_type(&literal);
                self.expect(
                    Location::Pat(pat),
                    "Pattern does not match the type of the value.",
                    &ty,
                    expected,
                );
            }
            Pat::Ascription { pat: inner, ty } => {
                let declared = self.lower_type(ty);
                let context = |ctx: &Self| {
                    let text = crate::pretty::pat_text(&ctx.body.store, pat, 70);
                    let value = ctx.display(expected);
                    format!("Pattern \"{text}\" cannot match value of type {value}.")
                };
                self.expect_with(Location::Pat(pat), context, &declared, expected);
                self.pat_types.insert(pat, declared.clone());
                self.check_pat(inner, &declared);
            }
            Pat::Attr { pat: inner, .. } => self.check_pat(inner, expected),
        }
    }

    /// Checks patterns bound together (the parameters of one function, a
    /// `let` pattern): a name may be bound only once among them.
    pub(crate) fn check_pat_group(&mut self, pats: &[(PatId, Ty)]) {
        let start = self.locals.len();
        for (pat, ty) in pats {
            self.check_pat(*pat, ty);
        }
        // A set of the names seen, not a scan of them per name: a function
        // may have thousands of parameters.
        let mut seen = HashSet::new();
        for i in start..self.locals.len() {
            let repeated = !seen.insert(self.locals[i].name.clone());
            if let (true, Resolved::Local(at)) = (repeated, self.locals[i].origin.clone()) {
                let name = self.locals[i].name.clone();
                self.error(
                    Location::Pat(at),
                    format!("Name \"{name}\" also bound earlier in the same pattern."),
                );
            }
        }
    }

    /// The type of a literal: suffixed literals have their type; integer
    /// literals may be any numeric type, decimal ones any float type.
    pub(crate) fn literal_type(&mut self, literal: &Literal) -> Ty {
        match literal {
            Literal::Int { suffix, .. } | Literal::Float { suffix, .. } if suffix.is_some() => {
                Ty::Prim(suffix_type(suffix.expect("checked")))
            }
            Literal::Int { .. } | Literal::Char(_) => self
                .table
                .fresh_constrained(Constraint::Prims(PrimType::numeric())),
            Literal::Float { .. } => self
                .table
                .fresh_constrained(Constraint::Prims(PrimType::FLOATS.to_vec())),
            Literal::Bool(_) => Ty::bool(),
            Literal::String(bytes) => Ty::array_of(
                Ty::Prim(PrimType::U8),
                crate::ty::Size::Const(bytes.len() as u64),
            ),
        }
    }
}

fn suffix_type(suffix: crate::store::PrimSuffix) -> PrimType {
    use crate::store::PrimSuffix as S;
    match suffix {
        S::I8 => PrimType::I8,
        S::I16 => PrimType::I16,
        S::I32 => PrimType::I32,
        S::I64 => PrimType::I64,
        S::U8 => PrimType::U8,
        S::U16 => PrimType::U16,
        S::U32 => PrimType::U32,
        S::U64 => PrimType::U64,
        S::F16 => PrimType::F16,
        S::F32 => PrimType::F32,
        S::F64 => PrimType::F64,
    }
}
