//! `futc test`: runs the `-- ==` test blocks of Futhark programs (see
//! [`crate::test_spec`]) under a [`Backend`], as upstream's `futhark test`
//! does.
//!
//! Guarantees:
//!
//! * Each program is compiled once, then every run of every entry point is
//!   executed in order; programs are tested in parallel (`jobs` threads).
//! * Programs tagged `disable`, `notest` or `no_<backend>` are skipped, and
//!   so are runs with one of those tags. The interpreter skips runs tagged
//!   `compiled` (upstream never interprets them) and every backend skips
//!   `script` runs (FutharkScript is not supported), `warning:` tests (a
//!   [`Backend`] reports no warnings) and properties.
//! * Results match expected values as upstream's comparison does: integers
//!   and booleans exactly; floats when both are NaN, both are infinities of
//!   one sign, or they differ by at most the value's tolerance, which is the
//!   largest of 0.002 and 0.002 times each finite expected element (signed,
//!   as upstream); shapes and element types must be equal.
//! * `auto output` compares with the interpreter, the reference
//!   implementation (upstream's is its C backend); a run under the
//!   interpreter itself, or one the interpreter skips (tagged `compiled`:
//!   upstream never interprets those, and their inputs are too big to),
//!   only has to succeed.
//! * Input and expected output values (inline or in files) are read as
//!   the types of the entry point's parameters and results
//!   ([`Signature`]): `input { [1.0, 2.0] }` is a `[]f32` for an entry
//!   point taking one. Values that cannot be read as their type fail the
//!   run, saying which value and where.
//! * `random input` values are the ones `futc dataset -g TYPE` prints with
//!   its default seed (each value on its own, as upstream generates them):
//!   every backend gets the same inputs. Constants among them (`10`) are
//!   read as their parameter's type.
//! * `structure` blocks compare the metrics ([`opt::ir::metrics`]) of the
//!   IR at the end of their pipeline (the default SOACS pipeline's is the
//!   IR the program was compiled from; `mc`, `seq-mem` and `mc-mem`
//!   continue from it) with their expected counts (a path that does not
//!   occur counts 0); each block is checked once per program, and a
//!   mismatch lists every path whose count differs. Blocks of pipelines
//!   this compiler does not have (`gpu`, `gpu-mem`, `internalised`) are
//!   skipped.
//! * A program without tests (no `-- ==` block, or blocks without runs)
//!   must compile, as upstream: that is one test.
//! * A panic in a backend fails the test instead of the whole run.
//! * Failures are reported on stderr; on stdout (with `verbose`, each
//!   program's tests with their outcomes as the program finishes, then) a
//!   table of the counts by [`TestKind`] and the summary line (`N passed,
//!   N failed, N skipped`, counting runs and, as upstream counts them,
//!   each structure block, warning test and property as one); the exit
//!   code is 0 when nothing failed, 1 otherwise, 2 for an unknown backend
//!   or unreadable path.

use crate::test_spec::{
    Expected, ExpectedError, Input, RandomValue, RunCases, StructurePipeline, StructureTest,
    TestAction, TestRun, TestSpec, ValueSource, parse_test_spec,
};
use indicatif::{ProgressBar, ProgressStyle};
use opt::ir::metrics::Metrics;
use opt::ir::{Kind, Program};
use opt::passes::{Pipeline, continue_pipeline};
use opt::value::data::{ValueError, ValueReader, read_values_as, write_text};
use opt::value::{ArrayValue, Value};
use prim::PrimType;
use prim::{F16, PrimValue};
use std::fmt;
use std::io::{IsTerminal, Read, Write};
use std::num::NonZeroUsize;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// The name of the reference backend.
pub const INTERPRETER: &str = "interpreter";

/// The names of the backends `futc test --backend` takes.
pub const BACKENDS: [&str; 4] = [INTERPRETER, "c", "multicore", "opencl"];

/// A way of running Futhark programs.
pub trait Backend: Sync {
    /// `"interpreter"`, `"c"`, ...
    fn name(&self) -> &str;
    /// Compiles (or loads) the program at `path`; `Err` carries the
    /// rendered compile-time diagnostics (used for `error:` regexes).
    fn compile(&self, path: &Path) -> Result<Box<dyn Compiled>, String>;
    /// Why the backend cannot run programs here (no OpenCL device, say),
    /// if it cannot.
    fn unavailable(&self) -> Option<String> {
        None
    }
}

/// The types an entry point's arguments and results are read as.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Signature {
    pub params: Vec<Kind>,
    /// One per value a run returns (an opaque result is its components).
    pub results: Vec<Kind>,
}

impl Signature {
    /// The signature of entry point `entry` of `program`; `Err` carries
    /// the message running it would fail with (no such entry point, an
    /// argument of an opaque type).
    pub fn of(program: &Program, entry: &str) -> Result<Signature, String> {
        let params =
            opt::interp::argument_kinds(program, entry).map_err(|error| error.to_string())?;
        let results = opt::interp::result_kinds(program, entry).unwrap_or_default();
        Ok(Signature { params, results })
    }
}

/// A program ready to run.
pub trait Compiled: Send {
    /// The core IR the program was compiled from, which `structure`
    /// tests measure.
    fn program(&self) -> &Program;
    /// The types entry point `entry`'s values are read as; `Err` carries
    /// the message a run of it fails with.
    fn signature(&self, entry: &str) -> Result<Signature, String>;
    /// Runs entry point `entry` on `args`; `Err` carries the run-time error
    /// message (for `error:` regexes).
    fn run(&mut self, entry: &str, args: Vec<Value>) -> Result<Vec<Value>, String>;
    /// Called after the last run; `Err` reports a problem found at the
    /// end (a compiled server that leaked memory, say) as a failure.
    fn finish(&mut self) -> Result<(), String> {
        Ok(())
    }
}

/// The backend called `name`, if this build has it.
pub fn backend_named(name: &str) -> Option<Box<dyn Backend>> {
    compiled_backend_named(name, Vec::new()).or_else(|| {
        (name == INTERPRETER).then(|| Box::new(crate::interpreter::InterpreterBackend) as _)
    })
}

/// The C back end called `name` (one of [`BACKENDS`] but the
/// interpreter).
pub fn c_backend_named(name: &str) -> Option<codegen::Backend> {
    match name {
        "c" => Some(codegen::Backend::C),
        "multicore" => Some(codegen::Backend::Multicore),
        "opencl" => Some(codegen::Backend::OpenCl),
        _ => None,
    }
}

/// The compiled backend called `name`, whose servers get
/// `server_options`, if this build has it.
fn compiled_backend_named(name: &str, server_options: Vec<String>) -> Option<Box<dyn Backend>> {
    let backend = c_backend_named(name)?;
    Some(Box::new(crate::c_backend::CBackend(
        backend,
        server_options,
    )))
}

/// The exit code for a bad backend name or an unreadable path.
const EXIT_USAGE: u8 = 2;

/// Upstream's relative tolerance for floating-point results.
const TOLERANCE: f64 = 0.002;

/// More random elements than this in one run are refused: allocating them
/// could abort the whole test run.
const MAX_RANDOM_ELEMENTS: u64 = 1 << 28;

