//! `futls`, the Futhark language server, over standard input and output.
//!
//! The salsa database lives behind a mutex: notifications that change
//! documents update it in place; requests take a snapshot (a clone) and run
//! their queries on a blocking thread, so that a later edit cancels them
//! (salsa unwinds them with `Cancelled`) rather than waiting. Only this
//! crate knows LSP; the answers come from `hir`'s queries.

mod line_index;
mod prelude_files;

use hir::{FileSet, RootDatabase, SourceFile};
use line_index::LineIndex;
use salsa::Setter;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use tokio::sync::Mutex;
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer, LspService, Server};

// Syntax trees are many small allocations; see docs/benchmarks.md.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() {
    prelude_files::write_prelude();
    let (service, socket) = LspService::new(Backend::new);
    Server::new(tokio::io::stdin(), tokio::io::stdout(), socket)
        .serve(service)
        .await;
}

struct State {
    db: RootDatabase,
    file_set: FileSet,
    /// Open documents: their text is the editor's, not the disk's.
    open: HashMap<String, OpenDocument>,
}

struct OpenDocument {
    text: String,
    /// The editor's version of the text, which published diagnostics carry.
    version: i32,
}

/// A consistent view of the database for one request.
#[derive(Clone)]
struct Snapshot {
    db: RootDatabase,
    file_set: FileSet,
}

struct Backend {
    client: Client,
    state: Arc<Mutex<State>>,
    /// Whether the client registers file watchers for us.
    watch_files: std::sync::atomic::AtomicBool,
    /// Each document's last semantic tokens and their result id, from
    /// which the next request's delta is computed.
    last_tokens: std::sync::Mutex<HashMap<Uri, (String, Vec<SemanticToken>)>>,
    next_result_id: std::sync::atomic::AtomicU64,
}

/// The path in the database of a document, if it is a file.
fn path_of(uri: &Uri) -> Option<String> {
    prelude_files::database_path(&uri.to_file_path()?)
}

/// The document of a path in the database.
fn uri_of(path: &str) -> Option<Uri> {
    Uri::from_file_path(prelude_files::disk_path(path)?)
}

impl Backend {
    fn new(client: Client) -> Backend {
        let mut db = RootDatabase::default();
        let file_set = FileSet::new(&db, BTreeMap::new());
        hir::prelude::add_prelude(&mut db, file_set);
        Backend {
            client,
            state: Arc::new(Mutex::new(State {
                db,
                file_set,
                open: HashMap::new(),
            })),
            watch_files: std::sync::atomic::AtomicBool::new(false),
            last_tokens: std::sync::Mutex::new(HashMap::new()),
            next_result_id: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// Runs a query on a snapshot off the async threads; `None` if an edit
    /// cancelled it.
    async fn query<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Snapshot) -> T + Send + 'static,
    ) -> Option<T> {
        let snapshot = {
            let state = self.state.lock().await;
            snapshot_of(&state)
        };
        run_on(snapshot, f).await
    }

    /// The semantic tokens of a whole document.
    async fn whole_file_tokens(&self, uri: Uri) -> Option<Vec<SemanticToken>> {
        self.query(move |s| {
            let file = file_of(s, &path_of(&uri)?)?;
            let whole = syntax::TextRange::up_to(syntax::TextSize::of(file.text(&s.db).as_str()));
            Some(semantic_tokens(s, file, whole).data)
        })
        .await
        .flatten()
    }

    /// Keeps a document's latest semantic tokens for the next delta
    /// request; returns their result id.
    fn remember_tokens(&self, uri: Uri, tokens: Vec<SemanticToken>) -> String {
        let id = self
            .next_result_id
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            .to_string();
        if let Ok(mut last) = self.last_tokens.lock() {
            last.insert(uri, (id.clone(), tokens));
        }
        id
    }

    /// Sets a document's text to `edit` of its current text (empty if it
    /// is not open) and its version, and loads what it imports, then
    /// publishes the diagnostics of every open document. The edit is
    /// applied under the lock, so that consecutive changes apply in order.
    async fn set_document(&self, uri: Uri, version: i32, edit: impl FnOnce(&str) -> String) {
        let Some(path) = path_of(&uri) else {
            return;
        };
        {
            let mut state = self.state.lock().await;
            let text = edit(state.open.get(&path).map_or("", |d| d.text.as_str()));
            let document = OpenDocument {
                text: text.clone(),
                version,
            };
            state.open.insert(path.clone(), document);
            let State { db, file_set, open } = &mut *state;
            let file_set = *file_set;
            match file_set.files(db).get(&path).copied() {
                Some(file) if file.text(db) != &text => {
                    file.set_text(db).to(text);
                }
                Some(_) => {}
                None => {
                    hir::files::add_file(db, file_set, &path, text);
                }
            }
            load_programs(db, file_set, open, &[path]);
        }
        self.publish_diagnostics().await;
    }

