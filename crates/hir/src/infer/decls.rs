//! Rules about sequences of declarations (a file's top level, a module
//! body): a name may be defined once per namespace, and entry points only
//! at the top level.

use crate::Db;
use crate::diagnostics::Diagnostic;
use crate::files::{FileSet, SourceFile};
use crate::item_tree::{Container, ItemKind, item_tree_with_source_map};
use crate::name::Name;
use rustc_hash::FxHashMap;

/// The problems of the declarations of `file`, in source order.
#[salsa::tracked(returns(clone))]
pub fn declaration_diagnostics(
    db: &dyn Db,
    _file_set: FileSet,
    file: SourceFile,
) -> Vec<Diagnostic> {
    let (tree, map) = item_tree_with_source_map(db, file);
    let text = file.text(db);
    let mut diagnostics = Vec::new();
    let mut containers = vec![Container::File];
    containers.extend(tree.items().filter_map(|(_, item)| match item.container {
        Container::Struct(s) => Some(Container::Struct(s)),
        Container::File => None,
    }));
    containers.sort();
    containers.dedup();
    for container in containers {
        // What each namespace has defined so far, keyed by the namespace a
        // clash is decided in (values and modules share one).
        let mut seen: FxHashMap<(&str, &Name), crate::item_tree::ItemIdx> = FxHashMap::default();
        for &idx in tree.container_items(container) {
            let item = tree.item(idx);
            let namespace = match &item.kind {
                ItemKind::Value(value) => {
                    if value.entry && container != Container::File {
                        diagnostics.push(Diagnostic::error(
                            file,
                            map.item(idx).range,
                            format!(
                                "Entry points may not be declared inside modules.\n\n\
                                 For more information, see:\n  {}#nested-entry",
                                super::ERROR_INDEX
                            ),
                        ));
                    }
                    "value"
                }
                ItemKind::Module(_) => "module",
                ItemKind::Type(_) => "type",
                ItemKind::ModuleType(_) => "module type",
                ItemKind::Open(_) | ItemKind::Import(_) => continue,
            };
            let Some(name) = item.name() else {
                continue;
            };
            let clash_space = if is_term(namespace) {
                "term"
            } else {
                namespace
            };
            if let Some(&previous) = seen.get(&(clash_space, name)) {
                let previous = map.item(previous).range;
                let (line, column) = line_column(text, previous.start().into());
                diagnostics.push(
                    Diagnostic::error(
                        file,
                        map.item(idx).range,
                        format!(
                            "Duplicate definition of {namespace} \"{name}\". \
                             Previously defined at {line}:{column}."
                        ),
                    )
                    .with_related(file, previous, "previously defined here"),
                );
            } else {
                seen.insert((clash_space, name), idx);
            }
        }
    }
    diagnostics
}

fn is_term(namespace: &str) -> bool {
    matches!(namespace, "value" | "module")
}

/// The 1-based line and column of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, column)
}
