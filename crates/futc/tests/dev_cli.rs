//! `futc dev` (pipelines, passes, printing, metrics) and the `structure`
//! blocks `futc test` checks with the same metrics.

mod support;

use std::collections::BTreeMap;
use support::{futc, stderr, temp_dir, write};

/// A map whose result only a reduction uses: two SOACs when lowered,
/// one once fused.
const MAP_REDUCE: &[u8] = b"def main (xs: []i32) = reduce (+) 0 (map (* 2) xs)\n";

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// `futc dev ARGS... FILE`, which must succeed: its standard output.
fn dev(args: &[&str], file: &str) -> String {
    let mut all = vec!["dev"];
    all.extend_from_slice(args);
    all.push(file);
    let output = futc(&all);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    stdout(&output)
}

/// The metrics `futc dev --metrics` prints, which must be one JSON
/// object of counts.
fn metrics(args: &[&str], file: &str) -> BTreeMap<String, u64> {
    let mut all = vec!["--metrics"];
    all.extend_from_slice(args);
    let text = dev(&all, file);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("not a JSON object ({e}): {text}"))
}

#[test]
fn metrics_are_a_json_object_with_sorted_keys() {
    let dir = temp_dir("dev-metrics");
    let file = write(&dir, "main.fut", MAP_REDUCE);
    assert_eq!(
        dev(&["--metrics"], &file),
        "{\"/Screma\": 1, \"/Screma/BasicOp\": 2, \"/Screma/BinOp\": 2, \"BasicOp\": 2, \
         \"BinOp\": 2, \"Screma\": 1, \"Screma/BasicOp\": 2, \"Screma/BinOp\": 2}\n"
    );
    // The default pipeline is `soacs`, also when named.
    assert_eq!(
        dev(&["--metrics", "--pipeline", "soacs"], &file),
        dev(&["--metrics"], &file)
    );
}

