//! The generated program of the checking and lowering benchmarks: about
//! 10,000 lines of 2,000 definitions, each a `reduce` of a `map`, an `if`
//! and a `loop` calling the previous definition.

/// The program; `variant` is a constant in the body of `f1000`, so that
/// two variants differ by a one-line edit of one body.
pub fn chain_program(variant: u32) -> String {
    let mut text = String::new();
    for i in 0..2000 {
        let factor = i % 7 + 1;
        let bound = if i == 1000 { variant } else { i };
        let call = if i > 0 {
            format!(" + f{} 1 ys", i - 1)
        } else {
            String::new()
        };
        text.push_str(&format!(
            "def f{i} (x: i32) (ys: []i32) : i32 =\n  let s = reduce (+) 0 (map (\\y -> y * {factor} + x) ys)\n  let t = if s > {bound} then s - x else s + x\n  in loop acc = t for j < 10 do acc + j{call}\n\n",
        ));
    }
    text
}

/// An entry point calling the last definition of [`chain_program`].
pub const CHAIN_ENTRY: &str = "entry main (x: i32) (ys: []i32) = f1999 x ys\n";
