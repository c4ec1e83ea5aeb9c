//! `futls` as an editor sees it: the binary, spoken to over stdio with
//! JSON-RPC. `features.rs` has one table-driven snapshot test per feature;
//! this file tests the protocol's behaviour: diagnostics that follow edits
//! and the disk, cancellation, edits racing requests, broken code, and
//! random edits and requests.

mod features;
mod harness;

use harness::{Fixture, Server, Workspace, at, change, notification, position_of, text_in};
use serde_json::{Value, json};
use std::time::Duration;

/// An incremental change of one range.
fn edit(uri: &str, version: i64, range: Value, text: &str) -> Value {
    notification(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": range, "text": text}]
        }),
    )
}

fn range(start: (u32, u32), end: (u32, u32)) -> Value {
    json!({
        "start": {"line": start.0, "character": start.1},
        "end": {"line": end.0, "character": end.1}
    })
}

#[test]
fn diagnostics_follow_edits_and_are_cleared_when_fixed() {
    let mut server = Server::start();
    let workspace = Workspace::new("diagnostics");
    let text = "def f (x: i32) = x + true\n";
    let uri = workspace.write("main.fut", text);
    server.open(&uri, text);
    let diagnostics = server.diagnostics(&uri, 1);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["range"], range((0, 21), (0, 25)));
    server.change(&uri, 2, "def f (x: i32) = x + 1\n");
    assert!(server.diagnostics(&uri, 2).is_empty());

    // Incremental changes, applied in order: `1` becomes `true`, then
    // `x + true` becomes `x && true` with `x` a bool.
    server.send(edit(&uri, 3, range((0, 21), (0, 22)), "true"));
    assert_eq!(server.diagnostics(&uri, 3).len(), 1);
    server.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": uri, "version": 4},
            "contentChanges": [
                {"range": range((0, 19), (0, 20)), "text": "&&"},
                {"range": range((0, 10), (0, 13)), "text": "bool"},
            ]
        }),
    );
    assert!(server.diagnostics(&uri, 4).is_empty());

    // Closed, it has none.
    server.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": uri}}),
    );
    let closed = server.publication(&uri);
    assert_eq!(closed["diagnostics"], json!([]), "{closed}");
    assert!(closed.get("version").is_none(), "{closed}");
}

#[test]
fn diagnostics_wait_for_edits_to_settle_and_only_changes_are_published() {
    let mut server = Server::start();
    let workspace = Workspace::new("debounce");
    let other_uri = workspace.write("other.fut", "def other = true + 1\n");
    server.open(&other_uri, "def other = true + 1\n");
    assert!(!server.diagnostics(&other_uri, 1).is_empty());
    let uri = workspace.write("main.fut", "def f = 1i32\n");
    server.open(&uri, "def f = 1i32\n");
    assert!(server.diagnostics(&uri, 1).is_empty());

    // A burst of edits, each breaking and fixing the text in turn: one
    // publication, of the last version.
    let burst: Vec<Value> = (2..=11)
        .map(|version| {
            let text = if version % 2 == 0 {
                "def f = 1i32 + true\n"
            } else {
                "def f = 2i32\n"
            };
            change(&uri, version, text)
        })
        .collect();
    server.send_all(&burst);
    let mut publications = 1;
    let mut last = server.publication(&uri);
    while last["version"] != 11 {
        publications += 1;
        last = server.publication(&uri);
    }
    assert_eq!(last["diagnostics"], json!([]), "{last}");
    // One, unless the server was starved of processor time mid-burst.
    assert!(
        publications <= 3,
        "{publications} publications for one burst"
    );

    // The other document's diagnostics did not change: not published again.
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        !server.has_publication(&other_uri),
        "unchanged diagnostics were published again"
    );
}

#[test]
fn the_prelude_opens_read_only_and_editing_it_changes_nothing() {
    let mut server = Server::start();
    let workspace = Workspace::new("prelude");
    let fixture = Fixture::parse("def use (xs: []i32) = ma$0p (+1) xs\n");
    let uri = fixture.write(&workspace);
    server.open(&uri, &fixture.text);
    let map = server.request("textDocument/definition", at(&uri, fixture.cursor()));
    let prelude_uri = map["uri"].as_str().unwrap_or_default().to_string();
    assert!(prelude_uri.ends_with("/soacs.fut"), "{map}");
    let path = prelude_uri.strip_prefix("file://").unwrap_or_default();
    let source = std::fs::read_to_string(path).expect("the prelude file is on disk");
    assert_eq!(text_in(&source, &map["range"]), "map", "{map}");
    assert!(std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly()));
    // Opened in the editor, it is the prelude, with no diagnostics.
    server.open(&prelude_uri, &source);
    assert!(server.diagnostics(&prelude_uri, 1).is_empty());
    // Edited there, it is still the prelude: the editor's text is not.
    let broken = source.replacen("def map ", "def mapp ", 1);
    assert_ne!(broken, source);
    server.change(&prelude_uri, 2, &broken);
    assert!(server.diagnostics(&prelude_uri, 2).is_empty());
    let hover = server.request("textDocument/hover", at(&uri, fixture.cursor()));
    assert!(hover.to_string().contains("map"), "{hover}");
    let edited = fixture.text.replace("(+1)", "(+2)");
    server.change(&uri, 2, &edited);
    assert!(server.diagnostics(&uri, 2).is_empty());
    // Closed, it is still the prelude.
    server.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": prelude_uri}}),
    );
    let again = server.request("textDocument/definition", at(&uri, fixture.cursor()));
    assert_eq!(again, map);
    server.change(&uri, 3, &fixture.text);
    assert!(server.diagnostics(&uri, 3).is_empty());
}

