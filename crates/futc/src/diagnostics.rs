//! Reading source files and rendering diagnostics with source snippets.

use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor};
use std::path::Path;

/// Reads a source file as UTF-8, with a message naming the file on failure.
pub fn read_source(path: &Path) -> Result<String, String> {
    let bytes =
        std::fs::read(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    String::from_utf8(bytes).map_err(|error| {
        let offset = error.utf8_error().valid_up_to();
        let line = error.as_bytes()[..offset]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        format!(
            "{}:{line}: the file is not valid UTF-8 (at byte {offset})",
            path.display()
        )
    })
}

/// Prints each syntax error as `file:line:col: error: message` followed by
/// the source line with the error underlined.
pub fn report_syntax_errors(path: &Path, text: &str, errors: &[syntax::SyntaxError]) {
    let name = path.display().to_string();
    let file = SimpleFile::new(name.as_str(), text);
    let writer = termcolor::StandardStream::stderr(color_choice());
    let config = term::Config::default();
    let mut out = writer.lock();
    for error in errors {
        let range = std::ops::Range::<usize>::from(error.range);
        let (line, column) = line_column(text, range.start);
        let diagnostic = Diagnostic::error()
            .with_message(format!("{name}:{line}:{column}: {}", error.message))
            .with_labels(vec![Label::primary((), range)]);
        // A failure to write to stderr leaves nothing better to report to.
        let _ = term::emit_to_write_style(&mut out, &config, &file, &diagnostic);
    }
}

/// One-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

fn color_choice() -> termcolor::ColorChoice {
    if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        termcolor::ColorChoice::Auto
    } else {
        termcolor::ColorChoice::Never
    }
}

/// The path of a file as the semantic layer names it: absolute, with `/`
/// separators and no `.` or `..`.
fn semantic_path(path: &Path) -> Result<String, String> {
    let absolute = std::path::absolute(path)
        .map_err(|error| format!("cannot resolve {}: {error}", path.display()))?;
    let text = absolute
        .to_str()
        .ok_or_else(|| format!("{} is not a UTF-8 path", path.display()))?;
    Ok(hir::files::normalize_path(text))
}

/// A program loaded and checked: its database and its diagnostics.
pub struct CheckedProgram {
    pub db: hir::RootDatabase,
    pub file_set: hir::FileSet,
    pub root: hir::SourceFile,
    pub diagnostics: Vec<hir::Diagnostic>,
}

/// Loads and checks the program rooted at `path`.
pub fn load_checked(path: &Path) -> Result<CheckedProgram, String> {
    let mut db = hir::RootDatabase::default();
    let file_set = hir::FileSet::new(&db, Default::default());
    hir::prelude::add_prelude(&mut db, file_set);
    let root_path = semantic_path(path)?;
    let root = hir::load_program(&mut db, file_set, &root_path, &mut |p| {
        read_source(Path::new(p))
    })?;
    let program = hir::program(&db, file_set, root);
    let mut diagnostics = program.diagnostics.clone();
    for &file in &program.files {
        diagnostics.extend(hir::diagnostics::file_diagnostics(&db, file_set, file));
    }
    Ok(CheckedProgram {
        db,
        file_set,
        root,
        diagnostics,
    })
}

/// Loads and checks the program rooted at `path`, printing its
/// diagnostics; returns how many errors it has.
pub fn check_program(path: &Path) -> Result<usize, String> {
    let checked = load_checked(path)?;
    let writer = termcolor::StandardStream::stderr(color_choice());
    report(&checked, path, &mut writer.lock());
    let errors = checked.diagnostics.iter().filter(|d| d.is_error()).count();
    // `futc check` exits next: freeing every memoized result one by one
    // would only add to its running time.
    std::mem::forget(checked);
    Ok(errors)
}

/// The diagnostics of a checked program rendered as plain text.
pub fn render_to_string(checked: &CheckedProgram, root_name: &Path) -> String {
    let mut out = termcolor::NoColor::new(Vec::new());
    report(checked, root_name, &mut out);
    String::from_utf8_lossy(&out.into_inner()).into_owned()
}

/// Renders semantic diagnostics with their related places. The root file
/// is shown under the name the user gave.
fn report(checked: &CheckedProgram, root_name: &Path, out: &mut dyn termcolor::WriteColor) {
    let db = &checked.db;
    let root = checked.root;
    let diagnostics = &checked.diagnostics;
    use codespan_reporting::files::SimpleFiles;
    let mut files = SimpleFiles::new();
    let mut ids: Vec<(hir::SourceFile, usize)> = Vec::new();
    let mut id_of = |file: hir::SourceFile, files: &mut SimpleFiles<String, String>| {
        if let Some((_, id)) = ids.iter().find(|(f, _)| *f == file) {
            return *id;
        }
        let name = if file == root {
            root_name.display().to_string()
        } else {
            file.path(db).clone()
        };
        let id = files.add(name, file.text(db).clone());
        ids.push((file, id));
        id
    };
    let config = term::Config::default();
    for diagnostic in diagnostics {
        let id = id_of(diagnostic.file, &mut files);
        let range = std::ops::Range::<usize>::from(diagnostic.range);
        let (line, column) = line_column(diagnostic.file.text(db), range.start);
        let name = files.get(id).map(|f| f.name().clone()).unwrap_or_default();
        let mut labels = vec![Label::primary(id, range)];
        for related in &diagnostic.related {
            let related_id = id_of(related.file, &mut files);
            labels.push(
                Label::secondary(related_id, std::ops::Range::<usize>::from(related.range))
                    .with_message(related.message.clone()),
            );
        }
        let rendered = match diagnostic.severity {
            hir::Severity::Error => Diagnostic::error(),
            hir::Severity::Warning => Diagnostic::warning(),
        }
        .with_message(format!("{name}:{line}:{column}: {}", diagnostic.message))
        .with_labels(labels);
        // A failure to write to stderr leaves nothing better to report to.
        let _ = term::emit_to_write_style(out, &config, &files, &rendered);
    }
}
