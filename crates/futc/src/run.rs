//! `futc run`: interpret an entry point on arguments read from standard
//! input (each as its parameter's type), printing its results.

use crate::compile::compile_to_ir;
use opt::value::data::{write_binary, write_text};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct RunArgs {
    /// The program's main file.
    file: PathBuf,
    /// The entry point to run.
    #[arg(short = 'e', long = "entry-point", default_value = "main")]
    entry: String,
    /// Print the results in the binary data format.
    #[arg(short = 'b', long = "binary-output")]
    binary: bool,
}

/// Exit code of a program that fails at run time (or gets bad input).
const EXIT_RUNTIME: u8 = 1;
/// Exit code of a program that does not compile.
const EXIT_COMPILE: u8 = 2;

pub fn run(args: &RunArgs) -> ExitCode {
    let program = match compile_to_ir(&args.file) {
        Ok(program) => program,
        Err(message) => {
            eprint!("{message}");
            if !message.ends_with('\n') {
                eprintln!();
            }
            return ExitCode::from(EXIT_COMPILE);
        }
    };
    let mut input = Vec::new();
    if let Err(error) = std::io::stdin().lock().read_to_end(&mut input) {
        eprintln!("error: cannot read standard input: {error}");
        return ExitCode::from(EXIT_RUNTIME);
    }
    let results = match opt::interp::read_arguments(&program, &args.entry, &input)
        .and_then(|values| opt::interp::run_entry(&program, &args.entry, values))
    {
        Ok(results) => results,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::from(EXIT_RUNTIME);
        }
    };
    let mut out = Vec::new();
    for value in &results {
        if args.binary {
            write_binary(value, &mut out);
        } else {
            let mut text = String::new();
            write_text(value, &mut text);
            out.extend_from_slice(text.as_bytes());
            out.push(b'\n');
        }
    }
    let mut stdout = std::io::stdout().lock();
    if let Err(error) = stdout.write_all(&out).and_then(|()| stdout.flush()) {
        eprintln!("error: cannot write the results: {error}");
        return ExitCode::from(EXIT_RUNTIME);
    }
    ExitCode::SUCCESS
}
