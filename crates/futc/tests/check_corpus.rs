//! The project's type-checking corpus, `tests/check`: every program under
//! `ok/` must be accepted by `futc check`, and every program under `err/`
//! rejected with a message matching the regex of its `-- error:` line.

mod support;

use std::path::{Path, PathBuf};
use support::{acceptance_failure, check_rejection, corpus_programs};

fn corpus(kind: &str) -> Vec<PathBuf> {
    corpus_programs("check", kind)
}

#[test]
fn well_typed_programs_are_accepted() {
    let programs = corpus("ok");
    assert!(programs.len() >= 250, "only {} programs", programs.len());
    let failures: Vec<String> = programs
        .iter()
        .filter_map(|p| acceptance_failure(p))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn ill_typed_programs_are_rejected_with_the_expected_message() {
    let programs = corpus("err");
    assert!(programs.len() >= 150, "only {} programs", programs.len());
    let failures: Vec<String> = programs
        .iter()
        .filter_map(|path| check_rejection(path).err())
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The rendered diagnostics of every ill-typed program, as the user sees
/// them (with the path relative to the repository root).
#[test]
fn rendered_diagnostics() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    insta::glob!("../../../tests/check/err", "**/*.fut", |path| {
        let relative = path
            .strip_prefix(root.canonicalize().expect("repository root"))
            .expect("inside the repository");
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_futc"))
            .arg("check")
            .arg(relative)
            .current_dir(&root)
            .output()
            .expect("futc runs");
        insta::assert_snapshot!(String::from_utf8_lossy(&output.stderr));
    });
}
