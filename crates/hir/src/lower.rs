//! Lowering from the typed AST to a [`Store`], recording a [`SourceMap`].
//!
//! Guarantees: every AST expression, pattern and type becomes exactly one
//! node (a missing one becomes `Missing`), parentheses disappear, and
//! literals are decoded. Nothing is resolved here.

use crate::name::{Name, Path};
use crate::store::*;
use syntax::SyntaxToken;
use syntax::ast::{self, AstNode};

#[derive(Default)]
pub struct Lowerer {
    pub store: Store,
    pub source_map: SourceMap,
}

fn name_of(name: Option<ast::Name>) -> Option<Name> {
    name.and_then(|n| n.text()).map(|text| Name::new(&text))
}

fn token_name(token: &SyntaxToken) -> Name {
    Name::new(token.text())
}

/// A constructor token `#foo` as the name `foo`.
fn constructor_name(token: Option<SyntaxToken>) -> Name {
    let text = token.map(|t| t.text().to_string()).unwrap_or_default();
    Name::new(text.strip_prefix('#').unwrap_or(&text))
}

fn path_of(path: Option<ast::Path>) -> Option<Path> {
    Path::new(path?.segments().map(|t| token_name(&t)).collect())
}

/// A literal's value; `text` is how it was written.
pub fn lower_literal(value: ast::LiteralValue, text: &str) -> Literal {
    match value {
        ast::LiteralValue::Int { value, suffix } => Literal::Int {
            value,
            suffix: suffix.as_deref().and_then(PrimSuffix::from_text),
            bit_pattern: ["0x", "0X", "0b", "0B"].iter().any(|p| text.contains(p)),
        },
        ast::LiteralValue::Float { value, suffix } => Literal::Float {
            bits: value.to_bits(),
            suffix: suffix.as_deref().and_then(PrimSuffix::from_text),
        },
        ast::LiteralValue::Bool(b) => Literal::Bool(b),
        ast::LiteralValue::Char(c) => Literal::Char(c),
        ast::LiteralValue::String(bytes) => Literal::String(bytes),
    }
}

pub fn lower_attr(info: Option<ast::AttrInfo>) -> Attr {
    match info {
        Some(ast::AttrInfo::AttrAtom(atom)) => {
            let text = atom.text();
            match text.parse::<u128>() {
                Ok(n) => Attr::Int(n),
                Err(_) => Attr::Atom(Name::new(&text)),
            }
        }
        Some(ast::AttrInfo::AttrCompound(compound)) => Attr::Compound(
            compound
                .name()
                .map_or_else(|| Name::new(""), |t| token_name(&t)),
            compound.args().map(|arg| lower_attr(Some(arg))).collect(),
        ),
        None => Attr::Atom(Name::new("")),
    }
}

pub fn lower_type_param(param: &ast::TypeParam) -> Option<TypeParam> {
    let name = name_of(param.name())?;
    Some(match param.kind()? {
        ast::TypeParamKind::Size => TypeParam::Size(name),
        ast::TypeParamKind::Type(liftedness) => TypeParam::Type(name, liftedness),
    })
}

fn op_ref(op: Option<ast::Op>) -> OpRef {
    let Some(op) = op else {
        return OpRef {
            path: Path::single(Name::new("")),
            backticked: false,
        };
    };
    if let Some(path) = path_of(op.backtick_path()) {
        return OpRef {
            path,
            backticked: true,
        };
    }
    let mut segments: Vec<Name> = op.qualifiers().map(|t| token_name(&t)).collect();
    segments.push(
        op.symbol()
            .map_or_else(|| Name::new(""), |t| token_name(&t)),
    );
    OpRef {
        path: Path::new(segments).expect("at least the symbol"),
        backticked: false,
    }
}

impl Lowerer {
    fn alloc_expr(&mut self, expr: Expr, node: Option<&syntax::SyntaxNode>) -> ExprId {
        let id = self.store.exprs.alloc(expr);
        if let Some(node) = node {
            self.source_map.exprs.insert(id, SyntaxPtr::new(node));
        }
        id
    }

    fn alloc_pat(&mut self, pat: Pat, node: Option<&syntax::SyntaxNode>) -> PatId {
        let id = self.store.pats.alloc(pat);
        if let Some(node) = node {
            self.source_map.pats.insert(id, SyntaxPtr::new(node));
        }
        id
    }

    fn alloc_type(&mut self, ty: TypeRef, node: Option<&syntax::SyntaxNode>) -> TypeId {
        let id = self.store.types.alloc(ty);
        if let Some(node) = node {
            self.source_map.types.insert(id, SyntaxPtr::new(node));
        }
        id
    }

