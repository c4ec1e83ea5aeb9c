//! `futc multicore`: executables whose parallel code runs on a thread
//! pool. Every run of the corpus must pass as under the interpreter;
//! results must not depend on the number of threads (`--num-threads`),
//! non-commutative reductions included; when several chunks of a task
//! fail, the failure reported is the one a sequential run meets first.
//! A few programs also run compiled with the address and
//! undefined-behaviour sanitizers and with the thread sanitizer (skipped,
//! with a message, where the C compiler has no sanitizer runtime).

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use support::{stderr, summary, temp_dir, test_cflags, write};

/// Compiles `source` with `futc multicore` and `cflags` into `dir/prog`.
fn compile(dir: &Path, source: &str, cflags: &str) -> PathBuf {
    let file = write(dir, "prog.fut", source.as_bytes());
    let exe = dir.join("prog");
    let output = Command::new(env!("CARGO_BIN_EXE_futc"))
        .args(["multicore", &file, "-o"])
        .arg(&exe)
        .env("CFLAGS", cflags)
        .output()
        .expect("futc runs");
    assert!(output.status.success(), "{}", stderr(&output));
    exe
}

fn run(exe: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the executable runs");
    // The executable may end before reading its input (a bad option).
    let _ = std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), input.as_bytes());
    child.wait_with_output().expect("the executable ends")
}

/// `futc run` of entry `entry` of the program in `dir` on `input`.
fn interpret(dir: &Path, entry: &str, input: &str) -> Output {
    let file = dir.join("prog.fut");
    let mut child = Command::new(env!("CARGO_BIN_EXE_futc"))
        .args(["run", "-e", entry])
        .arg(&file)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("futc runs");
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), input.as_bytes())
        .expect("write the input");
    child.wait_with_output().expect("futc ends")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Maps, reductions (one of them not commutative), scans, histograms,
/// scatters and filters over arrays of `n` elements, large enough for
/// many chunks.
const SOACS: &str = "\
def xs (n: i64) = map (\\i -> (i * 7919) % 1001 - 500) (iota n)

entry main (n: i64) =
  let xs = xs n
  let sum = reduce (+) 0 xs
  let compose (a1: i64, b1: i64) (a2: i64, b2: i64) = (a1 * a2, b1 * a2 + b2)
  let affine = reduce compose (1, 0) (map (\\x -> (x % 3 * 2 + 1, x)) xs)
  let prefix = scan (+) 0 xs
  let counts = hist (+) 0 16 (map (\\x -> x % 16) xs) (replicate n 1i32)
  let maxima = reduce_by_index (replicate 7 i64.lowest) i64.max i64.lowest (map (\\x -> x % 7) xs) xs
  let reversed = scatter (replicate n 0) (map (\\i -> n - 1 - i) (iota n)) xs
  let evens = filter (\\x -> x % 2 == 0) xs
  in (sum, affine, prefix[n / 3], prefix[n - 1], counts, maxima, reversed[0], reversed[n - 1], length evens, evens[length evens / 2])

entry rows (n: i64) =
  let m = map (\\i -> map (\\j -> f64.i64 ((i * j) % 13) - 6) (iota 37)) (iota n)
  in (map f64.sum m, map (scan (*) 1) m |> map (\\r -> r[5]), f64.sum (map (\\r -> f64.maximum r) m))
";

#[test]
fn results_do_not_depend_on_the_number_of_threads() {
    let dir = temp_dir("mc-threads");
    let exe = compile(&dir, SOACS, &test_cflags());
    for (entry, input) in [("main", "30011i64"), ("rows", "1001i64")] {
        let expected = interpret(&dir, entry, input);
        assert!(expected.status.success(), "{}", stderr(&expected));
        for threads in ["1", "2", "7"] {
            let output = run(&exe, &["-e", entry, "--num-threads", threads], input);
            assert!(output.status.success(), "{}", stderr(&output));
            assert_eq!(
                stdout(&output),
                stdout(&expected),
                "{entry} with {threads} threads"
            );
        }
    }
}

/// Every element from `k` on fails, in many chunks at once.
const FAILING: &str = "\
entry gather (xs: []i64) (n: i64) = map (\\i -> xs[i]) (iota n)

entry summed (xs: []i64) (n: i64) = reduce (+) 0 (map (\\i -> xs[i]) (iota n))

entry checked (n: i64) (k: i64) =
  reduce (+) 0 (map (\\i -> assert (i < k) (i * 2)) (iota n))
";

#[test]
fn the_first_failure_a_sequential_run_meets_is_reported() {
    let dir = temp_dir("mc-failures");
    let exe = compile(&dir, FAILING, &test_cflags());
    for (entry, input) in [
        ("gather", "[1i64, 2i64, 3i64] 100000i64"),
        ("summed", "[1i64, 2i64, 3i64, 4i64] 100000i64"),
        ("checked", "100000i64 60000i64"),
    ] {
        let expected = interpret(&dir, entry, input);
        assert_eq!(expected.status.code(), Some(1), "{}", stderr(&expected));
        let message = stderr(&expected)
            .lines()
            .next()
            .expect("a message")
            .to_owned();
        for threads in ["1", "2", "7"] {
            for _ in 0..5 {
                let output = run(&exe, &["-e", entry, "--num-threads", threads], input);
                assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
                assert_eq!(
                    stderr(&output).lines().next(),
                    Some(message.as_str()),
                    "{entry} with {threads} threads"
                );
            }
        }
    }
}

