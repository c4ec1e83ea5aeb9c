//! Semantic types, as inference computes them, and their printing in
//! upstream's notation (`[n]i32`, `(i32, f32)`, `{a: i32}`, `#a i32 | #b`,
//! `i32 -> i32`).

use crate::name::Name;
pub use prim::PrimType;
use std::fmt;
use syntax::ast::Liftedness;

/// Encloses the parts of an abstract type's name that make it unique but
/// are not printed (see `module_signature`): `R.t` of two parameters named
/// `R`, `M0.m.t` and `M1.m.t` of one module specification `m`.
pub const HIDDEN_SUFFIX: char = '\u{1}';

/// An abstract type's name as printed: without its hidden parts, each
/// enclosed in a pair of [`HIDDEN_SUFFIX`].
pub fn abstract_display_name(name: &str) -> String {
    name.split(HIDDEN_SUFFIX).step_by(2).collect()
}

/// A unification variable for types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TyVar(pub u32);

/// An array dimension.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Size {
    Const(u64),
    /// A size named by a size parameter or binder in scope.
    Named(Name),
    /// A size to be determined by unification (flexible).
    Var(u32),
    /// A size nobody knows statically (an existential size): equal only
    /// to itself.
    Unknown(u32),
    /// A size computed from others, as written in a type (`[n * m]`).
    /// The checker treats it like an existential size; it is kept so that
    /// uses can be matched against it and its value computed.
    Op(SizeOp, Box<(Size, Size)>),
    /// A size given by applying a function to sizes, as written in a type
    /// (`[s bits n]`, by the function's name as written). The checker
    /// cannot compute it: it may equal any size, but a use is matched
    /// against one of the same form part by part (upstream compares size
    /// expressions syntactically), which gives the sizes of its arguments.
    Call(Name, Vec<Size>),
}

/// The operators of symbolic sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SizeOp {
    Add,
    Sub,
    Mul,
    /// `/`: division rounding down.
    Div,
    /// `%`: the remainder of `/`.
    Mod,
    /// `**`: exponentiation.
    Pow,
}

impl SizeOp {
    pub fn from_symbol(symbol: &str) -> Option<SizeOp> {
        Some(match symbol {
            "+" => SizeOp::Add,
            "-" => SizeOp::Sub,
            "*" => SizeOp::Mul,
            "/" => SizeOp::Div,
            "%" => SizeOp::Mod,
            "**" => SizeOp::Pow,
            _ => return None,
        })
    }

    pub fn symbol(self) -> &'static str {
        match self {
            SizeOp::Add => "+",
            SizeOp::Sub => "-",
            SizeOp::Mul => "*",
            SizeOp::Div => "/",
            SizeOp::Mod => "%",
            SizeOp::Pow => "**",
        }
    }
}

impl Size {
    /// The size with `f` applied to its leaves (all but `Op`s).
    pub fn map_leaves(&self, f: &mut impl FnMut(&Size) -> Size) -> Size {
        match self {
            Size::Op(op, operands) => Size::Op(
                *op,
                Box::new((operands.0.map_leaves(f), operands.1.map_leaves(f))),
            ),
            Size::Call(function, args) => Size::Call(
                function.clone(),
                args.iter().map(|arg| arg.map_leaves(f)).collect(),
            ),
            leaf => f(leaf),
        }
    }

    /// Whether `f` holds for every leaf.
    pub fn all_leaves(&self, f: &mut impl FnMut(&Size) -> bool) -> bool {
        match self {
            Size::Op(_, operands) => operands.0.all_leaves(f) && operands.1.all_leaves(f),
            Size::Call(_, args) => args.iter().all(|arg| arg.all_leaves(f)),
            leaf => f(leaf),
        }
    }

