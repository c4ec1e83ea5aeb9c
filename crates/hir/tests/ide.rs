//! Editor queries at a cursor position (`$0` marks it in the fixtures).

use hir::ide::{
    HighlightKind, OutlineEntry, RenameError, annotation_insertions, definition_at,
    definition_signature_at, documentation_at, file_outline, folding_ranges, highlights,
    references_at, rename_at, rename_range, signature_help_at, type_at, type_hints,
};
use hir::prelude::add_prelude;
use hir::{FileSet, RootDatabase, SourceFile};
use std::collections::BTreeMap;
use syntax::TextSize;

struct Fixture {
    db: RootDatabase,
    file_set: FileSet,
    file: SourceFile,
    offset: TextSize,
}

fn fixture(text: &str) -> Fixture {
    let offset = text.find("$0").expect("a cursor marker");
    let text = text.replacen("$0", "", 1);
    let mut db = RootDatabase::default();
    let file_set = FileSet::new(&db, BTreeMap::new());
    add_prelude(&mut db, file_set);
    let file = hir::files::add_file(&mut db, file_set, "/main.fut", text);
    Fixture {
        db,
        file_set,
        file,
        offset: TextSize::from(offset as u32),
    }
}

impl Fixture {
    fn type_here(&self) -> Option<String> {
        type_at(&self.db, self.file_set, self.file, self.offset).map(|(_, ty)| ty.to_string())
    }

    /// The file and text of the definition's name.
    fn definition(&self) -> Option<(String, String)> {
        let target = definition_at(&self.db, self.file_set, self.file, self.offset)?;
        let text = target.file.text(&self.db);
        let range = std::ops::Range::<usize>::from(target.focus_range);
        Some((target.file.path(&self.db).clone(), text[range].to_string()))
    }
}

#[test]
fn types_of_expressions_and_patterns_under_the_cursor() {
    assert_eq!(
        fixture("def f (x: i32) = x$0 + 1\n").type_here().as_deref(),
        Some("i32")
    );
    assert_eq!(
        fixture("def g (y: f32) = y * 2$0\n").type_here().as_deref(),
        Some("f32")
    );
    assert_eq!(
        fixture("def h (xs: []i64) = let (a$0, b) = (xs[0], true) in a\n")
            .type_here()
            .as_deref(),
        Some("i64")
    );
    assert_eq!(
        fixture("def k = i32.max$0 1 2\n").type_here().as_deref(),
        Some("i32 -> i32 -> i32")
    );
}

#[test]
fn types_are_known_next_to_broken_code() {
    let f = fixture("def ok (v: bool) = !v$0\ndef broken = (1 +\n");
    assert_eq!(f.type_here().as_deref(), Some("bool"));
}

#[test]
fn definitions_of_locals_globals_modules_types_and_the_prelude() {
    let local = fixture("def f (count: i32) = count$0 + 1\n");
    assert_eq!(
        local.definition(),
        Some(("/main.fut".into(), "count".into()))
    );
    let global = fixture("def twice (x: i32) = x * 2\ndef use = twice$0 3\n");
    assert_eq!(
        global.definition(),
        Some(("/main.fut".into(), "twice".into()))
    );
    let module = fixture("module M = { def inner = 1 }\ndef use = M$0.inner\n");
    assert_eq!(module.definition(), Some(("/main.fut".into(), "M".into())));
    let member = fixture("module M = { def inner = 1 }\ndef use = M.inn$0er\n");
    assert_eq!(
        member.definition(),
        Some(("/main.fut".into(), "inner".into()))
    );
    let ty = fixture("type point = (f32, f32)\ndef origin : poi$0nt = (0, 0)\n");
    assert_eq!(ty.definition(), Some(("/main.fut".into(), "point".into())));
    let prelude = fixture("def use = ma$0p (+1) [1]\n");
    assert_eq!(
        prelude.definition(),
        Some(("/prelude/soacs.fut".into(), "map".into()))
    );
    let field = fixture("def r = {a = 1}\ndef use = r.a$0\n");
    assert_eq!(field.definition(), None);
}