#[test]
fn file_watchers_are_registered_when_the_client_can() {
    let mut server = Server::start_with(
        json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}),
    );
    let request = server.next(|message| message["method"] == "client/registerCapability");
    let registration = &request["params"]["registrations"][0];
    assert_eq!(registration["method"], "workspace/didChangeWatchedFiles");
    assert_eq!(
        registration["registerOptions"]["watchers"][0]["globPattern"],
        "**/*.fut"
    );
    server.send(json!({"jsonrpc": "2.0", "id": request["id"], "result": null}));
}

#[test]
fn an_imported_file_changing_on_disk_updates_the_diagnostics() {
    let mut server = Server::start();
    let workspace = Workspace::new("watched");
    let text = "import \"lib\"\ndef use = helper 1i32\n";
    let uri = workspace.write("main.fut", text);
    let lib_uri = workspace.write("lib.fut", "def helper (x: i32) = x\n");
    let lib = workspace.dir.join("lib.fut");
    server.open(&uri, text);
    assert!(server.diagnostics(&uri, 1).is_empty());
    let watched = |server: &mut Server, kind: u32| {
        server.notify(
            "workspace/didChangeWatchedFiles",
            json!({"changes": [{"uri": lib_uri, "type": kind}]}),
        );
    };

    // Changed on disk: `helper` now wants a bool.
    std::fs::write(&lib, "def helper (b: bool) = b\n").expect("write");
    watched(&mut server, 2);
    let diagnostics = server.next_diagnostics(&uri);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["range"]["start"]["line"], 1);

    // Fixed on disk: cleared.
    std::fs::write(&lib, "def helper (x: i32) = x\n").expect("write");
    watched(&mut server, 2);
    assert!(server.next_diagnostics(&uri).is_empty());

    // Deleted: the import cannot be resolved.
    std::fs::remove_file(&lib).expect("remove");
    watched(&mut server, 3);
    let diagnostics = server.next_diagnostics(&uri);
    assert!(
        diagnostics.iter().any(|d| d["range"]["start"]["line"] == 0),
        "{diagnostics:?}"
    );

    // Opened and edited, the editor's text wins over the disk's, even
    // when the disk changes; closed unsaved, the disk's counts again.
    std::fs::write(&lib, "def helper (x: i32) = x\n").expect("write");
    server.open(&lib_uri, "def helper (b: bool) = b\n");
    assert_eq!(server.next_diagnostics(&uri).len(), 1);
    watched(&mut server, 2);
    let helper = at(&uri, json!({"line": 1, "character": 12}));
    let hover = server.request("textDocument/hover", helper);
    let shown = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(shown.contains("bool -> bool"), "{hover}");
    server.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": lib_uri}}),
    );
    assert!(server.next_diagnostics(&uri).is_empty());

    // Created again after a deletion: fine once more.
    std::fs::remove_file(&lib).expect("remove");
    watched(&mut server, 3);
    assert!(!server.next_diagnostics(&uri).is_empty());
    std::fs::write(&lib, "def helper (x: i32) = x\n").expect("write");
    watched(&mut server, 1);
    assert!(server.next_diagnostics(&uri).is_empty());
}

/// How many functions `large_library` has: enough that inferring their
/// types takes a debug build seconds.
const LARGE: usize = 1500;

/// A workspace whose open `main.fut` imports `lib.fut`, a file of `LARGE`
/// functions that is not open: nothing infers the types in their bodies
/// until a request about them asks.
fn large_library(name: &str, server: &mut Server) -> (Workspace, String, String) {
    let library: String = (0..LARGE)
        .map(|i| {
            let lets: String = (0..8)
                .map(|j| {
                    format!("  let y{j} = map (\\z -> z + x * {j}) (iota 3 |> map i32.i64) |> reduce (+) 0\n")
                })
                .collect();
            format!("def f{i} (x: i32) : i32 =\n{lets}  in y0 + y7\n")
        })
        .collect();
    let workspace = Workspace::new(name);
    let lib_uri = workspace.write("lib.fut", &library);
    let main = "import \"lib\"\ndef use = f0 1\n";
    let uri = workspace.write("main.fut", main);
    server.open(&uri, main);
    assert!(server.diagnostics(&uri, 1).is_empty());
    (workspace, uri, lib_uri)
}

