//! `futls`, the Futhark language server, over standard input and output:
//! this reads the command line; the server is the library (`lib.rs`).

// Syntax trees are many small allocations; see docs/benchmarks.md.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    if let Some(code) = command_line(std::env::args().skip(1)) {
        std::process::exit(code);
    }
    if let Err(error) = futls::serve() {
        eprintln!("futls: cannot start: {error}");
        std::process::exit(1);
    }
}

/// Answers `--help` and `--version` (the exit code), or `None` to serve.
#[expect(
    clippy::print_stdout,
    reason = "these answers come instead of serving, before standard output carries the protocol"
)]
fn command_line(mut args: impl Iterator<Item = String>) -> Option<i32> {
    let arg = args.next()?;
    match arg.as_str() {
        "--help" | "-h" => {
            println!(
                "futls {}: the Futhark language server.\n\n\
                 Usage: futls [--stdio]\n\n\
                 It speaks the Language Server Protocol over standard input and\n\
                 output; an editor starts it.\n\n\
                 Options:\n      \
                 --stdio    serve over standard input and output (the default; editors pass it)\n  \
                 -h, --help     print this help\n  \
                 -V, --version  print the version",
                env!("CARGO_PKG_VERSION")
            );
            Some(0)
        }
        "--version" | "-V" => {
            println!("futls {}", env!("CARGO_PKG_VERSION"));
            Some(0)
        }
        "--stdio" => None,
        other => {
            eprintln!("error: unknown argument `{other}`; `futls --help` says how to run it");
            Some(2)
        }
    }
}
