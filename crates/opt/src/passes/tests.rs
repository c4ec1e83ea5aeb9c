//! Each pass on small programs built with the IR builder: the printed IR
//! after the pass, and the interpreter's results before and after it.

use super::{inline::inline, simplify::simplify};
use crate::interp::run_entry;
use crate::ir::build::{Builder, test_program as program};
use crate::ir::print::print_program;
use crate::ir::{
    DimIndex, ErrorPart, Exp, ExtType, FuncId, Function, Kind, LoopForm, Program, SubExp, Type,
};
use crate::value::{ArrayValue, Value};
use prim::PrimType;
use prim::PrimValue;
use prim::{BinOp, CmpOp};

fn i32_array(values: &[i32]) -> Value {
    Value::Array(ArrayValue::new(
        PrimType::I32,
        vec![values.len() as i64],
        values.iter().map(|&v| PrimValue::I32(v)).collect(),
    ))
}

fn i32_vec() -> Kind {
    Kind::new(PrimType::I32, 1)
}

fn i32_ty() -> Type {
    Type::Prim(PrimType::I32)
}

fn i32_scalar() -> Kind {
    Kind::new(PrimType::I32, 0)
}

fn c32(v: i32) -> SubExp {
    SubExp::Const(PrimValue::I32(v))
}

/// Runs `pass`, checks the result and that it computes what the program
/// computed before on each of `inputs`; returns the printed result.
fn after(pass: fn(&mut Program), mut program: Program, inputs: &[Vec<Value>]) -> String {
    let before = program.clone();
    pass(&mut program);
    crate::ir::check::check_program(&program).expect("a well-typed result");
    for input in inputs {
        assert_eq!(
            run_entry(&before, "main", input.clone()),
            run_entry(&program, "main", input.clone()),
            "different results on {input:?}"
        );
    }
    print_program(&program)
}

fn binop(b: &mut Builder, op: BinOp, x: SubExp, y: SubExp) -> SubExp {
    b.bind1("t", Exp::BinOp(op, x, y)).into()
}

fn count(text: &str, what: &str) -> usize {
    text.matches(what).count()
}

#[test]
fn simplify_folds_constants_propagates_copies_and_removes_dead_code() {
    let p = program(
        &[(i32_scalar(), false)],
        |_| {},
        |b, args| {
            let five = binop(b, BinOp::Add, c32(2), c32(3));
            let copy = b.bind1("copy", Exp::SubExp(five));
            let same = binop(b, BinOp::Mul, args[0], c32(1));
            let unused = binop(b, BinOp::Sub, args[0], c32(7));
            let _ = b.bind1("dead", Exp::SubExp(unused));
            vec![binop(b, BinOp::Add, same, copy.into())]
        },
    );
    let text = after(simplify, p, &[vec![Value::Prim(PrimValue::I32(4))]]);
    assert_eq!(
        text,
        "level soacs\n\
         variables 7\n\
         entry main = main (i32) : (i32)\n\
         fun main (p_0: i32): (i32) = {\n  \
           let (t_6: i32) = Add(p_0, 5i32)\n  \
           in (t_6)\n\
         }\n"
    );
}

#[test]
fn simplify_drops_assertions_it_has_proved() {
    let p = program(
        &[(i32_vec(), false)],
        |_| {},
        |b, args| {
            let xs = args[0].as_var().unwrap();
            let n = b.dims(SubExp::Var(xs))[0];
            let m = b.dims(SubExp::Var(xs))[0];
            let c = b.bind1("c", Exp::Cmp(CmpOp::Eq, n, m));
            b.bind(
                "",
                Exp::Assert {
                    condition: c.into(),
                    message: vec![ErrorPart::Text("sizes".into())],
                },
            );
            vec![binop(b, BinOp::Add, n, m)]
        },
    );
    let text = after(simplify, p, &[vec![i32_array(&[1, 2])]]);
    assert_eq!(
        text,
        "level soacs\n\
         variables 4\n\
         entry main = main ([]i32) : (i64)\n\
         fun main (size_0: i64, p_1: [size_0]i32): (i64) = {\n  \
           let (t_3: i64) = Add(size_0, size_0)\n  \
           in (t_3)\n\
         }\n"
    );
}

