//! `futc bench`: which datasets are timed, how many runs, the JSON
//! report, failures and time limits.

mod support;

use serde_json::Value;
use std::path::Path;
use support::{futc, stderr, temp_dir, write};

const PROGRAM: &str = "\
-- Sums of the first n numbers.
-- ==
-- nobench input { 3i64 } output { 3i64 }
-- input { 100i64 } output { 4950i64 }
-- \"large\" compiled input { 1000000i64 } output { 499999500000i64 }
-- \"wrong\" input { 10i64 } output { 1i64 }
-- \"tagged\" slow input { 10i64 } output { 45i64 }
-- input { -1i64 } error: negative

entry main (n: i64) : i64 =
  assert (n >= 0) (i64.sum (iota n))

-- ==
-- entry: bump
-- \"bumped\" random input { [1000]i32 }
entry bump (xs: *[]i32) : []i32 = xs with [0] = xs[0] + 1
";

/// `futc bench ARGS... --json FILE` in `dir`; the output and the parsed
/// report.
fn bench(dir: &Path, args: &[&str]) -> (std::process::Output, Value) {
    let json = dir.join("report.json");
    let _ = std::fs::remove_file(&json);
    let mut all = vec!["bench", "--json", json.to_str().expect("UTF-8 path")];
    all.extend_from_slice(args);
    let output = futc(&all);
    let text = std::fs::read_to_string(&json)
        .unwrap_or_else(|error| panic!("no report ({error}):\n{}", stderr(&output)));
    (
        output,
        serde_json::from_str(&text).expect("the report is JSON"),
    )
}

fn runtimes(report: &Value, program: &str, dataset: &str) -> usize {
    report[program]["datasets"][dataset]["runtimes"]
        .as_array()
        .unwrap_or_else(|| panic!("no runtimes for {program} {dataset}: {report}"))
        .len()
}

#[test]
fn datasets_are_timed_and_failures_reported() {
    let dir = temp_dir("bench");
    let program = write(&dir, "sum.fut", PROGRAM.as_bytes());
    let (output, report) = bench(&dir, &[&program, "-r", "3", "--exclude-case", "slow"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "a dataset fails:\n{stdout}");
    let main = &report[&program]["datasets"];
    let names: Vec<&String> = main.as_object().expect("datasets").keys().collect();
    assert_eq!(
        names,
        ["#1 (\"100i64\")", "large", "wrong"],
        "nobench, error and excluded datasets are left out"
    );
    assert!(runtimes(&report, &program, "large") >= 3);
    assert!(report[&program]["datasets"]["large"]["bytes"].is_u64());
    let wrong = main["wrong"]
        .as_str()
        .expect("a failed dataset is its message");
    assert!(wrong.contains("expected 1i64"), "{wrong}");
    assert!(
        stdout.contains("wrong:") && stdout.contains("failed"),
        "{stdout}"
    );
    assert!(stdout.contains("μs (95% CI: ["), "{stdout}");
    let bump = format!("{program}:bump");
    assert!(runtimes(&report, &bump, "bumped") >= 3, "{report}");
}

#[test]
fn one_entry_point_and_tagged_datasets() {
    let dir = temp_dir("bench-entry");
    let program = write(&dir, "sum.fut", PROGRAM.as_bytes());
    let (output, report) = bench(&dir, &[&program, "-r", "2", "--entry-point", "bump"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let programs: Vec<&String> = report.as_object().expect("programs").keys().collect();
    assert_eq!(programs, [&format!("{program}:bump")]);
}

#[test]
fn programs_without_datasets_are_not_compiled_and_bad_ones_stop_the_command() {
    let dir = temp_dir("bench-compile");
    let untimed = write(
        &dir,
        "untimed.fut",
        b"-- ==\n-- nobench input { 1 } output { 1 }\nentry main (x: i32) = x\n",
    );
    let (output, report) = bench(&dir, &[&untimed]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(report, serde_json::json!({}));
    let broken = write(
        &dir,
        "broken.fut",
        b"-- ==\n-- input { 1 }\nentry main (x: i32) = x + true\n",
    );
    let output = futc(&["bench", &broken]);
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(message.contains("broken.fut does not compile"), "{message}");
    assert!(!String::from_utf8_lossy(&output.stdout).contains("Reporting"));
}

#[test]
fn runs_longer_than_the_time_limit_fail() {
    let dir = temp_dir("bench-timeout");
    let endless = write(
        &dir,
        "endless.fut",
        b"-- ==\n-- \"long\" input { 100000000000000i64 }\n\
          entry main (n: i64) : u64 =\n\
          \x20 loop x = 1u64 for _i < n do x * 6364136223846793005 + 1442695040888963407\n",
    );
    let (output, report) = bench(&dir, &[&endless, "--timeout", "1"]);
    assert_eq!(output.status.code(), Some(1));
    let message = report[&endless]["datasets"]["long"]
        .as_str()
        .unwrap_or_else(|| panic!("the dataset failed: {report}"));
    assert!(message.contains("longer than 1 s"), "{message}");
}
