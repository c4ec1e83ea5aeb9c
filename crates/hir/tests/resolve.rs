//! Module-level name resolution: declaration order, modules, `open`,
//! `local`, ascription, parametric modules, imports and the prelude.

use hir::item_tree::{ItemIdx, SpecKind, item_tree};
use hir::name::{Name, Path};
use hir::resolve::{ModuleRef, PRELUDE_ROOT, Resolver, Scope, TermRef, TypeDefRef, ValueRef};
use hir::ty::PrimType;
use hir::{FileSet, RootDatabase, SourceFile};
use std::collections::BTreeMap;

struct Fixture {
    db: RootDatabase,
    file_set: FileSet,
}

impl Fixture {
    fn new(files: &[(&str, &str)]) -> Fixture {
        let mut db = RootDatabase::default();
        let file_set = FileSet::new(&db, BTreeMap::new());
        for (path, text) in files {
            hir::files::add_file(&mut db, file_set, path, text.to_string());
        }
        Fixture { db, file_set }
    }

    fn file(&self, path: &str) -> SourceFile {
        self.file_set.files(&self.db)[path]
    }

    fn resolver(&self) -> Resolver<'_> {
        Resolver {
            db: &self.db,
            file_set: self.file_set,
        }
    }

    /// The scope just before the top-level item named `name` (the last
    /// one of that name).
    fn before(&self, path: &str, name: &str) -> Scope {
        let file = self.file(path);
        let tree = item_tree(&self.db, file);
        let item = *tree
            .top_level
            .iter()
            .rev()
            .find(|&&i| tree.item(i).name().map(|n| n.as_str()) == Some(name))
            .expect("an item of that name");
        Scope {
            file,
            item: Some(item),
            params: None,
        }
    }

    fn end(&self, path: &str) -> Scope {
        Scope {
            file: self.file(path),
            item: None,
            params: None,
        }
    }

    /// The name of the item an expression path resolves to, with the
    /// number of segments that named modules and the value.
    fn term(&self, scope: Scope, path: &str) -> Option<(String, usize)> {
        let segments = path.split('.').map(Name::new).collect();
        let path = Path::new(segments).expect("a path");
        let (term, used) = self.resolver().resolve_expr_path(scope, &path)?;
        Some((self.describe(term), used))
    }

    fn describe(&self, term: TermRef) -> String {
        match term {
            TermRef::Value(ValueRef::Def(file, item)) => self.item_label(file, item),
            TermRef::Value(ValueRef::Spec(file, spec, _)) => {
                let tree = item_tree(&self.db, file);
                match &tree.spec(spec).kind {
                    SpecKind::Val {
                        name: Some(name), ..
                    } => format!("spec {name}"),
                    other => format!("unexpected spec {other:?}"),
                }
            }
            TermRef::Module(ModuleRef::Binding(file, item)) => {
                format!("module {}", self.item_label(file, item))
            }
            TermRef::Module(other) => format!("{other:?}"),
        }
    }

    fn item_label(&self, file: SourceFile, item: ItemIdx) -> String {
        let tree = item_tree(&self.db, file);
        let name = tree
            .item(item)
            .name()
            .map(|n| n.to_string())
            .unwrap_or_default();
        format!("{}:{}#{}", file.path(&self.db), name, item.0)
    }
}

#[test]
fn later_definitions_do_not_affect_earlier_ones() {
    let f = Fixture::new(&[("/m.fut", "def x = 1\ndef y = x\ndef x = 2\ndef z = x\n")]);
    assert_eq!(
        f.term(f.before("/m.fut", "y"), "x"),
        Some(("/m.fut:x#0".into(), 1))
    );
    assert_eq!(
        f.term(f.before("/m.fut", "z"), "x"),
        Some(("/m.fut:x#2".into(), 1))
    );
    assert_eq!(f.term(f.before("/m.fut", "y"), "z"), None);
}

#[test]
fn qualified_names_open_and_aliases() {
    let f = Fixture::new(&[(
        "/m.fut",
        "module M = { def a = 1 local def hidden = 2 }\n\
         module N = M\n\
         open N\n\
         def use_a = a\n\
         def r = {f = 1}\n\
         def use_field = r.f\n",
    )]);
    let scope = f.before("/m.fut", "use_a");
    assert_eq!(f.term(scope, "M.a"), Some(("/m.fut:a#1".into(), 2)));
    assert_eq!(f.term(scope, "N.a"), Some(("/m.fut:a#1".into(), 2)));
    assert_eq!(f.term(scope, "a"), Some(("/m.fut:a#1".into(), 1)));
    assert_eq!(f.term(scope, "M.hidden"), None);
    assert_eq!(f.term(scope, "hidden"), None);
    // A value followed by fields: only the first segment is a name.
    let scope = f.before("/m.fut", "use_field");
    assert_eq!(f.term(scope, "r.f"), Some(("/m.fut:r#6".into(), 1)));
}

