//! The textual form of the core IR, for debugging, snapshot tests and
//! hand-written programs ([`super::parse`] reads it back): a header
//! naming the level, the number of variables and the tuning parameters,
//! then entry points and functions, one statement per line, variables as
//! `name_id`, types as `i32` and `[n_1][3i64]f32`, existential sizes of
//! results as `[?0]`, nested bodies indented, source locations after `@`
//! (with the calls they were inlined from after `<-`).
//!
//! Everything a program holds is printed except the name hints of
//! variables that occur nowhere in it (the header keeps their count, so
//! that fresh variables are numbered as before).

use super::mem::{IndexExp, MemBind, Space};
use super::{
    Body, DimIndex, EntryPoint, ErrorPart, Exp, ExtDim, ExtType, ExternalType, Lambda, Loc,
    LoopForm, OpaqueKind, Operation, Param, PatElem, Program, Rep, Soac, Stm, StreamKind, SubExp,
    Type, Var,
};
use crate::value::{Value, data::write_text};
use prim::{F16, PrimFn, PrimType, PrimValue};
use std::fmt::Write;

/// Renders a whole program.
pub fn print_program<R: Rep>(program: &Program<R>) -> String {
    let mut printer = Printer {
        program,
        out: String::new(),
        indent: 0,
    };
    let _ = writeln!(printer.out, "level {}", R::NAME);
    let _ = writeln!(printer.out, "variables {}", program.var_names.len());
    if !program.tuning_params.is_empty() {
        let names: Vec<String> = program.tuning_params.iter().map(|n| name(n)).collect();
        let _ = writeln!(printer.out, "tuning {}", names.join(", "));
    }
    for entry in &program.entry_points {
        printer.entry_point(entry);
    }
    for function in &program.functions {
        printer.line(&format!("fun {}", name(&function.name)));
        printer.params(&function.params);
        let ret: Vec<String> = function
            .ret
            .iter()
            .map(|(ty, unique)| {
                format!("{}{}", if *unique { "*" } else { "" }, printer.ext_type(ty))
            })
            .collect();
        let _ = write!(printer.out, ": ({}) =", ret.join(", "));
        printer.body(&function.body);
        printer.out.push('\n');
    }
    printer.out
}

/// A type without its sizes, as the outside sees values: `[][]f32`.
pub fn value_type_text(element: PrimType, rank: usize) -> String {
    format!("{}{}", "[]".repeat(rank), element.name())
}

/// A constant: as in the data format, except that a NaN other than the
/// quiet one (positive or negative) without payload shows its bits.
fn prim_text(value: PrimValue) -> String {
    let nan = match value {
        PrimValue::F16(v) if v.to_f32().is_nan() => Some((u64::from(v.0), 16)),
        PrimValue::F32(v) if v.is_nan() => Some((u64::from(v.to_bits()), 32)),
        PrimValue::F64(v) if v.is_nan() => Some((v.to_bits(), 64)),
        _ => None,
    };
    match nan {
        Some((bits, width)) => {
            let ty = value.prim_type().name();
            let sign = 1u64 << (width - 1);
            if bits == canonical_nan(value.prim_type()) {
                format!("{ty}.nan")
            } else if bits == canonical_nan(value.prim_type()) | sign {
                format!("-{ty}.nan")
            } else {
                format!("{ty}.nan(0x{bits:x})")
            }
        }
        None => {
            let mut out = String::new();
            write_text(&Value::Prim(value), &mut out);
            out
        }
    }
}

/// The bits of the quiet NaN without payload of a float type, which
/// `f32.nan` stands for.
pub(crate) fn canonical_nan(ty: PrimType) -> u64 {
    match ty {
        PrimType::F16 => u64::from(F16::from_f32(f32::NAN).0),
        PrimType::F32 => u64::from(f32::NAN.to_bits()),
        _ => f64::NAN.to_bits(),
    }
}

/// Whether a name can be written as it is: an identifier.
fn is_plain(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '\'')
}

/// A name as written: an identifier as it is, anything else quoted.
fn name(name: &str) -> String {
    if is_plain(name) {
        name.to_owned()
    } else {
        quote(name)
    }
}

/// A string literal: in double quotes, with `\\`, `\"`, `\n`, `\t`,
/// `\r` and other control characters as `\u{..}` escaped.
pub fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A record field or constructor name: a number or identifier as it
/// is, anything else quoted.
fn label(text: &str) -> String {
    if !text.is_empty() && text.chars().all(|c| c.is_ascii_digit()) {
        text.to_owned()
    } else {
        name(text)
    }
}

