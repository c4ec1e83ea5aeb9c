//! Type inference of definitions: the types they get and the errors they
//! report.

use hir::infer::{infer_value, value_diagnostics, value_scheme};
use hir::item_tree::item_tree;
use hir::{FileSet, RootDatabase, SourceFile};
use salsa::Setter;
use std::collections::BTreeMap;

struct Checked {
    db: RootDatabase,
    file_set: FileSet,
    file: SourceFile,
}

fn check(text: &str) -> Checked {
    let mut db = RootDatabase::default();
    let file_set = FileSet::new(&db, BTreeMap::new());
    let file = hir::files::add_file(&mut db, file_set, "/main.fut", text.to_string());
    Checked { db, file_set, file }
}

/// Like [`check`], with the prelude (`filter`, `zip`, `iota`, …).
fn check_with_prelude(text: &str) -> Checked {
    let mut db = RootDatabase::default();
    let file_set = FileSet::new(&db, BTreeMap::new());
    hir::prelude::add_prelude(&mut db, file_set);
    let file = hir::files::add_file(&mut db, file_set, "/main.fut", text.to_string());
    Checked { db, file_set, file }
}

impl Checked {
    fn item(&self, name: &str) -> hir::item_tree::ItemIdx {
        let tree = item_tree(&self.db, self.file);
        tree.items()
            .filter(|(_, item)| item.name().map(|n| n.as_str()) == Some(name))
            .map(|(idx, _)| idx)
            .last()
            .unwrap_or_else(|| panic!("no item {name}"))
    }

    /// The type of a definition, with its type parameters.
    fn ty(&self, name: &str) -> String {
        let scheme = value_scheme(&self.db, self.file_set, self.file, self.item(name));
        let params: String = scheme
            .type_params
            .iter()
            .map(|p| format!("'{p} "))
            .collect();
        format!("{params}{}", scheme.ty)
    }

    fn errors(&self, name: &str) -> Vec<String> {
        self.diagnostics(name, true)
    }

    fn warnings(&self, name: &str) -> Vec<String> {
        self.diagnostics(name, false)
    }

    fn diagnostics(&self, name: &str, errors: bool) -> Vec<String> {
        value_diagnostics(&self.db, self.file_set, self.file, self.item(name))
            .into_iter()
            .filter(|d| d.is_error() == errors)
            .map(|d| d.message)
            .collect()
    }

    fn ok(&self, name: &str) -> String {
        let errors = self.errors(name);
        assert!(errors.is_empty(), "{name}: {errors:#?}");
        self.ty(name)
    }
}

#[test]
fn primitive_arithmetic_and_literal_defaulting() {
    let c = check(
        "def inc (x: i32) = x + 1\n\
         def half (x: f32) = x / 2\n\
         def two = 1 + 1\n\
         def decimal = 1.5\n\
         def suffixed = 3u8 * 2\n\
         def cmp (a: i64) (b: i64) = a < b && !(a == b)\n\
         def bits (x: u32) = x & 0xff | x >> 2\n",
    );
    assert_eq!(c.ok("inc"), "i32 -> i32");
    assert_eq!(c.ok("half"), "f32 -> f32");
    assert_eq!(c.ok("two"), "i32");
    assert_eq!(c.ok("decimal"), "f64");
    assert_eq!(c.ok("suffixed"), "u8");
    assert_eq!(c.ok("cmp"), "i64 -> i64 -> bool");
    assert_eq!(c.ok("bits"), "u32 -> u32");
    // A type left open in the definition's own type is defaulted with a
    // warning; one fixed by the definition's types is not.
    assert_eq!(c.warnings("two"), ["Defaulting ambiguous type to i32."]);
    assert_eq!(c.warnings("decimal"), ["Defaulting ambiguous type to f64."]);
    assert!(c.warnings("inc").is_empty());
    assert!(c.warnings("suffixed").is_empty());
}

