//! Fuzzes futls's framing of the editor's messages, which everything the
//! editor sends passes through before the LSP framework sees it.
//!
//! Any bytes, as one read, must split into frames without panicking, and
//! every frame passed on as a message must be a JSON-RPC 2.0 object.
//!
//! The input is also taken as pieces (split at 0xff bytes), each sent as
//! its first byte says: as it is, framed with its length, or framed with
//! too short a length; after each comes a well-formed marker message.
//! Where no piece holds a header name (which would start a frame of its
//! own), every marker must come through, in order: a malformed frame
//! never stops the server from reading the next well-formed one. Each
//! piece and marker is sent in two reads, split where the first byte says.
#![no_main]

use futls::framing::{FrameReader, Incoming, frame};
use libfuzzer_sys::fuzz_target;

const HEADER_NAMES: [&[u8]; 2] = [b"content-length:", b"content-type:"];
const MARKER_METHOD: &[u8] = b"fuzz/marker";

fn marker(index: usize) -> Vec<u8> {
    format!(r#"{{"jsonrpc":"2.0","method":"fuzz/marker","params":{{"index":{index}}}}}"#)
        .into_bytes()
}

fn contains(bytes: &[u8], needle: &[u8]) -> bool {
    bytes
        .windows(needle.len())
        .any(|window| window.eq_ignore_ascii_case(needle))
}

/// The messages the reader passes on for `reads`, checked to be JSON-RPC.
fn messages(reads: &[&[u8]]) -> Vec<Vec<u8>> {
    let mut reader = FrameReader::default();
    let mut out = Vec::new();
    for read in reads {
        reader.push(read);
        while let Some(incoming) = reader.next_frame() {
            if let Incoming::Message(body) = incoming {
                let message: serde_json::Value =
                    serde_json::from_slice(&body).expect("a message is JSON");
                assert_eq!(message["jsonrpc"], "2.0", "a message is JSON-RPC 2.0");
                out.push(body);
            }
        }
    }
    out
}

fuzz_target!(|data: &[u8]| {
    messages(&[data]);

    let pieces: Vec<&[u8]> = data.split(|&byte| byte == 0xff).collect();
    let well_formed_apart = |piece: &&[u8]| {
        !HEADER_NAMES.iter().any(|name| contains(piece, name)) && !contains(piece, MARKER_METHOD)
    };
    if !pieces.iter().all(well_formed_apart) {
        return;
    }
    let mut sent: Vec<Vec<u8>> = Vec::new();
    let mut markers = Vec::new();
    for (index, piece) in pieces.iter().enumerate() {
        let (how, body) = piece.split_first().unwrap_or((&0, &[]));
        let bytes = match how % 3 {
            0 => body.to_vec(),
            1 => frame(body),
            _ => {
                let mut short = frame(&body[..body.len() / 2]);
                short.truncate(short.len() - body.len() / 2);
                short.extend_from_slice(body);
                short
            }
        };
        let marker = marker(index);
        let split = usize::from(how / 3);
        for bytes in [bytes, frame(&marker)] {
            let (first, second) = bytes.split_at(split.min(bytes.len()));
            sent.push(first.to_vec());
            sent.push(second.to_vec());
        }
        markers.push(marker);
    }
    let reads: Vec<&[u8]> = sent.iter().map(Vec::as_slice).collect();
    let received: Vec<Vec<u8>> = messages(&reads)
        .into_iter()
        .filter(|body| contains(body, MARKER_METHOD))
        .collect();
    assert_eq!(received, markers, "every marker comes through, in order");
});