/// A function on primitive values (other than a tuning parameter):
/// `sqrt_f32`, `to_bits_f64`, `popc_u8`, ...
pub fn prim_fn_name(f: PrimFn) -> String {
    let (base, ty) = match f {
        PrimFn::Float(f, ty) => (f.name(), ty),
        PrimFn::ToBits(ty) => ("to_bits", ty),
        PrimFn::FromBits(ty) => ("from_bits", ty),
        PrimFn::Popc(ty) => ("popc", ty),
        PrimFn::Clz(ty) => ("clz", ty),
        PrimFn::Ctz(ty) => ("ctz", ty),
        PrimFn::MulHi(ty) => ("mul_hi", ty),
        PrimFn::Tuning(_) => return "tuning".to_owned(),
    };
    format!("{base}_{}", ty.name())
}

/// A location: `file:line:col-col` (or `-line:col` when it ends on
/// another line), `prelude` before it for the prelude's code, then each
/// call it was inlined from after `<-` (parenthesised with its own chain
/// when it has one).
fn loc_text(loc: &Loc) -> String {
    let mut out = site_text(loc);
    for site in loc.inlined_from.iter() {
        out.push_str(" <- ");
        if site.inlined_from.is_empty() {
            out.push_str(&site_text(site));
        } else {
            let _ = write!(out, "({})", loc_text(site));
        }
    }
    out
}

fn site_text(loc: &Loc) -> String {
    let plain = !loc.file.is_empty()
        && !loc.file.starts_with("--")
        && !loc
            .file
            .chars()
            .any(|c| c.is_whitespace() || matches!(c, '"' | '(' | ')' | '\\'));
    let file = if plain {
        loc.file.to_string()
    } else {
        quote(&loc.file)
    };
    let prelude = if loc.prelude { "prelude " } else { "" };
    let ((line, col), (end_line, end_col)) = (loc.start, loc.end);
    if line == end_line {
        format!("{prelude}{file}:{line}:{col}-{end_col}")
    } else {
        format!("{prelude}{file}:{line}:{col}-{end_line}:{end_col}")
    }
}

/// How an entry point's parameter or result looks from outside:
/// `[][]f32`, or `opaque "name" COMPONENTS` followed by a record's
/// fields (`{x: f32, y: f32}`) or a sum's constructors (`sum {#a(i32)
/// [1], #b() []}`, each with the components holding its payload).
pub fn external_type_text(ty: &ExternalType) -> String {
    match ty {
        ExternalType::Direct { element, rank } => value_type_text(*element, *rank),
        ExternalType::Opaque {
            name,
            components,
            kind,
        } => {
            let kind = match kind {
                OpaqueKind::Record(fields) => {
                    let fields: Vec<String> = fields
                        .iter()
                        .map(|(field, ty)| format!("{}: {}", label(field), external_type_text(ty)))
                        .collect();
                    format!(" {{{}}}", fields.join(", "))
                }
                OpaqueKind::Sum(variants) => {
                    let variants: Vec<String> = variants
                        .iter()
                        .map(|variant| {
                            let payload: Vec<String> =
                                variant.payload.iter().map(external_type_text).collect();
                            let slots: Vec<String> =
                                variant.components.iter().map(usize::to_string).collect();
                            format!(
                                "#{}({}) [{}]",
                                label(&variant.name),
                                payload.join(", "),
                                slots.join(", ")
                            )
                        })
                        .collect();
                    format!(" sum {{{}}}", variants.join(", "))
                }
                OpaqueKind::Other => String::new(),
            };
            format!("opaque {} {components}{kind}", quote(name))
        }
    }
}

/// The printer's state, which a representation's operations print
/// themselves with ([`super::Operation::print`]).
pub struct Printer<'p, R: Rep> {
    program: &'p Program<R>,
    out: String,
    indent: usize,
}

