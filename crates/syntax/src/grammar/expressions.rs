//! Expressions.
//!
//! Layers, loosest first:
//! - `expr`: type ascription `e : t` and coercion `e :> t`;
//! - `expr_no_ascription`: ranges `a..b...c`, `a..<b`, `a..>b`;
//! - `binary`: infix operators by Pratt parsing, with upstream's table
//!   (backtick operators, `with`, `|>`, `<|`, `||`, `&&`, comparisons,
//!   bitwise, shifts, additive, multiplicative, `**`); an operator's class is
//!   given by its longest built-in prefix, so `>>=` binds like `>>`;
//! - `unary`: prefix `-`/`!` (binding tighter than any infix operator but
//!   looser than application, so `-f x` is `-(f x)`), and the forms whose
//!   body extends as far right as possible: `if`, `let`, `loop`, `match`,
//!   `assert`, `#[attr]`, lambdas;
//! - application: juxtaposed atoms, the last of which may be a lambda; a
//!   constructor at the head takes the atoms as payload;
//! - atoms with postfix indexing `a[i]` (only without a space before `[`),
//!   field projection `e.f` and local open `M.(e)`.
//!
//! An operator directly followed by `)` is never infix: it ends a left
//! section `(e op)`.

use super::declarations::param;
use super::patterns::{pattern, starts_param};
use super::types::{size_binder, ty, type_term};
use super::*;
use crate::parser::Marker;

/// A full expression. Returns false, consuming nothing, if none starts here.
pub(crate) fn expr(p: &mut Parser) -> bool {
    let Some(mut lhs) = expr_no_ascription(p) else {
        return false;
    };
    while p.at(COLON) || p.at(COLON_GT) {
        let m = lhs.precede(p);
        let kind = if p.at(COLON) {
            ASCRIPTION_EXPR
        } else {
            COERCION_EXPR
        };
        p.bump_any();
        if !ty(p) {
            p.expected("a type");
        }
        lhs = m.complete(p, kind);
    }
    true
}

/// Whether an expression can start here.
pub(crate) fn expr_start(p: &Parser) -> bool {
    atom_start(p)
        || matches!(
            p.current(),
            IF_KW | LET_KW | LOOP_KW | MATCH_KW | ASSERT_KW | HASH_L_BRACK | BACKSLASH
        )
        || p.at_op("-")
        || p.at_op("!")
}

fn expr_no_ascription(p: &mut Parser) -> Option<CompletedMarker> {
    let lhs = binary(p, 0)?;
    if !matches!(p.current(), DOT2 | DOT3 | DOT2_LT | DOT2_GT) {
        return Some(lhs);
    }
    let m = lhs.precede(p);
    if p.eat(DOT2) {
        if binary(p, 0).is_none() {
            p.expected("the second element of the range");
        }
        if matches!(p.current(), DOT3 | DOT2_LT | DOT2_GT) {
            p.bump_any();
            if binary(p, 0).is_none() {
                p.expected("the end of the range");
            }
        } else {
            p.expected("'...', '..<' or '..>' to end the range");
        }
    } else {
        p.bump_any();
        if binary(p, 0).is_none() {
            p.expected("the end of the range");
        }
    }
    Some(m.complete(p, RANGE_EXPR))
}

/// Binding powers (left, right) of precedence levels; odd right powers make
/// a level left-associative.
fn left_assoc(level: u8) -> (u8, u8) {
    (2 * level, 2 * level + 1)
}

fn right_assoc(level: u8) -> (u8, u8) {
    (2 * level + 1, 2 * level)
}

const WITH_LEVEL: u8 = 2;

