//! One table-driven test per feature: each case is a Futhark fixture with
//! `$0` cursor markers, opened in a server; the answers of all cases of a
//! feature, rendered readably, are one insta snapshot
//! (`tests/snapshots/FEATURE.snap`). Reports are written with `write!`
//! to a `String`, which cannot fail.

use crate::harness::{Fixture, Server, Workspace, at, offset_of, read_uri, show_range, text_in};
use serde_json::{Value, json};
use std::fmt::Write;

/// A fixture opened in the server.
struct Case {
    fixture: Fixture,
    workspace: Workspace,
    uri: String,
}

impl Case {
    fn at_cursor(&self) -> Value {
        at(&self.uri, self.fixture.cursor())
    }

    fn document(&self) -> Value {
        json!({"textDocument": {"uri": self.uri}})
    }

    /// `file range “covered text”` for a location; in the prelude, whose
    /// lines are not this crate's, without the range.
    fn location(&self, uri: &str, range: &Value) -> String {
        let covered = text_in(&read_uri(uri), range).to_string();
        let file = self.workspace.short(uri);
        if file.starts_with("prelude/") {
            return format!("{file} “{covered}”");
        }
        format!("{file} {} “{covered}”", show_range(range))
    }
}

/// Opens each `(title, fixture)` case in one server, renders what `answer`
/// gets for it, and snapshots the rendering of all cases as `feature`.
fn check(feature: &str, cases: &[(&str, &str)], answer: impl Fn(&mut Server, &Case) -> String) {
    let mut server = Server::start();
    let mut report = String::new();
    for (number, (title, source)) in cases.iter().enumerate() {
        let fixture = Fixture::parse(source);
        let workspace = Workspace::new(&format!("{feature}-{number}"));
        let uri = fixture.write(&workspace);
        server.open(&uri, &fixture.text);
        let case = Case {
            fixture,
            workspace,
            uri,
        };
        // Paths in messages differ from run to run.
        let answered = answer(&mut server, &case)
            .replace(&case.workspace.dir.display().to_string(), "WORKSPACE");
        let _ = write!(report, "## {title}\n{source}");
        if !source.ends_with('\n') {
            report.push('\n');
        }
        let answered = answered.trim_end();
        let answered = if answered.is_empty() {
            "nothing"
        } else {
            answered
        };
        let _ = write!(report, "--\n{answered}\n\n");
    }
    snapshot(feature, &report);
}

fn snapshot(name: &str, report: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_snapshot!(name, report));
}

/// An error's message, or `None` for a result.
fn error(response: &Value) -> Option<String> {
    let error = response.get("error")?;
    Some(format!(
        "error {}: {}",
        error["code"],
        error["message"].as_str().unwrap_or("")
    ))
}

#[test]
fn hover() {
    check(
        "hover",
        &[
            ("a parameter's use", "def f (x: i32) = x$0 + 1\n"),
            (
                "a definition's name shows its declared type and documentation",
                "-- | Adds one.\ndef in$0c (x: i32) = x + 1\n",
            ),
            (
                "a use of a documented function",
                "-- | Adds one.\ndef inc (x: i32) = x + 1\ndef use = in$0c 2\n",
            ),
            (
                "a prelude function",
                "def use (xs: []i32) = ma$0p (+1) xs\n",
            ),
            (
                "a name bound by a pattern",
                "def f (p: (i32, bool)) = let (a$0, b) = p in if b then a else 0\n",
            ),
            (
                "a module member",
                "module m = {\n  -- | Half.\n  def half (x: i32) = x / 2\n}\ndef use = m.ha$0lf 4\n",
            ),
            ("a record field", "def use (p: {x: f32, y: bool}) = p.x$0\n"),
            (
                "columns count UTF-16 code units",
                "def inc (x: i32) = x + 1\ndef use (y: i32) = let _ = \"ő𝄞\" in in$0c y\n",
            ),
            ("a keyword has no type", "de$0f x = 1i32\n"),
            (
                "a member of a module applied from a package in lib/",
                "import \"lib/github.com/someone/vectors/vectors\"\nmodule v = mk_vec f32\ndef use = v.no$0rm [3, 4]\n-- file: lib/github.com/someone/vectors/vectors.fut\nimport \"../sums/sums\"\nmodule type vec = {\n  type t\n  -- | The Euclidean norm.\n  val norm [n] : [n]t -> t\n}\nmodule mk_vec (T: real) : vec with t = T.t = {\n  type t = T.t\n  def norm [n] (xs: [n]t) = T.sqrt (total (T.+) (T.i64 0) (map (\\x -> x T.* x) xs))\n}\n-- file: lib/github.com/someone/sums/sums.fut\n-- | Adds up.\ndef total [n] 'a (add: a -> a -> a) (zero: a) (xs: [n]a) = reduce add zero xs\n",
            ),
        ],
        |server, case| {
            let hover = server.request("textDocument/hover", case.at_cursor());
            if hover.is_null() {
                return "null".to_string();
            }
            format!(
                "{}\n{}",
                case.location(&case.uri, &hover["range"]),
                hover["contents"]["value"].as_str().unwrap_or("")
            )
        },
    );
}

