//! The lexer: turns source text into a sequence of tokens covering every byte.
//!
//! Guarantees: the token lengths add up to the input length, every token is
//! non-empty, and lexing never fails. Malformed input (an unterminated string,
//! a character that is not part of Futhark's syntax) becomes a token plus a
//! [`LexError`] describing it.

use crate::SyntaxKind::{self, *};
use rowan::{TextRange, TextSize};

/// One lexed token: its kind and its length in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub kind: SyntaxKind,
    pub len: TextSize,
}

/// A lexical error, located in the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LexError {
    pub message: String,
    pub range: TextRange,
}

/// Lexes the whole input.
pub fn tokenize(text: &str) -> (Vec<Token>, Vec<LexError>) {
    let mut lexer = Lexer {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        tokens: Vec::with_capacity(text.len() / 3),
        errors: Vec::new(),
    };
    while lexer.pos < lexer.bytes.len() {
        let start = lexer.pos;
        let kind = lexer.next_token();
        debug_assert!(lexer.pos > start, "lexer made no progress at {start}");
        lexer.tokens.push(Token {
            kind,
            len: TextSize::from((lexer.pos - start) as u32),
        });
    }
    (lexer.tokens, lexer.errors)
}

struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    tokens: Vec<Token>,
    errors: Vec<LexError>,
}

/// Characters that may start an operator symbol.
fn is_op_start(b: u8) -> bool {
    matches!(
        b,
        b'+' | b'-' | b'*' | b'/' | b'%' | b'=' | b'!' | b'>' | b'<' | b'|' | b'&' | b'^'
    )
}

fn is_op_char(b: u8) -> bool {
    is_op_start(b) || b == b'.'
}

fn is_ident_continue(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'\''
}

fn is_digit_or_underscore(b: u8) -> bool {
    b.is_ascii_digit() || b == b'_'
}

fn is_hex_or_underscore(b: u8) -> bool {
    b.is_ascii_hexdigit() || b == b'_'
}

const INT_SUFFIXES: [&str; 8] = ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"];
const FLOAT_SUFFIXES: [&str; 3] = ["f16", "f32", "f64"];

