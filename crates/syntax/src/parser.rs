//! The parser machinery: a cursor over the non-trivia tokens that records
//! [`Event`]s. The grammar (in [`crate::grammar`]) drives it; the events are
//! turned into a tree by [`crate::build_tree`].
//!
//! Guarantees: parsing always terminates (every loop either consumes a token
//! or stops, checked by a step counter in debug builds) and never panics on
//! any input.

use crate::SyntaxKind::{self, *};
use crate::lexer::Token;
use std::cell::Cell;

/// What the parser saw: nodes opened and closed, tokens consumed, errors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Event {
    /// Opens a node. `forward_parent` links to a later `Start` event that
    /// must be opened before this one (see [`CompletedMarker::precede`]).
    Start {
        kind: SyntaxKind,
        forward_parent: Option<u32>,
    },
    Finish,
    Token,
    Error(String),
    /// A placeholder left by an abandoned marker.
    Tombstone,
}

/// The non-trivia tokens the parser looks at, with the adjacency facts that
/// Futhark's grammar depends on.
pub(crate) struct Input<'t> {
    text: &'t str,
    kinds: Vec<SyntaxKind>,
    /// Byte ranges of the tokens in `text`.
    ranges: Vec<(u32, u32)>,
    /// Whether a `[` is an indexing bracket: directly after a name, a
    /// number, `)` or `]`, as in `a[i]` (versus `f [i]`).
    indexing: Vec<bool>,
    /// The token after the input when it is a chunk of a file ("" at the
    /// file's end), named by errors at the end of the input.
    follower: (SyntaxKind, &'t str),
}

impl<'t> Input<'t> {
    pub(crate) fn new(text: &'t str, tokens: &[Token], follower: &'t str) -> Input<'t> {
        let follower_kind = crate::lexer::tokenize(follower)
            .0
            .first()
            .map_or(EOF, |token| token.kind);
        let mut input = Input {
            text,
            kinds: Vec::with_capacity(tokens.len()),
            ranges: Vec::with_capacity(tokens.len()),
            indexing: Vec::with_capacity(tokens.len()),
            follower: (follower_kind, follower),
        };
        let mut offset = 0usize;
        let mut previous_was_trivia = true;
        for token in tokens {
            let len = u32::from(token.len) as usize;
            if token.kind.is_trivia() {
                previous_was_trivia = true;
            } else {
                let joint = !previous_was_trivia;
                let indexing = token.kind == L_BRACK
                    && joint
                    && offset > 0
                    && matches!(text.as_bytes()[offset - 1],
                        b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_' | b'\'' | b')' | b']');
                input.kinds.push(token.kind);
                input.ranges.push((offset as u32, (offset + len) as u32));
                input.indexing.push(indexing);
                previous_was_trivia = false;
            }
            offset += len;
        }
        input
    }
}

/// How many look-aheads the parser may make without consuming a token; more
/// means a grammar bug that would loop forever.
const STEP_LIMIT: u32 = 1_000_000;

pub(crate) struct Parser<'i> {
    input: &'i Input<'i>,
    pos: usize,
    events: Vec<Event>,
    steps: Cell<u32>,
    /// How many array, record and parenthesised expressions enclose the
    /// cursor (see `grammar::expressions::LITERAL_NESTING_LIMIT`).
    pub(crate) literal_depth: u32,
    /// Whether this chunk has reported a literal nested too deep already.
    pub(crate) nesting_reported: bool,
}

