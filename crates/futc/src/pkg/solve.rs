//! Minimal version selection, as upstream: each package gets the oldest
//! version that satisfies every minimum version required of it by the
//! root manifest and by the manifests of the versions selected so far.
//! A requirement of a version that a newer one later replaced still
//! counts (as in upstream and Go), and packages that only such versions
//! needed are left out of the result.

use super::version::Version;
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// Minimum versions by package path, each with the commit it must be if
/// the manifest pins one.
pub type Requirements = BTreeMap<String, (Version, Option<String>)>;

/// Where the solver learns what a package version requires.
pub trait Dependencies {
    /// The requirements in the manifest of `path` at `version`; an error
    /// if there is no such version, or if it is not commit `hash`.
    fn dependencies(
        &mut self,
        path: &str,
        version: &Version,
        hash: Option<&str>,
    ) -> Result<Requirements, String>;
}

/// The version selected for each package reachable from `roots`.
pub fn solve(
    source: &mut impl Dependencies,
    roots: &Requirements,
) -> Result<BTreeMap<String, Version>, String> {
    let mut selected = BTreeMap::new();
    for (path, (version, hash)) in roots {
        select(source, &mut selected, path, version, hash.as_deref())?;
    }
    let mut build_list = BTreeMap::new();
    let mut pending: Vec<&String> = roots.keys().collect();
    while let Some(path) = pending.pop() {
        if build_list.contains_key(path) {
            continue;
        }
        if let Some((version, dependencies)) = selected.get(path) {
            build_list.insert(path.clone(), Version::clone(version));
            pending.extend(dependencies);
        }
    }
    Ok(build_list)
}

/// A package's selected version and the packages that version requires.
type Selected = BTreeMap<String, (Version, Vec<String>)>;

fn select(
    source: &mut impl Dependencies,
    selected: &mut Selected,
    path: &str,
    version: &Version,
    hash: Option<&str>,
) -> Result<(), String> {
    if let Some((current, _)) = selected.get(path)
        && version.cmp_precedence(current) != Ordering::Greater
    {
        return Ok(());
    }
    let dependencies = source.dependencies(path, version, hash)?;
    selected.insert(
        path.to_owned(),
        (version.clone(), dependencies.keys().cloned().collect()),
    );
    for (dependency, (minimum, hash)) in &dependencies {
        select(source, selected, dependency, minimum, hash.as_deref())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Package versions and their requirements, known in advance.
    struct Known(BTreeMap<(String, Version), Requirements>, Vec<String>);

    impl Dependencies for Known {
        fn dependencies(
            &mut self,
            path: &str,
            version: &Version,
            _: Option<&str>,
        ) -> Result<Requirements, String> {
            self.1.push(format!("{path} {version}"));
            self.0
                .get(&(path.to_owned(), version.clone()))
                .cloned()
                .ok_or_else(|| format!("unknown {path} {version}"))
        }
    }

    fn requirements(list: &[(&str, &str)]) -> Requirements {
        list.iter()
            .map(|(p, v)| (p.to_string(), (Version::parse(v).unwrap(), None)))
            .collect()
    }

    /// A package version and what it requires.
    type Release<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)]);

    fn known(list: &[Release]) -> Known {
        Known(
            list.iter()
                .map(|(p, v, deps)| {
                    (
                        (p.to_string(), Version::parse(v).unwrap()),
                        requirements(deps),
                    )
                })
                .collect(),
            Vec::new(),
        )
    }

    fn shown(list: &BTreeMap<String, Version>) -> Vec<String> {
        list.iter().map(|(p, v)| format!("{p} {v}")).collect()
    }

    #[test]
    fn selects_the_largest_minimum_and_prunes_what_only_replaced_versions_needed() {
        let mut source = known(&[
            ("a", "1.0.0", &[("c", "1.0.0"), ("old", "0.1.0")]),
            ("a", "1.1.0", &[("c", "1.2.0")]),
            ("b", "0.3.0", &[("a", "1.1.0")]),
            ("c", "1.0.0", &[]),
            ("c", "1.2.0", &[]),
            ("old", "0.1.0", &[]),
        ]);
        let roots = requirements(&[("a", "1.0.0"), ("b", "0.3.0")]);
        let list = solve(&mut source, &roots).unwrap();
        assert_eq!(shown(&list), ["a 1.1.0", "b 0.3.0", "c 1.2.0"]);
        assert_eq!(
            source.1,
            [
                "a 1.0.0",
                "c 1.0.0",
                "old 0.1.0",
                "b 0.3.0",
                "a 1.1.0",
                "c 1.2.0"
            ]
        );
    }

    #[test]
    fn cycles_end_and_newer_roots_win() {
        let mut source = known(&[
            ("a", "0.1.0", &[("b", "0.1.0")]),
            ("b", "0.1.0", &[("a", "0.1.0")]),
            ("b", "0.2.0", &[("a", "0.1.0")]),
        ]);
        let roots = requirements(&[("a", "0.1.0"), ("b", "0.2.0")]);
        let list = solve(&mut source, &roots).unwrap();
        assert_eq!(shown(&list), ["a 0.1.0", "b 0.2.0"]);
    }

    #[test]
    fn an_unknown_version_is_an_error() {
        let mut source = known(&[("a", "1.0.0", &[("b", "2.0.0")])]);
        let error = solve(&mut source, &requirements(&[("a", "1.0.0")])).unwrap_err();
        assert_eq!(error, "unknown b 2.0.0");
    }
}
