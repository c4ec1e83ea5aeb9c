//! Each fusion rule on small programs built with the IR builder: what
//! the fused program looks like (printed, or its SOACs counted), and
//! that the interpreter gives the same results before and after fusion.

use super::fuse;
use crate::interp::{RunError, run_entry};
use crate::ir::build::{Builder, test_program as program};
use crate::ir::print::print_program;
use crate::ir::{DimIndex, Exp, Kind, Lambda, Program, ReduceOp, ScanOp, Soac, SubExp, Type, Var};
use crate::value::{ArrayValue, Value};
use prim::{BinOp, CmpOp, PrimType, PrimValue};

fn i32_array(values: &[i32]) -> Value {
    Value::Array(ArrayValue::new(
        PrimType::I32,
        vec![values.len() as i64],
        values.iter().map(|&v| PrimValue::I32(v)).collect(),
    ))
}

fn i64_array(values: &[i64]) -> Value {
    Value::Array(ArrayValue::new(
        PrimType::I64,
        vec![values.len() as i64],
        values.iter().map(|&v| PrimValue::I64(v)).collect(),
    ))
}

fn i32_matrix(rows: &[&[i32]]) -> Value {
    let width = rows.first().map_or(0, |r| r.len());
    Value::Array(ArrayValue::new(
        PrimType::I32,
        vec![rows.len() as i64, width as i64],
        rows.iter()
            .flat_map(|r| r.iter().map(|&v| PrimValue::I32(v)))
            .collect(),
    ))
}

fn vector(element: PrimType) -> (Kind, bool) {
    (Kind::new(element, 1), false)
}

fn i32_ty() -> Type {
    Type::Prim(PrimType::I32)
}

fn c32(v: i32) -> SubExp {
    SubExp::Const(PrimValue::I32(v))
}

/// Fuses the program, checks the result and that it computes what the
/// program computed before on each of `inputs`; returns the printed
/// result.
fn fused(mut program: Program, inputs: &[Vec<Value>]) -> String {
    let before = program.clone();
    fuse(&mut program);
    crate::ir::check::check_program(&program).expect("a well-typed result");
    for input in inputs {
        assert_eq!(
            run_entry(&before, "main", input.clone()),
            run_entry(&program, "main", input.clone()),
            "different results on {input:?}\n{}",
            print_program(&program)
        );
    }
    print_program(&program)
}

fn count(text: &str, what: &str) -> usize {
    text.matches(what).count()
}

fn binop(b: &mut Builder, op: BinOp, x: SubExp, y: SubExp) -> SubExp {
    b.bind1("t", Exp::BinOp(op, x, y)).into()
}

/// `\x -> x op k` on `i32`.
fn op_with(b: &mut Builder, op: BinOp, k: i32) -> Lambda {
    b.lambda(&[i32_ty()], |b, x| vec![binop(b, op, x[0].into(), c32(k))])
}

fn binary(b: &mut Builder, op: BinOp) -> Lambda {
    b.lambda(&[i32_ty(), i32_ty()], |b, x| {
        vec![binop(b, op, x[0].into(), x[1].into())]
    })
}

fn identity(b: &mut Builder) -> Lambda {
    b.lambda(&[i32_ty()], |_, x| vec![x[0].into()])
}

fn screma(
    b: &mut Builder,
    width: SubExp,
    arrays: Vec<Var>,
    map: Lambda,
    scans: Vec<ScanOp>,
    reduces: Vec<ReduceOp>,
) -> Vec<Var> {
    b.bind(
        "s",
        Exp::Op(Soac::Screma {
            width,
            arrays,
            map,
            scans,
            reduces,
            post: None,
        }),
    )
}

fn map(b: &mut Builder, width: SubExp, arrays: Vec<Var>, lambda: Lambda) -> Vec<Var> {
    screma(b, width, arrays, lambda, Vec::new(), Vec::new())
}

fn sum(b: &mut Builder) -> ReduceOp {
    ReduceOp {
        lambda: binary(b, BinOp::Add),
        neutral: vec![c32(0)],
        commutative: true,
    }
}

fn plus_scan(b: &mut Builder) -> ScanOp {
    ScanOp {
        lambda: binary(b, BinOp::Add),
        neutral: vec![c32(0)],
    }
}

/// The first parameter as an array variable and its outer size.
fn array_and_width(b: &Builder, args: &[SubExp]) -> (Var, SubExp) {
    let xs = args[0].as_var().expect("an array parameter");
    (xs, b.dims(args[0])[0])
}

#[test]
fn a_map_fuses_into_its_reduction() {
    let p = program(
        &[vector(PrimType::I32)],
        |_| {},
        |b, args| {
            let (xs, n) = array_and_width(b, args);
            let double = op_with(b, BinOp::Mul, 2);
            let ys = map(b, n, vec![xs], double);
            let id = identity(b);
            let add = sum(b);
            let total = screma(b, n, ys, id, Vec::new(), vec![add]);
            vec![total[0].into()]
        },
    );
    let text = fused(p, &[vec![i32_array(&[1, 2, 3])], vec![i32_array(&[])]]);
    assert_eq!(
        text,
        "level soacs\n\
         variables 10\n\
         entry main = main ([]i32) : (i32)\n\
         fun main (size_0: i64, p_1: [size_0]i32): (i32) = {\n  \
           let (s_9: i32) = screma(size_0, {p_1}, \\ (p_2: i32): (i32) -> {\n    \
             let (t_3: i32) = Mul(p_2, 2i32)\n    \
             in (t_3)\n  \
           }, reduce comm (0i32) \\ (p_6: i32, p_7: i32): (i32) -> {\n    \
             let (t_8: i32) = Add(p_6, p_7)\n    \
             in (t_8)\n  \
           })\n  \
           in (s_9)\n\
         }\n"
    );
}