/// A request for the type hints of the library's functions `functions`,
/// which takes it seconds to infer.
fn slow_request(
    server: &mut Server,
    lib_uri: &str,
    functions: std::ops::Range<usize>,
) -> (i64, Value) {
    let lines = |function: usize| 10 * function as u32;
    server.new_request(
        "textDocument/inlayHint",
        json!({
            "textDocument": {"uri": lib_uri},
            "range": range((lines(functions.start), 0), (lines(functions.end), 0))
        }),
    )
}

#[test]
fn a_cancelled_request_is_answered_request_cancelled_and_its_work_stops() {
    let mut server = Server::start();
    let (_workspace, uri, lib_uri) = large_library("cancel", &mut server);
    let (id, request) = slow_request(&mut server, &lib_uri, 0..LARGE);
    server.send(request);
    std::thread::sleep(Duration::from_millis(100));
    server.notify("$/cancelRequest", json!({"id": id}));
    let answer = server.response(id);
    assert_eq!(answer["error"]["code"], -32800, "{answer}");

    // The server stops working on it (it would go on for seconds).
    std::thread::sleep(Duration::from_millis(200));
    let before = server.processor_time();
    std::thread::sleep(Duration::from_millis(500));
    let spent = server.processor_time() - before;
    assert!(
        spent < Duration::from_millis(150),
        "still working: {spent:?}"
    );

    // And it answers what comes next.
    let hover = server.request(
        "textDocument/hover",
        at(&uri, json!({"line": 1, "character": 11})),
    );
    assert!(
        hover["contents"]["value"]
            .as_str()
            .is_some_and(|h| h.contains("i32 -> i32")),
        "{hover}"
    );
}

#[test]
fn a_request_outlives_edits_of_other_files_but_not_of_its_own() {
    let mut server = Server::start();
    let (workspace, _uri, lib_uri) = large_library("outlive", &mut server);
    let other_uri = workspace.write("other.fut", "def other = 1i32\n");
    server.open(&other_uri, "def other = 1i32\n");

    // An edit elsewhere cancels the computation, which starts again.
    let half = LARGE / 2;
    let (id, request) = slow_request(&mut server, &lib_uri, 0..half);
    server.send(request);
    std::thread::sleep(Duration::from_millis(200));
    server.change(&other_uri, 2, "def other = 2i32\n");
    let answer = server.response(id);
    let hints = answer["result"].as_array().map_or(0, Vec::len);
    // Each function's eight `let`s and eight lambda parameters.
    assert_eq!(hints, 16 * half, "{}", answer["error"]);

    // A change of its own document, here on disk: its positions no
    // longer hold.
    let (id, request) = slow_request(&mut server, &lib_uri, half..LARGE);
    server.send(request);
    std::thread::sleep(Duration::from_millis(200));
    let lib = workspace.dir.join("lib.fut");
    let changed = format!(
        "-- changed\n{}",
        std::fs::read_to_string(&lib).unwrap_or_default()
    );
    std::fs::write(&lib, changed).expect("write");
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": lib_uri, "type": 2}]}),
    );
    let answer = server.response(id);
    assert_eq!(answer["error"]["code"], -32801, "{answer}");
}

#[test]
fn answers_never_refer_to_replaced_text() {
    const VERSIONS: usize = 100;
    // Version v has v comment lines before `target`: an answer computed on
    // another version than its request's points at another line.
    let text_of = |version: usize| {
        format!(
            "{}def target (x: i32) = x\ndef use = target 1\n",
            "-- padding\n".repeat(version)
        )
    };
    let mut server = Server::start();
    let workspace = Workspace::new("racing");
    let uri = workspace.write("main.fut", &text_of(1));
    server.open(&uri, &text_of(1));
    let mut asked = Vec::new();
    for version in 2..=VERSIONS {
        // Alternately one line more at the top, and two lines fewer.
        let lines = if version % 2 == 0 {
            version
        } else {
            version - 3
        };
        let mut messages = vec![change(&uri, version as i64, &text_of(lines))];
        for method in [
            "textDocument/definition",
            "textDocument/hover",
            "textDocument/references",
        ] {
            let mut params = at(&uri, json!({"line": lines + 1, "character": 12}));
            params["context"] = json!({"includeDeclaration": true});
            let (id, request) = server.new_request(method, params);
            messages.push(request);
            asked.push((id, method, lines));
        }
        server.send_all(&messages);
        // Pauses of 0 to 3 ms: some answers come before the next edit,
        // some race it.
        std::thread::sleep(Duration::from_millis(version as u64 % 4));
    }
    let asked_count = asked.len();
    let mut modified = 0;
    for (id, method, lines) in asked {
        let answer = server.response(id);
        if let Some(error) = answer.get("error") {
            assert_eq!(error["code"], -32801, "{method}: {answer}");
            modified += 1;
            continue;
        }
        let result = &answer["result"];
        let (line, expected) = match method {
            "textDocument/definition" => (&result["range"]["start"]["line"], lines),
            "textDocument/hover" => (&result["range"]["start"]["line"], lines + 1),
            _ => (&result[0]["range"]["start"]["line"], lines),
        };
        assert_eq!(line, expected, "{method} asked of {lines} lines: {answer}");
    }
    // The last requests are of the last text, which no edit replaces.
    assert!(
        modified < asked_count,
        "every request was answered ContentModified"
    );
}