/// `futc test`: tests the programs at `paths` (files, or directories
/// searched for `.fut` files) under the backend named `backend_name`,
/// whose compiled programs get `server_options`; `verbose` lists each
/// program and test as it is tested.
pub fn test_command(
    paths: &[PathBuf],
    backend_name: &str,
    server_options: &[String],
    jobs: Option<NonZeroUsize>,
    verbose: bool,
) -> ExitCode {
    if backend_name == INTERPRETER && !server_options.is_empty() {
        eprintln!("error: --pass-option needs a compiled backend (--backend)");
        return ExitCode::from(EXIT_USAGE);
    }
    let backend = compiled_backend_named(backend_name, server_options.to_vec())
        .or_else(|| backend_named(backend_name));
    let Some(backend) = backend else {
        eprintln!(
            "error: no backend `{backend_name}`; the backends are {}",
            BACKENDS.join(", ")
        );
        return ExitCode::from(EXIT_USAGE);
    };
    let reference = if backend.name() == INTERPRETER {
        None
    } else {
        backend_named(INTERPRETER)
    };
    let files = match collect_test_files(paths) {
        Ok(files) => files,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let jobs = jobs
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get);
    let unavailable = backend.unavailable();
    if let Some(why) = &unavailable {
        eprintln!("warning: {why}: the runs are skipped");
    }
    let options = TestOptions {
        backend: backend.as_ref(),
        reference: reference.as_deref(),
        jobs,
        runs_skipped: unavailable.is_some(),
        verbose,
    };
    let summary = run_tests(&files, &options);
    if let Err(error) = writeln!(std::io::stdout(), "{summary}") {
        eprintln!("error: cannot write the summary: {error}");
    }
    if summary.total().failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The `.fut` files at `paths`: a file is taken as it is, a directory is
/// searched recursively (in name order).
pub fn collect_test_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    fn search(dir: &Path, found: &mut Vec<PathBuf>) -> Result<(), String> {
        let cannot_read = |error: std::io::Error| format!("cannot read {}: {error}", dir.display());
        let mut entries = std::fs::read_dir(dir)
            .map_err(cannot_read)?
            .map(|entry| entry.map(|entry| entry.path()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(cannot_read)?;
        entries.sort();
        for path in entries {
            if path.is_dir() {
                search(&path, found)?;
            } else if path.extension().is_some_and(|ext| ext == "fut") {
                found.push(path);
            }
        }
        Ok(())
    }
    let mut found = Vec::new();
    for path in paths {
        let metadata = std::fs::metadata(path)
            .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
        if metadata.is_dir() {
            search(path, &mut found)?;
        } else {
            found.push(path.clone());
        }
    }
    Ok(found)
}

/// How to test.
pub struct TestOptions<'a> {
    pub backend: &'a dyn Backend,
    /// What `auto output` runs are compared with when `backend` is not the
    /// interpreter; without it they are skipped.
    pub reference: Option<&'a dyn Backend>,
    /// How many programs are tested at once.
    pub jobs: usize,
    /// Whether programs' runs (and structure blocks) are skipped, the
    /// backend being unavailable; compile-time errors are still checked.
    pub runs_skipped: bool,
    /// Whether each program and test is listed on stdout as it is tested.
    pub verbose: bool,
}

/// Counts of tests.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    pub passed: usize,
    pub failed: usize,
    pub skipped: usize,
}

impl Summary {
    fn add(&mut self, other: Summary) {
        self.passed += other.passed;
        self.failed += other.failed;
        self.skipped += other.skipped;
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} passed, {} failed, {} skipped",
            self.passed, self.failed, self.skipped
        )
    }
}

/// What one test checks; the summary counts each kind apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestKind {
    /// A run of an entry point on an input.
    Run,
    /// A program that must be rejected with a matching error.
    CompileError,
    /// A program without runs, which must compile.
    Compilation,
    /// A `structure` block.
    Structure,
    /// A `warning:` test (always skipped: backends report no warnings).
    Warning,
    /// A `property:` (always skipped).
    Property,
}

impl TestKind {
    const ALL: [TestKind; 6] = [
        TestKind::Run,
        TestKind::CompileError,
        TestKind::Compilation,
        TestKind::Structure,
        TestKind::Warning,
        TestKind::Property,
    ];

    fn plural(self) -> &'static str {
        match self {
            TestKind::Run => "runs",
            TestKind::CompileError => "expected compile errors",
            TestKind::Compilation => "programs compiled only",
            TestKind::Structure => "structure blocks",
            TestKind::Warning => "warning tests",
            TestKind::Property => "properties",
        }
    }
}

/// The counts of a test run, by kind of test.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Breakdown {
    pub programs: usize,
    by_kind: [Summary; TestKind::ALL.len()],
}

impl Breakdown {
    pub fn total(&self) -> Summary {
        let mut total = Summary::default();
        for counts in self.by_kind {
            total.add(counts);
        }
        total
    }

    pub fn of(&self, kind: TestKind) -> Summary {
        self.by_kind[kind as usize]
    }

    fn kind_mut(&mut self, kind: TestKind) -> &mut Summary {
        &mut self.by_kind[kind as usize]
    }

    fn add(&mut self, other: &Breakdown) {
        self.programs += other.programs;
        for kind in TestKind::ALL {
            self.kind_mut(kind).add(other.of(kind));
        }
    }
}

/// A table of the counts of each kind of test that occurred, then the
/// totals as `N passed, N failed, N skipped` (the line scripts read).
impl fmt::Display for Breakdown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let programs = match self.programs {
            1 => "1 program".to_owned(),
            n => format!("{n} programs"),
        };
        writeln!(
            f,
            "{programs:<26}{:>8}{:>8}{:>9}",
            "passed", "failed", "skipped"
        )?;
        for kind in TestKind::ALL {
            let counts = self.of(kind);
            if counts != Summary::default() {
                writeln!(
                    f,
                    "  {:<24}{:>8}{:>8}{:>9}",
                    kind.plural(),
                    counts.passed,
                    counts.failed,
                    counts.skipped
                )?;
            }
        }
        write!(f, "{}", self.total())
    }
}

/// Tests `files` on `options.jobs` threads, printing each program's
/// failures on stderr as it finishes (and with `options.verbose` each of
/// its tests on stdout), with a progress bar when stderr is a terminal.
pub fn run_tests(files: &[PathBuf], options: &TestOptions) -> Breakdown {
    let progress = if std::io::stderr().is_terminal() {
        ProgressBar::new(files.len() as u64)
    } else {
        ProgressBar::hidden()
    };
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} programs {msg}") {
        progress.set_style(style);
    }
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    let mut summary = Breakdown::default();
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.clamp(1, files.len().max(1)) {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || {
                while let Some(file) = files.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if sender.send(test_file(file, options)).is_err() {
                        return;
                    }
                }
            });
        }
        // The workers hold the only senders left, so the loop ends when
        // they do.
        drop(sender);
        for report in receiver {
            summary.add(&report.counts);
            if options.verbose {
                progress.suspend(|| {
                    if let Err(error) = write!(std::io::stdout(), "{}", report.outcomes()) {
                        eprintln!("error: cannot write the tests run: {error}");
                    }
                });
            }
            if !report.failures.is_empty() {
                progress.suspend(|| eprint!("{report}"));
            }
            progress.set_message(format!("({} tests failed)", summary.total().failed));
            progress.inc(1);
        }
    });
    progress.finish_and_clear();
    summary
}

/// What testing one program came to.
#[derive(Debug)]
pub struct FileReport {
    pub path: PathBuf,
    /// The first line of the program's test description.
    pub about: String,
    pub counts: Breakdown,
    /// One message per failure (one for a failed compilation, however many
    /// runs it counts as failed).
    pub failures: Vec<String>,
    /// Each test in the order tested, with its outcome:
    /// `` `main` #0 ("1 2") at line 3: passed ``.
    pub tested: Vec<String>,
}

/// A test of a program and what it is called in `futc test -v`.
type NamedTest = (TestKind, String);

impl FileReport {
    fn pass(&mut self, (kind, name): NamedTest) {
        self.counts.kind_mut(kind).passed += 1;
        self.tested.push(format!("{name}: passed"));
    }

    fn skip(&mut self, (kind, name): NamedTest) {
        self.counts.kind_mut(kind).skipped += 1;
        self.tested.push(format!("{name}: skipped"));
    }

    /// Fails `tests`, all for the one reason `message`.
    fn fail(&mut self, tests: Vec<NamedTest>, message: String) {
        for (kind, name) in tests {
            self.counts.kind_mut(kind).failed += 1;
            self.tested.push(format!("{name}: FAILED"));
        }
        self.failures.push(message);
    }