#[test]
fn a_producer_result_used_later_stays_a_result() {
    let p = program(
        &[vector(PrimType::I32)],
        |_| {},
        |b, args| {
            let (xs, n) = array_and_width(b, args);
            let inc = op_with(b, BinOp::Add, 1);
            let ys = map(b, n, vec![xs], inc);
            let id = identity(b);
            let add = sum(b);
            let total = screma(b, n, ys.clone(), id, Vec::new(), vec![add]);
            vec![total[0].into(), ys[0].into()]
        },
    );
    let text = fused(p, &[vec![i32_array(&[1, 2, 3])]]);
    assert_eq!(count(&text, "screma("), 1, "{text}");
    assert!(
        text.contains("let (s_9: i32, s_4: [size_0]i32) = screma"),
        "{text}"
    );
}

#[test]
fn an_update_of_the_producers_input_moves_after_the_fused_soac() {
    let p = program(
        &[(Kind::new(PrimType::I32, 1), true)],
        |_| {},
        |b, args| {
            let (xs, n) = array_and_width(b, args);
            let inc = op_with(b, BinOp::Add, 1);
            let ys = map(b, n, vec![xs], inc);
            let updated = b.bind1(
                "upd",
                Exp::Update {
                    array: xs,
                    slice: vec![DimIndex::Fix(SubExp::i64(0))],
                    value: c32(100),
                },
            );
            let id = identity(b);
            let add = sum(b);
            let total = screma(b, n, ys, id, Vec::new(), vec![add]);
            vec![total[0].into(), updated.into()]
        },
    );
    let text = fused(p, &[vec![i32_array(&[1, 2, 3])]]);
    assert_eq!(count(&text, "screma("), 1, "{text}");
    let soac = text.find("screma(").expect("a screma");
    let update = text.find(" with ").expect("an update");
    assert!(soac < update, "{text}");
}

#[test]
fn no_fusion_where_the_consumer_reads_an_update_of_the_producers_input() {
    let p = program(
        &[(Kind::new(PrimType::I32, 1), true)],
        |_| {},
        |b, args| {
            let (xs, n) = array_and_width(b, args);
            let inc = op_with(b, BinOp::Add, 1);
            let ys = map(b, n, vec![xs], inc);
            let updated = b.bind1(
                "upd",
                Exp::Update {
                    array: xs,
                    slice: vec![DimIndex::Fix(SubExp::i64(0))],
                    value: c32(100),
                },
            );
            let first = b.bind1(
                "first",
                Exp::Index {
                    array: updated,
                    slice: vec![DimIndex::Fix(SubExp::i64(1))],
                },
            );
            let scale = b.lambda(&[i32_ty()], |b, x| {
                vec![binop(b, BinOp::Mul, x[0].into(), first.into())]
            });
            let zs = map(b, n, ys, scale);
            vec![zs[0].into(), updated.into()]
        },
    );
    let text = fused(p, &[vec![i32_array(&[1, 2, 3])]]);
    assert_eq!(count(&text, "screma("), 2, "{text}");
}

#[test]
fn a_consumer_consuming_the_producers_rows_gets_copies() {
    // The producer passes rows of its input on; the consumer updates
    // them in place, which must not touch the input.
    let p = program(
        &[(Kind::new(PrimType::I32, 2), false)],
        |_| {},
        |b, args| {
            let (xss, n) = array_and_width(b, args);
            let m = b.dims(args[0])[1];
            let row = Type::Array {
                element: PrimType::I32,
                shape: vec![m],
            };
            let pass = b.lambda(std::slice::from_ref(&row), |_, x| vec![x[0].into()]);
            let rows = map(b, n, vec![xss], pass);
            let mut update = b.lambda(std::slice::from_ref(&row), |b, x| {
                vec![
                    b.bind1(
                        "upd",
                        Exp::Update {
                            array: x[0],
                            slice: vec![DimIndex::Fix(SubExp::i64(0))],
                            value: c32(7),
                        },
                    )
                    .into(),
                ]
            });
            update.params[0].unique = true;
            let updated = map(b, n, rows, update);
            vec![updated[0].into(), args[0]]
        },
    );
    let text = fused(p, &[vec![i32_matrix(&[&[1, 2], &[3, 4]])]]);
    assert_eq!(count(&text, "screma("), 1, "{text}");
    assert_eq!(count(&text, "copy("), 1, "{text}");
}

