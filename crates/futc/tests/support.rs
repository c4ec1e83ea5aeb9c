//! Helpers shared by the command-line tests. Each test binary uses only
//! some of them.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub fn futc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_futc"))
        .args(args)
        .output()
        .expect("futc runs")
}

/// Runs `program` with `args` and `input` on its standard input; its
/// output. A failing program may stop before reading all of the input.
pub fn run_with_input(program: impl AsRef<OsStr>, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program runs");
    let _ = child.stdin.take().expect("stdin").write_all(input);
    child.wait_with_output().expect("the program finishes")
}

/// `futc ARGS` with `input` on its standard input.
pub fn futc_with_input(args: &[&str], input: &[u8]) -> Output {
    run_with_input(env!("CARGO_BIN_EXE_futc"), args, input)
}

/// A fresh temporary directory for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("futc-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary directory");
    dir
}

pub fn write(dir: &Path, name: &str, contents: &[u8]) -> String {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("parent directory");
    }
    std::fs::write(&path, contents).expect("write test file");
    path.to_str().expect("UTF-8 path").to_string()
}

/// The C compiler flags for generated code in tests: `$FUTC_TEST_CFLAGS`
/// (the sanitizer job of scripts/test.sh sets it), by default
/// `-O1 -std=c99`, which keeps the tests fast.
pub fn test_cflags() -> String {
    std::env::var("FUTC_TEST_CFLAGS").unwrap_or_else(|_| "-O1 -std=c99".to_owned())
}

/// Compiles `source` with `futc c --server` into the executable `exe`
/// (with the test C flags), failing the test if it does not compile.
pub fn build_server(source: &Path, exe: &Path) {
    let output = Command::new(env!("CARGO_BIN_EXE_futc"))
        .args(["c", "--server"])
        .arg(source)
        .arg("-o")
        .arg(exe)
        .env("CFLAGS", test_cflags())
        .output()
        .expect("futc runs");
    assert!(output.status.success(), "{}", stderr(&output));
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The `.fut` programs under `tests/<corpus>/<kind>` (recursively, sorted).
pub fn corpus_programs(corpus: &str, kind: &str) -> Vec<PathBuf> {
    fn programs(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                programs(&path, out);
            } else if path.extension().is_some_and(|e| e == "fut") {
                out.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests")
        .join(corpus)
        .join(kind);
    let mut found = Vec::new();
    programs(&root, &mut found);
    found
}

/// The regex of a program's `-- error:` expectation.
pub fn expected_error(text: &str) -> Option<regex::Regex> {
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("-- error:"))?
        .trim();
    Some(regex::Regex::new(line).unwrap_or_else(|e| panic!("bad regex {line:?}: {e}")))
}

/// Why `futc check` does not accept the program at `path`, if it does not.
pub fn acceptance_failure(path: &Path) -> Option<String> {
    let output = futc(&["check", path.to_str().expect("UTF-8 path")]);
    (output.status.code() != Some(0)).then(|| format!("{}:\n{}", path.display(), stderr(&output)))
}

/// `futc check` on a program that must be rejected with the message of
/// its `-- error:` regex: the program's text and the rendered message, or
/// why the check failed.
pub fn check_rejection(path: &Path) -> Result<(String, String), String> {
    let text = std::fs::read_to_string(path).expect("readable test program");
    let expected = expected_error(&text)
        .unwrap_or_else(|| panic!("{} has no error expectation", path.display()));
    let output = futc(&["check", path.to_str().expect("UTF-8 path")]);
    let message = stderr(&output);
    if output.status.code() != Some(2) {
        return Err(format!("{}: accepted", path.display()));
    }
    if !expected.is_match(&message) {
        return Err(format!(
            "{}: expected /{expected}/, got:\n{message}",
            path.display()
        ));
    }
    Ok((text, message))
}

/// The counts of the last summary line of `futc test`: `N passed, N
/// failed, N skipped`.
pub fn summary(output: &Output) -> (usize, usize, usize) {
    let stdout = String::from_utf8_lossy(&output.stdout);
    stdout
        .lines()
        .rev()
        .find_map(|line| {
            let counts: Vec<usize> = line
                .split(", ")
                .map(|part| part.split_once(' ').and_then(|(n, _)| n.parse().ok()))
                .collect::<Option<_>>()?;
            (counts.len() == 3 && line.contains("passed"))
                .then(|| (counts[0], counts[1], counts[2]))
        })
        .unwrap_or_else(|| panic!("no summary line:\n{stdout}\n{}", stderr(output)))
}

/// A decoded PNG image: its size and its pixels as RGB, row by row.
pub struct Png {
    pub width: u32,
    pub height: u32,
    /// RGB or RGBA, as the file has it.
    pub colour_type: png::ColorType,
    pub pixels: Vec<[u8; 3]>,
}

impl Png {
    /// Reads an 8-bit RGB or RGBA PNG file (dropping the alpha channel).
    pub fn read(path: &Path) -> Png {
        let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut reader = png::Decoder::new(std::io::BufReader::new(file))
            .read_info()
            .expect("a PNG file");
        let mut buffer = vec![0; reader.output_buffer_size().expect("a buffer size")];
        let info = reader.next_frame(&mut buffer).expect("one frame");
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        let channels = match info.color_type {
            png::ColorType::Rgb => 3,
            png::ColorType::Rgba => 4,
            other => panic!("unexpected colour type {other:?}"),
        };
        let pixels = buffer[..info.buffer_size()]
            .chunks(channels)
            .map(|p| [p[0], p[1], p[2]])
            .collect();
        Png {
            width: info.width,
            height: info.height,
            colour_type: info.color_type,
            pixels,
        }
    }

    pub fn pixel(&self, x: u32, y: u32) -> [u8; 3] {
        self.pixels[(y * self.width + x) as usize]
    }

    /// Every pixel of `colour`, as (x, y).
    pub fn pixels_of(&self, colour: [u8; 3]) -> Vec<(u32, u32)> {
        (0..self.height)
            .flat_map(|y| (0..self.width).map(move |x| (x, y)))
            .filter(|&(x, y)| self.pixel(x, y) == colour)
            .collect()
    }
}