#[test]
fn polymorphism_is_inferred_and_instantiated() {
    let c = check(
        "def id x = x\n\
         def pair 'a 'b (x: a) (y: b) = (x, y)\n\
         def use = (id 1i64, id true, pair 1f32 2u16)\n\
         def compose f g x = f (g x)\n",
    );
    assert_eq!(c.ok("id"), "'a a -> a");
    assert_eq!(c.ok("pair"), "'a 'b a -> b -> (a, b)");
    assert_eq!(c.ok("use"), "(i64, bool, (f32, u16))");
    assert_eq!(c.ok("compose"), "'a 'b 'c (a -> b) -> (c -> a) -> c -> b");
}

#[test]
fn records_tuples_arrays_and_indexing() {
    let c = check(
        "def r = {b = true, a = 1}\n\
         def second (t: (i32, bool)) = t.1\n\
         def field r = r.x + 1i8\n\
         def xs = [1, 2, 3]\n\
         def first (xs: []f32) = xs[0]\n\
         def row (m: [][]i32) (i: i64) = m[i]\n\
         def tail (xs: []i32) = xs[1:]\n\
         def nested = [[1u8], [2u8]]\n\
         def updated (xs: *[]i32) = xs with [0] = 5\n\
         def range (n: i64) = 0..<n\n",
    );
    assert_eq!(c.ok("r"), "{a: i32, b: bool}");
    assert_eq!(c.ok("second"), "(i32, bool) -> bool");
    assert!(
        c.errors("field")[0].contains("ambiguous"),
        "{:?}",
        c.errors("field")
    );
    assert_eq!(c.ok("xs"), "[3]i32");
    assert!(c.ok("first").ends_with("f32 -> f32"), "{}", c.ty("first"));
    assert!(
        c.ok("row").ends_with("i32 -> i64 -> []i32"),
        "{}",
        c.ty("row")
    );
    assert!(c.ok("tail").ends_with("-> [? - 1]i32"), "{}", c.ty("tail"));
    assert_eq!(c.ok("nested"), "[2][1]u8");
    assert!(c.ok("updated").contains("*[]i32"), "{}", c.ty("updated"));
    assert_eq!(c.ok("range"), "(n: i64) -> [n]i64");
}

#[test]
fn control_flow_patterns_and_functions() {
    let c = check(
        "def sum (n: i64) = loop acc = 0 for i < n do acc + i\n\
         def fib (n: i32) = let (a, _) = loop (a, b) = (0, 1) for _i < n do (b, a + b) in a\n\
         def count (xs: []bool) = loop c = 0i32 for x in xs do if x then c + 1 else c\n\
         def halve (x: i32) = loop x while x > 1 do x / 2\n\
         def apply (f: i32 -> i32) (x: i32) = f x\n\
         def twice = apply (\\y -> y * 2) 21\n\
         def local_fn = let sq (v: f64) = v * v in sq 3\n\
         def swap {a, b} = {a = b, b = a}\n\
         def sections = ((+) 1 2, (* 2) 3, (10 -) 4, (.a) {a = 1u16})\n",
    );
    assert_eq!(c.ok("sum"), "i64 -> i64");
    assert_eq!(c.ok("fib"), "i32 -> i32");
    assert!(c.ok("count").ends_with("bool -> i32"), "{}", c.ty("count"));
    assert_eq!(c.ok("halve"), "i32 -> i32");
    assert_eq!(c.ok("apply"), "(i32 -> i32) -> i32 -> i32");
    assert_eq!(c.ok("twice"), "i32");
    assert_eq!(c.ok("local_fn"), "f64");
    assert_eq!(c.ok("swap"), "'a 'b {a: a, b: b} -> {a: b, b: a}");
    assert_eq!(c.ok("sections"), "(i32, i32, i32, u16)");
}