#[test]
fn failures_of_fused_maps_are_failures_their_sequential_reading_reaches() {
    // The producer gathers `xs[x]`; the consumer gathers `xs[y + 1]` from
    // each result `y`. On `[0, 5, 2]` the producer fails at its second
    // row and the consumer (on the producer's first row) at its first:
    // fused, either may be reported, with its own message and location.
    let p = program(
        &[vector(PrimType::I32)],
        |_| {},
        |b, args| {
            let (xs, n) = array_and_width(b, args);
            let gather = |b: &mut Builder, k: i64, line: u32| {
                b.lambda(&[i32_ty()], |b, x| {
                    let i = b.bind1("i", Exp::Convert(PrimType::I64, x[0].into()));
                    let j = binop(b, BinOp::Add, i.into(), SubExp::i64(k));
                    let loc = crate::ir::Loc {
                        file: "gather.fut".into(),
                        start: (line, 1),
                        end: (line, 9),
                        inlined_from: crate::ir::CallChain::default(),
                        prelude: false,
                    };
                    let saved = b.set_loc(Some(loc));
                    let element = b.bind1(
                        "x",
                        Exp::Index {
                            array: xs,
                            slice: vec![DimIndex::Fix(j)],
                        },
                    );
                    b.set_loc(saved);
                    vec![element.into()]
                })
            };
            let first = gather(b, 0, 1);
            let ys = map(b, n, vec![xs], first);
            let second = gather(b, 1, 2);
            let zs = map(b, n, ys, second);
            vec![zs[0].into()]
        },
    );
    let mut fused_program = p.clone();
    fuse(&mut fused_program);
    assert_eq!(
        count(&print_program(&fused_program), "screma("),
        1,
        "{}",
        print_program(&fused_program)
    );
    let run = |program: &Program, input: &[i32]| -> Result<Vec<Value>, RunError> {
        run_entry(program, "main", vec![i32_array(input)])
    };
    // Where nothing fails, the results are the same.
    assert_eq!(run(&p, &[0, 1, 1]), run(&fused_program, &[0, 1, 1]));
    let failure = |error: Result<Vec<Value>, RunError>| {
        let error = error.expect_err("a failure");
        (error.message, error.backtrace[0].start.0)
    };
    let original = failure(run(&p, &[0, 5, 2]));
    assert_eq!(
        original,
        ("Index [5] out of bounds for array of shape [3].".into(), 1)
    );
    let after = failure(run(&fused_program, &[0, 5, 2]));
    let consumers = ("Index [1] out of bounds for array of shape [3].".into(), 2);
    assert!(
        after == original || after == consumers,
        "{after:?} is not a failure the program reaches"
    );
    // A failure that only the producer reaches is still reported.
    assert_eq!(failure(run(&fused_program, &[0, 0, 9])).1, 1);
}

#[test]
fn independent_reductions_over_one_array_fuse() {
    let p = program(
        &[vector(PrimType::I32)],
        |_| {},
        |b, args| {
            let (xs, n) = array_and_width(b, args);
            let id = identity(b);
            let add = sum(b);
            let total = screma(b, n, vec![xs], id, Vec::new(), vec![add]);
            let id = identity(b);
            let max = ReduceOp {
                lambda: binary(b, BinOp::Max),
                neutral: vec![c32(i32::MIN)],
                commutative: true,
            };
            let largest = screma(b, n, vec![xs], id, Vec::new(), vec![max]);
            vec![total[0].into(), largest[0].into()]
        },
    );
    let text = fused(p, &[vec![i32_array(&[3, 9, 2])], vec![i32_array(&[])]]);
    assert_eq!(count(&text, "screma("), 1, "{text}");
    assert_eq!(count(&text, "reduce comm"), 2, "{text}");
    assert_eq!(count(&text, "{p_1}"), 1, "the array is read once: {text}");
}

#[test]
fn maps_over_unrelated_arrays_stay_apart() {
    let p = program(
        &[vector(PrimType::I32)],
        |_| {},
        |b, args| {
            let (xs, n) = array_and_width(b, args);
            let inc = op_with(b, BinOp::Add, 1);
            let ys = map(b, n, vec![xs], inc);
            let copied = b.bind1("zs", Exp::Copy(xs));
            let dec = op_with(b, BinOp::Sub, 1);
            let zs = map(b, n, vec![copied], dec);
            vec![ys[0].into(), zs[0].into()]
        },
    );
    let text = fused(p, &[vec![i32_array(&[1, 2])]]);
    assert_eq!(count(&text, "screma("), 2, "{text}");
}

#[test]
fn a_map_of_scanned_values_becomes_the_scans_post_lambda() {
    let p = program(
        &[vector(PrimType::I32)],
        |_| {},
        |b, args| {
            let (xs, n) = array_and_width(b, args);
            let id = identity(b);
            let scan = plus_scan(b);
            let sums = screma(b, n, vec![xs], id, vec![scan], Vec::new());
            let double = op_with(b, BinOp::Mul, 2);
            let doubled = map(b, n, sums.clone(), double);
            vec![sums[0].into(), doubled[0].into()]
        },
    );
    let text = fused(p, &[vec![i32_array(&[1, 2, 3])], vec![i32_array(&[])]]);
    assert_eq!(count(&text, "screma("), 1, "{text}");
    assert_eq!(count(&text, ", post "), 1, "{text}");
}

#[test]
fn a_reduction_of_scanned_values_becomes_a_stream() {
    let p = program(
        &[vector(PrimType::I32)],
        |_| {},
        |b, args| {
            let (xs, n) = array_and_width(b, args);
            let id = identity(b);
            let scan = plus_scan(b);
            let sums = screma(b, n, vec![xs], id, vec![scan], Vec::new());
            let id = identity(b);
            let max = ReduceOp {
                lambda: binary(b, BinOp::Max),
                neutral: vec![c32(i32::MIN)],
                commutative: true,
            };
            let largest = screma(b, n, sums, id, Vec::new(), vec![max]);
            vec![largest[0].into()]
        },
    );
    let text = fused(
        p,
        &[vec![i32_array(&[1, -2, 3, 5, -9])], vec![i32_array(&[])]],
    );
    assert_eq!(count(&text, "stream_seq("), 1, "{text}");
}

/// A scatter of `vs` into a copy of `dest` at `is`.
fn scatter(b: &mut Builder, dest: Var, is: Var, vs: Var) -> Var {
    let n = b.dims(SubExp::Var(is))[0];
    let target = b.bind1("dest", Exp::Copy(dest));
    let exp = b.scatter(n, &[target], is, &[vs]);
    b.bind1("scattered", exp)
}

