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

use crate::c_backend::{CBackend, fnv1a};
use crate::compile::{compile_entries, contains_function, display_path, value_type};
use crate::diagnostics::{self, CheckedProgram, Excerpt};
use crate::interpreter::InterpreterBackend;
use crate::test_runner::{BACKENDS, Compiled, INTERPRETER};
use document::{Block, Directive, DirectiveKind, Expression, Shown, VideoOptions};
use image::{Image, Series};
use opt::ir::{ExternalType, OpaqueKind};
use opt::value::Value;
use opt::value::data::write_text;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use syntax::ast::{AstNode, RecordExpr};

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

/// The names of the entry points directives are evaluated as start so.
const ENTRY_PREFIX: &str = "futc_literate_";
/// The size of a plot without a `size:` parameter, as upstream's.
const PLOT_SIZE: (u32, u32) = (500, 500);
const VIDEO_FPS: u32 = 30;

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

/// One expression to evaluate: a directive's, or one field of it.
struct Unit {
    directive: usize,
    field: Option<String>,
    expression: Expression,
    /// Whether the directive is `:video`, whose expression may also be
    /// `(step, state, frames)`.
    video: bool,
}

/// How a unit is in the program checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    /// Left out: its directive failed.
    Out,
    /// As its expression.
    Value,
    /// As the frames of a video that a step function makes: the
    /// expression is a triple of the function (from a state to an image
    /// and the next state), the first state and the number of frames.
    Steps,
}

impl Unit {
    fn entry(&self, index: usize) -> String {
        format!("{ENTRY_PREFIX}{index}")
    }
}

