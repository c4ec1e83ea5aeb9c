//! The `futls` binary driven as an editor drives it: JSON-RPC over its
//! standard input and output, documents written to temporary directories,
//! and Futhark fixtures with `$0` cursor markers.

use serde_json::{Value, json};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long any one message may take to come.
const PATIENCE: Duration = Duration::from_secs(30);

pub struct Server {
    pub child: Child,
    stdin: ChildStdin,
    messages: mpsc::Receiver<Value>,
    /// Messages that came while another was awaited, in arrival order.
    backlog: VecDeque<Value>,
    next_id: i64,
    /// What `initialize` answered.
    pub capabilities: Value,
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

fn framed(message: &Value) -> String {
    let body = message.to_string();
    format!("Content-Length: {}\r\n\r\n{body}", body.len())
}

impl Server {
    /// A server initialised as VS Code initialises it, as far as the
    /// server cares: diagnostics' related information is shown.
    pub fn start() -> Server {
        Server::start_with(
            json!({"textDocument": {"publishDiagnostics": {"relatedInformation": true}}}),
        )
    }

    /// A server initialised with the given client capabilities.
    pub fn start_with(capabilities: Value) -> Server {
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
            backlog: VecDeque::new(),
            next_id: 0,
            capabilities: Value::Null,
        };
        let result = server.request("initialize", json!({ "capabilities": capabilities }));
        assert_eq!(result["serverInfo"]["name"], "futls");
        server.capabilities = result["capabilities"].clone();
        server.notify("initialized", json!({}));
        server
    }

    pub fn send(&mut self, message: Value) {
        self.send_all(&[message]);
    }

    /// Sends messages in one write, so that they arrive together.
    pub fn send_all(&mut self, messages: &[Value]) {
        let bytes: String = messages.iter().map(framed).collect();
        self.stdin.write_all(bytes.as_bytes()).expect("write");
        self.stdin.flush().expect("flush");
    }

    /// Sends bytes as they are, framed or not.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("write");
        self.stdin.flush().expect("flush");
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(notification(method, params));
    }

    /// A request to send later (with `send_all`), and its id.
    pub fn new_request(&mut self, method: &str, params: Value) -> (i64, Value) {
        self.next_id += 1;
        let id = self.next_id;
        let message = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        (id, message)
    }

    /// Sends a request without waiting for its answer; returns its id.
    pub fn send_request(&mut self, method: &str, params: Value) -> i64 {
        let (id, message) = self.new_request(method, params);
        self.send(message);
        id
    }

    /// The next message that `wanted` accepts; the others wait in the
    /// backlog for later calls.
    pub fn next(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(index) = self.backlog.iter().position(&wanted) {
            return self.backlog.remove(index).expect("in the backlog");
        }
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let message = self
                .messages
                .recv_timeout(left)
                .expect("the awaited message from the server within 30 s");
            if wanted(&message) {
                return message;
            }
            self.backlog.push_back(message);
        }
    }

    /// The response to request `id` (its result or its error).
    pub fn response(&mut self, id: i64) -> Value {
        self.next(|message| message["id"] == id && message.get("method").is_none())
    }

    /// The result of a request.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        self.request_raw(method, params)["result"].clone()
    }

    /// The whole response to a request (its result or its error).
    pub fn request_raw(&mut self, method: &str, params: Value) -> Value {
        let id = self.send_request(method, params);
        self.response(id)
    }

    /// The parameters of the next `publishDiagnostics` for `uri`.
    pub fn publication(&mut self, uri: &str) -> Value {
        self.next(|message| is_publication(message, uri))["params"].clone()
    }

    /// Whether diagnostics for `uri` have come and not been taken yet.
    pub fn has_publication(&mut self, uri: &str) -> bool {
        self.backlog.extend(self.messages.try_iter());
        self.backlog
            .iter()
            .any(|message| is_publication(message, uri))
    }

    /// The next diagnostics published for `uri`.
    pub fn next_diagnostics(&mut self, uri: &str) -> Vec<Value> {
        diagnostics_of(&self.publication(uri))
    }

    /// The diagnostics published for version `version` of `uri`; those of
    /// earlier versions are passed over.
    pub fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        loop {
            let published = self.publication(uri);
            let diagnostics = diagnostics_of(&published);
            let published = published["version"].as_i64();
            assert!(
                published <= Some(version),
                "diagnostics of version {published:?} came before those of {version}"
            );
            if published == Some(version) {
                return diagnostics;
            }
        }
    }

    pub fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "futhark", "version": 1, "text": text}}),
        );
    }

    /// Replaces the whole text of a document.
    pub fn change(&mut self, uri: &str, version: i64, text: &str) {
        self.send(change(uri, version, text));
    }

    /// The processor time the server has used so far.
    pub fn processor_time(&self) -> Duration {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id()))
            .expect("the server's /proc/PID/stat");
        // The fields after the parenthesised command name; user and system
        // time are the 12th and 13th, in clock ticks of 1/100 s.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map_or("", |(_, rest)| rest)
            .split_whitespace()
            .collect();
        let ticks: u64 = fields[11..13]
            .iter()
            .map(|field| field.parse::<u64>().unwrap_or(0))
            .sum();
        Duration::from_millis(ticks * 10)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.next_id += 1;
        let shutdown = json!({"jsonrpc": "2.0", "id": self.next_id, "method": "shutdown"});
        let exit = notification("exit", Value::Null);
        let _ = write!(self.stdin, "{}{}", framed(&shutdown), framed(&exit));
        let _ = self.stdin.flush();
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
    }
}

