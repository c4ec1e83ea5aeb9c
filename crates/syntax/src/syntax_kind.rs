//! The kinds of tokens and nodes of the Futhark concrete syntax tree.

/// Every token and node kind. Tokens come first, then nodes; `__LAST` bounds
/// the range so that raw `u16` values can be checked when converting back.
#[allow(non_camel_case_types, clippy::upper_case_acronyms)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u16)]
pub enum SyntaxKind {
    // Trivia.
    WHITESPACE = 0,
    COMMENT,
    DOC_COMMENT,
    /// A character or run of characters the lexer does not recognise.
    ERROR_TOKEN,

    // Atoms.
    IDENT,
    /// `#name`
    CONSTRUCTOR,
    INT_NUMBER,
    FLOAT_NUMBER,
    CHAR,
    STRING,
    /// A user-definable operator symbol such as `+`, `<=`, `|>` or `+^`.
    OPERATOR,

    // Punctuation.
    L_PAREN,
    R_PAREN,
    L_BRACK,
    R_BRACK,
    L_CURLY,
    R_CURLY,
    COMMA,
    UNDERSCORE,
    QUESTION,
    ARROW,
    COLON,
    COLON_GT,
    BACKSLASH,
    TILDE,
    TICK,
    TICK_TILDE,
    TICK_CARET,
    BACKTICK,
    HASH_L_BRACK,
    DOT,
    DOT2,
    DOT3,
    DOT2_LT,
    DOT2_GT,
    HOLE,
    EQ,
    DOLLAR,

    // Keywords.
    TRUE_KW,
    FALSE_KW,
    IF_KW,
    THEN_KW,
    ELSE_KW,
    DEF_KW,
    LET_KW,
    LOOP_KW,
    IN_KW,
    VAL_KW,
    FOR_KW,
    DO_KW,
    WITH_KW,
    LOCAL_KW,
    OPEN_KW,
    INCLUDE_KW,
    IMPORT_KW,
    TYPE_KW,
    ENTRY_KW,
    MODULE_KW,
    WHILE_KW,
    ASSERT_KW,
    MATCH_KW,
    CASE_KW,

    EOF,

    // Nodes.
    SOURCE_FILE,
    ERROR,

    // Declarations.
    /// `def`, `let` (top-level) or `entry` binding of a function or constant.
    VALUE_DEF,
    /// `type`, `type^` or `type~` abbreviation.
    TYPE_DEF,
    /// `module m params : sig = mexp`
    MODULE_DEF,
    /// `module type s = sig`
    MODULE_TYPE_DEF,
    OPEN_DECL,
    IMPORT_DECL,
    LOCAL_DECL,

    /// A binding occurrence of a name (identifier or parenthesised operator).
    NAME,
    /// A possibly qualified name, `a.b.c`, of name tokens.
    PATH,
    /// A possibly qualified operator, or a backtick-quoted name.
    OP,
    /// `#[attr]`
    ATTRIBUTE,
    /// `name` or `123` inside an attribute.
    ATTR_ATOM,
    /// `name(attr, ...)` inside an attribute.
    ATTR_COMPOUND,
    /// `[n]`, `'t`, `'^t` or `'~t`.
    TYPE_PARAM,
    /// `: type` after the parameters of a definition or lambda.
    RET_TYPE,
    /// The `^` or `~` after `type` in a type definition or spec.
    LIFTEDNESS,

    // Module expressions.
    MODULE_PARAM,
    MOD_PATH,
    MOD_PAREN,
    MOD_STRUCT,
    MOD_APPLY,
    MOD_ASCRIPTION,
    MOD_LAMBDA,
    MOD_IMPORT,

    // Module type expressions.
    SIG_PATH,
    SIG_PAREN,
    SIG_SPECS,
    SIG_WITH,
    SIG_ARROW,
    /// `qualname params = type` in a `with` refinement.
    TYPE_REFINEMENT,

    // Specs.
    VAL_SPEC,
    TYPE_SPEC,
    MODULE_SPEC,
    INCLUDE_SPEC,

