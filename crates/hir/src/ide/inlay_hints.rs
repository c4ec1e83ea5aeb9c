//! Inlay hints: the inferred types of names bound without a type
//! annotation (parameters, `let` and loop bindings, pattern parts), and of
//! the results of functions declared without a result type.

use crate::Db;
use crate::body::value_body_with_source_map;
use crate::files::{FileSet, SourceFile, parse};
use crate::infer::infer_value;
use crate::item_tree::{ItemKind, item_tree};
use crate::store::SyntaxPtr;
use crate::ty::{Size, Ty};
use syntax::{SyntaxKind, TextRange, TextSize};

/// A type to show after a name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeHint {
    /// The name (for a result: the last parameter); the hint goes after
    /// it.
    pub name: TextRange,
    pub ty: Ty,
    pub kind: HintKind,
}

/// What a hint's type is the type of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HintKind {
    /// A name bound by a pattern.
    Binding,
    /// A function's result (`def f x = ...`, `let f x = ...`).
    Result,
}

/// The type hints for names bound in `range` of `file` (or touching it, if
/// it is empty: a cursor), in source order.
/// Names with a written type get none, and neither do names whose type is
/// not fully known (in code with errors).
pub fn type_hints(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    range: TextRange,
) -> Vec<TypeHint> {
    let root = parse(db, file).syntax_node();
    let mut hints = Vec::new();
    for (item, _) in item_tree(db, file)
        .items()
        .filter(|(_, item)| matches!(item.kind, ItemKind::Value(_)))
    {
        let (body, source_map) = value_body_with_source_map(db, file, item);
        let in_range = |ptr: &SyntaxPtr| {
            if range.is_empty() {
                ptr.range.contains_inclusive(range.start())
            } else {
                range.contains_range(ptr.range)
            }
        };
        // Functions without a declared result type: this definition and
        // its local functions, hinted after their last parameter.
        let mut results: Vec<(crate::store::PatId, crate::store::ExprId)> = Vec::new();
        if body.ret.is_none()
            && let Some(&last) = body.params.last()
        {
            results.push((last, body.body));
        }
        for (_, expr) in body.store.exprs.iter() {
            if let crate::store::Expr::LetFun {
                params,
                ret: None,
                value,
                ..
            } = expr
                && let Some(&last) = params.last()
            {
                results.push((last, *value));
            }
        }
        results.retain(|(last, _)| source_map.pats.get(*last).is_some_and(&in_range));
        if !results.is_empty() {
            let result = infer_value(db, file_set, file, item);
            for (last, value) in results {
                if let (Some(ptr), Some(ty)) =
                    (source_map.pats.get(last), result.expr_types.get(value))
                    && fully_known(ty)
                {
                    // After the parameter's parentheses, if any.
                    let mut anchor = ptr.range;
                    let mut node = ptr.to_node(&root);
                    while let Some(parent) = node.and_then(|n| n.parent())
                        && parent.kind() == SyntaxKind::PAREN_PAT
                    {
                        anchor = parent.text_range();
                        node = Some(parent);
                    }
                    hints.push(TypeHint {
                        name: anchor,
                        ty: ty.clone(),
                        kind: HintKind::Result,
                    });
                }
            }
        }
        let bound = source_map
            .pats
            .iter()
            .filter(|(_, ptr)| ptr.kind == SyntaxKind::NAME_PAT && in_range(ptr))
            .collect::<Vec<_>>();
        if bound.is_empty() {
            continue;
        }
        let result = infer_value(db, file_set, file, item);
        for (pat, ptr) in bound {
            let annotated = ptr
                .to_node(&root)
                .and_then(|node| node.parent())
                .is_some_and(|parent| parent.kind() == SyntaxKind::ASCRIPTION_PAT);
            match result.pat_types.get(pat) {
                Some(ty) if !annotated && fully_known(ty) => hints.push(TypeHint {
                    name: ptr.range,
                    ty: ty.clone(),
                    kind: HintKind::Binding,
                }),
                _ => {}
            }
        }
    }
    // A result's hint follows its last parameter's own.
    hints.sort_by_key(|hint| (hint.name.start(), hint.kind == HintKind::Result));
    hints
}

/// Whether a type has no errors and no undetermined type variables in it.
fn fully_known(ty: &Ty) -> bool {
    match ty {
        Ty::Prim(_) | Ty::Param(_) | Ty::Abstract(..) => true,
        Ty::Var(_) | Ty::Error => false,
        Ty::Array { element, .. } => fully_known(element),
        Ty::Record(fields) => fields.iter().all(|(_, ty)| fully_known(ty)),
        Ty::Sum(constructors) => constructors
            .iter()
            .all(|(_, payload)| payload.iter().all(fully_known)),
        Ty::Function { param, result, .. } => fully_known(param) && fully_known(result),
    }
}

/// The insertions (offset and text, in order) that write a hint's type
/// into the source: ` : t` after a function's last parameter for its
/// result; `name: t` where a pattern may be ascribed as it is (in
/// a tuple, parentheses or a record pattern), `(name: t)` elsewhere (a
/// parameter, a lambda's or a case's pattern, where `:` would otherwise
/// swallow what follows). Uniqueness is dropped: a binding may always be
/// annotated non-unique, and `*` is not allowed in every pattern.
pub fn annotation_insertions(
    db: &dyn Db,
    file: SourceFile,
    hint: &TypeHint,
) -> Vec<(TextSize, String)> {
    if hint.kind == HintKind::Result {
        return vec![(hint.name.end(), format!(" : {}", as_annotation(&hint.ty)))];
    }
    let root = parse(db, file).syntax_node();
    let ascribable_in_place = SyntaxPtr {
        kind: SyntaxKind::NAME_PAT,
        range: hint.name,
    }
    .to_node(&root)
    .and_then(|node| node.parent())
    .is_some_and(|parent| {
        matches!(
            parent.kind(),
            SyntaxKind::PAREN_PAT | SyntaxKind::TUPLE_PAT | SyntaxKind::RECORD_PAT_FIELD
        )
    });
    let annotation = format!(": {}", as_annotation(&hint.ty));
    if ascribable_in_place {
        vec![(hint.name.end(), annotation)]
    } else {
        vec![
            (hint.name.start(), "(".to_string()),
            (hint.name.end(), format!("{annotation})")),
        ]
    }
}

/// The type as source text can write it: without uniqueness, and with a
/// size that is partly unknown (`? * 2`, as messages show it) anonymous.
fn as_annotation(ty: &Ty) -> Ty {
    without_uniqueness(&ty.map_sizes(&mut |size| {
        if size.all_leaves(&mut |leaf| !matches!(leaf, Size::Var(_) | Size::Unknown(_))) {
            size.clone()
        } else {
            Size::Unknown(0)
        }
    }))
}

fn without_uniqueness(ty: &Ty) -> Ty {
    match ty {
        Ty::Array { element, shape, .. } => Ty::Array {
            element: element.clone(),
            shape: shape.clone(),
            unique: false,
        },
        _ => ty.map_components(without_uniqueness),
    }
}
