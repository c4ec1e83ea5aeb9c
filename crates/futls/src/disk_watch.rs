//! Watching the disk ourselves, for clients that cannot register file
//! watchers (`workspace/didChangeWatchedFiles` with dynamic registration):
//! the directories of the files the programs read from disk are watched
//! (not the files, since editors save by renaming over them), and a change
//! to a `.fut` file there is sent to the writer as [`Change::OnDisk`], as
//! the client's notification would be.

use crate::database::{Change, Database};
use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

pub struct DiskWatch {
    watcher: RecommendedWatcher,
    /// The directories watched so far.
    watched: HashSet<PathBuf>,
}

impl DiskWatch {
    /// A watcher that tells `database` of changes; `None` (with the reason
    /// on standard error) where the system cannot watch.
    pub fn start(database: Database) -> Option<DiskWatch> {
        let on_event = move |event: notify::Result<notify::Event>| {
            let Ok(event) = event else {
                return;
            };
            if matches!(event.kind, EventKind::Access(_)) {
                return;
            }
            for path in event.paths {
                if path.extension().is_some_and(|e| e == "fut")
                    && let Some(path) = path.to_str()
                {
                    database.send(path.to_string(), Change::OnDisk);
                }
            }
        };
        match notify::recommended_watcher(on_event) {
            Ok(watcher) => Some(DiskWatch {
                watcher,
                watched: HashSet::new(),
            }),
            Err(error) => {
                eprintln!("futls: cannot watch files on disk: {error}");
                None
            }
        }
    }

    /// Watches the directory of each file (paths as the database has
    /// them), if it is not watched already.
    pub fn watch_directories_of<'p>(&mut self, files: impl Iterator<Item = &'p str>) {
        for file in files {
            let Some(directory) = Path::new(file).parent() else {
                continue;
            };
            if self.watched.contains(directory) || !directory.is_dir() {
                continue;
            }
            match self.watcher.watch(directory, RecursiveMode::NonRecursive) {
                Ok(()) => {
                    self.watched.insert(directory.to_path_buf());
                }
                Err(error) => {
                    eprintln!("futls: cannot watch {}: {error}", directory.display());
                }
            }
        }
    }
}
