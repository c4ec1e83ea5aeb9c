//! Printed programs of every construct read back and print as written;
//! constants keep their bits; bad input gets a located message.

use super::parse_program;
use crate::ir::print::print_program;
use crate::ir::{
    Attrs, Body, Exp, Function, Mc, PatElem, Program, Rep, Seq, Soacs, Stm, SubExp, Type, Var,
};
use crate::passes::LevelProgram;
use prim::{F16, PrimValue};

/// Parses `text` at level `R` and prints it again: the printer's own
/// form must come back unchanged, and parsing that gives the same
/// program.
fn reprint<R: Rep>(text: &str) -> String {
    let program: Program<R> = parse_program(text).unwrap_or_else(|error| panic!("{error}"));
    let printed = print_program(&program);
    let again: Program<R> = parse_program(&printed).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(again, program);
    printed
}

const SOACS: &str = r#"level soacs
variables 95
tuning block_size, "odd name"
entry main = main (xs: []i32, *"weird param": [][]f32, opaque "(i32, f32)" 2 {0: i32, 1: f32}, r: opaque "rec" 3 {a: []i32, "b c": opaque "pair" 2 {x: f32, y: f32}}) : (*[]i32, opaque "opt" 3 sum {#none() [], #some(i32, f32) [1, 2]}, opaque "[]{a: i32}" 1)
entry "other entry" = "+^_3" () : ()
fun main (n_0: i64, xs_1: [n_0]i32, *ys_2: [n_0][3i64]f32): (*[?0]i32, i64) = {
  let (a_3: i32) = Add(xs_1, 1i32) @ prelude /prelude/soacs.fut:46:3-21 <- main.fut:1:2-3
  let (b_4: bool) = Lt(a_3, -2147483648i32) @ "dir with space/x.fut":3:4-5:6
  let (c_5: i32) = Neg(a_3) @ a.fut:1:1-1 <- (b.fut:2:2-2 <- c.fut:3:3-3) <- prelude c.fut:3:3-3
  let (d_6: f32) = to_f32(c_5) @ "--dashes.fut":1:2-3
  let (e_7: f64) = sqrt_f64(1.0e-300f64)
  let (f_8: u32) = to_bits_f32(d_6)
  let (g_9: i64) = tuning(block_size, 16i64)
  let (h_10: i64) = tuning("odd name", 1i64)
  let (i_11: i64) = mul_hi_u64(18446744073709551615u64, 2u64)
  let (j_12: [n_0]i32, k_13: i64) = if b_4 then {
    in (xs_1, 1i64)
  } else {
    in (xs_1, 2i64)
  } : ([n_0]i32, i64)
  #[unroll] let (l_14: i32, m_15: [n_0]i32) = loop (acc_16: i32, *arr_17: [n_0]i32) = (0i32, xs_1) for i_18 < n_0 do {
    in (acc_16, arr_17)
  } @ main.fut:10:1-12:3
  #[sequential] #[incremental_flattening(only_inner)] let (o_19: bool) = loop (go_20: bool) = (true) while go_20 do {
    in (false)
  }
  let (p_21: [3i64]f32) = ys_2[0i64]
  let (q_22: [2i64]f32) = ys_2[1i64, 0i64:+2i64*1i64]
  let (r_23: [n_0][3i64]f32) = ys_2 with [0i64, 1i64] = 2.5f32
  let (s_24: [2i64]i32) = [a_3, c_5]: i32
  let (t_25: [0i64][3i64]f32) = []: [3i64]f32
  let (u_26: [n_0]i64) = iota_i64(n_0, 0i64, 1i64)
  let (v_27: [2i64][n_0]u8) = replicate([2i64, n_0], 255u8)
  let (w_28: [3i64][n_0]f32) = rearrange([1, 0], ys_2)
  let (x_29: [3i64]f32) = reshape([3i64], p_21)
  let (y_30: [6i64]f32) = concat(p_21, x_29) : 6i64
  let (z_31: [3i64]f32) = copy(p_21)
  let () = assert(b_4)
  let () = assert(b_4, "index " a_3 " out of \"bounds\"\n\ttab\\ \u{7} é" n_0)
  let (_32: i32, "a b"_33: i32) = apply main(n_0, xs_1, ys_2)
  let (f32s_34: [8i64]f32) = [f32.nan, -f32.nan, f32.nan(0x7fc00001), f32.inf, -f32.inf, -0.0f32, 1.0e-45f32, 3.4028235e38f32]: f32
  let (f16s_35: [5i64]f16) = [f16.nan, f16.nan(0xfc01), 5.9604645e-8f16, 65504.0f16, -f16.inf]: f16
  let (f64s_36: [3i64]f64) = [-f64.nan, 5.0e-324f64, 0.1f64]: f64
  let (ints_37: [2i64]i8) = [-128i8, 127i8]: i8
  let (ints_38: [2i64]i16) = [-32768i16, 32767i16]: i16
  let (ints_39: [2i64]i64) = [-9223372036854775808i64, 9223372036854775807i64]: i64
  let (ints_40: [2i64]u16) = [0u16, 65535u16]: u16
  let (ints_41: [2i64]u32) = [0u32, 4294967295u32]: u32
  let (bools_42: [2i64]bool) = [true, false]: bool
  let (x_43: i32) = Complement(a_3)
  let (x_44: bool) = Not(b_4)
  let (x_45: i32) = LShr(a_3, 1i32)
  let (x_46: i32) = popc_u32(f_8)
  let (x_47: f32) = fma_f32(d_6, d_6, d_6)
  let (x_48: f32) = from_bits_f32(f_8)
  let (x_49: i32) = a_3
  let (x_50: f32) = -1.5e-7f32
  let (sc_51: [n_0]i32, red_52: i32, red_53: i32, m_54: [n_0]i32) = screma(n_0, {xs_1}, \ (x_55: i32): (i32, i32, i32, i32) -> {
    in (x_55, x_55, x_55, x_55)
  }, scan(0i32) \ (a_56: i32, b_57: i32): (i32) -> {
    let (s_58: i32) = Add(a_56, b_57)
    in (s_58)
  }, reduce comm (0i32) \ (a_59: i32, b_60: i32): (i32) -> {
    let (s_61: i32) = Max(a_59, b_60)
    in (s_61)
  }, reduce (1i32) \ (a_62: i32, b_63: i32): (i32) -> {
    let (s_64: i32) = Mul(a_62, b_63)
    in (s_64)
  }) @ prelude /prelude/soacs.fut:143:3-28
  let (h_65: [n_0]i32) = hist(n_0, {u_26, xs_1}, \ (i_82: i64, x_83: i32): (i64, i32) -> {
    in (i_82, x_83)
  }, op({arr_17}, (0i32)) \ (a_66: i32, b_67: i32): (i32) -> {
    let (s_68: i32) = Add(a_66, b_67)
    in (s_68)
  })
  let (d1_69: [n_0]i32, d2_70: [n_0]f32) = scatter(n_0, {u_26, xs_1, p_21}, \ (i_84: i64, x_85: i32, y_86: f32): (i64, i64, i64, i32, i32, f32) -> {
    in (i_84, i_84, i_84, x_85, x_85, y_86)
  }, {xs_1 * 2, p_21})
  let (w_90: [n_0]i32) = accumulate(n_0, {d1_69}, {u_26, xs_1}, \ (*a_91: [n_0]i32, i_92: i64, x_93: i32): ([n_0]i32) -> {
    let (b_94: [n_0]i32) = a_91 with [i_92] = x_93
    in (b_94)
  })
  let (s_87: i32, m_88: [n_0]i32) = screma(n_0, {xs_1}, \ (x_89: i32): (i32) -> {
    in (x_89)
  }, scan(0i32) \ (a_56: i32, b_57: i32): (i32) -> {
    let (s_58: i32) = Add(a_56, b_57)
    in (s_58)
  }, post \ (a_59: i32): (i32, i32) -> {
    in (a_59, a_59)
  })
  let (acc_71: i32, chunks_72: [n_0]i32) = stream_seq(n_0, {xs_1}, (0i32), \ (c_73: i64, a_74: i32, x_75: [c_73]i32): (i32, [c_73]i32) -> {
    in (a_74, x_75)
  })
  let (acc_76: i32) = stream_par(n_0, {xs_1}, (0i32), \ (c_77: i64, a_78: i32, x_79: [c_77]i32): (i32) -> {
    in (a_78)
  }, \ (a_80: i32, b_81: i32): (i32) -> {
    in (a_80)
  })
  in (xs_1, n_0)
}
fun "+^_3" (): () = {
  in ()
}
"#;