    /// Follows files changed on disk: files that are not open take their
    /// new text, deleted ones leave the database, and every open program
    /// loads what it now imports.
    async fn files_changed(&self, changes: Vec<FileEvent>) {
        {
            let mut state = self.state.lock().await;
            let State { db, file_set, open } = &mut *state;
            let file_set = *file_set;
            for change in changes {
                let Some(path) = path_of(&change.uri) else {
                    continue;
                };
                // The editor's text of an open document wins over the disk;
                // the prelude's files never change.
                if open.contains_key(&path) || path.starts_with("/prelude/") {
                    continue;
                }
                let known = file_set.files(db).get(&path).copied();
                match (std::fs::read_to_string(&path), known) {
                    (Ok(text), Some(file)) if file.text(db) != &text => {
                        file.set_text(db).to(text);
                    }
                    (Ok(_), _) => {}
                    (Err(_), Some(_)) => hir::files::remove_file(db, file_set, &path),
                    (Err(_), None) => {}
                }
            }
            let roots: Vec<String> = open.keys().cloned().collect();
            load_programs(db, file_set, open, &roots);
        }
        self.publish_diagnostics().await;
    }

    /// Publishes the diagnostics of every open document, computed on one
    /// snapshot taken with the documents' versions. A document edited
    /// meanwhile is skipped: its diagnostics would be of text that is no
    /// longer current, and the edit publishes its own.
    async fn publish_diagnostics(&self) {
        let (snapshot, documents) = {
            let state = self.state.lock().await;
            let documents: Vec<(String, i32)> = state
                .open
                .iter()
                .map(|(path, document)| (path.clone(), document.version))
                .collect();
            (snapshot_of(&state), documents)
        };
        // One blocking task owns the snapshot: a future holding it across
        // an await would keep an edit (which waits, holding the lock, for
        // every snapshot to go) from ever going on.
        let Some(computed) = run_on(snapshot, move |s| {
            documents
                .into_iter()
                .map(|(path, version)| {
                    let diagnostics = file_diagnostics(s, &path);
                    (path, version, diagnostics)
                })
                .collect::<Vec<_>>()
        })
        .await
        else {
            // Cancelled by an edit, which publishes its own.
            return;
        };
        for (path, version, diagnostics) in computed {
            let (Some(uri), Some(diagnostics)) = (uri_of(&path), diagnostics) else {
                continue;
            };
            let current = self
                .state
                .lock()
                .await
                .open
                .get(&path)
                .is_some_and(|document| document.version == version);
            if current {
                self.client
                    .publish_diagnostics(uri, diagnostics, Some(version))
                    .await;
            }
        }
    }
}

fn snapshot_of(state: &State) -> Snapshot {
    Snapshot {
        db: state.db.clone(),
        file_set: state.file_set,
    }
}

/// Runs a query on a snapshot off the async threads; `None` if an edit
/// cancelled it.
async fn run_on<T: Send + 'static>(
    snapshot: Snapshot,
    f: impl FnOnce(&Snapshot) -> T + Send + 'static,
) -> Option<T> {
    tokio::task::spawn_blocking(move || {
        salsa::Cancelled::catch(std::panic::AssertUnwindSafe(|| f(&snapshot))).ok()
    })
    .await
    .ok()
    .flatten()
}

fn file_of(snapshot: &Snapshot, path: &str) -> Option<SourceFile> {
    snapshot.file_set.files(&snapshot.db).get(path).copied()
}

