//! Diagnostics as plain values: what is wrong, where, and the related
//! places that explain it.

use crate::files::SourceFile;
use syntax::TextRange;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
}

/// A place in a file with a note, such as "previously used here".
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Related {
    pub file: SourceFile,
    pub range: TextRange,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    pub file: SourceFile,
    pub range: TextRange,
    pub severity: Severity,
    pub message: String,
    pub related: Vec<Related>,
}

impl Diagnostic {
    pub fn error(file: SourceFile, range: TextRange, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file,
            range,
            severity: Severity::Error,
            message: message.into(),
            related: Vec::new(),
        }
    }

    pub fn warning(file: SourceFile, range: TextRange, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(file, range, message)
        }
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    pub fn with_related(
        mut self,
        file: SourceFile,
        range: TextRange,
        message: impl Into<String>,
    ) -> Diagnostic {
        self.related.push(Related {
            file,
            range,
            message: message.into(),
        });
        self
    }
}

/// Every problem in one file: syntax errors, then the type errors of its
/// definitions in source order. Import problems are reported by
/// [`crate::files::program`].
#[salsa::tracked(returns(clone))]
pub fn file_diagnostics(
    db: &dyn crate::Db,
    file_set: crate::FileSet,
    file: SourceFile,
) -> Vec<Diagnostic> {
    use crate::item_tree::{ItemKind, item_tree_with_source_map};
    let mut diagnostics: Vec<Diagnostic> = crate::files::parse(db, file)
        .errors()
        .iter()
        .map(|error| Diagnostic::error(file, error.range, error.message.clone()))
        .collect();
    diagnostics.extend(crate::infer::declaration_diagnostics(db, file_set, file));
    let (tree, source_map) = item_tree_with_source_map(db, file);
    for (idx, item) in tree.items() {
        match &item.kind {
            ItemKind::Value(_) => {
                diagnostics.extend(crate::infer::value_diagnostics(db, file_set, file, idx));
                diagnostics.extend(crate::infer::uniqueness_diagnostics(
                    db, file_set, file, idx,
                ));
            }
            ItemKind::Module(_) => {
                diagnostics.extend(crate::infer::structure_diagnostics(db, file_set, file, idx));
                diagnostics.extend(crate::infer::module_diagnostics(db, file_set, file, idx));
            }
            ItemKind::Open(_) | ItemKind::ModuleType(_) => {
                diagnostics.extend(crate::infer::structure_diagnostics(db, file_set, file, idx));
            }
            ItemKind::Type(_) => {
                let abbreviation = crate::infer::type_abbreviation(db, file_set, file, idx);
                for (ty, message) in &abbreviation.errors {
                    let range = source_map
                        .types
                        .types
                        .get(*ty)
                        .map_or(source_map.item(idx).range, |ptr| ptr.range);
                    diagnostics.push(Diagnostic::error(file, range, message.clone()));
                }
            }
            _ => {}
        }
    }
    diagnostics
}