/// Where a unit's expression is in the program checked.
struct Placed {
    /// Byte offset of the start of the expression's line.
    start: usize,
    /// One-based line of the expression.
    line: usize,
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

/// The expressions a directive evaluates: one, or one per field of a
/// record expression for `:plot2d` and `:gnuplot`.
fn units_of(index: usize, directive: &Directive) -> Result<Vec<Unit>, String> {
    let fields = match directive.kind {
        DirectiveKind::Plot { .. } | DirectiveKind::Gnuplot { .. } => {
            record_fields(&directive.expression)
        }
        _ => None,
    };
    match fields {
        Some(fields) => Ok(fields
            .into_iter()
            .map(|(name, expression)| Unit {
                directive: index,
                field: Some(name),
                expression,
                video: false,
            })
            .collect()),
        None if matches!(directive.kind, DirectiveKind::Gnuplot { .. }) => Err(
            "the expression of :gnuplot must be a record expression {name = (xs, ys), ...}"
                .to_owned(),
        ),
        None => Ok(vec![Unit {
            directive: index,
            field: None,
            expression: directive.expression.clone(),
            video: matches!(directive.kind, DirectiveKind::Video(_)),
        }]),
    }
}

/// The fields of `expression` if it is a record expression, sorted by
/// name, each with its value's expression (a punned field's is its name).
fn record_fields(expression: &Expression) -> Option<Vec<(String, Expression)>> {
    const PREFIX: &str = "def record = ";
    let text = format!("{PREFIX}{}", expression.text);
    let parse = syntax::parse(&text);
    if !parse.errors().is_empty() {
        return None;
    }
    let whole = syntax::TextRange::new(
        syntax::TextSize::of(PREFIX),
        syntax::TextSize::of(text.as_str()),
    );
    let record = parse
        .syntax_node()
        .descendants()
        .find(|node| node.text_range() == whole && RecordExpr::can_cast(node.kind()))
        .and_then(RecordExpr::cast)?;
    let mut fields = Vec::new();
    for field in record.fields() {
        let name = field.name()?;
        let range = match field.value() {
            Some(value) => value.syntax().text_range(),
            None => name.syntax().text_range(),
        };
        let start = usize::from(range.start());
        fields.push((
            name.text()?,
            Expression {
                text: text[range].to_owned(),
                line: expression.line,
                column: expression.column + text[PREFIX.len()..start].chars().count(),
            },
        ));
    }
    fields.sort_by(|a, b| a.0.cmp(&b.0));
    Some(fields)
}

/// The program checked with the units that have no errors, compiled.
struct Evaluation {
    program: Option<opt::ir::Program>,
    /// The directives whose units have errors, with the errors.
    check_failures: BTreeMap<usize, String>,
    /// How the checked program's root file is named in run-time errors.
    root_name: String,
    /// For each unit's line in the checked program, the line of its
    /// directive.
    lines: Vec<(usize, usize)>,
}

impl Evaluation {
    /// Checks the program at `file` (whose text is `text`) with the
    /// units of the directives that have not failed, and compiles it.
    /// `Err` carries what is left to print: nothing where the program's
    /// errors have been reported.
    fn new(
        file: &Path,
        text: &str,
        units: &[Unit],
        failures: &[Option<String>],
    ) -> Result<Evaluation, String> {
        let mut forms: Vec<Form> = units
            .iter()
            .map(|unit| match failures[unit.directive] {
                Some(_) => Form::Out,
                None => Form::Value,
            })
            .collect();
        let mut check_failures = BTreeMap::new();
        let mut warned = false;
        loop {
            let (program_text, placed) = with_units(text, units, &forms);
            let mut checked = diagnostics::load_checked_with_root(file, Some(&program_text))
                .map_err(|message| format!("error: {message}"))?;
            // Each live unit's diagnostics are those from its expression
            // up to the next unit's (an unclosed bracket is found at the
            // next `entry`).
            let starts: Vec<usize> = placed.iter().flatten().map(|p| p.start).collect();
            let units_start = starts.first().copied().unwrap_or(usize::MAX);
            let (unit_diagnostics, own): (Vec<hir::Diagnostic>, Vec<hir::Diagnostic>) =
                std::mem::take(&mut checked.diagnostics)
                    .into_iter()
                    .partition(|d| {
                        d.file == checked.root && usize::from(d.range.start()) >= units_start
                    });
            if own.iter().any(hir::Diagnostic::is_error) {
                return Err(report_program_errors(file, text, checked, own));
            }
            if !warned {
                checked.diagnostics = own;
                diagnostics::report_to_stderr(&checked, file, None);
                warned = true;
            }
            let mut failed_now = false;
            for (index, unit) in units.iter().enumerate() {
                let Some(placed) = &placed[index] else {
                    continue;
                };
                let end = starts
                    .iter()
                    .copied()
                    .find(|&start| start > placed.start)
                    .unwrap_or(usize::MAX);
                let errors: Vec<hir::Diagnostic> = unit_diagnostics
                    .iter()
                    .filter(|d| {
                        d.is_error() && (placed.start..end).contains(&usize::from(d.range.start()))
                    })
                    .cloned()
                    .collect();
                if errors.is_empty() {
                    continue;
                }
                checked.diagnostics = errors;
                let name = file.display().to_string();
                let lead = directive_lead(text, &unit.expression);
                let excerpt = Excerpt {
                    start: placed.start,
                    name: &name,
                    first_line: unit.expression.line,
                    lead: &lead,
                };
                let message = diagnostics::render_to_string(&checked, file, Some(&excerpt));
                fail(
                    &mut check_failures,
                    &mut forms,
                    units,
                    unit.directive,
                    &message,
                );
                failed_now = true;
            }
            if failed_now {
                continue;
            }
            // An entry point cannot return a function: say so before
            // lowering does, in terms of the directive.
            for (index, unit) in units.iter().enumerate() {
                let function = placed[index]
                    .as_ref()
                    .and_then(|_| value_type(&checked, &unit.entry(index)))
                    .filter(contains_function);
                if let Some(ty) = function {
                    if unit.video && forms[index] == Form::Value && is_step_triple(&ty) {
                        forms[index] = Form::Steps;
                        failed_now = true;
                        continue;
                    }
                    let message =
                        format!("the value is or holds a function, which cannot be shown: {ty}\n");
                    fail(
                        &mut check_failures,
                        &mut forms,
                        units,
                        unit.directive,
                        &message,
                    );
                    failed_now = true;
                }
            }
            if failed_now {
                continue;
            }
            let root_name = display_path()(checked.root.path(&checked.db));
            let lines = units
                .iter()
                .zip(&placed)
                .filter_map(|(unit, placed)| {
                    placed
                        .as_ref()
                        .map(|placed| (placed.line, unit.expression.line))
                })
                .collect();
            let program = if forms.iter().any(|&form| form != Form::Out) {
                Some(compile_entries(&checked, &|name| {
                    name.starts_with(ENTRY_PREFIX)
                })?)
            } else {
                None
            };
            return Ok(Evaluation {
                program,
                check_failures,
                root_name,
                lines,
            });
        }
    }

