//! The C backends: `futc c` (sequential), `futc multicore` and `futc
//! opencl`, and their test backends. The program is lowered to the core
//! IR and translated to C by `codegen`: sequential C from the `seq-mem`
//! level, multicore C and OpenCL host C with kernels from the `mc-mem`
//! level, all through the imperative IR. An executable or
//! server is compiled with the system C compiler (`$CC`, default `cc`,
//! with `$CFLAGS`, default `-O3 -std=c99`, and `-lm -ldl`; multicore and
//! OpenCL code with `-pthread` too) and linked with the backend's generic runtime, which
//! is compiled once per compiler, flags and backend and cached in the
//! temporary directory; a library is left as `OUT.c`, `OUT.h` and
//! `OUT.json`, one self-contained C file.
//!
//! The test backend compiles each program once as a server and runs all
//! of its cases through one server process, passing values in files in
//! the binary data format. As upstream's `futhark test` does, a tuning
//! file beside the program (`PROG.fut.tuning`, lines of `name=value`)
//! sets the server's tuning parameters.

use crate::compile::compile_to_ir;
use crate::test_runner::{self, Compiled, Signature};
use codegen::{Backend, Mode};
use opt::ir::Program;
use opt::passes::{LevelProgram, Pipeline};
use opt::value::Value;
use opt::value::data::{read_values, write_binary};
use std::ffi::OsString;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Exit code for a program that does not compile.
const EXIT_COMPILE: u8 = 2;

fn with_suffix(base: &Path, suffix: &str) -> PathBuf {
    let mut path = OsString::from(base.as_os_str());
    path.push(suffix);
    PathBuf::from(path)
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text)
        .map_err(|error| format!("error: cannot write {}: {error}\n", path.display()))
}

/// The C compiler (`$CC`, default `cc`) and its flags for a backend
/// (`$CFLAGS`, default `-O3 -std=c99`; `-pthread` for multicore and
/// OpenCL).
fn compiler(backend: Backend) -> (String, Vec<String>) {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let cflags = std::env::var("CFLAGS").unwrap_or_else(|_| "-O3 -std=c99".to_owned());
    let mut flags: Vec<String> = cflags.split_whitespace().map(str::to_owned).collect();
    if backend != Backend::C {
        flags.push("-pthread".to_owned());
    }
    (cc, flags)
}

/// Runs the C compiler with `args`.
fn run_cc(cc: &str, cflags: &[String], args: &[&std::ffi::OsStr]) -> Result<(), String> {
    let output = Command::new(cc)
        .args(cflags)
        .args(args)
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

/// Writes `text` to `path` through a temporary file renamed into place,
/// so that a concurrent reader sees the whole file or none.
fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let temp = with_suffix(path, &format!(".{}.tmp", unique_suffix()));
    write_file(&temp, text)?;
    std::fs::rename(&temp, path)
        .map_err(|error| format!("error: cannot write {}: {error}\n", path.display()))
}

/// A name part no other file of this process or another one has.
fn unique_suffix() -> String {
    format!(
        "{}-{}",
        std::process::id(),
        NEXT_DIR.fetch_add(1, Ordering::Relaxed)
    )
}

