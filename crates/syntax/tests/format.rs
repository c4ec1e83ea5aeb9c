//! The formatter (`syntax::format`): snapshots of tricky constructs, and
//! for them and every program the project ships, idempotence and an
//! unchanged tree and comments.

use syntax::format::{TextEdit, format, format_range};
use syntax::{NodeOrToken, SyntaxKind, TextRange, TextSize, WalkEvent};

/// The tree without trivia: each node's kind and each token's kind and
/// text, in order, with nesting.
fn significant_tree(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for event in syntax::parse(text).syntax_node().preorder_with_tokens() {
        match event {
            WalkEvent::Enter(NodeOrToken::Node(node)) => out.push(format!("{:?}", node.kind())),
            WalkEvent::Leave(NodeOrToken::Node(_)) => out.push("end".to_string()),
            WalkEvent::Enter(NodeOrToken::Token(token)) if !token.kind().is_trivia() => {
                out.push(format!("{:?} {}", token.kind(), token.text()));
            }
            _ => {}
        }
    }
    out
}

fn comments(text: &str) -> Vec<String> {
    syntax::parse(text)
        .syntax_node()
        .descendants_with_tokens()
        .filter_map(NodeOrToken::into_token)
        .filter(|t| matches!(t.kind(), SyntaxKind::COMMENT | SyntaxKind::DOC_COMMENT))
        .map(|t| t.text().trim_end().to_string())
        .collect()
}

/// Formats `text`, checking that the result is formatted and means the
/// same.
fn format_checked(text: &str) -> String {
    let formatted = format(text).expect("the program has no syntax errors");
    assert_eq!(
        format(&formatted).expect("the formatted program parses"),
        formatted,
        "formatting is not idempotent on\n{text}"
    );
    assert_eq!(
        significant_tree(&formatted),
        significant_tree(text),
        "formatting changed the tree of\n{text}"
    );
    assert_eq!(
        comments(&formatted),
        comments(text),
        "comments changed in\n{text}"
    );
    formatted
}

const CASES: &[(&str, &str)] = &[
    (
        "comments",
        "-- | The answer.\n--   Documented across lines.\ndef answer : i32 = -- trailing\n    -- above the body\n      42   \n-- between declarations\n\n\n\n-- above g\ndef g (x: i32) =\n  let y = x -- after x\n  -- before in\n         in y\n-- at the end\n",
    ),
    (
        "spacing",
        "def f(x:i32)(y :i32):i32=x+y*2-(-x)\ndef g = h ( 1,2 ) [ 3,4 ]\ndef a = xs[i:j] with [ 0 ] = -1\ndef b = xs[ 1 ]\ndef c = f xs [1]\ndef d = x.0 + r.a.b + (.1) 2 + 1..<n\ndef e = \\ x->x- -1\ndef k = (+) 1 2 + (+1) 2 + (2-) 3\n",
    ),
    (
        "long_lines_stay",
        "def long = aaaaaaaaaa + bbbbbbbbbbbb + cccccccccccc + dddddddddddd + eeeeeeeeeeee + ffffffffffff + gggggggggggg\n",
    ),
    (
        "let_and_if_chains",
        "def f x =\n let a = 1\n     let b =\n         a + 2\n   in if a < b\n then a\n        else if b < 0 then b\n  else 0\ndef g c =\n  if c then\n  1\n  else\n  2\n",
    ),
    (
        "lambdas_and_applications",
        "def f xs =\n  map (\\x ->\n    x + 1)\n       xs\ndef g xs = tabulate 3 \\i ->\n i + 1\ndef h = foo a\n   b\n       c\n",
    ),
    (
        "records_tuples_and_arrays",
        "def r = {a = 1,\n  b = 2}\ndef t = ( 1\n , 2\n , 3\n )\ndef s = [\n1,\n2,\n\n\n3\n]\ndef p ({x, y}: {x: i32, y: i32}) = x\n",
    ),
    (
        "operators",
        "def pipeline xs =\n  xs\n    |> map f\n      |> reduce (+) 0\ndef sum = a +\n b\n",
    ),
    (
        "loops_and_matches",
        "def f n = loop acc = 0\n for i < n do\n     acc + i\ndef g x = match x\n  case #a -> 1\n    case #b y ->\n y\n",
    ),
    (
        "type_signatures",
        "type t 'a = #leaf | #node a\ntype u =\n  #a\n    | #b i32\ntype^ fn = i32 -> i32\ndef f [n] 't (xs: [n]t)\n  (f: t -> t)\n : *[n]t = map f xs\nmodule type T = {\n  val g : i32\n -> i32\n -> i32\n}\n",
    ),
    (
        "modules",
        "module type S = {\ntype t\n    val x : t\n  }\nmodule M : S = {\n     type t = i32\n  def x = 1\n}\nmodule F (P: {type t}) = {\n  type t = P.t\n}\nmodule N = F {\n    type t = bool\n  }\nlocal open M\n",
    ),
    (
        "attributes",
        "#[inline]\ndef f x = #[unsafe] x[0]\n#[noinline]   #[other]\n  def g = 1\n",
    ),
];