    /// Whether the size has a part the checker cannot compute (an
    /// application, or an operand sizes cannot express), so that it may
    /// equal any size.
    pub fn has_lax_part(&self) -> bool {
        match self {
            Size::Call(..) => true,
            Size::Op(_, operands) => {
                operands.0 == Size::Unknown(0)
                    || operands.1 == Size::Unknown(0)
                    || operands.0.has_lax_part()
                    || operands.1.has_lax_part()
            }
            _ => false,
        }
    }

    /// The size as an expression, without brackets; `None` if unknown.
    /// An unknown part of a computed size is `?` (`? * 2`), so that a
    /// size that is partly known never prints as nothing.
    fn expression(&self) -> Option<String> {
        match self {
            Size::Var(_) | Size::Unknown(_) => None,
            known => Some(known.text()),
        }
    }

    /// The size as an expression, without brackets, an unknown size or
    /// unknown part written `?`.
    pub fn text(&self) -> String {
        match self {
            Size::Const(n) => n.to_string(),
            Size::Named(name) => name.to_string(),
            Size::Var(_) | Size::Unknown(_) => "?".to_string(),
            Size::Op(op, operands) => format!(
                "{} {} {}",
                operands.0.text(),
                op.symbol(),
                operands.1.text()
            ),
            Size::Call(function, args) => {
                let mut text = function.to_string();
                for arg in args {
                    let arg_text = arg.text();
                    if matches!(arg, Size::Op(..) | Size::Call(..)) {
                        text.push_str(&format!(" ({arg_text})"));
                    } else {
                        text.push_str(&format!(" {arg_text}"));
                    }
                }
                text
            }
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.expression() {
            Some(text) => write!(f, "[{text}]"),
            None => write!(f, "[]"),
        }
    }
}

/// An argument of an abstract type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeArg {
    Type(Ty),
    Size(Size),
}

impl TypeArg {
    /// The argument with `f` applied to it if it is a type.
    pub fn map_type(&self, f: impl FnOnce(&Ty) -> Ty) -> TypeArg {
        match self {
            TypeArg::Type(ty) => TypeArg::Type(f(ty)),
            TypeArg::Size(size) => TypeArg::Size(size.clone()),
        }
    }

