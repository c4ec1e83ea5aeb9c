//! The formatter behind `futc fmt` and the language server's formatting.
//!
//! It works on the lossless tree and never adds, drops or reorders a token:
//! it only rewrites the whitespace between tokens (and trailing spaces of
//! comments). Like upstream's `futhark fmt`, it is sensitive to the input's
//! layout: line breaks stay where the author put them (runs of blank lines
//! become one, blank lines after an opening and before a closing bracket
//! go), and declarations are separated by a blank line unless both are
//! single lines that were adjacent. What it decides is
//!
//! * the indentation of every line, from the tree: two spaces for the body
//!   of a declaration, `let`, `loop`, lambda or `case`; `in`, `then`,
//!   `else`, `case`, a leading binary operator and further arguments of an
//!   application aligned with what they continue; elements and closing
//!   brackets of tuples, records, arrays and module bodies aligned with
//!   the first element or the opening bracket;
//! * the spacing inside a line: one space between tokens that had some,
//!   around binary operators, `=`, `->` and keywords and after `,` and
//!   `:`; none inside brackets, before `,` and after a prefix operator.
//!   Whether a `[` touches what precedes it (indexing versus application)
//!   and spacing around `.` and ranges are kept, and two tokens are never
//!   joined when the result would lex differently.
//!
//! Comment lines take the indentation of the code that follows them. The
//! output depends only on the tree and the line breaks, which it keeps, so
//! formatting is idempotent, and since the parser sees only the tokens (and
//! the adjacency of `[`), the formatted program parses to the same tree.

use std::collections::HashMap;

use crate::SyntaxKind::{self, *};
use crate::{SyntaxElement, SyntaxError, SyntaxNode, SyntaxToken, TextRange, TextSize};

/// A replacement of `range` of the input by `replacement`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextEdit {
    pub range: TextRange,
    pub replacement: String,
}

/// The formatted text, or the syntax errors that prevent formatting.
pub fn format(text: &str) -> Result<String, Vec<SyntaxError>> {
    Ok(Formatter::run(text)?.out)
}

/// The edit that formats the top-level declarations overlapping `range`
/// (whole declarations, comments directly above them included); `None`
/// when they are formatted already or the range touches none.
pub fn format_range(text: &str, range: TextRange) -> Result<Option<TextEdit>, Vec<SyntaxError>> {
    let formatter = Formatter::run(text)?;
    let root = formatter.root.clone();
    let overlapping: Vec<SyntaxNode> = root
        .children()
        .filter(|item| {
            let span = item.text_range();
            span.start() <= range.end() && range.start() <= span.end()
        })
        .collect();
    let (Some(first), Some(last)) = (overlapping.first(), overlapping.last()) else {
        return Ok(None);
    };
    let not_whitespace = |token: &SyntaxToken| token.kind() != WHITESPACE;
    let start = tokens(first).into_iter().find(not_whitespace);
    let end = tokens(last).into_iter().rev().find(not_whitespace);
    let (Some(start), Some(end)) = (start, end) else {
        return Ok(None);
    };
    let out_start = formatter.placed(&start).out_start;
    let out_end = formatter.placed(&end).out_end;
    let range = TextRange::new(start.text_range().start(), end.text_range().end());
    let replacement = &formatter.out[out_start..out_end];
    Ok((text[range] != *replacement).then(|| TextEdit {
        range,
        replacement: replacement.to_owned(),
    }))
}

/// Where an emitted token went in the output.
#[derive(Debug, Clone, Copy)]
struct Placed {
    line: usize,
    col: usize,
    out_start: usize,
    out_end: usize,
}

struct Formatter {
    root: SyntaxNode,
    index: Index,
    out: String,
    /// Output line and column (in characters) where the next text goes.
    line: usize,
    col: usize,
    /// The indentation of each output line.
    line_indents: Vec<usize>,
    /// Every emitted token but whitespace, by its offset in the input.
    placed: HashMap<TextSize, Placed>,
}

