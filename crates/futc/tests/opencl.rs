//! `futc opencl`: executables whose parallel code runs as OpenCL kernels.
//! Every run of the corpus must pass as under the interpreter, through
//! the server (`futc test --backend opencl`); failures inside kernels
//! must have the interpreter's messages and backtraces, calls inside
//! kernels included; the device options must work, and without a device
//! `futc test` skips the runs, saying why. Where no OpenCL
//! device exists (no driver, or no PoCL), the tests say so and pass:
//! the test command installs PoCL, so CI always runs them.

mod support;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use support::{futc, futc_with_input, run_with_input, stderr, summary, temp_dir, write};

/// Compiles `source` with `futc opencl` into `dir/prog`.
fn compile(dir: &Path, source: &str) -> PathBuf {
    let file = write(dir, "prog.fut", source.as_bytes());
    let exe = dir.join("prog");
    let exe_arg = exe.to_string_lossy().into_owned();
    let output = futc(&["opencl", &file, "-o", &exe_arg]);
    assert!(output.status.success(), "{}", stderr(&output));
    exe
}

/// Whether an OpenCL device exists: a compiled program lists one (found
/// once for all tests).
fn device_exists() -> bool {
    static EXISTS: OnceLock<Result<(), String>> = OnceLock::new();
    let exists = EXISTS.get_or_init(|| {
        let dir = temp_dir("opencl-probe");
        let exe = compile(&dir, "entry main (x: i32) : i32 = x\n");
        let listed = run_with_input(&exe, &["--list-devices"], b"");
        if listed.status.success() {
            Ok(())
        } else {
            Err(stderr(&listed).trim_end().to_owned())
        }
    });
    if let Err(why) = exists {
        eprintln!("skipped: no OpenCL device ({why})");
    }
    exists.is_ok()
}

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn every_run_of_the_corpus_passes_in_opencl() {
    if !device_exists() {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/run");
    let root = root.to_string_lossy().into_owned();
    let output = futc(&["test", "--backend", "opencl", &root]);
    let (passed, failed, _) = summary(&output);
    assert_eq!(failed, 0, "{}", stderr(&output));
    assert!(passed >= 800, "only {passed} runs passed");
    assert!(output.status.success());
}

const FAILING: &str = "\
#[noinline]
def plus_one (xs: []i32) (i: i64) : i32 = xs[i] + 1

entry gather (xs: []i32) (is: []i64) : []i32 = map (\\i -> xs[i]) is
entry called (xs: []i32) (is: []i64) : []i32 = map (\\i -> plus_one xs i) is
entry divide (xs: []i32) (ds: []i32) : []i32 = map2 (/) xs ds
entry total (xs: []i32) (is: []i64) : i32 = reduce (+) 0 (map (\\i -> xs[i] * 2) is)
";

#[test]
fn failures_in_kernels_are_reported_as_the_interpreter_reports_them() {
    if !device_exists() {
        return;
    }
    let dir = temp_dir("opencl-failing");
    let exe = compile(&dir, FAILING);
    let file = dir.join("prog.fut").to_string_lossy().into_owned();
    for (entry, input) in [
        ("gather", "[1, 2, 3] [2, 0, 1]"),
        ("gather", "[1, 2, 3] [2, 5, 1]"),
        ("called", "[1, 2, 3] [0, 2]"),
        ("called", "[1, 2, 3] [0, -1]"),
        ("divide", "[1, 2, 3] [1, 2, 3]"),
        ("divide", "[1, 2, 3] [1, 0, 3]"),
        ("total", "[1, 2, 3] [0, 1, 2, 2]"),
        ("total", "[1, 2, 3] [0, 1, 3]"),
    ] {
        let ours = run_with_input(&exe, &["-e", entry], input.as_bytes());
        let interpreted = futc_with_input(&["run", "-e", entry, &file], input.as_bytes());
        assert_eq!(
            ours.status.code(),
            interpreted.status.code(),
            "{entry} {input}: {}",
            stderr(&ours)
        );
        assert_eq!(stdout(&ours), stdout(&interpreted), "{entry} {input}");
        if !ours.status.success() {
            // The interpreter prints the program's path where the
            // executable prints its own.
            assert_eq!(
                stderr(&ours).replace(&file, "prog.fut"),
                stderr(&interpreted).replace(&file, "prog.fut"),
                "{entry} {input}"
            );
        }
    }
}

#[test]
fn devices_are_listed_and_chosen_by_name() {
    if !device_exists() {
        return;
    }
    let dir = temp_dir("opencl-devices");
    let exe = compile(&dir, "entry main (xs: []i32) : []i32 = map (*2) xs\n");
    let listed = run_with_input(&exe, &["--list-devices"], b"");
    let first = stdout(&listed);
    let line = first.lines().next().expect("a device is listed");
    let (_, device) = line.split_once(": ").expect("`platform: device`");
    let chosen = run_with_input(&exe, &["-d", device], b"[1, 2]");
    assert!(chosen.status.success(), "{}", stderr(&chosen));
    assert_eq!(stdout(&chosen), "[2i32, 4i32]\n");
    let missing = run_with_input(&exe, &["-d", "no such device"], b"[1, 2]");
    assert_eq!(missing.status.code(), Some(1));
    assert_eq!(
        stderr(&missing),
        "Error: No OpenCL device named no such device found.\n"
    );
}

#[test]
fn without_a_device_the_test_runner_skips_the_runs_and_says_why() {
    // The ICD loader (ocl-icd, which the test command installs) finds no
    // driver in an empty vendor directory.
    let vendors = temp_dir("opencl-no-vendors");
    let program = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/run/memory/parallel_allocations.fut");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_futc"))
        .args(["test", "--backend", "opencl"])
        .arg(&program)
        .env("OCL_ICD_VENDORS", &vendors)
        .output()
        .expect("futc runs");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(summary(&output), (0, 0, 6));
    assert!(
        stderr(&output).starts_with("warning: no OpenCL device ("),
        "{}",
        stderr(&output)
    );
}