/// The precedence of an operator symbol, from its longest built-in prefix.
fn operator_binding_power(op: &str) -> Option<(u8, u8)> {
    let level_of_prefix = |prefix: &str| -> Option<(u8, u8)> {
        Some(match prefix {
            "|>" => left_assoc(3),
            "<|" => right_assoc(4),
            "||" => left_assoc(5),
            "&&" => left_assoc(6),
            "<=" | ">=" | "==" | "!=" | "<" | ">" | "!" | "=" => left_assoc(7),
            "&" | "^" | "|" => left_assoc(8),
            "<<" | ">>" => left_assoc(9),
            "+" | "-" => left_assoc(10),
            "*" | "/" | "%" | "//" | "%%" => left_assoc(11),
            "**" => left_assoc(12),
            _ => return None,
        })
    };
    if op == "!" {
        return None;
    }
    op.get(..2)
        .and_then(level_of_prefix)
        .or_else(|| op.get(..1).and_then(level_of_prefix))
}

/// The number of tokens of an operator starting `n` ahead: a symbol, a
/// qualified symbol `M.+`, or a backtick-quoted name.
fn op_len(p: &Parser, n: usize) -> Option<usize> {
    match p.nth(n) {
        OPERATOR => Some(1),
        BACKTICK => {
            let mut len = 1;
            if !p.nth_at(n + len, IDENT) {
                return None;
            }
            len += 1;
            while p.nth_at(n + len, DOT) && p.nth_at(n + len + 1, IDENT) {
                len += 2;
            }
            p.nth_at(n + len, BACKTICK).then_some(len + 1)
        }
        IDENT => {
            let mut len = 1;
            while p.nth_at(n + len, DOT) && p.nth_at(n + len + 1, IDENT) {
                len += 2;
            }
            (p.nth_at(n + len, DOT) && p.nth_at(n + len + 1, OPERATOR)).then_some(len + 2)
        }
        _ => None,
    }
}

/// The text of the operator symbol of an operator starting here.
fn op_symbol<'t>(p: &Parser<'t>, len: usize) -> Option<&'t str> {
    p.nth_at(len - 1, OPERATOR).then(|| p.nth_text(len - 1))
}

/// An infix operator at the cursor: its binding powers, or `None` if the
/// cursor is not at one (or at one that ends a left section).
fn infix_binding_power(p: &Parser) -> Option<(u8, u8)> {
    if p.at(WITH_KW) {
        return Some(left_assoc(WITH_LEVEL));
    }
    let len = op_len(p, 0)?;
    if p.nth_at(len, R_PAREN) {
        return None;
    }
    match op_symbol(p, len) {
        Some(symbol) => operator_binding_power(symbol),
        None => Some(left_assoc(1)),
    }
}

/// An operator, as an `OP` node.
fn op(p: &mut Parser) {
    let m = p.start();
    match p.current() {
        OPERATOR => p.bump(OPERATOR),
        BACKTICK => {
            p.bump(BACKTICK);
            if p.at(IDENT) {
                path(p);
            } else {
                p.expected("a name between backticks");
            }
            p.expect(BACKTICK);
        }
        _ => {
            while p.at(IDENT) {
                p.bump(IDENT);
                p.expect(DOT);
            }
            p.expect(OPERATOR);
        }
    }
    m.complete(p, OP);
}

fn binary(p: &mut Parser, min_bp: u8) -> Option<CompletedMarker> {
    let mut lhs = unary(p)?;
    while let Some((left_bp, right_bp)) = infix_binding_power(p) {
        if left_bp < min_bp {
            break;
        }
        let m = lhs.precede(p);
        if p.eat(WITH_KW) {
            update_path(p, true);
            if p.expect(EQ) && binary(p, right_bp).is_none() {
                p.expected("expression after '='");
            }
            lhs = m.complete(p, UPDATE_EXPR);
            continue;
        }
        op(p);
        if binary(p, right_bp).is_none() {
            p.expected("expression after the operator");
        }
        lhs = m.complete(p, BIN_EXPR);
    }
    Some(lhs)
}

