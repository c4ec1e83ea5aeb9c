//! Expressions, patterns and types of a [`Store`] written back as Futhark
//! source on one line, for messages that quote code ("Cannot apply "f" to
//! "x"."): the store has no positions, so a definition's messages need not
//! be recomputed when text above it moves.
//!
//! Guarantees: the text parses as the same expression (parentheses are
//! added around every compound operand, and only there), and it never
//! contains a line break.

use crate::store::{
    Attr, DimIndex, Expr, ExprId, Literal, LoopForm, Pat, PatId, PrimSuffix, SizeRef, Store,
    TypeArgRef, TypeId, TypeParam, TypeRef, UpdateStep,
};
use std::fmt::Write;
use syntax::ast::{Liftedness, RangeEnd};

/// `expr` as source text, cut to `limit` characters (with "...").
pub fn expr_text(store: &Store, expr: ExprId, limit: usize) -> String {
    text_of(store, limit, |printer| printer.expr(expr))
}

/// `pat` as source text, cut to `limit` characters (with "...").
pub fn pat_text(store: &Store, pat: PatId, limit: usize) -> String {
    text_of(store, limit, |printer| printer.pat(pat))
}

/// What `print` writes, cut to `limit` characters.
fn text_of(store: &Store, limit: usize, print: impl FnOnce(&mut Printer)) -> String {
    let mut printer = Printer {
        store,
        out: String::new(),
    };
    print(&mut printer);
    shorten(printer.out, limit)
}

fn shorten(text: String, limit: usize) -> String {
    match text.char_indices().nth(limit) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text,
    }
}

struct Printer<'s> {
    store: &'s Store,
    out: String,
}