#[test]
fn maps_fuse_into_a_scatter_and_scatters_fuse() {
    let p = program(
        &[vector(PrimType::I64), (Kind::new(PrimType::I32, 1), false)],
        |_| {},
        |b, args| {
            let (is, n) = array_and_width(b, args);
            let dest = args[1].as_var().expect("an array");
            let shift = b.lambda(&[Type::i64()], |b, i| {
                vec![binop(b, BinOp::Add, i[0].into(), SubExp::i64(1))]
            });
            let shifted = map(b, n, vec![is], shift)[0];
            let value = b.lambda(&[Type::i64()], |b, i| {
                vec![
                    b.bind1("v", Exp::Convert(PrimType::I32, i[0].into()))
                        .into(),
                ]
            });
            let values = map(b, n, vec![is], value)[0];
            let first = scatter(b, dest, shifted, values);
            let second = scatter(b, dest, is, values);
            vec![first.into(), second.into()]
        },
    );
    let text = fused(p, &[vec![i64_array(&[0, 2, 5]), i32_array(&[9, 9, 9, 9])]]);
    assert_eq!(count(&text, "screma("), 0, "{text}");
    assert_eq!(count(&text, "scatter("), 1, "{text}");
}

#[test]
fn maps_fuse_into_histograms_and_histograms_fuse() {
    let p = program(
        &[vector(PrimType::I32)],
        |_| {},
        |b, args| {
            let (xs, n) = array_and_width(b, args);
            let bucket = b.lambda(&[i32_ty()], |b, x| {
                let small = binop(b, BinOp::And, x[0].into(), c32(3));
                vec![b.bind1("i", Exp::Convert(PrimType::I64, small)).into()]
            });
            let buckets = map(b, n, vec![xs], bucket)[0];
            let histogram = |b: &mut Builder, op: BinOp, values: Var| {
                let dest = b.bind1(
                    "dest",
                    Exp::Replicate {
                        shape: vec![SubExp::i64(4)],
                        value: c32(0),
                    },
                );
                let op = binary(b, op);
                let exp = b.hist(n, vec![dest], op, vec![c32(0)], buckets, &[values]);
                b.bind1("hist", exp)
            };
            let counts = histogram(b, BinOp::Add, xs);
            let largest = histogram(b, BinOp::Max, xs);
            vec![counts.into(), largest.into()]
        },
    );
    let text = fused(
        p,
        &[vec![i32_array(&[1, 2, 7, 8, 5])], vec![i32_array(&[])]],
    );
    assert_eq!(count(&text, "screma("), 0, "{text}");
    assert_eq!(count(&text, "hist("), 1, "{text}");
    assert_eq!(count(&text, ", op("), 2, "{text}");
}

/// `map (map (\x -> x op k)) xss`, a nest of two maps.
fn nested_map(b: &mut Builder, xss: Var, op: BinOp, k: i32) -> Var {
    let dims = b.dims(SubExp::Var(xss));
    let row = Type::Array {
        element: PrimType::I32,
        shape: vec![dims[1]],
    };
    let outer = b.lambda(&[row], |b, r| {
        let inner = op_with(b, op, k);
        vec![map(b, dims[1], vec![r[0]], inner)[0].into()]
    });
    map(b, dims[0], vec![xss], outer)[0]
}

#[test]
fn a_transposed_map_nest_fuses_with_what_reads_the_transpose() {
    let p = program(
        &[(Kind::new(PrimType::I32, 2), false)],
        |_| {},
        |b, args| {
            let xss = args[0].as_var().expect("an array");
            let incremented = nested_map(b, xss, BinOp::Add, 1);
            let transposed = b.bind1(
                "transposed",
                Exp::Rearrange {
                    perm: vec![1, 0],
                    array: incremented,
                },
            );
            vec![nested_map(b, transposed, BinOp::Mul, 3).into()]
        },
    );
    let text = fused(
        p,
        &[
            vec![i32_matrix(&[&[1, 2, 3], &[4, 5, 6]])],
            vec![i32_matrix(&[])],
        ],
    );
    // One nest of two maps, over the transposed input.
    assert_eq!(count(&text, "screma("), 2, "{text}");
    assert!(text.contains("rearrange([1, 0], p_2)"), "{text}");
}

#[test]
fn a_map_passing_rows_on_is_a_nest_as_deep_as_a_transposition_needs() {
    let p = program(
        &[(Kind::new(PrimType::I32, 2), false)],
        |_| {},
        |b, args| {
            let xss = args[0].as_var().expect("an array");
            let dims = b.dims(SubExp::Var(xss));
            let row = Type::Array {
                element: PrimType::I32,
                shape: vec![dims[1]],
            };
            let pass_on = b.lambda(&[row], |_, r| vec![r[0].into()]);
            let copied = map(b, dims[0], vec![xss], pass_on)[0];
            let transposed = b.bind1(
                "transposed",
                Exp::Rearrange {
                    perm: vec![1, 0],
                    array: copied,
                },
            );
            vec![nested_map(b, transposed, BinOp::Mul, 3).into()]
        },
    );
    let text = fused(
        p,
        &[
            vec![i32_matrix(&[&[1, 2, 3], &[4, 5, 6]])],
            vec![i32_matrix(&[])],
        ],
    );
    assert_eq!(count(&text, "screma("), 2, "{text}");
    assert!(text.contains("rearrange([1, 0], p_2)"), "{text}");
}

#[test]
fn a_reshaped_map_fuses_with_what_reads_the_reshape() {
    let p = program(
        &[vector(PrimType::I32)],
        |_| {},
        |b, args| {
            let (xs, _) = array_and_width(b, args);
            let flat = b.bind1(
                "flat",
                Exp::Reshape {
                    shape: vec![SubExp::i64(6)],
                    array: xs,
                },
            );
            let inc = op_with(b, BinOp::Add, 1);
            let ys = map(b, SubExp::i64(6), vec![flat], inc)[0];
            let grid = b.bind1(
                "grid",
                Exp::Reshape {
                    shape: vec![SubExp::i64(2), SubExp::i64(3)],
                    array: ys,
                },
            );
            vec![nested_map(b, grid, BinOp::Mul, 2).into()]
        },
    );
    let text = fused(p, &[vec![i32_array(&[1, 2, 3, 4, 5, 6])]]);
    // One nest of two maps, over the reshaped input.
    assert_eq!(count(&text, "screma("), 2, "{text}");
    assert!(text.contains("reshape([2i64, 3i64], flat_"), "{text}");
}

