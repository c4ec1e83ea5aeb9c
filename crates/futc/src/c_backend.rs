//! The sequential C backend: `futc c` and the `c` test backend. The
//! program is lowered to the core IR, translated to C by `codegen`, and
//! compiled with the system C compiler (`$CC`, default `cc`, with
//! `$CFLAGS`, default `-O3 -std=c99`, and `-lm`) into an executable that
//! reads its arguments from standard input.

use crate::compile::compile_to_ir;
use crate::test_runner::{Backend, Compiled};
use opt::value::Value;
use opt::value::data::{read_values, write_binary};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Exit code for a program that does not compile.
const EXIT_COMPILE: u8 = 2;

/// Translates the program at `path` to C, writes it to `c_path` and
/// compiles it into `exe_path`. `Err` carries the rendered reason.
fn build(path: &Path, c_path: &Path, exe_path: &Path) -> Result<(), String> {
    let program = compile_to_ir(path)?;
    let code = codegen::generate_c(&program)
        .map_err(|error| format!("internal error in the C backend: {error}\n"))?;
    std::fs::write(c_path, code)
        .map_err(|error| format!("error: cannot write {}: {error}\n", c_path.display()))?;
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let cflags = std::env::var("CFLAGS").unwrap_or_else(|_| "-O3 -std=c99".to_owned());
    let output = Command::new(&cc)
        .args(cflags.split_whitespace())
        .arg(c_path)
        .arg("-o")
        .arg(exe_path)
        .arg("-lm")
        .output()
        .map_err(|error| format!("internal error: cannot run the C compiler `{cc}`: {error}\n"))?;
    if !output.status.success() {
        return Err(format!(
            "internal error: the C compiler rejected the generated code:\n{}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(())
}

/// `futc c FILE [-o OUT]`: writes `OUT.c` and compiles it into `OUT`
/// (by default the file's name without `.fut`).
pub fn compile_command(file: &Path, output: Option<&Path>) -> ExitCode {
    let exe = match output {
        Some(out) => out.to_path_buf(),
        None => file.with_extension(""),
    };
    let mut c_path = exe.clone().into_os_string();
    c_path.push(".c");
    match build(file, Path::new(&c_path), &exe) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprint!("{message}");
            if !message.ends_with('\n') {
                eprintln!();
            }
            ExitCode::from(EXIT_COMPILE)
        }
    }
}

pub struct CBackend;

/// A compiled executable in a temporary directory of its own.
struct CompiledC {
    dir: PathBuf,
    exe: PathBuf,
}

impl Drop for CompiledC {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

static NEXT_DIR: AtomicUsize = AtomicUsize::new(0);

impl Backend for CBackend {
    fn name(&self) -> &str {
        "c"
    }

    fn compile(&self, path: &Path) -> Result<Box<dyn Compiled>, String> {
        let dir = std::env::temp_dir().join(format!(
            "futc-c-{}-{}",
            std::process::id(),
            NEXT_DIR.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir)
            .map_err(|error| format!("error: cannot create {}: {error}", dir.display()))?;
        let compiled = CompiledC {
            exe: dir.join("program"),
            dir,
        };
        build(path, &compiled.dir.join("program.c"), &compiled.exe)?;
        Ok(Box::new(compiled))
    }
}

impl Compiled for CompiledC {
    fn run(&mut self, entry: &str, args: Vec<Value>) -> Result<Vec<Value>, String> {
        let mut input = Vec::new();
        for value in &args {
            write_binary(value, &mut input);
        }
        let mut child = Command::new(&self.exe)
            .args(["-b", "-e", entry])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|error| format!("internal error: cannot run the compiled program: {error}"))?;
        let writer = child.stdin.take().map(|mut stdin| {
            std::thread::spawn(move || {
                // The program may fail before reading everything.
                let _ = stdin.write_all(&input);
            })
        });
        let output = child
            .wait_with_output()
            .map_err(|error| format!("internal error: cannot run the compiled program: {error}"))?;
        if let Some(writer) = writer {
            let _ = writer.join();
        }
        if !output.status.success() {
            let stderr = String::from_utf8_lossy(&output.stderr)
                .trim_end()
                .to_owned();
            return Err(if stderr.is_empty() {
                format!("Error: the compiled program failed ({})", output.status)
            } else {
                stderr
            });
        }
        read_values(&output.stdout)
            .map_err(|error| format!("internal error: unreadable results of the program: {error}"))
    }
}
