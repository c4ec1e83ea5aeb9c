//! `futc doc DIR -o OUT`: HTML documentation of a library or program from
//! its `-- |` comments, as upstream's `futhark doc` makes it: a page per
//! `.fut` file (those in DIR and those they import) and per file of the
//! prelude, an index, and a search over the documented names.
//!
//! The files are checked together in one database; the declarations come
//! from the item trees, and the names in their signatures link to the
//! declarations that go-to-definition finds for them.

mod html;
mod model;

use crate::diagnostics;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct DocArgs {
    /// A directory (every `.fut` file under it is documented, with what
    /// they import) or a single `.fut` file.
    input: PathBuf,
    /// The directory to write the HTML to (created if missing).
    #[arg(short = 'o', long = "output", value_name = "OUT", required = true)]
    output: PathBuf,
    /// Name the files found and the pages written on standard error.
    #[arg(short, long)]
    verbose: bool,
}

/// Exit code for a program with errors, or a file that cannot be read or
/// written.
const EXIT_ERRORS: u8 = 2;

pub fn run(args: &DocArgs) -> ExitCode {
    match document(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            // An empty message: the diagnostics have been reported.
            if !message.is_empty() {
                eprintln!("{}", message.trim_end());
            }
            ExitCode::from(EXIT_ERRORS)
        }
    }
}

fn document(args: &DocArgs) -> Result<(), String> {
    let (base, sources) = source_files(&args.input)?;
    if args.verbose {
        for source in &sources {
            eprintln!("found {}", source.display());
        }
    }
    let semantic: Vec<String> = sources
        .iter()
        .map(|path| diagnostics::semantic_path(path))
        .collect::<Result<_, _>>()?;
    let roots: Vec<&str> = semantic.iter().map(String::as_str).collect();
    let (checked, root_files) =
        hir::load_checked_roots(&roots, &mut |p| diagnostics::read_source(Path::new(p)))?;
    if !checked.diagnostics.is_empty() {
        eprint!(
            "{}",
            diagnostics::render_to_string(&checked, &sources[0], None)
        );
        if checked.diagnostics.iter().any(|d| d.is_error()) {
            return Err(String::new());
        }
    }
    let base = diagnostics::semantic_path(&base)?;
    let site = model::build_site(&checked.db, checked.file_set, &root_files, &base)?;
    let title = Path::new(&base)
        .file_name()
        .map_or_else(|| base.clone(), |name| name.to_string_lossy().into_owned());
    let mut renderer = html::Renderer {
        db: &checked.db,
        file_set: checked.file_set,
        site: &site,
        title,
        unresolved: Vec::new(),
    };
    let files = renderer.files();
    for (page, reference) in &renderer.unresolved {
        eprintln!(
            "warning: {}: {reference} names no documented declaration",
            site.pages[*page].source_name
        );
    }
    for (path, contents) in files {
        let target = args.output.join(&path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|error| format!("cannot create {}: {error}", parent.display()))?;
        }
        std::fs::write(&target, contents)
            .map_err(|error| format!("cannot write {}: {error}", target.display()))?;
        if args.verbose {
            eprintln!("wrote {}", target.display());
        }
    }
    Ok(())
}

/// The directory the pages are named relative to, and the `.fut` files
/// to document in it (sorted), or the one file given.
fn source_files(input: &Path) -> Result<(PathBuf, Vec<PathBuf>), String> {
    let metadata = std::fs::metadata(input)
        .map_err(|error| format!("cannot read {}: {error}", input.display()))?;
    if !metadata.is_dir() {
        let base = input
            .parent()
            .filter(|parent| !parent.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        return Ok((base.to_path_buf(), vec![input.to_path_buf()]));
    }
    let mut files = Vec::new();
    let mut directories = vec![input.to_path_buf()];
    while let Some(directory) = directories.pop() {
        let entries = std::fs::read_dir(&directory)
            .map_err(|error| format!("cannot read {}: {error}", directory.display()))?;
        for entry in entries {
            let path = entry
                .map_err(|error| format!("cannot read {}: {error}", directory.display()))?
                .path();
            // Hidden files and directories (`.git`) are not the library's.
            if path
                .file_name()
                .is_some_and(|name| name.to_string_lossy().starts_with('.'))
            {
                continue;
            }
            if path.is_dir() {
                directories.push(path);
            } else if path.extension().is_some_and(|ext| ext == "fut") {
                files.push(path);
            }
        }
    }
    if files.is_empty() {
        return Err(format!("no .fut files in {}", input.display()));
    }
    files.sort();
    Ok((input.to_path_buf(), files))
}