#[test]
fn definitions_of_types_that_an_include_brings_into_a_module_type() {
    // The include's own type, and one it includes in turn; the outer
    // `t` is shadowed.
    let text = "type t = i32\nmodule type base = { type t }\nmodule type middle = { include base val zero : t }\nmodule type top = { include middle val one : $0t }\n";
    let f = fixture(text);
    let (path, name) = f.definition().expect("a definition");
    assert_eq!((path.as_str(), name.as_str()), ("/main.fut", "t"));
    let target = definition_at(&f.db, f.file_set, f.file, f.offset).expect("a definition");
    let base_spec = text.find("{ type t }").expect("base's t") + "{ type ".len();
    assert_eq!(usize::from(target.focus_range.start()), base_spec);
    // Through `with`, in the prelude's numeric module types.
    let prelude =
        fixture("module type small = { include integral with t = i8 val half : $0t -> t }\n");
    assert_eq!(
        prelude.definition(),
        Some(("/prelude/numeric.fut".into(), "t".into()))
    );
}

#[test]
fn documentation_of_the_definition_under_the_cursor() {
    let f = fixture(
        "-- | Doubles a number.\n-- Twice as big.\ndef twice (x: i32) = x * 2\ndef use = twi$0ce 3\n",
    );
    assert_eq!(
        documentation_at(&f.db, f.file_set, f.file, f.offset).as_deref(),
        Some("Doubles a number.\nTwice as big.")
    );
    // On the definition's name too, but not on its parameters.
    let on_name = fixture("-- | Doubles a number.\ndef twi$0ce (x: i32) = x * 2\n");
    assert_eq!(
        documentation_at(&on_name.db, on_name.file_set, on_name.file, on_name.offset).as_deref(),
        Some("Doubles a number.")
    );
    for text in [
        "-- | Doubles a number.\ndef twice (x$0: i32) = x * 2\n",
        "-- | Doubles a number.\ndef twice (x: i32) = x$0 * 2\n",
    ] {
        let f = fixture(text);
        assert_eq!(
            documentation_at(&f.db, f.file_set, f.file, f.offset),
            None,
            "{text}"
        );
    }
    // Module members and specifications.
    let member = fixture(
        "module m = {\n  -- | Half.\n  def half (x: i32) = x / 2\n}\ndef use = m.ha$0lf 4\n",
    );
    assert_eq!(
        documentation_at(&member.db, member.file_set, member.file, member.offset).as_deref(),
        Some("Half.")
    );
}

fn labels(f: &Fixture) -> Vec<(String, Option<String>)> {
    hir::ide::completions_at(&f.db, f.file_set, f.file, f.offset)
        .into_iter()
        .map(|c| (c.label, c.detail))
        .collect()
}

#[test]
fn completion_offers_locals_definitions_prelude_and_keywords() {
    let f = fixture(
        "def helper (x: i32) = x\ndef f (count: i32) =\n  let total = count + 1\n  in $0\n",
    );
    let items = labels(&f);
    let find = |label: &str| items.iter().find(|(l, _)| l == label).cloned();
    assert_eq!(find("count"), Some(("count".into(), Some("i32".into()))));
    assert_eq!(find("total"), Some(("total".into(), Some("i32".into()))));
    assert_eq!(
        find("helper"),
        Some(("helper".into(), Some("i32 -> i32".into())))
    );
    assert!(find("map").is_some(), "prelude names are offered");
    assert!(find("loop").is_some(), "keywords are offered");
    // Definitions after the cursor's definition are not in scope.
    let later = fixture("def f = $0\ndef later = 1\n");
    assert!(!labels(&later).iter().any(|(l, _)| l == "later"));
}

#[test]
fn completion_after_a_dot_offers_members_or_fields() {
    let module = fixture("module M = { def inner = 1i64 module N = {} }\ndef use = M.$0\n");
    assert_eq!(
        labels(&module),
        vec![("N".into(), None), ("inner".into(), Some("i64".into()))]
    );
    let prelude = fixture("def use = f32.sq$0\n");
    assert!(labels(&prelude).iter().any(|(l, _)| l == "sqrt"));
    let record = fixture("def use (p: {x: f32, y: bool}) = p.$0\n");
    assert_eq!(
        labels(&record),
        vec![
            ("x".into(), Some("f32".into())),
            ("y".into(), Some("bool".into()))
        ]
    );
}