#[test]
fn definition() {
    check(
        "definition",
        &[
            ("a parameter", "def f (count: i32) = count$0 + 1\n"),
            (
                "a function",
                "def inc (x: i32) = x + 1\ndef use = in$0c 1\n",
            ),
            (
                "a module member",
                "module m = { def half (x: i32) = x / 2 }\ndef use = m.ha$0lf 4\n",
            ),
            ("a type", "type t = i32\ndef f (x: t$0) = x\n"),
            (
                "a prelude function, in the prelude's read-only files",
                "def use (xs: []i32) = ma$0p (+1) xs\n",
            ),
            (
                "a function of an imported file",
                "import \"lib\"\ndef use = hel$0per 1\n-- file: lib.fut\ndef helper (x: i32) = x\n",
            ),
            ("a literal has none", "def f = 1$0\n"),
            (
                "an import's string: the file it names",
                "import \"li$0b\"\ndef use = helper 1\n-- file: lib.fut\ndef helper (x: i32) = x\n",
            ),
            (
                "a member of a module applied from a package in lib/",
                "import \"lib/github.com/someone/vectors/vectors\"\nmodule v = mk_vec f32\ndef use = v.no$0rm [3, 4]\n-- file: lib/github.com/someone/vectors/vectors.fut\nimport \"../sums/sums\"\nmodule type vec = {\n  type t\n  -- | The Euclidean norm.\n  val norm [n] : [n]t -> t\n}\nmodule mk_vec (T: real) : vec with t = T.t = {\n  type t = T.t\n  def norm [n] (xs: [n]t) = T.sqrt (total (T.+) (T.i64 0) (map (\\x -> x T.* x) xs))\n}\n-- file: lib/github.com/someone/sums/sums.fut\n-- | Adds up.\ndef total [n] 'a (add: a -> a -> a) (zero: a) (xs: [n]a) = reduce add zero xs\n",
            ),
            (
                "a parametric module in lib/",
                "import \"lib/github.com/someone/vectors/vectors\"\nmodule v = mk_v$0ec f32\n-- file: lib/github.com/someone/vectors/vectors.fut\nimport \"../sums/sums\"\nmodule type vec = {\n  type t\n  -- | The Euclidean norm.\n  val norm [n] : [n]t -> t\n}\nmodule mk_vec (T: real) : vec with t = T.t = {\n  type t = T.t\n  def norm [n] (xs: [n]t) = T.sqrt (total (T.+) (T.i64 0) (map (\\x -> x T.* x) xs))\n}\n-- file: lib/github.com/someone/sums/sums.fut\n-- | Adds up.\ndef total [n] 'a (add: a -> a -> a) (zero: a) (xs: [n]a) = reduce add zero xs\n",
            ),
        ],
        |server, case| {
            let target = server.request("textDocument/definition", case.at_cursor());
            let Some(uri) = target["uri"].as_str() else {
                return target.to_string();
            };
            case.location(uri, &target["range"])
        },
    );
}

#[test]
fn references() {
    check(
        "references",
        &[
            (
                "a function, with its declaration",
                "def inc (x: i32) = x + 1\ndef use (y: i32) = inc (in$0c y)\n",
            ),
            (
                "a shadowing binding, not the parameter it shadows",
                "def f (x: i32) =\n  let x = x + 1\n  in x$0 * x\n",
            ),
            (
                "a function of an imported file, from its use",
                "import \"lib\"\ndef use = hel$0per (helper 1)\n-- file: lib.fut\ndef helper (x: i32) = x\n",
            ),
            (
                "a module member",
                "module m = { def half (x: i32) = x / 2 }\ndef use = m.half (m.ha$0lf 4)\n",
            ),
        ],
        |server, case| {
            let mut params = case.at_cursor();
            params["context"] = json!({"includeDeclaration": true});
            let found = server.request("textDocument/references", params);
            let mut lines: Vec<String> = found
                .as_array()
                .into_iter()
                .flatten()
                .map(|place| case.location(place["uri"].as_str().unwrap_or(""), &place["range"]))
                .collect();
            lines.sort();
            lines.join("\n")
        },
    );
}