    /// The argument with `f` applied to it if it is a size.
    pub fn map_size(&self, f: impl FnOnce(&Size) -> Size) -> TypeArg {
        match self {
            TypeArg::Type(ty) => TypeArg::Type(ty.clone()),
            TypeArg::Size(size) => TypeArg::Size(f(size)),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Ty {
    Prim(PrimType),
    /// An array; the element is never itself an array.
    Array {
        element: Box<Ty>,
        shape: Vec<Size>,
        unique: bool,
    },
    /// A record; fields sorted by name. Tuples are records with fields
    /// `0`, `1`, ...
    Record(Vec<(Name, Ty)>),
    /// A sum type; constructors sorted by name.
    Sum(Vec<(Name, Vec<Ty>)>),
    Function {
        param_name: Option<Name>,
        param: Box<Ty>,
        result: Box<Ty>,
    },
    /// A type parameter of the definition being checked (rigid).
    Param(Name),
    /// An abstract type, named by its qualified name, with the liftedness
    /// its specification declares (`type~ t` may hide sizes) and the
    /// arguments it is applied to (`P.vector [n] t`).
    Abstract(Name, Liftedness, Vec<TypeArg>),
    Var(TyVar),
    /// The type of an erroneous expression: unifies with everything, so
    /// that one mistake is reported once.
    Error,
}

impl Ty {
    pub fn unit() -> Ty {
        Ty::Record(Vec::new())
    }

    pub fn bool() -> Ty {
        Ty::Prim(PrimType::Bool)
    }

    pub fn i64() -> Ty {
        Ty::Prim(PrimType::I64)
    }

    /// A tuple, as a record with numbered fields.
    pub fn tuple(elements: Vec<Ty>) -> Ty {
        Ty::Record(
            elements
                .into_iter()
                .enumerate()
                .map(|(i, ty)| (Name::new(&i.to_string()), ty))
                .collect(),
        )
    }

    /// Builds a record, sorting its fields.
    pub fn record(mut fields: Vec<(Name, Ty)>) -> Ty {
        fields.sort_by(|a, b| field_order(&a.0, &b.0));
        Ty::Record(fields)
    }

    pub fn sum(mut constructors: Vec<(Name, Vec<Ty>)>) -> Ty {
        constructors.sort_by(|a, b| a.0.cmp(&b.0));
        Ty::Sum(constructors)
    }

    /// An array of `element` with one more dimension in front.
    pub fn array_of(element: Ty, size: Size) -> Ty {
        match element {
            Ty::Array {
                element,
                mut shape,
                unique,
            } => {
                shape.insert(0, size);
                Ty::Array {
                    element,
                    shape,
                    unique,
                }
            }
            other => Ty::Array {
                element: Box::new(other),
                shape: vec![size],
                unique: false,
            },
        }
    }

    /// The type with `f` applied to its component types: record fields,
    /// constructor payloads, a function's parameter and result, an abstract
    /// type's type arguments. Arrays,
    /// whose rebuilding differs between users (an element may become an
    /// array), and types without components come back as they are.
    pub fn map_components(&self, mut f: impl FnMut(&Ty) -> Ty) -> Ty {
        match self {
            Ty::Record(fields) => Ty::Record(
                fields
                    .iter()
                    .map(|(name, ty)| (name.clone(), f(ty)))
                    .collect(),
            ),
            Ty::Sum(constructors) => Ty::Sum(
                constructors
                    .iter()
                    .map(|(name, payload)| (name.clone(), payload.iter().map(&mut f).collect()))
                    .collect(),
            ),
            Ty::Function {
                param_name,
                param,
                result,
            } => Ty::Function {
                param_name: param_name.clone(),
                param: Box::new(f(param)),
                result: Box::new(f(result)),
            },
            Ty::Abstract(name, liftedness, args) => Ty::Abstract(
                name.clone(),
                *liftedness,
                args.iter().map(|arg| arg.map_type(&mut f)).collect(),
            ),
            Ty::Prim(_) | Ty::Array { .. } | Ty::Param(_) | Ty::Var(_) | Ty::Error => self.clone(),
        }
    }

    pub fn function(param: Ty, result: Ty) -> Ty {
        Ty::Function {
            param_name: None,
            param: Box::new(param),
            result: Box::new(result),
        }
    }

    /// The elements of a tuple type: a record whose fields are `0..n`
    /// with n ≠ 1.
    pub fn tuple_elements(&self) -> Option<Vec<&Ty>> {
        let Ty::Record(fields) = self else {
            return None;
        };
        tuple_arity(fields)?;
        Some(fields.iter().map(|(_, ty)| ty).collect())
    }
}

/// How many elements record fields make as a tuple: fields `0..n` with
/// n ≠ 1.
pub fn tuple_arity(fields: &[(Name, Ty)]) -> Option<usize> {
    let numbered = fields
        .iter()
        .enumerate()
        .all(|(i, (name, _))| name.as_str() == i.to_string());
    (numbered && fields.len() != 1).then_some(fields.len())
}

/// Record fields are ordered by name, numerically for numeric names, so
/// that tuples keep their order.
pub fn field_order(a: &Name, b: &Name) -> std::cmp::Ordering {
    match (a.as_str().parse::<u64>(), b.as_str().parse::<u64>()) {
        (Ok(x), Ok(y)) => x.cmp(&y),
        (Ok(_), Err(_)) => std::cmp::Ordering::Less,
        (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
        (Err(_), Err(_)) => a.cmp(b),
    }
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

impl Ty {
    /// Writes the type; `atomic` asks for parentheses around function and
    /// sum types.
    fn write(&self, f: &mut fmt::Formatter<'_>, atomic: bool) -> fmt::Result {
        match self {
            Ty::Prim(p) => f.write_str(p.name()),
            Ty::Array {
                element,
                shape,
                unique,
            } => {
                if *unique {
                    f.write_str("*")?;
                }
                for size in shape {
                    write!(f, "{size}")?;
                }
                element.write(f, true)
            }
            Ty::Record(fields) => {
                if let Some(elements) = self.tuple_elements() {
                    f.write_str("(")?;
                    for (i, ty) in elements.iter().enumerate() {
                        if i > 0 {
                            f.write_str(", ")?;
                        }
                        ty.write(f, false)?;
                    }
                    return f.write_str(")");
                }
                f.write_str("{")?;
                for (i, (name, ty)) in fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{name}: ")?;
                    ty.write(f, false)?;
                }
                f.write_str("}")
            }
            Ty::Sum(constructors) => {
                if atomic {
                    f.write_str("(")?;
                }
                for (i, (name, payload)) in constructors.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" | ")?;
                    }
                    write!(f, "#{name}")?;
                    for ty in payload {
                        f.write_str(" ")?;
                        ty.write(f, true)?;
                    }
                }
                if atomic {
                    f.write_str(")")?;
                }
                Ok(())
            }
            Ty::Function {
                param_name,
                param,
                result,
            } => {
                if atomic {
                    f.write_str("(")?;
                }
                // A parameter's name matters only if a size mentions it.
                match param_name
                    .as_ref()
                    .filter(|name| result.mentions_size(name))
                {
                    Some(name) => {
                        write!(f, "({name}: ")?;
                        param.write(f, false)?;
                        f.write_str(")")?;
                    }
                    None => param.write(f, true)?,
                }
                f.write_str(" -> ")?;
                result.write(f, false)?;
                if atomic {
                    f.write_str(")")?;
                }
                Ok(())
            }
            Ty::Param(name) => write!(f, "{name}"),
            // As upstream, an applied abstract type has no parentheses of
            // its own (`[n]vector t`, `vector t -> vector t`), except as
            // another's argument, where they are needed.
            Ty::Abstract(name, _, args) => {
                write!(f, "{}", abstract_display_name(name.as_str()))?;
                for arg in args {
                    f.write_str(" ")?;
                    match arg {
                        TypeArg::Type(ty @ Ty::Abstract(_, _, inner)) if !inner.is_empty() => {
                            write!(f, "({ty})")?;
                        }
                        TypeArg::Type(ty) => ty.write(f, true)?,
                        TypeArg::Size(size) => write!(f, "{size}")?,
                    }
                }
                Ok(())
            }
            Ty::Var(v) => write!(f, "t{}", v.0),
            Ty::Error => f.write_str("???"),
        }
    }
}

/// Which side of a function type a part of a type is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Param,
    Result,
}