impl Printer<'_> {
    fn push(&mut self, text: &str) {
        self.out.push_str(text);
    }

    fn separated<T: Copy>(
        &mut self,
        items: &[T],
        separator: &str,
        mut item: impl FnMut(&mut Self, T),
    ) {
        for (i, &x) in items.iter().enumerate() {
            if i > 0 {
                self.push(separator);
            }
            item(self, x);
        }
    }

    /// An expression as an operand: in parentheses unless it is atomic.
    fn operand(&mut self, expr: ExprId) {
        let atomic = matches!(
            self.store.exprs[expr],
            Expr::Missing
                | Expr::Literal(_)
                | Expr::Path(_)
                | Expr::Field { .. }
                | Expr::QualParen { .. }
                | Expr::Tuple(_)
                | Expr::Record(_)
                | Expr::Array(_)
                | Expr::Index { .. }
                | Expr::Hole
                | Expr::OpSection(_)
                | Expr::LeftSection { .. }
                | Expr::RightSection { .. }
                | Expr::ProjectionSection(_)
        );
        if atomic {
            self.expr(expr);
        } else {
            self.push("(");
            self.expr(expr);
            self.push(")");
        }
    }

    fn expr(&mut self, expr: ExprId) {
        match &self.store.exprs[expr] {
            Expr::Missing => self.push("?"),
            Expr::Literal(literal) => self.literal(literal),
            Expr::Path(path) => self.push(&path.to_string()),
            Expr::Field { base, field } => {
                self.operand(*base);
                let _ = write!(self.out, ".{field}");
            }
            Expr::QualParen { module, expr } => {
                let _ = write!(self.out, "{module}.(");
                self.expr(*expr);
                self.push(")");
            }
            Expr::Tuple(elements) => {
                self.push("(");
                self.separated(elements, ", ", |p, e| p.expr(e));
                self.push(")");
            }
            Expr::Record(fields) => {
                self.push("{");
                for (i, (name, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        self.push(", ");
                    }
                    let _ = write!(self.out, "{name} = ");
                    self.expr(*value);
                }
                self.push("}");
            }
            Expr::Array(elements) => {
                self.push("[");
                self.separated(elements, ", ", |p, e| p.expr(e));
                self.push("]");
            }
            Expr::Index { base, indices } => {
                self.operand(*base);
                self.indices(indices);
            }
            Expr::Apply { func, args } => {
                self.operand(*func);
                for &arg in args {
                    self.push(" ");
                    self.operand(arg);
                }
            }
            Expr::Binary { op, lhs, rhs } => {
                self.operand(*lhs);
                let _ = write!(
                    self.out,
                    " {} ",
                    op_text(&op.path.to_string(), op.backticked)
                );
                self.operand(*rhs);
            }
            Expr::Negate(operand) => {
                self.push("-");
                self.operand(*operand);
            }
            Expr::Not(operand) => {
                self.push("!");
                self.operand(*operand);
            }
            Expr::Ascription { expr, ty } => {
                self.operand(*expr);
                self.push(" : ");
                self.ty(*ty);
            }
            Expr::Coercion { expr, ty } => {
                self.operand(*expr);
                self.push(" :> ");
                self.ty(*ty);
            }
            Expr::Range {
                start,
                second,
                end,
                end_kind,
            } => {
                self.operand(*start);
                if let Some(second) = second {
                    self.push("..");
                    self.operand(*second);
                }
                self.push(match end_kind {
                    RangeEnd::Inclusive => "...",
                    RangeEnd::UpToExclusive => "..<",
                    RangeEnd::DownToExclusive => "..>",
                });
                self.operand(*end);
            }
            Expr::If {
                condition,
                then_branch,
                else_branch,
            } => {
                self.push("if ");
                self.expr(*condition);
                self.push(" then ");
                self.expr(*then_branch);
                self.push(" else ");
                self.expr(*else_branch);
            }
            Expr::Let {
                sizes,
                pat,
                value,
                body,
            } => {
                self.push("let ");
                for size in sizes {
                    let _ = write!(self.out, "[{size}] ");
                }
                self.pat(*pat);
                self.push(" = ");
                self.expr(*value);
                self.push(" in ");
                self.expr(*body);
            }
            Expr::LetFun {
                name,
                type_params,
                params,
                ret,
                value,
                body,
            } => {
                let _ = write!(self.out, "let {name}");
                self.type_params(type_params);
                for &param in params {
                    self.push(" ");
                    self.pat(param);
                }
                if let Some(ret) = ret {
                    self.push(" : ");
                    self.ty(*ret);
                }
                self.push(" = ");
                self.expr(*value);
                self.push(" in ");
                self.expr(*body);
            }
            Expr::LetUpdate {
                name,
                path,
                value,
                body,
            } => {
                let _ = write!(self.out, "let {name}");
                self.update_path(path);
                self.push(" = ");
                self.expr(*value);
                self.push(" in ");
                self.expr(*body);
            }
            Expr::Lambda { params, ret, body } => {
                self.push("\\");
                self.separated(params, " ", |p, param| p.pat(param));
                if let Some(ret) = ret {
                    self.push(" : ");
                    self.ty(*ret);
                }
                self.push(" -> ");
                self.expr(*body);
            }
            Expr::Loop {
                pat,
                init,
                form,
                body,
            } => {
                self.push("loop ");
                self.pat(*pat);
                if let Some(init) = init {
                    self.push(" = ");
                    self.expr(*init);
                }
                match form {
                    LoopForm::For { var, bound } => {
                        let _ = write!(self.out, " for {var} < ");
                        self.expr(*bound);
                    }
                    LoopForm::ForIn { pat, array } => {
                        self.push(" for ");
                        self.pat(*pat);
                        self.push(" in ");
                        self.expr(*array);
                    }
                    LoopForm::While { condition } => {
                        self.push(" while ");
                        self.expr(*condition);
                    }
                }
                self.push(" do ");
                self.expr(*body);
            }
            Expr::Attr { attr, expr } => {
                self.push("#[");
                self.attr(attr);
                self.push("] ");
                self.expr(*expr);
            }
            Expr::Assert { condition, body } => {
                self.push("assert ");
                self.operand(*condition);
                self.push(" ");
                self.operand(*body);
            }
            Expr::Update { base, path, value } => {
                self.operand(*base);
                self.push(" with ");
                self.update_path(path);
                self.push(" = ");
                self.expr(*value);
            }
            Expr::Match { scrutinee, cases } => {
                self.push("match ");
                self.expr(*scrutinee);
                for &(pat, body) in cases {
                    self.push(" case ");
                    self.pat(pat);
                    self.push(" -> ");
                    self.expr(body);
                }
            }
            Expr::Constr { name, payload } => {
                let _ = write!(self.out, "#{name}");
                for &e in payload {
                    self.push(" ");
                    self.operand(e);
                }
            }
            Expr::Hole => self.push("???"),
            Expr::OpSection(op) => {
                let _ = write!(
                    self.out,
                    "({})",
                    op_text(&op.path.to_string(), op.backticked)
                );
            }
            Expr::LeftSection { op, operand } => {
                self.push("(");
                self.operand(*operand);
                let _ = write!(
                    self.out,
                    " {})",
                    op_text(&op.path.to_string(), op.backticked)
                );
            }
            Expr::RightSection { op, operand } => {
                let _ = write!(
                    self.out,
                    "({} ",
                    op_text(&op.path.to_string(), op.backticked)
                );
                self.operand(*operand);
                self.push(")");
            }
            Expr::ProjectionSection(path) => {
                self.push("(");
                self.update_path(path);
                self.push(")");
            }
        }
    }

    fn literal(&mut self, literal: &Literal) {
        let _ = match literal {
            Literal::Int {
                value,
                suffix,
                bit_pattern,
            } => if *bit_pattern {
                write!(self.out, "{value:#x}")
            } else {
                write!(self.out, "{value}")
            }
            .and_then(|()| write!(self.out, "{}", suffix_text(*suffix))),
            Literal::Float { bits, suffix } => {
                let value = f64::from_bits(*bits);
                let text = format!("{value:?}");
                write!(self.out, "{text}{}", suffix_text(*suffix))
            }
            Literal::Bool(value) => write!(self.out, "{value}"),
            Literal::Char(c) => match char::from_u32(*c) {
                Some(c) => write!(self.out, "{:?}", c),
                None => write!(self.out, "'\\u{{{c:x}}}'"),
            },
            Literal::String(bytes) => {
                write!(self.out, "{:?}", String::from_utf8_lossy(bytes))
            }
        };
    }

    fn indices(&mut self, indices: &[DimIndex]) {
        self.push("[");
        for (i, index) in indices.iter().enumerate() {
            if i > 0 {
                self.push(", ");
            }
            match index {
                DimIndex::Fix(e) => self.expr(*e),
                DimIndex::Range { start, end, stride } => {
                    if let Some(start) = start {
                        self.expr(*start);
                    }
                    self.push(":");
                    if let Some(end) = end {
                        self.expr(*end);
                    }
                    if let Some(stride) = stride {
                        self.push(":");
                        self.expr(*stride);
                    }
                }
            }
        }
        self.push("]");
    }

    fn update_path(&mut self, path: &[UpdateStep]) {
        for step in path {
            match step {
                UpdateStep::Field(name) => {
                    let _ = write!(self.out, ".{name}");
                }
                UpdateStep::Index(indices) => self.indices(indices),
            }
        }
    }

    fn attr(&mut self, attr: &Attr) {
        let _ = write!(self.out, "{attr}");
    }

    fn type_params(&mut self, params: &[TypeParam]) {
        for param in params {
            let _ = match param {
                TypeParam::Size(name) => write!(self.out, " [{name}]"),
                TypeParam::Type(name, liftedness) => {
                    let marker = match liftedness {
                        Liftedness::Unlifted => "",
                        Liftedness::SizeLifted => "~",
                        Liftedness::Lifted => "^",
                    };
                    write!(self.out, " '{marker}{name}")
                }
            };
        }
    }

    fn pat(&mut self, pat: PatId) {
        match &self.store.pats[pat] {
            Pat::Missing => self.push("?"),
            Pat::Name(name) => self.push(name.as_str()),
            Pat::Wildcard => self.push("_"),
            Pat::Tuple(elements) => {
                self.push("(");
                self.separated(elements, ", ", |p, e| p.pat(e));
                self.push(")");
            }
            Pat::Record(fields) => {
                self.push("{");
                for (i, (name, field)) in fields.iter().enumerate() {
                    if i > 0 {
                        self.push(", ");
                    }
                    let _ = write!(self.out, "{name} = ");
                    self.pat(*field);
                }
                self.push("}");
            }
            Pat::Constr { name, payload } => {
                let _ = write!(self.out, "#{name}");
                for &p in payload {
                    self.push(" ");
                    self.pat(p);
                }
            }
            Pat::Literal { negated, literal } => {
                if *negated {
                    self.push("-");
                }
                self.literal(literal);
            }
            Pat::Ascription { pat, ty } => {
                self.push("(");
                self.pat(*pat);
                self.push(": ");
                self.ty(*ty);
                self.push(")");
            }
            Pat::Attr { attr, pat } => {
                self.push("#[");
                self.attr(attr);
                self.push("] ");
                self.pat(*pat);
            }
        }
    }

    fn ty(&mut self, ty: TypeId) {
        match &self.store.types[ty] {
            TypeRef::Missing => self.push("?"),
            TypeRef::Path(path) => self.push(&path.to_string()),
            TypeRef::Tuple(elements) => {
                self.push("(");
                self.separated(elements, ", ", |p, t| p.ty(t));
                self.push(")");
            }
            TypeRef::Record(fields) => {
                self.push("{");
                for (i, (name, field)) in fields.iter().enumerate() {
                    if i > 0 {
                        self.push(", ");
                    }
                    let _ = write!(self.out, "{name}: ");
                    self.ty(*field);
                }
                self.push("}");
            }
            TypeRef::Array { size, element } => {
                self.push("[");
                self.size(size);
                self.push("]");
                self.ty(*element);
            }
            TypeRef::Unique(inner) => {
                self.push("*");
                self.ty(*inner);
            }
            TypeRef::Sum(constructors) => {
                for (i, (name, payload)) in constructors.iter().enumerate() {
                    if i > 0 {
                        self.push(" | ");
                    }
                    let _ = write!(self.out, "#{name}");
                    for &t in payload {
                        self.push(" ");
                        self.ty(t);
                    }
                }
            }
            TypeRef::Apply { head, args } => {
                self.ty(*head);
                for arg in args {
                    self.push(" ");
                    match arg {
                        TypeArgRef::Size(size) => {
                            self.push("[");
                            self.size(size);
                            self.push("]");
                        }
                        TypeArgRef::Type(t) => self.ty(*t),
                    }
                }
            }
            TypeRef::Function {
                param_name,
                param,
                result,
            } => {
                match param_name {
                    Some(name) => {
                        let _ = write!(self.out, "({name}: ");
                        self.ty(*param);
                        self.push(")");
                    }
                    None => self.ty(*param),
                }
                self.push(" -> ");
                self.ty(*result);
            }
            TypeRef::Existential { sizes, ty } => {
                self.push("?");
                for size in sizes {
                    let _ = write!(self.out, "[{size}]");
                }
                self.push(".");
                self.ty(*ty);
            }
        }
    }

    fn size(&mut self, size: &SizeRef) {
        if let SizeRef::Expr(e) = size {
            self.expr(*e);
        }
    }
}

/// An operator as written between operands.
fn op_text(name: &str, backticked: bool) -> String {
    if backticked {
        format!("`{name}`")
    } else {
        name.to_string()
    }
}

fn suffix_text(suffix: Option<PrimSuffix>) -> &'static str {
    match suffix {
        None => "",
        Some(PrimSuffix::I8) => "i8",
        Some(PrimSuffix::I16) => "i16",
        Some(PrimSuffix::I32) => "i32",
        Some(PrimSuffix::I64) => "i64",
        Some(PrimSuffix::U8) => "u8",
        Some(PrimSuffix::U16) => "u16",
        Some(PrimSuffix::U32) => "u32",
        Some(PrimSuffix::U64) => "u64",
        Some(PrimSuffix::F16) => "f16",
        Some(PrimSuffix::F32) => "f32",
        Some(PrimSuffix::F64) => "f64",
    }
}
