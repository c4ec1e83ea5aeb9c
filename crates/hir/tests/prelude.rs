//! The embedded prelude: it parses, its imports resolve, and its names are
//! visible in user files.

use hir::name::Name;
use hir::prelude::{PRELUDE_FILES, add_prelude};
use hir::resolve::{Resolver, Scope, TermRef, TypeDefRef};
use hir::{FileSet, RootDatabase};
use std::collections::BTreeMap;

#[test]
fn every_prelude_file_parses_without_errors() {
    for (path, text) in PRELUDE_FILES {
        let parse = syntax::parse(text);
        assert!(parse.errors().is_empty(), "{path}: {:?}", parse.errors());
    }
}

#[test]
fn prelude_imports_resolve_without_cycles() {
    let mut db = RootDatabase::default();
    let file_set = FileSet::new(&db, BTreeMap::new());
    let root = add_prelude(&mut db, file_set);
    let program = hir::files::program(&db, file_set, root);
    assert!(program.diagnostics.is_empty(), "{:?}", program.diagnostics);
    assert_eq!(program.files.len(), PRELUDE_FILES.len());
}

#[test]
fn prelude_names_are_visible_in_user_files() {
    let mut db = RootDatabase::default();
    let file_set = FileSet::new(&db, BTreeMap::new());
    add_prelude(&mut db, file_set);
    let user = hir::files::add_file(&mut db, file_set, "/main.fut", "def x = 1\n".to_string());
    let resolver = Resolver { db: &db, file_set };
    let scope = Scope {
        file: user,
        item: None,
        params: None,
    };
    for name in [
        "map", "reduce", "scan", "iota", "zip", "filter", "|>", "f32", "i64", "flip",
    ] {
        assert!(
            resolver.resolve_term(scope, &Name::new(name)).is_some(),
            "{name} is not visible"
        );
    }
    let Some(TermRef::Module(f32)) = resolver.resolve_term(scope, &Name::new("f32")) else {
        panic!("f32 is a module")
    };
    for member in ["sqrt", "pi", "i32", "max", "isnan"] {
        assert!(
            resolver.exports(f32).terms.contains_key(&Name::new(member)),
            "f32.{member} is missing"
        );
    }
    assert!(matches!(
        resolver.resolve_type_name(scope, &Name::new("f32")),
        Some(TypeDefRef::Prim(_))
    ));
    assert!(
        resolver
            .resolve_sig_name(scope, &Name::new("numeric"))
            .is_some()
    );
    // The prelude's own files see only what they import.
    let functional = file_set.files(&db)["/prelude/functional.fut"];
    let end = Scope {
        file: functional,
        item: None,
        params: None,
    };
    assert!(resolver.resolve_term(end, &Name::new("map")).is_none());
    assert!(resolver.resolve_term(end, &Name::new("flip")).is_some());
}

#[test]
fn the_prelude_type_checks_without_errors() {
    let mut db = RootDatabase::default();
    let file_set = FileSet::new(&db, BTreeMap::new());
    add_prelude(&mut db, file_set);
    let mut messages = Vec::new();
    for (path, _) in PRELUDE_FILES {
        let file = file_set.files(&db)[*path];
        for diagnostic in hir::diagnostics::file_diagnostics(&db, file_set, file) {
            let text = file.text(&db);
            let start = usize::from(diagnostic.range.start());
            let line = text[..start].matches('\n').count() + 1;
            messages.push(format!("{path}:{line}: {}", diagnostic.message));
        }
    }
    assert!(
        messages.is_empty(),
        "{} errors:\n{}",
        messages.len(),
        messages.join("\n")
    );
}

#[test]
fn every_intrinsic_the_prelude_uses_is_declared() {
    let declared = hir::intrinsics::intrinsics_source();
    for (path, text) in PRELUDE_FILES {
        for (i, _) in text.match_indices("intrinsics.") {
            let name: String = text[i + "intrinsics.".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if name.is_empty() {
                continue; // an operator, typed by the checker
            }
            assert!(
                declared.contains(&format!("val {name} ")),
                "{path} uses intrinsics.{name}, which is not declared"
            );
        }
    }
}
