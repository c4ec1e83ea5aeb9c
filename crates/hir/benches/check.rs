//! Checking speed: a generated program of about 10,000 lines checked from
//! scratch, and re-checked after editing one definition's body (the
//! incremental path the language server takes on each keystroke). Run with
//! `cargo bench -p hir --bench check`.

use hir::prelude::add_prelude;
use hir::{FileSet, RootDatabase, SourceFile};
use salsa::Setter;
use std::collections::BTreeMap;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    // `CHECK_BENCH_PROGRAM=FILE` writes the program instead of measuring,
    // so that `scripts/bench-check.sh` can time `futc check` on it.
    if let Ok(path) = std::env::var("CHECK_BENCH_PROGRAM") {
        std::fs::write(&path, program(0)).expect("the program file can be written");
        return;
    }
    divan::main();
}

/// About 10,000 lines: 2,000 functions, each calling the previous one.
fn program(variant: u32) -> String {
    progen::chain_program(variant)
}

fn check_all(db: &RootDatabase, file_set: FileSet, file: SourceFile) -> usize {
    hir::diagnostics::file_diagnostics(db, file_set, file).len()
}

#[divan::bench(sample_count = 10)]
fn check_from_scratch(bencher: divan::Bencher) {
    let text = program(0);
    bencher.bench(|| {
        let mut db = RootDatabase::default();
        let file_set = FileSet::new(&db, BTreeMap::new());
        add_prelude(&mut db, file_set);
        let file = hir::files::add_file(&mut db, file_set, "/main.fut", text.clone());
        assert_eq!(check_all(&db, file_set, file), 0);
    });
}

#[divan::bench(sample_count = 20)]
fn recheck_after_body_edit(bencher: divan::Bencher) {
    let mut db = RootDatabase::default();
    let file_set = FileSet::new(&db, BTreeMap::new());
    add_prelude(&mut db, file_set);
    let file = hir::files::add_file(&mut db, file_set, "/main.fut", program(0));
    assert_eq!(check_all(&db, file_set, file), 0);
    let mut variant = 0;
    bencher.bench_local(|| {
        variant += 1;
        file.set_text(&mut db).to(program(variant));
        assert_eq!(check_all(&db, file_set, file), 0);
    });
}
