use super::{RunError, run_entry, run_entry_bounded};
use crate::ir::build::{Builder, test_program};
use crate::ir::{DimIndex, Exp, Kind, LoopForm, Program, ReduceOp, Soac, SubExp, Type};
use crate::value::{ArrayValue, Value};
use prim::BinOp;
use prim::PrimType;
use prim::PrimValue;

fn i32_array(values: &[i32]) -> Value {
    Value::Array(ArrayValue::new(
        PrimType::I32,
        vec![values.len() as i64],
        values.iter().map(|&v| PrimValue::I32(v)).collect(),
    ))
}

/// A program with one entry point `main` built by `build` from its
/// parameters of the given kinds.
fn program(params: &[Kind], build: impl FnOnce(&mut Builder, &[SubExp]) -> Vec<SubExp>) -> Program {
    let params: Vec<(Kind, bool)> = params.iter().map(|&t| (t, false)).collect();
    test_program(&params, |_| {}, build)
}

fn i32_vec() -> Kind {
    Kind::new(PrimType::I32, 1)
}

fn i64_scalar() -> Kind {
    Kind::new(PrimType::I64, 0)
}

#[test]
fn sums_the_squares_with_a_fused_map_and_reduction() {
    let p = program(&[i32_vec()], |b, args| {
        let xs = args[0].as_var().unwrap();
        let n = b.dims(SubExp::Var(xs))[0];
        let map = b.lambda(&[Type::Prim(PrimType::I32)], |b, x| {
            vec![SubExp::Var(b.bind1(
                "sq",
                Exp::BinOp(BinOp::Mul, x[0].into(), x[0].into()),
            ))]
        });
        let add = b.lambda(
            &[Type::Prim(PrimType::I32), Type::Prim(PrimType::I32)],
            |b, x| {
                vec![SubExp::Var(b.bind1(
                    "s",
                    Exp::BinOp(BinOp::Add, x[0].into(), x[1].into()),
                ))]
            },
        );
        let sum = b.bind1(
            "sum",
            Exp::Op(Soac::Screma {
                width: n,
                arrays: vec![xs],
                map,
                scans: Vec::new(),
                reduces: vec![ReduceOp {
                    lambda: add,
                    neutral: vec![SubExp::Const(PrimValue::I32(0))],
                    commutative: true,
                }],
                post: None,
            }),
        );
        vec![sum.into()]
    });
    let result = run_entry(&p, "main", vec![i32_array(&[1, 2, 3])]).unwrap();
    assert_eq!(result, vec![Value::Prim(PrimValue::I32(14))]);
}

#[test]
fn reports_an_out_of_bounds_index_with_upstreams_message() {
    let p = program(&[i32_vec(), i64_scalar()], |b, args| {
        let xs = args[0].as_var().unwrap();
        let x = b.bind1(
            "x",
            Exp::Index {
                array: xs,
                slice: vec![DimIndex::Fix(args[1])],
            },
        );
        vec![x.into()]
    });
    let error: RunError = run_entry(
        &p,
        "main",
        vec![i32_array(&[1, 2, 3]), Value::Prim(PrimValue::I64(5))],
    )
    .unwrap_err();
    assert_eq!(
        error.message,
        "Index [5] out of bounds for array of shape [3]."
    );
}

#[test]
fn updates_in_a_loop_write_in_place() {
    // loop xs for i < n do xs with [i] = i32(i)
    let p = program(&[i32_vec()], |b, args| {
        let xs = args[0].as_var().unwrap();
        let n = b.dims(SubExp::Var(xs))[0];
        let params = b.loop_params("acc", &[(xs.into(), true)]);
        let acc = params.values[0].0.var;
        let i = b.new_var("i", Type::i64());
        let body = b.body(|b| {
            let v = b.bind1("v", Exp::Convert(PrimType::I32, i.into()));
            let updated = b.bind1(
                "upd",
                Exp::Update {
                    array: acc,
                    slice: vec![DimIndex::Fix(i.into())],
                    value: v.into(),
                },
            );
            vec![updated.into()]
        });
        let result = b.bind_loop("loop", params, LoopForm::For { var: i, bound: n }, body);
        vec![result[0].into()]
    });
    let result = run_entry(&p, "main", vec![i32_array(&[9, 9, 9, 9])]).unwrap();
    assert_eq!(result, vec![i32_array(&[0, 1, 2, 3])]);
}

