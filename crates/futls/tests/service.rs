//! The server as a library (`futls::service`), driven in process through
//! its tower `Service` as the fuzz target `lsp_requests` drives it: it
//! answers, and once it is dropped its threads end, so that one process
//! can run server after server.

use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tower_lsp_server::jsonrpc::{Request, Response};
use tower_service::Service;

const URI: &str = "file:///service-test/a.fut";

/// How many of this process's threads are the server's own (the writer
/// and the diagnostics thread).
fn server_threads() -> usize {
    let tasks = std::fs::read_dir("/proc/self/task").expect("/proc/self/task");
    tasks
        .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("comm")).ok())
        .filter(|name| name.starts_with("futls-"))
        .count()
}

fn wait_until_server_threads_are(count: usize) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while server_threads() != count {
        assert!(
            Instant::now() < deadline,
            "the server runs {} threads, not {count}",
            server_threads()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

async fn call(
    service: &mut tower_lsp_server::LspService<futls::Backend>,
    message: Request,
) -> Option<Response> {
    std::future::poll_fn(|cx| service.poll_ready(cx))
        .await
        .expect("serving");
    service.call(message).await.expect("serving")
}

fn request(id: i64, method: &'static str, params: Value) -> Request {
    Request::build(method).id(id).params(params).finish()
}

fn notification(method: &'static str, params: Value) -> Request {
    Request::build(method).params(params).finish()
}

#[test]
#[cfg(target_os = "linux")]
fn a_server_answers_in_process_and_its_threads_end_when_it_is_dropped() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .thread_stack_size(futls::STACK_SIZE)
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let (mut service, socket) = futls::service(futls::Limits::default());
        // Named as they start.
        wait_until_server_threads_are(2);
        // The client answers the server's requests and passes on the
        // diagnostics it publishes.
        let (published, mut diagnostics) = tokio::sync::mpsc::unbounded_channel();
        let (mut from_server, mut to_server) = socket.split();
        let client = tokio::spawn(async move {
            while let Some(message) = from_server.next().await {
                if message.method() == "textDocument/publishDiagnostics" {
                    let _ = published.send(message.params().cloned());
                }
                if let Some(id) = message.id() {
                    let _ = to_server.send(Response::from_ok(id.clone(), Value::Null)).await;
                }
            }
        });
        // A client that registers file watchers, so that the server
        // watches no directory (a watcher would keep it running).
        let capabilities =
            json!({"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": true}}});
        let initialized = call(&mut service, request(1, "initialize", json!({"capabilities": capabilities}))).await;
        assert!(initialized.is_some_and(|r| r.is_ok()));
        assert_eq!(call(&mut service, notification("initialized", json!({}))).await, None);
        let document = json!({"uri": URI, "languageId": "futhark", "version": 1, "text": "def x: i32 = true\n"});
        let opened = notification("textDocument/didOpen", json!({"textDocument": document}));
        assert_eq!(call(&mut service, opened).await, None);
        let position = json!({"textDocument": {"uri": URI}, "position": {"line": 0, "character": 4}});
        let hover = call(&mut service, request(2, "textDocument/hover", position)).await;
        let hover = hover.expect("an answer");
        let shown = hover.result().expect("a hover")["contents"]["value"].to_string();
        assert!(shown.contains("i32"), "{shown}");
        let published = diagnostics.recv().await.flatten().expect("diagnostics");
        assert_eq!(published["version"], 1);
        let errors = published["diagnostics"].as_array().expect("a list");
        assert!(errors.iter().any(|d| d["severity"] == 1), "{errors:?}");
        let shutdown = call(&mut service, request(3, "shutdown", Value::Null)).await;
        assert!(shutdown.is_some_and(|r| r.is_ok()));
        assert_eq!(call(&mut service, notification("exit", Value::Null)).await, None);
        drop(service);
        client.await.expect("the client ends");
    });
    wait_until_server_threads_are(0);
}