/// Prefix operators and the forms that extend as far right as possible.
fn unary(p: &mut Parser) -> Option<CompletedMarker> {
    let m = p.start();
    let kind = match p.current() {
        OPERATOR if p.at_op("-") || p.at_op("!") => {
            p.bump(OPERATOR);
            if unary(p).is_none() {
                p.expected("an expression after the prefix operator");
            }
            PREFIX_EXPR
        }
        IF_KW => {
            p.bump(IF_KW);
            required_expr(p, "a condition after 'if'");
            if p.expect(THEN_KW) {
                required_expr(p, "expression after 'then'");
            }
            if p.expect(ELSE_KW) {
                required_expr(p, "expression after 'else'");
            }
            IF_EXPR
        }
        LET_KW => {
            m.abandon(p);
            return Some(let_expr(p));
        }
        LOOP_KW => {
            loop_expr(p);
            LOOP_EXPR
        }
        MATCH_KW => {
            p.bump(MATCH_KW);
            required_expr(p, "expression after 'match'");
            if !p.at(CASE_KW) {
                p.expected("'case'");
            }
            while p.at(CASE_KW) {
                match_case(p);
            }
            MATCH_EXPR
        }
        ASSERT_KW => {
            p.bump(ASSERT_KW);
            if atom(p).is_none() {
                p.expected("the asserted condition");
            }
            required_expr(p, "expression after the assertion");
            ASSERT_EXPR
        }
        HASH_L_BRACK => {
            attribute(p);
            required_expr(p, "expression after the attribute");
            ATTR_EXPR
        }
        BACKSLASH => {
            lambda(p);
            LAMBDA_EXPR
        }
        CONSTRUCTOR => {
            p.bump(CONSTRUCTOR);
            while atom_start(p) {
                atom(p);
            }
            CONSTR_EXPR
        }
        _ => {
            m.abandon(p);
            return application(p);
        }
    };
    Some(m.complete(p, kind))
}

/// Parses an expression, or reports that `what` was expected.
fn required_expr(p: &mut Parser, what: &str) {
    if !expr(p) {
        p.expected(what);
    }
}

fn application(p: &mut Parser) -> Option<CompletedMarker> {
    let head = atom(p)?;
    if !atom_start(p) && !p.at(BACKSLASH) {
        return Some(head);
    }
    let m = head.precede(p);
    loop {
        if p.at(BACKSLASH) {
            let lambda_marker = p.start();
            lambda(p);
            lambda_marker.complete(p, LAMBDA_EXPR);
            break;
        }
        if !atom_start(p) {
            break;
        }
        atom(p);
    }
    Some(m.complete(p, APPLY_EXPR))
}

/// `\p1 p2 : t -> e`; the node is completed by the caller.
fn lambda(p: &mut Parser) {
    p.bump(BACKSLASH);
    if !param(p) {
        p.expected("a parameter after '\\'");
    }
    while param(p) {}
    if p.at(COLON) {
        let m = p.start();
        p.bump(COLON);
        if type_term(p).is_none() {
            p.expected("a type after ':'");
        }
        m.complete(p, RET_TYPE);
    }
    if p.expect(ARROW) {
        required_expr(p, "expression after '->'");
    }
}

fn match_case(p: &mut Parser) {
    let m = p.start();
    p.bump(CASE_KW);
    if !pattern(p) {
        p.expected("a pattern after 'case'");
    }
    if p.expect(ARROW) {
        required_expr(p, "expression after '->'");
    }
    m.complete(p, MATCH_CASE);
}

/// `loop pat = init for/while ... do body`; completed by the caller.
fn loop_expr(p: &mut Parser) {
    p.bump(LOOP_KW);
    if !pattern(p) {
        p.expected("a pattern after 'loop'");
    }
    if p.eat(EQ) {
        required_expr(p, "the initial value of the loop");
    }
    let form = p.start();
    match p.current() {
        FOR_KW if p.nth_at(1, IDENT) && p.nth_at_op(2, "<") => {
            p.bump(FOR_KW);
            expect_name(p, "a loop variable");
            p.bump(OPERATOR);
            required_expr(p, "the loop bound after '<'");
            form.complete(p, FOR_LOOP);
        }
        FOR_KW => {
            p.bump(FOR_KW);
            if !pattern(p) {
                p.expected("a pattern after 'for'");
            }
            if p.expect(IN_KW) {
                required_expr(p, "the array to loop over");
            }
            form.complete(p, FOR_IN_LOOP);
        }
        WHILE_KW => {
            p.bump(WHILE_KW);
            required_expr(p, "the loop condition after 'while'");
            form.complete(p, WHILE_LOOP);
        }
        _ => {
            form.abandon(p);
            p.expected("'for' or 'while'");
        }
    }
    if p.expect(DO_KW) {
        required_expr(p, "the loop body after 'do'");
    }
}