/// `map (\x -> xs[x]) xs |> reverse |> map (+ 1)` or the same with
/// `x + 1` in place of `xs[x]`.
fn reversed_map(gathers: bool) -> Program {
    program(
        &[vector(PrimType::I32)],
        |_| {},
        |b, args| {
            let (xs, n) = array_and_width(b, args);
            let first = b.lambda(&[i32_ty()], |b, x| {
                if gathers {
                    let i = b.bind1("i", Exp::Convert(PrimType::I64, x[0].into()));
                    vec![
                        b.bind1(
                            "x",
                            Exp::Index {
                                array: xs,
                                slice: vec![DimIndex::Fix(i.into())],
                            },
                        )
                        .into(),
                    ]
                } else {
                    vec![binop(b, BinOp::Add, x[0].into(), c32(1))]
                }
            });
            let ys = map(b, n, vec![xs], first)[0];
            let last = binop(b, BinOp::Sub, n, SubExp::i64(1));
            let reversed = b.bind1(
                "reversed",
                Exp::Index {
                    array: ys,
                    slice: vec![DimIndex::Slice {
                        start: last,
                        len: n,
                        stride: SubExp::i64(-1),
                    }],
                },
            );
            let inc = op_with(b, BinOp::Add, 1);
            vec![map(b, n, vec![reversed], inc)[0].into()]
        },
    )
}

#[test]
fn a_reversed_map_that_cannot_fail_fuses_with_what_reads_it() {
    let text = fused(reversed_map(false), &[vec![i32_array(&[1, 2, 3])]]);
    assert_eq!(count(&text, "screma("), 1, "{text}");
}

#[test]
fn a_sliced_map_that_can_fail_is_not_sliced() {
    let text = fused(
        reversed_map(true),
        &[vec![i32_array(&[0, 1, 2])], vec![i32_array(&[2, 7, 0])]],
    );
    assert_eq!(count(&text, "screma("), 2, "{text}");
}

#[test]
fn a_replicated_input_is_read_as_its_value_and_an_invariant_result_is_replicated() {
    let p = program(
        &[vector(PrimType::I32)],
        |_| {},
        |b, args| {
            let (xs, n) = array_and_width(b, args);
            let sevens = b.bind1(
                "sevens",
                Exp::Replicate {
                    shape: vec![n],
                    value: c32(7),
                },
            );
            let add = binary(b, BinOp::Add);
            let sums = map(b, n, vec![xs, sevens], add)[0];
            let constant = b.lambda(&[i32_ty()], |_, _| vec![c32(3)]);
            let threes = map(b, n, vec![xs], constant)[0];
            vec![sums.into(), threes.into()]
        },
    );
    let text = fused(p, &[vec![i32_array(&[1, 2])], vec![i32_array(&[])]]);
    assert_eq!(count(&text, "screma("), 1, "{text}");
    assert!(text.contains("Add(p_"), "{text}");
    assert!(text.contains(", 7i32)"), "{text}");
    assert!(text.contains("replicate([size_0], 3i32)"), "{text}");
}

#[test]
fn a_map_over_positions_gathering_rows_maps_over_the_rows() {
    let p = program(
        &[vector(PrimType::I32)],
        |_| {},
        |b, args| {
            let (xs, n) = array_and_width(b, args);
            let inc = op_with(b, BinOp::Add, 1);
            let ys = map(b, n, vec![xs], inc)[0];
            let positions = b.bind1(
                "positions",
                Exp::Iota {
                    len: n,
                    start: SubExp::i64(0),
                    step: SubExp::i64(1),
                    ty: PrimType::I64,
                },
            );
            let gather = b.lambda(&[Type::i64()], |b, i| {
                let y = b.bind1(
                    "y",
                    Exp::Index {
                        array: ys,
                        slice: vec![DimIndex::Fix(i[0].into())],
                    },
                );
                vec![binop(b, BinOp::Mul, y.into(), c32(2))]
            });
            vec![map(b, n, vec![positions], gather)[0].into()]
        },
    );
    let text = fused(p, &[vec![i32_array(&[1, 2, 3])], vec![i32_array(&[])]]);
    assert_eq!(count(&text, "screma("), 1, "{text}");
    assert_eq!(count(&text, "]["), 0, "{text}");
}

#[test]
fn a_scatter_of_concatenations_writes_each_part() {
    let p = program(
        &[vector(PrimType::I64), (Kind::new(PrimType::I32, 1), false)],
        |_| {},
        |b, args| {
            let (is, n) = array_and_width(b, args);
            let dest = args[1].as_var().expect("an array");
            let shift = b.lambda(&[Type::i64()], |b, i| {
                vec![binop(b, BinOp::Add, i[0].into(), SubExp::i64(1))]
            });
            let shifted = map(b, n, vec![is], shift)[0];
            let value = b.lambda(&[Type::i64()], |b, i| {
                vec![
                    b.bind1("v", Exp::Convert(PrimType::I32, i[0].into()))
                        .into(),
                ]
            });
            let values = map(b, n, vec![is], value)[0];
            let total = binop(b, BinOp::Add, n, n);
            let all_is = b.bind1(
                "all_is",
                Exp::Concat {
                    arrays: vec![is, shifted],
                    width: total,
                },
            );
            let all_vs = b.bind1(
                "all_vs",
                Exp::Concat {
                    arrays: vec![values, values],
                    width: total,
                },
            );
            vec![scatter(b, dest, all_is, all_vs).into()]
        },
    );
    let text = fused(
        p,
        &[vec![i64_array(&[0, 4]), i32_array(&[9, 9, 9, 9, 9, 9])]],
    );
    assert_eq!(count(&text, "screma("), 0, "{text}");
    assert!(text.contains("* 2})"), "{text}");
}

