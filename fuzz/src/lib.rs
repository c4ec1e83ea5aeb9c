//! What the fuzz targets share.

use std::cell::RefCell;

/// The path the fuzzed program is read from: absolute and normalised, as
/// `hir` reads paths.
pub const ROOT: &str = "/fuzz.fut";

thread_local! {
    /// The last input's checked program, reloaded with the next input, so
    /// that the prelude is checked once per process rather than per input.
    static CHECKED: RefCell<Option<hir::CheckedProgram>> = const { RefCell::new(None) };
}

/// Calls `with` on `text` loaded and checked as the root file of a
/// program; its imports fail to read, as missing files do.
///
/// The database is the previous input's, reloaded: an input that crashes
/// here but not when run alone (where it is checked in a fresh database)
/// has found a bug in incremental checking.
pub fn with_checked_root<T>(text: &str, with: impl FnOnce(&hir::CheckedProgram) -> T) -> T {
    let mut read = |path: &str| {
        if path == ROOT {
            Ok(text.to_owned())
        } else {
            Err(format!("{path}: no such file"))
        }
    };
    CHECKED.with_borrow_mut(|checked| {
        let checked = match checked {
            Some(checked) => {
                checked
                    .reload(&mut read)
                    .expect("the root file is always readable");
                checked
            }
            None => checked.insert(
                hir::load_checked(ROOT, &mut read).expect("the root file is always readable"),
            ),
        };
        with(checked)
    })
}
