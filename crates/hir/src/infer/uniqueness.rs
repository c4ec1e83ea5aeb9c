//! Uniqueness types and alias analysis: in-place updates are safe because
//! a consumed array (updated in place, passed for a unique parameter, or
//! the initial value of a loop parameter the loop updates) is never used
//! again, nor any array aliasing it.
//!
//! Per definition, one pass over its typed body ([`check::Checker`])
//! computes what every value may alias, per component of its type
//! ([`aliases::At`]), and which variables have been consumed where. The
//! rules are upstream Futhark's, which extend the PLDI'17 paper's
//! (figures 5 to 7) to the whole language:
//!
//! * aliasing: a variable aliases itself and what its value aliases;
//!   tuples and records alias per field; branches alias the union of
//!   their branches; slices, projections and a type parameter's elements
//!   alias their source; scalar indexing, array literals, ranges, unique
//!   results and consumed loop parameters are fresh; a non-unique result
//!   aliases its function's closure and every observed argument; a
//!   closure aliases what its free variables alias; a top-level constant
//!   aliases itself (unless it has size parameters);
//! * consumption: using a consumed variable or an alias of one; consuming
//!   something that is not consumable (a parameter without a unique type,
//!   a variable bound outside the function or loop body consuming it, a
//!   top-level definition, an element of a `for`-`in` loop); a value
//!   written in place that aliases the array; an argument for a unique
//!   parameter that aliases itself or another argument; consumption in an
//!   expression of function type (a partial application consuming its
//!   argument) passed as an argument or bound by `let`; a consuming
//!   function passed where an observing one is expected;
//! * results: a unique result (or a part of one) aliasing a parameter
//!   that is not unique, or another part of the result; a function's
//!   result aliasing a top-level constant; the loop-specific rules on the
//!   values returned for consumed loop parameters.
//!
//! A definition without a declared return type gets its result's
//! uniqueness inferred (unique where it aliases only consumed
//! parameters), which its callers see through
//! [`signature::def_signature`].
//!
//! Where this differs from upstream, and why:
//!
//! * The paper lets a `map` function consume its own parameters
//!   (consuming the input array as a whole, figure 7). Today's language
//!   does not: `map`'s function parameter observes its argument, so a
//!   function consuming it may not be passed ("incompatible regarding
//!   consuming their arguments"), and an unannotated lambda parameter is
//!   not unique. We follow today's language.
//! * Upstream lets any part of a tuple parameter with one unique
//!   component be consumed; we allow only the unique parts.
//! * The element of a `for x in xs` loop aliases `xs` (upstream: only
//!   itself), and `let r.f = v` keeps the aliases of `r`'s other fields.
//! * Types carry no diets, so a function's diets come from what declares
//!   it (a definition's or lambda's parameter patterns, a `val`
//!   specification, a written parameter type, or the definition a
//!   partial application applies); a function whose type is only
//!   inferred consumes nothing. Lowering keeps `*` on type arguments
//!   (`t (*[]i32)`) and inner arrays, which upstream drops: written
//!   types are consulted to drop them too.

mod aliases;
mod check;
mod signature;

pub use signature::Uniq;

/// Whether a value (a definition or another specification) can serve as
/// the `val` specification `spec` of type `spec_ty` as far as uniqueness
/// goes: it consumes only what the specification consumes, and its result
/// is unique if the specification's is. As upstream, a result is unique
/// when any part of it is (`*(a, b)` is met by `(*a, b)`).
pub(super) fn fits_spec_uniqueness(
    db: &dyn Db,
    file_set: FileSet,
    value: crate::resolve::ValueRef,
    value_ty: &crate::ty::Ty,
    spec: (SourceFile, crate::item_tree::SpecIdx),
    spec_ty: &crate::ty::Ty,
) -> bool {
    use crate::resolve::ValueRef;
    let provided = match value {
        ValueRef::Def(file, item) => (*signature::def_signature(db, file_set, file, item)).clone(),
        ValueRef::Spec(file, other, _) => signature::spec_signature(db, file, other, value_ty),
    };
    let required = signature::spec_signature(db, spec.0, spec.1, spec_ty);
    let consumes_more = provided
        .params
        .iter()
        .zip(&required.params)
        .any(|(p, r)| p.diet.consumes() && !r.diet.consumes());
    !consumes_more && (!required.ret.any_unique() || provided.ret.any_unique())
}

