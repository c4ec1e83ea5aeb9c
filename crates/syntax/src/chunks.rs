//! Splitting a source file into independently parsed chunks.
//!
//! A chunk is a run of whole top-level declarations. [`parse`](crate::parse)
//! parses each chunk on its own and joins the results, so that a caller
//! that keeps the parses of unchanged chunks (the semantic layer, through
//! its query cache) re-parses only the chunk an edit touched, and the
//! green nodes of untouched declarations stay the same nodes.
//!
//! Guarantees: the chunks cover the text in order, each starts at a token
//! boundary, and a chunk boundary lies only before a token that begins a
//! declaration at the outermost bracket level (`def`, `entry`, `type`,
//! `module`, `open`, `import`, `local`, or the attributes in front of one)
//! and not after a token that a declaration cannot end with (`local def`,
//! `module type`, `open import`, `= import`). Comments directly above a
//! declaration start its chunk, as the tree builder attaches them to it.
//! A top-level `let` never starts a chunk, since `let` also begins
//! expressions; declarations the splitter cannot separate share a chunk,
//! which the parser reads as it reads a whole file.

use crate::SyntaxKind::{self, *};
use crate::lexer::Token;
use crate::{TextRange, TextSize};

/// Tokens after which a declaration may continue with a keyword that
/// otherwise begins one.
fn continues_declaration(kind: SyntaxKind) -> bool {
    matches!(kind, LOCAL_KW | MODULE_KW | OPEN_KW | EQ | COLON)
}

fn begins_declaration(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        DEF_KW | ENTRY_KW | TYPE_KW | MODULE_KW | OPEN_KW | IMPORT_KW | LOCAL_KW
    )
}

/// How many of the trivia tokens before a token are comments directly
/// above it (with the single line breaks between them). `before` yields
/// the preceding tokens, nearest first, with their text, up to the previous
/// non-trivia token.
pub(crate) fn attached_comment_count<'t>(
    before: impl Iterator<Item = (SyntaxKind, &'t str)>,
) -> usize {
    let mut attached = 0;
    for (seen, (kind, text)) in before.enumerate() {
        match kind {
            COMMENT | DOC_COMMENT => attached = seen + 1,
            WHITESPACE if text.matches('\n').count() < 2 => {}
            _ => break,
        }
    }
    attached
}

/// How many of the trivia tokens before a declaration go with it into its
/// chunk: the comments directly above it, or, where a documentation
/// comment lies among them, everything from that comment (and those
/// directly above it) on. A `-- |` comment documents the next declaration
/// also across blank lines, so it must not end the previous chunk, where
/// nothing would follow it.
fn leading_comment_count<'t>(before: impl Iterator<Item = (SyntaxKind, &'t str)>) -> usize {
    let before: Vec<(SyntaxKind, &str)> = before.collect();
    let attached = attached_comment_count(before.iter().copied());
    match before.iter().position(|(kind, _)| *kind == DOC_COMMENT) {
        Some(doc) if doc >= attached => {
            doc + 1 + attached_comment_count(before[doc + 1..].iter().copied())
        }
        _ => attached,
    }
}

/// Where the comments that go with the declaration at `end` (which follows
/// `tokens`) begin.
fn comments_start(text: &str, tokens: &[Token], end: TextSize) -> TextSize {
    let mut start = end;
    let before = tokens
        .iter()
        .rev()
        .take_while(|token| token.kind.is_trivia())
        .map(|token| {
            let token_end = start;
            start -= token.len;
            (
                token.kind,
                &text[std::ops::Range::<usize>::from(TextRange::new(start, token_end))],
            )
        });
    let count = leading_comment_count(before);
    end - tokens[tokens.len() - count..]
        .iter()
        .map(|token| token.len)
        .sum::<TextSize>()
}

