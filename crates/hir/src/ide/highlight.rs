//! Semantic highlighting: what each name in a file is, decided by what it
//! resolves to (a function, a variable, a parameter, a module, ...), so that
//! an editor can colour uses as it colours definitions.

use super::{NavTarget, definition_at};
use crate::Db;
use crate::files::{FileSet, SourceFile, parse};
use crate::ty::PrimType;
use syntax::{SyntaxKind, SyntaxNode, SyntaxToken, TextRange};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HighlightKind {
    Function,
    Variable,
    Parameter,
    Type,
    TypeParameter,
    Module,
    ModuleType,
    Field,
    Constructor,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Highlight {
    pub range: TextRange,
    pub kind: HighlightKind,
    /// The name is being defined here.
    pub declaration: bool,
    /// Defined in the prelude (or built in, like `i32`).
    pub library: bool,
}

/// The highlights of the names in `range` of `file`, in source order.
/// Names that resolve to nothing (in broken code) get none.
pub fn highlights(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    range: TextRange,
) -> Vec<Highlight> {
    let root = parse(db, file).syntax_node();
    root.descendants_with_tokens()
        .filter_map(|element| element.into_token())
        .filter(|token| range.contains_range(token.text_range()))
        .filter_map(|token| highlight(db, file_set, file, &token))
        .collect()
}

fn highlight(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    token: &SyntaxToken,
) -> Option<Highlight> {
    let range = token.text_range();
    let plain = |kind, library| Highlight {
        range,
        kind,
        declaration: false,
        library,
    };
    match token.kind() {
        SyntaxKind::CONSTRUCTOR => return Some(plain(HighlightKind::Constructor, false)),
        SyntaxKind::IDENT => {}
        _ => return None,
    }
    let parent = token.parent()?;
    let Some(target) = definition_at(db, file_set, file, range.start()) else {
        // Unresolved names: field projections and built-in types.
        return match parent.kind() {
            SyntaxKind::FIELD_EXPR => Some(plain(HighlightKind::Field, false)),
            SyntaxKind::PATH => match parent.parent()?.kind() {
                SyntaxKind::PATH_EXPR if parent.first_token()? != *token => {
                    Some(plain(HighlightKind::Field, false))
                }
                SyntaxKind::PATH_TYPE if PrimType::from_name(token.text()).is_some() => {
                    Some(plain(HighlightKind::Type, true))
                }
                _ => None,
            },
            _ => None,
        };
    };
    let kind = definition_kind(db, &target)?;
    Some(Highlight {
        range,
        kind,
        declaration: parent.kind() == SyntaxKind::NAME,
        library: crate::prelude::is_prelude_path(target.file.path(db)),
    })
}

/// What a definition defines, from the syntax that defines it.
fn definition_kind(db: &dyn Db, target: &NavTarget) -> Option<HighlightKind> {
    let root = parse(db, target.file).syntax_node();
    let mut node = root
        .covering_element(target.full_range)
        .into_node()
        .or_else(|| root.covering_element(target.full_range).parent())?;
    // The outermost node with exactly that range: a pattern, not its name.
    while let Some(parent) = node
        .parent()
        .filter(|p| p.text_range() == node.text_range())
    {
        node = parent;
    }
    use HighlightKind::*;
    Some(match node.kind() {
        SyntaxKind::VALUE_DEF | SyntaxKind::LET_FUN_EXPR => {
            let has_params = node.children().any(|c| is_pattern(c.kind()));
            if has_params { Function } else { Variable }
        }
        SyntaxKind::VAL_SPEC => Function,
        SyntaxKind::NAME_PAT if is_parameter(&node) => Parameter,
        SyntaxKind::NAME_PAT | SyntaxKind::LOOP_EXPR => Variable,
        SyntaxKind::TYPE_DEF | SyntaxKind::TYPE_SPEC => Type,
        SyntaxKind::TYPE_PARAM | SyntaxKind::SIZE_BINDER => TypeParameter,
        SyntaxKind::MODULE_DEF
        | SyntaxKind::MODULE_SPEC
        | SyntaxKind::MODULE_PARAM
        | SyntaxKind::SOURCE_FILE => Module,
        SyntaxKind::MODULE_TYPE_DEF => ModuleType,
        SyntaxKind::RECORD_TYPE_FIELD | SyntaxKind::RECORD_FIELD => Field,
        _ => return None,
    })
}

fn is_pattern(kind: SyntaxKind) -> bool {
    use SyntaxKind::*;
    matches!(
        kind,
        NAME_PAT
            | WILDCARD_PAT
            | PAREN_PAT
            | TUPLE_PAT
            | RECORD_PAT
            | RECORD_PAT_FIELD
            | CONSTR_PAT
            | LITERAL_PAT
            | ASCRIPTION_PAT
            | ATTR_PAT
    )
}

/// Whether a name pattern is (part of) a parameter of a definition, a local
/// function or a lambda.
fn is_parameter(pat: &SyntaxNode) -> bool {
    let owner = pat.ancestors().find(|node| !is_pattern(node.kind()));
    owner.is_some_and(|owner| {
        matches!(
            owner.kind(),
            SyntaxKind::VALUE_DEF | SyntaxKind::LET_FUN_EXPR | SyntaxKind::LAMBDA_EXPR
        )
    })
}