use super::{infer_value, value_body_with_source_map};
use crate::Db;
use crate::body::value_body;
use crate::diagnostics::Diagnostic;
use crate::files::{FileSet, SourceFile};
use crate::item_tree::{ItemIdx, item_tree_with_source_map};
use crate::store::{ExprId, PatId, TypeId};
use std::sync::Arc;
use syntax::{TextRange, TextSize};

/// A place a problem is reported at or refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Loc {
    Expr(ExprId),
    Pat(PatId),
    Type(TypeId),
    /// A definition (of a top-level constant, say), possibly in another
    /// file.
    Item(SourceFile, ItemIdx),
    /// From the start of the first expression to the end of the second:
    /// the head `let a[i] = v` of an in-place update.
    ExprUntilExpr(ExprId, ExprId),
}

/// A piece of a message: text, or the source text of an expression.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Part {
    Text(String),
    Code(Loc),
}

/// A uniqueness error, before positions are known.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Problem {
    pub at: Loc,
    pub message: Vec<Part>,
    /// The anchor of upstream's error index entry explaining it.
    pub link: Option<&'static str>,
    /// Related places with notes ("consumed here").
    pub related: Vec<(Loc, String)>,
}

/// The outcome of checking one definition.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CheckResult {
    pub problems: Vec<Problem>,
    /// The uniqueness of the result, if its type is not declared.
    pub inferred_ret: Option<Uniq>,
}

/// Upstream's index of errors, explaining each kind.
const ERROR_INDEX: &str = "https://futhark.readthedocs.io/en/latest/error-index.html";

/// Checks one definition. Positions play no part, so that edits elsewhere
/// in the file reuse the result.
#[salsa::tracked(returns(clone), cycle_result = uniqueness_check_cycle)]
pub fn uniqueness_check(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    item: ItemIdx,
) -> Arc<CheckResult> {
    let result = infer_value(db, file_set, file, item);
    if !result.errors.is_empty() {
        // Types must be right before aliasing can be judged.
        return Arc::new(CheckResult {
            problems: Vec::new(),
            inferred_ret: None,
        });
    }
    let body = value_body(db, file, item);
    let checker = check::Checker::new(db, file_set, &body.store, &result);
    Arc::new(checker.definition(&body.params, body.ret, body.body))
}

fn uniqueness_check_cycle(
    _db: &dyn Db,
    _id: salsa::Id,
    _file_set: FileSet,
    _file: SourceFile,
    _item: ItemIdx,
) -> Arc<CheckResult> {
    Arc::new(CheckResult {
        problems: Vec::new(),
        inferred_ret: None,
    })
}

