//! Lowering is incremental: every entry point and every instance called
//! with data arguments is a query of its own, so a one-line edit of a
//! body lowers again only the instances of the edited definition and
//! those that inlined it, and the linked program is the one lowering
//! from scratch gives.

use hir::{FileSet, RootDatabase, SourceFile};
use salsa::Setter;

const PROGRAM: &str = "\
def inc (x: i32) = x + 1
def double_inc (x: i32) = inc x * 2
def twice (k: i32 -> i32) (x: i32) = k (k x)
def via_twice (x: i32) = twice (\\y -> y * 3) x
def also_twice (x: i32) = twice (\\y -> y - 1) x
entry main (x: i32) = (double_inc x, via_twice x, also_twice x)
";

fn load(db: &mut RootDatabase, text: &str) -> (FileSet, SourceFile) {
    let file_set = FileSet::new(db, Default::default());
    hir::prelude::add_prelude(db, file_set);
    let root = hir::load_program(db, file_set, "/main.fut", &mut |_| Ok(text.to_owned()))
        .expect("the program loads");
    (file_set, root)
}

fn lowered(db: &RootDatabase, file_set: FileSet, root: SourceFile) -> String {
    let program = lower::lower_program(db, file_set, root, None).expect("the program lowers");
    opt::ir::print::print_program(&program)
}

/// How many of the executed queries are of the query `name`.
fn count(executed: &[String], name: &str) -> usize {
    executed
        .iter()
        .filter(|query| query.starts_with(&format!("{name}(")))
        .count()
}

/// The program lowered in a database of its own.
fn from_scratch(text: &str) -> String {
    let mut db = RootDatabase::default();
    let (file_set, root) = load(&mut db, text);
    lowered(&db, file_set, root)
}

#[test]
fn an_edited_body_lowers_only_its_instances_and_their_inlining_callers() {
    let mut db = RootDatabase::with_execution_log();
    let (file_set, root) = load(&mut db, PROGRAM);
    let first = lowered(&db, file_set, root);
    let executed = db.take_executed();
    // main, double_inc, inc, via_twice and also_twice; twice takes a
    // function and is inlined into its callers.
    assert_eq!(count(&executed, "instance_piece"), 5, "{executed:?}");
    assert_eq!(count(&executed, "entry_piece"), 1, "{executed:?}");
    assert_eq!(first, from_scratch(PROGRAM));

    // An edit of a called instance's body: that instance alone. Its
    // signature is as before, so its caller is not lowered again.
    let edited = PROGRAM.replace("x + 1", "x + 7");
    root.set_text(&mut db).to(edited.clone());
    let after = lowered(&db, file_set, root);
    let executed = db.take_executed();
    assert_eq!(count(&executed, "instance_piece"), 1, "{executed:?}");
    assert_eq!(count(&executed, "entry_piece"), 0, "{executed:?}");
    assert_ne!(after, first);
    assert_eq!(after, from_scratch(&edited));

    // An edit of an inlined definition: the two instances that inlined it.
    let edited = edited.replace("k (k x)", "k (k (k x))");
    root.set_text(&mut db).to(edited.clone());
    let after = lowered(&db, file_set, root);
    let executed = db.take_executed();
    assert_eq!(count(&executed, "instance_piece"), 2, "{executed:?}");
    assert_eq!(count(&executed, "entry_piece"), 0, "{executed:?}");
    assert_eq!(after, from_scratch(&edited));

    // Lowering the unchanged program again executes nothing.
    lowered(&db, file_set, root);
    assert_eq!(db.take_executed(), Vec::<String>::new());
}

#[test]
fn a_changed_signature_lowers_the_callers_again() {
    let mut db = RootDatabase::with_execution_log();
    let (file_set, root) = load(&mut db, PROGRAM);
    lowered(&db, file_set, root);
    db.take_executed();
    // `inc` now returns a pair: its callers' code must change.
    let edited = PROGRAM
        .replace("def inc (x: i32) = x + 1", "def inc (x: i32) = (x + 1, x)")
        .replace("inc x * 2", "(inc x).0 * 2");
    root.set_text(&mut db).to(edited.clone());
    let after = lowered(&db, file_set, root);
    let executed = db.take_executed();
    assert_eq!(count(&executed, "instance_piece"), 2, "{executed:?}");
    assert_eq!(after, from_scratch(&edited));
}

#[test]
fn definitions_moved_by_an_edit_keep_their_locations() {
    let mut db = RootDatabase::with_execution_log();
    let (file_set, root) = load(&mut db, PROGRAM);
    lowered(&db, file_set, root);
    db.take_executed();
    // Longer text on one line moves what follows in the file, but not to
    // other lines: only the edited definition is lowered again.
    let edited = PROGRAM.replace("x + 1", "x + 1000");
    root.set_text(&mut db).to(edited.clone());
    let after = lowered(&db, file_set, root);
    let executed = db.take_executed();
    assert_eq!(count(&executed, "instance_piece"), 1, "{executed:?}");
    assert_eq!(after, from_scratch(&edited));
    // A new first line moves every definition to another line: their
    // locations change.
    let edited = format!("-- a comment\n{edited}");
    root.set_text(&mut db).to(edited.clone());
    let after = lowered(&db, file_set, root);
    assert_eq!(after, from_scratch(&edited));
    assert!(after.contains("main.fut:7:"), "{after}");
}
