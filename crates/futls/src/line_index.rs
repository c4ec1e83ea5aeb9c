//! Conversion between byte offsets and LSP positions (line and UTF-16
//! code unit).

use syntax::{TextRange, TextSize};
use tower_lsp_server::ls_types::{Position, Range};

/// The start offsets of the lines of a text.
#[derive(Debug, Clone)]
pub struct LineIndex {
    text: String,
    line_starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex {
            text: text.to_string(),
            line_starts,
        }
    }

    /// The byte offset of a position; positions past the end of a line or
    /// of the text are clamped.
    pub fn offset(&self, position: Position) -> TextSize {
        let line = (position.line as usize).min(self.line_starts.len() - 1);
        let start = self.line_starts[line];
        let end = self
            .line_starts
            .get(line + 1)
            .map_or(self.text.len(), |next| next - 1);
        let mut units = 0u32;
        let mut offset = start;
        for c in self.text[start..end].chars() {
            if units >= position.character {
                break;
            }
            units += c.len_utf16() as u32;
            offset += c.len_utf8();
        }
        TextSize::from(offset as u32)
    }

    pub fn position(&self, offset: TextSize) -> Position {
        let offset = usize::from(offset).min(self.text.len());
        let line = self.line_starts.partition_point(|&start| start <= offset) - 1;
        let start = self.line_starts[line];
        let character = self.text[start..offset]
            .chars()
            .map(|c| c.len_utf16() as u32)
            .sum();
        Position::new(line as u32, character)
    }

    /// The byte range of an LSP range, its ends put in order.
    pub fn text_range(&self, range: Range) -> TextRange {
        let (start, end) = (self.offset(range.start), self.offset(range.end));
        TextRange::new(start.min(end), start.max(end))
    }

    pub fn range(&self, range: TextRange) -> Range {
        Range::new(self.position(range.start()), self.position(range.end()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_code_units() {
        let index = LineIndex::new("def x = 1\n-- ő𝄞 y\nz");
        let y = "def x = 1\n-- ő𝄞 ".len();
        assert_eq!(
            index.position(TextSize::from(y as u32)),
            Position::new(1, 7)
        );
        assert_eq!(index.offset(Position::new(1, 7)), TextSize::from(y as u32));
        assert_eq!(index.offset(Position::new(2, 0)), TextSize::from(22));
        assert_eq!(index.offset(Position::new(9, 9)), TextSize::from(23));
    }
}