#[test]
fn tricky_constructs() {
    for (name, text) in CASES {
        let formatted = format_checked(text);
        insta::assert_snapshot!(*name, format!("{text}\n=====\n\n{formatted}"));
    }
}

#[test]
fn syntax_errors_are_refused_with_their_places() {
    let errors = format("def f = (1,\n").expect_err("unclosed parenthesis");
    assert!(!errors.is_empty());
    assert!(errors.iter().all(|e| e.range.end() <= TextSize::from(12)));
    assert!(format("def f = 1 $ 2\n").is_err());
}

#[test]
fn empty_and_comment_only_files() {
    assert_eq!(format("").unwrap(), "");
    assert_eq!(format("\n\n  \n").unwrap(), "");
    assert_eq!(format("  -- only\n\n").unwrap(), "-- only\n");
}

#[test]
fn range_formatting_formats_the_declarations_touched() {
    let text = "def a = 1+2\ndef b = 3*4\n-- c\ndef c = 5*6\ndef d = 7+8\n";
    let b = TextSize::from(text.find("3*4").unwrap() as u32);
    let c = TextSize::from(text.find("5*6").unwrap() as u32);
    let edit = format_range(text, TextRange::new(b, c)).unwrap().unwrap();
    let TextEdit { range, replacement } = edit;
    assert_eq!(&text[range], "def b = 3*4\n-- c\ndef c = 5*6");
    assert_eq!(replacement, "def b = 3 * 4\n\n-- c\ndef c = 5 * 6");
    let formatted = "def a = 1 + 2\n";
    assert_eq!(
        format_range(formatted, TextRange::empty(TextSize::from(3))).unwrap(),
        None
    );
}

#[test]
fn shipped_programs_format_idempotently_and_keep_their_meaning() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut programs = Vec::new();
    for dir in ["test_data/parser/ok", "../../tests", "../hir/prelude"] {
        collect(&root.join(dir), &mut programs);
    }
    assert!(programs.len() > 100, "the corpus is missing programs");
    let mut formatted = 0;
    for text in &programs {
        if syntax::parse(text).errors().is_empty() {
            format_checked(text);
            formatted += 1;
        }
    }
    assert!(formatted > 100);
}

fn collect(dir: &std::path::Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "fut") {
            out.push(std::fs::read_to_string(&path).expect("test programs are UTF-8"));
        }
    }
}

/// Long chains and deep nesting: the formatter must not walk the tree
/// per line (which took minutes on these shapes). The parser recurses, so
/// this runs on a large stack, as `futc` and `futls` do.
#[test]
fn deep_programs() {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(format_deep_programs)
        .expect("a thread starts")
        .join()
        .expect("no panic");
}

fn format_deep_programs() {
    let lets: String = (0..20_000)
        .map(|i| format!("  let x{i} = x + {i}\n"))
        .collect();
    let chain = format!("def main (x: i32) =\n{lets}  in x\n");
    let operators = format!("def main (x: i32) =\n  x\n{}", "  + x\n".repeat(20_000));
    let nested = format!(
        "def main (x: i32) = {}x{}\n",
        "(".repeat(2_000),
        " + 1)".repeat(2_000)
    );
    for text in [chain, operators, nested] {
        format_checked(&text);
    }
}
