//! The module language: module bindings and expressions, module types and
//! their specs.

use super::declarations::{declarations, type_def};
use super::types::ty;
use super::*;

/// `module name params : sig = mexp`
pub(super) fn module_def(p: &mut Parser) {
    p.bump(MODULE_KW);
    expect_name(p, "a module name");
    while at_module_param(p) {
        module_param(p);
    }
    if p.eat(COLON) && !sig(p) {
        p.expected("a module type after ':'");
    }
    if p.expect(EQ) && !mod_exp(p) {
        p.expected("a module expression after '='");
    }
}

/// `module type name = sig`
pub(super) fn module_type_def(p: &mut Parser) {
    p.bump(MODULE_KW);
    p.bump(TYPE_KW);
    expect_name(p, "a module type name");
    if p.expect(EQ) && !sig(p) {
        p.expected("a module type after '='");
    }
}

fn at_module_param(p: &Parser) -> bool {
    p.at(L_PAREN) && p.nth_at(1, IDENT) && p.nth_at(2, COLON)
}

/// `(name : sig)`
fn module_param(p: &mut Parser) {
    let m = p.start();
    p.bump(L_PAREN);
    expect_name(p, "a parameter name");
    p.expect(COLON);
    if !sig(p) {
        p.expected("a module type");
    }
    p.expect(R_PAREN);
    m.complete(p, MODULE_PARAM);
}

/// A module expression. Returns false, consuming nothing, if none starts here.
pub(super) fn mod_exp(p: &mut Parser) -> bool {
    let lhs = match p.current() {
        BACKSLASH => {
            let m = p.start();
            p.bump(BACKSLASH);
            if at_module_param(p) {
                module_param(p);
            } else {
                p.expected("a module parameter '(name: module type)'");
            }
            if p.eat(COLON) && !sig_atom(p) {
                p.expected("a module type after ':'");
            }
            p.expect(ARROW);
            if !mod_exp(p) {
                p.expected("a module expression after '->'");
            }
            m.complete(p, MOD_LAMBDA);
            return true;
        }
        IMPORT_KW => {
            let m = p.start();
            p.bump(IMPORT_KW);
            p.expect(STRING);
            m.complete(p, MOD_IMPORT)
        }
        _ => {
            let Some(mut lhs) = mod_atom(p) else {
                return false;
            };
            while at_mod_atom(p) {
                let m = lhs.precede(p);
                mod_atom(p);
                lhs = m.complete(p, MOD_APPLY);
            }
            lhs
        }
    };
    let mut lhs = lhs;
    while p.at(COLON) {
        let m = lhs.precede(p);
        p.bump(COLON);
        if !sig(p) {
            p.expected("a module type after ':'");
        }
        lhs = m.complete(p, MOD_ASCRIPTION);
    }
    true
}

fn at_mod_atom(p: &Parser) -> bool {
    matches!(p.current(), L_PAREN | IDENT | L_CURLY)
}

fn mod_atom(p: &mut Parser) -> Option<CompletedMarker> {
    let m = p.start();
    let kind = match p.current() {
        IDENT => {
            path(p);
            MOD_PATH
        }
        L_PAREN => {
            p.bump(L_PAREN);
            if !mod_exp(p) {
                p.expected("a module expression");
            }
            p.expect(R_PAREN);
            MOD_PAREN
        }
        L_CURLY => {
            p.bump(L_CURLY);
            declarations(p, R_CURLY);
            p.expect(R_CURLY);
            MOD_STRUCT
        }
        _ => {
            m.abandon(p);
            return None;
        }
    };
    Some(m.complete(p, kind))
}

/// A module type expression. Returns false, consuming nothing, if none
/// starts here.
pub(super) fn sig(p: &mut Parser) -> bool {
    if at_module_param(p) {
        let m = p.start();
        p.bump(L_PAREN);
        expect_name(p, "a parameter name");
        p.bump(COLON);
        if !sig(p) {
            p.expected("a module type");
        }
        p.expect(R_PAREN);
        p.expect(ARROW);
        if !sig(p) {
            p.expected("a module type after '->'");
        }
        m.complete(p, SIG_ARROW);
        return true;
    }
    let Some(mut lhs) = sig_atom_marker(p) else {
        return false;
    };
    while p.at(WITH_KW) {
        let m = lhs.precede(p);
        p.bump(WITH_KW);
        type_refinement(p);
        lhs = m.complete(p, SIG_WITH);
    }
    if p.at(ARROW) {
        let m = lhs.precede(p);
        p.bump(ARROW);
        if !sig(p) {
            p.expected("a module type after '->'");
        }
        m.complete(p, SIG_ARROW);
    }
    true
}

