//! Snapshot tests of the concrete syntax tree: one snapshot per program in
//! `test_data/parser/ok` (which must parse without errors) and in
//! `test_data/parser/err` (which must report at least one error and still
//! cover the whole input).

use std::fs;

fn parse_file(path: &std::path::Path) -> (String, syntax::Parse) {
    let text = fs::read_to_string(path).expect("test programs are UTF-8");
    let parse = syntax::parse(&text);
    assert_eq!(
        parse.syntax_node().to_string(),
        text,
        "the tree of {} is not lossless",
        path.display()
    );
    (text, parse)
}

#[test]
fn valid_programs() {
    insta::glob!("../test_data/parser/ok", "*.fut", |path| {
        let (_, parse) = parse_file(path);
        assert!(
            parse.errors().is_empty(),
            "{} has syntax errors: {:?}",
            path.display(),
            parse.errors()
        );
        insta::assert_snapshot!(parse.debug_tree());
    });
}

#[test]
fn programs_with_errors() {
    insta::glob!("../test_data/parser/err", "*.fut", |path| {
        let (_, parse) = parse_file(path);
        assert!(
            !parse.errors().is_empty(),
            "{} parsed without errors",
            path.display()
        );
        insta::assert_snapshot!(parse.debug_tree());
    });
}