/// The uniqueness errors of a definition, located in its file: the
/// offending use or consumption, with related places (where it was
/// consumed, what aliases it, why it is not consumable).
#[salsa::tracked(returns(clone))]
pub fn uniqueness_diagnostics(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    item: ItemIdx,
) -> Vec<Diagnostic> {
    let result = uniqueness_check(db, file_set, file, item);
    if result.problems.is_empty() {
        return Vec::new();
    }
    let (_, source_map) = value_body_with_source_map(db, file, item);
    let text = file.text(db);
    let range_in_file = |loc: Loc| -> Option<(SourceFile, TextRange)> {
        let range = match loc {
            Loc::Expr(e) => source_map.exprs.get(e)?.range,
            Loc::Pat(p) => source_map.pats.get(p)?.range,
            Loc::Type(t) => source_map.types.get(t)?.range,
            Loc::ExprUntilExpr(from, to) => {
                let from = source_map.exprs.get(from)?.range;
                let to = source_map.exprs.get(to)?.range;
                TextRange::new(from.start(), to.end().max(from.start()))
            }
            Loc::Item(other, item) => {
                let (_, map) = item_tree_with_source_map(db, other);
                return Some((other, map.items.get(item.0 as usize)?.range));
            }
        };
        Some((file, range))
    };
    let source_text = |loc: Loc| -> String {
        match range_in_file(loc) {
            Some((f, range)) if f == file => text
                .get(usize::from(range.start())..usize::from(range.end()))
                .unwrap_or("")
                .trim()
                .replace('\n', "\n  "),
            _ => String::new(),
        }
    };
    let fallback = TextRange::empty(TextSize::from(0));
    result
        .problems
        .iter()
        .map(|problem| {
            let mut message = String::new();
            for part in &problem.message {
                match part {
                    Part::Text(t) => message.push_str(t),
                    Part::Code(loc) => message.push_str(&source_text(*loc)),
                }
            }
            if let Some(anchor) = problem.link {
                message.push_str(&format!(
                    "\n\nFor more information, see:\n  {ERROR_INDEX}#{anchor}"
                ));
            }
            let range = range_in_file(problem.at)
                .filter(|(f, _)| *f == file)
                .map_or(fallback, |(_, r)| r);
            let mut diagnostic = Diagnostic::error(file, range, message);
            for (loc, note) in &problem.related {
                if let Some((f, r)) = range_in_file(*loc) {
                    diagnostic = diagnostic.with_related(f, r, note.clone());
                }
            }
            diagnostic
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{uniqueness_check, uniqueness_diagnostics};
    use crate::RootDatabase;
    use crate::files::{FileSet, SourceFile, add_file};
    use crate::item_tree::{ItemIdx, item_tree};
    use salsa::Setter;
    use std::collections::BTreeMap;

    fn item(db: &RootDatabase, file: SourceFile, name: &str) -> ItemIdx {
        item_tree(db, file)
            .items()
            .filter(|(_, item)| item.name().map(|n| n.as_str()) == Some(name))
            .map(|(idx, _)| idx)
            .last()
            .expect("item")
    }

    fn messages(db: &RootDatabase, file_set: FileSet, file: SourceFile, name: &str) -> Vec<String> {
        uniqueness_diagnostics(db, file_set, file, item(db, file, name))
            .into_iter()
            .map(|d| d.message.lines().next().unwrap_or_default().to_string())
            .collect()
    }

    #[test]
    fn callers_see_the_inferred_uniqueness_of_results() {
        let mut db = RootDatabase::default();
        let file_set = FileSet::new(&db, BTreeMap::new());
        let file = add_file(
            &mut db,
            file_set,
            "/main.fut",
            "def f (xs: []i32) = xs[0:1]\ndef g (xs: []i32) = f xs with [0] = 0\n".to_string(),
        );
        assert_eq!(
            messages(&db, file_set, file, "g"),
            vec!["Consuming variable \"xs\", which is not consumable."]
        );
        // A fresh result: the caller may consume it.
        file.set_text(&mut db)
            .to("def f (xs: []i32) = [xs[0]]\ndef g (xs: []i32) = f xs with [0] = 0\n".to_string());
        assert!(messages(&db, file_set, file, "g").is_empty());
    }

    #[test]
    fn editing_a_body_keeps_the_checks_of_its_callers() {
        let mut db = RootDatabase::with_execution_log();
        let file_set = FileSet::new(&db, BTreeMap::new());
        let file = add_file(
            &mut db,
            file_set,
            "/main.fut",
            "def f (x: i32) = [x, x]\ndef g (x: i32) = f x with [0] = 0\n".to_string(),
        );
        let g = item(&db, file, "g");
        assert!(uniqueness_check(&db, file_set, file, g).problems.is_empty());
        db.take_executed();
        file.set_text(&mut db)
            .to("def f (x: i32) = [x, x + 1]\ndef g (x: i32) = f x with [0] = 0\n".to_string());
        let f = item(&db, file, "f");
        uniqueness_check(&db, file_set, file, g);
        uniqueness_check(&db, file_set, file, f);
        let executed = db.take_executed();
        let checks: Vec<_> = executed
            .iter()
            .filter(|q| q.starts_with("uniqueness_check"))
            .collect();
        assert_eq!(checks.len(), 1, "only f is rechecked: {executed:?}");
    }
}
