//! Fuzzes futls's handling of messages: the real server, in process,
//! driven through the tower `Service` of its `LspService` as the
//! transport drives it (each message's handler started before the next
//! message is sent), a fresh server for each input.
//!
//! The input is a session. Its first byte sets the client's capabilities;
//! the bytes up to the first 0x00 are the text of the one document opened
//! (invalid UTF-8 replaced); the rest are operations, each an opcode byte
//! and its arguments: edits (the whole text, or one or two ranges
//! replaced, ranges anywhere, including past the end and inside a
//! character), closing the document and reopening it (unless the input
//! ends there), a change on disk,
//! every request the server advertises at positions and ranges from the
//! input (about the document or one never opened), `$/cancelRequest` of a
//! recent request, and waiting for the requests in flight. Requests and
//! edits overlap, so answers are computed, cancelled and overtaken by
//! edits. The session ends with `shutdown` and `exit`.
//!
//! Asserted: no panic anywhere in the server (libFuzzer aborts on one,
//! even where the server catches it); every request gets exactly one
//! response, with its id, that is a result or an error saying the
//! parameters were invalid, the request was cancelled or the document
//! changed (never an internal error: a handler that failed); no
//! notification gets one; every published diagnostic's range starts
//! before it ends; and the diagnostics of the document's last version are
//! published last (or, where the session closed it, cleared). Code lens examples run in at most [`EXAMPLE_STEPS`]
//! interpreter steps, so that no input leaves an evaluation running.
#![no_main]

use futures::{SinkExt, StreamExt};
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};
use std::sync::OnceLock;
use std::task::Poll;
use tokio::runtime::Runtime;
use tokio::task::JoinHandle;
use tower_lsp_server::LspService;
use tower_lsp_server::jsonrpc::{ErrorCode, Id, Request, Response};
use tower_service::Service;

const URI: &str = "file:///fuzz/session.fut";
/// A document the session never opens.
const UNOPENED_URI: &str = "file:///fuzz/unopened.fut";
/// The most operations of one session: the server works on 64 messages
/// at once.
const MAX_OPERATIONS: usize = 48;
/// Enough for small examples, few enough to finish well inside the
/// fuzzer's time limit per input.
const EXAMPLE_STEPS: u64 = 100_000;

/// One runtime for every input, as the server's binary has one for its
/// life; a single thread (and the blocking threads queries run on), so
/// that the server's tasks interleave the same way for the same input.
fn runtime() -> &'static Runtime {
    static RUNTIME: OnceLock<Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .thread_stack_size(futls::STACK_SIZE)
            .build()
            .expect("the runtime starts")
    })
}

/// The input, read from the front.
struct Input<'a> {
    bytes: &'a [u8],
}

impl Input<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&first, rest) = self.bytes.split_first()?;
        self.bytes = rest;
        Some(first)
    }

    /// Text of a length given by the next byte (at most what is left).
    fn text(&mut self) -> Option<String> {
        let length = usize::from(self.byte()?).min(self.bytes.len());
        let (text, rest) = self.bytes.split_at(length);
        self.bytes = rest;
        Some(String::from_utf8_lossy(text).into_owned())
    }

    /// A line or column: small, for the documents of the corpus, or one
    /// of a few far out of range.
    fn coordinate(&mut self, small: u8) -> Option<u32> {
        Some(match self.byte()? {
            byte @ 0xfc.. => [u32::MAX, 1 << 31, i32::MAX as u32, 1 << 16][usize::from(byte & 3)],
            byte => u32::from(byte % small),
        })
    }

    fn position(&mut self) -> Option<Value> {
        let line = self.coordinate(32)?;
        let character = self.coordinate(64)?;
        Some(json!({"line": line, "character": character}))
    }

    fn range(&mut self) -> Option<Value> {
        Some(json!({"start": self.position()?, "end": self.position()?}))
    }
}

/// A message's answer: the service's output, in a task of its own.
type Answer = JoinHandle<Result<Option<Response>, tower_lsp_server::ExitedError>>;

