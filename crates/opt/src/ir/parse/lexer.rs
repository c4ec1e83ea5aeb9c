//! The tokens of the printed IR, read one at a time, and source
//! locations, which are read as raw text (file names are paths, not
//! tokens).

use super::ParseError;
use crate::ir::Loc;
use std::sync::Arc;

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Token<'t> {
    /// `[A-Za-z_][A-Za-z0-9_']*`: keywords, variables (`name_12`), type
    /// and operator names.
    Ident(&'t str),
    /// A number: its digits (with sign, fraction, exponent or `0x`
    /// prefix) and its type suffix (`i32`), possibly empty.
    Number(&'t str, &'t str),
    /// A string literal, its escapes decoded.
    Str(String),
    /// A string literal directly followed by `_` and digits: a variable
    /// whose name is not an identifier.
    QuotedVar(String, &'t str),
    Punct(&'static str),
    Eof,
}

impl Token<'_> {
    /// The token as an error message names it.
    pub(super) fn describe(&self) -> String {
        match self {
            Token::Ident(word) => format!("`{word}`"),
            Token::Number(digits, suffix) => format!("`{digits}{suffix}`"),
            Token::Str(_) => "a string".to_owned(),
            Token::QuotedVar(_, id) => format!("the variable numbered {id}"),
            Token::Punct(punct) => format!("`{punct}`"),
            Token::Eof => "the end of the input".to_owned(),
        }
    }
}

const PUNCTS: [&str; 20] = [
    "->", "(", ")", "[", "]", "{", "}", ",", ":", ";", "=", "\\", "*", "@", "<", "?", ".", "#",
    "+", "-",
];

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '\''
}

pub(super) struct Lexer<'t> {
    pub(super) text: &'t str,
    pub(super) pos: usize,
}

impl<'t> Lexer<'t> {
    pub(super) fn error(&self, offset: usize, message: impl Into<String>) -> ParseError {
        ParseError::at(self.text, offset, message)
    }

