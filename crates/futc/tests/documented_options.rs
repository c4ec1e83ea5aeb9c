//! What a user reads against what the programs do: the commands and
//! options of README.md and docs/manual.md against `--help` of `futc`,
//! its subcommands, `futls` and compiled executables and servers; and the
//! command line's behaviour (help and version, unknown options named,
//! `futc test` counting programs that do not compile).
//!
//! The commands come from `futc --help`, so a new subcommand fails these
//! tests until the README names it and the manual has a section headed
//! with it (`` ### `futc NAME` ``) documenting its options.

mod support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use support::{futc, stderr, temp_dir, test_cflags, write};

fn repository_file(path: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// `program ARGS --help`, which must succeed.
fn help_of(program: &Path, args: &[&str]) -> String {
    let output = Command::new(program)
        .args(args)
        .arg("--help")
        .stdin(Stdio::null())
        .output()
        .expect("the program runs");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{} {args:?} --help: {}",
        program.display(),
        stderr(&output)
    );
    stdout(&output)
}

fn futc_path() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_futc"))
}

/// An option as `--help` lists it: `-e, --entry-point <ENTRY>` (clap) or
/// `-e, --entry-point ENTRY` (executables).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct HelpOption {
    short: Option<String>,
    long: Option<String>,
}

impl HelpOption {
    fn names(&self) -> impl Iterator<Item = &String> {
        self.short.iter().chain(&self.long)
    }

    /// Help and version are every command's; the manual says so once.
    fn is_universal(&self) -> bool {
        matches!(self.long.as_deref(), Some("--help" | "--version"))
    }
}

/// The options listed in a help text: lines of its `Options:` section
/// that start with `-` after a short indentation (descriptions are
/// indented further).
fn help_options(help: &str) -> Vec<HelpOption> {
    let Some((_, options)) = help.split_once("Options:\n") else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for line in options.lines() {
        let indented = line.len() - line.trim_start().len();
        let line = line.trim_start();
        if !line.starts_with('-') || indented > 6 {
            continue;
        }
        let mut option = HelpOption {
            short: None,
            long: None,
        };
        for word in line.split([' ', ',', '=', '<', '[']) {
            if let Some(name) = word.strip_prefix("--") {
                if !name.is_empty() && option.long.is_none() {
                    option.long = Some(format!("--{name}"));
                }
            } else if word.len() == 2
                && word.starts_with('-')
                && word[1..].starts_with(|c: char| c.is_ascii_alphabetic())
                && option.short.is_none()
            {
                option.short = Some(word.to_owned());
            } else if !word.is_empty() {
                break;
            }
        }
        if option.short.is_some() || option.long.is_some() {
            found.push(option);
        }
    }
    found
}

/// The subcommands a clap help text lists under `Commands:`, without
/// `help`: the first words of lines indented by two spaces (a description
/// that clap wraps, where the terminal is narrow or the workspace's
/// features make it wrap, goes on further indented).
fn help_subcommands(help: &str) -> Vec<String> {
    let Some((_, commands)) = help.split_once("Commands:\n") else {
        return Vec::new();
    };
    commands
        .lines()
        .take_while(|line| line.starts_with("  "))
        .filter(|line| !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

/// Every command of `futc` as its words (`["pkg", "add"]`), found through
/// `--help`.
fn futc_commands() -> Vec<Vec<String>> {
    fn walk(prefix: Vec<String>, found: &mut Vec<Vec<String>>) {
        let args: Vec<&str> = prefix.iter().map(String::as_str).collect();
        for name in help_subcommands(&help_of(&futc_path(), &args)) {
            let mut command = prefix.clone();
            command.push(name);
            found.push(command.clone());
            walk(command, found);
        }
    }
    let mut found = Vec::new();
    walk(Vec::new(), &mut found);
    found
}

/// The option names a text mentions: `--name` words, and `-x` where a
/// single letter stands alone.
fn mentioned_options(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let bytes = text.as_bytes();
    for (at, _) in text.match_indices('-') {
        let before = at.checked_sub(1).map(|i| bytes[i]);
        if before.is_some_and(|b| b.is_ascii_alphanumeric() || b == b'-') {
            continue;
        }
        let rest = &text[at + 1..];
        let long = rest.strip_prefix('-').map(|rest| {
            rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .map_or(rest, |end| &rest[..end])
        });
        match long {
            Some(name) if name.starts_with(|c: char| c.is_ascii_lowercase()) => {
                found.insert(format!("--{name}"));
            }
            Some(_) => {}
            None => {
                let mut chars = rest.chars();
                let letter = chars.next().filter(char::is_ascii_alphabetic);
                let after = chars.next();
                if let Some(letter) = letter
                    && after.is_none_or(|c| matches!(c, ' ' | '`' | ',' | '\n' | ')'))
                {
                    found.insert(format!("-{letter}"));
                }
            }
        }
    }
    found
}

/// The manual's sections: each heading with its text up to the next
/// heading, without code blocks (examples may run other commands).
fn sections(markdown: &str) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = Vec::new();
    let mut in_code = false;
    for line in markdown.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        } else if in_code {
            continue;
        } else if line.starts_with('#') {
            found.push((
                line.trim_start_matches('#').trim().to_owned(),
                String::new(),
            ));
        } else if let Some((_, text)) = found.last_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    found
}

