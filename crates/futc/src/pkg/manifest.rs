//! `futhark.pkg`, the package manifest, in upstream's format:
//!
//! ```text
//! -- comments anywhere, to the end of the line
//! package github.com/user/repo
//!
//! require {
//!   github.com/user/dep 1.2.0 #4e1c0b3d...
//!   github.com/user/pinned 0.0.0-20240101120000+4e1c0b3d...
//! }
//! ```
//!
//! Both parts are optional; the `package` line comes first. A requirement
//! names a package path, its minimum version and, optionally, the commit
//! that version had when it was added (checked when it is fetched).
//!
//! The manifest keeps its text: `add`, `remove` and `upgrade` edit the
//! requirements where they are and leave every other byte (comments,
//! blank lines, indentation) alone; on a file written by upstream the
//! result is the text upstream writes. `pretty` gives upstream's canonical
//! layout, for `futc pkg fmt`.

use super::package_path;
use super::version::Version;
use std::fmt;
use std::ops::Range;

pub const MANIFEST_FILE: &str = "futhark.pkg";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Requirement {
    pub path: String,
    pub version: Version,
    pub hash: Option<String>,
}

impl fmt::Display for Requirement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.path, self.version)?;
        if let Some(hash) = &self.hash {
            write!(f, " #{hash}")?;
        }
        Ok(())
    }
}

#[derive(Debug, Clone)]
pub struct Manifest {
    text: String,
    package: Option<(String, Range<usize>)>,
    block: Option<RequireBlock>,
    requirements: Vec<(Requirement, Range<usize>)>,
    /// Each comment's offset and its text after `--`.
    comments: Vec<(usize, String)>,
}

#[derive(Debug, Clone, Copy)]
struct RequireBlock {
    keyword: usize,
    close: usize,
}

impl Manifest {
    /// Parses a manifest; `name` starts the location of an error
    /// (`name:line:column: message`).
    pub fn parse(name: &str, text: String) -> Result<Manifest, String> {
        let mut parser = Parser {
            text: &text,
            pos: 0,
            comments: Vec::new(),
        };
        let parts = parser.manifest().map_err(|(offset, message)| {
            let (line, column) = crate::diagnostics::line_column(&text, offset);
            format!("{name}:{line}:{column}: {message}")
        })?;
        let comments = parser.comments;
        Ok(Manifest {
            text,
            package: parts.package,
            block: parts.block,
            requirements: parts.requirements,
            comments,
        })
    }

    /// The manifest of a missing `futhark.pkg`.
    pub fn empty() -> Manifest {
        Manifest {
            text: String::new(),
            package: None,
            block: None,
            requirements: Vec::new(),
            comments: Vec::new(),
        }
    }

