//! The project's run-time test corpus, `tests/run`: `futc test` (under the
//! reference interpreter) must pass every run of every program there.
//! Programs that fail because of known implementation bugs wait in
//! `tests/run-pending` until the bug is fixed. The benchmark programs'
//! small cases run here too.

mod support;

use std::path::Path;
use support::{futc, stderr};

/// The counts of a summary line `N passed, N failed, N skipped`.
fn parse_summary(line: &str) -> Option<(usize, usize, usize)> {
    let mut counts = line.split(", ").map(|part| {
        let (number, word) = part.trim().split_once(' ')?;
        Some((number.parse::<usize>().ok()?, word))
    });
    let (passed, "passed") = counts.next()?? else {
        return None;
    };
    let (failed, "failed") = counts.next()?? else {
        return None;
    };
    let (skipped, "skipped") = counts.next()?? else {
        return None;
    };
    counts.next().is_none().then_some((passed, failed, skipped))
}

#[test]
fn summary_lines_are_parsed() {
    assert_eq!(
        parse_summary("541 passed, 0 failed, 2 skipped"),
        Some((541, 0, 2))
    );
    assert_eq!(parse_summary("541 passed, 0 failed"), None);
    assert_eq!(parse_summary("error: backend"), None);
}

#[test]
fn every_run_of_the_corpus_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/run");
    let output = futc(&["test", root.to_str().expect("UTF-8 path")]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let failures = stderr(&output);
    let (passed, failed, _skipped) = stdout
        .lines()
        .rev()
        .find_map(parse_summary)
        .unwrap_or_else(|| panic!("no summary line in the output:\n{stdout}\n{failures}"));
    assert_eq!(failed, 0, "{failed} runs failed:\n{failures}");
    assert!(
        output.status.success(),
        "futc test exited with {:?}:\n{failures}",
        output.status
    );
    assert!(passed >= 400, "only {passed} runs passed");
}

#[test]
fn the_bundled_example_passes_its_tests() {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/hello.fut");
    let output = futc(&["test", example.to_str().expect("UTF-8 path")]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        stdout.lines().rev().find_map(parse_summary),
        Some((8, 0, 0)),
        "{stdout}\n{}",
        stderr(&output)
    );
}

/// The benchmark programs' small cases (their paper-sized datasets are
/// `compiled`, which the interpreter skips) give the outputs checked
/// independently when they were written.
#[test]
fn the_benchmark_programs_pass_their_small_cases() {
    let programs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../benchmarks/programs");
    let output = futc(&["test", programs.to_str().expect("UTF-8 path")]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let (passed, failed, skipped) = stdout
        .lines()
        .rev()
        .find_map(parse_summary)
        .unwrap_or_else(|| panic!("no summary line in the output:\n{stdout}"));
    assert_eq!(failed, 0, "{}", stderr(&output));
    assert!(passed >= 30, "only {passed} small cases passed");
    assert_eq!(skipped, 19, "one paper-sized dataset per program");
}