/// An outline as indented lines: `kind name detail`, children indented.
fn outline(text: &str) -> String {
    fn render(out: &mut String, entries: &[OutlineEntry], text: &str, depth: usize) {
        for entry in entries {
            let focus = &text[std::ops::Range::<usize>::from(entry.target.focus_range)];
            assert_eq!(focus, entry.name, "the focus range covers the name");
            out.push_str(&format!(
                "{}{:?} {} {}\n",
                "  ".repeat(depth),
                entry.kind,
                entry.name,
                entry.detail.as_deref().unwrap_or("-")
            ));
            render(out, &entry.children, text, depth + 1);
        }
    }
    let fixture = fixture(&format!("{text}$0"));
    let mut out = String::new();
    render(&mut out, &file_outline(&fixture.db, fixture.file), text, 0);
    out
}

#[test]
fn outline_nests_module_bodies_and_module_type_specifications() {
    let text = "\
-- | Doubles.
def double (x: i32)   -- the input
  : i32 = x * 2
def zero = 0i32
entry main (n: i64) = iota n
type vec 'a = {x: a, y: a}
module type shape = {
  type t
  val area : t -> f64
  module inner: { val k : i32 }
}
module square : shape = {
  type t = f64
  def area (s: t) = s * s
  module inner = { def k = 1i32 }
}
module pick (S: shape) = { def twice (x: S.t) = S.area x * 2 }
local def hidden = true
open square
import \"other\"
";
    assert_eq!(
        outline(text),
        "\
Function double (x: i32) : i32
Constant zero -
EntryPoint main (n: i64)
Type vec 'a
ModuleType shape -
  Type t -
  ValueSpec area : t -> f64
  Module inner : { val k : i32 }
    ValueSpec k : i32
Module square : shape
  Type t -
  Function area (s: t)
  Module inner -
    Constant k -
Module pick (S: shape)
  Function twice (x: S.t)
Constant hidden -
"
    );
}

#[test]
fn outline_of_a_broken_file_keeps_what_parses() {
    assert_eq!(
        outline("def ok = 1\ndef (broken\nmodule m = { def inner (x: i32) = x }\n"),
        "Constant ok -\nModule m -\n  Function inner (x: i32)\n"
    );
}

impl Fixture {
    /// Each reference as `path:line:text-of-line-with-[name]-bracketed`.
    fn references(&self, include_declaration: bool) -> Vec<String> {
        references_at(
            &self.db,
            self.file_set,
            self.file,
            self.offset,
            include_declaration,
        )
        .into_iter()
        .map(|r| {
            let text = r.file.text(&self.db);
            let start = usize::from(r.range.start());
            let end = usize::from(r.range.end());
            let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
            let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
            format!(
                "{}:{}[{}]{}",
                r.file.path(&self.db),
                &text[line_start..start],
                &text[start..end],
                &text[end..line_end]
            )
        })
        .collect()
    }
}

#[test]
fn references_follow_resolution_not_spelling() {
    let f = fixture(
        "def x = 1i32\ndef f (x: i32) = x$0 + x\ndef g = x + f x\nmodule m = { def x = 2i32 }\ndef h = m.x\n",
    );
    assert_eq!(
        f.references(true),
        [
            "/main.fut:def f ([x]: i32) = x + x",
            "/main.fut:def f (x: i32) = [x] + x",
            "/main.fut:def f (x: i32) = x + [x]"
        ]
    );
    let global = fixture(
        "def x$0 = 1i32\ndef f (x: i32) = x + x\ndef g = x + f x\nmodule m = { def x = 2i32 }\ndef h = m.x\n",
    );
    assert_eq!(
        global.references(true),
        [
            "/main.fut:def [x] = 1i32",
            "/main.fut:def g = [x] + f x",
            "/main.fut:def g = x + f [x]"
        ]
    );
    assert_eq!(
        global.references(false),
        ["/main.fut:def g = [x] + f x", "/main.fut:def g = x + f [x]"]
    );
    let member = fixture("module m = { def x = 2i32 }\ndef h = m.x$0 + m.x\nopen m\ndef k = x\n");
    assert_eq!(
        member.references(true),
        [
            "/main.fut:module m = { def [x] = 2i32 }",
            "/main.fut:def h = m.[x] + m.x",
            "/main.fut:def h = m.x + m.[x]",
            "/main.fut:def k = [x]"
        ]
    );
    let field = fixture("def r = {a = 1}\ndef use = r.a$0\n");
    assert!(field.references(true).is_empty());
    // A local shadows the size parameter of the same name.
    let shadowing = fixture("def f [n] (xs: [n]i32) = let n = length xs in n$0 + 1\n");
    assert_eq!(
        shadowing.references(true),
        [
            "/main.fut:def f [n] (xs: [n]i32) = let [n] = length xs in n + 1",
            "/main.fut:def f [n] (xs: [n]i32) = let n = length xs in [n] + 1"
        ]
    );
}

