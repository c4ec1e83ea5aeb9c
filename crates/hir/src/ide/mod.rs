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
use crate::resolve::{ModuleRef, Resolver, Scope, SigRef, TermRef, TypeDefRef, ValueRef};
use crate::store::SyntaxPtr;
use crate::ty::Ty;
use syntax::ast::{self, AstNode};
use syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange, TextSize};

mod folding;
mod highlight;
mod inlay_hints;
mod outline;
mod references;
mod signature_help;

pub use folding::{Fold, FoldKind, folding_ranges};
pub use highlight::{Highlight, HighlightKind, highlights};
pub use inlay_hints::{HintKind, TypeHint, annotation_insertions, type_hints};
pub use outline::{OutlineEntry, OutlineKind, file_outline};
pub use references::{
    FileRange, RenameError, highlights_at, references_at, rename_at, rename_range,
};
pub use signature_help::{SignatureHelp, signature_help_at};

/// A place to navigate to: the whole definition and its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NavTarget {
    pub file: SourceFile,
    pub full_range: TextRange,
    pub focus_range: TextRange,
}

/// The innermost item (a value definition, if `values_only`) containing
/// `offset`, or ending just before it with only whitespace between (the
/// cursor continues it, as when typing its body).
fn item_at(db: &dyn Db, file: SourceFile, offset: TextSize, values_only: bool) -> Option<ItemIdx> {
    let (tree, map) = item_tree_with_source_map(db, file);
    let text = file.text(db);
    let continues = |range: TextRange| {
        range.end() <= offset
            && text
                .get(usize::from(range.end())..usize::from(offset))
                .is_some_and(|between| between.chars().all(char::is_whitespace))
    };
    tree.items()
        .filter(|(_, item)| !values_only || matches!(item.kind, ItemKind::Value(_)))
        .map(|(idx, _)| (idx, map.item(idx).range))
        .filter(|(_, range)| range.contains_inclusive(offset) || continues(*range))
        .min_by_key(|(_, range)| range.len())
        .map(|(idx, _)| idx)
}

fn value_item_at(db: &dyn Db, file: SourceFile, offset: TextSize) -> Option<ItemIdx> {
    item_at(db, file, offset, true)
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
    if let Some(import) = crate::files::imports(db, file_set, file)
        .iter()
        .find(|import| import.range.contains_inclusive(offset))
    {
        // An import's string: the file it names, from its start.
        let target = import.target?;
        return Some(NavTarget {
            file: target,
            full_range: TextRange::up_to(TextSize::of(target.text(db))),
            focus_range: TextRange::empty(TextSize::new(0)),
        });
    }
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
        params: None,
    };
    let last = index + 1 == segments.len();
    // A variable bound in the definition shadows everything else.
    if context.kind() == SyntaxKind::PATH_EXPR
        && index == 0
        && let Some(target) = local_target(db, file_set, file, offset, &context)
    {
        return Some(target);
    }
    // Type and size parameters, and earlier specifications of the module
    // type being written, are bound in the syntax around the name.
    if index == 0
        && segments.len() == 1
        && let Some(target) = enclosing_binder(file, &token)
    {
        return Some(target);
    }
    // A type of a module type that an earlier `include` brings in.
    if index == 0
        && segments.len() == 1
        && context.kind() == SyntaxKind::PATH_TYPE
        && let Some(target) = included_type_target(db, resolver, scope, &token)
    {
        return Some(target);
    }
    match context.kind() {
        SyntaxKind::PATH_TYPE => match resolver.resolve_type_path(scope, &prefix) {
            Some(target) if last => type_target(db, target),
            _ => module_of_prefix(db, resolver, scope, &prefix),
        },
        SyntaxKind::SIG_PATH if last => {
            let SigRef(file, item) = resolver.resolve_sig_path(scope, &prefix)?;
            item_target(db, file, item)
        }
        SyntaxKind::PATH_EXPR => {
            let (term, used) = resolver.resolve_expr_path(scope, &prefix)?;
            // Segments past the value are record fields.
            (used == index + 1).then(|| term_target(db, term)).flatten()
        }
        _ => module_of_prefix(db, resolver, scope, &prefix),
    }
}

