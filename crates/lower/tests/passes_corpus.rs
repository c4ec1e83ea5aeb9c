//! Every pass is tested by running programs before and after it: each
//! program of the run corpus (`tests/run`) is lowered, optimised with
//! the whole pipeline, and every `input` of its test blocks is run by the
//! interpreter on both versions. Results must be equal (in the text data
//! format, so that NaNs compare equal) and failures must be the same,
//! message and backtrace (except for how many frames of a stack overflow
//! go unprinted).

mod support;

use opt::interp::{RunError, run_entry};
use opt::value::Value;
use opt::value::data::write_text;
use std::path::Path;
use support::{lower, programs, runs};

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
        Err(error) => format!("failure: {error}")
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
        let mut after = before.clone();
        if let Err(error) = opt::passes::optimise(&mut after) {
            differences.push(format!("{}: {error}", path.display()));
            continue;
        }
        let text = std::fs::read_to_string(path).expect("a readable program");
        for (entry, args) in runs(&text, &before) {
            let expected = outcome(run_entry(&before, &entry, args.clone()));
            let actual = outcome(run_entry(&after, &entry, args));
            compared += 1;
            if expected != actual {
                differences.push(format!(
                    "{} (entry {entry}):\nbefore: {expected}\nafter:  {actual}",
                    path.display()
                ));
            }
        }
    }
    assert!(
        differences.is_empty(),
        "{} of {compared} runs differ:\n{}",
        differences.len(),
        differences.join("\n")
    );
    assert!(compared >= 600, "only {compared} runs were compared");
}
