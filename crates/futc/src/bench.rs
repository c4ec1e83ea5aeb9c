//! `futc bench`: times the datasets of programs' `-- ==` test blocks
//! compiled with a C backend, as upstream's `futhark bench` does.
//!
//! Guarantees:
//!
//! * Programs tagged `disable`, `nobench` or `no_<backend>` are skipped, and
//!   so are datasets with one of those tags or one given with
//!   `--exclude-case`, datasets expecting an error, and FutharkScript
//!   inputs. A program left with no dataset is not compiled.
//! * Every program is compiled (several at once) before any is timed; a
//!   program that does not compile stops the command with exit code 1
//!   before anything runs.
//! * Datasets run one at a time, each through the program's server: one
//!   untimed warm-up run, then at least `--runs` timed runs and more until
//!   half a second has passed. A run's time is the server's measure of the
//!   entry point's call (the device synchronised at its end), without
//!   moving values in or out; arguments a run consumes are restored afresh
//!   between runs, untimed.
//! * A dataset fails when its input cannot be read, a run fails, the runs
//!   take longer than `--timeout` seconds together (the server is killed),
//!   or the last run's results differ from the expected output; the
//!   others still run, the JSON file is still written, and the command
//!   exits with 1.
//! * The JSON file is upstream's format: per program (`PROG.fut`, or
//!   `PROG.fut:ENTRY` for entry points other than `main`), per dataset
//!   either `{"runtimes": [µs, ...], "bytes": peak}` or the error's text.

use crate::c_backend::{BenchProgram, Measurement};
use crate::test_runner::{self, Role};
use crate::test_spec::{Expected, Input, TestAction, TestRun, parse_test_spec};
use codegen::Backend;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct BenchArgs {
    /// The programs to benchmark: `.fut` files, or directories searched
    /// for them.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// The backend the programs are compiled with.
    #[arg(long, default_value = "c", value_parser = ["c", "multicore", "opencl"])]
    backend: String,
    /// The least number of timed runs of each dataset (after one warm-up
    /// run); more are made until half a second has passed.
    #[arg(short = 'r', long, value_name = "N", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..))]
    runs: u64,
    /// Write the results to FILE as JSON (upstream's format).
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// For a program PROG.fut, pass the tuning file PROG.fut.EXT to its
    /// server if there is one.
    #[arg(long, value_name = "EXT", default_value = "tuning")]
    tuning: String,
    /// Do not look for tuning files.
    #[arg(long)]
    no_tuning: bool,
    /// Only run the entry points of this name.
    #[arg(short = 'e', long, value_name = "NAME")]
    entry_point: Option<String>,
    /// Do not run datasets with this tag (may be given again).
    #[arg(long, value_name = "TAG")]
    exclude_case: Vec<String>,
    /// Stop a dataset whose runs together take longer than this many
    /// seconds, and count it as failed.
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<u64>,
    /// Pass an option to the programs' servers, such as `-d` for an OpenCL
    /// device (may be given again).
    #[arg(long, value_name = "OPTION", allow_hyphen_values = true)]
    pass_option: Vec<String>,
    /// How many programs are compiled at once (default: one per core).
    #[arg(long, value_name = "N")]
    concurrency: Option<NonZeroUsize>,
}

/// Writes a line of the report to standard output, at once (the runs
/// after it take a while).
fn say(line: std::fmt::Arguments) {
    let mut stdout = std::io::stdout().lock();
    if let Err(error) = writeln!(stdout, "{line}").and_then(|()| stdout.flush()) {
        eprintln!("error: cannot write the report: {error}");
    }
}

/// Runs go on until at least this much time has passed.
const MIN_TIME: Duration = Duration::from_millis(500);

/// Exit code for unreadable paths and malformed test blocks.
const EXIT_USAGE: u8 = 2;

/// A program with the datasets to time.
struct Benchmark {
    path: PathBuf,
    tuning: Option<PathBuf>,
    /// Per entry point, its datasets in order.
    entries: Vec<(String, Vec<TestRun>)>,
}

