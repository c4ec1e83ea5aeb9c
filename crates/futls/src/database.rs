//! The salsa database, the one thread that writes it, and the snapshots
//! that requests and diagnostics read.
//!
//! What this module guarantees:
//!
//! * **One writer, edits in order.** Only the writer thread changes the
//!   database. A notification handler numbers its edit and sends it on the
//!   writer's channel under one lock, before its first await; the server
//!   starts handlers in the order their messages arrive, so the writer
//!   applies edits in the order the editor sent them.
//! * **A request sees what came before it.** It reads a snapshot that
//!   includes every edit sent before it arrived.
//! * **No answer about replaced text.** If the request's document is edited
//!   after the request arrived, the request is answered `ContentModified`,
//!   whatever it computed. An edit to another file cancels the computation
//!   (salsa unwinds it with `Cancelled`), which is then retried on the new
//!   snapshot.
//! * **`$/cancelRequest` stops the work**, not only the answer: dropping a
//!   request's future cancels the queries of the snapshot it reads.
//!
//! The invariant that keeps this free of deadlocks: **never hold a snapshot
//! across an await.** Before it writes, the writer waits until every
//! snapshot has been dropped (salsa makes their queries unwind); a future
//! that awaited while holding one could be waiting, directly or not, for
//! the writer. Snapshots live only inside blocking closures
//! ([`Database::read`]) and on the diagnostics thread, which never await.

use crate::disk_watch::DiskWatch;
use crate::line_index::LineIndex;
use crossbeam_channel::{Receiver, Sender};
use hir::{FileSet, RootDatabase};
use salsa::{Database as _, Setter};
use std::collections::{BTreeMap, HashMap};
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use tower_lsp_server::ls_types::TextDocumentContentChangeEvent;

/// How often a request is tried again after edits to other files cancel
/// it; under a stream of such edits the client is told `ContentModified`
/// and may ask again.
const ATTEMPTS: usize = 3;

/// What one edit does to one file.
pub enum Change {
    /// The editor opened the document with this text.
    Open { version: i32, text: String },
    /// The editor changed the document, in these steps.
    Edit {
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
    },
    /// The editor closed the document: its text is the disk's again.
    Close,
    /// The file changed on disk, was created or was deleted.
    OnDisk,
}

/// An edit on its way to the writer, numbered from 1 in sending order.
struct Edit {
    number: u64,
    path: String,
    change: Change,
}

/// A consistent, read-only view of the database.
#[derive(Clone)]
pub struct Snapshot {
    pub db: RootDatabase,
    pub file_set: FileSet,
    /// The number of the last edit it includes (0: none).
    applied: u64,
    /// The open documents, in path order.
    pub documents: Arc<[DocumentStamp]>,
}

/// One version of an open document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocumentStamp {
    pub path: String,
    /// The editor's version, which published diagnostics carry.
    pub version: i32,
    /// The number of the edit that made this version.
    pub edit: u64,
}

/// The edits sent to the writer, recorded as they arrive (the writer may
/// not have applied them yet).
#[derive(Default)]
struct Ledger {
    sent: u64,
    files: HashMap<String, LastEdit>,
}

#[derive(Clone, Copy)]
struct LastEdit {
    number: u64,
    open: bool,
}

impl Ledger {
    fn last_edit(&self, path: &str) -> u64 {
        self.files.get(path).map_or(0, |edit| edit.number)
    }
}

/// What a request must read: every edit sent before it, and its document
/// as it was then.
pub struct Ticket {
    after: u64,
    document: Option<(String, u64)>,
}

/// Why a request got no answer.
#[derive(Debug, PartialEq, Eq)]
pub enum Unanswered {
    /// Its document was edited after it arrived, or edits elsewhere kept
    /// cancelling it.
    ContentModified,
    /// The client cancelled it.
    Cancelled,
}

/// The way from a client's `$/cancelRequest` to the queries of the
/// request's snapshot.
#[derive(Default)]
pub struct Cancellation {
    state: Mutex<CancellationState>,
}

#[derive(Default)]
struct CancellationState {
    cancelled: bool,
    /// The snapshot being read, once there is one.
    token: Option<salsa::CancellationToken>,
}

impl Cancellation {
    pub fn cancel(&self) {
        let mut state = lock(&self.state);
        state.cancelled = true;
        if let Some(token) = &state.token {
            token.cancel();
        }
    }

    /// Lets [`Cancellation::cancel`] stop the queries on `db`; false if
    /// the request is cancelled already.
    fn watch(&self, db: &RootDatabase) -> bool {
        let mut state = lock(&self.state);
        state.token = Some(db.cancellation_token());
        !state.cancelled
    }

    fn is_cancelled(&self) -> bool {
        lock(&self.state).cancelled
    }
}

