//! Source files, the set of known files, parsing, and imports.
//!
//! Files are named by normalised absolute paths with `/` separators (for the
//! embedded prelude, paths under `/prelude/`). An import resolves relative to
//! the importing file's directory with `.fut` implied, as upstream. The
//! driver (futc, futls) reads files and registers them in the [`FileSet`];
//! this module never touches the file system.

use crate::Db;
use crate::diagnostics::Diagnostic;
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use syntax::TextRange;
use syntax::ast::{self, AstNode};

/// One source file: its path and its current text.
#[salsa::input(debug)]
pub struct SourceFile {
    #[returns(ref)]
    pub path: String,
    #[returns(ref)]
    pub text: String,
}

/// Every file the database knows, by path.
#[salsa::input(debug)]
pub struct FileSet {
    #[returns(ref)]
    pub files: BTreeMap<String, SourceFile>,
}

/// The parse of a file, built from the parses of its chunks (runs of
/// top-level declarations, see `syntax::chunks`): after an edit only the
/// chunks whose text changed are parsed again, and the declarations of
/// the others keep their green nodes, so what is computed from them is
/// reused. A new parse is never equal to the old one (the tree holds the
/// text), so it is not compared.
#[salsa::tracked(returns(ref), no_eq)]
pub fn parse(db: &dyn Db, file: SourceFile) -> syntax::Parse {
    let text = file.text(db);
    let parts: Vec<(syntax::TextSize, &syntax::Parse)> = syntax::chunks(text)
        .into_iter()
        .map(|chunk| {
            let key = ChunkText::new(
                db,
                text[chunk.range].to_owned(),
                text[chunk.follower].to_owned(),
            );
            (chunk.range.start(), parse_chunk(db, key))
        })
        .collect();
    syntax::join(parts)
}

/// The offsets at which a file's lines start (the first is 0).
#[salsa::tracked(returns(ref))]
pub fn line_starts(db: &dyn Db, file: SourceFile) -> Vec<u32> {
    let mut starts = vec![0];
    starts.extend(
        file.text(db)
            .bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'\n')
            .map(|(i, _)| i as u32 + 1),
    );
    starts
}

/// The text of one chunk of a file and of the token after it, interned so
/// that equal text is one query key.
#[salsa::interned]
struct ChunkText<'db> {
    #[returns(ref)]
    text: String,
    #[returns(ref)]
    follower: String,
}

#[salsa::tracked(returns(ref))]
fn parse_chunk<'db>(db: &'db dyn Db, chunk: ChunkText<'db>) -> syntax::Parse {
    syntax::parse_chunk(chunk.text(db), chunk.follower(db))
}

/// An `import "path"`, wherever it appears (declaration or module
/// expression), with the file it names.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Import {
    /// The path as written.
    pub written: String,
    /// The normalised path of the file it refers to.
    pub resolved: String,
    /// The range of the string literal.
    pub range: TextRange,
    /// The file, if the file set has it.
    pub target: Option<SourceFile>,
}

/// The imports of a file, in source order.
#[salsa::tracked(returns(ref))]
pub fn imports(db: &dyn Db, file_set: FileSet, file: SourceFile) -> Vec<Import> {
    let root = parse(db, file).syntax_node();
    let known = file_set.files(db);
    root.descendants()
        .filter_map(|node| {
            let token = ast::ImportDecl::cast(node.clone())
                .and_then(|decl| decl.path_token())
                .or_else(|| {
                    ast::ModImport::cast(node)?
                        .syntax()
                        .children_with_tokens()
                        .filter_map(|e| e.into_token())
                        .find(|t| t.kind() == syntax::SyntaxKind::STRING)
                })?;
            let written = ast::unescape_string(token.text())?;
            let resolved = resolve_import_path(file.path(db), &written);
            Some(Import {
                target: known.get(&resolved).copied(),
                written,
                resolved,
                range: token.text_range(),
            })
        })
        .collect()
}

/// The path an import refers to: relative to the importing file's
/// directory, with `.fut` added, and `.`/`..` resolved.
pub fn resolve_import_path(importer: &str, import: &str) -> String {
    let directory = importer.rsplit_once('/').map_or("", |(dir, _)| dir);
    let joined = if import.starts_with('/') {
        format!("{import}.fut")
    } else {
        format!("{directory}/{import}.fut")
    };
    normalize_path(&joined)
}

/// Resolves `.` and `..` components and repeated separators of an absolute
/// `/`-separated path. `..` at the root stays at the root.
pub fn normalize_path(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    format!("/{}", parts.join("/"))
}

/// A whole program: a root file and every file its imports reach.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Program {
    /// The files in dependency order: every file after all files it
    /// imports; the root last.
    pub files: Vec<SourceFile>,
    /// Imports of missing files and import cycles.
    pub diagnostics: Vec<Diagnostic>,
}

