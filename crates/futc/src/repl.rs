//! `futc repl`: reads lines of expressions, declarations and commands and
//! evaluates them with the interpreter.
//!
//! The session is a program: the loaded file's text followed by the
//! declarations entered so far. An expression is checked, lowered and run
//! as an entry point appended to it; a declaration is checked appended to
//! it and kept if it has no errors. Diagnostics in the appended line are
//! located in the line as typed.

use crate::compile::{compile_entry, contains_function, display_path, value_type};
use crate::diagnostics::{self, CheckedProgram, Excerpt};
use opt::value::data::write_text;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct ReplArgs {
    /// A program to load first: its definitions are in scope.
    file: Option<PathBuf>,
}

/// The entry point an expression is evaluated as.
const VALUE: &str = "futc_repl_value";
/// The name under which diagnostics in a typed line are shown.
const LINE_NAME: &str = "<repl>";
/// The program of a session without a loaded file, in the working
/// directory (its imports are found from there); never read or written.
const UNNAMED_ROOT: &str = "[repl].fut";

const HELP: &str = "\
Enter an expression to evaluate it, or a declaration (def, type, module,
open, import, local, entry) to add it to the session. Commands:
  :type EXPR    print the type of an expression
  :load FILE    load a program, replacing the file and declarations
  :reload       load the program's file again, forgetting declarations
  :help         print this help
  :quit         leave (so does end of input, Ctrl-D)
";

pub fn run(args: &ReplArgs) -> ExitCode {
    let mut session = Session::default();
    if let Some(file) = &args.file {
        session.load(file);
    }
    if std::io::stdin().is_terminal() {
        interactive(&mut session);
    } else {
        for line in std::io::stdin().lock().lines() {
            let line = match line {
                Ok(line) => line,
                Err(error) => {
                    eprintln!("error: cannot read standard input: {error}");
                    return ExitCode::FAILURE;
                }
            };
            if session.handle(&line) == Flow::Quit {
                break;
            }
        }
    }
    ExitCode::SUCCESS
}

/// Reads lines with line editing and history until `:quit` or end of
/// input. Ctrl-C at the prompt drops the line being typed.
fn interactive(session: &mut Session) {
    let mut editor = match rustyline::DefaultEditor::new() {
        Ok(editor) => editor,
        Err(error) => {
            eprintln!("error: cannot start the line editor: {error}");
            return;
        }
    };
    let history = history_file();
    if let Some(history) = &history {
        // A missing or unreadable history is an empty one.
        let _ = editor.load_history(history);
    }
    loop {
        match editor.readline("> ") {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                if session.handle(&line) == Flow::Quit {
                    break;
                }
            }
            Err(rustyline::error::ReadlineError::Interrupted) => {}
            Err(rustyline::error::ReadlineError::Eof) => break,
            Err(error) => {
                eprintln!("error: cannot read a line: {error}");
                break;
            }
        }
    }
    if let Some(history) = &history {
        let saved = history
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| editor.save_history(history).map_err(std::io::Error::other));
        if let Err(error) = saved {
            eprintln!(
                "warning: cannot save the history to {}: {error}",
                history.display()
            );
        }
    }
}

/// `$XDG_DATA_HOME/futc/repl-history`, or under `~/.local/share` without
/// it; none without a home directory.
fn history_file() -> Option<PathBuf> {
    let data = std::env::var_os("XDG_DATA_HOME")
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|dir| !dir.is_empty())
                .map(|home| PathBuf::from(home).join(".local/share"))
        })?;
    Some(data.join("futc").join("repl-history"))
}

#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

#[derive(Default)]
struct Session {
    /// The loaded program's file and its text.
    file: Option<(PathBuf, String)>,
    /// The declarations entered, one per line.
    declarations: String,
}

impl Session {
    fn handle(&mut self, line: &str) -> Flow {
        let line = line.trim();
        if line.is_empty() || line.starts_with("--") {
            return Flow::Continue;
        }
        let Some(command) = line.strip_prefix(':') else {
            if is_declaration(line) {
                self.declare(line);
            } else {
                self.evaluate(line);
            }
            return Flow::Continue;
        };
        let (name, argument) = command
            .split_once(char::is_whitespace)
            .map_or((command, ""), |(name, argument)| (name, argument.trim()));
        match (name, argument) {
            ("quit" | "q", "") => return Flow::Quit,
            ("help" | "h", "") => write_stdout(HELP),
            ("type" | "t", expression) if !expression.is_empty() => self.print_type(expression),
            ("load" | "l", file) if !file.is_empty() => self.load(Path::new(file)),
            ("reload" | "r", "") => match self.file.take() {
                Some((file, _)) => self.load(&file),
                None => eprintln!("error: no file is loaded"),
            },
            ("quit" | "q" | "help" | "h" | "reload" | "r", _) => {
                eprintln!("error: :{name} takes no argument");
            }
            ("type" | "t", _) => eprintln!("error: :type needs an expression"),
            ("load" | "l", _) => eprintln!("error: :load needs a file"),
            _ => eprintln!("error: unknown command :{name} (:help lists the commands)"),
        }
        Flow::Continue
    }

    /// Loads the program at `file` as the session's, forgetting the
    /// declarations; keeps the session as it was if it has errors.
    fn load(&mut self, file: &Path) {
        let text = match diagnostics::read_source(file) {
            Ok(text) => text,
            Err(message) => {
                eprintln!("error: {message}");
                return;
            }
        };
        let Ok(checked) = diagnostics::load_checked_with_root(file, Some(&text))
            .map_err(|message| eprintln!("error: {message}"))
        else {
            return;
        };
        diagnostics::report_to_stderr(&checked, file, None);
        if checked.diagnostics.iter().any(hir::Diagnostic::is_error) {
            eprintln!("error: {} not loaded", file.display());
            return;
        }
        self.file = Some((file.to_owned(), text));
        self.declarations.clear();
    }

