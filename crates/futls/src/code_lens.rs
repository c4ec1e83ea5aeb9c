//! Code lenses on `-- >>> EXPR` comment lines: each shows the value of
//! EXPR, evaluated with the interpreter in the context of the document's
//! top-level definitions, or the error that stopped it.
//!
//! The document's text (as the editor holds it) gets one entry point per
//! example appended; it is checked in a database of its own, so nothing
//! here holds a snapshot of the server's. Examples with type errors are
//! dropped and the rest checked again, lowered, optimised and run, each
//! on a thread of its own with a time limit (and a step limit where the
//! server has one, see [`crate::Limits`]).

use crate::line_index::LineIndex;
use std::collections::HashMap;
use std::ops::Range as Span;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use syntax::{TextRange, TextSize};
use tower_lsp_server::ls_types::{CodeLens, Command, Range};

/// What starts an example line, after any indentation.
const MARKER: &str = "-- >>>";
/// The entry point an example is evaluated as, numbered.
const ENTRY_PREFIX: &str = "futls_example_";
/// How long the examples of one request may run.
const TIME_LIMIT: Duration = Duration::from_secs(2);
/// The longest title shown, in characters.
const MAX_TITLE_CHARS: usize = 200;
/// The interpreter cannot be stopped: an evaluation past its time limit
/// runs on. Beyond this many running, no new one starts, so that runaway
/// examples cannot take every core.
const MAX_RUNNING: usize = 8;

static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// A document as the editor holds it, and the other files its program may
/// import (the editor's text for open ones, the disk's for the rest).
pub struct Source {
    pub path: String,
    pub text: String,
    pub files: HashMap<String, String>,
}

impl Source {
    /// A hash of everything evaluation reads: equal sources give equal
    /// lenses.
    pub fn fingerprint(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.path.hash(&mut hasher);
        self.text.hash(&mut hasher);
        let mut files: Vec<(&String, &String)> = self.files.iter().collect();
        files.sort();
        files.hash(&mut hasher);
        hasher.finish()
    }
}

/// An example line: its expression and the range of the comment.
struct Example {
    range: Range,
    expression: String,
}

/// The lenses of every example line of `source`, evaluated, each in at
/// most `steps` interpreter steps if given.
pub fn lenses(source: &Source, steps: Option<u64>) -> Vec<CodeLens> {
    let index = LineIndex::new(&source.text);
    let examples = examples(&source.text, &index);
    if examples.is_empty() {
        return Vec::new();
    }
    let outcomes = evaluate(source, &examples, steps);
    examples
        .into_iter()
        .zip(outcomes)
        .map(|(example, outcome)| CodeLens {
            range: example.range,
            command: Some(Command {
                title: shorten(&outcome),
                // No command: the lens is a label.
                command: String::new(),
                arguments: None,
            }),
            data: None,
        })
        .collect()
}

fn examples(text: &str, index: &LineIndex) -> Vec<Example> {
    let mut examples = Vec::new();
    let mut line_start = 0;
    for line in text.split('\n') {
        let content = line.strip_suffix('\r').unwrap_or(line);
        let indentation = content.len() - content.trim_start().len();
        if let Some(expression) = content[indentation..].strip_prefix(MARKER) {
            let expression = expression.trim();
            if !expression.is_empty() {
                let start = TextSize::from((line_start + indentation) as u32);
                let end = TextSize::from((line_start + content.len()) as u32);
                examples.push(Example {
                    range: index.range(TextRange::new(start, end)),
                    expression: expression.to_owned(),
                });
            }
        }
        line_start += line.len() + 1;
    }
    examples
}

/// The title of each example: `= VALUE` or `error: ...`.
fn evaluate(source: &Source, examples: &[Example], steps: Option<u64>) -> Vec<String> {
    let mut outcomes: Vec<Option<String>> = vec![None; examples.len()];
    let all: Vec<usize> = (0..examples.len()).collect();
    // First with every example, to find those with errors of their own.
    match check(source, examples, &all) {
        Err(message) => return vec![format!("error: {message}"); examples.len()],
        Ok(checked) => {
            if let Some(message) = checked.outside_examples {
                return vec![format!("error: {message}"); examples.len()];
            }
            for (example, message) in checked.in_examples {
                outcomes[example].get_or_insert(format!("error: {message}"));
            }
        }
    }
    let runnable: Vec<usize> = all
        .into_iter()
        .filter(|&example| outcomes[example].is_none())
        .collect();
    for (example, outcome) in run(source, examples, &runnable, steps) {
        outcomes[example] = Some(outcome);
    }
    outcomes
        .into_iter()
        .map(|outcome| outcome.unwrap_or_else(|| "evaluation timed out".to_owned()))
        .collect()
}

/// A program checked, and its errors in each example (by its number) and
/// the first outside them.
struct Checked {
    program: hir::CheckedProgram,
    in_examples: Vec<(usize, String)>,
    outside_examples: Option<String>,
}