/// The diagnostics of one file, with import problems, as LSP values.
fn file_diagnostics(s: &Snapshot, path: &str) -> Option<Vec<Diagnostic>> {
    let file = file_of(s, path)?;
    let index = LineIndex::new(file.text(&s.db));
    let program = hir::program(&s.db, s.file_set, file);
    let mut found: Vec<hir::Diagnostic> = program
        .diagnostics
        .iter()
        .filter(|d| d.file == file)
        .cloned()
        .collect();
    found.extend(hir::diagnostics::file_diagnostics(&s.db, s.file_set, file));
    Some(
        found
            .into_iter()
            .map(|d| {
                let related = d
                    .related
                    .iter()
                    .filter_map(|r| {
                        let uri = uri_of(r.file.path(&s.db))?;
                        let related_index = LineIndex::new(r.file.text(&s.db));
                        Some(DiagnosticRelatedInformation {
                            location: Location::new(uri, related_index.range(r.range)),
                            message: r.message.clone(),
                        })
                    })
                    .collect::<Vec<_>>();
                Diagnostic {
                    range: index.range(d.range),
                    severity: Some(match d.severity {
                        hir::Severity::Error => DiagnosticSeverity::ERROR,
                        hir::Severity::Warning => DiagnosticSeverity::WARNING,
                    }),
                    source: Some("futls".to_string()),
                    message: d.message,
                    related_information: (!related.is_empty()).then_some(related),
                    ..Diagnostic::default()
                }
            })
            .collect(),
    )
}

/// Loads the programs rooted at `roots`: imports come from open documents
/// first, then the disk.
fn load_programs(
    db: &mut RootDatabase,
    file_set: FileSet,
    open: &HashMap<String, OpenDocument>,
    roots: &[String],
) {
    for root in roots {
        let _ = hir::load_program(db, file_set, root, &mut |p| {
            open.get(p)
                .map(|document| document.text.clone())
                .map_or_else(|| std::fs::read_to_string(p).map_err(|e| e.to_string()), Ok)
        });
    }
}