#[test]
fn references_cross_imported_files() {
    let mut f = fixture("import \"lib\"\ndef use = helper$0 1\n");
    hir::files::add_file(
        &mut f.db,
        f.file_set,
        "/lib.fut",
        "def helper (x: i32) = x\ndef again = helper 2\n".to_string(),
    );
    assert_eq!(
        f.references(true),
        [
            "/lib.fut:def [helper] (x: i32) = x",
            "/lib.fut:def again = [helper] 2",
            "/main.fut:def use = [helper] 1"
        ]
    );
}

#[test]
fn rename_checks_the_new_name_and_the_definition() {
    let f = fixture("def twice (x: i32) = x * 2\ndef use = tw$0ice 3\n");
    let range = rename_range(&f.db, f.file_set, f.file, f.offset).expect("renameable");
    assert_eq!(
        &f.file.text(&f.db)[std::ops::Range::<usize>::from(range)],
        "twice"
    );
    let edits = rename_at(&f.db, f.file_set, f.file, f.offset, "double").expect("renameable");
    assert_eq!(edits.len(), 2);
    for (name, expected) in [
        ("if", "keyword"),
        ("a b", "two tokens"),
        ("+", "operator"),
        ("", "empty"),
    ] {
        assert_eq!(
            rename_at(&f.db, f.file_set, f.file, f.offset, name),
            Err(RenameError::InvalidName(name.to_string())),
            "{expected}"
        );
    }
    let prelude = fixture("def use = ma$0p (+1) [1]\n");
    assert_eq!(
        rename_at(
            &prelude.db,
            prelude.file_set,
            prelude.file,
            prelude.offset,
            "apply"
        ),
        Err(RenameError::InPrelude)
    );
    let nothing = fixture("def use = 1 $0 + 2\n");
    assert_eq!(
        rename_at(
            &nothing.db,
            nothing.file_set,
            nothing.file,
            nothing.offset,
            "y"
        ),
        Err(RenameError::NoName)
    );
}

/// Each fold as `kind first-line-number..last-line-number`.
fn folds(text: &str) -> Vec<String> {
    let f = fixture(&format!("{text}$0"));
    let line = |offset: TextSize| text[..usize::from(offset)].matches('\n').count() + 1;
    folding_ranges(&f.db, f.file)
        .into_iter()
        .map(|fold| {
            format!(
                "{:?} {}..{}",
                fold.kind,
                line(fold.range.start()),
                line(fold.range.end())
            )
        })
        .collect()
}

