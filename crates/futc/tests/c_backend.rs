//! The sequential C backend: `futc c` executables and `futc test
//! --backend c` over the run-time corpus, where every run the reference
//! interpreter passes must pass too. Needs a C compiler (`$CC`, default
//! `cc`); generated code is compiled with `-O1` to keep the test fast,
//! or with the flags in `$FUTC_TEST_CFLAGS` (scripts/test.sh sets them
//! to compile everything with the address and undefined-behaviour
//! sanitizers).

mod support;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use support::{futc_with_input, run_with_input, stderr, summary, temp_dir, test_cflags, write};

fn futc_with_cflags(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_futc"))
        .args(args)
        .env("CFLAGS", test_cflags())
        .output()
        .expect("futc runs")
}

#[test]
fn every_run_the_interpreter_passes_passes_in_c() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/run");
    let root = root.to_str().expect("UTF-8 path");
    let interpreted = futc_with_cflags(&["test", root]);
    let compiled = futc_with_cflags(&["test", "--backend", "c", root]);
    let (interpreter_passed, interpreter_failed, interpreter_skipped) = summary(&interpreted);
    let (c_passed, c_failed, c_skipped) = summary(&compiled);
    assert_eq!(interpreter_failed, 0, "{}", stderr(&interpreted));
    assert_eq!(
        c_failed,
        0,
        "{c_failed} runs failed in C:\n{}",
        stderr(&compiled)
    );
    // The same runs, of which C also runs those tagged `compiled`.
    assert_eq!(
        c_passed + c_skipped,
        interpreter_passed + interpreter_skipped
    );
    assert!(c_passed > interpreter_passed, "{}", stderr(&compiled));
    assert!(compiled.status.success());
}

/// Compiles `source` and runs entry `entry` with `input` on stdin.
fn compile_and_run(name: &str, source: &str, args: &[&str], input: &[u8]) -> Output {
    let dir = temp_dir(name);
    let file = write(&dir, "prog.fut", source.as_bytes());
    let exe = dir.join("prog");
    let exe_text = exe.to_str().expect("UTF-8 path");
    let output = futc_with_cflags(&["c", &file, "-o", exe_text]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(dir.join("prog.c").exists());
    run_with_input(&exe, args, input)
}

fn interpret(name: &str, source: &str, args: &[&str], input: &[u8]) -> Output {
    let dir = temp_dir(name);
    let file = write(&dir, "prog.fut", source.as_bytes());
    let mut all = vec!["run", file.as_str()];
    all.extend_from_slice(args);
    futc_with_input(&all, input)
}

#[test]
fn executables_print_text_like_the_interpreter() {
    let source = "entry main (xs: []f32) (ys: []f64) (h: f16) = (xs, ys, h, map (/ 3) xs, map (* 1e10) ys, [[1u8, 2], [3, 4]], replicate 0 (replicate 2 0i64))\n\
                  entry other (n: i64) = iota n\n";
    let input = b"[1.0f32, 0.1, -0.0, 1e-2, 123456.7, 1e7, 3.4028235e38, 1e-45, f32.nan, -f32.inf] \
                  [1.0, 0.1, 5e-324, 1.7976931348623157e308, 2.5e-3, 0.3, 12345678.9, -1.0e22] 0.1f16";
    let compiled = compile_and_run("c-text", source, &[], input);
    let interpreted = interpret("c-text-ref", source, &[], input);
    assert!(compiled.status.success(), "{}", stderr(&compiled));
    assert!(interpreted.status.success(), "{}", stderr(&interpreted));
    assert_eq!(
        String::from_utf8_lossy(&compiled.stdout),
        String::from_utf8_lossy(&interpreted.stdout)
    );
    let other = compile_and_run("c-entry", source, &["-e", "other"], b"3i64");
    assert_eq!(
        String::from_utf8_lossy(&other.stdout),
        "[0i64, 1i64, 2i64]\n"
    );
}

#[test]
fn run_time_errors_exit_one_with_the_message() {
    let source = "def main (xs: []i32) (i: i64) = xs[i]\n";
    let output = compile_and_run("c-error", source, &[], b"[1, 2, 3] 5i64");
    assert_eq!(output.status.code(), Some(1));
    // The message and the failing statement's location, as the
    // interpreter gives them.
    let message = stderr(&output);
    let expected_tail = "prog.fut:1:33-37\n";
    assert!(
        message.starts_with(
            "Error: Index [5] out of bounds for array of shape [3].\n\nBacktrace:\n-> #0  "
        ) && message.ends_with(expected_tail),
        "{message}"
    );
    let interpreted = interpret("c-error-ref", source, &[], b"[1, 2, 3] 5i64");
    assert!(stderr(&interpreted).ends_with(expected_tail));
    let output = compile_and_run("c-error-type", source, &[], b"[1, 2, 3] 5i32");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "Error: Cannot read argument #1 of entry point `main`: line 1, column 11: \
         expected a value of type i64, found `5i32` of type i32\n"
    );
}

