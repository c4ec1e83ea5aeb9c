//! The item tree and body lowering, and the incrementality they give.

use hir::body::value_body;
use hir::item_tree::{Container, ItemIdx, ItemKind, ModExpr, SigExpr, SpecKind, item_tree};
use hir::store::{Expr, Literal, Pat, PrimSuffix};
use hir::{RootDatabase, SourceFile};
use salsa::Setter;

fn file(db: &RootDatabase, text: &str) -> SourceFile {
    SourceFile::new(db, "/main.fut".to_string(), text.to_string())
}

fn names(db: &RootDatabase, file: SourceFile, items: &[ItemIdx]) -> Vec<String> {
    let tree = item_tree(db, file);
    items
        .iter()
        .map(|&i| {
            tree.item(i)
                .name()
                .map_or("_".to_string(), |n| n.to_string())
        })
        .collect()
}

#[test]
fn item_tree_has_declarations_in_order_with_nesting() {
    let db = RootDatabase::default();
    let f = file(
        &db,
        "-- | Adds one.\ndef inc (x: i32) = x + 1\n\
         type^ fn 'a = a -> a\n\
         local def hidden = 0\n\
         module type S = { type t val zero: t include T }\n\
         module M : S = { type t = i32 def zero = 0i32 }\n\
         module F (P: S) = { open P def z = zero }\n\
         module G = F M\n\
         open M\n\
         import \"lib\"\n\
         entry main = inc 1\n",
    );
    let tree = item_tree(&db, f);
    assert_eq!(
        names(&db, f, &tree.top_level),
        vec!["inc", "fn", "hidden", "S", "M", "F", "G", "_", "_", "main"]
    );
    let top = |i: usize| tree.item(tree.top_level[i]);
    assert_eq!(top(0).doc.as_deref(), Some("Adds one."));
    assert!(top(2).local);
    assert!(!top(0).local);
    let ItemKind::Value(main) = &top(9).kind else {
        panic!("main is a value")
    };
    assert!(main.entry);
    let ItemKind::ModuleType(sig) = &top(3).kind else {
        panic!("S is a module type")
    };
    let SigExpr::Specs(specs) = &sig.sig else {
        panic!("S is a spec list")
    };
    let spec = |i: usize| &tree.spec(specs[i]).kind;
    assert!(matches!(spec(0), SpecKind::Type(t) if t.ty.is_none()));
    assert!(matches!(spec(1), SpecKind::Val { .. }));
    assert!(matches!(spec(2), SpecKind::Include(SigExpr::Path(_))));
    let ItemKind::Module(m) = &top(4).kind else {
        panic!("M is a module")
    };
    assert!(matches!(m.sig, Some(SigExpr::Path(_))));
    let ModExpr::Struct(body) = &m.body else {
        panic!("M's body is a struct")
    };
    let members = &tree.struct_data(*body).items;
    assert_eq!(names(&db, f, members), vec!["t", "zero"]);
    assert_eq!(tree.struct_data(*body).enclosing, tree.top_level[4]);
    assert!(
        members
            .iter()
            .all(|&member| tree.item(member).container == Container::Struct(*body))
    );
    let ItemKind::Module(functor) = &top(5).kind else {
        panic!("F is a module")
    };
    let ModExpr::Struct(functor_body) = &functor.body else {
        panic!("F's body is a struct")
    };
    let params = &tree.struct_data(*functor_body).params;
    assert_eq!(params.len(), 1);
    assert_eq!(params[0].name.as_ref().map(|n| n.as_str()), Some("P"));
    // Nested items are numbered after their module.
    assert!(members.iter().all(|&member| member > tree.top_level[4]));
    let ItemKind::Module(g) = &top(6).kind else {
        panic!("G is a module")
    };
    assert!(matches!(g.body, ModExpr::Apply(..)));
    assert!(matches!(&top(8).kind, ItemKind::Import(path) if path == "lib"));
}

#[test]
fn bodies_are_lowered_without_parentheses_and_with_decoded_literals() {
    let db = RootDatabase::default();
    let f = file(&db, "def f (x: i32) {a} = ((x + 0x10i32, {a}))\n");
    let item = item_tree(&db, f).top_level[0];
    let body = value_body(&db, f, item);
    assert_eq!(body.params.len(), 2);
    let Pat::Ascription { pat, .. } = &body.store.pats[body.params[0]] else {
        panic!("the first parameter is ascribed")
    };
    assert_eq!(body.store.pats[*pat], Pat::Name(hir::name::Name::new("x")));
    let Expr::Tuple(elements) = &body.store.exprs[body.body] else {
        panic!("the body is a tuple, its parentheses gone")
    };
    let Expr::Binary { rhs, .. } = &body.store.exprs[elements[0]] else {
        panic!("x + 16")
    };
    assert_eq!(
        body.store.exprs[*rhs],
        Expr::Literal(Literal::Int {
            value: 16,
            suffix: Some(PrimSuffix::I32),
            bit_pattern: true,
        })
    );
    let Expr::Record(fields) = &body.store.exprs[elements[1]] else {
        panic!("a record")
    };
    assert_eq!(fields[0].0.as_str(), "a");
    assert!(matches!(&body.store.exprs[fields[0].1], Expr::Path(p) if p.to_string() == "a"));
}

