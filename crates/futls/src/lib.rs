//! `futls`, the Futhark language server, as a library: the binary
//! (`main.rs`) only reads its command line and calls [`serve`], and the
//! fuzz targets (`fuzz/`) drive the server through [`service`] and its
//! framing of the editor's messages through [`framing`].
//!
//! Handlers only turn LSP into `hir` queries and back. Edits go to the one
//! thread that writes the salsa database (`database.rs`); requests are
//! answered from snapshots on blocking threads, cancelled by newer edits
//! and by `$/cancelRequest`; diagnostics are computed once edits settle and
//! published per document (`diagnostics.rs`). Only this crate knows LSP,
//! and nothing but the protocol goes to standard output.

mod code_lens;
mod database;
mod diagnostics;
mod disk_watch;
mod formatting;
pub mod framing;
mod line_index;
mod optimised;
mod prelude_files;

use database::{CancelOnDrop, Cancellation, Change, Database, Snapshot, Unanswered};
use diagnostics::Publication;
use hir::SourceFile;
use line_index::LineIndex;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use tokio::sync::mpsc::UnboundedSender;
use tower_lsp_server::jsonrpc::{Error, ErrorCode, Result};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, ClientSocket, LanguageServer, LspService, Server};

/// How many messages the server works on at once. A message waits while
/// this many are in progress, and a waiting edit or `$/cancelRequest`
/// cannot cancel the requests ahead of it, so the limit is well above the
/// number of requests an editor keeps in flight.
const MESSAGES_IN_PROGRESS: usize = 64;

/// The stack of every thread that runs queries: programs nested or
/// chained tens of thousands deep are walked recursively. Only the pages
/// used are ever allocated.
pub const STACK_SIZE: usize = 1 << 30;

/// Serves an editor over standard input and output until the input ends
/// or it sends `exit`; fails only if the async runtime cannot start.
pub fn serve() -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_stack_size(STACK_SIZE)
        .build()?;
    runtime.block_on(serve_stdio());
    Ok(())
}

async fn serve_stdio() {
    let (service, socket) = service(Limits::default());
    let (to_server, server_input) = tokio::io::duplex(1 << 16);
    let (server_output, from_server) = tokio::io::duplex(1 << 16);
    let (replies, replies_out) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(framing::forward_input(
        framing::read_stdin(),
        to_server,
        replies,
    ));
    let output = tokio::spawn(framing::forward_output(from_server, replies_out));
    Server::new(server_input, server_output, socket)
        .concurrency_level(MESSAGES_IN_PROGRESS)
        .serve(service)
        .await;
    // The server's output ends with it: wait until all of it is written.
    let _ = output.await;
}

/// Bounds on the server's work beyond those it always keeps.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// The most interpreter steps (see `opt::interp::run_entry_bounded`)
    /// each code lens example may take; `None` (as [`serve`] has it):
    /// only the time limit, past which a running example runs on. The
    /// fuzz target sets it so that no input leaves an evaluation running.
    pub example_steps: Option<u64>,
}

/// The server as a tower `Service` of JSON-RPC messages, and the socket
/// of its messages to the client (which must be read, and its requests
/// answered, for the server to go on). Call it inside a tokio runtime
/// whose threads have [`STACK_SIZE`] stacks. Once the service and every
/// request's future are dropped, the server's threads end.
pub fn service(limits: Limits) -> (LspService<Backend>, ClientSocket) {
    prelude_files::write_prelude();
    LspService::build(|client| Backend::new(client, limits))
        .custom_method("futhark/ir", Backend::ir)
        .finish()
}

/// The parameters of the `futhark/ir` request: a document, whose
/// program's core IR is asked for at `stage` (after lowering, `lower`, or
/// at the end of a pipeline of `futc dev`), with only the entry point
/// `entry` if given.
#[derive(Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IrParams {
    pub text_document: TextDocumentIdentifier,
    pub stage: String,
    #[serde(default)]
    pub entry: Option<String>,
}

/// The answer to `futhark/ir`: the printed IR.
#[derive(Debug, serde::Serialize)]
pub struct IrText {
    pub text: String,
}

/// The language server's state, behind [`service`].
pub struct Backend {
    client: Client,
    database: Database,
    /// To the task that publishes diagnostics, in order.
    publications: UnboundedSender<Publication>,
    /// Whether the client registers file watchers for us.
    watch_files: AtomicBool,
    /// Whether the client shows diagnostics' related information (if
    /// not, it goes into their messages).
    shows_related: Arc<AtomicBool>,
    /// Each document's last semantic tokens and their result id, from
    /// which the next request's delta is computed.
    last_tokens: std::sync::Mutex<HashMap<Uri, (String, Vec<SemanticToken>)>>,
    next_result_id: AtomicU64,
    /// Each open document's evaluated code lenses and the fingerprint of
    /// the sources they were evaluated from (the document's and every
    /// file it may import): evaluation is the slowest answer.
    last_lenses: std::sync::Mutex<HashMap<Uri, (u64, Vec<CodeLens>)>>,
    /// Each document's last lowered program, with what optimisation made
    /// of it and the document's text it was last asked for: an edit that
    /// leaves the lowered program as it was (a comment, a definition no
    /// entry point uses) is not optimised again, and a hover reads what
    /// fusion did while the text is still the one optimised.
    last_outlines: std::sync::Mutex<HashMap<Uri, LastOutline>>,
    /// One optimisation for entry point lenses at a time: a request
    /// superseded while it waits (the editor cancels it) never starts
    /// one, so fast typing does not pile them up.
    lens_optimisation: tokio::sync::Semaphore,
    limits: Limits,
}

