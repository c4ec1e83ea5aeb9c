//! Futhark syntax: lexer, event-based recursive-descent parser, lossless
//! rowan concrete syntax tree and a typed AST over it.
//!
//! Parsing never fails: [`parse`] always returns a tree whose text is the
//! input, byte for byte, together with the located syntax errors found.
//! This crate knows nothing about names or types.

pub mod ast;
mod build;
mod chunks;
pub mod format;
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
    let chunks = split(text, &tokens);
    if chunks.len() == 1 {
        return parse_tokens(
            text,
            &tokens,
            lex_errors,
            "",
            &mut build::GreenCache::default(),
        );
    }
    let mut cache = build::GreenCache::default();
    let mut lex_errors = lex_errors.into_iter().peekable();
    let parts: Vec<(TextSize, Parse)> = chunks
        .into_iter()
        .map(|(chunk, chunk_tokens)| {
            let range = chunk.range;
            let mut errors = Vec::new();
            while let Some(error) = lex_errors.next_if(|e| e.range.start() < range.end()) {
                errors.push(lexer::LexError {
                    message: error.message,
                    range: error.range - range.start(),
                });
            }
            let part = parse_tokens(
                &text[range],
                &tokens[chunk_tokens],
                errors,
                &text[chunk.follower],
                &mut cache,
            );
            (range.start(), part)
        })
        .collect();
    join(parts.iter().map(|(offset, part)| (*offset, part)))
}

/// A chunk of a file: see [`chunks`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chunk {
    pub range: TextRange,
    /// The first token after the chunk that is not trivia (empty at the
    /// end of the file): parse errors at the chunk's end name it, as they
    /// would when the whole file is parsed at once.
    pub follower: TextRange,
}

/// The chunks `text` splits into: runs of whole top-level declarations,
/// parsed independently by [`parse`]. Parsing each chunk with
/// [`parse_chunk`] and joining the results with [`join`] gives what
/// [`parse`] gives.
pub fn chunks(text: &str) -> Vec<Chunk> {
    let (tokens, _) = lexer::tokenize(text);
    split(text, &tokens)
        .into_iter()
        .map(|(chunk, _)| chunk)
        .collect()
}

/// The chunks of lexed text, each with the indices of its tokens.
fn split(text: &str, tokens: &[lexer::Token]) -> Vec<(Chunk, std::ops::Range<usize>)> {
    let mut first_token = 0;
    chunks::chunk_ranges(text, tokens)
        .into_iter()
        .map(|range| {
            let mut len = TextSize::from(0);
            let mut end_token = first_token;
            while len < range.len() {
                len += tokens[end_token].len;
                end_token += 1;
            }
            let chunk = Chunk {
                range,
                follower: first_significant_token(&tokens[end_token..], range.end()),
            };
            let chunk_tokens = first_token..end_token;
            first_token = end_token;
            (chunk, chunk_tokens)
        })
        .collect()
}

/// The range of the first token of `tokens` (which start at `offset`) that
/// is not trivia; empty if there is none.
fn first_significant_token(tokens: &[lexer::Token], mut offset: TextSize) -> TextRange {
    for token in tokens {
        if !token.kind.is_trivia() {
            return TextRange::at(offset, token.len);
        }
        offset += token.len;
    }
    TextRange::empty(offset)
}

/// Parses one chunk (the text of one of the ranges [`chunks`] returns),
/// given the text of the chunk's follower.
pub fn parse_chunk(text: &str, follower: &str) -> Parse {
    let (tokens, lex_errors) = lexer::tokenize(text);
    parse_tokens(
        text,
        &tokens,
        lex_errors,
        follower,
        &mut build::GreenCache::default(),
    )
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
    follower: &'t str,
    cache: &mut build::GreenCache<'t>,
) -> Parse {
    let input = parser::Input::new(text, tokens, follower);
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
