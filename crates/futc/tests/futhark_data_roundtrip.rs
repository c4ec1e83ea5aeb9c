//! `futc dataset` against upstream's Python implementation of the data
//! formats (the PyPI package futhark-data), through
//! scripts/futhark-data-roundtrip.py. Outside CI the test is skipped where
//! python3 cannot import the package; in CI (`CI` set) that is a failure,
//! as scripts/test.sh installs it.

use std::path::Path;
use std::process::Command;

#[test]
fn futhark_data_reads_what_futc_writes_and_futc_reads_what_it_writes() {
    let probe = Command::new("python3")
        .args(["-c", "import futhark_data, numpy"])
        .output();
    let importable = matches!(&probe, Ok(output) if output.status.success());
    if !importable {
        let why = match &probe {
            Ok(output) => String::from_utf8_lossy(&output.stderr).into_owned(),
            Err(error) => format!("cannot run python3: {error}"),
        };
        assert!(
            std::env::var_os("CI").is_none(),
            "python3 cannot import futhark_data and numpy (scripts/test.sh installs them):\n{why}"
        );
        eprintln!(
            "skipping the futhark-data round trip: python3 cannot import futhark_data and \
             numpy (install them with `python3 -m pip install --user futhark-data numpy`)"
        );
        return;
    }
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/futhark-data-roundtrip.py");
    let output = Command::new("python3")
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_futc"))
        .output()
        .expect("python3 runs");
    assert!(
        output.status.success(),
        "{} failed:\n{}{}",
        script.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
