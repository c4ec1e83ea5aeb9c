//! Reading source files and rendering diagnostics with source snippets.

use codespan_reporting::diagnostic::{Diagnostic, Label, LabelStyle};
use codespan_reporting::files::{self, Files, SimpleFiles};
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
    let writer = termcolor::StandardStream::stderr(color_choice());
    write_syntax_errors(path, text, errors, &mut writer.lock());
}

/// The syntax errors as [`report_syntax_errors`] prints them, as plain
/// text.
pub fn render_syntax_errors(path: &Path, text: &str, errors: &[syntax::SyntaxError]) -> String {
    let mut out = termcolor::NoColor::new(Vec::new());
    write_syntax_errors(path, text, errors, &mut out);
    String::from_utf8_lossy(&out.into_inner()).into_owned()
}

fn write_syntax_errors(
    path: &Path,
    text: &str,
    errors: &[syntax::SyntaxError],
    out: &mut dyn termcolor::WriteColor,
) {
    let name = path.display().to_string();
    let config = term::Config::default();
    for error in errors.iter().take(MAX_REPORTED) {
        let range = std::ops::Range::<usize>::from(error.range);
        let (line, column) = line_column(text, range.start);
        let mut files = ShortenedFiles::default();
        let (id, ranges) = files.add(name.clone(), text, &[range]);
        let diagnostic = Diagnostic::error()
            .with_message(format!("{name}:{line}:{column}: {}", error.message))
            .with_labels(vec![Label::primary(id, ranges[0].clone())]);
        // A failure to write to stderr leaves nothing better to report to.
        let _ = term::emit_to_write_style(out, &config, &files, &diagnostic);
    }
    report_unshown(out, errors.len(), "syntax errors");
}

/// How many diagnostics of one run are printed; a count says how many
/// more there were.
const MAX_REPORTED: usize = 50;

/// Says how many of `total` diagnostics were not printed, if any.
fn report_unshown(out: &mut dyn std::io::Write, total: usize, what: &str) {
    if total > MAX_REPORTED {
        let _ = writeln!(
            out,
            "... and {} more {what} (only the first {MAX_REPORTED} are shown)",
            total - MAX_REPORTED
        );
    }
}

/// The longest source line shown whole under a diagnostic.
const MAX_LINE: usize = 160;
/// How much of a long line is kept on each side of the labelled part.
const CONTEXT: usize = 60;

/// `text` with each line longer than [`MAX_LINE`] that holds the start
/// of one of `ranges` cut down to the labelled part and [`CONTEXT`]
/// bytes around it (`...` marking what was cut), and the ranges moved to
/// match, and for each line cut its index and how many characters its
/// start lost and gained (the `...`). Line numbers stay as they were.
fn shorten_long_lines(
    text: &str,
    ranges: &[std::ops::Range<usize>],
) -> (String, Vec<std::ops::Range<usize>>, Vec<ColumnShift>) {
    let mut shown = String::with_capacity(text.len().min(1 << 16));
    let mut moved = ranges.to_vec();
    let mut shifts = Vec::new();
    let mut line_start = 0;
    for (line_index, line) in text.split_inclusive('\n').enumerate() {
        let line_end = line_start + line.len();
        let in_line: Vec<usize> = (0..ranges.len())
            .filter(|&i| (line_start..line_end.max(line_start + 1)).contains(&ranges[i].start))
            .collect();
        let content = line.trim_end_matches(['\n', '\r']);
        if content.len() <= MAX_LINE || in_line.is_empty() {
            for &i in &in_line {
                moved[i] = shift(&ranges[i], line_start, shown.len());
            }
            shown.push_str(line);
        } else {
            let first = in_line
                .iter()
                .map(|&i| ranges[i].start)
                .min()
                .unwrap_or(line_start);
            let last = in_line
                .iter()
                .map(|&i| ranges[i].end.min(line_start + content.len()))
                .max()
                .unwrap_or(first);
            let from = floor_boundary(line, (first - line_start).saturating_sub(CONTEXT));
            let to = ceil_boundary(line, (last - line_start + CONTEXT).min(content.len()));
            let prefix = if from > 0 { "..." } else { "" };
            shifts.push(ColumnShift {
                line_index,
                removed: line[..from].chars().count(),
                added: prefix.len(),
            });
            let kept_start = shown.len() + prefix.len();
            shown.push_str(prefix);
            shown.push_str(&line[from..to]);
            if to < content.len() {
                shown.push_str("...");
            }
            shown.push_str(&line[content.len()..]);
            for &i in &in_line {
                let start = kept_start + (ranges[i].start - line_start - from);
                let end = kept_start + (ranges[i].end.min(line_start + to) - line_start - from);
                moved[i] = start..end.max(start);
            }
        }
        line_start = line_end;
    }
    // Ranges past every line (at the very end) keep their place.
    for (i, range) in ranges.iter().enumerate() {
        if range.start >= text.len() {
            moved[i] = shift(range, text.len(), shown.len());
        }
    }
    (shown, moved, shifts)
}