#[test]
fn a_bad_number_of_threads_is_refused() {
    let dir = temp_dir("mc-bad-threads");
    let exe = compile(&dir, "def main (x: i32) = x + 1\n", &test_cflags());
    let output = run(&exe, &["--num-threads", "0"], "1");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("Invalid number of threads `0`"),
        "{}",
        stderr(&output)
    );
    let output = run(&exe, &["--num-threads", "3"], "1");
    assert_eq!(stdout(&output), "2i32\n");
}

#[test]
fn test_passes_options_to_the_compiled_programs() {
    let dir = temp_dir("mc-pass-option");
    let file = write(
        &dir,
        "prog.fut",
        b"-- ==\n-- input { 1 } output { 2 }\ndef main (x: i32) = x + 1\n",
    );
    let futc_test = |options: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_futc"))
            .args(["test", "--backend", "multicore", &file])
            .args(options)
            .env("CFLAGS", test_cflags())
            .output()
            .expect("futc runs")
    };
    let threads = futc_test(&["--pass-option=--num-threads", "--pass-option", "3"]);
    assert_eq!(summary(&threads), (1, 0, 0), "{}", stderr(&threads));
    // The server gets the option: a bad one fails the run with its error.
    let bad = futc_test(&["--pass-option=--num-threads", "--pass-option=0"]);
    assert_eq!(summary(&bad), (0, 1, 0), "{}", stderr(&bad));
    assert!(
        stderr(&bad).contains("Invalid number of threads `0`"),
        "{}",
        stderr(&bad)
    );
    let interpreted = Command::new(env!("CARGO_BIN_EXE_futc"))
        .args(["test", &file, "--pass-option=-p"])
        .output()
        .expect("futc runs");
    assert_eq!(interpreted.status.code(), Some(2));
    assert!(stderr(&interpreted).contains("--pass-option needs a compiled backend"));
}

/// Whether `cc` builds and runs a program with these sanitizer flags.
fn sanitizer_works(flags: &str) -> bool {
    let dir = temp_dir(&format!("mc-probe-{}", flags.len()));
    let source = write(&dir, "probe.c", b"int main(void) { return 0; }\n");
    let exe = dir.join("probe");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let built = Command::new(&cc)
        .args(flags.split_whitespace())
        .arg(&source)
        .arg("-o")
        .arg(&exe)
        .output()
        .is_ok_and(|output| output.status.success());
    built
        && Command::new(&exe)
            .output()
            .is_ok_and(|output| output.status.success())
}

/// Compiles the programs with `flags` and runs their entry points with
/// several threads: the results must be the interpreter's and the
/// sanitizers silent.
fn run_sanitized(name: &str, flags: &str) {
    if !sanitizer_works(flags) {
        eprintln!("skipped: the C compiler cannot build and run programs with `{flags}`");
        return;
    }
    let cflags = format!("-O1 -std=c99 -g {flags}");
    let dir = temp_dir(name);
    let exe = compile(&dir, SOACS, &cflags);
    for (entry, input) in [("main", "10007i64"), ("rows", "301i64")] {
        let expected = interpret(&dir, entry, input);
        for threads in ["1", "4"] {
            let output = run(&exe, &["-e", entry, "--num-threads", threads], input);
            assert!(output.status.success(), "{}", stderr(&output));
            assert_eq!(stdout(&output), stdout(&expected), "{entry}");
            assert_eq!(stderr(&output), "", "{entry} with {threads} threads");
        }
    }
    let dir = temp_dir(&format!("{name}-failing"));
    let exe = compile(&dir, FAILING, &cflags);
    let output = run(
        &exe,
        &["-e", "checked", "--num-threads", "4"],
        "30000i64 20000i64",
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).starts_with("Error: Assertion is false"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn programs_run_clean_under_the_address_and_undefined_behaviour_sanitizers() {
    run_sanitized(
        "mc-asan",
        "-fsanitize=address,undefined -fno-sanitize-recover=all",
    );
}

#[test]
fn programs_run_clean_under_the_thread_sanitizer() {
    run_sanitized("mc-tsan", "-fsanitize=thread");
}

#[test]
fn every_run_of_the_corpus_passes_in_multicore() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/run");
    let output = Command::new(env!("CARGO_BIN_EXE_futc"))
        .args(["test", "--backend", "multicore"])
        .arg(&root)
        .env("CFLAGS", test_cflags())
        .output()
        .expect("futc runs");
    let (passed, failed, _) = summary(&output);
    assert_eq!(failed, 0, "{}", stderr(&output));
    assert!(passed >= 800, "only {passed} runs passed");
    assert!(output.status.success());
}