#[test]
fn slices_with_strides_and_rejects_slices_out_of_bounds() {
    let p = program(
        &[i32_vec(), i64_scalar(), i64_scalar(), i64_scalar()],
        |b, args| {
            let xs = args[0].as_var().unwrap();
            let s = b.bind1(
                "s",
                Exp::Index {
                    array: xs,
                    slice: vec![DimIndex::Slice {
                        start: args[1],
                        len: args[2],
                        stride: args[3],
                    }],
                },
            );
            vec![s.into()]
        },
    );
    let run = |start, len, stride| {
        run_entry(
            &p,
            "main",
            vec![
                i32_array(&[0, 1, 2, 3, 4]),
                Value::Prim(PrimValue::I64(start)),
                Value::Prim(PrimValue::I64(len)),
                Value::Prim(PrimValue::I64(stride)),
            ],
        )
    };
    assert_eq!(run(4, 3, -2).unwrap(), vec![i32_array(&[4, 2, 0])]);
    assert_eq!(run(5, 0, 1).unwrap(), vec![i32_array(&[])]);
    assert_eq!(
        run(3, 3, 1).unwrap_err().message,
        "Index [3:6] out of bounds for array of shape [5]."
    );
}

#[test]
fn rejects_arguments_of_the_wrong_type_or_number() {
    let p = program(&[i32_vec()], |_, args| vec![args[0]]);
    let error = run_entry(&p, "main", vec![Value::Prim(PrimValue::I32(1))]).unwrap_err();
    assert!(
        error.message.contains("should be of type []i32"),
        "{}",
        error.message
    );
    let error = run_entry(&p, "main", Vec::new()).unwrap_err();
    assert!(
        error.message.contains("takes 1 argument"),
        "{}",
        error.message
    );
}

#[test]
fn a_stream_folds_its_chunks_into_the_accumulator_and_maps_them() {
    // stream_seq over xs with accumulator 0: the sum of the chunk added to
    // the accumulator, and the chunk doubled as the mapped result.
    let p = program(&[i32_vec()], |b, args| {
        let xs = args[0].as_var().unwrap();
        let n = b.dims(SubExp::Var(xs))[0];
        let fold = b.stream_lambda(
            &[Type::Prim(PrimType::I32)],
            &[xs],
            |b, chunk, accs, chunks| {
                let p = [chunk, accs[0], chunks[0]];
                let add = b.lambda(
                    &[Type::Prim(PrimType::I32), Type::Prim(PrimType::I32)],
                    |b, x| {
                        vec![SubExp::Var(b.bind1(
                            "s",
                            Exp::BinOp(BinOp::Add, x[0].into(), x[1].into()),
                        ))]
                    },
                );
                let double = b.lambda(&[Type::Prim(PrimType::I32)], |b, x| {
                    let d = SubExp::Var(b.bind1(
                        "d",
                        Exp::BinOp(BinOp::Mul, x[0].into(), SubExp::Const(PrimValue::I32(2))),
                    ));
                    // The first result feeds the reduction, the second is mapped.
                    vec![d, d]
                });
                let results = b.bind(
                    "chunk",
                    Exp::Op(Soac::Screma {
                        width: p[0].into(),
                        arrays: vec![p[2]],
                        map: double,
                        scans: Vec::new(),
                        reduces: vec![ReduceOp {
                            lambda: add,
                            neutral: vec![SubExp::Const(PrimValue::I32(0))],
                            commutative: true,
                        }],
                        post: None,
                    }),
                );
                // The reduction saw the doubled elements: halve it back.
                let half = b.bind1(
                    "h",
                    Exp::BinOp(
                        BinOp::Div,
                        results[0].into(),
                        SubExp::Const(PrimValue::I32(2)),
                    ),
                );
                let acc = b.bind1("acc", Exp::BinOp(BinOp::Add, p[1].into(), half.into()));
                vec![acc.into(), results[1].into()]
            },
        );
        let out = b.bind(
            "stream",
            Exp::Op(Soac::Stream {
                kind: crate::ir::StreamKind::Sequential,
                width: n,
                arrays: vec![xs],
                accumulators: vec![SubExp::Const(PrimValue::I32(0))],
                fold,
                reduce: None,
            }),
        );
        out.into_iter().map(SubExp::Var).collect()
    });
    let result = run_entry(&p, "main", vec![i32_array(&[1, 2, 3])]).unwrap();
    assert_eq!(
        result,
        vec![Value::Prim(PrimValue::I32(6)), i32_array(&[2, 4, 6])]
    );
}

