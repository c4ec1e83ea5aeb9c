//! One small program per rule of the simplifier, written in the IR's
//! text: each test checks the program the simplifier makes of it, and
//! that the interpreter gives the same values and the same failures
//! before and after on the inputs given.

use super::simplify;
use crate::interp::run_entry;
use crate::ir::Program;
use crate::ir::check::check_program;
use crate::ir::parse::parse_program;
use crate::ir::print::print_program;
use crate::value::{ArrayValue, Value};
use prim::{PrimType, PrimValue};

/// Simplifies the SOACS program `text` (without its `level` line), checks
/// the result and that it computes and fails as the program did on each
/// of `inputs` to `main`; returns the printed functions.
fn simplified(text: &str, inputs: &[Vec<Value>]) -> String {
    let program: Program =
        parse_program(&format!("level soacs\n{text}")).unwrap_or_else(|error| panic!("{error}"));
    check_program(&program).unwrap_or_else(|error| panic!("an ill-typed test: {error:?}"));
    let mut after = program.clone();
    simplify(&mut after);
    let printed = print_program(&after);
    check_program(&after).unwrap_or_else(|error| panic!("{error:?} in\n{printed}"));
    for input in inputs {
        assert_eq!(
            run_entry(&program, "main", input.clone()),
            run_entry(&after, "main", input.clone()),
            "different results on {input:?} from\n{printed}"
        );
    }
    let start = printed.find("fun ").expect("a function");
    printed[start..].to_owned()
}

fn i32s(values: &[i32]) -> Value {
    Value::Array(ArrayValue::new(
        PrimType::I32,
        vec![values.len() as i64],
        values.iter().map(|&v| PrimValue::I32(v)).collect(),
    ))
}

fn i64s(values: &[i64]) -> Value {
    Value::Array(ArrayValue::new(
        PrimType::I64,
        vec![values.len() as i64],
        values.iter().map(|&v| PrimValue::I64(v)).collect(),
    ))
}

fn i32s2(rows: &[&[i32]]) -> Value {
    Value::Array(ArrayValue::new(
        PrimType::I32,
        vec![
            rows.len() as i64,
            rows.first().map_or(0, |r| r.len()) as i64,
        ],
        rows.iter()
            .flat_map(|r| r.iter().map(|&v| PrimValue::I32(v)))
            .collect(),
    ))
}

fn i32(value: i32) -> Value {
    Value::Prim(PrimValue::I32(value))
}

fn i64(value: i64) -> Value {
    Value::Prim(PrimValue::I64(value))
}

fn bool(value: bool) -> Value {
    Value::Prim(PrimValue::Bool(value))
}

// Scalars.

#[test]
fn constants_fold() {
    let text = simplified(
        "entry main = main () : (i32, bool)
fun main (): (i32, bool) = {
  let (a_0: i32) = Add(2i32, 3i32)
  let (b_1: i32) = Mul(a_0, a_0)
  let (c_2: bool) = Lt(b_1, 30i32)
  in (b_1, c_2)
}",
        &[vec![]],
    );
    assert_eq!(
        text,
        "fun main (): (i32, bool) = {
  in (25i32, true)
}
"
    );
}

#[test]
fn division_by_constant_zero_is_left_to_fail() {
    let text = simplified(
        "entry main = main (x: i32) : (i32)
fun main (x_0: i32): (i32) = {
  let (a_1: i32) = Div(x_0, 0i32)
  in (a_1)
}",
        &[vec![i32(3)]],
    );
    assert_eq!(
        text,
        "fun main (x_0: i32): (i32) = {
  let (a_1: i32) = Div(x_0, 0i32)
  in (a_1)
}
"
    );
}

#[test]
fn identities_hold_for_every_value() {
    let text = simplified(
        "entry main = main (x: i32, b: bool) : (i32, bool, bool)
fun main (x_0: i32, b_1: bool): (i32, bool, bool) = {
  let (a_2: i32) = Add(x_0, 0i32)
  let (c_3: i32) = Mul(1i32, a_2)
  let (d_4: bool) = Eq(c_3, c_3)
  let (e_5: bool) = And(true, b_1)
  let (f_6: i32) = Sub(c_3, c_3)
  let (g_7: i32) = Add(c_3, f_6)
  in (g_7, d_4, e_5)
}",
        &[vec![i32(-4), bool(true)]],
    );
    assert_eq!(
        text,
        "fun main (x_0: i32, b_1: bool): (i32, bool, bool) = {
  in (x_0, true, b_1)
}
"
    );
}

#[test]
fn integer_constants_reassociate() {
    let text = simplified(
        "entry main = main (x: i32) : (i32)
fun main (x_0: i32): (i32) = {
  let (a_1: i32) = Sub(x_0, 2i32)
  let (b_2: i32) = Add(a_1, 1i32)
  in (b_2)
}",
        &[vec![i32(i32::MIN)]],
    );
    assert_eq!(
        text,
        "fun main (x_0: i32): (i32) = {
  let (b_2: i32) = Add(x_0, -1i32)
  in (b_2)
}
"
    );
}

#[test]
fn sums_cancel() {
    let text = simplified(
        "entry main = main (x: i32, y: i32) : (i32, i32)
fun main (x_0: i32, y_1: i32): (i32, i32) = {
  let (a_2: i32) = Add(x_0, y_1)
  let (b_3: i32) = Sub(a_2, y_1)
  let (c_4: i32) = Sub(x_0, y_1)
  let (d_5: i32) = Add(y_1, c_4)
  in (b_3, d_5)
}",
        &[vec![i32(i32::MAX), i32(7)]],
    );
    assert_eq!(
        text,
        "fun main (x_0: i32, y_1: i32): (i32, i32) = {
  in (x_0, x_0)
}
"
    );
}

#[test]
fn conversion_chains_compose_where_one_conversion_does_the_same() {
    let text = simplified(
        "entry main = main (x: i8, y: u8) : (i64, i32)
fun main (x_0: i8, y_1: u8): (i64, i32) = {
  let (a_2: i32) = to_i32(x_0)
  let (b_3: i64) = to_i64(a_2)
  let (c_4: i8) = to_i8(y_1)
  let (d_5: i32) = to_i32(c_4)
  in (b_3, d_5)
}",
        &[vec![
            Value::Prim(PrimValue::I8(-3)),
            Value::Prim(PrimValue::U8(200)),
        ]],
    );
    assert_eq!(
        text,
        "fun main (x_0: i8, y_1: u8): (i64, i32) = {
  let (b_3: i64) = to_i64(x_0)
  let (c_4: i8) = to_i8(y_1)
  let (d_5: i32) = to_i32(c_4)
  in (b_3, d_5)
}
"
    );
}

#[test]
fn sizes_are_not_negative() {
    let text = simplified(
        "entry main = main (xs: []i32) : (bool, bool, bool)
fun main (n_0: i64, xs_1: [n_0]i32): (bool, bool, bool) = {
  let (a_2: bool) = Le(0i64, n_0)
  let (b_3: bool) = Lt(n_0, 0i64)
  let (c_4: bool) = Lt(0i64, n_0)
  in (a_2, b_3, c_4)
}",
        &[vec![i32s(&[1, 2])], vec![i32s(&[])]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, xs_1: [n_0]i32): (bool, bool, bool) = {
  let (c_4: bool) = Lt(0i64, n_0)
  in (true, false, c_4)
}
"
    );
}

#[test]
fn a_loop_bound_is_positive_in_the_body() {
    let text = simplified(
        "entry main = main (n: i64) : (i64)
fun main (n_0: i64): (i64) = {
  let (r_1: i64) = loop (acc_2: i64) = (0i64) for i_3 < n_0 do {
    let (p_4: bool) = Lt(0i64, n_0)
    let (s_5: i64) = if p_4 then {
      in (i_3)
    } else {
      in (n_0)
    } : (i64)
    let (t_6: i64) = Mul(acc_2, s_5)
    in (t_6)
  }
  in (r_1)
}",
        &[vec![i64(3)], vec![i64(-1)]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64): (i64) = {
  let (r_1: i64) = loop (acc_2: i64) = (0i64) for i_3 < n_0 do {
    let (t_6: i64) = Mul(acc_2, i_3)
    in (t_6)
  }
  in (r_1)
}
"
    );
}

// Arrays.

#[test]
fn indexing_a_literal_reads_the_element() {
    let text = simplified(
        "entry main = main (x: i32, y: i32) : (i32)
fun main (x_0: i32, y_1: i32): (i32) = {
  let (a_2: [2i64]i32) = [x_0, y_1]: i32
  let (b_3: i32) = a_2[1i64]
  in (b_3)
}",
        &[vec![i32(1), i32(2)]],
    );
    assert_eq!(
        text,
        "fun main (x_0: i32, y_1: i32): (i32) = {
  in (y_1)
}
"
    );
}

