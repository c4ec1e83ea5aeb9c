//! Queries an editor asks at a position: the type of what is under the
//! cursor, where a name is defined, and its documentation. They combine the
//! salsa queries (item trees, bodies, inference) with the syntax tree, and
//! answer from whatever part of a broken program is intact.

use crate::Db;
use crate::body::value_body_with_source_map;
use crate::files::{FileSet, SourceFile, parse};
use crate::infer::{Resolved, infer_value};
use crate::item_tree::{ItemIdx, ItemKind, item_tree, item_tree_with_source_map};
use crate::name::{Name, Path};
use crate::resolve::{ModuleRef, Resolver, Scope, TermRef, TypeDefRef, ValueRef};
use crate::store::SyntaxPtr;
use crate::ty::Ty;
use syntax::ast::{self, AstNode};
use syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange, TextSize};

/// A place to navigate to: the whole definition and its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NavTarget {
    pub file: SourceFile,
    pub full_range: TextRange,
    pub focus_range: TextRange,
}

/// The innermost value definition containing `offset`.
fn value_item_at(db: &dyn Db, file: SourceFile, offset: TextSize) -> Option<ItemIdx> {
    let (tree, map) = item_tree_with_source_map(db, file);
    tree.items()
        .filter(|(_, item)| matches!(item.kind, ItemKind::Value(_)))
        .map(|(idx, _)| (idx, map.item(idx).range))
        .filter(|(_, range)| range.contains_inclusive(offset))
        .min_by_key(|(_, range)| range.len())
        .map(|(idx, _)| idx)
}

/// The type of the innermost expression or pattern at `offset`, with its
/// range.
pub fn type_at(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    offset: TextSize,
) -> Option<(TextRange, Ty)> {
    let item = value_item_at(db, file, offset)?;
    let (_, source_map) = value_body_with_source_map(db, file, item);
    let result = infer_value(db, file_set, file, item);
    let exprs = source_map
        .exprs
        .iter()
        .filter_map(|(id, ptr)| Some((ptr.range, result.expr_types.get(id)?.clone())));
    let pats = source_map
        .pats
        .iter()
        .filter_map(|(id, ptr)| Some((ptr.range, result.pat_types.get(id)?.clone())));
    exprs
        .chain(pats)
        .filter(|(range, _)| range.contains_inclusive(offset))
        .min_by_key(|(range, _)| range.len())
}

/// The name token at `offset` (an identifier, or an operator symbol).
fn name_token_at(root: &SyntaxNode, offset: TextSize) -> Option<SyntaxToken> {
    root.token_at_offset(offset)
        .filter(|t| matches!(t.kind(), SyntaxKind::IDENT | SyntaxKind::OPERATOR))
        .max_by_key(|t| t.kind() == SyntaxKind::IDENT)
}

/// Where the name at `offset` is defined.
pub fn definition_at(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    offset: TextSize,
) -> Option<NavTarget> {
    let root = parse(db, file).syntax_node();
    let token = name_token_at(&root, offset)?;
    let parent = token.parent()?;
    if parent.kind() == SyntaxKind::NAME {
        // Already at a definition.
        let owner = parent.parent()?;
        return Some(NavTarget {
            file,
            full_range: owner.text_range(),
            focus_range: parent.text_range(),
        });
    }
    let path_node = ast::Path::cast(parent)?;
    // The path up to and including the name under the cursor.
    let segments: Vec<SyntaxToken> = path_node.segments().collect();
    let index = segments.iter().position(|s| *s == token)?;
    let prefix = Path::new(
        segments[..=index]
            .iter()
            .map(|t| Name::new(t.text()))
            .collect(),
    )?;
    let context = path_node.syntax().parent()?;
    let resolver = Resolver { db, file_set };
    let scope = Scope {
        file,
        item: enclosing_item(db, file, offset),
    };
    match context.kind() {
        SyntaxKind::PATH_TYPE => match resolver.resolve_type_path(scope, &prefix) {
            Some(target) => type_target(db, target),
            None => module_of_prefix(db, resolver, scope, &prefix),
        },
        SyntaxKind::PATH_EXPR => {
            if index == 0
                && let Some(target) = local_target(db, file_set, file, offset, &context)
            {
                return Some(target);
            }
            let (term, used) = resolver.resolve_expr_path(scope, &prefix)?;
            // Segments past the value are record fields.
            (used == index + 1).then(|| term_target(db, term)).flatten()
        }
        _ => module_of_prefix(db, resolver, scope, &prefix),
    }
}

fn module_of_prefix(
    db: &dyn Db,
    resolver: Resolver,
    scope: Scope,
    prefix: &Path,
) -> Option<NavTarget> {
    let module = resolver.resolve_module_path(scope, prefix)?;
    term_target(db, TermRef::Module(module))
}