/// `let` in its three forms: pattern binding, local function, in-place
/// update. The body is `in e`, or directly another `let`.
fn let_expr(p: &mut Parser) -> CompletedMarker {
    let m = p.start();
    p.bump(LET_KW);
    let kind = if p.at(IDENT)
        && (p.nth_at_indexing_bracket(1) || (p.nth_at(1, DOT) && at_field_id(p, 2)))
    {
        let name = p.start();
        p.bump(IDENT);
        name.complete(p, NAME);
        update_path(p, false);
        LET_UPDATE_EXPR
    } else if p.at(IDENT) && at_local_function_header(p) {
        let name = p.start();
        p.bump(IDENT);
        name.complete(p, NAME);
        while type_param(p, false) {}
        while param(p) {}
        if p.at(COLON) {
            let ret = p.start();
            p.bump(COLON);
            if !ty(p) {
                p.expected("a type after ':'");
            }
            ret.complete(p, RET_TYPE);
        }
        LET_FUN_EXPR
    } else {
        while p.at(L_BRACK) {
            size_binder(p);
        }
        if !pattern(p) {
            p.expected_recover("a pattern after 'let'", &[EQ, IN_KW]);
        }
        LET_EXPR
    };
    if p.expect(EQ) {
        required_expr(p, "expression after '='");
    }
    if p.eat(IN_KW) {
        required_expr(p, "expression after 'in'");
    } else if p.at(LET_KW) {
        let_expr(p);
    } else if let (DEF_KW | TYPE_KW | MODULE_KW, keyword) = p.found() {
        // The usual mistake: the next declaration follows a body that
        // forgot its `in`.
        p.error(format!("Unexpected \"{keyword}\" - missing \"in\"?"));
    } else {
        p.expected("'in' or another 'let' after the binding");
    }
    m.complete(p, kind)
}

/// After `let name`: do type or value parameters follow?
fn at_local_function_header(p: &Parser) -> bool {
    let next = p.nth(1);
    matches!(next, L_BRACK | TICK | TICK_CARET | TICK_TILDE) || starts_param(next)
}

/// The steps of an update: slices and fields. `with` updates also take a
/// bare field name as the first step.
fn update_path(p: &mut Parser, bare_field_first: bool) {
    let m = p.start();
    let mut first = true;
    loop {
        let step = p.start();
        if p.at(L_BRACK) {
            slice(p);
        } else if p.at(DOT) && at_field_id(p, 1) {
            p.bump(DOT);
            field_name(p);
        } else if bare_field_first && first && at_field_id(p, 0) {
            field_name(p);
        } else {
            step.abandon(p);
            break;
        }
        step.complete(p, UPDATE_STEP);
        first = false;
    }
    if first {
        p.expected("'[index]' or a field name to update");
    }
    m.complete(p, UPDATE_PATH);
}

/// A field name (identifier or number), a plain token.
fn field_name(p: &mut Parser) {
    p.bump_any();
}

/// `[i, j:k:s, :]`
fn slice(p: &mut Parser) {
    let m = p.start();
    p.bump(L_BRACK);
    comma_list(p, R_BRACK, "an index", dim_index);
    p.expect(R_BRACK);
    m.complete(p, SLICE);
}

/// `i`, `i:j`, `i:j:s` with any part omitted.
fn dim_index(p: &mut Parser) -> bool {
    if !p.at(COLON) && !expr_start(p) {
        return false;
    }
    let m = p.start();
    if !p.at(COLON) {
        expr_no_ascription(p);
    }
    if p.eat(COLON) {
        if !matches!(p.current(), COLON | COMMA | R_BRACK) {
            expr_no_ascription(p);
        }
        if p.eat(COLON) && !matches!(p.current(), COMMA | R_BRACK) {
            expr_no_ascription(p);
        }
    }
    m.complete(p, DIM_INDEX);
    true
}

