//! `futc c --library`, `futc multicore --library` and `futc opencl
//! --library` (where an OpenCL device exists): the C API and the
//! manifest. A C program (`c_api/library_client.c`) links the library
//! made from `c_api/library.fut` and exercises arrays, entry points,
//! records, sums, serialisation, consumption and errors; its output must
//! be `c_api/library_client.expected` with either backend. A second
//! client (`c_api/opencl_device_client.c` over `c_api/opencl_device.fut`)
//! checks what OpenCL adds: arrays stay in device memory between entry
//! points and freed device blocks are reused. The clients are compiled with
//! `$FUTC_TEST_CFLAGS` (see `support::test_cflags`), so the sanitizer job
//! also checks the library for leaks and undefined behaviour.

mod support;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use support::{futc, stderr, temp_dir, test_cflags};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/c_api")
        .join(name)
}

/// Builds the library of the fixture `source` into `dir/prog.*` with
/// the backend (`c`, `multicore` or `opencl`).
fn build_library(dir: &Path, backend: &str, source: &str) {
    let source = fixture(source);
    let base = dir.join("prog");
    let output = futc(&[
        backend,
        "--library",
        source.to_str().expect("UTF-8 path"),
        "-o",
        base.to_str().expect("UTF-8 path"),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        !dir.join("prog").exists(),
        "a library is not compiled into an executable"
    );
}

/// Compiles the client `c_api/NAME_client.c` with the library of the
/// backend made from `c_api/LIBRARY` and checks its output against
/// `c_api/NAME_client.expected`.
fn client_uses_the_library(backend: &str, library: &str, name: &str) {
    let dir = temp_dir(&format!("{backend}-{name}-api-client"));
    build_library(&dir, backend, library);
    let exe = dir.join("client");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_owned());
    let output = Command::new(&cc)
        .args(test_cflags().split_whitespace())
        .arg("-pthread")
        .arg("-I")
        .arg(&dir)
        .arg(fixture(&format!("{name}_client.c")))
        .arg(dir.join("prog.c"))
        .arg("-o")
        .arg(&exe)
        .arg("-lm")
        .arg("-ldl")
        .output()
        .expect("the C compiler runs");
    assert!(output.status.success(), "{}", stderr(&output));
    let run = Command::new(&exe).output().expect("the client runs");
    assert!(run.status.success(), "{}", stderr(&run));
    let expected = std::fs::read_to_string(fixture(&format!("{name}_client.expected")))
        .expect("expected output");
    assert_eq!(String::from_utf8_lossy(&run.stdout), expected);
    assert_eq!(stderr(&run), "", "no sanitizer report, no log");
}

#[test]
fn a_c_program_uses_the_library() {
    client_uses_the_library("c", "library.fut", "library");
}

#[test]
fn a_c_program_uses_the_multicore_library() {
    client_uses_the_library("multicore", "library.fut", "library");
}

#[test]
fn a_c_program_uses_the_opencl_library() {
    if !opencl_device_exists() {
        eprintln!("skipped: no OpenCL device");
        return;
    }
    client_uses_the_library("opencl", "library.fut", "library");
}

#[test]
fn freed_host_buffers_are_reused() {
    client_uses_the_library("c", "host_buffers.fut", "host_buffers");
}

#[test]
fn freed_host_buffers_are_reused_by_the_multicore_library() {
    client_uses_the_library("multicore", "host_buffers.fut", "host_buffers");
}

#[test]
fn opencl_arrays_stay_on_the_device_and_freed_blocks_are_reused() {
    if !opencl_device_exists() {
        eprintln!("skipped: no OpenCL device");
        return;
    }
    client_uses_the_library("opencl", "opencl_device.fut", "opencl_device");
}

/// Whether `clinfo`-like probing finds an OpenCL device: a compiled
/// program lists one. Probed once: tests run in parallel, and two probes
/// in one directory would delete each other's files.
fn opencl_device_exists() -> bool {
    static EXISTS: OnceLock<bool> = OnceLock::new();
    *EXISTS.get_or_init(|| {
        let dir = temp_dir("opencl-api-probe");
        let file = support::write(&dir, "probe.fut", b"entry main (x: i32) : i32 = x\n");
        let exe = dir.join("probe");
        let built = futc(&["opencl", &file, "-o", exe.to_str().expect("UTF-8 path")]);
        assert!(built.status.success(), "{}", stderr(&built));
        Command::new(&exe)
            .arg("--list-devices")
            .output()
            .is_ok_and(|output| output.status.success())
    })
}

