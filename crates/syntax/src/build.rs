//! Builds the rowan green tree from the parser's events and the lexed tokens.
//!
//! Guarantees: every token, trivia included, ends up in the tree in source
//! order, so the tree's text equals the input. Whitespace and comments go to
//! the outermost node that encloses them, except that comments directly
//! above a declaration or spec (no blank line between) belong to it, so doc
//! comments travel with what they document. A documentation comment
//! (`-- |`) that is not followed by a declaration or spec is an error, as
//! upstream.

use crate::SyntaxKind::{self, *};
use crate::chunks::attached_comment_count;
use crate::lexer::Token;
use crate::parser::Event;
use crate::{SyntaxError, TextRange, TextSize};
use rowan::{GreenNode, GreenToken, NodeOrToken};
use rustc_hash::FxHashMap;

pub(crate) fn build_tree<'t>(
    text: &'t str,
    tokens: &[Token],
    mut events: Vec<Event>,
    errors: &mut Vec<SyntaxError>,
    cache: &mut GreenCache<'t>,
) -> GreenNode {
    let mut sink = Sink {
        text,
        tokens,
        token_pos: 0,
        text_pos: TextSize::from(0),
        builder: TreeBuilder {
            parents: Vec::new(),
            children: Vec::new(),
            cache,
        },
        depth: 0,
        last_token_end: TextSize::from(0),
        dangling_doc: None,
        reported: std::collections::HashSet::new(),
        errors,
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
                // A run of unclosed brackets fails alike at one place:
                // one error of each kind says it.
                if sink.reported.insert((range, message.clone())) {
                    sink.errors.push(SyntaxError { message, range });
                }
            }
            Event::Tombstone => {}
        }
    }
    sink.builder.finish()
}

