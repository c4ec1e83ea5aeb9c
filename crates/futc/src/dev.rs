//! `futc dev`: the compiler's stages on one program, for compiler
//! developers (upstream's `futhark dev`). The program is lowered to the
//! core IR (or, given as printed IR, parsed and checked), then a pipeline
//! or the passes named on the command line run on it; the result is
//! printed as IR or as its metrics ([`opt::ir::metrics`]), after the last
//! stage or after every one.

use crate::compile::lower_to_ir;
use crate::diagnostics::read_source;
use clap::builder::PossibleValuesParser;
use opt::ir::Rep;
use opt::ir::metrics::Metrics;
use opt::passes::{LevelProgram, PASSES, Pass};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct DevArgs {
    /// The program: a `.fut` file with its imports, or a `.ir` file of
    /// printed core IR of any level (as this command prints it).
    file: PathBuf,
    /// The pipeline to run after lowering: `soacs` (inlining,
    /// simplification and fusion: what every backend gets), `seq` (then
    /// the first-order transform), `mc` (then extraction of multicore
    /// parallelism), `seq-mem` or `mc-mem` (then explicit allocations),
    /// `gpu` (the OpenCL back end's: `mc` with sequential loops over
    /// arrays moved into parallel code), `gpu-mem` or its other name
    /// `device-mem` (`gpu` with explicit allocations).
    /// A `.ir` program goes through the rest of the pipeline from its
    /// level on, by default its level's pipeline.
    #[arg(long, value_enum, conflicts_with = "passes")]
    pipeline: Option<Pipeline>,
    /// Run this pass after lowering (or parsing) instead of the
    /// pipeline; repeat the option to run several, in the order given.
    #[arg(long = "pass", value_name = "NAME", value_parser = pass_names())]
    passes: Vec<String>,
    /// Print the program after lowering (or parsing) and after every
    /// pass, each headed by the stage's name.
    #[arg(long)]
    print_after_each: bool,
    /// Stop after this stage: `lower` (`parse` for a `.ir` program), a
    /// pass name (its first run) or a pass's position among those run (1
    /// for the first).
    #[arg(long, value_name = "STAGE")]
    stop_after: Option<String>,
    /// Print the program's metrics (upstream's, as `structure` tests
    /// check them) as a JSON object instead of the IR.
    #[arg(long)]
    metrics: bool,
    /// Print the imperative code the program at a memory level (the end
    /// of `seq-mem`, `mc-mem` or `device-mem`) becomes, instead of the IR.
    #[arg(long, conflicts_with_all = ["metrics", "print_after_each"])]
    imp: bool,
}

/// Upstream's pipelines (`futhark dev --seq`, `--gpu-mem`, ...).
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Pipeline {
    Soacs,
    Seq,
    SeqMem,
    Mc,
    McMem,
    DeviceMem,
    Gpu,
    GpuMem,
}

fn pass_names() -> PossibleValuesParser {
    PossibleValuesParser::new(PASSES.iter().map(|pass| pass.name))
}

/// Exit code for a program that does not compile, or a bad option.
const EXIT_ERRORS: u8 = 2;

pub fn run(args: &DevArgs) -> ExitCode {
    // Options are checked before the program is read, as for a program
    // at the first level; a `.ir` program at a later level may leave
    // fewer passes of the pipeline to run, checked once it is read.
    if let Err(message) = planned_passes(args, opt::ir::Soacs::NAME) {
        eprintln!("error: {message}");
        return ExitCode::from(EXIT_ERRORS);
    }
    let program = if is_ir(&args.file) {
        read_ir(&args.file)
    } else {
        lower_to_ir(&args.file).map(LevelProgram::Soacs)
    };
    let mut program = match program {
        Ok(program) => program,
        Err(message) => return compile_error(&message),
    };
    let passes = match planned_passes(args, program.level()) {
        Ok(passes) => passes,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_ERRORS);
        }
    };
    let mut out = String::new();
    if args.print_after_each {
        out.push_str(&format!("-- {}\n", first_stage(args)));
        show(args, &program, &mut out);
    }
    for (index, pass) in passes.iter().enumerate() {
        if let Err(error) = pass.run(&mut program) {
            // What was printed before the failing pass still helps.
            return match write_stdout(&out) {
                Ok(()) => compile_error(&error.to_string()),
                Err(code) => code,
            };
        }
        if args.print_after_each {
            out.push_str(&format!("-- pass {}: {}\n", index + 1, pass.name));
            show(args, &program, &mut out);
        }
    }
    if args.imp {
        let device = matches!(args.pipeline, Some(Pipeline::DeviceMem | Pipeline::GpuMem));
        match imperative(&program, device) {
            Ok(text) => out.push_str(&text),
            Err(message) => return compile_error(&message),
        }
    } else if !args.print_after_each {
        show(args, &program, &mut out);
    }
    match write_stdout(&out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

fn is_ir(file: &Path) -> bool {
    file.extension().is_some_and(|extension| extension == "ir")
}

/// The stage that makes the program: `lower`, or `parse` for printed IR.
fn first_stage(args: &DevArgs) -> &'static str {
    if is_ir(&args.file) { "parse" } else { "lower" }
}