/// The commands a heading names in backticks: `` `futc c`, `futc
/// multicore` `` names `futc c` and `futc multicore`.
fn heading_commands(heading: &str) -> Vec<String> {
    heading
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|name| name.starts_with("futc") || *name == "futls")
        .map(str::to_owned)
        .collect()
}

/// The text of the manual's section titled `title`.
fn section<'a>(sections: &'a [(String, String)], title: &str) -> &'a str {
    sections
        .iter()
        .find(|(heading, _)| heading == title)
        .map(|(_, text)| text.as_str())
        .unwrap_or_else(|| panic!("docs/manual.md has no section `{title}`"))
}

/// Compares the options of help texts with a documentation text: each
/// option of every help (but help and version) must be mentioned by one
/// of its names, and each option mentioned must be one of some help's.
/// Code spans of whole commands (`` `futc dev --metrics` ``) refer to
/// other sections and are left out.
fn compare(what: &str, documented: &str, helps: &[(String, String)]) -> Vec<String> {
    let own_text: String = documented
        .split('`')
        .enumerate()
        .filter(|(index, part)| index % 2 == 0 || !part.starts_with("futc "))
        .map(|(_, part)| part)
        .collect::<Vec<_>>()
        .join("`");
    let mentioned = mentioned_options(&own_text);
    let mut problems = Vec::new();
    let mut known = BTreeSet::new();
    for (program, help) in helps {
        for option in help_options(help) {
            known.extend(option.names().cloned());
            if !option.is_universal() && !option.names().any(|name| mentioned.contains(name)) {
                problems.push(format!(
                    "{what}: `{program} --help` lists {option:?}, which is not documented"
                ));
            }
        }
    }
    for name in mentioned {
        if !known.contains(&name) {
            problems.push(format!(
                "{what}: documents `{name}`, which no `--help` of {:?} lists",
                helps.iter().map(|(program, _)| program).collect::<Vec<_>>()
            ));
        }
    }
    problems
}