/// What `last_outlines` keeps of a document: the program lowered from
/// it, the text it was last asked for, and what optimisation made of the
/// program (or why it could not).
struct LastOutline {
    lowered: opt::ir::Program,
    text: Arc<str>,
    outline: std::result::Result<optimised::Outline, String>,
}

/// The path in the database of a document, if it is a file.
fn path_of(uri: &Uri) -> Option<String> {
    prelude_files::database_path(&uri.to_file_path()?)
}

/// The document of a path in the database.
fn uri_of(path: &str) -> Option<Uri> {
    Uri::from_file_path(prelude_files::disk_path(path)?)
}

/// The answer to a request whose document changed before it was ready.
fn content_modified() -> Error {
    Error {
        code: ErrorCode::ContentModified,
        message: "The document changed before the answer was ready.".into(),
        data: None,
    }
}

impl Backend {
    /// Starts the writer and diagnostics threads and the publishing task.
    fn new(client: Client, limits: Limits) -> Backend {
        let (applied_sender, applied) = crossbeam_channel::unbounded();
        let database = Database::start(applied_sender);
        let (publications, to_publish) = tokio::sync::mpsc::unbounded_channel();
        diagnostics::start(database.snapshots(), applied, publications.clone());
        let shows_related = Arc::new(AtomicBool::new(false));
        tokio::spawn(diagnostics::publish(
            client.clone(),
            database.versions(),
            shows_related.clone(),
            to_publish,
        ));
        Backend {
            client,
            database,
            publications,
            watch_files: AtomicBool::new(false),
            shows_related,
            last_tokens: std::sync::Mutex::new(HashMap::new()),
            next_result_id: AtomicU64::new(0),
            last_lenses: std::sync::Mutex::new(HashMap::new()),
            last_outlines: std::sync::Mutex::new(HashMap::new()),
            lens_optimisation: tokio::sync::Semaphore::new(1),
            limits,
        }
    }

    /// Answers a request about `document` (if any) with `answer` run on a
    /// snapshot, on a blocking thread. The snapshot never leaves that
    /// thread: no snapshot may be held across an await (`database.rs`).
    async fn query<T: Send + 'static>(
        &self,
        document: Option<&Uri>,
        answer: impl Fn(&Snapshot) -> T + Send + 'static,
    ) -> Result<T> {
        // Before the first await: the request reads exactly the edits
        // that arrived before it.
        let ticket = self.database.ticket(document.and_then(path_of));
        let cancellation = Arc::new(Cancellation::default());
        // Dropped with this future, which `$/cancelRequest` drops.
        let _cancel_when_dropped = CancelOnDrop(cancellation.clone());
        let database = self.database.clone();
        let answered =
            tokio::task::spawn_blocking(move || database.read(&ticket, &cancellation, answer))
                .await;
        match answered {
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(Unanswered::ContentModified)) => Err(content_modified()),
            Ok(Err(Unanswered::Cancelled)) => Err(Error::request_cancelled()),
            // A query panicked; the panic hook wrote why to stderr.
            Err(_) => Err(Error::internal_error()),
        }
    }

    /// The code lenses of a document's entry points: what each runs in
    /// parallel after fusion and as kernels; clicking one opens its IR.
    async fn entry_lenses(&self, uri: &Uri) -> Result<Vec<CodeLens>> {
        let asked_about = uri.clone();
        let lowered = self
            .query(Some(uri), move |s| {
                let (file, index) = document(s, &asked_about)?;
                let entries: Vec<(String, Range)> = optimised::entries(&s.db, file)
                    .into_iter()
                    .map(|entry| (entry.name, index.range(entry.range)))
                    .collect();
                if entries.is_empty() {
                    return None;
                }
                let lowered = optimised::lower(&s.db, s.file_set, file).ok()?;
                Some((
                    entries,
                    lowered,
                    Arc::<str>::from(file.text(&s.db).as_str()),
                ))
            })
            .await?;
        let Some((entries, lowered, text)) = lowered else {
            return Ok(Vec::new());
        };
        // The same program (locations included) from this text: what
        // was made of it holds for the text.
        let cached = || {
            let mut last = self.last_outlines.lock().ok()?;
            let last = last.get_mut(uri)?;
            (last.lowered == lowered).then(|| {
                last.text = text.clone();
                last.outline.clone()
            })
        };
        let _permit = match cached() {
            Some(_) => None,
            None => Some(
                self.lens_optimisation
                    .acquire()
                    .await
                    .map_err(|_| Error::internal_error())?,
            ),
        };
        // Another request may have optimised the same program meanwhile.
        let outline = match cached() {
            Some(outline) => outline,
            None => {
                let program = lowered.clone();
                let outline = tokio::task::spawn_blocking(move || optimised::outline(program))
                    .await
                    .map_err(|_| Error::internal_error())?;
                if let Ok(mut last) = self.last_outlines.lock() {
                    last.insert(
                        uri.clone(),
                        LastOutline {
                            lowered,
                            text,
                            outline: outline.clone(),
                        },
                    );
                }
                outline
            }
        };
        Ok(entries
            .into_iter()
            .map(|(name, range)| {
                let title = match &outline {
                    Ok(outline) => outline
                        .titles
                        .iter()
                        .find(|(entry, _)| *entry == name)
                        .map_or_else(String::new, |(_, title)| title.clone()),
                    Err(message) => format!("not optimised: {message}"),
                };
                CodeLens {
                    range,
                    command: Some(Command {
                        title,
                        command: "futhark.showIr".to_owned(),
                        arguments: Some(vec![
                            serde_json::json!(uri.as_str()),
                            serde_json::json!(name),
                            serde_json::json!("soacs"),
                        ]),
                    }),
                    data: None,
                }
            })
            .filter(|lens| lens.command.as_ref().is_some_and(|c| !c.title.is_empty()))
            .collect())
    }

    /// `futhark/ir`: the core IR of a document's program at a stage.
    pub async fn ir(&self, params: IrParams) -> Result<IrText> {
        let uri = params.text_document.uri;
        let asked_about = uri.clone();
        let lowered = self
            .query(Some(&uri), move |s| {
                let Some((file, _)) = document(s, &asked_about) else {
                    return Err("the document is not open or not a file".to_owned());
                };
                optimised::lower(&s.db, s.file_set, file)
            })
            .await?;
        let invalid = |message: String| Error {
            code: ErrorCode::InvalidParams,
            message: message.into(),
            data: None,
        };
        let lowered = lowered.map_err(invalid)?;
        let (stage, entry) = (params.stage, params.entry);
        let text = tokio::task::spawn_blocking(move || {
            optimised::ir_at(lowered, &stage, entry.as_deref())
        })
        .await
        .map_err(|_| Error::internal_error())?
        .map_err(invalid)?;
        Ok(IrText { text })
    }

    /// The semantic tokens of a whole document.
    async fn whole_file_tokens(&self, uri: &Uri) -> Result<Option<Vec<SemanticToken>>> {
        let document = uri.clone();
        self.query(Some(uri), move |s| {
            let file = file_of(s, &path_of(&document)?)?;
            let whole = syntax::TextRange::up_to(syntax::TextSize::of(file.text(&s.db).as_str()));
            Some(semantic_tokens(s, file, whole).data)
        })
        .await
    }

    /// Keeps a document's latest semantic tokens for the next delta
    /// request; returns their result id.
    fn remember_tokens(&self, uri: Uri, tokens: Vec<SemanticToken>) -> String {
        let id = self
            .next_result_id
            .fetch_add(1, Ordering::Relaxed)
            .to_string();
        if let Ok(mut last) = self.last_tokens.lock() {
            last.insert(uri, (id.clone(), tokens));
        }
        id
    }

    /// Sends an edit of a document to the writer.
    fn edit(&self, uri: &Uri, change: Change) {
        if let Some(path) = path_of(uri) {
            self.database.send(path, change);
        }
    }
}

