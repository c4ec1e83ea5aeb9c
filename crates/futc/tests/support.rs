//! Helpers shared by the command-line tests. Each test binary uses only
//! some of them.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn futc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_futc"))
        .args(args)
        .output()
        .expect("futc runs")
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

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}
