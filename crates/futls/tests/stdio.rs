//! `futls` as an editor sees it: the binary, spoken to over stdio with
//! JSON-RPC.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

struct Server {
    child: Child,
    stdin: ChildStdin,
    messages: mpsc::Receiver<Value>,
    next_id: i64,
}

fn read_message(reader: &mut BufReader<ChildStdout>) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length: ") {
            length = value.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

impl Server {
    fn start() -> Server {
        Server::start_with(json!({}))
    }

    /// A server initialised with the given client capabilities.
    fn start_with(capabilities: Value) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_futls"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("futls starts");
        let stdin = child.stdin.take().expect("stdin");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let (sender, messages) = mpsc::channel();
        std::thread::spawn(move || {
            while let Some(message) = read_message(&mut stdout) {
                if sender.send(message).is_err() {
                    break;
                }
            }
        });
        let mut server = Server {
            child,
            stdin,
            messages,
            next_id: 0,
        };
        let result = server.request("initialize", json!({ "capabilities": capabilities }));
        assert_eq!(result["serverInfo"]["name"], "futls");
        server.notify("initialized", json!({}));
        server
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn receive(&mut self) -> Value {
        self.messages
            .recv_timeout(Duration::from_secs(30))
            .expect("a message from the server within 30 s")
    }

    /// The result of a request.
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.request_raw(method, params)["result"].clone()
    }

    /// The whole response to a request (its result or its error).
    fn request_raw(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = self.receive();
            if message["id"] == id {
                return message;
            }
        }
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        loop {
            let message = self.receive();
            if message["method"] == "textDocument/publishDiagnostics"
                && message["params"]["uri"] == uri
            {
                return message["params"]["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
            }
        }
    }

    fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "futhark", "version": 1, "text": text}}),
        );
    }

    fn change(&mut self, uri: &str, version: i64, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}),
        );
    }

    fn at(uri: &str, line: u32, character: u32) -> Value {
        json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let id = self.next_id + 1;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": "shutdown"}));
        self.send(json!({"jsonrpc": "2.0", "method": "exit"}));
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
    }
}

fn temp_uri(name: &str, contents: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("futls-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let path = dir.join("main.fut");
    std::fs::write(&path, contents).expect("write");
    let uri = format!("file://{}", path.display());
    (dir, uri)
}

#[test]
fn diagnostics_follow_edits() {
    let mut server = Server::start();
    let text = "def f (x: i32) = x + true\n";
    let (_dir, uri) = temp_uri("diagnostics", text);
    server.open(&uri, text);
    let diagnostics = server.diagnostics(&uri);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("Argument does not have expected type."),
        "{diagnostics:?}"
    );
    assert_eq!(
        diagnostics[0]["range"],
        json!({"start": {"line": 0, "character": 21}, "end": {"line": 0, "character": 25}})
    );
    server.change(&uri, 2, "def f (x: i32) = x + 1\n");
    assert!(server.diagnostics(&uri).is_empty());

    // Incremental changes, applied in order: `1` becomes `true`, then
    // `x + true` becomes `x && true` with `x` a bool.
    server.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": uri, "version": 3},
            "contentChanges": [
                {"range": {"start": {"line": 0, "character": 21}, "end": {"line": 0, "character": 22}}, "text": "true"},
            ]
        }),
    );
    assert_eq!(server.diagnostics(&uri).len(), 1);
    server.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": uri, "version": 4},
            "contentChanges": [
                {"range": {"start": {"line": 0, "character": 19}, "end": {"line": 0, "character": 20}}, "text": "&&"},
                {"range": {"start": {"line": 0, "character": 10}, "end": {"line": 0, "character": 13}}, "text": "bool"},
            ]
        }),
    );
    assert!(server.diagnostics(&uri).is_empty());
}