#[test]
fn sum_types_and_match() {
    let c = check(
        "type opt = #some i32 | #none\n\
         def get (x: opt) = match x case #some v -> v case #none -> 0\n\
         def make b : opt = if b then #some 1 else #none\n",
    );
    assert_eq!(c.ok("get"), "(#none | #some i32) -> i32");
    assert_eq!(c.ok("make"), "bool -> #none | #some i32");
}

#[test]
fn type_abbreviations_modules_and_recursion() {
    let c = check(
        "type vec 't = [3]t\n\
         type^ endo 't = t -> t\n\
         def v : vec f32 = [1, 2, 3]\n\
         def inc : endo i64 = \\x -> x + 1\n\
         module M = { def k = 7i16 module N = { def deep = true } }\n\
         def use = M.k + 1\n\
         def deep = M.N.deep\n\
         def opened = M.(k * 2)\n\
         def fact (n: i32) : i32 = if n == 0 then 1 else n * fact (n - 1)\n",
    );
    assert_eq!(c.ok("v"), "[3]f32");
    assert_eq!(c.ok("inc"), "i64 -> i64");
    assert_eq!(c.ok("use"), "i16");
    assert_eq!(c.ok("deep"), "bool");
    assert_eq!(c.ok("opened"), "i16");
    assert_eq!(c.ok("fact"), "i32 -> i32");
}

#[test]
fn type_errors_say_what_was_expected() {
    let c = check(
        "def body (x: i32) : bool = x\n\
         def cond (x: i32) = if x then 1 else 2\n\
         def unknown = y + 1\n\
         def not_fn = 1 2\n\
         def no_field (r: {a: i32}) = r.b\n\
         def twice (x: i32) (x: i32) = x\n\
         def branches b = if b then 1i32 else 2f32\n\
         def arg = (\\(x: bool) -> x) 1\n\
         def rank (xs: []i32) = xs[0, 1]\n\
         def bad_type (x: nosuch) = x\n\
         def elements = [1i32, 2i64]\n",
    );
    let first = |name: &str| {
        let errors = c.errors(name);
        assert!(!errors.is_empty(), "{name} has no errors");
        errors[0].clone()
    };
    assert_eq!(
        first("body"),
        "Function body does not have expected type.\nExpected: bool\nActual:   i32"
    );
    assert!(first("cond").starts_with("Condition of if-expression must be a bool."));
    assert_eq!(first("unknown"), "Unknown name \"y\".");
    assert!(
        first("not_fn")
            .starts_with("Cannot apply expression as function, as it has non-function type:"),
        "{}",
        first("not_fn")
    );
    assert!(
        first("no_field").contains("has no field \"b\""),
        "{}",
        first("no_field")
    );
    assert!(
        first("twice").contains("\"x\" also bound"),
        "{}",
        first("twice")
    );
    assert!(first("branches").starts_with("Branches of if-expression differ in type."));
    assert!(
        first("arg").starts_with("Cannot apply function to \"1\" (invalid type).\nExpected: bool")
    );
    assert!(first("rank").contains("rank 1"), "{}", first("rank"));
    assert_eq!(first("bad_type"), "Unknown type \"nosuch\".");
    assert!(first("elements").starts_with("Array elements must all have the same type."));
}

#[test]
fn errors_are_located_at_the_offending_expression() {
    let text = "def f (x: i32) = x + true\n";
    let c = check(text);
    let diagnostics = value_diagnostics(&c.db, c.file_set, c.file, c.item("f"));
    assert_eq!(diagnostics.len(), 1);
    let range = diagnostics[0].range;
    assert_eq!(
        &text[usize::from(range.start())..usize::from(range.end())],
        "true"
    );
}

