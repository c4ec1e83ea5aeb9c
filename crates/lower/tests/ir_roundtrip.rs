//! The printed IR reads back as the program printed: every program of
//! the run corpus (`tests/run`), lowered and then put through each
//! pipeline (to optimised SOACs, to sequential code, to multicore code,
//! and both with memory),
//! is printed and parsed, and the parsed program must equal the printed
//! one (but for the names of variables that occur nowhere, which are not
//! printed) and pass the IR checker.

#[allow(dead_code)]
mod support;

use opt::ir::analysis::Types;
use opt::ir::{Program, Rep, Var};
use opt::passes::{LevelProgram, Pipeline, run_pipeline};
use std::path::Path;
use support::{lower, programs};

/// The program as it reads back: variables that occur nowhere are
/// called `v`, and the record of fusions (for tools, not printed) is
/// empty.
fn without_unprinted_names<R: Rep>(program: &Program<R>) -> Program<R> {
    let types = Types::of_program(program);
    let mut expected = program.clone();
    expected.fusions.clear();
    for (i, name) in expected.var_names.iter_mut().enumerate() {
        if types.get(Var(i as u32)).is_none() {
            *name = "v".to_owned();
        }
    }
    expected
}

/// The first line where two renderings differ, with its number.
fn first_difference(expected: &str, actual: &str) -> String {
    let mut expected_lines = expected.lines();
    let mut actual_lines = actual.lines();
    for number in 1.. {
        match (expected_lines.next(), actual_lines.next()) {
            (None, None) => break,
            (e, a) if e != a => {
                return format!(
                    "line {number}:\n  expected {}\n  parsed   {}",
                    e.unwrap_or("<end>"),
                    a.unwrap_or("<end>")
                );
            }
            _ => {}
        }
    }
    "no difference in their debug renderings".to_owned()
}

/// Prints, parses and compares; `None` if the program reads back.
fn round_trip(program: &LevelProgram) -> Option<String> {
    let text = program.print();
    let parsed = match LevelProgram::parse(&text) {
        Ok(parsed) => parsed,
        Err(error) => {
            let line = text.lines().nth(error.line - 1).unwrap_or_default();
            return Some(format!("does not parse: {error}\n  {line}"));
        }
    };
    let expected = match program {
        LevelProgram::Soacs(p) => LevelProgram::Soacs(without_unprinted_names(p)),
        LevelProgram::Seq(p) => LevelProgram::Seq(without_unprinted_names(p)),
        LevelProgram::Mc(p) => LevelProgram::Mc(without_unprinted_names(p)),
        LevelProgram::SeqMem(p) => LevelProgram::SeqMem(without_unprinted_names(p)),
        LevelProgram::McMem(p) => LevelProgram::McMem(without_unprinted_names(p)),
    };
    if parsed != expected {
        return Some(format!(
            "reads back as another program, {}",
            first_difference(&format!("{expected:#?}"), &format!("{parsed:#?}"))
        ));
    }
    parsed
        .check()
        .err()
        .map(|error| format!("reads back ill-typed: {error}"))
}

#[test]
fn printed_programs_of_every_level_read_back() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/run");
    let mut paths = Vec::new();
    programs(&root, &mut paths);
    let mut compared = 0;
    let mut failures = Vec::new();
    for path in &paths {
        let Some(lowered) = lower(path) else {
            continue;
        };
        let mut stages = vec![("lowered".to_owned(), LevelProgram::Soacs(lowered.clone()))];
        for pipeline in [
            Pipeline::Soacs,
            Pipeline::Seq,
            Pipeline::Mc,
            Pipeline::SeqMem,
            Pipeline::McMem,
        ] {
            match run_pipeline(lowered.clone(), pipeline) {
                Ok(program) => stages.push((format!("{pipeline:?}"), program)),
                Err(error) => failures.push(format!("{} ({pipeline:?}): {error}", path.display())),
            }
        }
        for (stage, program) in &stages {
            compared += 1;
            if let Some(failure) = round_trip(program) {
                failures.push(format!("{} ({stage}): {failure}", path.display()));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {compared} programs do not read back:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(compared >= 600, "only {compared} programs were compared");
}