#[test]
fn document_highlight() {
    check(
        "document_highlight",
        &[
            (
                "a parameter: its definition written, its uses read",
                "def f (count: i32) = count$0 + count * 2\n",
            ),
            (
                "a shadowing binding, not the parameter it shadows",
                "def f (x: i32) =\n  let x = x + 1\n  in x$0 * x\n",
            ),
            (
                "a function of another file: only this file's uses",
                "import \"lib\"\ndef use = hel$0per (helper 1)\n-- file: lib.fut\ndef helper (x: i32) = x\n",
            ),
            ("a literal has none", "def f = 1$0\n"),
        ],
        |server, case| {
            let found = server.request("textDocument/documentHighlight", case.at_cursor());
            found
                .as_array()
                .into_iter()
                .flatten()
                .map(|highlight| {
                    let kind = match highlight["kind"].as_u64() {
                        Some(2) => "read",
                        Some(3) => "write",
                        _ => "text",
                    };
                    format!("{kind} {}", case.location(&case.uri, &highlight["range"]))
                })
                .collect::<Vec<_>>()
                .join("\n")
        },
    );
}

#[test]
fn document_links() {
    check(
        "document_links",
        &[
            (
                "imports, as declarations and module expressions, of files that exist",
                "import \"lib\"\nmodule m = import \"dir/other\"\nimport \"missing\"\n-- file: lib.fut\ndef a = 1i32\n-- file: dir/other.fut\ndef b = 2i32\n",
            ),
            ("none", "def f = 1i32\n"),
        ],
        |server, case| {
            let links = server.request(
                "textDocument/documentLink",
                json!({"textDocument": {"uri": case.uri}}),
            );
            links
                .as_array()
                .into_iter()
                .flatten()
                .map(|link| {
                    format!(
                        "{} -> {} ({})",
                        case.location(&case.uri, &link["range"]),
                        case.workspace.short(link["target"].as_str().unwrap_or("")),
                        link["tooltip"].as_str().unwrap_or("")
                    )
                })
                .collect::<Vec<_>>()
                .join("\n")
        },
    );
}

/// The texts of the files a workspace edit changes, with the edits made.
fn apply_workspace_edit(case: &Case, edit: &Value) -> String {
    let mut files: Vec<(&String, &Value)> = edit["changes"]
        .as_object()
        .map(|changes| changes.iter().collect())
        .unwrap_or_default();
    files.sort_by_key(|(uri, _)| case.workspace.short(uri));
    let mut out = String::new();
    for (uri, edits) in files {
        let text = read_uri(uri);
        let mut edits: Vec<&Value> = edits.as_array().into_iter().flatten().collect();
        edits.sort_by_key(|e| offset_of(&text, &e["range"]["start"]));
        let mut changed = String::new();
        let mut written = 0;
        for edit in edits {
            let start = offset_of(&text, &edit["range"]["start"]);
            changed.push_str(&text[written..start]);
            changed.push_str(edit["newText"].as_str().unwrap_or(""));
            written = offset_of(&text, &edit["range"]["end"]);
        }
        changed.push_str(&text[written..]);
        let _ = write!(out, "{}:\n{changed}", case.workspace.short(uri));
    }
    out
}

#[test]
fn rename() {
    check(
        "rename",
        &[
            (
                "a function and its uses",
                "def inc (x: i32) = x + 1\ndef use (y: i32) = inc (in$0c y)\n",
            ),
            (
                "a parameter",
                "def f (count: i32) = count$0 + count\ndef count = 2i32\n",
            ),
            (
                "across an import",
                "import \"lib\"\ndef use = hel$0per 1\n-- file: lib.fut\ndef helper (x: i32) = x\n",
            ),
            (
                "a prelude name cannot be renamed",
                "def use (xs: []i32) = ma$0p (+1) xs\n",
            ),
            ("a keyword is no name", "de$0f x = 1i32\n"),
        ],
        |server, case| {
            let mut params = case.at_cursor();
            params["newName"] = json!("renamed");
            let answer = server.request_raw("textDocument/rename", params);
            error(&answer).unwrap_or_else(|| apply_workspace_edit(case, &answer["result"]))
        },
    );
}

#[test]
fn rename_checks_the_new_name() {
    let source = "def in$0c (x: i32) = x + 1\n";
    let mut server = Server::start();
    let fixture = Fixture::parse(source);
    let workspace = Workspace::new("rename-new-names");
    let uri = fixture.write(&workspace);
    server.open(&uri, &fixture.text);
    let case = Case {
        fixture,
        workspace,
        uri,
    };
    let mut report = format!("{source}--\n");
    for new_name in ["let", "1x", "x'", "bump"] {
        let mut params = case.at_cursor();
        params["newName"] = json!(new_name);
        let answer = server.request_raw("textDocument/rename", params);
        let rendered =
            error(&answer).unwrap_or_else(|| apply_workspace_edit(&case, &answer["result"]));
        let _ = writeln!(report, "to {new_name}: {rendered}");
    }
    snapshot("rename_new_names", &report);
}