#[test]
fn editing_a_body_without_changing_its_type_does_not_recheck_users() {
    let mut db = RootDatabase::with_execution_log();
    let file_set = FileSet::new(&db, BTreeMap::new());
    let file = hir::files::add_file(
        &mut db,
        file_set,
        "/main.fut",
        "def f (x: i32) = x + 1\ndef g = f 2\n".to_string(),
    );
    let tree = item_tree(&db, file);
    let (f, g) = (tree.top_level[0], tree.top_level[1]);
    infer_value(&db, file_set, file, g);
    db.take_executed();

    file.set_text(&mut db)
        .to("def f (x: i32) = x * 10 + 1\ndef g = f 2\n".to_string());
    infer_value(&db, file_set, file, g);
    infer_value(&db, file_set, file, f);
    let executed = db.take_executed();
    let inferred: Vec<_> = executed
        .iter()
        .filter(|q| q.starts_with("infer_value"))
        .collect();
    assert_eq!(inferred.len(), 1, "only f is re-inferred: {executed:?}");

    file.set_text(&mut db)
        .to("def f (x: i32) = x > 1\ndef g = f 2\n".to_string());
    assert_eq!(value_scheme(&db, file_set, file, g).ty.to_string(), "bool");
}

#[test]
fn named_parameters_give_result_sizes_and_branches_join_sizes() {
    let c = check(
        "def rep (n: i64) (x: i32) : [n]i32 = ???\n\
         def three = rep 3 1\n\
         def dependent (k: i64) = rep k 0\n\
         def computed (k: i64) = rep (k + 1) 0\n\
         def pick b (xs: [3]i32) (ys: [4]i32) = if b then xs else ys\n\
         def same (xs: [3]i32) = if true then xs else xs\n",
    );
    assert_eq!(c.ok("three"), "[3]i32");
    assert_eq!(c.ok("dependent"), "(k: i64) -> [k]i32");
    assert_eq!(c.ok("computed"), "(k: i64) -> [k + 1]i32");
    assert_eq!(c.ok("pick"), "bool -> [3]i32 -> [4]i32 -> []i32");
    assert_eq!(c.ok("same"), "[3]i32 -> [3]i32");
}

#[test]
fn ascription_makes_types_abstract_unless_refined() {
    let c = check(
        "module type S = { type t val x: t val f: t -> i32 type pair = (t, t) val p: pair }\n\
         module M : S = { type t = i32 def x = 1 def f (y: t) = y type pair = (t, t) def p = (x, x) }\n\
         module N : S with t = i32 = { type t = i32 def x = 2 def f (y: t) = y type pair = (t, t) def p = (x, x) }\n\
         module F (P: S) = { def g = P.f P.x def h (y: P.t) = P.f y def first = P.p.0 }\n\
         def through = M.f M.x\n\
         def opaque = M.f 1\n\
         def refined = N.f 1\n\
         def abstract_value = M.x\n\
         def pair = N.p\n",
    );
    assert_eq!(c.ok("through"), "i32");
    assert!(
        c.errors("opaque")[0].contains("Expected: M.t"),
        "{:?}",
        c.errors("opaque")
    );
    assert_eq!(c.ok("refined"), "i32");
    assert_eq!(c.ok("abstract_value"), "M.t");
    assert_eq!(c.ok("pair"), "(i32, i32)");
    assert_eq!(c.ok("g"), "i32");
    assert_eq!(c.ok("h"), "P.t -> i32");
    assert_eq!(c.ok("first"), "P.t");
}

#[test]
fn local_functions_with_type_parameters_are_polymorphic() {
    let c = check(
        "def both = let twice 't (f: t -> t) (x: t) = f (f x) in (twice (\\(y: i32) -> y) 1, twice (\\b -> !b) true)\n",
    );
    assert_eq!(c.ok("both"), "(i32, bool)");
}

#[test]
fn applied_parametric_modules_see_their_arguments_types() {
    let c = check(
        "module type num = { type t val zero: t val add: t -> t -> t }\n\
         module i32_num = { type t = i32 def zero = 0i32 def add (a: i32) (b: i32) = a + b }\n\
         module pair (A: num) (B: num) = { type t = (A.t, B.t) def zero : t = (A.zero, B.zero) }\n\
         module sum (M: num) = { def total [n] (xs: [n]M.t) = loop acc = M.zero for x in xs do M.add acc x }\n\
         module s = sum i32_num\n\
         module p = pair i32_num i32_num\n\
         def t = s.total [1, 2, 3]\n\
         def z = p.zero\n\
         def typed (x: p.t) = x.0\n",
    );
    assert_eq!(c.ok("t"), "i32");
    assert_eq!(c.ok("z"), "(i32, i32)");
    assert_eq!(c.ok("typed"), "(i32, i32) -> i32");
}