/// Where in a type an array size occurs (see [`Ty::visit_sizes`]).
pub struct SizeSite<'a> {
    /// The sides of the function types enclosing the size, outermost
    /// first; empty outside function types.
    pub sides: &'a [Side],
    /// The parameter names of the function types whose results enclose
    /// the size: names the size may use without them being free.
    pub binders: &'a [Name],
}

impl SizeSite<'_> {
    /// Inside the parameter type of some function type.
    pub fn in_param(&self) -> bool {
        self.sides.contains(&Side::Param)
    }

    /// Inside the result type of some function type.
    pub fn in_result(&self) -> bool {
        self.sides.contains(&Side::Result)
    }
}

impl Ty {
    /// Calls `visit` with every array size of the type (whole size
    /// expressions; their leaves are the visitor's to take apart) and where
    /// it occurs. The one walk that the questions about where a type's
    /// sizes are (in parameters, in results, told by a value) are asked
    /// through.
    pub fn visit_sizes(&self, visit: &mut dyn FnMut(&Size, &SizeSite)) {
        fn walk(
            ty: &Ty,
            sides: &mut Vec<Side>,
            binders: &mut Vec<Name>,
            visit: &mut dyn FnMut(&Size, &SizeSite),
        ) {
            match ty {
                Ty::Array { element, shape, .. } => {
                    for size in shape {
                        visit(size, &SizeSite { sides, binders });
                    }
                    walk(element, sides, binders, visit);
                }
                Ty::Record(fields) => {
                    for (_, t) in fields {
                        walk(t, sides, binders, visit);
                    }
                }
                Ty::Sum(constructors) => {
                    for t in constructors.iter().flat_map(|(_, payload)| payload) {
                        walk(t, sides, binders, visit);
                    }
                }
                Ty::Function {
                    param_name,
                    param,
                    result,
                } => {
                    sides.push(Side::Param);
                    walk(param, sides, binders, visit);
                    sides.pop();
                    sides.push(Side::Result);
                    let mark = binders.len();
                    binders.extend(param_name.iter().cloned());
                    walk(result, sides, binders, visit);
                    binders.truncate(mark);
                    sides.pop();
                }
                // As upstream, an abstract type's size arguments are where
                // the type is, its type arguments as in a parameter.
                Ty::Abstract(_, _, args) => {
                    for arg in args {
                        match arg {
                            TypeArg::Size(size) => visit(size, &SizeSite { sides, binders }),
                            TypeArg::Type(t) => {
                                sides.push(Side::Param);
                                walk(t, sides, binders, visit);
                                sides.pop();
                            }
                        }
                    }
                }
                Ty::Prim(_) | Ty::Param(_) | Ty::Var(_) | Ty::Error => {}
            }
        }
        walk(self, &mut Vec::new(), &mut Vec::new(), visit);
    }