fn tokens(node: &SyntaxNode) -> Vec<SyntaxToken> {
    node.descendants_with_tokens()
        .filter_map(SyntaxElement::into_token)
        .collect()
}

impl Formatter {
    fn run(text: &str) -> Result<Formatter, Vec<SyntaxError>> {
        let parse = crate::parse(text);
        if !parse.errors().is_empty() {
            return Err(parse.errors().to_vec());
        }
        let root = parse.syntax_node();
        let all = tokens(&root);
        let mut formatter = Formatter {
            root: root.clone(),
            index: Index::new(text, &all),
            out: String::with_capacity(text.len() + text.len() / 8),
            line: 0,
            col: 0,
            line_indents: vec![0],
            placed: HashMap::new(),
        };
        let mut previous: Option<&SyntaxToken> = None;
        for (index, token) in all.iter().enumerate() {
            if token.kind() == WHITESPACE {
                continue;
            }
            let whitespace = index
                .checked_sub(1)
                .map(|i| &all[i])
                .filter(|t| t.kind() == WHITESPACE);
            if let Some(previous) = previous {
                let newlines = whitespace.map_or(0, |w| w.text().matches('\n').count());
                if newlines > 0 {
                    let newlines = formatter.line_breaks(previous, token, newlines);
                    let indent = match token.kind() {
                        COMMENT | DOC_COMMENT => all[index..]
                            .iter()
                            .find(|t| !t.kind().is_trivia())
                            .map_or(0, |next| formatter.indent(next)),
                        _ => formatter.indent(token),
                    };
                    formatter.new_lines(newlines, indent);
                } else if space_between(previous, token, whitespace.is_some(), &formatter.index) {
                    formatter.push(" ");
                }
            }
            let text = match token.kind() {
                COMMENT | DOC_COMMENT => token.text().trim_end(),
                _ => token.text(),
            };
            let (line, col, out_start) = (formatter.line, formatter.col, formatter.out.len());
            formatter.push(text);
            formatter.placed.insert(
                token.text_range().start(),
                Placed {
                    line,
                    col,
                    out_start,
                    out_end: formatter.out.len(),
                },
            );
            previous = Some(token);
        }
        if !formatter.out.is_empty() {
            formatter.out.push('\n');
        }
        Ok(formatter)
    }

    fn push(&mut self, text: &str) {
        self.out.push_str(text);
        match text.rfind('\n') {
            Some(last) => {
                self.line += text.matches('\n').count();
                self.col = text[last + 1..].chars().count();
                self.line_indents.resize(self.line + 1, 0);
            }
            None => self.col += text.chars().count(),
        }
    }

    fn new_lines(&mut self, count: usize, indent: usize) {
        for _ in 0..count {
            self.out.push('\n');
        }
        self.out.extend(std::iter::repeat_n(' ', indent));
        self.line += count;
        self.col = indent;
        self.line_indents.resize(self.line + 1, 0);
        self.line_indents[self.line] = indent;
    }

    fn placed(&self, token: &SyntaxToken) -> Placed {
        self.placed[&token.text_range().start()]
    }

    /// How many line breaks separate `previous` and `next`, given that
    /// the input has `newlines` (at least one) between them.
    fn line_breaks(&self, previous: &SyntaxToken, next: &SyntaxToken, newlines: usize) -> usize {
        if matches!(previous.kind(), L_PAREN | L_BRACK | L_CURLY)
            || matches!(next.kind(), R_PAREN | R_BRACK | R_CURLY)
        {
            return 1;
        }
        if let Some(single_lines) = separated_items(next, &self.index) {
            // Upstream keeps adjacent one-line declarations together and
            // puts a blank line between all others.
            return if single_lines && newlines == 1 { 1 } else { 2 };
        }
        newlines.min(2)
    }