const DOUBLED_SUM: &str = "entry main (xs: []i32) : i32 = reduce (+) 0 (map (* 2) xs)\n";

/// Runs `exe` with `-D` and the cache file on `[1, 2, 3]`, checking the
/// result, and gives its debugging output.
fn run_with_cache(exe: &Path, cache: &str) -> String {
    let output = run_with_input(exe, &["-D", "--cache-file", cache], b"[1, 2, 3]");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "12i32\n");
    stderr(&output)
}

#[test]
fn the_kernel_binary_is_cached_and_a_bad_cache_is_rebuilt() {
    if !device_exists() {
        return;
    }
    let dir = temp_dir("opencl-cache");
    let exe = compile(&dir, DOUBLED_SUM);
    let cache = dir.join("kernels.cache");
    let _ = std::fs::remove_file(&cache);
    let cache_arg = cache.to_string_lossy().into_owned();
    let saved = format!("in the cache file {cache_arg}.");
    let loaded = "Loaded the kernels' binary";
    let first = run_with_cache(&exe, &cache_arg);
    assert!(first.contains(&saved) && !first.contains(loaded), "{first}");
    let second = run_with_cache(&exe, &cache_arg);
    assert!(
        second.contains(loaded) && !second.contains("Saved"),
        "{second}"
    );
    // A file that is not a cache, a truncated cache and the cache of
    // another program are each ignored and replaced.
    let whole = std::fs::read(&cache).expect("the cache file");
    let other = temp_dir("opencl-cache-other");
    let other_exe = compile(
        &other,
        "entry main (xs: []i32) : i32 = reduce (+) 0 (map (* 3) xs) - 6\n",
    );
    for bad in [b"not a cache".to_vec(), whole[..whole.len() - 1].to_vec()] {
        std::fs::write(&cache, bad).expect("write the cache");
        let rebuilt = run_with_cache(&exe, &cache_arg);
        assert!(
            rebuilt.contains("holds no kernels") && rebuilt.contains(&saved),
            "{rebuilt}"
        );
        assert!(run_with_cache(&exe, &cache_arg).contains(loaded));
    }
    let stale = run_with_cache(&other_exe, &cache_arg);
    assert!(
        stale.contains("holds no kernels") && stale.contains(&saved),
        "{stale}"
    );
    assert!(run_with_cache(&other_exe, &cache_arg).contains(loaded));
}

