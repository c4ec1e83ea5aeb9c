//! The typed AST: thin wrappers over [`SyntaxNode`]s of a given kind.
//!
//! Every accessor returns an `Option` (or an iterator) because the tree may
//! come from broken source: a missing child is normal, never a panic.

use crate::SyntaxKind::{self, *};
use crate::{SyntaxNode, SyntaxToken};
use rowan::NodeOrToken;

/// A typed view of a syntax node.
pub trait AstNode: Sized {
    fn can_cast(kind: SyntaxKind) -> bool;
    fn cast(node: SyntaxNode) -> Option<Self>;
    fn syntax(&self) -> &SyntaxNode;
}

/// The children of a node that are of type `N`.
pub struct AstChildren<N> {
    inner: rowan::SyntaxNodeChildren<crate::FutharkLanguage>,
    marker: std::marker::PhantomData<N>,
}

impl<N: AstNode> Iterator for AstChildren<N> {
    type Item = N;
    fn next(&mut self) -> Option<N> {
        self.inner.by_ref().find_map(N::cast)
    }
}

fn children<N: AstNode>(parent: &SyntaxNode) -> AstChildren<N> {
    AstChildren {
        inner: parent.children(),
        marker: std::marker::PhantomData,
    }
}

fn child<N: AstNode>(parent: &SyntaxNode) -> Option<N> {
    parent.children().find_map(N::cast)
}

fn nth_child<N: AstNode>(parent: &SyntaxNode, n: usize) -> Option<N> {
    parent.children().filter_map(N::cast).nth(n)
}

fn token(parent: &SyntaxNode, kind: SyntaxKind) -> Option<SyntaxToken> {
    parent
        .children_with_tokens()
        .filter_map(NodeOrToken::into_token)
        .find(|t| t.kind() == kind)
}

fn tokens(parent: &SyntaxNode, kind: SyntaxKind) -> impl Iterator<Item = SyntaxToken> + use<> {
    parent
        .children_with_tokens()
        .filter_map(NodeOrToken::into_token)
        .filter(move |t| t.kind() == kind)
}

fn first_token_of(parent: &SyntaxNode, kinds: &[SyntaxKind]) -> Option<SyntaxToken> {
    parent
        .children_with_tokens()
        .filter_map(NodeOrToken::into_token)
        .find(|t| kinds.contains(&t.kind()))
}

macro_rules! ast_node {
    ($(#[$doc:meta])* $name:ident = $kind:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name {
            syntax: SyntaxNode,
        }

        impl AstNode for $name {
            fn can_cast(kind: SyntaxKind) -> bool {
                kind == $kind
            }
            fn cast(node: SyntaxNode) -> Option<Self> {
                Self::can_cast(node.kind()).then_some(Self { syntax: node })
            }
            fn syntax(&self) -> &SyntaxNode {
                &self.syntax
            }
        }
    };
}

macro_rules! ast_enum {
    ($(#[$doc:meta])* $name:ident { $($variant:ident),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum $name {
            $($variant($variant)),*
        }

        impl AstNode for $name {
            fn can_cast(kind: SyntaxKind) -> bool {
                $($variant::can_cast(kind))||*
            }
            fn cast(node: SyntaxNode) -> Option<Self> {
                let kind = node.kind();
                $(if $variant::can_cast(kind) {
                    return Some($name::$variant($variant { syntax: node }));
                })*
                None
            }
            fn syntax(&self) -> &SyntaxNode {
                match self {
                    $($name::$variant(it) => it.syntax()),*
                }
            }
        }

        $(impl From<$variant> for $name {
            fn from(node: $variant) -> $name {
                $name::$variant(node)
            }
        })*
    };
}

// ---------------------------------------------------------------- files

ast_node!(SourceFile = SOURCE_FILE);

impl SourceFile {
    pub fn decls(&self) -> AstChildren<Decl> {
        children(&self.syntax)
    }
}

// --------------------------------------------------------- declarations

ast_enum!(
    /// A declaration, at top level or in a module.
    Decl {
        ValueDef,
        TypeDef,
        ModuleDef,
        ModuleTypeDef,
        OpenDecl,
        ImportDecl,
        LocalDecl,
    }
);

impl Decl {
    pub fn attributes(&self) -> AstChildren<Attribute> {
        children(self.syntax())
    }

    /// The documentation comment above the declaration, without the `-- |`
    /// and `--` markers.
    pub fn doc_comment(&self) -> Option<String> {
        doc_comment(self.syntax())
    }
}

/// Joins a `-- |` comment and the `--` lines that continue it.
fn doc_comment(node: &SyntaxNode) -> Option<String> {
    let mut lines = Vec::new();
    let mut in_doc = false;
    for element in node.children_with_tokens() {
        let NodeOrToken::Token(token) = element else {
            break;
        };
        match token.kind() {
            DOC_COMMENT => {
                in_doc = true;
                lines.clear();
                lines.push(token.text()[4..].trim_start().to_string());
            }
            COMMENT if in_doc => {
                let text = token.text()[2..]
                    .strip_prefix(' ')
                    .unwrap_or(&token.text()[2..]);
                lines.push(text.to_string());
            }
            WHITESPACE => {}
            _ => break,
        }
    }
    in_doc.then(|| lines.join("\n"))
}

ast_node!(
    /// `def`, `entry` or top-level `let`.
    ValueDef = VALUE_DEF
);