    /// A run-time error's locations in the units' lines as locations in
    /// their directives.
    fn locate_run_error(&self, message: &str) -> String {
        let location = regex::Regex::new(&format!(r"{}:(\d+):", regex::escape(&self.root_name)))
            .expect("an escaped name makes a valid pattern");
        location
            .replace_all(message, |found: &regex::Captures| {
                let line = found[1].parse::<usize>().ok();
                match self.lines.iter().find(|(placed, _)| Some(*placed) == line) {
                    Some((_, source)) => format!("{}:{source}:", self.root_name),
                    None => found[0].to_owned(),
                }
            })
            .into_owned()
    }
}

/// Around a `(step, state, frames)` expression: the frames, made one
/// after the other.
const STEPS_HEAD: &str = "  let (futc_step, futc_state, futc_frames) =\n";
const STEPS_TAIL: &str = "  let (futc_video, _) =
    loop (futc_video, futc_state) = ([], futc_state) for _i < futc_frames do
      let (futc_image, futc_state) = futc_step futc_state
      in (futc_video ++ [futc_image], futc_state)
  in futc_video
";

/// Whether `ty` is that of a triple of a function, anything and `i64`.
fn is_step_triple(ty: &hir::ty::Ty) -> bool {
    use hir::ty::Ty;
    matches!(
        ty.tuple_elements().as_deref(),
        Some([Ty::Function { .. }, _, Ty::Prim(prim::PrimType::I64)])
    )
}

/// Records `message` as a failure of `directive` and leaves its units
/// out of the program.
fn fail(
    failures: &mut BTreeMap<usize, String>,
    forms: &mut [Form],
    units: &[Unit],
    directive: usize,
    message: &str,
) {
    failures.entry(directive).or_default().push_str(message);
    for (unit, form) in units.iter().zip(forms) {
        if unit.directive == directive {
            *form = Form::Out;
        }
    }
}

/// Reports the errors of the program itself, `own`, found in `checked`
/// (the program with the units); the diagnostics of the file alone where
/// it has errors, which locates an error at its end in it rather than in
/// the units after it. Returns the message left to print: none.
fn report_program_errors(
    file: &Path,
    text: &str,
    mut checked: CheckedProgram,
    own: Vec<hir::Diagnostic>,
) -> String {
    match diagnostics::load_checked_with_root(file, Some(text)) {
        Ok(alone) if alone.diagnostics.iter().any(hir::Diagnostic::is_error) => {
            diagnostics::report_to_stderr(&alone, file, None);
        }
        _ => {
            checked.diagnostics = own;
            diagnostics::report_to_stderr(&checked, file, None);
        }
    }
    String::new()
}

/// The syntax errors of `expression`, a directive's in the file at
/// `file` whose text is `text`, located in its line; none if it parses.
/// (Parsed after the program, an unclosed bracket would be found at the
/// next directive's entry point.)
fn syntax_failure(file: &Path, text: &str, expression: &Expression) -> Option<String> {
    const HEAD: &str = "def value =\n";
    let indentation = " ".repeat(expression.column - 1);
    let parse = syntax::parse(&format!("{HEAD}{indentation}{}\n", expression.text));
    if parse.errors().is_empty() {
        return None;
    }
    let lead = directive_lead(text, expression);
    let padding = "\n".repeat(expression.line - 1);
    let shown = if lead.is_empty() { &indentation } else { &lead };
    let shown = format!("{padding}{shown}{}\n", expression.text);
    let shift = |offset: syntax::TextSize| {
        let offset = usize::from(offset).saturating_sub(HEAD.len()) + padding.len();
        syntax::TextSize::try_from(offset.min(shown.len())).unwrap_or_default()
    };
    let errors: Vec<syntax::SyntaxError> = parse
        .errors()
        .iter()
        .map(|error| syntax::SyntaxError {
            message: error.message.clone(),
            range: syntax::TextRange::new(shift(error.range.start()), shift(error.range.end())),
        })
        .collect();
    Some(diagnostics::render_syntax_errors(file, &shown, &errors))
}

/// What precedes `expression` on its line of `text` (the directive's
/// comment marker and name), to show in place of the spaces before it in
/// the program checked; empty unless it is as many bytes as those.
fn directive_lead(text: &str, expression: &Expression) -> String {
    let lead: String = text
        .lines()
        .nth(expression.line - 1)
        .unwrap_or_default()
        .chars()
        .take(expression.column - 1)
        .collect();
    if lead.len() == expression.column - 1 {
        lead
    } else {
        String::new()
    }
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// `text` with the live units appended as entry points, and where each
/// unit's expression is (none for the others).
fn with_units(text: &str, units: &[Unit], forms: &[Form]) -> (String, Vec<Option<Placed>>) {
    let mut program = text.to_owned();
    if !program.ends_with('\n') {
        program.push('\n');
    }
    let mut placed = Vec::with_capacity(units.len());
    for (index, (unit, &form)) in units.iter().zip(forms).enumerate() {
        if form == Form::Out {
            placed.push(None);
            continue;
        }
        program.push_str(&format!("entry {} =\n", unit.entry(index)));
        if form == Form::Steps {
            program.push_str(STEPS_HEAD);
        }
        let start = program.len();
        program.push_str(&" ".repeat(unit.expression.column - 1));
        program.push_str(&unit.expression.text);
        program.push('\n');
        if form == Form::Steps {
            program.push_str(STEPS_TAIL);
        }
        placed.push(Some(Placed {
            start,
            line: line_of(&program, start),
        }));
    }
    (program, placed)
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
        "c" => codegen::Backend::C,
        "multicore" => codegen::Backend::Multicore,
        "opencl" => codegen::Backend::OpenCl,
        other => return Err(format!("error: unknown backend {other}")),
    };
    let backend = CBackend(c_backend);
    if let Some(why) = crate::test_runner::Backend::unavailable(&backend) {
        return Err(format!(
            "error: cannot use the {} backend: {why}",
            c_backend.name()
        ));
    }
    backend.load(program, server_options.to_vec())
}

/// A unit's results.
struct Evaluated {
    field: Option<String>,
    values: Vec<Value>,
    /// The entry point's result types (one per result, an opaque one
    /// standing for several values).
    types: Vec<ExternalType>,
}

/// The Markdown shown below a directive for its results.
fn render_result(
    directive: &Directive,
    evaluated: Vec<Evaluated>,
    images: &ImageDirectory,
    hash: u64,
) -> Result<String, String> {
    let single = || match evaluated.as_slice() {
        [one] => Ok(one),
        _ => Err("internal error: a directive of one expression evaluated as several".to_owned()),
    };
    match &directive.kind {
        DirectiveKind::Value => {
            let one = single()?;
            let text = show_results(&one.values, &one.types)?;
            Ok(format!("```\n{text}\n```\n"))
        }
        DirectiveKind::Image { file } => {
            let one = single()?;
            let image = match one.values.as_slice() {
                [Value::Array(array)] => image::array_image(array)?,
                _ => return Err(cannot("make an image of", &one.types)),
            };
            let name = file
                .clone()
                .unwrap_or_else(|| format!("{hash:016x}-img.png"));
            images.write_png(&name, &image)
        }
        DirectiveKind::Plot { size } => {
            let series: Vec<Series> = evaluated
                .iter()
                .map(pair_series)
                .collect::<Result<_, String>>()?;
            let (width, height) = size.unwrap_or(PLOT_SIZE);
            let image = image::plot(&series, width as usize, height as usize);
            images.write_png(&format!("{hash:016x}-plot.png"), &image)
        }
        DirectiveKind::Gnuplot { script } => {
            let name = format!("{hash:016x}-plot.png");
            let target = images.prepare(&name)?;
            gnuplot(&evaluated, script, &target)?;
            Ok(images.link(&name))
        }
        DirectiveKind::Video(options) => {
            let one = single()?;
            let frames = match one.values.as_slice() {
                [Value::Array(array)] => image::array_frames(array)?,
                _ => return Err(cannot("make a video of", &one.types)),
            };
            video(&frames, options, images, hash)
        }
    }
}

fn cannot(what: &str, types: &[ExternalType]) -> String {
    let names: Vec<String> = types.iter().map(type_name).collect();
    let ty = match names.as_slice() {
        [one] => one.clone(),
        _ => format!("({})", names.join(", ")),
    };
    format!("cannot {what} a value of type {ty}")
}

fn type_name(ty: &ExternalType) -> String {
    match ty {
        ExternalType::Direct { element, rank } => {
            format!("{}{}", "[]".repeat(*rank), element.name())
        }
        ExternalType::Opaque { name, .. } => name.clone(),
    }
}

/// The series of a plotted pair of one-dimensional numeric arrays of
/// the same length.
fn pair_series(one: &Evaluated) -> Result<Series, String> {
    let columns = numeric_columns(one)?;
    match columns.as_slice() {
        [xs, ys] => Ok(Series {
            label: one.field.clone(),
            points: xs.iter().copied().zip(ys.iter().copied()).collect(),
        }),
        _ => Err(plot_error(one)),
    }
}

/// The values of a unit as columns of numbers: one-dimensional numeric
/// arrays of the same length.
fn numeric_columns(one: &Evaluated) -> Result<Vec<Vec<f64>>, String> {
    let mut columns = Vec::new();
    for value in &one.values {
        let Value::Array(array) = value else {
            return Err(plot_error(one));
        };
        let column: Option<Vec<f64>> = (array.rank() == 1)
            .then(|| array.data.iter().map(|&v| image::numeric(v)).collect())
            .flatten();
        columns.push(column.ok_or_else(|| plot_error(one))?);
    }
    if columns
        .windows(2)
        .any(|pair| pair[0].len() != pair[1].len())
    {
        return Err(plot_error(one));
    }
    Ok(columns)
}

fn plot_error(one: &Evaluated) -> String {
    let what = match &one.field {
        Some(field) => format!("field {field} of "),
        None => String::new(),
    };
    format!(
        "{}: plotted values must be tuples of one-dimensional numeric arrays of the same length",
        cannot(&format!("plot {what}"), &one.types).trim_end()
    )
}

/// Runs gnuplot on `script`, after lines that make it write `target` and
/// name each field's data file (a column per array) by the field's name.
fn gnuplot(evaluated: &[Evaluated], script: &str, target: &Path) -> Result<(), String> {
    let data = TempDir::new()?;
    let mut full = format!(
        "set terminal png enhanced\nset output '{}'\n",
        target.display()
    );
    for one in evaluated {
        let columns = numeric_columns(one)?;
        let field = one.field.as_deref().unwrap_or("data");
        let path = data.0.join(format!("{field}.dat"));
        let rows = columns.first().map_or(0, Vec::len);
        let mut text = String::new();
        for row in 0..rows {
            let line: Vec<String> = columns.iter().map(|c| c[row].to_string()).collect();
            text.push_str(&line.join(" "));
            text.push('\n');
        }
        std::fs::write(&path, text)
            .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
        full.push_str(&format!("{field}='{}'\n", path.display()));
    }
    full.push_str(script);
    run_tool("gnuplot", &[], Some(&full), "the :gnuplot directive")
}

/// Encodes `frames` as a video with ffmpeg; the Markdown linking it.
fn video(
    frames: &[Image],
    options: &VideoOptions,
    images: &ImageDirectory,
    hash: u64,
) -> Result<String, String> {
    let format = options.format.as_deref().unwrap_or("webm");
    let name = options
        .file
        .clone()
        .unwrap_or_else(|| format!("{hash:016x}-video.{format}"));
    let target = images.prepare(&name)?;
    let work = TempDir::new()?;
    for (i, frame) in frames.iter().enumerate() {
        frame.write_png(&work.0.join(format!("frame{i:010}.png")))?;
    }
    let webm = work.0.join("video.webm");
    let fps = options.fps.unwrap_or(VIDEO_FPS).to_string();
    let pattern = work.0.join("frame%010d.png");
    let encode: Vec<&std::ffi::OsStr> = vec![
        "-y".as_ref(),
        "-r".as_ref(),
        fps.as_ref(),
        "-i".as_ref(),
        pattern.as_os_str(),
        "-c:v".as_ref(),
        "libvpx-vp9".as_ref(),
        "-pix_fmt".as_ref(),
        "yuv420p".as_ref(),
        "-b:v".as_ref(),
        "2M".as_ref(),
        webm.as_os_str(),
    ];
    run_tool("ffmpeg", &encode, None, "the :video directive")?;
    if format == "gif" {
        let convert: Vec<&std::ffi::OsStr> = vec![
            "-y".as_ref(),
            "-i".as_ref(),
            webm.as_os_str(),
            target.as_os_str(),
        ];
        run_tool("ffmpeg", &convert, None, "the :video directive")?;
    } else {
        std::fs::copy(&webm, &target)
            .map_err(|error| format!("cannot write {}: {error}", target.display()))?;
    }
    let mut attributes = Vec::new();
    if let Some(repeat) = options.repeat {
        attributes.push(format!("loop=\"{repeat}\""));
    }
    if let Some(autoplay) = options.autoplay {
        attributes.push(format!("autoplay=\"{autoplay}\""));
    }
    let mut link = images.link(&name);
    if !attributes.is_empty() {
        link.insert_str(link.len() - 1, &format!("{{{}}}", attributes.join(" ")));
    }
    Ok(link)
}

/// Runs the external program `tool`, feeding it `input`; `Err` says why
/// it could not, naming `user`, what needs it, when it is not installed.
fn run_tool(
    tool: &str,
    args: &[&std::ffi::OsStr],
    input: Option<&str>,
    user: &str,
) -> Result<(), String> {
    let child = Command::new(tool)
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Err(format!(
                "{user} needs {tool}, which is not installed (not found on PATH)"
            ));
        }
        Err(error) => return Err(format!("cannot run {tool}: {error}")),
    };
    if let (Some(input), Some(mut stdin)) = (input, child.stdin.take()) {
        stdin
            .write_all(input.as_bytes())
            .map_err(|error| format!("cannot write to {tool}: {error}"))?;
    }
    let output = child
        .wait_with_output()
        .map_err(|error| format!("cannot run {tool}: {error}"))?;
    if output.status.success() {
        return Ok(());
    }
    Err(format!(
        "{tool} failed ({}):\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr).trim_end()
    ))
}