#[test]
fn kernels_are_dumped_and_loaded_from_files() {
    if !device_exists() {
        return;
    }
    let dir = temp_dir("opencl-dump");
    let exe = compile(&dir, DOUBLED_SUM);
    let dumped = dir.join("kernels.cl");
    let dumped_arg = dumped.to_string_lossy().into_owned();
    let output = run_with_input(&exe, &["--dump-opencl", &dumped_arg], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "");
    let source = std::fs::read_to_string(&dumped).expect("the dumped kernels");
    assert!(source.contains("__kernel"), "{source}");
    // The program runs the loaded kernels: tripling instead of doubling.
    let tripled = source.replace("((t_i32)2)", "((t_i32)3)");
    assert_ne!(tripled, source);
    let edited = dir.join("edited.cl");
    std::fs::write(&edited, tripled).expect("write the edited kernels");
    let edited_arg = edited.to_string_lossy().into_owned();
    let output = run_with_input(&exe, &["--load-opencl", &edited_arg], b"[1, 2, 3]");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "18i32\n");
    let missing = dir.join("missing.cl").to_string_lossy().into_owned();
    let output = run_with_input(&exe, &["--load-opencl", &missing], b"[1, 2, 3]");
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("Cannot read the OpenCL program"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn freed_device_blocks_are_reused_by_later_runs() {
    if !device_exists() {
        return;
    }
    let dir = temp_dir("opencl-free-list");
    let exe = compile(&dir, DOUBLED_SUM);
    let output = run_with_input(&exe, &["-D", "-r", "3"], b"[1, 2, 3]");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "12i32\n");
    let log = stderr(&output);
    // The first run allocates its blocks; the two others take them back.
    let runs: Vec<&str> = log.split("Running entry point `main`.").skip(1).collect();
    assert_eq!(runs.len(), 3, "{log}");
    assert!(runs[0].contains("Allocating a device block"), "{log}");
    for later in &runs[1..] {
        assert!(
            later.contains("Reusing a free device block") && !later.contains("Allocating"),
            "{log}"
        );
    }
}

#[test]
fn segmented_reductions_choose_their_kernels_by_a_threshold() {
    // Fewer segments than the threshold get work-groups each, more a
    // work-item each; both give the interpreter's results, for an
    // operator that is not commutative.
    if !device_exists() {
        return;
    }
    let dir = temp_dir("opencl-threshold");
    let exe = compile(
        &dir,
        "def compose (a1: i64, b1: i64) (a2: i64, b2: i64) = (a1 * a2, a2 * b1 + b2)\n\
         entry main (xss: [][]i64) = map (\\xs -> reduce compose (1, 0) (map (\\x -> (x % 3, x)) xs)) xss\n",
    );
    let params = run_with_input(&exe, &["--print-params"], b"");
    assert_eq!(stdout(&params), "main.suff_outer_par_0 (threshold)\n");
    let file = dir.join("prog.fut").to_string_lossy().into_owned();
    let rows: Vec<String> = (0..5)
        .map(|i| {
            let row: Vec<String> = (0..700)
                .map(|j| format!("{}i64", (i * 7 + j) % 11))
                .collect();
            format!("[{}]", row.join(", "))
        })
        .collect();
    let input = format!("[{}]", rows.join(", "));
    let interpreted = futc_with_input(&["run", &file], input.as_bytes());
    assert!(interpreted.status.success(), "{}", stderr(&interpreted));
    for threshold in ["1", "1000"] {
        let param = format!("main.suff_outer_par_0={threshold}");
        let ours = run_with_input(&exe, &["--param", &param], input.as_bytes());
        assert!(ours.status.success(), "{threshold}: {}", stderr(&ours));
        assert_eq!(stdout(&ours), stdout(&interpreted), "threshold {threshold}");
    }
}