    /// The column where `token` goes when it starts a line: decided by the
    /// innermost enclosing node that started on an earlier token and has
    /// a rule for where it is.
    fn indent(&self, token: &SyntaxToken) -> usize {
        let offset = token.text_range().start();
        let mut child = SyntaxElement::Token(token.clone());
        let mut parent = token.parent();
        while let Some(node) = parent {
            let starts_earlier = self
                .index
                .first_significant(&node)
                .is_some_and(|first| first.text_range().start() < offset);
            if starts_earlier && let Some(indent) = self.rule(&node, &child, token) {
                return indent;
            }
            parent = node.parent();
            child = SyntaxElement::Node(node);
        }
        0
    }

    /// The column of the first token of `node`, which has been emitted.
    fn col(&self, node: &SyntaxNode) -> usize {
        self.index
            .first_significant(node)
            .map_or(0, |first| self.placed(&first).col)
    }

    /// The indentation of the output line where `node` starts.
    fn base(&self, node: &SyntaxNode) -> usize {
        self.index
            .first_significant(node)
            .map_or(0, |first| self.line_indents[self.placed(&first).line])
    }

    fn rule(&self, node: &SyntaxNode, child: &SyntaxElement, token: &SyntaxToken) -> Option<usize> {
        let starts_child = match child {
            SyntaxElement::Token(_) => true,
            SyntaxElement::Node(child) => {
                self.index.first_significant(child).as_ref() == Some(token)
            }
        };
        let indent = match node.kind() {
            SOURCE_FILE => 0,
            LOCAL_DECL => self.base(node),
            VALUE_DEF | TYPE_DEF | MODULE_DEF | MODULE_TYPE_DEF | VAL_SPEC | TYPE_SPEC
            | MODULE_SPEC | INCLUDE_SPEC | OPEN_DECL | IMPORT_DECL => {
                self.declaration(node, child, starts_child)
            }
            LET_EXPR | LET_FUN_EXPR | LET_UPDATE_EXPR => {
                self.let_binding(node, child, starts_child)
            }
            IF_EXPR => {
                let mut anchor = node.clone();
                while let Some(parent) = anchor.parent()
                    && parent.kind() == IF_EXPR
                    && is_else_branch(&parent, &anchor)
                {
                    anchor = parent;
                }
                // Upstream aligns the branches after `then ` and `else `,
                // where a comment follows them.
                match child.kind() {
                    THEN_KW | ELSE_KW | IF_EXPR => self.col(&anchor),
                    _ if after_comment(token)
                        && (is_after(node, child, THEN_KW) || is_after(node, child, ELSE_KW)) =>
                    {
                        self.col(&anchor) + 5
                    }
                    _ => self.col(&anchor) + 2,
                }
            }
            MATCH_EXPR => match child.kind() {
                MATCH_CASE => self.col(node),
                _ => self.col(node) + 2,
            },
            // A right operand starts a line only after a trailing operator
            // or a comment following it.
            BIN_EXPR if starts_child && is_after(node, child, OP) => self.col(node) + 2,
            BIN_EXPR | ASSERT_EXPR | ATTR_EXPR => self.col(node),
            MOD_APPLY | MOD_LAMBDA | TYPE_REFINEMENT => self.base(node) + 2,
            SIG_WITH => self.base(node),
            MOD_ASCRIPTION | ASCRIPTION_EXPR | COERCION_EXPR => self.col(node),
            LOOP_EXPR if matches!(child.kind(), FOR_LOOP | FOR_IN_LOOP | WHILE_LOOP) => {
                self.col(node)
            }
            // A lambda as the last argument nests from the application.
            LAMBDA_EXPR => match node.parent() {
                Some(parent) if parent.kind() == APPLY_EXPR => self.col(&parent) + 2,
                _ => self.col(node) + 2,
            },
            MATCH_CASE | LOOP_EXPR | RECORD_FIELD | RECORD_TYPE_FIELD | RECORD_PAT_FIELD
            | UPDATE_EXPR | RANGE_EXPR | TYPE_APPLY | ASCRIPTION_PAT | CONSTR_PAT | CONSTR_EXPR => {
                self.col(node) + 2
            }
            APPLY_EXPR => self.application(node, child, starts_child),
            FUNCTION_TYPE | SIG_ARROW => {
                let mut anchor = node.clone();
                while let Some(parent) = anchor.parent()
                    && parent.kind() == node.kind()
                    && parent.last_child().as_ref() == Some(&anchor)
                {
                    anchor = parent;
                }
                self.col(&anchor)
            }
            SUM_TYPE => {
                let leading_bar = self
                    .index
                    .first_significant(node)
                    .is_some_and(|t| t.kind() == OPERATOR);
                let bar_col = if leading_bar {
                    self.col(node)
                } else {
                    self.col(node).saturating_sub(2)
                };
                match child.kind() {
                    OPERATOR => bar_col,
                    _ if starts_child => bar_col + 2,
                    _ => bar_col + 4,
                }
            }
            PAREN_EXPR | TUPLE_EXPR | ARRAY_EXPR | RECORD_EXPR | PAREN_PAT | TUPLE_PAT
            | RECORD_PAT | PAREN_TYPE | TUPLE_TYPE | RECORD_TYPE | SLICE | SIZE_EXPR
            | QUAL_PAREN_EXPR | MOD_PAREN | SIG_PAREN | ATTRIBUTE | OP_SECTION | LEFT_SECTION
            | RIGHT_SECTION | PROJECTION_SECTION => {
                return self.bracketed(node, child);
            }
            MOD_STRUCT | SIG_SPECS => {
                // Upstream nests a module body or module type by two from
                // the declaration it belongs to, or from its own brace.
                let mut owner = node.parent();
                while let Some(parent) = owner
                    .clone()
                    .filter(|p| matches!(p.kind(), MOD_APPLY | SIG_ARROW))
                {
                    owner = parent.parent();
                }
                let nest = match owner {
                    Some(owner)
                        if matches!(
                            (node.kind(), owner.kind()),
                            (MOD_STRUCT, MODULE_DEF)
                                | (SIG_SPECS, MODULE_TYPE_DEF | MODULE_SPEC | MODULE_PARAM)
                        ) =>
                    {
                        self.base(&owner)
                    }
                    _ => self.col(node),
                };
                match child.kind() {
                    R_CURLY => nest,
                    _ => nest + 2,
                }
            }
            _ => return None,
        };
        Some(indent)
    }