/// The ranges of the chunks of `text`, lexed as `tokens`.
pub(crate) fn chunk_ranges(text: &str, tokens: &[Token]) -> Vec<TextRange> {
    let mut boundaries = vec![TextSize::from(0)];
    let mut depth = 0usize;
    // The kind of the bracket that opened the current outermost group.
    let mut outer_opener = None;
    // The last significant token outside brackets, and whether it closed
    // an attribute; and where the attributes in front of the next token
    // began, with the significant token before them.
    let mut previous: Option<SyntaxKind> = None;
    let mut after_attribute = false;
    let mut attributes_start: Option<(usize, Option<SyntaxKind>)> = None;
    let mut offset = TextSize::from(0);
    for (index, token) in tokens.iter().enumerate() {
        let start = offset;
        offset += token.len;
        let kind = token.kind;
        if kind.is_trivia() {
            continue;
        }
        if depth == 0 {
            if begins_declaration(kind) {
                let (first, before) = match attributes_start {
                    Some(start) if after_attribute => start,
                    _ => (index, previous),
                };
                if before.is_some_and(|kind| !continues_declaration(kind)) {
                    let first_start = start
                        - tokens[first..index]
                            .iter()
                            .map(|token| token.len)
                            .sum::<TextSize>();
                    boundaries.push(comments_start(text, &tokens[..first], first_start));
                }
            }
            if kind == HASH_L_BRACK && !after_attribute {
                attributes_start = Some((index, previous));
            }
        }
        match kind {
            L_PAREN | L_BRACK | L_CURLY | HASH_L_BRACK => {
                if depth == 0 {
                    outer_opener = Some(kind);
                }
                depth += 1;
                if depth == 1 {
                    continue;
                }
            }
            R_PAREN | R_BRACK | R_CURLY if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    after_attribute = outer_opener == Some(HASH_L_BRACK);
                    previous = Some(kind);
                }
                continue;
            }
            _ => {}
        }
        if depth == 0 {
            after_attribute = false;
            previous = Some(kind);
        }
    }
    boundaries.dedup();
    let mut ranges: Vec<TextRange> = boundaries
        .windows(2)
        .map(|pair| TextRange::new(pair[0], pair[1]))
        .collect();
    let last = boundaries.last().copied().unwrap_or_default();
    ranges.push(TextRange::new(last, offset));
    ranges
}

#[cfg(test)]
mod tests {
    use crate::{build, lexer, parse, parse_tokens};
    use std::path::{Path, PathBuf};

    fn collect(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.filter_map(|e| e.ok()) {
            let path = entry.path();
            if path.is_dir() {
                collect(&path, out);
            } else if path.extension().is_some_and(|ext| ext == "fut")
                && let Ok(text) = std::fs::read_to_string(&path)
            {
                out.push((path, text));
            }
        }
    }

    /// Parsing chunk by chunk builds the tree that parsing the whole file
    /// at once builds, for every program the project ships (and, with
    /// `FUTHARK_BENCH_DIR`, another directory of programs); programs with
    /// syntax errors have the same messages, which may differ only in
    /// where an error at the end of a chunk points.
    #[test]
    fn chunked_parse_builds_the_whole_file_tree() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let mut programs = Vec::new();
        for dir in [
            "test_data",
            "../../examples",
            "../../tests",
            "../hir/prelude",
        ] {
            collect(&root.join(dir), &mut programs);
        }
        if let Ok(extra) = std::env::var("FUTHARK_BENCH_DIR") {
            collect(Path::new(&extra), &mut programs);
        }
        assert!(programs.len() > 100, "the corpus is missing programs");
        let mut split = 0;
        for (path, text) in &programs {
            let (tokens, lex_errors) = lexer::tokenize(text);
            let whole = parse_tokens(
                text,
                &tokens,
                lex_errors,
                "",
                &mut build::GreenCache::default(),
            );
            let chunked = parse(text);
            split += usize::from(super::chunk_ranges(text, &tokens).len() > 1);
            let same_tree = whole.green() == chunked.green();
            assert!(same_tree, "{} parses differently in chunks", path.display());
            if whole.errors().is_empty() {
                assert!(chunked.errors().is_empty(), "{}", path.display());
            } else {
                let messages = |parse: &crate::Parse| {
                    parse
                        .errors()
                        .iter()
                        .map(|e| e.message.clone())
                        .collect::<Vec<_>>()
                };
                assert_eq!(messages(&whole), messages(&chunked), "{}", path.display());
            }
        }
        assert!(
            split * 2 > programs.len(),
            "most programs have several chunks"
        );
    }
}