/// A directory of our own under the system's temporary directory,
/// removed with everything in it when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> Result<TempDir, String> {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "futc-literate-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&path)
            .map_err(|error| format!("cannot create {}: {error}", path.display()))?;
        Ok(TempDir(path))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The directory of a Markdown file's images (`NAME-img` beside
/// `NAME.md`) and the files written to it in this run.
struct ImageDirectory {
    path: PathBuf,
    /// How the Markdown links to the directory.
    link: String,
    written: std::cell::RefCell<BTreeSet<String>>,
}

impl ImageDirectory {
    fn beside(markdown: &Path) -> ImageDirectory {
        let stem = markdown
            .file_stem()
            .map_or_else(String::new, |stem| stem.to_string_lossy().into_owned());
        let link = format!("{stem}-img");
        ImageDirectory {
            path: markdown.with_file_name(&link),
            link,
            written: Default::default(),
        }
    }

    /// Where the file `name` goes, the directory made.
    fn prepare(&self, name: &str) -> Result<PathBuf, String> {
        std::fs::create_dir_all(&self.path)
            .map_err(|error| format!("cannot create {}: {error}", self.path.display()))?;
        self.written.borrow_mut().insert(name.to_owned());
        Ok(self.path.join(name))
    }

    fn write_png(&self, name: &str, image: &Image) -> Result<String, String> {
        image.write_png(&self.prepare(name)?)?;
        Ok(self.link(name))
    }

