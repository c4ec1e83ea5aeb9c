//! The uniqueness corpus, `tests/uniqueness`: every program under `ok/`
//! must be accepted by `futc check`, and every program under `err/`
//! rejected with a message matching the regex of its `-- error:` line
//! (the convention of `tests/check`), showing each `-- related:` note
//! (where it was consumed, what aliases it, why it is not consumable).

mod support;

use std::path::PathBuf;
use support::{acceptance_failure, check_rejection, corpus_programs};

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
        .filter_map(|p| acceptance_failure(p))
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
            let (text, message) = match check_rejection(path) {
                Ok(checked) => checked,
                Err(failure) => return Some(failure),
            };
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
