//! The semantic representation of expressions, patterns and types: arenas
//! of nodes that refer to each other by index, with no source positions.
//!
//! Lowering from the syntax tree (`lower.rs`) fills a [`Store`] and, beside
//! it, a [`SourceMap`] from node ids back to syntax. Because a store holds
//! no positions, editing one definition leaves the stores of all others
//! equal, and salsa reuses everything computed from them.

use crate::name::{Name, Path};
use la_arena::{Arena, ArenaMap, Idx};
use syntax::ast::{Liftedness, RangeEnd};
use syntax::{NodeOrToken, SyntaxNode, TextRange};

pub type ExprId = Idx<Expr>;
pub type PatId = Idx<Pat>;
pub type TypeId = Idx<TypeRef>;

/// Expressions, patterns and types of one definition (or of the
/// signatures of one file).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Store {
    pub exprs: Arena<Expr>,
    pub pats: Arena<Pat>,
    pub types: Arena<TypeRef>,
}

/// Where each node of a [`Store`] came from.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SourceMap {
    pub exprs: ArenaMap<ExprId, SyntaxPtr>,
    pub pats: ArenaMap<PatId, SyntaxPtr>,
    pub types: ArenaMap<TypeId, SyntaxPtr>,
}

/// A pointer to a syntax node: its kind and range, enough to find it again
/// in the same tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SyntaxPtr {
    pub kind: syntax::SyntaxKind,
    pub range: TextRange,
}

impl SyntaxPtr {
    pub fn new(node: &SyntaxNode) -> SyntaxPtr {
        SyntaxPtr {
            kind: node.kind(),
            range: node.text_range(),
        }
    }

    /// The node in `root` this points to.
    pub fn to_node(&self, root: &SyntaxNode) -> Option<SyntaxNode> {
        let deepest = match root.covering_element(self.range) {
            NodeOrToken::Node(node) => node,
            NodeOrToken::Token(token) => token.parent()?,
        };
        deepest
            .ancestors()
            .find(|n| n.kind() == self.kind && n.text_range() == self.range)
    }
}

/// A literal. Floats are kept as bits so that literals compare exactly.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Literal {
    Int {
        value: u128,
        suffix: Option<PrimSuffix>,
        /// Written in hexadecimal or binary: a bit pattern, which may
        /// exceed a signed type's maximum (`0xFFi8` is -1).
        bit_pattern: bool,
    },
    Float {
        bits: u64,
        suffix: Option<PrimSuffix>,
    },
    Bool(bool),
    /// A character literal: an integer, its code point.
    Char(u32),
    /// A string literal: an array of `u8`.
    String(Vec<u8>),
}

/// The type suffix of a numeric literal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PrimSuffix {
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F16,
    F32,
    F64,
}

impl PrimSuffix {
    pub fn from_text(text: &str) -> Option<PrimSuffix> {
        Some(match text {
            "i8" => PrimSuffix::I8,
            "i16" => PrimSuffix::I16,
            "i32" => PrimSuffix::I32,
            "i64" => PrimSuffix::I64,
            "u8" => PrimSuffix::U8,
            "u16" => PrimSuffix::U16,
            "u32" => PrimSuffix::U32,
            "u64" => PrimSuffix::U64,
            "f16" => PrimSuffix::F16,
            "f32" => PrimSuffix::F32,
            "f64" => PrimSuffix::F64,
            _ => return None,
        })
    }
}

/// An operator in an application or section: a (possibly qualified)
/// symbol, or a name in backticks.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OpRef {
    pub path: Path,
    pub backticked: bool,
}

/// One index of a slice: `i`, or `start:end:stride` with parts omitted.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DimIndex {
    Fix(ExprId),
    Range {
        start: Option<ExprId>,
        end: Option<ExprId>,
        stride: Option<ExprId>,
    },
}

/// A step of an update path or projection section.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum UpdateStep {
    Field(Name),
    Index(Vec<DimIndex>),
}

/// An attribute such as `#[unsafe]` or `#[incremental_flattening(only_inner)]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Attr {
    Atom(Name),
    Int(u128),
    Compound(Name, Vec<Attr>),
}

/// As written between `#[` and `]`.
impl std::fmt::Display for Attr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Attr::Atom(name) => write!(f, "{name}"),
            Attr::Int(value) => write!(f, "{value}"),
            Attr::Compound(name, args) => {
                write!(f, "{name}(")?;
                for (i, arg) in args.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{arg}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// A type or size parameter of a definition.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeParam {
    Size(Name),
    Type(Name, Liftedness),
}

