//! `futc fmt` as a user runs it: in place, `--stdout`, `--check`, standard
//! input, and files with syntax errors refused and left alone.

mod support;

use support::{futc, futc_with_input, stderr, temp_dir, write};

const UNFORMATTED: &[u8] = b"def f (x:i32)=\n      x+1\n";
const FORMATTED: &str = "def f (x: i32) =\n  x + 1\n";

#[test]
fn files_are_formatted_in_place() {
    let dir = temp_dir("fmt-in-place");
    let file = write(&dir, "a.fut", UNFORMATTED);
    let done = write(&dir, "b.fut", FORMATTED.as_bytes());
    let output = futc(&["fmt", &file, &done]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), FORMATTED);
    assert_eq!(std::fs::read_to_string(&done).unwrap(), FORMATTED);
}

#[test]
fn stdout_prints_and_leaves_the_file() {
    let dir = temp_dir("fmt-stdout");
    let file = write(&dir, "a.fut", UNFORMATTED);
    let output = futc(&["fmt", "--stdout", &file]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), FORMATTED);
    assert_eq!(std::fs::read(&file).unwrap(), UNFORMATTED);
}

#[test]
fn check_reports_unformatted_files_and_exits_one() {
    let dir = temp_dir("fmt-check");
    let file = write(&dir, "a.fut", UNFORMATTED);
    let done = write(&dir, "b.fut", FORMATTED.as_bytes());
    let output = futc(&["fmt", "--check", &file, &done]);
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(
        message.contains(&format!("{file}: not formatted")),
        "{message}"
    );
    assert!(!message.contains("b.fut"), "{message}");
    assert_eq!(std::fs::read(&file).unwrap(), UNFORMATTED);

    let output = futc(&["fmt", "--check", &done]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(output.stderr.is_empty());
}

#[test]
fn standard_input_goes_to_standard_output() {
    let output = futc_with_input(&["fmt"], UNFORMATTED);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), FORMATTED);

    let output = futc_with_input(&["fmt", "--check"], UNFORMATTED);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
}

#[test]
fn syntax_errors_are_reported_and_the_file_is_untouched() {
    let dir = temp_dir("fmt-errors");
    let source = b"def ok   = 1\ndef broken x =\n  if x then 1\n";
    let file = write(&dir, "bad.fut", source);
    let output = futc(&["fmt", &file]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains(&format!("{file}:3:14: Unexpected end of file.")),
        "{message}"
    );
    assert_eq!(std::fs::read(&file).unwrap(), source);

    let output = futc_with_input(&["fmt"], b"def f = (1,\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(stderr(&output).contains("<stdin>:"), "{}", stderr(&output));
}