#[test]
fn the_manifest_describes_entry_points_and_types() {
    let dir = temp_dir("c-api-manifest");
    build_library(&dir, "c", "library.fut");
    let text = std::fs::read_to_string(dir.join("prog.json")).expect("manifest");
    let manifest: Value = serde_json::from_str(&text).expect("the manifest is JSON");
    assert_eq!(manifest["backend"], "c");
    assert!(manifest["version"].is_string());
    let entries = &manifest["entry_points"];
    assert_eq!(entries["sum"]["cfun"], "futhark_entry_sum");
    assert_eq!(
        entries["sum"]["inputs"],
        serde_json::json!([{"name": "xs", "type": "[]i32", "unique": false}])
    );
    assert_eq!(
        entries["split"]["outputs"],
        serde_json::json!([{"type": "i32", "unique": false}, {"type": "[]i32", "unique": false}])
    );
    assert_eq!(entries["set0"]["inputs"][0]["unique"], true);
    assert_eq!(entries["set0"]["outputs"][0]["unique"], true);
    assert_eq!(entries["mk"]["outputs"][0]["type"], "pair");
    assert_eq!(entries["area"]["tuning_params"], serde_json::json!([]));
    let types = &manifest["types"];
    assert_eq!(
        types["[][]i32"],
        serde_json::json!({
            "kind": "array",
            "ctype": "struct futhark_i32_2d *",
            "rank": 2,
            "elemtype": "i32",
            "ops": {
                "free": "futhark_free_i32_2d",
                "shape": "futhark_shape_i32_2d",
                "values": "futhark_values_i32_2d",
                "values_raw": "futhark_values_raw_i32_2d",
                "new": "futhark_new_i32_2d",
                "new_raw": "futhark_new_raw_i32_2d",
                "index": "futhark_index_i32_2d",
            }
        })
    );
    assert_eq!(types["pair"]["kind"], "opaque");
    assert_eq!(types["pair"]["ctype"], "struct futhark_opaque_pair *");
    assert_eq!(types["pair"]["ops"]["store"], "futhark_store_opaque_pair");
    assert_eq!(
        types["pair"]["record"],
        serde_json::json!({
            "new": "futhark_new_opaque_pair",
            "fields": [
                {"name": "a", "type": "i32", "project": "futhark_project_opaque_pair_a"},
                {"name": "b", "type": "[]f32", "project": "futhark_project_opaque_pair_b"},
            ]
        })
    );
    assert_eq!(
        types["shape"]["sum"],
        serde_json::json!({
            "variant": "futhark_variant_opaque_shape",
            "variants": [
                {"construct": "futhark_new_opaque_shape_circle", "destruct": "futhark_destruct_opaque_shape_circle", "payload": ["f64"]},
                {"construct": "futhark_new_opaque_shape_rect", "destruct": "futhark_destruct_opaque_shape_rect", "payload": ["f64", "f64"]},
            ]
        })
    );
    assert!(types.get("i32").is_none(), "scalars are not listed");
    let header = std::fs::read_to_string(dir.join("prog.h")).expect("header");
    for declaration in [
        "struct futhark_context *futhark_context_new(struct futhark_context_config *cfg);",
        "char *futhark_context_get_error(struct futhark_context *ctx);",
        "int futhark_entry_split(struct futhark_context *ctx, int32_t *out0, struct futhark_i32_1d **out1, const int32_t in0);",
        "int futhark_destruct_opaque_shape_rect(struct futhark_context *ctx, double *v0, double *v1, const struct futhark_opaque_shape *obj);",
    ] {
        assert!(header.contains(declaration), "{declaration}\n{header}");
    }
    assert!(!header.contains("num_threads"), "{header}");
    let dir = temp_dir("multicore-api-manifest");
    build_library(&dir, "multicore", "library.fut");
    let text = std::fs::read_to_string(dir.join("prog.json")).expect("manifest");
    let manifest: Value = serde_json::from_str(&text).expect("the manifest is JSON");
    assert_eq!(manifest["backend"], "multicore");
    let header = std::fs::read_to_string(dir.join("prog.h")).expect("header");
    assert!(
        header.contains("#define FUTHARK_BACKEND_multicore"),
        "{header}"
    );
    assert!(
        header.contains(
            "void futhark_context_config_set_num_threads(struct futhark_context_config *cfg, int n);"
        ),
        "{header}"
    );
}

#[test]
fn opaque_types_without_a_written_name_get_identifiers() {
    let dir = temp_dir("c-api-names");
    let source = support::write(
        &dir,
        "names.fut",
        b"entry pack (x: i32) (y: f32) : {x: i32, y: f32} = {x, y}\n\
          entry unpack (p: {x: i32, y: f32}) : (f32, i32) = (p.y, p.x)\n",
    );
    let base = dir.join("names");
    let output = futc(&[
        "c",
        "--library",
        &source,
        "-o",
        base.to_str().expect("UTF-8 path"),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("names.json")).expect("manifest"))
            .expect("JSON");
    let record = &manifest["types"]["{x: i32, y: f32}"];
    let ctype = record["ctype"].as_str().expect("a C type");
    let name = ctype
        .strip_prefix("struct futhark_opaque_")
        .and_then(|rest| rest.strip_suffix(" *"))
        .expect("an opaque struct");
    assert!(
        name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'),
        "{name}"
    );
    assert_eq!(
        manifest["entry_points"]["unpack"]["inputs"][0]["type"],
        "{x: i32, y: f32}"
    );
    assert_eq!(
        record["record"]["new"],
        format!("futhark_new_opaque_{name}")
    );
}
