//! `futc pkg`, upstream's package manager (`futhark pkg`): the same
//! manifest (`futhark.pkg`), the same layout of `lib/`, the same version
//! selection, and packages fetched from git repositories with the system
//! `git`. Like upstream, the commands work in the current directory and
//! touch only `futhark.pkg` and `lib/`.
//!
//! * `manifest`: parsing and editing `futhark.pkg`, keeping its text.
//! * `version`, `package_path`: versions (with commit versions) and
//!   package paths (with their repository and major versions).
//! * `git`, `registry`: fetching repositories and reading versions,
//!   manifests and files from them.
//! * `solve`: minimal version selection.
//! * `install`: replacing `lib/` with a build list, all or nothing.

mod git;
mod install;
mod manifest;
mod package_path;
mod registry;
mod solve;
mod version;

use git::Git;
use manifest::{MANIFEST_FILE, Manifest, Requirement};
use registry::{Registry, requirements};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use version::Version;

/// The arguments of `futc pkg`.
#[derive(Debug, clap::Args)]
pub struct PkgArgs {
    #[command(subcommand)]
    command: PkgCommand,
    /// Print the git commands run and other running notes on stderr.
    #[arg(short, long, global = true)]
    verbose: bool,
}

#[derive(Debug, clap::Subcommand)]
enum PkgCommand {
    /// Add a required package to futhark.pkg, or change its version.
    ///
    /// Requires VERSION (X.Y.Z, or a commit version
    /// 0.0.0-YYYYMMDDHHMMSS+COMMIT) as the minimum version, or else the
    /// newest release (or, for a package without releases, its newest
    /// commit). The package's files are fetched by `futc pkg sync`.
    Add {
        /// A package path such as github.com/user/repo
        /// (github.com/user/repo@2 for major version 2).
        package: String,
        /// The minimum version to require.
        #[arg(value_parser = Version::parse)]
        version: Option<Version>,
    },
    /// Check that futhark.pkg can be satisfied; print the versions chosen.
    ///
    /// Checks that the manifest is valid and that the required versions
    /// exist (with the commits it names). For a package (a manifest with a
    /// package line), also checks that lib/PKGPATH has .fut files.
    Check,
    /// Reformat futhark.pkg in upstream's layout, keeping its comments.
    Fmt,
    /// Create futhark.pkg and lib/PKGPATH for a new package.
    ///
    /// Not needed to use packages, only to make one.
    Init {
        /// The new package's path, such as github.com/user/repo.
        package: String,
    },
    /// Remove a required package from futhark.pkg.
    ///
    /// Its files leave lib/ at the next `futc pkg sync`.
    Remove {
        /// The package path, as in futhark.pkg.
        package: String,
    },
    /// Populate lib/ with the required packages and their dependencies.
    ///
    /// Each package gets the oldest version that meets every requirement
    /// of it (minimal version selection). Everything else in lib/, except
    /// the package's own directory lib/PKGPATH, is removed; if anything
    /// fails, lib/ is left as it was.
    Sync,
    /// Upgrade every requirement in futhark.pkg to the newest release.
    ///
    /// Never across major versions, which are different package paths
    /// (github.com/user/repo@2).
    Upgrade,
    /// List the released versions of a package.
    Versions {
        /// A package path such as github.com/user/repo.
        package: String,
    },
}

/// Exit code of a command that failed.
const EXIT_FAILURE: u8 = 1;

pub fn run(args: &PkgArgs) -> ExitCode {
    let git = Git {
        verbose: args.verbose,
    };
    let result = match &args.command {
        PkgCommand::Add { package, version } => add(git, package, version.as_ref()),
        PkgCommand::Check => check(git),
        PkgCommand::Fmt => fmt(),
        PkgCommand::Init { package } => init(package),
        PkgCommand::Remove { package } => remove(package),
        PkgCommand::Sync => sync(git),
        PkgCommand::Upgrade => upgrade(git),
        PkgCommand::Versions { package } => versions(git, package),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(EXIT_FAILURE)
        }
    }
}

/// Prints a line of the command's output.
fn say(line: &str) {
    // A closed stdout leaves nothing better to report to.
    let _ = writeln!(std::io::stdout(), "{line}");
}

/// Reads `futhark.pkg`; a missing one is empty, as upstream.
fn read_manifest() -> Result<Manifest, String> {
    let path = Path::new(MANIFEST_FILE);
    if path.is_dir() {
        return Err(format!("{MANIFEST_FILE} exists, but it is a directory"));
    }
    if !path.exists() {
        say(&format!(
            "{MANIFEST_FILE} not found - pretending it's empty."
        ));
        return Ok(Manifest::empty());
    }
    read_existing_manifest()
}

fn read_existing_manifest() -> Result<Manifest, String> {
    let text = crate::diagnostics::read_source(Path::new(MANIFEST_FILE))?;
    Manifest::parse(MANIFEST_FILE, text)
}

fn write_manifest(text: &str) -> Result<(), String> {
    std::fs::write(MANIFEST_FILE, text).map_err(|e| format!("cannot write {MANIFEST_FILE}: {e}"))
}