/// The generic runtime of a backend (`codegen::runtime_source`)
/// compiled by `cc` with `cflags` into an object file, cached in the
/// temporary directory under a name keyed by a hash of the source, the
/// compiler and the flags.
/// Several `futc` processes may race to build it: each compiles into a
/// file of its own and renames it into place. Threads of one process
/// wait for each other, so a process compiles it at most once.
fn runtime_object(backend: Backend, cc: &str, cflags: &[String]) -> Result<PathBuf, String> {
    static BUILDING: Mutex<()> = Mutex::new(());
    let source = codegen::runtime_source(backend);
    let mut key = vec![source.as_str(), cc];
    key.extend(cflags.iter().map(String::as_str));
    let dir = std::env::temp_dir().join("futc-runtime");
    let object = dir.join(format!("runtime-{:016x}.o", fnv1a(&key)));
    let _guard = BUILDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if object.is_file() {
        return Ok(object);
    }
    std::fs::create_dir_all(&dir)
        .map_err(|error| format!("error: cannot create {}: {error}\n", dir.display()))?;
    // The source stays beside the object, for debuggers.
    let c_path = object.with_extension("c");
    write_atomically(&c_path, &source)?;
    let temp = with_suffix(&object, &format!(".{}.tmp.o", unique_suffix()));
    let compiled = run_cc(
        cc,
        cflags,
        &[
            "-c".as_ref(),
            c_path.as_os_str(),
            "-o".as_ref(),
            temp.as_os_str(),
        ],
    )
    .and_then(|()| {
        std::fs::rename(&temp, &object)
            .map_err(|error| format!("error: cannot write {}: {error}\n", object.display()))
    });
    if compiled.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    compiled.map(|()| object)
}