    /// The Markdown showing the file `name`.
    fn link(&self, name: &str) -> String {
        format!("![]({}/{name})\n", self.link)
    }

    /// Removes the files of earlier runs that this one did not write,
    /// and the directory if nothing is left in it.
    fn remove_others(&self) -> Result<(), String> {
        let Ok(entries) = std::fs::read_dir(&self.path) else {
            return Ok(());
        };
        let written = self.written.borrow();
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if written.contains(&name) {
                continue;
            }
            let path = entry.path();
            let removed = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
            removed.map_err(|error| format!("error: cannot remove {}: {error}", path.display()))?;
        }
        if written.is_empty() {
            let _ = std::fs::remove_dir(&self.path);
        }
        Ok(())
    }
}

/// The results of an entry point as a Futhark value: one result as
/// itself, several as a tuple.
fn show_results(values: &[Value], types: &[ExternalType]) -> Result<String, String> {
    let mut values = values.iter();
    let shown = types
        .iter()
        .map(|ty| show(ty, &mut values))
        .collect::<Result<Vec<String>, String>>()?;
    Ok(match shown.as_slice() {
        [one] => one.clone(),
        _ => format!("({})", shown.join(", ")),
    })
}

/// A value of type `ty`, made of the next of `values`.
fn show(ty: &ExternalType, values: &mut dyn Iterator<Item = &Value>) -> Result<String, String> {
    let missing = || "internal error: fewer results than the entry point's type has".to_owned();
    match ty {
        ExternalType::Direct { .. } => {
            let mut text = String::new();
            write_text(values.next().ok_or_else(missing)?, &mut text);
            Ok(text)
        }
        ExternalType::Opaque {
            kind: OpaqueKind::Record(fields),
            ..
        } => {
            let shown = fields
                .iter()
                .map(|(_, field)| show(field, values))
                .collect::<Result<Vec<String>, String>>()?;
            let is_tuple = fields.len() != 1
                && fields
                    .iter()
                    .enumerate()
                    .all(|(i, (name, _))| *name == i.to_string());
            if is_tuple {
                return Ok(format!("({})", shown.join(", ")));
            }
            let fields: Vec<String> = fields
                .iter()
                .zip(shown)
                .map(|((name, _), value)| format!("{name}={value}"))
                .collect();
            Ok(format!("{{{}}}", fields.join(", ")))
        }
        ExternalType::Opaque {
            kind: OpaqueKind::Sum(variants),
            components,
            ..
        } => {
            let parts: Vec<&Value> = values.take(*components).collect();
            let tag = parts
                .first()
                .and_then(|tag| tag.as_prim())
                .map(image::numeric)
                .ok_or_else(missing)?
                .ok_or_else(missing)?;
            let variant = variants.get(tag as usize).ok_or_else(missing)?;
            let mut payload_values = variant
                .components
                .iter()
                .filter_map(|&i| parts.get(i).copied());
            let mut text = format!("#{}", variant.name);
            for payload in &variant.payload {
                let shown = show(payload, &mut payload_values)?;
                if shown.starts_with('#') && shown.contains(' ') {
                    text.push_str(&format!(" ({shown})"));
                } else {
                    text.push(' ');
                    text.push_str(&shown);
                }
            }
            Ok(text)
        }
        ExternalType::Opaque { name, .. } => Err(format!("cannot show a value of type {name}")),
    }
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
