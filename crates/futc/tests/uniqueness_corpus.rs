//! The uniqueness corpus, `tests/uniqueness`: every program under `ok/`
//! must be accepted by `futc check`, and every program under `err/`
//! rejected with a message matching the regex of its `-- error:` line
//! (the convention of `tests/check`), showing each `-- related:` note
//! (where it was consumed, what aliases it, why it is not consumable).

mod support;

use std::path::PathBuf;
use support::{corpus_programs, expected_error, futc, stderr};

fn corpus(kind: &str) -> Vec<PathBuf> {
    corpus_programs("uniqueness", kind)
}

/// The notes of a program's `-- related:` lines.
fn expected_related(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.strip_prefix("-- related:"))
        .map(str::trim)
        .collect()
}

#[test]
fn programs_respecting_uniqueness_are_accepted() {
    let programs = corpus("ok");
    assert!(programs.len() >= 80, "only {} programs", programs.len());
    let failures: Vec<String> = programs
        .iter()
        .filter_map(|path| {
            let output = futc(&["check", path.to_str().expect("UTF-8 path")]);
            (output.status.code() != Some(0))
                .then(|| format!("{}:\n{}", path.display(), stderr(&output)))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn programs_violating_uniqueness_are_rejected_with_the_expected_message() {
    let programs = corpus("err");
    assert!(programs.len() >= 80, "only {} programs", programs.len());
    let failures: Vec<String> = programs
        .iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(path).expect("readable test program");
            let expected = expected_error(&text)
                .unwrap_or_else(|| panic!("{} has no error expectation", path.display()));
            let output = futc(&["check", path.to_str().expect("UTF-8 path")]);
            let message = stderr(&output);
            if output.status.code() != Some(2) {
                return Some(format!("{}: accepted", path.display()));
            }
            if !expected.is_match(&message) {
                return Some(format!(
                    "{}: expected /{expected}/, got:\n{message}",
                    path.display()
                ));
            }
            let missing: Vec<&str> = expected_related(&text)
                .into_iter()
                .filter(|note| !message.contains(note))
                .collect();
            (!missing.is_empty()).then(|| {
                format!(
                    "{}: missing related notes {missing:?} in:\n{message}",
                    path.display()
                )
            })
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every rule of the checker has rejected programs in the corpus (one
/// directory per rule).
#[test]
fn every_rule_is_covered() {
    for rule in [
        "use_after_consume",
        "not_consumable",
        "in_place_aliasing",
        "higher_order",
        "results",
        "loops",
    ] {
        let found = corpus(&format!("err/{rule}"));
        assert!(found.len() >= 5, "{rule}: only {} programs", found.len());
    }
}