/// A module type name or a parenthesised module type.
fn sig_atom(p: &mut Parser) -> bool {
    sig_atom_marker(p).is_some()
}

fn sig_atom_marker(p: &mut Parser) -> Option<CompletedMarker> {
    let m = p.start();
    let kind = match p.current() {
        IDENT => {
            path(p);
            SIG_PATH
        }
        L_CURLY => {
            p.bump(L_CURLY);
            specs(p);
            p.expect(R_CURLY);
            SIG_SPECS
        }
        L_PAREN => {
            p.bump(L_PAREN);
            if !sig(p) {
                p.expected("a module type");
            }
            p.expect(R_PAREN);
            SIG_PAREN
        }
        _ => {
            m.abandon(p);
            return None;
        }
    };
    Some(m.complete(p, kind))
}

/// `qualname params = type` after `with`.
fn type_refinement(p: &mut Parser) {
    let m = p.start();
    if p.at(IDENT) {
        path(p);
    } else {
        p.expected("a type name to refine");
    }
    while type_param(p, true) {}
    if p.expect(EQ) && !ty(p) {
        p.expected("a type after '='");
    }
    m.complete(p, TYPE_REFINEMENT);
}

const SPEC_START: &[SyntaxKind] = &[VAL_KW, TYPE_KW, MODULE_KW, INCLUDE_KW, HASH_L_BRACK];

fn specs(p: &mut Parser) {
    while !p.at(R_CURLY) && !p.at_eof() {
        if !spec(p) {
            p.expected("a specification ('val', 'type', 'module' or 'include')");
            let m = p.start();
            while !p.at_eof() && !p.at(R_CURLY) && !p.at_any(SPEC_START) {
                p.bump_any();
            }
            m.complete(p, ERROR);
        }
    }
}

fn spec(p: &mut Parser) -> bool {
    let m = p.start();
    let mut has_attributes = false;
    while p.at(HASH_L_BRACK) {
        attribute(p);
        has_attributes = true;
    }
    let kind = match p.current() {
        VAL_KW => {
            p.bump(VAL_KW);
            if p.at(OPERATOR) {
                let name = p.start();
                binding_operator(p);
                name.complete(p, NAME);
            } else if !binding_name(p) {
                p.expected_recover("a name after 'val'", &[COLON]);
            }
            type_params(p);
            if p.expect(COLON) && !ty(p) {
                p.expected("a type after ':'");
            }
            VAL_SPEC
        }
        TYPE_KW => {
            if type_spec_has_definition(p) {
                type_def(p);
                TYPE_DEF
            } else {
                p.bump(TYPE_KW);
                liftedness(p);
                expect_name(p, "a name for the type");
                while type_param(p, true) {}
                TYPE_SPEC
            }
        }
        MODULE_KW => {
            p.bump(MODULE_KW);
            expect_name(p, "a module name");
            if p.expect(COLON) && !sig(p) {
                p.expected("a module type after ':'");
            }
            MODULE_SPEC
        }
        INCLUDE_KW => {
            p.bump(INCLUDE_KW);
            if !sig(p) {
                p.expected("a module type after 'include'");
            }
            INCLUDE_SPEC
        }
        _ if has_attributes => {
            p.expected("a specification after the attribute");
            ERROR
        }
        _ => {
            m.abandon(p);
            return false;
        }
    };
    m.complete(p, kind);
    true
}

/// Whether the `type` spec at the cursor has `= t` (an abbreviation) rather
/// than being abstract: scans its header `type ^ name params`.
fn type_spec_has_definition(p: &Parser) -> bool {
    let mut n = 1;
    if p.nth_at_op(n, "^") || p.nth_at(n, TILDE) {
        n += 1;
    }
    loop {
        match p.nth(n) {
            IDENT | L_BRACK | R_BRACK | TICK | TICK_CARET | TICK_TILDE => n += 1,
            EQ => return true,
            _ => return false,
        }
    }
}
