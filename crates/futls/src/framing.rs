//! The framing layer between the editor and the LSP framework, which
//! stops serving after the first malformed frame. Everything the editor
//! sends passes through [`FrameReader`]: well-formed JSON-RPC messages go
//! on to the framework, re-framed; anything else is answered here as
//! JSON-RPC requires (a parse error for what is not JSON, an invalid
//! request for JSON that is no message) and skipped, and reading
//! resynchronises on the next `Content-Length` header. Everything the
//! framework writes goes out whole, so that the answers given here never
//! land inside one of its frames.
//!
//! Resynchronising relies on JSON never holding a header name outside a
//! string: a body that runs into one was given too long a length (the
//! part before it is taken as the body), and bytes before a header are
//! what is left of a body given too short a length, or of a body sent
//! without a header.

use serde_json::{Value, json};
use std::io::Read;
use tokio::io::{AsyncReadExt, AsyncWriteExt, DuplexStream};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

/// The headers of the protocol, which start a frame.
const HEADER_NAMES: [&[u8]; 2] = [b"content-length:", b"content-type:"];
/// Bytes kept of skipped input, so that a header split across reads is
/// still found.
const KEPT_OF_SKIPPED: usize = b"content-length:".len();
/// The longest header block taken: a longer one is malformed.
const MAX_HEADER: usize = 4096;

/// What the editor sent, frame by frame.
#[derive(Debug, Clone, PartialEq)]
pub enum Incoming {
    /// A well-formed message, for the framework.
    Message(Vec<u8>),
    /// The answer to a malformed frame, for the editor.
    Reply(Value),
}

/// Splits the editor's bytes into frames.
#[derive(Default)]
pub struct FrameReader {
    buffer: Vec<u8>,
    /// The length of the body being read, once its header was read.
    body_length: Option<usize>,
    /// Whether bytes other than whitespace were skipped since the last
    /// frame: they get one parse error.
    skipped: bool,
    /// Whether the last frame was answered as malformed: bytes skipped
    /// right after it are the rest of it (its length was too short), not
    /// another error.
    after_malformed: bool,
}

impl FrameReader {
    pub fn push(&mut self, bytes: &[u8]) {
        self.buffer.extend_from_slice(bytes);
    }

    /// The next frame, or `None` until more bytes come.
    pub fn next_frame(&mut self) -> Option<Incoming> {
        loop {
            if let Some(length) = self.body_length {
                return self.body(length);
            }
            let Some(start) = find_header(&self.buffer, 0) else {
                self.skip(self.buffer.len().saturating_sub(KEPT_OF_SKIPPED));
                return None;
            };
            if start > 0 {
                self.skip(start);
            }
            if self.skipped {
                self.skipped = false;
                return Some(Incoming::Reply(parse_error()));
            }
            let Some(end) = find(&self.buffer, b"\r\n\r\n") else {
                if self.buffer.len() > MAX_HEADER {
                    self.skip_past_header(self.buffer.len());
                    continue;
                }
                return None;
            };
            match header_length(&self.buffer[..end]) {
                Some(length) => {
                    self.buffer.drain(..end + 4);
                    self.body_length = Some(length);
                    self.after_malformed = false;
                }
                // A header that names no length: its body cannot be
                // found, so everything up to the next header is skipped.
                None => self.skip_past_header(end + 4),
            }
        }
    }

    /// The body of `length` bytes at the buffer's start, cut short where
    /// the next header begins.
    fn body(&mut self, length: usize) -> Option<Incoming> {
        let available = &self.buffer[..length.min(self.buffer.len())];
        let taken = match next_header_outside_strings(available) {
            Some(cut) => cut,
            // The next header might start in the bytes still to come.
            None if available.len() < length => return None,
            None => length,
        };
        let body: Vec<u8> = self.buffer.drain(..taken).collect();
        self.body_length = None;
        let incoming = validate(body);
        self.after_malformed = matches!(incoming, Incoming::Reply(_));
        Some(incoming)
    }

    /// Skips a malformed header at the buffer's start and what follows
    /// it, up to the next header if one starts before `end`.
    fn skip_past_header(&mut self, end: usize) {
        let next = find_header(&self.buffer, 1).filter(|&next| next < end);
        self.skip(next.unwrap_or(end));
    }

    /// Drops the buffer's first `count` bytes, noting whether any of
    /// them was more than whitespace.
    fn skip(&mut self, count: usize) {
        self.skipped |= !self.after_malformed
            && self.buffer[..count]
                .iter()
                .any(|b| !b.is_ascii_whitespace());
        self.buffer.drain(..count);
    }
}