#[test]
fn indexing_an_iota_is_arithmetic_after_a_bounds_check() {
    let text = simplified(
        "entry main = main (n: i64, i: i64) : (i64)
fun main (n_0: i64, i_1: i64): (i64) = {
  let (c_2: bool) = Le(0i64, n_0)
  let () = assert(c_2, \"bad size\")
  let (a_3: [n_0]i64) = iota_i64(n_0, 5i64, 2i64)
  let (b_4: i64) = a_3[i_1]
  in (b_4)
}",
        &[
            vec![i64(4), i64(3)],
            vec![i64(4), i64(4)],
            vec![i64(-1), i64(0)],
        ],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, i_1: i64): (i64) = {
  let (c_2: bool) = Le(0i64, n_0)
  let () = assert(c_2, \"bad size\")
  let (bounds_5: bool) = Le(0i64, i_1)
  let (bounds_6: bool) = Lt(i_1, n_0)
  let (bounds_7: bool) = And(bounds_5, bounds_6)
  let () = assert(bounds_7, \"Index [\" i_1 \"] out of bounds for array of shape \" \"[\" n_0 \"]\" \".\")
  let (iota_elem_8: i64) = Mul(i_1, 2i64)
  let (b_4: i64) = Add(5i64, iota_elem_8)
  in (b_4)
}
"
    );
}

#[test]
fn indexing_a_replicate_reads_its_value() {
    let text = simplified(
        "entry main = main (xs: []i32, i: i64) : (i32)
fun main (n_0: i64, xs_1: [n_0]i32, i_2: i64): (i32) = {
  let (a_3: [3i64][n_0]i32) = replicate([3i64], xs_1)
  let (b_4: i32) = a_3[1i64, i_2]
  in (b_4)
}",
        &[vec![i32s(&[4, 5]), i64(1)], vec![i32s(&[4, 5]), i64(2)]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, xs_1: [n_0]i32, i_2: i64): (i32) = {
  let (bounds_5: bool) = Le(0i64, i_2)
  let (bounds_6: bool) = Lt(i_2, n_0)
  let (bounds_7: bool) = And(bounds_5, bounds_6)
  let () = assert(bounds_7, \"Index [\" 1i64 \", \" i_2 \"] out of bounds for array of shape \" \"[\" 3i64 \"]\" \"[\" n_0 \"]\" \".\")
  let (b_4: i32) = xs_1[i_2]
  in (b_4)
}
"
    );
}

#[test]
fn indexing_an_update_at_its_index_reads_the_value() {
    let text = simplified(
        "entry main = main (*xs: []i32, i: i64, v: i32) : (i32, []i32)
fun main (n_0: i64, *xs_1: [n_0]i32, i_2: i64, v_3: i32): (i32, [n_0]i32) = {
  let (a_4: [n_0]i32) = xs_1 with [i_2] = v_3
  let (b_5: i32) = a_4[i_2]
  in (b_5, a_4)
}",
        &[
            vec![i32s(&[4, 5]), i64(1), i32(9)],
            vec![i32s(&[4, 5]), i64(2), i32(9)],
        ],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, *xs_1: [n_0]i32, i_2: i64, v_3: i32): (i32, [n_0]i32) = {
  let (a_4: [n_0]i32) = xs_1 with [i_2] = v_3
  in (v_3, a_4)
}
"
    );
}

#[test]
fn indexing_a_rearrangement_indexes_its_operand() {
    let text = simplified(
        "entry main = main (xss: [][]i32, i: i64, j: i64) : (i32)
fun main (n_0: i64, m_1: i64, xss_2: [n_0][m_1]i32, i_3: i64, j_4: i64): (i32) = {
  let (a_5: [m_1][n_0]i32) = rearrange([1, 0], xss_2)
  let (b_6: i32) = a_5[i_3, j_4]
  in (b_6)
}",
        &[
            vec![i32s2(&[&[1, 2, 3], &[4, 5, 6]]), i64(2), i64(1)],
            vec![i32s2(&[&[1, 2, 3], &[4, 5, 6]]), i64(1), i64(2)],
        ],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, m_1: i64, xss_2: [n_0][m_1]i32, i_3: i64, j_4: i64): (i32) = {
  let (bounds_7: bool) = Le(0i64, i_3)
  let (bounds_8: bool) = Lt(i_3, m_1)
  let (bounds_9: bool) = And(bounds_7, bounds_8)
  let (bounds_10: bool) = Le(0i64, j_4)
  let (bounds_11: bool) = Lt(j_4, n_0)
  let (bounds_12: bool) = And(bounds_10, bounds_11)
  let (bounds_13: bool) = And(bounds_9, bounds_12)
  let () = assert(bounds_13, \"Index [\" i_3 \", \" j_4 \"] out of bounds for array of shape \" \"[\" m_1 \"]\" \"[\" n_0 \"]\" \".\")
  let (b_6: i32) = xss_2[j_4, i_3]
  in (b_6)
}
"
    );
}

#[test]
fn a_reshape_to_the_shape_an_array_has_is_the_array() {
    let text = simplified(
        "entry main = main (xs: []i32) : ([]i32)
fun main (n_0: i64, xs_1: [n_0]i32): ([n_0]i32) = {
  let (a_2: [n_0]i32) = reshape([n_0], xs_1)
  in (a_2)
}",
        &[vec![i32s(&[1, 2])]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, xs_1: [n_0]i32): ([n_0]i32) = {
  in (xs_1)
}
"
    );
}

#[test]
fn reshapes_and_rearrangements_of_their_own_kind_are_one() {
    let text = simplified(
        "entry main = main (xs: []i32) : ([]i32, [][][]i32)
fun main (xs_0: [6i64]i32): ([6i64]i32, [3i64][2i64][1i64]i32) = {
  let (a_1: [2i64][3i64]i32) = reshape([2i64, 3i64], xs_0)
  let (b_2: [3i64][2i64]i32) = reshape([3i64, 2i64], a_1)
  let (c_3: [6i64]i32) = reshape([6i64], b_2)
  let (d_4: [1i64][2i64][3i64]i32) = reshape([1i64, 2i64, 3i64], xs_0)
  let (e_5: [2i64][3i64][1i64]i32) = rearrange([1, 2, 0], d_4)
  let (f_6: [3i64][2i64][1i64]i32) = rearrange([1, 0, 2], e_5)
  in (c_3, f_6)
}",
        &[vec![i32s(&[1, 2, 3, 4, 5, 6])]],
    );
    assert_eq!(
        text,
        "fun main (xs_0: [6i64]i32): ([6i64]i32, [3i64][2i64][1i64]i32) = {
  let (d_4: [1i64][2i64][3i64]i32) = reshape([1i64, 2i64, 3i64], xs_0)
  let (f_6: [3i64][2i64][1i64]i32) = rearrange([2, 1, 0], d_4)
  in (xs_0, f_6)
}
"
    );
}

#[test]
fn concatenations_flatten_and_lose_empty_arrays() {
    let text = simplified(
        "entry main = main (xs: []i32, ys: []i32) : (*[]i32)
fun main (n_0: i64, m_2: i64, xs_1: [n_0]i32, ys_3: [m_2]i32): (i64, [?0]i32) = {
  let (e_4: [0i64]i32) = []: i32
  let (s_5: i64) = Add(n_0, m_2)
  let (a_6: [s_5]i32) = concat(xs_1, ys_3) : s_5
  let (s_7: i64) = Add(s_5, n_0)
  let (b_8: [s_7]i32) = concat(a_6, e_4, xs_1) : s_7
  in (s_7, b_8)
}",
        &[vec![i32s(&[1, 2]), i32s(&[3])]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, m_2: i64, xs_1: [n_0]i32, ys_3: [m_2]i32): (i64, [?0]i32) = {
  let (s_5: i64) = Add(n_0, m_2)
  let (s_7: i64) = Add(s_5, n_0)
  let (b_8: [s_7]i32) = concat(xs_1, ys_3, xs_1) : s_7
  in (s_7, b_8)
}
"
    );
}

#[test]
fn a_literal_of_equal_elements_is_a_replicate() {
    let text = simplified(
        "entry main = main (x: i32) : ([]i32)
fun main (x_0: i32): ([3i64]i32) = {
  let (a_1: [3i64]i32) = [x_0, x_0, x_0]: i32
  in (a_1)
}",
        &[vec![i32(7)]],
    );
    assert_eq!(
        text,
        "fun main (x_0: i32): ([3i64]i32) = {
  let (a_1: [3i64]i32) = replicate([3i64], x_0)
  in (a_1)
}
"
    );
}

#[test]
fn a_replicate_of_a_replicate_is_one() {
    let text = simplified(
        "entry main = main (n: i64, x: i32) : ([][]i32)
fun main (n_0: i64, x_1: i32): ([n_0][3i64]i32) = {
  let (a_2: [3i64]i32) = replicate([3i64], x_1)
  let (b_3: [n_0][3i64]i32) = replicate([n_0], a_2)
  in (b_3)
}",
        &[vec![i64(2), i32(7)], vec![i64(-2), i32(7)]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, x_1: i32): ([n_0][3i64]i32) = {
  let (b_3: [n_0][3i64]i32) = replicate([n_0, 3i64], x_1)
  in (b_3)
}
"
    );
}

#[test]
fn a_one_element_slice_update_is_an_element_update() {
    let text = simplified(
        "entry main = main (*xs: []i32, i: i64, v: i32) : ([]i32)
fun main (n_0: i64, *xs_1: [n_0]i32, i_2: i64, v_3: i32): ([n_0]i32) = {
  let (a_4: [1i64]i32) = replicate([1i64], v_3)
  let (b_5: [n_0]i32) = xs_1 with [i_2:+1i64*1i64] = a_4
  in (b_5)
}",
        &[
            vec![i32s(&[1, 2]), i64(1), i32(5)],
            vec![i32s(&[1, 2]), i64(2), i32(5)],
        ],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, *xs_1: [n_0]i32, i_2: i64, v_3: i32): ([n_0]i32) = {
  let (end_6: i64) = Add(i_2, 1i64)
  let (bounds_7: bool) = Le(0i64, i_2)
  let (bounds_8: bool) = Lt(i_2, n_0)
  let (bounds_9: bool) = And(bounds_7, bounds_8)
  let () = assert(bounds_9, \"Index [\" i_2 \":\" end_6 \"] out of bounds for array of shape \" \"[\" n_0 \"]\" \".\")
  let (b_5: [n_0]i32) = xs_1 with [i_2] = v_3
  in (b_5)
}
"
    );
}

