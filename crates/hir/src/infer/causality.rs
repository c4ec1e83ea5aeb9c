//! The causality check (upstream's "causality-check"), run over a
//! definition's body once its types are known: a size computed by an
//! expression (an existential size: the result of `filter`, of a loop, of
//! branches that differ) exists only once that expression has been
//! evaluated. A value whose type needs the size before then, such as a
//! function applied to an argument evaluated later (`f <| filter p xs`), a
//! constructor or a hole, cannot be built.
//!
//! The body is walked in evaluation order, collecting the sizes computed
//! so far: the arguments of an application from last to first, then the
//! function; the operands of a binary operator from left to right; a
//! `let`'s value before its body. The parts of other expressions (a
//! tuple's elements, an `if`'s branches) are judged only by the sizes known
//! before the expression, as no order between them is promised. What a
//! lambda's body computes is not known outside it: it happens at each
//! application.

use super::unify::UnknownOrigin;
use super::{ERROR_INDEX, InferCtx, Location, Resolved, TypeError};
use crate::store::{DimIndex, Expr, ExprId, LoopForm, UpdateStep};
use crate::ty::{Size, Ty};

/// The sizes computed so far, and those computed by the bodies of the
/// functions passed so far.
#[derive(Default)]
struct Known {
    computed: Vec<u32>,
    /// A function's body computes its result's sizes at each application:
    /// a type that has them in the results of function types has a place
    /// for them, as existential sizes of those results.
    in_functions: Vec<u32>,
}

/// A type that needs a size before it is computed.
struct Violation {
    location: Location,
    what: String,
    ty: Ty,
    size: u32,
}

impl InferCtx<'_, '_> {
    /// Checks the body of the definition for sizes used before they are
    /// computed, reporting the first such use.
    pub(super) fn check_causality(&mut self, body: ExprId) {
        let mut known = Known::default();
        if let Err(violation) = self.visit_causal(body, &mut known) {
            // Literals show with the types they will default to.
            self.apply_defaults();
            let ty = self.display(&violation.ty);
            let origin = self
                .table
                .describe_unknown(&Size::Unknown(violation.size))
                .unwrap_or_else(|| "is computed by an expression".to_string());
            let message = format!(
                "Causality check: a size needed for the type of {}:\n  {ty}\n\
                 is computed only later: it {origin}.\n\n\
                 Hint: bind the expression producing the size with 'let' beforehand.\n\n\
                 For more information, see:\n  {ERROR_INDEX}#causality-check",
                violation.what
            );
            let related = self
                .unknown_producer
                .get(violation.size as usize)
                .copied()
                .flatten()
                .map(|producer| {
                    let note = match self.body.store.exprs[producer] {
                        Expr::Path(_) => "the size is computed by applying this",
                        _ => "the size is computed here",
                    };
                    (Location::Expr(producer), note.to_string())
                })
                .into_iter()
                .collect();
            self.errors.push(TypeError {
                location: violation.location,
                message,
                related,
            });
        }
    }