#[test]
fn the_sequential_and_multicore_pipelines_lower_the_soacs() {
    let dir = temp_dir("dev-levels");
    let file = write(
        &dir,
        "main.fut",
        b"def main (xss: [][]i32) = map (\\xs -> reduce (+) 0 xs) xss |> scan (+) 0\n",
    );
    // The map is fused into the scan, which holds the reduction.
    let soacs = metrics(&[], &file);
    assert_eq!((soacs["/Screma"], soacs["/Screma/Screma"]), (1, 1));
    // Sequential: loops only, the scan's loop holding the reduction's.
    let seq = metrics(&["--pipeline", "seq"], &file);
    assert_eq!(seq.get("Screma"), None);
    assert_eq!((seq["/Loop"], seq["/Loop/Loop"]), (1, 1));
    // Multicore: the scan is parallel, the reduction inside it a loop
    // run by the thread computing its row.
    let mc = metrics(&["--pipeline", "mc"], &file);
    assert_eq!((mc.get("Screma"), mc["/SegScan"]), (None, 1));
    assert_eq!((mc["/SegScan/Loop"], mc["Loop"]), (1, 1));
    let ir = dev(&["--pipeline", "mc"], &file);
    assert!(ir.contains("segscan(gtid_"), "{ir}");
    // With memory: the scan's result gets a block; the row each thread
    // reduces is a view of the argument's.
    let mc_mem = metrics(&["--pipeline", "mc-mem"], &file);
    assert_eq!((mc_mem["/Alloc"], mc_mem["/SegScan"]), (1, 1));
    let ir = dev(&["--pipeline", "mc-mem"], &file);
    assert!(
        ir.contains("= alloc(") && ir.contains("@ mem_param_"),
        "{ir}"
    );
    let seq_mem = metrics(&["--pipeline", "seq-mem"], &file);
    assert_eq!(seq_mem["/Alloc"], 1);
    // Fusion is a SOACS pass: after extraction it does not apply.
    let output = futc(&[
        "dev",
        "--pass",
        "extract-multicore",
        "--pass",
        "fuse",
        &file,
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("the fuse pass does not apply to a program at the mc level"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn stop_after_names_lowering_a_pass_or_a_position() {
    let dir = temp_dir("dev-stop-after");
    let file = write(&dir, "main.fut", MAP_REDUCE);
    let lowered = metrics(&["--stop-after", "lower"], &file);
    assert_eq!(lowered["Screma"], 2);
    // Lowering calls the function the entry point wraps.
    assert_eq!(lowered["Apply"], 1);
    let inlined = metrics(&["--stop-after", "inline"], &file);
    assert_eq!((inlined["Screma"], inlined.get("Apply")), (2, None));
    // The pipeline's fourth pass is its first fusion.
    assert_eq!(metrics(&["--stop-after", "3"], &file)["Screma"], 2);
    assert_eq!(metrics(&["--stop-after", "4"], &file)["Screma"], 1);
    assert_eq!(
        metrics(&["--stop-after", "fuse"], &file),
        metrics(&["--stop-after", "4"], &file)
    );
}

#[test]
fn passes_run_exactly_as_named_in_order() {
    let dir = temp_dir("dev-passes");
    let file = write(&dir, "main.fut", MAP_REDUCE);
    let fused = metrics(&["--pass", "inline", "--pass", "fuse"], &file);
    assert_eq!(fused["Screma"], 1);
    // Without simplification the size checks of the calls stay.
    assert_eq!(fused["Assert"], 2);
    let simplified = metrics(
        &["--pass", "inline", "--pass", "simplify", "--pass", "fuse"],
        &file,
    );
    assert_eq!((simplified["Screma"], simplified.get("Assert")), (1, None));
    // Without inlining, the entry point still calls the function.
    let uninlined = metrics(&["--pass", "fuse"], &file);
    assert_eq!((uninlined["Screma"], uninlined["Apply"]), (1, 1));
    // The function, called once, is moved into the entry point: no
    // variable is made for its copy.
    let ir = dev(&["--pass", "inline"], &file);
    assert!(
        ir.starts_with(
            "level soacs\nvariables 15\nentry main = main (xs: []i32) : (i32)\nfun main ("
        ),
        "{ir}"
    );
    assert_eq!(ir.matches("screma(").count(), 2, "{ir}");
    assert_eq!(ir.matches("fun ").count(), 1, "{ir}");
}

#[test]
fn print_after_each_heads_every_stage_with_its_name() {
    let dir = temp_dir("dev-print-after-each");
    let file = write(&dir, "main.fut", MAP_REDUCE);
    let text = dev(
        &["--print-after-each", "--pass", "inline", "--pass", "fuse"],
        &file,
    );
    let headers: Vec<&str> = text.lines().filter(|l| l.starts_with("-- ")).collect();
    assert_eq!(
        headers,
        ["-- lower", "-- pass 1: inline", "-- pass 2: fuse"]
    );
    let stages: Vec<&str> = text.split("-- ").skip(1).collect();
    assert_eq!(stages[0].matches("fun ").count(), 2, "{text}");
    assert_eq!(stages[1].matches("fun ").count(), 1, "{text}");
    assert_eq!(stages[2].matches("screma(").count(), 1, "{text}");
    let all = dev(&["--print-after-each", "--metrics"], &file);
    let lines: Vec<&str> = all.lines().collect();
    assert_eq!(lines.len(), 2 * 8, "{all}");
    assert_eq!(lines[14], "-- pass 7: simplify");
    assert_eq!(lines[15], dev(&["--metrics"], &file).trim_end());
    let stopped = dev(&["--print-after-each", "--stop-after", "lower"], &file);
    assert_eq!(stopped.lines().filter(|l| l.starts_with("-- ")).count(), 1);
}

#[test]
fn bad_options_are_errors_before_compiling() {
    let dir = temp_dir("dev-errors");
    let file = write(&dir, "main.fut", MAP_REDUCE);
    let missing = dir.join("missing.fut");
    let missing = missing.to_str().expect("UTF-8 path");
    let cases: &[(&[&str], &str)] = &[
        (
            &["--pass", "inline", "--stop-after", "fuse"],
            "error: --stop-after fuse: that pass is not run (the passes run are: inline)",
        ),
        (
            &["--stop-after", "8"],
            "error: --stop-after 8: the passes run are numbered from 1 to 7 (inline, simplify, \
             simplify, fuse, simplify, fuse, simplify)",
        ),
        (
            &["--stop-after", "0"],
            "error: --stop-after 0: the passes run are numbered from 1 to 7",
        ),
        (
            &["--stop-after", "tile"],
            "error: --stop-after tile: expected `lower`, a pass (inline, simplify, fuse, first-order, extract-multicore, extract-kernels, migrate, explicit-allocations, coalesce-memory, reuse-memory) or a \
             pass's position",
        ),
    ];
    for (args, message) in cases {
        for file in [file.as_str(), missing] {
            let mut all = vec!["dev"];
            all.extend_from_slice(args);
            all.push(file);
            let output = futc(&all);
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            assert!(output.stdout.is_empty(), "{args:?}");
            assert!(
                stderr(&output).starts_with(message),
                "{args:?}: {}",
                stderr(&output)
            );
        }
    }
    // Pass names and pipelines are checked by the argument parser.
    let output = futc(&["dev", "--pass", "tile", &file]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output)
            .contains("[possible values: inline, simplify, fuse, first-order, extract-multicore, extract-kernels, migrate, explicit-allocations, coalesce-memory, reuse-memory]"),
        "{}",
        stderr(&output)
    );
    let output = futc(&["dev", "--pipeline", "soacs", "--pass", "fuse", &file]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("cannot be used with"),
        "{}",
        stderr(&output)
    );
    // `futc ir` is gone.
    let output = futc(&["ir", &file]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("unrecognized subcommand 'ir'"));
}

#[test]
fn a_program_that_does_not_compile_prints_nothing() {
    let dir = temp_dir("dev-type-error");
    let file = write(&dir, "main.fut", b"def main (x: i32) = x + true\n");
    for args in [&["--metrics"][..], &["--print-after-each"]] {
        let mut all = vec!["dev"];
        all.extend_from_slice(args);
        all.push(&file);
        let output = futc(&all);
        assert_eq!(output.status.code(), Some(2));
        assert!(output.stdout.is_empty());
        assert!(
            stderr(&output).contains("main.fut:1:"),
            "{}",
            stderr(&output)
        );
    }
}

#[test]
fn futc_test_checks_structure_blocks_of_the_pipelines_there_are() {
    let dir = temp_dir("dev-structure");
    let passing = write(
        &dir,
        "passing.fut",
        b"-- ==\n-- input { [1, 2, 3] } output { 12 }\n\
          -- structure { Screma 1 /Screma/BinOp 2 Loop 0 }\n\
          -- structure mc-mem { /SegRed 1 Alloc 0 }\n\
          -- structure gpu { SegRed 1 }\n\
          -- structure internalised { Screma 1 }\n\
          def main (xs: []i32) = reduce (+) 0 (map (* 2) xs)\n",
    );
    let output = futc(&["test", &passing]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // The run and the structure blocks pass; the internalised block is
    // skipped.
    assert_eq!(
        stdout(&output),
        "1 program                   passed  failed  skipped\n  \
         runs                           1       0        0\n  \
         structure blocks               3       0        1\n\
         4 passed, 0 failed, 1 skipped\n"
    );
    let failing = write(
        &dir,
        "failing.fut",
        b"-- ==\n-- structure { Screma 2 BinOp 2 Loop/Screma 1 }\n\
          -- structure gpu-mem { SegMap 1 }\n\
          def main (xs: []i32) = reduce (+) 0 (map (* 2) xs)\n",
    );
    let output = futc(&["test", &failing]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "1 program                   passed  failed  skipped\n  \
         structure blocks               0       2        0\n\
         0 passed, 2 failed, 0 skipped\n"
    );
    assert!(
        stderr(&output).contains(
            "  structure test at line 2:\n    \
             Loop/Screma: expected 1, found 0\n    Screma: expected 2, found 1\n"
        ),
        "{}",
        stderr(&output)
    );
    assert!(
        stderr(&output).contains("  structure test at line 3:\n    SegMap: expected 1, found 0\n"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn imp_prints_the_imperative_code_of_a_memory_level() {
    let dir = temp_dir("dev-imp");
    let file = write(
        &dir,
        "main.fut",
        b"def main (xs: []i32) (i: i64) = (reduce (+) 0 (map (* 2) xs), xs[i])\n",
    );
    let seq = dev(&["--pipeline", "seq-mem", "--imp"], &file);
    assert!(seq.starts_with("fun main("), "{seq}");
    assert!(seq.contains("for ") && !seq.contains("parallel"), "{seq}");
    // Indexing checks its bounds with the interpreter's message.
    assert!(seq.contains("out of bounds for array of shape [{"), "{seq}");
    let mc = dev(&["--pipeline", "mc-mem", "--imp"], &file);
    assert!(
        mc.contains("= chunks(") && mc.contains("parallel ("),
        "{mc}"
    );
    // The partial results are combined in chunk order after the task.
    assert!(mc.contains("partials_"), "{mc}");
    let output = futc(&["dev", "--imp", &file]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("--imp needs a program at a memory level"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn migrate_puts_sequential_loops_over_arrays_in_one_point_segmaps() {
    // The first loop reads and writes elements: it moves into a `SegMap`
    // of one point. The second only counts, and the third runs a map (a
    // `SegMap` of its own) in its body: they stay.
    let dir = temp_dir("dev-migrate");
    let file = write(
        &dir,
        "main.fut",
        b"def main [n] (xs: *[n]i32) (k: i32) =\n  \
          let xs = loop xs for i < n - 1 do xs with [i + 1] = xs[i] + xs[i + 1]\n  \
          let c = loop c = 0 for i < k do c + i\n  \
          let ys = loop ys = xs for _i < k do map (+ 1) ys\n  \
          in (xs, c, ys)\n",
    );
    let mut passes = Vec::new();
    for pass in [
        "inline",
        "simplify",
        "fuse",
        "simplify",
        "extract-multicore",
        "simplify",
    ] {
        passes.extend(["--pass", pass]);
    }
    let before = metrics(&passes, &file);
    assert_eq!((before["Loop"], before["SegMap"]), (3, 1), "{before:?}");
    passes.extend(["--pass", "migrate"]);
    let after = metrics(&passes, &file);
    assert_eq!(
        (after["Loop"], after["SegMap"], after["/SegMap/Loop"]),
        (3, 2, 1),
        "{after:?}"
    );
    assert_eq!(after["/Loop/SegMap"], 1, "{after:?}");
}

#[test]
fn indices_counted_below_the_dimension_need_no_bounds_check() {
    // `xs[i]` in a map over `xs` and in a loop up to its length is within
    // bounds by construction; `xs[i + 1]` and `ys[j]` (another array of
    // unknown length) are checked, in both pipelines.
    let dir = temp_dir("dev-imp-counted");
    let file = write(
        &dir,
        "main.fut",
        b"def main [n] (xs: [n]i32) (ys: []i32) =\n  \
          let a = map (\\i -> xs[i] + 1) (iota n)\n  \
          let b = loop s = 0 for j < n do s + xs[j] + ys[j]\n  \
          let c = loop s = 0 for i < n - 1 do s + xs[i + 1]\n  \
          in (a, b, c)\n",
    );
    for pipeline in ["seq-mem", "mc-mem"] {
        let imp = dev(&["--pipeline", pipeline, "--imp"], &file);
        let checked_indices: Vec<&str> = imp
            .lines()
            .filter(|line| line.contains("out of bounds for array of shape"))
            .collect();
        assert_eq!(checked_indices.len(), 2, "{pipeline}:\n{imp}");
    }
}

#[test]
fn reductions_and_scans_for_devices_are_work_group_operations() {
    // For OpenCL, a reduction and a scan outside parallel code are one
    // operation each (a sum's operator is commutative, the composition of
    // affine functions is not); the multicore back end splits them into
    // parallel tasks over chunks. A reduction inside a map is a segmented
    // one: one operation where the segments are fewer than a threshold, a
    // loop per segment otherwise.
    let dir = temp_dir("dev-imp-device");
    // Each program, with how many commutative reductions, other
    // reductions and scans its device code has.
    type Counts = (usize, usize, usize);
    let programs: [(&str, &[u8], Counts); 2] = [
        (
            "sum.fut",
            b"def main (xs: []i32) (m: [][]i32) = (reduce (+) 0 xs, map (\\r -> reduce (+) 0 r) m)\n",
            (2, 0, 0),
        ),
        (
            "affine.fut",
            b"def compose (a1: i32, b1: i32) (a2: i32, b2: i32) = (a1 * a2, a2 * b1 + b2)\n\
              def main (xs: []i32) = (reduce compose (1, 0) (zip xs xs), scan (+) 0 xs)\n",
            (0, 1, 1),
        ),
    ];
    for (name, source, expected) in programs {
        let file = write(&dir, name, source);
        let device = dev(&["--pipeline", "device-mem", "--imp"], &file);
        let heads: Vec<&str> = device.lines().map(str::trim).collect();
        let count = |prefix: &str| heads.iter().filter(|h| h.starts_with(prefix)).count();
        assert_eq!(
            (count("reduce comm ("), count("reduce ("), count("scan (")),
            expected,
            "{name}:\n{device}"
        );
        let multicore = dev(&["--pipeline", "mc-mem", "--imp"], &file);
        assert!(
            !multicore
                .lines()
                .map(str::trim)
                .any(|line| line.starts_with("reduce") || line.starts_with("scan")),
            "{name}:\n{multicore}"
        );
    }
}

#[test]
fn a_loop_that_gives_back_its_block_sets_no_block_variable() {
    // Every iteration returns the array it got, updated in place or not:
    // the loop's block is the one allocated before it, so nothing in the
    // loop counts references (which made a histogram 30 times slower).
    let dir = temp_dir("dev-imp-same-block");
    let file = write(
        &dir,
        "main.fut",
        b"def main (xs: []i32) : [4]i32 =\n  \
          loop acc = replicate 4 0 for x in xs do\n    \
          if x >= 0 && x < 4 then acc with [x] = acc[x] + 1 else acc\n",
    );
    let seq = dev(&["--pipeline", "seq-mem", "--imp"], &file);
    let block_sets: Vec<&str> = seq
        .lines()
        .map(str::trim)
        .filter(|line| {
            line.split_once(" = ")
                .is_some_and(|(_, value)| value.starts_with("mem_") && !value.contains('['))
        })
        .collect();
    // Only the result is set, after the loop.
    assert!(
        block_sets.len() == 1 && block_sets[0].starts_with("ret_mem_"),
        "{seq}"
    );
}

/// `futc dev ARGS... FILE`, which must fail with exit code 2: its
/// standard error.
fn dev_error(args: &[&str], file: &str) -> String {
    let mut all = vec!["dev"];
    all.extend_from_slice(args);
    all.push(file);
    let output = futc(&all);
    assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
    assert!(output.stdout.is_empty());
    stderr(&output)
}

#[test]
fn printed_ir_goes_on_through_the_pipeline_from_its_level() {
    let dir = temp_dir("dev-ir-input");
    let file = write(
        &dir,
        "main.fut",
        b"def main (xss: [][]i32) = map (\\xs -> reduce (+) 0 xs) xss |> scan (+) 0\n",
    );
    // The lowered program, written out and read back, goes through each
    // pipeline as the source does: the same passes, the same variables.
    let lowered = write(
        &dir,
        "lowered.ir",
        dev(&["--stop-after", "lower"], &file).as_bytes(),
    );
    for pipeline in ["soacs", "seq", "mc"] {
        assert_eq!(
            dev(&["--pipeline", pipeline], &lowered),
            dev(&["--pipeline", pipeline], &file),
            "{pipeline}"
        );
    }
    assert_eq!(
        dev(
            &["--metrics", "--pass", "inline", "--pass", "fuse"],
            &lowered
        ),
        dev(&["--metrics", "--pass", "inline", "--pass", "fuse"], &file)
    );
    // A sequential program goes on with the sequential pipeline's passes
    // after the first-order transform.
    let seq = write(
        &dir,
        "seq.ir",
        dev(&["--pipeline", "seq", "--stop-after", "first-order"], &file).as_bytes(),
    );
    let text = dev(&["--print-after-each"], &seq);
    let headers: Vec<&str> = text.lines().filter(|l| l.starts_with("-- ")).collect();
    assert_eq!(headers, ["-- parse", "-- pass 1: simplify"]);
    assert_eq!(dev(&[], &seq), dev(&["--pipeline", "seq"], &file));
    assert_eq!(
        dev_error(&["--pipeline", "mc"], &seq),
        "error: the `mc` pipeline does not apply to a program at the seq level \
         (the `seq` pipeline does)\n"
    );
    assert_eq!(
        dev_error(&["--pass", "fuse"], &seq),
        "the fuse pass does not apply to a program at the seq level\n"
    );
    assert!(
        dev_error(&["--stop-after", "lower"], &seq)
            .starts_with("error: --stop-after lower: expected `parse`, a pass"),
    );
}

#[test]
fn passes_run_on_hand_written_ir() {
    let dir = temp_dir("dev-ir-hand-written");
    let file = write(
        &dir,
        "prog.ir",
        b"-- (2 + 3) * x, and a dead subtraction\n\
          level soacs\n\
          entry main = f (x: i32) : (i32)\n\
          fun f (x_0: i32): (i32) = {\n  \
            let (five_1: i32) = Add(2i32, 3i32)\n  \
            let (dead_2: i32) = Sub(x_0, 1i32)\n  \
            let (y_3: i32) = Mul(five_1, x_0) @ prog.fut:1:2-9\n  \
            in (y_3)\n\
          }\n",
    );
    assert_eq!(
        dev(&["--pass", "simplify"], &file),
        "level soacs\n\
         variables 4\n\
         entry main = f (x: i32) : (i32)\n\
         fun f (x_0: i32): (i32) = {\n  \
           let (y_3: i32) = Mul(5i32, x_0) @ prog.fut:1:2-9\n  \
           in (y_3)\n\
         }\n"
    );
}

#[test]
fn bad_ir_is_a_located_error() {
    let dir = temp_dir("dev-ir-errors");
    let cases: &[(&[u8], &str)] = &[
        (
            b"level soacs\nfun f (x_0: i32): (i32) = {\n  in (x_0\n}\n",
            "bad.ir:4:1: expected `,` or `)`, found `}`\n",
        ),
        (
            b"level gpu\n",
            "bad.ir:1:7: unknown level `gpu`; the levels are soacs, seq, mc, seq-mem, mc-mem\n",
        ),
        (
            b"level soacs\nfun f (x_0: i32): (i64) = {\n  in (x_0)\n}\n",
            "bad.ir: ill-typed program, in `f`: function result: expected [Prim(I64)], found [Prim(I32)]\n",
        ),
    ];
    for (text, message) in cases {
        let file = write(&dir, "bad.ir", text);
        let error = dev_error(&[], &file);
        let error = error.replace(&format!("{}/", dir.display()), "");
        assert_eq!(error, *message);
    }
    let missing = dir.join("missing.ir");
    assert!(
        dev_error(&[], missing.to_str().expect("UTF-8 path")).starts_with("error: cannot read"),
    );
}
