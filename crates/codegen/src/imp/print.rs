//! The imperative IR as text, for reading and for tests (`futc dev
//! --imp`): one function after another, statements one per line,
//! nested code indented, variables as `name_number`.

use super::mc::{McOp, TiledMap, TiledStep};
use super::translate::NoOp;
use super::{Arg, Code, ErrorPart, Exp, Function, MemLoc, Param, Program};
use opt::ir::Var;
use opt::value::Value;
use opt::value::data::write_text;
use prim::PrimValue;
use std::fmt::Write;

/// How a back end's operation is written.
pub trait PrintOp: Sized {
    fn print(&self, printer: &mut Printer<'_, Self>);
}

impl PrintOp for NoOp {
    fn print(&self, _: &mut Printer<'_, Self>) {
        match *self {}
    }
}

impl PrintOp for McOp {
    fn print(&self, printer: &mut Printer<'_, Self>) {
        match self {
            McOp::Chunks {
                var,
                iterations,
                kind,
            } => {
                let text = format!(
                    "{} = chunks({}, {kind:?})",
                    printer.var(*var),
                    printer.exp(iterations)
                );
                printer.line(&text);
            }
            McOp::AwaitChunk {
                chunk,
                flags,
                proceed,
            } => {
                let text = format!(
                    "{} = await chunk {} - 1 of {}",
                    printer.var(*proceed),
                    printer.exp(chunk),
                    printer.var(*flags)
                );
                printer.line(&text);
            }
            McOp::PublishChunk { chunk, flags } => {
                let text = format!(
                    "publish chunk {} of {}",
                    printer.exp(chunk),
                    printer.var(*flags)
                );
                printer.line(&text);
            }
            McOp::Parallel {
                iterations,
                chunks,
                chunk,
                start,
                end,
                body,
            } => {
                let text = format!(
                    "parallel ({}, {}, {}) over {} in {} chunks",
                    printer.var(*chunk),
                    printer.var(*start),
                    printer.var(*end),
                    printer.exp(iterations),
                    printer.exp(chunks)
                );
                printer.nested(&text, body);
            }
            McOp::Reduce {
                segments,
                iterations,
                point,
                step,
                accs,
                neutral,
                others,
                combine,
                commutative,
                segment,
                write,
            } => {
                let (acc_list, other_list) = (
                    printer.vars(accs.iter().map(|&(v, _)| v)),
                    printer.vars(others.iter().copied()),
                );
                let neutral: Vec<String> = neutral.iter().map(|e| printer.exp(e)).collect();
                let head = format!(
                    "reduce{} ({acc_list}) from ({}) over {} segments of {} at {}",
                    if *commutative { " comm" } else { "" },
                    neutral.join(", "),
                    printer.exp(segments),
                    printer.exp(iterations),
                    printer.var(*point)
                );
                printer.nested(&head, step);
                printer.nested(
                    &format!("combining ({acc_list}) with ({other_list})"),
                    combine,
                );
                printer.nested(
                    &format!("writing ({acc_list}) of segment {}", printer.var(*segment)),
                    write,
                );
            }
            McOp::Scan {
                iterations,
                point,
                step,
                accs,
                neutral,
                others,
                combine,
                write,
            } => {
                let (acc_list, other_list) = (
                    printer.vars(accs.iter().map(|&(v, _)| v)),
                    printer.vars(others.iter().copied()),
                );
                let neutral: Vec<String> = neutral.iter().map(|e| printer.exp(e)).collect();
                let head = format!(
                    "scan ({acc_list}) from ({}) of ({other_list}) over {} at {}",
                    neutral.join(", "),
                    printer.exp(iterations),
                    printer.var(*point)
                );
                printer.nested(&head, step);
                printer.nested(
                    &format!("combining ({acc_list}) with ({other_list})"),
                    combine,
                );
                printer.nested(&format!("writing ({acc_list})"), write);
            }
            McOp::Hist {
                iterations,
                point,
                step,
                bucket,
                value,
                op,
                neutral,
                width,
                bin,
                bin_place,
            } => {
                let head = format!(
                    "hist {op:?} ({}) from {} into {}[{}] of {} over {} at {}",
                    printer.var(value.0),
                    printer.exp(neutral),
                    printer.var(bin_place.block),
                    printer.exp(&bin_place.offset),
                    printer.exp(width),
                    printer.exp(iterations),
                    printer.var(*point),
                );
                let head = format!(
                    "{head} (bucket {}, bin {})",
                    printer.var(*bucket),
                    printer.var(*bin)
                );
                printer.nested(&head, step);
            }
            McOp::TiledMap(tiled) => print_tiled_map(printer, tiled),
        }
    }
}

fn print_tiled_map(printer: &mut Printer<'_, McOp>, tiled: &TiledMap) {
    let [per_row, per_column] = tiled.per_item;
    let head = format!(
        "tiled map over [{}][{}], {per_row} x {per_column} points per work-item {{",
        printer.exp(&tiled.sizes[0]),
        printer.exp(&tiled.sizes[1]),
    );
    printer.line(&head);
    printer.indent += 1;
    for step in &tiled.steps {
        match step {
            TiledStep::Point(copies) => {
                for (indices, code) in tiled.indices.iter().zip(copies) {
                    let head = format!(
                        "at ({}) where in range",
                        printer.vars(indices.iter().copied())
                    );
                    printer.nested(&head, code);
                }
            }
            TiledStep::Loop(tiled_loop) => {
                let head = format!(
                    "tiled loop {} < {} {{",
                    printer.var(tiled_loop.counter),
                    printer.exp(&tiled_loop.bound)
                );
                printer.line(&head);
                printer.indent += 1;
                for tile in &tiled_loop.tiles {
                    let text = format!(
                        "({}) = {}[{}]:{} along dimension {} at rows {}{}",
                        printer.vars(tile.values.iter().copied()),
                        printer.var(tile.block),
                        printer.exp(&tile.index),
                        tile.element.name(),
                        tile.dim,
                        printer.var(tile.row),
                        if tile.along_counter {
                            ", loaded along the counter"
                        } else {
                            ""
                        }
                    );
                    printer.line(&text);
                }
                for (indices, body) in tiled.indices.iter().zip(&tiled_loop.bodies) {
                    let head = format!(
                        "at ({}) where in range",
                        printer.vars(indices.iter().copied())
                    );
                    printer.nested(&head, body);
                }
                printer.indent -= 1;
                printer.line("}");
            }
        }
    }
    printer.nested("else", &tiled.fallback);
    printer.indent -= 1;
    printer.line("}");
}

/// The program as text.
pub fn print_program<Op: PrintOp>(program: &Program<Op>) -> String {
    let mut printer = Printer {
        program,
        out: String::new(),
        indent: 0,
    };
    for function in &program.functions {
        printer.function(function);
    }
    printer.out
}

pub struct Printer<'p, Op> {
    program: &'p Program<Op>,
    out: String,
    indent: usize,
}