#[test]
fn prepare_rename() {
    check(
        "prepare_rename",
        &[
            (
                "a function's use",
                "def inc (x: i32) = x + 1\ndef use = in$0c 2\n",
            ),
            ("a local", "def f (x: i32) = let y = x in y$0\n"),
            (
                "a module member",
                "module m = { def half (x: i32) = x / 2 }\ndef use = m.ha$0lf 4\n",
            ),
            ("a keyword", "de$0f x = 1i32\n"),
            (
                "a prelude function",
                "def use (xs: []i32) = ma$0p (+1) xs\n",
            ),
        ],
        |server, case| {
            let answer = server.request_raw("textDocument/prepareRename", case.at_cursor());
            error(&answer).unwrap_or_else(|| case.location(&case.uri, &answer["result"]))
        },
    );
}

/// The name being typed before the cursor (after a `.`, the member's).
fn typed_prefix(text: &str, cursor: usize) -> &str {
    let before = &text[..cursor];
    let start = before
        .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '\''))
        .map_or(0, |i| i + 1);
    &before[start..]
}

#[test]
fn completion() {
    check(
        "completion",
        &[
            (
                "locals and definitions in scope, with their types",
                "def helper_one (x: i32) = x\ndef f (helper_count: i32) =\n  let helper_total = helper_count + 1\n  in helper$0\n",
            ),
            ("prelude names", "def use = iot$0\n"),
            (
                "definitions after the cursor's are not in scope",
                "def f = lat$0\ndef later = 1\n",
            ),
            (
                "module members after a dot",
                "module M = { def inner = 1i64 module N = {} }\ndef use = M.$0\n",
            ),
            ("prelude module members", "def use = f32.sq$0\n"),
            ("record fields", "def use (p: {x: f32, y: bool}) = p.$0\n"),
            (
                "record fields, before the one already written",
                "def use (p: {x: f32, y: bool}) = p.$0x\n",
            ),
            (
                "fields of a field, before the one already written",
                "def use (p: {a: {x: f32, y: bool}, b: i32}) =\n  let q = p\n  in q.a.$0y\n",
            ),
            (
                "module members, before the one already written",
                "module M = { def inner = 1i64 def other = 2i64 }\ndef use = M.$0inner\n",
            ),
            ("keywords", "def f (x: i32) = lo$0\n"),
        ],
        |server, case| {
            let cursor = offset_of(&case.fixture.text, &case.fixture.cursor());
            let prefix = typed_prefix(&case.fixture.text, cursor);
            let items = server.request("textDocument/completion", case.at_cursor());
            // Only what the editor would show: the items the typed prefix
            // starts (the prelude has hundreds of names).
            items
                .as_array()
                .into_iter()
                .flatten()
                .filter(|item| item["label"].as_str().unwrap_or("").starts_with(prefix))
                .map(|item| {
                    let kind = match item["kind"].as_u64() {
                        Some(3) => "function",
                        Some(5) => "field",
                        Some(6) => "variable",
                        Some(9) => "module",
                        Some(14) => "keyword",
                        _ => "?",
                    };
                    let detail = item["detail"].as_str().map(|d| format!(" : {d}"));
                    format!(
                        "{} ({kind}){}",
                        item["label"].as_str().unwrap_or(""),
                        detail.unwrap_or_default()
                    )
                })
                .collect::<Vec<_>>()
                .join("\n")
        },
    );
}

/// LSP symbol kinds by number.
fn symbol_kind(kind: &Value) -> &'static str {
    match kind.as_u64() {
        Some(2) => "module",
        Some(11) => "interface",
        Some(12) => "function",
        Some(14) => "constant",
        Some(26) => "type",
        _ => "?",
    }
}

fn outline(case: &Case, symbols: &Value, depth: usize, out: &mut String) {
    for symbol in symbols.as_array().into_iter().flatten() {
        let detail = symbol["detail"].as_str().map(|d| format!(" {d}"));
        let _ = writeln!(
            out,
            "{}{} {}{} full {} name {}",
            "  ".repeat(depth),
            symbol_kind(&symbol["kind"]),
            symbol["name"].as_str().unwrap_or(""),
            detail.unwrap_or_default(),
            show_range(&symbol["range"]),
            case.location(&case.uri, &symbol["selectionRange"]),
        );
        outline(case, &symbol["children"], depth + 1, out);
    }
}