/// The binder of a single name in the syntax enclosing it: a type or size
/// parameter (`'t`, `[n]`) of an enclosing definition, specification,
/// lambda or type, a size binder of an enclosing existential type, or an
/// earlier type specification of an enclosing module type.
fn enclosing_binder(file: SourceFile, token: &SyntaxToken) -> Option<NavTarget> {
    let name = token.text();
    let before = token.text_range().start();
    token.parent_ancestors().find_map(|ancestor| {
        ancestor
            .children()
            .filter(|child| {
                child.text_range().end() <= before || ancestor.kind() != SyntaxKind::SIG_SPECS
            })
            .filter(|child| match child.kind() {
                SyntaxKind::TYPE_PARAM | SyntaxKind::SIZE_BINDER => true,
                SyntaxKind::TYPE_SPEC | SyntaxKind::TYPE_DEF => {
                    ancestor.kind() == SyntaxKind::SIG_SPECS
                }
                _ => false,
            })
            .find_map(|binder| {
                let binder_name = binder.children().find(|n| n.kind() == SyntaxKind::NAME)?;
                (binder_name.text() == name).then(|| NavTarget {
                    file,
                    full_range: binder.text_range(),
                    focus_range: binder_name.text_range(),
                })
            })
    })
}

/// The type specification named as `token` that an `include` written
/// before it, in a module type enclosing it, brings in (through the
/// included module type's own includes).
fn included_type_target(
    db: &dyn Db,
    resolver: Resolver,
    scope: Scope,
    token: &SyntaxToken,
) -> Option<NavTarget> {
    let name = Name::new(token.text());
    let before = token.text_range().start();
    token
        .parent_ancestors()
        .filter(|ancestor| ancestor.kind() == SyntaxKind::SIG_SPECS)
        .flat_map(|specs| specs.children())
        .filter(|spec| spec.kind() == SyntaxKind::INCLUDE_SPEC && spec.text_range().end() <= before)
        .find_map(|include| {
            let sig_path = include
                .descendants()
                .find(|n| n.kind() == SyntaxKind::SIG_PATH)?;
            let path = sig_path.children().find_map(ast::Path::cast)?;
            let path = Path::new(path.segments().map(|t| Name::new(t.text())).collect())?;
            let sig = crate::item_tree::SigExpr::Path(path);
            type_spec_in_sig(db, resolver, scope, &sig, &name, INCLUDE_DEPTH)
        })
}

/// How many module type names are followed looking for an included
/// type (a cycle is an error the checker reports).
const INCLUDE_DEPTH: u32 = 16;

