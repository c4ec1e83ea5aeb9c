//! Type expressions.
//!
//! Layers, loosest first: function arrows and existentials (`ty`), then
//! uniqueness and sum types (`type_term`), then application of a type
//! constructor to size and type arguments, then atoms. `pt [n] t` applies
//! `pt` to the size `[n]` and the type `t`.

use super::expressions::expr;
use super::*;

/// A full type. Returns false, consuming nothing, if no type starts here.
pub(crate) fn ty(p: &mut Parser) -> bool {
    if p.at(L_PAREN) && p.nth_at(1, IDENT) && p.nth_at(2, COLON) {
        let m = p.start();
        let param = p.start();
        p.bump(L_PAREN);
        expect_name(p, "a parameter name");
        p.bump(COLON);
        if !ty(p) {
            p.expected("a type after ':'");
        }
        p.expect(R_PAREN);
        param.complete(p, NAMED_PARAM_TYPE);
        if p.expect(ARROW) && !ty(p) {
            p.expected("a type after '->'");
        }
        m.complete(p, FUNCTION_TYPE);
        return true;
    }
    if p.at(QUESTION) {
        let m = p.start();
        p.bump(QUESTION);
        if !p.at(L_BRACK) {
            p.expected("'[name]' after '?'");
        }
        while p.at(L_BRACK) {
            size_binder(p);
        }
        p.expect(DOT);
        if !ty(p) {
            p.expected("a type after the existential sizes");
        }
        m.complete(p, EXISTENTIAL_TYPE);
        return true;
    }
    let Some(lhs) = type_term(p) else {
        return false;
    };
    if p.at(ARROW) {
        let m = lhs.precede(p);
        p.bump(ARROW);
        if !ty(p) {
            p.expected("a type after '->'");
        }
        m.complete(p, FUNCTION_TYPE);
    }
    true
}

/// `[name]`, binding a size.
pub(crate) fn size_binder(p: &mut Parser) {
    let m = p.start();
    p.bump(L_BRACK);
    expect_name(p, "a size name");
    p.expect(R_BRACK);
    m.complete(p, SIZE_BINDER);
}

/// A type without a top-level arrow: `*t`, a sum type, or an application.
pub(crate) fn type_term(p: &mut Parser) -> Option<CompletedMarker> {
    if p.at_op("*") {
        let m = p.start();
        p.bump(OPERATOR);
        if type_term(p).is_none() {
            p.expected("a type after '*'");
        }
        return Some(m.complete(p, UNIQUE_TYPE));
    }
    if p.at(CONSTRUCTOR) {
        let m = p.start();
        sum_variant(p);
        while p.at_op("|") {
            p.bump(OPERATOR);
            if p.at(CONSTRUCTOR) {
                sum_variant(p);
            } else {
                p.expected("a constructor after '|'");
            }
        }
        return Some(m.complete(p, SUM_TYPE));
    }
    let head = type_atom(p)?;
    if head.kind() == ARRAY_TYPE || !at_type_atom(p) {
        return Some(head);
    }
    let m = head.precede(p);
    while at_type_atom(p) {
        if p.at(L_BRACK) {
            size_expr(p);
        } else {
            type_atom(p);
        }
    }
    Some(m.complete(p, TYPE_APPLY))
}

fn sum_variant(p: &mut Parser) {
    let m = p.start();
    p.bump(CONSTRUCTOR);
    while at_type_atom(p) {
        type_atom(p);
    }
    m.complete(p, SUM_VARIANT);
}

fn at_type_atom(p: &Parser) -> bool {
    matches!(p.current(), IDENT | L_PAREN | L_CURLY | L_BRACK)
}

/// `[e]` or `[]`: an array dimension or a size argument.
pub(crate) fn size_expr(p: &mut Parser) {
    let m = p.start();
    p.bump(L_BRACK);
    if !p.at(R_BRACK) && !expr(p) {
        p.expected_recover("a size expression or ']'", &[R_BRACK]);
    }
    p.expect(R_BRACK);
    m.complete(p, SIZE_EXPR);
}

fn type_atom(p: &mut Parser) -> Option<CompletedMarker> {
    let m = p.start();
    let kind = match p.current() {
        IDENT => {
            path(p);
            PATH_TYPE
        }
        L_BRACK => {
            size_expr(p);
            if type_term(p).is_none() {
                p.expected("the element type of the array");
            }
            ARRAY_TYPE
        }
        L_PAREN => {
            p.bump(L_PAREN);
            let mut elements = 0;
            let mut trailing_comma = false;
            while !p.at(R_PAREN) && !p.at_eof() {
                if !ty(p) {
                    p.expected_recover("a type", &[R_PAREN, COMMA]);
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
                PAREN_TYPE
            } else {
                TUPLE_TYPE
            }
        }
        L_CURLY => {
            p.bump(L_CURLY);
            comma_list(p, R_CURLY, "a field 'name: type'", record_type_field);
            p.expect(R_CURLY);
            RECORD_TYPE
        }
        _ => {
            m.abandon(p);
            return None;
        }
    };
    Some(m.complete(p, kind))
}

fn record_type_field(p: &mut Parser) -> bool {
    if !at_field_id(p, 0) {
        return false;
    }
    let m = p.start();
    let name = p.start();
    p.bump_any();
    name.complete(p, NAME);
    if p.expect(COLON) && !ty(p) {
        p.expected("a type after ':'");
    }
    m.complete(p, RECORD_TYPE_FIELD);
    true
}