    pub fn lower_expr_opt(&mut self, expr: Option<ast::Expr>) -> ExprId {
        match expr {
            Some(expr) => self.lower_expr(expr),
            None => self.alloc_expr(Expr::Missing, None),
        }
    }

    pub fn lower_expr(&mut self, expr: ast::Expr) -> ExprId {
        use ast::Expr as E;
        let node = expr.syntax().clone();
        let lowered = match expr {
            E::Literal(lit) => match lit.value() {
                Some(value) => Expr::Literal(lower_literal(value, &lit.syntax().to_string())),
                None => Expr::Missing,
            },
            E::PathExpr(e) => match path_of(e.path()) {
                Some(path) => Expr::Path(path),
                None => Expr::Missing,
            },
            E::ParenExpr(e) => {
                // Parentheses only group: the inner node stands for both.
                let inner = self.lower_expr_opt(e.inner());
                return inner;
            }
            E::TupleExpr(e) => Expr::Tuple(e.elements().map(|x| self.lower_expr(x)).collect()),
            E::RecordExpr(e) => Expr::Record(
                e.fields()
                    .filter_map(|field| {
                        let name = name_of(field.name())?;
                        let value = match field.value() {
                            Some(value) => self.lower_expr(value),
                            None => self.alloc_expr(
                                Expr::Path(Path::single(name.clone())),
                                Some(field.syntax()),
                            ),
                        };
                        Some((name, value))
                    })
                    .collect(),
            ),
            E::ArrayExpr(e) => Expr::Array(e.elements().map(|x| self.lower_expr(x)).collect()),
            E::IndexExpr(e) => Expr::Index {
                base: self.lower_expr_opt(e.base()),
                indices: self.lower_slice(e.slice()),
            },
            E::FieldExpr(e) => {
                let base = self.lower_expr_opt(e.base());
                match e.field() {
                    Some(field) => Expr::Field {
                        base,
                        field: token_name(&field),
                    },
                    None => Expr::Missing,
                }
            }
            E::QualParenExpr(e) => {
                let expr = self.lower_expr_opt(e.inner());
                match path_of(e.module()) {
                    Some(module) => Expr::QualParen { module, expr },
                    None => Expr::Missing,
                }
            }
            E::ApplyExpr(e) => Expr::Apply {
                func: self.lower_expr_opt(e.func()),
                args: e.args().map(|x| self.lower_expr(x)).collect(),
            },
            E::BinExpr(e) => Expr::Binary {
                op: op_ref(e.op()),
                lhs: self.lower_expr_opt(e.lhs()),
                rhs: self.lower_expr_opt(e.rhs()),
            },
            E::PrefixExpr(e) => {
                let operand = self.lower_expr_opt(e.operand());
                match e.op().as_ref().map(|t| t.text()) {
                    Some("!") => Expr::Not(operand),
                    _ => Expr::Negate(operand),
                }
            }
            E::AscriptionExpr(e) => Expr::Ascription {
                expr: self.lower_expr_opt(e.expr()),
                ty: self.lower_type_opt(e.ty()),
            },
            E::CoercionExpr(e) => Expr::Coercion {
                expr: self.lower_expr_opt(e.expr()),
                ty: self.lower_type_opt(e.ty()),
            },
            E::RangeExpr(e) => Expr::Range {
                start: self.lower_expr_opt(e.start()),
                second: e.second().map(|x| self.lower_expr(x)),
                end: self.lower_expr_opt(e.end()),
                end_kind: e.end_kind().unwrap_or(ast::RangeEnd::Inclusive),
            },
            E::IfExpr(e) => Expr::If {
                condition: self.lower_expr_opt(e.condition()),
                then_branch: self.lower_expr_opt(e.then_branch()),
                else_branch: self.lower_expr_opt(e.else_branch()),
            },
            E::LetExpr(e) => Expr::Let {
                sizes: e.size_binders().filter_map(|b| name_of(b.name())).collect(),
                pat: self.lower_pat_opt(e.pat()),
                value: self.lower_expr_opt(e.value()),
                body: self.lower_expr_opt(e.body()),
            },
            E::LetFunExpr(e) => Expr::LetFun {
                name: name_of(e.name()).unwrap_or_else(|| Name::new("")),
                type_params: e
                    .type_params()
                    .filter_map(|p| lower_type_param(&p))
                    .collect(),
                params: e.params().map(|p| self.lower_pat(p)).collect(),
                ret: e.ret_type().map(|r| self.lower_type_opt(r.ty())),
                value: self.lower_expr_opt(e.value()),
                body: self.lower_expr_opt(e.body()),
            },
            E::LetUpdateExpr(e) => Expr::LetUpdate {
                name: name_of(e.name()).unwrap_or_else(|| Name::new("")),
                path: self.lower_update_path(e.update_path()),
                value: self.lower_expr_opt(e.value()),
                body: self.lower_expr_opt(e.body()),
            },
            E::LambdaExpr(e) => Expr::Lambda {
                params: e.params().map(|p| self.lower_pat(p)).collect(),
                ret: e.ret_type().map(|r| self.lower_type_opt(r.ty())),
                body: self.lower_expr_opt(e.body()),
            },
            E::LoopExpr(e) => {
                let pat = self.lower_pat_opt(e.pat());
                let init = e.init().map(|x| self.lower_expr(x));
                let form = match e.form() {
                    Some(ast::LoopForm::For(f)) => LoopForm::For {
                        var: name_of(f.var()).unwrap_or_else(|| Name::new("")),
                        bound: self.lower_expr_opt(f.bound()),
                    },
                    Some(ast::LoopForm::ForIn(f)) => LoopForm::ForIn {
                        pat: self.lower_pat_opt(f.pat()),
                        array: self.lower_expr_opt(f.array()),
                    },
                    Some(ast::LoopForm::While(w)) => LoopForm::While {
                        condition: self.lower_expr_opt(w.condition()),
                    },
                    None => LoopForm::While {
                        condition: self.alloc_expr(Expr::Missing, None),
                    },
                };
                Expr::Loop {
                    pat,
                    init,
                    form,
                    body: self.lower_expr_opt(e.body()),
                }
            }
            E::AttrExpr(e) => Expr::Attr {
                attr: lower_attr(e.attribute().and_then(|a| a.info())),
                expr: self.lower_expr_opt(e.expr()),
            },
            E::AssertExpr(e) => Expr::Assert {
                condition: self.lower_expr_opt(e.condition()),
                body: self.lower_expr_opt(e.body()),
            },
            E::UpdateExpr(e) => Expr::Update {
                base: self.lower_expr_opt(e.base()),
                path: self.lower_update_path(e.update_path()),
                value: self.lower_expr_opt(e.value()),
            },
            E::MatchExpr(e) => Expr::Match {
                scrutinee: self.lower_expr_opt(e.scrutinee()),
                cases: e
                    .cases()
                    .map(|case| {
                        let pat = self.lower_pat_opt(case.pat());
                        (pat, self.lower_expr_opt(case.body()))
                    })
                    .collect(),
            },
            E::ConstrExpr(e) => Expr::Constr {
                name: constructor_name(e.constructor()),
                payload: e.payload().map(|x| self.lower_expr(x)).collect(),
            },
            E::HoleExpr(_) => Expr::Hole,
            E::OpSection(e) => Expr::OpSection(op_ref(e.op())),
            E::LeftSection(e) => Expr::LeftSection {
                op: op_ref(e.op()),
                operand: self.lower_expr_opt(e.operand()),
            },
            E::RightSection(e) => Expr::RightSection {
                op: op_ref(e.op()),
                operand: self.lower_expr_opt(e.operand()),
            },
            E::ProjectionSection(e) => Expr::ProjectionSection(
                e.steps()
                    .filter_map(|s| self.lower_update_step(s))
                    .collect(),
            ),
        };
        self.alloc_expr(lowered, Some(&node))
    }

