//! Futhark syntax: lexer, event-based recursive-descent parser, lossless
//! rowan concrete syntax tree and a typed AST over it.
//!
//! Parsing never fails: [`parse`] always returns a tree whose text is the
//! input, byte for byte, together with the located syntax errors found.
//! This crate knows nothing about names or types.

pub mod ast;
mod build;
mod chunks;
mod grammar;
pub mod lexer;
mod parser;
mod syntax_kind;

use std::sync::Arc;

pub use rowan::{GreenNode, GreenNodeData, NodeOrToken, TextRange, TextSize, WalkEvent};
pub use syntax_kind::{FutharkLanguage, SyntaxKind};

pub type SyntaxNode = rowan::SyntaxNode<FutharkLanguage>;
pub type SyntaxToken = rowan::SyntaxToken<FutharkLanguage>;
pub type SyntaxElement = rowan::SyntaxElement<FutharkLanguage>;

/// A syntax error: what was expected or what is wrong, and where.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    pub message: String,
    pub range: TextRange,
}

/// The result of parsing: a green tree and the errors, cheap to clone and
/// comparable, so that it can be cached by a query engine.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Parse {
    green: GreenNode,
    errors: Arc<[SyntaxError]>,
}

impl Parse {
    pub fn green(&self) -> &GreenNode {
        &self.green
    }

    pub fn syntax_node(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.green.clone())
    }

    pub fn tree(&self) -> ast::SourceFile {
        use ast::AstNode;
        ast::SourceFile::cast(self.syntax_node()).expect("the root is a SOURCE_FILE")
    }

    /// Lexical and syntax errors, in source order.
    pub fn errors(&self) -> &[SyntaxError] {
        &self.errors
    }

    /// The tree as indented text, one node or token per line, followed by
    /// the errors: the format of the parser's snapshot tests and of
    /// `futc parse --tree`.
    pub fn debug_tree(&self) -> String {
        let mut out = format!("{:#?}", self.syntax_node());
        // rowan ends the dump with a newline already.
        for error in self.errors.iter() {
            out.push_str(&format!(
                "error {:?}: {}\n",
                std::ops::Range::<u32>::from(error.range),
                error.message
            ));
        }
        out
    }
}

/// Parses a whole Futhark source file: chunk by chunk (see [`chunks`]),
/// each chunk as if it were a file, joined into one tree.
pub fn parse(text: &str) -> Parse {
    let (tokens, lex_errors) = lexer::tokenize(text);
    let ranges = chunks::chunk_ranges(text, &tokens);
    if ranges.len() == 1 {
        return parse_tokens(text, &tokens, lex_errors, &mut build::GreenCache::default());
    }
    let mut cache = build::GreenCache::default();
    let mut lex_errors = lex_errors.into_iter().peekable();
    let mut first_token = 0;
    let parts: Vec<(TextSize, Parse)> = ranges
        .iter()
        .map(|range| {
            let mut len = TextSize::from(0);
            let mut end_token = first_token;
            while len < range.len() {
                len += tokens[end_token].len;
                end_token += 1;
            }
            let mut errors = Vec::new();
            while let Some(error) = lex_errors.next_if(|e| e.range.start() < range.end()) {
                errors.push(lexer::LexError {
                    message: error.message,
                    range: error.range - range.start(),
                });
            }
            let part = parse_tokens(
                &text[*range],
                &tokens[first_token..end_token],
                errors,
                &mut cache,
            );
            first_token = end_token;
            (range.start(), part)
        })
        .collect();
    join(parts.iter().map(|(offset, part)| (*offset, part)))
}

/// The ranges of the chunks `text` splits into: runs of whole top-level
/// declarations, parsed independently by [`parse`]. Parsing each chunk
/// with [`parse_chunk`] and joining the results with [`join`] gives what
/// [`parse`] gives.
pub fn chunks(text: &str) -> Vec<TextRange> {
    let (tokens, _) = lexer::tokenize(text);
    chunks::chunk_ranges(text, &tokens)
}

/// Parses one chunk (the text of one of the ranges [`chunks`] returns).
pub fn parse_chunk(text: &str) -> Parse {
    let (tokens, lex_errors) = lexer::tokenize(text);
    parse_tokens(text, &tokens, lex_errors, &mut build::GreenCache::default())
}

/// Joins the parses of consecutive chunks, each with the offset of its
/// start, into the parse of the whole text. The chunks' declarations are
/// shared, not copied.
pub fn join<'p>(parts: impl IntoIterator<Item = (TextSize, &'p Parse)>) -> Parse {
    let mut children = Vec::new();
    let mut errors = Vec::new();
    for (offset, part) in parts {
        children.extend(part.green.children().map(|child| child.to_owned()));
        errors.extend(part.errors.iter().map(|error| SyntaxError {
            message: error.message.clone(),
            range: error.range + offset,
        }));
    }
    Parse {
        green: GreenNode::new(SyntaxKind::SOURCE_FILE.into(), children),
        errors: errors.into(),
    }
}

/// Parses lexed text as a source file.
fn parse_tokens<'t>(
    text: &'t str,
    tokens: &[lexer::Token],
    lex_errors: Vec<lexer::LexError>,
    cache: &mut build::GreenCache<'t>,
) -> Parse {
    let input = parser::Input::new(text, tokens);
    let mut p = parser::Parser::new(&input);
    grammar::source_file(&mut p);
    let events = p.finish();
    let mut errors: Vec<SyntaxError> = lex_errors
        .into_iter()
        .map(|e| SyntaxError {
            message: e.message,
            range: e.range,
        })
        .collect();
    let green = build::build_tree(text, tokens, events, &mut errors, cache);
    errors.sort_by_key(|e| (e.range.start(), e.range.end()));
    Parse {
        green,
        errors: errors.into(),
    }
}