    /// Declarations and local functions: attributes and keywords stay at
    /// the declaration's indentation, further parameters align with the
    /// first, everything else is indented by two.
    fn declaration(&self, node: &SyntaxNode, child: &SyntaxElement, starts_child: bool) -> usize {
        let base = match node.kind() {
            // A `let` after `in` or `else` nests from itself, as upstream's.
            LET_EXPR | LET_FUN_EXPR | LET_UPDATE_EXPR => self.col(node),
            _ => self.base(node),
        };
        if child.kind() == ATTRIBUTE || child.kind().is_keyword() {
            return base;
        }
        if child.kind() == SUM_TYPE && starts_child {
            // Room for the `| ` of the variants below.
            return base + 4;
        }
        if starts_child && let SyntaxElement::Node(child) = child {
            let mut parameters = parameters(node);
            if let Some(first) = parameters.next()
                && first != *child
                && parameters.any(|n| n == *child)
            {
                return self.col(&first);
            }
        }
        base + 2
    }

    /// `let`: `in` and the body (a chained `let`) aligned with `let`, the
    /// rest as in a declaration.
    fn let_binding(&self, node: &SyntaxNode, child: &SyntaxElement, starts_child: bool) -> usize {
        if child.kind() == IN_KW {
            return self.col(node);
        }
        if let SyntaxElement::Node(child) = child {
            // The nodes after `=` are the bound expression and the body.
            let mut body = node
                .children_with_tokens()
                .skip_while(|e| e.kind() != EQ)
                .filter_map(SyntaxElement::into_node)
                .skip(1);
            if body.any(|n| n == *child) {
                return if starts_child {
                    self.col(node)
                } else {
                    self.col(node) + 2
                };
            }
        }
        self.declaration(node, child, starts_child)
    }