impl Lexer<'_> {
    fn peek(&self, offset: usize) -> Option<u8> {
        self.bytes.get(self.pos + offset).copied()
    }

    fn rest(&self) -> &str {
        &self.text[self.pos..]
    }

    fn eat_while(&mut self, pred: impl Fn(u8) -> bool) {
        while self.pos < self.bytes.len() && pred(self.bytes[self.pos]) {
            self.pos += 1;
        }
    }

    fn error(&mut self, start: usize, message: impl Into<String>) {
        self.errors.push(LexError {
            message: message.into(),
            range: TextRange::new((start as u32).into(), (self.pos as u32).into()),
        });
    }

    fn next_token(&mut self) -> SyntaxKind {
        let start = self.pos;
        let b = self.bytes[self.pos];
        match b {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => {
                self.eat_while(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c));
                WHITESPACE
            }
            b'-' if self.peek(1) == Some(b'-') => {
                let doc = self.rest().starts_with("-- |");
                self.eat_while(|b| b != b'\n');
                if doc { DOC_COMMENT } else { COMMENT }
            }
            b'a'..=b'z' | b'A'..=b'Z' => {
                self.eat_while(is_ident_continue);
                SyntaxKind::from_keyword(&self.text[start..self.pos]).unwrap_or(IDENT)
            }
            b'_' => {
                if self.peek(1).is_some_and(|b| b.is_ascii_alphanumeric()) {
                    self.pos += 1;
                    self.eat_while(is_ident_continue);
                    IDENT
                } else {
                    self.pos += 1;
                    UNDERSCORE
                }
            }
            b'0'..=b'9' => self.number(),
            b'\'' => self.tick(),
            b'"' => self.string(),
            b'#' => {
                if self.peek(1) == Some(b'[') {
                    self.pos += 2;
                    HASH_L_BRACK
                } else if self.peek(1).is_some_and(|b| b.is_ascii_alphabetic())
                    || (self.peek(1) == Some(b'_')
                        && self.peek(2).is_some_and(|b| b.is_ascii_alphanumeric()))
                {
                    self.pos += 2;
                    self.eat_while(is_ident_continue);
                    CONSTRUCTOR
                } else {
                    self.pos += 1;
                    self.error(start, "'#' must be followed by a constructor name or '['");
                    ERROR_TOKEN
                }
            }
            b'(' => self.single(L_PAREN),
            b')' => self.single(R_PAREN),
            b'[' => self.single(L_BRACK),
            b']' => self.single(R_BRACK),
            b'{' => self.single(L_CURLY),
            b'}' => self.single(R_CURLY),
            b',' => self.single(COMMA),
            b'\\' => self.single(BACKSLASH),
            b'~' => self.single(TILDE),
            b'`' => self.single(BACKTICK),
            b'$' => self.single(DOLLAR),
            b'?' => {
                if self.rest().starts_with("???") {
                    self.pos += 3;
                    HOLE
                } else {
                    self.single(QUESTION)
                }
            }
            b':' => {
                if self.peek(1) == Some(b'>') {
                    self.pos += 2;
                    COLON_GT
                } else {
                    self.single(COLON)
                }
            }
            b'.' => {
                let rest = self.rest();
                let (kind, len) = if rest.starts_with("..<") {
                    (DOT2_LT, 3)
                } else if rest.starts_with("..>") {
                    (DOT2_GT, 3)
                } else if rest.starts_with("...") {
                    (DOT3, 3)
                } else if rest.starts_with("..") {
                    (DOT2, 2)
                } else {
                    (DOT, 1)
                };
                self.pos += len;
                kind
            }
            b if is_op_start(b) => {
                self.eat_while(is_op_char);
                match &self.text[start..self.pos] {
                    "=" => EQ,
                    "->" => ARROW,
                    _ => OPERATOR,
                }
            }
            _ => {
                let ch = self.rest().chars().next().expect("not at end of input");
                self.pos += ch.len_utf8();
                self.error(start, format!("unexpected character {ch:?}"));
                ERROR_TOKEN
            }
        }
    }

    fn single(&mut self, kind: SyntaxKind) -> SyntaxKind {
        self.pos += 1;
        kind
    }

    /// Consumes the longest suffix among `suffixes` at the current position.
    fn suffix(&mut self, suffixes: &[&str]) -> bool {
        let rest = self.rest();
        let longest = suffixes
            .iter()
            .filter(|s| rest.starts_with(**s))
            .map(|s| s.len())
            .max();
        match longest {
            Some(len) => {
                self.pos += len;
                true
            }
            None => false,
        }
    }

    fn number(&mut self) -> SyntaxKind {
        let start = self.pos;
        let radix_prefix = match (self.peek(0), self.peek(1).map(|b| b.to_ascii_lowercase())) {
            (Some(b'0'), Some(c @ (b'x' | b'b' | b'r'))) => Some(c),
            _ => None,
        };
        match radix_prefix {
            Some(b'x') if self.peek(2).is_some_and(|b| b.is_ascii_hexdigit()) => {
                self.pos += 2;
                self.eat_while(is_hex_or_underscore);
                if self.at_hex_float_tail() {
                    self.pos += 1;
                    self.eat_while(is_hex_or_underscore);
                    self.pos += 1;
                    if matches!(self.peek(0), Some(b'+' | b'-')) {
                        self.pos += 1;
                    }
                    self.eat_while(is_digit_or_underscore);
                    self.suffix(&FLOAT_SUFFIXES);
                    return FLOAT_NUMBER;
                }
                self.suffix(&INT_SUFFIXES);
                return INT_NUMBER;
            }
            Some(b'b') if self.peek(2).is_some_and(|b| b == b'0' || b == b'1') => {
                self.pos += 2;
                self.eat_while(|b| matches!(b, b'0' | b'1' | b'_'));
                self.suffix(&INT_SUFFIXES);
                return INT_NUMBER;
            }
            Some(b'r') if self.peek(2).is_some_and(is_roman_digit) => {
                self.pos += 2;
                self.eat_while(|b| is_roman_digit(b) || b == b'_');
                self.suffix(&INT_SUFFIXES);
                return INT_NUMBER;
            }
            _ => {}
        }
        self.eat_while(is_digit_or_underscore);
        // A number right after '.' is a field index (`x.0.1`), never a float.
        let after_dot = start > 0 && self.bytes[start - 1] == b'.';
        if after_dot {
            self.suffix(&INT_SUFFIXES);
            return INT_NUMBER;
        }
        let mut is_float = false;
        if self.peek(0) == Some(b'.') && self.peek(1).is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
            self.eat_while(is_digit_or_underscore);
            is_float = true;
        }
        if matches!(self.peek(0), Some(b'e' | b'E')) {
            let digits_at = if matches!(self.peek(1), Some(b'+' | b'-')) {
                2
            } else {
                1
            };
            if self.peek(digits_at).is_some_and(|b| b.is_ascii_digit()) {
                self.pos += digits_at;
                self.eat_while(|b| b.is_ascii_digit());
                is_float = true;
            }
        }
        if self.suffix(&FLOAT_SUFFIXES) {
            return FLOAT_NUMBER;
        }
        if !is_float && self.suffix(&INT_SUFFIXES) {
            return INT_NUMBER;
        }
        if is_float { FLOAT_NUMBER } else { INT_NUMBER }
    }

    /// After the integer part of a hexadecimal literal: is this `.hex p exp`?
    fn at_hex_float_tail(&self) -> bool {
        if self.peek(0) != Some(b'.') || !self.peek(1).is_some_and(|b| b.is_ascii_hexdigit()) {
            return false;
        }
        let mut i = 1;
        while self.peek(i).is_some_and(is_hex_or_underscore) {
            i += 1;
        }
        if !matches!(self.peek(i), Some(b'p' | b'P')) {
            return false;
        }
        i += 1;
        if matches!(self.peek(i), Some(b'+' | b'-')) {
            i += 1;
        }
        self.peek(i).is_some_and(|b| b.is_ascii_digit())
    }

    /// `'c'` character literals and the type-parameter ticks `'`, `'^`, `'~`.
    fn tick(&mut self) -> SyntaxKind {
        if let Some(len) = self.char_literal_len() {
            self.pos += len;
            return CHAR;
        }
        match self.peek(1) {
            Some(b'^') => {
                self.pos += 2;
                TICK_CARET
            }
            Some(b'~') => {
                self.pos += 2;
                TICK_TILDE
            }
            _ => self.single(TICK),
        }
    }

    /// The length of a character literal starting here, if there is one.
    fn char_literal_len(&self) -> Option<usize> {
        let rest = &self.rest()[1..];
        let mut chars = rest.char_indices();
        let (_, first) = chars.next()?;
        let body_end = match first {
            '\'' | '\n' => return None,
            '\\' => {
                let (i, escaped) = chars.next()?;
                if escaped.is_ascii_digit() {
                    let digits = rest[i..].bytes().take_while(u8::is_ascii_digit).count();
                    i + digits
                } else if escaped == '\n' {
                    return None;
                } else {
                    i + escaped.len_utf8()
                }
            }
            c => c.len_utf8(),
        };
        (rest.as_bytes().get(body_end) == Some(&b'\'')).then_some(body_end + 2)
    }

    fn string(&mut self) -> SyntaxKind {
        let start = self.pos;
        self.pos += 1;
        loop {
            match self.peek(0) {
                None | Some(b'\n') => {
                    self.error(start, "unterminated string literal");
                    return STRING;
                }
                Some(b'"') => {
                    self.pos += 1;
                    return STRING;
                }
                Some(b'\\') => {
                    self.pos += 1;
                    if self.peek(0).is_some_and(|b| b != b'\n') {
                        let ch = self.rest().chars().next().expect("not at end");
                        self.pos += ch.len_utf8();
                    }
                }
                Some(_) => {
                    let ch = self.rest().chars().next().expect("not at end");
                    self.pos += ch.len_utf8();
                }
            }
        }
    }
}

