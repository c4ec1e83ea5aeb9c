//! Files, imports and program loading, on an in-memory file system.

use hir::files::{self, resolve_import_path};
use hir::{FileSet, RootDatabase, SourceFile};
use salsa::Setter;
use std::collections::BTreeMap;

fn reader(files: &[(&str, &str)]) -> impl FnMut(&str) -> Result<String, String> + use<> {
    let map: BTreeMap<String, String> = files
        .iter()
        .map(|(path, text)| (path.to_string(), text.to_string()))
        .collect();
    move |path| {
        map.get(path)
            .cloned()
            .ok_or_else(|| format!("no file {path}"))
    }
}

fn load(db: &mut RootDatabase, files: &[(&str, &str)], root: &str) -> (FileSet, SourceFile) {
    let file_set = FileSet::new(db, BTreeMap::new());
    let root = files::load_program(db, file_set, root, &mut reader(files)).expect("root loads");
    (file_set, root)
}

fn paths(db: &RootDatabase, files: &[SourceFile]) -> Vec<String> {
    files.iter().map(|f| f.path(db).clone()).collect()
}

#[test]
fn import_paths_are_relative_with_fut_implied() {
    assert_eq!(resolve_import_path("/a/b/main.fut", "lib"), "/a/b/lib.fut");
    assert_eq!(
        resolve_import_path("/a/b/main.fut", "../c/./d"),
        "/a/c/d.fut"
    );
    assert_eq!(
        resolve_import_path("/main.fut", "lib/github.com/x/y"),
        "/lib/github.com/x/y.fut"
    );
    assert_eq!(resolve_import_path("/a/main.fut", "../../x"), "/x.fut");
}

#[test]
fn program_lists_files_in_dependency_order() {
    let mut db = RootDatabase::default();
    let sources = [
        (
            "/p/main.fut",
            "import \"lib/util\"\nmodule M = import \"other\"\ndef main = 1",
        ),
        ("/p/lib/util.fut", "import \"../other\"\ndef u = 2"),
        ("/p/other.fut", "def o = 3"),
    ];
    let (file_set, root) = load(&mut db, &sources, "/p/main.fut");
    let program = files::program(&db, file_set, root);
    assert_eq!(
        paths(&db, &program.files),
        vec!["/p/other.fut", "/p/lib/util.fut", "/p/main.fut"]
    );
    assert!(program.diagnostics.is_empty(), "{:?}", program.diagnostics);
}

#[test]
fn missing_imports_are_located_errors() {
    let mut db = RootDatabase::default();
    let sources = [("/p/main.fut", "def x = 1\nimport \"nowhere\"\n")];
    let (file_set, root) = load(&mut db, &sources, "/p/main.fut");
    let program = files::program(&db, file_set, root);
    assert_eq!(program.diagnostics.len(), 1);
    let diagnostic = &program.diagnostics[0];
    assert_eq!(
        diagnostic.message,
        "cannot find the imported file \"nowhere\" (looked for /p/nowhere.fut)"
    );
    assert_eq!(u32::from(diagnostic.range.start()), 17);
    assert_eq!(u32::from(diagnostic.range.end()), 26);
}

#[test]
fn import_cycles_name_the_chain() {
    let mut db = RootDatabase::default();
    let sources = [
        ("/main.fut", "import \"a\""),
        ("/a.fut", "import \"b\""),
        ("/b.fut", "import \"a\""),
    ];
    let (file_set, root) = load(&mut db, &sources, "/main.fut");
    let program = files::program(&db, file_set, root);
    assert_eq!(program.diagnostics.len(), 1, "{:?}", program.diagnostics);
    let diagnostic = &program.diagnostics[0];
    assert_eq!(
        diagnostic.message,
        "import cycle: /a.fut -> /b.fut -> /a.fut"
    );
    assert_eq!(diagnostic.file.path(&db), "/b.fut");
    assert_eq!(diagnostic.related.len(), 1);
    assert_eq!(diagnostic.related[0].file.path(&db), "/a.fut");
    assert_eq!(diagnostic.related[0].message, "imported here");
}

#[test]
fn unreadable_root_is_an_error() {
    let mut db = RootDatabase::default();
    let file_set = FileSet::new(&db, BTreeMap::new());
    let result = files::load_program(&mut db, file_set, "/missing.fut", &mut reader(&[]));
    assert_eq!(result, Err("no file /missing.fut".to_string()));
}

#[test]
fn editing_one_file_reparses_only_that_file() {
    let mut db = RootDatabase::with_execution_log();
    let sources = [
        ("/main.fut", "import \"a\"\nimport \"b\"\ndef main = 1"),
        ("/a.fut", "def a = 1"),
        ("/b.fut", "def b = 2"),
    ];
    let (file_set, root) = load(&mut db, &sources, "/main.fut");
    let a = file_set.files(&db)["/a.fut"];
    let _ = files::program(&db, file_set, root);
    db.take_executed();

    a.set_text(&mut db).to("def a = 10".to_string());
    let program = files::program(&db, file_set, root);
    assert_eq!(program.files.len(), 3);
    let executed = db.take_executed();
    let parses: Vec<_> = executed
        .iter()
        .filter(|q| q.starts_with("parse("))
        .collect();
    assert_eq!(parses.len(), 1, "{executed:?}");
    let chunks: Vec<_> = executed
        .iter()
        .filter(|q| q.starts_with("parse_chunk("))
        .collect();
    assert_eq!(chunks.len(), 1, "{executed:?}");
    // The import lists are unchanged, so the program is not recomputed.
    assert!(
        !executed.iter().any(|q| q.starts_with("program")),
        "{executed:?}"
    );
}
