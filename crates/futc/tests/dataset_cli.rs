//! The `futc dataset` command as a user runs it: seeded generation of the
//! asked-for types, conversion between the text and binary formats through
//! standard input, and errors on stderr with exit code 2.

mod support;

use opt::value::Value;
use opt::value::data::read_values;
use prim::PrimType;
use prim::PrimValue;
use std::process::Output;
use support::{futc, futc_with_input, stderr};

fn dataset(args: &[&str], stdin: &[u8]) -> Output {
    let mut all = vec!["dataset"];
    all.extend_from_slice(args);
    futc_with_input(&all, stdin)
}

fn succeed(args: &[&str], stdin: &[u8]) -> Vec<u8> {
    let output = dataset(args, stdin);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(output.stderr.is_empty(), "{}", stderr(&output));
    output.stdout
}

fn values(bytes: &[u8]) -> Vec<Value> {
    read_values(bytes)
        .unwrap_or_else(|error| panic!("{error} in {:?}", String::from_utf8_lossy(bytes)))
}

fn type_of(value: &Value) -> (Vec<i64>, PrimType) {
    match value {
        Value::Prim(prim) => (Vec::new(), prim.prim_type()),
        Value::Array(array) => (array.shape.clone(), array.element),
    }
}

fn elements(value: &Value) -> Vec<PrimValue> {
    match value {
        Value::Prim(prim) => vec![*prim],
        Value::Array(array) => array.data.to_vec(),
    }
}

const GENERATE: [&str; 14] = [
    "-g",
    "[3][4]i32",
    "-g",
    "f32",
    "-g",
    "[2]bool",
    "-g",
    "[5]u8",
    "-g",
    "[2][0]f64",
    "-g",
    "[3]f16",
    "-g",
    "[2][2][2]i64",
];

#[test]
fn seeded_generation_is_deterministic_with_the_asked_for_types() {
    let args: Vec<&str> = ["-s", "42"].iter().chain(&GENERATE).copied().collect();
    let first = succeed(&args, b"");
    assert_eq!(first, succeed(&args, b""));
    let text = String::from_utf8(first.clone()).expect("UTF-8 text");
    assert_eq!(text.lines().count(), 7, "one value per line:\n{text}");

    let generated = values(&first);
    let types: Vec<_> = generated.iter().map(type_of).collect();
    assert_eq!(
        types,
        [
            (vec![3, 4], PrimType::I32),
            (vec![], PrimType::F32),
            (vec![2], PrimType::Bool),
            (vec![5], PrimType::U8),
            (vec![2, 0], PrimType::F64),
            (vec![3], PrimType::F16),
            (vec![2, 2, 2], PrimType::I64),
        ]
    );
    assert_eq!(text.lines().nth(4), Some("empty([2][0]f64)"));
    // Floats default to [0, 1], as upstream.
    for prim in elements(&generated[1])
        .into_iter()
        .chain(elements(&generated[5]))
    {
        let value = match prim {
            PrimValue::F32(value) => f64::from(value),
            PrimValue::F16(value) => value.to_f64(),
            other => panic!("{other:?}"),
        };
        assert!((0.0..=1.0).contains(&value), "{value}");
    }

    let other_seed: Vec<&str> = ["-s", "43"].iter().chain(&GENERATE).copied().collect();
    assert_ne!(first, succeed(&other_seed, b""));
    // Without -s the seed is 1.
    let default_seed: Vec<&str> = GENERATE.to_vec();
    let seed_one: Vec<&str> = ["--seed", "1"].iter().chain(&GENERATE).copied().collect();
    assert_eq!(succeed(&default_seed, b""), succeed(&seed_one, b""));
}

#[test]
fn each_generator_has_its_own_seed() {
    let one = succeed(&["-s", "7", "-g", "[4]i32"], b"");
    let two = succeed(&["-s", "7", "-g", "[4]i32", "-g", "[4]i32"], b"");
    assert!(two.starts_with(&one));
    let lines: Vec<&[u8]> = two.split(|&byte| byte == b'\n').collect();
    assert_ne!(lines[0], lines[1]);
}

#[test]
fn binary_output_holds_the_same_values_as_text() {
    let text_args: Vec<&str> = ["-s", "3"].iter().chain(&GENERATE).copied().collect();
    let binary_args: Vec<&str> = ["-s", "3", "-b"].iter().chain(&GENERATE).copied().collect();
    let text = succeed(&text_args, b"");
    let binary = succeed(&binary_args, b"");
    assert_eq!(&binary[..7], b"b\x02\x02 i32");
    assert_eq!(
        format!("{:?}", values(&text)),
        format!("{:?}", values(&binary))
    );
}

