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