struct Sink<'t, 'a> {
    text: &'t str,
    tokens: &'a [Token],
    token_pos: usize,
    text_pos: TextSize,
    builder: TreeBuilder<'t, 'a>,
    depth: usize,
    last_token_end: TextSize,
    /// A documentation comment not yet followed by a declaration.
    dangling_doc: Option<TextRange>,
    errors: &'a mut Vec<SyntaxError>,
    /// The parser's errors reported so far, each once.
    reported: std::collections::HashSet<(TextRange, String)>,
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

impl<'t> Sink<'t, '_> {
    fn token_text(&self, index: usize) -> &'t str {
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
        let trivia_end = self.trivia_end();
        let attached = if attaches_comments(kind) {
            self.attached_comments(trivia_end)
        } else {
            0
        };
        if self.depth > 0 {
            while self.token_pos < trivia_end - attached {
                self.emit_token();
            }
        }
        self.builder.start_node(kind);
        self.depth += 1;
        if attaches_comments(kind) {
            while self.token_pos < trivia_end {
                self.emit_token();
            }
            self.dangling_doc = None;
        }
    }

    fn finish_node(&mut self) {
        if self.depth == 1 {
            while self.token_pos < self.tokens.len() {
                self.emit_token();
            }
            self.report_dangling_doc();
        }
        self.builder.finish_node();
        self.depth -= 1;
    }

    fn token(&mut self) {
        let end = self.trivia_end();
        while self.token_pos < end {
            self.emit_token();
        }
        self.report_dangling_doc();
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
        attached_comment_count(
            (self.token_pos..trivia_end)
                .rev()
                .map(|index| (self.tokens[index].kind, self.token_text(index))),
        )
    }

    fn report_dangling_doc(&mut self) {
        if let Some(range) = self.dangling_doc.take() {
            self.errors.push(SyntaxError {
                message: "a documentation comment ('-- |') must be followed by a declaration"
                    .to_string(),
                range,
            });
        }
    }

    fn emit_token(&mut self) {
        let Some(&token) = self.tokens.get(self.token_pos) else {
            return;
        };
        if token.kind == DOC_COMMENT {
            self.dangling_doc = Some(TextRange::at(self.text_pos, token.len));
        }
        let start = u32::from(self.text_pos) as usize;
        let len = u32::from(token.len) as usize;
        self.builder
            .token(token.kind, &self.text[start..start + len]);
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

/// Assembles green nodes bottom-up, sharing equal subtrees where that is
/// cheap to detect: tokens are shared by kind when the kind fixes the text
/// (keywords, punctuation) and otherwise by their text, borrowed from the
/// source; nodes with a single child (`PATH` of one name, `NAME`, `LITERAL`,
/// ...) are shared by kind and child identity. Unlike rowan's own builder it
/// does not hash larger nodes, which costs more than it saves for trees
/// built once per edit.
struct TreeBuilder<'t, 'c> {
    parents: Vec<(SyntaxKind, usize)>,
    children: Vec<NodeOrToken<GreenNode, GreenToken>>,
    cache: &'c mut GreenCache<'t>,
}

/// The tokens and single-child nodes a [`TreeBuilder`] shares, kept across
/// the chunks of one file so that they share them too.
#[derive(Default)]
pub(crate) struct GreenCache<'t> {
    fixed_tokens: Vec<Option<GreenToken>>,
    tokens: FxHashMap<(SyntaxKind, &'t str), GreenToken>,
    /// Single-child nodes by kind and the address of their child, which
    /// stays valid because the stored node keeps the child alive.
    single_child_nodes: FxHashMap<(SyntaxKind, usize), GreenNode>,
}

impl<'t> TreeBuilder<'t, '_> {
    fn start_node(&mut self, kind: SyntaxKind) {
        self.parents.push((kind, self.children.len()));
    }

    fn finish_node(&mut self) {
        let (kind, first_child) = self.parents.pop().expect("a node is open");
        let node = if self.children.len() == first_child + 1 {
            let child = self.children.pop().expect("the node has one child");
            let address = match &child {
                NodeOrToken::Node(node) => &**node as *const _ as usize,
                NodeOrToken::Token(token) => &**token as *const _ as usize,
            };
            self.cache
                .single_child_nodes
                .entry((kind, address))
                .or_insert_with(|| GreenNode::new(kind.into(), [child]))
                .clone()
        } else {
            GreenNode::new(kind.into(), self.children.drain(first_child..))
        };
        self.children.push(NodeOrToken::Node(node));
    }

    fn token(&mut self, kind: SyntaxKind, text: &'t str) {
        let token = if has_fixed_text(kind) {
            let index = kind as usize;
            let fixed_tokens = &mut self.cache.fixed_tokens;
            if fixed_tokens.len() <= index {
                fixed_tokens.resize(index + 1, None);
            }
            fixed_tokens[index]
                .get_or_insert_with(|| GreenToken::new(kind.into(), text))
                .clone()
        } else {
            self.cache
                .tokens
                .entry((kind, text))
                .or_insert_with(|| GreenToken::new(kind.into(), text))
                .clone()
        };
        self.children.push(NodeOrToken::Token(token));
    }

    fn finish(&mut self) -> GreenNode {
        match self.children.pop() {
            Some(NodeOrToken::Node(root)) if self.children.is_empty() => root,
            _ => unreachable!("the events describe exactly one root node"),
        }
    }
}

/// Whether every token of this kind has the same text.
fn has_fixed_text(kind: SyntaxKind) -> bool {
    kind.is_keyword()
        || matches!(
            kind,
            L_PAREN
                | R_PAREN
                | L_BRACK
                | R_BRACK
                | L_CURLY
                | R_CURLY
                | COMMA
                | UNDERSCORE
                | QUESTION
                | ARROW
                | COLON
                | COLON_GT
                | BACKSLASH
                | TILDE
                | TICK
                | TICK_TILDE
                | TICK_CARET
                | BACKTICK
                | HASH_L_BRACK
                | DOT
                | DOT2
                | DOT3
                | DOT2_LT
                | DOT2_GT
                | HOLE
                | EQ
                | DOLLAR
        )
}