#[test]
fn binary_output_and_timing() {
    let dir = temp_dir("c-timing");
    let timing = dir.join("time.txt");
    let source = "def main (x: i32) = x + 1\n";
    let output = compile_and_run(
        "c-binary",
        source,
        &["-b", "-r", "3", "-t", timing.to_str().expect("UTF-8 path")],
        b"41",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(output.stdout, b"b\x02\x00 i32\x2a\x00\x00\x00");
    let times = std::fs::read_to_string(&timing).expect("timing file");
    assert_eq!(times.lines().count(), 3);
}

#[test]
fn debug_flag_logs_the_entry_point_and_failures() {
    let source = "def main (xs: []i32) (i: i64) = xs[i]\n";
    let output = compile_and_run("c-debug", source, &["-D"], b"[1, 2, 3] 1i64");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "2i32\n");
    let log = stderr(&output);
    assert!(log.starts_with("Running entry point `main`.\n"), "{log}");
    assert!(log.contains("Entry point `main` ran for "), "{log}");
    let output = compile_and_run("c-debug-error", source, &["-D"], b"[1, 2, 3] 7i64");
    assert_eq!(output.status.code(), Some(1));
    let log = stderr(&output);
    assert!(log.starts_with("Running entry point `main`.\n"), "{log}");
    assert!(
        log.contains("Error: Index [7] out of bounds for array of shape [3].\n"),
        "{log}"
    );
    let quiet = compile_and_run("c-quiet", source, &[], b"[1, 2, 3] 1i64");
    assert_eq!(stderr(&quiet), "");
}

#[test]
fn consumed_arguments_are_read_afresh_for_every_run() {
    let source = "def main (xs: *[]i32) = let xs[0] = xs[0] + 1 in xs\n";
    let output = compile_and_run("c-consume-runs", source, &["-r", "3"], b"[1, 2]");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "[2i32, 2i32]\n");
}

#[test]
fn tuning_parameters_come_from_options_files_and_the_server() {
    let source = "entry main (x: i64) = x + #[param(step)] 1\n";
    let dir = temp_dir("c-tuning");
    let file = write(&dir, "prog.fut", source.as_bytes());
    let tuning = write(&dir, "prog.tuning", b"step=10\n");
    let exe = dir.join("prog");
    let exe_text = exe.to_str().expect("UTF-8 path");
    let built = futc_with_cflags(&["c", &file, "-o", exe_text]);
    assert!(built.status.success(), "{}", stderr(&built));
    let run = |args: &[&str]| {
        let mut child = Command::new(&exe)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the executable runs");
        // Runs that only print the parameters or fail on an option exit
        // without reading their input: the pipe may be closed.
        let _ = child.stdin.take().expect("stdin").write_all(b"5i64");
        child.wait_with_output().expect("the executable finishes")
    };
    let stdout = |output: &Output| String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(stdout(&run(&[])), "6i64\n");
    assert_eq!(stdout(&run(&["--param", "step=2"])), "7i64\n");
    assert_eq!(stdout(&run(&["--tuning", &tuning])), "15i64\n");
    assert_eq!(stdout(&run(&["--print-params"])), "step (user)\n");
    let unknown = run(&["--param", "stride=2"]);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(stderr(&unknown).contains("Unknown tuning parameter `stride`"));

    let server = dir.join("server");
    let server_text = server.to_str().expect("UTF-8 path");
    let built = futc_with_cflags(&["c", "--server", &file, "-o", server_text]);
    assert!(built.status.success(), "{}", stderr(&built));
    write(&dir, "x.txt", b"5i64");
    let mut child = Command::new(&server)
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(
            b"tuning_params main\ntuning_param_class step\nset_tuning_param step 100\n\
              set_tuning_param stride 1\nrestore x.txt x i64\ncall main r x\nstore r.bin r\n",
        )
        .expect("write commands");
    let output = child.wait_with_output().expect("the server ends");
    let transcript = stdout(&output);
    assert!(
        transcript.starts_with(
            "%%% OK\nstep user\n%%% OK\nuser\n%%% OK\n%%% OK\n%%% FAILURE\nUnknown tuning parameter `stride`.\n%%% OK\n"
        ),
        "{transcript}"
    );
    let stored = std::fs::read(dir.join("r.bin")).expect("stored result");
    assert_eq!(&stored[7..], &105i64.to_le_bytes());
}

