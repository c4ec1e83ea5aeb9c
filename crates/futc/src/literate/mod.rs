//! `futc literate FILE`: a program with prose in its comments and `-- >`
//! directives becomes Markdown with the directives' results (values,
//! images, plots, videos), as upstream's `futhark literate` makes it.
//!
//! Each directive's expression (each field, for a plot of a record)
//! becomes an entry point without parameters appended to the program,
//! its expression on a line of its own at the column it has in the
//! directive, so that diagnostics and run-time errors in it are located
//! in the directive. The program is checked once with all of them (again
//! without those with errors), compiled once, and each is run with the
//! interpreter or a compiled server.

mod document;
mod image;
mod output;
mod units;

use crate::c_backend::{CBackend, fnv1a};
use crate::diagnostics;
use crate::interpreter::InterpreterBackend;
use crate::test_runner::{BACKENDS, Compiled, INTERPRETER};
use document::{Block, Directive, Shown};
use output::{Evaluated, ImageDirectory, render_result};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use units::{Evaluation, Unit, syntax_failure, units_of};

#[derive(clap::Args)]
pub struct LiterateArgs {
    /// The literate program.
    file: PathBuf,
    /// Evaluate the directives with this backend: the interpreter, or
    /// the program compiled as a server with a C backend.
    #[arg(long, default_value = INTERPRETER, value_parser = BACKENDS)]
    backend: String,
    /// The Markdown file to write (default: FILE with the extension
    /// `.md`); images go to the directory beside it named after it
    /// without its extension, with `-img` appended.
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Pass an option to the compiled program's server, such as `-d` for
    /// an OpenCL device (may be given again; not with the interpreter).
    #[arg(short = 'p', long, value_name = "OPT", allow_hyphen_values = true)]
    pass_option: Vec<String>,
    /// Stop at the first directive that fails and write no Markdown
    /// (otherwise the failure is shown in the Markdown).
    #[arg(long)]
    stop_on_error: bool,
    /// Name each directive on standard error as it runs.
    #[arg(short, long)]
    verbose: bool,
}

/// Exit code when a directive fails.
const EXIT_FAILED: u8 = 1;
/// Exit code for a program with errors, or a file that cannot be read.
const EXIT_ERRORS: u8 = 2;

pub fn run(args: &LiterateArgs) -> ExitCode {
    match literate(args) {
        Ok(Outcome::Written) => ExitCode::SUCCESS,
        Ok(Outcome::Failed) => ExitCode::from(EXIT_FAILED),
        Err(message) => {
            // An empty message: the diagnostics have been reported.
            if !message.is_empty() {
                eprintln!("{}", message.trim_end());
            }
            ExitCode::from(EXIT_ERRORS)
        }
    }
}

enum Outcome {
    Written,
    /// Some directive failed (and the Markdown may have been written).
    Failed,
}

fn literate(args: &LiterateArgs) -> Result<Outcome, String> {
    let file = &args.file;
    let shown_file = file.display().to_string();
    let text = diagnostics::read_source(file).map_err(|message| format!("error: {message}"))?;
    let blocks = document::parse(&text)
        .map_err(|error| format!("error: {shown_file}:{}: {}", error.line, error.message))?;
    let directives: Vec<&Directive> = blocks
        .iter()
        .filter_map(|block| match block {
            Block::Directive(directive) => Some(directive),
            _ => None,
        })
        .collect();
    let mut failures: Vec<Option<String>> = vec![None; directives.len()];
    let mut units = Vec::new();
    for (index, directive) in directives.iter().enumerate() {
        match units_of(index, directive) {
            Ok(more) => units.extend(more),
            Err(message) => failures[index] = Some(message),
        }
    }
    for unit in &units {
        if let Some(message) = syntax_failure(file, &text, &unit.expression) {
            failures[unit.directive]
                .get_or_insert_with(String::new)
                .push_str(&message);
        }
    }
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| file.with_extension("md"));
    if std::path::absolute(&output).ok() == std::path::absolute(file).ok() {
        return Err(format!(
            "error: the Markdown would overwrite the program {shown_file}"
        ));
    }
    let mut evaluation = Evaluation::new(file, &text, &units, &failures)?;
    for (index, failure) in failures.iter_mut().enumerate() {
        if failure.is_none() {
            *failure = evaluation.check_failures.remove(&index);
        }
    }
    let mut compiled = match evaluation.program.take() {
        Some(program) => Some(load(&args.backend, program, &args.pass_option)?),
        None => None,
    };
    let images = ImageDirectory::beside(&output);
    let progress = if std::io::stderr().is_terminal() && !args.verbose {
        indicatif::ProgressBar::new(directives.len() as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} directives {msg}")
    {
        progress.set_style(style);
    }
    let mut results = Vec::with_capacity(directives.len());
    for (index, directive) in directives.iter().enumerate() {
        let summary = one_line(directive);
        progress.set_message(summary.clone());
        if args.verbose {
            eprintln!("{shown_file}:{}: {summary}", directive.line);
        }
        let result = match failures[index].take() {
            Some(failure) => Err(failure),
            None => evaluate(&units, index, &mut compiled, &evaluation).and_then(|evaluated| {
                let hash = fnv1a(&[&text, &directive.source]);
                render_result(directive, evaluated, &images, hash)
            }),
        };
        progress.inc(1);
        if let Err(message) = &result {
            progress.suspend(|| {
                eprintln!(
                    "error: {shown_file}:{}: {summary} failed:\n{}",
                    directive.line,
                    message.trim_end()
                );
            });
            if args.stop_on_error {
                progress.finish_and_clear();
                return Ok(Outcome::Failed);
            }
        }
        results.push(result);
    }
    progress.finish_and_clear();
    if let Some(compiled) = compiled.as_mut() {
        compiled
            .finish()
            .map_err(|message| format!("error: {message}"))?;
    }
    let failed = results.iter().any(Result::is_err);
    let markdown = markdown(&blocks, results);
    std::fs::write(&output, markdown)
        .map_err(|error| format!("error: cannot write {}: {error}", output.display()))?;
    images.remove_others()?;
    Ok(if failed {
        Outcome::Failed
    } else {
        Outcome::Written
    })
}