#[test]
fn every_soacs_construct_prints_back_as_written() {
    assert_eq!(reprint::<Soacs>(SOACS), SOACS);
}

const MC: &str = r#"level mc
variables 30
entry main = main (*[]i32) : ([]i32)
fun main (n_0: i64, xs_1: [n_0]i32): ([n_0]i32) = {
  let (ys_2: [n_0]i32, zs_3: [n_0]i32) = segmap(gtid_4 < n_0) : (i32, write xs_1 rank 1) {
    let (x_5: i32) = xs_1[gtid_4]
    let (s_6: i32) = Add(x_5, x_5)
    in (s_6, gtid_4, x_5)
  } @ a.fut:1:1-2
  let (r_11: [2i64]i32, q_12: f32) = segred(i_13 < 2i64, j_14 < n_0) comm (0i32) \ (a_15: i32, b_16: i32): (i32) -> {
    in (a_15)
  } (0.0f32) \ (a_17: f32, b_18: f32): (f32) -> {
    in (a_17)
  } : () {
    in (1i32, 2.0f32)
  }
  let (sc_19: [n_0]i32) = segscan(i_20 < n_0) : (i32) {
    in (1i32)
  }
  let (h_21: [n_0]i32, h_22: [n_0]i32) = seghist(i_23 < n_0) {ys_2} (0i32) \ (a_24: i32, b_25: i32): (i32) -> {
    in (a_24)
  } {zs_3} (1i32) \ (a_26: i32, b_27: i32): (i32) -> {
    in (b_27)
  } : () {
    in (i_23, 1i32, i_23, 2i32)
  }
  in (ys_2)
}
"#;

