//! The textual form of the core IR, for debugging and snapshot tests:
//! one statement per line, variables as `name_id`, types as `i32` and
//! `[n_1][3]f32`, existential sizes of results as `[?0]`, nested bodies
//! indented.

use super::mem::{IndexExp, MemBind, Space};
use super::{
    Body, DimIndex, ErrorPart, Exp, ExtDim, ExtType, Lambda, LoopForm, Operation, Param, PatElem,
    Program, Rep, Soac, Stm, StreamKind, SubExp, Type, Var,
};
use crate::value::{Value, data::write_text};
use prim::PrimType;
use prim::PrimValue;
use std::fmt::Write;

/// Renders a whole program.
pub fn print_program<R: Rep>(program: &Program<R>) -> String {
    let mut printer = Printer {
        program,
        out: String::new(),
        indent: 0,
    };
    for entry in &program.entry_points {
        let _ = writeln!(
            printer.out,
            "entry {} = {}",
            entry.name,
            program.function(entry.func).name
        );
    }
    for function in &program.functions {
        printer.line(&format!("fun {}", function.name));
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

fn prim_text(value: PrimValue) -> String {
    let mut out = String::new();
    write_text(&Value::Prim(value), &mut out);
    out
}

/// The printer's state, which a representation's operations print
/// themselves with ([`super::Operation::print`]).
pub struct Printer<'p, R: Rep> {
    program: &'p Program<R>,
    out: String,
    indent: usize,
}

impl<R: Rep> Printer<'_, R> {
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

    pub fn var(&self, var: Var) -> String {
        format!("{}_{}", self.program.var_name(var), var.0)
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
        let head = format!("let ({}) = ", self.pat(&stm.pat));
        self.line(&head);
        self.exp(&stm.exp);
        if let Some(loc) = &stm.loc {
            let _ = write!(self.out, " @ {loc}");
        }
    }

    pub fn exp(&mut self, exp: &Exp<R>) {
        let text = match exp {
            Exp::SubExp(se) => self.subexp(*se),
            Exp::BinOp(op, a, b) => format!("{op:?}({}, {})", self.subexp(*a), self.subexp(*b)),
            Exp::Cmp(op, a, b) => format!("{op:?}({}, {})", self.subexp(*a), self.subexp(*b)),
            Exp::UnOp(op, a) => format!("{op:?}({})", self.subexp(*a)),
            Exp::Convert(to, a) => format!("to_{}({})", to.name(), self.subexp(*a)),
            Exp::PrimFn(f, args) => format!("{f:?}({})", self.subexps(args)),
            Exp::Call { func, args } => format!(
                "{}({})",
                self.program.function(*func).name,
                self.subexps(args)
            ),
            Exp::If {
                condition,
                then_body,
                else_body,
                ..
            } => {
                let _ = write!(self.out, "if {} then", self.subexp(*condition));
                self.body(then_body);
                self.out.push_str(" else");
                self.body(else_body);
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
                        ErrorPart::Text(text) => format!("{text:?}"),
                        ErrorPart::Value(se) => self.subexp(*se),
                    })
                    .collect();
                format!("assert({}, {})", self.subexp(*condition), parts.join(" "))
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
                self.out.push(')');
            }
            Soac::Hist {
                width,
                dests,
                op,
                neutral,
                indices,
                values,
            } => {
                let _ = write!(
                    self.out,
                    "hist({}, {{{}}}, ({}), {}, {{{}}}, ",
                    self.subexp(*width),
                    self.vars(dests),
                    self.subexps(neutral),
                    self.var(*indices),
                    self.vars(values)
                );
                self.lambda(op);
                self.out.push(')');
            }
            Soac::Scatter {
                width,
                dests,
                indices,
                values,
            } => {
                let _ = write!(
                    self.out,
                    "scatter({}, {{{}}}, {}, {{{}}})",
                    self.subexp(*width),
                    self.vars(dests),
                    self.var(*indices),
                    self.vars(values)
                );
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