#[test]
fn document_symbols() {
    check(
        "document_symbols",
        &[
            (
                "modules nest their contents",
                "def top = 1i32\nmodule m = {\n  def inner (x: i32) = x\n  module deeper = { type t = i32 }\n}\n",
            ),
            (
                "module types and their specifications",
                "module type S = { val f : i32 -> i32 }\nmodule M : S = { def f (x: i32) = x }\n",
            ),
            (
                "types, constants and entry points",
                "type t = i32\ndef c : t = 1\nentry main (x: i32) = x + c\n",
            ),
            (
                "what parses, next to what does not",
                "def ok = 1i32\ndef broken = (1 +\ndef after = 2i32\n",
            ),
        ],
        |server, case| {
            let symbols = server.request("textDocument/documentSymbol", case.document());
            let mut out = String::new();
            outline(case, &symbols, 0, &mut out);
            out
        },
    );
}

#[test]
fn workspace_symbols() {
    let cases = [
        (
            "INR",
            "a fuzzy, case-insensitive query, with the containing module",
            "def top = 1i32\nmodule m = {\n  def inner (x: i32) = x\n}\n",
        ),
        (
            "",
            "an empty query lists every user symbol (none of the prelude's)",
            "type t = i32\ndef c : t = 1\n",
        ),
        (
            "help",
            "symbols of imported files",
            "import \"lib\"\ndef use = helper 1\n-- file: lib.fut\ndef helper (x: i32) = x\ndef helpless = 0i32\n",
        ),
    ];
    let mut report = String::new();
    for (number, (query, title, source)) in cases.into_iter().enumerate() {
        // A server each: workspace symbols are those of every open program.
        let mut server = Server::start();
        let fixture = Fixture::parse(source);
        let workspace = Workspace::new(&format!("workspace-symbols-{number}"));
        let uri = fixture.write(&workspace);
        server.open(&uri, &fixture.text);
        let case = Case {
            fixture,
            workspace,
            uri,
        };
        let found = server.request("workspace/symbol", json!({ "query": query }));
        let mut lines: Vec<String> = found
            .as_array()
            .into_iter()
            .flatten()
            .map(|symbol| {
                let container = symbol["containerName"].as_str().map(|c| format!(" in {c}"));
                format!(
                    "{} {}{} at {}",
                    symbol_kind(&symbol["kind"]),
                    symbol["name"].as_str().unwrap_or(""),
                    container.unwrap_or_default(),
                    case.location(
                        symbol["location"]["uri"].as_str().unwrap_or(""),
                        &symbol["location"]["range"]
                    )
                )
            })
            .collect();
        lines.sort();
        let _ = write!(
            report,
            "## {title}\n{source}--\nquery “{query}”:\n{}\n\n",
            lines.join("\n")
        );
    }
    snapshot("workspace_symbols", &report);
}

/// Semantic tokens decoded: one line per token, `line:column text type
/// modifiers`.
fn decode_tokens(server: &Server, text: &str, data: &Value) -> String {
    let legend = &server.capabilities["semanticTokensProvider"]["legend"];
    let numbers: Vec<u64> = data
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_u64)
        .collect();
    let (mut line, mut column) = (0, 0);
    let mut out = String::new();
    for token in numbers.chunks(5) {
        let [delta_line, delta_start, length, kind, modifiers] = token else {
            panic!("tokens come in fives: {data}");
        };
        if *delta_line > 0 {
            column = 0;
        }
        line += delta_line;
        column += delta_start;
        let start = json!({"line": line, "character": column});
        let end = json!({"line": line, "character": column + length});
        let covered = text_in(text, &json!({"start": start, "end": end}));
        let kind = legend["tokenTypes"][*kind as usize].as_str().unwrap_or("?");
        let _ = write!(out, "{line}:{column} {covered} {kind}");
        let names = legend["tokenModifiers"].as_array().into_iter().flatten();
        for (bit, name) in names.enumerate() {
            if modifiers & (1 << bit) != 0 {
                let _ = write!(out, " {}", name.as_str().unwrap_or("?"));
            }
        }
        out.push('\n');
    }
    out
}

#[test]
fn semantic_tokens_full() {
    check(
        "semantic_tokens_full",
        &[
            (
                "functions, parameters, variables and library types",
                "def inc (x: i32) = x + 1\ndef two = inc 1\n",
            ),
            (
                "modules, module types, type parameters, fields and constructors",
                "module type S = { type t }\nmodule m : S = { type t = i32 }\ndef f 'a (x: a) (r: {y: i32}) : (a, i32) = (x, r.y)\ntype color = #red | #green\ndef c : color = #red\n",
            ),
            (
                "columns in UTF-16 code units after non-ASCII text",
                "def a = 1i32\ndef b = (\"𝄞ő\", a)\n",
            ),
        ],
        |server, case| {
            let tokens = server.request("textDocument/semanticTokens/full", case.document());
            decode_tokens(server, &case.fixture.text, &tokens["data"])
        },
    );
}