#[test]
fn every_segmented_operation_prints_back_as_written() {
    assert_eq!(reprint::<Mc>(MC), MC);
}

#[test]
fn hand_written_programs_may_leave_out_the_counts_and_have_comments() {
    let text = "-- a comment before the header\n\
                level seq -- and after it\n\
                entry main = f (i32) : (i32)\n\
                fun f (x_4: i32): (i32) = {\n  \
                  -- four iterations\n  \
                  let (y_7: i32) = loop (acc_5: i32) = (x_4) for i_6 < 4i64 do {\n    \
                    let (z_9: i32) = Add(acc_5, 1i32)\n    \
                    in (z_9)\n  \
                  }\n  \
                  in (y_7)\n\
                }\n";
    let program: Program<Seq> = parse_program(text).unwrap_or_else(|error| panic!("{error}"));
    // Numbers run up to the largest one used; those unused are `v`.
    assert_eq!(
        program.var_names,
        ["v", "v", "v", "v", "x", "acc", "i", "y", "v", "z"]
    );
    crate::ir::check::check_program(&program).expect("a well-typed program");
    let result = crate::interp::run_entry(
        &program,
        "main",
        vec![crate::value::Value::Prim(PrimValue::I32(3))],
    );
    assert_eq!(
        result,
        Ok(vec![crate::value::Value::Prim(PrimValue::I32(7))])
    );
}

/// A program binding each constant to a variable of its own.
fn constants(values: &[PrimValue]) -> Program {
    let stms = values
        .iter()
        .enumerate()
        .map(|(i, &value)| Stm {
            pat: vec![PatElem::new(Var(i as u32), Type::Prim(value.prim_type()))],
            exp: Exp::SubExp(SubExp::Const(value)),
            loc: None,
            attrs: Attrs::default(),
        })
        .collect();
    Program {
        functions: vec![Function {
            name: "constants".into(),
            params: Vec::new(),
            ret: Vec::new(),
            body: Body {
                stms,
                result: Vec::new(),
            },
        }],
        var_names: vec!["c".into(); values.len()],
        ..Program::default()
    }
}

