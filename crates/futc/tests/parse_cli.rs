//! The `futc parse` command as a user runs it: exit codes, error locations
//! and snippets on stderr, the tree on stdout, and unreadable input.

mod support;

use support::{futc, stderr, temp_dir, write};

#[test]
fn valid_program_exits_zero_silently() {
    let dir = temp_dir("valid");
    let file = write(&dir, "ok.fut", b"def main (xs: []i32) = reduce (+) 0 xs\n");
    let output = futc(&["parse", &file]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
    assert!(output.stderr.is_empty());
}

#[test]
fn tree_flag_prints_the_concrete_syntax_tree() {
    let dir = temp_dir("tree");
    let file = write(&dir, "ok.fut", b"def x = 1 + 2\n");
    let output = futc(&["parse", "--tree", &file]);
    assert_eq!(output.status.code(), Some(0));
    let tree = String::from_utf8(output.stdout).expect("UTF-8 tree");
    assert!(tree.starts_with("SOURCE_FILE@0..14\n"), "{tree}");
    assert!(tree.contains("BIN_EXPR@8..13"), "{tree}");
    assert!(tree.contains("OPERATOR@10..11 \"+\""), "{tree}");
}

#[test]
fn syntax_errors_are_located_with_a_snippet_and_exit_two() {
    let dir = temp_dir("errors");
    let file = write(
        &dir,
        "bad.fut",
        b"def ok = 1\ndef broken x =\n  if x then 1\ndef after = 2\n",
    );
    let output = futc(&["parse", &file]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    // The missing `else` is reported right after the incomplete `if`,
    // where the declaration's chunk ends.
    assert!(
        message.contains(&format!(
            "{file}:3:14: Unexpected token: 'def'. Expected 'else'."
        )),
        "{message}"
    );
    assert!(message.contains("3 │   if x then 1"), "{message}");
    assert!(output.stdout.is_empty());
}

#[test]
fn every_error_is_reported_and_parsing_continues() {
    let dir = temp_dir("several");
    let file = write(
        &dir,
        "bad.fut",
        b"def a = (1 +\ndef b = [1, 2\ndef c x = x\ndef d = \n",
    );
    let output = futc(&["parse", &file]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains(":2:1: Unexpected token: 'def'. Expected ')'."),
        "{message}"
    );
    assert!(
        message.contains(":3:1: Unexpected token: 'def'. Expected ']'."),
        "{message}"
    );
    assert!(
        message.contains(":4:8: Unexpected end of file. Expected expression after '='."),
        "{message}"
    );
}

#[test]
fn missing_file_is_a_clear_error() {
    let output = futc(&["parse", "/nonexistent/dir/prog.fut"]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains("error: cannot read /nonexistent/dir/prog.fut"),
        "{message}"
    );
}

#[test]
fn invalid_utf8_is_a_clear_error() {
    let dir = temp_dir("utf8");
    let file = write(&dir, "latin1.fut", b"def x = 1\n-- caf\xe9\n");
    let output = futc(&["parse", &file]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains(&format!("{file}:2: the file is not valid UTF-8")),
        "{message}"
    );
}

#[test]
fn a_directory_is_not_a_file() {
    let dir = temp_dir("directory");
    let output = futc(&["parse", dir.to_str().expect("UTF-8 path")]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("cannot read"),
        "{}",
        stderr(&output)
    );
}