#[test]
fn matches_must_be_exhaustive_and_bindings_irrefutable() {
    let c = check(
        "type planet = #mercury | #venus | #earth\n\
         def full (p: planet) = match p case #mercury -> 1 case #venus -> 2 case #earth -> 3\n\
         def partial (p: planet) = match p case #mercury -> 1 case #venus -> 2\n\
         def nested (x: (bool, planet)) = match x case (true, _) -> 1 case (false, #earth) -> 2\n\
         def numbers (x: i32) = match x case 0 -> 1 case 1 -> 2\n\
         def covered (x: i32) = match x case 0 -> 1 case _ -> 2\n\
         def options (x: #some i32 | #none) = match x case #some 0 -> 1 case #none -> 2\n\
         def refutable (x: planet) = let #earth = x in 1\n\
         def records (r: {a: bool, b: bool}) = match r case {a = true, b} -> b case {a = false, b = _} -> true\n",
    );
    assert_eq!(c.ok("full"), "(#earth | #mercury | #venus) -> i32");
    let first = |name: &str| c.errors(name).first().cloned().unwrap_or_default();
    assert_eq!(
        first("partial"),
        "Unmatched cases in match expression.\nUnmatched case: #earth"
    );
    assert_eq!(
        first("nested"),
        "Unmatched cases in match expression.\nUnmatched case: (false, #mercury)"
    );
    assert_eq!(
        first("numbers"),
        "Unmatched cases in match expression.\nUnmatched case: _"
    );
    assert!(c.errors("covered").is_empty());
    assert!(
        first("options").ends_with("#some _"),
        "{}",
        first("options")
    );
    assert!(first("refutable").starts_with("Refutable pattern not allowed here."));
    assert!(c.errors("records").is_empty(), "{:?}", c.errors("records"));
}

#[test]
fn functions_may_not_hide_where_values_are_needed() {
    let c = check(
        "def f (x: i32) = x + 1\n\
         def g (x: i32) = x * 2\n\
         def arr = [f, g]\n\
         def pick b = (if b then f else g) 1\n\
         def id 'a (x: a) : a = x\n\
         def lifted '^a (x: a) : a = x\n\
         def inst = id f\n\
         def inst_lifted = lifted f\n\
         def typed (fs: [](i32 -> i32)) = 0\n\
         entry higher (h: i32 -> i32) = h 1\n\
         entry point = f\n",
    );
    let first = |name: &str| c.errors(name).first().cloned().unwrap_or_default();
    assert!(first("arr").contains("functional type"), "{}", first("arr"));
    assert!(
        first("pick").contains("may not be of function type"),
        "{}",
        first("pick")
    );
    assert!(
        first("inst").contains("functional type"),
        "{}",
        first("inst")
    );
    assert_eq!(c.ok("inst_lifted"), "i32 -> i32");
    assert!(first("typed").starts_with("Cannot create array with elements of lifted type"));
    assert_eq!(
        first("higher"),
        "Entry point functions may not be higher-order."
    );
    assert_eq!(c.ok("point"), "i32 -> i32");
}