#[salsa::tracked(returns(copy))]
fn expression_count(db: &dyn hir::Db, file: SourceFile, item: ItemIdx) -> usize {
    value_body(db, file, item).store.exprs.len()
}

#[salsa::tracked(returns(copy))]
fn item_count(db: &dyn hir::Db, file: SourceFile) -> usize {
    item_tree(db, file).items().count()
}

#[test]
fn editing_one_body_recomputes_only_what_depends_on_it() {
    let mut db = RootDatabase::with_execution_log();
    let f = file(&db, "def f x = x + 1\n\ndef g y = y * 2\n\ntype t = i32\n");
    let items = item_tree(&db, f).top_level.clone();
    for &item in &items[..2] {
        expression_count(&db, f, item);
    }
    item_count(&db, f);
    db.take_executed();

    // Edit g's body, and move f down a line: f's position changes, its
    // body does not.
    f.set_text(&mut db)
        .to("\ndef f x = x + 1\n\ndef g y = y * 3 + 1\n\ntype t = i32\n".to_string());
    assert_eq!(expression_count(&db, f, items[0]), 3);
    assert_eq!(expression_count(&db, f, items[1]), 5);
    assert_eq!(item_count(&db, f), 3);
    let executed = db.take_executed();
    let counts: Vec<_> = executed
        .iter()
        .filter(|q| q.starts_with("expression_count"))
        .collect();
    assert_eq!(
        counts.len(),
        1,
        "only g's count is recomputed: {executed:?}"
    );
    assert!(
        !executed.iter().any(|q| q.starts_with("item_count")),
        "the item tree is unchanged, so what uses it is reused: {executed:?}"
    );
    let count = |prefix: &str| executed.iter().filter(|q| q.starts_with(prefix)).count();
    assert_eq!(
        count("value_body("),
        1,
        "only g is lowered again: {executed:?}"
    );
    assert_eq!(
        count("parse_chunk("),
        2,
        "the chunks of f (which gained a line break) and g are parsed again, \
         the type's is not: {executed:?}"
    );
}

/// A body lowered from its definition's own syntax is the body lowered
/// from the file's tree (which the source map describes), for every
/// definition of the project's test programs.
#[test]
fn bodies_from_item_syntax_equal_bodies_from_the_file() {
    fn programs(dir: &std::path::Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                programs(&path, out);
            } else if path.extension().is_some_and(|e| e == "fut")
                && let Ok(text) = std::fs::read_to_string(&path)
            {
                out.push(text);
            }
        }
    }
    let mut texts = Vec::new();
    programs(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/run"),
        &mut texts,
    );
    assert!(texts.len() > 100, "the corpus is missing programs");
    let db = RootDatabase::default();
    let mut compared = 0;
    for text in texts {
        let f = file(&db, &text);
        for (item, data) in item_tree(&db, f).items() {
            if matches!(data.kind, ItemKind::Value(_)) {
                let (with_map, _) = hir::body::value_body_with_source_map(&db, f, item);
                assert_eq!(value_body(&db, f, item), with_map, "{text}");
                compared += 1;
            }
        }
    }
    assert!(compared > 400, "{compared} bodies compared");
}

/// The body of `def x = {expr}` written back as source.
fn printed(expr: &str) -> String {
    let db = RootDatabase::default();
    let f = file(&db, &format!("def x = {expr}\n"));
    let def = item_tree(&db, f).top_level[0];
    let body = value_body(&db, f, def);
    hir::pretty::expr_text(&body.store, body.body, 70)
}

#[test]
fn expressions_are_written_back_on_one_line() {
    let cases = [
        ("f x (g y) 2i32", "f x (g y) 2i32"),
        ("a + b * c", "a + (b * c)"),
        ("\\(x: i32) -> x\n  + 1", "\\(x: i32) -> x + 1"),
        ("xs[1:n, 0]", "xs[1:n, 0]"),
        ("(.0)", "(.0)"),
        ("(+ 1)", "(+ 1)"),
        ("{a = 1, b = [1, 2]}", "{a = 1, b = [1, 2]}"),
        ("#some (x, true)", "#some (x, true)"),
        (
            "loop acc = 0 for i < n do acc + i",
            "loop acc = 0 for i < n do acc + i",
        ),
        ("xs with [0] = 1", "xs with [0] = 1"),
        ("if c then M.f 'a' else -x", "if c then M.f 'a' else -x"),
    ];
    for (source, expected) in cases {
        let text = printed(source);
        assert_eq!(text, expected, "{source}");
        // What is printed means the same: printing its parse gives it back.
        assert_eq!(printed(&text), text, "{source}");
    }
    let long = printed(&format!("f {}", "x ".repeat(50)));
    assert_eq!(long.chars().count(), 73);
    assert!(long.ends_with("..."), "{long}");
}