#[test]
fn every_feature_answers_next_to_broken_code() {
    let mut server = Server::start();
    let workspace = Workspace::new("broken");
    let fixture = Fixture::parse(concat!(
        "def broken = (1 +\n",
        "-- | Adds one.\n",
        "def inc (x: i32) =\n",
        "  x + 1\n",
        "def wrong = 1i32 + true\n",
        "def use (y: i32) = let z = in$0c (inc y) in z\n",
        "def also =\n",
    ));
    let uri = fixture.write(&workspace);
    server.open(&uri, &fixture.text);
    let diagnostics = server.diagnostics(&uri, 1);
    assert!(diagnostics.len() >= 3, "{diagnostics:?}");
    let cursor = fixture.cursor();
    let document = json!({"textDocument": {"uri": uri}});
    let mut references = at(&uri, cursor.clone());
    references["context"] = json!({"includeDeclaration": true});
    let mut rename = at(&uri, cursor.clone());
    rename["newName"] = json!("bump");
    let mut whole = document.clone();
    whole["range"] = range((0, 0), (7, 0));
    // At `z`, which has no written type.
    let mut code_action = document.clone();
    code_action["range"] = range((5, 23), (5, 23));
    code_action["context"] = json!({"diagnostics": []});
    let requests = [
        ("textDocument/hover", at(&uri, cursor.clone())),
        ("textDocument/definition", at(&uri, cursor.clone())),
        ("textDocument/references", references),
        ("textDocument/prepareRename", at(&uri, cursor.clone())),
        ("textDocument/rename", rename),
        ("textDocument/completion", at(&uri, cursor.clone())),
        ("textDocument/documentSymbol", document.clone()),
        ("workspace/symbol", json!({"query": "inc"})),
        ("textDocument/semanticTokens/full", document.clone()),
        ("textDocument/semanticTokens/range", whole.clone()),
        ("textDocument/inlayHint", whole),
        // At the inner `inc`'s argument.
        (
            "textDocument/signatureHelp",
            at(&uri, json!({"line": 5, "character": 36})),
        ),
        ("textDocument/codeAction", code_action),
        ("textDocument/foldingRange", document.clone()),
    ];
    for (method, params) in requests {
        let answer = server.request_raw(method, params);
        let result = &answer["result"];
        let empty = result.is_null()
            || result.as_array().is_some_and(Vec::is_empty)
            || result["data"].as_array().is_some_and(Vec::is_empty);
        assert!(!empty, "{method} answered nothing: {answer}");
    }
}

/// A small deterministic generator (xorshift), so that failures repeat.
struct Random(u64);

impl Random {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound.max(1) as u64) as usize
    }
}