#[test]
fn indexing_a_concatenation_indexes_the_part_the_index_falls_in() {
    let text = simplified(
        "entry main = main (xs: []i32, ys: []i32, i: i64) : (i32)
fun main (n_0: i64, m_1: i64, xs_2: [n_0]i32, ys_3: [m_1]i32, i_4: i64): (i32) = {
  let (s_5: i64) = Add(n_0, m_1)
  let (a_6: [s_5]i32) = concat(xs_2, ys_3) : s_5
  let (b_7: i32) = a_6[i_4]
  in (b_7)
}",
        &[
            vec![i32s(&[1, 2]), i32s(&[3]), i64(1)],
            vec![i32s(&[1, 2]), i32s(&[3]), i64(2)],
            vec![i32s(&[1, 2]), i32s(&[3]), i64(3)],
        ],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, m_1: i64, xs_2: [n_0]i32, ys_3: [m_1]i32, i_4: i64): (i32) = {
  let (s_5: i64) = Add(n_0, m_1)
  let (bounds_8: bool) = Le(0i64, i_4)
  let (bounds_9: bool) = Lt(i_4, s_5)
  let (bounds_10: bool) = And(bounds_8, bounds_9)
  let () = assert(bounds_10, \"Index [\" i_4 \"] out of bounds for array of shape \" \"[\" s_5 \"]\" \".\")
  let (in_first_14: bool) = Lt(i_4, n_0)
  let (concat_elem_15: i32) = if in_first_14 then {
    let (elem_11: i32) = xs_2[i_4]
    in (elem_11)
  } else {
    let (i_12: i64) = Sub(i_4, n_0)
    let (elem_13: i32) = ys_3[i_12]
    in (elem_13)
  } : (i32)
  in (concat_elem_15)
}
"
    );
}

#[test]
fn indexing_a_reshaped_iota_is_arithmetic() {
    let text = simplified(
        "entry main = main (i: i64, j: i64) : (i64)
fun main (i_0: i64, j_1: i64): (i64) = {
  let (a_2: [6i64]i64) = iota_i64(6i64, 0i64, 1i64)
  let (b_3: [2i64][3i64]i64) = reshape([2i64, 3i64], a_2)
  let (c_4: i64) = b_3[i_0, j_1]
  in (c_4)
}",
        &[vec![i64(1), i64(2)], vec![i64(2), i64(0)]],
    );
    assert_eq!(
        text,
        "fun main (i_0: i64, j_1: i64): (i64) = {
  let (bounds_5: bool) = Le(0i64, i_0)
  let (bounds_6: bool) = Lt(i_0, 2i64)
  let (bounds_7: bool) = And(bounds_5, bounds_6)
  let (bounds_8: bool) = Le(0i64, j_1)
  let (bounds_9: bool) = Lt(j_1, 3i64)
  let (bounds_10: bool) = And(bounds_8, bounds_9)
  let (bounds_11: bool) = And(bounds_7, bounds_10)
  let () = assert(bounds_11, \"Index [\" i_0 \", \" j_1 \"] out of bounds for array of shape \" \"[\" 2i64 \"]\" \"[\" 3i64 \"]\" \".\")
  let (offset_12: i64) = Mul(i_0, 3i64)
  let (offset_13: i64) = Add(offset_12, j_1)
  in (offset_13)
}
"
    );
}

#[test]
fn indexing_a_copy_indexes_its_source() {
    let text = simplified(
        "entry main = main (xs: []i32, i: i64) : (i32, []i32)
fun main (n_0: i64, xs_1: [n_0]i32, i_2: i64): (i32, [n_0]i32) = {
  let (a_3: [n_0]i32) = copy(xs_1)
  let (b_4: i32) = a_3[i_2]
  let (c_5: [n_0]i32) = a_3 with [0i64] = b_4
  in (b_4, c_5)
}",
        &[vec![i32s(&[1, 2]), i64(1)], vec![i32s(&[1, 2]), i64(2)]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, xs_1: [n_0]i32, i_2: i64): (i32, [n_0]i32) = {
  let (a_3: [n_0]i32) = copy(xs_1)
  let (b_4: i32) = xs_1[i_2]
  let (c_5: [n_0]i32) = a_3 with [0i64] = b_4
  in (b_4, c_5)
}
"
    );
}

#[test]
fn neighbouring_literals_and_replicates_in_a_concatenation_merge() {
    let text = simplified(
        "entry main = main (x: i32, y: i32) : ([]i32)
fun main (x_0: i32, y_1: i32): ([7i64]i32) = {
  let (a_2: [2i64]i32) = [x_0, y_1]: i32
  let (b_3: [1i64]i32) = [y_1]: i32
  let (c_4: [2i64]i32) = replicate([2i64], x_0)
  let (d_5: [2i64]i32) = replicate([2i64], x_0)
  let (e_6: [7i64]i32) = concat(a_2, b_3, c_4, d_5) : 7i64
  in (e_6)
}",
        &[vec![i32(1), i32(2)]],
    );
    assert_eq!(
        text,
        "fun main (x_0: i32, y_1: i32): ([7i64]i32) = {
  let (concat_part_7: [3i64]i32) = [x_0, y_1, y_1]: i32
  let (concat_part_9: [4i64]i32) = replicate([4i64], x_0)
  let (e_6: [7i64]i32) = concat(concat_part_7, concat_part_9) : 7i64
  in (e_6)
}
"
    );
}

#[test]
fn a_literal_of_literals_is_one_literal_reshaped() {
    let text = simplified(
        "entry main = main (x: i32, y: i32) : ([][]i32)
fun main (x_0: i32, y_1: i32): ([2i64][2i64]i32) = {
  let (a_2: [2i64]i32) = [x_0, y_1]: i32
  let (b_3: [2i64]i32) = [y_1, x_0]: i32
  let (c_4: [2i64][2i64]i32) = [a_2, b_3]: [2i64]i32
  in (c_4)
}",
        &[vec![i32(1), i32(2)]],
    );
    assert_eq!(
        text,
        "fun main (x_0: i32, y_1: i32): ([2i64][2i64]i32) = {
  let (flat_lit_5: [4i64]i32) = [x_0, y_1, y_1, x_0]: i32
  let (c_4: [2i64][2i64]i32) = reshape([2i64, 2i64], flat_lit_5)
  in (c_4)
}
"
    );
}

// Facts and proofs.