#[test]
fn constants_keep_their_bits() {
    let mut values: Vec<PrimValue> = (0..=u16::MAX).map(|b| PrimValue::F16(F16(b))).collect();
    // A fixed sample of bit patterns of every kind: subnormals, NaNs with
    // payloads and signs, extremes.
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..20_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        values.push(PrimValue::F32(f32::from_bits(state as u32)));
        values.push(PrimValue::F64(f64::from_bits(state)));
    }
    values.extend([
        PrimValue::F32(f32::from_bits(0xffc0_0000)),
        PrimValue::F64(f64::MIN_POSITIVE),
        PrimValue::F64(-0.0),
        PrimValue::I8(i8::MIN),
        PrimValue::I16(i16::MIN),
        PrimValue::I32(i32::MIN),
        PrimValue::I64(i64::MIN),
        PrimValue::U8(u8::MAX),
        PrimValue::U16(u16::MAX),
        PrimValue::U32(u32::MAX),
        PrimValue::U64(u64::MAX),
        PrimValue::Bool(true),
    ]);
    let program = constants(&values);
    let parsed: Program = parse_program(&print_program(&program)).expect("printed constants");
    // Equality of constants is bit for bit.
    assert_eq!(parsed, program);
}

#[test]
fn nans_are_written_by_sign_or_bits() {
    let text = print_program(&constants(&[
        PrimValue::F32(f32::NAN),
        PrimValue::F32(-f32::NAN),
        PrimValue::F64(f64::from_bits(0x7ff0_0000_0000_0001)),
        PrimValue::F16(F16(0x7e00)),
    ]));
    assert!(text.contains("= f32.nan\n"), "{text}");
    assert!(text.contains("= -f32.nan\n"), "{text}");
    assert!(text.contains("= f64.nan(0x7ff0000000000001)\n"), "{text}");
    assert!(text.contains("= f16.nan\n"), "{text}");
}

/// The error parsing `text` (at the level its header names) gives.
fn error(text: &str) -> String {
    match LevelProgram::parse(text) {
        Ok(program) => panic!("parsed:\n{}", program.print()),
        Err(error) => error.to_string(),
    }
}

const HEADER: &str = "level soacs\nentry main = main () : (i32)\n";

/// A program whose function `main` has the body's statements.
fn with_body(stms: &str) -> String {
    format!("{HEADER}fun main (): (i32) = {{\n{stms}\n  in (1i32)\n}}\n")
}

#[test]
fn errors_are_located_and_say_what_was_expected() {
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "1:1: expected `level`, found the end of the input"),
        (
            "level gpu\n".into(),
            "1:7: unknown level `gpu`; the levels are soacs, seq, mc, seq-mem, mc-mem",
        ),
        (
            "level soacs\nvariables 2\nfun f (x_5: i32): () = {\n  in ()\n}\n".into(),
            "2:11: 2 variables, but variable 5 occurs",
        ),
        (
            "level soacs\nfun f (): () = {\n  in ()\n}\nfun f (): () = {\n  in ()\n}\n".into(),
            "5:1: a second function named `f`",
        ),
        (
            "level soacs\nentry main = g () : ()\n".into(),
            "2:14: no function is named `g`",
        ),
        (
            "level soacs\nentry main = f (i32 i64) : ()\n".into(),
            "2:21: expected `,` or `)`, found `i64`",
        ),
        (
            with_body("  let (x_1: i32) = 1i32\n  let (y_2: i32) = Add(y_1, 1i32)"),
            "5:24: variable 1 is called `x` elsewhere, not `y`",
        ),
        (
            with_body("  let (x_1: i32) = 1"),
            "4:20: `1` needs a type suffix, as in `1i32`",
        ),
        (
            with_body("  let (x_1: i8) = 300i8"),
            "4:19: `300i8` is not a constant of type i8",
        ),
        (
            with_body("  let (x_1: f32) = f32.nan(0x1)"),
            "4:28: expected the bits of a f32 NaN in hexadecimal",
        ),
        (
            with_body("  let (x_1: i32) = Add(1i32)"),
            "4:23: `Add` takes 2 operands, not 1",
        ),
        (
            with_body("  let (x_1: i64) = tuning(size, 1i64)"),
            "4:27: no tuning parameter is named `size`",
        ),
        (
            with_body("  let (x_1: i32) = 1i32 @ main.fut:1"),
            "4:27: expected a location, `file:line:col-col` or `file:line:col-line:col`",
        ),
        (
            with_body("  #[unroll(2] let (x_1: i32) = 1i32"),
            "4:5: expected `]` closing an attribute",
        ),
        (
            with_body("  #[unroll] 1i32"),
            "4:13: expected `let`, found `1i32`",
        ),
        (
            with_body("  let () = assert(true, \"no end)"),
            "4:25: unterminated string",
        ),
        (
            with_body("  let () = assert(true, \"\\q\")"),
            "4:26: unknown escape in a string",
        ),
        (
            with_body("  let (x_1: i32) = $"),
            "4:20: unexpected character `$`",
        ),
        (
            with_body("  let (x_1: i32) = frobnicate(1i32)"),
            "4:20: expected an expression, found `frobnicate`",
        ),
        (
            with_body("  let (x_1: i32) = loop (a_2: i32) = (1i32, 2i32) for i_3 < 1i64 do {\n    in (a_2)\n  }"),
            "4:38: 2 initial values for 1 loop parameters",
        ),
        (
            // Columns count characters, not bytes.
            with_body("  let () = assert(true, \"é\" 1)"),
            "4:29: `1` needs a type suffix, as in `1i32`",
        ),
        (
            format!("{HEADER}fun main (): (i32) = {{\n  let (x_1: i32) = 1i32\n}}\n"),
            "5:1: expected `let` or `in`, found `}`",
        ),
        (
            "level seq\nfun main (xs_1: [3i64]i32): () = {\n  let (y_2: [3i64]i32) = screma(3i64, {xs_1}, \\ (x_3: i32): (i32) -> {\n    in (x_3)\n  })\n  in ()\n}\n".into(),
            "3:26: expected an expression, found `screma`",
        ),
        (
            "level mc\nfun main (): () = {\n  let (y_2: [3i64]i32) = segfoo(i_1 < 3i64) : (i32) {\n    in (1i32)\n  }\n  in ()\n}\n".into(),
            "3:26: expected a segmented operation, found `segfoo`",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(error(&text), expected, "{text}");
    }
}