    /// Arguments of an application align with the first argument, which is
    /// indented by two from the function when it starts a line.
    fn application(&self, node: &SyntaxNode, child: &SyntaxElement, starts_child: bool) -> usize {
        let mut parts = node.children();
        let Some(function) = parts.next() else {
            return self.col(node) + 2;
        };
        if let (SyntaxElement::Node(child), Some(first)) = (child, parts.next())
            && starts_child
            && *child != first
            && *child != function
        {
            return self.col(&first);
        }
        self.col(&function) + 2
    }

    /// Bracketed lists and blocks: elements align with the first element
    /// when it follows the opening bracket on its line, and are indented by
    /// two otherwise; closing brackets and leading commas align with the
    /// opening bracket (or its line's indentation).
    fn bracketed(&self, node: &SyntaxNode, child: &SyntaxElement) -> Option<usize> {
        let mut children = node.children_with_tokens();
        let opener = children
            .by_ref()
            .filter_map(SyntaxElement::into_token)
            .find(|t| matches!(t.kind(), L_PAREN | L_BRACK | L_CURLY | HASH_L_BRACK))?;
        let opener_start = opener.text_range().start();
        let child_start = child.text_range().start();
        if child_start < opener_start {
            return None;
        }
        let opener_placed = self.placed(&opener);
        let opener_line_indent = self.line_indents[opener_placed.line];
        let first_element = children
            .find(|e| !e.kind().is_trivia() && e.kind() != COMMA)
            .filter(|e| !matches!(e.kind(), R_PAREN | R_BRACK | R_CURLY));
        let first_on_opener_line = first_element.as_ref().and_then(|e| {
            let first = match e {
                SyntaxElement::Token(t) => Some(t.clone()),
                SyntaxElement::Node(n) => self.index.first_significant(n),
            }?;
            let placed = self.placed.get(&first.text_range().start())?;
            (placed.line == opener_placed.line).then_some(placed.col)
        });
        Some(match child.kind() {
            R_PAREN | R_BRACK | R_CURLY | COMMA => match first_on_opener_line {
                Some(_) => opener_placed.col,
                None => opener_line_indent,
            },
            _ => first_on_opener_line.unwrap_or(opener_line_indent + 2),
        })
    }
}

/// Whether the token before `token` is a comment.
fn after_comment(token: &SyntaxToken) -> bool {
    std::iter::successors(token.prev_token(), SyntaxToken::prev_token)
        .find(|t| t.kind() != WHITESPACE)
        .is_some_and(|t| matches!(t.kind(), COMMENT | DOC_COMMENT))
}

/// Whether `child` of `node` comes after a `keyword` token of `node`.
fn is_after(node: &SyntaxNode, child: &SyntaxElement, keyword: SyntaxKind) -> bool {
    node.children_with_tokens()
        .take_while(|e| e != child)
        .any(|e| e.kind() == keyword)
}

fn is_else_branch(if_expr: &SyntaxNode, branch: &SyntaxNode) -> bool {
    if_expr
        .children_with_tokens()
        .skip_while(|e| e.kind() != ELSE_KW)
        .filter_map(SyntaxElement::into_node)
        .next()
        .is_some_and(|n| n == *branch)
}

/// Whether the item starting at `next` follows another item of a file,
/// module or module type (with at most a comment on that item's last line
/// between them), and if so, whether both are single lines and `next`
/// has no comment above it.
fn separated_items(next: &SyntaxToken, index: &Index) -> Option<bool> {
    let item = next
        .parent_ancestors()
        .take_while(|n| first_token_is(n, next))
        .find(|n| n.parent().is_some_and(|p| is_item_container(p.kind())))?;
    let mut previous = item.prev_sibling_or_token();
    while let Some(SyntaxElement::Token(token)) = &previous {
        let same_line = match token.kind() {
            WHITESPACE => !token.text().contains('\n'),
            COMMENT => token
                .prev_token()
                .is_none_or(|w| w.kind() != WHITESPACE || !w.text().contains('\n')),
            _ => false,
        };
        if !same_line && token.kind() != WHITESPACE {
            return None;
        }
        previous = token.prev_sibling_or_token();
    }
    let previous = previous?.into_node()?;
    let commented = next.kind().is_trivia();
    Some(!commented && index.single_line(&previous) && index.single_line(&item))
}

