//! What the fuzz targets share.

/// The path the fuzzed program is read from: absolute and normalised, as
/// `hir` reads paths.
pub const ROOT: &str = "/fuzz.fut";

/// `text` loaded and checked as the root file of a program; its imports
/// fail to read, as missing files do.
pub fn check_root(text: &str) -> hir::CheckedProgram {
    let mut read = |path: &str| {
        if path == ROOT {
            Ok(text.to_owned())
        } else {
            Err(format!("{path}: no such file"))
        }
    };
    hir::load_checked(ROOT, &mut read).expect("the root file is always readable")
}
