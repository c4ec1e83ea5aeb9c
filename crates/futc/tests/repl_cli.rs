//! `futc repl` driven through a pipe: expressions, declarations, the
//! commands, a loaded file, and errors that leave the session going.

mod support;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use support::{futc_with_input, stderr, temp_dir, write};

const LIBRARY: &str =
    "def square (x: i32) = x * x\ndef base = 10i32\nentry main (n: i64) = iota n\n";

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn expressions_and_declarations() {
    let input = "1i32 + 2\n\
                 def double (x: i32) = x + x\n\
                 double 21\n\
                 type pair = (i32, f64)\n\
                 def p: pair = (double 1, 0.5)\n\
                 p\n\
                 [1i32, 2, 3]\n\
                 let xs = iota 4 in map (+1) xs\n";
    let output = futc_with_input(&["repl"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "3i32\n42i32\n2i32\n0.5f64\n[1i32, 2i32, 3i32]\n[1i64, 2i64, 3i64, 4i64]\n"
    );
    assert_eq!(stderr(&output), "");
}

#[test]
fn type_command() {
    let input = "def inc (x: i64) = x + 1\n:type inc\n:type [1f32, 2f32]\n:t inc 2\n:type\n";
    let output = futc_with_input(&["repl"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "i64 -> i64\n[2]f32\ni64\n");
    assert_eq!(stderr(&output), "error: :type needs an expression\n");
}

#[test]
fn file_given_on_the_command_line() {
    let dir = temp_dir("repl-file");
    let file = write(&dir, "lib.fut", LIBRARY.as_bytes());
    let output = futc_with_input(&["repl", &file], b"square base\nmain 3\n");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), "100i32\n[0i64, 1i64, 2i64]\n");
}

#[test]
fn load_replaces_the_session() {
    let dir = temp_dir("repl-load");
    let file = write(&dir, "lib.fut", LIBRARY.as_bytes());
    let bad = write(&dir, "bad.fut", b"def square = 1 +\n");
    let input = format!("def k = 7i32\nk\n:load {file}\nsquare 3\nk\n:load {bad}\nsquare 4\n");
    let output = futc_with_input(&["repl"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "7i32\n9i32\n16i32\n");
    let message = stderr(&output);
    assert!(
        message.starts_with("error: <repl>:1:1: Unknown name \"k\"."),
        "{message}"
    );
    // A file with errors leaves the session as it was.
    assert!(message.ends_with("bad.fut not loaded\n"), "{message}");
}

#[test]
fn a_file_with_errors_is_not_loaded() {
    let dir = temp_dir("repl-bad-file");
    let file = write(&dir, "bad.fut", b"def x: i32 = true\n");
    let output = futc_with_input(&["repl", &file], b"1i32\n:reload\n");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "1i32\n");
    let message = stderr(&output);
    assert!(message.contains("bad.fut:1:14:"), "{message}");
    assert!(message.contains("bad.fut not loaded"), "{message}");
    assert!(message.ends_with("error: no file is loaded\n"), "{message}");
}

#[test]
fn reload_reads_the_file_again() {
    let dir = temp_dir("repl-reload");
    let file = write(&dir, "lib.fut", LIBRARY.as_bytes());
    let mut child = Command::new(env!("CARGO_BIN_EXE_futc"))
        .args(["repl", &file])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("futc starts");
    let mut input = child.stdin.take().expect("a piped stdin");
    let mut output = BufReader::new(child.stdout.take().expect("a piped stdout"));
    input.write_all(b"base\n").unwrap();
    input.flush().unwrap();
    let mut first = String::new();
    output.read_line(&mut first).unwrap();
    assert_eq!(first, "10i32\n");
    std::fs::write(&file, LIBRARY.replace("10i32", "12i32")).unwrap();
    input.write_all(b"base\n:reload\nbase\n").unwrap();
    drop(input);
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut output, &mut rest).unwrap();
    assert_eq!(rest, "10i32\n12i32\n");
    assert!(child.wait().unwrap().success());
}

#[test]
fn errors_leave_the_session_going() {
    let input = "1i32 + true\n\
                 2i32\n\
                 [1i32, 2][5]\n\
                 3i32\n\
                 def bad: i32 = 1.5f32\n\
                 bad\n\
                 1 +\n\
                 \\(x: i32) -> x\n\
                 :frobnicate\n\
                 4i32\n";
    let output = futc_with_input(&["repl"], input.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "2i32\n3i32\n4i32\n");
    let message = stderr(&output);
    // Each error is located in the line as typed.
    for expected in [
        "error: <repl>:1:8:",
        "Index [5] out of bounds for array of shape [2].",
        "-> #0  <repl>:1:1-",
        "error: <repl>:1:16:",
        "error: <repl>:1:1: Unknown name \"bad\".",
        "error: <repl>:1:4:",
        "error: the value is a function and cannot be printed: i32 -> i32\n",
        "error: unknown command :frobnicate (:help lists the commands)\n",
    ] {
        assert!(message.contains(expected), "{expected:?} in:\n{message}");
    }
}

#[test]
fn quit_and_end_of_input() {
    let output = futc_with_input(&["repl"], b"1i32\n:quit\n2i32\n");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "1i32\n");
    let output = futc_with_input(&["repl"], b"5i32");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "5i32\n");
    let output = futc_with_input(&["repl"], b"");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "");
}

#[test]
fn help_lists_the_commands() {
    let output = futc_with_input(&["repl"], b":help\n");
    assert_eq!(output.status.code(), Some(0));
    let help = stdout(&output);
    for command in [":type", ":load", ":reload", ":help", ":quit"] {
        assert!(help.contains(command), "{command} in:\n{help}");
    }
}