/// `lib/PKGPATH`, the directory of a package's files.
fn lib_dir(package: &str) -> PathBuf {
    std::iter::once("lib")
        .chain(package_path::components(package))
        .collect()
}

fn init(package: &str) -> Result<(), String> {
    package_path::check(package).map_err(|error| {
        format!(
            "{error}\nNote: package paths are usually URLs without https://.\nNote: 'futc pkg \
             init' is only needed when creating a package, not to use packages."
        )
    })?;
    if Path::new(MANIFEST_FILE).exists() {
        return Err(format!("{MANIFEST_FILE} already exists."));
    }
    let dir = lib_dir(package);
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    say(&format!("Created directory {}.", dir.display()));
    write_manifest(&Manifest::new_package_text(package))?;
    say(&format!("Wrote {MANIFEST_FILE}."));
    Ok(())
}

fn add(git: Git, package: &str, version: Option<&Version>) -> Result<(), String> {
    package_path::check(package)?;
    let manifest = read_manifest()?;
    let mut registry = Registry::new(git)?;
    let version = match version {
        Some(version) => version.clone(),
        None => registry.newest(package)?,
    };
    // The package and its dependencies must exist, together with what the
    // manifest already requires.
    let mut roots = requirements(&manifest);
    roots.insert(package.to_owned(), (version.clone(), None));
    solve::solve(&mut registry, &roots)?;
    let commit = registry.commit(package, &version)?;
    // Commit versions name their commit already.
    let hash = (!version.is_zero()).then_some(commit);
    let new = Requirement {
        path: package.to_owned(),
        version: version.clone(),
        hash,
    };
    let text = manifest.with_requirement(&new);
    match manifest.requirement(package) {
        Some(old) if old.version == version => {
            say(&format!(
                "Package already at version {version}; nothing to do."
            ));
        }
        Some(old) => say(&format!("Replaced {package} {} => {version}.", old.version)),
        None => say(&format!("Added new required package {package} {version}.")),
    }
    write_manifest(&text)?;
    say("Remember to run 'futc pkg sync'.");
    Ok(())
}

fn remove(package: &str) -> Result<(), String> {
    let manifest = read_manifest()?;
    let (Some(old), Some(text)) = (
        manifest.requirement(package),
        manifest.without_requirement(package),
    ) else {
        return Err(format!("No package {package} found in {MANIFEST_FILE}."));
    };
    write_manifest(&text)?;
    say(&format!("Removed {package} {}.", old.version));
    Ok(())
}

fn sync(git: Git) -> Result<(), String> {
    let manifest = read_manifest()?;
    let mut registry = Registry::new(git)?;
    let build_list = solve::solve(&mut registry, &requirements(&manifest))?;
    install::install(
        &mut registry,
        &build_list,
        manifest.package(),
        Path::new(""),
    )
}

fn upgrade(git: Git) -> Result<(), String> {
    let manifest = read_manifest()?;
    let mut registry = Registry::new(git)?;
    let mut updated = Vec::new();
    for requirement in manifest.requirements() {
        let path = &requirement.path;
        let newest = registry.newest(path)?;
        let commit = registry.commit(path, &newest)?;
        if newest != requirement.version {
            say(&format!(
                "Upgraded {path} {} => {newest}.",
                requirement.version
            ));
        }
        updated.push(Requirement {
            path: path.clone(),
            version: newest,
            hash: Some(commit),
        });
    }
    let text = manifest.with_requirements_updated(&updated);
    if text == manifest.text() {
        say("Nothing to upgrade.");
        return Ok(());
    }
    write_manifest(&text)?;
    say("Remember to run 'futc pkg sync'.");
    Ok(())
}

fn check(git: Git) -> Result<(), String> {
    let manifest = read_manifest()?;
    let mut registry = Registry::new(git)?;
    let build_list = solve::solve(&mut registry, &requirements(&manifest))?;
    say("Dependencies chosen:");
    for (path, version) in &build_list {
        say(&format!("{path} => {version}"));
    }
    let Some(package) = manifest.package() else {
        return Ok(());
    };
    let dir = lib_dir(package);
    if !dir.is_dir() {
        return Err(format!(
            "the directory {} (of package {package}) does not exist",
            dir.display()
        ));
    }
    if !has_fut_file(&dir) {
        return Err(format!(
            "the directory {} (of package {package}) does not contain any .fut files",
            dir.display()
        ));
    }
    Ok(())
}

fn has_fut_file(dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    // Symbolic links are not followed, so a link cycle cannot loop.
    entries.filter_map(Result::ok).any(|entry| {
        let path = entry.path();
        match entry.file_type() {
            Ok(kind) if kind.is_dir() => has_fut_file(&path),
            Ok(_) => path.extension().is_some_and(|e| e == "fut"),
            Err(_) => false,
        }
    })
}

fn fmt() -> Result<(), String> {
    let manifest = read_existing_manifest()?;
    write_manifest(&manifest.pretty())
}

fn versions(git: Git, package: &str) -> Result<(), String> {
    let mut registry = Registry::new(git)?;
    for version in registry.versions(package)? {
        say(&version.to_string());
    }
    Ok(())
}
