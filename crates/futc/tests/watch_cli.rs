//! `futc watch` as a process: it checks and tests a program, and again
//! whenever a file the program imports changes.

mod support;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use support::{temp_dir, write};

/// The lines the watcher writes to standard error, up to the first that
/// contains `wanted`.
fn lines_until(lines: &Receiver<String>, wanted: &str) -> Vec<String> {
    let mut seen = Vec::new();
    loop {
        match lines.recv_timeout(Duration::from_secs(120)) {
            Ok(line) => {
                let done = line.contains(wanted);
                seen.push(line);
                if done {
                    return seen;
                }
            }
            Err(_) => panic!("no line containing {wanted:?}; the lines were {seen:#?}"),
        }
    }
}

/// Gives a file new contents as editors save: written beside it, then
/// renamed over it, so that the watcher never sees it half written.
fn replace(path: &str, contents: &str) {
    let temporary = format!("{path}.new");
    std::fs::write(&temporary, contents).expect("a new version of the file");
    std::fs::rename(&temporary, path).expect("the file replaced");
}

/// Kills the watcher when the test ends, passing or not.
struct Watcher(Child);

impl Drop for Watcher {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `futc watch` with these arguments (and a short interval); the
/// lines of its standard error come through the receiver.
fn watch(args: &[&str]) -> (Watcher, Receiver<String>) {
    let mut watcher = Watcher(
        Command::new(env!("CARGO_BIN_EXE_futc"))
            .arg("watch")
            .args(args)
            .args(["--interval", "20"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("futc watch starts"),
    );
    let stderr = watcher.0.stderr.take().expect("its standard error");
    let (send, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    (watcher, lines)
}

/// Whether a line of a round starts and ends so.
fn has(round: &[String], start: &str, end: &str) -> bool {
    round
        .iter()
        .any(|line| line.starts_with(start) && line.ends_with(end))
}

#[test]
fn a_changed_import_is_checked_and_tested_again() {
    let dir = temp_dir("watch");
    let main = write(
        &dir,
        "main.fut",
        b"import \"lib\"\n-- ==\n-- input { 2 } output { 4 }\ndef main (x: i32) = double x\n",
    );
    let lib = write(&dir, "lib.fut", b"def double (x: i32) = x * 2\n");
    let (_watcher, lines) = watch(&[&main, "--test"]);

    let first = lines_until(&lines, "[watch] waiting for changes to 2 files");
    assert!(has(&first, "[watch] ", ", 0 errors"), "{first:#?}");
    assert!(
        has(&first, "[watch] tested with interpreter in ", ": ok"),
        "{first:#?}"
    );

    replace(&lib, "def double (x: i32) = x * true\n");
    let broken = lines_until(&lines, "[watch] waiting for changes");
    assert!(has(&broken, "[watch] changed: ", "lib.fut"), "{broken:#?}");
    assert!(
        broken.iter().any(|l| l.contains("Cannot apply")),
        "{broken:#?}"
    );
    assert!(has(&broken, "[watch] ", ", 1 error"), "{broken:#?}");
    assert!(
        !broken.iter().any(|l| l.contains("tested with")),
        "{broken:#?}"
    );

    replace(&lib, "def double (x: i32) = x + 3\n");
    let wrong = lines_until(&lines, "[watch] waiting for changes");
    assert!(has(&wrong, "[watch] ", ", 0 errors"), "{wrong:#?}");
    assert!(
        has(&wrong, "[watch] tested with interpreter in ", ": failed"),
        "{wrong:#?}"
    );
}

/// Compiling rounds lower through the database kept between rounds: the
/// executable of each round is the program as it now is.
#[test]
fn compiling_rounds_build_the_edited_program() {
    let dir = temp_dir("watch-c");
    let main = write(
        &dir,
        "main.fut",
        b"def inc (x: i32) = x + 1\nentry main (x: i32) = inc x * 2\n",
    );
    let executable = main.trim_end_matches(".fut").to_owned();
    let run = || {
        let output = Command::new(&executable)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child.stdin.take().expect("its input").write_all(b"3")?;
                child.wait_with_output()
            })
            .expect("the executable runs");
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    };
    let (_watcher, lines) = watch(&[&main, "--backend", "c"]);
    let first = lines_until(&lines, "[watch] waiting for changes");
    for stage in ["lowered", "optimised", "generated and built the C"] {
        assert!(
            has(&first, &format!("[watch] {stage} in "), " ms"),
            "{first:#?}"
        );
    }
    assert!(
        has(&first, "[watch] compiled with c in ", ": ok"),
        "{first:#?}"
    );
    assert_eq!(run(), "8i32");

    replace(
        &main,
        "def inc (x: i32) = x + 2\nentry main (x: i32) = inc x * 2\n",
    );
    let second = lines_until(&lines, "[watch] waiting for changes");
    assert!(
        has(&second, "[watch] compiled with c in ", ": ok"),
        "{second:#?}"
    );
    assert_eq!(run(), "10i32");
}