#[test]
fn module_bodies_see_earlier_outer_names_and_open_them() {
    let f = Fixture::new(&[(
        "/m.fut",
        "module A = { def inner = 1 }\n\
         def outer = 2\n\
         module B = { open A def b = outer }\n\
         open B\n\
         def c = inner + b\n",
    )]);
    let scope = f.before("/m.fut", "c");
    assert_eq!(f.term(scope, "inner"), Some(("/m.fut:inner#1".into(), 1)));
    assert_eq!(f.term(scope, "B.inner"), Some(("/m.fut:inner#1".into(), 2)));
    assert_eq!(f.term(scope, "b"), Some(("/m.fut:b#5".into(), 1)));
}

#[test]
fn ascription_hides_what_the_module_type_omits() {
    let f = Fixture::new(&[(
        "/m.fut",
        "module type S = { type t val make: i32 -> t }\n\
         module M : S = { type t = i32 def make (x: i32) = x def secret = 3 }\n\
         def use = 0\n",
    )]);
    let scope = f.before("/m.fut", "use");
    assert!(f.term(scope, "M.make").is_some());
    assert_eq!(f.term(scope, "M.secret"), None);
    let resolver = f.resolver();
    let t = Path::new(vec![Name::new("M"), Name::new("t")]).expect("path");
    assert!(matches!(
        resolver.resolve_type_path(scope, &t),
        Some(TypeDefRef::Spec(..))
    ));
}

#[test]
fn parametric_modules_see_their_parameters_and_applications_their_bodies() {
    let f = Fixture::new(&[(
        "/m.fut",
        "module type HasZ = { val z: i32 }\n\
         module F (P: HasZ) = { def w = P.z def v = w }\n\
         module X = { def z = 7 }\n\
         module G = F X\n\
         def use = G.w\n",
    )]);
    let tree = item_tree(&f.db, f.file("/m.fut"));
    // Inside F's body, before `v`: `P.z` is the parameter's spec.
    let v = tree
        .items()
        .find(|(_, item)| item.name().map(|n| n.as_str()) == Some("v"))
        .map(|(idx, _)| idx)
        .expect("v");
    let inside = Scope {
        file: f.file("/m.fut"),
        item: Some(v),
        params: None,
    };
    let (term, used) = f.term(inside, "P.z").expect("P.z resolves");
    assert_eq!(term, "spec z");
    assert_eq!(used, 2);
    assert_eq!(f.term(inside, "w"), Some(("/m.fut:w#2".into(), 1)));
    let scope = f.before("/m.fut", "use");
    assert_eq!(f.term(scope, "G.w"), Some(("/m.fut:w#2".into(), 2)));
}

#[test]
fn imports_are_visible_but_not_reexported_while_open_reexports() {
    let f = Fixture::new(&[
        ("/lib/a.fut", "def from_a = 1\n"),
        (
            "/lib/b.fut",
            "import \"a\"\nopen import \"c\"\ndef from_b = from_a\n",
        ),
        ("/lib/c.fut", "def from_c = 3\n"),
        (
            "/main.fut",
            "import \"lib/b\"\nmodule Q = import \"lib/a\"\n",
        ),
    ]);
    let scope = f.before("/lib/b.fut", "from_b");
    assert_eq!(
        f.term(scope, "from_a"),
        Some(("/lib/a.fut:from_a#0".into(), 1))
    );
    let end = f.end("/main.fut");
    assert_eq!(
        f.term(end, "from_b"),
        Some(("/lib/b.fut:from_b#2".into(), 1))
    );
    assert_eq!(
        f.term(end, "from_c"),
        Some(("/lib/c.fut:from_c#0".into(), 1))
    );
    assert_eq!(f.term(end, "from_a"), None);
    assert_eq!(
        f.term(end, "Q.from_a"),
        Some(("/lib/a.fut:from_a#0".into(), 2))
    );
}

#[test]
fn the_prelude_is_the_outermost_scope_and_primitive_types_are_built_in() {
    let f = Fixture::new(&[
        (PRELUDE_ROOT, "def map = 0\ntype shadowed = i32\n"),
        ("/main.fut", "def map = 1\ndef after = map\n"),
        ("/other.fut", "def use = map\n"),
    ]);
    assert_eq!(
        f.term(f.before("/other.fut", "use"), "map"),
        Some(("/prelude/prelude.fut:map#0".into(), 1))
    );
    assert_eq!(
        f.term(f.before("/main.fut", "after"), "map"),
        Some(("/main.fut:map#0".into(), 1))
    );
    let resolver = f.resolver();
    let scope = f.end("/other.fut");
    assert_eq!(
        resolver.resolve_type_name(scope, &Name::new("f32")),
        Some(TypeDefRef::Prim(PrimType::F32))
    );
    assert!(matches!(
        resolver.resolve_type_name(scope, &Name::new("shadowed")),
        Some(TypeDefRef::Def(..))
    ));
    assert_eq!(f.term(scope, "intrinsics"), Some(("Intrinsics".into(), 1)));
}

#[test]
fn import_cycles_do_not_hang_or_panic() {
    let f = Fixture::new(&[
        ("/a.fut", "import \"b\"\ndef a = 1\n"),
        ("/b.fut", "import \"a\"\ndef b = 2\n"),
    ]);
    assert_eq!(f.term(f.end("/a.fut"), "b"), Some(("/b.fut:b#1".into(), 1)));
}