/// Where the first header (`Content-Length:` or `Content-Type:`, in any
/// case) at or after `from` starts.
fn find_header(bytes: &[u8], from: usize) -> Option<usize> {
    (from..bytes.len()).find(|&i| starts_with_header(&bytes[i..]))
}

fn starts_with_header(bytes: &[u8]) -> bool {
    HEADER_NAMES
        .iter()
        .any(|name| bytes.len() >= name.len() && bytes[..name.len()].eq_ignore_ascii_case(name))
}

fn find(bytes: &[u8], needle: &[u8]) -> Option<usize> {
    bytes.windows(needle.len()).position(|w| w == needle)
}

/// The length a header block (lines of `Name: value`) gives, if it is
/// well formed and names one.
fn header_length(block: &[u8]) -> Option<usize> {
    let text = std::str::from_utf8(block).ok()?;
    let mut length = None;
    for line in text.split("\r\n") {
        let (name, value) = line.split_once(':')?;
        if name.eq_ignore_ascii_case("content-length") {
            length = Some(value.trim().parse().ok()?);
        } else if !name.eq_ignore_ascii_case("content-type") {
            return None;
        }
    }
    length
}

/// Where a header starts in `body` outside its JSON strings, if it does
/// (only the start of a body that is not JSON).
fn next_header_outside_strings(body: &[u8]) -> Option<usize> {
    let mut in_string = false;
    let mut escaped = false;
    for (i, &byte) in body.iter().enumerate() {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
        } else if byte == b'"' {
            in_string = true;
        } else if i > 0 && starts_with_header(&body[i..]) {
            return Some(i);
        }
    }
    None
}

/// The body as a message for the framework, or the answer to it.
fn validate(body: Vec<u8>) -> Incoming {
    let Ok(mut message) = serde_json::from_slice::<Value>(&body) else {
        return Incoming::Reply(parse_error());
    };
    match invalid_request(&message) {
        // Clients send `"params": null` to methods without parameters
        // (`shutdown`, `exit`): passed on as left out, which the framework
        // takes.
        None if message.get("params").is_some_and(Value::is_null) => {
            if let Some(object) = message.as_object_mut() {
                object.remove("params");
            }
            Incoming::Message(serde_json::to_vec(&message).unwrap_or(body))
        }
        None => Incoming::Message(body),
        Some((id, why)) => Incoming::Reply(json!({
            "jsonrpc": "2.0",
            "id": id,
            "error": {"code": -32600, "message": format!("Invalid request: {why}")},
        })),
    }
}

/// Why a JSON value is not a JSON-RPC 2.0 message the framework can take,
/// with the id to answer under.
fn invalid_request(message: &Value) -> Option<(Value, &'static str)> {
    let Some(object) = message.as_object() else {
        return Some((Value::Null, "a message is an object"));
    };
    let id = object.get("id");
    let valid_id = match id {
        None => true,
        Some(Value::String(_)) => true,
        Some(Value::Number(n)) => n.is_i64() || n.is_u64(),
        Some(_) => false,
    };
    if !valid_id {
        return Some((Value::Null, "an id is an integer or a string"));
    }
    let answer_id = id.cloned().unwrap_or(Value::Null);
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Some((answer_id, "`jsonrpc` must be \"2.0\""));
    }
    match object.get("method") {
        Some(Value::String(_)) => match object.get("params") {
            None | Some(Value::Null | Value::Object(_) | Value::Array(_)) => None,
            Some(_) => Some((answer_id, "`params` is an object or an array")),
        },
        Some(_) => Some((answer_id, "`method` is a string")),
        // A response to one of the server's requests.
        None if id.is_some() && (object.contains_key("result") || object.contains_key("error")) => {
            None
        }
        None => Some((answer_id, "a message has a method, or is a response")),
    }
}

fn parse_error() -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {"code": -32700, "message": "Parse error: a frame was not JSON"},
    })
}

/// The bytes of standard input as they come, read on a thread of their
/// own (a blocked read must not keep the runtime from shutting down).
pub fn read_stdin() -> UnboundedReceiver<Vec<u8>> {
    let (sender, receiver) = unbounded_channel();
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        let mut buffer = vec![0; 1 << 16];
        loop {
            match stdin.read(&mut buffer) {
                Ok(0) => break,
                Ok(read) => {
                    if sender.send(buffer[..read].to_vec()).is_err() {
                        break;
                    }
                }
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) => {
                    eprintln!("futls: cannot read standard input: {error}");
                    break;
                }
            }
        }
    });
    receiver
}