#[test]
fn executables_and_futc_run_read_arguments_as_the_parameter_types() {
    let source = "type~ pair = {a: i32, b: []f32}\n\
                  entry main (xss: [][]f32) (h: f16) (bytes: []u8) (n: i64) (bs: []bool) =\n  \
                  (map (map (* 2)) xss, h, bytes, n - 1, bs)\n\
                  entry first (p: pair) : i32 = p.a\n";
    let dir = temp_dir("c-typed-input");
    let file = write(&dir, "prog.fut", source.as_bytes());
    let exe = dir.join("prog");
    let built = futc_with_cflags(&["c", &file, "-o", exe.to_str().expect("UTF-8 path")]);
    assert!(built.status.success(), "{}", stderr(&built));
    let mut wrong_binary = b"b\x02\x02 f64".to_vec();
    wrong_binary.extend_from_slice(&1u64.to_le_bytes());
    wrong_binary.extend_from_slice(&1u64.to_le_bytes());
    wrong_binary.extend_from_slice(&1.0f64.to_le_bytes());
    wrong_binary.extend_from_slice(b" 1 [1] 1 [true]");
    let mut right_binary = b"b\x02\x02 f32".to_vec();
    right_binary.extend_from_slice(&1u64.to_le_bytes());
    right_binary.extend_from_slice(&2u64.to_le_bytes());
    right_binary.extend_from_slice(&1.5f32.to_le_bytes());
    right_binary.extend_from_slice(&(-1.0f32).to_le_bytes());
    right_binary.extend_from_slice(b"\n-- comment\n1 [1] 1 [true]");
    let main_out = |text: &str| -> Result<String, String> { Ok(text.to_owned()) };
    let main_err = |text: &str| -> Result<String, String> {
        Err(format!("Error: Cannot read argument #{text}\n"))
    };
    let cases: Vec<(&str, Vec<u8>, Result<String, String>)> = vec![
        (
            "main",
            b"[[1.0, 6.0], [2, 3]] 0.5 [0xff, -1, 7] -3 [true, false]".to_vec(),
            main_out(
                "[[2.0f32, 12.0f32], [4.0f32, 6.0f32]]\n0.5f16\n[255u8, 255u8, 7u8]\n-4i64\n\
                 [true, false]\n",
            ),
        ),
        (
            "main",
            b"[[]] 1e-1 [] 0b11 []".to_vec(),
            main_out("empty([1][0]f32)\n9.9975586e-2f16\nempty([0]u8)\n2i64\nempty([0]bool)\n"),
        ),
        (
            "main",
            right_binary,
            main_out("[[3.0f32, -2.0f32]]\n1.0f16\n[1u8]\n0i64\n[true]\n"),
        ),
        (
            "main",
            wrong_binary,
            main_err(
                "0 of entry point `main`: byte 0: expected a value of type [][]f32, \
                 found a binary value of type [1][1]f64",
            ),
        ),
        (
            "main",
            b"[[1.0,\n  2i32]] 1 [1] 1 [true]".to_vec(),
            main_err(
                "0 of entry point `main`: line 2, column 3: expected a value of type f32, \
                 found `2i32` of type i32",
            ),
        ),
        (
            "main",
            b"[[1.0]] 1 [256] 1 [true]".to_vec(),
            main_err(
                "2 of entry point `main`: line 1, column 12: `256` does not fit in the 8 bits of u8",
            ),
        ),
        (
            "main",
            b"[[1.0]] 1 [1] 1.5 [true]".to_vec(),
            main_err(
                "3 of entry point `main`: line 1, column 15: `1.5` has a fraction or an exponent, \
                 so it cannot be i64",
            ),
        ),
        (
            "main",
            b"[[1.0]] 1 [1] 1 [1]".to_vec(),
            main_err(
                "4 of entry point `main`: line 1, column 18: expected a value of type bool, found `1`",
            ),
        ),
        (
            "main",
            b"[1.0] 1 [1] 1 [true]".to_vec(),
            main_err(
                "0 of entry point `main`: line 1, column 2: expected a value of type []f32, found `1.0`",
            ),
        ),
        (
            "main",
            b"[] 1 [1] 1 [true]".to_vec(),
            main_err(
                "0 of entry point `main`: line 1, column 1: `[]` has one dimension, but [][]f32 has 2: \
                 write the empty array with its sizes, such as `empty([0][0]f32)`",
            ),
        ),
        (
            "main",
            b"[[1.0]] f32.inf [1] 1 [true]".to_vec(),
            main_err(
                "1 of entry point `main`: line 1, column 9: expected a value of type f16, \
                 found `f32.inf` of type f32",
            ),
        ),
        (
            "main",
            b"[[1.0]] 1 [1] 1 [true] 5".to_vec(),
            Err("Error: Entry point `main` takes 5 arguments, but 6 were given.\n".to_owned()),
        ),
        (
            "main",
            b"[[1.0]] 1 [1] 1".to_vec(),
            Err("Error: Entry point `main` takes 5 arguments, but 4 were given.\n".to_owned()),
        ),
        (
            "first",
            b"7 [1.0]".to_vec(),
            Err(
                "Error: Argument #0 of entry point `first` has an opaque type and cannot be \
                 given as a value.\n"
                    .to_owned(),
            ),
        ),
    ];
    let futc = Path::new(env!("CARGO_BIN_EXE_futc"));
    for (entry, input, expected) in cases {
        let compiled = run_with_input(&exe, &["-e", entry], &input);
        let interpreted = run_with_input(futc, &["run", &file, "-e", entry], &input);
        for (who, output) in [("compiled", &compiled), ("futc run", &interpreted)] {
            let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
            let actual = if output.status.success() {
                Ok(stdout)
            } else {
                assert_eq!(output.status.code(), Some(1), "{who}: {}", stderr(output));
                assert_eq!(stdout, "", "{who}");
                Err(stderr(output))
            };
            assert_eq!(
                actual,
                expected,
                "{who} on {:?}",
                String::from_utf8_lossy(&input)
            );
        }
    }
}
