//! The Futhark grammar as recursive descent over [`Parser`], with Pratt
//! parsing for infix operators. It follows the upstream language reference,
//! including its disambiguation rules (see `expressions.rs`).
//!
//! Guarantees: every token is consumed into some node, errors are recorded
//! as events with a message saying what was expected, and recovery resumes at
//! the next declaration keyword or closing bracket.

mod declarations;
mod expressions;
mod modules;
mod patterns;
mod types;

use crate::SyntaxKind::{self, *};
use crate::parser::{CompletedMarker, Parser};

pub(crate) use declarations::source_file;

/// Tokens that begin a declaration; top-level recovery stops at them.
const DECL_START: &[SyntaxKind] = &[
    DEF_KW,
    LET_KW,
    ENTRY_KW,
    TYPE_KW,
    MODULE_KW,
    OPEN_KW,
    IMPORT_KW,
    LOCAL_KW,
    HASH_L_BRACK,
];

/// Tuples have zero or at least two elements, so `(x,)` is an error.
const SINGLE_ELEMENT_TUPLE: &str = "a tuple needs at least two elements; remove the ','";

/// `name` or `( op )`, the name being bound by a definition or spec.
fn binding_name(p: &mut Parser) -> bool {
    if p.at(IDENT) {
        let m = p.start();
        p.bump(IDENT);
        m.complete(p, NAME);
        true
    } else if at_parenthesised_operator(p) {
        let m = p.start();
        p.bump(L_PAREN);
        binding_operator(p);
        p.expect(R_PAREN);
        m.complete(p, NAME);
        true
    } else {
        false
    }
}

/// `( op )` where `op` may be bound by a definition.
fn at_parenthesised_operator(p: &Parser) -> bool {
    p.at(L_PAREN) && p.nth_at(1, OPERATOR) && p.nth_at(2, R_PAREN)
}

/// An operator in binding position; `!` is a prefix operator only.
fn binding_operator(p: &mut Parser) {
    if p.at_op("!") {
        p.error("'!' is a prefix operator and cannot be used as infix operator.");
    }
    p.bump(OPERATOR);
}

/// A possibly qualified name `a.b.c`; the names are plain tokens (only
/// binding occurrences get a node, `NAME`). The caller checks `p.at(IDENT)`.
fn path(p: &mut Parser) -> CompletedMarker {
    let m = p.start();
    p.bump(IDENT);
    while p.at(DOT) && p.nth_at(1, IDENT) && !at_qualified_operator_after_dot(p) {
        p.bump(DOT);
        p.bump(IDENT);
    }
    m.complete(p, PATH)
}

/// At `. name . ... . op`: the rest of a qualified operator such as `M.+`.
fn at_qualified_operator_after_dot(p: &Parser) -> bool {
    let mut n = 0;
    while p.nth_at(n, DOT) && p.nth_at(n + 1, IDENT) {
        n += 2;
    }
    p.nth_at(n, DOT) && p.nth_at(n + 1, OPERATOR)
}

/// `#[attr]`, attached to the declaration, expression, pattern or spec that
/// follows.
fn attribute(p: &mut Parser) {
    let m = p.start();
    p.bump(HASH_L_BRACK);
    if !attr_info(p) {
        p.expected_recover("an attribute", &[R_BRACK]);
    }
    p.expect(R_BRACK);
    m.complete(p, ATTRIBUTE);
}

fn attr_info(p: &mut Parser) -> bool {
    match p.current() {
        IDENT if p.nth_at(1, L_PAREN) => {
            let m = p.start();
            p.bump(IDENT);
            p.bump(L_PAREN);
            while !p.at(R_PAREN) && !p.at_eof() && !p.at(R_BRACK) {
                if !attr_info(p) {
                    p.expected_recover("an attribute", &[R_PAREN, R_BRACK]);
                    break;
                }
                if !p.eat(COMMA) {
                    break;
                }
            }
            p.expect(R_PAREN);
            m.complete(p, ATTR_COMPOUND);
            true
        }
        IDENT | INT_NUMBER => {
            let m = p.start();
            p.bump_any();
            m.complete(p, ATTR_ATOM);
            true
        }
        _ => false,
    }
}

/// `[n]`, `'t`, `'^t` or `'~t`. `allow_indexing_bracket`: whether `[`
/// directly after the previous token still counts (it does in definitions,
/// where there is no ambiguity with in-place updates).
fn type_param(p: &mut Parser, allow_indexing_bracket: bool) -> bool {
    let m = p.start();
    match p.current() {
        L_BRACK if allow_indexing_bracket || !p.at_indexing_bracket() => {
            p.bump(L_BRACK);
            expect_name(p, "a size parameter name");
            p.expect(R_BRACK);
        }
        TICK | TICK_CARET | TICK_TILDE => {
            p.bump_any();
            expect_name(p, "a type parameter name");
        }
        _ => {
            m.abandon(p);
            return false;
        }
    }
    m.complete(p, TYPE_PARAM);
    true
}

fn type_params(p: &mut Parser) {
    while type_param(p, true) {}
}

/// A binding name that must be a plain identifier.
fn expect_name(p: &mut Parser, what: &str) -> bool {
    if p.at(IDENT) {
        let m = p.start();
        p.bump(IDENT);
        m.complete(p, NAME);
        true
    } else {
        p.expected_recover(what, &[R_BRACK, R_PAREN, EQ, COLON]);
        false
    }
}

/// A record field name: an identifier or a decimal number.
fn at_field_id(p: &Parser, n: usize) -> bool {
    matches!(p.nth(n), IDENT | INT_NUMBER)
}

/// `^` or `~` after `type`.
fn liftedness(p: &mut Parser) {
    if p.at_op("^") || p.at(TILDE) {
        let m = p.start();
        p.bump_any();
        m.complete(p, LIFTEDNESS);
    }
}

/// Parses a comma-separated list up to `close`, calling `element` for each
/// item; tolerates a trailing comma. `element` returns false when no item
/// starts at the cursor.
fn comma_list(
    p: &mut Parser,
    close: SyntaxKind,
    what: &str,
    mut element: impl FnMut(&mut Parser) -> bool,
) {
    while !p.at(close) && !p.at_eof() {
        if !element(p) {
            p.expected_recover(what, &[close, COMMA]);
            if !p.at(COMMA) {
                break;
            }
        }
        if !p.at(close) && !p.expect(COMMA) {
            break;
        }
    }
}
