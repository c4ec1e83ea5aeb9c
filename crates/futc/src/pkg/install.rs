//! Writing a build list into `lib/` without ever leaving it half done:
//! the new tree is built in `lib~new/`, and only when every package is in
//! place does `lib/` become `lib~old/` and `lib~new/` become `lib/`. The
//! package's own directory (`lib/PKGPATH` of its manifest's `package`
//! line) moves from the old tree to the new one; everything else in the
//! old tree is removed, as upstream does.

use super::git::PackageFile;
use super::package_path;
use super::registry::Registry;
use super::version::Version;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const LIB: &str = "lib";
const LIB_NEW: &str = "lib~new";
const LIB_OLD: &str = "lib~old";

/// Replaces `root/lib` with the packages of `build_list`, keeping the
/// directory of `own_package`.
pub fn install(
    registry: &mut Registry,
    build_list: &BTreeMap<String, Version>,
    own_package: Option<&str>,
    root: &Path,
) -> Result<(), String> {
    let lib = root.join(LIB);
    let new = root.join(LIB_NEW);
    let old = root.join(LIB_OLD);
    if lib.exists() && !lib.is_dir() {
        return Err(format!("{} exists but is not a directory", lib.display()));
    }
    remove_if_present(&new)?;
    create_dir(&new)?;
    if let Err(error) = populate(registry, build_list, &new) {
        // Best effort: the error being reported matters more.
        let _ = std::fs::remove_dir_all(&new);
        return Err(error);
    }
    let had_lib = lib.is_dir();
    if had_lib {
        remove_if_present(&old)?;
        rename(&lib, &old)?;
    }
    if let Err(error) = rename(&new, &lib) {
        if had_lib {
            let _ = std::fs::rename(&old, &lib);
        }
        return Err(error);
    }
    if !had_lib {
        return Ok(());
    }
    if let Some(own) = own_package {
        let relative = package_dir(own);
        let kept = old.join(&relative);
        if kept.is_dir() {
            let target = lib.join(&relative);
            let moved = remove_if_present(&target)
                .and_then(|()| create_dir(target.parent().unwrap_or(&lib)))
                .and_then(|()| rename(&kept, &target));
            if let Err(error) = moved {
                return Err(format!(
                    "{error}\nThe files of your package {own} are still in {}",
                    kept.display()
                ));
            }
        }
    }
    remove_if_present(&old)
}

fn populate(
    registry: &mut Registry,
    build_list: &BTreeMap<String, Version>,
    new: &Path,
) -> Result<(), String> {
    for (path, version) in build_list {
        let files = registry.files(path, version)?;
        let dir = new.join(package_dir(path));
        remove_if_present(&dir)?;
        for file in files {
            write_file(&dir, &file)
                .map_err(|error| format!("installing {path} {version}: {error}"))?;
        }
    }
    Ok(())
}

/// The directory of a package under `lib/`.
fn package_dir(path: &str) -> PathBuf {
    package_path::components(path).collect()
}

fn write_file(dir: &Path, file: &PackageFile) -> Result<(), String> {
    let mut target = dir.to_path_buf();
    for component in file.path.split('/') {
        if component.is_empty() || component == "." || component == ".." {
            return Err(format!("the file name {:?} is not allowed", file.path));
        }
        target.push(component);
    }
    if let Some(parent) = target.parent() {
        create_dir(parent)?;
    }
    std::fs::write(&target, &file.contents)
        .map_err(|e| format!("cannot write {}: {e}", target.display()))?;
    if file.executable {
        make_executable(&target)?;
    }
    Ok(())
}

#[cfg(unix)]
fn make_executable(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| format!("cannot make {} executable: {e}", path.display()))
}

#[cfg(not(unix))]
fn make_executable(_: &Path) -> Result<(), String> {
    Ok(())
}

fn create_dir(path: &Path) -> Result<(), String> {
    std::fs::create_dir_all(path).map_err(|e| format!("cannot create {}: {e}", path.display()))
}

fn rename(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::rename(from, to)
        .map_err(|e| format!("cannot rename {} to {}: {e}", from.display(), to.display()))
}

fn remove_if_present(path: &Path) -> Result<(), String> {
    let result = match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => Err(e),
        Ok(meta) if meta.is_dir() => std::fs::remove_dir_all(path),
        Ok(_) => std::fs::remove_file(path),
    };
    result.map_err(|e| format!("cannot remove {}: {e}", path.display()))
}
