//! What the corpus tests of `opt` share: finding the run corpus's
//! programs, lowering one, and reading the runs of its test blocks.

use opt::ir::Program;
use opt::value::Value;
use std::path::{Path, PathBuf};

/// The `.fut` files under `dir`, in sorted order.
pub fn programs(dir: &Path, out: &mut Vec<PathBuf>) {
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
pub fn lower(path: &Path) -> Option<Program> {
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
    lower::lower_program(&db, file_set, root, None).ok()
}

/// The runs of a program's test blocks with inputs written in the block:
/// entry point and arguments, read as the types of `program`'s entry
/// point (runs whose input it cannot read are left out).
pub fn runs(text: &str, program: &Program) -> Vec<(String, Vec<Value>)> {
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
        {
            for entry in &entries {
                let input = &input.as_bytes()[open + 1..close];
                if let Ok(values) = opt::interp::read_arguments(program, entry, input) {
                    out.push((entry.clone(), values));
                }
            }
        }
    }
    out
}