impl TypeParam {
    pub fn name(&self) -> &Name {
        match self {
            TypeParam::Size(name) | TypeParam::Type(name, _) => name,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LoopForm {
    For { var: Name, bound: ExprId },
    ForIn { pat: PatId, array: ExprId },
    While { condition: ExprId },
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Expr {
    /// An expression missing from broken source.
    Missing,
    Literal(Literal),
    /// A name or qualified name; whether the qualifiers are modules or
    /// records is decided by name resolution.
    Path(Path),
    Field {
        base: ExprId,
        field: Name,
    },
    /// `M.(e)`: `e` with the module `M` opened.
    QualParen {
        module: Path,
        expr: ExprId,
    },
    Tuple(Vec<ExprId>),
    /// Fields in source order; a punned field `{x}` has `x`'s path as value.
    Record(Vec<(Name, ExprId)>),
    Array(Vec<ExprId>),
    Index {
        base: ExprId,
        indices: Vec<DimIndex>,
    },
    Apply {
        func: ExprId,
        args: Vec<ExprId>,
    },
    Binary {
        op: OpRef,
        lhs: ExprId,
        rhs: ExprId,
    },
    Negate(ExprId),
    Not(ExprId),
    Ascription {
        expr: ExprId,
        ty: TypeId,
    },
    Coercion {
        expr: ExprId,
        ty: TypeId,
    },
    Range {
        start: ExprId,
        second: Option<ExprId>,
        end: ExprId,
        end_kind: RangeEnd,
    },
    If {
        condition: ExprId,
        then_branch: ExprId,
        else_branch: ExprId,
    },
    Let {
        sizes: Vec<Name>,
        pat: PatId,
        value: ExprId,
        body: ExprId,
    },
    LetFun {
        name: Name,
        type_params: Vec<TypeParam>,
        params: Vec<PatId>,
        ret: Option<TypeId>,
        value: ExprId,
        body: ExprId,
    },
    /// `let a[i] = v in body`: binds `a` to `a with [i] = v`.
    LetUpdate {
        name: Name,
        path: Vec<UpdateStep>,
        value: ExprId,
        body: ExprId,
    },
    Lambda {
        params: Vec<PatId>,
        ret: Option<TypeId>,
        body: ExprId,
    },
    Loop {
        pat: PatId,
        init: Option<ExprId>,
        form: LoopForm,
        body: ExprId,
    },
    Attr {
        attr: Attr,
        expr: ExprId,
    },
    Assert {
        condition: ExprId,
        body: ExprId,
    },
    Update {
        base: ExprId,
        path: Vec<UpdateStep>,
        value: ExprId,
    },
    Match {
        scrutinee: ExprId,
        cases: Vec<(PatId, ExprId)>,
    },
    Constr {
        name: Name,
        payload: Vec<ExprId>,
    },
    Hole,
    OpSection(OpRef),
    LeftSection {
        op: OpRef,
        operand: ExprId,
    },
    RightSection {
        op: OpRef,
        operand: ExprId,
    },
    ProjectionSection(Vec<UpdateStep>),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Pat {
    Missing,
    Name(Name),
    Wildcard,
    Tuple(Vec<PatId>),
    /// Fields in source order; a punned field binds its own name.
    Record(Vec<(Name, PatId)>),
    Constr {
        name: Name,
        payload: Vec<PatId>,
    },
    Literal {
        negated: bool,
        literal: Literal,
    },
    Ascription {
        pat: PatId,
        ty: TypeId,
    },
    Attr {
        attr: Attr,
        pat: PatId,
    },
}

/// An array dimension or size argument: `[e]` or `[]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SizeRef {
    Anonymous,
    Expr(ExprId),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeArgRef {
    Size(SizeRef),
    Type(TypeId),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeRef {
    Missing,
    Path(Path),
    Tuple(Vec<TypeId>),
    Record(Vec<(Name, TypeId)>),
    Array {
        size: SizeRef,
        element: TypeId,
    },
    Unique(TypeId),
    Sum(Vec<(Name, Vec<TypeId>)>),
    Apply {
        head: TypeId,
        args: Vec<TypeArgRef>,
    },
    Function {
        param_name: Option<Name>,
        param: TypeId,
        result: TypeId,
    },
    Existential {
        sizes: Vec<Name>,
        ty: TypeId,
    },
}