/// Whether `token` is the first token of `node`, which contains it.
fn first_token_is(node: &SyntaxNode, token: &SyntaxToken) -> bool {
    node.text_range().start() == token.text_range().start()
}

fn is_item_container(kind: SyntaxKind) -> bool {
    matches!(kind, SOURCE_FILE | MOD_STRUCT | SIG_SPECS)
}

/// The input's line breaks and tokens that are not trivia, to find the
/// first token of a node and whether it spans several lines without
/// walking it (trees may be nested a hundred thousand deep).
struct Index {
    newlines: Vec<TextSize>,
    significant: Vec<SyntaxToken>,
}

impl Index {
    fn new(text: &str, tokens: &[SyntaxToken]) -> Index {
        let newlines = text
            .match_indices('\n')
            .map(|(offset, _)| TextSize::from(offset as u32))
            .collect();
        let significant = tokens
            .iter()
            .filter(|t| !t.kind().is_trivia())
            .cloned()
            .collect();
        Index {
            newlines,
            significant,
        }
    }

    /// The first token of `node` that is not trivia.
    fn first_significant(&self, node: &SyntaxNode) -> Option<SyntaxToken> {
        let range = node.text_range();
        let index = self
            .significant
            .partition_point(|t| t.text_range().start() < range.start());
        self.significant
            .get(index)
            .filter(|t| t.text_range().start() < range.end())
            .cloned()
    }

    fn line(&self, offset: TextSize) -> usize {
        self.newlines.partition_point(|&newline| newline < offset)
    }

    /// Whether the tokens of `node` (not counting comments above it) lie
    /// on one line.
    fn single_line(&self, node: &SyntaxNode) -> bool {
        let Some(first) = self.first_significant(node) else {
            return true;
        };
        let end = node.text_range().end();
        self.line(first.text_range().start()) == self.line(end - TextSize::from(1))
    }
}

/// Whether two tokens on one line get a space between them; `had_space`
/// says whether the input had whitespace there.
fn space_between(
    previous: &SyntaxToken,
    next: &SyntaxToken,
    had_space: bool,
    index: &Index,
) -> bool {
    let wanted = spacing(previous, next, index).unwrap_or(had_space);
    // Removing a space must not make the two tokens lex as others.
    wanted || (had_space && glues(previous.text(), next.text()))
}