pub fn notification(method: &str, params: Value) -> Value {
    json!({"jsonrpc": "2.0", "method": method, "params": params})
}

/// A `didChange` that replaces the whole text.
pub fn change(uri: &str, version: i64, text: &str) -> Value {
    notification(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}),
    )
}

fn is_publication(message: &Value, uri: &str) -> bool {
    message["method"] == "textDocument/publishDiagnostics" && message["params"]["uri"] == uri
}

/// The diagnostics of a publication's parameters.
fn diagnostics_of(params: &Value) -> Vec<Value> {
    params["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// Parameters naming a position in a document.
pub fn at(uri: &str, position: Value) -> Value {
    json!({"textDocument": {"uri": uri}, "position": position})
}

/// The LSP position (line, UTF-16 column) of a byte offset.
pub fn position_of(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    json!({
        "line": before.matches('\n').count(),
        "character": before[line_start..].encode_utf16().count(),
    })
}

/// The byte offset of an LSP position in `text`.
pub fn offset_of(text: &str, position: &Value) -> usize {
    let line = position["line"].as_u64().unwrap_or(0) as usize;
    let character = position["character"].as_u64().unwrap_or(0) as usize;
    let line_start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
    let mut units = 0;
    for (offset, c) in text[line_start..].char_indices() {
        if units >= character || c == '\n' {
            return line_start + offset;
        }
        units += c.len_utf16();
    }
    text.len()
}

/// The text an LSP range covers.
pub fn text_in<'t>(text: &'t str, range: &Value) -> &'t str {
    &text[offset_of(text, &range["start"])..offset_of(text, &range["end"])]
}

/// A range as `line:column-line:column`, counted from 0 as LSP does.
pub fn show_range(range: &Value) -> String {
    let point = |p: &Value| format!("{}:{}", p["line"], p["character"]);
    format!("{}-{}", point(&range["start"]), point(&range["end"]))
}

/// A temporary directory of Futhark files, removed when dropped.
pub struct Workspace {
    pub dir: PathBuf,
}

impl Workspace {
    pub fn new(name: &str) -> Workspace {
        let dir = std::env::temp_dir().join(format!("futls-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temporary directory");
        Workspace { dir }
    }

    /// Writes a file (and its directory) and returns its URI.
    pub fn write(&self, name: &str, text: &str) -> String {
        let path = self.dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap_or(&self.dir)).expect("directory");
        std::fs::write(&path, text).expect("write");
        self.uri(name)
    }

    pub fn uri(&self, name: &str) -> String {
        format!("file://{}", self.dir.join(name).display())
    }

    /// A URI without what differs between runs: files of the workspace by
    /// their names in it, the prelude's as `prelude/...`.
    pub fn short(&self, uri: &str) -> String {
        let path = uri.strip_prefix("file://").unwrap_or(uri);
        if let Ok(relative) = Path::new(path).strip_prefix(&self.dir) {
            return relative.display().to_string();
        }
        match path.split_once("/futls-prelude-") {
            Some((_, rest)) => format!("prelude/{}", rest.split_once('/').map_or(rest, |r| r.1)),
            None => uri.to_string(),
        }
    }
}

impl Drop for Workspace {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The text of the file a `file://` URI names.
pub fn read_uri(uri: &str) -> String {
    std::fs::read_to_string(uri.strip_prefix("file://").unwrap_or(uri)).expect("the file exists")
}

/// A Futhark fixture: the text of `main.fut`, with `$0` marking cursors,
/// then other files, each after a line `-- file: NAME`.
pub struct Fixture {
    /// `main.fut` without the markers.
    pub text: String,
    /// The cursors' positions in it, in order.
    pub cursors: Vec<Value>,
    /// The other files' names and texts.
    pub others: Vec<(String, String)>,
}

impl Fixture {
    pub fn parse(source: &str) -> Fixture {
        let mut sections = source.split("-- file: ");
        let marked = sections.next().unwrap_or_default();
        let mut text = String::new();
        let mut cursors = Vec::new();
        for (i, piece) in marked.split("$0").enumerate() {
            if i > 0 {
                cursors.push(position_of(&text, text.len()));
            }
            text.push_str(piece);
        }
        let others = sections
            .map(|section| {
                let (name, text) = section.split_once('\n').unwrap_or((section, ""));
                (name.trim().to_string(), text.to_string())
            })
            .collect();
        Fixture {
            text,
            cursors,
            others,
        }
    }

    /// Writes the files into `workspace` and returns the URI of `main.fut`.
    pub fn write(&self, workspace: &Workspace) -> String {
        for (name, text) in &self.others {
            workspace.write(name, text);
        }
        workspace.write("main.fut", &self.text)
    }

    /// The first cursor.
    pub fn cursor(&self) -> Value {
        self.cursors.first().cloned().expect("a $0 cursor marker")
    }
}
