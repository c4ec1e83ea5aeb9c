//! Arrays in generated C are views of one block wherever the language
//! allows: transposition, reversal, strided slices and reshapes share
//! their argument's block instead of copying it. Each entry point of
//! `c_views/views.fut` reads a large matrix through such views; the
//! server's `report` gives the peak bytes arrays held, which must stay
//! near the matrix's own size, and the results must be right.

mod support;

use opt::value::data::{read_values, write_text};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use support::{stderr, temp_dir};

const N: usize = 600;

fn element(i: usize, j: usize) -> f32 {
    ((i * N + j) % 7) as f32
}

fn matrix_file(dir: &Path) -> PathBuf {
    let mut bytes = b"b\x02\x02 f32".to_vec();
    for _ in 0..2 {
        bytes.extend_from_slice(&(N as u64).to_le_bytes());
    }
    for i in 0..N {
        for j in 0..N {
            bytes.extend_from_slice(&element(i, j).to_le_bytes());
        }
    }
    let path = dir.join("a.bin");
    std::fs::write(&path, bytes).expect("write the matrix");
    path
}

fn build_server(dir: &Path) -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c_views/views.fut");
    let exe = dir.join("views");
    support::build_server(&source, &exe);
    exe
}

/// Calls `entry` on the matrix in a fresh server; the result as text and
/// the peak bytes of arrays the report gives.
fn call(exe: &Path, dir: &Path, entry: &str) -> (String, i64) {
    let mut child = Command::new(exe)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server runs");
    let commands =
        format!("restore a.bin a [][]f32\ncall {entry} r a\nstore {entry}.bin r\nfree r\nreport\n");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(commands.as_bytes())
        .expect("write commands");
    let output = child.wait_with_output().expect("the server ends");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!stdout.contains("FAILURE"), "{stdout}");
    let report = stdout
        .lines()
        .find(|line| line.starts_with('{'))
        .unwrap_or_else(|| panic!("no report in {stdout}"));
    let peak = report
        .split("\"default\":")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|digits| digits.parse().ok())
        .unwrap_or_else(|| panic!("no peak memory in {report}"));
    let bytes = std::fs::read(dir.join(format!("{entry}.bin"))).expect("stored result");
    let values = read_values(&bytes).expect("a stored value");
    let mut text = String::new();
    write_text(&values[0], &mut text);
    (text, peak)
}

fn f32_text(x: f32) -> String {
    format!("{x:.1}f32")
}

fn vector_text(xs: impl Iterator<Item = f32>) -> String {
    let parts: Vec<String> = xs.map(f32_text).collect();
    format!("[{}]", parts.join(", "))
}

#[test]
fn views_share_the_argument_block_and_read_the_right_elements() {
    let dir = temp_dir("c-views");
    matrix_file(&dir);
    let exe = build_server(&dir);
    let matrix_bytes = (N * N * 4) as i64;
    let column_sums = (0..N).map(|j| (0..N).map(|i| element(i, j)).sum());
    let row_heads = (0..N).rev().map(|i| element(i, 0));
    let strided: f32 = (0..N * N)
        .skip(1)
        .step_by(3)
        .map(|k| element(k / N, k % N))
        .sum();
    let even_sums = (0..N).map(|i| (0..N).step_by(2).map(|j| element(i, j)).sum());
    let weighted = (0..N).map(|i| {
        (0..N)
            .map(|j| element(i, N - 1 - j) * j as f32)
            .sum::<f32>()
    });
    let corner: Vec<String> = (1..3)
        .map(|j| vector_text((2..5).map(|i| element(i, j))))
        .collect();
    let diagonal = (0..N).map(|i| element(i, i));
    let cases = [
        ("column_sums", vector_text(column_sums)),
        ("reversed_row_heads", vector_text(row_heads)),
        ("strided_sum", f32_text(strided)),
        ("even_column_sums", vector_text(even_sums)),
        ("reversed_weighted", vector_text(weighted)),
        ("transposed_corner", format!("[{}]", corner.join(", "))),
        ("diagonal", vector_text(diagonal)),
    ];
    for (entry, expected) in cases {
        let (result, peak) = call(&exe, &dir, entry);
        assert_eq!(result, expected, "{entry}");
        // The matrix, the result and a little more: a copy of the matrix
        // would double it.
        assert!(
            peak < matrix_bytes + matrix_bytes / 8,
            "{entry}: peak {peak} bytes for a matrix of {matrix_bytes}"
        );
    }
}
