//! The prelude: our own Futhark source, embedded in the binary and
//! implicitly opened in every file outside it (see `resolve.rs`). The
//! compiler-known intrinsics it rests on are listed in
//! `prelude/INTRINSICS.md`.

use crate::Db;
use crate::files::{FileSet, SourceFile, add_file};

/// The prelude's files: path and text. The root, `prelude.fut`, opens the
/// others in dependency order.
pub const PRELUDE_FILES: &[(&str, &str)] = &[
    (
        "/prelude/prelude.fut",
        include_str!("../prelude/prelude.fut"),
    ),
    (
        "/prelude/functional.fut",
        include_str!("../prelude/functional.fut"),
    ),
    ("/prelude/soacs.fut", include_str!("../prelude/soacs.fut")),
    ("/prelude/array.fut", include_str!("../prelude/array.fut")),
    (
        "/prelude/filters.fut",
        include_str!("../prelude/filters.fut"),
    ),
    (
        "/prelude/numeric.fut",
        include_str!("../prelude/numeric.fut"),
    ),
    (
        "/prelude/integers.fut",
        include_str!("../prelude/integers.fut"),
    ),
    ("/prelude/floats.fut", include_str!("../prelude/floats.fut")),
    (
        "/prelude/autodiff.fut",
        include_str!("../prelude/autodiff.fut"),
    ),
];

/// Whether a file belongs to the prelude (its paths are under `/prelude/`).
pub fn is_prelude_path(path: &str) -> bool {
    path.starts_with("/prelude/")
}

/// Adds the prelude's files to the file set; returns the root.
pub fn add_prelude(db: &mut dyn Db, file_set: FileSet) -> SourceFile {
    add_file(
        db,
        file_set,
        crate::intrinsics::INTRINSICS_PATH,
        crate::intrinsics::intrinsics_source(),
    );
    let mut root = None;
    for (path, text) in PRELUDE_FILES {
        let file = add_file(db, file_set, path, text.to_string());
        if *path == crate::resolve::PRELUDE_ROOT {
            root = Some(file);
        }
    }
    root.expect("the prelude has its root file")
}