#[test]
fn random_edits_and_requests_neither_crash_nor_leave_stale_diagnostics() {
    const OPERATIONS: usize = 10_000;
    let snippets = [
        "def ",
        "x",
        " = ",
        "1",
        " + ",
        "(",
        ")",
        "\n",
        "let y = x in y",
        "map (+1) ",
        "[1, 2]",
        "if true then 1 else 2",
        "--",
        "𝄞",
        "module m = { ",
        "}",
        "\"",
        "loop acc = 0 for i < 3 do acc + i",
        "#[",
        ": i32",
        "\\x -> x",
        "with [0] = 1",
    ];
    let requests = [
        "textDocument/hover",
        "textDocument/completion",
        "textDocument/definition",
        "textDocument/signatureHelp",
        "textDocument/references",
    ];
    let mut server = Server::start();
    let mut text = "def f (x: i32) = x + 1\ndef g (xs: *[]i32) = xs with [0] = f 2\n".to_string();
    let workspace = Workspace::new("random");
    let uri = workspace.write("main.fut", &text);
    server.open(&uri, &text);
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    let mut texts = vec![text.clone()];
    let mut request_ids = Vec::new();
    for _ in 0..OPERATIONS {
        // Offsets on character boundaries only.
        let boundaries: Vec<usize> = (0..=text.len())
            .filter(|&i| text.is_char_boundary(i))
            .collect();
        let at_offset = boundaries[random.below(boundaries.len())];
        if random.below(10) < 4 {
            let end = boundaries
                .iter()
                .copied()
                .find(|&b| b >= at_offset + random.below(4))
                .unwrap_or(at_offset);
            let insert = if random.below(3) == 0 {
                ""
            } else {
                snippets[random.below(snippets.len())]
            };
            let replaced =
                json!({"start": position_of(&text, at_offset), "end": position_of(&text, end)});
            text.replace_range(at_offset..end, insert);
            texts.push(text.clone());
            server.send(edit(&uri, texts.len() as i64, replaced, insert));
        } else {
            let method = requests[random.below(requests.len())];
            let mut params = at(&uri, position_of(&text, at_offset));
            params["context"] = json!({"includeDeclaration": true});
            request_ids.push(server.send_request(method, params));
        }
    }
    // Everything answered, in the end, and never with an internal error;
    // diagnostics only ever for the text of the version they carry, and
    // the last ones for the final text.
    let final_version = texts.len() as i64;
    for id in request_ids {
        let answer = server.response(id);
        assert!(
            answer.get("error").is_none_or(|e| e["code"] != -32603),
            "{answer}"
        );
    }
    let mut last_published = 0;
    while last_published != final_version {
        let published = server.publication(&uri);
        let version = published["version"].as_i64().expect("a version");
        assert!(
            version >= last_published,
            "versions go back: {version} after {last_published}"
        );
        last_published = version;
        let lines = texts[version as usize - 1].split('\n').count() as u64;
        for diagnostic in published["diagnostics"].as_array().into_iter().flatten() {
            let line = diagnostic["range"]["end"]["line"]
                .as_u64()
                .unwrap_or(u64::MAX);
            assert!(
                line < lines,
                "{diagnostic} is past the end of version {version}"
            );
        }
    }
    assert!(
        server.child.try_wait().is_ok_and(|status| status.is_none()),
        "the server exited"
    );
}

/// A frame of `body` whose header gives `length`.
fn frame_with_length(length: &str, body: &[u8]) -> Vec<u8> {
    [format!("Content-Length: {length}\r\n\r\n").as_bytes(), body].concat()
}

fn frame(body: &[u8]) -> Vec<u8> {
    frame_with_length(&body.len().to_string(), body)
}