    /// The program and each of its tests, a line each.
    pub fn outcomes(&self) -> String {
        let mut text = format!("{}\n", self.path.display());
        for test in &self.tested {
            text.push_str(&format!("  {test}\n"));
        }
        text
    }
}

impl fmt::Display for FileReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if !self.about.is_empty() {
            write!(f, " ({})", self.about)?;
        }
        writeln!(f, ":")?;
        for failure in &self.failures {
            for line in failure.lines() {
                writeln!(f, "  {line}")?;
            }
        }
        Ok(())
    }
}

/// Tests one program.
pub fn test_file(path: &Path, options: &TestOptions) -> FileReport {
    let mut report = FileReport {
        path: path.to_path_buf(),
        about: String::new(),
        counts: Breakdown {
            programs: 1,
            ..Breakdown::default()
        },
        failures: Vec::new(),
        tested: Vec::new(),
    };
    let spec = match crate::diagnostics::read_source(path)
        .and_then(|source| parse_test_spec(path, &source).map_err(|error| error.to_string()))
    {
        Ok(Some(spec)) => spec,
        // As upstream: a program without tests must still compile.
        Ok(None) => TestSpec {
            description: String::new(),
            tags: Vec::new(),
            action: TestAction::Run(RunCases::default()),
        },
        Err(message) => {
            report.fail(vec![(TestKind::Run, "the test blocks".to_owned())], message);
            return report;
        }
    };
    report.about = spec.description.lines().next().unwrap_or("").to_string();
    let backend = options.backend.name();
    if spec.tags.iter().any(|tag| is_excluded_tag(tag, backend)) {
        for test in tests_of(&spec) {
            report.skip(test);
        }
        return report;
    }
    match &spec.action {
        TestAction::CompileError { expected, line } => {
            check_compile_error(path, options.backend, expected, *line, &mut report);
        }
        TestAction::Run(cases) if has_no_tests(cases) => {
            check_compiles(path, options.backend, &mut report);
        }
        TestAction::Run(_) if options.runs_skipped => {
            for test in tests_of(&spec) {
                report.skip(test);
            }
        }
        TestAction::Run(cases) => run_cases(path, cases, options, &mut report),
    }
    report
}

/// Tags that keep a program or run from being tested (upstream's default
/// exclusions).
pub(crate) fn is_excluded_tag(tag: &str, backend: &str) -> bool {
    tag == "disable" || tag == "notest" || tag.strip_prefix("no_") == Some(backend)
}

/// Whether a program's test blocks have no test at all, so that the
/// program only has to compile.
fn has_no_tests(cases: &RunCases) -> bool {
    cases.cases.iter().all(|case| case.runs.is_empty())
        && cases.structures.is_empty()
        && cases.warnings.is_empty()
        && cases.properties.is_empty()
}

/// The name of a run in reports.
fn run_name(entry: &str, run: &TestRun) -> String {
    format!("`{entry}` {} at line {}", run.description(), run.line)
}

fn structure_name(test: &StructureTest) -> String {
    format!("structure block at line {}", test.line)
}

/// Every test of a program, in the order they are tested.
fn tests_of(spec: &TestSpec) -> Vec<NamedTest> {
    match &spec.action {
        TestAction::CompileError { expected, line } => vec![(
            TestKind::CompileError,
            format!("{expected} at compile time (line {line})"),
        )],
        TestAction::Run(cases) if has_no_tests(cases) => {
            vec![(TestKind::Compilation, "compiles".to_owned())]
        }
        TestAction::Run(cases) => {
            let mut tests = Vec::new();
            for test in &cases.structures {
                tests.push((TestKind::Structure, structure_name(test)));
            }
            for case in &cases.cases {
                for entry in &case.entries {
                    for run in &case.runs {
                        tests.push((TestKind::Run, run_name(entry, run)));
                    }
                }
            }
            for warning in &cases.warnings {
                tests.push((TestKind::Warning, format!("warning test: {warning}")));
            }
            for property in &cases.properties {
                tests.push((TestKind::Property, format!("property `{property}`")));
            }
            tests
        }
    }
}

/// A program without tests: compiling it is the test.
fn check_compiles(path: &Path, backend: &dyn Backend, report: &mut FileReport) {
    let test = (TestKind::Compilation, "compiles".to_owned());
    match guarded(|| backend.compile(path)) {
        Ok(Ok(mut program)) => match guarded(|| program.finish()) {
            Ok(Ok(())) => report.pass(test),
            Ok(Err(message)) | Err(message) => {
                report.fail(
                    vec![test],
                    format!("after compiling:\n{}", indent(&message)),
                );
            }
        },
        Ok(Err(message)) => {
            report.fail(
                vec![test],
                format!("compilation failed:\n{}", indent(&message)),
            );
        }
        Err(panic) => report.fail(vec![test], format!("compilation panicked: {panic}")),
    }
}

fn check_compile_error(
    path: &Path,
    backend: &dyn Backend,
    expected: &ExpectedError,
    line: usize,
    report: &mut FileReport,
) {
    let failure = match guarded(|| backend.compile(path)) {
        Err(panic) => Some(format!("compilation panicked: {panic}")),
        Ok(Ok(_)) => Some(format!(
            "the program compiled, but {expected} (line {line}) was expected"
        )),
        Ok(Err(message)) if expected.matches(&message) => None,
        Ok(Err(message)) => Some(format!(
            "expected {expected} (line {line}), got:\n{}",
            indent(&message)
        )),
    };
    let test = (
        TestKind::CompileError,
        format!("{expected} at compile time (line {line})"),
    );
    match failure {
        Some(message) => report.fail(vec![test], message),
        None => report.pass(test),
    }
}

/// Whether `run` is left out under `backend` (counted as skipped).
fn is_skipped(run: &TestRun, backend: &str) -> bool {
    let has_tag = |wanted: &str| run.tags.iter().any(|tag| tag == wanted);
    run.tags.iter().any(|tag| is_excluded_tag(tag, backend))
        || has_tag("script")
        || (backend == INTERPRETER && has_tag("compiled"))
}