impl<'i> Parser<'i> {
    pub(crate) fn new(input: &'i Input<'i>) -> Parser<'i> {
        Parser {
            input,
            pos: 0,
            events: Vec::with_capacity(input.kinds.len() * 2),
            steps: Cell::new(0),
            literal_depth: 0,
            nesting_reported: false,
        }
    }

    pub(crate) fn finish(self) -> Vec<Event> {
        self.events
    }

    /// The kind of the token `n` ahead of the cursor (EOF past the end).
    pub(crate) fn nth(&self, n: usize) -> SyntaxKind {
        let steps = self.steps.get() + 1;
        self.steps.set(steps);
        if steps > STEP_LIMIT {
            // A grammar bug; behave as if the input ended so parsing stops.
            debug_assert!(false, "the parser is stuck at token {}", self.pos);
            return EOF;
        }
        self.input.kinds.get(self.pos + n).copied().unwrap_or(EOF)
    }

    pub(crate) fn current(&self) -> SyntaxKind {
        self.nth(0)
    }

    pub(crate) fn at(&self, kind: SyntaxKind) -> bool {
        self.current() == kind
    }

    pub(crate) fn nth_at(&self, n: usize, kind: SyntaxKind) -> bool {
        self.nth(n) == kind
    }

    pub(crate) fn at_any(&self, kinds: &[SyntaxKind]) -> bool {
        kinds.contains(&self.current())
    }

    pub(crate) fn at_eof(&self) -> bool {
        self.at(EOF)
    }

    /// The source text of the token `n` ahead ("" past the end).
    pub(crate) fn nth_text(&self, n: usize) -> &'i str {
        match self.input.ranges.get(self.pos + n) {
            Some(&(start, end)) => &self.input.text[start as usize..end as usize],
            None => "",
        }
    }

    /// Whether the token `n` ahead is the operator spelled `op`.
    pub(crate) fn nth_at_op(&self, n: usize, op: &str) -> bool {
        self.nth(n) == OPERATOR && self.nth_text(n) == op
    }

    pub(crate) fn at_op(&self, op: &str) -> bool {
        self.nth_at_op(0, op)
    }

    /// Whether the token `n` ahead is a `[` that indexes (no space before it).
    pub(crate) fn nth_at_indexing_bracket(&self, n: usize) -> bool {
        self.nth_at(n, L_BRACK)
            && self
                .input
                .indexing
                .get(self.pos + n)
                .copied()
                .unwrap_or(false)
    }

    pub(crate) fn at_indexing_bracket(&self) -> bool {
        self.nth_at_indexing_bracket(0)
    }

    /// Consumes the current token, whatever it is.
    pub(crate) fn bump_any(&mut self) {
        if self.at_eof() {
            return;
        }
        self.pos += 1;
        self.steps.set(0);
        self.events.push(Event::Token);
    }

    /// Consumes the current token, which must be `kind`.
    pub(crate) fn bump(&mut self, kind: SyntaxKind) {
        debug_assert!(self.at(kind), "expected {kind:?}, at {:?}", self.current());
        self.bump_any();
    }

    pub(crate) fn eat(&mut self, kind: SyntaxKind) -> bool {
        if self.at(kind) {
            self.bump_any();
            true
        } else {
            false
        }
    }

    /// Consumes `kind` or reports that it was expected.
    pub(crate) fn expect(&mut self, kind: SyntaxKind) -> bool {
        if self.eat(kind) {
            return true;
        }
        self.expected(kind.describe());
        false
    }

    /// Records an error at the current position.
    pub(crate) fn error(&mut self, message: impl Into<String>) {
        self.events.push(Event::Error(message.into()));
    }

    /// Reports that the current token is not `what` the grammar needs here,
    /// saying first what was found, in upstream's words ("Unexpected token:
    /// 'x'.", "Unexpected end of file.").
    pub(crate) fn expected(&mut self, what: impl std::fmt::Display) {
        let found = match self.found() {
            (EOF, _) => "Unexpected end of file.".to_string(),
            (_, text) => format!("Unexpected token: '{text}'."),
        };
        self.error(format!("{found} Expected {what}."));
    }

    /// The kind and text of the current token; at the end of a chunk, of
    /// the token after it.
    pub(crate) fn found(&self) -> (SyntaxKind, &'i str) {
        if self.at_eof() {
            self.input.follower
        } else {
            (self.current(), self.nth_text(0))
        }
    }

    /// Reports like [`Self::expected`] and consumes the current token into
    /// an error node, unless it is in `recovery` (a token an enclosing rule
    /// can continue from) or at end of file.
    pub(crate) fn expected_recover(
        &mut self,
        what: impl std::fmt::Display,
        recovery: &[SyntaxKind],
    ) {
        self.expected(what);
        if self.at_eof() || self.at_any(recovery) {
            return;
        }
        let m = self.start();
        self.bump_any();
        m.complete(self, ERROR);
    }

    pub(crate) fn start(&mut self) -> Marker {
        let pos = self.events.len() as u32;
        self.events.push(Event::Tombstone);
        Marker {
            pos,
            completed: false,
        }
    }
}

/// An opened node whose kind is given when it is completed.
pub(crate) struct Marker {
    pos: u32,
    completed: bool,
}

impl Marker {
    pub(crate) fn complete(mut self, p: &mut Parser, kind: SyntaxKind) -> CompletedMarker {
        self.completed = true;
        p.events[self.pos as usize] = Event::Start {
            kind,
            forward_parent: None,
        };
        p.events.push(Event::Finish);
        CompletedMarker {
            pos: self.pos,
            kind,
        }
    }

    /// Drops the marker; its children become children of the parent.
    pub(crate) fn abandon(mut self, p: &mut Parser) {
        self.completed = true;
        if self.pos as usize == p.events.len() - 1 {
            p.events.pop();
        }
    }
}

impl Drop for Marker {
    fn drop(&mut self) {
        debug_assert!(
            self.completed || std::thread::panicking(),
            "a marker was neither completed nor abandoned"
        );
    }
}

/// A finished node, which can still be wrapped in a new parent.
#[derive(Clone, Copy)]
pub(crate) struct CompletedMarker {
    pos: u32,
    kind: SyntaxKind,
}

impl CompletedMarker {
    pub(crate) fn kind(&self) -> SyntaxKind {
        self.kind
    }

    /// Opens a node that will contain this one (for left-recursive forms
    /// such as binary operators and application).
    pub(crate) fn precede(self, p: &mut Parser) -> Marker {
        let new = p.start();
        if let Event::Start { forward_parent, .. } = &mut p.events[self.pos as usize] {
            *forward_parent = Some(new.pos - self.pos);
        }
        new
    }
}