/// The spacing the layout asks for, or `None` to keep the input's.
fn spacing(previous: &SyntaxToken, next: &SyntaxToken, index: &Index) -> Option<bool> {
    let (p, n) = (previous.kind(), next.kind());
    let keeps_adjacency = |kind| {
        matches!(
            kind,
            DOT | DOT2 | DOT3 | DOT2_LT | DOT2_GT | TICK | TICK_CARET | TICK_TILDE
        )
    };
    if n == L_BRACK || keeps_adjacency(p) || keeps_adjacency(n) {
        // `a[i]` indexes and `a [i]` applies; `x.0` and `1..2` lex
        // differently with spaces.
        return None;
    }
    if matches!(n, COMMENT | DOC_COMMENT) || p == COMMA {
        return Some(true);
    }
    if matches!(p, L_PAREN | L_BRACK | L_CURLY) {
        // Upstream writes a multi-line list as `( a` / `, b` / `)`.
        let multi_line = previous.parent().is_some_and(|n| !index.single_line(&n));
        return if multi_line { None } else { Some(false) };
    }
    if n == COMMA
        || matches!(p, HASH_L_BRACK | BACKSLASH)
        || matches!(n, R_PAREN | R_BRACK | R_CURLY)
    {
        return Some(false);
    }
    if p == TYPE_KW && next.parent().is_some_and(|n| n.kind() == LIFTEDNESS) {
        return Some(false);
    }
    if is_prefix_operator(previous) {
        return Some(false);
    }
    let spaced = |kind: SyntaxKind| {
        matches!(kind, EQ | ARROW | COLON_GT)
            || (kind.is_keyword() && !matches!(kind, TRUE_KW | FALSE_KW))
    };
    let in_slice = |token: &SyntaxToken| token.parent().is_some_and(|n| n.kind() == DIM_INDEX);
    if (p == COLON && in_slice(previous)) || (n == COLON && in_slice(next)) {
        return Some(false);
    }
    if n == COLON {
        // Upstream writes `(x: t)`, `{a: t}` and `let f x: t`, but
        // `def f x : t` and `val f : t`.
        let local_function = next
            .parent()
            .and_then(|n| n.parent())
            .is_some_and(|n| n.kind() == LET_FUN_EXPR);
        match next.parent().map(|n| n.kind()) {
            Some(RET_TYPE) if local_function => return Some(false),
            Some(
                ASCRIPTION_PAT | RECORD_TYPE_FIELD | NAMED_PARAM_TYPE | MODULE_PARAM | MODULE_SPEC,
            ) => {
                return Some(false);
            }
            Some(RET_TYPE | VAL_SPEC | ASCRIPTION_EXPR | MODULE_DEF) => return Some(true),
            _ => {}
        }
    }
    if is_parameter_start(next) {
        return Some(true);
    }
    if spaced(p)
        || spaced(n)
        || p == COLON
        || ends_binary_operator(previous)
        || starts_binary_operator(next)
    {
        return Some(true);
    }
    None
}

/// The parameters (and type parameters) of a definition or
/// specification: the nodes between its name and its type or `=`.
fn parameters(definition: &SyntaxNode) -> impl Iterator<Item = SyntaxNode> {
    definition
        .children_with_tokens()
        .skip_while(|e| e.kind() != NAME)
        .skip(1)
        .take_while(|e| !matches!(e.kind(), RET_TYPE | EQ | COLON))
        .filter_map(SyntaxElement::into_node)
}

/// Whether `token` starts a parameter of a definition or local function.
fn is_parameter_start(token: &SyntaxToken) -> bool {
    token
        .parent_ancestors()
        .take_while(|n| first_token_is(n, token))
        .any(|n| {
            n.parent().is_some_and(|p| {
                matches!(p.kind(), VALUE_DEF | LET_FUN_EXPR) && parameters(&p).any(|q| q == n)
            })
        })
}

fn is_prefix_operator(token: &SyntaxToken) -> bool {
    token.parent().is_some_and(|n| {
        n.kind() == PREFIX_EXPR && first_token_is(&n, token) && token.kind() == OPERATOR
    })
}

/// The operator node of a binary expression that `token` is part of.
fn binary_operator(token: &SyntaxToken) -> Option<SyntaxNode> {
    // An operator token is a child of its `OP`, or of a path in it.
    token
        .parent_ancestors()
        .take(2)
        .find(|n| n.kind() == OP)
        .filter(|op| op.parent().is_some_and(|p| p.kind() == BIN_EXPR))
}

fn starts_binary_operator(token: &SyntaxToken) -> bool {
    binary_operator(token).is_some_and(|op| first_token_is(&op, token))
}

fn ends_binary_operator(token: &SyntaxToken) -> bool {
    binary_operator(token).is_some_and(|op| op.last_token().as_ref() == Some(token))
}

/// Whether `left` and `right` written without a space lex differently
/// from the two tokens.
fn glues(left: &str, right: &str) -> bool {
    let joined = format!("{left}{right}");
    let (tokens, errors) = crate::lexer::tokenize(&joined);
    !errors.is_empty()
        || tokens.len() != 2
        || usize::from(tokens[0].len) != left.len()
        || crate::lexer::tokenize(left).0.first().map(|t| t.kind) != Some(tokens[0].kind)
        || crate::lexer::tokenize(right).0.first().map(|t| t.kind) != Some(tokens[1].kind)
}
