//! Upstream Futhark's AST metrics of a program (its
//! `Futhark.Analysis.Metrics`): how many times each kind of construct
//! occurs, which `futhark test`'s `structure` blocks check.
//!
//! Each construct is counted under its name and under every suffix of the
//! path of constructs enclosing it, the whole path also with a leading
//! `/` (anchored at a function's body): a `BinOp` in a loop inside a
//! `Screma` counts as `BinOp`, `Loop/BinOp`, `Screma/Loop/BinOp` and
//! `/Screma/Loop/BinOp`. The names are those of the construct upstream's
//! SOACS representation has where ours has one:
//!
//! * Scalar and array operations are upstream's basic operations: each
//!   counts as `BasicOp` and as its own name (`BinOp`, `CmpOp`, `UnOp`,
//!   `ConvOp`, `SubExp`, `Index`, `Update`, `ArrayLit`, `Iota`,
//!   `Replicate`, `Scratch`, `Reshape`, `Rearrange`, `Concat`, `Assert`), both in the
//!   same context. A copy is `Replicate` (upstream copies by replicating
//!   into no dimensions), a tuning parameter is `UserParam`, and the bit
//!   conversions of floats are `ConvOp`.
//! * Calls, and the primitive functions upstream calls as built-in
//!   functions (`sqrt`, `popc`, ...), are `Apply`.
//! * A loop is `Loop`, holding `ForLoop` or `WhileLoop` and its body; a
//!   branch is `If`, holding `True` and `False`, which hold the branches.
//! * The SOACs: see [`Counter::soac`]; the segmented operations of the
//!   parallel levels: see [`Counter::seg_op`].

use super::rep::{Operation, Rep};
use super::segop::SegOp;
use super::traverse::for_each_stm;
use super::{Body, Exp, FuncId, Function, Lambda, Loc, LoopForm, Program, Soac};
use prim::PrimFn;
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;

/// Counts per path (`Screma`, `/Loop/Screma`, ...); a path that does not
/// occur counts 0.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Metrics(BTreeMap<String, usize>);

impl Metrics {
    /// How many times `path` occurs.
    pub fn get(&self, path: &str) -> usize {
        self.0.get(path).copied().unwrap_or(0)
    }

    /// The paths that occur with their counts, sorted by path.
    pub fn iter(&self) -> impl Iterator<Item = (&str, usize)> {
        self.0.iter().map(|(path, &count)| (path.as_str(), count))
    }
}

/// The metrics of every function of a program.
pub fn program_metrics<R: Rep>(program: &Program<R>) -> Metrics {
    let mut counter = Counter::default();
    for Function { body, .. } in &program.functions {
        counter.body(body);
    }
    Metrics(counter.counts)
}

/// Counts constructs in their context; a representation's operations
/// count themselves through it ([`Operation::count_metrics`]).
#[derive(Default)]
pub struct Counter {
    /// The names of the enclosing constructs, outermost first.
    context: Vec<&'static str>,
    counts: BTreeMap<String, usize>,
    /// The parallel operations and calls met outside parallel code.
    outline: Vec<Outlined>,
    /// How many parallel operations enclose what is counted now.
    parallel_depth: usize,
}

/// What [`entry_outline`] meets outside parallel code.
enum Outlined {
    Parallel(&'static str),
    Call(FuncId),
}

/// The parallel operations an entry point's function runs that are not
/// inside other parallel code, in program order, with those of the
/// functions it calls (outside parallel code) where it calls them; each
/// SOAC by its form (`map`, `reduce`, `redomap`, `scan`, `scanomap`,
/// `screma`, `hist`, `scatter`, `stream`), each segmented operation by
/// upstream's name (`SegMap`, `SegRed`, `SegScan`, `SegHist`). A function
/// is followed once however often it is called.
pub fn entry_outline<R: Rep>(program: &Program<R>, func: FuncId) -> Vec<&'static str> {
    let mut out = Vec::new();
    let mut followed = vec![false; program.functions.len()];
    outline_of(program, func, &mut followed, &mut out);
    out
}