/// A document's text after one change: a replaced range (positions past
/// the end are clamped) or, without a range, the whole new text.
fn apply_change(mut text: String, change: TextDocumentContentChangeEvent) -> String {
    let Some(range) = change.range else {
        return change.text;
    };
    let range = LineIndex::new(&text).text_range(range);
    text.replace_range(std::ops::Range::<usize>::from(range), &change.text);
    text
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

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        // Files on disk are watched through the client, if it can.
        let can_watch = params
            .capabilities
            .workspace
            .and_then(|w| w.did_change_watched_files)
            .and_then(|w| w.dynamic_registration)
            .unwrap_or(false);
        self.watch_files
            .store(can_watch, std::sync::atomic::Ordering::Relaxed);
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
                ..ServerCapabilities::default()
            },
            ..InitializeResult::default()
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        if !self.watch_files.load(std::sync::atomic::Ordering::Relaxed) {
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
                    format!("cannot watch .fut files: {error}"),
                )
                .await;
        }
    }

    async fn did_change_watched_files(&self, params: DidChangeWatchedFilesParams) {
        self.files_changed(params.changes).await;
    }

    async fn shutdown(&self) -> Result<()> {
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let document = params.text_document;
        let text = document.text;
        self.set_document(document.uri, document.version, |_| text)
            .await;
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let changes = params.content_changes;
        let document = params.text_document;
        self.set_document(document.uri, document.version, |text| {
            changes.into_iter().fold(text.to_string(), apply_change)
        })
        .await;
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let uri = params.text_document.uri;
        if let Some(path) = path_of(&uri) {
            self.state.lock().await.open.remove(&path);
            self.client
                .publish_diagnostics(uri.clone(), Vec::new(), None)
                .await;
            // Closed without saving, its text is the disk's again (for the
            // open files that import it).
            self.files_changed(vec![FileEvent::new(uri, FileChangeType::CHANGED)])
                .await;
        }
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let position = params.text_document_position_params;
        Ok(self
            .query(move |s| {
                let (file, offset) = locate(s, &position.text_document.uri, position.position)?;
                // On a definition's name, its declared type; elsewhere the
                // type of what is under the cursor.
                let (range, signature) = hir::ide::definition_signature_at(
                    &s.db, s.file_set, file, offset,
                )
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
            })
            .await
            .flatten())
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let position = params.text_document_position_params;
        Ok(self
            .query(move |s| {
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
            .flatten())
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let position = params.text_document_position;
        Ok(self
            .query(move |s| {
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
            .flatten())
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        let uri = params.text_document.uri;
        Ok(self
            .query(move |s| {
                let (file, index) = document(s, &uri)?;
                let outline = hir::ide::file_outline(&s.db, file);
                Some(DocumentSymbolResponse::Nested(document_symbols(
                    &index, outline,
                )))
            })
            .await
            .flatten())
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let position = params.text_document_position;
        let include_declaration = params.context.include_declaration;
        Ok(self
            .query(move |s| {
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
            .flatten())
    }

    async fn rename(&self, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
        let position = params.text_document_position;
        let new_name = params.new_name;
        let edits = self
            .query(move |s| {
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
            .await;
        match edits {
            None => Ok(None),
            Some(Ok(changes)) => Ok(Some(WorkspaceEdit::new(changes))),
            Some(Err(error)) => Err(rename_error(error)),
        }
    }

    async fn prepare_rename(
        &self,
        params: TextDocumentPositionParams,
    ) -> Result<Option<PrepareRenameResponse>> {
        let answer = self
            .query(move |s| {
                let (file, offset) = locate(s, &params.text_document.uri, params.position)
                    .ok_or(hir::ide::RenameError::NoName)?;
                let range = hir::ide::rename_range(&s.db, s.file_set, file, offset)?;
                Ok(LineIndex::new(file.text(&s.db)).range(range))
            })
            .await;
        match answer {
            None => Ok(None),
            Some(Ok(range)) => Ok(Some(PrepareRenameResponse::Range(range))),
            Some(Err(error)) => Err(rename_error(error)),
        }
    }

    async fn folding_range(&self, params: FoldingRangeParams) -> Result<Option<Vec<FoldingRange>>> {
        let uri = params.text_document.uri;
        Ok(self
            .query(move |s| {
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
            .flatten())
    }

    async fn inlay_hint(&self, params: InlayHintParams) -> Result<Option<Vec<InlayHint>>> {
        let uri = params.text_document.uri;
        let range = params.range;
        Ok(self
            .query(move |s| {
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
            .flatten())
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let uri = params.text_document.uri;
        let range = params.range;
        Ok(self
            .query(move |s| {
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
            .flatten())
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        let uri = params.text_document.uri;
        let Some(tokens) = self.whole_file_tokens(uri.clone()).await else {
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
        let Some(tokens) = self.whole_file_tokens(uri.clone()).await else {
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
        Ok(self
            .query(move |s| {
                let (file, index) = document(s, &uri)?;
                let range = index.text_range(range);
                Some(SemanticTokensRangeResult::Tokens(semantic_tokens(
                    s, file, range,
                )))
            })
            .await
            .flatten())
    }

    async fn signature_help(&self, params: SignatureHelpParams) -> Result<Option<SignatureHelp>> {
        let position = params.text_document_position_params;
        Ok(self
            .query(move |s| {
                let (file, offset) = locate(s, &position.text_document.uri, position.position)?;
                let help = hir::ide::signature_help_at(&s.db, s.file_set, file, offset)?;
                // Parameter labels as UTF-16 offsets into the label.
                let utf16 = |at: syntax::TextSize| {
                    help.label[..usize::from(at)].encode_utf16().count() as u32
                };
                let parameters = help
                    .params
                    .iter()
                    .map(|range| ParameterInformation {
                        label: ParameterLabel::LabelOffsets([
                            utf16(range.start()),
                            utf16(range.end()),
                        ]),
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
            .flatten())
    }

    async fn symbol(
        &self,
        params: WorkspaceSymbolParams,
    ) -> Result<Option<WorkspaceSymbolResponse>> {
        let query = params.query.to_lowercase();
        Ok(self
            .query(move |s| {
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
            .flatten())
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

fn rename_error(error: hir::ide::RenameError) -> tower_lsp_server::jsonrpc::Error {
    tower_lsp_server::jsonrpc::Error::invalid_params(match error {
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

    fn change(
        range: Option<((u32, u32), (u32, u32))>,
        text: &str,
    ) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range: range.map(|(start, end)| {
                Range::new(Position::new(start.0, start.1), Position::new(end.0, end.1))
            }),
            range_length: None,
            text: text.to_string(),
        }
    }

    #[test]
    fn changes_apply_in_order_in_utf16_columns() {
        let text = "def a = \"𝄞\"\ndef b = 1\n".to_string();
        // The string's two UTF-16 units end at column 11.
        let text = apply_change(text, change(Some(((0, 11), (0, 11))), "x"));
        assert_eq!(text, "def a = \"𝄞x\"\ndef b = 1\n");
        let text = apply_change(text, change(Some(((1, 4), (1, 5))), "bee"));
        assert_eq!(text, "def a = \"𝄞x\"\ndef bee = 1\n");
        // Past the end of the text: clamped to the end.
        let text = apply_change(text, change(Some(((9, 0), (9, 3))), "-- end"));
        assert_eq!(text, "def a = \"𝄞x\"\ndef bee = 1\n-- end");
        assert_eq!(apply_change(text, change(None, "new")), "new");
    }

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