#[test]
fn hover_definition_and_completion() {
    let mut server = Server::start();
    let text =
        "-- | Adds one.\ndef inc (x: i32) = x + 1\ndef use (y: i32) = let _ = \"ő𝄞\" in inc y\n";
    let (_dir, uri) = temp_uri("features", text);
    server.open(&uri, text);
    server.diagnostics(&uri);

    // Columns count UTF-16 units: "ő𝄞" is three of them.
    let hover = server.request("textDocument/hover", Server::at(&uri, 2, 37));
    let contents = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(contents.contains("i32 -> i32"), "{hover}");
    assert!(contents.contains("Adds one."), "{hover}");

    let on_definition = server.request("textDocument/hover", Server::at(&uri, 1, 5));
    let contents = on_definition["contents"]["value"]
        .as_str()
        .unwrap_or_default();
    assert!(contents.contains("val inc : i32 -> i32"), "{on_definition}");
    assert!(contents.contains("Adds one."), "{on_definition}");

    let definition = server.request("textDocument/definition", Server::at(&uri, 2, 37));
    assert_eq!(definition["uri"], uri.as_str());
    assert_eq!(
        definition["range"],
        json!({"start": {"line": 1, "character": 4}, "end": {"line": 1, "character": 7}})
    );

    // Into the prelude, written out as a read-only file.
    server.change(&uri, 2, "def use (xs: []i32) = map (+1) xs\n");
    server.diagnostics(&uri);
    let map = server.request("textDocument/definition", Server::at(&uri, 0, 23));
    let prelude_uri = map["uri"].as_str().unwrap_or_default().to_string();
    assert!(prelude_uri.ends_with("/soacs.fut"), "{map}");
    let path = prelude_uri.strip_prefix("file://").unwrap_or_default();
    let source = std::fs::read_to_string(path).expect("the prelude file is on disk");
    let line = map["range"]["start"]["line"].as_u64().unwrap_or(0) as usize;
    assert!(
        source.lines().nth(line).is_some_and(|l| l.contains("map")),
        "{map}"
    );
    assert!(std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly()));
    // Opened in the editor, it is the prelude, with no diagnostics.
    server.open(&prelude_uri, &source);
    assert!(server.diagnostics(&prelude_uri).is_empty());

    server.change(&uri, 3, "def inc (x: i32) = x + 1\ndef use (y: i32) = i\n");
    server.diagnostics(&uri);
    let completion = server.request("textDocument/completion", Server::at(&uri, 1, 20));
    let labels: Vec<&str> = completion
        .as_array()
        .map(|items| items.iter().filter_map(|i| i["label"].as_str()).collect())
        .unwrap_or_default();
    assert!(labels.contains(&"inc"), "{labels:?}");
    assert!(labels.contains(&"y"), "{labels:?}");
    assert!(labels.contains(&"iota"), "{labels:?}");
}

#[test]
fn document_symbols_nest_module_contents() {
    let mut server = Server::start();
    let text = "def top = 1i32\nmodule m = {\n  def inner (x: i32) = x\n}\n";
    let (_dir, uri) = temp_uri("symbols", text);
    server.open(&uri, text);
    server.diagnostics(&uri);

    let symbols = server.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let module = &symbols[1];
    assert_eq!(symbols[0]["name"], "top", "{symbols}");
    assert_eq!(module["name"], "m", "{symbols}");
    // LSP symbol kinds: 2 is a module, 12 a function.
    assert_eq!(module["kind"], 2, "{symbols}");
    let inner = &module["children"][0];
    assert_eq!(inner["name"], "inner", "{symbols}");
    assert_eq!(inner["kind"], 12, "{symbols}");
    assert_eq!(inner["detail"], "(x: i32)", "{symbols}");
    assert_eq!(
        inner["selectionRange"],
        json!({"start": {"line": 2, "character": 6}, "end": {"line": 2, "character": 11}})
    );

    let found = server.request("workspace/symbol", json!({"query": "INR"}));
    assert_eq!(found.as_array().map(Vec::len), Some(1), "{found}");
    assert_eq!(found[0]["name"], "inner", "{found}");
    assert_eq!(found[0]["containerName"], "m", "{found}");
    assert_eq!(found[0]["location"]["uri"], uri.as_str(), "{found}");

    // The module folds from its first to its last line.
    let folds = server.request(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": uri}}),
    );
    assert_eq!(folds, json!([{"startLine": 1, "endLine": 3}]));
}

