//! Package paths (`github.com/user/repo`, `gitlab.com/user/repo@2`): the
//! repository they are fetched from and the major versions they stand for.

/// Whether `c` may appear in a package path (upstream's set).
pub fn is_path_char(c: char) -> bool {
    c.is_alphanumeric() || "@-/.:_~".contains(c)
}

/// Checks that `path` is a package path that names a place under `lib/`:
/// upstream's characters, and no empty, `.` or `..` components (which
/// would put files outside the package's directory). A trailing `/` is
/// allowed, as upstream writes some package lines with one.
pub fn check(path: &str) -> Result<(), String> {
    if path.is_empty() {
        return Err("a package path cannot be empty".to_owned());
    }
    if let Some(c) = path.chars().find(|&c| !is_path_char(c)) {
        return Err(format!(
            "{path:?} is not a valid package path: {c:?} is not allowed (package paths are like \
             github.com/user/repo)"
        ));
    }
    let components: Vec<&str> = path.strip_suffix('/').unwrap_or(path).split('/').collect();
    if components
        .iter()
        .any(|c| c.is_empty() || *c == "." || *c == "..")
    {
        return Err(format!(
            "{path:?} is not a valid package path: it has an empty, '.' or '..' component \
             (package paths are like github.com/user/repo)"
        ));
    }
    Ok(())
}

/// The path's `/`-separated components, without empty ones (so
/// `github.com/x/y/` and `github.com/x/y` name the same directory).
pub fn components(path: &str) -> impl Iterator<Item = &str> {
    path.split('/').filter(|c| !c.is_empty())
}

/// The git repository of a package, and the major versions its tags may
/// have: `HOST/PATH@N` is version N of `https://HOST/PATH`; without `@N`
/// the package stands for major versions 0 and 1 (Semantic Import
/// Versioning, as upstream).
pub fn repository(path: &str) -> (String, MajorVersions) {
    if let Some((base, major)) = path.rsplit_once('@')
        && !major.is_empty()
        && major.bytes().all(|b| b.is_ascii_digit())
        && let Ok(major) = major.parse()
    {
        return (format!("https://{base}"), MajorVersions::Only(major));
    }
    (format!("https://{path}"), MajorVersions::ZeroAndOne)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MajorVersions {
    ZeroAndOne,
    Only(u64),
}

impl MajorVersions {
    pub fn contains(self, major: u64) -> bool {
        match self {
            MajorVersions::ZeroAndOne => major <= 1,
            MajorVersions::Only(only) => major == only,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repository_and_major_versions() {
        assert_eq!(
            repository("github.com/athas/fut-foo"),
            (
                "https://github.com/athas/fut-foo".to_owned(),
                MajorVersions::ZeroAndOne
            )
        );
        assert_eq!(
            repository("gitlab.com/athas/fut-foo@2"),
            (
                "https://gitlab.com/athas/fut-foo".to_owned(),
                MajorVersions::Only(2)
            )
        );
        assert_eq!(repository("example.org/a@b").1, MajorVersions::ZeroAndOne);
        assert!(MajorVersions::ZeroAndOne.contains(1));
        assert!(!MajorVersions::ZeroAndOne.contains(2));
        assert!(MajorVersions::Only(3).contains(3));
    }

    #[test]
    fn rejects_paths_that_leave_lib() {
        assert!(check("github.com/diku-dk/containers/").is_ok());
        for bad in ["", "../x", "github.com//x", "a/./b", "/abs", "a b", "a\\b"] {
            assert!(check(bad).is_err(), "{bad:?}");
        }
    }
}