#[test]
fn histograms_combine_and_scatters_overwrite_ignoring_indices_out_of_bounds() {
    let i64_vec = Kind::new(PrimType::I64, 1);
    let p = program(&[i32_vec(), i64_vec, i32_vec()], |b, args| {
        let (dest, is, vs) = (
            args[0].as_var().unwrap(),
            args[1].as_var().unwrap(),
            args[2].as_var().unwrap(),
        );
        let n = b.dims(SubExp::Var(is))[0];
        let vs = b.coerce(vs.into(), &[n], "sizes").as_var().unwrap();
        let dest_copy = b.bind1("copy", Exp::Copy(dest));
        let add = b.lambda(
            &[Type::Prim(PrimType::I32), Type::Prim(PrimType::I32)],
            |b, x| {
                vec![SubExp::Var(b.bind1(
                    "s",
                    Exp::BinOp(BinOp::Add, x[0].into(), x[1].into()),
                ))]
            },
        );
        let hist = b.hist(
            n,
            vec![dest],
            add,
            vec![SubExp::Const(PrimValue::I32(0))],
            is,
            &[vs],
        );
        let hist = b.bind1("hist", hist);
        let scatter = b.scatter(n, &[dest_copy], is, &[vs]);
        let scatter = b.bind1("scatter", scatter);
        vec![hist.into(), scatter.into()]
    });
    let indices = Value::Array(ArrayValue::new(
        PrimType::I64,
        vec![4],
        [0i64, 2, 0, 7].iter().map(|&i| PrimValue::I64(i)).collect(),
    ));
    let result = run_entry(
        &p,
        "main",
        vec![i32_array(&[10, 20, 30]), indices, i32_array(&[1, 2, 3, 4])],
    )
    .unwrap();
    assert_eq!(
        result,
        vec![i32_array(&[14, 20, 32]), i32_array(&[3, 20, 2])]
    );
}

