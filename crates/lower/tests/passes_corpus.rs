//! Every pass is tested by running programs before and after it: each
//! program of the run corpus (`tests/run`) is lowered, put through each
//! pipeline (to optimised SOACs, to sequential code, to multicore code),
//! and every `input` of its test blocks is run by the interpreter on the
//! lowered program and on each pipeline's result. A run that succeeds
//! must succeed with equal results (in the text data format, so that
//! NaNs compare equal), and a run that fails must fail, with the message
//! and backtrace of a failure the lowered program's sequential reading
//! reaches (what `opt::passes` guarantees): the same failure, or, where
//! fusion ran failing operations in another order, one that the lowered
//! program meets when it runs on past its failing checks (except for
//! how many frames of a stack overflow go unprinted).

mod support;

use opt::interp::{RunError, run_entry, run_entry_past_failures};
use opt::passes::{Pipeline, run_pipeline};
use opt::value::Value;
use opt::value::data::write_text;
use std::path::Path;
use support::{lower, programs, runs};

/// How a failing run's outcome starts.
const FAILURE: &str = "failure: ";

fn outcome(result: Result<Vec<Value>, RunError>) -> String {
    match result {
        Ok(values) => {
            let mut text = String::new();
            for value in &values {
                write_text(value, &mut text);
                text.push('\n');
            }
            text
        }
        // Inlining saves call frames, so a stack overflow happens a few
        // frames deeper into a recursion: the count of frames beyond the
        // printed ones may differ.
        Err(error) => format!("{FAILURE}{error}")
            .lines()
            .filter(|line| !line.trim_start().starts_with("... and "))
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

#[test]
fn optimised_programs_compute_and_fail_as_before() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/run");
    let mut paths = Vec::new();
    programs(&root, &mut paths);
    let mut compared = 0;
    let mut differences = Vec::new();
    for path in &paths {
        let Some(before) = lower(path) else {
            continue;
        };
        let text = std::fs::read_to_string(path).expect("a readable program");
        let runs = runs(&text, &before);
        for pipeline in [
            Pipeline::Soacs,
            Pipeline::Seq,
            Pipeline::Mc,
            Pipeline::SeqMem,
            Pipeline::McMem,
            Pipeline::DeviceMem,
        ] {
            let after = match run_pipeline(before.clone(), pipeline) {
                Ok(after) => after,
                Err(error) => {
                    differences.push(format!("{} ({pipeline:?}): {error}", path.display()));
                    continue;
                }
            };
            for (entry, args) in &runs {
                let expected = outcome(run_entry(&before, entry, args.clone()));
                let actual = outcome(after.run_entry(entry, args.clone()));
                compared += 1;
                let reached = || {
                    let (_, failures) = run_entry_past_failures(&before, entry, args.clone());
                    failures.into_iter().any(|f| outcome(Err(f)) == actual)
                };
                let both_fail = expected.starts_with(FAILURE) && actual.starts_with(FAILURE);
                if expected != actual && !(both_fail && reached()) {
                    differences.push(format!(
                        "{} (entry {entry}, {pipeline:?}):\nbefore: {expected}\nafter:  {actual}",
                        path.display()
                    ));
                }
            }
        }
    }
    assert!(
        differences.is_empty(),
        "{} of {compared} runs differ:\n{}",
        differences.len(),
        differences.join("\n")
    );
    assert!(compared >= 3000, "only {compared} runs were compared");
}
