//! Long chains and deep nestings (generated code is made of them) go
//! through every command without exhausting the stack or taking time
//! quadratic in their length. `scripts/deep-programs.py` measures the same
//! shapes 100,000 deep on a release build.

mod support;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use support::{stderr, temp_dir, write};

/// `futc ARGS`, with `input` on its standard input.
fn futc_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_futc"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("futc runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("futc finishes")
}

fn run(name: &str, program: &str, input: &str) -> String {
    let dir = temp_dir(name);
    let file = write(&dir, "main.fut", program.as_bytes());
    let output = futc_with_input(&["run", &file], input);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

#[test]
fn a_long_chain_of_lets_runs() {
    // Each `let` used to copy every binding in scope while lowering (15 GB
    // at this length).
    let lets: String = (1..10_000)
        .map(|i| format!("  let x{i} = x{} + 1\n", i - 1))
        .collect();
    let program = format!("def main (x0: i32) =\n{lets}  in x9999\n");
    assert_eq!(run("deep-lets", &program, "5"), "10004i32\n");
}

#[test]
fn a_long_chain_of_operators_runs() {
    let sum = vec!["x"; 10_000].join(" + ");
    let program = format!("def main (x: i32) = {sum}\n");
    assert_eq!(run("deep-plus", &program, "5"), "50000i32\n");
}