    fn lower_slice(&mut self, slice: Option<ast::Slice>) -> Vec<DimIndex> {
        let Some(slice) = slice else {
            return Vec::new();
        };
        slice
            .indices()
            .map(|index| match index.parts() {
                ast::DimIndexParts::Fix(e) => DimIndex::Fix(self.lower_expr_opt(e)),
                ast::DimIndexParts::Range { start, end, stride } => DimIndex::Range {
                    start: start.map(|x| self.lower_expr(x)),
                    end: end.map(|x| self.lower_expr(x)),
                    stride: stride.map(|x| self.lower_expr(x)),
                },
            })
            .collect()
    }

    fn lower_update_path(&mut self, path: Option<ast::UpdatePath>) -> Vec<UpdateStep> {
        path.into_iter()
            .flat_map(|p| p.steps())
            .filter_map(|step| self.lower_update_step(step))
            .collect()
    }

    fn lower_update_step(&mut self, step: ast::UpdateStep) -> Option<UpdateStep> {
        Some(match step.kind()? {
            ast::UpdateStepKind::Field(token) => UpdateStep::Field(token_name(&token)),
            ast::UpdateStepKind::Index(slice) => UpdateStep::Index(self.lower_slice(Some(slice))),
        })
    }

    pub fn lower_pat_opt(&mut self, pat: Option<ast::Pat>) -> PatId {
        match pat {
            Some(pat) => self.lower_pat(pat),
            None => self.alloc_pat(Pat::Missing, None),
        }
    }

