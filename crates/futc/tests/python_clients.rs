//! Upstream's Python clients against futc's C backend:
//! `scripts/futhark-server-client.py` drives a `--server` executable with
//! the PyPI package futhark-server, and `scripts/futhark-ffi-client.py`
//! builds a `--library` program with futhark-ffi (and cffi) and calls it
//! with numpy arrays; the package `python/futhark-dask` maps a library's
//! entry points over chunks on a local Dask cluster of two worker processes
//! (its unittest, `python/futhark-dask/tests`). Outside CI a test is skipped
//! where python3 cannot import its packages; in CI (`CI` set) that is a
//! failure, as scripts/test.sh installs them.

use std::path::Path;
use std::process::Command;

/// Whether python3 imports `modules`; skips (or fails in CI) if not.
fn importable(modules: &str) -> bool {
    let probe = Command::new("python3")
        .args(["-c", &format!("import {modules}")])
        .output();
    if matches!(&probe, Ok(output) if output.status.success()) {
        return true;
    }
    let why = match &probe {
        Ok(output) => String::from_utf8_lossy(&output.stderr).into_owned(),
        Err(error) => format!("cannot run python3: {error}"),
    };
    assert!(
        std::env::var_os("CI").is_none(),
        "python3 cannot import {modules} (scripts/test.sh installs them):\n{why}"
    );
    eprintln!("skipping: python3 cannot import {modules}");
    false
}

fn run_script(name: &str) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scripts")
        .join(name);
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

#[test]
fn futhark_server_drives_a_server_executable() {
    if importable("futhark_server, futhark_data, numpy") {
        run_script("futhark-server-client.py");
    }
}

#[test]
fn futhark_ffi_builds_and_calls_a_library() {
    if importable("futhark_ffi, cffi, numpy") {
        run_script("futhark-ffi-client.py");
    }
}

#[test]
fn futhark_dask_maps_entry_points_over_a_local_cluster() {
    if !importable("dask.array, distributed, futhark_ffi, cffi, numpy") {
        return;
    }
    let package = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../python/futhark-dask");
    // The package's source in this tree, not an installed copy; worker
    // processes inherit the environment.
    let output = Command::new("python3")
        .args(["-m", "unittest", "discover", "-s", "tests", "-v"])
        .current_dir(&package)
        .env("FUTC", env!("CARGO_BIN_EXE_futc"))
        .env("PYTHONPATH", &package)
        .output()
        .expect("python3 runs");
    assert!(
        output.status.success(),
        "the futhark_dask tests failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