fn file_of(snapshot: &Snapshot, path: &str) -> Option<SourceFile> {
    snapshot.file_set.files(&snapshot.db).get(path).copied()
}

/// A document's file and the index of its lines.
fn document(s: &Snapshot, uri: &Uri) -> Option<(SourceFile, LineIndex)> {
    let file = file_of(s, &path_of(uri)?)?;
    Some((file, LineIndex::new(file.text(&s.db))))
}

/// The file and offset of a position in a document.
fn locate(s: &Snapshot, uri: &Uri, position: Position) -> Option<(SourceFile, syntax::TextSize)> {
    let (file, index) = document(s, uri)?;
    Some((file, index.offset(position)))
}

/// The hover at an offset of a file: on a definition's name its declared
/// type, elsewhere the type of what is under the cursor; with its
/// documentation.
fn hover_at(s: &Snapshot, file: SourceFile, offset: syntax::TextSize) -> Option<Hover> {
    let (range, signature) = hir::ide::definition_signature_at(&s.db, s.file_set, file, offset)
        .or_else(|| {
            hir::ide::type_at(&s.db, s.file_set, file, offset)
                .map(|(range, ty)| (range, ty.to_string()))
        })?;
    let doc = hir::ide::documentation_at(&s.db, s.file_set, file, offset);
    let mut value = format!("```futhark\n{signature}\n```");
    if let Some(doc) = doc {
        value.push_str("\n\n");
        value.push_str(&doc);
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(LineIndex::new(file.text(&s.db)).range(range)),
    })
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        // Files on disk are watched through the client, if it can.
        let can_watch = params
            .capabilities
            .workspace
            .and_then(|w| w.did_change_watched_files)
            .and_then(|w| w.dynamic_registration)
            .unwrap_or(false);
        self.watch_files.store(can_watch, Ordering::Relaxed);
        let shows_related = params
            .capabilities
            .text_document
            .as_ref()
            .and_then(|t| t.publish_diagnostics.as_ref())
            .and_then(|p| p.related_information)
            .unwrap_or(false);
        self.shows_related.store(shows_related, Ordering::Relaxed);
        Ok(InitializeResult {
            server_info: Some(ServerInfo {
                name: "futls".to_string(),
                version: Some(env!("CARGO_PKG_VERSION").to_string()),
            }),
            capabilities: ServerCapabilities {
                text_document_sync: Some(TextDocumentSyncCapability::Kind(
                    TextDocumentSyncKind::INCREMENTAL,
                )),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                definition_provider: Some(OneOf::Left(true)),
                document_highlight_provider: Some(OneOf::Left(true)),
                document_link_provider: Some(DocumentLinkOptions {
                    resolve_provider: Some(false),
                    work_done_progress_options: WorkDoneProgressOptions::default(),
                }),
                document_symbol_provider: Some(OneOf::Left(true)),
                references_provider: Some(OneOf::Left(true)),
                rename_provider: Some(OneOf::Right(RenameOptions {
                    prepare_provider: Some(true),
                    work_done_progress_options: WorkDoneProgressOptions::default(),
                })),
                folding_range_provider: Some(FoldingRangeProviderCapability::Simple(true)),
                workspace_symbol_provider: Some(OneOf::Left(true)),
                inlay_hint_provider: Some(OneOf::Left(true)),
                semantic_tokens_provider: Some(
                    SemanticTokensServerCapabilities::SemanticTokensOptions(
                        SemanticTokensOptions {
                            legend: SemanticTokensLegend {
                                token_types: TOKEN_TYPES.to_vec(),
                                token_modifiers: TOKEN_MODIFIERS.to_vec(),
                            },
                            range: Some(true),
                            full: Some(SemanticTokensFullOptions::Delta { delta: Some(true) }),
                            work_done_progress_options: WorkDoneProgressOptions::default(),
                        },
                    ),
                ),
                code_action_provider: Some(CodeActionProviderCapability::Options(
                    CodeActionOptions {
                        code_action_kinds: Some(vec![CodeActionKind::REFACTOR_REWRITE]),
                        ..CodeActionOptions::default()
                    },
                )),
                signature_help_provider: Some(SignatureHelpOptions {
                    trigger_characters: Some(vec![" ".to_string(), "(".to_string()]),
                    retrigger_characters: None,
                    work_done_progress_options: WorkDoneProgressOptions::default(),
                }),
                completion_provider: Some(CompletionOptions {
                    trigger_characters: Some(vec![".".to_string()]),
                    ..CompletionOptions::default()
                }),
                document_formatting_provider: Some(OneOf::Left(true)),
                document_range_formatting_provider: Some(OneOf::Left(true)),
                code_lens_provider: Some(CodeLensOptions {
                    resolve_provider: Some(false),
                }),
                ..ServerCapabilities::default()
            },
            ..InitializeResult::default()
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        if !self.watch_files.load(Ordering::Relaxed) {
            self.database.watch_disk();
            return;
        }
        let watch = DidChangeWatchedFilesRegistrationOptions {
            watchers: vec![FileSystemWatcher {
                glob_pattern: GlobPattern::String("**/*.fut".to_string()),
                kind: None,
            }],
        };
        let registration = Registration {
            id: "futls-watch-fut-files".to_string(),
            method: "workspace/didChangeWatchedFiles".to_string(),
            register_options: serde_json::to_value(watch).ok(),
        };
        if let Err(error) = self.client.register_capability(vec![registration]).await {
            self.client
                .log_message(
                    MessageType::WARNING,
                    format!("the client cannot watch .fut files ({error}); futls watches them"),
                )
                .await;
            self.database.watch_disk();
        }
    }

    // The notification handlers send their edits before any await (see
    // `database.rs`): that keeps them in the order they arrived.

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        for change in params.changes {
            self.edit(&change.uri, Change::OnDisk);
        }
    }

    async fn shutdown(&self) -> Result<()> {
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let document = params.text_document;
        let change = Change::Open {
            version: document.version,
            text: document.text,
        };
        self.edit(&document.uri, change);
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let document = params.text_document;
        let change = Change::Edit {
            version: document.version,
            changes: params.content_changes,
        };
        self.edit(&document.uri, change);
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        // Closed without saving, its text is the disk's again (for the
        // open files that import it), and it has no diagnostics.
        self.edit(&uri, Change::Close);
        if let Ok(mut last) = self.last_lenses.lock() {
            last.remove(&uri);
        }
        // Without the publisher the server is exiting.
        let _ = self.publications.send(Publication::Cleared { uri });
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let position = params.text_document_position_params;
        let uri = position.text_document.uri.clone();
        let answer = self
            .query(Some(&uri), move |s| {
                let (file, offset) = locate(s, &position.text_document.uri, position.position)?;
                let hover = hover_at(s, file, offset)?;
                let text = file.text(&s.db);
                // The IR's locations: 1-based lines, byte columns.
                let before = &text[..usize::from(offset).min(text.len())];
                let line = before.matches('\n').count() as u32 + 1;
                let column = (before.len() - before.rfind('\n').map_or(0, |i| i + 1)) as u32 + 1;
                let place = (file.path(&s.db).to_string(), line, column);
                Some((hover, Arc::<str>::from(text.as_str()), place))
            })
            .await?;
        let Some((mut hover, text, (path, line, column))) = answer else {
            return Ok(None);
        };
        let fused = self.last_outlines.lock().ok().and_then(|last| {
            let last = last.get(&uri)?;
            let outline = last.outline.as_ref().ok()?;
            let call = optimised::fused_call_at(&outline.fused, &path, line, column)?;
            (last.text == text).then(|| call.describe())
        });
        if let (Some(fused), HoverContents::Markup(markup)) = (fused, &mut hover.contents) {
            markup.value.push_str("\n\n---\n\n");
            markup.value.push_str(&fused);
        }
        Ok(Some(hover))
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let position = params.text_document_position_params;
        let uri = position.text_document.uri.clone();
        self.query(Some(&uri), move |s| {
            let (file, offset) = locate(s, &position.text_document.uri, position.position)?;
            let target = hir::ide::definition_at(&s.db, s.file_set, file, offset)?;
            let uri = uri_of(target.file.path(&s.db))?;
            let index = LineIndex::new(target.file.text(&s.db));
            Some(GotoDefinitionResponse::Scalar(Location::new(
                uri,
                index.range(target.focus_range),
            )))
        })
        .await
    }

    async fn document_highlight(
        &self,
        params: DocumentHighlightParams,
    ) -> Result<Option<Vec<DocumentHighlight>>> {
        let position = params.text_document_position_params;
        let uri = position.text_document.uri.clone();
        self.query(Some(&uri), move |s| {
            let (file, offset) = locate(s, &position.text_document.uri, position.position)?;
            let index = LineIndex::new(file.text(&s.db));
            let highlights = hir::ide::highlights_at(&s.db, s.file_set, file, offset)
                .into_iter()
                .map(|(range, definition)| DocumentHighlight {
                    range: index.range(range),
                    kind: Some(if definition {
                        DocumentHighlightKind::WRITE
                    } else {
                        DocumentHighlightKind::READ
                    }),
                })
                .collect();
            Some(highlights)
        })
        .await
    }

    async fn document_link(&self, params: DocumentLinkParams) -> Result<Option<Vec<DocumentLink>>> {
        let uri = params.text_document.uri;
        let asked_about = uri.clone();
        self.query(Some(&asked_about), move |s| {
            let (file, index) = document(s, &uri)?;
            let links = hir::files::imports(&s.db, s.file_set, file)
                .iter()
                .filter_map(|import| {
                    Some(DocumentLink {
                        range: index.range(import.range),
                        target: Some(uri_of(import.target?.path(&s.db))?),
                        tooltip: Some(import.resolved.clone()),
                        data: None,
                    })
                })
                .collect();
            Some(links)
        })
        .await
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let position = params.text_document_position;
        let uri = position.text_document.uri.clone();
        self.query(Some(&uri), move |s| {
            let (file, offset) = locate(s, &position.text_document.uri, position.position)?;
            let items = hir::ide::completions_at(&s.db, s.file_set, file, offset)
                .into_iter()
                .map(|c| CompletionItem {
                    label: c.label,
                    kind: Some(match c.kind {
                        hir::ide::CompletionKind::Local => CompletionItemKind::VARIABLE,
                        hir::ide::CompletionKind::Value => CompletionItemKind::FUNCTION,
                        hir::ide::CompletionKind::Module => CompletionItemKind::MODULE,
                        hir::ide::CompletionKind::Field => CompletionItemKind::FIELD,
                        hir::ide::CompletionKind::Keyword => CompletionItemKind::KEYWORD,
                    }),
                    detail: c.detail,
                    ..CompletionItem::default()
                })
                .collect();
            Some(CompletionResponse::Array(items))
        })
        .await
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        let uri = params.text_document.uri;
        let asked_about = uri.clone();
        self.query(Some(&asked_about), move |s| {
            let (file, index) = document(s, &uri)?;
            let outline = hir::ide::file_outline(&s.db, file);
            Some(DocumentSymbolResponse::Nested(document_symbols(
                &index, outline,
            )))
        })
        .await
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let position = params.text_document_position;
        let include_declaration = params.context.include_declaration;
        let uri = position.text_document.uri.clone();
        self.query(Some(&uri), move |s| {
            let (file, offset) = locate(s, &position.text_document.uri, position.position)?;
            let found =
                hir::ide::references_at(&s.db, s.file_set, file, offset, include_declaration);
            Some(
                locations(s, found)
                    .into_iter()
                    .map(|(uri, range)| Location::new(uri, range))
                    .collect(),
            )
        })
        .await
    }

    async fn rename(&self, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
        let position = params.text_document_position;
        let new_name = params.new_name;
        let uri = position.text_document.uri.clone();
        let edits = self
            .query(Some(&uri), move |s| {
                let (file, offset) = locate(s, &position.text_document.uri, position.position)
                    .ok_or(hir::ide::RenameError::NoName)?;
                let found = hir::ide::rename_at(&s.db, s.file_set, file, offset, &new_name)?;
                let mut changes: HashMap<Uri, Vec<TextEdit>> = HashMap::new();
                for (uri, range) in locations(s, found) {
                    changes
                        .entry(uri)
                        .or_default()
                        .push(TextEdit::new(range, new_name.clone()));
                }
                Ok(changes)
            })
            .await?;
        match edits {
            Ok(changes) => Ok(Some(WorkspaceEdit::new(changes))),
            Err(error) => Err(rename_error(error)),
        }
    }

    async fn prepare_rename(
        &self,
        params: TextDocumentPositionParams,
    ) -> Result<Option<PrepareRenameResponse>> {
        let uri = params.text_document.uri.clone();
        let answer = self
            .query(Some(&uri), move |s| {
                let (file, offset) = locate(s, &params.text_document.uri, params.position)
                    .ok_or(hir::ide::RenameError::NoName)?;
                let range = hir::ide::rename_range(&s.db, s.file_set, file, offset)?;
                Ok(LineIndex::new(file.text(&s.db)).range(range))
            })
            .await?;
        match answer {
            Ok(range) => Ok(Some(PrepareRenameResponse::Range(range))),
            Err(error) => Err(rename_error(error)),
        }
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        let uri = params.text_document.uri;
        let asked_about = uri.clone();
        self.query(Some(&asked_about), move |s| {
            let (file, index) = document(s, &uri)?;
            let mut folds: Vec<FoldingRange> = Vec::new();
            for fold in hir::ide::folding_ranges(&s.db, file) {
                let range = index.range(fold.range);
                // Editors fold whole lines: one fold per span of lines.
                if folds
                    .iter()
                    .any(|f| f.start_line == range.start.line && f.end_line == range.end.line)
                {
                    continue;
                }
                folds.push(FoldingRange {
                    start_line: range.start.line,
                    start_character: None,
                    end_line: range.end.line,
                    end_character: None,
                    kind: match fold.kind {
                        hir::ide::FoldKind::Region => None,
                        hir::ide::FoldKind::Comment => Some(FoldingRangeKind::Comment),
                        hir::ide::FoldKind::Imports => Some(FoldingRangeKind::Imports),
                    },
                    collapsed_text: None,
                });
            }
            Some(folds)
        })
        .await
    }

    async fn formatting(&self, params: DocumentFormattingParams) -> Result<Option<Vec<TextEdit>>> {
        let uri = params.text_document.uri;
        let asked_about = uri.clone();
        self.query(Some(&asked_about), move |s| {
            let file = file_of(s, &path_of(&uri)?)?;
            formatting::format_document(file.text(&s.db))
        })
        .await
    }

    async fn range_formatting(
        &self,
        params: DocumentRangeFormattingParams,
    ) -> Result<Option<Vec<TextEdit>>> {
        let uri = params.text_document.uri;
        let range = params.range;
        let asked_about = uri.clone();
        self.query(Some(&asked_about), move |s| {
            let file = file_of(s, &path_of(&uri)?)?;
            formatting::format_range(file.text(&s.db), range)
        })
        .await
    }

    async fn code_lens(&self, params: CodeLensParams) -> Result<Option<Vec<CodeLens>>> {
        let uri = params.text_document.uri;
        let document = uri.clone();
        let source = self
            .query(Some(&uri), move |s| {
                let path = path_of(&document)?;
                let file = file_of(s, &path)?;
                let files = s
                    .file_set
                    .files(&s.db)
                    .iter()
                    .filter(|(other, _)| **other != path && !database::is_prelude(other))
                    .map(|(other, file)| (other.clone(), file.text(&s.db).clone()))
                    .collect();
                let text = file.text(&s.db).clone();
                Some(code_lens::Source { path, text, files })
            })
            .await?;
        let Some(source) = source else {
            return Ok(None);
        };
        // The same sources give the same lenses; an edit of an imported
        // file changes them as much as one of the document.
        let fingerprint = source.fingerprint();
        let cached = |last: &HashMap<Uri, (u64, Vec<CodeLens>)>| {
            let (cached_fingerprint, lenses) = last.get(&uri)?;
            (*cached_fingerprint == fingerprint).then(|| lenses.clone())
        };
        let cached = self.last_lenses.lock().ok().and_then(|last| cached(&last));
        let mut lenses = match cached {
            Some(lenses) => lenses,
            None => {
                let steps = self.limits.example_steps;
                let lenses = tokio::task::spawn_blocking(move || code_lens::lenses(&source, steps))
                    .await
                    .map_err(|_| Error::internal_error())?;
                if let Ok(mut last) = self.last_lenses.lock() {
                    last.insert(uri.clone(), (fingerprint, lenses.clone()));
                }
                lenses
            }
        };
        lenses.extend(self.entry_lenses(&uri).await?);
        Ok(Some(lenses))
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let uri = params.text_document.uri;
        let range = params.range;
        let asked_about = uri.clone();
        self.query(Some(&asked_about), move |s| {
            let (file, index) = document(s, &uri)?;
            let range = index.text_range(range);
            let hints = hir::ide::type_hints(&s.db, s.file_set, file, range)
                .into_iter()
                .map(|hint| InlayHint {
                    position: index.position(hint.name.end()),
                    label: InlayHintLabel::String(format!(": {}", hint.ty)),
                    kind: Some(InlayHintKind::TYPE),
                    text_edits: None,
                    tooltip: None,
                    padding_left: None,
                    padding_right: None,
                    data: None,
                })
                .collect();
            Some(hints)
        })
        .await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let uri = params.text_document.uri;
        let range = params.range;
        let asked_about = uri.clone();
        self.query(Some(&asked_about), move |s| {
            let (file, index) = document(s, &uri)?;
            let range = index.text_range(range);
            let actions = hir::ide::type_hints(&s.db, s.file_set, file, range)
                .into_iter()
                .map(|hint| {
                    let edits = hir::ide::annotation_insertions(&s.db, file, &hint)
                        .into_iter()
                        .map(|(offset, text)| {
                            let at = index.position(offset);
                            TextEdit::new(Range::new(at, at), text)
                        })
                        .collect();
                    CodeActionOrCommand::CodeAction(CodeAction {
                        title: "Insert type annotation".to_string(),
                        kind: Some(CodeActionKind::REFACTOR_REWRITE),
                        edit: Some(WorkspaceEdit::new(HashMap::from([(uri.clone(), edits)]))),
                        ..CodeAction::default()
                    })
                })
                .collect();
            Some(actions)
        })
        .await
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        let uri = params.text_document.uri;
        let Some(tokens) = self.whole_file_tokens(&uri).await? else {
            return Ok(None);
        };
        let result_id = self.remember_tokens(uri, tokens.clone());
        Ok(Some(SemanticTokensResult::Tokens(SemanticTokens {
            result_id: Some(result_id),
            data: tokens,
        })))
    }

    async fn semantic_tokens_full_delta(
        &self,
        params: SemanticTokensDeltaParams,
    ) -> Result<Option<SemanticTokensFullDeltaResult>> {
        let uri = params.text_document.uri;
        let Some(tokens) = self.whole_file_tokens(&uri).await? else {
            return Ok(None);
        };
        let previous = self
            .last_tokens
            .lock()
            .ok()
            .and_then(|last| last.get(&uri).cloned())
            .filter(|(id, _)| *id == params.previous_result_id);
        let result_id = self.remember_tokens(uri, tokens.clone());
        Ok(Some(match previous {
            Some((_, old)) => SemanticTokensFullDeltaResult::TokensDelta(SemanticTokensDelta {
                result_id: Some(result_id),
                edits: token_edits(&old, &tokens),
            }),
            None => SemanticTokensFullDeltaResult::Tokens(SemanticTokens {
                result_id: Some(result_id),
                data: tokens,
            }),
        }))
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        let uri = params.text_document.uri;
        let range = params.range;
        let asked_about = uri.clone();
        self.query(Some(&asked_about), move |s| {
            let (file, index) = document(s, &uri)?;
            let range = index.text_range(range);
            Some(SemanticTokensRangeResult::Tokens(semantic_tokens(
                s, file, range,
            )))
        })
        .await
    }

    async fn signature_help(&self, params: SignatureHelpParams) -> Result<Option<SignatureHelp>> {
        let position = params.text_document_position_params;
        let uri = position.text_document.uri.clone();
        self.query(Some(&uri), move |s| {
            let (file, offset) = locate(s, &position.text_document.uri, position.position)?;
            let help = hir::ide::signature_help_at(&s.db, s.file_set, file, offset)?;
            // Parameter labels as UTF-16 offsets into the label.
            let utf16 =
                |at: syntax::TextSize| help.label[..usize::from(at)].encode_utf16().count() as u32;
            let parameters = help
                .params
                .iter()
                .map(|range| ParameterInformation {
                    label: ParameterLabel::LabelOffsets([utf16(range.start()), utf16(range.end())]),
                    documentation: None,
                })
                .collect();
            Some(SignatureHelp {
                signatures: vec![SignatureInformation {
                    label: help.label.clone(),
                    documentation: None,
                    parameters: Some(parameters),
                    active_parameter: Some(help.active as u32),
                }],
                active_signature: Some(0),
                active_parameter: Some(help.active as u32),
            })
        })
        .await
    }

    async fn symbol(
        &self,
        params: WorkspaceSymbolParams,
    ) -> Result<Option<WorkspaceSymbolResponse>> {
        let query = params.query.to_lowercase();
        self.query(None, move |s| {
            let mut symbols = Vec::new();
            for (path, file) in s.file_set.files(&s.db) {
                let Some(uri) = uri_of(path).filter(|_| !path.starts_with("/prelude/")) else {
                    continue;
                };
                let index = LineIndex::new(file.text(&s.db));
                let outline = hir::ide::file_outline(&s.db, *file);
                collect_workspace_symbols(&query, &uri, &index, None, outline, &mut symbols);
            }
            Some(WorkspaceSymbolResponse::Nested(symbols))
        })
        .await
    }
}