#[test]
fn a_program_of_another_level_is_refused() {
    let error = parse_program::<Seq>("level soacs\n").expect_err("a SOACS program");
    assert_eq!(
        error.to_string(),
        "1:7: expected a program at the seq level, not soacs"
    );
}

/// `depth` branches nested in each other.
fn nested_branches(depth: usize) -> String {
    format!(
        "level soacs\nfun main (): (i32) = {}{{\n  in (1i32)\n}}{}\n",
        "{\n  let (x_1: i32) = if true then ".repeat(depth),
        " else {\n  in (1i32)\n} : (i32)\n  in (x_1)\n}".repeat(depth)
    )
}

#[test]
fn nesting_is_bounded_instead_of_overflowing_the_stack() {
    // As deep as allowed: a function's body and 999 branches.
    let deep: Program = parse_program(&nested_branches(999)).expect("a deep program");
    let mut depth = 0;
    let mut body = &deep.functions[0].body;
    while let Some(Stm {
        exp: Exp::If { then_body, .. },
        ..
    }) = body.stms.first()
    {
        depth += 1;
        body = then_body;
    }
    assert_eq!(depth, 999);
    assert_eq!(
        error(&nested_branches(100_000)),
        "1002:33: nested more than 1000 levels deep"
    );
    let loc = format!("@ a.fut:1:1-1{}", " <- (a.fut:1:1-1".repeat(100_000));
    assert_eq!(
        error(&with_body(&format!("  let (x_1: i32) = 1i32 {loc}"))),
        "4:16042: a location nested too deeply"
    );
}

#[test]
fn truncated_or_damaged_text_gets_an_error_not_a_panic() {
    // Every prefix, and the text without each character: errors (or,
    // rarely, another program), never a panic.
    for (at, _) in SOACS.char_indices() {
        let _ = parse_program::<Soacs>(&SOACS[..at]);
        let mut damaged = SOACS.to_owned();
        damaged.remove(at);
        let _ = parse_program::<Soacs>(&damaged);
    }
    assert_eq!(
        error("level soacs\nfun f (x_99999999: i32): () = {\n  in ()\n}\n"),
        "2:8: variable number 99999999 is too large (at most 4194304 variables)"
    );
}