pub fn run(args: &BenchArgs) -> ExitCode {
    let backend = match args.backend.as_str() {
        "c" => Backend::C,
        "multicore" => Backend::Multicore,
        _ => Backend::OpenCl,
    };
    let benchmarks = match collect_benchmarks(args) {
        Ok(benchmarks) => benchmarks,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let Some(mut programs) = compile_all(&benchmarks, backend, args) else {
        return ExitCode::FAILURE;
    };
    say(format_args!(
        "Reporting arithmetic mean runtime of at least {} runs for each dataset (min {} s).",
        args.runs,
        MIN_TIME.as_secs_f64()
    ));
    let mut json = serde_json::Map::new();
    let mut failed = false;
    for (benchmark, program) in benchmarks.iter().zip(&mut programs) {
        let tuning = match &benchmark.tuning {
            Some(file) => format!("using {}", file.display()),
            None => "no tuning file".to_owned(),
        };
        for (entry, runs) in &benchmark.entries {
            let key = if entry == "main" {
                benchmark.path.display().to_string()
            } else {
                format!("{}:{entry}", benchmark.path.display())
            };
            say(format_args!("\n{key} ({tuning}):"));
            let width = runs.iter().map(|run| run.description().len()).max();
            let mut datasets = serde_json::Map::new();
            for run in runs {
                let name = run.description();
                let outcome = time_dataset(program, &benchmark.path, entry, run, args);
                let shown = format!("{name}:");
                match outcome {
                    Ok(measurement) => {
                        say(format_args!(
                            "{shown:width$} {}",
                            summary(&measurement.runtimes),
                            width = width.unwrap_or(0) + 1
                        ));
                        datasets.insert(
                            name,
                            serde_json::json!({
                                "runtimes": measurement.runtimes,
                                "bytes": measurement.peak_bytes,
                            }),
                        );
                    }
                    Err(message) => {
                        failed = true;
                        say(format_args!(
                            "{shown:width$} failed",
                            width = width.unwrap_or(0) + 1
                        ));
                        eprintln!("{key}, dataset {name}:\n{message}");
                        datasets.insert(name, serde_json::Value::String(message));
                    }
                }
            }
            json.insert(key, serde_json::json!({ "datasets": datasets }));
        }
    }
    if let Some(file) = &args.json {
        let text = serde_json::Value::Object(json).to_string();
        if let Err(error) = std::fs::write(file, text) {
            eprintln!("error: cannot write {}: {error}", file.display());
            return ExitCode::FAILURE;
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The programs at `args.paths` with the datasets to time, leaving out
/// programs with none.
fn collect_benchmarks(args: &BenchArgs) -> Result<Vec<Benchmark>, String> {
    let excluded = |tag: &String| {
        tag == "nobench"
            || test_runner::is_excluded_tag(tag, &args.backend) && tag != "notest"
            || args.exclude_case.contains(tag)
    };
    let mut benchmarks = Vec::new();
    for path in test_runner::collect_test_files(&args.paths)? {
        let source = crate::diagnostics::read_source(&path)?;
        let Some(spec) = parse_test_spec(&path, &source).map_err(|error| error.to_string())? else {
            continue;
        };
        let TestAction::Run(cases) = spec.action else {
            continue;
        };
        if spec.tags.iter().any(excluded) {
            continue;
        }
        let mut entries: Vec<(String, Vec<TestRun>)> = Vec::new();
        for case in &cases.cases {
            let runs: Vec<&TestRun> = case
                .runs
                .iter()
                .filter(|run| {
                    !run.tags.iter().any(excluded)
                        && !matches!(run.expected, Expected::RunTimeError(_))
                        && !matches!(run.input, Input::Script(_) | Input::ScriptFile(_))
                })
                .collect();
            for entry in &case.entries {
                if args.entry_point.as_ref().is_some_and(|only| only != entry) || runs.is_empty() {
                    continue;
                }
                let cloned = runs.iter().map(|&run| run.clone());
                match entries.iter_mut().find(|(name, _)| name == entry) {
                    Some((_, existing)) => existing.extend(cloned),
                    None => entries.push((entry.clone(), cloned.collect())),
                }
            }
        }
        if entries.is_empty() {
            continue;
        }
        let tuning = (!args.no_tuning)
            .then(|| {
                let mut file = path.as_os_str().to_owned();
                file.push(format!(".{}", args.tuning));
                PathBuf::from(file)
            })
            .filter(|file| file.is_file());
        benchmarks.push(Benchmark {
            path,
            tuning,
            entries,
        });
    }
    Ok(benchmarks)
}

/// Compiles every benchmark, `--concurrency` at once; `None` (having said
/// why) if one does not compile.
fn compile_all(
    benchmarks: &[Benchmark],
    backend: Backend,
    args: &BenchArgs,
) -> Option<Vec<BenchProgram>> {
    let jobs = args
        .concurrency
        .or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get)
        .clamp(1, benchmarks.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    let mut compiled: Vec<Option<BenchProgram>> = benchmarks.iter().map(|_| None).collect();
    let mut ok = true;
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(benchmark) = benchmarks.get(index) else {
                        return;
                    };
                    say(format_args!("Compiling {}...", benchmark.path.display()));
                    let program = BenchProgram::compile(
                        &benchmark.path,
                        backend,
                        benchmark.tuning.clone(),
                        args.pass_option.clone(),
                    );
                    if sender.send((index, program)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        for (index, program) in receiver {
            match program {
                Ok(program) => compiled[index] = Some(program),
                Err(message) => {
                    ok = false;
                    eprintln!(
                        "error: {} does not compile:\n{}",
                        benchmarks[index].path.display(),
                        message.trim_end()
                    );
                }
            }
        }
    });
    if ok {
        compiled.into_iter().collect()
    } else {
        None
    }
}

/// Times one dataset of entry point `entry`.
fn time_dataset(
    program: &mut BenchProgram,
    path: &Path,
    entry: &str,
    run: &TestRun,
    args: &BenchArgs,
) -> Result<Measurement, String> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let signature = program.signature(entry)?;
    let inputs = test_runner::input_values(dir, &run.input, &signature.params)?;
    let expected = match &run.expected {
        Expected::Values(source) => Some(test_runner::load_values(
            dir,
            source,
            &signature.results,
            Role::Result,
        )?),
        _ => None,
    };
    let progress = if std::io::stderr().is_terminal() {
        ProgressBar::new(args.runs)
    } else {
        ProgressBar::hidden()
    };
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} runs") {
        progress.set_style(style);
    }
    let start = Instant::now();
    let mut more = |runtimes: &[u64]| {
        progress.set_position(runtimes.len() as u64);
        (runtimes.len() as u64) < args.runs || start.elapsed() < MIN_TIME
    };
    let measured = match args.timeout {
        Some(seconds) => {
            let process = program.server_process()?;
            within(Duration::from_secs(seconds), process, || {
                program.measure(entry, &inputs, expected.is_some(), &mut more)
            })
            .unwrap_or_else(|| Err(format!("the runs took longer than {seconds} s")))
        }
        None => program.measure(entry, &inputs, expected.is_some(), &mut more),
    };
    progress.finish_and_clear();
    let measurement = measured?;
    if let (Some(expected), Some(results)) = (expected, &measurement.results) {
        test_runner::compare_values(&expected, results).map_err(|mismatch| {
            format!("the results differ from the expected output: {mismatch}")
        })?;
    }
    Ok(measurement)
}