/// Passes the editor's well-formed messages to the server and the
/// answers to malformed ones to [`forward_output`]; the server's input
/// ends when the editor's does.
pub async fn forward_input(
    mut input: UnboundedReceiver<Vec<u8>>,
    mut server: DuplexStream,
    replies: UnboundedSender<Value>,
) {
    let mut reader = FrameReader::default();
    while let Some(bytes) = input.recv().await {
        reader.push(&bytes);
        while let Some(incoming) = reader.next_frame() {
            match incoming {
                Incoming::Message(body) => {
                    if server.write_all(&frame(&body)).await.is_err() {
                        return;
                    }
                }
                Incoming::Reply(reply) => {
                    eprintln!("futls: malformed message answered with {reply}");
                    let _ = replies.send(reply);
                }
            }
        }
    }
    let _ = server.shutdown().await;
}

/// Writes the server's frames and the answers to malformed messages to
/// standard output, each frame whole, until the server's output ends.
pub async fn forward_output(mut server: DuplexStream, mut replies: UnboundedReceiver<Value>) {
    let mut stdout = tokio::io::stdout();
    let mut reader = FrameReader::default();
    let mut buffer = vec![0; 1 << 16];
    loop {
        let frames = tokio::select! {
            read = server.read(&mut buffer) => match read {
                Ok(0) | Err(_) => break,
                Ok(read) => {
                    reader.push(&buffer[..read]);
                    std::iter::from_fn(|| reader.next_frame()).collect()
                }
            },
            Some(reply) = replies.recv() => vec![Incoming::Reply(reply)],
        };
        for incoming in frames {
            let body = match incoming {
                Incoming::Message(body) => body,
                Incoming::Reply(reply) => reply.to_string().into_bytes(),
            };
            if stdout.write_all(&frame(&body)).await.is_err() || stdout.flush().await.is_err() {
                return;
            }
        }
    }
}

