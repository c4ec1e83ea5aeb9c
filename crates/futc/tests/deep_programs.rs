//! Long chains and deep nestings (generated code is made of them) go
//! through every command without exhausting the stack or taking time
//! quadratic in their length. `scripts/deep-programs.py` measures the same
//! shapes 100,000 deep on a release build.

mod support;

use std::process::{Command, Output};

use support::{futc_with_input, run_with_input, stderr, temp_dir, test_cflags, write};

fn run(name: &str, program: &str, input: &str) -> String {
    let dir = temp_dir(name);
    let file = write(&dir, "main.fut", program.as_bytes());
    let output = futc_with_input(&["run", &file], input.as_bytes());
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

fn check(name: &str, program: &str) -> Output {
    let dir = temp_dir(name);
    let file = write(&dir, "main.fut", program.as_bytes());
    support::futc(&["check", &file])
}

const NESTED_TOO_DEEP: &str = "Array, tuple and record literals may be nested at most 500 deep";

#[test]
fn literals_nest_up_to_the_documented_limit() {
    let array = format!("def main = {}1i32{}\n", "[".repeat(500), "]".repeat(500));
    let output = check("deep-array-ok", &array);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let tuple = format!(
        "def main = {}(){}\n",
        "(1i32, ".repeat(499),
        ")".repeat(499)
    );
    let output = check("deep-tuple-ok", &tuple);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

#[test]
fn literals_nested_deeper_than_the_limit_are_one_error() {
    let programs = [
        format!("def main = {}1i32{}\n", "[".repeat(5000), "]".repeat(5000)),
        format!(
            "def main = {}(){}\n",
            "(1i32, ".repeat(5000),
            ")".repeat(5000)
        ),
        format!(
            "def main = {}1i32{}\n",
            "(".repeat(5000),
            ", 2i32)".repeat(5000)
        ),
        format!(
            "def main = {}1i32{}\n",
            "{a = ".repeat(5000),
            "}".repeat(5000)
        ),
        // Parentheses around an array count.
        format!("def main = {}[1i32]{}\n", "(".repeat(600), ")".repeat(600)),
    ];
    for (i, program) in programs.iter().enumerate() {
        let output = check(&format!("deep-literal-{i}"), program);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{err}");
        assert_eq!(err.matches("error:").count(), 1, "{err}");
        assert!(err.contains(NESTED_TOO_DEEP), "{err}");
    }
}

#[test]
fn a_run_of_unclosed_array_brackets_is_a_few_errors() {
    let program = format!("def main (x: i32) = {}x\n", "[".repeat(4000));
    let output = check("deep-unclosed-array", &program);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.contains(NESTED_TOO_DEEP), "{err}");
    assert!(err.matches("error:").count() <= 3, "{err}");
    assert!(err.lines().count() < 40, "{err}");
}

#[test]
fn a_function_of_thousands_of_curried_parameters_runs() {
    // Each parameter's written sizes were checked after unbinding every
    // later parameter, each argument's aliasing against every later
    // argument rebuilt, and the function type (in inference) and the
    // partial application (in lowering) copied per argument: quadratic
    // in the count.
    let params: String = (0..10_000).map(|i| format!(" (a{i}: i32)")).collect();
    let args: String = (0..10_000).map(|i| format!(" {i}")).collect();
    let program = format!("def f{params} = a9998\ndef main = f{args}\n");
    let output = check("deep-args", &program);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(run("deep-args-run", &program, ""), "9998i32\n");
}

#[test]
fn a_long_chain_of_ifs_runs() {
    // The free variables and consumption of each nested branch were
    // recomputed at every level of the chain by the simplifier.
    let chain: String = (0..1_000)
        .map(|i| format!("if x == {i} then {}i32 else ", i * 3))
        .collect();
    let program = format!("def main (x: i32) = {chain}7\n");
    assert_eq!(run("deep-ifs", &program, "998"), "2994i32\n");
    assert_eq!(run("deep-ifs-none", &program, "1000"), "7i32\n");
}

#[test]
fn nested_loops_run() {
    // What a loop consumes was found by walking its body, and again for
    // every enclosing loop: time doubling with each level (25 deep took 3 s,
    // 40 would take a day).
    // Lowering then copied the bindings in scope into every nested loop's
    // frame (1.9 GB at 3,000 deep), and the simplifier walked each loop's
    // body for what it consumes at every level.
    let nest = "loop x = x for i < 1 do ".repeat(2_000);
    let program = format!("def main (x: i32) = {nest}x + 1\n");
    assert_eq!(run("deep-loops", &program, "5"), "6i32\n");
}

#[test]
fn a_long_chain_of_matches_runs() {
    // Inference kept every case's scope after leaving it and walked them
    // all whenever an enclosing one was left.
    let chain: String = (0..3_000)
        .map(|i| format!("match x case {i} -> {}i32 case _ -> ", i * 2))
        .collect();
    let program = format!("def main (x: i32) = {chain}x\n");
    assert_eq!(run("deep-matches", &program, "2999"), "5998i32\n");
    assert_eq!(run("deep-matches-none", &program, "3000"), "3000i32\n");
}

/// Modules each opening the previous one and defining `v` from its `v`.
fn module_chain(length: usize) -> String {
    let mut program = "module m0 = { def v = 1i32 }\n".to_owned();
    for i in 1..length {
        program += &format!("module m{i} = {{ open m{} def v = v + 1 }}\n", i - 1);
    }
    program + &format!("def main = m{}.v\n", length - 1)
}

#[test]
fn a_long_chain_of_modules_runs() {
    // Finding the `open`s in scope scanned every earlier item of the file
    // (quadratic in a file of many modules); each `v` was lowered inside
    // the one using it, so 256 of them were the inlining limit.
    assert_eq!(run("deep-modules", &module_chain(3_000), ""), "3000i32\n");
}

#[test]
fn a_long_chain_of_definitions_calling_the_next_runs() {
    // Each definition is lowered once as a function of its own, not
    // inside its caller: a chain longer than the inlining limit runs.
    let mut program: String = (0..1_000)
        .map(|i| match i {
            0 => "def g0 (x: i32) : i32 = x\n".to_owned(),
            _ => format!("def g{i} (x: i32) : i32 = g{} (x + 1)\n", i - 1),
        })
        .collect();
    program += "def main (x: i32) = g999 x\n";
    assert_eq!(run("deep-definitions", &program, "5"), "1004i32\n");
}

#[test]
fn lambdas_applied_deeper_than_the_inlining_limit_are_one_error() {
    let depth = 300;
    let program = format!(
        "def main (x: i32) = {}y{}\n",
        "(\\(y: i32) -> ".repeat(depth),
        ") x".repeat(depth)
    );
    let dir = temp_dir("deep-lambdas-limit");
    let file = write(&dir, "main.fut", program.as_bytes());
    let output = futc_with_input(&["run", &file], b"");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let errors = stderr(&output);
    assert_eq!(errors.matches("error:").count(), 1, "{errors}");
    assert!(
        errors.contains("more than 256 calls inside one another"),
        "{errors}"
    );
}

fn if_chain(depth: usize) -> String {
    let chain: String = (0..depth)
        .map(|i| format!("if x == {i} then {}i32 else ", i * 3))
        .collect();
    format!("def main (x: i32) = {chain}7\n")
}

fn compile_c(name: &str, program: &str) -> (Output, String) {
    let dir = temp_dir(name);
    let file = write(&dir, "main.fut", program.as_bytes());
    let exe = dir.join("main");
    let exe = exe.to_str().expect("UTF-8 path").to_owned();
    let output = Command::new(env!("CARGO_BIN_EXE_futc"))
        .args(["c", &file, "-o", &exe])
        .env("CFLAGS", test_cflags())
        .output()
        .expect("futc runs");
    (output, exe)
}

#[test]
fn a_long_chain_of_ifs_compiles_to_c() {
    // Every nested block was indented one step further (a chain of 5,000
    // printed 200 MB of spaces), and each variable's lookup walked every
    // enclosing C scope.
    let (output, exe) = compile_c("deep-ifs-c", &if_chain(1_000));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let source = std::fs::read_to_string(format!("{exe}.c")).expect("the C file");
    let widest = source.lines().map(str::len).max().unwrap_or(0);
    assert!(widest < 200, "a line of {widest} characters");
    let result = run_with_input(&exe, &[], b"998");
    assert_eq!(String::from_utf8_lossy(&result.stdout), "2994i32\n");
}

#[test]
fn c_code_nested_deeper_than_the_limit_is_one_error() {
    let (output, _) = compile_c("deeper-ifs-c", &if_chain(6_000));
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let message = stderr(&output);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.contains("nests more than 5000 blocks deep"),
        "{message}"
    );
}