    /// Visits `id` with the sizes in `known` computed before it, adding the
    /// sizes computed by it.
    fn visit_causal(&self, id: ExprId, known: &mut Known) -> Result<(), Violation> {
        let at = Location::Expr(id);
        let expr = &self.body.store.exprs[id];
        // The sizes a function's instantiation (or a section's slicing)
        // made are those of its result, existential in its type: its
        // application computes them.
        if matches!(
            expr,
            Expr::Path(_)
                | Expr::OpSection(_)
                | Expr::LeftSection { .. }
                | Expr::RightSection { .. }
                | Expr::ProjectionSection(_)
        ) && let Some(made) = self.made_unknowns.get(id)
        {
            known.computed.extend(made);
        }
        match expr {
            // A recursive call's sizes are new ones, unrelated to those of
            // the definition's own type being inferred.
            Expr::Path(_) if self.resolutions.get(id) == Some(&Resolved::SelfRecursive) => {}
            Expr::Path(path) => {
                self.needs_known(at, format!("\"{path}\""), self.ty_of(id), known)?
            }
            Expr::OpSection(op) => {
                self.needs_known(at, format!("\"({})\"", op.path), self.ty_of(id), known)?
            }
            Expr::Hole => self.needs_known(at, "hole".to_string(), self.ty_of(id), known)?,
            Expr::Array(elements) if elements.is_empty() => {
                self.needs_known(at, "empty array".to_string(), self.ty_of(id), known)?
            }
            Expr::ProjectionSection(_) => {
                self.needs_known(at, "projection section".to_string(), self.ty_of(id), known)?
            }
            // A section's operator is instantiated before its operand is
            // evaluated: its type may not need the operand's sizes.
            Expr::LeftSection { operand, .. } => {
                let op_ty = Ty::function(self.ty_of(*operand), self.ty_of(id));
                self.needs_known(at, "operator section".to_string(), op_ty, known)?;
                self.visit_causal(*operand, known)?;
            }
            Expr::RightSection { operand, .. } => {
                if let Ty::Function { param, result, .. } = self.ty_of(id) {
                    let op_ty = Ty::function(*param, Ty::function(self.ty_of(*operand), *result));
                    self.needs_known(at, "operator section".to_string(), op_ty, known)?;
                }
                self.visit_causal(*operand, known)?;
            }
            Expr::Lambda { params, body, .. } => {
                for &param in params {
                    let ty = self.pat_types.get(param).cloned().unwrap_or(Ty::Error);
                    let what = "a parameter of this function".to_string();
                    self.needs_known(Location::Pat(param), what, ty, known)?;
                }
                self.visit_apart(*body, known)?;
            }
            // The body runs when the function is applied: the sizes of its
            // arguments exist by then.
            Expr::LetFun {
                params,
                value,
                body,
                ..
            } => {
                let before = known.computed.len();
                for &param in params {
                    let ty = self.pat_types.get(param).cloned().unwrap_or(Ty::Error);
                    let resolved = self.table.resolve(&ty);
                    known
                        .computed
                        .extend(super::unknowns_where(&resolved, |_| true));
                }
                self.visit_apart(*value, known)?;
                known.computed.truncate(before);
                self.visit_causal(*body, known)?;
            }
            Expr::Apply { func, args } => {
                for &arg in args.iter().rev() {
                    self.visit_causal(arg, known)?;
                }
                self.visit_causal(*func, known)?;
                self.result_sizes_known(id, known);
            }
            Expr::Binary { lhs, rhs, .. } => {
                self.visit_causal(*lhs, known)?;
                self.visit_causal(*rhs, known)?;
                self.result_sizes_known(id, known);
            }
            Expr::Let { value, body, .. } => {
                self.visit_causal(*value, known)?;
                self.visit_causal(*body, known)?;
            }
            // In order: the loop's parameters, used by its body, have the
            // sizes of the initial value.
            Expr::Loop {
                init, form, body, ..
            } => {
                if let Some(init) = init {
                    self.visit_causal(*init, known)?;
                }
                if let LoopForm::For { bound: e, .. } | LoopForm::ForIn { array: e, .. } = form {
                    self.visit_causal(*e, known)?;
                }
                // The sizes that vary between iterations are those of the
                // loop parameters, known in each iteration (in a `while`
                // condition too).
                let before = known.computed.len();
                if let Some(made) = self.made_unknowns.get(id) {
                    known.computed.extend(made);
                }
                if let LoopForm::While { condition } = form {
                    self.visit_causal(*condition, known)?;
                }
                self.visit_causal(*body, known)?;
                known.computed.truncate(before);
            }
            Expr::Match { scrutinee, cases } => {
                self.visit_causal(*scrutinee, known)?;
                let bodies: Vec<ExprId> = cases.iter().map(|(_, body)| *body).collect();
                self.visit_unordered(&bodies, known)?;
            }
            Expr::Constr { name, payload } => {
                for &value in payload {
                    self.visit_causal(value, known)?;
                }
                self.needs_known(at, format!("\"#{name}\""), self.ty_of(id), known)?;
            }
            other => self.visit_unordered(&unordered_parts(other), known)?,
        }
        if let Some(made) = self.made_unknowns.get(id) {
            known.computed.extend(made);
        }
        Ok(())
    }

    /// Visits expressions evaluated in no promised order: each is judged by
    /// the sizes known before all of them.
    fn visit_unordered(&self, parts: &[ExprId], known: &mut Known) -> Result<(), Violation> {
        let before = known.computed.len();
        let mut computed = Vec::new();
        for &part in parts {
            self.visit_causal(part, known)?;
            computed.extend(known.computed.drain(before..));
        }
        known.computed.extend(computed);
        Ok(())
    }

