//! From a source file to the core IR: load, check, lower, optimise.

use crate::diagnostics;
use std::path::Path;

/// The program at `path` lowered to the core IR and optimised
/// ([`opt::passes::optimise`]), or the rendered reason it cannot be (see
/// [`lower_to_ir`]).
pub fn compile_to_ir(path: &Path) -> Result<opt::ir::Program, String> {
    let mut program = lower_to_ir(path)?;
    opt::passes::optimise(&mut program).map_err(|error| error.to_string())?;
    Ok(program)
}

/// The program at `path` lowered to the core IR (checked in debug
/// builds), or the rendered reason it cannot be (type errors with
/// snippets, or what lowering does not support).
pub fn lower_to_ir(path: &Path) -> Result<opt::ir::Program, String> {
    let checked = diagnostics::load_checked(path)?;
    if checked.diagnostics.iter().any(hir::Diagnostic::is_error) {
        return Err(diagnostics::render_to_string(&checked, path, None));
    }
    lower_checked(&checked)
}

/// A checked program without errors lowered to the core IR with only
/// its entry point `entry` (what the others alone use is dropped before
/// the work of optimising it), and optimised.
pub fn compile_entry(
    checked: &diagnostics::CheckedProgram,
    entry: &str,
) -> Result<opt::ir::Program, String> {
    compile_entries(checked, &|name| name == entry)
}

/// A checked program without errors lowered to the core IR with only
/// the entry points whose names `keep` accepts, and optimised.
pub fn compile_entries(
    checked: &diagnostics::CheckedProgram,
    keep: &dyn Fn(&str) -> bool,
) -> Result<opt::ir::Program, String> {
    let mut program = lower_checked(checked)?;
    program
        .entry_points
        .retain(|entry_point| keep(&entry_point.name));
    opt::passes::optimise(&mut program).map_err(|error| error.to_string())?;
    Ok(program)
}

/// A checked program without errors lowered to the core IR (checked in
/// debug builds). Lowering goes through the program's database, so a
/// database that lowered the program before lowers again only what
/// changed since.
pub fn lower_checked(checked: &diagnostics::CheckedProgram) -> Result<opt::ir::Program, String> {
    let root = display_root();
    let program =
        lower::lower_program(&checked.db, checked.file_set, checked.root, root.as_deref())
            .map_err(|error| format!("error: {error}"))?;
    if cfg!(debug_assertions) {
        opt::ir::check::check_program(&program).map_err(|error| error.to_string())?;
    }
    Ok(program)
}

/// How run-time errors name a file from its semantic path: relative to
/// the working directory, as the user would write it, where it is under
/// it.
pub fn display_path() -> impl Fn(&str) -> String {
    let cwd = display_root();
    move |path: &str| match &cwd {
        Some(cwd) => path.strip_prefix(cwd.as_str()).unwrap_or(path).to_owned(),
        None => path.to_owned(),
    }
}

/// The working directory as the start of semantic paths (ending in `/`),
/// which run-time errors leave out.
fn display_root() -> Option<String> {
    std::env::current_dir()
        .ok()
        .and_then(|d| d.to_str().map(|d| hir::files::normalize_path(d) + "/"))
}

/// The type of the last definition named `name` in the root file of a
/// checked program.
pub fn value_type(checked: &diagnostics::CheckedProgram, name: &str) -> Option<hir::ty::Ty> {
    let name = hir::name::Name::new(name);
    let tree = hir::item_tree::item_tree(&checked.db, checked.root);
    let (item, _) = tree.items().filter(|(_, item)| {
        matches!(&item.kind, hir::item_tree::ItemKind::Value(value) if value.name.as_ref() == Some(&name))
    }).last()?;
    let scheme = hir::infer::value_scheme(&checked.db, checked.file_set, checked.root, item);
    Some(scheme.ty)
}

/// Whether a value of type `ty` is or holds a function, which no entry
/// point can return.
pub fn contains_function(ty: &hir::ty::Ty) -> bool {
    use hir::ty::Ty;
    match ty {
        Ty::Function { .. } => true,
        Ty::Array { element, .. } => contains_function(element),
        Ty::Record(fields) => fields.iter().any(|(_, field)| contains_function(field)),
        Ty::Sum(constructors) => constructors
            .iter()
            .flat_map(|(_, payload)| payload)
            .any(contains_function),
        Ty::Prim(_) | Ty::Param(_) | Ty::Abstract(..) | Ty::Var(_) | Ty::Error => false,
    }
}