impl<Op: PrintOp> Printer<'_, Op> {
    pub fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// A line heading nested code, the code, and a closing brace.
    pub fn nested(&mut self, head: &str, code: &Code<Op>) {
        self.line(&format!("{head} {{"));
        self.indent += 1;
        self.code(code);
        self.indent -= 1;
        self.line("}");
    }

    pub fn var(&self, var: Var) -> String {
        format!("{}_{}", self.program.var_name(var), var.0)
    }

    /// Variables as a comma-separated list.
    fn vars(&self, vars: impl Iterator<Item = Var>) -> String {
        vars.map(|v| self.var(v)).collect::<Vec<_>>().join(", ")
    }

    fn param(&self, param: &Param) -> String {
        match *param {
            Param::Scalar(var, t) => format!("{}: {}", self.var(var), t.name()),
            Param::Mem(var, _) => format!("{}: mem", self.var(var)),
        }
    }

    fn function(&mut self, function: &Function<Op>) {
        let params: Vec<String> = function.params.iter().map(|p| self.param(p)).collect();
        let results: Vec<String> = function.results.iter().map(|p| self.param(p)).collect();
        let head = format!(
            "fun {}({}) -> ({})",
            function.name,
            params.join(", "),
            results.join(", ")
        );
        self.nested(&head, &function.body);
    }

    pub fn exp(&self, e: &Exp) -> String {
        match e {
            Exp::Const(c) => constant(*c),
            Exp::Var(v, _) => self.var(*v),
            Exp::Read {
                block,
                index,
                element,
            } => format!(
                "{}[{}]:{}",
                self.var(*block),
                self.exp(index),
                element.name()
            ),
            Exp::BinOp(op, a, b) => format!("{op:?}({}, {})", self.exp(a), self.exp(b)),
            Exp::Cmp(op, a, b) => format!("{op:?}({}, {})", self.exp(a), self.exp(b)),
            Exp::UnOp(op, a) => format!("{op:?}({})", self.exp(a)),
            Exp::Convert(t, a) => format!("{}({})", t.name(), self.exp(a)),
            Exp::PrimFn(f, args) => {
                let args: Vec<String> = args.iter().map(|a| self.exp(a)).collect();
                format!("{f:?}({})", args.join(", "))
            }
        }
    }

    fn loc(&self, loc: &MemLoc) -> String {
        let strides: Vec<String> = loc.strides.iter().map(|s| self.exp(s)).collect();
        format!(
            "{}{{{}; {}}}",
            self.var(loc.block),
            self.exp(&loc.offset),
            strides.join(", ")
        )
    }

    pub fn code(&mut self, code: &Code<Op>) {
        match code {
            Code::Block(codes) => {
                for c in codes {
                    self.code(c);
                }
            }
            Code::DeclareScalar(v, t) => {
                let text = format!("var {}: {}", self.var(*v), t.name());
                self.line(&text);
            }
            Code::DeclareMem(v, _) => {
                let text = format!("var {}: mem", self.var(*v));
                self.line(&text);
            }
            Code::SetScalar(v, e) => {
                let text = format!("{} = {}", self.var(*v), self.exp(e));
                self.line(&text);
            }
            Code::SetMem { dest, source } => {
                let text = format!("{} = {}", self.var(*dest), self.var(*source));
                self.line(&text);
            }
            Code::Allocate { mem, bytes, .. } => {
                let text = format!("{} = alloc({})", self.var(*mem), self.exp(bytes));
                self.line(&text);
            }
            Code::Write {
                block,
                index,
                element,
                value,
            } => {
                let text = format!(
                    "{}[{}]:{} = {}",
                    self.var(*block),
                    self.exp(index),
                    element.name(),
                    self.exp(value)
                );
                self.line(&text);
            }
            Code::Copy {
                element,
                shape,
                dest,
                source,
            } => {
                let shape: String = shape.iter().map(|d| format!("[{}]", self.exp(d))).collect();
                let text = format!(
                    "copy {shape}{} {} <- {}",
                    element.name(),
                    self.loc(dest),
                    self.loc(source)
                );
                self.line(&text);
            }
            Code::If {
                condition,
                then_code,
                else_code,
            } => {
                let head = format!("if {}", self.exp(condition));
                self.nested(&head, then_code);
                if !matches!(else_code.as_ref(), Code::Block(codes) if codes.is_empty()) {
                    self.nested("else", else_code);
                }
            }
            Code::For { var, bound, body } => {
                let head = format!("for {} < {}", self.var(*var), self.exp(bound));
                self.nested(&head, body);
            }
            Code::While { condition, body } => {
                let head = format!("while {}", self.exp(condition));
                self.nested(&head, body);
            }
            Code::Call {
                results,
                func,
                args,
                ..
            } => {
                let results: Vec<String> = results.iter().map(|&v| self.var(v)).collect();
                let args: Vec<String> = args
                    .iter()
                    .map(|a| match a {
                        Arg::Scalar(e) => self.exp(e),
                        Arg::Mem(v) => self.var(*v),
                    })
                    .collect();
                let name = self
                    .program
                    .functions
                    .get(func.0 as usize)
                    .map_or("?", |f| f.name.as_str());
                let text = format!("({}) = {name}({})", results.join(", "), args.join(", "));
                self.line(&text);
            }
            Code::Assert {
                condition, message, ..
            } => {
                let mut text = String::new();
                for part in message {
                    match part {
                        ErrorPart::Text(t) => text.push_str(t),
                        ErrorPart::Value(e) => {
                            let _ = write!(text, "{{{}}}", self.exp(e));
                        }
                        ErrorPart::Range { start, len, stride } => {
                            let _ = write!(
                                text,
                                "{{{}:+{}*{}}}",
                                self.exp(start),
                                self.exp(len),
                                self.exp(stride)
                            );
                        }
                    }
                }
                let line = format!("assert {}, {text:?}", self.exp(condition));
                self.line(&line);
            }
            Code::Op(op) => op.print(self),
        }
    }
}

/// A constant as the data format writes it (`3i32`, `true`).
fn constant(c: PrimValue) -> String {
    let mut out = String::new();
    write_text(&Value::Prim(c), &mut out);
    out
}