impl ValueDef {
    pub fn is_entry(&self) -> bool {
        token(&self.syntax, ENTRY_KW).is_some()
    }
    pub fn keyword(&self) -> Option<SyntaxToken> {
        first_token_of(&self.syntax, &[DEF_KW, LET_KW, ENTRY_KW])
    }
    pub fn name(&self) -> Option<Name> {
        child(&self.syntax)
    }
    /// Whether the definition is written infix: `def x op y = ...`.
    pub fn is_infix(&self) -> bool {
        let first_name = self.syntax.children().find(|n| n.kind() == NAME);
        let first_param = self.params().next();
        match (first_name, first_param) {
            (Some(name), Some(param)) => {
                param.syntax().text_range().start() < name.text_range().start()
            }
            _ => false,
        }
    }
    pub fn type_params(&self) -> AstChildren<TypeParam> {
        children(&self.syntax)
    }
    /// The parameters, which are patterns.
    pub fn params(&self) -> AstChildren<Pat> {
        children(&self.syntax)
    }
    pub fn ret_type(&self) -> Option<RetType> {
        child(&self.syntax)
    }
    pub fn body(&self) -> Option<Expr> {
        child(&self.syntax)
    }
    pub fn attributes(&self) -> AstChildren<Attribute> {
        children(&self.syntax)
    }
}

ast_node!(TypeDef = TYPE_DEF);

impl TypeDef {
    pub fn name(&self) -> Option<Name> {
        child(&self.syntax)
    }
    pub fn liftedness(&self) -> Liftedness {
        liftedness_of(&self.syntax)
    }
    pub fn type_params(&self) -> AstChildren<TypeParam> {
        children(&self.syntax)
    }
    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

/// Whether a type may contain functions (`^`) or existential sizes (`~`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Liftedness {
    Unlifted,
    SizeLifted,
    Lifted,
}

fn liftedness_of(node: &SyntaxNode) -> Liftedness {
    let marker = node.children().find(|n| n.kind() == LIFTEDNESS);
    match marker.map(|n| n.text().to_string()).as_deref() {
        Some("^") => Liftedness::Lifted,
        Some("~") => Liftedness::SizeLifted,
        _ => Liftedness::Unlifted,
    }
}

ast_node!(ModuleDef = MODULE_DEF);

impl ModuleDef {
    pub fn name(&self) -> Option<Name> {
        child(&self.syntax)
    }
    pub fn params(&self) -> AstChildren<ModuleParam> {
        children(&self.syntax)
    }
    /// The module type after `:`, if any.
    pub fn sig(&self) -> Option<Sig> {
        child(&self.syntax)
    }
    pub fn body(&self) -> Option<ModExpr> {
        child(&self.syntax)
    }
}

ast_node!(ModuleTypeDef = MODULE_TYPE_DEF);

impl ModuleTypeDef {
    pub fn name(&self) -> Option<Name> {
        child(&self.syntax)
    }
    pub fn sig(&self) -> Option<Sig> {
        child(&self.syntax)
    }
}

ast_node!(OpenDecl = OPEN_DECL);

impl OpenDecl {
    pub fn mod_expr(&self) -> Option<ModExpr> {
        child(&self.syntax)
    }
}

ast_node!(ImportDecl = IMPORT_DECL);

impl ImportDecl {
    pub fn path_token(&self) -> Option<SyntaxToken> {
        token(&self.syntax, STRING)
    }
    /// The imported path, with escapes resolved.
    pub fn path(&self) -> Option<String> {
        self.path_token().and_then(|t| unescape_string(t.text()))
    }
}

ast_node!(LocalDecl = LOCAL_DECL);

impl LocalDecl {
    pub fn decl(&self) -> Option<Decl> {
        child(&self.syntax)
    }
}

// ------------------------------------------------------- shared pieces

ast_node!(
    /// A binding occurrence of a name.
    Name = NAME
);

impl Name {
    /// The identifier or operator token being bound.
    pub fn token(&self) -> Option<SyntaxToken> {
        first_token_of(&self.syntax, &[IDENT, OPERATOR, INT_NUMBER])
    }
    pub fn text(&self) -> Option<String> {
        self.token().map(|t| t.text().to_string())
    }
    /// Whether the name is an operator, `(op)` or infix.
    pub fn is_operator(&self) -> bool {
        self.token().is_some_and(|t| t.kind() == OPERATOR)
    }
}

ast_node!(
    /// A possibly qualified name `a.b.c`.
    Path = PATH
);

impl Path {
    /// The name tokens, qualifiers first.
    pub fn segments(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        tokens(&self.syntax, IDENT)
    }
    pub fn segment_texts(&self) -> Vec<String> {
        self.segments().map(|s| s.text().to_string()).collect()
    }
}

ast_node!(
    /// An infix operator: a symbol, a qualified symbol or `` `name` ``.
    Op = OP
);

impl Op {
    /// The operator symbol, if the operator is one.
    pub fn symbol(&self) -> Option<SyntaxToken> {
        token(&self.syntax, OPERATOR)
    }
    /// The qualifiers of `M.N.+`.
    pub fn qualifiers(&self) -> impl Iterator<Item = SyntaxToken> + use<> {
        tokens(&self.syntax, IDENT)
    }
    /// The name between backticks.
    pub fn backtick_path(&self) -> Option<Path> {
        child(&self.syntax)
    }
}

ast_node!(Attribute = ATTRIBUTE);

impl Attribute {
    pub fn info(&self) -> Option<AttrInfo> {
        child(&self.syntax)
    }
}

ast_enum!(AttrInfo {
    AttrAtom,
    AttrCompound
});
ast_node!(AttrAtom = ATTR_ATOM);
ast_node!(AttrCompound = ATTR_COMPOUND);

impl AttrAtom {
    pub fn text(&self) -> String {
        self.syntax.text().to_string().trim().to_string()
    }
}

impl AttrCompound {
    pub fn name(&self) -> Option<SyntaxToken> {
        token(&self.syntax, IDENT)
    }
    pub fn args(&self) -> AstChildren<AttrInfo> {
        children(&self.syntax)
    }
}

