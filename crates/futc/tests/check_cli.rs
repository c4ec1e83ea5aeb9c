//! The `futc check` command: whole programs with imports and the prelude,
//! type errors rendered with their location, exit codes.

mod support;

use support::{futc, stderr, temp_dir, write};

#[test]
fn well_typed_program_using_the_prelude_exits_zero() {
    let dir = temp_dir("check-ok");
    write(
        &dir,
        "lib/util.fut",
        b"def square (x: f32) = x * x\nmodule stats = { def mean [n] (xs: [n]f32) = f32.sum xs / f32.i64 n }\n",
    );
    let main = write(
        &dir,
        "main.fut",
        b"import \"lib/util\"\n\
          entry main (xs: []f32) : f32 = stats.mean (map square xs)\n\
          entry count (xs: []i32) = xs |> filter (> 0) |> length\n",
    );
    let output = futc(&["check", &main]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(output.stderr.is_empty());
    assert!(output.stdout.is_empty());
}

#[test]
fn warnings_are_located_and_do_not_fail_the_check() {
    let dir = temp_dir("check-warning");
    let main = write(
        &dir,
        "main.fut",
        b"def double x = x + x
\nentry main = double 2i32
",
    );
    let output = futc(&["check", &main]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let message = stderr(&output);
    assert!(
        message.contains("warning: ")
            && message.contains("main.fut:1:12: Defaulting ambiguous type to i32."),
        "{message}"
    );
}

#[test]
fn type_errors_are_located_and_exit_two() {
    let dir = temp_dir("check-type-error");
    let main = write(
        &dir,
        "main.fut",
        b"def inc (x: i32) = x + 1\n\ndef bad = inc 2.5f32\n",
    );
    let output = futc(&["check", &main]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains(&format!(
            "{main}:3:15: Cannot apply \"inc\" to \"2.5f32\" (invalid type).\nExpected: i32\nActual:   f32"
        )),
        "{message}"
    );
    assert!(message.contains("3 │ def bad = inc 2.5f32"), "{message}");
}

#[test]
fn syntax_errors_and_unknown_names_are_reported_together() {
    let dir = temp_dir("check-several");
    let main = write(&dir, "main.fut", b"def a = (1 +\ndef b = nothing\n");
    let output = futc(&["check", &main]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains(":2:1: Unexpected token: 'def'. Expected ')'."),
        "{message}"
    );
    assert!(
        message.contains(":2:9: Unknown name \"nothing\"."),
        "{message}"
    );
}

#[test]
fn import_problems_are_reported_at_the_import() {
    let dir = temp_dir("check-imports");
    write(&dir, "a.fut", b"import \"b\"\ndef a = 1\n");
    write(&dir, "b.fut", b"import \"a\"\ndef b = 2\n");
    let main = write(&dir, "main.fut", b"import \"a\"\nimport \"missing\"\n");
    let output = futc(&["check", &main]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains(":2:8: cannot find the imported file \"missing\""),
        "{message}"
    );
    assert!(message.contains("import cycle:"), "{message}");
    assert!(message.contains("imported here"), "{message}");
}

#[test]
fn unreadable_root_is_a_clear_error() {
    let output = futc(&["check", "/nonexistent/prog.fut"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("error: cannot read /nonexistent/prog.fut"),
        "{}",
        stderr(&output)
    );
}