#[test]
fn simplify_keeps_dead_code_that_can_fail_and_repeats_no_proven_assertion() {
    let p = program(
        &[(i32_vec(), false), (i32_scalar(), false)],
        |_| {},
        |b, args| {
            let xs = args[0].as_var().unwrap();
            let _ = binop(b, BinOp::Div, c32(1), args[1]);
            let _ = b.bind1(
                "x",
                Exp::Index {
                    array: xs,
                    slice: vec![DimIndex::Fix(SubExp::i64(5))],
                },
            );
            let c = b.bind1("c", Exp::Cmp(CmpOp::Lt, args[1], c32(10)));
            for _ in 0..2 {
                b.bind(
                    "",
                    Exp::Assert {
                        condition: c.into(),
                        message: vec![ErrorPart::Text("small".into())],
                    },
                );
            }
            vec![args[1]]
        },
    );
    let inputs = [
        vec![i32_array(&[1, 2]), Value::Prim(PrimValue::I32(0))],
        vec![
            i32_array(&[1, 2, 3, 4, 5, 6]),
            Value::Prim(PrimValue::I32(0)),
        ],
        vec![
            i32_array(&[1, 2, 3, 4, 5, 6]),
            Value::Prim(PrimValue::I32(20)),
        ],
        vec![
            i32_array(&[1, 2, 3, 4, 5, 6]),
            Value::Prim(PrimValue::I32(1)),
        ],
    ];
    let text = after(simplify, p, &inputs);
    assert_eq!(count(&text, "Div("), 1, "{text}");
    assert_eq!(count(&text, "p_1[5i64]"), 1, "{text}");
    assert_eq!(count(&text, "assert("), 1, "{text}");
}

#[test]
fn simplify_hoists_loop_invariant_statements() {
    let p = program(
        &[(i32_scalar(), false)],
        |_| {},
        |b, args| {
            let acc = b.param("acc", i32_ty(), false);
            let i = b.new_var("i", Type::i64());
            let body = b.body(|b| {
                let square = binop(b, BinOp::Mul, args[0], args[0]);
                vec![binop(b, BinOp::Mul, acc.var.into(), square)]
            });
            let result = b.bind1(
                "loop",
                Exp::Loop {
                    params: vec![(acc, c32(1))],
                    form: LoopForm::For {
                        var: i,
                        bound: SubExp::i64(10),
                    },
                    body,
                },
            );
            vec![result.into()]
        },
    );
    let text = after(simplify, p, &[vec![Value::Prim(PrimValue::I32(3))]]);
    assert_eq!(
        text,
        "level soacs\n\
         variables 6\n\
         entry main = main (i32) : (i32)\n\
         fun main (p_0: i32): (i32) = {\n  \
           let (t_3: i32) = Mul(p_0, p_0)\n  \
           let (loop_5: i32) = loop (acc_1: i32) = (1i32) for i_2 < 10i64 do {\n    \
             let (t_4: i32) = Mul(acc_1, t_3)\n    \
             in (t_4)\n  \
           }\n  \
           in (loop_5)\n\
         }\n"
    );
}

#[test]
fn simplify_keeps_a_copy_that_an_inner_loop_updates_in_place_inside_the_outer_loop() {
    // for j < 3: (loop acc = copy xs for i < n: acc with [i] = acc[i] * 2)[0]
    // The inner loop's parameter is not marked unique, but its body
    // updates it: the copy is consumed every outer iteration.
    let p = program(
        &[(i32_vec(), false)],
        |_| {},
        |b, args| {
            let xs = args[0].as_var().expect("a variable");
            let n = b.type_of(args[0]).shape()[0];
            let total = b.param("total", i32_ty(), false);
            let j = b.new_var("j", Type::i64());
            let outer = b.body(|b| {
                let copy = b.bind1("copy", Exp::Copy(xs));
                let acc = b.param("acc", b.type_of(SubExp::Var(xs)), false);
                let i = b.new_var("i", Type::i64());
                let inner = b.body(|b| {
                    let x = b.bind1(
                        "x",
                        Exp::Index {
                            array: acc.var,
                            slice: vec![DimIndex::Fix(SubExp::Var(i))],
                        },
                    );
                    let doubled = binop(b, BinOp::Mul, x.into(), c32(2));
                    let updated = b.bind1(
                        "updated",
                        Exp::Update {
                            array: acc.var,
                            slice: vec![DimIndex::Fix(SubExp::Var(i))],
                            value: doubled,
                        },
                    );
                    vec![updated.into()]
                });
                let doubled = b.bind1(
                    "doubled",
                    Exp::Loop {
                        params: vec![(acc, SubExp::Var(copy))],
                        form: LoopForm::For { var: i, bound: n },
                        body: inner,
                    },
                );
                let first = b.bind1(
                    "first",
                    Exp::Index {
                        array: doubled,
                        slice: vec![DimIndex::Fix(SubExp::i64(0))],
                    },
                );
                vec![binop(b, BinOp::Add, total.var.into(), first.into())]
            });
            let result = b.bind1(
                "loop",
                Exp::Loop {
                    params: vec![(total, c32(0))],
                    form: LoopForm::For {
                        var: j,
                        bound: SubExp::i64(3),
                    },
                    body: outer,
                },
            );
            vec![result.into()]
        },
    );
    let text = after(simplify, p, &[vec![i32_array(&[5, 6])]]);
    let outer_loop = text.find("loop (total").expect("the outer loop");
    let copy = text.find("copy(").expect("the copy");
    assert!(copy > outer_loop, "{text}");
}