#[test]
fn references_and_rename() {
    let mut server = Server::start();
    let text = "def inc (x: i32) = x + 1\ndef use (y: i32) = inc (inc y)\n";
    let (_dir, uri) = temp_uri("rename", text);
    server.open(&uri, text);
    server.diagnostics(&uri);

    let mut position = Server::at(&uri, 1, 20);
    position["context"] = json!({"includeDeclaration": true});
    let references = server.request("textDocument/references", position);
    let starts: Vec<(i64, i64)> = references
        .as_array()
        .map(|found| {
            found
                .iter()
                .map(|r| {
                    assert_eq!(r["uri"], uri.as_str());
                    let start = &r["range"]["start"];
                    (
                        start["line"].as_i64().unwrap_or(-1),
                        start["character"].as_i64().unwrap_or(-1),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(starts, [(0, 4), (1, 19), (1, 24)], "{references}");

    let prepared = server.request("textDocument/prepareRename", Server::at(&uri, 1, 26));
    assert_eq!(
        prepared,
        json!({"start": {"line": 1, "character": 24}, "end": {"line": 1, "character": 27}})
    );
    let keyword = server.request_raw("textDocument/prepareRename", Server::at(&uri, 0, 1));
    assert!(keyword["error"]["message"].is_string(), "{keyword}");

    let mut rename = Server::at(&uri, 0, 5);
    rename["newName"] = json!("bump");
    let edit = server.request("textDocument/rename", rename);
    let edits = edit["changes"][uri.as_str()]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(edits.len(), 3, "{edit}");
    assert!(edits.iter().all(|e| e["newText"] == "bump"), "{edit}");

    let mut invalid = Server::at(&uri, 0, 5);
    invalid["newName"] = json!("let");
    let answer = server.request_raw("textDocument/rename", invalid);
    assert!(
        answer["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("not a valid name")),
        "{answer}"
    );
}

#[test]
fn inlay_hints_show_inferred_types() {
    let mut server = Server::start();
    let text = "def f (x: i32) =\n  let y = x + 1\n  in y\ndef g = let z = true in z\n";
    let (_dir, uri) = temp_uri("hints", text);
    server.open(&uri, text);
    server.diagnostics(&uri);

    // Only the first three lines are asked for: `z` is outside.
    let hints = server.request(
        "textDocument/inlayHint",
        json!({
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 3, "character": 0}}
        }),
    );
    assert_eq!(
        hints,
        json!([{"position": {"line": 1, "character": 7}, "label": ": i32", "kind": 1}])
    );

    // The same type, written into the source by a code action at `y`.
    let actions = server.request(
        "textDocument/codeAction",
        json!({
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 1, "character": 6}, "end": {"line": 1, "character": 6}},
            "context": {"diagnostics": []}
        }),
    );
    assert_eq!(actions[0]["title"], "Insert type annotation", "{actions}");
    // `let y` becomes `let (y: i32)`.
    assert_eq!(
        actions[0]["edit"]["changes"][uri.as_str()],
        json!([
            {"range": {"start": {"line": 1, "character": 6}, "end": {"line": 1, "character": 6}}, "newText": "("},
            {"range": {"start": {"line": 1, "character": 7}, "end": {"line": 1, "character": 7}}, "newText": ": i32)"}
        ])
    );
}

#[test]
fn signature_help_in_applications() {
    let mut server = Server::start();
    let text = "def add (x: i32) (y: i32) = x + y\ndef use = add 1 \n";
    let (_dir, uri) = temp_uri("signature", text);
    server.open(&uri, text);
    server.diagnostics(&uri);
    let help = server.request("textDocument/signatureHelp", Server::at(&uri, 1, 16));
    assert_eq!(
        help["signatures"][0]["label"], "add : (x: i32) -> (y: i32) -> i32",
        "{help}"
    );
    assert_eq!(help["activeParameter"], 1, "{help}");
    assert_eq!(
        help["signatures"][0]["parameters"][1]["label"],
        json!([18, 26]),
        "{help}"
    );
}

#[test]
fn file_watchers_are_registered_when_the_client_can() {
    let mut server = Server::start_with(
        json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}}),
    );
    let request = loop {
        let message = server.receive();
        if message["method"] == "client/registerCapability" {
            break message;
        }
    };
    let registration = &request["params"]["registrations"][0];
    assert_eq!(registration["method"], "workspace/didChangeWatchedFiles");
    assert_eq!(
        registration["registerOptions"]["watchers"][0]["globPattern"],
        "**/*.fut"
    );
    server.send(json!({"jsonrpc": "2.0", "id": request["id"], "result": null}));
}

