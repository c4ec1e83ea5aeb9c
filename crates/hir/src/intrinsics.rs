//! The compiler-known intrinsics the prelude rests on, as the module
//! `intrinsics` (see `prelude/INTRINSICS.md` for their meaning).
//!
//! Their types are written as Futhark `val` specifications in a generated
//! module type, so that the ordinary resolution and type lowering serve
//! them; the overloaded operators (`intrinsics.+`, ...) are typed by the
//! checker like the top-level operators.

use std::fmt::Write;

/// The path of the generated file declaring the intrinsics' types.
pub const INTRINSICS_PATH: &str = "/prelude/intrinsics.fut";

/// The name of the module type in that file.
pub const INTRINSICS_SIG: &str = "intrinsics_spec";

const NUMERIC: [&str; 11] = [
    "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32", "f64",
];

/// Unary and binary floating-point functions, per precision.
const FLOAT_UNARY: [&str; 24] = [
    "sqrt", "cbrt", "exp", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "asin", "acos",
    "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "gamma", "lgamma", "erf", "erfc", "floor",
    "round",
];
const FLOAT_BINARY: [&str; 3] = ["atan2", "hypot", "copysign"];

/// The intrinsics of the arrays, SOACs and automatic differentiation, and
/// the accumulator and flat-indexing intrinsics that upstream exposes for
/// experiments (some programs use them directly).
const STRUCTURAL: &str = "
  val map 'a [n] 'x : (a -> x) -> [n]a -> *[n]x
  val reduce [n] 'a : (a -> a -> a) -> a -> [n]a -> a
  val reduce_comm [n] 'a : (a -> a -> a) -> a -> [n]a -> a
  val scan [n] 'a : (a -> a -> a) -> a -> [n]a -> *[n]a
  val hist 'a [k] [n] : *[k]a -> (a -> a -> a) -> a -> [n]i64 -> [n]a -> *[k]a
  val scatter 't [k] [n] : *[k]t -> [n]i64 -> [n]t -> *[k]t
  val iota : (n: i64) -> *[n]i64
  val concat [n] [m] 't : [n]t -> [m]t -> *[n + m]t
  val flatten [n] [m] 't : [n][m]t -> [n * m]t
  val unflatten 't : (n: i64) -> (m: i64) -> [n * m]t -> [n][m]t
  val transpose [n] [m] 't : [n][m]t -> [m][n]t
  val copy 't : t -> *t
  val manifest 't : t -> *t
  val zip [n] 'a 'b : [n]a -> [n]b -> *[n](a, b)
  val unzip [n] 'a 'b : [n](a, b) -> ([n]a, [n]b)
  val flatmap [n] 'a 'b 'c : (a -> ?[k].([k]b, c)) -> [n]a -> ?[m].([n]i64, [m]b, [n]c)
  val jvp2 'a 'b : (a -> b) -> a -> a -> (b, b)
  val vjp2 'a 'b : (a -> b) -> a -> b -> (b, a)
  val with_vjp 'a 'b : (a -> b) -> (b -> b -> a) -> a -> b
  type~ acc 't
  val acc_write [k] 'a : *acc ([k]a) -> i64 -> a -> *acc ([k]a)
  val scatter_stream 'a 'b [k] [n] : *[k]a -> (*acc ([k]a) -> b -> acc ([k]a)) -> [n]b -> *[k]a
  val hist_stream 'a 'b [k] [n] : *[k]a -> (a -> a -> a) -> a -> (*acc ([k]a) -> b -> acc ([k]a)) -> [n]b -> *[k]a
  val flat_index_2d [n] 'a : [n]a -> i64 -> i64 -> i64 -> i64 -> i64 -> ?[m][k].[m][k]a
  val flat_update_2d [n] [k] [l] 'a : *[n]a -> i64 -> i64 -> i64 -> [k][l]a -> *[n]a
  val flat_index_3d [n] 'a : [n]a -> i64 -> i64 -> i64 -> i64 -> i64 -> i64 -> i64 -> ?[m][k][l].[m][k][l]a
  val flat_update_3d [n] [k] [l] [p] 'a : *[n]a -> i64 -> i64 -> i64 -> i64 -> [k][l][p]a -> *[n]a
  val flat_index_4d [n] 'a : [n]a -> i64 -> i64 -> i64 -> i64 -> i64 -> i64 -> i64 -> i64 -> i64 -> ?[m][k][l][p].[m][k][l][p]a
  val flat_update_4d [n] [k] [l] [p] [q] 'a : *[n]a -> i64 -> i64 -> i64 -> i64 -> i64 -> [k][l][p][q]a -> *[n]a
";

/// The generated Futhark source of the intrinsics' module type.
pub fn intrinsics_source() -> String {
    let mut out = format!(
        "-- Generated: the types of the compiler's intrinsics.\nmodule type {INTRINSICS_SIG} = {{\n"
    );
    out.push_str(STRUCTURAL);
    for from in NUMERIC {
        for to in NUMERIC {
            if from != to {
                let _ = writeln!(out, "  val {from}_to_{to} : {from} -> {to}");
            }
        }
    }
    for (float, bits) in [("f16", "u16"), ("f32", "u32"), ("f64", "u64")] {
        let _ = writeln!(out, "  val {float}_to_bits : {float} -> {bits}");
        let _ = writeln!(out, "  val {float}_from_bits : {bits} -> {float}");
    }
    for unsigned in ["u8", "u16", "u32", "u64"] {
        for op in ["popc", "clz", "ctz"] {
            let _ = writeln!(out, "  val {op}_{unsigned} : {unsigned} -> i32");
        }
    }
    out.push_str("  val mul_hi_i64 : i64 -> i64 -> i64\n");
    out.push_str("  val mul_hi_u64 : u64 -> u64 -> u64\n");
    for float in ["f32", "f64"] {
        for op in FLOAT_UNARY {
            let _ = writeln!(out, "  val {op}_{float} : {float} -> {float}");
        }
        for op in FLOAT_BINARY {
            let _ = writeln!(out, "  val {op}_{float} : {float} -> {float} -> {float}");
        }
        let _ = writeln!(out, "  val ldexp_{float} : {float} -> i32 -> {float}");
        let _ = writeln!(
            out,
            "  val fma_{float} : {float} -> {float} -> {float} -> {float}"
        );
    }
    out.push_str("}\n");
    out
}
