//! A whole program loaded into a database of its own and checked: what
//! the command line and the language server's evaluations start from.

use crate::{Diagnostic, FileSet, RootDatabase, SourceFile};

/// A program with the prelude in a fresh database, and every diagnostic
/// of it and of its files.
pub struct CheckedProgram {
    pub db: RootDatabase,
    pub file_set: FileSet,
    pub root: SourceFile,
    pub diagnostics: Vec<Diagnostic>,
}

/// Loads the program rooted at `root_path` (a semantic path) and the
/// prelude into a fresh database, reading the root and its imports
/// through `read`, and checks it. The error is `read`'s for the root.
pub fn load_checked(
    root_path: &str,
    read: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<CheckedProgram, String> {
    let (checked, _) = load_checked_roots(&[root_path], read)?;
    Ok(checked)
}

/// Loads several programs (the files of a library, say) into one fresh
/// database with the prelude and checks them all, each file once. The
/// checked program's `root` is the first root; the roots come back in
/// the order given. The error is `read`'s for a root. Panics without a
/// root.
pub fn load_checked_roots(
    root_paths: &[&str],
    read: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<(CheckedProgram, Vec<SourceFile>), String> {
    let mut db = RootDatabase::default();
    let file_set = FileSet::new(&db, Default::default());
    crate::prelude::add_prelude(&mut db, file_set);
    let roots = root_paths
        .iter()
        .map(|path| crate::load_program(&mut db, file_set, path, read))
        .collect::<Result<Vec<_>, _>>()?;
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let mut checked_files = rustc_hash::FxHashSet::default();
    for &root in &roots {
        let program = crate::program(&db, file_set, root);
        for diagnostic in &program.diagnostics {
            // Roots importing the same missing file see the same problem.
            if !diagnostics.contains(diagnostic) {
                diagnostics.push(diagnostic.clone());
            }
        }
        for &file in &program.files {
            if checked_files.insert(file) {
                diagnostics.extend(crate::diagnostics::file_diagnostics(&db, file_set, file));
            }
        }
    }
    let checked = CheckedProgram {
        db,
        file_set,
        root: *roots.first().expect("at least one root"),
        diagnostics,
    };
    Ok((checked, roots))
}