    fn declare(&mut self, declaration: &str) {
        let prefix = self.program_text();
        let start = prefix.len();
        let text = format!("{prefix}{declaration}\n");
        if self.check(&text, start, Shown::All).is_some() {
            self.declarations.push_str(declaration);
            self.declarations.push('\n');
        }
    }

    fn evaluate(&self, expression: &str) {
        let prefix = format!("{}entry {VALUE} =\n", self.program_text());
        let start = prefix.len();
        let text = format!("{prefix}{expression}\n");
        let Some(checked) = self.load_text(&text) else {
            return;
        };
        // An entry point cannot return a function: say so before the
        // checker does, in terms of the REPL.
        if let Some(ty) = value_type(&checked, VALUE).filter(contains_function) {
            eprintln!("error: the value is a function and cannot be printed: {ty}");
            return;
        }
        let Some(checked) = report(checked, start, Shown::Errors) else {
            return;
        };
        let program = match compile_entry(&checked, VALUE) {
            Ok(program) => program,
            Err(message) => {
                eprintln!("{}", message.trim_end());
                return;
            }
        };
        match opt::interp::run_entry(&program, VALUE, Vec::new()) {
            Ok(results) => {
                let mut out = String::new();
                for value in &results {
                    write_text(value, &mut out);
                    out.push('\n');
                }
                write_stdout(&out);
            }
            Err(error) => {
                let root_name = display_path()(checked.root.path(&checked.db));
                let first_line = prefix.matches('\n').count() + 1;
                eprintln!(
                    "{}",
                    locate_in_line(&error.to_string(), &root_name, first_line)
                );
            }
        }
    }

    fn print_type(&self, expression: &str) {
        let prefix = format!("{}def {VALUE} =\n", self.program_text());
        let start = prefix.len();
        let text = format!("{prefix}{expression}\n");
        if let Some(ty) = self
            .check(&text, start, Shown::Errors)
            .as_ref()
            .and_then(|checked| value_type(checked, VALUE))
        {
            write_stdout(&format!("{ty}\n"));
        }
    }

    /// The loaded file and the declarations, ending with a newline.
    fn program_text(&self) -> String {
        let mut text = self
            .file
            .as_ref()
            .map_or_else(String::new, |(_, text)| text.clone());
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&self.declarations);
        text
    }

    /// Checks the session's program with `text` as its root file's,
    /// reporting the diagnostics from `start` on (the typed line) that
    /// `shown` asks for and any error; the checked program if it has no
    /// errors.
    fn check(&self, text: &str, start: usize, shown: Shown) -> Option<CheckedProgram> {
        let checked = self.load_text(text)?;
        report(checked, start, shown)
    }

    /// The session's program with `text` as its root file's, checked;
    /// its diagnostics are not reported.
    fn load_text(&self, text: &str) -> Option<CheckedProgram> {
        diagnostics::load_checked_with_root(&self.root_path(), Some(text))
            .map_err(|message| eprintln!("error: {message}"))
            .ok()
    }

    fn root_path(&self) -> PathBuf {
        match &self.file {
            Some((file, _)) => file.clone(),
            None => PathBuf::from(UNNAMED_ROOT),
        }
    }
}

/// Reports the diagnostics of the session's program from `start` on (the
/// typed line) that `shown` asks for and any error; the program if it has
/// no errors.
fn report(mut checked: CheckedProgram, start: usize, shown: Shown) -> Option<CheckedProgram> {
    let root_file = checked.root;
    // The loaded file's warnings were shown when it was loaded.
    checked.diagnostics.retain(|diagnostic| {
        diagnostic.is_error()
            || (shown == Shown::All
                && diagnostic.file == root_file
                && usize::from(diagnostic.range.start()) >= start)
    });
    let excerpt = Excerpt {
        start,
        name: LINE_NAME,
        first_line: 1,
        lead: "",
    };
    let root_name = PathBuf::from(display_path()(root_file.path(&checked.db)));
    diagnostics::report_to_stderr(&checked, &root_name, Some(&excerpt));
    if checked.diagnostics.iter().any(hir::Diagnostic::is_error) {
        return None;
    }
    Some(checked)
}

/// Writes `text`, the answer to a line, to standard output at once.
fn write_stdout(text: &str) {
    let mut stdout = std::io::stdout().lock();
    if let Err(error) = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        eprintln!("error: cannot write to standard output: {error}");
    }
}

/// Which diagnostics of a typed line are reported.
#[derive(PartialEq, Eq, Clone, Copy)]
enum Shown {
    All,
    /// Warnings about an expression evaluated once (such as a literal's
    /// type defaulted) would only be noise.
    Errors,
}

/// A run-time error's locations in the session's root file at or after
/// `first_line` (the typed line) as locations in the line.
fn locate_in_line(message: &str, root_name: &str, first_line: usize) -> String {
    let location = regex::Regex::new(&format!(r"{}:(\d+):", regex::escape(root_name)))
        .expect("an escaped name makes a valid pattern");
    location
        .replace_all(message, |found: &regex::Captures| {
            match found[1].parse::<usize>() {
                Ok(line) if line >= first_line => {
                    format!("{LINE_NAME}:{}:", line - first_line + 1)
                }
                _ => found[0].to_owned(),
            }
        })
        .into_owned()
}

/// Whether a line declares something rather than being an expression.
fn is_declaration(line: &str) -> bool {
    let keyword = line
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()
        .unwrap_or_default();
    matches!(
        keyword,
        "def" | "type" | "module" | "open" | "import" | "local" | "entry"
    )
}