#[test]
fn an_assertion_makes_its_condition_true_after_it() {
    let text = simplified(
        "entry main = main (x: i32) : (bool)
fun main (x_0: i32): (bool) = {
  let (c_1: bool) = Lt(x_0, 10i32)
  let () = assert(c_1, \"first\")
  let (d_2: bool) = Lt(x_0, 10i32)
  let () = assert(d_2, \"second\")
  let () = assert(true, \"never\")
  in (d_2)
}",
        &[vec![i32(3)], vec![i32(10)]],
    );
    assert_eq!(
        text,
        "fun main (x_0: i32): (bool) = {
  let (c_1: bool) = Lt(x_0, 10i32)
  let () = assert(c_1, \"first\")
  in (true)
}
"
    );
}

#[test]
fn an_asserted_size_proves_an_iota_cannot_fail() {
    let text = simplified(
        "entry main = main (n: i64) : (i64)
fun main (n_0: i64): (i64) = {
  let (c_1: bool) = Le(0i64, n_0)
  let () = assert(c_1, \"negative\")
  let (unused_2: [n_0]i64) = iota_i64(n_0, 0i64, 1i64)
  let (unchecked_3: [n_0]i64) = iota_i64(n_0, 0i64, 1i64)
  in (n_0)
}",
        &[vec![i64(3)], vec![i64(-3)]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64): (i64) = {
  let (c_1: bool) = Le(0i64, n_0)
  let () = assert(c_1, \"negative\")
  in (n_0)
}
"
    );
}

#[test]
fn the_last_element_of_a_nonempty_array_is_in_bounds() {
    // Only the index behind the test of emptiness goes: the one in the
    // other branch fails on an empty array.
    let text = simplified(
        "entry main = main (xs: []i32) : (i64)
fun main (n_0: i64, xs_1: [n_0]i32): (i64) = {
  let (empty_2: bool) = Eq(n_0, 0i64)
  let (unused_3: i32) = if empty_2 then {
    in (0i32)
  } else {
    let (last_4: i64) = Sub(n_0, 1i64)
    let (x_5: i32) = xs_1[last_4]
    in (x_5)
  } : (i32)
  let (unchecked_6: i32) = if empty_2 then {
    let (last_7: i64) = Add(n_0, -1i64)
    let (x_8: i32) = xs_1[last_7]
    in (x_8)
  } else {
    in (0i32)
  } : (i32)
  in (n_0)
}",
        &[vec![i32s(&[1, 2])], vec![i32s(&[])]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, xs_1: [n_0]i32): (i64) = {
  let (empty_2: bool) = Eq(n_0, 0i64)
  let () = if empty_2 then {
    let (last_7: i64) = Add(n_0, -1i64)
    let (x_8: i32) = xs_1[last_7]
    in ()
  } else {
    in ()
  } : ()
  in (n_0)
}
"
    );
}

#[test]
fn a_failing_statement_stays_though_unused() {
    let text = simplified(
        "entry main = main (n: i64) : (i64)
fun main (n_0: i64): (i64) = {
  let (unused_1: [n_0]i64) = iota_i64(n_0, 0i64, 1i64)
  in (n_0)
}",
        &[vec![i64(3)], vec![i64(-3)]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64): (i64) = {
  let (unused_1: [n_0]i64) = iota_i64(n_0, 0i64, 1i64)
  in (n_0)
}
"
    );
}

#[test]
fn a_branch_knows_its_condition() {
    let text = simplified(
        "entry main = main (x: i32) : (i32)
fun main (x_0: i32): (i32) = {
  let (c_1: bool) = Lt(x_0, 10i32)
  let (r_2: i32) = if c_1 then {
    let (d_3: bool) = Lt(x_0, 10i32)
    let (e_4: i32) = if d_3 then {
      in (1i32)
    } else {
      in (2i32)
    } : (i32)
    in (e_4)
  } else {
    let (f_5: i32) = if c_1 then {
      in (3i32)
    } else {
      in (4i32)
    } : (i32)
    in (f_5)
  } : (i32)
  in (r_2)
}",
        &[vec![i32(3)], vec![i32(10)]],
    );
    assert_eq!(
        text,
        "fun main (x_0: i32): (i32) = {
  let (c_1: bool) = Lt(x_0, 10i32)
  let (r_2: i32) = if c_1 then {
    in (1i32)
  } else {
    in (4i32)
  } : (i32)
  in (r_2)
}
"
    );
}

#[test]
fn an_index_by_a_loop_counter_below_the_size_cannot_fail() {
    let text = simplified(
        "entry main = main (xs: []i32) : (i32)
fun main (n_0: i64, xs_1: [n_0]i32): (i32) = {
  let (r_2: i32) = loop (acc_3: i32) = (0i32) for i_4 < n_0 do {
    let (x_5: i32) = xs_1[i_4]
    let (unused_6: i32) = xs_1[i_4]
    let (s_7: i32) = Xor(acc_3, x_5)
    in (s_7)
  }
  in (r_2)
}",
        &[vec![i32s(&[1, 2, 4])]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, xs_1: [n_0]i32): (i32) = {
  let (r_2: i32) = loop (acc_3: i32) = (0i32) for i_4 < n_0 do {
    let (x_5: i32) = xs_1[i_4]
    let (s_7: i32) = Xor(acc_3, x_5)
    in (s_7)
  }
  in (r_2)
}
"
    );
}

// Common subexpressions.

#[test]
fn equal_scalar_operations_are_computed_once() {
    let text = simplified(
        "entry main = main (x: i32, y: i32) : (i32, i32, bool, bool)
fun main (x_0: i32, y_1: i32): (i32, i32, bool, bool) = {
  let (a_2: i32) = Add(x_0, y_1)
  let (b_3: i32) = Add(y_1, x_0)
  let (c_4: bool) = Lt(x_0, y_1)
  let (d_5: bool) = Lt(y_1, x_0)
  in (a_2, b_3, c_4, d_5)
}",
        &[vec![i32(1), i32(2)]],
    );
    assert_eq!(
        text,
        "fun main (x_0: i32, y_1: i32): (i32, i32, bool, bool) = {
  let (a_2: i32) = Add(x_0, y_1)
  let (c_4: bool) = Lt(x_0, y_1)
  let (d_5: bool) = Lt(y_1, x_0)
  in (a_2, a_2, c_4, d_5)
}
"
    );
}

#[test]
fn equal_arrays_are_shared_unless_consumed() {
    let text = simplified(
        "entry main = main (n: i64) : (*[]i64, *[]i64)
fun main (n_0: i64): (i64, [?0]i64, [n_0]i64) = {
  let (c_1: bool) = Le(0i64, n_0)
  let () = assert(c_1, \"negative\")
  let (a_2: [n_0]i64) = iota_i64(n_0, 0i64, 1i64)
  let (b_3: [n_0]i64) = iota_i64(n_0, 0i64, 1i64)
  let (d_4: [n_0]i64) = iota_i64(n_0, 0i64, 1i64)
  let (e_5: [n_0]i64) = d_4 with [0i64] = 7i64
  let (m_6: i64) = Add(n_0, n_0)
  let (f_7: [m_6]i64) = concat(a_2, b_3) : m_6
  in (m_6, f_7, e_5)
}",
        &[vec![i64(3)]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64): (i64, [?0]i64, [n_0]i64) = {
  let (c_1: bool) = Le(0i64, n_0)
  let () = assert(c_1, \"negative\")
  let (a_2: [n_0]i64) = iota_i64(n_0, 0i64, 1i64)
  let (d_4: [n_0]i64) = iota_i64(n_0, 0i64, 1i64)
  let (e_5: [n_0]i64) = d_4 with [0i64] = 7i64
  let (m_6: i64) = Add(n_0, n_0)
  let (f_7: [m_6]i64) = concat(a_2, a_2) : m_6
  in (m_6, f_7, e_5)
}
"
    );
}

#[test]
fn equal_views_of_an_array_are_one() {
    let text = simplified(
        "entry main = main (xss: [][]i32, i: i64) : (i32)
fun main (n_0: i64, m_1: i64, xss_2: [n_0][m_1]i32, i_3: i64): (i32) = {
  let (a_4: [m_1]i32) = xss_2[i_3]
  let (b_5: [m_1]i32) = xss_2[i_3]
  let (r_6: i32, s_7: i32) = screma(m_1, {a_4, b_5}, \\ (x_8: i32, y_9: i32): (i32, i32) -> {
    in (x_8, y_9)
  }, reduce (0i32, 0i32) \\ (p_10: i32, q_11: i32, u_12: i32, v_13: i32): (i32, i32) -> {
    let (e_14: i32) = Add(p_10, u_12)
    let (f_15: i32) = Max(q_11, v_13)
    in (e_14, f_15)
  })
  let (t_16: i32) = Sub(r_6, s_7)
  in (t_16)
}",
        &[
            vec![i32s2(&[&[1, 2], &[3, 4]]), i64(1)],
            vec![i32s2(&[&[1, 2], &[3, 4]]), i64(2)],
        ],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, m_1: i64, xss_2: [n_0][m_1]i32, i_3: i64): (i32) = {
  let (a_4: [m_1]i32) = xss_2[i_3]
  let (r_6: i32, s_7: i32) = screma(m_1, {a_4, a_4}, \\ (x_8: i32, y_9: i32): (i32, i32) -> {
    in (x_8, y_9)
  }, reduce (0i32, 0i32) \\ (p_10: i32, q_11: i32, u_12: i32, v_13: i32): (i32, i32) -> {
    let (e_14: i32) = Add(p_10, u_12)
    let (f_15: i32) = Max(q_11, v_13)
    in (e_14, f_15)
  })
  let (t_16: i32) = Sub(r_6, s_7)
  in (t_16)
}
"
    );
}

// Branches.

#[test]
fn a_branch_on_a_constant_is_the_branch_taken() {
    let text = simplified(
        "entry main = main (x: i32) : (i32)
fun main (x_0: i32): (i32) = {
  let (r_1: i32) = if true then {
    let (a_2: i32) = Add(x_0, 1i32)
    in (a_2)
  } else {
    in (x_0)
  } : (i32)
  in (r_1)
}",
        &[vec![i32(1)]],
    );
    assert_eq!(
        text,
        "fun main (x_0: i32): (i32) = {
  let (a_2: i32) = Add(x_0, 1i32)
  in (a_2)
}
"
    );
}

#[test]
fn results_both_branches_give_alike_leave_the_branch() {
    let text = simplified(
        "entry main = main (c: bool, x: i32, y: i32) : (i32, i32, i32, i32)
fun main (c_0: bool, x_1: i32, y_2: i32): (i32, i32, i32, i32) = {
  let (a_3: i32, b_4: i32, d_5: i32, unused_6: i32) = if c_0 then {
    in (x_1, y_2, y_2, x_1)
  } else {
    in (x_1, x_1, x_1, y_2)
  } : (i32, i32, i32, i32)
  in (a_3, b_4, d_5, a_3)
}",
        &[
            vec![bool(true), i32(1), i32(2)],
            vec![bool(false), i32(1), i32(2)],
        ],
    );
    assert_eq!(
        text,
        "fun main (c_0: bool, x_1: i32, y_2: i32): (i32, i32, i32, i32) = {
  let (b_4: i32) = if c_0 then {
    in (y_2)
  } else {
    in (x_1)
  } : (i32)
  in (x_1, b_4, b_4, x_1)
}
"
    );
}

#[test]
fn a_size_both_branches_give_alike_leaves_the_branch() {
    let text = simplified(
        "entry main = main (c: bool, xs: []i32, ys: []i32) : ([]i32)
fun main (n_0: i64, c_1: bool, xs_2: [n_0]i32, ys_3: [n_0]i32): (i64, [?0]i32) = {
  let (m_4: i64, r_5: [m_4]i32) = if c_1 then {
    in (n_0, xs_2)
  } else {
    in (n_0, ys_3)
  } : (i64, [?0]i32)
  in (m_4, r_5)
}",
        &[vec![bool(true), i32s(&[1]), i32s(&[2])]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, c_1: bool, xs_2: [n_0]i32, ys_3: [n_0]i32): (i64, [?0]i32) = {
  let (r_5: [n_0]i32) = if c_1 then {
    in (xs_2)
  } else {
    in (ys_3)
  } : ([n_0]i32)
  in (n_0, r_5)
}
"
    );
}

#[test]
fn statements_both_branches_compute_alike_go_before_the_branch() {
    let text = simplified(
        "entry main = main (c: bool, xs: []i32) : (i32)
fun main (n_0: i64, c_1: bool, xs_2: [n_0]i32): (i32) = {
  let (r_3: i32) = if c_1 then {
    let (a_4: i32) = screma(n_0, {xs_2}, \\ (x_5: i32): (i32) -> {
      let (y_6: i32) = Mul(x_5, x_5)
      in (y_6)
    }, reduce (0i32) \\ (p_7: i32, q_8: i32): (i32) -> {
      let (s_9: i32) = Add(p_7, q_8)
      in (s_9)
    })
    let (b_10: i32) = Add(a_4, 1i32)
    in (b_10)
  } else {
    let (d_11: i32) = Div(7i32, 0i32)
    let (e_12: i32) = screma(n_0, {xs_2}, \\ (x_13: i32): (i32) -> {
      let (y_14: i32) = Mul(x_13, x_13)
      in (y_14)
    }, reduce (0i32) \\ (p_15: i32, q_16: i32): (i32) -> {
      let (s_17: i32) = Add(p_15, q_16)
      in (s_17)
    })
    let (f_18: i32) = Add(e_12, 1i32)
    let (g_19: i32) = Add(f_18, d_11)
    in (g_19)
  } : (i32)
  in (r_3)
}",
        &[
            vec![bool(true), i32s(&[1, 2])],
            vec![bool(false), i32s(&[1, 2])],
        ],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, c_1: bool, xs_2: [n_0]i32): (i32) = {
  let (a_4: i32) = screma(n_0, {xs_2}, \\ (x_5: i32): (i32) -> {
    let (y_6: i32) = Mul(x_5, x_5)
    in (y_6)
  }, reduce (0i32) \\ (p_7: i32, q_8: i32): (i32) -> {
    let (s_9: i32) = Add(p_7, q_8)
    in (s_9)
  })
  let (b_10: i32) = Add(a_4, 1i32)
  let (r_3: i32) = if c_1 then {
    in (b_10)
  } else {
    let (d_11: i32) = Div(7i32, 0i32)
    let (g_19: i32) = Add(b_10, d_11)
    in (g_19)
  } : (i32)
  in (r_3)
}
"
    );
}

#[test]
fn statements_of_a_branch_in_a_lambda_that_depend_on_nothing_leave_the_lambda() {
    // What inlining makes of a top-level constant used in a branch of a
    // map: the table is computed once, before the map. A statement that
    // can fail stays, and so does one whose result the branch returns.
    let text = simplified(
        "entry main = main (xs: []i64) : ([]i64)
fun main (n_0: i64, xs_1: [n_0]i64): ([n_0]i64) = {
  let (r_2: [n_0]i64) = screma(n_0, {xs_1}, \\ (x_3: i64): (i64) -> {
    let (c_4: bool) = Lt(0i64, x_3)
    let (y_5: i64) = if c_4 then {
      let (is_6: [4i64]i64) = iota_i64(4i64, 0i64, 1i64)
      let (table_7: [4i64]i64) = screma(4i64, {is_6}, \\ (i_8: i64): (i64) -> {
        let (sq_9: i64) = Mul(i_8, i_8)
        in (sq_9)
      })
      let (d_10: i64) = Div(7i64, 0i64)
      let (k_11: i64) = Mod(x_3, 4i64)
      let (t_12: i64) = table_7[k_11]
      let (z_13: i64) = Add(t_12, d_10)
      in (z_13)
    } else {
      in (0i64)
    } : (i64)
    in (y_5)
  })
  in (r_2)
}",
        &[vec![i64s(&[-1, 0, -3])], vec![i64s(&[2])], vec![i64s(&[])]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, xs_1: [n_0]i64): ([n_0]i64) = {
  let (is_6: [4i64]i64) = iota_i64(4i64, 0i64, 1i64)
  let (table_7: [4i64]i64) = screma(4i64, {is_6}, \\ (i_8: i64): (i64) -> {
    let (sq_9: i64) = Mul(i_8, i_8)
    in (sq_9)
  })
  let (r_2: [n_0]i64) = screma(n_0, {xs_1}, \\ (x_3: i64): (i64) -> {
    let (c_4: bool) = Lt(0i64, x_3)
    let (y_5: i64) = if c_4 then {
      let (d_10: i64) = Div(7i64, 0i64)
      let (k_11: i64) = Mod(x_3, 4i64)
      let (t_12: i64) = table_7[k_11]
      let (z_13: i64) = Add(t_12, d_10)
      in (z_13)
    } else {
      in (0i64)
    } : (i64)
    in (y_5)
  })
  in (r_2)
}
"
    );
}

#[test]
fn statements_of_a_branch_outside_loops_and_lambdas_stay_in_it() {
    // Out of a loop or lambda, moving them would only compute them where
    // the program did not; nor does an array a branch returns move.
    let program = "entry main = main (c: bool) : (i64, []i64)
fun main (c_0: bool): (i64, [4i64]i64) = {
  let (y_1: i64, w_2: [4i64]i64) = if c_0 then {
    let (is_3: [4i64]i64) = iota_i64(4i64, 0i64, 1i64)
    let (t_4: i64) = is_3[2i64]
    in (t_4, is_3)
  } else {
    let (zs_5: [4i64]i64) = replicate([4i64], 0i64)
    in (0i64, zs_5)
  } : (i64, [4i64]i64)
  in (y_1, w_2)
}";
    let text = simplified(program, &[vec![bool(true)], vec![bool(false)]]);
    assert!(text.contains("if c_0 then {\n    let (is_3"), "{text}");
    let in_a_loop = "entry main = main (n: i64, c: bool) : ([]i64)
fun main (n_0: i64, c_1: bool): ([4i64]i64) = {
  let (z_2: [4i64]i64) = replicate([4i64], 0i64)
  let (r_3: [4i64]i64) = loop (acc_4: [4i64]i64) = (z_2) for i_5 < n_0 do {
    let (w_6: [4i64]i64) = if c_1 then {
      let (is_7: [4i64]i64) = iota_i64(4i64, 0i64, 1i64)
      in (is_7)
    } else {
      in (acc_4)
    } : ([4i64]i64)
    in (w_6)
  }
  in (r_3)
}";
    let text = simplified(
        in_a_loop,
        &[vec![i64(2), bool(true)], vec![i64(2), bool(false)]],
    );
    assert!(text.contains("if c_1 then {\n      let (is_7"), "{text}");
}

// Loops.

#[test]
fn a_loop_of_no_iteration_is_its_initial_values() {
    let text = simplified(
        "entry main = main (x: i32) : (i32)
fun main (x_0: i32): (i32) = {
  let (r_1: i32) = loop (acc_2: i32) = (x_0) for i_3 < 0i64 do {
    let (a_4: i32) = Div(acc_2, 0i32)
    in (a_4)
  }
  in (r_1)
}",
        &[vec![i32(5)]],
    );
    assert_eq!(
        text,
        "fun main (x_0: i32): (i32) = {
  in (x_0)
}
"
    );
}