    pub fn lower_pat(&mut self, pat: ast::Pat) -> PatId {
        use ast::Pat as P;
        let node = pat.syntax().clone();
        let lowered = match pat {
            P::NamePat(p) => match name_of(p.name()) {
                Some(name) => Pat::Name(name),
                None => Pat::Missing,
            },
            P::WildcardPat(_) => Pat::Wildcard,
            P::ParenPat(p) => return self.lower_pat_opt(p.inner()),
            P::TuplePat(p) => Pat::Tuple(p.elements().map(|x| self.lower_pat(x)).collect()),
            P::RecordPat(p) => Pat::Record(
                p.fields()
                    .filter_map(|field| {
                        let name = name_of(field.name())?;
                        let pat = match (field.pat(), field.ty()) {
                            (Some(pat), _) => self.lower_pat(pat),
                            (None, ty) => {
                                let bound =
                                    self.alloc_pat(Pat::Name(name.clone()), Some(field.syntax()));
                                match ty {
                                    Some(ty) => {
                                        let ty = self.lower_type(ty);
                                        self.alloc_pat(
                                            Pat::Ascription { pat: bound, ty },
                                            Some(field.syntax()),
                                        )
                                    }
                                    None => bound,
                                }
                            }
                        };
                        Some((name, pat))
                    })
                    .collect(),
            ),
            P::ConstrPat(p) => Pat::Constr {
                name: constructor_name(p.constructor()),
                payload: p.payload().map(|x| self.lower_pat(x)).collect(),
            },
            P::LiteralPat(p) => match p.value() {
                Some(value) => Pat::Literal {
                    negated: p.is_negated(),
                    literal: lower_literal(value, &p.syntax().to_string()),
                },
                None => Pat::Missing,
            },
            P::AscriptionPat(p) => Pat::Ascription {
                pat: self.lower_pat_opt(p.pat()),
                ty: self.lower_type_opt(p.ty()),
            },
            P::AttrPat(p) => Pat::Attr {
                attr: lower_attr(p.attribute().and_then(|a| a.info())),
                pat: self.lower_pat_opt(p.pat()),
            },
        };
        self.alloc_pat(lowered, Some(&node))
    }

    pub fn lower_type_opt(&mut self, ty: Option<ast::Type>) -> TypeId {
        match ty {
            Some(ty) => self.lower_type(ty),
            None => self.alloc_type(TypeRef::Missing, None),
        }
    }

    pub fn lower_type(&mut self, ty: ast::Type) -> TypeId {
        use ast::Type as T;
        let node = ty.syntax().clone();
        let lowered = match ty {
            T::PathType(t) => match path_of(t.path()) {
                Some(path) => TypeRef::Path(path),
                None => TypeRef::Missing,
            },
            T::ParenType(t) => return self.lower_type_opt(t.inner()),
            T::TupleType(t) => TypeRef::Tuple(t.elements().map(|x| self.lower_type(x)).collect()),
            T::RecordType(t) => TypeRef::Record(
                t.fields()
                    .filter_map(|field| {
                        let name = name_of(field.name())?;
                        Some((name, self.lower_type_opt(field.ty())))
                    })
                    .collect(),
            ),
            T::ArrayType(t) => TypeRef::Array {
                size: self.lower_size(t.size()),
                element: self.lower_type_opt(t.element()),
            },
            T::UniqueType(t) => TypeRef::Unique(self.lower_type_opt(t.inner())),
            T::SumType(t) => TypeRef::Sum(
                t.variants()
                    .map(|variant| {
                        let name = constructor_name(variant.constructor());
                        let payload = variant.payload().map(|x| self.lower_type(x)).collect();
                        (name, payload)
                    })
                    .collect(),
            ),
            T::TypeApply(t) => TypeRef::Apply {
                head: self.lower_type_opt(t.head()),
                args: t
                    .args()
                    .map(|arg| match arg {
                        ast::TypeArg::Size(size) => TypeArgRef::Size(self.lower_size(Some(size))),
                        ast::TypeArg::Type(ty) => TypeArgRef::Type(self.lower_type(ty)),
                    })
                    .collect(),
            },
            T::FunctionType(t) => TypeRef::Function {
                param_name: t.named_param().and_then(|p| name_of(p.name())),
                param: self.lower_type_opt(t.param()),
                result: self.lower_type_opt(t.result()),
            },
            T::ExistentialType(t) => TypeRef::Existential {
                sizes: t.sizes().filter_map(|b| name_of(b.name())).collect(),
                ty: self.lower_type_opt(t.ty()),
            },
        };
        self.alloc_type(lowered, Some(&node))
    }

    fn lower_size(&mut self, size: Option<ast::SizeExpr>) -> SizeRef {
        match size.and_then(|s| s.expr()) {
            Some(expr) => SizeRef::Expr(self.lower_expr(expr)),
            None => SizeRef::Anonymous,
        }
    }
}
