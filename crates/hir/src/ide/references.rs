//! Finding the uses of a definition, and renaming it.

use super::{definition_at, name_token_at};
use crate::Db;
use crate::files::{FileSet, SourceFile, parse};
use syntax::{SyntaxToken, TextRange, TextSize};

/// A place in a file: a name's occurrence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileRange {
    pub file: SourceFile,
    pub range: TextRange,
}

/// Every occurrence of the name at `offset` that refers to the same
/// definition, in the files of `file_set` outside the prelude, in file
/// and source order; the definition's own name is included if
/// `include_declaration`. Empty when the name has no definition (a record
/// field, a name that does not resolve).
pub fn references_at(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    offset: TextSize,
    include_declaration: bool,
) -> Vec<FileRange> {
    let files = file_set
        .files(db)
        .iter()
        .filter(|(path, _)| !crate::prelude::is_prelude_path(path))
        .map(|(_, &file)| file);
    occurrences(db, file_set, file, offset, files, include_declaration)
}

/// The occurrences of the name at `offset` in its own file that refer to
/// the same definition, in source order, each marked whether it is the
/// definition's own name: what an editor highlights.
pub fn highlights_at(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    offset: TextSize,
) -> Vec<(TextRange, bool)> {
    let Some(target) = definition_at(db, file_set, file, offset) else {
        return Vec::new();
    };
    occurrences(db, file_set, file, offset, std::iter::once(file), true)
        .into_iter()
        .map(|found| {
            let definition = found.file == target.file && found.range == target.focus_range;
            (found.range, definition)
        })
        .collect()
}

/// The occurrences in `files` of the name at `offset` that refer to the
/// same definition.
fn occurrences(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    offset: TextSize,
    files: impl Iterator<Item = SourceFile>,
    include_declaration: bool,
) -> Vec<FileRange> {
    let root = parse(db, file).syntax_node();
    let (Some(token), Some(target)) = (
        name_token_at(&root, offset),
        definition_at(db, file_set, file, offset),
    ) else {
        return Vec::new();
    };
    let name = token.text().to_string();
    let is_target = |file: SourceFile, token: &SyntaxToken| {
        definition_at(db, file_set, file, token.text_range().start())
            .is_some_and(|t| t.file == target.file && t.focus_range == target.focus_range)
    };
    let mut found = Vec::new();
    for other in files {
        let root = parse(db, other).syntax_node();
        for token in root
            .descendants_with_tokens()
            .filter_map(|e| e.into_token())
            .filter(|t| t.kind() == token.kind() && t.text() == name)
        {
            let declaration = other == target.file && token.text_range() == target.focus_range;
            if (include_declaration || !declaration) && is_target(other, &token) {
                found.push(FileRange {
                    file: other,
                    range: token.text_range(),
                });
            }
        }
    }
    found
}

/// Why a rename cannot be done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenameError {
    /// Nothing renameable at the cursor.
    NoName,
    /// The definition is in the prelude, which is not the user's to edit.
    InPrelude,
    /// The new name is not a name of the same kind (an identifier for an
    /// identifier, an operator for an operator) or is a keyword.
    InvalidName(String),
}

/// The range of the name at `offset` if it can be renamed: it has a
/// definition, outside the prelude.
pub fn rename_range(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    offset: TextSize,
) -> Result<TextRange, RenameError> {
    let root = parse(db, file).syntax_node();
    let token = name_token_at(&root, offset).ok_or(RenameError::NoName)?;
    let target = definition_at(db, file_set, file, offset).ok_or(RenameError::NoName)?;
    if crate::prelude::is_prelude_path(target.file.path(db)) {
        return Err(RenameError::InPrelude);
    }
    Ok(token.text_range())
}

/// The places to replace with `new_name` to rename the name at `offset`:
/// it and every reference to its definition.
pub fn rename_at(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    offset: TextSize,
    new_name: &str,
) -> Result<Vec<FileRange>, RenameError> {
    let range = rename_range(db, file_set, file, offset)?;
    let root = parse(db, file).syntax_node();
    let kind = root
        .covering_element(range)
        .into_token()
        .map(|token| token.kind())
        .ok_or(RenameError::NoName)?;
    let (tokens, errors) = syntax::lexer::tokenize(new_name);
    let same_kind = matches!(tokens.as_slice(), [only] if only.kind == kind);
    if !errors.is_empty() || !same_kind {
        return Err(RenameError::InvalidName(new_name.to_string()));
    }
    Ok(references_at(db, file_set, file, offset, true))
}