/// The item (of any kind) whose declaration contains `offset`: names are
/// looked up from just before it.
fn enclosing_item(db: &dyn Db, file: SourceFile, offset: TextSize) -> Option<ItemIdx> {
    let (tree, map) = item_tree_with_source_map(db, file);
    tree.items()
        .map(|(idx, _)| (idx, map.item(idx).range))
        .filter(|(_, range)| range.contains_inclusive(offset))
        .min_by_key(|(_, range)| range.len())
        .map(|(idx, _)| idx)
}

/// A name bound inside the definition being edited (a parameter, a `let`,
/// a loop variable, the definition itself).
fn local_target(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    offset: TextSize,
    path_expr: &SyntaxNode,
) -> Option<NavTarget> {
    let item = value_item_at(db, file, offset)?;
    let (_, source_map) = value_body_with_source_map(db, file, item);
    let result = infer_value(db, file_set, file, item);
    let ptr = SyntaxPtr::new(path_expr);
    let (expr, _) = source_map.exprs.iter().find(|(_, p)| **p == ptr)?;
    let located = |ptr: Option<&SyntaxPtr>| {
        ptr.map(|p| NavTarget {
            file,
            full_range: p.range,
            focus_range: p.range,
        })
    };
    match result.resolutions.get(expr)? {
        Resolved::Local(pat) => located(source_map.pats.get(*pat)),
        Resolved::LoopVar(e) | Resolved::LocalFunction(e) => located(source_map.exprs.get(*e)),
        Resolved::SelfRecursive | Resolved::Size(_) => item_target(db, file, item),
        Resolved::Term(_) => None,
    }
}

/// A top-level (or module-level) item: the declaration and its name.
fn item_target(db: &dyn Db, file: SourceFile, item: ItemIdx) -> Option<NavTarget> {
    let (_, map) = item_tree_with_source_map(db, file);
    let ptr = map.items.get(item.0 as usize)?;
    node_target(db, file, *ptr)
}

fn node_target(db: &dyn Db, file: SourceFile, ptr: SyntaxPtr) -> Option<NavTarget> {
    let root = parse(db, file).syntax_node();
    let node = ptr.to_node(&root)?;
    let focus = node
        .children()
        .find(|n| n.kind() == SyntaxKind::NAME)
        .map_or(ptr.range, |n| n.text_range());
    Some(NavTarget {
        file,
        full_range: ptr.range,
        focus_range: focus,
    })
}

fn spec_target(
    db: &dyn Db,
    file: SourceFile,
    spec: crate::item_tree::SpecIdx,
) -> Option<NavTarget> {
    let (_, map) = item_tree_with_source_map(db, file);
    node_target(db, file, *map.specs.get(spec.0 as usize)?)
}

fn term_target(db: &dyn Db, term: TermRef) -> Option<NavTarget> {
    match term {
        TermRef::Value(ValueRef::Def(file, item))
        | TermRef::Module(ModuleRef::Binding(file, item)) => item_target(db, file, item),
        TermRef::Value(ValueRef::Spec(file, spec, _))
        | TermRef::Module(ModuleRef::Spec(file, spec)) => spec_target(db, file, spec),
        TermRef::Module(ModuleRef::File(file)) => {
            let range = parse(db, file).syntax_node().text_range();
            Some(NavTarget {
                file,
                full_range: range,
                focus_range: TextRange::empty(range.start()),
            })
        }
        TermRef::Module(ModuleRef::Param(file, s, _)) => {
            // The parameter is declared by the enclosing module binding.
            let enclosing = item_tree(db, file).struct_data(s).enclosing;
            item_target(db, file, enclosing)
        }
        TermRef::Module(ModuleRef::Struct(..) | ModuleRef::Intrinsics) => None,
    }
}

fn type_target(db: &dyn Db, target: TypeDefRef) -> Option<NavTarget> {
    match target {
        TypeDefRef::Def(file, item) => item_target(db, file, item),
        TypeDefRef::Spec(file, spec, _) => spec_target(db, file, spec),
        TypeDefRef::Prim(_) => None,
    }
}

/// The documentation comment of the definition the name at `offset`
/// refers to.
pub fn documentation_at(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    offset: TextSize,
) -> Option<String> {
    let target = definition_at(db, file_set, file, offset)?;
    let root = parse(db, target.file).syntax_node();
    let element = root.covering_element(target.full_range);
    let node = match element {
        syntax::NodeOrToken::Node(node) => node,
        syntax::NodeOrToken::Token(token) => token.parent()?,
    };
    node.ancestors().find_map(|n| {
        ast::Decl::cast(n.clone())
            .and_then(|d| d.doc_comment())
            .or_else(|| ast::Spec::cast(n).and_then(|s| s.doc_comment()))
    })
}