    // Types.
    PATH_TYPE,
    PAREN_TYPE,
    TUPLE_TYPE,
    RECORD_TYPE,
    RECORD_TYPE_FIELD,
    ARRAY_TYPE,
    /// `[e]` or `[]` in an array type or a type argument.
    SIZE_EXPR,
    UNIQUE_TYPE,
    SUM_TYPE,
    SUM_VARIANT,
    TYPE_APPLY,
    FUNCTION_TYPE,
    /// `(x: t)` on the left of a function arrow.
    NAMED_PARAM_TYPE,
    EXISTENTIAL_TYPE,
    /// `[n]` in an existential type or a `let` size binder.
    SIZE_BINDER,

    // Expressions.
    LITERAL,
    PATH_EXPR,
    PAREN_EXPR,
    TUPLE_EXPR,
    RECORD_EXPR,
    /// `f = e` or a punned `f` in a record expression.
    RECORD_FIELD,
    ARRAY_EXPR,
    INDEX_EXPR,
    /// The bracketed index list `[i, j:k, :]`.
    SLICE,
    /// One index or slice range inside a [`SLICE`].
    DIM_INDEX,
    FIELD_EXPR,
    /// `M.(e)`, a local open.
    QUAL_PAREN_EXPR,
    APPLY_EXPR,
    BIN_EXPR,
    PREFIX_EXPR,
    ASCRIPTION_EXPR,
    COERCION_EXPR,
    RANGE_EXPR,
    IF_EXPR,
    LET_EXPR,
    LET_FUN_EXPR,
    LET_UPDATE_EXPR,
    LAMBDA_EXPR,
    LOOP_EXPR,
    FOR_LOOP,
    FOR_IN_LOOP,
    WHILE_LOOP,
    ATTR_EXPR,
    ASSERT_EXPR,
    UPDATE_EXPR,
    /// The steps of an update: `[i].a`, `a.b`.
    UPDATE_PATH,
    /// `.name`, `name` or `[i]` inside an update path or projection section.
    UPDATE_STEP,
    MATCH_EXPR,
    MATCH_CASE,
    CONSTR_EXPR,
    HOLE_EXPR,
    /// `(+)`
    OP_SECTION,
    /// `(e +)`
    LEFT_SECTION,
    /// `(+ e)`
    RIGHT_SECTION,
    /// `(.a.b)` or `(.[i])`
    PROJECTION_SECTION,

    // Patterns.
    NAME_PAT,
    WILDCARD_PAT,
    PAREN_PAT,
    TUPLE_PAT,
    RECORD_PAT,
    RECORD_PAT_FIELD,
    CONSTR_PAT,
    LITERAL_PAT,
    ASCRIPTION_PAT,
    ATTR_PAT,

    #[doc(hidden)]
    __LAST,
}

use SyntaxKind::*;

impl SyntaxKind {
    pub fn is_trivia(self) -> bool {
        matches!(self, WHITESPACE | COMMENT | DOC_COMMENT)
    }

    pub fn is_keyword(self) -> bool {
        (TRUE_KW as u16..=CASE_KW as u16).contains(&(self as u16))
    }

    pub fn is_token(self) -> bool {
        (self as u16) <= EOF as u16
    }

    /// The keyword spelled `text`, if it is one.
    pub fn from_keyword(text: &str) -> Option<SyntaxKind> {
        Some(match text {
            "true" => TRUE_KW,
            "false" => FALSE_KW,
            "if" => IF_KW,
            "then" => THEN_KW,
            "else" => ELSE_KW,
            "def" => DEF_KW,
            "let" => LET_KW,
            "loop" => LOOP_KW,
            "in" => IN_KW,
            "val" => VAL_KW,
            "for" => FOR_KW,
            "do" => DO_KW,
            "with" => WITH_KW,
            "local" => LOCAL_KW,
            "open" => OPEN_KW,
            "include" => INCLUDE_KW,
            "import" => IMPORT_KW,
            "type" => TYPE_KW,
            "entry" => ENTRY_KW,
            "module" => MODULE_KW,
            "while" => WHILE_KW,
            "assert" => ASSERT_KW,
            "match" => MATCH_KW,
            "case" => CASE_KW,
            _ => return None,
        })
    }