#[test]
fn an_assertion_stays_before_a_statement_that_may_count_on_it() {
    // `ys = map f xs; ok = n > 0; assert ok; first = xs[0]; map g ys`:
    // the consumer moves up past nothing that can fail, and the index
    // stays after the assertion.
    let p = program(
        &[vector(PrimType::I32)],
        |_| {},
        |b, args| {
            let (xs, n) = array_and_width(b, args);
            let inc = op_with(b, BinOp::Add, 1);
            let ys = map(b, n, vec![xs], inc);
            let ok = b.bind1("ok", Exp::Cmp(CmpOp::Lt, SubExp::i64(0), n));
            b.bind(
                "",
                Exp::Assert {
                    condition: ok.into(),
                    message: vec![crate::ir::ErrorPart::Text("empty".into())],
                },
            );
            let first = b.bind1(
                "first",
                Exp::Index {
                    array: ys[0],
                    slice: vec![DimIndex::Fix(SubExp::i64(0))],
                },
            );
            let scale = op_with(b, BinOp::Mul, 2);
            let zs = map(b, n, ys, scale);
            vec![first.into(), zs[0].into()]
        },
    );
    let text = fused(p, &[vec![i32_array(&[1, 2])], vec![i32_array(&[])]]);
    assert_eq!(count(&text, "screma("), 1, "{text}");
    let assert = text.find("assert(").expect("an assertion");
    let index = text.find("[0i64]").expect("an index");
    assert!(assert < index, "{text}");
}

#[test]
fn the_computation_of_an_invariant_result_moves_out_of_the_map() {
    let p = program(
        &[vector(PrimType::I32)],
        |_| {},
        |b, args| {
            let (xs, n) = array_and_width(b, args);
            let lambda = b.lambda(&[i32_ty()], |b, x| {
                let k = binop(b, BinOp::Mul, c32(6), c32(7));
                let y = binop(b, BinOp::Add, x[0].into(), k);
                let quotient = binop(b, BinOp::Div, c32(84), k);
                vec![y, k, quotient]
            });
            map(b, n, vec![xs], lambda)
                .into_iter()
                .map(SubExp::from)
                .collect()
        },
    );
    let text = fused(p, &[vec![i32_array(&[1, 2])], vec![i32_array(&[])]]);
    let product = text.find("Mul(6i32, 7i32)").expect(&text);
    let screma = text.find("screma(").expect(&text);
    assert!(product < screma, "{text}");
    assert_eq!(count(&text, "replicate("), 1, "{text}");
    assert!(text.find("Div(84i32").expect(&text) > screma, "{text}");
}

#[test]
fn a_map_used_elsewhere_fuses_into_a_scatter_as_its_mapped_values() {
    let p = program(
        &[vector(PrimType::I64), (Kind::new(PrimType::I32, 1), false)],
        |_| {},
        |b, args| {
            let (is, n) = array_and_width(b, args);
            let dest = args[1].as_var().expect("an array");
            let value = b.lambda(&[Type::i64()], |b, i| {
                vec![
                    b.bind1("v", Exp::Convert(PrimType::I32, i[0].into()))
                        .into(),
                ]
            });
            let values = map(b, n, vec![is], value)[0];
            let scattered = scatter(b, dest, is, values);
            // A second scatter reads the first one's mapped values.
            let double = op_with(b, BinOp::Mul, 2);
            let doubled = map(b, n, vec![values], double)[0];
            let again = scatter(b, dest, is, doubled);
            vec![scattered.into(), again.into(), values.into()]
        },
    );
    let text = fused(
        p,
        &[
            vec![i64_array(&[0, 2, 9]), i32_array(&[7, 7, 7])],
            vec![i64_array(&[]), i32_array(&[7])],
        ],
    );
    assert_eq!(count(&text, "screma("), 0, "{text}");
    assert_eq!(count(&text, "scatter("), 1, "{text}");
}

#[test]
fn a_flattened_map_nest_over_a_free_array_is_made_perfect() {
    let p = program(
        &[vector(PrimType::I32), vector(PrimType::I32)],
        |_| {},
        |b, args| {
            let (xs, n) = array_and_width(b, args);
            let ys = args[1].as_var().expect("an array");
            let m = b.dims(SubExp::Var(ys))[0];
            let outer = b.lambda(&[i32_ty()], |b, x| {
                let d = binop(b, BinOp::Mul, x[0].into(), c32(2));
                let inner = b.lambda(&[i32_ty()], |b, y| {
                    vec![binop(b, BinOp::Add, d, y[0].into())]
                });
                vec![map(b, m, vec![ys], inner)[0].into()]
            });
            let grid = map(b, n, vec![xs], outer)[0];
            let total = binop(b, BinOp::Mul, n, m);
            let flat = b.bind1(
                "flat",
                Exp::Reshape {
                    shape: vec![total],
                    array: grid,
                },
            );
            let inc = op_with(b, BinOp::Add, 1);
            vec![map(b, total, vec![flat], inc)[0].into()]
        },
    );
    let text = fused(
        p,
        &[
            vec![i32_array(&[1, 2, 3]), i32_array(&[10, 20])],
            vec![i32_array(&[]), i32_array(&[10, 20])],
            vec![i32_array(&[1, 2]), i32_array(&[])],
        ],
    );
    assert_eq!(count(&text, "screma("), 1, "{text}");
    assert_eq!(count(&text, "replicate("), 2, "{text}");
}

