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

#[test]
fn long_lines_are_shown_around_the_error_with_its_real_column() {
    let dir = temp_dir("check-long-line");
    let padding = "x + ".repeat(100);
    let file = write(
        &dir,
        "long.fut",
        format!("def f (x: i32) = {padding}nowhere\n").as_bytes(),
    );
    let output = futc(&["check", &file]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    let column = "def f (x: i32) = ".len() + padding.len() + 1;
    assert!(
        err.contains(&format!("long.fut:1:{column}: Unknown name")),
        "{err}"
    );
    assert!(
        err.contains(&format!("┌─ {file}:1:{column}")) || err.contains(&format!(":1:{column}\n")),
        "{err}"
    );
    assert!(err.contains("...x + x"), "{err}");
    assert!(err.lines().all(|line| line.chars().count() < 200), "{err}");
}

#[test]
fn errors_beyond_fifty_are_counted_not_printed() {
    let dir = temp_dir("check-many-errors");
    let program: String = (0..60)
        .map(|i| format!("def f{i} = nowhere{i}\n"))
        .collect();
    let file = write(&dir, "many.fut", program.as_bytes());
    let output = futc(&["check", &file]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert_eq!(err.matches("Unknown name").count(), 50, "{err}");
    assert!(err.contains("... and 10 more diagnostics"), "{err}");
}

#[test]
fn a_run_of_unclosed_brackets_is_one_error() {
    let dir = temp_dir("check-unclosed");
    let file = write(
        &dir,
        "unclosed.fut",
        format!("def f (x: i32) = {}x\n", "(".repeat(4000)).as_bytes(),
    );
    let output = futc(&["check", &file]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert_eq!(err.matches("error:").count(), 1, "{err}");
}

#[test]
fn long_chains_of_bindings_check_without_exhausting_the_stack() {
    let dir = temp_dir("check-long-chain");
    let lets: String = (0..20_000)
        .map(|i| format!("  let x{i} = x + {}\n", i % 7))
        .collect();
    let file = write(
        &dir,
        "chain.fut",
        format!("def main (x: i32) =\n{lets}  in x19999\n").as_bytes(),
    );
    let output = futc(&["check", &file]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let nested = format!(
        "def main (x: i32) = {}x{}\n",
        "(".repeat(20_000),
        ")".repeat(20_000)
    );
    let file = write(&dir, "nested.fut", nested.as_bytes());
    let output = futc(&["check", &file]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}