#[test]
fn a_loop_of_one_iteration_is_its_body() {
    let text = simplified(
        "entry main = main (x: i32) : (i32)
fun main (x_0: i32): (i32) = {
  let (r_1: i32) = loop (acc_2: i32) = (x_0) for i_3 < 1i64 do {
    let (j_4: i32) = to_i32(i_3)
    let (a_5: i32) = Add(acc_2, j_4)
    let (b_6: i32) = Mul(a_5, a_5)
    in (b_6)
  }
  in (r_1)
}",
        &[vec![i32(5)]],
    );
    assert_eq!(
        text,
        "fun main (x_0: i32): (i32) = {
  let (b_6: i32) = Mul(x_0, x_0)
  in (b_6)
}
"
    );
}

#[test]
fn loop_parameters_that_keep_their_initial_values_go() {
    let text = simplified(
        "entry main = main (n: i64, x: i32, y: i32) : (i32, i32, i32)
fun main (n_0: i64, x_1: i32, y_2: i32): (i32, i32, i32) = {
  let (r_3: i32, s_4: i32, t_5: i32) = loop (a_6: i32, b_7: i32, c_8: i32) = (x_1, y_2, 0i32) for i_9 < n_0 do {
    let (d_10: i32) = Mul(a_6, b_7)
    let (e_11: i32) = Add(c_8, d_10)
    let (f_12: i32) = Mul(e_11, 3i32)
    in (a_6, y_2, f_12)
  }
  in (r_3, s_4, t_5)
}",
        &[vec![i64(3), i32(2), i32(5)], vec![i64(0), i32(2), i32(5)]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, x_1: i32, y_2: i32): (i32, i32, i32) = {
  let (d_10: i32) = Mul(x_1, y_2)
  let (t_5: i32) = loop (c_8: i32) = (0i32) for i_9 < n_0 do {
    let (e_11: i32) = Add(c_8, d_10)
    let (f_12: i32) = Mul(e_11, 3i32)
    in (f_12)
  }
  in (x_1, y_2, t_5)
}
"
    );
}