#[test]
fn semantic_tokens_delta() {
    let cases = [
        (
            "a definition added",
            "def inc (x: i32) = x + 1\ndef two = inc 1\n",
            "def inc (x: i32) = x + 1\ndef three (y: i32) = inc (inc y)\ndef two = inc 1\n",
        ),
        (
            "a name changed",
            "def inc (x: i32) = x + 1\n",
            "def inc (count: i32) = count + 1\n",
        ),
        (
            "nothing changed but a comment",
            "def inc (x: i32) = x + 1\n",
            "-- one more\ndef inc (x: i32) = x + 1\n",
        ),
    ];
    let mut server = Server::start();
    let mut report = String::new();
    for (number, (title, before, after)) in cases.into_iter().enumerate() {
        let workspace = Workspace::new(&format!("token-delta-{number}"));
        let uri = workspace.write("main.fut", before);
        let document = json!({"textDocument": {"uri": uri}});
        server.open(&uri, before);
        let first = server.request("textDocument/semanticTokens/full", document.clone());
        server.change(&uri, 2, after);
        let delta = server.request(
            "textDocument/semanticTokens/full/delta",
            json!({"textDocument": {"uri": uri}, "previousResultId": first["resultId"]}),
        );
        // The edits turn the first tokens into the new ones.
        let mut data: Vec<Value> = first["data"].as_array().cloned().unwrap_or_default();
        let edits = delta["edits"].as_array().cloned().unwrap_or_default();
        for edit in edits.iter().rev() {
            let start = edit["start"].as_u64().unwrap_or(0) as usize;
            let delete = edit["deleteCount"].as_u64().unwrap_or(0) as usize;
            let inserted = edit["data"].as_array().cloned().unwrap_or_default();
            data.splice(start..start + delete, inserted);
        }
        let full = server.request("textDocument/semanticTokens/full", document);
        assert_eq!(Value::Array(data.clone()), full["data"], "{title}: {delta}");
        let shown: Vec<String> = edits
            .iter()
            .map(|e| {
                format!(
                    "at {} delete {} insert {}",
                    e["start"], e["deleteCount"], e["data"]
                )
            })
            .collect();
        let _ = write!(
            report,
            "## {title}\n{before}-- becomes\n{after}--\nedits:\n{}\nnew tokens:\n{}\n",
            shown.join("\n"),
            decode_tokens(&server, after, &Value::Array(data))
        );
    }
    // A result id the server does not know: all tokens.
    let workspace = Workspace::new("token-delta-unknown");
    let uri = workspace.write("main.fut", "def x = 1i32\n");
    server.open(&uri, "def x = 1i32\n");
    let unknown = server.request(
        "textDocument/semanticTokens/full/delta",
        json!({"textDocument": {"uri": uri}, "previousResultId": "no such id"}),
    );
    let _ = write!(report, "## an unknown previous result id\n{unknown}\n");
    snapshot("semantic_tokens_delta", &report);
}

/// The text with each inlay hint inserted where it shows, as `«hint»`.
fn with_hints(text: &str, hints: &Value) -> String {
    let mut at: Vec<(usize, String)> = hints
        .as_array()
        .into_iter()
        .flatten()
        .map(|hint| {
            let offset = offset_of(text, &hint["position"]);
            (offset, hint["label"].as_str().unwrap_or("?").to_string())
        })
        .collect();
    at.sort_by_key(|(offset, _)| *offset);
    let mut out = String::new();
    let mut written = 0;
    for (offset, label) in at {
        out.push_str(&text[written..offset]);
        let _ = write!(out, "«{label}»");
        written = offset;
    }
    out.push_str(&text[written..]);
    out
}

#[test]
fn inlay_hints() {
    check(
        "inlay_hints",
        &[
            (
                "let bindings, parameters, lambdas and loops; written types get none",
                "def f (xs: []i32) y =\n  let ys = map (\\x -> x + y) xs\n  let (a, b: bool) = (1i32, true)\n  in loop acc = a for z in ys do acc + z\n",
            ),
            (
                "only the lines asked for (from the cursor on)",
                "def f (x: i32) = let y = x + 1 in y\n$0def g (x: i32) = let z = x * 2 in z\n",
            ),
            (
                "nothing for a name whose type an error leaves unknown",
                "def g = let v = undefined_name in v\ndef h = let w = 1i32 in w\n",
            ),
        ],
        |server, case| {
            let start = case
                .fixture
                .cursors
                .first()
                .cloned()
                .unwrap_or(json!({"line": 0, "character": 0}));
            let lines = case.fixture.text.lines().count();
            let hints = server.request(
                "textDocument/inlayHint",
                json!({
                    "textDocument": {"uri": case.uri},
                    "range": {"start": start, "end": {"line": lines, "character": 0}}
                }),
            );
            with_hints(&case.fixture.text, &hints)
        },
    );
}

