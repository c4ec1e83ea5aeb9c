//! Builds the rowan green tree from the parser's events and the lexed tokens.
//!
//! Guarantees: every token, trivia included, ends up in the tree in source
//! order, so the tree's text equals the input. Whitespace and comments go to
//! the outermost node that encloses them, except that comments directly
//! above a declaration or spec (no blank line between) belong to it, so doc
//! comments travel with what they document.

use crate::SyntaxKind::{self, *};
use crate::lexer::Token;
use crate::parser::Event;
use crate::{SyntaxError, TextRange, TextSize};
use rowan::{GreenNode, GreenNodeBuilder};

pub(crate) fn build_tree(
    text: &str,
    tokens: &[Token],
    mut events: Vec<Event>,
    errors: &mut Vec<SyntaxError>,
) -> GreenNode {
    let mut sink = Sink {
        text,
        tokens,
        token_pos: 0,
        text_pos: TextSize::from(0),
        builder: GreenNodeBuilder::new(),
        depth: 0,
        last_token_end: TextSize::from(0),
    };
    let mut forward_kinds = Vec::new();
    for i in 0..events.len() {
        match std::mem::replace(&mut events[i], Event::Tombstone) {
            Event::Start {
                kind,
                forward_parent,
            } => {
                forward_kinds.push(kind);
                let mut index = i;
                let mut next = forward_parent;
                while let Some(offset) = next {
                    index += offset as usize;
                    next = match std::mem::replace(&mut events[index], Event::Tombstone) {
                        Event::Start {
                            kind,
                            forward_parent,
                        } => {
                            forward_kinds.push(kind);
                            forward_parent
                        }
                        _ => unreachable!("a forward parent is always a Start event"),
                    };
                }
                for kind in forward_kinds.drain(..).rev() {
                    sink.start_node(kind);
                }
            }
            Event::Finish => sink.finish_node(),
            Event::Token => sink.token(),
            Event::Error(message) => {
                let range = sink.error_range();
                errors.push(SyntaxError { message, range });
            }
            Event::Tombstone => {}
        }
    }
    sink.builder.finish()
}

struct Sink<'a> {
    text: &'a str,
    tokens: &'a [Token],
    token_pos: usize,
    text_pos: TextSize,
    builder: GreenNodeBuilder<'static>,
    depth: usize,
    last_token_end: TextSize,
}

/// Nodes that take the comments directly above them.
fn attaches_comments(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        VALUE_DEF
            | TYPE_DEF
            | MODULE_DEF
            | MODULE_TYPE_DEF
            | OPEN_DECL
            | IMPORT_DECL
            | LOCAL_DECL
            | VAL_SPEC
            | TYPE_SPEC
            | MODULE_SPEC
            | INCLUDE_SPEC
    )
}

impl Sink<'_> {
    fn token_text(&self, index: usize) -> &str {
        let start = self.text_pos_of(index);
        let len = u32::from(self.tokens[index].len) as usize;
        &self.text[start..start + len]
    }

    /// The byte offset of token `index`, which must be at or after the cursor.
    fn text_pos_of(&self, index: usize) -> usize {
        let skipped: u32 = self.tokens[self.token_pos..index]
            .iter()
            .map(|t| u32::from(t.len))
            .sum();
        (u32::from(self.text_pos) + skipped) as usize
    }

    fn start_node(&mut self, kind: SyntaxKind) {
        if self.depth > 0 {
            let trivia_end = self.trivia_end();
            let attached = if attaches_comments(kind) {
                self.attached_comments(trivia_end)
            } else {
                0
            };
            while self.token_pos < trivia_end - attached {
                self.emit_token();
            }
        }
        self.builder.start_node(kind.into());
        self.depth += 1;
    }

    fn finish_node(&mut self) {
        if self.depth == 1 {
            while self.token_pos < self.tokens.len() {
                self.emit_token();
            }
        }
        self.builder.finish_node();
        self.depth -= 1;
    }

    fn token(&mut self) {
        let end = self.trivia_end();
        while self.token_pos < end {
            self.emit_token();
        }
        self.emit_token();
        self.last_token_end = self.text_pos;
    }

    /// The index of the first non-trivia token at or after the cursor.
    fn trivia_end(&self) -> usize {
        let mut index = self.token_pos;
        while index < self.tokens.len() && self.tokens[index].kind.is_trivia() {
            index += 1;
        }
        index
    }

    /// How many of the trivia tokens before `trivia_end` are comments (and
    /// the single line breaks between them) directly above the next token.
    fn attached_comments(&self, trivia_end: usize) -> usize {
        let mut attached = 0;
        let mut index = trivia_end;
        while index > self.token_pos {
            let token = self.tokens[index - 1];
            match token.kind {
                COMMENT | DOC_COMMENT => attached = trivia_end - (index - 1),
                WHITESPACE if self.token_text(index - 1).matches('\n').count() < 2 => {}
                _ => break,
            }
            index -= 1;
        }
        attached
    }

    fn emit_token(&mut self) {
        let Some(&token) = self.tokens.get(self.token_pos) else {
            return;
        };
        let start = u32::from(self.text_pos) as usize;
        let len = u32::from(token.len) as usize;
        self.builder
            .token(token.kind.into(), &self.text[start..start + len]);
        self.token_pos += 1;
        self.text_pos += token.len;
    }

    /// Where an error reported now points: the next token, or the end of the
    /// last token at end of input.
    fn error_range(&self) -> TextRange {
        let next = self.trivia_end();
        match self.tokens.get(next) {
            Some(token) => {
                let start = TextSize::from(self.text_pos_of(next) as u32);
                TextRange::at(start, token.len)
            }
            None => TextRange::empty(self.last_token_end),
        }
    }
}
