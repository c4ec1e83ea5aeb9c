//! What the package repositories hold: the released versions of each
//! package (its `vX.Y.Z` tags), the commit of a version, and the manifest
//! and files at that commit. Each repository is cloned (bare) once per
//! command, into a temporary directory removed afterwards, as upstream
//! does; nothing is cached between commands.

use super::git::{Git, PackageFile, TempDir, timestamp};
use super::manifest::{MANIFEST_FILE, Manifest};
use super::package_path::{self, MajorVersions};
use super::solve::{Dependencies, Requirements};
use super::version::Version;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

pub struct Registry {
    git: Git,
    cache: TempDir,
    /// Clones by repository URL (`x` and `x@2` share one).
    clones: HashMap<String, PathBuf>,
    packages: HashMap<String, Package>,
    /// Manifests by repository clone and commit.
    manifests: HashMap<(PathBuf, String), Manifest>,
}

struct Package {
    repo: PathBuf,
    /// Released versions (those of the path's major versions) and their
    /// commits.
    versions: BTreeMap<Version, String>,
}

impl Registry {
    pub fn new(git: Git) -> Result<Registry, String> {
        Ok(Registry {
            git,
            cache: TempDir::new("futc-pkg")?,
            clones: HashMap::new(),
            packages: HashMap::new(),
            manifests: HashMap::new(),
        })
    }

    fn package(&mut self, path: &str) -> Result<&Package, String> {
        if !self.packages.contains_key(path) {
            let package = self.fetch(path)?;
            self.packages.insert(path.to_owned(), package);
        }
        Ok(&self.packages[path])
    }

    fn fetch(&mut self, path: &str) -> Result<Package, String> {
        package_path::check(path)?;
        let (url, majors) = package_path::repository(path);
        let repo = match self.clones.get(&url) {
            Some(repo) => repo.clone(),
            None => {
                let repo = self.cache.path().join(self.clones.len().to_string());
                self.git.clone_bare(&url, &repo).map_err(|error| {
                    format!(
                        "cannot fetch package {path} from {url}: {error}\n(futc pkg clones \
                         https://PKGPATH with git: check the package path, and that the \
                         repository can be reached)"
                    )
                })?;
                self.clones.insert(url, repo.clone());
                repo
            }
        };
        let versions = self
            .git
            .tags(&repo)?
            .into_iter()
            .filter_map(|(tag, commit)| {
                let version = Version::parse(tag.strip_prefix('v')?).ok()?;
                majors.contains(version.major).then_some((version, commit))
            })
            .collect();
        Ok(Package { repo, versions })
    }

    /// The released versions of a package, oldest first.
    pub fn versions(&mut self, path: &str) -> Result<Vec<Version>, String> {
        Ok(self.package(path)?.versions.keys().cloned().collect())
    }

    /// The newest released version of a package, or, if it has none, the
    /// commit version of its repository's HEAD.
    pub fn newest(&mut self, path: &str) -> Result<Version, String> {
        let verbose = self.git.verbose;
        let package = self.package(path)?;
        if let Some(newest) = package.versions.keys().next_back() {
            return Ok(newest.clone());
        }
        if verbose {
            eprintln!("Package {path} has no released versions. Using HEAD.");
        }
        let repo = package.repo.clone();
        let commit = self
            .git
            .resolve_commit(&repo, "HEAD")
            .ok_or_else(|| format!("package {path} has no releases and no commits"))?;
        let time = self.git.commit_time(&repo, &commit)?;
        Ok(Version::commit(&timestamp(time), &commit))
    }

    /// The commit of a version of a package.
    pub fn commit(&mut self, path: &str, version: &Version) -> Result<String, String> {
        let git = self.git;
        let package = self.package(path)?;
        if let Some(pinned) = version.pinned_commit() {
            return git.resolve_commit(&package.repo, pinned).ok_or_else(|| {
                format!("package {path} has no commit {pinned} (required as version {version})")
            });
        }
        if let Some(commit) = package.versions.get(version) {
            return Ok(commit.clone());
        }
        let mut message = format!("package {path} does not have a version {version}.\n");
        if package.versions.is_empty() {
            message.push_str(&format!(
                "Package {path} has no versions (no tags vX.Y.Z). Invalid package path?"
            ));
        } else {
            let known: Vec<String> = package.versions.keys().map(Version::to_string).collect();
            message.push_str(&format!("Known versions: {}", known.join(", ")));
        }
        let (_, majors) = package_path::repository(path);
        if !majors.contains(version.major) {
            let base = match majors {
                MajorVersions::Only(_) => path.rsplit_once('@').map_or(path, |(base, _)| base),
                MajorVersions::ZeroAndOne => path,
            };
            message.push_str(&format!(
                "\nFor major version {}, use package path {base}@{}",
                version.major, version.major
            ));
        }
        Err(message)
    }

    /// The manifest of a version of a package.
    pub fn manifest(&mut self, path: &str, version: &Version) -> Result<&Manifest, String> {
        let commit = self.commit(path, version)?;
        let repo = self.package(path)?.repo.clone();
        let key = (repo, commit);
        if !self.manifests.contains_key(&key) {
            let (repo, commit) = &key;
            let bytes = self
                .git
                .file_at(repo, commit, MANIFEST_FILE)?
                .ok_or_else(|| format!("{path} {version} has no {MANIFEST_FILE}"))?;
            let text = String::from_utf8(bytes)
                .map_err(|_| format!("{path} {version}: {MANIFEST_FILE} is not valid UTF-8"))?;
            let manifest = Manifest::parse(MANIFEST_FILE, text)
                .map_err(|error| format!("in {path} {version}: {error}"))?;
            self.manifests.insert(key.clone(), manifest);
        }
        Ok(&self.manifests[&key])
    }

    /// The files of a version of a package: those under `lib/P/` in its
    /// repository, where P is the package path its own manifest declares
    /// (which may differ from `path` if the package moved).
    pub fn files(&mut self, path: &str, version: &Version) -> Result<Vec<PackageFile>, String> {
        let declared = self.manifest(path, version)?.package().map(str::to_owned);
        let declared = declared.ok_or_else(|| {
            format!("{MANIFEST_FILE} of {path} {version} does not define a package path")
        })?;
        let dir: Vec<&str> = std::iter::once("lib")
            .chain(package_path::components(&declared))
            .collect();
        let dir = dir.join("/");
        let commit = self.commit(path, version)?;
        let repo = self.package(path)?.repo.clone();
        let files = self.git.files_under(&repo, &commit, &dir)?;
        if files.is_empty() {
            return Err(format!(
                "{path} {version} does not contain a directory {dir}/ (where its \
                 {MANIFEST_FILE} says its files are)"
            ));
        }
        Ok(files)
    }
}

impl Dependencies for Registry {
    fn dependencies(
        &mut self,
        path: &str,
        version: &Version,
        hash: Option<&str>,
    ) -> Result<Requirements, String> {
        if let Some(expected) = hash {
            let commit = self.commit(path, version)?;
            if commit != expected {
                return Err(format!(
                    "package {path} {version} has commit hash {commit}, but the manifest \
                     expects #{expected} (was the version's tag moved?)"
                ));
            }
        }
        Ok(requirements(self.manifest(path, version)?))
    }
}

/// A manifest's requirements, for the solver.
pub fn requirements(manifest: &Manifest) -> Requirements {
    manifest
        .requirements()
        .map(|r| (r.path.clone(), (r.version.clone(), r.hash.clone())))
        .collect()
}