fn outline_of<R: Rep>(
    program: &Program<R>,
    func: FuncId,
    followed: &mut [bool],
    out: &mut Vec<&'static str>,
) {
    if std::mem::replace(&mut followed[func.0 as usize], true) {
        return;
    }
    let mut counter = Counter::default();
    counter.body(&program.function(func).body);
    for item in counter.outline {
        match item {
            Outlined::Parallel(name) => out.push(name),
            Outlined::Call(callee) => outline_of(program, callee, followed, out),
        }
    }
}

/// Each SOAC that fusion merged away ([`Program::fusions`]), by its
/// location, with the SOAC of the program it ended in: its location and
/// its form (as [`entry_outline`] names it). A fused SOAC whose merged
/// result is gone (simplified away, say) is left out.
pub fn fused_into(program: &Program) -> Vec<(Loc, Loc, &'static str)> {
    let mut forms: FxHashMap<Loc, &'static str> = FxHashMap::default();
    for function in &program.functions {
        for_each_stm(&function.body, &mut |stm| {
            if let (Exp::Op(soac), Some(loc)) = (&stm.exp, &stm.loc) {
                forms.entry(loc.clone()).or_insert(soac_form(soac));
            }
        });
    }
    // Later fusions merge what earlier ones made.
    let mut into: FxHashMap<&Loc, &Loc> = FxHashMap::default();
    for fusion in &program.fusions {
        into.insert(&fusion.from, &fusion.into);
    }
    let mut out = Vec::new();
    for &from in into.keys() {
        let mut at = from;
        for _ in 0..=into.len() {
            match into.get(at) {
                Some(&next) if next != from => at = next,
                _ => break,
            }
        }
        if !forms.contains_key(from)
            && let Some(&form) = forms.get(at)
        {
            out.push((from.clone(), at.clone(), form));
        }
    }
    out.sort_by(|a, b| (&a.0.file, a.0.start).cmp(&(&b.0.file, b.0.start)));
    out
}

/// A SOAC's form, as [`entry_outline`] names it.
fn soac_form<R: Rep>(soac: &Soac<R>) -> &'static str {
    match soac {
        Soac::Screma {
            map,
            scans,
            reduces,
            ..
        } => match (scans.is_empty(), reduces.is_empty()) {
            (true, true) => "map",
            (true, false) if map.is_identity() => "reduce",
            (true, false) => "redomap",
            (false, true) if map.is_identity() => "scan",
            (false, true) => "scanomap",
            (false, false) => "screma",
        },
        Soac::Hist { .. } => "hist",
        Soac::Scatter { .. } => "scatter",
        Soac::Accumulate { .. } => "accumulate",
        Soac::Stream { .. } => "stream",
    }
}

impl Counter {
    /// Counts `name` under every suffix of the context.
    pub fn seen(&mut self, name: &str) {
        let mut path = name.to_string();
        *self.counts.entry(path.clone()).or_default() += 1;
        for enclosing in self.context.iter().rev() {
            path = format!("{enclosing}/{path}");
            *self.counts.entry(path.clone()).or_default() += 1;
        }
        *self.counts.entry(format!("/{path}")).or_default() += 1;
    }

    /// Counts `name`, and what `nested` counts inside it.
    pub fn inside(&mut self, name: &'static str, nested: impl FnOnce(&mut Counter)) {
        self.seen(name);
        self.context.push(name);
        nested(self);
        self.context.pop();
    }

    /// Counts a basic operation: as `BasicOp` and as `name`.
    pub fn basic_op(&mut self, name: &str) {
        self.seen("BasicOp");
        self.seen(name);
    }

    pub fn body<R: Rep>(&mut self, body: &Body<R>) {
        for stm in &body.stms {
            self.exp(&stm.exp);
        }
    }

