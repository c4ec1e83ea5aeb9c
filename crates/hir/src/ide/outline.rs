//! The outline of a file: its named declarations nested as written, for an
//! editor's symbol list and breadcrumbs.

use super::{NavTarget, item_target, spec_target};
use crate::Db;
use crate::files::{SourceFile, parse};
use crate::item_tree::{ItemIdx, ItemKind, ItemTree, ModExpr, SigExpr, SpecKind, item_tree};
use syntax::{SyntaxKind, TextRange};

/// What an entry of a file's outline declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutlineKind {
    /// A value definition with parameters.
    Function,
    /// A value definition without parameters.
    Constant,
    EntryPoint,
    Type,
    Module,
    ModuleType,
    /// A `val` specification in a module type.
    ValueSpec,
}

/// One declaration in a file's outline, with the declarations nested in it
/// (a module's body, a module type's specifications).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutlineEntry {
    pub name: String,
    pub kind: OutlineKind,
    /// The signature as written (parameters and result type, a type's
    /// parameters), with whitespace collapsed.
    pub detail: Option<String>,
    pub target: NavTarget,
    pub children: Vec<OutlineEntry>,
}

/// The named declarations of `file`, nested as in the source. Works on the
/// item tree alone, so a file with errors still has an outline.
pub fn file_outline(db: &dyn Db, file: SourceFile) -> Vec<OutlineEntry> {
    let tree = item_tree(db, file);
    outline_items(db, file, &tree, &tree.top_level)
}

fn outline_items(
    db: &dyn Db,
    file: SourceFile,
    tree: &ItemTree,
    items: &[ItemIdx],
) -> Vec<OutlineEntry> {
    items
        .iter()
        .filter_map(|&idx| {
            let item = tree.item(idx);
            let name = item.name()?.to_string();
            let target = item_target(db, file, idx)?;
            let detail = signature_text(db, file, &target);
            let (kind, children) = match &item.kind {
                ItemKind::Value(v) if v.entry => (OutlineKind::EntryPoint, Vec::new()),
                ItemKind::Value(_) if detail.as_deref().is_some_and(|d| !d.starts_with(':')) => {
                    (OutlineKind::Function, Vec::new())
                }
                ItemKind::Value(_) => (OutlineKind::Constant, Vec::new()),
                ItemKind::Type(_) => (OutlineKind::Type, Vec::new()),
                ItemKind::Module(m) => {
                    let mut body = &m.body;
                    while let ModExpr::Lambda { body: inner, .. } | ModExpr::Ascription(inner, _) =
                        body
                    {
                        body = inner;
                    }
                    let children = match body {
                        ModExpr::Struct(s) => {
                            outline_items(db, file, tree, &tree.struct_data(*s).items)
                        }
                        _ => Vec::new(),
                    };
                    (OutlineKind::Module, children)
                }
                ItemKind::ModuleType(m) => (
                    OutlineKind::ModuleType,
                    outline_specs(db, file, tree, &m.sig),
                ),
                ItemKind::Open(_) | ItemKind::Import(_) => return None,
            };
            Some(OutlineEntry {
                name,
                kind,
                detail,
                target,
                children,
            })
        })
        .collect()
}

fn outline_specs(
    db: &dyn Db,
    file: SourceFile,
    tree: &ItemTree,
    sig: &SigExpr,
) -> Vec<OutlineEntry> {
    let specs = match sig {
        SigExpr::Specs(specs) => specs,
        SigExpr::With { base, .. } => return outline_specs(db, file, tree, base),
        _ => return Vec::new(),
    };
    specs
        .iter()
        .filter_map(|&idx| {
            let (name, kind, children) = match &tree.spec(idx).kind {
                SpecKind::Val { name, .. } => (name.as_ref()?, OutlineKind::ValueSpec, Vec::new()),
                SpecKind::Type(t) => (t.name.as_ref()?, OutlineKind::Type, Vec::new()),
                SpecKind::Module { name, sig } => (
                    name.as_ref()?,
                    OutlineKind::Module,
                    outline_specs(db, file, tree, sig),
                ),
                SpecKind::Include(_) => return None,
            };
            let target = spec_target(db, file, idx)?;
            Some(OutlineEntry {
                name: name.to_string(),
                kind,
                detail: signature_text(db, file, &target),
                target,
                children,
            })
        })
        .collect()
}

/// The text between a declaration's name and its `=` (or its end), with
/// whitespace collapsed: `(x: i32): i32` for a function, `: i32` for a
/// constant, `'a` for a type's parameters. `None` when there is nothing.
fn signature_text(db: &dyn Db, file: SourceFile, target: &NavTarget) -> Option<String> {
    let root = parse(db, file).syntax_node();
    let node = root
        .covering_element(target.full_range)
        .into_node()?
        .ancestors()
        .find(|n| n.text_range() == target.full_range)?;
    let end = node
        .children_with_tokens()
        .find(|e| e.kind() == SyntaxKind::EQ && e.text_range().start() >= target.focus_range.end())
        .map_or(target.full_range.end(), |e| e.text_range().start());
    let signature = TextRange::new(target.focus_range.end(), end);
    let mut collapsed = String::new();
    let mut space = false;
    for token in node
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| signature.contains_range(t.text_range()))
    {
        if token.kind().is_trivia() {
            space = !collapsed.is_empty();
        } else {
            if space {
                collapsed.push(' ');
                space = false;
            }
            collapsed.push_str(token.text());
        }
    }
    (!collapsed.is_empty()).then_some(collapsed)
}
