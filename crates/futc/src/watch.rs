//! `futc watch`: checks a program, then compiles or tests it, and does so
//! again whenever the file or one it imports changes, until interrupted.
//! Checking and lowering go through one database that each round
//! reloads ([`hir::CheckedProgram::reload`]), so a change re-checks and
//! re-lowers only what it reaches; optimisation and code generation run
//! on the whole program, and testing starts again from the files.

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime};

use crate::diagnostics::{self, CheckedProgram};
use crate::test_runner;

#[derive(clap::Args)]
pub struct WatchArgs {
    /// The program's main file.
    file: PathBuf,
    /// The backend to compile with after a check without errors (the
    /// executable is written next to FILE, as `futc c FILE` does), or to
    /// test with; `interpreter` only checks, unless `--test`.
    #[arg(long, default_value = test_runner::INTERPRETER, value_parser = test_runner::BACKENDS)]
    backend: String,
    /// Run the file's `-- ==` test blocks after a check without errors,
    /// instead of compiling.
    #[arg(long)]
    test: bool,
    /// How often to look at the files for changes, in milliseconds; a
    /// round starts once the changed files have stayed the same this long.
    #[arg(long, default_value_t = 200, value_name = "MS")]
    interval: u64,
}

/// What a file was when last looked at: its modification time and
/// length, or nothing if it could not be read.
type Stamp = Option<(SystemTime, u64)>;

fn stamp(path: &Path) -> Stamp {
    let metadata = std::fs::metadata(path).ok()?;
    Some((metadata.modified().ok()?, metadata.len()))
}

pub fn run(args: &WatchArgs) -> ExitCode {
    let root = match diagnostics::semantic_path(&args.file) {
        Ok(root) => root,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(crate::EXIT_ERRORS);
        }
    };
    let name = args.file.display().to_string();
    let mut read = |path: &str| diagnostics::read_source(Path::new(path));
    let mut checked: Option<CheckedProgram> = None;
    let mut watched = vec![PathBuf::from(&root)];
    loop {
        // The files as they are before the round reads them: a change
        // made while the round runs starts the next one.
        let mut stamps: Vec<(PathBuf, Stamp)> = watched
            .iter()
            .map(|path| (path.clone(), stamp(path)))
            .collect();
        let started = Instant::now();
        let loaded = match checked.as_mut() {
            Some(program) => program.reload(&mut read),
            None => hir::load_checked(&root, &mut read).map(|program| {
                checked = Some(program);
            }),
        };
        let elapsed = started.elapsed();
        match (loaded, &checked) {
            (Ok(()), Some(program)) => {
                diagnostics::report_to_stderr(program, &args.file, None);
                let errors = program.diagnostics.iter().filter(|d| d.is_error()).count();
                eprintln!(
                    "[watch] {name}: checked in {} ms, {}",
                    elapsed.as_millis(),
                    count(errors, "error")
                );
                if errors == 0 {
                    after_check(args, program);
                }
                watched = program_files(program);
            }
            (Err(message), _) => eprintln!("[watch] error: {message}"),
            (Ok(()), None) => {}
        }
        // Files the program has just come to import are stamped now.
        stamps.retain(|(path, _)| watched.contains(path));
        for path in &watched {
            if !stamps.iter().any(|(known, _)| known == path) {
                stamps.push((path.clone(), stamp(path)));
            }
        }
        eprintln!(
            "[watch] waiting for changes to {}",
            count(watched.len(), "file")
        );
        let changed = wait_for_change(&stamps, Duration::from_millis(args.interval.max(1)));
        let names: Vec<String> = changed.iter().map(|p| p.display().to_string()).collect();
        eprintln!("[watch] changed: {}", names.join(", "));
    }
}

/// "1 error", "2 errors".
fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// Tests or compiles the program, as `--test` and `--backend` say.
fn after_check(args: &WatchArgs, program: &CheckedProgram) {
    let started = Instant::now();
    let (done, code) = if args.test {
        let code = test_runner::test_command(
            std::slice::from_ref(&args.file),
            &args.backend,
            &[],
            NonZeroUsize::new(1),
            false,
        );
        ("tested", code)
    } else {
        let Some(backend) = test_runner::c_backend_named(&args.backend) else {
            return;
        };
        let code = match compile(args, program, backend) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprint!("{message}");
                if !message.ends_with('\n') {
                    eprintln!();
                }
                ExitCode::FAILURE
            }
        };
        ("compiled", code)
    };
    let outcome = if code == ExitCode::SUCCESS {
        "ok"
    } else {
        "failed"
    };
    eprintln!(
        "[watch] {done} with {} in {} ms: {outcome}",
        args.backend,
        started.elapsed().as_millis()
    );
}

/// Compiles the checked program into an executable next to the file,
/// as `futc c FILE` does, saying how long each stage took. Lowering
/// reuses what the database lowered in earlier rounds.
fn compile(
    args: &WatchArgs,
    program: &CheckedProgram,
    backend: codegen::Backend,
) -> Result<(), String> {
    let mut stage = Instant::now();
    let mut took = |name: &str| {
        eprintln!("[watch] {name} in {} ms", stage.elapsed().as_millis());
        stage = Instant::now();
    };
    let mut ir = crate::compile::lower_checked(program)?;
    took("lowered");
    opt::passes::optimise(&mut ir).map_err(|error| error.to_string())?;
    took("optimised");
    crate::c_backend::build_checked(
        &ir,
        backend,
        codegen::Mode::Executable,
        &args.file.with_extension(""),
    )?;
    took("generated and built the C");
    Ok(())
}

/// The program's own files (the prelude's are not files on disk).
fn program_files(program: &CheckedProgram) -> Vec<PathBuf> {
    hir::program(&program.db, program.file_set, program.root)
        .files
        .iter()
        .map(|file| file.path(&program.db))
        .filter(|path| !hir::prelude::is_prelude_path(path))
        .map(PathBuf::from)
        .collect()
}

/// Waits until one of the files differs from its stamp (or appears, or
/// disappears) and then until the files stay as they are for an
/// interval, so that a file being written (truncated, then filled) is
/// read once it is whole; returns those that changed.
fn wait_for_change(stamps: &[(PathBuf, Stamp)], interval: Duration) -> Vec<PathBuf> {
    let now = || -> Vec<Stamp> { stamps.iter().map(|(path, _)| stamp(path)).collect() };
    let mut current = now();
    while stamps
        .iter()
        .zip(&current)
        .all(|((_, old), new)| old == new)
    {
        std::thread::sleep(interval);
        current = now();
    }
    loop {
        std::thread::sleep(interval);
        let settled = now();
        if settled == current {
            break;
        }
        current = settled;
    }
    stamps
        .iter()
        .zip(&current)
        .filter(|((_, old), new)| old != *new)
        .map(|((path, _), _)| path.clone())
        .collect()
}
