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
    let mut db = RootDatabase::default();
    let file_set = FileSet::new(&db, Default::default());
    crate::prelude::add_prelude(&mut db, file_set);
    let root = crate::load_program(&mut db, file_set, root_path, read)?;
    let program = crate::program(&db, file_set, root);
    let mut diagnostics = program.diagnostics.clone();
    for &file in &program.files {
        diagnostics.extend(crate::diagnostics::file_diagnostics(&db, file_set, file));
    }
    Ok(CheckedProgram {
        db,
        file_set,
        root,
        diagnostics,
    })
}
