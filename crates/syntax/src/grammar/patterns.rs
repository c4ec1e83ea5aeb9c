//! Patterns, in `let`, `loop`, `case` and parameters.
//!
//! Parameters take a restricted form (no top-level ascription without
//! parentheses, no constructor payloads, no negative literals), so that
//! `f x y` reads as two parameters.

use super::types::ty;
use super::*;

/// Whether a parameter pattern starts here.
pub(crate) fn param_start(p: &Parser) -> bool {
    starts_param(p.current())
}

/// Whether a token of this kind starts a parameter pattern.
pub(crate) fn starts_param(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        IDENT
            | UNDERSCORE
            | L_PAREN
            | L_CURLY
            | CONSTRUCTOR
            | INT_NUMBER
            | FLOAT_NUMBER
            | CHAR
            | TRUE_KW
            | FALSE_KW
    )
}

fn at_negative_literal(p: &Parser) -> bool {
    p.at_op("-") && matches!(p.nth(1), INT_NUMBER | FLOAT_NUMBER)
}

/// A full pattern: attributes, constructor with payload, ascription.
pub(crate) fn pattern(p: &mut Parser) -> bool {
    match p.current() {
        HASH_L_BRACK => {
            let m = p.start();
            attribute(p);
            if !pattern(p) {
                p.expected("a pattern after the attribute");
            }
            m.complete(p, ATTR_PAT);
            true
        }
        CONSTRUCTOR => {
            let m = p.start();
            p.bump(CONSTRUCTOR);
            while inner_pattern(p, true).is_some() {}
            let constructor = m.complete(p, CONSTR_PAT);
            ascription(p, constructor);
            true
        }
        _ => {
            let Some(inner) = inner_pattern(p, true) else {
                return false;
            };
            ascription(p, inner);
            true
        }
    }
}

/// An optional `: type` after a pattern.
fn ascription(p: &mut Parser, pat: CompletedMarker) {
    if p.at(COLON) {
        let m = pat.precede(p);
        p.bump(COLON);
        if !ty(p) {
            p.expected("a type after ':'");
        }
        m.complete(p, ASCRIPTION_PAT);
    }
}

/// A parameter pattern.
pub(crate) fn param_pattern(p: &mut Parser) -> bool {
    inner_pattern(p, false).is_some()
}

/// An atomic pattern; `allow_negative` admits `-1` literals.
fn inner_pattern(p: &mut Parser, allow_negative: bool) -> Option<CompletedMarker> {
    let m = p.start();
    let kind = match p.current() {
        IDENT => {
            let name = p.start();
            p.bump(IDENT);
            name.complete(p, NAME);
            NAME_PAT
        }
        UNDERSCORE => {
            p.bump(UNDERSCORE);
            WILDCARD_PAT
        }
        CONSTRUCTOR => {
            p.bump(CONSTRUCTOR);
            CONSTR_PAT
        }
        INT_NUMBER | FLOAT_NUMBER | CHAR | TRUE_KW | FALSE_KW => {
            p.bump_any();
            LITERAL_PAT
        }
        OPERATOR if allow_negative && at_negative_literal(p) => {
            p.bump(OPERATOR);
            p.bump_any();
            LITERAL_PAT
        }
        L_PAREN if at_parenthesised_operator(p) => {
            binding_name(p);
            NAME_PAT
        }
        L_PAREN => {
            p.bump(L_PAREN);
            let mut elements = 0;
            let mut trailing_comma = false;
            while !p.at(R_PAREN) && !p.at_eof() {
                if !pattern(p) {
                    p.expected_recover("a pattern", &[R_PAREN, COMMA, EQ]);
                    if !p.at(COMMA) {
                        break;
                    }
                }
                elements += 1;
                trailing_comma = p.eat(COMMA);
                if !trailing_comma {
                    break;
                }
            }
            if elements == 1 && trailing_comma {
                p.error(SINGLE_ELEMENT_TUPLE);
            }
            p.expect(R_PAREN);
            if elements == 1 && !trailing_comma {
                PAREN_PAT
            } else {
                TUPLE_PAT
            }
        }
        L_CURLY => {
            p.bump(L_CURLY);
            comma_list(p, R_CURLY, "a field pattern", record_pattern_field);
            p.expect(R_CURLY);
            RECORD_PAT
        }
        _ => {
            m.abandon(p);
            return None;
        }
    };
    Some(m.complete(p, kind))
}

/// `f = pat`, `f: type` or a punned `f`.
fn record_pattern_field(p: &mut Parser) -> bool {
    if !at_field_id(p, 0) {
        return false;
    }
    let m = p.start();
    let name = p.start();
    p.bump_any();
    name.complete(p, NAME);
    if p.eat(EQ) {
        if !pattern(p) {
            p.expected("a pattern after '='");
        }
    } else if p.eat(COLON) && !ty(p) {
        p.expected("a type after ':'");
    }
    m.complete(p, RECORD_PAT_FIELD);
    true
}