#[test]
fn sizes_are_inferred_and_checked_between_calls() {
    let c = check(
        "def same [n] (a: [n]i32) (b: [n]i32) = a\n\
         def bad (x: [3]i32) (y: [4]i32) = same x y\n\
         def good (x: [3]i32) (y: [3]i32) = same x y\n\
         def implicit (xs: []i32) (ys: []i32) = same xs ys\n\
         def mismatch [n] [m] (xs: [n]i32) (ys: [m]i32) = same xs ys\n\
         def prefix [k] (xs: [k]f32) (n: i64) : [n]f32 = xs[:n]\n\
         def take_two [k] (xs: [k]f32) = xs[0:2]\n\
         def coercion_checks_elements [k] (xs: [k]f32) (i: i64) = same (xs[i:i+2] :> [2]i32) [1, 2]\n",
    );
    let first = |name: &str| c.errors(name).first().cloned().unwrap_or_default();
    assert!(
        first("bad").contains("Sizes \"3\" and \"4\" do not match."),
        "{}",
        first("bad")
    );
    assert_eq!(c.ok("good"), "[3]i32 -> [3]i32 -> [3]i32");
    assert_eq!(c.ok("implicit"), "[]i32 -> []i32 -> []i32");
    assert!(
        first("mismatch").contains("Sizes \"n\" and \"m\" do not match."),
        "{}",
        first("mismatch")
    );
    assert_eq!(c.ok("prefix"), "[k]f32 -> (n: i64) -> [n]f32");
    assert_eq!(c.ok("take_two"), "[k]f32 -> [2]f32");
    assert!(
        first("coercion_checks_elements").starts_with("Expression does not have expected type.")
    );
}

#[test]
fn literals_must_fit_their_types() {
    let c = check(
        "def edges : (i8, i8, u16, f64) = (-128, 127, 65535, 1.79e308)\n\
         def bits : i8 = 0xFFi8\n\
         def wraps : (i8, u8, i8) = (255i8, 256u8, -129i8)\n\
         def high : i8 = 128\n\
         def low : i8 = -129\n\
         def negative : u8 = -4\n\
         def huge : f32 = 9.7e42\n\
         def also (x: []i32) = let [n] (n: [n]i32) = x in n\n",
    );
    assert!(c.errors("edges").is_empty(), "{:?}", c.errors("edges"));
    assert!(c.errors("bits").is_empty(), "{:?}", c.errors("bits"));
    assert!(c.errors("wraps").is_empty(), "{:?}", c.errors("wraps"));
    let first = |name: &str| c.errors(name).first().cloned().unwrap_or_default();
    assert_eq!(first("high"), "Literal 128 out of bounds for type i8.");
    assert_eq!(first("low"), "Literal -129 out of bounds for type i8.");
    assert_eq!(first("negative"), "Literal -4 out of bounds for type u8.");
    assert!(
        first("huge").contains("out of bounds for type f32"),
        "{}",
        first("huge")
    );
    assert!(first("also").contains("also bound"), "{}", first("also"));
}