#[test]
fn imported_files_follow_the_disk() {
    let mut server = Server::start();
    let text = "import \"lib\"\ndef use = helper 1i32\n";
    let (dir, uri) = temp_uri("watched", text);
    let lib = dir.join("lib.fut");
    let lib_uri = format!("file://{}", lib.display());
    std::fs::write(&lib, "def helper (x: i32) = x\n").expect("write");
    server.open(&uri, text);
    assert!(server.diagnostics(&uri).is_empty());

    // Changed on disk: `helper` now wants a bool.
    std::fs::write(&lib, "def helper (b: bool) = b\n").expect("write");
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": lib_uri, "type": 2}]}),
    );
    assert_eq!(server.diagnostics(&uri).len(), 1);

    // Deleted: the import cannot be resolved.
    std::fs::remove_file(&lib).expect("remove");
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": lib_uri, "type": 3}]}),
    );
    let diagnostics = server.diagnostics(&uri);
    assert!(
        diagnostics.iter().any(|d| d["range"]["start"]["line"] == 0),
        "{diagnostics:?}"
    );

    // Opened and edited, the editor's text wins; closed unsaved, the disk's.
    std::fs::write(&lib, "def helper (x: i32) = x\n").expect("write");
    server.open(&lib_uri, "def helper (b: bool) = b\n");
    let after_open = loop {
        let message = server.receive();
        if message["method"] == "textDocument/publishDiagnostics"
            && message["params"]["uri"] == uri.as_str()
        {
            break message["params"]["diagnostics"].clone();
        }
    };
    assert_eq!(after_open.as_array().map(Vec::len), Some(1), "{after_open}");
    server.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": lib_uri}}),
    );
    assert!(server.diagnostics(&uri).is_empty());
    std::fs::remove_file(&lib).expect("remove");
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": lib_uri, "type": 3}]}),
    );
    assert!(!server.diagnostics(&uri).is_empty());

    // Created again: fine once more.
    std::fs::write(&lib, "def helper (x: i32) = x\n").expect("write");
    server.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": lib_uri, "type": 1}]}),
    );
    assert!(server.diagnostics(&uri).is_empty());
}

#[test]
fn semantic_tokens_classify_names() {
    let mut server = Server::start();
    let text = "def inc (x: i32) = x + 1\ndef two = inc 1\n";
    let (_dir, uri) = temp_uri("tokens", text);
    server.open(&uri, text);
    server.diagnostics(&uri);
    let tokens = server.request(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": uri}}),
    );
    // (line delta, start delta, length, type, modifiers) per name: `inc`
    // declared (function), `x` declared (parameter), `i32` (library type),
    // `x` (parameter), then `two` (variable), `inc` (function).
    assert_eq!(
        tokens["data"],
        json!([
            0, 4, 3, 0, 1, 0, 5, 1, 2, 1, 0, 3, 3, 3, 2, 0, 7, 1, 2, 0, 1, 4, 3, 1, 1, 0, 6, 3, 0,
            0
        ])
    );
}