/// Runs the units of the directive `index`.
fn evaluate(
    units: &[Unit],
    index: usize,
    compiled: &mut Option<Box<dyn Compiled>>,
    evaluation: &Evaluation,
) -> Result<Vec<Evaluated>, String> {
    let mut evaluated = Vec::new();
    for (unit_index, unit) in units.iter().enumerate() {
        if unit.directive != index {
            continue;
        }
        let compiled = compiled
            .as_mut()
            .ok_or_else(|| "internal error: the directive was not compiled".to_owned())?;
        let entry = unit.entry(unit_index);
        let values = compiled
            .run(&entry, Vec::new())
            .map_err(|message| evaluation.locate_run_error(&message))?;
        let types = compiled
            .program()
            .entry_point(&entry)
            .map(|entry_point| entry_point.results.clone())
            .unwrap_or_default();
        evaluated.push(Evaluated {
            field: unit.field.clone(),
            values,
            types,
        });
    }
    Ok(evaluated)
}

/// The compiled program, ready to run with `backend`, whose server gets
/// `server_options`.
fn load(
    backend: &str,
    program: opt::ir::Program,
    server_options: &[String],
) -> Result<Box<dyn Compiled>, String> {
    let c_backend = match backend {
        INTERPRETER if server_options.is_empty() => {
            return Ok(InterpreterBackend::load(program));
        }
        INTERPRETER => {
            return Err("error: --pass-option needs a compiled backend (--backend)".to_owned());
        }
        other => crate::test_runner::c_backend_named(other)
            .ok_or_else(|| format!("error: unknown backend {other}"))?,
    };
    let backend = CBackend(c_backend, server_options.to_vec());
    if let Some(why) = crate::test_runner::Backend::unavailable(&backend) {
        return Err(format!(
            "error: cannot use the {} backend: {why}",
            c_backend.name()
        ));
    }
    backend.load(program)
}

/// A directive on one line, for messages.
fn one_line(directive: &Directive) -> String {
    let expression = &directive.expression.text;
    match directive.kind.name() {
        Some(name) => format!("> :{name} {expression}"),
        None => format!("> {expression}"),
    }
}

/// The Markdown of the program: blocks separated by blank lines, each
/// directive with its result or failure.
fn markdown(blocks: &[Block], results: Vec<Result<String, String>>) -> String {
    let mut results = results.into_iter();
    let parts: Vec<String> = blocks
        .iter()
        .map(|block| match block {
            Block::Code(code) if code.is_empty() => String::new(),
            Block::Code(code) => format!("```futhark\n{code}```\n"),
            Block::Prose(prose) => prose.clone(),
            Block::Directive(directive) => {
                let prompt = match directive.shown {
                    Shown::Whole => format!("```\n{}```\n", directive.source),
                    Shown::Brief => format!("```\n{}\n```\n", one_line(directive)),
                    Shown::Covert => String::new(),
                };
                match results.next() {
                    Some(Ok(result)) => format!("{prompt}\n{result}"),
                    Some(Err(failure)) => {
                        format!("{prompt}\n**FAILED**\n```\n{}\n```\n", failure.trim_end())
                    }
                    None => prompt,
                }
            }
        })
        .collect();
    parts.join("\n")
}
