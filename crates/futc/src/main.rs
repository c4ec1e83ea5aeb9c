//! `futc`, the Futhark compiler driver. Only this crate knows the command
//! line; it reports diagnostics on stderr and writes nothing to stdout but
//! the requested output.

mod bench;
mod c_backend;
mod compile;
mod dataset;
mod dev;
mod diagnostics;
mod doc;
mod fmt;
mod interpreter;
mod literate;
mod opencl;
mod pkg;
mod repl;
mod run;
mod test_runner;
mod test_spec;
mod watch;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "futc",
    version,
    about = "A compiler and tool driver for Futhark"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Parse a file; exit with 0 if it has no syntax errors.
    Parse {
        /// The file to parse.
        file: PathBuf,
        /// Print the concrete syntax tree.
        #[arg(long)]
        tree: bool,
    },
    /// Check a program (the file and everything it imports); exit with 0
    /// if it is well-formed.
    Check {
        /// The program's main file.
        file: PathBuf,
    },
    /// Run the compiler's stages on a program and print its core IR or
    /// its metrics (for compiler developers).
    Dev(dev::DevArgs),
    /// Interpret an entry point: read its arguments from standard input
    /// (text or binary data format) and print its results, one per line.
    Run(run::RunArgs),
    /// Compile a program to a sequential C executable: writes OUT.c and
    /// compiles it with $CC (default `cc`) and $CFLAGS (default
    /// `-O3 -std=c99`) into OUT.
    C(CompileArgs),
    /// Compile a program to a multicore C executable, which runs parallel
    /// code on a thread pool (`--num-threads N`, default one thread per
    /// core): writes OUT.c and compiles it with $CC and $CFLAGS (default
    /// `-O3 -std=c99`) and `-pthread` into OUT.
    Multicore(CompileArgs),
    /// Compile a program to an executable running its parallel code as
    /// OpenCL kernels on a device chosen at run time (`-p PLATFORM`, `-d
    /// DEVICE`, `--list-devices`; the OpenCL library is loaded when the
    /// program runs): writes OUT.c and compiles it with $CC and $CFLAGS
    /// (default `-O3 -std=c99`) into OUT; where an OpenCL device exists,
    /// its compiler checks the kernels.
    Opencl(CompileArgs),
    /// Generate random values of the types given with -g, or convert the
    /// values on standard input to the text (default) or binary format.
    Dataset(dataset::DatasetArgs),
    /// Run the `-- ==` test blocks of programs (files, or directories
    /// searched for `.fut` files); exit with 0 if no test failed.
    Test {
        /// The programs to test: `.fut` files, or directories searched
        /// for them.
        #[arg(required = true, value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// The backend to test with.
        #[arg(long, default_value = test_runner::INTERPRETER, value_parser = test_runner::BACKENDS)]
        backend: String,
        /// How many programs to test at once (default: one per core).
        #[arg(short = 'j', long = "concurrency", value_name = "N")]
        jobs: Option<std::num::NonZeroUsize>,
        /// List each program and each of its tests, with the outcome, as
        /// it is tested.
        #[arg(short, long)]
        verbose: bool,
        /// Pass an option to the programs' servers, such as `-p` for an
        /// OpenCL platform (may be given again; compiled backends only).
        #[arg(long, value_name = "OPTION", allow_hyphen_values = true)]
        pass_option: Vec<String>,
    },
    /// Check a program, then compile it with `--backend` or run its
    /// tests (`--test`), and again whenever the file or a file it imports
    /// changes, until interrupted (Ctrl-C). Diagnostics and what each
    /// round did, with its time, go to standard error.
    Watch(watch::WatchArgs),
    /// Time the datasets of programs' test blocks compiled with a C
    /// backend (upstream's `futhark bench`): one warm-up run, then at least
    /// `-r` timed runs per dataset; mean times and 95% confidence
    /// intervals on stdout, every run time with `--json`.
    Bench(bench::BenchArgs),
    /// Manage the packages a program uses (upstream's `futhark pkg`).
    ///
    /// The required packages are listed in the manifest futhark.pkg;
    /// their files go under lib/. Packages are git repositories, fetched
    /// with the system `git` from https://PKGPATH.
    Pkg(pkg::PkgArgs),
    /// Format programs in upstream's layout, keeping every comment: in
    /// place, to standard output (`--stdout`), or only checking
    /// (`--check`); without files, standard input to standard output.
    Fmt(fmt::FmtArgs),
    /// Evaluate expressions and declarations typed line by line with the
    /// interpreter, in the scope of a loaded program; `:help` lists the
    /// commands.
    Repl(repl::ReplArgs),
    /// Turn a literate program into Markdown: comments become prose,
    /// code becomes code blocks and each `-- >` directive is replaced by
    /// its result (a value, an image, a plot or a video), evaluated with
    /// the interpreter or a compiled backend.
    Literate(literate::LiterateArgs),
    /// Write HTML documentation of a library or program from its `-- |`
    /// comments: a page per file (with those it imports, and the
    /// prelude's), an index and a search over the names.
    Doc(doc::DocArgs),
}