/// `Content-Length: N` and the body.
pub fn frame(body: &[u8]) -> Vec<u8> {
    let mut framed = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    framed.extend_from_slice(body);
    framed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[&[u8]]) -> Vec<Incoming> {
        let mut reader = FrameReader::default();
        let mut out = Vec::new();
        for chunk in input {
            reader.push(chunk);
            while let Some(incoming) = reader.next_frame() {
                out.push(incoming);
            }
        }
        out
    }

    const SHUTDOWN: &[u8] = br#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#;

    fn message(body: &[u8]) -> Incoming {
        Incoming::Message(body.to_vec())
    }

    fn error_code(incoming: &Incoming) -> i64 {
        match incoming {
            Incoming::Reply(reply) => reply["error"]["code"].as_i64().expect("a code"),
            Incoming::Message(body) => panic!("a message: {}", String::from_utf8_lossy(body)),
        }
    }

    #[test]
    fn well_formed_frames_pass_whatever_the_reads() {
        let input = [frame(SHUTDOWN), frame(SHUTDOWN)].concat();
        assert_eq!(
            frames(&[&input]),
            vec![message(SHUTDOWN), message(SHUTDOWN)]
        );
        let bytes: Vec<&[u8]> = input.chunks(1).collect();
        assert_eq!(frames(&bytes), vec![message(SHUTDOWN), message(SHUTDOWN)]);
        let typed = [
            b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n".as_slice(),
            &frame(SHUTDOWN),
        ]
        .concat();
        assert_eq!(frames(&[&typed]), vec![message(SHUTDOWN)]);
    }

    #[test]
    fn bodies_that_are_not_json_get_a_parse_error() {
        for bad in [
            frame(br#"{"jsonrpc":"2.0","id":1,"method":"shu"#),
            frame(b"{\"jsonrpc\":\"2.0\",\"method\":\"x\xff\"}"),
        ] {
            let out = frames(&[&bad, &frame(SHUTDOWN)]);
            assert_eq!(out.len(), 2, "{out:?}");
            assert_eq!(error_code(&out[0]), -32700);
            assert_eq!(out[1], message(SHUTDOWN));
        }
    }

    #[test]
    fn json_that_is_no_message_is_an_invalid_request() {
        let cases: [(&[u8], Value); 7] = [
            (b"[1, 2]", Value::Null),
            (b"42", Value::Null),
            (
                br#"{"jsonrpc":"2.0","id":{"a":1},"method":"m"}"#,
                Value::Null,
            ),
            (br#"{"jsonrpc":"2.0","id":1.5,"method":"m"}"#, Value::Null),
            (br#"{"jsonrpc":"1.0","id":7,"method":"m"}"#, json!(7)),
            (br#"{"jsonrpc":"2.0","id":"a","method":3}"#, json!("a")),
            (
                br#"{"jsonrpc":"2.0","id":8,"method":"m","params":5}"#,
                json!(8),
            ),
        ];
        for (body, id) in cases {
            let out = frames(&[&frame(body), &frame(SHUTDOWN)]);
            assert_eq!(
                error_code(&out[0]),
                -32600,
                "{}",
                String::from_utf8_lossy(body)
            );
            let Incoming::Reply(reply) = &out[0] else {
                unreachable!()
            };
            assert_eq!(reply["id"], id);
            assert_eq!(out[1], message(SHUTDOWN));
        }
    }

    #[test]
    fn null_params_pass_as_left_out() {
        let exit = br#"{"jsonrpc":"2.0","method":"exit","params":null}"#;
        let shutdown = br#"{"jsonrpc":"2.0","id":4,"method":"shutdown","params":null}"#;
        assert_eq!(
            frames(&[&frame(shutdown), &frame(exit)]),
            vec![
                message(br#"{"id":4,"jsonrpc":"2.0","method":"shutdown"}"#),
                message(br#"{"jsonrpc":"2.0","method":"exit"}"#)
            ]
        );
    }

    #[test]
    fn responses_and_notifications_pass() {
        let response = br#"{"jsonrpc":"2.0","id":3,"result":null}"#;
        let notification = br#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;
        assert_eq!(
            frames(&[&frame(response), &frame(notification)]),
            vec![message(response), message(notification)]
        );
    }

    #[test]
    fn a_length_too_large_ends_the_body_at_the_next_header() {
        let body = br#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;
        let long = [b"Content-Length: 500\r\n\r\n".as_slice(), body].concat();
        // The body arrives before the next frame: nothing is known yet.
        let mut reader = FrameReader::default();
        reader.push(&long);
        assert_eq!(reader.next_frame(), None);
        reader.push(&frame(SHUTDOWN));
        assert_eq!(reader.next_frame(), Some(message(body)));
        assert_eq!(reader.next_frame(), Some(message(SHUTDOWN)));
        // A header inside a string of the body is text, not a frame.
        let quoting = br#"{"jsonrpc":"2.0","method":"m","params":{"text":"Content-Length: 3"}}"#;
        assert_eq!(frames(&[&frame(quoting)]), vec![message(quoting)]);
    }

    #[test]
    fn a_length_too_small_or_missing_skips_to_the_next_header() {
        let short = [b"Content-Length: 10\r\n\r\n".as_slice(), SHUTDOWN].concat();
        let out = frames(&[&short, &frame(SHUTDOWN)]);
        assert_eq!(
            out.iter().map(error_code_or_zero).collect::<Vec<_>>(),
            [-32700, 0]
        );
        for bad in [
            SHUTDOWN.to_vec(),
            [b"Content-Length: abc\r\n\r\n".as_slice(), SHUTDOWN].concat(),
            [b"Content-Length: 5\r\n".as_slice(), SHUTDOWN].concat(),
        ] {
            let out = frames(&[&bad, &frame(SHUTDOWN)]);
            assert_eq!(out.len(), 2, "{out:?}");
            assert_eq!(error_code(&out[0]), -32700);
            assert_eq!(out[1], message(SHUTDOWN));
        }
    }

    fn error_code_or_zero(incoming: &Incoming) -> i64 {
        match incoming {
            Incoming::Reply(_) => error_code(incoming),
            Incoming::Message(_) => 0,
        }
    }

    #[test]
    fn skipped_input_does_not_pile_up() {
        let mut reader = FrameReader::default();
        reader.push(b"Content-Length: 5\r\n");
        for _ in 0..10 {
            reader.push(&[b'x'; 1000]);
            assert_eq!(reader.next_frame(), None);
        }
        assert!(reader.buffer.len() <= MAX_HEADER);
        let mut reader = FrameReader::default();
        for _ in 0..1000 {
            reader.push(&[b'x'; 1000]);
            assert_eq!(reader.next_frame(), None);
        }
        assert!(reader.buffer.len() <= KEPT_OF_SKIPPED);
        reader.push(&frame(SHUTDOWN));
        assert_eq!(error_code(&reader.next_frame().expect("an error")), -32700);
        assert_eq!(reader.next_frame(), Some(message(SHUTDOWN)));
    }
}