fn run_cases(path: &Path, cases: &RunCases, options: &TestOptions, report: &mut FileReport) {
    let backend = options.backend.name();
    let mut reference = match options.reference {
        _ if backend == INTERPRETER => Reference::Itself,
        Some(backend) => Reference::Other {
            backend,
            program: None,
        },
        None => Reference::Unavailable,
    };
    // Every run in order, with whether it is run rather than skipped.
    let mut planned = Vec::new();
    for case in &cases.cases {
        for entry in &case.entries {
            for run in &case.runs {
                let needs_reference = matches!(run.expected, Expected::Auto);
                let skipped = is_skipped(run, backend)
                    || (needs_reference && matches!(reference, Reference::Unavailable));
                planned.push((entry.as_str(), run, !skipped));
            }
        }
    }
    let (structures, other_pipelines): (Vec<&StructureTest>, Vec<&StructureTest>) = cases
        .structures
        .iter()
        .partition(|test| pipeline_of(test.pipeline).is_some());
    for test in other_pipelines {
        report.skip((TestKind::Structure, structure_name(test)));
    }
    for warning in &cases.warnings {
        report.skip((TestKind::Warning, format!("warning test: {warning}")));
    }
    for property in &cases.properties {
        report.skip((TestKind::Property, format!("property `{property}`")));
    }
    if structures.is_empty() && planned.iter().all(|(_, _, runs)| !runs) {
        for (entry, run, _) in planned {
            report.skip((TestKind::Run, run_name(entry, run)));
        }
        return;
    }
    // The tests a failed compilation fails (and the runs it skips).
    let tests = |report: &mut FileReport| {
        let structures = structures
            .iter()
            .map(|test| (TestKind::Structure, structure_name(test)));
        let mut runs = Vec::new();
        for (entry, run, runs_it) in &planned {
            if *runs_it {
                runs.push((TestKind::Run, run_name(entry, run)));
            } else {
                report.skip((TestKind::Run, run_name(entry, run)));
            }
        }
        structures.chain(runs).collect()
    };
    let mut program = match guarded(|| options.backend.compile(path)) {
        Ok(Ok(program)) => program,
        Ok(Err(message)) => {
            let message = format!("compilation failed:\n{}", indent(&message));
            let failed = tests(report);
            report.fail(failed, message);
            return;
        }
        Err(panic) => {
            let failed = tests(report);
            report.fail(failed, format!("compilation panicked: {panic}"));
            return;
        }
    };
    if !structures.is_empty() {
        let mut measured: Vec<(Pipeline, Result<Metrics, String>)> = Vec::new();
        for test in structures {
            let pipeline = pipeline_of(test.pipeline).unwrap_or(Pipeline::Soacs);
            let metrics = match measured.iter().find(|(p, _)| *p == pipeline) {
                Some((_, metrics)) => metrics.clone(),
                None => {
                    let metrics = continue_pipeline(program.program().clone(), pipeline)
                        .map(|level| level.metrics())
                        .map_err(|error| format!("the pipeline failed: {error}"));
                    measured.push((pipeline, metrics.clone()));
                    metrics
                }
            };
            let checked = metrics.and_then(|metrics| check_structure(&metrics, test));
            let name = (TestKind::Structure, structure_name(test));
            match checked {
                Ok(()) => report.pass(name),
                Err(message) => report.fail(
                    vec![name],
                    format!(
                        "structure test at line {}:\n{}",
                        test.line,
                        indent(&message)
                    ),
                ),
            }
        }
    }
    let dir = path.parent().unwrap_or(Path::new(""));
    for (entry, run, runs_it) in planned {
        let test = (TestKind::Run, run_name(entry, run));
        if !runs_it {
            report.skip(test);
            continue;
        }
        match check_run(dir, program.as_mut(), &mut reference, path, entry, run) {
            Ok(()) => report.pass(test),
            Err(message) => {
                let name = run
                    .name
                    .as_ref()
                    .map(|name| format!(" \"{name}\""))
                    .unwrap_or_default();
                let header = format!(
                    "entry point `{entry}`, run #{}{name} at line {}:",
                    run.index, run.line
                );
                report.fail(vec![test], format!("{header}\n{}", indent(&message)));
            }
        }
    }
    match guarded(|| program.finish()) {
        Ok(Ok(())) => {}
        Ok(Err(message)) | Err(message) => {
            let test = (TestKind::Run, "after the last run".to_owned());
            report.fail(
                vec![test],
                format!("after the last run:\n{}", indent(&message)),
            );
        }
    }
}

/// Compares the expected counts of a `structure` block with the
/// program's metrics; `Err` lists every path whose count differs.
/// The pipeline a structure block measures, where it exists here.
fn pipeline_of(pipeline: StructurePipeline) -> Option<Pipeline> {
    match pipeline {
        StructurePipeline::Soacs => Some(Pipeline::Soacs),
        StructurePipeline::Mc => Some(Pipeline::Mc),
        StructurePipeline::SeqMem => Some(Pipeline::SeqMem),
        StructurePipeline::McMem => Some(Pipeline::McMem),
        StructurePipeline::Gpu => Some(Pipeline::Device),
        StructurePipeline::GpuMem => Some(Pipeline::DeviceMem),
        StructurePipeline::Internalised => None,
    }
}

fn check_structure(metrics: &Metrics, test: &StructureTest) -> Result<(), String> {
    let mismatches: Vec<String> = test
        .expected
        .iter()
        .filter_map(|(path, &expected)| {
            let actual = metrics.get(path);
            (actual != expected).then(|| format!("{path}: expected {expected}, found {actual}"))
        })
        .collect();
    if mismatches.is_empty() {
        Ok(())
    } else {
        Err(mismatches.join("\n"))
    }
}

/// Where the expected results of `auto output` come from.
enum Reference<'a> {
    /// The tested backend is the reference: the run only has to succeed.
    Itself,
    /// Compiled on first use.
    Other {
        backend: &'a dyn Backend,
        program: Option<Result<Box<dyn Compiled>, String>>,
    },
    Unavailable,
}

impl Reference<'_> {
    /// Whether the reference backend leaves `run` out.
    fn skips(&self, run: &TestRun) -> bool {
        matches!(self, Reference::Other { backend, .. } if is_skipped(run, backend.name()))
    }

    /// The reference's results for `entry` on `args`; `None`: nothing to
    /// compare with.
    fn results(
        &mut self,
        path: &Path,
        entry: &str,
        args: &[Value],
    ) -> Result<Option<Vec<Value>>, String> {
        let Reference::Other { backend, program } = self else {
            return Ok(None);
        };
        let name = backend.name();
        let program = program.get_or_insert_with(|| match guarded(|| backend.compile(path)) {
            Ok(result) => result,
            Err(panic) => Err(format!("panicked: {panic}")),
        });
        let program = program.as_mut().map_err(|message| {
            format!("the reference backend `{name}` cannot compile the program:\n{message}")
        })?;
        match guarded(|| program.run(entry, args.to_vec())) {
            Ok(Ok(values)) => Ok(Some(values)),
            Ok(Err(message)) | Err(message) => Err(format!(
                "the reference backend `{name}` failed on this input:\n{}",
                indent(&message)
            )),
        }
    }
}

fn check_run(
    dir: &Path,
    program: &mut dyn Compiled,
    reference: &mut Reference,
    path: &Path,
    entry: &str,
    run: &TestRun,
) -> Result<(), String> {
    let (outcome, expected_values) = match program.signature(entry) {
        Ok(signature) => {
            let args = input_values(dir, &run.input, &signature.params)?;
            let expected_values = match &run.expected {
                Expected::Success | Expected::RunTimeError(_) => None,
                Expected::Values(source) => {
                    Some(load_values(dir, source, &signature.results, Role::Result)?)
                }
                Expected::Auto if reference.skips(run) => None,
                Expected::Auto => reference.results(path, entry, &args)?,
            };
            let outcome = guarded(|| program.run(entry, args))
                .map_err(|panic| format!("the entry point panicked: {panic}"))?;
            (outcome, expected_values)
        }
        Err(message) => (Err(message), None),
    };
    match (&run.expected, outcome) {
        (Expected::RunTimeError(expected), Err(message)) if expected.matches(&message) => Ok(()),
        (Expected::RunTimeError(expected), Err(message)) => {
            Err(format!("expected {expected}, got:\n{}", indent(&message)))
        }
        (Expected::RunTimeError(expected), Ok(_)) => {
            Err(format!("the run succeeded, but {expected} was expected"))
        }
        (_, Err(message)) => Err(format!("the run failed:\n{}", indent(&message))),
        (_, Ok(actual)) => match expected_values {
            Some(expected) => compare_values(&expected, &actual),
            None => Ok(()),
        },
    }
}

/// The arguments of a run, the first `types.len()` read as those types.
pub(crate) fn input_values(
    dir: &Path,
    input: &Input,
    types: &[Kind],
) -> Result<Vec<Value>, String> {
    match input {
        Input::Values(source) => load_values(dir, source, types, Role::Argument),
        Input::Random(values) => random_values(values, types),
        Input::Script(_) | Input::ScriptFile(_) => {
            Err("FutharkScript inputs are not supported".to_string())
        }
    }
}

/// What values are read for.
#[derive(Clone, Copy)]
pub(crate) enum Role {
    Argument,
    Result,
}

impl Role {
    /// How the value at `index` is named in messages, where `count` are
    /// expected.
    fn name(self, index: usize, count: usize) -> String {
        let role = match self {
            Role::Argument => "argument",
            Role::Result => "expected result",
        };
        if index < count {
            format!("{role} #{index}")
        } else {
            let ending = if count == 1 { "" } else { "s" };
            format!("value #{index} (one more than the {count} {role}{ending})")
        }
    }
}