/// Runs `work`, killing the server process `process` if it has not
/// finished after `limit`; `None` if it was killed.
fn within<T>(limit: Duration, process: u32, work: impl FnOnce() -> T) -> Option<T> {
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let watchdog = scope.spawn(move || {
            let timed_out = finished.recv_timeout(limit) == Err(mpsc::RecvTimeoutError::Timeout);
            if timed_out {
                // The standard library can only kill a child through its
                // owner, which is blocked reading from it.
                let _ = std::process::Command::new("kill")
                    .args(["-KILL", &process.to_string()])
                    .status();
            }
            timed_out
        });
        let result = work();
        let _ = done.send(());
        let timed_out = watchdog.join().unwrap_or(true);
        (!timed_out).then_some(result)
    })
}

/// `mean μs (95% CI: [low, high])` of run times in microseconds.
fn summary(runtimes: &[u64]) -> String {
    let count = runtimes.len() as f64;
    let mean = runtimes.iter().map(|&t| t as f64).sum::<f64>() / count;
    let variance = runtimes
        .iter()
        .map(|&t| (t as f64 - mean).powi(2))
        .sum::<f64>()
        / (count - 1.0).max(1.0);
    let half_width = student_t95(runtimes.len().saturating_sub(1)) * (variance / count).sqrt();
    format!(
        "{mean:10.0}μs (95% CI: [{:10.1}, {:10.1}])",
        mean - half_width,
        mean + half_width
    )
}

/// The two-sided 95% quantile of Student's t distribution with `freedom`
/// degrees of freedom (the normal one's beyond 30).
fn student_t95(freedom: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match freedom {
        0 => 0.0,
        1..=30 => TABLE[freedom - 1],
        _ => 1.96,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_interval_widens_with_spread_and_narrows_with_runs() {
        let steady = summary(&[100, 100, 100, 100]);
        assert!(steady.contains("100.0,"), "{steady}");
        let spread = summary(&[90, 110, 90, 110]);
        let more = summary(&[90, 110, 90, 110, 90, 110, 90, 110, 90, 110, 90, 110]);
        let width = |text: &str| {
            let inside = text.split('[').nth(1).unwrap().trim_end_matches("])");
            let (low, high) = inside.split_once(',').unwrap();
            high.trim().parse::<f64>().unwrap() - low.trim().parse::<f64>().unwrap()
        };
        assert!(width(&spread) > width(&more), "{spread} vs {more}");
        assert!(width(&more) > 0.0);
    }

    #[test]
    fn a_late_watchdog_leaves_the_work_alone() {
        assert_eq!(within(Duration::from_secs(60), u32::MAX, || 7), Some(7));
    }
}