struct Session {
    service: LspService<futls::Backend>,
    /// The id of the next request.
    next_id: i64,
    /// The document's version, last sent.
    version: i32,
    /// Whether the document is open.
    open: bool,
    /// The requests in flight, and the notifications whose handlers may
    /// still run.
    requests: Vec<(i64, &'static str, Answer)>,
    notifications: Vec<(&'static str, Answer)>,
}

impl Session {
    /// Sends a message and starts its handler, as the transport does
    /// before it reads the next message: an edit is numbered, and a
    /// request has read which edits it follows, in the order of their
    /// messages.
    async fn send(&mut self, message: Request) -> Answer {
        std::future::poll_fn(|cx| self.service.poll_ready(cx))
            .await
            .expect("the server serves until `exit`");
        let mut answer = self.service.call(message);
        match std::future::poll_fn(|cx| Poll::Ready(answer.as_mut().poll(cx))).await {
            Poll::Ready(output) => tokio::spawn(std::future::ready(output)),
            Poll::Pending => tokio::spawn(answer),
        }
    }

    async fn request(&mut self, method: &'static str, params: Value) {
        let id = self.next_id;
        self.next_id += 1;
        let message = Request::build(method).id(id).params(params).finish();
        let answer = self.send(message).await;
        self.requests.push((id, method, answer));
    }

    /// Sends a request alone and waits for its answer, which must be a
    /// result.
    async fn request_alone(&mut self, method: &'static str, params: Value) {
        self.settle().await;
        self.request(method, params).await;
        let (id, _, answer) = self.requests.pop().expect("the request just sent");
        let response = output(answer).await;
        check_response(id, method, response.clone());
        assert!(response.is_some_and(|r| r.is_ok()), "{method} failed");
    }

    async fn notify(&mut self, method: &'static str, params: Value) {
        let message = Request::build(method).params(params).finish();
        let answer = self.send(message).await;
        self.notifications.push((method, answer));
    }

    /// Waits for every message sent so far to be handled, and checks
    /// the answers.
    async fn settle(&mut self) {
        for (id, method, answer) in std::mem::take(&mut self.requests) {
            check_response(id, method, output(answer).await);
        }
        for (method, answer) in std::mem::take(&mut self.notifications) {
            assert!(
                output(answer).await.is_none(),
                "the notification {method} got a response"
            );
        }
    }

    async fn open(&mut self, text: String) {
        self.version += 1;
        let document =
            json!({"uri": URI, "languageId": "futhark", "version": self.version, "text": text});
        self.notify("textDocument/didOpen", json!({"textDocument": document}))
            .await;
        self.open = true;
    }

    async fn change(&mut self, changes: Vec<Value>) {
        self.version += 1;
        let document = json!({"uri": URI, "version": self.version});
        let params = json!({"textDocument": document, "contentChanges": changes});
        self.notify("textDocument/didChange", params).await;
    }

    /// Sends the operation the input starts with; `None` once the input
    /// ends.
    async fn operation(&mut self, input: &mut Input<'_>) -> Option<()> {
        let opcode = input.byte()?;
        let uri = if opcode >= 0xe0 { UNOPENED_URI } else { URI };
        let document = json!({"uri": uri});
        let formatting = json!({"tabSize": 2, "insertSpaces": true});
        let at = |input: &mut Input| -> Option<Value> {
            Some(json!({"textDocument": document, "position": input.position()?}))
        };
        match opcode % 27 {
            0 => self.change(vec![json!({"text": input.text()?})]).await,
            1 => {
                let change = json!({"range": input.range()?, "text": input.text()?});
                self.change(vec![change]).await;
            }
            2 => {
                let first = json!({"range": input.range()?, "text": input.text()?});
                let second = json!({"range": input.range()?, "text": input.text()?});
                self.change(vec![first, second]).await;
            }
            3 => {
                let params = json!({"textDocument": {"uri": URI}});
                self.notify("textDocument/didClose", params).await;
                self.open = false;
                self.open(input.text()?).await;
            }
            4 => {
                let change = json!({"uri": uri, "type": 1 + input.byte()? % 3});
                let params = json!({"changes": [change]});
                self.notify("workspace/didChangeWatchedFiles", params).await;
            }
            5 => {
                let id = self.next_id - 1 - i64::from(input.byte()? % 4);
                self.notify("$/cancelRequest", json!({"id": id})).await;
            }
            6 => self.settle().await,
            7 => self.request("textDocument/hover", at(input)?).await,
            8 => self.request("textDocument/definition", at(input)?).await,
            9 => {
                let method = "textDocument/documentHighlight";
                self.request(method, at(input)?).await;
            }
            10 => self.request("textDocument/completion", at(input)?).await,
            11 => {
                let method = "textDocument/signatureHelp";
                self.request(method, at(input)?).await;
            }
            12 => {
                let method = "textDocument/prepareRename";
                self.request(method, at(input)?).await;
            }
            13 => {
                let mut params = at(input)?;
                params["context"] = json!({"includeDeclaration": input.byte()? % 2 == 0});
                self.request("textDocument/references", params).await;
            }
            14 => {
                let mut params = at(input)?;
                params["newName"] = json!(input.text()?);
                self.request("textDocument/rename", params).await;
            }
            15 => {
                let method = "textDocument/documentSymbol";
                self.request(method, json!({"textDocument": document}))
                    .await;
            }
            16 => {
                let method = "textDocument/documentLink";
                self.request(method, json!({"textDocument": document}))
                    .await;
            }
            17 => {
                let method = "textDocument/foldingRange";
                self.request(method, json!({"textDocument": document}))
                    .await;
            }
            18 => {
                let method = "textDocument/semanticTokens/full";
                self.request(method, json!({"textDocument": document}))
                    .await;
            }
            19 => {
                // Result ids count from 0 in each server.
                let previous = (input.byte()? % 4).to_string();
                let params = json!({"textDocument": document, "previousResultId": previous});
                let method = "textDocument/semanticTokens/full/delta";
                self.request(method, params).await;
            }
            20 => {
                let params = json!({"textDocument": document, "range": input.range()?});
                let method = "textDocument/semanticTokens/range";
                self.request(method, params).await;
            }
            21 => {
                let params = json!({"textDocument": document, "options": formatting});
                self.request("textDocument/formatting", params).await;
            }
            22 => {
                let range = input.range()?;
                let params =
                    json!({"textDocument": document, "range": range, "options": formatting});
                self.request("textDocument/rangeFormatting", params).await;
            }
            23 => {
                let method = "textDocument/codeLens";
                self.request(method, json!({"textDocument": document}))
                    .await;
            }
            24 => {
                let params = json!({"textDocument": document, "range": input.range()?});
                self.request("textDocument/inlayHint", params).await;
            }
            25 => {
                let range = input.range()?;
                let context = json!({"diagnostics": []});
                let params = json!({"textDocument": document, "range": range, "context": context});
                self.request("textDocument/codeAction", params).await;
            }
            _ => {
                let params = json!({"query": input.text()?});
                self.request("workspace/symbol", params).await;
            }
        }
        Some(())
    }
}

/// A message's answer; a panic in its handler goes on here.
async fn output(answer: Answer) -> Option<Response> {
    match answer.await {
        Ok(output) => output.expect("the server serves until `exit`"),
        Err(error) => std::panic::resume_unwind(error.into_panic()),
    }
}

fn check_response(id: i64, method: &str, response: Option<Response>) {
    let response = response.unwrap_or_else(|| panic!("{method} (id {id}) got no response"));
    assert_eq!(response.id(), &Id::Number(id), "the response to {method}");
    if let Some(error) = response.error() {
        assert!(
            matches!(
                error.code,
                ErrorCode::InvalidParams | ErrorCode::RequestCancelled | ErrorCode::ContentModified
            ),
            "{method} (id {id}) failed: {error:?}"
        );
    }
}

/// Checks the diagnostics a server publishes; for the session's document,
/// returns the version they are of (`Some(None)`: of no version, as when
/// cleared); `None` for other documents.
fn published_version(params: Option<&Value>) -> Option<Option<i64>> {
    let params = params.expect("diagnostics have parameters");
    let diagnostics = params["diagnostics"].as_array().expect("a list");
    for diagnostic in diagnostics {
        let range = &diagnostic["range"];
        let at = |end: &str| {
            (
                range[end]["line"].as_u64(),
                range[end]["character"].as_u64(),
            )
        };
        assert!(
            at("start") <= at("end"),
            "a diagnostic's range ends before it starts: {diagnostic}"
        );
    }
    (params["uri"] == URI).then(|| params["version"].as_i64())
}

async fn session(data: &[u8]) {
    let mut input = Input { bytes: data };
    let flags = input.byte().unwrap_or(0);
    let text_end = input
        .bytes
        .iter()
        .position(|&byte| byte == 0)
        .unwrap_or(input.bytes.len());
    let text = String::from_utf8_lossy(&input.bytes[..text_end]).into_owned();
    input.bytes = input.bytes.get(text_end + 1..).unwrap_or_default();

    let (service, socket) = futls::service(futls::Limits {
        example_steps: Some(EXAMPLE_STEPS),
    });
    // The client: it answers the server's requests (registering a file
    // watcher) and follows the versions diagnostics are published for.
    let (published, mut last_published) = tokio::sync::watch::channel(None);
    let (mut from_server, mut to_server) = socket.split();
    let client = tokio::spawn(async move {
        while let Some(message) = from_server.next().await {
            if message.method() == "textDocument/publishDiagnostics"
                && let Some(version) = published_version(message.params())
            {
                published.send_replace(Some(version));
            }
            if let Some(id) = message.id() {
                let _ = to_server
                    .send(Response::from_ok(id.clone(), Value::Null))
                    .await;
            }
        }
    });

    let mut session = Session {
        service,
        next_id: 1,
        version: 0,
        open: false,
        requests: Vec::new(),
        notifications: Vec::new(),
    };
    // With dynamic registration of watchers, the server watches no
    // directory itself (which would keep it running after the session).
    let capabilities = json!({
        "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}},
        "textDocument": {"publishDiagnostics": {"relatedInformation": flags % 2 == 1}}
    });
    session
        .request_alone("initialize", json!({"capabilities": capabilities}))
        .await;
    session.notify("initialized", json!({})).await;
    session.open(text).await;
    for _ in 0..MAX_OPERATIONS {
        if session.operation(&mut input).await.is_none() {
            break;
        }
    }
    session.settle().await;
    let last = session.open.then_some(i64::from(session.version));
    last_published
        .wait_for(|version| *version == Some(last))
        .await
        .expect("the client runs until `exit`");
    session.request_alone("shutdown", Value::Null).await;
    session.notify("exit", Value::Null).await;
    session.settle().await;
    // The server's messages end once its threads and its task for
    // diagnostics have ended, with the server: the next input starts on
    // an idle process.
    drop(session);
    client.await.expect("the client does not panic");
}

fuzz_target!(|data: &[u8]| {
    runtime().block_on(session(data));
});