pub(crate) fn load_values(
    dir: &Path,
    source: &ValueSource,
    types: &[Kind],
    role: Role,
) -> Result<Vec<Value>, String> {
    match source {
        ValueSource::Literal(literal) => {
            literal
                .read_as(types)
                .map_err(|ValueError { index, error }| {
                    // The line is the program's; the column is not.
                    format!(
                        "cannot read {} at line {}: {}",
                        role.name(index, types.len()),
                        error.line,
                        error.message
                    )
                })
        }
        ValueSource::File(file) => read_value_file(&dir.join(file), types, role),
    }
}

/// Reads a data file in the text or binary format, gunzipping it first if
/// its name ends in `.gz`.
fn read_value_file(path: &Path, types: &[Kind], role: Role) -> Result<Vec<Value>, String> {
    let cannot_read = |error: std::io::Error| format!("cannot read {}: {error}", path.display());
    let mut bytes = std::fs::read(path).map_err(cannot_read)?;
    if path.extension().is_some_and(|ext| ext == "gz") {
        let mut unpacked = Vec::new();
        flate2::read::GzDecoder::new(bytes.as_slice())
            .read_to_end(&mut unpacked)
            .map_err(cannot_read)?;
        bytes = unpacked;
    }
    read_values_as(&bytes, types).map_err(|ValueError { index, error }| {
        format!(
            "cannot read {} in {}: {error}",
            role.name(index, types.len()),
            path.display()
        )
    })
}

/// Runs `f`, turning a panic into its message.
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|text| text.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".to_string())
    })
}