#[test]
fn bounds_and_formats_apply_to_the_generators_after_them() {
    let output = succeed(
        &[
            "-g",
            "[50]i8",
            "--i8-bounds=0:0",
            "-g",
            "[50]i8",
            "--f32-bounds=-2:-1",
            "-g",
            "[50]f32",
            "-b",
            "-g",
            "i32",
            "--text",
            "-t",
            "-g",
            "[7]u16",
        ],
        b"",
    );
    let text_end = output
        .iter()
        .position(|&byte| byte == b'b')
        .expect("a binary value");
    let text = String::from_utf8_lossy(&output[..text_end]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_ne!(lines[0], lines[1]);
    assert_eq!(lines[1], format!("[{}]", vec!["0i8"; 50].join(", ")));
    for prim in elements(&values(lines[2].as_bytes())[0]) {
        let PrimValue::F32(value) = prim else {
            panic!("{prim:?}")
        };
        assert!((-2.0..=-1.0).contains(&value), "{value}");
    }
    let rest = &output[text_end..];
    assert_eq!(&rest[..7], b"b\x02\x00 i32");
    assert_eq!(&rest[11..], b"[7]u16\n");
}

#[test]
fn a_value_given_to_generate_is_written_as_it_is() {
    let output = succeed(&["-g", "[1, 2]", "-g", "-3i8", "-g", "true"], b"");
    assert_eq!(output, b"[1i32, 2i32]\n-3i8\ntrue\n");
}

const MIXED_TEXT: &str = "-- a comment\n\
    [1, 2, 3]\n\
    2.5f32 -1i8 0xffu8 1_000i64 true\n\
    [[1.0, -2.5e-3], [f64.inf, -f64.inf]]\n\
    f32.nan empty([0][3]i32) \"hi\"\n\
    [0.1f16, 65504f16] 18446744073709551615u64\n";

const CANONICAL_TEXT: &str = "[1i32, 2i32, 3i32]\n\
    2.5f32\n\
    -1i8\n\
    255u8\n\
    1000i64\n\
    true\n\
    [[1.0f64, -2.5e-3f64], [f64.inf, -f64.inf]]\n\
    f32.nan\n\
    empty([0][3]i32)\n\
    [104u8, 105u8]\n\
    [9.9975586e-2f16, 65504.0f16]\n\
    18446744073709551615u64\n";

#[test]
fn text_to_binary_to_text_round_trips() {
    assert_eq!(
        String::from_utf8(succeed(&[], MIXED_TEXT.as_bytes())).unwrap(),
        CANONICAL_TEXT
    );
    let binary = succeed(&["-b"], MIXED_TEXT.as_bytes());
    assert_eq!(&binary[..7], b"b\x02\x01 i32");
    assert_eq!(values(&binary).len(), 12);
    let text = succeed(&["--text"], &binary);
    assert_eq!(String::from_utf8(text).unwrap(), CANONICAL_TEXT);
    assert_eq!(succeed(&["-b"], &binary), binary);
    assert_eq!(succeed(&["-b"], CANONICAL_TEXT.as_bytes()), binary);
}

#[test]
fn types_of_values_on_stdin() {
    let output = succeed(&["-t"], MIXED_TEXT.as_bytes());
    assert_eq!(
        String::from_utf8(output).unwrap(),
        "[3]i32\nf32\ni8\nu8\ni64\nbool\n[2][2]f64\nf32\n[0][3]i32\n[2]u8\n[2]f16\nu64\n"
    );
}

#[test]
fn malformed_input_is_located_on_stderr_and_exits_two() {
    let output = dataset(&["-b"], b"[1, 2]\n[3, true]\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert_eq!(
        stderr(&output),
        "error: malformed data on standard input: line 2, column 5: \
         `true` is bool, but the array's elements are i32\n"
    );

    let truncated = dataset(
        &[],
        b"1 b\x02\x01 i32\x02\x00\x00\x00\x00\x00\x00\x00\x01\x00",
    );
    assert_eq!(truncated.status.code(), Some(2));
    assert!(truncated.stdout.is_empty());
    assert_eq!(
        stderr(&truncated),
        "error: malformed data on standard input: byte 17: truncated binary value: \
         2 elements of type i32 need 8 bytes, but only 2 remain\n"
    );
}

#[test]
fn bad_types_and_bounds_exit_two_without_output() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["-g", "i32", "-g", "[n]i32"],
            "error: cannot generate `[n]i32`: `[n]` is not a constant size\n",
        ),
        (
            &["-g", "(i32, i32)"],
            "error: cannot generate `(i32, i32)`: `(i32, i32)` is not a primitive type\n",
        ),
        (
            &["--u8-bounds=1:300", "-g", "u8"],
            "error: invalid bounds for u8: `1:300` (not in the range of u8)\n",
        ),
        (
            &["--f32-bounds", "x", "-g", "f32"],
            "error: invalid bounds for f32: `x` (expected MIN:MAX)\n",
        ),
    ];
    for (args, message) in cases {
        let output = dataset(args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert_eq!(stderr(&output), message);
    }
    let unknown_option = futc(&["dataset", "--i128-bounds=0:1"]);
    assert_eq!(unknown_option.status.code(), Some(2));
    assert!(unknown_option.stdout.is_empty());
}