    /// Visits the body of a function: what it computes is not known
    /// outside.
    fn visit_apart(&self, body: ExprId, known: &mut Known) -> Result<(), Violation> {
        let before = known.computed.len();
        self.visit_causal(body, known)?;
        let inside: Vec<u32> = known.computed.drain(before..).collect();
        known.in_functions.extend(inside);
        Ok(())
    }

    /// An application has computed the sizes of its result.
    fn result_sizes_known(&self, id: ExprId, known: &mut Known) {
        known
            .computed
            .extend(super::unknowns_where(&self.ty_of(id), |_| true));
    }

    /// Reports the first size computed by an expression that `ty` needs
    /// but that is not known yet. A size computed by a function's body
    /// that is only in results of function types is not needed yet: the
    /// functions' applications compute it.
    fn needs_known(
        &self,
        location: Location,
        what: String,
        ty: Ty,
        known: &Known,
    ) -> Result<(), Violation> {
        let ty = self.table.resolve(&ty);
        let sizes = super::unknowns_where(&ty, |_| true);
        let outside_results = super::unknowns_where(&ty, |site| !site.in_result());
        let unknown = sizes.into_iter().find(|size| {
            !known.computed.contains(size)
                && (!known.in_functions.contains(size) || outside_results.contains(size))
                && self
                    .unknown_producer
                    .get(*size as usize)
                    .is_some_and(Option::is_some)
                && self.table.origin(&Size::Unknown(*size)) != Some(UnknownOrigin::Expression)
        });
        match unknown {
            Some(size) => Err(Violation {
                location,
                what,
                ty,
                size,
            }),
            None => Ok(()),
        }
    }

    fn ty_of(&self, id: ExprId) -> Ty {
        let ty = self.expr_types.get(id).cloned().unwrap_or(Ty::Error);
        self.table.resolve(&ty)
    }
}

/// The subexpressions of an expression whose parts are evaluated in no
/// promised order.
fn unordered_parts(expr: &Expr) -> Vec<ExprId> {
    let indices = |indices: &[DimIndex], out: &mut Vec<ExprId>| {
        for index in indices {
            match index {
                DimIndex::Fix(e) => out.push(*e),
                DimIndex::Range { start, end, stride } => {
                    out.extend([start, end, stride].into_iter().flatten())
                }
            }
        }
    };
    let steps = |steps: &[UpdateStep], out: &mut Vec<ExprId>| {
        for step in steps {
            if let UpdateStep::Index(is) = step {
                indices(is, out);
            }
        }
    };
    let mut parts = Vec::new();
    match expr {
        Expr::Field { base: e, .. }
        | Expr::QualParen { expr: e, .. }
        | Expr::Negate(e)
        | Expr::Not(e)
        | Expr::Ascription { expr: e, .. }
        | Expr::Coercion { expr: e, .. }
        | Expr::Attr { expr: e, .. } => parts.push(*e),
        Expr::Tuple(es) | Expr::Array(es) => parts.extend(es),
        Expr::Record(fields) => parts.extend(fields.iter().map(|(_, e)| *e)),
        Expr::Index { base, indices: is } => {
            parts.push(*base);
            indices(is, &mut parts);
        }
        Expr::Range {
            start, second, end, ..
        } => parts.extend([Some(*start), *second, Some(*end)].into_iter().flatten()),
        Expr::If {
            condition,
            then_branch,
            else_branch,
        } => parts.extend([*condition, *then_branch, *else_branch]),
        Expr::Assert { condition, body } => parts.extend([*condition, *body]),
        Expr::Update { base, path, value } => {
            parts.push(*base);
            steps(path, &mut parts);
            parts.push(*value);
        }
        Expr::LetUpdate {
            path, value, body, ..
        } => {
            steps(path, &mut parts);
            parts.extend([*value, *body]);
        }
        Expr::Missing
        | Expr::Literal(_)
        | Expr::Path(_)
        | Expr::Apply { .. }
        | Expr::Binary { .. }
        | Expr::Let { .. }
        | Expr::LetFun { .. }
        | Expr::Lambda { .. }
        | Expr::Loop { .. }
        | Expr::Match { .. }
        | Expr::Constr { .. }
        | Expr::Hole
        | Expr::OpSection(_)
        | Expr::LeftSection { .. }
        | Expr::RightSection { .. }
        | Expr::ProjectionSection(_) => {}
    }
    parts
}