    /// The text of a new package's manifest, as `futc pkg init` writes it.
    pub fn new_package_text(path: &str) -> String {
        format!("package {path}\n\nrequire {{\n}}\n")
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn package(&self) -> Option<&str> {
        self.package.as_ref().map(|(path, _)| path.as_str())
    }

    pub fn requirements(&self) -> impl Iterator<Item = &Requirement> {
        self.requirements.iter().map(|(requirement, _)| requirement)
    }

    pub fn requirement(&self, path: &str) -> Option<&Requirement> {
        self.requirements().find(|r| r.path == path)
    }

    /// The text with `new` in place of the requirement of its package, or
    /// added at the end of the `require` block (made if missing).
    pub fn with_requirement(&self, new: &Requirement) -> String {
        if let Some((_, range)) = self.requirements.iter().find(|(r, _)| r.path == new.path) {
            let mut text = self.text.clone();
            text.replace_range(range.clone(), &new.to_string());
            return text;
        }
        let Some(block) = self.block else {
            let mut text = self.text.clone();
            if !text.is_empty() && !text.ends_with('\n') {
                text.push('\n');
            }
            if !text.is_empty() && !text.ends_with("\n\n") {
                text.push('\n');
            }
            text.push_str(&format!("require {{\n  {new}\n}}\n"));
            return text;
        };
        let indent = self
            .requirements
            .last()
            .and_then(|(_, range)| {
                let line_start = line_start(&self.text, range.start);
                let indent = &self.text[line_start..range.start];
                indent.trim().is_empty().then_some(indent)
            })
            .unwrap_or("  ");
        let close_line = line_start(&self.text, block.close);
        let mut text = self.text.clone();
        if self.text[close_line..block.close].trim().is_empty() {
            text.insert_str(close_line, &format!("{indent}{new}\n"));
        } else {
            text.insert_str(block.close, &format!("\n{indent}{new}\n"));
        }
        text
    }

    /// The text without the requirement of package `path` (and without its
    /// line, if nothing else was on it), or `None` if it is not required.
    pub fn without_requirement(&self, path: &str) -> Option<String> {
        let (_, range) = self.requirements.iter().find(|(r, _)| r.path == path)?;
        let start = line_start(&self.text, range.start);
        let end = self.text[range.end..]
            .find('\n')
            .map_or(self.text.len(), |i| range.end + i + 1);
        let mut text = self.text.clone();
        if self.text[start..range.start].trim().is_empty()
            && self.text[range.end..end].trim().is_empty()
        {
            text.replace_range(start..end, "");
        } else {
            let spaces = self.text[range.end..].len()
                - self.text[range.end..].trim_start_matches([' ', '\t']).len();
            text.replace_range(range.start..range.end + spaces, "");
        }
        Some(text)
    }

    /// The text with each requirement replaced by the one of the same
    /// package in `updated`, if there is one.
    pub fn with_requirements_updated(&self, updated: &[Requirement]) -> String {
        let mut text = self.text.clone();
        for (old, range) in self.requirements.iter().rev() {
            if let Some(new) = updated.iter().find(|new| new.path == old.path) {
                text.replace_range(range.clone(), &new.to_string());
            }
        }
        text
    }

    /// Upstream's canonical layout of the manifest, comments kept (blank
    /// lines are not).
    pub fn pretty(&self) -> String {
        let package_start = self.package.as_ref().map(|(_, range)| range.start);
        let before_package = |offset: usize| package_start.is_some_and(|start| offset < start);
        let before_block = |offset: usize| self.block.is_none_or(|b| offset < b.keyword);
        let comment_line = |comment: &str| format!("--{comment}\n");
        let mut out = String::new();
        for (offset, comment) in &self.comments {
            if before_package(*offset) {
                out.push_str(&comment_line(comment));
            }
        }
        if let Some(path) = self.package() {
            out.push_str(&format!("package {path}\n\n"));
        }
        for (offset, comment) in &self.comments {
            if !before_package(*offset) && before_block(*offset) {
                out.push_str(&comment_line(comment));
            }
        }
        out.push_str("require {\n");
        if let Some(block) = self.block {
            let mut items: Vec<(usize, String)> = self
                .requirements
                .iter()
                .map(|(r, range)| (range.start, r.to_string()))
                .chain(
                    self.comments
                        .iter()
                        .filter(|(offset, _)| (block.keyword..block.close).contains(offset))
                        .map(|(offset, comment)| (*offset, format!("--{comment}"))),
                )
                .collect();
            items.sort();
            for (_, item) in items {
                out.push_str(&format!("  {item}\n"));
            }
        }
        out.push_str("}\n");
        for (offset, comment) in &self.comments {
            if self.block.is_some_and(|b| *offset > b.close) {
                out.push_str(&comment_line(comment));
            }
        }
        out
    }
}

fn line_start(text: &str, offset: usize) -> usize {
    text[..offset].rfind('\n').map_or(0, |i| i + 1)
}

struct Parts {
    package: Option<(String, Range<usize>)>,
    block: Option<RequireBlock>,
    requirements: Vec<(Requirement, Range<usize>)>,
}

type ParseError = (usize, String);

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    comments: Vec<(usize, String)>,
}