ast_node!(
    /// `[n]`, `'t`, `'^t` or `'~t`.
    TypeParam = TYPE_PARAM
);

/// What a type parameter stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TypeParamKind {
    Size,
    Type(Liftedness),
}

impl TypeParam {
    pub fn name(&self) -> Option<Name> {
        child(&self.syntax)
    }
    pub fn kind(&self) -> Option<TypeParamKind> {
        let first = first_token_of(&self.syntax, &[L_BRACK, TICK, TICK_CARET, TICK_TILDE])?;
        Some(match first.kind() {
            L_BRACK => TypeParamKind::Size,
            TICK_CARET => TypeParamKind::Type(Liftedness::Lifted),
            TICK_TILDE => TypeParamKind::Type(Liftedness::SizeLifted),
            _ => TypeParamKind::Type(Liftedness::Unlifted),
        })
    }
}

ast_node!(RetType = RET_TYPE);

impl RetType {
    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

// -------------------------------------------------------------- modules

ast_node!(ModuleParam = MODULE_PARAM);

impl ModuleParam {
    pub fn name(&self) -> Option<Name> {
        child(&self.syntax)
    }
    pub fn sig(&self) -> Option<Sig> {
        child(&self.syntax)
    }
}

ast_enum!(
    /// A module expression.
    ModExpr {
        ModPath,
        ModParen,
        ModStruct,
        ModApply,
        ModAscription,
        ModLambda,
        ModImport,
    }
);

ast_node!(ModPath = MOD_PATH);
ast_node!(ModParen = MOD_PAREN);
ast_node!(ModStruct = MOD_STRUCT);
ast_node!(ModApply = MOD_APPLY);
ast_node!(ModAscription = MOD_ASCRIPTION);
ast_node!(ModLambda = MOD_LAMBDA);
ast_node!(ModImport = MOD_IMPORT);

impl ModPath {
    pub fn path(&self) -> Option<Path> {
        child(&self.syntax)
    }
}

impl ModParen {
    pub fn inner(&self) -> Option<ModExpr> {
        child(&self.syntax)
    }
}

impl ModStruct {
    pub fn decls(&self) -> AstChildren<Decl> {
        children(&self.syntax)
    }
}

impl ModApply {
    pub fn functor(&self) -> Option<ModExpr> {
        nth_child(&self.syntax, 0)
    }
    pub fn arg(&self) -> Option<ModExpr> {
        nth_child(&self.syntax, 1)
    }
}

impl ModAscription {
    pub fn inner(&self) -> Option<ModExpr> {
        child(&self.syntax)
    }
    pub fn sig(&self) -> Option<Sig> {
        child(&self.syntax)
    }
}

impl ModLambda {
    pub fn param(&self) -> Option<ModuleParam> {
        child(&self.syntax)
    }
    pub fn sig(&self) -> Option<Sig> {
        child(&self.syntax)
    }
    pub fn body(&self) -> Option<ModExpr> {
        child(&self.syntax)
    }
}

impl ModImport {
    pub fn path(&self) -> Option<String> {
        token(&self.syntax, STRING).and_then(|t| unescape_string(t.text()))
    }
}

ast_enum!(
    /// A module type expression.
    Sig {
        SigPath,
        SigParen,
        SigSpecs,
        SigWith,
        SigArrow,
    }
);

ast_node!(SigPath = SIG_PATH);
ast_node!(SigParen = SIG_PAREN);
ast_node!(SigSpecs = SIG_SPECS);
ast_node!(SigWith = SIG_WITH);
ast_node!(SigArrow = SIG_ARROW);
ast_node!(TypeRefinement = TYPE_REFINEMENT);

impl SigPath {
    pub fn path(&self) -> Option<Path> {
        child(&self.syntax)
    }
}

impl SigParen {
    pub fn inner(&self) -> Option<Sig> {
        child(&self.syntax)
    }
}

impl SigSpecs {
    pub fn specs(&self) -> AstChildren<Spec> {
        children(&self.syntax)
    }
}

impl SigWith {
    pub fn base(&self) -> Option<Sig> {
        child(&self.syntax)
    }
    pub fn refinement(&self) -> Option<TypeRefinement> {
        child(&self.syntax)
    }
}

impl TypeRefinement {
    pub fn path(&self) -> Option<Path> {
        child(&self.syntax)
    }
    pub fn type_params(&self) -> AstChildren<TypeParam> {
        children(&self.syntax)
    }
    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl SigArrow {
    /// The parameter name of `(name: S) -> T`.
    pub fn param_name(&self) -> Option<Name> {
        child(&self.syntax)
    }
    pub fn param(&self) -> Option<Sig> {
        nth_child(&self.syntax, 0)
    }
    pub fn result(&self) -> Option<Sig> {
        nth_child(&self.syntax, 1)
    }
}

ast_enum!(
    /// A specification in a module type.
    Spec {
        ValSpec,
        TypeSpec,
        TypeDef,
        ModuleSpec,
        IncludeSpec,
    }
);

ast_node!(ValSpec = VAL_SPEC);
ast_node!(TypeSpec = TYPE_SPEC);
ast_node!(ModuleSpec = MODULE_SPEC);
ast_node!(IncludeSpec = INCLUDE_SPEC);

impl Spec {
    pub fn doc_comment(&self) -> Option<String> {
        doc_comment(self.syntax())
    }
}

impl ValSpec {
    pub fn name(&self) -> Option<Name> {
        child(&self.syntax)
    }
    pub fn type_params(&self) -> AstChildren<TypeParam> {
        children(&self.syntax)
    }
    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl TypeSpec {
    pub fn name(&self) -> Option<Name> {
        child(&self.syntax)
    }
    pub fn liftedness(&self) -> Liftedness {
        liftedness_of(&self.syntax)
    }
    pub fn type_params(&self) -> AstChildren<TypeParam> {
        children(&self.syntax)
    }
}

impl ModuleSpec {
    pub fn name(&self) -> Option<Name> {
        child(&self.syntax)
    }
    pub fn sig(&self) -> Option<Sig> {
        child(&self.syntax)
    }
}

impl IncludeSpec {
    pub fn sig(&self) -> Option<Sig> {
        child(&self.syntax)
    }
}

// ---------------------------------------------------------------- types

ast_enum!(
    /// A type expression.
    Type {
        PathType,
        ParenType,
        TupleType,
        RecordType,
        ArrayType,
        UniqueType,
        SumType,
        TypeApply,
        FunctionType,
        ExistentialType,
    }
);

ast_node!(PathType = PATH_TYPE);
ast_node!(ParenType = PAREN_TYPE);
ast_node!(TupleType = TUPLE_TYPE);
ast_node!(RecordType = RECORD_TYPE);
ast_node!(RecordTypeField = RECORD_TYPE_FIELD);
ast_node!(ArrayType = ARRAY_TYPE);
ast_node!(SizeExpr = SIZE_EXPR);
ast_node!(UniqueType = UNIQUE_TYPE);
ast_node!(SumType = SUM_TYPE);
ast_node!(SumVariant = SUM_VARIANT);
ast_node!(TypeApply = TYPE_APPLY);
ast_node!(FunctionType = FUNCTION_TYPE);
ast_node!(NamedParamType = NAMED_PARAM_TYPE);
ast_node!(ExistentialType = EXISTENTIAL_TYPE);
ast_node!(SizeBinder = SIZE_BINDER);

impl PathType {
    pub fn path(&self) -> Option<Path> {
        child(&self.syntax)
    }
}

impl ParenType {
    pub fn inner(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl TupleType {
    pub fn elements(&self) -> AstChildren<Type> {
        children(&self.syntax)
    }
}

impl RecordType {
    pub fn fields(&self) -> AstChildren<RecordTypeField> {
        children(&self.syntax)
    }
}

impl RecordTypeField {
    pub fn name(&self) -> Option<Name> {
        child(&self.syntax)
    }
    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl ArrayType {
    pub fn size(&self) -> Option<SizeExpr> {
        child(&self.syntax)
    }
    pub fn element(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl SizeExpr {
    /// The size, or `None` for an anonymous size `[]`.
    pub fn expr(&self) -> Option<Expr> {
        child(&self.syntax)
    }
}

impl UniqueType {
    pub fn inner(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl SumType {
    pub fn variants(&self) -> AstChildren<SumVariant> {
        children(&self.syntax)
    }
}

impl SumVariant {
    pub fn constructor(&self) -> Option<SyntaxToken> {
        token(&self.syntax, CONSTRUCTOR)
    }
    pub fn payload(&self) -> AstChildren<Type> {
        children(&self.syntax)
    }
}

/// An argument of a type application: a size `[n]` or a type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeArg {
    Size(SizeExpr),
    Type(Type),
}

impl TypeApply {
    pub fn head(&self) -> Option<Type> {
        child(&self.syntax)
    }
    pub fn args(&self) -> impl Iterator<Item = TypeArg> {
        self.syntax.children().skip(1).filter_map(|node| {
            SizeExpr::cast(node.clone())
                .map(TypeArg::Size)
                .or_else(|| Type::cast(node).map(TypeArg::Type))
        })
    }
}

impl FunctionType {
    pub fn named_param(&self) -> Option<NamedParamType> {
        child(&self.syntax)
    }
    /// The parameter type (inside the named parameter, if any).
    pub fn param(&self) -> Option<Type> {
        match self.named_param() {
            Some(named) => named.ty(),
            None => nth_child(&self.syntax, 0),
        }
    }
    pub fn result(&self) -> Option<Type> {
        let index = if self.named_param().is_some() { 0 } else { 1 };
        nth_child(&self.syntax, index)
    }
}

impl NamedParamType {
    pub fn name(&self) -> Option<Name> {
        child(&self.syntax)
    }
    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl ExistentialType {
    pub fn sizes(&self) -> AstChildren<SizeBinder> {
        children(&self.syntax)
    }
    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl SizeBinder {
    pub fn name(&self) -> Option<Name> {
        child(&self.syntax)
    }
}

// ---------------------------------------------------------- expressions

ast_enum!(
    /// An expression.
    Expr {
        Literal,
        PathExpr,
        ParenExpr,
        TupleExpr,
        RecordExpr,
        ArrayExpr,
        IndexExpr,
        FieldExpr,
        QualParenExpr,
        ApplyExpr,
        BinExpr,
        PrefixExpr,
        AscriptionExpr,
        CoercionExpr,
        RangeExpr,
        IfExpr,
        LetExpr,
        LetFunExpr,
        LetUpdateExpr,
        LambdaExpr,
        LoopExpr,
        AttrExpr,
        AssertExpr,
        UpdateExpr,
        MatchExpr,
        ConstrExpr,
        HoleExpr,
        OpSection,
        LeftSection,
        RightSection,
        ProjectionSection,
    }
);

ast_node!(Literal = LITERAL);
ast_node!(PathExpr = PATH_EXPR);
ast_node!(ParenExpr = PAREN_EXPR);
ast_node!(TupleExpr = TUPLE_EXPR);
ast_node!(RecordExpr = RECORD_EXPR);
ast_node!(RecordField = RECORD_FIELD);
ast_node!(ArrayExpr = ARRAY_EXPR);
ast_node!(IndexExpr = INDEX_EXPR);
ast_node!(Slice = SLICE);
ast_node!(DimIndex = DIM_INDEX);
ast_node!(FieldExpr = FIELD_EXPR);
ast_node!(QualParenExpr = QUAL_PAREN_EXPR);
ast_node!(ApplyExpr = APPLY_EXPR);
ast_node!(BinExpr = BIN_EXPR);
ast_node!(PrefixExpr = PREFIX_EXPR);
ast_node!(AscriptionExpr = ASCRIPTION_EXPR);
ast_node!(CoercionExpr = COERCION_EXPR);
ast_node!(RangeExpr = RANGE_EXPR);
ast_node!(IfExpr = IF_EXPR);
ast_node!(LetExpr = LET_EXPR);
ast_node!(LetFunExpr = LET_FUN_EXPR);
ast_node!(LetUpdateExpr = LET_UPDATE_EXPR);
ast_node!(LambdaExpr = LAMBDA_EXPR);
ast_node!(LoopExpr = LOOP_EXPR);
ast_node!(ForLoop = FOR_LOOP);
ast_node!(ForInLoop = FOR_IN_LOOP);
ast_node!(WhileLoop = WHILE_LOOP);
ast_node!(AttrExpr = ATTR_EXPR);
ast_node!(AssertExpr = ASSERT_EXPR);
ast_node!(UpdateExpr = UPDATE_EXPR);
ast_node!(UpdatePath = UPDATE_PATH);
ast_node!(UpdateStep = UPDATE_STEP);
ast_node!(MatchExpr = MATCH_EXPR);
ast_node!(MatchCase = MATCH_CASE);
ast_node!(ConstrExpr = CONSTR_EXPR);
ast_node!(HoleExpr = HOLE_EXPR);
ast_node!(OpSection = OP_SECTION);
ast_node!(LeftSection = LEFT_SECTION);
ast_node!(RightSection = RIGHT_SECTION);
ast_node!(ProjectionSection = PROJECTION_SECTION);

/// The value a literal token denotes, before type inference.
#[derive(Debug, Clone, PartialEq)]
pub enum LiteralValue {
    /// An integer; the suffix names its type if given.
    Int {
        value: u128,
        suffix: Option<String>,
    },
    /// A float, with its type suffix if given.
    Float {
        value: f64,
        suffix: Option<String>,
    },
    Bool(bool),
    /// A character literal: its Unicode code point.
    Char(u32),
    /// A string literal: its UTF-8 bytes.
    String(Vec<u8>),
}

impl Literal {
    pub fn token(&self) -> Option<SyntaxToken> {
        self.syntax.first_token()
    }
    /// The literal's value, or `None` if it is malformed (for example an
    /// integer too large for any type).
    pub fn value(&self) -> Option<LiteralValue> {
        literal_value(&self.token()?)
    }
}

/// Interprets a literal token.
pub fn literal_value(token: &SyntaxToken) -> Option<LiteralValue> {
    let text = token.text();
    match token.kind() {
        TRUE_KW => Some(LiteralValue::Bool(true)),
        FALSE_KW => Some(LiteralValue::Bool(false)),
        INT_NUMBER => parse_int(text),
        FLOAT_NUMBER => parse_float(text),
        CHAR => {
            let body = unescape(&text[1..text.len() - 1])?;
            let mut chars = body.chars();
            let c = chars.next()?;
            chars
                .next()
                .is_none()
                .then_some(LiteralValue::Char(c as u32))
        }
        STRING => unescape_string(text).map(|s| LiteralValue::String(s.into_bytes())),
        _ => None,
    }
}

fn split_suffix<'t>(text: &'t str, suffixes: &[&str]) -> (&'t str, Option<String>) {
    for suffix in suffixes {
        if let Some(body) = text.strip_suffix(suffix) {
            return (body, Some(suffix.to_string()));
        }
    }
    (text, None)
}

fn parse_int(text: &str) -> Option<LiteralValue> {
    let lower = text.to_ascii_lowercase();
    let (radix, digits_start) = if lower.starts_with("0x") {
        (16, 2)
    } else if lower.starts_with("0b") {
        (2, 2)
    } else if lower.starts_with("0r") {
        (0, 2)
    } else {
        (10, 0)
    };
    let int_suffixes = ["i16", "i32", "i64", "u16", "u32", "u64", "i8", "u8"];
    // Hexadecimal digits can end in what looks like a suffix only when the
    // lexer stopped there, so suffixes are matched on the original text.
    let (body, suffix) = split_suffix(&text[digits_start..], &int_suffixes);
    let digits: String = body.chars().filter(|&c| c != '_').collect();
    let value = if radix == 0 {
        roman_value(&digits)?
    } else {
        u128::from_str_radix(&digits, radix).ok()?
    };
    Some(LiteralValue::Int { value, suffix })
}

fn roman_value(digits: &str) -> Option<u128> {
    let value_of = |c: char| -> Option<i128> {
        Some(match c {
            'I' => 1,
            'V' => 5,
            'X' => 10,
            'L' => 50,
            'C' => 100,
            'D' => 500,
            'M' => 1000,
            _ => return None,
        })
    };
    let values: Vec<i128> = digits.chars().map(value_of).collect::<Option<_>>()?;
    let mut total: i128 = 0;
    for (i, &v) in values.iter().enumerate() {
        // A digit before a larger one is subtracted: IV is 4.
        if values.get(i + 1).is_some_and(|&next| next > v) {
            total -= v;
        } else {
            total += v;
        }
    }
    u128::try_from(total).ok()
}

fn parse_float(text: &str) -> Option<LiteralValue> {
    let (body, suffix) = split_suffix(text, &["f16", "f32", "f64"]);
    let cleaned: String = body.chars().filter(|&c| c != '_').collect();
    let lower = cleaned.to_ascii_lowercase();
    let value = if let Some(hex) = lower.strip_prefix("0x") {
        parse_hex_float(hex)?
    } else {
        lower.parse::<f64>().ok()?
    };
    Some(LiteralValue::Float { value, suffix })
}

/// `h.hhhp±d`, without the `0x`.
fn parse_hex_float(text: &str) -> Option<f64> {
    let (mantissa, exponent) = text.split_once('p')?;
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut value = 0f64;
    for c in int_part.chars() {
        value = value * 16.0 + f64::from(c.to_digit(16)?);
    }
    let mut scale = 1.0 / 16.0;
    for c in frac_part.chars() {
        value += f64::from(c.to_digit(16)?) * scale;
        scale /= 16.0;
    }
    let exponent: i32 = exponent.parse().ok()?;
    Some(value * 2f64.powi(exponent))
}

/// The contents of a string literal token (with quotes), escapes resolved.
pub fn unescape_string(text: &str) -> Option<String> {
    let inner = text.strip_prefix('"')?.strip_suffix('"')?;
    unescape(inner)
}

/// Resolves the escapes of a string or character literal's body: `\n`,
/// `\t`, `\r`, `\0`, `\\`, `\'`, `\"`, `\xHH`, `\uHHHH`, `\UHHHHHHHH` and
/// decimal `\NNN`.
fn unescape(body: &str) -> Option<String> {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let escaped = chars.next()?;
        let hex = |chars: &mut std::iter::Peekable<std::str::Chars>, n: usize| {
            let digits: String = chars.by_ref().take(n).collect();
            (digits.len() == n)
                .then(|| u32::from_str_radix(&digits, 16).ok())
                .flatten()
                .and_then(char::from_u32)
        };
        out.push(match escaped {
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            'a' => '\u{7}',
            'b' => '\u{8}',
            'f' => '\u{c}',
            'v' => '\u{b}',
            'x' => hex(&mut chars, 2)?,
            'u' => hex(&mut chars, 4)?,
            'U' => hex(&mut chars, 8)?,
            d if d.is_ascii_digit() => {
                let mut digits = String::from(d);
                while let Some(&next) = chars.peek().filter(|c| c.is_ascii_digit()) {
                    digits.push(next);
                    chars.next();
                }
                char::from_u32(digits.parse().ok()?)?
            }
            other => other,
        });
    }
    Some(out)
}

impl PathExpr {
    pub fn path(&self) -> Option<Path> {
        child(&self.syntax)
    }
}

impl ParenExpr {
    pub fn inner(&self) -> Option<Expr> {
        child(&self.syntax)
    }
}

impl TupleExpr {
    pub fn elements(&self) -> AstChildren<Expr> {
        children(&self.syntax)
    }
}

impl RecordExpr {
    pub fn fields(&self) -> AstChildren<RecordField> {
        children(&self.syntax)
    }
}

impl RecordField {
    pub fn name(&self) -> Option<Name> {
        child(&self.syntax)
    }
    /// The field's value; `None` for a punned field `{x}`.
    pub fn value(&self) -> Option<Expr> {
        child(&self.syntax)
    }
}

impl ArrayExpr {
    pub fn elements(&self) -> AstChildren<Expr> {
        children(&self.syntax)
    }
}

impl IndexExpr {
    pub fn base(&self) -> Option<Expr> {
        child(&self.syntax)
    }
    pub fn slice(&self) -> Option<Slice> {
        child(&self.syntax)
    }
}

impl Slice {
    pub fn indices(&self) -> AstChildren<DimIndex> {
        children(&self.syntax)
    }
}

/// The parts of one index: `i`, or a range `start:end:stride` with any
/// part omitted.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DimIndexParts {
    Fix(Option<Expr>),
    Range {
        start: Option<Expr>,
        end: Option<Expr>,
        stride: Option<Expr>,
    },
}

impl DimIndex {
    pub fn parts(&self) -> DimIndexParts {
        // Each expression's slot is the number of ':' before it.
        let mut slots: [Option<Expr>; 3] = [None, None, None];
        let mut colons = 0;
        for element in self.syntax.children_with_tokens() {
            match element {
                NodeOrToken::Token(t) if t.kind() == COLON => colons += 1,
                NodeOrToken::Node(n) => {
                    if let (Some(expr), Some(slot)) = (Expr::cast(n), slots.get_mut(colons)) {
                        *slot = Some(expr);
                    }
                }
                NodeOrToken::Token(_) => {}
            }
        }
        let [start, end, stride] = slots;
        if colons == 0 {
            DimIndexParts::Fix(start)
        } else {
            DimIndexParts::Range { start, end, stride }
        }
    }
}

impl FieldExpr {
    pub fn base(&self) -> Option<Expr> {
        child(&self.syntax)
    }
    /// The field name (an identifier or a number) after the dot.
    pub fn field(&self) -> Option<SyntaxToken> {
        field_token(&self.syntax)
    }
}

/// The field name token after a `.` (or, in update paths, on its own).
fn field_token(node: &SyntaxNode) -> Option<SyntaxToken> {
    first_token_of(node, &[IDENT, INT_NUMBER])
}

impl QualParenExpr {
    pub fn module(&self) -> Option<Path> {
        child(&self.syntax)
    }
    pub fn inner(&self) -> Option<Expr> {
        child(&self.syntax)
    }
}

impl ApplyExpr {
    pub fn func(&self) -> Option<Expr> {
        child(&self.syntax)
    }
    pub fn args(&self) -> impl Iterator<Item = Expr> {
        children::<Expr>(&self.syntax).skip(1)
    }
}

impl BinExpr {
    pub fn lhs(&self) -> Option<Expr> {
        nth_child(&self.syntax, 0)
    }
    pub fn op(&self) -> Option<Op> {
        child(&self.syntax)
    }
    pub fn rhs(&self) -> Option<Expr> {
        nth_child(&self.syntax, 1)
    }
}

impl PrefixExpr {
    /// The operator, `-` or `!`.
    pub fn op(&self) -> Option<SyntaxToken> {
        token(&self.syntax, OPERATOR)
    }
    pub fn operand(&self) -> Option<Expr> {
        child(&self.syntax)
    }
}

impl AscriptionExpr {
    pub fn expr(&self) -> Option<Expr> {
        child(&self.syntax)
    }
    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl CoercionExpr {
    pub fn expr(&self) -> Option<Expr> {
        child(&self.syntax)
    }
    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

/// How a range ends: `...` (inclusive), `..<` (up to) or `..>` (down to).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RangeEnd {
    Inclusive,
    UpToExclusive,
    DownToExclusive,
}

impl RangeExpr {
    pub fn start(&self) -> Option<Expr> {
        nth_child(&self.syntax, 0)
    }
    /// The second element of `a..b...c`, which gives the stride.
    pub fn second(&self) -> Option<Expr> {
        token(&self.syntax, DOT2)?;
        nth_child(&self.syntax, 1)
    }
    pub fn end(&self) -> Option<Expr> {
        let index = if token(&self.syntax, DOT2).is_some() {
            2
        } else {
            1
        };
        nth_child(&self.syntax, index)
    }
    pub fn end_kind(&self) -> Option<RangeEnd> {
        let t = first_token_of(&self.syntax, &[DOT3, DOT2_LT, DOT2_GT])?;
        Some(match t.kind() {
            DOT3 => RangeEnd::Inclusive,
            DOT2_LT => RangeEnd::UpToExclusive,
            _ => RangeEnd::DownToExclusive,
        })
    }
}

impl IfExpr {
    pub fn condition(&self) -> Option<Expr> {
        nth_child(&self.syntax, 0)
    }
    pub fn then_branch(&self) -> Option<Expr> {
        nth_child(&self.syntax, 1)
    }
    pub fn else_branch(&self) -> Option<Expr> {
        nth_child(&self.syntax, 2)
    }
}

/// The expressions after `=` in a `let`: the bound value and the body.
fn let_value_and_body(node: &SyntaxNode) -> (Option<Expr>, Option<Expr>) {
    let mut value = None;
    let mut body = None;
    let mut seen_eq = false;
    for element in node.children_with_tokens() {
        match element {
            NodeOrToken::Token(t) if t.kind() == EQ => seen_eq = true,
            NodeOrToken::Node(n) if seen_eq => {
                if let Some(expr) = Expr::cast(n) {
                    if value.is_none() {
                        value = Some(expr);
                    } else if body.is_none() {
                        body = Some(expr);
                    }
                }
            }
            _ => {}
        }
    }
    (value, body)
}

impl LetExpr {
    pub fn size_binders(&self) -> AstChildren<SizeBinder> {
        children(&self.syntax)
    }
    pub fn pat(&self) -> Option<Pat> {
        child(&self.syntax)
    }
    pub fn value(&self) -> Option<Expr> {
        let_value_and_body(&self.syntax).0
    }
    pub fn body(&self) -> Option<Expr> {
        let_value_and_body(&self.syntax).1
    }
}

impl LetFunExpr {
    pub fn name(&self) -> Option<Name> {
        child(&self.syntax)
    }
    pub fn type_params(&self) -> AstChildren<TypeParam> {
        children(&self.syntax)
    }
    pub fn params(&self) -> AstChildren<Pat> {
        children(&self.syntax)
    }
    pub fn ret_type(&self) -> Option<RetType> {
        child(&self.syntax)
    }
    pub fn value(&self) -> Option<Expr> {
        let_value_and_body(&self.syntax).0
    }
    pub fn body(&self) -> Option<Expr> {
        let_value_and_body(&self.syntax).1
    }
}

impl LetUpdateExpr {
    pub fn name(&self) -> Option<Name> {
        child(&self.syntax)
    }
    pub fn update_path(&self) -> Option<UpdatePath> {
        child(&self.syntax)
    }
    pub fn value(&self) -> Option<Expr> {
        let_value_and_body(&self.syntax).0
    }
    pub fn body(&self) -> Option<Expr> {
        let_value_and_body(&self.syntax).1
    }
}

impl LambdaExpr {
    pub fn params(&self) -> AstChildren<Pat> {
        children(&self.syntax)
    }
    pub fn ret_type(&self) -> Option<RetType> {
        child(&self.syntax)
    }
    pub fn body(&self) -> Option<Expr> {
        child(&self.syntax)
    }
}

/// The iteration of a `loop`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LoopForm {
    For(ForLoop),
    ForIn(ForInLoop),
    While(WhileLoop),
}

impl LoopExpr {
    pub fn pat(&self) -> Option<Pat> {
        child(&self.syntax)
    }
    /// The initial value after `=`; `None` when implicit.
    pub fn init(&self) -> Option<Expr> {
        token(&self.syntax, EQ)?;
        nth_child(&self.syntax, 0)
    }
    pub fn form(&self) -> Option<LoopForm> {
        self.syntax.children().find_map(|n| {
            ForLoop::cast(n.clone())
                .map(LoopForm::For)
                .or_else(|| ForInLoop::cast(n.clone()).map(LoopForm::ForIn))
                .or_else(|| WhileLoop::cast(n).map(LoopForm::While))
        })
    }
    pub fn body(&self) -> Option<Expr> {
        let index = usize::from(token(&self.syntax, EQ).is_some());
        nth_child(&self.syntax, index)
    }
}

impl ForLoop {
    pub fn var(&self) -> Option<Name> {
        child(&self.syntax)
    }
    pub fn bound(&self) -> Option<Expr> {
        child(&self.syntax)
    }
}

impl ForInLoop {
    pub fn pat(&self) -> Option<Pat> {
        child(&self.syntax)
    }
    pub fn array(&self) -> Option<Expr> {
        child(&self.syntax)
    }
}

impl WhileLoop {
    pub fn condition(&self) -> Option<Expr> {
        child(&self.syntax)
    }
}

impl AttrExpr {
    pub fn attribute(&self) -> Option<Attribute> {
        child(&self.syntax)
    }
    pub fn expr(&self) -> Option<Expr> {
        child(&self.syntax)
    }
}

impl AssertExpr {
    pub fn condition(&self) -> Option<Expr> {
        nth_child(&self.syntax, 0)
    }
    pub fn body(&self) -> Option<Expr> {
        nth_child(&self.syntax, 1)
    }
}

impl UpdateExpr {
    pub fn base(&self) -> Option<Expr> {
        nth_child(&self.syntax, 0)
    }
    pub fn update_path(&self) -> Option<UpdatePath> {
        child(&self.syntax)
    }
    pub fn value(&self) -> Option<Expr> {
        nth_child(&self.syntax, 1)
    }
}

impl UpdatePath {
    pub fn steps(&self) -> AstChildren<UpdateStep> {
        children(&self.syntax)
    }
}

/// One step of an update path or projection section.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum UpdateStepKind {
    Field(SyntaxToken),
    Index(Slice),
}

impl UpdateStep {
    pub fn kind(&self) -> Option<UpdateStepKind> {
        child(&self.syntax)
            .map(UpdateStepKind::Index)
            .or_else(|| field_token(&self.syntax).map(UpdateStepKind::Field))
    }
}

impl MatchExpr {
    pub fn scrutinee(&self) -> Option<Expr> {
        child(&self.syntax)
    }
    pub fn cases(&self) -> AstChildren<MatchCase> {
        children(&self.syntax)
    }
}

impl MatchCase {
    pub fn pat(&self) -> Option<Pat> {
        child(&self.syntax)
    }
    pub fn body(&self) -> Option<Expr> {
        child(&self.syntax)
    }
}

impl ConstrExpr {
    pub fn constructor(&self) -> Option<SyntaxToken> {
        token(&self.syntax, CONSTRUCTOR)
    }
    pub fn payload(&self) -> AstChildren<Expr> {
        children(&self.syntax)
    }
}

impl OpSection {
    pub fn op(&self) -> Option<Op> {
        child(&self.syntax)
    }
}

impl LeftSection {
    pub fn operand(&self) -> Option<Expr> {
        child(&self.syntax)
    }
    pub fn op(&self) -> Option<Op> {
        child(&self.syntax)
    }
}

impl RightSection {
    pub fn op(&self) -> Option<Op> {
        child(&self.syntax)
    }
    pub fn operand(&self) -> Option<Expr> {
        child(&self.syntax)
    }
}

impl ProjectionSection {
    pub fn steps(&self) -> impl Iterator<Item = UpdateStep> {
        child::<UpdatePath>(&self.syntax)
            .into_iter()
            .flat_map(|path| path.steps())
    }
}

// ------------------------------------------------------------- patterns

ast_enum!(
    /// A pattern.
    Pat {
        NamePat,
        WildcardPat,
        ParenPat,
        TuplePat,
        RecordPat,
        ConstrPat,
        LiteralPat,
        AscriptionPat,
        AttrPat,
    }
);

ast_node!(NamePat = NAME_PAT);
ast_node!(WildcardPat = WILDCARD_PAT);
ast_node!(ParenPat = PAREN_PAT);
ast_node!(TuplePat = TUPLE_PAT);
ast_node!(RecordPat = RECORD_PAT);
ast_node!(RecordPatField = RECORD_PAT_FIELD);
ast_node!(ConstrPat = CONSTR_PAT);
ast_node!(LiteralPat = LITERAL_PAT);
ast_node!(AscriptionPat = ASCRIPTION_PAT);
ast_node!(AttrPat = ATTR_PAT);

impl NamePat {
    pub fn name(&self) -> Option<Name> {
        child(&self.syntax)
    }
}

impl ParenPat {
    pub fn inner(&self) -> Option<Pat> {
        child(&self.syntax)
    }
}

impl TuplePat {
    pub fn elements(&self) -> AstChildren<Pat> {
        children(&self.syntax)
    }
}

impl RecordPat {
    pub fn fields(&self) -> AstChildren<RecordPatField> {
        children(&self.syntax)
    }
}

impl RecordPatField {
    pub fn name(&self) -> Option<Name> {
        child(&self.syntax)
    }
    /// The pattern after `=`; `None` when punned.
    pub fn pat(&self) -> Option<Pat> {
        child(&self.syntax)
    }
    /// The type after `:` in `{x: t}`.
    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl ConstrPat {
    pub fn constructor(&self) -> Option<SyntaxToken> {
        token(&self.syntax, CONSTRUCTOR)
    }
    pub fn payload(&self) -> AstChildren<Pat> {
        children(&self.syntax)
    }
}

impl LiteralPat {
    pub fn is_negated(&self) -> bool {
        token(&self.syntax, OPERATOR).is_some()
    }
    pub fn value(&self) -> Option<LiteralValue> {
        let t = first_token_of(
            &self.syntax,
            &[INT_NUMBER, FLOAT_NUMBER, CHAR, TRUE_KW, FALSE_KW],
        )?;
        literal_value(&t)
    }
}

impl AscriptionPat {
    pub fn pat(&self) -> Option<Pat> {
        child(&self.syntax)
    }
    pub fn ty(&self) -> Option<Type> {
        child(&self.syntax)
    }
}

impl AttrPat {
    pub fn attribute(&self) -> Option<Attribute> {
        child(&self.syntax)
    }
    pub fn pat(&self) -> Option<Pat> {
        child(&self.syntax)
    }
}
