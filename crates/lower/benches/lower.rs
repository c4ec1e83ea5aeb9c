//! Lowering speed: the generated 10,000-line program of the checking
//! benchmark (`hir`'s `check`: 2,000 definitions, each calling the
//! previous one), with an entry point calling the last, lowered to core
//! IR from scratch and again after editing one definition's body (what
//! the language server and `futc watch` do on each edit). Run with
//! `cargo bench -p lower --bench lower`.

use hir::prelude::add_prelude;
use hir::{FileSet, RootDatabase, SourceFile};
use salsa::Setter;
use std::collections::BTreeMap;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    // `LOWER_BENCH_PROGRAM=FILE` writes the program instead of measuring,
    // so that the optimisation of the same program can be timed with
    // `futc dev`.
    if let Ok(path) = std::env::var("LOWER_BENCH_PROGRAM") {
        std::fs::write(&path, program(0)).expect("the program file can be written");
        return;
    }
    // Lowering a chain of 2,000 calls nests 2,000 queries, as `futc` does
    // on its own large stack.
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(divan::main)
        .expect("the benchmark thread starts")
        .join()
        .expect("the benchmarks run");
}

/// About 10,000 lines: 2,000 functions, each calling the previous one
/// (as in `hir`'s checking benchmark), and an entry point.
fn program(variant: u32) -> String {
    progen::chain_program(variant) + progen::CHAIN_ENTRY
}

fn load(db: &mut RootDatabase, text: String) -> (FileSet, SourceFile) {
    let file_set = FileSet::new(db, BTreeMap::new());
    add_prelude(db, file_set);
    let file = hir::files::add_file(db, file_set, "/main.fut", text);
    (file_set, file)
}

/// Checks and lowers the program; the number of IR functions.
fn check_and_lower(db: &RootDatabase, file_set: FileSet, file: SourceFile) -> usize {
    assert!(hir::diagnostics::file_diagnostics(db, file_set, file).is_empty());
    let program = lower::lower_program(db, file_set, file, None).expect("the program lowers");
    program.functions.len()
}

#[divan::bench(sample_count = 10)]
fn lower_from_scratch(bencher: divan::Bencher) {
    bencher.bench(|| {
        let mut db = RootDatabase::default();
        let (file_set, file) = load(&mut db, program(0));
        check_and_lower(&db, file_set, file)
    });
}

#[divan::bench(sample_count = 20)]
fn lower_after_body_edit(bencher: divan::Bencher) {
    let mut db = RootDatabase::default();
    let (file_set, file) = load(&mut db, program(0));
    check_and_lower(&db, file_set, file);
    let mut variant = 0;
    bencher.bench_local(|| {
        variant += 1;
        file.set_text(&mut db).to(program(variant));
        check_and_lower(&db, file_set, file)
    });
}

#[divan::bench(sample_count = 20)]
fn scratch_link_only(bencher: divan::Bencher) {
    let mut db = RootDatabase::default();
    let (file_set, file) = load(&mut db, program(0));
    check_and_lower(&db, file_set, file);
    bencher.bench_local(|| check_and_lower(&db, file_set, file));
}