/// Whether an atom starts here (and so an application argument).
fn atom_start(p: &Parser) -> bool {
    match p.current() {
        INT_NUMBER | FLOAT_NUMBER | CHAR | STRING | TRUE_KW | FALSE_KW | L_PAREN | L_BRACK
        | L_CURLY | CONSTRUCTOR | HOLE => true,
        IDENT => op_len(p, 0).is_none(),
        _ => false,
    }
}

fn atom(p: &mut Parser) -> Option<CompletedMarker> {
    let mut lhs = atom_base(p)?;
    loop {
        if p.at_indexing_bracket() {
            let m = lhs.precede(p);
            slice(p);
            lhs = m.complete(p, INDEX_EXPR);
        } else if p.at(DOT) && at_field_id(p, 1) {
            let m = lhs.precede(p);
            p.bump(DOT);
            field_name(p);
            lhs = m.complete(p, FIELD_EXPR);
        } else if p.at(DOT) && p.nth_at(1, L_PAREN) {
            // Only a module name can be opened locally; the path case is
            // handled in `atom_base`.
            let m = lhs.precede(p);
            p.bump(DOT);
            p.error("only a module name can be opened with '.(...)'");
            paren_expr(p);
            lhs = m.complete(p, QUAL_PAREN_EXPR);
        } else {
            return Some(lhs);
        }
    }
}

fn atom_base(p: &mut Parser) -> Option<CompletedMarker> {
    let m = p.start();
    let kind = match p.current() {
        INT_NUMBER | FLOAT_NUMBER | CHAR | STRING | TRUE_KW | FALSE_KW => {
            p.bump_any();
            LITERAL
        }
        HOLE => {
            p.bump(HOLE);
            HOLE_EXPR
        }
        CONSTRUCTOR => {
            p.bump(CONSTRUCTOR);
            CONSTR_EXPR
        }
        IDENT if op_len(p, 0).is_none() => {
            path(p);
            if p.at(DOT) && p.nth_at(1, L_PAREN) {
                p.bump(DOT);
                paren_expr(p);
                QUAL_PAREN_EXPR
            } else {
                PATH_EXPR
            }
        }
        L_BRACK | L_CURLY if p.literal_depth >= LITERAL_NESTING_LIMIT => {
            return Some(skip_nested_too_deep(p, m, 0));
        }
        L_BRACK => {
            p.bump(L_BRACK);
            p.literal_depth += 1;
            comma_list(p, R_BRACK, "an array element", expr);
            p.literal_depth -= 1;
            p.expect(R_BRACK);
            ARRAY_EXPR
        }
        L_CURLY => {
            p.bump(L_CURLY);
            p.literal_depth += 1;
            comma_list(p, R_CURLY, "a record field", record_field);
            p.literal_depth -= 1;
            p.expect(R_CURLY);
            RECORD_EXPR
        }
        L_PAREN => {
            m.abandon(p);
            return Some(paren_expr(p));
        }
        _ => {
            m.abandon(p);
            return None;
        }
    };
    Some(m.complete(p, kind))
}

/// `f = e` or a punned `f`.
fn record_field(p: &mut Parser) -> bool {
    if !at_field_id(p, 0) {
        return false;
    }
    let m = p.start();
    let name = p.start();
    p.bump_any();
    name.complete(p, NAME);
    if p.eat(EQ) {
        required_expr(p, "expression after '='");
    }
    m.complete(p, RECORD_FIELD);
    true
}

/// How deep array, tuple and record literals may nest, counting the
/// parentheses around them. Each level of a literal has a type as deep as
/// what it encloses, and the checker keeps every expression's type, so
/// deeper literals would cost time and memory quadratic in their depth
/// (and the C compiler more). Parentheses alone nest without limit.
pub(crate) const LITERAL_NESTING_LIMIT: u32 = 500;