    /// How the token is described in error messages ("expected ...").
    pub fn describe(self) -> &'static str {
        match self {
            WHITESPACE => "whitespace",
            COMMENT | DOC_COMMENT => "comment",
            ERROR_TOKEN => "invalid character",
            IDENT => "name",
            CONSTRUCTOR => "constructor",
            INT_NUMBER => "integer literal",
            FLOAT_NUMBER => "float literal",
            CHAR => "character literal",
            STRING => "string literal",
            OPERATOR => "operator",
            L_PAREN => "'('",
            R_PAREN => "')'",
            L_BRACK => "'['",
            R_BRACK => "']'",
            L_CURLY => "'{'",
            R_CURLY => "'}'",
            COMMA => "','",
            UNDERSCORE => "'_'",
            QUESTION => "'?'",
            ARROW => "'->'",
            COLON => "':'",
            COLON_GT => "':>'",
            BACKSLASH => "'\\'",
            TILDE => "'~'",
            TICK => "'''",
            TICK_TILDE => "''~'",
            TICK_CARET => "''^'",
            BACKTICK => "'`'",
            HASH_L_BRACK => "'#['",
            DOT => "'.'",
            DOT2 => "'..'",
            DOT3 => "'...'",
            DOT2_LT => "'..<'",
            DOT2_GT => "'..>'",
            HOLE => "'???'",
            EQ => "'='",
            DOLLAR => "'$'",
            TRUE_KW => "'true'",
            FALSE_KW => "'false'",
            IF_KW => "'if'",
            THEN_KW => "'then'",
            ELSE_KW => "'else'",
            DEF_KW => "'def'",
            LET_KW => "'let'",
            LOOP_KW => "'loop'",
            IN_KW => "'in'",
            VAL_KW => "'val'",
            FOR_KW => "'for'",
            DO_KW => "'do'",
            WITH_KW => "'with'",
            LOCAL_KW => "'local'",
            OPEN_KW => "'open'",
            INCLUDE_KW => "'include'",
            IMPORT_KW => "'import'",
            TYPE_KW => "'type'",
            ENTRY_KW => "'entry'",
            MODULE_KW => "'module'",
            WHILE_KW => "'while'",
            ASSERT_KW => "'assert'",
            MATCH_KW => "'match'",
            CASE_KW => "'case'",
            EOF => "end of file",
            _ => "syntax",
        }
    }
}

impl From<SyntaxKind> for rowan::SyntaxKind {
    fn from(kind: SyntaxKind) -> Self {
        rowan::SyntaxKind(kind as u16)
    }
}

/// The rowan language tag of Futhark trees.
#[derive(Debug, Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FutharkLanguage {}

impl rowan::Language for FutharkLanguage {
    type Kind = SyntaxKind;

    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        assert!(raw.0 < __LAST as u16, "invalid syntax kind {}", raw.0);
        // SAFETY-free conversion: the enum is `repr(u16)` and dense, so every
        // value below `__LAST` is a variant; a lookup table avoids `unsafe`.
        ALL_KINDS[raw.0 as usize]
    }

    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        kind.into()
    }
}

macro_rules! all_kinds {
    ($($kind:ident),* $(,)?) => {
        const ALL_KINDS: &[SyntaxKind] = &[$($kind),*];
    };
}

