//! The translation of IR functions, statements and SOACs to C.

use crate::api::Api;
use crate::c::scalar::{self, c_literal, constant, convert, elem_code};
use crate::c::{Generated, Mode};
use crate::{API, Backend, CodegenError, PRELUDE, RUNTIME};
use opt::ir::analysis::Types;
use opt::ir::traverse::{for_each_body, free_in_body, free_in_lambda};
use opt::ir::{
    Body, DimIndex, ErrorPart, Exp, Function, Kind, Lambda, Loc, LoopForm, Program, Soac, Stm,
    SubExp, Type, Var,
};
use prim::PrimType;
use prim::{BinOp, PrimFn};
use std::collections::HashSet;
use std::fmt::Write as _;

/// The C code of `program`: the header's declarations, the prelude of
/// the runtime, one C function per IR function, the API's tables and
/// functions, and a `main` unless it is a library. A library is one
/// self-contained file holding the generic runtime too; executables and
/// servers are linked with the generic runtime compiled on its own
/// ([`runtime_source`](crate::runtime_source)).
pub fn generate(program: &Program, mode: Mode) -> Result<Generated, CodegenError> {
    let api = Api::new(program)?;
    let header = api.header(Backend::C);
    let single_file = mode == Mode::Library;
    let mut out = String::new();
    // The header's declarations, but not its include guard.
    out.push_str(&header.replacen("#pragma once\n", "", 1));
    if single_file {
        out.push_str("#define FUT_SINGLE_FILE\n");
    }
    out.push_str(PRELUDE);
    out.push_str("\n/* ---------------- the program ---------------- */\n");
    for (i, function) in program.functions.iter().enumerate() {
        let _ = writeln!(out, "{};", signature(i, function));
    }
    for (i, function) in program.functions.iter().enumerate() {
        let mut generator = FunctionGen {
            program,
            types: Types::default(),
            manifest: HashSet::new(),
            loc: None,
            out: String::new(),
            temp: 0,
        };
        generator.function(i, function)?;
        out.push_str(&generator.out);
    }
    out.push_str("\n/* ---------------- the API ---------------- */\n");
    api.trampolines(program, &mut out);
    api.tables(&mut out);
    if single_file {
        out.push_str(RUNTIME);
        out.push_str(API);
    }
    api.definitions(&mut out);
    match mode {
        Mode::Library => {}
        Mode::Executable => {
            out.push_str("int main(int argc, char **argv) { return exe_main(argc, argv); }\n");
        }
        Mode::Server => {
            out.push_str("int main(int argc, char **argv) { return server_main(argc, argv); }\n");
        }
    }
    Ok(Generated {
        c: out,
        header,
        manifest: api.manifest(Backend::C),
    })
}

fn ctype(kind: Kind) -> String {
    if kind.is_array() {
        "arr *".to_owned()
    } else {
        format!("t_{}", kind.element.name())
    }
}

/// A C string literal of `text` for use as a `printf` format.
fn c_string(text: &str) -> String {
    c_literal(text).replace('%', "%%")
}

fn signature(index: usize, function: &Function) -> String {
    let mut params = vec!["fut_ctx *ctx".to_owned()];
    params.extend(
        function
            .ret
            .iter()
            .enumerate()
            .map(|(i, (ty, _))| format!("{}*out{i}", ctype_spaced(ty.kind()))),
    );
    params.extend(
        function
            .params
            .iter()
            .map(|p| format!("{}v{}", ctype_spaced(p.ty.kind()), p.var.0)),
    );
    format!("static void f{index}({})", params.join(", "))
}

fn ctype_spaced(kind: Kind) -> String {
    if kind.is_array() {
        ctype(kind)
    } else {
        format!("{} ", ctype(kind))
    }
}

struct FunctionGen<'p> {
    program: &'p Program,
    types: Types,
    /// Transpositions made row-major where they are bound: their rows are
    /// traversed again and again (see [`iterated_in`]).
    manifest: HashSet<Var>,
    /// The locations of the statement being generated (or the nearest
    /// enclosing one that has them), as a C string literal of one frame
    /// per line; see the context's `loc`.
    loc: Option<String>,
    out: String,
    temp: usize,
}