/// Reports (once per chunk) a literal nested deeper than
/// [`LITERAL_NESTING_LIMIT`] and consumes the rest of it, up to the bracket
/// closing the `open` brackets already consumed (0: the current token opens
/// it), so that nothing deeper is parsed or checked. The literal becomes an
/// error node in parentheses: an expression without parts, which the
/// checker takes as erroneous without further messages.
fn skip_nested_too_deep(p: &mut Parser, m: Marker, mut open: u32) -> CompletedMarker {
    if !p.nesting_reported {
        p.nesting_reported = true;
        p.error(format!(
            "Array, tuple and record literals may be nested at most \
             {LITERAL_NESTING_LIMIT} deep (counting the parentheses around them)."
        ));
    }
    while !p.at_eof() {
        match p.current() {
            L_PAREN | L_BRACK | L_CURLY => open += 1,
            R_PAREN | R_BRACK | R_CURLY => open = open.saturating_sub(1),
            _ => {}
        }
        p.bump_any();
        if open == 0 {
            break;
        }
    }
    m.complete(p, ERROR).precede(p).complete(p, PAREN_EXPR)
}

/// Everything that starts with `(`: parentheses, tuples, and sections.
fn paren_expr(p: &mut Parser) -> CompletedMarker {
    p.literal_depth += 1;
    let completed = paren_expr_inner(p);
    p.literal_depth -= 1;
    completed
}

fn paren_expr_inner(p: &mut Parser) -> CompletedMarker {
    let m = p.start();
    p.bump(L_PAREN);
    if p.eat(R_PAREN) {
        return m.complete(p, TUPLE_EXPR);
    }
    if p.at(DOT) {
        projection_section(p);
        p.expect(R_PAREN);
        return m.complete(p, PROJECTION_SECTION);
    }
    if let Some(len) = op_len(p, 0) {
        let is_prefix = p.at_op("-") || p.at_op("!");
        if p.nth_at(len, R_PAREN) {
            op(p);
            p.bump(R_PAREN);
            return m.complete(p, OP_SECTION);
        }
        if !is_prefix {
            op(p);
            if expr_no_ascription(p).is_none() {
                p.expected("the operand of the section");
            }
            p.expect(R_PAREN);
            return m.complete(p, RIGHT_SECTION);
        }
    }
    if !expr(p) {
        p.expected_recover("expression", &[R_PAREN]);
    }
    if let Some(len) = op_len(p, 0)
        && p.nth_at(len, R_PAREN)
    {
        op(p);
        p.bump(R_PAREN);
        return m.complete(p, LEFT_SECTION);
    }
    if p.at(COMMA) && p.literal_depth > LITERAL_NESTING_LIMIT {
        return skip_nested_too_deep(p, m, 1);
    }
    if p.at(COMMA) {
        let mut elements = 1;
        while p.eat(COMMA) {
            if p.at(R_PAREN) {
                if elements == 1 {
                    p.error(SINGLE_ELEMENT_TUPLE);
                }
                break;
            }
            elements += 1;
            if !expr(p) {
                p.expected_recover("a tuple element", &[R_PAREN, COMMA]);
            }
        }
        p.expect(R_PAREN);
        return m.complete(p, TUPLE_EXPR);
    }
    p.expect(R_PAREN);
    m.complete(p, PAREN_EXPR)
}

/// `.a.b`, `.[i]`, `.a[i].0` inside `( )`.
fn projection_section(p: &mut Parser) {
    let path = p.start();
    loop {
        let step = p.start();
        if p.at(DOT) && p.nth_at(1, L_BRACK) {
            p.bump(DOT);
            slice(p);
        } else if p.at(DOT) && at_field_id(p, 1) {
            p.bump(DOT);
            field_name(p);
        } else if p.at_indexing_bracket() {
            slice(p);
        } else {
            step.abandon(p);
            break;
        }
        step.complete(p, UPDATE_STEP);
    }
    path.complete(p, UPDATE_PATH);
    if !p.at(R_PAREN) {
        p.expected_recover("'.field', '[index]' or ')'", &[R_PAREN]);
    }
}