all_kinds![
    WHITESPACE,
    COMMENT,
    DOC_COMMENT,
    ERROR_TOKEN,
    IDENT,
    CONSTRUCTOR,
    INT_NUMBER,
    FLOAT_NUMBER,
    CHAR,
    STRING,
    OPERATOR,
    L_PAREN,
    R_PAREN,
    L_BRACK,
    R_BRACK,
    L_CURLY,
    R_CURLY,
    COMMA,
    UNDERSCORE,
    QUESTION,
    ARROW,
    COLON,
    COLON_GT,
    BACKSLASH,
    TILDE,
    TICK,
    TICK_TILDE,
    TICK_CARET,
    BACKTICK,
    HASH_L_BRACK,
    DOT,
    DOT2,
    DOT3,
    DOT2_LT,
    DOT2_GT,
    HOLE,
    EQ,
    DOLLAR,
    TRUE_KW,
    FALSE_KW,
    IF_KW,
    THEN_KW,
    ELSE_KW,
    DEF_KW,
    LET_KW,
    LOOP_KW,
    IN_KW,
    VAL_KW,
    FOR_KW,
    DO_KW,
    WITH_KW,
    LOCAL_KW,
    OPEN_KW,
    INCLUDE_KW,
    IMPORT_KW,
    TYPE_KW,
    ENTRY_KW,
    MODULE_KW,
    WHILE_KW,
    ASSERT_KW,
    MATCH_KW,
    CASE_KW,
    EOF,
    SOURCE_FILE,
    ERROR,
    VALUE_DEF,
    TYPE_DEF,
    MODULE_DEF,
    MODULE_TYPE_DEF,
    OPEN_DECL,
    IMPORT_DECL,
    LOCAL_DECL,
    NAME,
    PATH,
    OP,
    ATTRIBUTE,
    ATTR_ATOM,
    ATTR_COMPOUND,
    TYPE_PARAM,
    RET_TYPE,
    LIFTEDNESS,
    MODULE_PARAM,
    MOD_PATH,
    MOD_PAREN,
    MOD_STRUCT,
    MOD_APPLY,
    MOD_ASCRIPTION,
    MOD_LAMBDA,
    MOD_IMPORT,
    SIG_PATH,
    SIG_PAREN,
    SIG_SPECS,
    SIG_WITH,
    SIG_ARROW,
    TYPE_REFINEMENT,
    VAL_SPEC,
    TYPE_SPEC,
    MODULE_SPEC,
    INCLUDE_SPEC,
    PATH_TYPE,
    PAREN_TYPE,
    TUPLE_TYPE,
    RECORD_TYPE,
    RECORD_TYPE_FIELD,
    ARRAY_TYPE,
    SIZE_EXPR,
    UNIQUE_TYPE,
    SUM_TYPE,
    SUM_VARIANT,
    TYPE_APPLY,
    FUNCTION_TYPE,
    NAMED_PARAM_TYPE,
    EXISTENTIAL_TYPE,
    SIZE_BINDER,
    LITERAL,
    PATH_EXPR,
    PAREN_EXPR,
    TUPLE_EXPR,
    RECORD_EXPR,
    RECORD_FIELD,
    ARRAY_EXPR,
    INDEX_EXPR,
    SLICE,
    DIM_INDEX,
    FIELD_EXPR,
    QUAL_PAREN_EXPR,
    APPLY_EXPR,
    BIN_EXPR,
    PREFIX_EXPR,
    ASCRIPTION_EXPR,
    COERCION_EXPR,
    RANGE_EXPR,
    IF_EXPR,
    LET_EXPR,
    LET_FUN_EXPR,
    LET_UPDATE_EXPR,
    LAMBDA_EXPR,
    LOOP_EXPR,
    FOR_LOOP,
    FOR_IN_LOOP,
    WHILE_LOOP,
    ATTR_EXPR,
    ASSERT_EXPR,
    UPDATE_EXPR,
    UPDATE_PATH,
    UPDATE_STEP,
    MATCH_EXPR,
    MATCH_CASE,
    CONSTR_EXPR,
    HOLE_EXPR,
    OP_SECTION,
    LEFT_SECTION,
    RIGHT_SECTION,
    PROJECTION_SECTION,
    NAME_PAT,
    WILDCARD_PAT,
    PAREN_PAT,
    TUPLE_PAT,
    RECORD_PAT,
    RECORD_PAT_FIELD,
    CONSTR_PAT,
    LITERAL_PAT,
    ASCRIPTION_PAT,
    ATTR_PAT,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_table_matches_discriminants() {
        assert_eq!(ALL_KINDS.len(), __LAST as usize);
        for (index, kind) in ALL_KINDS.iter().enumerate() {
            assert_eq!(*kind as usize, index, "{kind:?} is out of place");
        }
    }
}
