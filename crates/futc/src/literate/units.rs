//! The program checked and compiled with the directives' expressions
//! ("units") appended as entry points, each located so that errors in
//! it point into its directive.

use super::document::{Directive, DirectiveKind, Expression};
use crate::compile::{compile_entries, contains_function, display_path, value_type};
use crate::diagnostics::{self, CheckedProgram, Excerpt};
use std::collections::BTreeMap;
use std::path::Path;
use syntax::ast::{AstNode, RecordExpr};

/// The names of the entry points directives are evaluated as start so.
pub(super) const ENTRY_PREFIX: &str = "futc_literate_";

/// One expression to evaluate: a directive's, or one field of it.
pub(super) struct Unit {
    pub(super) directive: usize,
    pub(super) field: Option<String>,
    pub(super) expression: Expression,
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
    pub(super) fn entry(&self, index: usize) -> String {
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

/// The expressions a directive evaluates: one, or one per field of a
/// record expression for `:plot2d` and `:gnuplot`.
pub(super) fn units_of(index: usize, directive: &Directive) -> Result<Vec<Unit>, String> {
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
pub(super) struct Evaluation {
    pub(super) program: Option<opt::ir::Program>,
    /// The directives whose units have errors, with the errors.
    pub(super) check_failures: BTreeMap<usize, String>,
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
    pub(super) fn new(
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
    pub(super) fn locate_run_error(&self, message: &str) -> String {
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
pub(super) fn syntax_failure(file: &Path, text: &str, expression: &Expression) -> Option<String> {
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
