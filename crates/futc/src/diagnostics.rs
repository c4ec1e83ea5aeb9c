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