#[test]
fn an_element_at_the_position_in_an_inner_dimension_is_read_from_a_row() {
    let p = program(
        &[
            (Kind::new(PrimType::I64, 0), false),
            (Kind::new(PrimType::I32, 2), false),
        ],
        |_| {},
        |b, args| {
            let xss = args[1].as_var().expect("an array");
            let n = b.dims(SubExp::Var(xss))[1];
            let positions = b.bind1(
                "positions",
                Exp::Iota {
                    len: n,
                    start: SubExp::i64(0),
                    step: SubExp::i64(1),
                    ty: PrimType::I64,
                },
            );
            let j = args[0];
            let gather = b.lambda(&[Type::i64()], |b, i| {
                let x = b.bind1(
                    "x",
                    Exp::Index {
                        array: xss,
                        slice: vec![DimIndex::Fix(j), DimIndex::Fix(i[0].into())],
                    },
                );
                vec![binop(b, BinOp::Mul, x.into(), c32(2))]
            });
            vec![map(b, n, vec![positions], gather)[0].into()]
        },
    );
    let j = |v: i64| Value::Prim(PrimValue::I64(v));
    let text = fused(
        p,
        &[
            vec![j(1), i32_matrix(&[&[1, 2], &[3, 4]])],
            vec![j(2), i32_matrix(&[&[1, 2], &[3, 4]])],
            vec![j(5), i32_matrix(&[&[], &[]])],
        ],
    );
    // The row is taken once, outside the map, after the check.
    assert_eq!(count(&text, "= p_3["), 1, "{text}");
    assert!(text.contains("= p_3[p_0]"), "{text}");
    assert!(text.contains("out of bounds"), "{text}");
}

/// `\xs ys -> map2 (+) xs ys` on rows of `width` `i32`s.
fn rows_added(b: &mut Builder, width: SubExp) -> Lambda {
    let row = Type::Array {
        element: PrimType::I32,
        shape: vec![width],
    };
    b.lambda(&[row.clone(), row], |b, r| {
        let add = binary(b, BinOp::Add);
        vec![map(b, width, vec![r[0], r[1]], add)[0].into()]
    })
}

#[test]
fn a_scan_adding_rows_interchanges_with_the_nest_making_them() {
    let p = program(
        &[(Kind::new(PrimType::I32, 2), false)],
        |_| {},
        |b, args| {
            let xss = args[0].as_var().expect("an array");
            let dims = b.dims(SubExp::Var(xss));
            let incremented = nested_map(b, xss, BinOp::Add, 1);
            let zeros = b.bind1(
                "zeros",
                Exp::Replicate {
                    shape: vec![dims[1]],
                    value: c32(0),
                },
            );
            let op = rows_added(b, dims[1]);
            let row = Type::Array {
                element: PrimType::I32,
                shape: vec![dims[1]],
            };
            let pass_on = b.lambda(&[row], |_, r| vec![r[0].into()]);
            let scan = ScanOp {
                lambda: op,
                neutral: vec![SubExp::Var(zeros)],
            };
            let scanned = screma(b, dims[0], vec![incremented], pass_on, vec![scan], vec![]);
            vec![scanned[0].into()]
        },
    );
    let text = fused(
        p,
        &[
            vec![i32_matrix(&[&[1, 2, 3], &[4, 5, 6], &[7, 8, 9]])],
            vec![i32_matrix(&[&[1, 2]])],
            vec![i32_matrix(&[])],
        ],
    );
    // A map over the columns, each scanned with the increment fused in:
    // two SOACs, and the scan's operator adds scalars.
    assert_eq!(count(&text, "screma("), 2, "{text}");
    assert!(text.contains("rearrange([1, 0], p_"), "{text}");
    assert!(
        text.contains("scan(0i32) \\ (p_11: i32, p_12: i32)"),
        "{text}"
    );
}

#[test]
fn a_transposed_map_over_a_free_array_swaps_its_levels() {
    let p = program(
        &[vector(PrimType::I32), vector(PrimType::I32)],
        |_| {},
        |b, args| {
            let (xs, n) = array_and_width(b, &args[..1]);
            let (ys, k) = array_and_width(b, &args[1..]);
            // map (\x -> map (\y -> x * 10 + y) ys) xs
            let outer = b.lambda(&[i32_ty()], |b, x| {
                let inner = b.lambda(&[i32_ty()], |b, y| {
                    let scaled = binop(b, BinOp::Mul, x[0].into(), c32(10));
                    vec![binop(b, BinOp::Add, scaled, y[0].into())]
                });
                vec![map(b, k, vec![ys], inner)[0].into()]
            });
            let table = map(b, n, vec![xs], outer)[0];
            let transposed = b.bind1(
                "transposed",
                Exp::Rearrange {
                    perm: vec![1, 0],
                    array: table,
                },
            );
            vec![nested_map(b, transposed, BinOp::Mul, 3).into()]
        },
    );
    let text = fused(
        p,
        &[
            vec![i32_array(&[1, 2, 3]), i32_array(&[4, 5])],
            vec![i32_array(&[]), i32_array(&[4, 5])],
            vec![i32_array(&[1]), i32_array(&[])],
        ],
    );
    // One nest over `ys` and then `xs`, and no transposition left.
    assert_eq!(count(&text, "screma("), 2, "{text}");
    assert!(!text.contains("rearrange"), "{text}");
}

// A reduction over a compaction (what `filter` makes), from printed IR.