/// Where a shortened line's columns stand against the original's.
struct ColumnShift {
    line_index: usize,
    removed: usize,
    added: usize,
}

/// Source files with long lines shortened, whose columns are still
/// reported as the original's.
#[derive(Default)]
struct ShortenedFiles {
    files: SimpleFiles<String, String>,
    /// Per file id, its shortened lines.
    shifts: Vec<Vec<ColumnShift>>,
}

impl ShortenedFiles {
    /// Adds `text` shortened around `ranges`: its id and the ranges in it.
    fn add(
        &mut self,
        name: String,
        text: &str,
        ranges: &[std::ops::Range<usize>],
    ) -> (usize, Vec<std::ops::Range<usize>>) {
        let (shown, moved, shifts) = shorten_long_lines(text, ranges);
        let id = self.files.add(name, shown);
        self.shifts.push(shifts);
        (id, moved)
    }
}

impl<'a> Files<'a> for ShortenedFiles {
    type FileId = usize;
    type Name = String;
    type Source = &'a str;

    fn name(&'a self, id: usize) -> Result<String, files::Error> {
        self.files.name(id)
    }

    fn source(&'a self, id: usize) -> Result<&'a str, files::Error> {
        self.files.source(id)
    }

    fn line_index(&'a self, id: usize, byte_index: usize) -> Result<usize, files::Error> {
        self.files.line_index(id, byte_index)
    }

    fn line_range(
        &'a self,
        id: usize,
        line_index: usize,
    ) -> Result<std::ops::Range<usize>, files::Error> {
        self.files.line_range(id, line_index)
    }

    fn column_number(
        &'a self,
        id: usize,
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, files::Error> {
        let column = self.files.column_number(id, line_index, byte_index)?;
        let shift = self
            .shifts
            .get(id)
            .and_then(|shifts| shifts.iter().find(|s| s.line_index == line_index));
        Ok(match shift {
            Some(shift) => (column + shift.removed).saturating_sub(shift.added).max(1),
            None => column,
        })
    }
}

fn shift(range: &std::ops::Range<usize>, from: usize, to: usize) -> std::ops::Range<usize> {
    range.start - from + to..range.end - from + to
}

fn floor_boundary(line: &str, mut at: usize) -> usize {
    while !line.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn ceil_boundary(line: &str, mut at: usize) -> usize {
    while !line.is_char_boundary(at) {
        at += 1;
    }
    at
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
pub fn semantic_path(path: &Path) -> Result<String, String> {
    let absolute = std::path::absolute(path)
        .map_err(|error| format!("cannot resolve {}: {error}", path.display()))?;
    let text = absolute
        .to_str()
        .ok_or_else(|| format!("{} is not a UTF-8 path", path.display()))?;
    Ok(hir::files::normalize_path(text))
}

/// A program loaded and checked: its database and its diagnostics.
pub use hir::CheckedProgram;

/// Loads and checks the program rooted at `path`.
pub fn load_checked(path: &Path) -> Result<CheckedProgram, String> {
    load_checked_with_root(path, None)
}

/// Loads and checks the program rooted at `path`, whose text is
/// `root_text` when given instead of the file's (which need not exist);
/// its imports are read from disk.
pub fn load_checked_with_root(
    path: &Path,
    root_text: Option<&str>,
) -> Result<CheckedProgram, String> {
    let root_path = semantic_path(path)?;
    hir::load_checked(&root_path, &mut |p| match root_text {
        Some(text) if p == root_path => Ok(text.to_owned()),
        _ => read_source(Path::new(p)),
    })
}

/// Loads and checks the program rooted at `path`, printing its
/// diagnostics; returns how many errors it has.
pub fn check_program(path: &Path) -> Result<usize, String> {
    let checked = load_checked(path)?;
    let writer = termcolor::StandardStream::stderr(color_choice());
    report(&checked, path, None, &mut writer.lock());
    let errors = checked.diagnostics.iter().filter(|d| d.is_error()).count();
    // `futc check` exits next: freeing every memoized result one by one
    // would only add to its running time.
    std::mem::forget(checked);
    Ok(errors)
}

/// The diagnostics of a checked program rendered as plain text, those in
/// the root file's `excerpt` located in it.
pub fn render_to_string(
    checked: &CheckedProgram,
    root_name: &Path,
    excerpt: Option<&Excerpt>,
) -> String {
    let mut out = termcolor::NoColor::new(Vec::new());
    report(checked, root_name, excerpt, &mut out);
    String::from_utf8_lossy(&out.into_inner()).into_owned()
}

/// The part of a root file from `start` on, shown as a source of its own
/// named `name` whose first line is line `first_line` (a line typed into
/// the REPL, or a literate program's directive, appended to a program).
/// Its first `lead.len()` bytes are shown as `lead` (a directive's
/// expression is indented with spaces as far as the directive's comment
/// marker reaches).
pub struct Excerpt<'a> {
    pub start: usize,
    pub name: &'a str,
    pub first_line: usize,
    pub lead: &'a str,
}

impl Excerpt<'_> {
    /// What precedes the excerpt's text in the source shown, so that it
    /// starts on `first_line`.
    fn padding(&self) -> usize {
        self.first_line.saturating_sub(1)
    }

    fn source(&self, text: &str) -> String {
        let rest = &text[self.start..];
        let rest = rest.get(self.lead.len()..).unwrap_or(rest);
        format!("{}{}{rest}", "\n".repeat(self.padding()), self.lead)
    }
}

/// Prints the diagnostics of a checked program on stderr, those in the
/// root file's `excerpt` located in it.
pub fn report_to_stderr(checked: &CheckedProgram, root_name: &Path, excerpt: Option<&Excerpt>) {
    let writer = termcolor::StandardStream::stderr(color_choice());
    report(checked, root_name, excerpt, &mut writer.lock());
}

/// Renders semantic diagnostics with their related places. The root file
/// is shown under the name the user gave.
fn report(
    checked: &CheckedProgram,
    root_name: &Path,
    excerpt: Option<&Excerpt>,
    out: &mut dyn termcolor::WriteColor,
) {
    let db = &checked.db;
    let root = checked.root;
    let diagnostics = &checked.diagnostics;
    let mut files = SimpleFiles::new();
    // Each file by its id, the excerpt as `None`.
    let mut ids: Vec<(Option<hir::SourceFile>, usize)> = Vec::new();
    let mut locate = |file: hir::SourceFile,
                      range: syntax::TextRange,
                      files: &mut SimpleFiles<String, String>| {
        let mut range = std::ops::Range::<usize>::from(range);
        let key = match excerpt {
            Some(excerpt) if file == root && range.start >= excerpt.start => {
                let shift = excerpt.padding();
                range = range.start - excerpt.start + shift..range.end - excerpt.start + shift;
                None
            }
            _ => Some(file),
        };
        if let Some((_, id)) = ids.iter().find(|(f, _)| *f == key) {
            return (*id, range);
        }
        let (name, text) = match (key, excerpt) {
            (None, Some(excerpt)) => (excerpt.name.to_owned(), excerpt.source(root.text(db))),
            _ if file == root => (root_name.display().to_string(), file.text(db).clone()),
            _ => (file.path(db).clone(), file.text(db).clone()),
        };
        let id = files.add(name, text);
        ids.push((key, id));
        (id, range)
    };
    let config = term::Config::default();
    for diagnostic in diagnostics.iter().take(MAX_REPORTED) {
        let (id, range) = locate(diagnostic.file, diagnostic.range, &mut files);
        let (name, (line, column)) = match files.get(id) {
            Ok(file) => (file.name().clone(), line_column(file.source(), range.start)),
            Err(_) => (String::new(), (1, 1)),
        };
        let mut labels = vec![Label::primary(id, range)];
        for related in &diagnostic.related {
            let (related_id, related_range) = locate(related.file, related.range, &mut files);
            labels.push(
                Label::secondary(related_id, related_range).with_message(related.message.clone()),
            );
        }
        // Long lines are shown around what the labels point at: each file
        // the labels are in, shortened, in a set of files of its own.
        let mut shortened = ShortenedFiles::default();
        let mut moved_labels: Vec<Label<usize>> = Vec::new();
        let mut done: Vec<usize> = Vec::new();
        for file_id in labels.iter().map(|label| label.file_id) {
            if done.contains(&file_id) {
                continue;
            }
            done.push(file_id);
            let Ok(file) = files.get(file_id) else {
                continue;
            };
            let in_file: Vec<&Label<usize>> = labels
                .iter()
                .filter(|label| label.file_id == file_id)
                .collect();
            let ranges: Vec<std::ops::Range<usize>> =
                in_file.iter().map(|label| label.range.clone()).collect();
            let (new_id, moved) = shortened.add(file.name().clone(), file.source(), &ranges);
            for (label, range) in in_file.into_iter().zip(moved) {
                moved_labels.push(Label {
                    file_id: new_id,
                    range,
                    ..label.clone()
                });
            }
        }
        // The primary label first, as it was.
        moved_labels.sort_by_key(|label| label.style != LabelStyle::Primary);
        let labels = moved_labels;
        let rendered = match diagnostic.severity {
            hir::Severity::Error => Diagnostic::error(),
            hir::Severity::Warning => Diagnostic::warning(),
        }
        .with_message(format!("{name}:{line}:{column}: {}", diagnostic.message))
        .with_labels(labels);
        // A failure to write to stderr leaves nothing better to report to.
        let _ = term::emit_to_write_style(out, &config, &shortened, &rendered);
    }
    report_unshown(out, diagnostics.len(), "diagnostics");
}