#[test]
fn loop_results_that_do_not_depend_on_the_iteration_follow_the_loop() {
    let text = simplified(
        "entry main = main (n: i64, x: i32, y: i32) : (i32, i32)
fun main (n_0: i64, x_1: i32, y_2: i32): (i32, i32) = {
  let (r_3: i32, s_4: i32) = loop (a_5: i32, b_6: i32) = (x_1, 0i32) for i_7 < n_0 do {
    let (c_8: i32) = Mul(b_6, 3i32)
    let (d_9: i32) = Add(c_8, 1i32)
    in (y_2, d_9)
  }
  in (r_3, s_4)
}",
        &[vec![i64(3), i32(2), i32(5)], vec![i64(0), i32(2), i32(5)]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, x_1: i32, y_2: i32): (i32, i32) = {
  let (s_4: i32) = loop (b_6: i32) = (0i32) for i_7 < n_0 do {
    let (c_8: i32) = Mul(b_6, 3i32)
    let (d_9: i32) = Add(c_8, 1i32)
    in (d_9)
  }
  let (runs_10: bool) = Lt(0i64, n_0)
  let (r_3: i32) = if runs_10 then {
    in (y_2)
  } else {
    in (x_1)
  } : (i32)
  in (r_3, s_4)
}
"
    );
}

#[test]
fn an_array_and_its_size_that_do_not_depend_on_the_iteration_follow_the_loop_together() {
    let text = simplified(
        "entry main = main (n: i64, xs: []i32, ys: []i32) : ([]i32)
fun main (k_0: i64, j_1: i64, n_2: i64, xs_3: [k_0]i32, ys_4: [j_1]i32): (i64, [?0]i32) = {
  let (m_5: i64, r_6: [m_5]i32, c_7: i64) = loop (l_8: i64, a_9: [l_8]i32, t_10: i64) = (k_0, xs_3, 0i64) for i_11 < n_2 do {
    let (u_12: i64) = Add(t_10, 1i64)
    in (j_1, ys_4, u_12)
  }
  in (m_5, r_6)
}",
        &[
            vec![i64(2), i32s(&[1, 2]), i32s(&[3])],
            vec![i64(0), i32s(&[1, 2]), i32s(&[3])],
        ],
    );
    assert_eq!(
        text,
        "fun main (k_0: i64, j_1: i64, n_2: i64, xs_3: [k_0]i32, ys_4: [j_1]i32): (i64, [?0]i32) = {
  let (runs_13: bool) = Lt(0i64, n_2)
  let (m_5: i64, r_6: [m_5]i32) = if runs_13 then {
    in (j_1, ys_4)
  } else {
    in (k_0, xs_3)
  } : (i64, [?0]i32)
  in (m_5, r_6)
}
"
    );
}

#[test]
fn a_counter_adding_the_same_value_each_iteration_has_a_closed_form() {
    let text = simplified(
        "entry main = main (n: i64, x: i32) : (i32, i32)
fun main (n_0: i64, x_1: i32): (i32, i32) = {
  let (r_2: i32, s_3: i32) = loop (a_4: i32, b_5: i32) = (0i32, 1i32) for i_6 < n_0 do {
    let (c_7: i32) = Add(a_4, x_1)
    let (d_8: i32) = Mul(b_5, x_1)
    in (c_7, d_8)
  }
  in (r_2, s_3)
}",
        &[
            vec![i64(3), i32(7)],
            vec![i64(-2), i32(7)],
            vec![i64(5), i32(i32::MAX)],
        ],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, x_1: i32): (i32, i32) = {
  let (s_3: i32) = loop (b_5: i32) = (1i32) for i_6 < n_0 do {
    let (d_8: i32) = Mul(b_5, x_1)
    in (d_8)
  }
  let (trips_9: i64) = Max(n_0, 0i64)
  let (trips_10: i32) = to_i32(trips_9)
  let (total_11: i32) = Mul(trips_10, x_1)
  in (total_11, s_3)
}
"
    );
}

#[test]
fn loop_invariant_statements_that_cannot_fail_move_before_the_loop() {
    let text = simplified(
        "entry main = main (n: i64, x: i32) : (i32)
fun main (n_0: i64, x_1: i32): (i32) = {
  let (r_2: i32) = loop (a_3: i32) = (1i32) for i_4 < n_0 do {
    let (s_5: i32) = Mul(x_1, x_1)
    let (t_6: i32) = Mul(a_3, s_5)
    in (t_6)
  }
  in (r_2)
}",
        &[vec![i64(3), i32(2)]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, x_1: i32): (i32) = {
  let (s_5: i32) = Mul(x_1, x_1)
  let (r_2: i32) = loop (a_3: i32) = (1i32) for i_4 < n_0 do {
    let (t_6: i32) = Mul(a_3, s_5)
    in (t_6)
  }
  in (r_2)
}
"
    );
}

#[test]
fn statements_moved_before_a_loop_that_surely_runs_are_read_under_their_new_names() {
    // The loop runs four times: the branch guarding the moved index goes,
    // and the body reads the index's new variable.
    let text = simplified(
        "entry main = main (xs: []i32) : (i32)
fun main (m_1: i64, xs_2: [m_1]i32): (i32) = {
  let (r_4: i32) = loop (a_5: i32) = (1i32) for i_6 < 4i64 do {
    let (x_7: i32) = xs_2[0i64]
    let (c_8: i32) = to_i32(i_6)
    let (y_9: i32) = Shr(x_7, c_8)
    let (t_10: i32) = Add(a_5, y_9)
    in (t_10)
  }
  in (r_4)
}",
        &[vec![i32s(&[40, 3])], vec![i32s(&[])]],
    );
    assert_eq!(
        text,
        "fun main (m_1: i64, xs_2: [m_1]i32): (i32) = {
  let (hoisted_12: i32) = xs_2[0i64]
  let (r_4: i32) = loop (a_5: i32) = (1i32) for i_6 < 4i64 do {
    let (c_8: i32) = to_i32(i_6)
    let (y_9: i32) = Shr(hoisted_12, c_8)
    let (t_10: i32) = Add(a_5, y_9)
    in (t_10)
  }
  in (r_4)
}
"
    );
}

#[test]
fn loop_invariant_statements_that_can_fail_move_before_the_loop_when_it_runs() {
    let text = simplified(
        "entry main = main (n: i64, xs: []i32, j: i64) : (i32)
fun main (m_1: i64, n_0: i64, xs_2: [m_1]i32, j_3: i64): (i32) = {
  let (r_4: i32) = loop (a_5: i32) = (1i32) for i_6 < n_0 do {
    let (x_7: i32) = xs_2[j_3]
    let (y_8: i32) = Mul(x_7, x_7)
    let (t_9: i32) = Mul(a_5, y_8)
    in (t_9)
  }
  in (r_4)
}",
        &[
            vec![i64(3), i32s(&[2, 3]), i64(1)],
            vec![i64(3), i32s(&[2, 3]), i64(2)],
            vec![i64(0), i32s(&[2, 3]), i64(2)],
        ],
    );
    assert_eq!(
        text,
        "fun main (m_1: i64, n_0: i64, xs_2: [m_1]i32, j_3: i64): (i32) = {
  let (runs_10: bool) = Lt(0i64, n_0)
  let (x_7: i32) = if runs_10 then {
    let (hoisted_11: i32) = xs_2[j_3]
    in (hoisted_11)
  } else {
    in (0i32)
  } : (i32)
  let (y_8: i32) = Mul(x_7, x_7)
  let (r_4: i32) = loop (a_5: i32) = (1i32) for i_6 < n_0 do {
    let (t_9: i32) = Mul(a_5, y_8)
    in (t_9)
  }
  in (r_4)
}
"
    );
}

#[test]
fn a_failing_statement_stays_in_the_loop_after_another_that_can_fail() {
    let text = simplified(
        "entry main = main (n: i64, xs: []i32, j: i64) : (i32)
fun main (m_1: i64, n_0: i64, xs_2: [m_1]i32, j_3: i64): (i32) = {
  let (r_4: i32) = loop (a_5: i32) = (1i32) for i_6 < n_0 do {
    let (q_7: i32) = Div(100i32, a_5)
    let (x_8: i32) = xs_2[j_3]
    let (t_9: i32) = Sub(q_7, x_8)
    in (t_9)
  }
  in (r_4)
}",
        &[
            vec![i64(3), i32s(&[2, 3]), i64(1)],
            vec![i64(3), i32s(&[2, 3]), i64(2)],
            vec![i64(3), i32s(&[1, 100]), i64(1)],
        ],
    );
    assert_eq!(
        text,
        "fun main (m_1: i64, n_0: i64, xs_2: [m_1]i32, j_3: i64): (i32) = {
  let (r_4: i32) = loop (a_5: i32) = (1i32) for i_6 < n_0 do {
    let (q_7: i32) = Div(100i32, a_5)
    let (x_8: i32) = xs_2[j_3]
    let (t_9: i32) = Sub(q_7, x_8)
    in (t_9)
  }
  in (r_4)
}
"
    );
}

#[test]
fn unused_loop_parameters_go() {
    let text = simplified(
        "entry main = main (n: i64, x: i32) : (i32)
fun main (n_0: i64, x_1: i32): (i32) = {
  let (r_2: i32, s_3: i32) = loop (a_4: i32, b_5: i32) = (x_1, 0i32) for i_6 < n_0 do {
    let (c_7: i32) = Mul(a_4, 3i32)
    let (d_8: i32) = Mul(b_5, a_4)
    in (c_7, d_8)
  }
  in (r_2)
}",
        &[vec![i64(3), i32(2)]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, x_1: i32): (i32) = {
  let (r_2: i32) = loop (a_4: i32) = (x_1) for i_6 < n_0 do {
    let (c_7: i32) = Mul(a_4, 3i32)
    in (c_7)
  }
  in (r_2)
}
"
    );
}

// SOACs.

