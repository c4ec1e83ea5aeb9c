//! Checking never panics: on every shipped program, and on random
//! token-level mutations of them (deleted, duplicated and swapped tokens).

use hir::prelude::add_prelude;
use hir::{FileSet, RootDatabase};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "fut")
            && let Ok(text) = std::fs::read_to_string(&path)
        {
            out.push(text);
        }
    }
}

fn corpus() -> &'static [String] {
    static CORPUS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    CORPUS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut programs = Vec::new();
        collect(&root.join("../syntax/test_data/parser"), &mut programs);
        collect(&root.join("../../examples"), &mut programs);
        collect(&root.join("../../tests"), &mut programs);
        assert!(programs.len() > 100, "the corpus is missing programs");
        programs
    })
}

/// Checks `text` as a program, with the prelude, and every file's
/// diagnostics. Panics propagate and fail the test.
fn check(text: &str) {
    let mut db = RootDatabase::default();
    let file_set = FileSet::new(&db, BTreeMap::new());
    add_prelude(&mut db, file_set);
    let file = hir::files::add_file(&mut db, file_set, "/main.fut", text.to_string());
    let program = hir::program(&db, file_set, file);
    for &f in &program.files {
        for diagnostic in hir::diagnostics::file_diagnostics(&db, file_set, f) {
            assert!(usize::from(diagnostic.range.end()) <= f.text(&db).len());
        }
    }
    let offsets = (0..=text.len()).step_by(23);
    for offset in offsets {
        let offset = syntax::TextSize::from(offset as u32);
        hir::ide::type_at(&db, file_set, file, offset);
        hir::ide::definition_at(&db, file_set, file, offset);
    }
}

#[test]
fn every_shipped_program_checks_without_panicking() {
    for program in corpus() {
        check(program);
    }
}

fn token_texts(text: &str) -> Vec<&str> {
    let (tokens, _) = syntax::lexer::tokenize(text);
    let mut offset = 0;
    tokens
        .iter()
        .map(|token| {
            let len = u32::from(token.len) as usize;
            let piece = &text[offset..offset + len];
            offset += len;
            piece
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn mutated_programs_check_without_panicking(
        index in any::<usize>(),
        edits in prop::collection::vec((0u8..3, any::<usize>(), any::<usize>()), 1..6),
    ) {
        let programs = corpus();
        let program = &programs[index % programs.len()];
        let mut pieces = token_texts(program);
        for (kind, a, b) in edits {
            if pieces.is_empty() {
                break;
            }
            let len = pieces.len();
            match kind {
                0 => {
                    pieces.remove(a % len);
                }
                1 => {
                    let piece = pieces[a % len];
                    pieces.insert(a % len, piece);
                }
                _ => pieces.swap(a % len, b % len),
            }
        }
        check(&pieces.concat());
    }
}