    fn rest(&self) -> &'t str {
        &self.text[self.pos..]
    }

    /// Skips whitespace and `--` comments.
    fn skip_trivia(&mut self) {
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            self.pos += rest.len() - trimmed.len();
            if !trimmed.starts_with("--") {
                return;
            }
            self.pos += trimmed.find('\n').unwrap_or(trimmed.len());
        }
    }

    /// The next token and the offset where it starts.
    pub(super) fn next(&mut self) -> Result<(Token<'t>, usize), ParseError> {
        self.skip_trivia();
        let start = self.pos;
        let rest = self.rest();
        let Some(c) = rest.chars().next() else {
            return Ok((Token::Eof, start));
        };
        let token = if c.is_ascii_alphabetic() || c == '_' {
            let len = rest.find(|c| !is_ident_char(c)).unwrap_or(rest.len());
            self.pos += len;
            Token::Ident(&rest[..len])
        } else if c.is_ascii_digit()
            || (c == '-' && rest[1..].starts_with(|c: char| c.is_ascii_digit()))
        {
            self.number()
        } else if c == '"' {
            let name = self.string()?;
            let id = self.rest().strip_prefix('_').and_then(|after| {
                let digits = after
                    .find(|c: char| !c.is_ascii_digit())
                    .unwrap_or(after.len());
                let whole = digits > 0 && !after[digits..].starts_with(is_ident_char);
                whole.then_some(&after[..digits])
            });
            match id {
                Some(id) => {
                    self.pos += 1 + id.len();
                    Token::QuotedVar(name, id)
                }
                None => Token::Str(name),
            }
        } else if let Some(punct) = PUNCTS.iter().find(|p| rest.starts_with(**p)) {
            self.pos += punct.len();
            Token::Punct(punct)
        } else {
            return Err(self.error(start, format!("unexpected character `{c}`")));
        };
        Ok((token, start))
    }

    /// `-12i32`, `1.5e-3f32`, `0x7fc00001`: the digits, then letters and
    /// digits as the suffix.
    fn number(&mut self) -> Token<'t> {
        let rest = self.rest();
        let bytes = rest.as_bytes();
        let mut len = usize::from(bytes[0] == b'-');
        let digits = |from: usize, hex: bool| {
            from + bytes[from..]
                .iter()
                .take_while(|b| b.is_ascii_digit() || (hex && b.is_ascii_hexdigit()))
                .count()
        };
        if rest[len..].starts_with("0x") {
            len = digits(len + 2, true);
        } else {
            len = digits(len, false);
            if bytes.get(len) == Some(&b'.') && bytes.get(len + 1).is_some_and(u8::is_ascii_digit) {
                len = digits(len + 1, false);
            }
            if matches!(bytes.get(len), Some(b'e' | b'E')) {
                let sign = usize::from(matches!(bytes.get(len + 1), Some(b'+' | b'-')));
                if bytes.get(len + 1 + sign).is_some_and(u8::is_ascii_digit) {
                    len = digits(len + 1 + sign, false);
                }
            }
        }
        let suffix = bytes[len..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric())
            .count();
        self.pos += len + suffix;
        Token::Number(&rest[..len], &rest[len..len + suffix])
    }

    /// A string literal at the current position, its escapes decoded.
    fn string(&mut self) -> Result<String, ParseError> {
        let start = self.pos;
        let mut out = String::new();
        let mut chars = self.rest().char_indices().skip(1);
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.pos = start + i + 1;
                    return Ok(out);
                }
                '\\' => {
                    let escaped = match chars.next() {
                        Some((_, 'n')) => '\n',
                        Some((_, 't')) => '\t',
                        Some((_, 'r')) => '\r',
                        Some((_, '0')) => '\0',
                        Some((_, c @ ('\\' | '"' | '\''))) => c,
                        Some((_, 'u')) => self.unicode_escape(start + i, &mut chars)?,
                        _ => return Err(self.error(start + i, "unknown escape in a string")),
                    };
                    out.push(escaped);
                }
                c => out.push(c),
            }
        }
        Err(self.error(start, "unterminated string"))
    }

    /// The character of `\u{HEX}`, after the `u`.
    fn unicode_escape(
        &self,
        at: usize,
        chars: &mut impl Iterator<Item = (usize, char)>,
    ) -> Result<char, ParseError> {
        let bad = || self.error(at, "expected `\\u{HEX}`, a Unicode scalar value");
        if chars.next().map(|(_, c)| c) != Some('{') {
            return Err(bad());
        }
        let mut hex = String::new();
        for (_, c) in chars.by_ref() {
            if c == '}' {
                return u32::from_str_radix(&hex, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(bad);
            }
            hex.push(c);
        }
        Err(bad())
    }

    /// The text of an attribute after its `#[`, up to the `]` closing it
    /// (brackets and parentheses inside balanced), which is skipped.
    pub(super) fn attr_text(&mut self) -> Result<String, ParseError> {
        let start = self.pos;
        let rest = self.rest();
        let mut depth = 0usize;
        for (i, c) in rest.char_indices() {
            match c {
                '[' | '(' => depth += 1,
                ']' if depth == 0 => {
                    let text = rest[..i].trim().to_owned();
                    self.pos += i + 1;
                    return Ok(text);
                }
                ']' | ')' => depth = depth.saturating_sub(1),
                '\n' => break,
                _ => {}
            }
        }
        Err(self.error(start, "expected `]` closing an attribute"))
    }

    /// A location, after its `@`: a site, then each call it was inlined
    /// from after `<-` (a site, or a parenthesised location when the call
    /// has its own chain, at most `nesting` deep).
    pub(super) fn loc(&mut self, nesting: usize) -> Result<Loc, ParseError> {
        let mut loc = self.site()?;
        let mut chain = Vec::new();
        loop {
            self.skip_trivia();
            let rest = self.rest();
            let arrow = rest.starts_with("<-")
                && rest[2..].starts_with(|c: char| c.is_whitespace() || c == '(');
            if !arrow {
                break;
            }
            self.pos += 2;
            self.skip_trivia();
            if self.rest().starts_with('(') {
                if nesting == 0 {
                    return Err(self.error(self.pos, "a location nested too deeply"));
                }
                self.pos += 1;
                chain.push(self.loc(nesting - 1)?);
                self.skip_trivia();
                if !self.rest().starts_with(')') {
                    return Err(self.error(self.pos, "expected `)` after a location"));
                }
                self.pos += 1;
            } else {
                chain.push(self.site()?);
            }
        }
        loc.inlined_from = crate::ir::CallChain::from_innermost(chain);
        Ok(loc)
    }

    /// `[prelude] file:line:col-col` or `...-line:col`, the file quoted
    /// if it is not a plain path.
    fn site(&mut self) -> Result<Loc, ParseError> {
        self.skip_trivia();
        let rest = self.rest();
        let prelude = rest.starts_with("prelude") && rest[7..].starts_with(char::is_whitespace);
        if prelude {
            self.pos += 7;
            self.skip_trivia();
        }
        let start = self.pos;
        let quoted = if self.rest().starts_with('"') {
            Some(self.string()?)
        } else {
            None
        };
        let rest = self.rest();
        let len = rest
            .find(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '"'))
            .unwrap_or(rest.len());
        self.pos += len;
        let bad = || {
            self.error(
                start,
                "expected a location, `file:line:col-col` or `file:line:col-line:col`",
            )
        };
        let number = |text: &str| {
            (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()))
                .then(|| text.parse::<u32>().ok())
                .flatten()
                .ok_or_else(bad)
        };
        let (head, end) = rest[..len].rsplit_once('-').ok_or_else(bad)?;
        let (head, col) = head.rsplit_once(':').ok_or_else(bad)?;
        let (file, line) = head.rsplit_once(':').ok_or_else(bad)?;
        let (line, col) = (number(line)?, number(col)?);
        let end = match end.split_once(':') {
            Some((end_line, end_col)) => (number(end_line)?, number(end_col)?),
            None => (line, number(end)?),
        };
        let file = match quoted {
            Some(name) if file.is_empty() => name,
            None if !file.is_empty() => file.to_owned(),
            _ => return Err(bad()),
        };
        Ok(Loc {
            file: Arc::from(file),
            start: (line, col),
            end,
            inlined_from: crate::ir::CallChain::default(),
            prelude,
        })
    }
}
