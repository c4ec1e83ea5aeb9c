//! Diagnostics, computed once edits settle and published per document.
//!
//! What this module guarantees:
//!
//! * **Debounced.** A round starts when no edit has been applied for
//!   [`DEBOUNCE`], on a snapshot that includes the last one; an edit during
//!   a round cancels it (salsa unwinds its queries) and starts the next.
//! * **Never for replaced text.** Each open document's diagnostics carry
//!   the version they were computed for, and are dropped instead of
//!   published if an edit to that document has arrived since (its own
//!   round publishes them).
//! * **Cleared when fixed.** A document is published whenever its version
//!   or its diagnostics change, an empty list included; a closed document
//!   is published empty. Documents whose version and diagnostics are both
//!   unchanged are not published again.
//! * The documents edited since their last publication go first.

use crate::database::{DocumentStamp, Snapshot, Snapshots, Versions};
use crate::line_index::LineIndex;
use crate::{file_of, uri_of};
use crossbeam_channel::{Receiver, RecvTimeoutError};
use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};
use tower_lsp_server::Client;
use tower_lsp_server::ls_types::{
    CodeDescription, Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location,
    NumberOrString, Uri,
};

/// How long edits must pause before diagnostics are computed: long enough
/// to take the changes of one editor action (a paste, a multi-cursor edit,
/// a key held down) together, short enough that a keystroke's diagnostics
/// arrive within the 50 ms the language-server issue asks for.
pub const DEBOUNCE: Duration = Duration::from_millis(20);

/// A message to the client about one document's diagnostics.
pub enum Publication {
    /// The diagnostics of one version of an open document.
    Computed {
        stamp: DocumentStamp,
        uri: Uri,
        diagnostics: Vec<Diagnostic>,
    },
    /// The document was closed.
    Cleared { uri: Uri },
}

/// Starts the thread that computes diagnostics after the edits whose
/// numbers arrive on `applied`, and hands them to `publications`.
pub fn start(
    snapshots: Arc<Snapshots>,
    applied: Receiver<u64>,
    publications: UnboundedSender<Publication>,
) {
    std::thread::Builder::new()
        .stack_size(crate::STACK_SIZE)
        .name("futls-diagnostics".to_string())
        .spawn(move || run(&snapshots, &applied, &publications))
        .expect("the diagnostics thread starts");
}