#[test]
fn a_replicated_input_gives_its_value_to_every_row() {
    let text = simplified(
        "entry main = main (xs: []i32, y: i32) : ([]i32)
fun main (n_0: i64, xs_1: [n_0]i32, y_2: i32): ([n_0]i32) = {
  let (ys_3: [n_0]i32) = replicate([n_0], y_2)
  let (r_4: [n_0]i32) = screma(n_0, {xs_1, ys_3}, \\ (x_5: i32, y_6: i32): (i32) -> {
    let (s_7: i32) = Add(x_5, y_6)
    in (s_7)
  })
  in (r_4)
}",
        &[vec![i32s(&[1, 2]), i32(3)]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, xs_1: [n_0]i32, y_2: i32): ([n_0]i32) = {
  let (r_4: [n_0]i32) = screma(n_0, {xs_1}, \\ (x_5: i32): (i32) -> {
    let (s_7: i32) = Add(x_5, y_2)
    in (s_7)
  })
  in (r_4)
}
"
    );
}

#[test]
fn mapped_results_alike_in_every_row_are_replicates_and_copies() {
    let text = simplified(
        "entry main = main (xs: []i32, y: i32) : ([]i32, []i32, []i32)
fun main (n_0: i64, xs_1: [n_0]i32, y_2: i32): ([n_0]i32, [n_0]i32, [n_0]i32) = {
  let (a_3: [n_0]i32, b_4: [n_0]i32, c_5: [n_0]i32) = screma(n_0, {xs_1}, \\ (x_6: i32): (i32, i32, i32) -> {
    let (s_7: i32) = Mul(x_6, x_6)
    in (s_7, y_2, x_6)
  })
  in (a_3, b_4, c_5)
}",
        &[vec![i32s(&[1, 2]), i32(3)]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, xs_1: [n_0]i32, y_2: i32): ([n_0]i32, [n_0]i32, [n_0]i32) = {
  let (a_3: [n_0]i32) = screma(n_0, {xs_1}, \\ (x_6: i32): (i32) -> {
    let (s_7: i32) = Mul(x_6, x_6)
    in (s_7)
  })
  let (b_4: [n_0]i32) = replicate([n_0], y_2)
  let (c_5: [n_0]i32) = copy(xs_1)
  in (a_3, b_4, c_5)
}
"
    );
}

#[test]
fn unused_reduction_components_go() {
    let text = simplified(
        "entry main = main (xs: []i32) : (i32)
fun main (n_0: i64, xs_1: [n_0]i32): (i32) = {
  let (s_2: i32, p_3: i32) = screma(n_0, {xs_1}, \\ (x_4: i32): (i32, i32) -> {
    let (y_5: i32) = Mul(x_4, 2i32)
    in (x_4, y_5)
  }, reduce (0i32, 1i32) \\ (a_6: i32, b_7: i32, c_8: i32, d_9: i32): (i32, i32) -> {
    let (e_10: i32) = Add(a_6, c_8)
    let (f_11: i32) = Mul(b_7, d_9)
    in (e_10, f_11)
  })
  in (s_2)
}",
        &[vec![i32s(&[1, 2, 3])]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, xs_1: [n_0]i32): (i32) = {
  let (s_2: i32) = screma(n_0, {xs_1}, \\ (x_4: i32): (i32) -> {
    in (x_4)
  }, reduce (0i32) \\ (a_6: i32, c_8: i32): (i32) -> {
    let (e_10: i32) = Add(a_6, c_8)
    in (e_10)
  })
  in (s_2)
}
"
    );
}

#[test]
fn unused_mapped_values_of_a_scatter_go() {
    let text = simplified(
        "entry main = main (is: []i64, *dest: []i32) : (*[]i32)
fun main (n_0: i64, m_1: i64, is_2: [n_0]i64, dest_3: [m_1]i32): ([m_1]i32) = {
  let (r_4: [m_1]i32, v_5: [n_0]i32) = scatter(n_0, {is_2}, \\ (i_6: i64): (i64, i32, i32) -> {
    let (x_7: i32) = to_i32(i_6)
    in (i_6, x_7, x_7)
  }, {dest_3})
  in (r_4)
}",
        &[vec![i64s(&[2, 0, 9]), i32s(&[5, 5, 5])]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, m_1: i64, is_2: [n_0]i64, dest_3: [m_1]i32): ([m_1]i32) = {
  let (r_4: [m_1]i32) = scatter(n_0, {is_2}, \\ (i_6: i64): (i64, i32) -> {
    let (x_7: i32) = to_i32(i_6)
    in (i_6, x_7)
  }, {dest_3})
  in (r_4)
}
"
    );
}

#[test]
fn statements_of_a_lambda_that_do_not_depend_on_its_parameters_move_out() {
    let text = simplified(
        "entry main = main (xs: []i32, y: i32) : ([]i32)
fun main (n_0: i64, xs_1: [n_0]i32, y_2: i32): ([n_0]i32) = {
  let (r_3: [n_0]i32) = screma(n_0, {xs_1}, \\ (x_4: i32): (i32) -> {
    let (z_5: i32) = Mul(y_2, y_2)
    let (s_6: i32) = Add(x_4, z_5)
    in (s_6)
  })
  in (r_3)
}",
        &[vec![i32s(&[1, 2]), i32(3)]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, xs_1: [n_0]i32, y_2: i32): ([n_0]i32) = {
  let (z_5: i32) = Mul(y_2, y_2)
  let (r_3: [n_0]i32) = screma(n_0, {xs_1}, \\ (x_4: i32): (i32) -> {
    let (s_6: i32) = Add(x_4, z_5)
    in (s_6)
  })
  in (r_3)
}
"
    );
}

#[test]
fn a_loop_reading_the_only_used_row_of_a_map_at_its_counter_computes_the_row() {
    let text = simplified(
        "entry main = main (xs: []i32, ys: []i32) : (i32)
fun main (n_0: i64, xs_1: [n_0]i32, ys_2: [n_0]i32): (i32) = {
  let (m_3: [n_0]i32) = screma(n_0, {xs_1, ys_2}, \\ (x_4: i32, y_5: i32): (i32) -> {
    let (s_6: i32) = Add(x_4, y_5)
    let (t_7: i32) = Mul(s_6, 2i32)
    in (t_7)
  })
  let (r_8: i32) = loop (acc_9: i32) = (0i32) for i_10 < n_0 do {
    let (z_11: i32) = m_3[i_10]
    let (a_12: i32) = Xor(acc_9, z_11)
    in (a_12)
  }
  let (j_13: i64) = Sub(n_0, 1i64)
  let (m_14: [n_0]i32) = screma(n_0, {xs_1}, \\ (x_15: i32): (i32) -> {
    let (s_16: i32) = Add(x_15, 1i32)
    in (s_16)
  })
  let (last_17: i32) = m_14[j_13]
  let (q_18: i32) = Add(r_8, last_17)
  in (q_18)
}",
        &[
            vec![i32s(&[1, 2, 3]), i32s(&[4, 5, 6])],
            vec![i32s(&[]), i32s(&[])],
        ],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, xs_1: [n_0]i32, ys_2: [n_0]i32): (i32) = {
  let (r_8: i32) = loop (acc_9: i32) = (0i32) for i_10 < n_0 do {
    let (x_19: i32) = xs_1[i_10]
    let (y_20: i32) = ys_2[i_10]
    let (s_21: i32) = Add(x_19, y_20)
    let (t_22: i32) = Mul(s_21, 2i32)
    let (a_12: i32) = Xor(acc_9, t_22)
    in (a_12)
  }
  let (j_13: i64) = Add(n_0, -1i64)
  let (m_14: [n_0]i32) = screma(n_0, {xs_1}, \\ (x_15: i32): (i32) -> {
    let (s_16: i32) = Add(x_15, 1i32)
    in (s_16)
  })
  let (last_17: i32) = m_14[j_13]
  let (q_18: i32) = Add(r_8, last_17)
  in (q_18)
}
"
    );
}

#[test]
fn a_row_of_a_map_used_twice_is_read() {
    let text = simplified(
        "entry main = main (xs: []i32, i: i64) : (i32, []i32)
fun main (n_0: i64, xs_1: [n_0]i32, i_2: i64): (i32, [n_0]i32) = {
  let (m_3: [n_0]i32) = screma(n_0, {xs_1}, \\ (x_4: i32): (i32) -> {
    let (s_5: i32) = Add(x_4, 1i32)
    in (s_5)
  })
  let (z_6: i32) = m_3[i_2]
  in (z_6, m_3)
}",
        &[
            vec![i32s(&[1, 2, 3]), i64(1)],
            vec![i32s(&[1, 2, 3]), i64(3)],
        ],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, xs_1: [n_0]i32, i_2: i64): (i32, [n_0]i32) = {
  let (m_3: [n_0]i32) = screma(n_0, {xs_1}, \\ (x_4: i32): (i32) -> {
    let (s_5: i32) = Add(x_4, 1i32)
    in (s_5)
  })
  let (z_6: i32) = m_3[i_2]
  in (z_6, m_3)
}
"
    );
}

// Dead code and copies.

#[test]
fn unused_statements_that_cannot_fail_go() {
    let text = simplified(
        "entry main = main (x: i32, y: i32) : (i32)
fun main (x_0: i32, y_1: i32): (i32) = {
  let (a_2: i32) = Mul(x_0, y_1)
  let (b_3: i32) = Div(x_0, y_1)
  in (x_0)
}",
        &[vec![i32(1), i32(0)], vec![i32(1), i32(2)]],
    );
    assert_eq!(
        text,
        "fun main (x_0: i32, y_1: i32): (i32) = {
  let (b_3: i32) = Div(x_0, y_1)
  in (x_0)
}
"
    );
}

