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

#[test]
fn a_changed_import_is_checked_and_tested_again() {
    let dir = temp_dir("watch");
    let main = write(
        &dir,
        "main.fut",
        b"import \"lib\"\n-- ==\n-- input { 2 } output { 4 }\ndef main (x: i32) = double x\n",
    );
    let lib = write(&dir, "lib.fut", b"def double (x: i32) = x * 2\n");
    let mut watcher = Watcher(
        Command::new(env!("CARGO_BIN_EXE_futc"))
            .args(["watch", &main, "--test", "--interval", "20"])
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
    let has = |round: &[String], start: &str, end: &str| {
        round
            .iter()
            .any(|line| line.starts_with(start) && line.ends_with(end))
    };

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