    pub fn lambda<R: Rep>(&mut self, lambda: &Lambda<R>) {
        self.body(&lambda.body);
    }

    fn exp<R: Rep>(&mut self, exp: &Exp<R>) {
        match exp {
            Exp::SubExp(_) => self.basic_op("SubExp"),
            Exp::Opaque(_) => self.basic_op("Opaque"),
            Exp::BinOp(..) => self.basic_op("BinOp"),
            Exp::Cmp(..) => self.basic_op("CmpOp"),
            Exp::UnOp(..) => self.basic_op("UnOp"),
            Exp::Convert(..) | Exp::PrimFn(PrimFn::ToBits(_) | PrimFn::FromBits(_), _) => {
                self.basic_op("ConvOp")
            }
            Exp::PrimFn(PrimFn::Tuning(_), _) => self.basic_op("UserParam"),
            Exp::PrimFn(..) => self.seen("Apply"),
            Exp::Call { func, .. } => {
                if self.parallel_depth == 0 {
                    self.outline.push(Outlined::Call(*func));
                }
                self.seen("Apply")
            }
            Exp::Index { .. } => self.basic_op("Index"),
            Exp::Update { .. } => self.basic_op("Update"),
            Exp::ArrayLit { .. } => self.basic_op("ArrayLit"),
            Exp::Iota { .. } => self.basic_op("Iota"),
            Exp::Replicate { .. } | Exp::Copy(_) => self.basic_op("Replicate"),
            Exp::Scratch { .. } => self.basic_op("Scratch"),
            Exp::Rearrange { .. } => self.basic_op("Rearrange"),
            Exp::Reshape { .. } => self.basic_op("Reshape"),
            Exp::Concat { .. } => self.basic_op("Concat"),
            Exp::Assert { .. } => self.basic_op("Assert"),
            Exp::Loop { form, body, .. } => self.inside("Loop", |counter| {
                counter.seen(match form {
                    LoopForm::For { .. } => "ForLoop",
                    LoopForm::While { .. } => "WhileLoop",
                });
                counter.body(body);
            }),
            Exp::If {
                then_body,
                else_body,
                ..
            } => self.inside("If", |counter| {
                counter.inside("True", |counter| counter.body(then_body));
                counter.inside("False", |counter| counter.body(else_body));
            }),
            Exp::Op(op) => op.count_metrics(self),
        }
    }

    /// A SOAC, as the construct upstream's SOACS representation has for
    /// it: `Screma`, `Hist` and `Stream` hold their lambdas' statements.
    /// Upstream has no scatter: it writes through an accumulator, a
    /// `WithAcc` holding a `Screma` that holds the map's statements and
    /// an `UpdateAcc` per write.
    pub fn soac<R: Rep>(&mut self, soac: &Soac<R>) {
        self.parallel(soac_form(soac), |counter| counter.soac_inside(soac));
    }

    /// Counts what is inside `f` as inside a parallel operation called
    /// `form` in the outline.
    fn parallel(&mut self, form: &'static str, f: impl FnOnce(&mut Counter)) {
        if self.parallel_depth == 0 {
            self.outline.push(Outlined::Parallel(form));
        }
        self.parallel_depth += 1;
        f(self);
        self.parallel_depth -= 1;
    }

    fn soac_inside<R: Rep>(&mut self, soac: &Soac<R>) {
        let name = match soac {
            Soac::Screma { .. } => "Screma",
            Soac::Hist { .. } => "Hist",
            Soac::Stream { .. } => "Stream",
            Soac::Scatter { dests, map, .. } => {
                return self.inside("WithAcc", |counter| {
                    counter.inside("Screma", |counter| {
                        counter.lambda(map);
                        for dest in dests {
                            for _ in 0..dest.writes {
                                counter.basic_op("UpdateAcc");
                            }
                        }
                    })
                });
            }
            // Upstream's accumulation is a `WithAcc` around a map whose
            // body updates the accumulators.
            Soac::Accumulate { map, .. } => {
                return self.inside("WithAcc", |counter| {
                    counter.inside("Screma", |counter| counter.lambda(map))
                });
            }
        };
        self.inside(name, |counter| {
            for lambda in soac.lambdas() {
                counter.lambda(lambda);
            }
        });
    }