/// The files of the program rooted at `root`, and the problems with its
/// imports.
#[salsa::tracked(returns(ref))]
pub fn program(db: &dyn Db, file_set: FileSet, root: SourceFile) -> Program {
    let mut walk = ImportWalk {
        db,
        file_set,
        order: Vec::new(),
        state: FxHashMap::default(),
        stack: Vec::new(),
        diagnostics: Vec::new(),
    };
    walk.visit(root);
    Program {
        files: walk.order,
        diagnostics: walk.diagnostics,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Visit {
    InProgress,
    Done,
}

/// Depth-first traversal of imports, reporting cycles and missing files.
struct ImportWalk<'db> {
    db: &'db dyn Db,
    file_set: FileSet,
    order: Vec<SourceFile>,
    state: FxHashMap<SourceFile, Visit>,
    /// The files being visited, with the import that led to the next one.
    stack: Vec<(SourceFile, Option<TextRange>)>,
    diagnostics: Vec<Diagnostic>,
}

impl ImportWalk<'_> {
    fn visit(&mut self, file: SourceFile) {
        self.state.insert(file, Visit::InProgress);
        self.stack.push((file, None));
        for import in imports(self.db, self.file_set, file) {
            let Some(target) = import.target else {
                self.diagnostics.push(Diagnostic::error(
                    file,
                    import.range,
                    format!(
                        "cannot find the imported file \"{}\" (looked for {})",
                        import.written, import.resolved
                    ),
                ));
                continue;
            };
            match self.state.get(&target) {
                Some(Visit::Done) => {}
                Some(Visit::InProgress) => self.report_cycle(file, import, target),
                None => {
                    if let Some(top) = self.stack.last_mut() {
                        top.1 = Some(import.range);
                    }
                    self.visit(target);
                }
            }
        }
        self.stack.pop();
        self.state.insert(file, Visit::Done);
        self.order.push(file);
    }

    fn report_cycle(&mut self, file: SourceFile, import: &Import, target: SourceFile) {
        let start = self
            .stack
            .iter()
            .position(|(f, _)| *f == target)
            .unwrap_or(0);
        let mut chain: Vec<String> = self.stack[start..]
            .iter()
            .map(|(f, _)| f.path(self.db).clone())
            .collect();
        chain.push(target.path(self.db).clone());
        let mut diagnostic = Diagnostic::error(
            file,
            import.range,
            format!("import cycle: {}", chain.join(" -> ")),
        );
        for (cycle_file, range) in &self.stack[start..self.stack.len() - 1] {
            if let Some(range) = range {
                diagnostic = diagnostic.with_related(*cycle_file, *range, "imported here");
            }
        }
        self.diagnostics.push(diagnostic);
    }
}

/// Loads the program rooted at `root_path` into the file set: reads the
/// root and, transitively, every file imported, through `read` (which the
/// driver implements with the file system, editor buffers, or both).
/// Files already in the set are not read again. Returns the root file, or
/// the error from reading it. Missing imports are not errors here; the
/// [`program`] query reports them.
pub fn load_program(
    db: &mut dyn Db,
    file_set: FileSet,
    root_path: &str,
    read: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<SourceFile, String> {
    let root_path = normalize_path(root_path);
    let root = match file_set.files(db).get(&root_path) {
        Some(file) => *file,
        None => {
            let text = read(&root_path)?;
            add_file(db, file_set, &root_path, text)
        }
    };
    let mut unreadable = std::collections::BTreeSet::new();
    loop {
        let missing: std::collections::BTreeSet<String> = program(db, file_set, root)
            .files
            .iter()
            .flat_map(|file| imports(db, file_set, *file))
            .filter(|import| import.target.is_none() && !unreadable.contains(&import.resolved))
            .map(|import| import.resolved.clone())
            .collect();
        if missing.is_empty() {
            return Ok(root);
        }
        for path in missing {
            match read(&path) {
                Ok(text) => {
                    add_file(db, file_set, &path, text);
                }
                Err(_) => {
                    unreadable.insert(path);
                }
            }
        }
    }
}

/// Adds (or replaces) a file in the set.
pub fn add_file(db: &mut dyn Db, file_set: FileSet, path: &str, text: String) -> SourceFile {
    use salsa::Setter;
    let file = SourceFile::new(db, path.to_string(), text);
    let mut files = file_set.files(db).clone();
    files.insert(path.to_string(), file);
    file_set.set_files(db).to(files);
    file
}

/// Removes a file from the set (it was deleted); imports of it become
/// unresolved until it is added again.
pub fn remove_file(db: &mut dyn Db, file_set: FileSet, path: &str) {
    use salsa::Setter;
    let mut files = file_set.files(db).clone();
    if files.remove(path).is_some() {
        file_set.set_files(db).to(files);
    }
}