fn indent(text: &str) -> String {
    text.trim_end()
        .lines()
        .map(|line| format!("  {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The seed of `futhark dataset` without `-s`. Upstream's `futhark test`
/// generates each random value with its own `futhark dataset -g TYPE`, so
/// every value starts from this seed.
const RANDOM_SEED: u64 = 1;

fn random_values(values: &[RandomValue], types: &[Kind]) -> Result<Vec<Value>, String> {
    values
        .iter()
        .enumerate()
        .map(|(index, value)| {
            let mut generator = SplitMix64(RANDOM_SEED);
            match value {
                RandomValue::Constant(text) => {
                    let ty = types.get(index).copied();
                    ValueReader::new(text.as_bytes())
                        .next_value(ty)
                        .map_err(|error| {
                            format!(
                                "cannot read {} of the random input: {}",
                                Role::Argument.name(index, types.len()),
                                error.message
                            )
                        })?
                        .ok_or_else(|| format!("the random input constant `{text}` is empty"))
                }
                RandomValue::Array { shape, element } if shape.is_empty() => {
                    Ok(Value::Prim(random_prim(*element, &mut generator)))
                }
                RandomValue::Array { shape, element } => {
                    let count = shape
                        .iter()
                        .try_fold(1u64, |count, &dim| count.checked_mul(dim as u64))
                        .filter(|&count| count <= MAX_RANDOM_ELEMENTS)
                        .ok_or_else(|| format!("the random input {value} is too large"))?;
                    let data = (0..count)
                        .map(|_| random_prim(*element, &mut generator))
                        .collect();
                    Ok(Value::Array(ArrayValue::new(*element, shape.clone(), data)))
                }
            }
        })
        .collect()
}

/// SplitMix64 (Steele, Lea and Flood), as `futc dataset` uses it.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// A value drawn as `futc dataset` draws it with its default ranges, so
/// that `futc dataset -g TYPE` prints the same input: integers over their
/// whole range (the draw's high bits), floats in `[0, 1]`.
fn random_prim(ty: PrimType, generator: &mut SplitMix64) -> PrimValue {
    let bits = generator.next();
    let unit = (bits >> 11) as f64 / (1u64 << 53) as f64;
    match ty {
        PrimType::Bool => PrimValue::Bool(bits >> 63 == 1),
        PrimType::I8 => PrimValue::I8(((bits >> 56) as u8 ^ 0x80) as i8),
        PrimType::I16 => PrimValue::I16(((bits >> 48) as u16 ^ 0x8000) as i16),
        PrimType::I32 => PrimValue::I32(((bits >> 32) as u32 ^ 0x8000_0000) as i32),
        PrimType::I64 => PrimValue::I64((bits ^ (1 << 63)) as i64),
        PrimType::U8 => PrimValue::U8((bits >> 56) as u8),
        PrimType::U16 => PrimValue::U16((bits >> 48) as u16),
        PrimType::U32 => PrimValue::U32((bits >> 32) as u32),
        PrimType::U64 => PrimValue::U64(bits),
        PrimType::F16 => PrimValue::F16(F16::from_f64(unit)),
        PrimType::F32 => PrimValue::F32(unit as f32),
        PrimType::F64 => PrimValue::F64(unit),
    }
}

/// Compares results with expected values; `Err` describes the first
/// mismatch, diff style, and how many more there are.
pub fn compare_values(expected: &[Value], actual: &[Value]) -> Result<(), String> {
    if expected.len() != actual.len() {
        return Err(format!(
            "expected {} values, got {}",
            expected.len(),
            actual.len()
        ));
    }
    let mut first = None;
    let mut count = 0;
    for (number, (expected, actual)) in expected.iter().zip(actual).enumerate() {
        let (expected_shape, expected_type, expected_data) = parts(expected);
        let (actual_shape, actual_type, actual_data) = parts(actual);
        let mismatch = if expected_shape != actual_shape {
            count += 1;
            Some(format!(
                "value #{number}:\n- expected shape {}\n+ got shape      {}",
                shape_text(expected_shape),
                shape_text(actual_shape)
            ))
        } else if expected_type != actual_type {
            count += 1;
            Some(format!(
                "value #{number}:\n- expected type {}\n+ got type      {}",
                expected_type.name(),
                actual_type.name()
            ))
        } else {
            let tolerance = tolerance(expected_data);
            let mut first_element = None;
            for (index, (x, y)) in expected_data.iter().zip(actual_data).enumerate() {
                if !prims_match(*x, *y, tolerance) {
                    count += 1;
                    first_element.get_or_insert((index, *x, *y));
                }
            }
            first_element.map(|(index, x, y)| {
                let at = if expected_shape.is_empty() {
                    String::new()
                } else {
                    format!(" at index {:?}", unflatten(index, expected_shape))
                };
                format!(
                    "value #{number}{at}:\n- expected {}\n+ got      {}",
                    prim_text(x),
                    prim_text(y)
                )
            })
        };
        if first.is_none() {
            first = mismatch;
        }
    }
    match first {
        None => Ok(()),
        Some(description) if count == 1 => Err(description),
        Some(description) => Err(format!(
            "{description}\n(and {} more mismatches)",
            count - 1
        )),
    }
}

fn parts(value: &Value) -> (&[i64], PrimType, &[PrimValue]) {
    match value {
        Value::Prim(prim) => (&[], prim.prim_type(), std::slice::from_ref(prim)),
        Value::Array(array) => (&array.shape, array.element, &array.data),
    }
}

fn shape_text(shape: &[i64]) -> String {
    if shape.is_empty() {
        return "(scalar)".to_string();
    }
    shape.iter().map(|dim| format!("[{dim}]")).collect()
}

fn prim_text(value: PrimValue) -> String {
    let mut text = String::new();
    write_text(&Value::Prim(value), &mut text);
    text
}

fn unflatten(mut index: usize, shape: &[i64]) -> Vec<usize> {
    let mut indices = vec![0; shape.len()];
    for (slot, &dim) in indices.iter_mut().zip(shape).rev() {
        let dim = dim.max(1) as usize;
        *slot = index % dim;
        index /= dim;
    }
    indices
}

/// Upstream's tolerance for one expected value: the largest of the
/// relative tolerance and it times each finite element.
fn tolerance(expected: &[PrimValue]) -> f64 {
    expected
        .iter()
        .filter_map(|&value| float_value(value))
        .filter(|value| value.is_finite())
        .fold(TOLERANCE, |tolerance, value| {
            tolerance.max(TOLERANCE * value)
        })
}

fn float_value(value: PrimValue) -> Option<f64> {
    match value {
        PrimValue::F16(v) => Some(v.to_f64()),
        PrimValue::F32(v) => Some(v as f64),
        PrimValue::F64(v) => Some(v),
        _ => None,
    }
}

fn prims_match(expected: PrimValue, actual: PrimValue, tolerance: f64) -> bool {
    match (float_value(expected), float_value(actual)) {
        (Some(x), Some(y)) => {
            (x.is_nan() && y.is_nan())
                || (x.is_infinite() && y.is_infinite() && x.signum() == y.signum())
                || (x - y).abs() <= tolerance
        }
        _ => expected == actual,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU32;

    /// A backend whose programs are the entry points below, whatever the
    /// file says, with an empty IR program (all its metrics are 0); a file
    /// containing `fake compile error` does not compile.
    struct FakeBackend(&'static str);

    struct FakeProgram(&'static str, Program);

    impl Backend for FakeBackend {
        fn name(&self) -> &str {
            self.0
        }

        fn compile(&self, path: &Path) -> Result<Box<dyn Compiled>, String> {
            let source = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
            if source.contains("fake compile error") {
                return Err("Error at t.fut:3:1-5:\nCannot unify `i32` with `bool`.".into());
            }
            Ok(Box::new(FakeProgram(self.0, Program::default())))
        }
    }

    impl Compiled for FakeProgram {
        fn program(&self) -> &Program {
            &self.1
        }

        fn signature(&self, entry: &str) -> Result<Signature, String> {
            let i32_to_i32 = Signature {
                params: vec![Kind::new(PrimType::I32, 0)],
                results: vec![Kind::new(PrimType::I32, 0)],
            };
            let vector = Kind::new(PrimType::I32, 1);
            let matrix = Kind::new(PrimType::I32, 2);
            match entry {
                "main" | "double" | "fail" | "panic" | "which" => Ok(i32_to_i32),
                "list" => Ok(Signature {
                    params: vec![vector],
                    results: vec![vector],
                }),
                "id" => Ok(Signature {
                    params: vec![vector, matrix],
                    results: vec![vector, matrix],
                }),
                "floats" => Ok(Signature {
                    params: vec![Kind::new(PrimType::F32, 0), Kind::new(PrimType::I64, 0)],
                    results: vec![Kind::new(PrimType::F32, 0), Kind::new(PrimType::I64, 0)],
                }),
                // Takes anything: nothing is known of its values' types.
                "shapes" => Ok(Signature::default()),
                _ => Err(format!("unknown entry point {entry}")),
            }
        }

        fn run(&mut self, entry: &str, args: Vec<Value>) -> Result<Vec<Value>, String> {
            match entry {
                "main" | "id" | "list" | "floats" => Ok(args),
                "double" => match args.as_slice() {
                    [Value::Prim(PrimValue::I32(x))] => {
                        Ok(vec![Value::Prim(PrimValue::I32(2 * x))])
                    }
                    _ => Err("double: expected one i32".into()),
                },
                "fail" => Err("Error: Index [5] out of bounds for array of shape [4].".into()),
                "panic" => panic!("interpreter bug"),
                // Differs between backends, for `auto output`.
                "which" => Ok(vec![Value::Prim(PrimValue::I32(self.0.len() as i32))]),
                "shapes" => Ok(args
                    .iter()
                    .map(|arg| {
                        let (shape, _, _) = parts(arg);
                        let data = shape.iter().map(|&d| PrimValue::I64(d)).collect();
                        Value::Array(ArrayValue::new(
                            PrimType::I64,
                            vec![shape.len() as i64],
                            data,
                        ))
                    })
                    .collect()),
                _ => Err(format!("unknown entry point {entry}")),
            }
        }
    }

    /// A fresh directory under the system's temporary directory, removed
    /// when dropped.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new() -> TempDir {
            static COUNTER: AtomicU32 = AtomicU32::new(0);
            let name = format!(
                "futc-test-runner-{}-{}",
                std::process::id(),
                COUNTER.fetch_add(1, Ordering::Relaxed)
            );
            let path = std::env::temp_dir().join(name);
            std::fs::create_dir_all(&path).expect("temporary directory");
            TempDir(path)
        }

        fn write(&self, name: &str, contents: &[u8]) -> PathBuf {
            let path = self.0.join(name);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("directory");
            std::fs::write(&path, contents).expect("written");
            path
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn test_with(backend: &str, reference: Option<&dyn Backend>, source: &str) -> FileReport {
        let dir = TempDir::new();
        let path = dir.write("prog.fut", source.as_bytes());
        let backend = FakeBackend(match backend {
            "interpreter" => "interpreter",
            _ => "c",
        });
        let options = TestOptions {
            backend: &backend,
            reference,
            jobs: 1,
            runs_skipped: false,
            verbose: false,
        };
        test_file(&path, &options)
    }

    fn interpret(source: &str) -> FileReport {
        test_with(INTERPRETER, None, source)
    }

    fn counts(report: &FileReport) -> (usize, usize, usize) {
        let Summary {
            passed,
            failed,
            skipped,
        } = report.counts.total();
        (passed, failed, skipped)
    }

    fn i32s(values: &[i32]) -> Value {
        let data = values.iter().map(|&v| PrimValue::I32(v)).collect();
        Value::Array(ArrayValue::new(
            PrimType::I32,
            vec![values.len() as i64],
            data,
        ))
    }

    fn f32s(values: &[f32]) -> Value {
        let data = values.iter().map(|&v| PrimValue::F32(v)).collect();
        Value::Array(ArrayValue::new(
            PrimType::F32,
            vec![values.len() as i64],
            data,
        ))
    }

    #[test]
    fn compares_outputs_and_reports_the_first_mismatch() {
        let report = interpret(
            "-- Doubling.\n-- ==\n-- entry: double\n-- input { 2 } output { 4 }\n\
             -- input { 3 } output { 7 }\n\
             entry double x = 2 * x\n\
             -- ==\n-- entry: id\n-- input { [1, 2, 3] [[1, 2], [3, 4]] }\n\
             -- output { [1, 2, 3] [[1, 2], [3, 5]] }\n",
        );
        assert_eq!(counts(&report), (1, 2, 0));
        let text = report.to_string();
        assert!(text.starts_with(&format!("{} (Doubling.):\n", report.path.display())));
        assert!(
            text.contains("entry point `double`, run #1 at line 5:"),
            "{text}"
        );
        assert!(text.contains("- expected 7i32\n"), "{text}");
        assert!(text.contains("+ got      6i32"), "{text}");
        assert!(
            text.contains("entry point `id`, run #0 at line 9:"),
            "{text}"
        );
        assert!(text.contains("value #1 at index [1, 1]:"), "{text}");
    }

    #[test]
    fn floats_match_within_upstreams_tolerance() {
        let close = |expected: &[f32], actual: &[f32]| {
            compare_values(&[f32s(expected)], &[f32s(actual)]).is_ok()
        };
        assert!(close(&[1.0], &[1.0019]));
        assert!(!close(&[1.0], &[1.003]));
        // The tolerance grows with the largest expected element...
        assert!(close(&[1000.0, 0.0], &[1001.0, 1.5]));
        // ... but not with negative ones, as upstream's.
        assert!(!close(&[-1000.0], &[-1001.0]));
        assert!(close(
            &[f32::NAN, f32::INFINITY, f32::NEG_INFINITY],
            &[f32::NAN, f32::INFINITY, f32::NEG_INFINITY]
        ));
        assert!(!close(&[f32::INFINITY], &[f32::NEG_INFINITY]));
        assert!(!close(&[f32::NAN], &[1.0]));
        assert!(!close(&[1.0], &[f32::INFINITY]));
    }

    #[test]
    fn shapes_types_and_counts_must_match() {
        let error = compare_values(&[i32s(&[1, 2])], &[i32s(&[1, 2, 3])]).unwrap_err();
        assert_eq!(
            error,
            "value #0:\n- expected shape [2]\n+ got shape      [3]"
        );
        let error = compare_values(&[i32s(&[1])], &[f32s(&[1.0])]).unwrap_err();
        assert_eq!(error, "value #0:\n- expected type i32\n+ got type      f32");
        let error = compare_values(&[i32s(&[1])], &[]).unwrap_err();
        assert_eq!(error, "expected 1 values, got 0");
        let scalar = Value::Prim(PrimValue::I32(1));
        let error = compare_values(std::slice::from_ref(&scalar), &[i32s(&[1])]).unwrap_err();
        assert!(error.contains("(scalar)"), "{error}");
        let error = compare_values(
            &[i32s(&[1, 2, 3]), scalar],
            &[i32s(&[0, 2, 0]), Value::Prim(PrimValue::I32(2))],
        )
        .unwrap_err();
        assert_eq!(
            error,
            "value #0 at index [0]:\n- expected 1i32\n+ got      0i32\n(and 2 more mismatches)"
        );
    }

    #[test]
    fn checks_run_time_errors() {
        let report = interpret(
            "-- ==\n-- entry: fail\n-- input { 1 } error: out of bounds\n\
             -- input { 2 } error:\n-- input { 3 } error: division by zero\n\
             -- input { 4 }\n\
             entry fail x = x\n\
             -- ==\n-- entry: double\n-- input { 1 } error: anything\n",
        );
        assert_eq!(counts(&report), (2, 3, 0));
        let text = report.to_string();
        assert!(text.contains("expected an error matching `division by zero`, got:\n"));
        assert!(text.contains("    Error: Index [5]"), "{text}");
        assert!(text.contains("the run failed:"), "{text}");
        assert!(text.contains("the run succeeded, but an error matching `anything`"));
    }

    #[test]
    fn checks_compile_time_errors() {
        let matching = "-- ==\n-- error: Cannot unify.*bool\nfake compile error\n";
        assert_eq!(counts(&interpret(matching)), (1, 0, 0));
        let other = "-- ==\n-- error: Unknown name\nfake compile error\n";
        let report = interpret(other);
        assert_eq!(counts(&report), (0, 1, 0));
        assert!(report.failures[0].contains("Cannot unify `i32`"));
        let report = interpret("-- ==\n-- error: Unknown name\ndef main = 1\n");
        assert_eq!(counts(&report), (0, 1, 0));
        assert!(report.failures[0].contains("the program compiled"));
    }

    #[test]
    fn a_failed_compilation_fails_every_run_with_one_message() {
        let report = interpret(
            "-- fake compile error\n-- ==\n-- input { 1 } output { 1 }\n-- input { 2 }\n",
        );
        assert_eq!(counts(&report), (0, 2, 0));
        assert_eq!(report.failures.len(), 1);
        assert!(report.failures[0].starts_with("compilation failed:\n  Error at"));
    }

    #[test]
    fn skips_what_upstream_skips() {
        let source = "-- ==\n-- compiled input { 1 } output { 1 }\n\
                      -- no_c input { 2 } output { 2 }\n\
                      -- no_interpreter nobench input { 3 } output { 3 }\n\
                      -- notest input { 4 } output { 4 }\n\
                      -- script input { f 1 } output { 5 }\n\
                      -- input { 6 } output { 6 }\n\
                      -- warning: unused\n";
        assert_eq!(counts(&interpret(source)), (2, 0, 5));
        assert_eq!(counts(&test_with("c", None, source)), (3, 0, 4));
        for tags in ["disable", "notest", "no_interpreter other"] {
            let source = format!("-- ==\n-- tags {{ {tags} }}\n-- input {{ 1 }}\n");
            assert_eq!(counts(&interpret(&source)), (0, 0, 1), "{tags}");
        }
        let properties = "-- ==\n-- property: p q\n";
        assert_eq!(counts(&interpret(properties)), (0, 0, 2));
    }

    #[test]
    fn programs_without_tests_must_compile() {
        let report = interpret("def main = 1\n");
        assert_eq!(counts(&report), (1, 0, 0));
        assert_eq!(report.counts.of(TestKind::Compilation).passed, 1);
        assert_eq!(report.tested, ["compiles: passed"]);
        let report = interpret("-- fake compile error\ndef main = 1\n");
        assert_eq!(counts(&report), (0, 1, 0));
        assert!(report.failures[0].starts_with("compilation failed:\n  Error at"));
        // A block with no runs is no test either.
        let report = interpret("-- fake compile error\n-- ==\n-- entry: main\n");
        assert_eq!(counts(&report), (0, 1, 0));
        assert!(report.failures[0].starts_with("compilation failed:"));
        let skipped = interpret("-- fake compile error\n-- ==\n-- tags { disable }\n");
        assert_eq!(counts(&skipped), (0, 0, 1));
        assert_eq!(skipped.tested, ["compiles: skipped"]);
    }

    #[test]
    fn structure_blocks_are_checked_once_and_missing_pipelines_skipped() {
        // The fake program is empty: every path occurs 0 times.
        let source = "-- ==\n-- entry: double list\n-- input { 1 } output { 2 }\n\
                      -- structure { Screma 0 /Loop/Screma 0 }\n\
                      -- structure gpu { SegMap 0 }\n\
                      -- structure internalised { Screma 3 }\n";
        let report = interpret(source);
        assert_eq!(counts(&report), (3, 1, 1), "{report}");
        let failing = "-- ==\n-- structure { Screma 1 BinOp 0 /Screma/Loop 2 }\n\
                       -- structure seq-mem { Alloc 0 }\n-- structure internalised { Alloc 1 }\n";
        let report = interpret(failing);
        assert_eq!(counts(&report), (1, 1, 1), "{report}");
        assert_eq!(
            report.failures,
            [
                "structure test at line 2:\n  /Screma/Loop: expected 2, found 0\n  \
              Screma: expected 1, found 0"
            ]
        );
        // Without runs the program is compiled for its structure tests
        // alone, and a failed compilation fails them.
        let broken = "-- fake compile error\n-- ==\n-- structure { Screma 0 }\n\
                      -- structure { Screma 1 }\n-- structure internalised { SegMap 1 }\n";
        let report = interpret(broken);
        assert_eq!(counts(&report), (0, 2, 1), "{report}");
        assert!(report.failures[0].starts_with("compilation failed"));
        let disabled = "-- ==\n-- tags { disable }\n-- structure { Screma 0 }\n";
        assert_eq!(counts(&interpret(disabled)), (0, 0, 1));
    }

    #[test]
    fn auto_output_compares_with_the_interpreter() {
        let source = "-- ==\n-- entry: which double\n-- input { 5 } auto output\n";
        // Under the interpreter itself the runs only have to succeed, and
        // `which` has no i32 argument, but succeeds.
        assert_eq!(counts(&interpret(source)), (2, 0, 0));
        let reference = FakeBackend(INTERPRETER);
        let report = test_with("c", Some(&reference), source);
        assert_eq!(counts(&report), (1, 1, 0));
        assert!(report.failures[0].contains("entry point `which`"));
        assert!(report.failures[0].contains("- expected 11i32"), "{report}");
        let failing = "-- ==\n-- entry: fail\n-- input { 5 } auto output\n";
        let report = test_with("c", Some(&reference), failing);
        assert!(report.failures[0].contains("the reference backend `interpreter` failed"));
        assert_eq!(counts(&test_with("c", None, source)), (0, 0, 2));
        // The interpreter never runs `compiled` runs: those only have to
        // succeed.
        let compiled = "-- ==\n-- entry: which double\n-- compiled input { 5 } auto output\n";
        assert_eq!(
            counts(&test_with("c", Some(&reference), compiled)),
            (2, 0, 0)
        );
        let failing = "-- ==\n-- entry: fail\n-- compiled input { 5 } auto output\n";
        assert_eq!(
            counts(&test_with("c", Some(&reference), failing)),
            (0, 1, 0)
        );
    }

    #[test]
    fn reads_values_from_files_relative_to_the_program() {
        let dir = TempDir::new();
        dir.write("data/in.txt", b"[1, 2, 3]\n");
        let mut packed = Vec::new();
        {
            let mut encoder =
                flate2::write::GzEncoder::new(&mut packed, flate2::Compression::default());
            let mut binary = Vec::new();
            write_binary_i32s(&[1, 2, 3], &mut binary);
            encoder.write_all(&binary).expect("compressed");
            encoder.finish().expect("compressed");
        }
        dir.write("data/in.bin.gz", &packed);
        dir.write("data/out.txt", b"[1i32, 2i32, 3i32]");
        let path = dir.write(
            "sub/../prog.fut",
            b"-- ==\n-- entry: list\n-- input @ data/in.txt output @ data/out.txt\n\
              -- input @ data/in.bin.gz output @ data/out.txt\n\
              -- input @ data/missing.in\n-- \"again\" input @ data/in.txt output @ data/in.bin.gz\n",
        );
        let backend = FakeBackend(INTERPRETER);
        let options = TestOptions {
            backend: &backend,
            reference: None,
            jobs: 1,
            runs_skipped: false,
            verbose: false,
        };
        let report = test_file(&path, &options);
        assert_eq!(counts(&report), (3, 1, 0), "{report}");
        assert!(report.failures[0].contains("cannot read"), "{report}");
        assert!(report.failures[0].contains("missing.in"), "{report}");
    }

    #[test]
    fn values_are_read_as_the_entry_points_types() {
        let dir = TempDir::new();
        dir.write("floats.in", b"-- f32 and i64\n1.5 0x10\n");
        dir.write("bad.in", b"1.5\n  1.5\n");
        let path = dir.write(
            "prog.fut",
            b"-- ==\n-- entry: floats\n\
              -- input { 1 -2 } output { 1.0 -2 }\n\
              -- input @ floats.in output { 1.5f32 16 }\n\
              -- random input { 3 4 } output { 3.0 4i64 }\n\
              -- input { [1.0] 2 }\n\
              -- input { 1 2 } output { 1.0\n--   2.5 }\n\
              -- input @ bad.in\n\
              -- random input { 3 4.5 }\n\
              -- input { 1 2 x }\n\
              entry floats x y = (x, y)\n\
              -- ==\n-- entry: nothing\n-- input { 1 } error: unknown entry point\n",
        );
        let backend = FakeBackend(INTERPRETER);
        let options = TestOptions {
            backend: &backend,
            reference: None,
            jobs: 1,
            runs_skipped: false,
            verbose: false,
        };
        let report = test_file(&path, &options);
        assert_eq!(counts(&report), (4, 5, 0), "{report}");
        let failures = report.failures.join("\n");
        for expected in [
            "run #3 at line 6:\n  cannot read argument #0 at line 6: \
             expected a value of type f32, found an array",
            "run #4 at line 7:\n  cannot read expected result #1 at line 8: \
             `2.5` has a fraction or an exponent, so it cannot be i64",
            "cannot read argument #1 in ",
            "bad.in: line 2, column 3: `1.5` has a fraction or an exponent, so it cannot be i64",
            "run #6 at line 10:\n  cannot read argument #1 of the random input: \
             `4.5` has a fraction or an exponent, so it cannot be i64",
            "run #7 at line 11:\n  cannot read value #2 (one more than the 2 arguments) \
             at line 11: expected a value, found `x`",
        ] {
            assert!(
                failures.contains(expected),
                "{expected}\nnot in:\n{failures}"
            );
        }
    }

    fn write_binary_i32s(values: &[i32], out: &mut Vec<u8>) {
        out.extend_from_slice(b"b\x02\x01 i32");
        out.extend_from_slice(&(values.len() as u64).to_le_bytes());
        for value in values {
            out.extend_from_slice(&value.to_le_bytes());
        }
    }

    #[test]
    fn random_inputs_have_the_asked_shapes() {
        let report = interpret(
            "-- ==\n-- entry: shapes\n-- random input { [2][3]f32 i64 7i32 } \
             output { [2i64, 3i64] empty([0]i64) empty([0]i64) }\n\
             -- random input { [4]bool } output { [4i64] }\n",
        );
        assert_eq!(counts(&report), (2, 0, 0), "{report}");
        let too_large = interpret("-- ==\n-- random input { [65536][65536]i32 }\n");
        assert!(too_large.failures[0].contains("too large"), "{too_large}");
    }

    #[test]
    fn random_inputs_are_what_futc_dataset_prints() {
        let generate = |ty: &str| {
            let value = RandomValue::Array {
                shape: vec![3],
                element: PrimType::from_name(ty).expect("type"),
            };
            let values = random_values(&[value.clone(), value], &[]).expect("generated");
            assert_eq!(values[0], values[1], "each value starts from the seed");
            let mut text = String::new();
            write_text(&values[0], &mut text);
            text
        };
        assert_eq!(
            generate("i32"),
            "[285879788i32, 1055624609i32, 2022941422i32]"
        );
        assert_eq!(
            generate("f32"),
            "[0.5665616f32, 0.7457818f32, 0.97100276f32]"
        );
        assert_eq!(generate("u8"), "[145u8, 190u8, 248u8]");
        assert_eq!(generate("bool"), "[true, true, true]");
    }

    #[test]
    fn a_panic_fails_the_run_only() {
        let report = interpret(
            "-- ==\n-- entry: panic\n-- input { 1 } error: .*\n\
             entry panic x = x\n\
             -- ==\n-- entry: double\n-- input { 1 } output { 2 }\n",
        );
        assert_eq!(counts(&report), (1, 1, 0));
        assert!(report.failures[0].contains("panicked: interpreter bug"));
    }

    #[test]
    fn a_malformed_spec_is_one_failure() {
        let report = interpret("-- ==\n-- input { 1\n");
        assert_eq!(counts(&report), (0, 1, 0));
        assert!(report.failures[0].contains("prog.fut:2: the `{` after `input`"));
    }

    #[test]
    fn tests_directories_in_parallel() {
        let dir = TempDir::new();
        for index in 0..7 {
            let source = format!(
                "-- ==\n-- entry: double\n-- input {{ {index} }} output {{ {} }}\n\
                 -- input {{ 1 }} output {{ 3 }}\n",
                2 * index
            );
            dir.write(&format!("d{}/p{index}.fut", index % 3), source.as_bytes());
        }
        dir.write("d0/notes.txt", b"not a program");
        let files = collect_test_files(std::slice::from_ref(&dir.0)).expect("readable");
        assert_eq!(files.len(), 7);
        assert!(files.windows(2).all(|pair| pair[0] < pair[1]));
        let backend = FakeBackend(INTERPRETER);
        let options = TestOptions {
            backend: &backend,
            reference: None,
            jobs: 3,
            runs_skipped: false,
            verbose: false,
        };
        let summary = run_tests(&files, &options);
        assert_eq!(summary.programs, 7);
        assert_eq!(summary.total().to_string(), "7 passed, 7 failed, 0 skipped");
        assert_eq!(
            summary.to_string(),
            "7 programs                  passed  failed  skipped\n  \
             runs                           7       7        0\n\
             7 passed, 7 failed, 0 skipped"
        );
        let missing = collect_test_files(&[dir.0.join("missing")]).unwrap_err();
        assert!(missing.starts_with("cannot read"), "{missing}");
    }

    #[test]
    fn backends_are_found_by_name() {
        assert_eq!(
            backend_named(INTERPRETER).map(|b| b.name().to_owned()),
            Some(INTERPRETER.to_owned())
        );
        assert_eq!(
            backend_named("c").map(|b| b.name().to_owned()),
            Some("c".to_owned())
        );
        assert_eq!(
            backend_named("opencl").map(|b| b.name().to_owned()),
            Some("opencl".to_owned())
        );
        assert!(backend_named("cuda").is_none());
    }
}