/// The documents and LSP ranges of places in files.
fn locations(s: &Snapshot, places: Vec<hir::ide::FileRange>) -> Vec<(Uri, Range)> {
    let mut indexes: HashMap<SourceFile, LineIndex> = HashMap::new();
    places
        .into_iter()
        .filter_map(|place| {
            let uri = uri_of(place.file.path(&s.db))?;
            let index = indexes
                .entry(place.file)
                .or_insert_with(|| LineIndex::new(place.file.text(&s.db)));
            Some((uri, index.range(place.range)))
        })
        .collect()
}

/// The one edit that turns `old` tokens into `new`: the run between their
/// common prefix and common suffix. Offsets count integers, five per token.
fn token_edits(old: &[SemanticToken], new: &[SemanticToken]) -> Vec<SemanticTokensEdit> {
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let suffix = old[prefix..]
        .iter()
        .rev()
        .zip(new[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let removed = old.len() - prefix - suffix;
    let inserted = &new[prefix..new.len() - suffix];
    if removed == 0 && inserted.is_empty() {
        return Vec::new();
    }
    vec![SemanticTokensEdit {
        start: 5 * prefix as u32,
        delete_count: 5 * removed as u32,
        data: Some(inserted.to_vec()),
    }]
}

/// The semantic token types, in the order of their indices.
const TOKEN_TYPES: &[SemanticTokenType] = &[
    SemanticTokenType::FUNCTION,
    SemanticTokenType::VARIABLE,
    SemanticTokenType::PARAMETER,
    SemanticTokenType::TYPE,
    SemanticTokenType::TYPE_PARAMETER,
    SemanticTokenType::NAMESPACE,
    SemanticTokenType::INTERFACE,
    SemanticTokenType::PROPERTY,
    SemanticTokenType::ENUM_MEMBER,
];

/// The semantic token modifiers, bit `i` for index `i`.
const TOKEN_MODIFIERS: &[SemanticTokenModifier] = &[
    SemanticTokenModifier::DECLARATION,
    SemanticTokenModifier::DEFAULT_LIBRARY,
];

/// A file's highlights in `range`, encoded relative to each other as LSP
/// asks (line delta, start delta, length in UTF-16 units).
fn semantic_tokens(s: &Snapshot, file: SourceFile, range: syntax::TextRange) -> SemanticTokens {
    use hir::ide::HighlightKind;
    let text = file.text(&s.db);
    let index = LineIndex::new(text);
    let mut data = Vec::new();
    let (mut line, mut start) = (0, 0);
    for highlight in hir::ide::highlights(&s.db, s.file_set, file, range) {
        let position = index.position(highlight.range.start());
        let length = text[std::ops::Range::<usize>::from(highlight.range)]
            .encode_utf16()
            .count() as u32;
        let token_type = match highlight.kind {
            HighlightKind::Function => 0,
            HighlightKind::Variable => 1,
            HighlightKind::Parameter => 2,
            HighlightKind::Type => 3,
            HighlightKind::TypeParameter => 4,
            HighlightKind::Module => 5,
            HighlightKind::ModuleType => 6,
            HighlightKind::Field => 7,
            HighlightKind::Constructor => 8,
        };
        let modifiers = u32::from(highlight.declaration) | (u32::from(highlight.library) << 1);
        let delta_line = position.line - line;
        let delta_start = if delta_line == 0 {
            position.character - start
        } else {
            position.character
        };
        data.push(SemanticToken {
            delta_line,
            delta_start,
            length,
            token_type,
            token_modifiers_bitset: modifiers,
        });
        (line, start) = (position.line, position.character);
    }
    SemanticTokens {
        result_id: None,
        data,
    }
}

fn rename_error(error: hir::ide::RenameError) -> Error {
    Error::invalid_params(match error {
        hir::ide::RenameError::NoName => "There is no name here to rename.".to_string(),
        hir::ide::RenameError::InPrelude => {
            "This is defined in the prelude, which cannot be renamed.".to_string()
        }
        hir::ide::RenameError::InvalidName(name) => format!("`{name}` is not a valid name here."),
    })
}

fn symbol_kind(kind: hir::ide::OutlineKind) -> SymbolKind {
    use hir::ide::OutlineKind;
    match kind {
        OutlineKind::Function | OutlineKind::EntryPoint | OutlineKind::ValueSpec => {
            SymbolKind::FUNCTION
        }
        OutlineKind::Constant => SymbolKind::CONSTANT,
        OutlineKind::Type => SymbolKind::TYPE_PARAMETER,
        OutlineKind::Module => SymbolKind::MODULE,
        OutlineKind::ModuleType => SymbolKind::INTERFACE,
    }
}

/// Whether the characters of `query` (lower case) occur in `name` in
/// order, ignoring case: `mtx` matches `matmul_tiled_x`.
fn fuzzy_matches(query: &str, name: &str) -> bool {
    let mut name = name.chars().flat_map(char::to_lowercase);
    query.chars().all(|q| name.any(|c| c == q))
}

/// The outline's entries (at any depth) that match `query`, each with the
/// name of the module it is declared in.
fn collect_workspace_symbols(
    query: &str,
    uri: &Uri,
    index: &LineIndex,
    container: Option<&str>,
    outline: Vec<hir::ide::OutlineEntry>,
    symbols: &mut Vec<WorkspaceSymbol>,
) {
    for entry in outline {
        if fuzzy_matches(query, &entry.name) {
            symbols.push(WorkspaceSymbol {
                name: entry.name.clone(),
                kind: symbol_kind(entry.kind),
                tags: None,
                container_name: container.map(str::to_string),
                location: OneOf::Left(Location::new(
                    uri.clone(),
                    index.range(entry.target.focus_range),
                )),
                data: None,
            });
        }
        collect_workspace_symbols(
            query,
            uri,
            index,
            Some(&entry.name),
            entry.children,
            symbols,
        );
    }
}

#[allow(deprecated)] // `DocumentSymbol::deprecated` must still be written.
fn document_symbols(
    index: &LineIndex,
    outline: Vec<hir::ide::OutlineEntry>,
) -> Vec<DocumentSymbol> {
    outline
        .into_iter()
        .map(|entry| DocumentSymbol {
            name: entry.name,
            detail: entry.detail,
            kind: symbol_kind(entry.kind),
            tags: None,
            deprecated: None,
            range: index.range(entry.target.full_range),
            selection_range: index.range(entry.target.focus_range),
            children: Some(document_symbols(index, entry.children)),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(delta_start: u32) -> SemanticToken {
        SemanticToken {
            delta_line: 0,
            delta_start,
            length: 1,
            token_type: 0,
            token_modifiers_bitset: 0,
        }
    }

    #[test]
    fn token_edits_replace_what_lies_between_the_common_ends() {
        let old = [token(1), token(2), token(3), token(4)];
        let new = [token(1), token(9), token(8), token(4)];
        let edits = token_edits(&old, &new);
        assert_eq!(edits.len(), 1);
        assert_eq!((edits[0].start, edits[0].delete_count), (5, 10));
        assert_eq!(edits[0].data.as_deref(), Some(&new[1..3]));
        assert!(token_edits(&old, &old).is_empty());
        // Pure insertion and pure deletion.
        let longer = [token(1), token(2), token(7), token(3), token(4)];
        let edits = token_edits(&old, &longer);
        assert_eq!((edits[0].start, edits[0].delete_count), (10, 0));
        let edits = token_edits(&longer, &old);
        assert_eq!((edits[0].start, edits[0].delete_count), (10, 5));
        assert_eq!(edits[0].data.as_deref(), Some(&[][..]));
    }

    #[test]
    fn fuzzy_matching_is_an_ordered_case_insensitive_subsequence() {
        assert!(fuzzy_matches("mtx", "matmul_tiled_X"));
        assert!(fuzzy_matches("", "anything"));
        assert!(!fuzzy_matches("xm", "matmul_tiled_x"));
        assert!(!fuzzy_matches("mm", "m"));
    }
}
