//! The embedded prelude, written out as read-only files so that an editor
//! can open the definitions it goes to. Documents under that directory are
//! the prelude's files (`/prelude/...` in the database), not user files.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Where the prelude was written, if it could be.
static PRELUDE_DIR: OnceLock<Option<PathBuf>> = OnceLock::new();

const PRELUDE_ROOT: &str = "/prelude/";

/// Writes the prelude's files under the system's temporary directory, in a
/// folder named by a hash of their contents (so that servers of different
/// versions never share one), unless they are already there. Failure only
/// means that going to a prelude definition is not possible.
pub fn write_prelude() {
    PRELUDE_DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("futls-prelude-{:016x}", prelude_hash()));
        match write_files(&dir) {
            Ok(()) => Some(dir),
            Err(error) => {
                eprintln!(
                    "futls: cannot write the prelude to {}: {error}",
                    dir.display()
                );
                None
            }
        }
    });
}

fn write_files(dir: &Path) -> std::io::Result<()> {
    for (path, text) in hir::prelude::PRELUDE_FILES {
        let Some(relative) = path.strip_prefix(PRELUDE_ROOT) else {
            continue;
        };
        let file = dir.join(relative);
        if std::fs::read_to_string(&file).is_ok_and(|on_disk| on_disk == *text) {
            continue;
        }
        std::fs::create_dir_all(file.parent().unwrap_or(dir))?;
        // Written aside and renamed into place, so that servers starting
        // together never see (or write over) a partial file.
        let partial = dir.join(format!(".{relative}.{}", std::process::id()));
        std::fs::write(&partial, text)?;
        let mut permissions = std::fs::metadata(&partial)?.permissions();
        permissions.set_readonly(true);
        std::fs::set_permissions(&partial, permissions)?;
        std::fs::rename(&partial, &file)?;
    }
    Ok(())
}

/// FNV-1a over the prelude's paths and texts.
fn prelude_hash() -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for (path, text) in hir::prelude::PRELUDE_FILES {
        for byte in path.bytes().chain(text.bytes()) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

fn prelude_dir() -> Option<&'static Path> {
    PRELUDE_DIR.get()?.as_deref()
}

/// The file on disk that shows a path in the database.
pub fn disk_path(path: &str) -> Option<PathBuf> {
    match path.strip_prefix(PRELUDE_ROOT) {
        Some(relative) => Some(prelude_dir()?.join(relative)),
        None => Some(PathBuf::from(path)),
    }
}

/// The path in the database of a file on disk.
pub fn database_path(file: &Path) -> Option<String> {
    if let Some(relative) = prelude_dir().and_then(|dir| file.strip_prefix(dir).ok()) {
        return Some(format!("{PRELUDE_ROOT}{}", relative.to_str()?));
    }
    Some(hir::files::normalize_path(file.to_str()?))
}