fn is_roman_digit(b: u8) -> bool {
    matches!(b, b'I' | b'V' | b'X' | b'L' | b'C' | b'D' | b'M')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The non-whitespace tokens of `text` with their text.
    fn kinds(text: &str) -> Vec<(SyntaxKind, &str)> {
        let (tokens, errors) = tokenize(text);
        assert!(errors.is_empty(), "{errors:?}");
        let mut offset = 0;
        let mut out = Vec::new();
        for token in tokens {
            let len = u32::from(token.len) as usize;
            if token.kind != WHITESPACE {
                out.push((token.kind, &text[offset..offset + len]));
            }
            offset += len;
        }
        out
    }

    #[test]
    fn numbers() {
        assert_eq!(
            kinds("1 1_000i64 0xFFu8 0b1010 1.5 1e3 2.5e-3f32 1f32 0x1.fp3 0x1.8p-1f64 0rXIV"),
            vec![
                (INT_NUMBER, "1"),
                (INT_NUMBER, "1_000i64"),
                (INT_NUMBER, "0xFFu8"),
                (INT_NUMBER, "0b1010"),
                (FLOAT_NUMBER, "1.5"),
                (FLOAT_NUMBER, "1e3"),
                (FLOAT_NUMBER, "2.5e-3f32"),
                (FLOAT_NUMBER, "1f32"),
                (FLOAT_NUMBER, "0x1.fp3"),
                (FLOAT_NUMBER, "0x1.8p-1f64"),
                (INT_NUMBER, "0rXIV"),
            ]
        );
    }

    #[test]
    fn ranges_and_field_indices() {
        assert_eq!(
            kinds("1..<n x.0.1 a...b"),
            vec![
                (INT_NUMBER, "1"),
                (DOT2_LT, "..<"),
                (IDENT, "n"),
                (IDENT, "x"),
                (DOT, "."),
                (INT_NUMBER, "0"),
                (DOT, "."),
                (INT_NUMBER, "1"),
                (IDENT, "a"),
                (DOT3, "..."),
                (IDENT, "b"),
            ]
        );
    }

    #[test]
    fn ticks_chars_and_names() {
        assert_eq!(
            kinds(r"'t '^a '~b 'x' '\n' '\'' x' _y _"),
            vec![
                (TICK, "'"),
                (IDENT, "t"),
                (TICK_CARET, "'^"),
                (IDENT, "a"),
                (TICK_TILDE, "'~"),
                (IDENT, "b"),
                (CHAR, "'x'"),
                (CHAR, r"'\n'"),
                (CHAR, r"'\''"),
                (IDENT, "x'"),
                (IDENT, "_y"),
                (UNDERSCORE, "_"),
            ]
        );
    }

    #[test]
    fn operators_and_comments() {
        assert_eq!(
            kinds("a |> b -> = == +^ :> -- note\n-- | doc\n#foo #[x] ???"),
            vec![
                (IDENT, "a"),
                (OPERATOR, "|>"),
                (IDENT, "b"),
                (ARROW, "->"),
                (EQ, "="),
                (OPERATOR, "=="),
                (OPERATOR, "+^"),
                (COLON_GT, ":>"),
                (COMMENT, "-- note"),
                (DOC_COMMENT, "-- | doc"),
                (CONSTRUCTOR, "#foo"),
                (HASH_L_BRACK, "#["),
                (IDENT, "x"),
                (R_BRACK, "]"),
                (HOLE, "???"),
            ]
        );
    }

    #[test]
    fn errors_are_located_tokens() {
        let (tokens, errors) = tokenize("x @ \"abc\ny");
        let kinds: Vec<_> = tokens.iter().map(|t| t.kind).collect();
        assert_eq!(
            kinds,
            vec![
                IDENT,
                WHITESPACE,
                ERROR_TOKEN,
                WHITESPACE,
                STRING,
                WHITESPACE,
                IDENT
            ]
        );
        assert_eq!(errors.len(), 2);
        assert_eq!(errors[0].range, TextRange::new(2.into(), 3.into()));
        assert_eq!(errors[1].message, "unterminated string literal");
    }
}
