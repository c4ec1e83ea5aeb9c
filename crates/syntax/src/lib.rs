//! Futhark syntax: lexer, event-based recursive-descent parser, lossless
//! rowan concrete syntax tree and a typed AST over it.
//!
//! Parsing never fails: [`parse`] always returns a tree whose text is the
//! input, byte for byte, together with the located syntax errors found.
//! This crate knows nothing about names or types.

pub mod ast;
mod build;
mod grammar;
pub mod lexer;
mod parser;
mod syntax_kind;

use std::sync::Arc;

pub use rowan::{NodeOrToken, TextRange, TextSize, WalkEvent};
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
    green: rowan::GreenNode,
    errors: Arc<[SyntaxError]>,
}

impl Parse {
    pub fn green(&self) -> &rowan::GreenNode {
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

/// Parses a whole Futhark source file.
pub fn parse(text: &str) -> Parse {
    let (tokens, lex_errors) = lexer::tokenize(text);
    let input = parser::Input::new(text, &tokens);
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
    let green = build::build_tree(text, &tokens, events, &mut errors);
    errors.sort_by_key(|e| (e.range.start(), e.range.end()));
    Parse {
        green,
        errors: errors.into(),
    }
}
