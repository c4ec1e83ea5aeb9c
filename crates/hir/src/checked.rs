//! A whole program loaded into a database of its own and checked: what
//! the command line and the language server's evaluations start from.
//! [`CheckedProgram::reload`] checks it again after its files change, on
//! the same database, so that only what the changes touch is derived again.

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
    load_checked_into(RootDatabase::default(), root_paths, read)
}

/// [`load_checked_roots`] into `db`, which is empty.
fn load_checked_into(
    mut db: RootDatabase,
    root_paths: &[&str],
    read: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<(CheckedProgram, Vec<SourceFile>), String> {
    let file_set = FileSet::new(&db, Default::default());
    crate::prelude::add_prelude(&mut db, file_set);
    let roots = root_paths
        .iter()
        .map(|path| crate::load_program(&mut db, file_set, path, read))
        .collect::<Result<Vec<_>, _>>()?;
    let checked = CheckedProgram {
        diagnostics: diagnostics_of_roots(&db, file_set, &roots),
        db,
        file_set,
        root: *roots.first().expect("at least one root"),
    };
    Ok((checked, roots))
}

impl CheckedProgram {
    /// Reads the root and every file it imported again through `read`
    /// and checks the program again: files whose text changed get the
    /// new text, files that can no longer be read are dropped (imports
    /// of them become unresolved), newly imported files are loaded. The
    /// prelude and whatever the changes do not reach stay derived. The
    /// error is `read`'s for the root, which then stays as it was.
    pub fn reload(
        &mut self,
        read: &mut dyn FnMut(&str) -> Result<String, String>,
    ) -> Result<(), String> {
        use salsa::Setter;
        let root_path = self.root.path(&self.db).clone();
        let root_text = read(&root_path)?;
        let imported: Vec<SourceFile> = crate::program(&self.db, self.file_set, self.root)
            .files
            .iter()
            .copied()
            .filter(|&file| {
                file != self.root && !crate::prelude::is_prelude_path(file.path(&self.db))
            })
            .collect();
        let update = |db: &mut RootDatabase, file: SourceFile, text: String| {
            if *file.text(db) != text {
                file.set_text(db).to(text);
            }
        };
        update(&mut self.db, self.root, root_text);
        for file in imported {
            let path = file.path(&self.db).clone();
            match read(&path) {
                Ok(text) => update(&mut self.db, file, text),
                Err(_) => crate::files::remove_file(&mut self.db, self.file_set, &path),
            }
        }
        crate::load_program(&mut self.db, self.file_set, &root_path, read)?;
        self.diagnostics = diagnostics_of_roots(&self.db, self.file_set, &[self.root]);
        Ok(())
    }
}

/// The diagnostics of the programs rooted at `roots` and of each of
/// their files, each once.
fn diagnostics_of_roots(
    db: &RootDatabase,
    file_set: FileSet,
    roots: &[SourceFile],
) -> Vec<Diagnostic> {
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let mut checked_files = rustc_hash::FxHashSet::default();
    for &root in roots {
        let program = crate::program(db, file_set, root);
        for diagnostic in &program.diagnostics {
            // Roots importing the same missing file see the same problem.
            if !diagnostics.contains(diagnostic) {
                diagnostics.push(diagnostic.clone());
            }
        }
        for &file in &program.files {
            if checked_files.insert(file) {
                diagnostics.extend(crate::diagnostics::file_diagnostics(db, file_set, file));
            }
        }
    }
    diagnostics
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// Reads from `files`, as a file system that has only them.
    fn reader<'a>(
        files: &'a BTreeMap<&str, &str>,
    ) -> impl FnMut(&str) -> Result<String, String> + use<'a> {
        move |path| {
            files
                .get(path)
                .map(|text| text.to_string())
                .ok_or_else(|| format!("{path}: no such file"))
        }
    }

    fn messages(checked: &CheckedProgram) -> Vec<String> {
        checked
            .diagnostics
            .iter()
            .map(|diagnostic| diagnostic.message.clone())
            .collect()
    }

    /// After each change to the files, reloading gives the diagnostics a
    /// fresh load gives.
    #[test]
    fn reloading_agrees_with_loading_afresh() {
        let versions: [&[(&str, &str)]; 5] = [
            &[
                ("/main.fut", "import \"a\"\ndef main = x"),
                ("/a.fut", "def x = 1i32"),
            ],
            // An error in the imported file.
            &[
                ("/main.fut", "import \"a\"\ndef main = x"),
                ("/a.fut", "def x = 1i32 + true"),
            ],
            // The import disappears.
            &[("/main.fut", "import \"a\"\ndef main = x")],
            // The root imports a file it did not before.
            &[
                ("/main.fut", "import \"a\"\nimport \"b\"\ndef main = x + y"),
                ("/a.fut", "def x = 1i32"),
                ("/b.fut", "def y = 2i32"),
            ],
            // An error in the root.
            &[
                ("/main.fut", "import \"a\"\ndef main = x + undefined"),
                ("/a.fut", "def x = 1i32"),
            ],
        ];
        let first: BTreeMap<&str, &str> = versions[0].iter().copied().collect();
        let mut reloaded = load_checked("/main.fut", &mut reader(&first)).expect("the root reads");
        assert!(reloaded.diagnostics.is_empty(), "{:?}", messages(&reloaded));
        for files in &versions[1..] {
            let files: BTreeMap<&str, &str> = files.iter().copied().collect();
            reloaded
                .reload(&mut reader(&files))
                .expect("the root reads");
            let fresh = load_checked("/main.fut", &mut reader(&files)).expect("the root reads");
            assert!(!fresh.diagnostics.is_empty() || files.contains_key("/b.fut"));
            assert_eq!(messages(&reloaded), messages(&fresh), "{files:?}");
        }
    }

    #[test]
    fn an_unreadable_root_leaves_the_program_as_it_was() {
        let files = BTreeMap::from([("/main.fut", "def main = 1i32 + true")]);
        let mut checked = load_checked("/main.fut", &mut reader(&files)).expect("the root reads");
        let before = messages(&checked);
        assert!(checked.reload(&mut reader(&BTreeMap::new())).is_err());
        assert_eq!(messages(&checked), before);
    }

    /// The point of reloading: the prelude, checked once, is not checked
    /// again, and an unchanged import is not parsed again.
    #[test]
    fn reloading_after_an_edit_derives_only_what_it_touches() {
        let mut files = BTreeMap::from([
            (
                "/main.fut",
                "import \"a\"\ndef main (n: i64) = map (+1) (iota n)",
            ),
            ("/a.fut", "def x = 1i32"),
        ]);
        let (mut checked, _) = load_checked_into(
            RootDatabase::with_execution_log(),
            &["/main.fut"],
            &mut reader(&files),
        )
        .expect("the root reads");
        let first = checked.db.take_executed();
        files.insert(
            "/main.fut",
            "import \"a\"\ndef main (n: i64) = map (+2) (iota n)",
        );
        checked.reload(&mut reader(&files)).expect("the root reads");
        let executed = checked.db.take_executed();
        assert!(
            executed.len() * 10 < first.len(),
            "{} of {}",
            executed.len(),
            first.len()
        );
        let parses: Vec<&String> = executed
            .iter()
            .filter(|q| q.starts_with("parse("))
            .collect();
        assert_eq!(parses.len(), 1, "{executed:?}");
        assert!(checked.diagnostics.is_empty(), "{:?}", messages(&checked));
    }
}
