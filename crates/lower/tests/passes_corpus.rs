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
use std::sync::atomic::{AtomicUsize, Ordering};
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

/// The pipelines every program goes through.
const PIPELINES: [Pipeline; 6] = [
    Pipeline::Soacs,
    Pipeline::Seq,
    Pipeline::Mc,
    Pipeline::SeqMem,
    Pipeline::McMem,
    Pipeline::DeviceMem,
];

/// Compares one program's runs before and after every pipeline: the
/// number of runs compared and a description of each difference.
fn compare_program(path: &Path) -> (usize, Vec<String>) {
    let mut compared = 0;
    let mut differences = Vec::new();
    let Some(before) = lower(path) else {
        return (compared, differences);
    };
    let text = std::fs::read_to_string(path).expect("a readable program");
    let runs: Vec<_> = runs(&text, &before)
        .into_iter()
        .map(|(entry, args)| {
            let expected = outcome(run_entry(&before, &entry, args.clone()));
            (entry, args, expected)
        })
        .collect();
    for pipeline in PIPELINES {
        let after = match run_pipeline(before.clone(), pipeline) {
            Ok(after) => after,
            Err(error) => {
                differences.push(format!("{} ({pipeline:?}): {error}", path.display()));
                continue;
            }
        };
        for (entry, args, expected) in &runs {
            let actual = outcome(after.run_entry(entry, args.clone()));
            compared += 1;
            let reached = || {
                let (_, failures) = run_entry_past_failures(&before, entry, args.clone());
                failures.into_iter().any(|f| outcome(Err(f)) == actual)
            };
            let both_fail = expected.starts_with(FAILURE) && actual.starts_with(FAILURE);
            if *expected != actual && !(both_fail && reached()) {
                differences.push(format!(
                    "{} (entry {entry}, {pipeline:?}):\nbefore: {expected}\nafter:  {actual}",
                    path.display()
                ));
            }
        }
    }
    (compared, differences)
}

#[test]
fn optimised_programs_compute_and_fail_as_before() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/run");
    let mut paths = Vec::new();
    programs(&root, &mut paths);
    // The programs are independent: one worker per core takes the next
    // program until none is left.
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let results: Vec<(usize, Vec<String>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut compared = 0;
                    let mut differences = Vec::new();
                    while let Some(path) = paths.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let (count, found) = compare_program(path);
                        compared += count;
                        differences.extend(found);
                    }
                    (compared, differences)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().expect("a worker finishes"))
            .collect()
    });
    let compared: usize = results.iter().map(|(count, _)| count).sum();
    let mut differences: Vec<String> = results.into_iter().flat_map(|(_, found)| found).collect();
    differences.sort();
    assert!(
        differences.is_empty(),
        "{} of {compared} runs differ:\n{}",
        differences.len(),
        differences.join("\n")
    );
    assert!(compared >= 3000, "only {compared} runs were compared");
}