#[test]
fn signature_help() {
    check(
        "signature_help",
        &[
            (
                "the second argument",
                "def add (x: i32) (y: i32) = x + y\ndef use = add 1 $0\n",
            ),
            (
                "the first argument",
                "def add (x: i32) (y: i32) = x + y\ndef use = add $0\n",
            ),
            (
                "a prelude function",
                "def use (xs: []i32) = map (\\x -> x + 1) $0\n",
            ),
            ("not in an application", "def use = $0\n"),
            (
                "every argument given",
                "def add (x: i32) (y: i32) = x + y\ndef use = add 1 2 $0\n",
            ),
            (
                "after an operator",
                "def add (x: i32) (y: i32) = x + y\ndef use (z: i32) = add 1 z + $0\n",
            ),
            (
                "after a binding's `=`",
                "def add (x: i32) (y: i32) = x + y\ndef use = let z = $0\n",
            ),
            (
                "a variable that is no function",
                "def use (z: i32) = z $0\n",
            ),
        ],
        |server, case| {
            let help = server.request("textDocument/signatureHelp", case.at_cursor());
            let Some(signature) = help["signatures"].get(0) else {
                return help.to_string();
            };
            // The label, with the active parameter in brackets.
            let label = signature["label"].as_str().unwrap_or("");
            let active = help["activeParameter"].as_u64().unwrap_or(0) as usize;
            let span = &signature["parameters"][active]["label"];
            let utf16: Vec<u16> = label.encode_utf16().collect();
            let (start, end) = (
                span[0].as_u64().unwrap_or(0) as usize,
                span[1].as_u64().unwrap_or(0) as usize,
            );
            format!(
                "{}[{}]{}",
                String::from_utf16_lossy(&utf16[..start]),
                String::from_utf16_lossy(&utf16[start..end]),
                String::from_utf16_lossy(&utf16[end..])
            )
        },
    );
}

#[test]
fn code_action_insert_type_annotation() {
    check(
        "code_action",
        &[
            (
                "a let binding",
                "def f (x: i32) =\n  let y$0 = x + 1\n  in y\n",
            ),
            (
                "a binding whose type needs parentheses",
                "def f (n: i64) = let y$0s = iota n in ys\n",
            ),
            ("a parameter", "def f x$0 = x + 1i32\n"),
            (
                "a lambda parameter",
                "def g = map (\\x$0 -> x + 1i32) [1]\n",
            ),
            ("nothing for written types", "def f (x$0: i32) : i32 = x\n"),
            ("a result type", "def f (x$0: i32) = x\n"),
        ],
        |server, case| {
            let cursor = case.fixture.cursor();
            let actions = server.request(
                "textDocument/codeAction",
                json!({
                    "textDocument": {"uri": case.uri},
                    "range": {"start": cursor, "end": cursor},
                    "context": {"diagnostics": []}
                }),
            );
            let mut out = String::new();
            for action in actions.as_array().into_iter().flatten() {
                let _ = write!(
                    out,
                    "{} ({}):\n{}",
                    action["title"].as_str().unwrap_or(""),
                    action["kind"].as_str().unwrap_or(""),
                    apply_workspace_edit(case, &action["edit"])
                );
            }
            out
        },
    );
}

#[test]
fn folding_ranges() {
    check(
        "folding_ranges",
        &[
            (
                "declarations, bodies and modules",
                "def f (x: i32) =\n  let y = x + 1\n  in y\nmodule m = {\n  def g = 1i32\n  def h = 2i32\n}\n",
            ),
            (
                "comment blocks and imports",
                "import \"a\"\nimport \"b\"\n-- One.\n-- Two.\n-- Three.\ndef x = 1i32\n",
            ),
        ],
        |server, case| {
            let folds = server.request("textDocument/foldingRange", case.document());
            let lines: Vec<&str> = case.fixture.text.lines().collect();
            folds
                .as_array()
                .into_iter()
                .flatten()
                .map(|fold| {
                    let (start, end) = (
                        fold["startLine"].as_u64().unwrap_or(0) as usize,
                        fold["endLine"].as_u64().unwrap_or(0) as usize,
                    );
                    let kind = fold["kind"].as_str().unwrap_or("region");
                    format!(
                        "{start}-{end} {kind}: {} … {}",
                        lines.get(start).unwrap_or(&""),
                        lines.get(end).unwrap_or(&"")
                    )
                })
                .collect::<Vec<_>>()
                .join("\n")
        },
    );
}