#[test]
fn inline_replaces_calls_of_small_functions_and_removes_them() {
    let p = program(
        &[(i32_scalar(), false)],
        |b| {
            let y = b.param("y", i32_ty(), false);
            let f = b.declare_function("succ", vec![y.clone()], vec![ExtType::Prim(PrimType::I32)]);
            let body = b.body(|b| vec![binop(b, BinOp::Add, y.var.into(), c32(1))]);
            b.define_function(
                f,
                Function {
                    name: "succ".into(),
                    params: vec![y],
                    ret: vec![(ExtType::Prim(PrimType::I32), false)],
                    body,
                },
            );
        },
        |b, args| {
            // The helper is declared first.
            let f = FuncId(0);
            let once = b.bind1(
                "call",
                Exp::Call {
                    func: f,
                    args: vec![args[0]],
                },
            );
            let twice = b.bind1(
                "call",
                Exp::Call {
                    func: f,
                    args: vec![once.into()],
                },
            );
            vec![twice.into()]
        },
    );
    let text = after(inline, p, &[vec![Value::Prim(PrimValue::I32(3))]]);
    assert_eq!(
        text,
        "level soacs\n\
         variables 5\n\
         entry main = main (i32) : (i32)\n\
         fun main (p_2: i32): (i32) = {\n  \
           let (call_3: i32) = Add(p_2, 1i32)\n  \
           let (call_4: i32) = Add(call_3, 1i32)\n  \
           in (call_4)\n\
         }\n"
    );
}

fn site(line: u32) -> crate::ir::Loc {
    crate::ir::Loc {
        file: "chain.fut".into(),
        start: (line, 1),
        end: (line, 5),
        inlined_from: crate::ir::CallChain::default(),
        prelude: false,
    }
}

#[test]
fn inline_moves_a_chain_of_once_called_functions_and_shares_their_call_chains() {
    // g0 y = y + 1 + 1 + 1; g(k) y = g(k-1) y + 1, each statement on a
    // line of its own: main calls g(DEPTH-1).
    const DEPTH: u32 = 40;
    let p = program(
        &[(i32_scalar(), false)],
        |b| {
            for k in 0..DEPTH {
                let y = b.param("y", i32_ty(), false);
                let ret = vec![ExtType::Prim(PrimType::I32)];
                let g = b.declare_function(&format!("g{k}"), vec![y.clone()], ret.clone());
                let body = b.body(|b| {
                    b.set_loc(Some(site(10 * k + 1)));
                    let mut value: SubExp = y.var.into();
                    if k > 0 {
                        let func = FuncId(k - 1);
                        value = b
                            .bind1(
                                "call",
                                Exp::Call {
                                    func,
                                    args: vec![value],
                                },
                            )
                            .into();
                    }
                    for line in 2..5 {
                        b.set_loc(Some(site(10 * k + line)));
                        value = binop(b, BinOp::Add, value, c32(1));
                    }
                    b.set_loc(None);
                    vec![value]
                });
                b.define_function(
                    g,
                    Function {
                        name: format!("g{k}"),
                        params: vec![y],
                        ret: ret.into_iter().map(|t| (t, false)).collect(),
                        body,
                    },
                );
            }
        },
        |b, args| {
            b.set_loc(Some(site(1000)));
            let func = FuncId(DEPTH - 1);
            let result = b.bind1(
                "call",
                Exp::Call {
                    func,
                    args: vec![args[0]],
                },
            );
            b.set_loc(None);
            vec![result.into()]
        },
    );
    let variables = p.var_names.len();
    let mut inlined = p.clone();
    let text = after(inline, p, &[vec![Value::Prim(PrimValue::I32(3))]]);
    inline(&mut inlined);
    // Moved, not copied: no variable was made.
    assert_eq!(inlined.var_names.len(), variables, "{text}");
    let [main] = inlined.functions.as_slice() else {
        panic!("only main is left: {text}");
    };
    assert_eq!(main.body.stms.len(), 3 * DEPTH as usize, "{text}");
    // The statements of one function share one chain.
    let chains: rustc_hash::FxHashSet<usize> = main
        .body
        .stms
        .iter()
        .map(|stm| {
            stm.loc
                .as_ref()
                .expect("a location")
                .inlined_from
                .identity()
        })
        .collect();
    assert_eq!(chains.len(), DEPTH as usize, "{text}");
    // g0's statements were inlined through every g and main's call,
    // innermost first.
    let innermost: Vec<u32> = main.body.stms[0]
        .loc
        .as_ref()
        .expect("a location")
        .inlined_from
        .iter()
        .map(|site| site.start.0)
        .collect();
    let expected: Vec<u32> = (1..DEPTH).map(|k| 10 * k + 1).chain([1000]).collect();
    assert_eq!(innermost, expected);
    assert!(
        text.contains("@ chain.fut:2:1-5 <- chain.fut:11:1-5 <- chain.fut:21:1-5"),
        "{text}"
    );
}