#[test]
fn a_copy_nothing_consumes_is_its_source() {
    let text = simplified(
        "entry main = main (xs: []i32) : (i32)
fun main (n_0: i64, xs_1: [n_0]i32): (i32) = {
  let (a_2: [n_0]i32) = copy(xs_1)
  let (b_3: i32) = a_2[0i64]
  let (c_4: [n_0]i32) = copy(xs_1)
  let (r_5: i32) = screma(n_0, {c_4}, \\ (x_6: i32): (i32) -> {
    in (x_6)
  }, reduce (0i32) \\ (a_7: i32, b_8: i32): (i32) -> {
    let (s_9: i32) = Add(a_7, b_8)
    in (s_9)
  })
  let (t_10: i32) = Add(r_5, b_3)
  in (t_10)
}",
        &[vec![i32s(&[1, 2])], vec![i32s(&[])]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, xs_1: [n_0]i32): (i32) = {
  let (b_3: i32) = xs_1[0i64]
  let (r_5: i32) = screma(n_0, {xs_1}, \\ (x_6: i32): (i32) -> {
    in (x_6)
  }, reduce (0i32) \\ (a_7: i32, b_8: i32): (i32) -> {
    let (s_9: i32) = Add(a_7, b_8)
    in (s_9)
  })
  let (t_10: i32) = Add(r_5, b_3)
  in (t_10)
}
"
    );
}

#[test]
fn a_copy_whose_source_is_not_read_after_it_is_its_source() {
    let text = simplified(
        "entry main = main (*xs: []i32) : ([]i32)
fun main (n_0: i64, *xs_1: [n_0]i32): ([n_0]i32) = {
  let (a_2: [n_0]i32) = copy(xs_1)
  let (b_3: [n_0]i32) = a_2 with [0i64] = 5i32
  in (b_3)
}",
        &[vec![i32s(&[1, 2])], vec![i32s(&[])]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, *xs_1: [n_0]i32): ([n_0]i32) = {
  let (b_3: [n_0]i32) = xs_1 with [0i64] = 5i32
  in (b_3)
}
"
    );
}

#[test]
fn a_copy_whose_source_is_read_after_it_stays() {
    let text = simplified(
        "entry main = main (*xs: []i32) : ([]i32, i32)
fun main (n_0: i64, *xs_1: [n_0]i32): ([n_0]i32, i32) = {
  let (a_2: [n_0]i32) = copy(xs_1)
  let (b_3: [n_0]i32) = a_2 with [0i64] = 5i32
  let (c_4: i32) = xs_1[0i64]
  in (b_3, c_4)
}",
        &[vec![i32s(&[1, 2])], vec![i32s(&[])]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, *xs_1: [n_0]i32): ([n_0]i32, i32) = {
  let (a_2: [n_0]i32) = copy(xs_1)
  let (b_3: [n_0]i32) = a_2 with [0i64] = 5i32
  let (c_4: i32) = xs_1[0i64]
  in (b_3, c_4)
}
"
    );
}

#[test]
fn a_copy_read_before_its_source_is_updated_is_its_source() {
    // In a loop's body: the reduction reads the copy, then the parameter
    // is updated in place.
    let text = simplified(
        "entry main = main (xs: []i32) : ([]i32)
fun main (n_0: i64, xs_1: [n_0]i32): ([n_0]i32) = {
  let (c_2: [n_0]i32) = copy(xs_1)
  let (l_3: [n_0]i32) = loop (p_4: [n_0]i32) = (c_2) for i_5 < 2i64 do {
    let (a_6: [n_0]i32) = copy(p_4)
    let (r_7: i32) = screma(n_0, {a_6}, \\ (x_8: i32): (i32) -> {
      in (x_8)
    }, reduce (0i32) \\ (a_9: i32, b_10: i32): (i32) -> {
      let (s_11: i32) = Add(a_9, b_10)
      in (s_11)
    })
    let (u_12: [n_0]i32) = p_4 with [i_5] = r_7
    in (u_12)
  }
  in (l_3)
}",
        &[vec![i32s(&[1, 2])], vec![i32s(&[5, 6, 7])]],
    );
    assert_eq!(
        text,
        "fun main (n_0: i64, xs_1: [n_0]i32): ([n_0]i32) = {
  let (c_2: [n_0]i32) = copy(xs_1)
  let (l_3: [n_0]i32) = loop (p_4: [n_0]i32) = (c_2) for i_5 < 2i64 do {
    let (r_7: i32) = screma(n_0, {p_4}, \\ (x_8: i32): (i32) -> {
      in (x_8)
    }, reduce (0i32) \\ (a_9: i32, b_10: i32): (i32) -> {
      let (s_11: i32) = Add(a_9, b_10)
      in (s_11)
    })
    let (u_12: [n_0]i32) = p_4 with [i_5] = r_7
    in (u_12)
  }
  in (l_3)
}
"
    );
}

#[test]
fn a_copy_read_inside_what_consumes_its_source_stays() {
    // The scatter's values read the copy while the scatter writes the
    // source: the copy keeps the values from before.
    let program = "entry main = main (*xs: []i32, is: []i64) : ([]i32)
fun main (n_0: i64, m_1: i64, *xs_2: [n_0]i32, is_3: [m_1]i64): ([n_0]i32) = {
  let (c_4: [n_0]i32) = copy(xs_2)
  let (r_5: [n_0]i32) = scatter(m_1, {is_3}, \\ (i_6: i64): (i64, i32) -> {
    let (j_7: i64) = Sub(1i64, i_6)
    let (v_8: i32) = c_4[j_7]
    in (i_6, v_8)
  }, {xs_2})
  in (r_5)
}";
    let text = simplified(
        program,
        &[
            vec![i32s(&[1, 2]), i64s(&[0, 1])],
            vec![i32s(&[3, 4]), i64s(&[1])],
        ],
    );
    assert!(text.contains("copy(xs_2)"), "{text}");
}

#[test]
fn an_update_writing_back_what_it_read_is_its_array() {
    let text = simplified(
        "entry main = main (*xs: []i32, i: i64) : ([]i32)
fun main (n_0: i64, *xs_1: [n_0]i32, i_2: i64): ([n_0]i32) = {
  let (a_3: i32) = xs_1[i_2]
  let (b_4: [n_0]i32) = xs_1 with [i_2] = a_3
  in (b_4)
}",
        &[
            vec![i32s(&[4, 5]), i64(1)],
            vec![i32s(&[4, 5]), i64(2)],
            vec![i32s(&[4, 5]), i64(-1)],
        ],
    );
    // The read stays: it still fails where the index is out of bounds.
    assert_eq!(
        text,
        "fun main (n_0: i64, *xs_1: [n_0]i32, i_2: i64): ([n_0]i32) = {
  let (a_3: i32) = xs_1[i_2]
  in (xs_1)
}
"
    );
}

#[test]
fn an_index_not_negative_and_below_the_size_in_a_branch_cannot_fail() {
    let program = "entry main = main (xs: []i32, i: i64) : (i32)
fun main (n_0: i64, xs_1: [n_0]i32, i_2: i64): (i32) = {
  let (c_3: bool) = Le(0i64, i_2)
  let (c_4: bool) = Lt(i_2, n_0)
  let (c_5: bool) = And(c_3, c_4)
  let (r_6: i32) = if c_5 then {
    let (a_7: i32) = xs_1[i_2]
    in (1i32)
  } else {
    in (0i32)
  } : (i32)
  in (r_6)
}";
    let inputs = [
        vec![i32s(&[4, 5]), i64(1)],
        vec![i32s(&[4, 5]), i64(2)],
        vec![i32s(&[4, 5]), i64(-1)],
    ];
    let text = simplified(program, &inputs);
    assert!(!text.contains("xs_1[i_2]"), "the unused read goes:\n{text}");
    // Below the size alone, the index may be negative: the read stays.
    let below_only = program.replace("let (c_5: bool) = And(c_3, c_4)", "let (c_5: bool) = c_4");
    let text = simplified(&below_only, &inputs);
    assert!(text.contains("xs_1[i_2]"), "the read stays:\n{text}");
}

#[test]
fn an_accumulator_passed_on_unchanged_is_its_destination() {
    let text = simplified(
        "entry main = main (*xs: []i32, *ys: []i32, is: []i64) : ([]i32, []i32)
fun main (n_0: i64, m_1: i64, *xs_2: [n_0]i32, *ys_3: [n_0]i32, is_4: [m_1]i64): ([n_0]i32, [n_0]i32) = {
  let (a_5: [n_0]i32, b_6: [n_0]i32) = accumulate(m_1, {xs_2, ys_3}, {is_4}, \\ (*p_7: [n_0]i32, *q_8: [n_0]i32, i_9: i64): ([n_0]i32, [n_0]i32) -> {
    let (c_10: bool) = Le(0i64, i_9)
    let (c_11: bool) = Lt(i_9, n_0)
    let (c_12: bool) = And(c_10, c_11)
    let (r_13: [n_0]i32) = if c_12 then {
      let (u_14: [n_0]i32) = q_8 with [i_9] = 7i32
      in (u_14)
    } else {
      in (q_8)
    } : ([n_0]i32)
    in (p_7, r_13)
  })
  in (a_5, b_6)
}",
        &[
            vec![i32s(&[1, 2, 3]), i32s(&[4, 5, 6]), i64s(&[2, 5, -1])],
            vec![i32s(&[]), i32s(&[]), i64s(&[0])],
        ],
    );
    assert!(
        text.contains("accumulate(m_1, {ys_3}, {is_4}") && text.contains("in (xs_2, "),
        "the first accumulator goes:\n{text}"
    );
}