/// Cancels a request when dropped: a request's future holds one, and
/// tower-lsp-server drops the future on `$/cancelRequest`.
pub struct CancelOnDrop(pub Arc<Cancellation>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// The latest snapshot the writer published, if it is not writing.
#[derive(Default)]
pub struct Snapshots {
    latest: Mutex<Option<Snapshot>>,
    published: Condvar,
}

impl Snapshots {
    /// A snapshot that includes edit number `applied`, once there is one.
    /// Blocks: call it off the async threads.
    pub fn after(&self, applied: u64) -> Snapshot {
        let mut latest = lock(&self.latest);
        loop {
            if let Some(snapshot) = latest.as_ref().filter(|s| s.applied >= applied) {
                return snapshot.clone();
            }
            latest = self
                .published
                .wait(latest)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn withdraw(&self) -> Option<Snapshot> {
        lock(&self.latest).take()
    }

    fn publish(&self, snapshot: Snapshot) {
        *lock(&self.latest) = Some(snapshot);
        self.published.notify_all();
    }
}

/// The language server's handle on the database: it sends edits to the
/// writer and reads snapshots.
#[derive(Clone)]
pub struct Database {
    ledger: Arc<Mutex<Ledger>>,
    edits: Sender<Edit>,
    snapshots: Arc<Snapshots>,
    /// The server's own watcher of the disk, once started.
    disk_watch: Arc<Mutex<Option<DiskWatch>>>,
}

impl Database {
    /// Starts the writer thread on a database that holds the prelude.
    /// After each batch of edits it sends the number of the last one on
    /// `applied`.
    pub fn start(applied: Sender<u64>) -> Database {
        let mut db = RootDatabase::default();
        let file_set = FileSet::new(&db, BTreeMap::new());
        hir::prelude::add_prelude(&mut db, file_set);
        let disk_watch = Arc::new(Mutex::new(None));
        let writer = Writer {
            db,
            file_set,
            open: HashMap::new(),
            applied: 0,
            disk_watch: disk_watch.clone(),
        };
        let snapshots = Arc::new(Snapshots::default());
        snapshots.publish(writer.snapshot());
        let (edits, received) = crossbeam_channel::unbounded();
        let published = snapshots.clone();
        std::thread::Builder::new()
            .stack_size(crate::STACK_SIZE)
            .name("futls-writer".to_string())
            .spawn(move || writer.run(&received, &published, &applied))
            .expect("the writer thread starts");
        Database {
            ledger: Arc::default(),
            edits,
            snapshots,
            disk_watch,
        }
    }

    /// Watches the disk from now on, for a client that cannot: the
    /// directories of the files the programs read are watched from the
    /// next batch of edits on. (The watcher holds a handle on the
    /// database, so the writer runs until the process ends.)
    pub fn watch_disk(&self) {
        let mut slot = lock(&self.disk_watch);
        if slot.is_none() {
            *slot = DiskWatch::start(self.clone());
        }
    }

    pub fn snapshots(&self) -> Arc<Snapshots> {
        self.snapshots.clone()
    }

    /// Numbers an edit of the file at `path` and sends it to the writer.
    /// Call it before the handler's first await (see the module's
    /// documentation). A change on disk to an open document or to the
    /// prelude is no edit: the editor's text wins, and the prelude is
    /// built in.
    pub fn send(&self, path: String, change: Change) {
        let mut ledger = lock(&self.ledger);
        let open = match change {
            Change::Open { .. } | Change::Edit { .. } => true,
            Change::Close => false,
            Change::OnDisk => {
                if is_prelude(&path) || ledger.files.get(&path).is_some_and(|edit| edit.open) {
                    return;
                }
                false
            }
        };
        ledger.sent += 1;
        let number = ledger.sent;
        ledger.files.insert(path.clone(), LastEdit { number, open });
        // Sent under the ledger's lock, so that numbers go out in order.
        // The writer outlives every handle, so sending cannot fail.
        let _ = self.edits.send(Edit {
            number,
            path,
            change,
        });
    }

    /// What a request about the document at `path` (if any) must read.
    /// Call it before the handler's first await.
    pub fn ticket(&self, path: Option<String>) -> Ticket {
        let ledger = lock(&self.ledger);
        Ticket {
            after: ledger.sent,
            document: path.map(|path| {
                let edit = ledger.last_edit(&path);
                (path, edit)
            }),
        }
    }

    fn edited_since(&self, ticket: &Ticket) -> bool {
        ticket
            .document
            .as_ref()
            .is_some_and(|(path, edit)| lock(&self.ledger).last_edit(path) != *edit)
    }

    /// What tells which versions of documents are current.
    pub fn versions(&self) -> Versions {
        Versions {
            ledger: self.ledger.clone(),
        }
    }

    /// Answers a request with `answer` run on a snapshot that includes the
    /// ticket's edits. Blocks: call it off the async threads.
    pub fn read<T>(
        &self,
        ticket: &Ticket,
        cancellation: &Cancellation,
        answer: impl Fn(&Snapshot) -> T,
    ) -> Result<T, Unanswered> {
        for _ in 0..ATTEMPTS {
            let snapshot = self.snapshots.after(ticket.after);
            if !cancellation.watch(&snapshot.db) {
                return Err(Unanswered::Cancelled);
            }
            // Attached for the whole answer: salsa forgets a local
            // cancellation when the outermost query call returns, and
            // ignores it inside queries with cycle recovery (type
            // inference), so without this a cancellation that arrives
            // during one query would be lost when it returns.
            let answered = salsa::Cancelled::catch(AssertUnwindSafe(|| {
                snapshot.db.attach(|_| answer(&snapshot))
            }));
            drop(snapshot);
            if self.edited_since(ticket) {
                return Err(Unanswered::ContentModified);
            }
            match answered {
                Ok(answered) => return Ok(answered),
                Err(_) if cancellation.is_cancelled() => return Err(Unanswered::Cancelled),
                // An edit to another file: the next snapshot has it.
                Err(_) => {}
            }
        }
        Err(Unanswered::ContentModified)
    }
}

/// Tells which versions of documents are current, without keeping the
/// writer running as a [`Database`] does: the task that publishes
/// diagnostics holds one, so that the server's threads end once the
/// server is dropped.
#[derive(Clone)]
pub struct Versions {
    ledger: Arc<Mutex<Ledger>>,
}

impl Versions {
    /// Whether `stamp` is the open document's latest version, as far as
    /// the editor has told the server.
    pub fn is_current(&self, stamp: &DocumentStamp) -> bool {
        lock(&self.ledger)
            .files
            .get(&stamp.path)
            .is_some_and(|edit| edit.open && edit.number == stamp.edit)
    }
}

/// The owner of the database, on its own thread.
struct Writer {
    db: RootDatabase,
    file_set: FileSet,
    /// The open documents (their text is the database's).
    open: HashMap<String, OpenDocument>,
    /// The number of the last edit applied.
    applied: u64,
    disk_watch: Arc<Mutex<Option<DiskWatch>>>,
}

struct OpenDocument {
    version: i32,
    edit: u64,
}

impl Writer {
    /// Applies edits as they come, each batch of those already waiting at
    /// once, until every handle on the database is gone.
    fn run(mut self, edits: &Receiver<Edit>, snapshots: &Snapshots, applied: &Sender<u64>) {
        while let Ok(first) = edits.recv() {
            let batch: Vec<Edit> = std::iter::once(first).chain(edits.try_iter()).collect();
            let last = batch.last().map_or(self.applied, |edit| edit.number);
            // Salsa waits, before a write, until every other handle on the
            // database is dropped; the published snapshot is one.
            drop(snapshots.withdraw());
            // A query that panics (a bug, which the panic hook reports)
            // leaves the server going with what was applied.
            let _ = std::panic::catch_unwind(AssertUnwindSafe(|| self.apply(batch)));
            self.applied = last;
            if let Some(watch) = lock(&self.disk_watch).as_mut() {
                let files = self.file_set.files(&self.db);
                watch.watch_directories_of(
                    files.keys().map(String::as_str).filter(|p| !is_prelude(p)),
                );
            }
            snapshots.publish(self.snapshot());
            // Without the diagnostics thread there is no one to tell.
            let _ = applied.send(last);
        }
    }

    fn snapshot(&self) -> Snapshot {
        let mut documents: Vec<DocumentStamp> = self
            .open
            .iter()
            .map(|(path, document)| DocumentStamp {
                path: path.clone(),
                version: document.version,
                edit: document.edit,
            })
            .collect();
        documents.sort_by(|a, b| a.path.cmp(&b.path));
        Snapshot {
            db: self.db.clone(),
            file_set: self.file_set,
            applied: self.applied,
            documents: documents.into(),
        }
    }

    fn apply(&mut self, batch: Vec<Edit>) {
        let mut roots = Vec::new();
        let mut disk_changed = false;
        for Edit {
            number,
            path,
            change,
        } in batch
        {
            match change {
                // The prelude is built in: it is open as it is, whatever
                // text the editor holds.
                Change::Open { version, .. } | Change::Edit { version, .. }
                    if is_prelude(&path) =>
                {
                    let text = self.text(&path).unwrap_or_default();
                    self.set_open(&path, version, number, text);
                    roots.push(path);
                }
                Change::Open { version, text } => {
                    self.set_open(&path, version, number, text);
                    roots.push(path);
                }
                Change::Edit { version, changes } => {
                    let text = self.text(&path).unwrap_or_default();
                    let text = changes.into_iter().fold(text, apply_change);
                    self.set_open(&path, version, number, text);
                    roots.push(path);
                }
                Change::Close => {
                    self.open.remove(&path);
                    if !is_prelude(&path) {
                        self.read_from_disk(&path);
                        disk_changed = true;
                    }
                }
                Change::OnDisk => {
                    self.read_from_disk(&path);
                    disk_changed = true;
                }
            }
        }
        // What the open programs import may have appeared, gone or changed.
        if disk_changed {
            roots = self.open.keys().cloned().collect();
        }
        roots.sort();
        roots.dedup();
        for root in roots {
            // Open documents are in the file set already, so whatever is
            // read comes from the disk.
            let _ = hir::load_program(&mut self.db, self.file_set, &root, &mut |path| {
                std::fs::read_to_string(path).map_err(|error| error.to_string())
            });
        }
    }

    fn text(&self, path: &str) -> Option<String> {
        let file = self.file_set.files(&self.db).get(path)?;
        Some(file.text(&self.db).clone())
    }

    fn set_open(&mut self, path: &str, version: i32, edit: u64, text: String) {
        let known = self.file_set.files(&self.db).get(path).copied();
        match known {
            Some(file) if *file.text(&self.db) != text => {
                file.set_text(&mut self.db).to(text);
            }
            Some(_) => {}
            None => {
                hir::files::add_file(&mut self.db, self.file_set, path, text);
            }
        }
        self.open
            .insert(path.to_string(), OpenDocument { version, edit });
    }

    /// Gives a file that is not open the disk's text, or takes it out of
    /// the file set if it is no longer there. A file not in the set stays
    /// out: it is read when a program imports it.
    fn read_from_disk(&mut self, path: &str) {
        let known = self.file_set.files(&self.db).get(path).copied();
        match (std::fs::read_to_string(path), known) {
            (Ok(text), Some(file)) if *file.text(&self.db) != text => {
                file.set_text(&mut self.db).to(text);
            }
            (Err(_), Some(_)) => hir::files::remove_file(&mut self.db, self.file_set, path),
            _ => {}
        }
    }
}

/// Whether a path in the database is one of the prelude's files.
pub fn is_prelude(path: &str) -> bool {
    path.starts_with("/prelude/")
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

/// Locks a mutex whose holder may have panicked: the data behind these
/// locks is consistent after every statement.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower_lsp_server::ls_types::{Position, Range};

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

    fn text_of(snapshot: &Snapshot, path: &str) -> Option<String> {
        let file = snapshot.file_set.files(&snapshot.db).get(path)?;
        Some(file.text(&snapshot.db).clone())
    }

    fn open(database: &Database, path: &str, version: i32, text: &str) {
        let text = text.to_string();
        database.send(path.to_string(), Change::Open { version, text });
    }

    #[test]
    fn requests_read_every_edit_sent_before_them() {
        let (applied, _) = crossbeam_channel::unbounded();
        let database = Database::start(applied);
        for version in 1..=20 {
            open(&database, "/a.fut", version, &format!("def a = {version}"));
        }
        let ticket = database.ticket(Some("/a.fut".to_string()));
        let read = database.read(&ticket, &Cancellation::default(), |s| {
            (text_of(s, "/a.fut"), s.documents.to_vec())
        });
        let stamp = DocumentStamp {
            path: "/a.fut".to_string(),
            version: 20,
            edit: 20,
        };
        assert_eq!(
            read,
            Ok((Some("def a = 20".to_string()), vec![stamp.clone()]))
        );
        assert!(database.versions().is_current(&stamp));
        database.send("/a.fut".to_string(), Change::Close);
        assert!(!database.versions().is_current(&stamp));
    }

    #[test]
    fn an_edit_of_the_requests_document_after_it_arrived_modifies_the_content() {
        let (applied, _) = crossbeam_channel::unbounded();
        let database = Database::start(applied);
        open(&database, "/a.fut", 1, "def a = 1");
        open(&database, "/b.fut", 1, "def b = 1");
        let about_a = database.ticket(Some("/a.fut".to_string()));
        open(&database, "/b.fut", 2, "def b = 2");
        let cancellation = Cancellation::default();
        assert_eq!(database.read(&about_a, &cancellation, |_| ()), Ok(()));
        open(&database, "/a.fut", 2, "def a = 2");
        assert_eq!(
            database.read(&about_a, &cancellation, |_| ()),
            Err(Unanswered::ContentModified)
        );
        cancellation.cancel();
        let workspace = database.ticket(None);
        assert_eq!(
            database.read(&workspace, &cancellation, |_| ()),
            Err(Unanswered::Cancelled)
        );
    }
}