impl Parser<'_> {
    fn rest(&self) -> &str {
        &self.text[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// Whether the text here is `keyword` followed by a space, the end of
    /// the file or one of `followers`.
    fn at_keyword(&self, keyword: &str, followers: &[char]) -> bool {
        self.rest().strip_prefix(keyword).is_some_and(|after| {
            after
                .chars()
                .next()
                .is_none_or(|c| c.is_whitespace() || followers.contains(&c))
        })
    }

    /// What is here, for a message: the next word in quotes, or "the end
    /// of the file".
    fn found(&self) -> String {
        let word: String = self
            .rest()
            .chars()
            .take_while(|c| !c.is_whitespace())
            .take(24)
            .collect();
        if word.is_empty() {
            match self.peek() {
                Some('\n' | '\r') => "the end of the line".to_owned(),
                Some(_) => "a space".to_owned(),
                None => "the end of the file".to_owned(),
            }
        } else {
            format!("{word:?}")
        }
    }

    fn skip_while(&mut self, accept: impl Fn(char) -> bool) -> &str {
        let start = self.pos;
        let len = self
            .rest()
            .find(|c| !accept(c))
            .unwrap_or(self.rest().len());
        self.pos += len;
        &self.text[start..self.pos]
    }

    /// Skips white space (line ends included) and comments.
    fn skip_trivia(&mut self) {
        loop {
            self.skip_while(char::is_whitespace);
            if !self.rest().starts_with("--") {
                return;
            }
            let start = self.pos;
            self.pos += 2;
            let comment = self.skip_while(|c| c != '\n');
            let comment = comment.strip_suffix('\r').unwrap_or(comment).to_owned();
            self.comments.push((start, comment));
        }
    }

    fn manifest(&mut self) -> Result<Parts, ParseError> {
        self.skip_trivia();
        let mut package = None;
        if self.at_keyword("package", &[]) {
            self.pos += "package".len();
            self.skip_while(char::is_whitespace);
            let start = self.pos;
            let path = self.skip_while(package_path::is_path_char).to_owned();
            if path.is_empty() {
                return Err((
                    self.pos,
                    format!(
                        "expected a package path after \"package\", found {}",
                        self.found()
                    ),
                ));
            }
            if self.peek().is_some_and(|c| !c.is_whitespace()) {
                return Err((
                    self.pos,
                    format!(
                        "unexpected {:?} in the package path",
                        self.peek().unwrap_or(' ')
                    ),
                ));
            }
            package_path::check(&path).map_err(|message| (start, message))?;
            package = Some((path, start..self.pos));
            self.skip_trivia();
        }
        let mut block = None;
        let mut requirements = Vec::new();
        if self.at_keyword("require", &['{']) {
            let keyword = self.pos;
            self.pos += "require".len();
            self.skip_while(char::is_whitespace);
            if self.peek() != Some('{') {
                return Err((
                    self.pos,
                    format!("expected '{{' after \"require\", found {}", self.found()),
                ));
            }
            let open = self.pos;
            self.pos += 1;
            let close = loop {
                self.skip_trivia();
                match self.peek() {
                    None => {
                        return Err((
                            open,
                            "this '{' of the require block is never closed with '}'".to_owned(),
                        ));
                    }
                    Some('}') => break self.pos,
                    Some(_) => requirements.push(self.requirement()?),
                }
            };
            self.pos += 1;
            block = Some(RequireBlock { keyword, close });
            self.skip_trivia();
        }
        if self.peek().is_some() {
            return Err((self.pos, self.trailing_text_message(&package, block)));
        }
        for (i, (requirement, range)) in requirements.iter().enumerate() {
            if let Some((_, first)) = requirements[..i]
                .iter()
                .find(|(earlier, _)| earlier.path == requirement.path)
            {
                let (line, _) = crate::diagnostics::line_column(self.text, first.start);
                return Err((
                    range.start,
                    format!(
                        "{} is required twice (also on line {line})",
                        requirement.path
                    ),
                ));
            }
        }
        Ok(Parts {
            package,
            block,
            requirements,
        })
    }

    fn trailing_text_message(
        &self,
        package: &Option<(String, Range<usize>)>,
        block: Option<RequireBlock>,
    ) -> String {
        let found = self.found();
        if self.at_keyword("package", &[]) {
            return if package.is_some() {
                "a second package line (a manifest defines one package)".to_owned()
            } else {
                "the package line must come before the require block".to_owned()
            };
        }
        if let Some(block) = block.filter(|_| self.at_keyword("require", &['{'])) {
            let (line, _) = crate::diagnostics::line_column(self.text, block.keyword);
            return format!("a second require block (the first is on line {line})");
        }
        let expected = match (package, block) {
            (None, None) => "\"package\", \"require\" or a comment",
            (Some(_), None) => "\"require\" or a comment",
            (_, Some(_)) => "a comment or the end of the file",
        };
        format!("unexpected {found}: expected {expected}")
    }

    /// `PKGPATH VERSION [#COMMIT]`, on one line.
    fn requirement(&mut self) -> Result<(Requirement, Range<usize>), ParseError> {
        let start = self.pos;
        let path = self.skip_while(package_path::is_path_char).to_owned();
        if path.is_empty() {
            return Err((
                self.pos,
                format!(
                    "unexpected {}: expected a requirement (PKGPATH X.Y.Z [#COMMIT]), a comment \
                     or '}}'",
                    self.found()
                ),
            ));
        }
        match self.peek() {
            Some(' ' | '\t') => {}
            Some(c) if !c.is_whitespace() && c != '}' => {
                return Err((self.pos, format!("unexpected {c:?} in the package path")));
            }
            _ => {
                return Err((
                    self.pos,
                    format!("expected a version after {path} (requirements are PKGPATH X.Y.Z)"),
                ));
            }
        }
        package_path::check(&path).map_err(|message| (start, message))?;
        self.skip_while(|c| c == ' ' || c == '\t');
        let version_start = self.pos;
        let version = self.skip_while(|c| !c.is_whitespace() && c != '#' && c != '}');
        if version.is_empty() {
            return Err((
                self.pos,
                format!(
                    "expected a version after {path}, found {} (requirements are PKGPATH X.Y.Z)",
                    self.found()
                ),
            ));
        }
        let version = Version::parse(version).map_err(|e| (version_start, e))?;
        let mut end = self.pos;
        self.skip_while(|c| c == ' ' || c == '\t');
        let mut hash = None;
        if self.peek() == Some('#') {
            self.pos += 1;
            let commit = self.skip_while(|c| c.is_ascii_alphanumeric()).to_owned();
            if commit.is_empty() {
                return Err((
                    self.pos,
                    format!("expected a commit hash after '#', found {}", self.found()),
                ));
            }
            hash = Some(commit);
            end = self.pos;
            if !(self.peek().is_none_or(|c| c.is_whitespace() || c == '}')
                || self.rest().starts_with("--"))
            {
                return Err((
                    self.pos,
                    format!(
                        "unexpected {} after the requirement of {path}",
                        self.found()
                    ),
                ));
            }
        }
        let requirement = Requirement {
            path,
            version,
            hash,
        };
        Ok((requirement, start..end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Manifest {
        Manifest::parse("futhark.pkg", text.to_owned()).unwrap_or_else(|e| panic!("{e}"))
    }

    fn error(text: &str) -> String {
        Manifest::parse("futhark.pkg", text.to_owned()).expect_err(text)
    }

    fn requirement(path: &str, version: &str, hash: Option<&str>) -> Requirement {
        Requirement {
            path: path.to_owned(),
            version: Version::parse(version).unwrap(),
            hash: hash.map(str::to_owned),
        }
    }

    const UPSTREAM_STYLE: &str = "package github.com/sturluson/testpkg\n\nrequire {\n  \
        github.com/athas/fut-foo 0.1.0 #d285563c25c5152b1ae80fc64de64ff2775fa733\n}\n";

    #[test]
    fn reads_package_requirements_and_comments() {
        let manifest = parse(
            "-- top\npackage github.com/diku-dk/containers/ -- the package\n\nrequire{\n\
             \t-- first\n\tgithub.com/a/b 1.2.3 #abc123 -- after\n  gitlab.com/c/d@2 2.0.0\n\
             github.com/e/f 0.0.0-20200101000000+deadbeef}\n-- end\n",
        );
        assert_eq!(manifest.package(), Some("github.com/diku-dk/containers/"));
        let found: Vec<String> = manifest.requirements().map(|r| r.to_string()).collect();
        assert_eq!(
            found,
            [
                "github.com/a/b 1.2.3 #abc123",
                "gitlab.com/c/d@2 2.0.0",
                "github.com/e/f 0.0.0-20200101000000+deadbeef"
            ]
        );
        assert_eq!(
            manifest.pretty(),
            "-- top\npackage github.com/diku-dk/containers/\n\n-- the package\nrequire {\n  \
             -- first\n  github.com/a/b 1.2.3 #abc123\n  -- after\n  gitlab.com/c/d@2 2.0.0\n  \
             github.com/e/f 0.0.0-20200101000000+deadbeef\n}\n-- end\n"
        );
        assert_eq!(parse("").pretty(), "require {\n}\n");
        assert_eq!(
            parse("-- only a comment").pretty(),
            "-- only a comment\nrequire {\n}\n"
        );
    }

    #[test]
    fn editing_an_upstream_manifest_gives_upstreams_text() {
        let manifest = parse(UPSTREAM_STYLE);
        let added = manifest.with_requirement(&requirement(
            "github.com/athas/fut-baz",
            "0.1.0",
            Some("44da85224224d37803976c1d30cedb1d2cd20b74"),
        ));
        assert_eq!(added, parse(&added).pretty());
        assert!(added.ends_with(
            "#d285563c25c5152b1ae80fc64de64ff2775fa733\n  github.com/athas/fut-baz 0.1.0 \
             #44da85224224d37803976c1d30cedb1d2cd20b74\n}\n"
        ));
        let removed = parse(&added)
            .without_requirement("github.com/athas/fut-foo")
            .unwrap();
        assert_eq!(
            removed,
            "package github.com/sturluson/testpkg\n\nrequire {\n  github.com/athas/fut-baz \
             0.1.0 #44da85224224d37803976c1d30cedb1d2cd20b74\n}\n"
        );
        assert_eq!(
            Manifest::empty().with_requirement(&requirement("github.com/a/b", "1.0.0", None)),
            "require {\n  github.com/a/b 1.0.0\n}\n"
        );
        assert_eq!(
            Manifest::new_package_text("github.com/sturluson/testpkg"),
            parse(&Manifest::new_package_text("github.com/sturluson/testpkg")).pretty()
        );
    }

    #[test]
    fn edits_keep_comments_and_layout() {
        let text = "-- my deps\nrequire {\n    github.com/a/b 1.0.0 -- keep me\n\n    \
                    -- pinned:\n    github.com/c/d 0.2.0 #abc\n}  -- trailing\n";
        let manifest = parse(text);
        let replaced =
            manifest.with_requirement(&requirement("github.com/a/b", "1.1.0", Some("f00")));
        assert_eq!(
            replaced,
            text.replace("github.com/a/b 1.0.0", "github.com/a/b 1.1.0 #f00")
        );
        let added = manifest.with_requirement(&requirement("github.com/e/f", "0.1.0", None));
        assert_eq!(
            added,
            text.replace("#abc\n}", "#abc\n    github.com/e/f 0.1.0\n}")
        );
        let removed = manifest.without_requirement("github.com/c/d").unwrap();
        assert_eq!(removed, text.replace("    github.com/c/d 0.2.0 #abc\n", ""));
        let removed = manifest.without_requirement("github.com/a/b").unwrap();
        assert_eq!(removed, text.replace("github.com/a/b 1.0.0 ", ""));
        assert_eq!(manifest.without_requirement("github.com/x/y"), None);
        let upgraded = manifest.with_requirements_updated(&[
            requirement("github.com/c/d", "0.3.0", Some("def")),
            requirement("github.com/a/b", "1.0.0", Some("123")),
        ]);
        assert_eq!(
            upgraded,
            text.replace("b 1.0.0", "b 1.0.0 #123")
                .replace("0.2.0 #abc", "0.3.0 #def")
        );
    }

    #[test]
    fn edits_one_line_blocks_and_blockless_manifests() {
        let manifest = parse("require { github.com/a/b 1.0.0 github.com/c/d 1.0.0 }");
        assert_eq!(
            manifest.without_requirement("github.com/a/b").unwrap(),
            "require { github.com/c/d 1.0.0 }"
        );
        let added = manifest.with_requirement(&requirement("github.com/e/f", "0.1.0", None));
        assert_eq!(
            added,
            "require { github.com/a/b 1.0.0 github.com/c/d 1.0.0 \n  github.com/e/f 0.1.0\n}"
        );
        assert_eq!(parse(&added).requirements().count(), 3);
        let added = parse("package github.com/x/y").with_requirement(&requirement(
            "github.com/a/b",
            "1.0.0",
            None,
        ));
        assert_eq!(
            added,
            "package github.com/x/y\n\nrequire {\n  github.com/a/b 1.0.0\n}\n"
        );
    }

    #[test]
    fn every_prefix_and_deletion_parses_or_gets_an_error_without_panicking() {
        let text = "-- é\npackage github.com/x/y\nrequire {\n  github.com/a/b 1.0.0-2+c #d -- ü\n  \
                    gitlab.com/e@2 2.0.0}\n-- end";
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        let mut variants: Vec<String> = chars.iter().map(|&(i, _)| text[..i].to_owned()).collect();
        for &(i, c) in &chars {
            variants.push(format!("{}{}", &text[..i], &text[i + c.len_utf8()..]));
        }
        for variant in variants {
            match Manifest::parse("futhark.pkg", variant.clone()) {
                Ok(manifest) => {
                    let reparsed = parse(&manifest.pretty());
                    assert!(
                        manifest.requirements().eq(reparsed.requirements()),
                        "{variant:?}"
                    );
                }
                Err(message) => assert!(message.starts_with("futhark.pkg:"), "{message}"),
            }
        }
    }

    #[test]
    fn malformed_manifests_get_located_errors() {
        for (text, expected) in [
            (
                "packag github.com/x",
                "futhark.pkg:1:1: unexpected \"packag\": expected \"package\", \"require\" or a comment",
            ),
            (
                "package\n",
                "futhark.pkg:2:1: expected a package path after \"package\", found the end of the file",
            ),
            (
                "package a/../b",
                "futhark.pkg:1:9: \"a/../b\" is not a valid package path",
            ),
            (
                "require {\n  github.com/a/b\n}",
                "futhark.pkg:2:17: expected a version after github.com/a/b",
            ),
            (
                "require {\n  github.com/a/b 1.0\n}",
                "futhark.pkg:2:18: expected '.' at character 4 of version \"1.0\"",
            ),
            (
                "require {\n  github.com/a/b 1.0.0 #\n}",
                "futhark.pkg:2:25: expected a commit hash after '#'",
            ),
            (
                "require {\n  github.com/a/b 1.0.0 #ab!\n}",
                "futhark.pkg:2:27: unexpected \"!\" after the requirement",
            ),
            (
                "require {\n  github.com/a/b 1.0.0\n",
                "futhark.pkg:1:9: this '{' of the require block is never closed",
            ),
            (
                "require\n  github.com/a/b 1.0.0\n}",
                "futhark.pkg:2:3: expected '{' after \"require\"",
            ),
            (
                "require {\n  a/b 1.0.0\n  a/b 1.1.0\n}",
                "futhark.pkg:3:3: a/b is required twice (also on line 2)",
            ),
            (
                "require {\n}\npackage x/y\n",
                "futhark.pkg:3:1: the package line must come before the require block",
            ),
            (
                "require {\n}\nrequire {\n}\n",
                "futhark.pkg:3:1: a second require block (the first is on line 1)",
            ),
            (
                "package x/y\npackage x/z\n",
                "futhark.pkg:2:1: a second package line",
            ),
            (
                "package x/y\nrequire {\n} x",
                "futhark.pkg:3:3: unexpected \"x\": expected a comment or the end of the file",
            ),
            (
                "require {\n  !x 1.0.0\n}",
                "futhark.pkg:2:3: unexpected \"!x\": expected a requirement",
            ),
        ] {
            let message = error(text);
            assert!(
                message.starts_with(expected),
                "{text:?}:\n{message}\n{expected}"
            );
        }
    }
}