    /// The leaves of the array sizes of the type for which `keep` holds,
    /// given where they occur (see [`Ty::visit_sizes`]), in order, with
    /// repetitions.
    pub fn size_leaves(&self, keep: impl Fn(&Size, &SizeSite) -> bool) -> Vec<Size> {
        let mut out = Vec::new();
        self.visit_sizes(&mut |size, site| {
            size.all_leaves(&mut |leaf| {
                if keep(leaf, site) {
                    out.push(leaf.clone());
                }
                true
            });
        });
        out
    }

    /// The type with `f` applied to each of its array sizes (whole size
    /// expressions), wherever they are.
    pub fn map_sizes(&self, f: &mut dyn FnMut(&Size) -> Size) -> Ty {
        match self {
            Ty::Array {
                element,
                shape,
                unique,
            } => Ty::Array {
                element: Box::new(element.map_sizes(f)),
                shape: shape.iter().map(&mut *f).collect(),
                unique: *unique,
            },
            Ty::Abstract(name, liftedness, args) => Ty::Abstract(
                name.clone(),
                *liftedness,
                args.iter()
                    .map(|arg| match arg {
                        TypeArg::Type(t) => TypeArg::Type(t.map_sizes(f)),
                        TypeArg::Size(size) => TypeArg::Size(f(size)),
                    })
                    .collect(),
            ),
            _ => self.map_components(|t| t.map_sizes(f)),
        }
    }

    /// Whether the size named `name` occurs in the type.
    pub fn mentions_size(&self, name: &Name) -> bool {
        !self
            .size_leaves(|leaf, _| matches!(leaf, Size::Named(n) if n == name))
            .is_empty()
    }
}

/// A polymorphic type: type and size parameters, and a type in which they
/// occur as `Ty::Param` / `Size::Named`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Scheme {
    pub type_params: Vec<Name>,
    /// The type parameters that may stand for functions (declared `'^t`);
    /// the others are instantiated only with non-functional types.
    pub lifted: Vec<Name>,
    /// The type parameters declared size-lifted (`'~t`): they may hide
    /// sizes, but not functions.
    pub size_lifted: Vec<Name>,
    pub size_params: Vec<Name>,
    pub ty: Ty,
}

impl Scheme {
    pub fn mono(ty: Ty) -> Scheme {
        Scheme {
            type_params: Vec::new(),
            lifted: Vec::new(),
            size_lifted: Vec::new(),
            size_params: Vec::new(),
            ty,
        }
    }
}
