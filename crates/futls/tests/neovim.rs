//! `futls` under a second real client: headless Neovim (0.7 from Debian;
//! the test command installs it) runs `editors/neovim/test/e2e.lua` with
//! the plugin in `editors/neovim`, against the `futls` just built. Without
//! `nvim` the test says so and passes, except in CI (`CI` set), where it
//! must run.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long Neovim may take for the whole script.
const LIMIT: Duration = Duration::from_secs(120);

const MAIN: &str = "import \"lib\"
def double (x: i32) = x * 2
def main (xs: *[]i32) =
  let ys = xs with [0] = double (helper 1)
  in xs[0] + ys[0]
def use (zs: []i32) = map double zs
";

#[test]
fn neovim_drives_futls() {
    if Command::new("nvim").arg("--version").output().is_err() {
        assert!(
            std::env::var_os("CI").is_none(),
            "nvim is missing in CI: the test command installs it"
        );
        eprintln!("skipped: no nvim on the PATH (apt-get install neovim)");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let workspace = std::env::temp_dir().join(format!("futls-neovim-{}", std::process::id()));
    std::fs::create_dir_all(&workspace).expect("workspace");
    std::fs::write(workspace.join("main.fut"), MAIN).expect("main.fut");
    std::fs::write(workspace.join("lib.fut"), "def helper (x: i32) = x\n").expect("lib.fut");
    let result = workspace.join("result.txt");
    let mut nvim = Command::new("nvim")
        .args(["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c"])
        .arg(format!(
            "luafile {}",
            root.join("editors/neovim/test/e2e.lua").display()
        ))
        .env("WORKSPACE", &workspace)
        .env("RESULT", &result)
        .env("FUTLS", env!("CARGO_BIN_EXE_futls"))
        .env("PLUGIN", root.join("editors/neovim"))
        .env("XDG_STATE_HOME", &workspace)
        .env("XDG_DATA_HOME", &workspace)
        .env("XDG_CACHE_HOME", &workspace)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("nvim starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = nvim.try_wait().expect("nvim runs") {
            break Some(status);
        }
        if started.elapsed() > LIMIT {
            let _ = nvim.kill();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let report = std::fs::read_to_string(&result).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&workspace);
    assert_eq!(
        status.map(|s| s.code()),
        Some(Some(0)),
        "Neovim's run (killed after {LIMIT:?} if no status):\n{report}"
    );
    assert!(
        !report.contains("FAILED") && report.lines().count() >= 10,
        "{report}"
    );
}
