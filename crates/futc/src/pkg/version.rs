//! Semantic versions as upstream's package manager reads them: `X.Y.Z`
//! with an optional numeric pre-release (`-20240101120000`) and an
//! optional alphanumeric build part (`+c0ffee`). Upstream accepts nothing
//! more of semver, and uses the form `0.0.0-TIMESTAMP+COMMIT` for a
//! *commit version*: a pin to one commit, ordered by its timestamp.

use std::cmp::Ordering;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Version {
    pub major: u64,
    pub minor: u64,
    pub patch: u64,
    /// Digits only.
    pre_release: Option<String>,
    /// ASCII letters and digits only.
    build: Option<String>,
}

impl Version {
    pub fn new(major: u64, minor: u64, patch: u64) -> Version {
        Version {
            major,
            minor,
            patch,
            pre_release: None,
            build: None,
        }
    }

    /// The commit version `0.0.0-TIMESTAMP+COMMIT`.
    pub fn commit(timestamp: &str, commit: &str) -> Version {
        Version {
            pre_release: Some(timestamp.to_owned()),
            build: Some(commit.to_owned()),
            ..Version::new(0, 0, 0)
        }
    }

    /// The commit a commit version pins.
    pub fn pinned_commit(&self) -> Option<&str> {
        match (self.major, self.minor, self.patch, &self.pre_release) {
            (0, 0, 0, Some(_)) => self.build.as_deref(),
            _ => None,
        }
    }

    /// Whether the numeric part is `0.0.0`; upstream records no commit hash
    /// for such versions (commit versions already name their commit).
    pub fn is_zero(&self) -> bool {
        (self.major, self.minor, self.patch) == (0, 0, 0)
    }

    /// The order of precedence: the build part does not count, so two
    /// commit versions with one timestamp are equally new (as upstream).
    pub fn cmp_precedence(&self, other: &Version) -> Ordering {
        (self.major, self.minor, self.patch)
            .cmp(&(other.major, other.minor, other.patch))
            .then_with(|| match (&self.pre_release, &other.pre_release) {
                (None, None) => Ordering::Equal,
                (None, Some(_)) => Ordering::Greater,
                (Some(_), None) => Ordering::Less,
                (Some(a), Some(b)) => cmp_numeric(a, b),
            })
    }

    /// Parses a version; the message says what is wrong.
    pub fn parse(text: &str) -> Result<Version, String> {
        let mut parser = VersionParser { text, pos: 0 };
        let major = parser.number()?;
        parser.expect('.')?;
        let minor = parser.number()?;
        parser.expect('.')?;
        let patch = parser.number()?;
        let pre_release = parser
            .eat('-')
            .then(|| parser.run("pre-release digits", |c| c.is_ascii_digit()))
            .transpose()?;
        let build = parser
            .eat('+')
            .then(|| parser.run("letters or digits", |c| c.is_ascii_alphanumeric()))
            .transpose()?;
        if let Some(c) = parser.peek() {
            return Err(format!(
                "unexpected {c:?} at character {} of version {text:?} (versions are X.Y.Z, \
                 optionally followed by -DIGITS and +LETTERS_OR_DIGITS)",
                parser.pos + 1
            ));
        }
        Ok(Version {
            major,
            minor,
            patch,
            pre_release,
            build,
        })
    }
}

impl Ord for Version {
    /// Precedence, then the build part, so that distinct versions never
    /// compare equal.
    fn cmp(&self, other: &Version) -> Ordering {
        self.cmp_precedence(other)
            .then_with(|| self.pre_release.cmp(&other.pre_release))
            .then_with(|| self.build.cmp(&other.build))
    }
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Version) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        if let Some(pre_release) = &self.pre_release {
            write!(f, "-{pre_release}")?;
        }
        if let Some(build) = &self.build {
            write!(f, "+{build}")?;
        }
        Ok(())
    }
}

/// Compares two digit strings by their numeric value.
fn cmp_numeric(a: &str, b: &str) -> Ordering {
    let a = a.trim_start_matches('0');
    let b = b.trim_start_matches('0');
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

struct VersionParser<'a> {
    text: &'a str,
    pos: usize,
}

impl VersionParser<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(c);
        if found {
            self.pos += c.len_utf8();
        }
        found
    }

    fn expect(&mut self, c: char) -> Result<(), String> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(format!(
                "expected {c:?} at character {} of version {:?} (versions are X.Y.Z)",
                self.pos + 1,
                self.text
            ))
        }
    }

    fn run(&mut self, what: &str, accept: impl Fn(char) -> bool) -> Result<String, String> {
        let rest = &self.text[self.pos..];
        let len = rest.find(|c| !accept(c)).unwrap_or(rest.len());
        if len == 0 {
            return Err(format!(
                "expected {what} at character {} of version {:?}",
                self.pos + 1,
                self.text
            ));
        }
        self.pos += len;
        Ok(rest[..len].to_owned())
    }

    /// A number without leading zeros.
    fn number(&mut self) -> Result<u64, String> {
        let start = self.pos;
        let digits = self.run("a number", |c| c.is_ascii_digit())?;
        if digits.len() > 1 && digits.starts_with('0') {
            return Err(format!(
                "the number {digits:?} at character {} of version {:?} has a leading zero",
                start + 1,
                self.text
            ));
        }
        digits.parse().map_err(|_| {
            format!(
                "the number {digits:?} in version {:?} is too large",
                self.text
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn version(text: &str) -> Version {
        Version::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn parses_and_prints_releases_and_commit_versions() {
        for text in [
            "0.1.0",
            "1.22.333",
            "2.0.0-5",
            "0.0.0-20180801102533+dd5168df1b8a20cb0547a88afd4e4a6cc098e0f1",
            "1.0.0+build7",
        ] {
            assert_eq!(version(text).to_string(), text);
        }
        let pinned = version("0.0.0-20180801102533+dd5168df");
        assert_eq!(pinned.pinned_commit(), Some("dd5168df"));
        assert_eq!(version("1.0.0+dd5168df").pinned_commit(), None);
        assert_eq!(version("0.0.0-1").pinned_commit(), None);
    }

    #[test]
    fn rejects_what_upstream_rejects() {
        for (text, message) in [
            ("1.0", "expected '.' at character 4"),
            ("01.0.0", "leading zero"),
            ("1.0.0-rc1", "expected pre-release digits at character 7"),
            ("1.0.0-1a", "unexpected 'a'"),
            ("1.0.0-", "expected pre-release digits"),
            ("1.0.0+", "expected letters or digits"),
            ("1.0.0+a-b", "unexpected '-'"),
            ("v1.0.0", "expected a number at character 1"),
            ("", "expected a number"),
            ("99999999999999999999.0.0", "too large"),
        ] {
            let error = Version::parse(text).expect_err(text);
            assert!(error.contains(message), "{text}: {error}");
        }
    }

    #[test]
    fn orders_by_precedence_with_releases_above_pre_releases() {
        let ordered = [
            "0.0.0-20180801102532+b7002852",
            "0.0.0-20180801102533+aaaa",
            "0.0.0",
            "0.1.0",
            "0.2.0-9",
            "0.2.0-10",
            "0.2.0",
            "0.10.0",
            "1.0.0",
        ];
        for pair in ordered.windows(2) {
            assert!(version(pair[0]) < version(pair[1]), "{pair:?}");
        }
        let a = version("0.0.0-20180801102533+aaaa");
        let b = version("0.0.0-20180801102533+bbbb");
        assert_eq!(a.cmp_precedence(&b), Ordering::Equal);
        assert_ne!(a.cmp(&b), Ordering::Equal);
    }
}