    /// A segmented operation, as upstream names it: `SegMap`, `SegRed`,
    /// `SegScan` or `SegHist`, holding its operators' statements and its
    /// body's.
    pub fn seg_op<R: Rep>(&mut self, op: &SegOp<R>) {
        let name = match op {
            SegOp::Map { .. } => "SegMap",
            SegOp::Red { .. } => "SegRed",
            SegOp::Scan { .. } => "SegScan",
            SegOp::Hist { .. } => "SegHist",
        };
        self.parallel(name, |counter| {
            counter.inside(name, |counter| {
                for lambda in op.lambdas() {
                    counter.lambda(lambda);
                }
                counter.body(op.body());
            })
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::build::{Builder, test_program};
    use crate::ir::{Kind, LoopForm, ReduceOp, SubExp, Type};
    use prim::{BinOp, CmpOp, PrimType, PrimValue};

    fn i32_vec() -> (Kind, bool) {
        (Kind::new(PrimType::I32, 1), false)
    }

    fn c32(v: i32) -> SubExp {
        SubExp::Const(PrimValue::I32(v))
    }

    /// Every path with its count, as `path count` lines.
    fn listing(metrics: &Metrics) -> String {
        metrics
            .iter()
            .map(|(path, count)| format!("{path} {count}\n"))
            .collect()
    }

    /// `map (+ k) xs`.
    fn add_map(b: &mut Builder, xs: SubExp, k: i32) -> SubExp {
        let width = b.dims(xs)[0];
        let array = xs.as_var().expect("an array variable");
        let map = b.map_lambda(width, &[array], |b, row| {
            vec![
                b.bind1("y", Exp::BinOp(BinOp::Add, row[0].into(), c32(k)))
                    .into(),
            ]
        });
        b.bind1(
            "ys",
            Exp::Op(Soac::Screma {
                width,
                arrays: vec![array],
                map,
                scans: vec![],
                reduces: vec![],
                post: None,
            }),
        )
        .into()
    }

    #[test]
    fn counts_every_construct_under_every_suffix_of_its_path() {
        let program = test_program(
            &[i32_vec()],
            |_| {},
            |b, args| {
                let xs = args[0];
                let width = b.dims(xs)[0];
                let array = xs.as_var().expect("an array variable");
                let identity = b.lambda(&[Type::Prim(PrimType::I32)], |_, p| vec![p[0].into()]);
                let plus = b.lambda(
                    &[Type::Prim(PrimType::I32), Type::Prim(PrimType::I32)],
                    |b, p| {
                        vec![
                            b.bind1("s", Exp::BinOp(BinOp::Add, p[0].into(), p[1].into()))
                                .into(),
                        ]
                    },
                );
                let sum = b.bind1(
                    "sum",
                    Exp::Op(Soac::Screma {
                        width,
                        arrays: vec![array],
                        map: identity,
                        scans: vec![],
                        reduces: vec![ReduceOp {
                            lambda: plus,
                            neutral: vec![c32(0)],
                            commutative: true,
                        }],
                        post: None,
                    }),
                );
                vec![sum.into()]
            },
        );
        assert_eq!(
            listing(&program_metrics(&program)),
            "/Screma 1\n/Screma/BasicOp 1\n/Screma/BinOp 1\n\
             BasicOp 1\nBinOp 1\nScrema 1\nScrema/BasicOp 1\nScrema/BinOp 1\n"
        );
    }

    #[test]
    fn loops_and_branches_hold_their_forms_and_branches() {
        let program = test_program(
            &[i32_vec()],
            |_| {},
            |b, args| {
                let xs = args[0];
                let params = b.loop_params("acc", &[(xs, false)]);
                let i = b.new_var("i", Type::i64());
                let acc = params.value_vars()[0];
                let body = b.body(|b| vec![add_map(b, acc, 1)]);
                let looped = b.bind_loop(
                    "looped",
                    params,
                    LoopForm::For {
                        var: i,
                        bound: SubExp::i64(3),
                    },
                    body,
                );
                let n = b.dims(xs)[0];
                let empty = b.bind1("empty", Exp::Cmp(CmpOp::Eq, n, SubExp::i64(0)));
                let then_body = b.body(|b| vec![add_map(b, looped[0].into(), 2)]);
                let else_body = b.body(|_| vec![xs]);
                let chosen = b.bind_if("chosen", empty.into(), then_body, else_body);
                vec![chosen[0].into()]
            },
        );
        let metrics = program_metrics(&program);
        for (path, count) in [
            ("Loop", 1),
            ("/Loop", 1),
            ("Loop/ForLoop", 1),
            ("Loop/WhileLoop", 0),
            ("/Loop/Screma", 1),
            ("/Loop/Screma/BinOp", 1),
            ("If", 1),
            ("If/True", 1),
            ("If/False", 1),
            ("/If/True/Screma", 1),
            ("True/Screma/BinOp", 1),
            ("If/False/Screma", 0),
            ("Screma", 2),
            ("/Screma", 0),
            ("Screma/BinOp", 2),
            ("CmpOp", 1),
            ("/CmpOp", 1),
        ] {
            assert_eq!(metrics.get(path), count, "{path} in\n{}", listing(&metrics));
        }
    }

    #[test]
    fn a_scatter_is_an_accumulator_updated_by_a_map() {
        let program = test_program(
            &[
                (Kind::new(PrimType::I32, 1), true),
                (Kind::new(PrimType::I64, 1), false),
                i32_vec(),
            ],
            |_| {},
            |b, args| {
                let width = b.dims(args[1])[0];
                let values = b.coerce(args[2], &[width], "sizes differ");
                let exp = b.scatter(
                    width,
                    &[args[0].as_var().expect("a variable")],
                    args[1].as_var().expect("a variable"),
                    &[values.as_var().expect("a variable")],
                );
                let scattered = b.bind1("scattered", exp);
                vec![scattered.into()]
            },
        );
        let metrics = program_metrics(&program);
        for (path, count) in [
            ("/WithAcc", 1),
            ("/WithAcc/Screma", 1),
            ("WithAcc/Screma/UpdateAcc", 1),
            ("Screma/BasicOp", 1),
            ("Screma", 1),
            ("Scatter", 0),
        ] {
            assert_eq!(metrics.get(path), count, "{path} in\n{}", listing(&metrics));
        }
    }

    #[test]
    fn calls_copies_and_primitive_functions_have_upstreams_names() {
        let program = test_program(
            &[(Kind::new(PrimType::F32, 0), false), i32_vec()],
            |_| {},
            |b, args| {
                let root = b.bind1(
                    "root",
                    Exp::PrimFn(
                        PrimFn::Float(prim::FloatFn::Sqrt, PrimType::F32),
                        vec![args[0]],
                    ),
                );
                let bits = b.bind1(
                    "bits",
                    Exp::PrimFn(PrimFn::ToBits(PrimType::F32), vec![root.into()]),
                );
                let copy = b.bind1("copy", Exp::Copy(args[1].as_var().expect("a variable")));
                vec![bits.into(), copy.into()]
            },
        );
        let metrics = program_metrics(&program);
        for (path, count) in [
            ("Apply", 1),
            ("/Apply", 1),
            ("ConvOp", 1),
            ("Replicate", 1),
            ("BasicOp", 2),
        ] {
            assert_eq!(metrics.get(path), count, "{path} in\n{}", listing(&metrics));
        }
    }
}