#[test]
fn diagnostics() {
    check(
        "diagnostics",
        &[
            ("a type error", "def f (x: i32) = x + true\n"),
            ("a syntax error", "def f (x: i32) = (x +\ndef g = 1i32\n"),
            ("an unknown name", "def f = nowhere 1\n"),
            (
                "a consumption error, with where it was consumed",
                "def f (xs: *[]i32) =\n  let ys = xs with [0] = 1\n  in xs[0] + ys[0]\n",
            ),
            ("an unresolved import", "import \"missing\"\ndef f = 1i32\n"),
            (
                "a type error in an imported file is that file's",
                "import \"lib\"\ndef use = helper 1i32\n-- file: lib.fut\ndef helper (x: i32) = x + true\n",
            ),
            ("none", "def f (x: i32) = x + 1\n"),
            (
                "none for a module applied from a package in lib/",
                "import \"lib/github.com/someone/vectors/vectors\"\nmodule v = mk_vec f32\ndef use : f32 = v.norm [3, 4]\n-- file: lib/github.com/someone/vectors/vectors.fut\nimport \"../sums/sums\"\nmodule type vec = {\n  type t\n  -- | The Euclidean norm.\n  val norm [n] : [n]t -> t\n}\nmodule mk_vec (T: real) : vec with t = T.t = {\n  type t = T.t\n  def norm [n] (xs: [n]t) = T.sqrt (total (T.+) (T.i64 0) (map (\\x -> x T.* x) xs))\n}\n-- file: lib/github.com/someone/sums/sums.fut\n-- | Adds up.\ndef total [n] 'a (add: a -> a -> a) (zero: a) (xs: [n]a) = reduce add zero xs\n",
            ),
        ],
        |server, case| {
            let diagnostics = server.diagnostics(&case.uri, 1);
            let mut out = String::new();
            for diagnostic in &diagnostics {
                let severity = match diagnostic["severity"].as_u64() {
                    Some(1) => "error",
                    Some(2) => "warning",
                    Some(4) => "hint",
                    _ => "?",
                };
                let _ = writeln!(
                    out,
                    "{severity} at {}: {}",
                    case.location(&case.uri, &diagnostic["range"]),
                    diagnostic["message"].as_str().unwrap_or("")
                );
                for related in diagnostic["relatedInformation"]
                    .as_array()
                    .into_iter()
                    .flatten()
                {
                    let _ = writeln!(
                        out,
                        "  related {}: {}",
                        case.location(
                            related["location"]["uri"].as_str().unwrap_or(""),
                            &related["location"]["range"]
                        ),
                        related["message"].as_str().unwrap_or("")
                    );
                }
            }
            out
        },
    );
}

/// `text` with LSP text edits made.
fn apply_edits(text: &str, edits: &Value) -> String {
    let mut edits: Vec<&Value> = edits.as_array().into_iter().flatten().collect();
    edits.sort_by_key(|e| offset_of(text, &e["range"]["start"]));
    let mut changed = String::new();
    let mut written = 0;
    for edit in edits {
        let start = offset_of(text, &edit["range"]["start"]);
        changed.push_str(&text[written..start]);
        changed.push_str(edit["newText"].as_str().unwrap_or(""));
        written = offset_of(text, &edit["range"]["end"]);
    }
    changed.push_str(&text[written..]);
    changed
}

/// Whole-document formatting for fixtures without a cursor, range
/// formatting between the two cursors of the others.
#[test]
fn formatting() {
    check(
        "formatting",
        &[
            (
                "a whole document",
                "def f (x:i32)=\n      let y = x+1\n   in y\nmodule m = {\ndef g = ( 1,2 )\n  }\n",
            ),
            (
                "a range formats the declarations it touches",
                "def a = 1+2\n\ndef b = $0 3*4\ndef c =\n      5$0\n\ndef d = 6-7\n",
            ),
            (
                "a formatted document needs no edit",
                "def f (x: i32) =\n  let y = x + 1\n  in y\n",
            ),
            ("syntax errors: no edit", "def f = (1,\n"),
        ],
        |server, case| {
            let edits = match case.fixture.cursors.as_slice() {
                [start, end] => server.request(
                    "textDocument/rangeFormatting",
                    json!({
                        "textDocument": {"uri": case.uri},
                        "range": {"start": start, "end": end},
                        "options": {"tabSize": 2, "insertSpaces": true}
                    }),
                ),
                _ => server.request(
                    "textDocument/formatting",
                    json!({
                        "textDocument": {"uri": case.uri},
                        "options": {"tabSize": 2, "insertSpaces": true}
                    }),
                ),
            };
            match edits.as_array() {
                None => "null".to_string(),
                Some(list) if list.is_empty() => "no edits".to_string(),
                Some(list) => format!(
                    "{} edit(s):\n{}",
                    list.len(),
                    apply_edits(&case.fixture.text, &edits)
                ),
            }
        },
    );
}

#[test]
fn formatting_is_advertised() {
    let server = Server::start();
    assert_eq!(server.capabilities["documentFormattingProvider"], true);
    assert_eq!(server.capabilities["documentRangeFormattingProvider"], true);
}