#[test]
fn running_past_failures_meets_every_failing_check_in_order() {
    // `xs[5]` fails, then a map over `xs` fails at the rows where
    // `10 / x` divides by zero, then an assertion on the first failure's
    // (zero) result fails; the result is computed from zeros.
    let p = program(&[i32_vec()], |b, args| {
        let xs = args[0].as_var().unwrap();
        let n = b.dims(SubExp::Var(xs))[0];
        let fifth = b.bind1(
            "fifth",
            Exp::Index {
                array: xs,
                slice: vec![DimIndex::Fix(SubExp::i64(5))],
            },
        );
        let divide = b.lambda(&[Type::Prim(PrimType::I32)], |b, x| {
            vec![SubExp::Var(b.bind1(
                "q",
                Exp::BinOp(BinOp::Div, SubExp::Const(PrimValue::I32(10)), x[0].into()),
            ))]
        });
        let quotients = b.bind1(
            "quotients",
            Exp::Op(Soac::Screma {
                width: n,
                arrays: vec![xs],
                map: divide,
                scans: Vec::new(),
                reduces: Vec::new(),
                post: None,
            }),
        );
        let positive = b.bind1(
            "positive",
            Exp::Cmp(
                prim::CmpOp::Lt,
                SubExp::Const(PrimValue::I32(0)),
                fifth.into(),
            ),
        );
        b.bind(
            "",
            Exp::Assert {
                condition: positive.into(),
                message: vec![crate::ir::ErrorPart::Text("not positive".into())],
            },
        );
        vec![quotients.into(), fifth.into()]
    });
    let args = vec![i32_array(&[2, 0, 5, 0])];
    let (result, failures) = super::run_entry_past_failures(&p, "main", args.clone());
    let messages: Vec<&str> = failures.iter().map(|f| f.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "Index [5] out of bounds for array of shape [4].",
            "division by zero",
            "division by zero",
            "not positive",
        ]
    );
    assert_eq!(
        result,
        Ok(vec![
            i32_array(&[5, 0, 2, 0]),
            Value::Prim(PrimValue::I32(0))
        ])
    );
    // The first failure met is the one a normal run stops at.
    let stopped = run_entry(&p, "main", args).expect_err("a failure");
    assert_eq!(stopped, failures[0]);
}

/// `loop (go, n) = (true, 0) while go do (go, n + 1)`, or with `for i <
/// bound` in place of `while go`: returns `n`.
fn counting_loop(bound: Option<i64>) -> Program {
    program(&[], |b, _| {
        let params = b.loop_params(
            "state",
            &[
                (SubExp::Const(PrimValue::Bool(true)), false),
                (SubExp::Const(PrimValue::I64(0)), false),
            ],
        );
        let go = params.values[0].0.var;
        let n = params.values[1].0.var;
        let form = match bound {
            Some(bound) => LoopForm::For {
                var: b.new_var("i", Type::i64()),
                bound: SubExp::Const(PrimValue::I64(bound)),
            },
            None => LoopForm::While { condition: go },
        };
        let body = b.body(|b| {
            let next = b.bind1(
                "next",
                Exp::BinOp(BinOp::Add, n.into(), SubExp::Const(PrimValue::I64(1))),
            );
            vec![go.into(), next.into()]
        });
        let result = b.bind_loop("loop", params, form, body);
        vec![result[1].into()]
    })
}

fn out_of_steps(result: Result<Vec<Value>, RunError>) -> bool {
    matches!(result, Err(error) if error.message.starts_with("Out of steps: "))
}

#[test]
fn a_bounded_run_stops_a_loop_that_never_ends() {
    let p = counting_loop(None);
    assert!(out_of_steps(run_entry_bounded(&p, "main", vec![], 10_000)));
}

#[test]
fn a_bounded_run_within_its_limit_gives_what_an_unbounded_one_does() {
    let p = counting_loop(Some(10));
    let ten = vec![Value::Prim(PrimValue::I64(10))];
    assert_eq!(run_entry(&p, "main", vec![]), Ok(ten.clone()));
    assert_eq!(run_entry_bounded(&p, "main", vec![], 1_000), Ok(ten));
    assert!(out_of_steps(run_entry_bounded(&p, "main", vec![], 5)));
}

#[test]
fn a_bounded_run_stops_before_making_an_array_over_its_limit() {
    // iota (1 << 50): far more memory than a test has.
    let p = program(&[], |b, _| {
        let xs = b.bind1(
            "xs",
            Exp::Iota {
                len: SubExp::Const(PrimValue::I64(1 << 50)),
                start: SubExp::Const(PrimValue::I64(0)),
                step: SubExp::Const(PrimValue::I64(1)),
                ty: PrimType::I64,
            },
        );
        vec![xs.into()]
    });
    assert!(out_of_steps(run_entry_bounded(
        &p,
        "main",
        vec![],
        1_000_000
    )));
}