fn uniqueness_errors(c: &Checked, name: &str) -> Vec<String> {
    hir::infer::uniqueness_diagnostics(&c.db, c.file_set, c.file, c.item(name))
        .into_iter()
        .map(|d| d.message.lines().next().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn consumed_arrays_are_not_used_again() {
    let c = check(
        "def consume (xs: *[]i32) : i32 = 0\n\
         def update (xs: *[]i32) = xs with [0] = 1\n\
         def use_after (xs: *[]i32) = let ys = xs with [0] = 1 in xs[0] + ys[0]\n\
         def alias_after (xs: *[]i32) = let zs = xs let _ = consume xs in zs[0]\n\
         def not_unique (xs: []i32) = xs with [0] = 1\n\
         def in_lambda (xs: *[]i32) (n: i64) = (\\(i: i64) -> consume xs) n\n\
         def copied (xs: []i32) = copy xs with [0] = 1\n\
         def looped (n: i64) = loop acc = replicate n 0i32 for i < n do acc with [i] = 1\n\
         def branches (b: bool) (xs: *[]i32) = if b then consume xs else xs[0]\n\
         def global = [1i32, 2, 3]\n\
         def leaks (b: bool) = if b then global else [4]\n\
         def fresh_result (xs: []i32) : *[]i32 = xs\n\
         def records (r: {a: i32}) = r with a = 1\n",
    );
    assert!(uniqueness_errors(&c, "update").is_empty());
    assert!(
        uniqueness_errors(&c, "copied").is_empty(),
        "{:?}",
        uniqueness_errors(&c, "copied")
    );
    assert!(
        uniqueness_errors(&c, "looped").is_empty(),
        "{:?}",
        uniqueness_errors(&c, "looped")
    );
    assert!(uniqueness_errors(&c, "branches").is_empty());
    assert!(uniqueness_errors(&c, "records").is_empty());
    assert_eq!(
        uniqueness_errors(&c, "use_after"),
        vec!["Using variable \"xs\", but this was consumed."]
    );
    assert_eq!(
        uniqueness_errors(&c, "alias_after"),
        vec![
            "Using variable \"xs\", but this was consumed.  (Possibly through aliases: \"zs\" may alias variable \"xs\".)"
        ]
    );
    assert_eq!(
        uniqueness_errors(&c, "not_unique"),
        vec!["Consuming variable \"xs\", which is not consumable."]
    );
    assert_eq!(
        uniqueness_errors(&c, "in_lambda"),
        vec!["Consuming variable \"xs\", which is not consumable."]
    );
    assert_eq!(
        uniqueness_errors(&c, "leaks"),
        vec!["Function result aliases the free variable \"global\"."]
    );
    assert_eq!(
        uniqueness_errors(&c, "fresh_result"),
        vec!["Unique-typed return value is aliased to \"xs\", which is not consumable."]
    );
    let diagnostics =
        hir::infer::uniqueness_diagnostics(&c.db, c.file_set, c.file, c.item("use_after"));
    assert_eq!(diagnostics[0].related[0].message, "consumed here");
}

#[test]
fn sizes_and_type_parameters_may_not_escape_their_scope() {
    let c = check_with_prelude(
        "def let_bound (xs: []i32) = let n = 2 + 3 in zip (iota n) xs\n\
         def lambda_param (ys: []i32) = \\(n: i64) (xs: [n]i32) -> zip xs ys\n\
         def type_param x = let g 'b (y: b) = if true then y else x in g\n\
         def later xs n = zip xs (iota n)\n\
         def coerced (xs: []i32) = let n = 3 in zip (iota n) (xs :> [n]i32)\n\
         def siblings (x: i32) = let f 'a (y: a) = y let g 'a (z: a) = z in (f x, g true)\n\
         def shadow [n] (xs: [n]i32) = let g (n: i64) = n + 1 in (g 2, xs)\n",
    );
    for name in ["let_bound", "lambda_param", "type_param"] {
        let errors = c.errors(name);
        assert!(
            errors.iter().any(|e| e.contains("(scope violation)")),
            "{name}: {errors:#?}"
        );
    }
    assert!(c.errors("later")[0].contains("is bound by a later parameter"));
    c.ok("coerced");
    c.ok("siblings");
    c.ok("shadow");
}

#[test]
fn sizes_computed_after_a_type_was_fixed_break_causality() {
    let c = check_with_prelude(
        "def lambda (xs: []i32) = (\\f -> f (filter (> 0) xs)) (\\_ -> 0i32)\n\
         def ascribed (xs: []i32) = let a = [] : [][]i32 let b = [filter (> 0) xs] in a[0] == b[0]\n\
         def argument (xs: []i32) = length (filter (> 0) xs)\n\
         def lifted '~a (f: a -> i64) (x: a) = f x\n\
         def through_lifted (xs: []i32) = lifted (\\(v: []i32) -> length v) (filter (> 0) xs)\n",
    );
    for name in ["lambda", "ascribed"] {
        let errors = c.errors(name);
        assert!(
            errors.iter().any(|e| e.starts_with("Causality check")),
            "{name}: {errors:#?}"
        );
    }
    c.ok("argument");
    c.ok("through_lifted");
}