#[derive(clap::Args)]
struct CompileArgs {
    /// The program's main file.
    file: PathBuf,
    /// The executable to write (default: FILE without `.fut`).
    #[arg(short = 'o', value_name = "OUT")]
    output: Option<PathBuf>,
    /// Write a C library instead: OUT.c, OUT.h and the manifest
    /// OUT.json.
    #[arg(long, conflicts_with = "server")]
    library: bool,
    /// Make the executable a server speaking the server protocol.
    #[arg(long)]
    server: bool,
}

impl CompileArgs {
    fn run(&self, backend: codegen::Backend) -> ExitCode {
        let mode = if self.library {
            codegen::Mode::Library
        } else if self.server {
            codegen::Mode::Server
        } else {
            codegen::Mode::Executable
        };
        c_backend::compile_command(&self.file, self.output.as_deref(), backend, mode)
    }
}

// Syntax trees are many small allocations, which mimalloc serves faster
// than the system allocator (see docs/benchmarks.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Exit code for a program with errors, or a file that cannot be read.
const EXIT_ERRORS: u8 = 2;

/// The stack of the thread that runs a command: programs nested or
/// chained hundreds of thousands deep are walked recursively. Only the
/// pages used are ever allocated.
const STACK_SIZE: usize = 4 << 30;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let worker = std::thread::Builder::new()
        .name("futc".to_owned())
        .stack_size(STACK_SIZE)
        .spawn(move || run_command(cli));
    match worker.map(std::thread::JoinHandle::join) {
        Ok(Ok(code)) => code,
        // A panic, which the panic hook has reported.
        Ok(Err(_)) => ExitCode::from(101),
        Err(error) => {
            eprintln!("error: cannot start a thread with a {STACK_SIZE}-byte stack: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run_command(cli: Cli) -> ExitCode {
    match cli.command {
        Command::Parse { file, tree } => parse_command(&file, tree),
        Command::Check { file } => check_command(&file),
        Command::Run(args) => run::run(&args),
        Command::Dev(args) => dev::run(&args),
        Command::C(args) => args.run(codegen::Backend::C),
        Command::Multicore(args) => args.run(codegen::Backend::Multicore),
        Command::Opencl(args) => args.run(codegen::Backend::OpenCl),
        Command::Dataset(args) => dataset_command(&args),
        Command::Test {
            paths,
            backend,
            jobs,
            verbose,
            pass_option,
        } => test_runner::test_command(&paths, &backend, &pass_option, jobs, verbose),
        Command::Watch(args) => watch::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Pkg(args) => pkg::run(&args),
        Command::Fmt(args) => fmt::run(&args),
        Command::Repl(args) => repl::run(&args),
        Command::Literate(args) => literate::run(&args),
        Command::Doc(args) => doc::run(&args),
    }
}

fn parse_command(file: &std::path::Path, print_tree: bool) -> ExitCode {
    let text = match diagnostics::read_source(file) {
        Ok(text) => text,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(EXIT_ERRORS);
        }
    };
    let parse = syntax::parse(&text);
    if print_tree {
        let mut stdout = std::io::stdout().lock();
        if let Err(error) = std::io::Write::write_all(&mut stdout, parse.debug_tree().as_bytes()) {
            eprintln!("error: cannot write the tree: {error}");
            return ExitCode::from(EXIT_ERRORS);
        }
    }
    if parse.errors().is_empty() {
        return ExitCode::SUCCESS;
    }
    diagnostics::report_syntax_errors(file, &text, parse.errors());
    ExitCode::from(EXIT_ERRORS)
}

fn check_command(file: &std::path::Path) -> ExitCode {
    match diagnostics::check_program(file) {
        Ok(0) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::from(EXIT_ERRORS),
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(EXIT_ERRORS)
        }
    }
}

fn dataset_command(args: &dataset::DatasetArgs) -> ExitCode {
    match dataset::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(EXIT_ERRORS)
        }
    }
}