/// A sum of the positive elements of an array, compacted by a scan from
/// `start` and a scatter, reading `total` elements of the compaction.
fn sum_of_compaction(start: i64, total: &str) -> String {
    format!(
        "level soacs
variables 40
entry main = main (xs: []i32) : (i32)
fun main (n_0: i64, xs_1: [n_0]i32): (i32) = {{
  let (counts_2: [n_0]i64, keep_3: [n_0]bool) = screma(n_0, {{xs_1}}, \\ (x_4: i32): (i64, bool) -> {{
    let (k_5: bool) = Lt(0i32, x_4)
    let (one_6: i64) = if k_5 then {{
      in (1i64)
    }} else {{
      in (0i64)
    }} : (i64)
    in (one_6, k_5)
  }}, scan({start}i64) \\ (a_7: i64, b_8: i64): (i64) -> {{
    let (s_9: i64) = Add(a_7, b_8)
    in (s_9)
  }})
  let (empty_10: bool) = Eq(n_0, 0i64)
  let (total_11: i64) = if empty_10 then {{
    in (0i64)
  }} else {{
    let (last_12: i64) = Add(n_0, {total})
    let (count_13: i64) = counts_2[last_12]
    in (count_13)
  }} : (i64)
  let (blank_14: [n_0]i32) = replicate([n_0], 0i32)
  let (out_15: [n_0]i32) = scatter(n_0, {{keep_3, counts_2, xs_1}}, \\ (k_16: bool, c_17: i64, x_18: i32): (i64, i32) -> {{
    let (at_19: i64) = if k_16 then {{
      let (before_20: i64) = Add(c_17, -1i64)
      in (before_20)
    }} else {{
      in (-1i64)
    }} : (i64)
    in (at_19, x_18)
  }}, {{blank_14}})
  let (kept_21: [total_11]i32) = out_15[0i64:+total_11*1i64]
  let (sum_22: i32) = screma(total_11, {{kept_21}}, \\ (x_23: i32): (i32) -> {{
    in (x_23)
  }}, reduce (0i32) \\ (a_24: i32, b_25: i32): (i32) -> {{
    let (s_26: i32) = Add(a_24, b_25)
    in (s_26)
  }})
  in (sum_22)
}}"
    )
}

fn fused_text(text: &str, inputs: &[Vec<Value>]) -> String {
    let program = crate::ir::parse::parse_program(text).unwrap_or_else(|error| panic!("{error}"));
    crate::ir::check::check_program(&program).expect("a well-typed test");
    fused(program, inputs)
}

#[test]
fn a_reduction_over_a_compaction_reads_the_rows_it_compacts() {
    let inputs = [
        vec![i32_array(&[3, -1, 4, 0, 5])],
        vec![i32_array(&[])],
        vec![i32_array(&[-2])],
    ];
    let text = fused_text(&sum_of_compaction(0, "-1i64"), &inputs);
    // The sum joins the scan, which the simplifier removes with the
    // last count, now that nothing else reads them.
    assert_eq!(count(&text, "scatter("), 0, "{text}");
    assert_eq!(count(&text, "screma("), 1, "{text}");
    assert!(text.contains("kept_52: i32) = if k_5"), "{text}");
}

#[test]
fn a_compaction_not_proved_stays() {
    let inputs = [
        vec![i32_array(&[3, -1, 4, 0, 5])],
        vec![i32_array(&[-2, 7])],
    ];
    // Counts from one are one too many; the last count but one is not
    // the number of kept rows.
    for text in [sum_of_compaction(1, "-1i64"), sum_of_compaction(0, "-2i64")] {
        let text = fused_text(&text, &inputs);
        assert_eq!(count(&text, "scatter("), 1, "{text}");
    }
}

#[test]
fn a_reduction_over_a_scatters_mapped_values_is_no_compaction() {
    // The scatter writes its compaction index as a value too; the sum
    // reads the first `total` of its mapped values, whichever rows they
    // come from.
    let text = "level soacs
variables 40
entry main = main (xs: []i32) : (i32, []i64)
fun main (n_0: i64, xs_1: [n_0]i32): (i32, [n_0]i64) = {
  let (counts_2: [n_0]i64, keep_3: [n_0]bool) = screma(n_0, {xs_1}, \\ (x_4: i32): (i64, bool) -> {
    let (k_5: bool) = Lt(0i32, x_4)
    let (one_6: i64) = if k_5 then {
      in (1i64)
    } else {
      in (0i64)
    } : (i64)
    in (one_6, k_5)
  }, scan(0i64) \\ (a_7: i64, b_8: i64): (i64) -> {
    let (s_9: i64) = Add(a_7, b_8)
    in (s_9)
  })
  let (empty_10: bool) = Eq(n_0, 0i64)
  let (total_11: i64) = if empty_10 then {
    in (0i64)
  } else {
    let (last_12: i64) = Add(n_0, -1i64)
    let (count_13: i64) = counts_2[last_12]
    in (count_13)
  } : (i64)
  let (blank_14: [n_0]i64) = replicate([n_0], 0i64)
  let (out_15: [n_0]i64, mapped_27: [n_0]i32) = scatter(n_0, {keep_3, counts_2, xs_1}, \\ (k_16: bool, c_17: i64, x_18: i32): (i64, i64, i32) -> {
    let (at_19: i64) = if k_16 then {
      let (before_20: i64) = Add(c_17, -1i64)
      in (before_20)
    } else {
      in (-1i64)
    } : (i64)
    in (at_19, at_19, x_18)
  }, {blank_14})
  let (first_21: [total_11]i32) = mapped_27[0i64:+total_11*1i64]
  let (sum_22: i32) = screma(total_11, {first_21}, \\ (x_23: i32): (i32) -> {
    in (x_23)
  }, reduce (0i32) \\ (a_24: i32, b_25: i32): (i32) -> {
    let (s_26: i32) = Add(a_24, b_25)
    in (s_26)
  })
  in (sum_22, out_15)
}";
    let fused = fused_text(
        text,
        &[vec![i32_array(&[-3, 1, -4, 5])], vec![i32_array(&[2, 7])]],
    );
    assert!(fused.contains("mapped_27[0i64:+total_11*1i64]"), "{fused}");
}