/// The document with the examples `chosen` appended as entry points,
/// loaded and checked.
fn check(source: &Source, examples: &[Example], chosen: &[usize]) -> Result<Checked, String> {
    let mut text = source.text.clone();
    if !text.ends_with('\n') {
        text.push('\n');
    }
    let mut spans: Vec<(usize, Span<usize>)> = Vec::new();
    for &example in chosen {
        let start = text.len();
        text.push_str(&format!(
            "entry {ENTRY_PREFIX}{example} =\n{}\n",
            examples[example].expression
        ));
        spans.push((example, start..text.len()));
    }
    let checked = hir::load_checked(&source.path, &mut |path| {
        if path == source.path {
            return Ok(text.clone());
        }
        match source.files.get(path) {
            Some(text) => Ok(text.clone()),
            None => std::fs::read_to_string(path).map_err(|error| error.to_string()),
        }
    })?;
    let root = checked.root;
    let mut in_examples = Vec::new();
    let mut outside_examples = None;
    for error in checked.diagnostics.iter().filter(|d| d.is_error()) {
        let message = first_line(&error.message).to_owned();
        let start = usize::from(error.range.start());
        let example = spans
            .iter()
            .find(|(_, span)| error.file == root && span.contains(&start));
        match example {
            Some((example, _)) => in_examples.push((*example, message)),
            None => {
                outside_examples.get_or_insert(message);
            }
        }
    }
    Ok(Checked {
        program: checked,
        in_examples,
        outside_examples,
    })
}

/// Runs the examples `chosen`, which check without errors; those that
/// finish in time (and within `steps`, if given), with their titles.
fn run(
    source: &Source,
    examples: &[Example],
    chosen: &[usize],
    steps: Option<u64>,
) -> Vec<(usize, String)> {
    if chosen.is_empty() {
        return Vec::new();
    }
    let all_failed = |message: &str| {
        chosen
            .iter()
            .map(|&example| (example, format!("error: {}", first_line(message))))
            .collect()
    };
    let checked = match check(source, examples, chosen) {
        Ok(checked) => checked,
        Err(message) => return all_failed(&message),
    };
    if let Some(message) = checked
        .outside_examples
        .or_else(|| checked.in_examples.into_iter().next().map(|(_, m)| m))
    {
        return all_failed(&message);
    }
    let hir::CheckedProgram {
        db, file_set, root, ..
    } = &checked.program;
    let program = match lower::lower_program(db, *file_set, *root, None) {
        Ok(program) => program,
        Err(error) => return all_failed(&error.to_string()),
    };
    let mut program = program;
    if let Err(error) = opt::passes::optimise(&mut program) {
        return all_failed(&error.to_string());
    }
    let program = Arc::new(program);
    let deadline = Instant::now() + TIME_LIMIT;
    let (sender, results) = std::sync::mpsc::channel();
    let mut outcomes = Vec::new();
    for &example in chosen {
        if RUNNING.load(Ordering::SeqCst) >= MAX_RUNNING {
            outcomes.push((
                example,
                "not evaluated: earlier evaluations are still running".to_owned(),
            ));
            continue;
        }
        let program = program.clone();
        let sender = sender.clone();
        RUNNING.fetch_add(1, Ordering::SeqCst);
        let started = std::thread::Builder::new()
            .name("futls-example".into())
            .spawn(move || {
                let entry = format!("{ENTRY_PREFIX}{example}");
                let result = match steps {
                    Some(steps) => {
                        opt::interp::run_entry_bounded(&program, &entry, Vec::new(), steps)
                    }
                    None => opt::interp::run_entry(&program, &entry, Vec::new()),
                };
                RUNNING.fetch_sub(1, Ordering::SeqCst);
                // The request may have stopped waiting.
                let _ = sender.send((example, result));
            });
        if let Err(error) = started {
            RUNNING.fetch_sub(1, Ordering::SeqCst);
            outcomes.push((example, format!("error: cannot start a thread: {error}")));
        }
    }
    drop(sender);
    while let Ok((example, result)) =
        results.recv_timeout(deadline.saturating_duration_since(Instant::now()))
    {
        let title = match result {
            Ok(values) => show_values(&values),
            Err(error) => {
                let message = error.to_string();
                let message = first_line(&message);
                format!(
                    "error: {}",
                    message.strip_prefix("Error: ").unwrap_or(message)
                )
            }
        };
        outcomes.push((example, title));
    }
    outcomes
}

/// `= VALUE`, or `= (A, B)` for an entry point with several results.
fn show_values(values: &[opt::value::Value]) -> String {
    let mut shown = String::from("= ");
    if values.len() != 1 {
        shown.push('(');
    }
    for (i, value) in values.iter().enumerate() {
        if i > 0 {
            shown.push_str(", ");
        }
        opt::value::data::write_text(value, &mut shown);
    }
    if values.len() != 1 {
        shown.push(')');
    }
    shown
}

fn first_line(message: &str) -> &str {
    message.lines().next().unwrap_or_default().trim_end()
}

/// A title cut to [`MAX_TITLE_CHARS`].
fn shorten(title: &str) -> String {
    match title.char_indices().nth(MAX_TITLE_CHARS) {
        Some((cut, _)) => format!("{}…", &title[..cut]),
        None => title.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn example_lines_are_comments_starting_with_the_marker() {
        let text = "def x = 1\n  -- >>> x + 1\r\n-- >> no\n-- >>>\n-- >>> [x]";
        let found = examples(text, &LineIndex::new(text));
        let shown: Vec<_> = found
            .iter()
            .map(|e| {
                (
                    e.range.start.line,
                    e.range.start.character,
                    e.range.end.character,
                    e.expression.as_str(),
                )
            })
            .collect();
        assert_eq!(shown, [(1, 2, 14, "x + 1"), (4, 0, 10, "[x]")]);
    }

    #[test]
    fn long_titles_are_cut() {
        let long = "= ".to_owned() + &"1".repeat(300);
        let cut = shorten(&long);
        assert_eq!(cut.chars().count(), MAX_TITLE_CHARS + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(shorten("= 1"), "= 1");
    }
}
