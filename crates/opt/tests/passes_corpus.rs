//! Every pass is tested by running programs before and after it: each
//! program of the run corpus (`tests/run`) is lowered, optimised with
//! the whole pipeline, and every `input` of its test blocks is run by the
//! interpreter on both versions. Results must be equal (in the text data
//! format, so that NaNs compare equal) and failures must be the same,
//! message and backtrace (except for how many frames of a stack overflow
//! go unprinted).

use opt::interp::{RunError, run_entry};
use opt::ir::Program;
use opt::value::Value;
use opt::value::data::{read_values, write_text};
use std::path::{Path, PathBuf};

fn programs(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the corpus directory")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            programs(&path, out);
        } else if path.extension().is_some_and(|e| e == "fut") {
            out.push(path);
        }
    }
}

/// The program lowered to the core IR, or `None` if it does not compile
/// (the run corpus reports that).
fn lower(path: &Path) -> Option<Program> {
    let mut db = hir::RootDatabase::default();
    let file_set = hir::FileSet::new(&db, Default::default());
    hir::prelude::add_prelude(&mut db, file_set);
    let absolute = std::path::absolute(path).ok()?;
    let root_path = hir::files::normalize_path(absolute.to_str()?);
    let root = hir::load_program(&mut db, file_set, &root_path, &mut |p| {
        std::fs::read_to_string(p).map_err(|e| e.to_string())
    })
    .ok()?;
    let program = hir::program(&db, file_set, root);
    if !program.diagnostics.is_empty() {
        return None;
    }
    for &file in &program.files {
        if !hir::diagnostics::file_diagnostics(&db, file_set, file).is_empty() {
            return None;
        }
    }
    opt::lower::lower_program(&db, file_set, root, &|p: &str| p.to_owned()).ok()
}

/// The runs of a program's test blocks: entry point and arguments.
fn runs(text: &str) -> Vec<(String, Vec<Value>)> {
    let mut entries = vec!["main".to_owned()];
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("--") else {
            continue;
        };
        let rest = rest.trim();
        if rest == "==" {
            entries = vec!["main".to_owned()];
        } else if let Some(names) = rest.strip_prefix("entry:") {
            entries = names.split_whitespace().map(str::to_owned).collect();
        } else if let Some(input) = rest.strip_prefix("input")
            && let (Some(open), Some(close)) = (input.find('{'), input.rfind('}'))
            && open < close
            && let Ok(values) = read_values(&input.as_bytes()[open + 1..close])
        {
            for entry in &entries {
                out.push((entry.clone(), values.clone()));
            }
        }
    }
    out
}

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
        for (entry, args) in runs(&text) {
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
