//! Property tests: the tree's text is the input, byte for byte, for every
//! test program, for random token-level mutations of them (deleted,
//! duplicated and swapped tokens), and for arbitrary strings; and parsing
//! never panics.

use proptest::prelude::*;
use std::path::PathBuf;

/// Every Futhark program the project ships: parser test data, examples,
/// test programs and the prelude.
fn corpus() -> Vec<String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dirs = [
        root.join("test_data/parser/ok"),
        root.join("test_data/parser/err"),
        root.join("../../examples"),
        root.join("../../tests"),
        root.join("../hir/prelude"),
    ];
    let mut programs = Vec::new();
    for dir in dirs {
        collect_programs(&dir, &mut programs);
    }
    assert!(programs.len() > 100, "the corpus is missing programs");
    programs
}

fn collect_programs(dir: &std::path::Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            collect_programs(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "fut") {
            out.push(std::fs::read_to_string(&path).expect("test programs are UTF-8"));
        }
    }
}

/// The source text of each token of `text`.
fn token_texts(text: &str) -> Vec<&str> {
    let (tokens, _) = syntax::lexer::tokenize(text);
    let mut offset = 0;
    tokens
        .iter()
        .map(|token| {
            let len = u32::from(token.len) as usize;
            let piece = &text[offset..offset + len];
            offset += len;
            piece
        })
        .collect()
}

fn assert_lossless(text: &str) {
    let parse = syntax::parse(text);
    assert_eq!(parse.syntax_node().to_string(), text);
    for error in parse.errors() {
        assert!(
            u32::from(error.range.end()) as usize <= text.len(),
            "error range {:?} is outside the input",
            error.range
        );
    }
}

#[test]
fn corpus_is_lossless() {
    for program in corpus() {
        assert_lossless(&program);
    }
}

#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize),
    Duplicate(usize),
    Swap(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::Delete),
        any::<usize>().prop_map(Mutation::Duplicate),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Swap(a, b)),
    ]
}

fn mutate(text: &str, mutations: &[Mutation]) -> String {
    let mut pieces: Vec<&str> = token_texts(text);
    for mutation in mutations {
        if pieces.is_empty() {
            break;
        }
        let len = pieces.len();
        match *mutation {
            Mutation::Delete(i) => {
                pieces.remove(i % len);
            }
            Mutation::Duplicate(i) => {
                let piece = pieces[i % len];
                pieces.insert(i % len, piece);
            }
            Mutation::Swap(a, b) => pieces.swap(a % len, b % len),
        }
    }
    pieces.concat()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn mutated_programs_are_lossless(
        index in any::<usize>(),
        mutations in prop::collection::vec(mutation(), 1..8),
    ) {
        let programs = corpus_cache();
        let program = &programs[index % programs.len()];
        assert_lossless(&mutate(program, &mutations));
    }

    #[test]
    fn arbitrary_text_is_lossless(text in "\\PC*") {
        assert_lossless(&text);
    }

    #[test]
    fn futhark_like_text_is_lossless(
        text in "([a-z]{1,3}|[0-9_.xefi]{1,5}|[-+*/<>=!|&^.]{1,3}|[()\\[\\]{},:'\"#\\\\`?~$]| |\n|--[ |a-z]*\n|let|in|def|loop|for|do|if|then|else|match|case|with|module|type|val){0,60}"
    ) {
        assert_lossless(&text);
    }
}

fn corpus_cache() -> &'static [String] {
    static CORPUS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    CORPUS.get_or_init(corpus)
}