#[test]
fn the_manual_documents_each_command_and_its_options_as_help_lists_them() {
    let manual = repository_file("docs/manual.md");
    let sections = sections(&manual);
    let documented: Vec<(String, &str)> = sections
        .iter()
        .flat_map(|(heading, text)| {
            heading_commands(heading)
                .into_iter()
                .map(move |command| (command, text.as_str()))
        })
        .collect();
    let commands = futc_commands();
    assert!(
        commands.iter().any(|c| c == &["test"]) && commands.iter().any(|c| c == &["pkg", "add"]),
        "{commands:?}"
    );
    let mut problems = Vec::new();
    for command in &commands {
        let name = format!("futc {}", command.join(" "));
        // A subcommand is documented in its parent's section.
        let section_name = format!("futc {}", command[0]);
        let Some((_, text)) = documented.iter().find(|(c, _)| *c == section_name) else {
            problems.push(format!("no manual section is headed `{section_name}`"));
            continue;
        };
        if command.len() > 1 && !text.contains(&format!("`{name}")) {
            problems.push(format!(
                "the section `{section_name}` does not name `{name}`"
            ));
        }
    }
    // Each section against the help of its command and its subcommands.
    for (command, text) in &documented {
        // futls's own tests check its section (crates/futls/tests/stdio).
        if command == "futls" {
            continue;
        }
        let top = command.strip_prefix("futc ").unwrap_or(command);
        let helps: Vec<(String, String)> = commands
            .iter()
            .filter(|c| c[0] == top)
            .map(|c| {
                let args: Vec<&str> = c.iter().map(String::as_str).collect();
                (
                    format!("futc {}", c.join(" ")),
                    help_of(&futc_path(), &args),
                )
            })
            .collect();
        if helps.is_empty() {
            problems.push(format!(
                "the manual documents `{command}`, which does not exist"
            ));
            continue;
        }
        problems.extend(compare(
            &format!("manual section `{command}`"),
            text,
            &helps,
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_readme_names_each_command_with_options_it_has() {
    let readme = repository_file("README.md");
    let mut problems = Vec::new();
    for command in futc_commands().iter().filter(|c| c.len() == 1) {
        let name = format!("futc {}", command[0]);
        let rows: Vec<&str> = readme
            .lines()
            .filter(|line| line.starts_with(&format!("| `{name}")))
            .collect();
        if rows.is_empty() {
            problems.push(format!(
                "the README's table of commands has no row for `{name}`"
            ));
            continue;
        }
        let help = help_of(&futc_path(), &[&command[0]]);
        let known: BTreeSet<String> = help_options(&help)
            .iter()
            .flat_map(|option| option.names().cloned().collect::<Vec<_>>())
            .collect();
        for option in rows.iter().flat_map(|row| mentioned_options(row)) {
            if !known.contains(&option) {
                problems.push(format!("the README gives `{name}` the option `{option}`, which its --help does not list"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Compiles a one-line program with `futc BACKEND ARGS` into `dir`; the
/// executable's path.
fn compile(dir: &Path, backend: &str, args: &[&str]) -> PathBuf {
    let source = write(dir, "prog.fut", b"entry main (x: i32) = x + 1\n");
    let exe = dir.join(format!("prog-{backend}{}", args.join("")));
    let output = Command::new(futc_path())
        .arg(backend)
        .args(args)
        .arg(&source)
        .arg("-o")
        .arg(&exe)
        .env("CFLAGS", test_cflags())
        .output()
        .expect("futc runs");
    assert!(output.status.success(), "{}", stderr(&output));
    exe
}

#[test]
fn compiled_programs_answer_help_and_the_manual_documents_their_options() {
    let dir = temp_dir("documented-executables");
    let manual = repository_file("docs/manual.md");
    let sections = sections(&manual);
    let mut executables = Vec::new();
    let mut servers = Vec::new();
    for backend in ["c", "multicore", "opencl"] {
        let exe = compile(&dir, backend, &[]);
        let help = help_of(&exe, &[]);
        assert!(help.starts_with("Usage: "), "{help}");
        for option in ["--entry-point", "--runs", "--tuning", "--print-params"] {
            assert!(help.contains(option), "{backend}: {option} not in\n{help}");
        }
        // Each option has its description on its line.
        for line in help
            .lines()
            .filter(|line| line.trim_start().starts_with('-'))
        {
            assert!(line.trim_end().ends_with('.'), "{backend}: {line}");
        }
        let version = Command::new(&exe)
            .arg("--version")
            .stdin(Stdio::null())
            .output()
            .expect("the program runs");
        assert_eq!(
            (version.status.code(), stdout(&version)),
            (
                Some(0),
                format!("futc {}, {backend} back end\n", env!("CARGO_PKG_VERSION"))
            ),
            "{backend}"
        );
        executables.push((format!("futc {backend} executable"), help));
        let server = compile(&dir, backend, &["--server"]);
        servers.push((format!("futc {backend} --server"), help_of(&server, &[])));
    }
    let mut problems = compare(
        "manual section `Compiled executables`",
        section(&sections, "Compiled executables"),
        &executables,
    );
    problems.extend(compare(
        "manual section `Servers`",
        section(&sections, "Servers"),
        &servers,
    ));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn compiled_programs_name_an_unknown_option_or_a_missing_argument() {
    let dir = temp_dir("executable-options");
    let exe = compile(&dir, "c", &[]);
    let run = |args: &[&str]| {
        Command::new(&exe)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("the program runs")
    };
    let unknown = run(&["--frobnicate"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        stderr(&unknown).contains("Unknown option `--frobnicate`")
            && stderr(&unknown).contains("--help"),
        "{}",
        stderr(&unknown)
    );
    // A multicore option is unknown to a sequential program.
    let other_backend = run(&["--num-threads", "2"]);
    assert_eq!(other_backend.status.code(), Some(2));
    assert!(stderr(&other_backend).contains("`--num-threads`"));
    let missing = run(&["-e"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains("Option `-e` needs an argument"),
        "{}",
        stderr(&missing)
    );
    let bad_runs = run(&["-r", "0"]);
    assert_eq!(bad_runs.status.code(), Some(1));
    assert!(stderr(&bad_runs).contains("Invalid number of runs `0`"));
    let long_names = support::run_with_input(
        &exe,
        &["--entry-point", "main", "--runs", "2", "--binary-output"],
        b"41",
    );
    assert!(long_names.status.success(), "{}", stderr(&long_names));
    assert!(long_names.stdout.starts_with(b"b\x02\x00 i32"));
    // Arguments attached as getopt takes them.
    let attached = support::run_with_input(&exe, &["-emain", "--runs=2", "-r1"], b"41");
    assert!(attached.status.success(), "{}", stderr(&attached));
    assert_eq!(attached.stdout, b"42i32\n");
    let wrong_entry = support::run_with_input(&exe, &["--entry-point=nope"], b"41");
    assert_eq!(
        wrong_entry.status.code(),
        Some(1),
        "{}",
        stderr(&wrong_entry)
    );
    assert!(
        stderr(&wrong_entry).contains("`nope`"),
        "{}",
        stderr(&wrong_entry)
    );
    // An option without an argument takes nothing attached.
    let glued = run(&["-bx"]);
    assert_eq!(glued.status.code(), Some(2));
    assert!(stderr(&glued).contains("Unknown option `-bx`"));
}

#[test]
fn futc_answers_help_and_version_without_reading_stdin() {
    for command in futc_commands() {
        assert!(help_of(&futc_path(), &[&command[0]]).contains("Usage: "));
    }
    for (program, name) in [(futc_path(), "futc")] {
        for (flag, expected) in [("--help", "Usage: "), ("--version", name)] {
            // Standard input stays open: a program reading it would hang
            // and be killed.
            let mut child = Command::new(&program)
                .arg(flag)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("the program runs");
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
            while child.try_wait().expect("waits").is_none() {
                if std::time::Instant::now() > deadline {
                    let _ = child.kill();
                    panic!("`{name} {flag}` did not exit");
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            let output = child.wait_with_output().expect("finished");
            assert_eq!(output.status.code(), Some(0), "{name} {flag}");
            assert!(
                stdout(&output).contains(expected),
                "{name} {flag}: {}",
                stdout(&output)
            );
        }
    }
}

#[test]
fn positional_arguments_are_described() {
    for command in futc_commands() {
        let args: Vec<&str> = command.iter().map(String::as_str).collect();
        let help = help_of(&futc_path(), &args);
        let Some((_, arguments)) = help.split_once("Arguments:\n") else {
            continue;
        };
        // `  <FILE>  description`, or the description on the next line,
        // indented further (clap's long help).
        let lines: Vec<&str> = arguments
            .lines()
            .take_while(|line| line.is_empty() || line.starts_with("  "))
            .collect();
        for (index, line) in lines.iter().enumerate() {
            if !(line.starts_with("  <") || line.starts_with("  [")) {
                continue;
            }
            let next = lines.get(index + 1).copied().unwrap_or("");
            assert!(
                line.split_whitespace().count() > 1 || next.starts_with("     "),
                "futc {}: `{line}` has no description",
                command.join(" ")
            );
        }
    }
}

#[test]
fn an_unknown_backend_is_answered_with_the_backends() {
    let dir = temp_dir("unknown-backend");
    let program = write(&dir, "prog.fut", b"def main (x: i32) = x\n");
    let output = futc(&["test", "--backend", "cuda", &program]);
    assert_eq!(output.status.code(), Some(2));
    for backend in ["interpreter", "c", "multicore", "opencl"] {
        assert!(stderr(&output).contains(backend), "{}", stderr(&output));
    }
    // Words, as clap may wrap the line.
    let help = stdout(&futc(&["test", "--help"]));
    let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("[possible values: interpreter, c, multicore, opencl]"),
        "{help}"
    );
}

#[test]
fn futc_test_compiles_programs_without_tests_and_lists_what_ran() {
    let dir = temp_dir("test-compiles");
    write(&dir, "fine.fut", b"def main (x: i32) = x + 1\n");
    write(&dir, "broken.fut", b"def main (x: i32) = x + true\n");
    write(
        &dir,
        "runs.fut",
        b"-- ==\n-- input { 1 } output { 2 }\n-- compiled input { 2 } output { 3 }\n\
          def main (x: i32) = x + 1\n",
    );
    write(
        &dir,
        "rejected.fut",
        b"-- ==\n-- error: Cannot apply\ndef main (x: i32) = x + true\n",
    );
    let dir = dir.to_str().expect("UTF-8 path");
    let output = futc(&["test", "-v", "-j", "1", dir]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(
        stderr(&output).contains("broken.fut:\n  compilation failed:"),
        "{}",
        stderr(&output)
    );
    for listed in [
        "broken.fut\n  compiles: FAILED\n",
        "fine.fut\n  compiles: passed\n",
        "runs.fut\n  `main` #0 (\"1\") at line 2: passed\n  `main` #1 (\"2\") at line 3: skipped\n",
        "rejected.fut\n  an error matching `Cannot apply` at compile time (line 2): passed\n",
    ] {
        assert!(out.contains(listed), "{listed}\nnot in:\n{out}");
    }
    assert!(
        out.ends_with(
            "4 programs                  passed  failed  skipped\n  \
             runs                           1       0        1\n  \
             expected compile errors        1       0        0\n  \
             programs compiled only         1       1        0\n\
             3 passed, 1 failed, 1 skipped\n"
        ),
        "{out}"
    );
}