#[test]
fn malformed_frames_are_answered_and_the_session_goes_on() {
    let hover = br#"{"jsonrpc":"2.0","id":900,"method":"textDocument/hover","params":{}}"#;
    let initialized = br#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;
    // Each malformed frame, and the error code of the answer it gets
    // (`None`: it is skipped, or handled, without an answer of its own).
    let cases: Vec<(&str, Vec<u8>, Option<i64>)> = vec![
        (
            "truncated JSON",
            frame(br#"{"jsonrpc":"2.0","id":1,"method":"shut"#),
            Some(-32700),
        ),
        ("a body that is no object", frame(b"[1, 2]"), Some(-32600)),
        (
            "an id that is an object",
            frame(br#"{"jsonrpc":"2.0","id":{},"method":"m"}"#),
            Some(-32600),
        ),
        (
            "an id that is a float",
            frame(br#"{"jsonrpc":"2.0","id":1.5,"method":"m"}"#),
            Some(-32600),
        ),
        (
            "JSON-RPC 1.0",
            frame(br#"{"jsonrpc":"1.0","id":9,"method":"m"}"#),
            Some(-32600),
        ),
        (
            "invalid UTF-8",
            frame(b"{\"jsonrpc\":\"2.0\",\"method\":\"\xff\"}"),
            Some(-32700),
        ),
        ("a missing header", initialized.to_vec(), Some(-32700)),
        (
            "a length too small",
            frame_with_length("10", initialized),
            Some(-32700),
        ),
        (
            "a length too large",
            frame_with_length("5000", initialized),
            None,
        ),
        (
            "a length that is no number",
            frame_with_length("ten", initialized),
            Some(-32700),
        ),
        ("parameters of the wrong shape", frame(hover), Some(-32602)),
    ];
    let mut server = Server::start();
    for (what, bytes, code) in cases {
        server.send_bytes(&bytes);
        // Skipped bytes are known to be malformed once the next frame
        // starts.
        let id = server.send_request("workspace/symbol", json!({"query": "map"}));
        if let Some(code) = code {
            let answer = server.next(|message| message.get("error").is_some());
            assert_eq!(answer["error"]["code"], code, "{what}: {answer}");
        }
        let response = server.response(id);
        assert!(response.get("result").is_some(), "after {what}: {response}");
    }
}

#[test]
fn help_and_version_answer_without_serving() {
    // Standard input stays open: a server reading it would never exit,
    // and is killed.
    let run = |arg: &str| {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_futls"))
            .arg(arg)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("futls runs");
        let deadline = std::time::Instant::now() + Duration::from_secs(20);
        while child.try_wait().expect("waits").is_none() {
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                panic!("`futls {arg}` did not exit");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        child.wait_with_output().expect("futls finished")
    };
    let help = run("--help");
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&help.stdout).contains("Usage: futls"));
    let version = run("--version");
    assert_eq!(version.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&version.stdout).trim(),
        format!("futls {}", env!("CARGO_PKG_VERSION"))
    );
    let unknown = run("--frobnicate");
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("`--frobnicate`"));
}

/// The user manual's `futls` section names every option `futls --help`
/// lists, and no other (crates/futc/tests/documented_options.rs checks
/// the rest of the manual).
#[test]
fn the_manual_documents_the_options_help_lists() {
    let words = |text: &str| -> std::collections::BTreeSet<String> {
        text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .filter(|word| {
                word.starts_with("--") && word.len() > 2 || word.len() == 2 && word.starts_with('-')
            })
            .map(str::to_owned)
            .collect()
    };
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_futls"))
        .arg("--help")
        .output()
        .expect("futls runs");
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    let (_, options) = help.split_once("Options:").expect("an option list");
    let manual_path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/manual.md");
    let manual = std::fs::read_to_string(manual_path).expect("docs/manual.md");
    let (_, section) = manual
        .split_once("### `futls`\n")
        .expect("a `futls` section");
    let section = section.split("\n#").next().unwrap_or(section);
    assert_eq!(words(section), words(options), "{section}");
}

#[test]
fn clients_that_do_not_show_related_places_get_them_in_the_message() {
    let workspace = Workspace::new("related");
    let text = "def f (xs: *[]i32) =\n  let ys = xs with [0] = 1\n  in xs[0] + ys[0]\n";
    let uri = workspace.write("main.fut", text);
    let mut server = Server::start_with(json!({}));
    server.open(&uri, text);
    let diagnostics = server.diagnostics(&uri, 1);
    let message = diagnostics[0]["message"].as_str().unwrap_or_default();
    assert!(message.contains("\nmain.fut:2:12: "), "{message}");
    assert!(diagnostics[0].get("relatedInformation").is_none());
    let mut server = Server::start();
    server.open(&uri, text);
    let diagnostics = server.diagnostics(&uri, 1);
    let message = diagnostics[0]["message"].as_str().unwrap_or_default();
    assert!(!message.contains("main.fut:"), "{message}");
    assert!(diagnostics[0]["relatedInformation"].is_array());
}

#[test]
fn the_error_index_is_the_diagnostics_code_description() {
    let workspace = Workspace::new("error-index");
    let text = "def g x = x x\n";
    let uri = workspace.write("main.fut", text);
    let mut server = Server::start();
    server.open(&uri, text);
    let diagnostics = server.diagnostics(&uri, 1);
    let described: Vec<&Value> = diagnostics
        .iter()
        .filter(|d| d.get("codeDescription").is_some())
        .collect();
    assert!(!described.is_empty(), "{diagnostics:?}");
    for diagnostic in described {
        let href = diagnostic["codeDescription"]["href"]
            .as_str()
            .unwrap_or_default();
        let code = diagnostic["code"].as_str().unwrap_or_default();
        assert!(
            href.ends_with(&format!("error-index.html#{code}")),
            "{diagnostic}"
        );
        let message = diagnostic["message"].as_str().unwrap_or_default();
        assert!(!message.contains("For more information"), "{message}");
    }
}

#[test]
fn without_client_watchers_the_server_sees_the_disk_change() {
    let mut server = Server::start();
    let workspace = Workspace::new("self-watched");
    let text = "import \"lib\"\ndef use = helper 1i32\n";
    let uri = workspace.write("main.fut", text);
    workspace.write("lib.fut", "def helper (x: i32) = x\n");
    let lib = workspace.dir.join("lib.fut");
    server.open(&uri, text);
    assert!(server.diagnostics(&uri, 1).is_empty());
    // Changed on disk, with no notification from the client.
    std::fs::write(&lib, "def helper (b: bool) = b\n").expect("write");
    let diagnostics = server.next_diagnostics(&uri);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    // Saved as editors do, by renaming a new file over it.
    let new = workspace.dir.join("lib.fut.new");
    std::fs::write(&new, "def helper (x: i32) = x\n").expect("write");
    std::fs::rename(&new, &lib).expect("rename");
    assert!(server.next_diagnostics(&uri).is_empty());
}

#[test]
fn a_long_chain_of_bindings_is_checked_without_exhausting_the_stack() {
    let workspace = Workspace::new("long-chain");
    let lets: String = (0..20_000)
        .map(|i| format!("  let x{i} = x + {}\n", i % 7))
        .collect();
    let text = format!("def main (x: i32) =\n{lets}  in x19999 + y\n");
    let uri = workspace.write("main.fut", &text);
    let mut server = Server::start();
    server.open(&uri, &text);
    let diagnostics = server.diagnostics(&uri, 1);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("\"y\"")
    );
}

