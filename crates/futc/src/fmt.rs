//! `futc fmt`: formats programs with `syntax::format`, in place, to
//! standard output, or only checking.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::{EXIT_ERRORS, diagnostics};

#[derive(clap::Args)]
pub struct FmtArgs {
    /// The files to format in place; without any, standard input is
    /// formatted to standard output.
    files: Vec<PathBuf>,
    /// Only list the files that are not formatted, and exit with 1 if
    /// there are any.
    #[arg(long, conflicts_with = "stdout")]
    check: bool,
    /// Print the formatted files instead of rewriting them.
    #[arg(long)]
    stdout: bool,
}

pub fn run(args: &FmtArgs) -> ExitCode {
    if args.files.is_empty() {
        return format_stdin(args.check);
    }
    let mut failed = false;
    let mut unformatted = false;
    for file in &args.files {
        match format_file(file, args) {
            Ok(changed) => unformatted |= changed,
            Err(()) => failed = true,
        }
    }
    if failed {
        ExitCode::from(EXIT_ERRORS)
    } else if unformatted && args.check {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Formats one file as `args` asks; whether it was not formatted.
/// Errors have been reported.
fn format_file(file: &Path, args: &FmtArgs) -> Result<bool, ()> {
    let text = diagnostics::read_source(file).map_err(|message| eprintln!("error: {message}"))?;
    let formatted = syntax::format::format(&text)
        .map_err(|errors| diagnostics::report_syntax_errors(file, &text, &errors))?;
    let changed = formatted != text;
    if args.check {
        if changed {
            eprintln!("{}: not formatted", file.display());
        }
    } else if args.stdout {
        write_stdout(&formatted)?;
    } else if changed {
        std::fs::write(file, formatted)
            .map_err(|error| eprintln!("error: cannot write {}: {error}", file.display()))?;
    }
    Ok(changed)
}

fn format_stdin(check: bool) -> ExitCode {
    let mut bytes = Vec::new();
    if let Err(error) = std::io::stdin().read_to_end(&mut bytes) {
        eprintln!("error: cannot read standard input: {error}");
        return ExitCode::from(EXIT_ERRORS);
    }
    let Ok(text) = String::from_utf8(bytes) else {
        eprintln!("error: standard input is not valid UTF-8");
        return ExitCode::from(EXIT_ERRORS);
    };
    let name = Path::new("<stdin>");
    let formatted = match syntax::format::format(&text) {
        Ok(formatted) => formatted,
        Err(errors) => {
            diagnostics::report_syntax_errors(name, &text, &errors);
            return ExitCode::from(EXIT_ERRORS);
        }
    };
    if check {
        if formatted == text {
            return ExitCode::SUCCESS;
        }
        eprintln!("<stdin>: not formatted");
        return ExitCode::FAILURE;
    }
    match write_stdout(&formatted) {
        Ok(()) => ExitCode::SUCCESS,
        Err(()) => ExitCode::from(EXIT_ERRORS),
    }
}

fn write_stdout(text: &str) -> Result<(), ()> {
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .map_err(|error| eprintln!("error: cannot write to standard output: {error}"))
}