/// A printed program, parsed and type-checked (passes expect
/// well-typed programs), or the located reason it is not one.
fn read_ir(path: &Path) -> Result<LevelProgram, String> {
    let text = read_source(path).map_err(|message| format!("error: {message}"))?;
    let program =
        LevelProgram::parse(&text).map_err(|error| format!("{}:{error}", path.display()))?;
    program.check().map_err(|error| {
        format!(
            "{}: ill-typed program, in `{}`: {}",
            path.display(),
            error.function,
            error.message
        )
    })?;
    Ok(program)
}

/// The passes to run on a program at `level` after the first stage, up
/// to `--stop-after`: the pipeline's from that level on, or the named
/// ones.
fn planned_passes(args: &DevArgs, level: &str) -> Result<Vec<Pass>, String> {
    let chosen = args.pipeline.unwrap_or(match level {
        opt::ir::Seq::NAME => Pipeline::Seq,
        opt::ir::Mc::NAME => Pipeline::Mc,
        opt::ir::SeqMem::NAME => Pipeline::SeqMem,
        opt::ir::McMem::NAME => Pipeline::McMem,
        _ => Pipeline::Soacs,
    });
    let name = clap::ValueEnum::to_possible_value(&chosen)
        .map(|value| value.get_name().to_owned())
        .unwrap_or_default();
    let pipeline = match chosen {
        Pipeline::Soacs => opt::passes::Pipeline::Soacs,
        Pipeline::Seq => opt::passes::Pipeline::Seq,
        Pipeline::Mc => opt::passes::Pipeline::Mc,
        Pipeline::SeqMem => opt::passes::Pipeline::SeqMem,
        Pipeline::McMem => opt::passes::Pipeline::McMem,
        Pipeline::Gpu => opt::passes::Pipeline::Device,
        Pipeline::DeviceMem | Pipeline::GpuMem => opt::passes::Pipeline::DeviceMem,
    };
    let mut passes: Vec<Pass> = if args.passes.is_empty() {
        pipeline.passes_from(level).ok_or_else(|| {
            format!(
                "the `{name}` pipeline does not apply to a program at the {level} level \
                 (the `{level}` pipeline does)"
            )
        })?
    } else {
        // The names are those of `PASSES`: clap checked them.
        args.passes
            .iter()
            .filter_map(|name| Pass::named(name))
            .collect()
    };
    if let Some(stage) = &args.stop_after {
        let run = passes
            .iter()
            .map(|pass| pass.name)
            .collect::<Vec<_>>()
            .join(", ");
        let count = if stage == first_stage(args) {
            0
        } else if let Ok(position) = stage.parse::<usize>() {
            if !(1..=passes.len()).contains(&position) {
                return Err(format!(
                    "--stop-after {stage}: the passes run are numbered from 1 to {} ({run})",
                    passes.len()
                ));
            }
            position
        } else if let Some(index) = passes.iter().position(|pass| pass.name == stage) {
            index + 1
        } else if Pass::named(stage).is_some() {
            return Err(format!(
                "--stop-after {stage}: that pass is not run (the passes run are: {run})"
            ));
        } else {
            let all = PASSES.iter().map(|pass| pass.name).collect::<Vec<_>>();
            return Err(format!(
                "--stop-after {stage}: expected `{}`, a pass ({}) or a pass's position",
                first_stage(args),
                all.join(", ")
            ));
        };
        passes.truncate(count);
    }
    Ok(passes)
}

/// Appends the program, or its metrics, to `out`.
fn show(args: &DevArgs, program: &LevelProgram, out: &mut String) {
    if args.metrics {
        out.push_str(&metrics_json(&program.metrics()));
        out.push('\n');
    } else {
        out.push_str(&program.print());
    }
}

/// The imperative code of a program at a memory level, for a device with
/// work-groups (OpenCL) if `device`.
fn imperative(program: &LevelProgram, device: bool) -> Result<String, String> {
    use codegen::imp::{print::print_program, translate};
    let text = match program {
        LevelProgram::SeqMem(p) => translate::generate_seq(p).map(|imp| print_program(&imp)),
        LevelProgram::McMem(p) if device => {
            translate::generate_device(p).map(|imp| print_program(&imp))
        }
        LevelProgram::McMem(p) => translate::generate_mc(p).map(|imp| print_program(&imp)),
        other => {
            return Err(format!(
                "error: --imp needs a program at a memory level (--pipeline seq-mem, mc-mem or device-mem), not {}",
                other.level()
            ));
        }
    };
    text.map_err(|error| error.to_string())
}

/// The metrics as one JSON object, keys sorted. Paths are made of names
/// and `/`, which need no escaping.
fn metrics_json(metrics: &Metrics) -> String {
    let fields: Vec<String> = metrics
        .iter()
        .map(|(path, count)| format!("\"{path}\": {count}"))
        .collect();
    format!("{{{}}}", fields.join(", "))
}

fn compile_error(message: &str) -> ExitCode {
    eprint!("{message}");
    if !message.ends_with('\n') {
        eprintln!();
    }
    ExitCode::from(EXIT_ERRORS)
}

fn write_stdout(text: &str) -> Result<(), ExitCode> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|error| {
            eprintln!("error: cannot write the output: {error}");
            ExitCode::from(EXIT_ERRORS)
        })
}