#[test]
fn folds_declarations_bodies_comment_blocks_and_imports() {
    let text = "\
import \"a\"
import \"b\"
-- | Sums.
-- Twice.
def sum (xs: []i32) =
  reduce (+) 0 xs
def one = 1

-- alone
module m = {
  def r = { a = 1,
            b = 2 }
}
def broken = (
";
    assert_eq!(
        folds(text),
        [
            "Imports 1..2",
            "Comment 3..4",
            "Region 5..6",
            // The module and its body; the definition and its record.
            "Region 10..13",
            "Region 10..13",
            "Region 11..12",
            "Region 11..12",
        ]
    );
}

/// The text with each type hint inserted where it would show.
fn with_type_hints(text: &str) -> String {
    let f = fixture(&format!("{text}$0"));
    let whole = syntax::TextRange::up_to(TextSize::of(text));
    let mut out = String::new();
    let mut written = 0;
    for hint in type_hints(&f.db, f.file_set, f.file, whole) {
        let offset = usize::from(hint.name.end());
        out.push_str(&text[written..offset]);
        out.push_str(&format!("«: {}»", hint.ty));
        written = offset;
    }
    out.push_str(&text[written..]);
    out
}

/// The text with the annotation of the cursor's hint of the given kind
/// written in.
fn with_annotation(text: &str, kind: hir::ide::HintKind) -> String {
    let f = fixture(text);
    let hints = type_hints(
        &f.db,
        f.file_set,
        f.file,
        syntax::TextRange::empty(f.offset),
    );
    let hint = hints
        .iter()
        .find(|h| h.kind == kind)
        .unwrap_or_else(|| panic!("a {kind:?} hint"));
    let mut text = f.file.text(&f.db).clone();
    for (offset, insertion) in annotation_insertions(&f.db, f.file, hint).iter().rev() {
        text.insert_str(usize::from(*offset), insertion);
    }
    text
}

#[test]
fn type_hints_for_names_bound_without_a_type() {
    assert_eq!(
        with_type_hints(
            "def f (xs: []i32) y =\n  let ys = map (\\x -> x + y) xs\n  let (a, b: bool) = (1i32, true)\n  in loop acc = a for z in ys do acc + z\n"
        ),
        "def f (xs: []i32) y«: i32»«: i32» =\n  let ys«: *[]i32» = map (\\x«: i32» -> x + y) xs\n  let (a«: i32», b: bool) = (1i32, true)\n  in loop acc«: i32» = a for z«: i32» in ys do acc + z\n"
    );
    // Written into the source: uniqueness dropped, parenthesised where a
    // bare ascription would not parse.
    let annotated = |text: &str| with_annotation(text, hir::ide::HintKind::Binding);
    assert_eq!(
        annotated("def f (n: i64) = let y$0s = iota n in ys\n"),
        "def f (n: i64) = let (ys: [n]i64) = iota n in ys\n"
    );
    assert_eq!(
        annotated("def f (a, b$0) = a + 1i32 + b\n"),
        "def f (a, b: i32) = a + 1i32 + b\n"
    );
    assert_eq!(
        annotated("def f x$0 = x + 1i32\n"),
        "def f (x: i32) = x + 1i32\n"
    );
    assert_eq!(
        annotated("def g = map (\\x$0 -> x + 1i32) [1]\n"),
        "def g = map (\\(x: i32) -> x + 1i32) [1]\n"
    );
    // A size computed from a size nobody knows is shown with "?" for that
    // part, and written as an anonymous size.
    assert_eq!(
        with_type_hints("def f (xs: []i32) = let ys = xs[1:] in ys\n"),
        "def f (xs: []i32)«: [? - 1]i32» = let ys«: [? - 1]i32» = xs[1:] in ys\n"
    );
    assert_eq!(
        annotated("def f (xs: []i32) = let y$0s = xs[1:] in ys\n"),
        "def f (xs: []i32) = let (ys: []i32) = xs[1:] in ys\n"
    );
    // Results of functions without a declared result type, local ones too,
    // but not of those with one.
    assert_eq!(
        with_type_hints(
            "def f (x: i32) = let g (y: i32) = y * 2 in g x\ndef h (x: i32) : i32 = x\n"
        ),
        "def f (x: i32)«: i32» = let g (y: i32)«: i32» = y * 2 in g x\ndef h (x: i32) : i32 = x\n"
    );
    assert_eq!(
        with_annotation("def f (n: i64$0) = iota n\n", hir::ide::HintKind::Result),
        "def f (n: i64) : [n]i64 = iota n\n"
    );
    // Nothing for names whose type an error leaves unknown.
    assert_eq!(
        with_type_hints("def g = let v = undefined_name in v\n"),
        "def g = let v = undefined_name in v\n"
    );
}

#[test]
fn signatures_of_definitions_under_the_cursor() {
    let signature = |text: &str| {
        let f = fixture(text);
        definition_signature_at(&f.db, f.file_set, f.file, f.offset).map(|(_, s)| s)
    };
    assert_eq!(
        signature("def fi$0rst [n] 't (xs: [n]t) : t = xs[0]\n").as_deref(),
        Some("val first [n] 't : [n]t -> t")
    );
    assert_eq!(
        signature("def app$0ly '^f (g: f) = g\n").as_deref(),
        Some("val apply '^f : f -> f")
    );
    assert_eq!(signature("def x = 1i32\ndef y = x$0\n"), None);
    assert_eq!(signature("type t$0 = i32\n"), None);
}

/// The signature label with the active parameter bracketed.
fn signature_here(text: &str) -> Option<String> {
    let f = fixture(text);
    let help = signature_help_at(&f.db, f.file_set, f.file, f.offset)?;
    let active = std::ops::Range::<usize>::from(help.params[help.active]);
    Some(format!(
        "{}[{}]{}",
        &help.label[..active.start],
        &help.label[active.clone()],
        &help.label[active.end..]
    ))
}

#[test]
fn signature_help_marks_the_argument_being_written() {
    let prefix = "def add (x: i32) (flag: bool) : i32 = if flag then x else 0\n";
    let at = |rest: &str| signature_here(&format!("{prefix}{rest}"));
    assert_eq!(
        at("def use = add $0\n").as_deref(),
        Some("add : [(x: i32)] -> (flag: bool) -> i32")
    );
    assert_eq!(
        at("def use = add 1$0\n").as_deref(),
        Some("add : [(x: i32)] -> (flag: bool) -> i32")
    );
    assert_eq!(
        at("def use = add 1 $0\n").as_deref(),
        Some("add : (x: i32) -> [(flag: bool)] -> i32")
    );
    assert_eq!(
        at("def use = add (1 + 2) tr$0ue\n").as_deref(),
        Some("add : (x: i32) -> [(flag: bool)] -> i32")
    );
    // Inside a nested application, its own function.
    assert_eq!(
        at("def neg (v: i32) = -v\ndef use = add (neg 1$0) true\n").as_deref(),
        Some("neg : [(v: i32)] -> i32")
    );
    // At the function's name, or past its last parameter: nothing.
    assert_eq!(at("def use = ad$0d 1 true\n"), None);
    assert_eq!(at("def use = add 1 true $0\n"), None);
}

#[test]
fn highlights_classify_names_by_what_they_resolve_to() {
    let text = "\
module type shape = { type t val area : t -> f64 }
module sq : shape = { type t = f64 def area (s: t) = s * s }
type opt = #none | #some i32
def scale [n] (xs: [n]f64) (k: f64) =
  let ys = map (\\x -> x * k) xs
  let r = {len = n}
  in (sq.area 2, ys, r.len, #some 1i32 : opt)
";
    let f = fixture(&format!("{text}$0"));
    let whole = syntax::TextRange::up_to(TextSize::of(text));
    let rendered: Vec<String> = highlights(&f.db, f.file_set, f.file, whole)
        .into_iter()
        .map(|h| {
            format!(
                "{}:{:?}{}{}",
                &text[std::ops::Range::<usize>::from(h.range)],
                h.kind,
                if h.declaration { "+decl" } else { "" },
                if h.library { "+lib" } else { "" }
            )
        })
        .collect();
    assert_eq!(
        rendered,
        [
            "shape:ModuleType+decl",
            "t:Type+decl",
            "area:Function+decl",
            "t:Type",
            "f64:Type+lib",
            "sq:Module+decl",
            "shape:ModuleType",
            "t:Type+decl",
            "f64:Type+lib",
            "area:Function+decl",
            "s:Parameter+decl",
            "t:Type",
            "s:Parameter",
            "s:Parameter",
            "opt:Type+decl",
            "#none:Constructor",
            "#some:Constructor",
            "i32:Type+lib",
            "scale:Function+decl",
            "n:TypeParameter+decl",
            "xs:Parameter+decl",
            "n:TypeParameter",
            "f64:Type+lib",
            "k:Parameter+decl",
            "f64:Type+lib",
            "ys:Variable+decl",
            "map:Function+lib",
            "x:Parameter+decl",
            "x:Parameter",
            "k:Parameter",
            "xs:Parameter",
            "r:Variable+decl",
            "len:Field+decl",
            "n:TypeParameter",
            "sq:Module",
            "area:Function",
            "ys:Variable",
            "r:Variable",
            "len:Field",
            "#some:Constructor",
            "opt:Type",
        ]
    );
    // A type name that resolves to nothing is not taken for a built-in one.
    let f = fixture("def f (x: undefined_type) = x$0\n");
    let whole = syntax::TextRange::up_to(f.offset);
    assert!(
        highlights(&f.db, f.file_set, f.file, whole)
            .iter()
            .all(|h| h.kind != HighlightKind::Type)
    );
}