#[test]
fn launch_sizes_are_set_by_options() {
    // Upstream's options for the work-group size and the number of
    // work-groups (and their older names): every kernel kind gives the
    // interpreter's results with small, odd and capped sizes, and a size
    // that is not a positive integer is refused.
    if !device_exists() {
        return;
    }
    let dir = temp_dir("opencl-launch-sizes");
    let exe = compile(
        &dir,
        "def compose (a1: i64, b1: i64) (a2: i64, b2: i64) = (a1 * a2, a2 * b1 + b2)\n\
         entry main (xs: []i64) =\n\
         (reduce compose (1, 0) (map (\\x -> (x % 3, x)) xs), i64.sum xs, scan (+) 0 xs,\n\
         hist (+) 0 7 (map (% 7) xs) xs, map (\\r -> i64.sum r) (unflatten (xs :> [500 * 10]i64)))\n",
    );
    let file = dir.join("prog.fut").to_string_lossy().into_owned();
    let values: Vec<String> = (0..5000)
        .map(|i| format!("{}i64", (i * 37) % 101))
        .collect();
    let input = format!("[{}]", values.join(", "));
    let interpreted = futc_with_input(&["run", &file], input.as_bytes());
    assert!(interpreted.status.success(), "{}", stderr(&interpreted));
    let settings: [&[&str]; 6] = [
        &["--default-thread-block-size", "7"],
        &["--default-group-size=1"],
        &["--default-grid-size", "3"],
        &["--default-num-groups=1", "--default-group-size", "33"],
        &["--default-group-size", "100000"],
        &["--default-num-groups", "5000"],
    ];
    for options in settings {
        let ours = run_with_input(&exe, options, input.as_bytes());
        assert!(ours.status.success(), "{options:?}: {}", stderr(&ours));
        assert_eq!(stdout(&ours), stdout(&interpreted), "{options:?}");
    }
    for bad in ["0", "-2", "many"] {
        let refused = run_with_input(&exe, &["--default-num-groups", bad], input.as_bytes());
        assert_eq!(refused.status.code(), Some(1), "{bad}");
        assert!(
            stderr(&refused).contains(&format!("Invalid number of work-groups `{bad}`")),
            "{}",
            stderr(&refused)
        );
    }
}

#[test]
fn element_code_between_kernels_runs_on_the_device() {
    // The loop's reduction result is written into arrays and used as an
    // index, and another's mean is taken by the next map; the host reads
    // none of them (a read waits for the kernels). The host still reads
    // what it needs itself: a loop's count here.
    let dir = temp_dir("opencl-element-code");
    compile(
        &dir,
        "entry main [n] (xs: [n]f32) (k: i64) =\n\
         \x20 loop (xs, at) = (copy xs, replicate k 0) for i < k do\n\
         \x20   let j = reduce i64.min n (map2 (\\x i -> if x < 0 then i else n) xs (iota n))\n\
         \x20   in (xs with [j] = 1, at with [i] = j)\n\
         entry count (xs: []i64) : i64 = let m = i64.sum xs in loop s = 0 for i < m do s + i\n\
         entry centre [n] (xs: [n]f32) (k: i64) =\n\
         \x20 loop xs for _i < k do let mean = f32.sum xs / f32.i64 n in map (\\x -> x - mean) xs\n",
    );
    let generated = std::fs::read_to_string(dir.join("prog.c")).expect("the generated C");
    let host_reads = generated.matches("fut_cl_read_i64(run,").count();
    assert_eq!(host_reads, 1, "only `count` reads its sum on the host");
    assert_eq!(generated.matches("fut_cl_read_f32(run,").count(), 0);
}

#[test]
fn matrix_products_load_tiles_into_local_memory() {
    // Both matrices of the product (the second one transposed, as its
    // columns) go through tiles of their element type; a loop whose
    // count differs from point to point does not.
    let dir = temp_dir("opencl-tiles");
    compile(
        &dir,
        "entry main [n][k][m] (a: [n][k]f32) (bt: [m][k]f32) =\n\
         \x20 map (\\row -> map (\\col -> f32.sum (map2 (*) row col)) bt) a\n\
         entry prefix_sums [n][m] (xs: [n][m]i64) =\n\
         \x20 tabulate_2d n m (\\i j -> loop s = 0 for l < j do s + xs[i, l])\n",
    );
    let generated = std::fs::read_to_string(dir.join("prog.c")).expect("the generated C");
    assert_eq!(generated.matches("__local t_f32 fut_tile_").count(), 2);
    assert_eq!(generated.matches("__local t_i64 fut_tile_").count(), 0);
}