/// The 64-bit FNV-1a hash of the strings, each followed by a zero byte.
pub fn fnv1a(parts: &[&str]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &byte in part.as_bytes().iter().chain(&[0]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

/// Compiles the C file at `c_path` and links it with the backend's
/// generic runtime into the executable `exe_path`.
fn compile_c(backend: Backend, c_path: &Path, exe_path: &Path) -> Result<(), String> {
    let (cc, cflags) = compiler(backend);
    let object = runtime_object(backend, &cc, &cflags)?;
    run_cc(
        &cc,
        &cflags,
        &[
            c_path.as_os_str(),
            object.as_os_str(),
            "-o".as_ref(),
            exe_path.as_os_str(),
            "-lm".as_ref(),
            // The OpenCL runtime loads the OpenCL library with `dlopen`.
            "-ldl".as_ref(),
        ],
    )
}

/// The C of an optimised program for a backend in `mode`.
pub(crate) fn generate(
    program: &Program,
    backend: Backend,
    mode: Mode,
) -> Result<codegen::Generated, String> {
    let pipeline = match backend {
        Backend::C => Pipeline::SeqMem,
        Backend::Multicore => Pipeline::McMem,
        Backend::OpenCl => Pipeline::DeviceMem,
    };
    if backend == Backend::C {
        codegen::c::check_nesting(program).map_err(|error| format!("error: {error}\n"))?;
    }
    let level = opt::passes::continue_pipeline(program.clone(), pipeline)
        .map_err(|error| format!("{error}\n"))?;
    let generated = match level {
        LevelProgram::SeqMem(program) => codegen::c::generate_sequential(&program, mode),
        LevelProgram::McMem(program) if backend == Backend::OpenCl => {
            codegen::c::generate_opencl(&program, mode)
        }
        LevelProgram::McMem(program) => codegen::c::generate_multicore(&program, mode),
        other => {
            return Err(format!(
                "internal error: a pipeline for C ends at the {} level\n",
                other.level()
            ));
        }
    };
    generated.map_err(|error| {
        if error.is_limitation() {
            format!("error: {error}\n")
        } else {
            format!(
                "internal error in the {} backend: {error}\n",
                backend.name()
            )
        }
    })
}

/// [`build`], then, where a device exists, its compiler checks the
/// kernels now rather than when the program first runs.
pub fn build_checked(
    program: &Program,
    backend: Backend,
    mode: Mode,
    base: &Path,
) -> Result<(), String> {
    let generated = build(program, backend, mode, base)?;
    match &generated.kernels {
        Some(kernels) => crate::opencl::check_kernels(&kernels.source),
        None => Ok(()),
    }
}

/// Translates `program` to C for a backend in `mode`: writes `base.c`
/// (and for a library `base.h` and `base.json`), and compiles executables
/// into `base`. Gives the generated code; `Err` carries the rendered reason.
fn build(
    program: &Program,
    backend: Backend,
    mode: Mode,
    base: &Path,
) -> Result<codegen::Generated, String> {
    let generated = generate(program, backend, mode)?;
    let c_path = with_suffix(base, ".c");
    write_file(&c_path, &generated.c)?;
    if mode == Mode::Library {
        write_file(&with_suffix(base, ".h"), &generated.header)?;
        write_file(&with_suffix(base, ".json"), &generated.manifest)?;
    } else {
        compile_c(backend, &c_path, base)?;
    }
    Ok(generated)
}

/// `futc c|multicore|opencl FILE [-o OUT] [--library | --server]`: writes
/// `OUT.c` and compiles it into `OUT` (by default the file's name without
/// `.fut`), or writes the library `OUT.c`, `OUT.h`, `OUT.json`.
pub fn compile_command(
    file: &Path,
    output: Option<&Path>,
    backend: Backend,
    mode: Mode,
) -> ExitCode {
    let base = match output {
        Some(out) => out.to_path_buf(),
        None => file.with_extension(""),
    };
    let built =
        compile_to_ir(file).and_then(|program| build_checked(&program, backend, mode, &base));
    match built {
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

/// A C backend as a test backend, and the options its servers get
/// (`--pass-option`).
pub struct CBackend(pub Backend, pub Vec<String>);

/// A program compiled as a server in a temporary directory of its own,
/// and the server process once started.
struct CompiledC {
    dir: PathBuf,
    exe: PathBuf,
    program: Program,
    /// The program's tuning file, if it has one.
    tuning: Option<PathBuf>,
    /// More options for the server (`futc bench --pass-option`).
    server_options: Vec<String>,
    server: Option<Server>,
}

struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Drop for CompiledC {
    fn drop(&mut self) {
        if let Some(mut server) = self.server.take() {
            drop(server.stdin);
            let _ = server.child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

static NEXT_DIR: AtomicUsize = AtomicUsize::new(0);

impl test_runner::Backend for CBackend {
    fn name(&self) -> &str {
        self.0.name()
    }

    /// An OpenCL program needs a device.
    fn unavailable(&self) -> Option<String> {
        if self.0 != Backend::OpenCl {
            return None;
        }
        crate::opencl::devices()
            .err()
            .map(|why| format!("no OpenCL device ({why})"))
    }

    fn compile(&self, path: &Path) -> Result<Box<dyn Compiled>, String> {
        let tuning = with_suffix(path, ".tuning");
        let tuning = tuning.is_file().then_some(tuning);
        let program = compile_to_ir(path)?;
        Ok(Box::new(CompiledC::new(
            program,
            self.0,
            tuning,
            self.1.clone(),
        )?))
    }
}

impl CBackend {
    /// `program` compiled as a server, without a tuning file.
    pub fn load(&self, program: Program) -> Result<Box<dyn Compiled>, String> {
        Ok(Box::new(CompiledC::new(
            program,
            self.0,
            None,
            self.1.clone(),
        )?))
    }
}

impl CompiledC {
    /// Compiles `program` as a server in a temporary directory of its
    /// own; the server starts with the first run.
    fn new(
        program: Program,
        backend: Backend,
        tuning: Option<PathBuf>,
        server_options: Vec<String>,
    ) -> Result<CompiledC, String> {
        let dir = std::env::temp_dir().join(format!(
            "futc-{}-{}-{}",
            backend.name(),
            std::process::id(),
            NEXT_DIR.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir)
            .map_err(|error| format!("error: cannot create {}: {error}", dir.display()))?;
        let compiled = CompiledC {
            exe: dir.join("program"),
            dir,
            program,
            tuning,
            server_options,
            server: None,
        };
        build(&compiled.program, backend, Mode::Server, &compiled.exe)?;
        Ok(compiled)
    }
}

/// Why a server response failed: its message, or the server's end.
enum Failure {
    Command(String),
    Died(String),
}

impl Server {
    fn start(exe: &Path, tuning: Option<&Path>, options: &[String]) -> Result<Server, String> {
        let mut command = Command::new(exe);
        if let Some(tuning) = tuning {
            command.arg("--tuning").arg(tuning);
        }
        command.args(options);
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|error| {
                format!("internal error: cannot start the compiled server: {error}")
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err("internal error: the compiled server has no pipes".to_owned());
        };
        let mut server = Server {
            child,
            stdin,
            stdout: BufReader::new(stdout),
        };
        server.response().map_err(|failure| match failure {
            Failure::Command(message) | Failure::Died(message) => message,
        })?;
        Ok(server)
    }

    /// The lines of a response up to `%%% OK`.
    fn response(&mut self) -> Result<Vec<String>, Failure> {
        let mut lines = Vec::new();
        let mut failed = false;
        loop {
            let mut line = String::new();
            match self.stdout.read_line(&mut line) {
                Ok(0) | Err(_) => return Err(Failure::Died(self.death())),
                Ok(_) => {}
            }
            let line = line.trim_end_matches('\n');
            match line {
                "%%% OK" if failed => return Err(Failure::Command(lines.join("\n"))),
                "%%% OK" => return Ok(lines),
                "%%% FAILURE" => {
                    failed = true;
                    lines.clear();
                }
                _ => lines.push(line.to_owned()),
            }
        }
    }

    /// What the ended server process said on stderr.
    fn death(&mut self) -> String {
        // Read to the end before waiting: a process still writing more
        // than the pipe holds (a sanitizer's report) would never end.
        let mut stderr = String::new();
        if let Some(mut pipe) = self.child.stderr.take() {
            let _ = std::io::Read::read_to_string(&mut pipe, &mut stderr);
        }
        let status = self.child.wait();
        let stderr = stderr.trim_end();
        match status {
            Ok(status) if stderr.is_empty() => {
                format!("Error: the compiled program failed ({status})")
            }
            _ => stderr.to_owned(),
        }
    }

    fn command(&mut self, words: &[String]) -> Result<Vec<String>, Failure> {
        let quoted: Vec<String> = words
            .iter()
            .map(|w| {
                if w.contains(' ') {
                    format!("\"{w}\"")
                } else {
                    w.clone()
                }
            })
            .collect();
        if writeln!(self.stdin, "{}", quoted.join(" ")).is_err() || self.stdin.flush().is_err() {
            return Err(Failure::Died(self.death()));
        }
        self.response()
    }
}

impl CompiledC {
    /// The interpreter's checks of an entry point's arguments, with its
    /// messages, so that both backends fail alike; the server protocol's
    /// names of the arguments' types.
    fn check_args(&self, entry: &str, args: &[Value]) -> Result<Vec<String>, String> {
        let types = opt::interp::check_arguments(&self.program, entry, args)
            .map_err(|error| error.to_string())?;
        Ok(types
            .into_iter()
            .map(|kind| opt::ir::print::value_type_text(kind.element, kind.rank))
            .collect())
    }

    fn server(&mut self) -> Result<&mut Server, String> {
        if self.server.is_none() {
            self.server = Some(Server::start(
                &self.exe,
                self.tuning.as_deref(),
                &self.server_options,
            )?);
        }
        self.server
            .as_mut()
            .ok_or_else(|| "internal error: no server".to_owned())
    }

    /// Writes `args` to the input file and makes the server commands
    /// that restore them into variables, call `entry` on them and free
    /// them.
    fn commands(&self, entry: &str, types: &[String], args: &[Value]) -> Result<Commands, Failure> {
        let input_path = self.dir.join("input.bin");
        let mut input = Vec::new();
        for value in args {
            write_binary(value, &mut input);
        }
        std::fs::write(&input_path, input)
            .map_err(|error| Failure::Command(format!("internal error: {error}")))?;
        let outputs = self
            .program
            .entry_point(entry)
            .map_or(0, |e| e.results.len());
        let ins: Vec<String> = (0..args.len()).map(|i| format!("in{i}")).collect();
        let outs: Vec<String> = (0..outputs).map(|i| format!("out{i}")).collect();
        let mut restore = vec!["restore".to_owned(), input_path.display().to_string()];
        for (name, ty) in ins.iter().zip(types) {
            restore.push(name.clone());
            restore.push(ty.clone());
        }
        let mut call = vec!["call".to_owned(), entry.to_owned()];
        call.extend(outs.iter().cloned());
        call.extend(ins.iter().cloned());
        Ok(Commands {
            restore,
            call,
            output_path: self.dir.join("output.bin"),
            ins,
            outs,
        })
    }

    /// Restores the arguments, calls the entry point and stores its
    /// results; frees the variables whatever happens.
    fn call(
        &mut self,
        entry: &str,
        types: &[String],
        args: &[Value],
    ) -> Result<Vec<Value>, Failure> {
        let commands = self.commands(entry, types, args)?;
        let server = self.server().map_err(Failure::Died)?;
        server.command(&commands.restore)?;
        let called = server.command(&commands.call);
        if called.is_ok() {
            let stored = commands.results(server);
            server.command(&free(&[&commands.ins, &commands.outs]))?;
            return stored;
        }
        server.command(&free(&[&commands.ins]))?;
        called.map(|_| Vec::new())
    }
}

/// The server commands of one run of an entry point, and the variables
/// they name.
struct Commands {
    restore: Vec<String>,
    call: Vec<String>,
    output_path: PathBuf,
    ins: Vec<String>,
    outs: Vec<String>,
}

impl Commands {
    /// The results of the last call, stored into the output file and
    /// read back.
    fn results(&self, server: &mut Server) -> Result<Vec<Value>, Failure> {
        let mut store = vec!["store".to_owned(), self.output_path.display().to_string()];
        store.extend(self.outs.iter().cloned());
        server.command(&store)?;
        let bytes = std::fs::read(&self.output_path)
            .map_err(|error| Failure::Command(format!("internal error: {error}")))?;
        read_values(&bytes).map_err(|error| {
            Failure::Command(format!(
                "internal error: unreadable results of the program: {error}"
            ))
        })
    }
}

/// The `free` command of the variables named.
fn free(groups: &[&[String]]) -> Vec<String> {
    let mut words = vec!["free".to_owned()];
    for names in groups {
        words.extend(names.iter().cloned());
    }
    words
}

impl Compiled for CompiledC {
    fn program(&self) -> &Program {
        &self.program
    }

    fn signature(&self, entry: &str) -> Result<Signature, String> {
        Signature::of(&self.program, entry)
    }

    /// Ends the server: it must exit cleanly, having found no leak (its
    /// own check, and the sanitizers' when compiled with them).
    fn finish(&mut self) -> Result<(), String> {
        let Some(mut server) = self.server.take() else {
            return Ok(());
        };
        drop(server.stdin);
        // Read to the end before waiting, as `death` does.
        let mut stderr = String::new();
        if let Some(mut pipe) = server.child.stderr.take() {
            let _ = std::io::Read::read_to_string(&mut pipe, &mut stderr);
        }
        let status = server
            .child
            .wait()
            .map_err(|error| format!("internal error: {error}"))?;
        if status.success() && stderr.is_empty() {
            Ok(())
        } else {
            Err(format!("the server ended with {status}:\n{stderr}"))
        }
    }

    fn run(&mut self, entry: &str, args: Vec<Value>) -> Result<Vec<Value>, String> {
        let types = self.check_args(entry, &args)?;
        match self.call(entry, &types, &args) {
            Ok(values) => Ok(values),
            Err(Failure::Command(message)) => Err(format!("Error: {message}")),
            // A crashed server is started afresh for the next case.
            Err(Failure::Died(message)) => {
                self.server = None;
                Err(message)
            }
        }
    }
}

/// A program compiled as a server for `futc bench`.
pub struct BenchProgram(CompiledC);

/// What running one entry point on one input many times measured.
pub struct Measurement {
    /// Each timed run's time in microseconds, as the server measures it:
    /// the call alone (with the device synchronised after it), without
    /// moving values in or out.
    pub runtimes: Vec<u64>,
    /// The last run's results, when asked for.
    pub results: Option<Vec<Value>>,
    /// The most memory the program held at once, in bytes (the server's
    /// `report`).
    pub peak_bytes: u64,
}

impl BenchProgram {
    /// Compiles the program at `path` for `backend`; its server will read
    /// `tuning` and get `server_options`.
    pub fn compile(
        path: &Path,
        backend: Backend,
        tuning: Option<PathBuf>,
        server_options: Vec<String>,
    ) -> Result<BenchProgram, String> {
        CompiledC::new(compile_to_ir(path)?, backend, tuning, server_options).map(BenchProgram)
    }

    pub fn signature(&self, entry: &str) -> Result<Signature, String> {
        Signature::of(&self.0.program, entry)
    }

    /// The server's process id (starting the server if it has not
    /// started), for ending it from elsewhere when it runs too long.
    pub fn server_process(&mut self) -> Result<u32, String> {
        Ok(self.0.server()?.child.id())
    }

    /// Runs `entry` on `args` once untimed, then timed until `more`,
    /// given the times so far, says to stop; a run that consumes its
    /// arguments gets them restored afresh (untimed). A server that died
    /// is started afresh by the next call.
    pub fn measure(
        &mut self,
        entry: &str,
        args: &[Value],
        keep_results: bool,
        more: &mut dyn FnMut(&[u64]) -> bool,
    ) -> Result<Measurement, String> {
        let types = self.0.check_args(entry, args)?;
        let consumes = self
            .0
            .program
            .entry_point(entry)
            .is_some_and(|e| e.api.params_unique.iter().any(|&unique| unique));
        let measured = self.measure_on_server(entry, &types, args, consumes, keep_results, more);
        measured.map_err(|failure| match failure {
            Failure::Command(message) => format!("Error: {message}"),
            Failure::Died(message) => {
                self.0.server = None;
                message
            }
        })
    }

    fn measure_on_server(
        &mut self,
        entry: &str,
        types: &[String],
        args: &[Value],
        consumes: bool,
        keep_results: bool,
        more: &mut dyn FnMut(&[u64]) -> bool,
    ) -> Result<Measurement, Failure> {
        let commands = self.0.commands(entry, types, args)?;
        let server = self.0.server().map_err(Failure::Died)?;
        server.command(&commands.restore)?;
        let mut runtimes = Vec::new();
        let mut results = None;
        // The first run warms up (device code built, memory allocated)
        // and is not counted.
        let mut warmed_up = false;
        loop {
            let response = server.command(&commands.call);
            if response.is_err() {
                server.command(&free(&[&commands.ins]))?;
            }
            let runtime = runtime_of(&response?)?;
            let last = warmed_up && {
                runtimes.push(runtime);
                !more(&runtimes)
            };
            warmed_up = true;
            if last && keep_results {
                results = Some(commands.results(server)?);
            }
            server.command(&free(&[&commands.outs]))?;
            if last || consumes {
                server.command(&free(&[&commands.ins]))?;
            }
            if last {
                break;
            }
            if consumes {
                server.command(&commands.restore)?;
            }
        }
        let report = server.command(&["report".to_owned()])?;
        Ok(Measurement {
            runtimes,
            results,
            peak_bytes: peak_bytes_of(&report.join("\n")),
        })
    }
}

/// The time of a `call` from its response's `runtime: N` line.
fn runtime_of(response: &[String]) -> Result<u64, Failure> {
    response
        .iter()
        .find_map(|line| line.strip_prefix("runtime: ")?.trim().parse().ok())
        .ok_or_else(|| {
            Failure::Command("internal error: the server reported no run time".to_owned())
        })
}

/// The sum of the peaks of the memory spaces in a `report`: `{"memory":
/// {"space": bytes, ...}, ...}`; 0 if there is none.
fn peak_bytes_of(report: &str) -> u64 {
    serde_json::from_str::<serde_json::Value>(report)
        .ok()
        .and_then(|report| {
            let spaces = report.get("memory")?.as_object()?;
            Some(spaces.values().filter_map(serde_json::Value::as_u64).sum())
        })
        .unwrap_or(0)
}
