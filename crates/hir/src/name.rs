//! Names and qualified paths as the semantic layer sees them.

use smol_str::SmolStr;
use std::fmt;

/// An identifier, operator symbol or field name.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Name(SmolStr);

impl Name {
    pub fn new(text: &str) -> Name {
        Name(SmolStr::new(text))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether the name is an operator symbol such as `+` or `|>`.
    pub fn is_operator(&self) -> bool {
        !self
            .0
            .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A possibly qualified name `a.b.c`: qualifiers, then the last name. Never
/// empty.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Path {
    segments: Vec<Name>,
}

impl Path {
    /// A path of the given segments; `None` if there are none.
    pub fn new(segments: Vec<Name>) -> Option<Path> {
        (!segments.is_empty()).then_some(Path { segments })
    }

    pub fn single(name: Name) -> Path {
        Path {
            segments: vec![name],
        }
    }

    pub fn segments(&self) -> &[Name] {
        &self.segments
    }

    pub fn qualifiers(&self) -> &[Name] {
        &self.segments[..self.segments.len() - 1]
    }

    pub fn last(&self) -> &Name {
        self.segments.last().expect("paths are never empty")
    }

    pub fn is_single(&self) -> bool {
        self.segments.len() == 1
    }
}

impl fmt::Debug for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, segment) in self.segments.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "{segment}")?;
        }
        Ok(())
    }
}