#[test]
fn semantic_token_deltas_apply_to_the_previous_tokens() {
    let mut server = Server::start();
    let text = "def inc (x: i32) = x + 1\ndef two = inc 1\n";
    let (_dir, uri) = temp_uri("token-delta", text);
    server.open(&uri, text);
    server.diagnostics(&uri);
    let document = json!({"textDocument": {"uri": uri}});
    let first = server.request("textDocument/semanticTokens/full", document.clone());
    let mut data: Vec<Value> = first["data"].as_array().cloned().unwrap_or_default();

    server.change(
        &uri,
        2,
        "def inc (x: i32) = x + 1\ndef three (y: i32) = inc (inc y)\n",
    );
    server.diagnostics(&uri);
    let delta = server.request(
        "textDocument/semanticTokens/full/delta",
        json!({"textDocument": {"uri": uri}, "previousResultId": first["resultId"]}),
    );
    let edits = delta["edits"].as_array().cloned().unwrap_or_default();
    assert!(!edits.is_empty(), "{delta}");
    for edit in edits.iter().rev() {
        let start = edit["start"].as_u64().unwrap_or(0) as usize;
        let delete = edit["deleteCount"].as_u64().unwrap_or(0) as usize;
        let inserted = edit["data"].as_array().cloned().unwrap_or_default();
        data.splice(start..start + delete, inserted);
    }
    let full = server.request("textDocument/semanticTokens/full", document);
    assert_eq!(Value::Array(data), full["data"], "{delta}");

    // An unknown previous result gets the whole tokens.
    let unknown = server.request(
        "textDocument/semanticTokens/full/delta",
        json!({"textDocument": {"uri": uri}, "previousResultId": "no such id"}),
    );
    assert_eq!(unknown["data"], full["data"]);
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

/// The LSP position of a byte offset (the texts here are ASCII).
fn position_of(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let character = offset - before.rfind('\n').map_or(0, |i| i + 1);
    json!({"line": line, "character": character})
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
    let (_dir, uri) = temp_uri("random", &text);
    server.open(&uri, &text);
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    let mut texts = vec![text.clone()];
    let mut request_ids = Vec::new();
    for _ in 0..OPERATIONS {
        // Offsets on character boundaries only.
        let boundaries: Vec<usize> = (0..=text.len())
            .filter(|&i| text.is_char_boundary(i))
            .collect();
        let at = boundaries[random.below(boundaries.len())];
        if random.below(10) < 4 {
            let end = boundaries
                .iter()
                .copied()
                .find(|&b| b >= at + random.below(4))
                .unwrap_or(at);
            let insert = if random.below(3) == 0 {
                ""
            } else {
                snippets[random.below(snippets.len())]
            };
            let range = json!({"start": position_of(&text, at), "end": position_of(&text, end)});
            text.replace_range(at..end, insert);
            texts.push(text.clone());
            server.notify(
                "textDocument/didChange",
                json!({
                    "textDocument": {"uri": uri, "version": texts.len()},
                    "contentChanges": [{"range": range, "text": insert}]
                }),
            );
        } else {
            server.next_id += 1;
            request_ids.push(server.next_id);
            let method = requests[random.below(requests.len())];
            let mut params =
                json!({"textDocument": {"uri": uri}, "position": position_of(&text, at)});
            params["context"] = json!({"includeDeclaration": true});
            server.send(
                json!({"jsonrpc": "2.0", "id": server.next_id, "method": method, "params": params}),
            );
        }
    }
    // Everything answered, in the end; diagnostics only ever for the text
    // of the version they carry, and the last ones for the final text.
    let final_version = texts.len();
    let mut answered = std::collections::HashSet::new();
    let mut last_published = 0;
    while answered.len() < request_ids.len() || last_published != final_version {
        let message = server.receive();
        if let Some(id) = message["id"].as_i64() {
            assert!(
                message.get("error").is_none_or(|e| e["code"] != -32603),
                "{message}"
            );
            answered.insert(id);
        } else if message["method"] == "textDocument/publishDiagnostics" {
            let version = message["params"]["version"].as_u64().expect("a version") as usize;
            assert!(
                version >= last_published,
                "versions go back: {version} after {last_published}"
            );
            last_published = version;
            let lines = texts[version - 1].split('\n').count() as u64;
            for diagnostic in message["params"]["diagnostics"]
                .as_array()
                .into_iter()
                .flatten()
            {
                let line = diagnostic["range"]["end"]["line"]
                    .as_u64()
                    .unwrap_or(u64::MAX);
                assert!(
                    line < lines,
                    "{diagnostic} is past the end of version {version}"
                );
            }
        }
    }
    assert!(
        server.child.try_wait().is_ok_and(|status| status.is_none()),
        "the server exited"
    );
}