/// The type specification `name` of the module type `sig`, written in
/// `scope`: its own or one that it includes.
fn type_spec_in_sig(
    db: &dyn Db,
    resolver: Resolver,
    scope: Scope,
    sig: &crate::item_tree::SigExpr,
    name: &Name,
    depth: u32,
) -> Option<NavTarget> {
    use crate::item_tree::{SigExpr, SpecKind};
    match sig {
        SigExpr::Path(path) if depth > 0 => {
            let SigRef(file, item) = resolver.resolve_sig_path(scope, path)?;
            let tree = item_tree(db, file);
            let ItemKind::ModuleType(module_type) = &tree.item(item).kind else {
                return None;
            };
            let scope = Scope {
                file,
                item: Some(item),
                params: None,
            };
            type_spec_in_sig(db, resolver, scope, &module_type.sig, name, depth - 1)
        }
        SigExpr::With { base, .. } => type_spec_in_sig(db, resolver, scope, base, name, depth),
        SigExpr::Specs(specs) => {
            let tree = item_tree(db, scope.file);
            specs.iter().find_map(|&idx| match &tree.spec(idx).kind {
                SpecKind::Type(ty) if ty.name.as_ref() == Some(name) => {
                    spec_target(db, scope.file, idx)
                }
                SpecKind::Include(included) => {
                    let scope = Scope::of_spec(&tree, scope.file, idx);
                    type_spec_in_sig(db, resolver, scope, included, name, depth)
                }
                _ => None,
            })
        }
        _ => None,
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

/// The item (of any kind) at `offset`: names are looked up from just
/// before it.
fn enclosing_item(db: &dyn Db, file: SourceFile, offset: TextSize) -> Option<ItemIdx> {
    item_at(db, file, offset, false)
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
        Resolved::SelfRecursive => item_target(db, file, item),
        // Size parameters are found in the syntax around the use.
        Resolved::Size(_) | Resolved::Term(_) | Resolved::BuiltinOp(_) => None,
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
        | TermRef::Module(ModuleRef::Spec(file, spec, _)) => spec_target(db, file, spec),
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

/// The declared type of the value definition whose name is at `offset`, as
/// a specification would write it (`val name [n] 'a : [n]a -> a`), with the
/// name's range.
pub fn definition_signature_at(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    offset: TextSize,
) -> Option<(TextRange, String)> {
    let root = parse(db, file).syntax_node();
    let name = name_token_at(&root, offset)?.parent()?;
    let def = name.parent().filter(|_| name.kind() == SyntaxKind::NAME)?;
    if def.kind() != SyntaxKind::VALUE_DEF {
        return None;
    }
    let (tree, map) = item_tree_with_source_map(db, file);
    let (item, _) = tree
        .items()
        .find(|(idx, _)| map.item(*idx) == SyntaxPtr::new(&def))?;
    let scheme = crate::infer::value_scheme(db, file_set, file, item);
    let mut text = format!("val {}", name.text());
    for size in &scheme.size_params {
        text.push_str(&format!(" [{size}]"));
    }
    for param in &scheme.type_params {
        let lifted = if scheme.lifted.contains(param) {
            "^"
        } else {
            ""
        };
        text.push_str(&format!(" '{lifted}{param}"));
    }
    text.push_str(&format!(" : {}", scheme.ty));
    Some((name.text_range(), text))
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
    // The definition itself, not one enclosing it (a parameter has no
    // documentation of its own).
    node.ancestors()
        .take_while(|n| n.text_range() == target.full_range)
        .find_map(|n| {
            ast::Decl::cast(n.clone())
                .and_then(|d| d.doc_comment())
                .or_else(|| ast::Spec::cast(n).and_then(|s| s.doc_comment()))
        })
}

/// What a completion item names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CompletionKind {
    /// A variable bound in the definition being edited.
    Local,
    Value,
    Module,
    Field,
    Keyword,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    pub label: String,
    pub kind: CompletionKind,
    /// The type, for values, locals and fields.
    pub detail: Option<String>,
}

const KEYWORDS: &[&str] = &[
    "def", "let", "in", "if", "then", "else", "loop", "for", "while", "do", "match", "case",
    "module", "type", "val", "open", "import", "local", "entry", "with", "assert", "true", "false",
];

/// The names that may be written at `offset`: after `m.`, the members of
/// module `m` (or the fields of record `m`); otherwise locals, definitions
/// in scope (the prelude included) and keywords.
pub fn completions_at(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    offset: TextSize,
) -> Vec<Completion> {
    let root = parse(db, file).syntax_node();
    let resolver = Resolver { db, file_set };
    let scope = Scope {
        file,
        item: enclosing_item(db, file, offset),
        params: None,
    };
    if let Some((qualifier, qualifier_start, qualifier_end)) = qualifier_before(&root, offset) {
        if let Some(module) = resolver.resolve_module_path(scope, &qualifier) {
            return module_members(db, resolver, module);
        }
        let ty = variable_path_type(db, file_set, file, qualifier_start, &qualifier)
            .or_else(|| Some(type_at(db, file_set, file, qualifier_end)?.1));
        return match ty {
            Some(Ty::Record(fields)) => fields
                .iter()
                .map(|(name, ty)| Completion {
                    label: name.to_string(),
                    kind: CompletionKind::Field,
                    detail: Some(ty.to_string()),
                })
                .collect(),
            _ => Vec::new(),
        };
    }
    let mut items = locals_before(db, file_set, file, offset);
    for (name, term) in resolver.terms_in_scope(scope) {
        if items.iter().any(|c| c.label == name.as_str()) {
            continue;
        }
        items.push(term_completion(db, file_set, name, term));
    }
    items.extend(KEYWORDS.iter().map(|k| Completion {
        label: k.to_string(),
        kind: CompletionKind::Keyword,
        detail: None,
    }));
    items
}

/// The type of `path` (a variable and fields of it) written at `start`,
/// from the variable's binding: the path may go on after the cursor
/// (`p.|x`), where the expression's own type is the whole path's.
fn variable_path_type(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    start: TextSize,
    path: &Path,
) -> Option<Ty> {
    let binding = definition_at(db, file_set, file, start)?;
    let (_, mut ty) = type_at(db, file_set, binding.file, binding.focus_range.start())?;
    for field in &path.segments()[1..] {
        let Ty::Record(fields) = ty else {
            return None;
        };
        ty = fields.into_iter().find(|(name, _)| name == field)?.1;
    }
    Some(ty)
}

/// The path `a.b` before `a.b.` (or `a.b.pre`) at `offset`, where it
/// starts, and where it ends.
fn qualifier_before(root: &SyntaxNode, offset: TextSize) -> Option<(Path, TextSize, TextSize)> {
    let mut token = root.token_at_offset(offset).left_biased()?;
    if token.kind() == SyntaxKind::IDENT {
        token = previous_non_trivia(&token)?;
    }
    if token.kind() != SyntaxKind::DOT {
        return None;
    }
    let mut segments = Vec::new();
    let mut cursor = previous_non_trivia(&token)?;
    let end = cursor.text_range().end();
    let mut start = cursor.text_range().start();
    while cursor.kind() == SyntaxKind::IDENT {
        segments.push(Name::new(cursor.text()));
        start = cursor.text_range().start();
        match previous_non_trivia(&cursor) {
            Some(dot) if dot.kind() == SyntaxKind::DOT => {
                cursor = previous_non_trivia(&dot)?;
            }
            _ => break,
        }
    }
    segments.reverse();
    Some((Path::new(segments)?, start, end))
}

fn previous_non_trivia(token: &SyntaxToken) -> Option<SyntaxToken> {
    let mut previous = token.prev_token()?;
    while previous.kind().is_trivia() {
        previous = previous.prev_token()?;
    }
    Some(previous)
}

fn module_members(db: &dyn Db, resolver: Resolver, module: ModuleRef) -> Vec<Completion> {
    let exports = resolver.exports(module);
    let mut names: Vec<(&Name, &TermRef)> = exports.terms.iter().collect();
    names.sort_by(|a, b| a.0.cmp(b.0));
    names
        .into_iter()
        .map(|(name, term)| term_completion(db, resolver.file_set, name.clone(), *term))
        .collect()
}

fn term_completion(db: &dyn Db, file_set: FileSet, name: Name, term: TermRef) -> Completion {
    let (kind, detail) = match term {
        TermRef::Value(ValueRef::Def(file, item)) => (
            CompletionKind::Value,
            Some(
                crate::infer::value_scheme(db, file_set, file, item)
                    .ty
                    .to_string(),
            ),
        ),
        TermRef::Value(ValueRef::Spec(..)) => (CompletionKind::Value, None),
        TermRef::Module(_) => (CompletionKind::Module, None),
    };
    Completion {
        label: name.to_string(),
        kind,
        detail,
    }
}

/// Variables bound in the enclosing definition before `offset`.
fn locals_before(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    offset: TextSize,
) -> Vec<Completion> {
    let Some(item) = value_item_at(db, file, offset) else {
        return Vec::new();
    };
    let (body, source_map) = value_body_with_source_map(db, file, item);
    let result = infer_value(db, file_set, file, item);
    let mut locals: Vec<(TextSize, Completion)> = body
        .store
        .pats
        .iter()
        .filter_map(|(id, pat)| {
            let crate::store::Pat::Name(name) = pat else {
                return None;
            };
            let range = source_map.pats.get(id)?.range;
            (range.end() <= offset).then(|| {
                (
                    range.start(),
                    Completion {
                        label: name.to_string(),
                        kind: CompletionKind::Local,
                        detail: result.pat_types.get(id).map(|t| t.to_string()),
                    },
                )
            })
        })
        .collect();
    // The nearest binding of a name wins.
    locals.sort_by_key(|(start, _)| std::cmp::Reverse(*start));
    let mut unique: Vec<Completion> = Vec::new();
    for (_, completion) in locals {
        if !unique.iter().any(|c| c.label == completion.label) {
            unique.push(completion);
        }
    }
    unique
}
