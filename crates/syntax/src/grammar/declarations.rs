//! Declarations: value, type and module bindings, `open`, `import`, `local`.

use super::expressions::{expr, expr_start};
use super::modules::{mod_exp, module_def, module_type_def};
use super::patterns::{param_pattern, param_start};
use super::types::ty;
use super::*;

pub(crate) fn source_file(p: &mut Parser) {
    let m = p.start();
    declarations(p, EOF);
    m.complete(p, SOURCE_FILE);
}

/// Declarations up to `end` (end of file, or `}` of a module).
pub(super) fn declarations(p: &mut Parser, end: SyntaxKind) {
    while !p.at(end) && !p.at_eof() {
        if !declaration(p) {
            skip_to_declaration(p, end);
        }
    }
}

/// Reports a stray token and skips to the next declaration or `end`.
fn skip_to_declaration(p: &mut Parser, end: SyntaxKind) {
    p.expected("a declaration");
    let m = p.start();
    while !p.at_eof() && !p.at(end) && !p.at_any(DECL_START) {
        p.bump_any();
    }
    m.complete(p, ERROR);
}

/// One declaration, with its attributes. Returns false, consuming nothing,
/// when no declaration starts here.
pub(super) fn declaration(p: &mut Parser) -> bool {
    let m = p.start();
    let mut has_attributes = false;
    while p.at(HASH_L_BRACK) {
        attribute(p);
        has_attributes = true;
    }
    let kind = match p.current() {
        DEF_KW | LET_KW | ENTRY_KW => {
            value_def(p);
            VALUE_DEF
        }
        TYPE_KW => {
            type_def(p);
            TYPE_DEF
        }
        MODULE_KW if p.nth_at(1, TYPE_KW) => {
            module_type_def(p);
            MODULE_TYPE_DEF
        }
        MODULE_KW => {
            module_def(p);
            MODULE_DEF
        }
        OPEN_KW => {
            p.bump(OPEN_KW);
            if !mod_exp(p) {
                p.expected("a module expression after 'open'");
            }
            OPEN_DECL
        }
        IMPORT_KW => {
            p.bump(IMPORT_KW);
            p.expect(STRING);
            IMPORT_DECL
        }
        LOCAL_KW => {
            p.bump(LOCAL_KW);
            if !declaration(p) {
                p.expected("a declaration after 'local'");
            }
            LOCAL_DECL
        }
        _ if has_attributes => {
            p.expected("a declaration after the attribute");
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

/// `def name tparams params : ret = body`, or the infix form
/// `def p1 op p2 : ret = body`. The node is completed by the caller.
fn value_def(p: &mut Parser) {
    p.bump_any();
    let infix =
        !at_parenthesised_operator(p) && (!p.at(IDENT) || p.nth_at(1, OPERATOR)) && param_start(p);
    if infix {
        param(p);
        if p.at(OPERATOR) {
            let m = p.start();
            binding_operator(p);
            m.complete(p, NAME);
        } else {
            p.expected("a name or an infix operator to define");
        }
        if !param(p) {
            p.expected("the right operand of the operator being defined");
        }
    } else {
        if !binding_name(p) {
            p.expected_recover("a name to define", DECL_START);
        }
        type_params(p);
        while param(p) {}
    }
    ret_type(p);
    if p.eat(EQ) {
        if !expr(p) {
            p.expected("expression after '='");
        }
    } else {
        p.expected("'=' and the definition's body");
        if expr_start(p) && !p.at_any(DECL_START) {
            expr(p);
        }
    }
}

/// A function parameter: a restricted pattern.
pub(super) fn param(p: &mut Parser) -> bool {
    param_start(p) && param_pattern(p)
}

/// `: type` giving a definition's result type.
fn ret_type(p: &mut Parser) {
    if p.at(COLON) {
        let m = p.start();
        p.bump(COLON);
        if !ty(p) {
            p.expected("a type after ':'");
        }
        m.complete(p, RET_TYPE);
    }
}

/// `type name params = t` with optional liftedness; also used for type
/// abbreviations in module types.
pub(super) fn type_def(p: &mut Parser) {
    p.bump(TYPE_KW);
    liftedness(p);
    expect_name(p, "a name for the type");
    while type_param(p, true) {}
    if p.expect(EQ) && !ty(p) {
        p.expected("a type after '='");
    }
}
