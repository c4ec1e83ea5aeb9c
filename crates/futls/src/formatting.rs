//! Document and range formatting with `syntax::format`, as LSP edits.

use crate::line_index::LineIndex;
use syntax::{TextRange, TextSize};
use tower_lsp_server::ls_types::{Range, TextEdit};

/// The edits that format `text`: one edit replacing what changed between
/// the common start and end, so that the editor keeps the cursor and
/// folds elsewhere. `None` when the text has syntax errors (the
/// diagnostics show them).
pub fn format_document(text: &str) -> Option<Vec<TextEdit>> {
    let formatted = syntax::format::format(text).ok()?;
    let index = LineIndex::new(text);
    Some(
        changed_part(
            text,
            TextRange::up_to(TextSize::of(text)),
            &formatted,
            &index,
        )
        .into_iter()
        .collect(),
    )
}

/// The edits that format the top-level declarations overlapping `range`.
pub fn format_range(text: &str, range: Range) -> Option<Vec<TextEdit>> {
    let index = LineIndex::new(text);
    let edit = syntax::format::format_range(text, index.text_range(range)).ok()?;
    Some(
        edit.into_iter()
            .flat_map(|edit| changed_part(text, edit.range, &edit.replacement, &index))
            .collect(),
    )
}

/// Replacing `range` of `text` by `replacement` as an edit of only the
/// part between their common prefix and suffix; none if they are equal.
fn changed_part(
    text: &str,
    range: TextRange,
    replacement: &str,
    index: &LineIndex,
) -> Option<TextEdit> {
    let old = &text[range];
    if old == replacement {
        return None;
    }
    let (old_bytes, new_bytes) = (old.as_bytes(), replacement.as_bytes());
    let mut prefix = old_bytes
        .iter()
        .zip(new_bytes)
        .take_while(|(a, b)| a == b)
        .count();
    while !old.is_char_boundary(prefix) {
        prefix -= 1;
    }
    let mut suffix = old_bytes[prefix..]
        .iter()
        .rev()
        .zip(new_bytes[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    while !old.is_char_boundary(old.len() - suffix) {
        suffix -= 1;
    }
    let start = range.start() + TextSize::from(prefix as u32);
    let end = range.end() - TextSize::from(suffix as u32);
    Some(TextEdit::new(
        index.range(TextRange::new(start, end)),
        replacement[prefix..replacement.len() - suffix].to_string(),
    ))
}
