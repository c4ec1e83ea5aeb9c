//! `futc c --server`: the server protocol. A session of commands
//! (`c_server/session.txt`, run in a directory holding the data files of
//! `c_server/`) must produce `c_server/session.expected` (run times
//! written as `N`), including failures for unknown names, wrong types,
//! malformed data and consumed variables, and must store the right
//! values.

mod support;

use opt::value::data::{read_values, write_text};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use support::{stderr, temp_dir};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/c_server")
        .join(name)
}

/// Compiles the API test program as a server in `dir`.
fn build_server(dir: &Path) -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c_api/library.fut");
    let exe = dir.join("server");
    support::build_server(&source, &exe);
    exe
}

/// Runs the server in `dir` on `commands`; its standard output.
fn session(exe: &Path, dir: &Path, commands: &str) -> String {
    let mut child = Command::new(exe)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(commands.as_bytes())
        .expect("write commands");
    let output = child.wait_with_output().expect("the server ends");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| {
            if line.starts_with("runtime: ") {
                "runtime: N".to_owned()
            } else {
                line.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

fn stored(dir: &Path, file: &str) -> Vec<String> {
    let bytes = std::fs::read(dir.join(file)).expect("a stored file");
    read_values(&bytes)
        .expect("stored values are in the data format")
        .iter()
        .map(|value| {
            let mut text = String::new();
            write_text(value, &mut text);
            text
        })
        .collect()
}

#[test]
fn a_session_with_values_records_sums_and_failures() {
    let dir = temp_dir("c-server-session");
    for data in ["xs.txt", "mk.txt", "broken.txt", "extra.txt"] {
        std::fs::copy(fixture(data), dir.join(data)).expect("copy a data file");
    }
    let exe = build_server(&dir);
    let commands = std::fs::read_to_string(fixture("session.txt")).expect("session");
    let transcript = session(&exe, &dir, &commands);
    let expected = std::fs::read_to_string(fixture("session.expected")).expect("transcript");
    assert_eq!(transcript, expected);
    assert_eq!(stored(&dir, "s.bin"), ["6i32"]);
    assert_eq!(stored(&dir, "pa.bin"), ["2i32"]);
    assert_eq!(stored(&dir, "split.bin"), ["2i32", "[2i32, 3i32]"]);
    assert_eq!(stored(&dir, "ar.bin"), ["16.0f64"]);
    assert_eq!(stored(&dir, "ys.bin"), ["[2i32, 2i32, 3i32]"]);
}

#[test]
fn opaque_values_round_trip_through_store_and_restore() {
    let dir = temp_dir("c-server-opaque");
    std::fs::copy(fixture("mk.txt"), dir.join("mk.txt")).expect("copy");
    let exe = build_server(&dir);
    let transcript = session(
        &exe,
        &dir,
        "restore mk.txt a i32 b []f32\ncall mk p a b\nstore p.bin p\nrestore p.bin q pair\n\
         call scale r q\nstore r.bin r\nrestore p.bin z shape\n",
    );
    assert_eq!(
        transcript,
        "%%% OK\n%%% OK\nruntime: N\n%%% OK\n%%% OK\n%%% OK\nruntime: N\n%%% OK\n%%% OK\n\
         %%% FAILURE\nCannot read value 0 of a value of type shape: byte 0: \
         expected a value of type i8, found a binary value of type i32\n%%% OK\n"
    );
    assert_eq!(stored(&dir, "p.bin"), ["2i32", "[1.5f32, 2.5f32]"]);
    assert_eq!(stored(&dir, "r.bin"), ["[3.0f32, 5.0f32]"]);
}

#[test]
fn restore_reads_text_as_the_named_types() {
    let dir = temp_dir("c-server-typed");
    let exe = build_server(&dir);
    let files: [(&str, &str); 4] = [
        (
            "values.txt",
            "[[1, 2], [3, 4]] -- rows\n[1.0, 2] [] [true, false]\n",
        ),
        ("pair.txt", "7 [1.5, 2]"),
        ("suffix.txt", "[1, 2i64]"),
        ("pair_suffix.txt", "7\n[1.5, 2i32]\n"),
    ];
    for (name, text) in files {
        std::fs::write(dir.join(name), text).expect("write a data file");
    }
    let transcript = session(
        &exe,
        &dir,
        "restore values.txt m [][]i32 f []f32 e []i32 b []bool\n\
         store values.bin m f e b\n\
         restore pair.txt p pair\ncall scale r p\nstore r.bin r\n\
         restore suffix.txt x []i32\nrestore pair_suffix.txt q pair\n",
    );
    assert_eq!(
        transcript,
        "%%% OK\n%%% OK\n%%% OK\n%%% OK\nruntime: N\n%%% OK\n%%% OK\n\
         %%% FAILURE\ninvalid input: line 1, column 5: \
         expected a value of type i32, found `2i64` of type i64\n%%% OK\n\
         %%% FAILURE\nCannot read value 1 of a value of type pair: line 2, column 7: \
         expected a value of type f32, found `2i32` of type i32\n%%% OK\n"
    );
    assert_eq!(
        stored(&dir, "values.bin"),
        [
            "[[1i32, 2i32], [3i32, 4i32]]",
            "[1.0f32, 2.0f32]",
            "empty([0]i32)",
            "[true, false]"
        ]
    );
    assert_eq!(stored(&dir, "r.bin"), ["[10.5f32, 14.0f32]"]);
}

#[test]
fn malformed_binary_data_fails_without_ending_the_server() {
    let dir = temp_dir("c-server-malformed");
    let exe = build_server(&dir);
    // Truncated, bad version, unknown element type, absurd shape.
    let cases: [&[u8]; 4] = [
        b"b\x02\x01 i32\x05\x00\x00\x00\x00\x00\x00\x00\x01\x00",
        b"b\x07\x00 i32\x01\x00\x00\x00",
        b"b\x02\x00 x32\x01\x00\x00\x00",
        b"b\x02\x02 i64\xff\xff\xff\xff\xff\xff\xff\x7f\xff\xff\xff\xff\xff\xff\xff\x7f",
    ];
    let mut commands = String::new();
    for (i, bytes) in cases.iter().enumerate() {
        std::fs::write(dir.join(format!("bad{i}.bin")), bytes).expect("write");
        commands.push_str(&format!("restore bad{i}.bin v{i} [][]i64\n"));
    }
    commands.push_str("types\n");
    let transcript = session(&exe, &dir, &commands);
    assert_eq!(
        transcript.matches("%%% FAILURE\n").count(),
        4,
        "{transcript}"
    );
    assert!(transcript.ends_with("[]bool\n%%% OK\n"), "{transcript}");
}
