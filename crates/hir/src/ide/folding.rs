//! Folding ranges: the parts of a file an editor can collapse. Purely
//! syntactic, so every part that parses folds even when others do not.

use crate::Db;
use crate::files::{SourceFile, parse};
use syntax::{NodeOrToken, SyntaxKind, SyntaxNode, TextRange};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FoldKind {
    /// A declaration, a module body, a literal or a block of code.
    Region,
    /// Consecutive comment lines.
    Comment,
    /// Consecutive `import` declarations.
    Imports,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fold {
    pub range: TextRange,
    pub kind: FoldKind,
}

/// The foldable parts of `file` that span more than one line, in source
/// order. A declaration folds from its first line of code, not from its doc
/// comment (which folds on its own).
pub fn folding_ranges(db: &dyn Db, file: SourceFile) -> Vec<Fold> {
    let root = parse(db, file).syntax_node();
    let text = file.text(db);
    let multiline = |range: &TextRange| text[std::ops::Range::<usize>::from(*range)].contains('\n');
    let regions = root
        .descendants()
        .filter(|node| folds_as_region(node.kind()))
        .filter_map(|node| code_range(&node))
        .map(|range| (range, FoldKind::Region));
    // Comments separated by at most a line break; a blank line ends a block.
    let comments = runs(
        root.descendants_with_tokens()
            .filter_map(NodeOrToken::into_token)
            .filter_map(|token| match token.kind() {
                SyntaxKind::COMMENT | SyntaxKind::DOC_COMMENT => Some(Some(token.text_range())),
                SyntaxKind::WHITESPACE if token.text().matches('\n').count() < 2 => None,
                _ => Some(None),
            }),
    )
    .map(|range| (range, FoldKind::Comment));
    let imports = runs(
        root.children()
            .map(|node| (node.kind() == SyntaxKind::IMPORT_DECL).then(|| node.text_range())),
    )
    .map(|range| (range, FoldKind::Imports));
    let mut folds: Vec<Fold> = regions
        .chain(comments)
        .chain(imports)
        .filter(|(range, _)| multiline(range))
        .map(|(range, kind)| Fold { range, kind })
        .collect();
    folds.sort_by_key(|fold| (fold.range.start(), std::cmp::Reverse(fold.range.end())));
    folds
}

/// The ranges covered by maximal runs of `Some`s; a `None` ends a run.
fn runs(elements: impl Iterator<Item = Option<TextRange>>) -> impl Iterator<Item = TextRange> {
    let mut current: Option<TextRange> = None;
    elements
        .map(Some)
        .chain(std::iter::once(None))
        .filter_map(move |element| match element.flatten() {
            Some(range) => {
                current = Some(current.map_or(range, |c| c.cover(range)));
                None
            }
            None => current.take(),
        })
}

fn folds_as_region(kind: SyntaxKind) -> bool {
    use SyntaxKind::*;
    matches!(
        kind,
        VALUE_DEF
            | TYPE_DEF
            | MODULE_DEF
            | MODULE_TYPE_DEF
            | MOD_STRUCT
            | SIG_SPECS
            | RECORD_EXPR
            | RECORD_TYPE
            | ARRAY_EXPR
            | LAMBDA_EXPR
            | LOOP_EXPR
            | MATCH_CASE
            | LET_FUN_EXPR
    )
}

/// The range from the node's first to its last token that is not a
/// comment or whitespace.
fn code_range(node: &SyntaxNode) -> Option<TextRange> {
    let mut code = node
        .descendants_with_tokens()
        .filter_map(|e| e.into_token())
        .filter(|t| !t.kind().is_trivia());
    let first = code.next()?.text_range();
    let last = code.last().map_or(first, |t| t.text_range());
    Some(first.cover(last))
}