fn run(
    snapshots: &Snapshots,
    applied: &Receiver<u64>,
    publications: &UnboundedSender<Publication>,
) {
    // Each document's last diagnostics handed over, and the edit they are of.
    let mut published: HashMap<String, (u64, Vec<Diagnostic>)> = HashMap::new();
    while let Ok(mut last) = applied.recv() {
        loop {
            match applied.recv_timeout(DEBOUNCE) {
                Ok(later) => last = later,
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
        let snapshot = snapshots.after(last);
        compute_round(&snapshot, &mut published, publications);
    }
}

/// Computes the diagnostics of every open document in `snapshot` and hands
/// over those that changed; stops early if an edit cancels it.
fn compute_round(
    snapshot: &Snapshot,
    published: &mut HashMap<String, (u64, Vec<Diagnostic>)>,
    publications: &UnboundedSender<Publication>,
) {
    published.retain(|path, _| snapshot.documents.iter().any(|d| d.path == *path));
    let mut documents: Vec<&DocumentStamp> = snapshot.documents.iter().collect();
    documents.sort_by_key(|stamp| {
        published
            .get(&stamp.path)
            .is_some_and(|(edit, _)| *edit == stamp.edit)
    });
    for stamp in documents {
        let computed =
            std::panic::catch_unwind(AssertUnwindSafe(|| file_diagnostics(snapshot, &stamp.path)));
        let diagnostics = match computed {
            Ok(Some(diagnostics)) => diagnostics,
            Ok(None) => continue,
            // An edit: its own round follows.
            Err(payload) if payload.is::<salsa::Cancelled>() => return,
            // A bug in a query, which the panic hook has reported: the
            // other documents still get theirs.
            Err(_) => continue,
        };
        let unchanged = published
            .get(&stamp.path)
            .is_some_and(|(edit, old)| *edit == stamp.edit && *old == diagnostics);
        let Some(uri) = uri_of(&stamp.path).filter(|_| !unchanged) else {
            continue;
        };
        published.insert(stamp.path.clone(), (stamp.edit, diagnostics.clone()));
        // Without the publisher the server is exiting.
        let _ = publications.send(Publication::Computed {
            stamp: stamp.clone(),
            uri,
            diagnostics,
        });
    }
}

/// Sends publications to the client in the order they come, dropping
/// those of documents edited since they were computed. Unless
/// `shows_related` (the client said it shows related information), the
/// related places are written into the message, where every client shows
/// them.
pub async fn publish(
    client: Client,
    versions: Versions,
    shows_related: Arc<AtomicBool>,
    mut publications: UnboundedReceiver<Publication>,
) {
    while let Some(publication) = publications.recv().await {
        match publication {
            Publication::Computed {
                stamp,
                uri,
                mut diagnostics,
            } => {
                if !shows_related.load(Ordering::Relaxed) {
                    diagnostics.iter_mut().for_each(related_into_message);
                }
                if versions.is_current(&stamp) {
                    client
                        .publish_diagnostics(uri, diagnostics, Some(stamp.version))
                        .await;
                }
            }
            Publication::Cleared { uri } => client.publish_diagnostics(uri, Vec::new(), None).await,
        }
    }
}

/// Moves a diagnostic's related places to the end of its message, one
/// line each (`file.fut:3:5: consumed here`, lines and columns from 1).
fn related_into_message(diagnostic: &mut Diagnostic) {
    for related in diagnostic.related_information.take().unwrap_or_default() {
        let uri = related.location.uri.as_str();
        let file = uri.rsplit('/').next().unwrap_or(uri);
        let start = related.location.range.start;
        diagnostic.message.push_str(&format!(
            "\n{file}:{}:{}: {}",
            start.line + 1,
            start.character + 1,
            related.message
        ));
    }
}

/// How `hir` ends a message that has an entry in upstream's error index.
const MORE_INFORMATION: &str = "\n\nFor more information, see:\n  ";

/// The message without its error-index reference, and the reference's
/// name (the page's anchor) and address.
fn split_reference(message: &str) -> (String, Option<(String, Uri)>) {
    let Some((text, address)) = message.rsplit_once(MORE_INFORMATION) else {
        return (message.to_owned(), None);
    };
    let reference = address
        .rsplit_once('#')
        .and_then(|(_, anchor)| Some((anchor.to_owned(), Uri::from_str(address.trim()).ok()?)));
    match reference {
        Some(reference) => (text.to_owned(), Some(reference)),
        None => (message.to_owned(), None),
    }
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
    let mut diagnostics = Vec::new();
    for d in found {
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
        let (message, reference) = split_reference(&d.message);
        let (code, code_description) = match reference {
            Some((anchor, href)) => (
                Some(NumberOrString::String(anchor)),
                Some(CodeDescription { href }),
            ),
            None => (None, None),
        };
        let range = index.range(d.range);
        // Each related place in this file is also a hint there, pointing
        // back: clients that keep related information to themselves (as
        // Neovim does) still show it where it is.
        let hints: Vec<Diagnostic> = d
            .related
            .iter()
            .filter(|r| r.file == file)
            .map(|r| Diagnostic {
                range: index.range(r.range),
                severity: Some(DiagnosticSeverity::HINT),
                source: Some("futls".to_string()),
                message: r.message.clone(),
                related_information: uri_of(path).map(|uri| {
                    vec![DiagnosticRelatedInformation {
                        location: Location::new(uri, range),
                        message: message.lines().next().unwrap_or_default().to_owned(),
                    }]
                }),
                ..Diagnostic::default()
            })
            .collect();
        diagnostics.push(Diagnostic {
            range,
            code,
            code_description,
            severity: Some(match d.severity {
                hir::Severity::Error => DiagnosticSeverity::ERROR,
                hir::Severity::Warning => DiagnosticSeverity::WARNING,
            }),
            source: Some("futls".to_string()),
            message,
            related_information: (!related.is_empty()).then_some(related),
            ..Diagnostic::default()
        });
        diagnostics.extend(hints);
    }
    Some(diagnostics)
}