impl<R: Rep> Printer<'_, R> {
    /// `entry name = function (params) : (results)`, each parameter with
    /// its name when it has one, `*` marking consumed parameters and
    /// unique results.
    fn entry_point(&mut self, entry: &EntryPoint) {
        let star = |unique: Option<&bool>| if unique == Some(&true) { "*" } else { "" };
        let params: Vec<String> = entry
            .params
            .iter()
            .enumerate()
            .map(|(i, ty)| {
                let param_name = match entry.api.param_names.get(i) {
                    Some(Some(param)) => format!("{}: ", name(param)),
                    _ => String::new(),
                };
                let unique = star(entry.api.params_unique.get(i));
                format!("{unique}{param_name}{}", external_type_text(ty))
            })
            .collect();
        let results: Vec<String> = entry
            .results
            .iter()
            .enumerate()
            .map(|(i, ty)| {
                let unique = star(entry.api.results_unique.get(i));
                format!("{unique}{}", external_type_text(ty))
            })
            .collect();
        let _ = writeln!(
            self.out,
            "entry {} = {} ({}) : ({})",
            name(&entry.name),
            self.function_name(entry.func),
            params.join(", "),
            results.join(", ")
        );
    }

    fn function_name(&self, func: super::FuncId) -> String {
        match self.program.functions.get(func.0 as usize) {
            Some(function) => name(&function.name),
            None => quote(&format!("<function {}>", func.0)),
        }
    }

    pub fn line(&mut self, text: &str) {
        if !self.out.is_empty() && !self.out.ends_with('\n') {
            self.out.push('\n');
        }
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
    }

    pub fn ty(&self, ty: &Type) -> String {
        if let Type::Mem(space) = ty {
            return mem_type_text(*space);
        }
        let dims: String = ty
            .shape()
            .iter()
            .map(|&d| format!("[{}]", self.subexp(d)))
            .collect();
        format!("{dims}{}", ty.element().name())
    }

    pub fn ext_type(&self, ty: &ExtType) -> String {
        if let ExtType::Mem(space) = ty {
            return mem_type_text(*space);
        }
        let dims: String = ty
            .shape()
            .iter()
            .map(|d| match *d {
                ExtDim::Free(se) => format!("[{}]", self.subexp(se)),
                ExtDim::Ext(i) => format!("[?{i}]"),
            })
            .collect();
        format!("{dims}{}", ty.element().name())
    }

    /// `name_id`, the name quoted unless it is an identifier (or empty).
    pub fn var(&self, var: Var) -> String {
        let hint = self.program.var_name(var);
        if hint.is_empty() || is_plain(hint) {
            format!("{hint}_{}", var.0)
        } else {
            format!("{}_{}", quote(hint), var.0)
        }
    }

    pub fn subexp(&self, se: SubExp) -> String {
        match se {
            SubExp::Const(value) => prim_text(value),
            SubExp::Var(var) => self.var(var),
        }
    }

    pub fn subexps(&self, ses: &[SubExp]) -> String {
        ses.iter()
            .map(|&se| self.subexp(se))
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub fn vars(&self, vars: &[Var]) -> String {
        vars.iter()
            .map(|&v| self.var(v))
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub fn params(&mut self, params: &[Param]) {
        let text: Vec<String> = params
            .iter()
            .map(|p| {
                format!(
                    "{}{}: {}{}",
                    if p.unique { "*" } else { "" },
                    self.var(p.var),
                    self.ty(&p.ty),
                    self.mem_bind(p.mem.as_ref())
                )
            })
            .collect();
        let _ = write!(self.out, " ({})", text.join(", "));
    }

    pub fn pat(&self, pat: &[PatElem]) -> String {
        pat.iter()
            .map(|p| {
                format!(
                    "{}: {}{}",
                    self.var(p.var),
                    self.ty(&p.ty),
                    self.mem_bind(p.mem.as_ref())
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Where an array is: ` @ block -> {offset; strides}`, or nothing.
    pub fn mem_bind(&self, mem: Option<&MemBind>) -> String {
        match mem {
            None => String::new(),
            Some(MemBind { block, lmad }) => {
                let strides: Vec<String> = lmad.strides.iter().map(|s| self.index_exp(s)).collect();
                format!(
                    " @ {} -> {{{}; {}}}",
                    self.var(*block),
                    self.index_exp(&lmad.offset),
                    strides.join(", ")
                )
            }
        }
    }

    pub fn index_exp(&self, e: &IndexExp) -> String {
        let operand = |e: &IndexExp| match e {
            IndexExp::Const(_) | IndexExp::Var(_) => self.index_exp(e),
            _ => format!("({})", self.index_exp(e)),
        };
        match e {
            IndexExp::Const(c) => c.to_string(),
            IndexExp::Var(v) => self.var(*v),
            IndexExp::Add(a, b) => format!("{} + {}", operand(a), operand(b)),
            IndexExp::Sub(a, b) => format!("{} - {}", operand(a), operand(b)),
            IndexExp::Mul(a, b) => format!("{} * {}", operand(a), operand(b)),
        }
    }

    pub fn body(&mut self, body: &Body<R>) {
        self.out.push_str(" {");
        self.indent += 1;
        for stm in &body.stms {
            self.stm(stm);
        }
        let result = format!("in ({})", self.subexps(&body.result));
        self.line(&result);
        self.indent -= 1;
        self.line("}");
    }

    pub fn lambda(&mut self, lambda: &Lambda<R>) {
        self.out.push('\\');
        self.params(&lambda.params);
        let ret: Vec<String> = lambda.ret.iter().map(|t| self.ty(t)).collect();
        let _ = write!(self.out, ": ({}) ->", ret.join(", "));
        self.body(&lambda.body);
    }

    pub fn slice(&self, slice: &[DimIndex]) -> String {
        let parts: Vec<String> = slice
            .iter()
            .map(|index| match *index {
                DimIndex::Fix(i) => self.subexp(i),
                DimIndex::Slice { start, len, stride } => format!(
                    "{}:+{}*{}",
                    self.subexp(start),
                    self.subexp(len),
                    self.subexp(stride)
                ),
            })
            .collect();
        format!("[{}]", parts.join(", "))
    }

    pub fn stm(&mut self, stm: &Stm<R>) {
        let attrs: String = stm.attrs.iter().map(|a| format!("#[{a}] ")).collect();
        let head = format!("{attrs}let ({}) = ", self.pat(&stm.pat));
        self.line(&head);
        self.exp(&stm.exp);
        if let Some(loc) = &stm.loc {
            let _ = write!(self.out, " @ {}", loc_text(loc));
        }
    }

    pub fn exp(&mut self, exp: &Exp<R>) {
        let text = match exp {
            Exp::SubExp(se) => self.subexp(*se),
            Exp::Opaque(se) => format!("opaque({})", self.subexp(*se)),
            Exp::BinOp(op, a, b) => {
                format!("{}({}, {})", op.name(), self.subexp(*a), self.subexp(*b))
            }
            Exp::Cmp(op, a, b) => {
                format!("{}({}, {})", op.name(), self.subexp(*a), self.subexp(*b))
            }
            Exp::UnOp(op, a) => format!("{}({})", op.name(), self.subexp(*a)),
            Exp::Convert(to, a) => format!("to_{}({})", to.name(), self.subexp(*a)),
            Exp::PrimFn(PrimFn::Tuning(k), args) => {
                let param = match self.program.tuning_params.get(*k as usize) {
                    Some(param) => name(param),
                    None => k.to_string(),
                };
                format!("tuning({param}, {})", self.subexps(args))
            }
            Exp::PrimFn(f, args) => format!("{}({})", prim_fn_name(*f), self.subexps(args)),
            Exp::Call { func, args } => {
                format!(
                    "apply {}({})",
                    self.function_name(*func),
                    self.subexps(args)
                )
            }
            Exp::If {
                condition,
                then_body,
                else_body,
                ret,
            } => {
                let _ = write!(self.out, "if {} then", self.subexp(*condition));
                self.body(then_body);
                self.out.push_str(" else");
                self.body(else_body);
                let ret: Vec<String> = ret.iter().map(|t| self.ext_type(t)).collect();
                let _ = write!(self.out, " : ({})", ret.join(", "));
                return;
            }
            Exp::Loop { params, form, body } => {
                self.out.push_str("loop");
                let loop_params: Vec<Param> = params.iter().map(|(p, _)| p.clone()).collect();
                self.params(&loop_params);
                let inits: Vec<SubExp> = params.iter().map(|(_, init)| *init).collect();
                let _ = write!(self.out, " = ({})", self.subexps(&inits));
                match form {
                    LoopForm::For { var, bound } => {
                        let _ = write!(
                            self.out,
                            " for {} < {}",
                            self.var(*var),
                            self.subexp(*bound)
                        );
                    }
                    LoopForm::While { condition } => {
                        let _ = write!(self.out, " while {}", self.var(*condition));
                    }
                }
                self.out.push_str(" do");
                self.body(body);
                return;
            }
            Exp::Index { array, slice } => format!("{}{}", self.var(*array), self.slice(slice)),
            Exp::Update {
                array,
                slice,
                value,
            } => format!(
                "{} with {} = {}",
                self.var(*array),
                self.slice(slice),
                self.subexp(*value)
            ),
            Exp::ArrayLit { elements, row } => {
                format!("[{}]: {}", self.subexps(elements), self.ty(row))
            }
            Exp::Iota {
                len,
                start,
                step,
                ty,
            } => format!(
                "iota_{}({}, {}, {})",
                ty.name(),
                self.subexp(*len),
                self.subexp(*start),
                self.subexp(*step)
            ),
            Exp::Replicate { shape, value } => {
                format!(
                    "replicate([{}], {})",
                    self.subexps(shape),
                    self.subexp(*value)
                )
            }
            Exp::Scratch { shape, element } => {
                format!("scratch([{}], {})", self.subexps(shape), element.name())
            }
            Exp::Rearrange { perm, array } => format!("rearrange({perm:?}, {})", self.var(*array)),
            Exp::Reshape { shape, array } => {
                format!("reshape([{}], {})", self.subexps(shape), self.var(*array))
            }
            Exp::Concat { arrays, width } => {
                format!("concat({}) : {}", self.vars(arrays), self.subexp(*width))
            }
            Exp::Copy(var) => format!("copy({})", self.var(*var)),
            Exp::Assert { condition, message } => {
                let parts: Vec<String> = message
                    .iter()
                    .map(|part| match part {
                        ErrorPart::Text(text) => quote(text),
                        ErrorPart::Value(se) => self.subexp(*se),
                    })
                    .collect();
                if parts.is_empty() {
                    format!("assert({})", self.subexp(*condition))
                } else {
                    format!("assert({}, {})", self.subexp(*condition), parts.join(" "))
                }
            }
            Exp::Op(op) => {
                op.print(self);
                return;
            }
        };
        self.out.push_str(&text);
    }

    /// Writes text.
    pub fn write(&mut self, text: &str) {
        self.out.push_str(text);
    }

    /// Writes a SOAC.
    pub fn soac(&mut self, soac: &Soac<R>) {
        match soac {
            Soac::Screma {
                width,
                arrays,
                map,
                scans,
                reduces,
                post,
            } => {
                let _ = write!(
                    self.out,
                    "screma({}, {{{}}}, ",
                    self.subexp(*width),
                    self.vars(arrays)
                );
                self.lambda(map);
                for scan in scans {
                    let _ = write!(self.out, ", scan({}) ", self.subexps(&scan.neutral));
                    self.lambda(&scan.lambda);
                }
                for reduce in reduces {
                    let comm = if reduce.commutative { "comm " } else { "" };
                    let _ = write!(
                        self.out,
                        ", reduce {comm}({}) ",
                        self.subexps(&reduce.neutral)
                    );
                    self.lambda(&reduce.lambda);
                }
                if let Some(post) = post {
                    self.out.push_str(", post ");
                    self.lambda(post);
                }
                self.out.push(')');
            }
            Soac::Hist {
                width,
                arrays,
                ops,
                map,
            } => {
                let _ = write!(
                    self.out,
                    "hist({}, {{{}}}, ",
                    self.subexp(*width),
                    self.vars(arrays)
                );
                self.lambda(map);
                for op in ops {
                    let _ = write!(
                        self.out,
                        ", op({{{}}}, ({})) ",
                        self.vars(&op.dests),
                        self.subexps(&op.neutral)
                    );
                    self.lambda(&op.op);
                }
                self.out.push(')');
            }
            Soac::Scatter {
                width,
                arrays,
                dests,
                map,
            } => {
                let _ = write!(
                    self.out,
                    "scatter({}, {{{}}}, ",
                    self.subexp(*width),
                    self.vars(arrays)
                );
                self.lambda(map);
                let dests: Vec<String> = dests
                    .iter()
                    .map(|d| match d.writes {
                        1 => self.var(d.array),
                        n => format!("{} * {n}", self.var(d.array)),
                    })
                    .collect();
                let _ = write!(self.out, ", {{{}}})", dests.join(", "));
            }
            Soac::Accumulate {
                width,
                arrays,
                dests,
                map,
            } => {
                let _ = write!(
                    self.out,
                    "accumulate({}, {{{}}}, {{{}}}, ",
                    self.subexp(*width),
                    self.vars(dests),
                    self.vars(arrays)
                );
                self.lambda(map);
                self.out.push(')');
            }
            Soac::Stream {
                kind,
                width,
                arrays,
                accumulators,
                fold,
                reduce,
            } => {
                let name = match kind {
                    StreamKind::Sequential => "stream_seq",
                    StreamKind::Parallel => "stream_par",
                };
                let _ = write!(
                    self.out,
                    "{name}({}, {{{}}}, ({}), ",
                    self.subexp(*width),
                    self.vars(arrays),
                    self.subexps(accumulators)
                );
                self.lambda(fold);
                if let Some(reduce) = reduce {
                    self.out.push_str(", ");
                    self.lambda(reduce);
                }
                self.out.push(')');
            }
        }
    }
}

/// A memory block's type: `mem`, or `mem@space` outside the default
/// space.
fn mem_type_text(space: Space) -> String {
    match space {
        Space::Default => "mem".to_owned(),
    }
}