/// The `(line, start column, end column, title)` of each code lens.
fn lenses(server: &mut Server, uri: &str) -> Vec<(u64, u64, u64, String)> {
    let lenses = server.request(
        "textDocument/codeLens",
        json!({"textDocument": {"uri": uri}}),
    );
    let lenses = lenses.as_array().expect("an array of lenses");
    lenses
        .iter()
        .map(|lens| {
            let range = &lens["range"];
            assert_eq!(range["start"]["line"], range["end"]["line"], "{lens}");
            (
                range["start"]["line"].as_u64().unwrap_or_default(),
                range["start"]["character"].as_u64().unwrap_or_default(),
                range["end"]["character"].as_u64().unwrap_or_default(),
                lens["command"]["title"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
            )
        })
        .collect()
}

#[test]
fn example_lines_show_their_values_errors_and_type_errors() {
    let mut server = Server::start();
    let workspace = Workspace::new("code-lens");
    let text = "def xs = [1, 2, 3]
def double (x: i32) = x * 2
-- >>> map double xs
  -- >>> xs[5]
-- >>> double true
-- >> not an example
";
    let uri = workspace.write("main.fut", text);
    server.open(&uri, text);
    let shown = lenses(&mut server, &uri);
    assert_eq!(shown.len(), 3, "{shown:?}");
    assert_eq!(shown[0], (2, 0, 20, "= [2i32, 4i32, 6i32]".to_owned()));
    assert_eq!(
        shown[1],
        (
            3,
            2,
            14,
            "error: Index [5] out of bounds for array of shape [3].".to_owned()
        )
    );
    assert_eq!(
        shown[2],
        (
            4,
            0,
            18,
            "error: Cannot apply \"double\" to \"true\" (invalid type).".to_owned()
        )
    );
    // Asked again about the same version: the same answer.
    assert_eq!(lenses(&mut server, &uri), shown);

    // Unsaved edits count: the definition changes, and so does the value.
    server.send(edit(&uri, 2, range((0, 16), (0, 17)), "30"));
    let edited = lenses(&mut server, &uri);
    assert_eq!(edited[0], (2, 0, 20, "= [2i32, 4i32, 60i32]".to_owned()));
    assert_eq!(edited[1..], shown[1..]);

    // An error in the document itself stops every example.
    server.change(&uri, 3, &text.replace("x * 2", "x * true"));
    let broken = lenses(&mut server, &uri);
    assert_eq!(broken.len(), 3, "{broken:?}");
    for (lens, example) in broken.iter().zip(&shown) {
        assert_eq!((lens.0, lens.1, lens.2), (example.0, example.1, example.2));
        assert_eq!(
            lens.3,
            "error: Cannot apply \"*\" to \"true\" (invalid type)."
        );
    }
}

#[test]
fn an_edit_of_an_imported_file_changes_the_examples_values() {
    let mut server = Server::start();
    let workspace = Workspace::new("code-lens-import");
    let lib = "def scale = 3\n";
    let lib_uri = workspace.write("lib.fut", lib);
    let text = "import \"lib\"\n-- >>> scale * 2\n";
    let uri = workspace.write("main.fut", text);
    server.open(&uri, text);
    assert_eq!(lenses(&mut server, &uri)[0].3, "= 6i32");
    // The document is unchanged; the file it imports is edited (unsaved).
    server.open(&lib_uri, lib);
    server.change(&lib_uri, 2, "def scale = 5\n");
    assert_eq!(lenses(&mut server, &uri)[0].3, "= 10i32");
}

#[test]
fn an_example_that_runs_on_is_reported_timed_out() {
    let mut server = Server::start();
    let workspace = Workspace::new("code-lens-time");
    let text = "def forever (n: i64) = loop i = n while i >= 0 do i + 1
-- >>> forever 0
-- >>> 1 + 1
";
    let uri = workspace.write("main.fut", text);
    server.open(&uri, text);
    assert_eq!(
        lenses(&mut server, &uri),
        [
            (1, 0, 16, "evaluation timed out".to_owned()),
            (2, 0, 12, "= 2i32".to_owned())
        ]
    );
}

/// The text of the hover at the first occurrence of `needle`.
fn hover_text(server: &mut Server, uri: &str, text: &str, needle: &str) -> String {
    let offset = text.find(needle).expect("the needle");
    let hover = server.request("textDocument/hover", at(uri, position_of(text, offset)));
    hover["contents"]["value"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[test]
fn a_call_fused_twice_says_where_it_ended_while_the_text_is_the_one_optimised() {
    let mut server = Server::start();
    let workspace = Workspace::new("fused-hover");
    let text = "def chain (xs: []i32) =\n  \
                let ys = map (+ 1) xs\n  \
                let zs = map (* 2) ys\n  \
                in i32.sum zs\n\
                entry main (xs: []i32) = chain xs\n";
    let uri = workspace.write("main.fut", text);
    server.open(&uri, text);
    assert_eq!(
        lenses(&mut server, &uri)[0].3,
        "after fusion: redomap · 1 kernel: SegRed"
    );
    // The first map went into the second, and that into the sum.
    for needle in ["map (+ 1)", "map (* 2)"] {
        let shown = hover_text(&mut server, &uri, text, needle);
        assert!(
            shown.contains("Fused into the `redomap` at line 4."),
            "{shown}"
        );
    }
    // Two lines more: until the lenses are computed again, no hover
    // tells what fusion did (its lines would be wrong).
    let moved = format!("-- a comment\n-- another\n{text}");
    server.change(&uri, 2, &moved);
    let shown = hover_text(&mut server, &uri, &moved, "map (+ 1)");
    assert!(shown.contains("i32") && !shown.contains("Fused"), "{shown}");
    lenses(&mut server, &uri);
    let shown = hover_text(&mut server, &uri, &moved, "map (+ 1)");
    assert!(
        shown.contains("Fused into the `redomap` at line 6."),
        "{shown}"
    );
}

#[test]
fn entry_points_show_what_fusion_and_kernel_extraction_made_of_them() {
    let mut server = Server::start();
    let workspace = Workspace::new("entry-lens");
    let text = "def sum_squares (xs: []f32) = reduce (+) 0 (map (\\x -> x * x) xs)\n\
                entry main (xs: []f32) = sum_squares xs\n\
                entry prefix (xs: []i32) = scan (+) 0 (map (* 2) xs)\n";
    let uri = workspace.write("main.fut", text);
    server.open(&uri, text);
    assert_eq!(
        lenses(&mut server, &uri),
        [
            (
                1,
                0,
                39,
                "after fusion: redomap · 1 kernel: SegRed".to_owned()
            ),
            (
                2,
                0,
                52,
                "after fusion: scanomap · 1 kernel: SegScan".to_owned()
            )
        ]
    );
    // Hovering a call that fusion merged says where it went; the call
    // fusion made of them does not say so.
    let on_map = hover_text(&mut server, &uri, text, "map (\\x");
    assert!(
        on_map.contains("Fused into the `redomap` at line 1."),
        "{on_map}"
    );
    let on_scan_map = hover_text(&mut server, &uri, text, "map (* 2)");
    assert!(
        on_scan_map.contains("Fused into the `scanomap` at line 3."),
        "{on_scan_map}"
    );
    let on_reduce = hover_text(&mut server, &uri, text, "reduce");
    assert!(!on_reduce.contains("Fused"), "{on_reduce}");
    // Updated as the user types.
    let text = text.replace(
        "entry main (xs: []f32) = sum_squares xs",
        "entry main (xs: []f32) = map (+1) xs",
    );
    server.change(&uri, 2, &text);
    assert_eq!(
        lenses(&mut server, &uri)[0],
        (1, 0, 36, "after fusion: map · 1 kernel: SegMap".to_owned())
    );
    // A lens opens the entry point's IR; the request gives it.
    let lens = server.request(
        "textDocument/codeLens",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(lens[1]["command"]["command"], "futhark.showIr");
    assert_eq!(
        lens[1]["command"]["arguments"],
        json!([uri, "prefix", "soacs"])
    );
    let ir = server.request(
        "futhark/ir",
        json!({"textDocument": {"uri": uri}, "stage": "soacs", "entry": "prefix"}),
    );
    let ir = ir["text"].as_str().expect("the IR's text");
    assert!(ir.starts_with("level soacs\n"), "{ir}");
    assert!(ir.contains("entry prefix = "), "{ir}");
    assert!(!ir.contains("entry main = "), "{ir}");
    let ir = server.request(
        "futhark/ir",
        json!({"textDocument": {"uri": uri}, "stage": "mc"}),
    );
    let ir = ir["text"].as_str().expect("the IR's text");
    assert!(
        ir.starts_with("level mc\n") && ir.contains("segscan"),
        "{ir}"
    );
    let unknown = server.request_raw(
        "futhark/ir",
        json!({"textDocument": {"uri": uri}, "stage": "nowhere"}),
    );
    assert_eq!(unknown["error"]["code"], -32602, "{unknown}");
    assert!(
        unknown["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("device-mem")
    );
    // A program with errors has no such lenses; its IR is refused.
    server.change(&uri, 3, "entry main (xs: []f32) = map (+1) ys\n");
    assert_eq!(lenses(&mut server, &uri), []);
    let refused = server.request_raw(
        "futhark/ir",
        json!({"textDocument": {"uri": uri}, "stage": "lower"}),
    );
    assert_eq!(
        refused["error"]["message"], "the program has 1 error",
        "{refused}"
    );
}