impl FunctionGen<'_> {
    fn fresh(&mut self, prefix: &str) -> String {
        self.temp += 1;
        format!("{prefix}{}", self.temp)
    }

    fn var_type(&self, var: Var) -> Result<Type, CodegenError> {
        self.types
            .get(var)
            .ok_or_else(|| CodegenError(format!("variable {} has no type", var.0)))
    }

    fn se_type(&self, se: SubExp) -> Result<Type, CodegenError> {
        match se {
            SubExp::Const(value) => Ok(Type::Prim(value.prim_type())),
            SubExp::Var(var) => self.var_type(var),
        }
    }

    fn prim_of(&self, se: SubExp) -> Result<PrimType, CodegenError> {
        Ok(self.se_type(se)?.element())
    }

    fn se(&self, se: SubExp) -> String {
        match se {
            SubExp::Const(value) => constant(value),
            SubExp::Var(var) => format!("v{}", var.0),
        }
    }

    fn line(&mut self, text: &str) {
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// Records the transpositions to make row-major: a view whose rows
    /// are strided is fine to traverse once; traversed inside a lambda
    /// or loop, each pass would read the block column-wise, so one copy
    /// up front pays.
    fn collect_manifest(&mut self, body: &Body) {
        for_each_body(body, &mut |body| {
            for (index, stm) in body.stms.iter().enumerate() {
                if let Exp::Rearrange { perm, .. } = &stm.exp
                    && perm.last().is_some_and(|&last| last + 1 != perm.len())
                    && body.stms[index + 1..]
                        .iter()
                        .any(|later| iterated_in(stm.pat[0].var, &later.exp))
                {
                    self.manifest.insert(stm.pat[0].var);
                }
            }
        });
    }

    fn function(&mut self, index: usize, function: &Function) -> Result<(), CodegenError> {
        self.types = Types::of_function(function);
        self.collect_manifest(&function.body);
        let header = signature(index, function);
        self.line(&format!("{header} {{"));
        // The interpreter's limit on nested calls, with its message.
        self.line("if (ctx->depth >= FUT_MAX_DEPTH) fut_fail(ctx, \"Stack overflow: more than %d nested calls.\", FUT_MAX_DEPTH);");
        self.line("ctx->depth++;");
        let params: Vec<Var> = function.params.iter().map(|p| p.var).collect();
        let locals: Vec<(Var, Type)> = self
            .types
            .iter()
            .filter(|(v, _)| !params.contains(v))
            .collect();
        for (var, ty) in locals {
            let init = if ty.kind().is_array() { "NULL" } else { "0" };
            self.line(&format!("{}v{} = {init};", ctype_spaced(ty.kind()), var.0));
        }
        let ret_kinds: Vec<Kind> = function.ret.iter().map(|(t, _)| t.kind()).collect();
        let results = self.temps(&ret_kinds);
        self.body_into(&function.body, &results, &ret_kinds)?;
        for p in &function.params {
            if matches!(p.ty, Type::Array { .. }) {
                self.line(&format!("arr_release(v{});", p.var.0));
            }
        }
        for (i, name) in results.iter().enumerate() {
            self.line(&format!("*out{i} = {name};"));
        }
        self.line("ctx->depth--;");
        self.line("}");
        Ok(())
    }

    /// Assigns `value` (a C expression; an owned reference for arrays)
    /// to `dest`, releasing what `dest` held.
    fn assign_owned(&mut self, dest: &str, kind: Kind, value: &str) {
        if kind.is_array() {
            self.line(&format!("arr_set(&{dest}, {value});"));
        } else {
            self.line(&format!("{dest} = {value};"));
        }
    }

    /// Assigns a copy of the reference `se` to `dest`.
    fn assign_se(&mut self, dest: &str, kind: Kind, se: SubExp) {
        let value = self.se(se);
        if kind.is_array() {
            self.line(&format!("arr_set(&{dest}, arr_retain({value}));"));
        } else {
            self.line(&format!("{dest} = {value};"));
        }
    }

    /// Runs the body's statements, assigns its results to `dests` and
    /// releases the arrays its statements bound.
    fn body_into(
        &mut self,
        body: &Body,
        dests: &[String],
        kinds: &[Kind],
    ) -> Result<(), CodegenError> {
        for stm in &body.stms {
            self.stm(stm)?;
        }
        for ((dest, &kind), se) in dests.iter().zip(kinds).zip(&body.result) {
            self.assign_se(dest, kind, *se);
        }
        for stm in &body.stms {
            for pe in &stm.pat {
                if matches!(pe.ty, Type::Array { .. }) {
                    self.line(&format!("arr_set(&v{}, NULL);", pe.var.0));
                }
            }
        }
        Ok(())
    }

    /// Applies a lambda to `args` (C expressions, owned references for
    /// arrays), its results into `dests`.
    fn apply(
        &mut self,
        lambda: &Lambda,
        args: &[String],
        dests: &[String],
    ) -> Result<(), CodegenError> {
        for (param, arg) in lambda.params.iter().zip(args) {
            self.assign_owned(&format!("v{}", param.var.0), param.ty.kind(), arg);
        }
        let kinds: Vec<Kind> = lambda.ret.iter().map(Type::kind).collect();
        self.body_into(&lambda.body, dests, &kinds)?;
        for param in &lambda.params {
            if matches!(param.ty, Type::Array { .. }) {
                self.line(&format!("arr_set(&v{}, NULL);", param.var.0));
            }
        }
        Ok(())
    }

    /// An owned reference (or scalar) of row `i` of the array variable.
    fn row_expr(&self, array: Var, i: &str) -> Result<String, CodegenError> {
        let ty = self.var_type(array)?;
        Ok(if ty.rank() == 1 {
            format!(
                "((t_{}*)v{a}->data)[({i}) * v{a}->stride[0]]",
                ty.element().name(),
                a = array.0
            )
        } else {
            format!("arr_row(ctx, v{}, {i})", array.0)
        })
    }

    /// Declares C locals for `types`, returning their names.
    fn temps(&mut self, kinds: &[Kind]) -> Vec<String> {
        kinds
            .iter()
            .map(|&kind| {
                let name = self.fresh("t");
                let init = if kind.is_array() { "NULL" } else { "0" };
                self.line(&format!("{}{name} = {init};", ctype_spaced(kind)));
                name
            })
            .collect()
    }

    fn release_temps(&mut self, names: &[String], kinds: &[Kind]) {
        for (name, kind) in names.iter().zip(kinds) {
            if kind.is_array() {
                self.line(&format!("arr_release({name});"));
            }
        }
    }

    /// A consuming use of an array variable: moves its reference out.
    /// The consumed destination arrays of a `hist` or `scatter`, each
    /// made unshared, as C variables.
    fn unique_targets(&mut self, dests: &[Var]) -> Vec<String> {
        dests
            .iter()
            .map(|&d| {
                let name = self.fresh("h");
                let taken = self.take(d);
                self.line(&format!("arr *{name} = arr_unique(ctx, {taken});"));
                name
            })
            .collect()
    }

    fn take(&self, var: Var) -> String {
        format!("arr_take(&v{})", var.0)
    }

    fn slice(&mut self, slice: &[DimIndex]) -> String {
        let name = self.fresh("s");
        let parts: Vec<String> = slice
            .iter()
            .map(|index| match *index {
                DimIndex::Fix(i) => format!("{{1, {}, 0, 0}}", self.se(i)),
                DimIndex::Slice { start, len, stride } => format!(
                    "{{0, {}, {}, {}}}",
                    self.se(start),
                    self.se(len),
                    self.se(stride)
                ),
            })
            .collect();
        if parts.is_empty() {
            self.line(&format!("dimidx {name}[1] = {{{{0, 0, 0, 0}}}};"));
        } else {
            self.line(&format!("dimidx {name}[] = {{{}}};", parts.join(", ")));
        }
        name
    }

    /// The offset of the element of array `a` at `slice`, all of whose
    /// indices are fixed, computed inline; an index out of bounds fails
    /// through `fix_offset`, which has the message.
    fn scalar_offset(&mut self, a: &str, slice: &[DimIndex]) -> String {
        let mut indices = Vec::new();
        for index in slice {
            let DimIndex::Fix(i) = *index else {
                unreachable!("a scalar index fixes every dimension")
            };
            let name = self.fresh("x");
            let value = self.se(i);
            self.line(&format!("int64_t {name} = {value};"));
            indices.push(name);
        }
        if indices.is_empty() {
            return "0".to_owned();
        }
        let outside: Vec<String> = indices
            .iter()
            .enumerate()
            .map(|(d, x)| format!("(uint64_t){x} >= (uint64_t){a}->shape[{d}]"))
            .collect();
        self.line(&format!("if ({}) {{", outside.join(" || ")));
        self.mark_loc();
        let s = self.slice(slice);
        self.line(&format!("fix_offset(ctx, {a}, {}, {s});", slice.len()));
        self.line("}");
        let terms: Vec<String> = indices
            .iter()
            .enumerate()
            .map(|(d, x)| format!("{x} * {a}->stride[{d}]"))
            .collect();
        terms.join(" + ")
    }

    fn i64_list(&mut self, items: &[SubExp]) -> String {
        let name = self.fresh("d");
        let parts: Vec<String> = items.iter().map(|&d| self.se(d)).collect();
        if parts.is_empty() {
            self.line(&format!("int64_t {name}[1] = {{0}};"));
        } else {
            self.line(&format!("int64_t {name}[] = {{{}}};", parts.join(", ")));
        }
        name
    }

    /// Records where the program is before something that may fail, for
    /// the failure's backtrace.
    fn mark_loc(&mut self) {
        let loc = self.loc.clone().unwrap_or_else(|| "NULL".to_owned());
        self.line(&format!("ctx->loc = {loc};"));
    }

    /// Whether evaluating the statement may fail before any statement
    /// nested in it runs, other than where it marks the location itself
    /// (scalar indexing and assertions mark it only on their failure
    /// paths).
    fn may_fail(&self, stm: &Stm) -> Result<bool, CodegenError> {
        Ok(match &stm.exp {
            Exp::SubExp(_)
            | Exp::Opaque(_)
            | Exp::Cmp(..)
            | Exp::UnOp(..)
            | Exp::Convert(..)
            | Exp::PrimFn(..)
            | Exp::Rearrange { .. }
            | Exp::Copy(_)
            | Exp::If { .. }
            | Exp::Loop { .. }
            | Exp::Assert { .. } => false,
            Exp::BinOp(op, a, _) => binop_can_fail(*op, self.prim_of(*a)?),
            Exp::Index { .. } => {
                !matches!(stm.pat.first(), Some(pe) if matches!(pe.ty, Type::Prim(_)))
            }
            _ => true,
        })
    }

    fn stm(&mut self, stm: &Stm) -> Result<(), CodegenError> {
        let enclosing = self.loc.clone();
        if let Some(loc) = &stm.loc {
            let frames: Vec<String> = std::iter::once(loc)
                .chain(loc.inlined_from.iter())
                .map(Loc::to_string)
                .collect();
            self.loc = Some(c_literal(&frames.join("\n")));
        }
        let result = self.stm_exp(stm);
        self.loc = enclosing;
        result
    }

    fn stm_exp(&mut self, stm: &Stm) -> Result<(), CodegenError> {
        if self.may_fail(stm)? {
            self.mark_loc();
        }
        if matches!(stm.exp, Exp::Call { .. }) {
            let loc = self.loc.clone().unwrap_or_else(|| "NULL".to_owned());
            self.line(&format!("ctx->call_locs[ctx->depth] = {loc};"));
        }
        let pat: Vec<String> = stm.pat.iter().map(|p| format!("v{}", p.var.0)).collect();
        let pat_types: Vec<Kind> = stm.pat.iter().map(|p| p.ty.kind()).collect();
        let single = |this: &mut Self, value: String| {
            this.assign_owned(&pat[0], pat_types[0], &value);
        };
        match &stm.exp {
            Exp::SubExp(se) | Exp::Opaque(se) => self.assign_se(&pat[0], pat_types[0], *se),
            Exp::BinOp(op, a, b) => {
                let value = self.binop(*op, *a, *b)?;
                single(self, value);
            }
            Exp::Cmp(op, a, b) => {
                let prim = self.prim_of(*a)?;
                single(self, scalar::cmp(*op, prim, &self.se(*a), &self.se(*b)));
            }
            Exp::UnOp(op, a) => {
                let prim = self.prim_of(*a)?;
                single(self, scalar::unop(*op, prim, &self.se(*a)));
            }
            Exp::Convert(to, a) => {
                let from = self.prim_of(*a)?;
                let value = convert(from, *to, &self.se(*a));
                single(self, value);
            }
            Exp::PrimFn(f, args) => {
                let value = self.prim_fn(*f, args)?;
                single(self, value);
            }
            Exp::Call { func, args } => {
                let function = self.program.function(*func);
                let mut c_args: Vec<String> = Vec::new();
                let temps = self.temps(&pat_types);
                for name in &temps {
                    c_args.push(format!("&{name}"));
                }
                for (arg, param) in args.iter().zip(&function.params) {
                    c_args.push(match (arg, param.ty.kind().is_array()) {
                        (SubExp::Var(var), true) if param.unique => self.take(*var),
                        (_, true) => format!("arr_retain({})", self.se(*arg)),
                        _ => self.se(*arg),
                    });
                }
                self.line(&format!("f{}(ctx, {});", func.0, c_args.join(", ")));
                for ((dest, ty), temp) in pat.iter().zip(&pat_types).zip(&temps) {
                    self.assign_owned(dest, *ty, temp);
                }
            }
            Exp::If {
                condition,
                then_body,
                else_body,
                ..
            } => {
                let c = self.se(*condition);
                self.line(&format!("if ({c}) {{"));
                self.body_into(then_body, &pat, &pat_types)?;
                self.line("} else {");
                self.body_into(else_body, &pat, &pat_types)?;
                self.line("}");
            }
            Exp::Loop { params, form, body } => {
                self.line("{");
                for (param, init) in params {
                    let name = format!("v{}", param.var.0);
                    match (init, param.ty.kind().is_array()) {
                        (SubExp::Var(var), true) if param.unique => {
                            let value = self.take(*var);
                            self.assign_owned(&name, param.ty.kind(), &value);
                        }
                        _ => self.assign_se(&name, param.ty.kind(), *init),
                    }
                }
                match form {
                    LoopForm::For { var, bound } => {
                        let prim = self.prim_of(*bound)?;
                        let b = self.se(*bound);
                        let i = format!("v{}", var.0);
                        self.line(&format!(
                            "for ({i} = 0; {i} < {b}; {i} = add_{}({i}, 1)) {{",
                            prim.name()
                        ));
                    }
                    LoopForm::While { condition } => {
                        self.line(&format!("while (v{}) {{", condition.0));
                    }
                }
                let kinds: Vec<Kind> = params.iter().map(|(p, _)| p.ty.kind()).collect();
                let temps = self.temps(&kinds);
                self.body_into(body, &temps, &kinds)?;
                for ((param, _), temp) in params.iter().zip(&temps) {
                    self.assign_owned(&format!("v{}", param.var.0), param.ty.kind(), temp);
                }
                self.line("}");
                for ((dest, ty), (param, _)) in pat.iter().zip(&pat_types).zip(params) {
                    let value = if ty.is_array() {
                        self.take(param.var)
                    } else {
                        format!("v{}", param.var.0)
                    };
                    self.assign_owned(dest, *ty, &value);
                }
                self.line("}");
            }
            Exp::Index { array, slice } => {
                self.line("{");
                let a = format!("v{}", array.0);
                if pat_types[0].is_array() {
                    let s = self.slice(slice);
                    single(self, format!("arr_index(ctx, {a}, {}, {s})", slice.len()));
                } else {
                    let offset = self.scalar_offset(&a, slice);
                    let element = pat_types[0].element.name();
                    single(self, format!("((t_{element}*){a}->data)[{offset}]"));
                }
                self.line("}");
            }
            Exp::Update {
                array,
                slice,
                value,
            } => {
                self.line("{");
                let s = self.slice(slice);
                let taken = self.take(*array);
                self.line(&format!("arr *u = {taken};"));
                match self.se_type(*value)? {
                    Type::Mem(_) => return Err(memory_block()),
                    Type::Prim(prim) => {
                        let x = self.se(*value);
                        self.line(&format!("t_{} x = {x};", prim.name()));
                        self.line(&format!(
                            "arr_update(ctx, &u, {}, {s}, NULL, &x);",
                            slice.len()
                        ));
                    }
                    Type::Array { .. } => {
                        let x = self.se(*value);
                        self.line(&format!(
                            "arr_update(ctx, &u, {}, {s}, {x}, NULL);",
                            slice.len()
                        ));
                    }
                }
                single(self, "u".to_owned());
                self.line("}");
            }
            Exp::ArrayLit { elements, row } => {
                self.line("{");
                let n = elements.len();
                self.line(&format!("int64_t n = {n};"));
                let element = row.element();
                match row {
                    Type::Mem(_) => return Err(memory_block()),
                    Type::Prim(prim) => {
                        self.line(&format!(
                            "arr *a = arr_new(ctx, {}, 1, &n);",
                            elem_code(*prim)
                        ));
                        for (k, e) in elements.iter().enumerate() {
                            let x = self.se(*e);
                            self.line(&format!("((t_{}*)a->data)[{k}] = {x};", prim.name()));
                        }
                    }
                    Type::Array { shape, .. } => {
                        self.line("arr *a = NULL;");
                        for (k, e) in elements.iter().enumerate() {
                            let x = self.se(*e);
                            self.line(&format!(
                                "stack_put(ctx, &a, {}, n, {k}, {x});",
                                elem_code(element)
                            ));
                        }
                        let row_shape = self.i64_list(shape);
                        self.line(&format!(
                            "a = stack_finish(ctx, a, {}, {}, {row_shape});",
                            elem_code(element),
                            shape.len() + 1
                        ));
                    }
                }
                single(self, "a".to_owned());
                self.line("}");
            }
            Exp::Iota {
                len,
                start,
                step,
                ty,
            } => {
                self.line("{");
                let l = self.se(*len);
                self.line(&format!("int64_t n = {l};"));
                self.line("check_negative(ctx, 1, &n);");
                self.line(&format!(
                    "arr *a = arr_new(ctx, {}, 1, &n);",
                    elem_code(*ty)
                ));
                let c = self.se(*start);
                self.line(&format!("t_{} c = {c};", ty.name()));
                let add = self.binop_expr(BinOp::Add, *ty, "c", &self.se(*step));
                self.line(&format!(
                    "for (int64_t i = 0; i < n; i++) {{ ((t_{}*)a->data)[i] = c; c = {add}; }}",
                    ty.name()
                ));
                single(self, "a".to_owned());
                self.line("}");
            }
            Exp::Replicate { shape, value } => {
                self.line("{");
                let dims = self.i64_list(shape);
                let vt = self.se_type(*value)?;
                let x = self.se(*value);
                let elem = elem_code(vt.element());
                match vt {
                    Type::Mem(_) => return Err(memory_block()),
                    Type::Prim(prim) => {
                        self.line(&format!("t_{} x = {x};", prim.name()));
                        single(
                            self,
                            format!(
                                "arr_replicate(ctx, {elem}, {}, {dims}, NULL, &x)",
                                shape.len()
                            ),
                        );
                    }
                    Type::Array { .. } => single(
                        self,
                        format!(
                            "arr_replicate(ctx, {elem}, {}, {dims}, {x}, NULL)",
                            shape.len()
                        ),
                    ),
                }
                self.line("}");
            }
            Exp::Rearrange { perm, array } => {
                self.line("{");
                let p: Vec<String> = perm.iter().map(usize::to_string).collect();
                self.line(&format!("int perm[] = {{{}}};", p.join(", ")));
                let view = format!("arr_rearrange(ctx, v{}, {}, perm)", array.0, perm.len());
                let value = if self.manifest.contains(&stm.pat[0].var) {
                    format!("arr_normalise(ctx, {view})")
                } else {
                    view
                };
                single(self, value);
                self.line("}");
            }
            Exp::Reshape { shape, array } => {
                self.line("{");
                let dims = self.i64_list(shape);
                single(
                    self,
                    format!("arr_reshape(ctx, v{}, {}, {dims})", array.0, shape.len()),
                );
                self.line("}");
            }
            Exp::Concat { arrays, .. } => {
                self.line("{");
                let parts: Vec<String> = arrays.iter().map(|a| format!("v{}", a.0)).collect();
                self.line(&format!("arr *parts[] = {{{}}};", parts.join(", ")));
                single(self, format!("arr_concat(ctx, {}, parts)", arrays.len()));
                self.line("}");
            }
            Exp::Copy(var) => match self.var_type(*var)? {
                Type::Array { .. } => single(self, format!("arr_copy(ctx, v{})", var.0)),
                Type::Prim(_) => single(self, format!("v{}", var.0)),
                Type::Mem(_) => return Err(memory_block()),
            },
            Exp::Assert { condition, message } => {
                let c = self.se(*condition);
                self.line(&format!("if (!{c}) {{"));
                self.mark_loc();
                self.line("char msg[4096]; size_t k = 0; msg[0] = 0;");
                for part in message {
                    match part {
                        ErrorPart::Text(text) => {
                            self.line(&format!(
                                "k += (size_t)snprintf(msg + (k < sizeof msg ? k : sizeof msg - 1), k < sizeof msg ? sizeof msg - k : 1, {});",
                                c_string(text)
                            ));
                        }
                        ErrorPart::Value(se) => {
                            let prim = self.prim_of(*se)?;
                            let x = self.se(*se);
                            self.line(&format!(
                                "{{ t_{} x = {x}; char b[512]; message_prim(b, sizeof b, {}, &x); k += (size_t)snprintf(msg + (k < sizeof msg ? k : sizeof msg - 1), k < sizeof msg ? sizeof msg - k : 1, \"%s\", b); }}",
                                prim.name(),
                                elem_code(prim)
                            ));
                        }
                    }
                }
                self.line("fut_fail(ctx, \"%s\", msg);");
                self.line("}");
            }
            Exp::Op(soac) => self.soac(soac, &pat, &pat_types)?,
        }
        Ok(())
    }

    fn binop(&self, op: BinOp, a: SubExp, b: SubExp) -> Result<String, CodegenError> {
        let prim = self.prim_of(a)?;
        Ok(self.binop_expr(op, prim, &self.se(a), &self.se(b)))
    }

    /// A binary operator; integer divisions and signed powers check
    /// their right operand, failing as the interpreter does.
    fn binop_expr(&self, op: BinOp, prim: PrimType, x: &str, y: &str) -> String {
        let operand = if prim == PrimType::Bool {
            PrimType::U8
        } else {
            prim
        };
        let check = match op {
            _ if prim.is_float() => None,
            BinOp::Div | BinOp::Mod | BinOp::Quot | BinOp::Rem => Some("nonzero"),
            BinOp::Pow if scalar::is_signed(prim) => Some("exponent"),
            _ => None,
        };
        match check {
            Some(check) => scalar::binop(
                op,
                prim,
                x,
                &format!("{check}_{}(ctx, {y})", operand.name()),
            ),
            None => scalar::binop(op, prim, x, y),
        }
    }

    fn prim_fn(&self, f: PrimFn, args: &[SubExp]) -> Result<String, CodegenError> {
        let args = args
            .iter()
            .map(|&a| Ok((self.se(a), self.prim_of(a)?)))
            .collect::<Result<Vec<_>, CodegenError>>()?;
        Ok(scalar::prim_fn(f, &args, "ctx"))
    }

    fn soac(
        &mut self,
        soac: &Soac,
        pat: &[String],
        pat_types: &[Kind],
    ) -> Result<(), CodegenError> {
        match soac {
            Soac::Screma {
                width,
                arrays,
                map,
                scans,
                reduces,
                post,
            } => {
                self.line("{");
                let w = self.se(*width);
                self.line(&format!("int64_t w = {w};"));
                let scan_count: usize = scans.iter().map(|s| s.neutral.len()).sum();
                let reduce_count: usize = reduces.iter().map(|r| r.neutral.len()).sum();
                let map_types: Vec<Kind> = map.ret.iter().map(Type::kind).collect();
                let map_temps = self.temps(&map_types);
                let scan_types = map_types[..scan_count].to_vec();
                let reduce_types = map_types[scan_count..scan_count + reduce_count].to_vec();
                // The rows the outputs stack: scans, then mapped results,
                // or the post lambda's results.
                let stacked_rows: Vec<Type> = match post {
                    Some(post) => post.ret.clone(),
                    None => map.ret[..scan_count]
                        .iter()
                        .chain(&map.ret[scan_count + reduce_count..])
                        .cloned()
                        .collect(),
                };
                let post_kinds: Vec<Kind> = stacked_rows.iter().map(Type::kind).collect();
                let post_temps = match post {
                    Some(_) => self.temps(&post_kinds),
                    None => Vec::new(),
                };
                let scan_accs = self.temps(&scan_types);
                let reduce_accs = self.temps(&reduce_types);
                let neutrals: Vec<SubExp> = scans
                    .iter()
                    .flat_map(|s| s.neutral.iter().copied())
                    .collect();
                for ((acc, ty), n) in scan_accs.iter().zip(&scan_types).zip(&neutrals) {
                    self.assign_se(acc, *ty, *n);
                }
                let neutrals: Vec<SubExp> = reduces
                    .iter()
                    .flat_map(|r| r.neutral.iter().copied())
                    .collect();
                for ((acc, ty), n) in reduce_accs.iter().zip(&reduce_types).zip(&neutrals) {
                    self.assign_se(acc, *ty, *n);
                }
                let outs: Vec<String> = stacked_rows
                    .iter()
                    .map(|ty| {
                        let name = self.fresh("o");
                        if let &Type::Prim(prim) = ty {
                            self.line(&format!(
                                "arr *{name} = arr_new(ctx, {}, 1, &w);",
                                elem_code(prim)
                            ));
                        } else {
                            self.line(&format!("arr *{name} = NULL;"));
                        }
                        name
                    })
                    .collect();
                self.line("for (int64_t i = 0; i < w; i++) {");
                let args: Vec<String> = arrays
                    .iter()
                    .map(|&a| self.row_expr(a, "i"))
                    .collect::<Result<_, _>>()?;
                self.apply(map, &args, &map_temps)?;
                let mut result = 0;
                let mut acc_index = 0;
                for scan in scans {
                    let n = scan.neutral.len();
                    let mut args: Vec<String> = Vec::new();
                    for acc in &scan_accs[acc_index..acc_index + n] {
                        args.push(acc.clone());
                    }
                    for (k, temp) in map_temps[result..result + n].iter().enumerate() {
                        if map_types[result + k].is_array() {
                            args.push(format!("arr_take(&{temp})"));
                        } else {
                            args.push(temp.clone());
                        }
                    }
                    // The accumulators move into the lambda.
                    let args: Vec<String> = args
                        .into_iter()
                        .enumerate()
                        .map(|(k, a)| {
                            if k < n && scan_types[acc_index + k].is_array() {
                                format!("arr_take(&{a})")
                            } else {
                                a
                            }
                        })
                        .collect();
                    let dests = scan_accs[acc_index..acc_index + n].to_vec();
                    self.apply(&scan.lambda, &args, &dests)?;
                    acc_index += n;
                    result += n;
                }
                let mut acc_index = 0;
                for reduce in reduces {
                    let n = reduce.neutral.len();
                    let mut args: Vec<String> = Vec::new();
                    for (k, acc) in reduce_accs[acc_index..acc_index + n].iter().enumerate() {
                        if reduce_types[acc_index + k].is_array() {
                            args.push(format!("arr_take(&{acc})"));
                        } else {
                            args.push(acc.clone());
                        }
                    }
                    for (k, temp) in map_temps[result..result + n].iter().enumerate() {
                        if map_types[result + k].is_array() {
                            args.push(format!("arr_take(&{temp})"));
                        } else {
                            args.push(temp.clone());
                        }
                    }
                    let dests = reduce_accs[acc_index..acc_index + n].to_vec();
                    self.apply(&reduce.lambda, &args, &dests)?;
                    acc_index += n;
                    result += n;
                }
                // Store the scan accumulators and mapped results as row i,
                // or what the post lambda makes of them.
                let mut sources: Vec<String> = scan_accs
                    .iter()
                    .zip(&scan_types)
                    .map(|(acc, kind)| {
                        if post.is_some() && kind.is_array() {
                            format!("arr_retain({acc})")
                        } else {
                            acc.clone()
                        }
                    })
                    .collect();
                for (temp, kind) in map_temps
                    .iter()
                    .zip(&map_types)
                    .skip(scan_count + reduce_count)
                {
                    sources.push(if post.is_some() && kind.is_array() {
                        format!("arr_take(&{temp})")
                    } else {
                        temp.clone()
                    });
                }
                if let Some(post) = post {
                    self.apply(post, &sources, &post_temps)?;
                    sources = post_temps.clone();
                }
                for ((out, ty), source) in outs.iter().zip(&stacked_rows).zip(&sources) {
                    match ty {
                        Type::Mem(_) => return Err(memory_block()),
                        Type::Prim(prim) => {
                            self.line(&format!("((t_{}*){out}->data)[i] = {source};", prim.name()))
                        }
                        Type::Array { element, .. } => {
                            // The lambda marked its own statements.
                            self.mark_loc();
                            self.line(&format!(
                                "stack_put(ctx, &{out}, {}, w, i, {source});",
                                elem_code(*element)
                            ));
                        }
                    }
                }
                self.line("}");
                for (out, ty) in outs.iter().zip(&stacked_rows) {
                    if let Type::Array { element, shape } = ty {
                        let row_shape = self.i64_list(shape);
                        self.line(&format!(
                            "{out} = stack_finish(ctx, {out}, {}, {}, {row_shape});",
                            elem_code(*element),
                            shape.len() + 1
                        ));
                    }
                }
                // Bind: scans, reductions, mapped results (or the post
                // lambda's results after the reductions).
                let direct_scans = if post.is_some() { 0 } else { scan_count };
                let mut k = 0;
                for out in &outs[..direct_scans] {
                    self.assign_owned(&pat[k], pat_types[k], out);
                    k += 1;
                }
                for (acc, ty) in reduce_accs.iter().zip(&reduce_types) {
                    let value = if ty.is_array() {
                        format!("arr_take(&{acc})")
                    } else {
                        acc.clone()
                    };
                    self.assign_owned(&pat[k], pat_types[k], &value);
                    k += 1;
                }
                for out in &outs[direct_scans..] {
                    self.assign_owned(&pat[k], pat_types[k], out);
                    k += 1;
                }
                self.release_temps(&post_temps, &post_kinds);
                self.release_temps(&map_temps, &map_types);
                self.release_temps(&scan_accs, &scan_types);
                self.release_temps(&reduce_accs, &reduce_types);
                self.line("}");
            }
            Soac::Hist {
                width,
                arrays,
                ops,
                map,
            } => {
                self.line("{");
                let w = self.se(*width);
                self.line(&format!("int64_t w = {w};"));
                let dests: Vec<Var> = ops.iter().flat_map(|op| op.dests.clone()).collect();
                let targets = self.unique_targets(&dests);
                let map_types: Vec<Kind> = map.ret.iter().map(Type::kind).collect();
                let map_temps = self.temps(&map_types);
                let op_temps: Vec<(Vec<String>, Vec<Kind>)> = ops
                    .iter()
                    .map(|op| {
                        let kinds: Vec<Kind> = op.op.ret.iter().map(Type::kind).collect();
                        (self.temps(&kinds), kinds)
                    })
                    .collect();
                self.line("for (int64_t i = 0; i < w; i++) {");
                let args: Vec<String> = arrays
                    .iter()
                    .map(|&a| self.row_expr(a, "i"))
                    .collect::<Result<_, _>>()?;
                self.apply(map, &args, &map_temps)?;
                let mut value = ops.len();
                let mut target = 0;
                for (k, (op, (temps, kinds))) in ops.iter().zip(&op_temps).enumerate() {
                    let n = op.dests.len();
                    let own_targets = &targets[target..target + n];
                    let bins = match own_targets.first() {
                        Some(t) => format!("{t}->shape[0]"),
                        None => "0".to_owned(),
                    };
                    self.line("{");
                    self.line(&format!("int64_t bin = {};", map_temps[k]));
                    self.line(&format!("if (bin >= 0 && bin < {bins}) {{"));
                    let mut args = Vec::new();
                    for (t, d) in own_targets.iter().zip(&op.dests) {
                        let ty = self.var_type(*d)?;
                        args.push(if ty.rank() == 1 {
                            format!("((t_{}*){t}->data)[bin]", ty.element().name())
                        } else {
                            format!("arr_row(ctx, {t}, bin)")
                        });
                    }
                    for (temp, kind) in map_temps[value..value + n].iter().zip(&map_types[value..])
                    {
                        args.push(if kind.is_array() {
                            format!("arr_take(&{temp})")
                        } else {
                            temp.clone()
                        });
                    }
                    self.apply(&op.op, &args, temps)?;
                    self.mark_loc();
                    for ((t, temp), kind) in own_targets.iter().zip(temps).zip(kinds) {
                        self.line("{ dimidx s[1] = {{1, 0, 0, 0}}; s[0].start = bin;");
                        if kind.is_array() {
                            self.line(&format!("arr_update(ctx, &{t}, 1, s, {temp}, NULL); }}"));
                        } else {
                            self.line(&format!("arr_update(ctx, &{t}, 1, s, NULL, &{temp}); }}"));
                        }
                    }
                    self.line("}");
                    self.line("}");
                    value += n;
                    target += n;
                }
                self.line("}");
                for (temps, kinds) in &op_temps {
                    self.release_temps(temps, kinds);
                }
                self.release_temps(&map_temps, &map_types);
                for ((dest, ty), t) in pat.iter().zip(pat_types).zip(&targets) {
                    self.assign_owned(dest, *ty, t);
                }
                self.line("}");
            }
            Soac::Scatter {
                width,
                arrays,
                dests,
                map,
            } => {
                self.line("{");
                let w = self.se(*width);
                self.line(&format!("int64_t w = {w};"));
                let dest_vars: Vec<Var> = dests.iter().map(|d| d.array).collect();
                let targets = self.unique_targets(&dest_vars);
                let map_types: Vec<Kind> = map.ret.iter().map(Type::kind).collect();
                let map_temps = self.temps(&map_types);
                let writes: usize = dests.iter().map(|d| d.writes).sum();
                self.line("for (int64_t i = 0; i < w; i++) {");
                let args: Vec<String> = arrays
                    .iter()
                    .map(|&a| self.row_expr(a, "i"))
                    .collect::<Result<_, _>>()?;
                self.apply(map, &args, &map_temps)?;
                let mut write = 0;
                for (t, dest) in targets.iter().zip(dests) {
                    for _ in 0..dest.writes {
                        let (index, value) = (&map_temps[write], &map_temps[writes + write]);
                        self.line(&format!("if ({index} >= 0 && {index} < {t}->shape[0]) {{"));
                        self.line(&format!(
                            "dimidx s[1] = {{{{1, 0, 0, 0}}}}; s[0].start = {index};"
                        ));
                        if map_types[writes + write].is_array() {
                            self.line(&format!("arr_update(ctx, &{t}, 1, s, {value}, NULL);"));
                        } else {
                            self.line(&format!("arr_update(ctx, &{t}, 1, s, NULL, &{value});"));
                        }
                        self.line("}");
                        write += 1;
                    }
                }
                self.line("}");
                self.release_temps(&map_temps, &map_types);
                for ((dest, ty), t) in pat.iter().zip(pat_types).zip(&targets) {
                    self.assign_owned(dest, *ty, t);
                }
                self.line("}");
            }
            Soac::Stream {
                width,
                arrays,
                accumulators,
                fold,
                ..
            } => {
                // One chunk holding everything, as the interpreter does.
                let mut args = vec![self.se(*width)];
                for &acc in accumulators {
                    let x = self.se(acc);
                    args.push(if matches!(self.se_type(acc)?, Type::Array { .. }) {
                        format!("arr_retain({x})")
                    } else {
                        x
                    });
                }
                for &a in arrays {
                    args.push(format!("arr_retain(v{})", a.0));
                }
                self.line("{");
                let temps = self.temps(pat_types);
                self.apply(fold, &args, &temps)?;
                for ((dest, ty), t) in pat.iter().zip(pat_types).zip(&temps) {
                    let value = if ty.is_array() {
                        format!("arr_take(&{t})")
                    } else {
                        t.clone()
                    };
                    self.assign_owned(dest, *ty, &value);
                }
                self.line("}");
            }
        }
        Ok(())
    }
}

/// Whether the operator can fail on operands of the type (integer
/// division by zero, negative exponents).
fn binop_can_fail(op: BinOp, prim: PrimType) -> bool {
    !prim.is_float()
        && matches!(
            op,
            BinOp::Div | BinOp::Mod | BinOp::Quot | BinOp::Rem | BinOp::Pow
        )
}

/// Whether `exp` uses `var` inside a lambda or loop body, where it may be
/// traversed once per iteration.
fn iterated_in(var: Var, exp: &Exp) -> bool {
    match exp {
        Exp::Op(soac) => soac
            .lambdas()
            .into_iter()
            .any(|lambda| free_in_lambda(lambda).contains(&var)),
        Exp::Loop { body, .. } => free_in_body(body).contains(&var),
        Exp::If {
            then_body,
            else_body,
            ..
        } => then_body
            .stms
            .iter()
            .chain(&else_body.stms)
            .any(|stm| iterated_in(var, &stm.exp)),
        _ => false,
    }
}

/// The error for a memory block in the SOACS-level program this
/// generator takes, which has none.
fn memory_block() -> CodegenError {
    CodegenError("a memory block in a program without memory annotations".to_owned())
}
