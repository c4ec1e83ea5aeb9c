//! Parser throughput: lexing, parsing and building the green tree for the
//! concatenation of the project's Futhark programs (parser test data,
//! examples and the prelude). Set `FUTHARK_BENCH_DIR` to add the `.fut`
//! files of another directory tree to the corpus. Run with
//! `cargo bench -p syntax --bench parse`.

use std::path::{Path, PathBuf};

// The same allocator as the `futc` and `futls` binaries.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

fn collect(dir: &Path, out: &mut String) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "fut")
            && let Ok(text) = std::fs::read_to_string(&path)
        {
            out.push_str(&text);
            out.push('\n');
        }
    }
}

fn corpus() -> &'static str {
    static CORPUS: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    CORPUS.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut text = String::new();
        collect(&root.join("test_data/parser/ok"), &mut text);
        collect(&root.join("../../examples"), &mut text);
        collect(&root.join("../hir/prelude"), &mut text);
        if let Some(extra) = std::env::var_os("FUTHARK_BENCH_DIR") {
            collect(Path::new(&extra), &mut text);
        }
        text
    })
}

/// Lexing, parsing and building the tree; divan drops the result after
/// timing.
#[divan::bench]
fn parse_corpus(bencher: divan::Bencher) {
    let text = corpus();
    bencher
        .counter(divan::counter::BytesCount::of_str(text))
        .bench(|| syntax::parse(divan::black_box(text)));
}

/// The same, with freeing the tree counted too.
#[divan::bench]
fn parse_and_free_corpus(bencher: divan::Bencher) {
    let text = corpus();
    bencher
        .counter(divan::counter::BytesCount::of_str(text))
        .bench(|| drop(syntax::parse(divan::black_box(text))));
}

#[divan::bench]
fn lex_corpus(bencher: divan::Bencher) {
    let text = corpus();
    bencher
        .counter(divan::counter::BytesCount::of_str(text))
        .bench(|| syntax::lexer::tokenize(divan::black_box(text)));
}
