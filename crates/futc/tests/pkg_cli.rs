//! `futc pkg` against packages served from bare git repositories that each
//! test makes, reached through git's own URL rewriting
//! (`url.<repo>.insteadOf=https://github.com/...` in `GIT_CONFIG_*`
//! variables), so that no test touches the network.

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use support::{stderr, temp_dir, write};

/// Git repositories serving packages, and the URL rewrites that point
/// package paths at them.
struct Forge {
    root: PathBuf,
    /// `(local repository, URL it stands for)`.
    rewrites: Vec<(String, String)>,
    /// Commits so far; each commit is dated a day after the previous one.
    commits: u32,
}

struct Repo {
    work: PathBuf,
    bare: PathBuf,
}

impl Forge {
    fn new(test: &str) -> Forge {
        let root = temp_dir(&format!("pkg-{test}"));
        // Every other https URL goes to a directory that does not exist, so
        // that a package the test does not serve fails here rather than on
        // the network.
        let nowhere = root.join("nowhere").display().to_string() + "/";
        Forge {
            root,
            rewrites: vec![(nowhere, "https://".to_owned())],
            commits: 0,
        }
    }

    /// A new, empty project directory.
    fn project(&self, name: &str) -> PathBuf {
        let dir = self.root.join("projects").join(name);
        std::fs::create_dir_all(&dir).expect("project directory");
        dir
    }

    /// A repository served as `https://URL`.
    fn repo(&mut self, url: &str) -> Repo {
        let name = url.replace(['/', '.'], "_");
        let work = self.root.join("work").join(&name);
        let bare = self.root.join("served").join(format!("{name}.git"));
        std::fs::create_dir_all(&work).expect("work directory");
        std::fs::create_dir_all(&bare).expect("bare directory");
        git(&work, &["init", "-q", "-b", "main"], &[]);
        git(&bare, &["init", "-q", "--bare", "-b", "main"], &[]);
        self.rewrites
            .push((bare.display().to_string(), format!("https://{url}")));
        Repo { work, bare }
    }

    /// Commits exactly `files` (replacing what the previous commit had)
    /// and publishes it; returns the commit id.
    fn commit(&mut self, repo: &Repo, files: &[(&str, &str)]) -> String {
        self.commit_with_links(repo, files, &[])
    }

    /// `commit`, with symbolic links `(path, target)` too.
    fn commit_with_links(
        &mut self,
        repo: &Repo,
        files: &[(&str, &str)],
        links: &[(&str, &str)],
    ) -> String {
        git(&repo.work, &["rm", "-rqf", "--ignore-unmatch", "."], &[]);
        for (path, contents) in files {
            write(&repo.work, path, contents.as_bytes());
        }
        for (path, target) in links {
            symlink(target, repo.work.join(path));
        }
        git(&repo.work, &["add", "-A"], &[]);
        self.commits += 1;
        let date = format!("2020-01-{:02}T12:00:00Z", self.commits);
        let env = [
            ("GIT_AUTHOR_DATE", date.as_str()),
            ("GIT_COMMITTER_DATE", date.as_str()),
        ];
        git(
            &repo.work,
            &["commit", "-q", "--allow-empty", "-m", "release"],
            &env,
        );
        let bare = repo.bare.display().to_string();
        git(&repo.work, &["push", "-q", "-f", &bare, "main"], &[]);
        git(&repo.work, &["rev-parse", "HEAD"], &[])
            .trim()
            .to_owned()
    }

    /// The commit version that `commit` (the `n`-th commit) gets.
    fn commit_version(n: u32, commit: &str) -> String {
        format!("0.0.0-202001{n:02}120000+{commit}")
    }

    /// Tags `commit` as `tag` (annotated or not) and publishes the tag,
    /// moving it if it existed.
    fn tag(&self, repo: &Repo, tag: &str, commit: &str, annotated: bool) {
        let mut args = vec!["tag", "-f"];
        if annotated {
            args.extend(["-a", "-m", "release"]);
        }
        args.extend([tag, commit]);
        git(&repo.work, &args, &[]);
        let bare = repo.bare.display().to_string();
        let refspec = format!("refs/tags/{tag}");
        git(&repo.work, &["push", "-q", "-f", &bare, &refspec], &[]);
    }

    /// The commit that `tag` of the repository served as `https://URL`
    /// names.
    fn tagged(&self, url: &str, tag: &str) -> String {
        let served = self
            .root
            .join("served")
            .join(format!("{}.git", url.replace(['/', '.'], "_")));
        let spec = format!("{tag}^{{commit}}");
        git(&served, &["rev-parse", &spec], &[]).trim().to_owned()
    }

    /// Commits a release of package `declared` (files under
    /// `lib/<declared>/`, a manifest requiring `requires`, and a README
    /// outside `lib/`) and tags it `v<version>`; returns the commit.
    fn release(
        &mut self,
        repo: &Repo,
        declared: &str,
        version: &str,
        requires: &[&str],
        files: &[(&str, &str)],
    ) -> String {
        let manifest = manifest(Some(declared), requires);
        let mut all = vec![
            ("futhark.pkg".to_owned(), manifest),
            ("README.md".to_owned(), format!("{declared} {version}\n")),
        ];
        for (name, contents) in files {
            all.push((format!("lib/{declared}/{name}"), (*contents).to_owned()));
        }
        let all: Vec<(&str, &str)> = all.iter().map(|(p, c)| (p.as_str(), c.as_str())).collect();
        let commit = self.commit(repo, &all);
        self.tag(repo, &format!("v{version}"), &commit, false);
        commit
    }

    /// Runs `futc ARGS` in `dir` with the URL rewrites.
    fn futc(&self, dir: &Path, args: &[&str]) -> Output {
        let mut command = Command::new(env!("CARGO_BIN_EXE_futc"));
        command.args(args).current_dir(dir);
        hermetic(&mut command);
        command.env("GIT_CONFIG_COUNT", self.rewrites.len().to_string());
        for (i, (local, url)) in self.rewrites.iter().enumerate() {
            command
                .env(
                    format!("GIT_CONFIG_KEY_{i}"),
                    format!("url.{local}.insteadOf"),
                )
                .env(format!("GIT_CONFIG_VALUE_{i}"), url);
        }
        command.output().expect("futc runs")
    }

    /// Runs `futc ARGS` in `dir` and returns its standard output, failing
    /// the test if it fails.
    fn futc_ok(&self, dir: &Path, args: &[&str]) -> String {
        let output = self.futc(dir, args);
        assert!(
            output.status.success(),
            "futc {args:?} failed:\n{}",
            stderr(&output)
        );
        String::from_utf8(output.stdout).expect("UTF-8 output")
    }

    /// Runs `futc ARGS` in `dir`, which must fail with exit code 1, and
    /// returns its standard error.
    fn futc_fails(&self, dir: &Path, args: &[&str]) -> String {
        let output = self.futc(dir, args);
        assert_eq!(
            output.status.code(),
            Some(1),
            "futc {args:?}:\n{}",
            String::from_utf8_lossy(&output.stdout)
        );
        stderr(&output)
    }
}

#[cfg(unix)]
fn symlink(target: &str, link: PathBuf) {
    std::os::unix::fs::symlink(target, &link).unwrap_or_else(|e| panic!("{}: {e}", link.display()));
}

#[cfg(not(unix))]
fn symlink(_: &str, _: PathBuf) {
    panic!("symbolic links are tested on Unix only");
}

/// Keeps the user's and the system's git configuration out of the tests.
fn hermetic(command: &mut Command) {
    command
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_AUTHOR_NAME", "Test")
        .env("GIT_AUTHOR_EMAIL", "test@example.com")
        .env("GIT_COMMITTER_NAME", "Test")
        .env("GIT_COMMITTER_EMAIL", "test@example.com");
}

fn git(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> String {
    let mut command = Command::new("git");
    command.args(args).current_dir(dir);
    hermetic(&mut command);
    command.envs(env.iter().copied());
    let output = command.output().expect("git runs");
    assert!(
        output.status.success(),
        "git {args:?} failed:\n{}",
        stderr(&output)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

fn manifest(package: Option<&str>, requires: &[&str]) -> String {
    let package = package.map_or(String::new(), |p| format!("package {p}\n\n"));
    let requires: String = requires.iter().map(|r| format!("  {r}\n")).collect();
    format!("{package}require {{\n{requires}}}\n")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every file under `dir` as `path: contents`, sorted.
fn tree(dir: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("readable directory") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let relative = path.strip_prefix(root).expect("under root");
                out.push(format!(
                    "{}: {}",
                    relative.display(),
                    read(&path).trim_end()
                ));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

#[test]
fn init_writes_a_manifest_and_the_package_directory() {
    let forge = Forge::new("init");
    let project = forge.project("edda");
    let out = forge.futc_ok(&project, &["pkg", "init", "github.com/sturluson/edda"]);
    assert_eq!(
        out,
        "Created directory lib/github.com/sturluson/edda.\nWrote futhark.pkg.\n"
    );
    assert_eq!(
        read(&project.join("futhark.pkg")),
        "package github.com/sturluson/edda\n\nrequire {\n}\n"
    );
    assert!(project.join("lib/github.com/sturluson/edda").is_dir());
    let error = forge.futc_fails(&project, &["pkg", "init", "github.com/sturluson/edda"]);
    assert!(error.contains("futhark.pkg already exists"), "{error}");

    let other = forge.project("bad");
    let error = forge.futc_fails(&other, &["pkg", "init", "github.com/../edda"]);
    assert!(error.contains("is not a valid package path"), "{error}");
    assert!(!other.join("futhark.pkg").exists());
}

#[test]
fn add_requires_the_newest_or_the_given_version_keeping_comments() {
    let mut forge = Forge::new("add");
    let alpha = forge.repo("github.com/t/alpha");
    let files = [("alpha.fut", "def alpha = 1")];
    let mut commits = std::collections::HashMap::new();
    for version in ["0.1.0", "0.9.0", "0.10.0", "2.0.0"] {
        let commit = forge.release(&alpha, "github.com/t/alpha", version, &[], &files);
        commits.insert(version, commit);
    }
    // The newest 0.x/1.x release is an annotated tag; tags that are not
    // versions are ignored.
    let newest = forge.commit(&alpha, &[("futhark.pkg", "package github.com/t/alpha\n")]);
    forge.tag(&alpha, "v1.2.0", &newest, true);
    forge.tag(&alpha, "v1.3.0-rc1", &newest, false);
    forge.tag(&alpha, "latest", &newest, false);

    let project = forge.project("app");
    let original = "-- The dependencies of app.\nrequire {\n  -- none yet\n}\n-- end\n";
    write(&project, "futhark.pkg", original.as_bytes());
    let out = forge.futc_ok(&project, &["pkg", "add", "github.com/t/alpha"]);
    assert_eq!(
        out,
        "Added new required package github.com/t/alpha 1.2.0.\nRemember to run 'futc pkg sync'.\n"
    );
    assert_eq!(
        read(&project.join("futhark.pkg")),
        original.replace(
            "  -- none yet\n",
            &format!("  -- none yet\n  github.com/t/alpha 1.2.0 #{newest}\n")
        )
    );

    let out = forge.futc_ok(&project, &["pkg", "add", "github.com/t/alpha@2"]);
    assert!(
        out.contains("Added new required package github.com/t/alpha@2 2.0.0."),
        "{out}"
    );
    let out = forge.futc_ok(&project, &["pkg", "add", "github.com/t/alpha", "0.9.0"]);
    assert!(
        out.starts_with("Replaced github.com/t/alpha 1.2.0 => 0.9.0.\n"),
        "{out}"
    );
    let out = forge.futc_ok(&project, &["pkg", "add", "github.com/t/alpha", "0.9.0"]);
    assert!(
        out.starts_with("Package already at version 0.9.0; nothing to do.\n"),
        "{out}"
    );
    assert_eq!(
        read(&project.join("futhark.pkg")),
        format!(
            "-- The dependencies of app.\nrequire {{\n  -- none yet\n  github.com/t/alpha 0.9.0 \
             #{}\n  github.com/t/alpha@2 2.0.0 #{}\n}}\n-- end\n",
            commits["0.9.0"], commits["2.0.0"]
        )
    );

    let out = forge.futc_ok(&project, &["pkg", "versions", "github.com/t/alpha"]);
    assert_eq!(out, "0.1.0\n0.9.0\n0.10.0\n1.2.0\n");
}

#[test]
fn commit_versions_pin_commits() {
    let mut forge = Forge::new("pins");
    let beta = forge.repo("github.com/t/beta");
    let manifest = manifest(Some("github.com/t/beta"), &[]);
    let first = forge.commit(
        &beta,
        &[
            ("futhark.pkg", &manifest),
            ("lib/github.com/t/beta/beta.fut", "first"),
        ],
    );
    let second = forge.commit(
        &beta,
        &[
            ("futhark.pkg", &manifest),
            ("lib/github.com/t/beta/beta.fut", "second"),
        ],
    );

    // Without releases, `add` takes the newest commit, dated by its commit
    // time, and records no hash (the version names the commit).
    let project = forge.project("app");
    forge.futc_ok(&project, &["pkg", "add", "github.com/t/beta"]);
    let newest = Forge::commit_version(2, &second);
    assert_eq!(
        read(&project.join("futhark.pkg")),
        format!("require {{\n  github.com/t/beta {newest}\n}}\n")
    );
    forge.futc_ok(&project, &["pkg", "sync"]);
    assert_eq!(
        tree(&project.join("lib")),
        ["github.com/t/beta/beta.fut: second"]
    );

    // A pin's timestamp is not checked, only its commit (here abbreviated).
    let pin = format!("0.0.0-20000101000000+{}", &first[..12]);
    let out = forge.futc_ok(&project, &["pkg", "add", "github.com/t/beta", &pin]);
    assert!(
        out.starts_with(&format!("Replaced github.com/t/beta {newest} => {pin}.")),
        "{out}"
    );
    forge.futc_ok(&project, &["pkg", "sync"]);
    assert_eq!(
        tree(&project.join("lib")),
        ["github.com/t/beta/beta.fut: first"]
    );

    let error = forge.futc_fails(
        &project,
        &[
            "pkg",
            "add",
            "github.com/t/beta",
            "0.0.0-20000101000000+0123456789ab",
        ],
    );
    assert!(
        error.contains("package github.com/t/beta has no commit 0123456789ab"),
        "{error}"
    );
}

#[test]
fn remove_deletes_only_the_requirement() {
    let forge = Forge::new("remove");
    let project = forge.project("app");
    let text = "package github.com/t/app\n\n-- deps\nrequire {\n  github.com/t/a 1.0.0 #abc\n\n  \
                -- b is pinned\n  github.com/t/b 0.2.0\n}\n";
    write(&project, "futhark.pkg", text.as_bytes());
    let out = forge.futc_ok(&project, &["pkg", "remove", "github.com/t/a"]);
    assert_eq!(out, "Removed github.com/t/a 1.0.0.\n");
    assert_eq!(
        read(&project.join("futhark.pkg")),
        text.replace("  github.com/t/a 1.0.0 #abc\n", "")
    );
    let error = forge.futc_fails(&project, &["pkg", "remove", "github.com/t/a"]);
    assert!(
        error.contains("No package github.com/t/a found in futhark.pkg."),
        "{error}"
    );
}

/// Serves gamma 0.1.0 to 0.3.0; delta 1.0.0, requiring gamma 0.1.0;
/// epsilon 0.1.0 (declared under its old path github.com/old/epsilon),
/// requiring gamma 0.2.0; alpha 1.0.0 and alpha@2 2.0.0; zeta 1.0.0 on
/// gitlab.com; and broken 0.1.0, whose manifest is malformed.
fn serve_dependency_graph(forge: &mut Forge) {
    let gamma = forge.repo("github.com/t/gamma");
    for version in ["0.1.0", "0.2.0", "0.3.0"] {
        let text = format!("gamma {version}");
        let files = [("gamma.fut", text.as_str()), ("sub/nested.fut", "nested")];
        forge.release(&gamma, "github.com/t/gamma", version, &[], &files);
    }
    let delta = forge.repo("github.com/t/delta");
    let files = [("delta.fut", "delta 1.0.0")];
    forge.release(
        &delta,
        "github.com/t/delta",
        "1.0.0",
        &["github.com/t/gamma 0.1.0"],
        &files,
    );
    let epsilon = forge.repo("github.com/t/epsilon");
    let files = [("epsilon.fut", "epsilon 0.1.0")];
    forge.release(
        &epsilon,
        "github.com/old/epsilon",
        "0.1.0",
        &["github.com/t/gamma 0.2.0"],
        &files,
    );
    let alpha = forge.repo("github.com/t/alpha");
    forge.release(
        &alpha,
        "github.com/t/alpha",
        "1.0.0",
        &[],
        &[("alpha.fut", "alpha 1")],
    );
    forge.release(
        &alpha,
        "github.com/t/alpha",
        "2.0.0",
        &[],
        &[("alpha.fut", "alpha 2")],
    );
    let zeta = forge.repo("gitlab.com/t/zeta");
    forge.release(
        &zeta,
        "gitlab.com/t/zeta",
        "1.0.0",
        &[],
        &[("zeta.fut", "zeta")],
    );
    let broken = forge.repo("github.com/t/broken");
    let manifest = "package github.com/t/broken\nrequire {\n  github.com/t/gamma\n}\n";
    let commit = forge.commit(&broken, &[("futhark.pkg", manifest)]);
    forge.tag(&broken, "v0.1.0", &commit, false);
}

#[test]
fn sync_installs_the_minimal_versions_of_all_dependencies() {
    let mut forge = Forge::new("sync");
    serve_dependency_graph(&mut forge);
    let project = forge.project("app");
    let requires = [
        "github.com/t/delta 1.0.0",
        "github.com/t/epsilon 0.1.0",
        "github.com/t/alpha@2 2.0.0",
        "gitlab.com/t/zeta 1.0.0",
    ];
    write(
        &project,
        "futhark.pkg",
        manifest(Some("github.com/t/app"), &requires).as_bytes(),
    );
    // The package's own files stay; anything else in lib/ goes.
    write(&project, "lib/github.com/t/app/main.fut", b"own");
    write(&project, "lib/github.com/t/stale/stale.fut", b"stale");
    let out = forge.futc_ok(&project, &["pkg", "sync"]);
    assert_eq!(out, "");
    assert_eq!(
        tree(&project.join("lib")),
        [
            "github.com/t/alpha@2/alpha.fut: alpha 2",
            "github.com/t/app/main.fut: own",
            "github.com/t/delta/delta.fut: delta 1.0.0",
            "github.com/t/epsilon/epsilon.fut: epsilon 0.1.0",
            "github.com/t/gamma/gamma.fut: gamma 0.2.0",
            "github.com/t/gamma/sub/nested.fut: nested",
            "gitlab.com/t/zeta/zeta.fut: zeta",
        ]
    );
    assert!(!project.join("lib~new").exists() && !project.join("lib~old").exists());

    let out = forge.futc_ok(&project, &["pkg", "check"]);
    assert_eq!(
        out,
        "Dependencies chosen:\ngithub.com/t/alpha@2 => 2.0.0\ngithub.com/t/delta => 1.0.0\n\
         github.com/t/epsilon => 0.1.0\ngithub.com/t/gamma => 0.2.0\ngitlab.com/t/zeta => 1.0.0\n"
    );

    // A root requirement raises gamma; removing epsilon lowers it again.
    forge.futc_ok(&project, &["pkg", "add", "github.com/t/gamma", "0.3.0"]);
    forge.futc_ok(&project, &["pkg", "sync"]);
    assert!(
        tree(&project.join("lib"))
            .contains(&"github.com/t/gamma/gamma.fut: gamma 0.3.0".to_owned())
    );
    forge.futc_ok(&project, &["pkg", "remove", "github.com/t/gamma"]);
    forge.futc_ok(&project, &["pkg", "remove", "github.com/t/epsilon"]);
    forge.futc_ok(&project, &["pkg", "sync"]);
    let files = tree(&project.join("lib"));
    assert!(
        files.contains(&"github.com/t/gamma/gamma.fut: gamma 0.1.0".to_owned()),
        "{files:?}"
    );
    assert!(!files.iter().any(|f| f.contains("epsilon")), "{files:?}");
}

#[test]
fn upgrade_raises_requirements_within_their_major_version() {
    let mut forge = Forge::new("upgrade");
    serve_dependency_graph(&mut forge);
    let project = forge.project("app");
    let text = "require {\n  github.com/t/gamma 0.1.0 -- oldest\n  github.com/t/alpha 1.0.0\n}\n";
    write(&project, "futhark.pkg", text.as_bytes());
    let out = forge.futc_ok(&project, &["pkg", "upgrade"]);
    assert_eq!(
        out,
        "Upgraded github.com/t/gamma 0.1.0 => 0.3.0.\nRemember to run 'futc pkg sync'.\n"
    );
    assert_eq!(
        read(&project.join("futhark.pkg")),
        format!(
            "require {{\n  github.com/t/gamma 0.3.0 #{} -- oldest\n  github.com/t/alpha 1.0.0 \
             #{}\n}}\n",
            forge.tagged("github.com/t/gamma", "v0.3.0"),
            forge.tagged("github.com/t/alpha", "v1.0.0")
        )
    );
    let out = forge.futc_ok(&project, &["pkg", "upgrade"]);
    assert_eq!(out, "Nothing to upgrade.\n");
}

#[test]
fn check_requires_the_package_directory_to_have_fut_files() {
    let mut forge = Forge::new("check");
    serve_dependency_graph(&mut forge);
    let project = forge.project("app");
    let text = manifest(Some("github.com/t/app"), &["github.com/t/gamma 0.1.0"]);
    write(&project, "futhark.pkg", text.as_bytes());
    let error = forge.futc_fails(&project, &["pkg", "check"]);
    assert!(
        error.contains(
            "the directory lib/github.com/t/app (of package github.com/t/app) does not exist"
        ),
        "{error}"
    );
    write(&project, "lib/github.com/t/app/README.md", b"docs");
    let error = forge.futc_fails(&project, &["pkg", "check"]);
    assert!(error.contains("does not contain any .fut files"), "{error}");
    write(&project, "lib/github.com/t/app/inner/app.fut", b"def x = 1");
    let out = forge.futc_ok(&project, &["pkg", "check"]);
    assert_eq!(out, "Dependencies chosen:\ngithub.com/t/gamma => 0.1.0\n");
}

#[test]
fn unknown_packages_and_versions_are_clear_errors() {
    let mut forge = Forge::new("unknown");
    serve_dependency_graph(&mut forge);
    let project = forge.project("app");
    let error = forge.futc_fails(&project, &["pkg", "add", "github.com/t/nosuch"]);
    assert!(
        error.starts_with(
            "error: cannot fetch package github.com/t/nosuch from https://github.com/t/nosuch: \
             `git clone"
        ),
        "{error}"
    );
    assert!(!project.join("futhark.pkg").exists());

    let error = forge.futc_fails(&project, &["pkg", "add", "github.com/t/gamma", "0.4.0"]);
    assert!(
        error.contains(
            "package github.com/t/gamma does not have a version 0.4.0.\nKnown versions: 0.1.0, \
             0.2.0, 0.3.0\n"
        ),
        "{error}"
    );
    let error = forge.futc_fails(&project, &["pkg", "add", "github.com/t/gamma", "2.0.0"]);
    assert!(
        error.contains("For major version 2, use package path github.com/t/gamma@2"),
        "{error}"
    );
    assert!(!project.join("futhark.pkg").exists());

    let output = forge.futc(&project, &["pkg", "add", "github.com/t/gamma", "1.0"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("expected '.' at character 4"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn malformed_manifests_are_reported_with_their_location() {
    let mut forge = Forge::new("malformed");
    serve_dependency_graph(&mut forge);
    let project = forge.project("app");
    let text = "require {\n  github.com/t/gamma 0.1\n}\n";
    write(&project, "futhark.pkg", text.as_bytes());
    for command in [
        &["pkg", "sync"][..],
        &["pkg", "check"],
        &["pkg", "remove", "x/y"],
    ] {
        let error = forge.futc_fails(&project, command);
        assert!(
            error.starts_with("error: futhark.pkg:2:22: expected '.' at character 4 of version"),
            "{command:?}: {error}"
        );
    }
    assert_eq!(read(&project.join("futhark.pkg")), text);

    write(&project, "futhark.pkg", b"");
    let error = forge.futc_fails(&project, &["pkg", "add", "github.com/t/broken"]);
    assert_eq!(
        error,
        "error: in github.com/t/broken 0.1.0: futhark.pkg:3:21: expected a version after \
         github.com/t/gamma (requirements are PKGPATH X.Y.Z)\n"
    );
    assert_eq!(read(&project.join("futhark.pkg")), "");
}

#[test]
fn a_failed_sync_leaves_lib_as_it_was() {
    let mut forge = Forge::new("failed-sync");
    serve_dependency_graph(&mut forge);
    let project = forge.project("app");
    let good = manifest(None, &["github.com/t/delta 1.0.0"]);
    write(&project, "futhark.pkg", good.as_bytes());
    forge.futc_ok(&project, &["pkg", "sync"]);
    let before = tree(&project.join("lib"));
    assert_eq!(before.len(), 3, "{before:?}");

    let wrong_hash = format!(
        "github.com/t/gamma 0.3.0 #{}",
        forge.tagged("github.com/t/gamma", "v0.2.0")
    );
    let failing = [
        (
            "github.com/t/nosuch 1.0.0".to_owned(),
            "cannot fetch package github.com/t/nosuch",
        ),
        (
            "github.com/t/gamma 0.5.0".to_owned(),
            "does not have a version 0.5.0",
        ),
        (wrong_hash, "has commit hash"),
        (
            "github.com/t/broken 0.1.0".to_owned(),
            "in github.com/t/broken 0.1.0: futhark.pkg:3:21",
        ),
    ];
    for (requirement, message) in failing {
        let text = manifest(None, &["github.com/t/delta 1.0.0", &requirement]);
        write(&project, "futhark.pkg", text.as_bytes());
        let error = forge.futc_fails(&project, &["pkg", "sync"]);
        assert!(error.contains(message), "{requirement}: {error}");
        assert_eq!(tree(&project.join("lib")), before, "{requirement}");
        assert!(!project.join("lib~new").exists() && !project.join("lib~old").exists());
    }

    // A release whose package directory is missing fails when its files
    // are fetched, after version selection.
    let empty = forge.repo("github.com/t/empty");
    forge.release(&empty, "github.com/t/empty", "0.1.0", &[], &[]);
    let text = manifest(
        None,
        &["github.com/t/delta 1.0.0", "github.com/t/empty 0.1.0"],
    );
    write(&project, "futhark.pkg", text.as_bytes());
    let error = forge.futc_fails(&project, &["pkg", "sync"]);
    assert!(
        error.contains(
            "github.com/t/empty 0.1.0 does not contain a directory lib/github.com/t/empty/"
        ),
        "{error}"
    );
    assert_eq!(tree(&project.join("lib")), before);
    assert!(!project.join("lib~new").exists());
}

#[test]
fn fmt_writes_upstreams_layout() {
    let forge = Forge::new("fmt");
    let project = forge.project("app");
    let text =
        "-- app\npackage   github.com/t/app\nrequire{ github.com/t/a 1.0.0   #abc -- why\n}\n";
    write(&project, "futhark.pkg", text.as_bytes());
    forge.futc_ok(&project, &["pkg", "fmt"]);
    assert_eq!(
        read(&project.join("futhark.pkg")),
        "-- app\npackage github.com/t/app\n\nrequire {\n  github.com/t/a 1.0.0 #abc\n  -- why\n}\n"
    );
}

#[cfg(unix)]
#[test]
fn symbolic_links_are_followed_only_inside_the_repository() {
    let mut forge = Forge::new("links");
    let links = forge.repo("github.com/t/links");
    let manifest = manifest(Some("github.com/t/links"), &[]);
    let files = [
        ("futhark.pkg", manifest.as_str()),
        ("README.md", "readme"),
        ("lib/github.com/t/links/real.fut", "real"),
    ];
    let inside = [
        ("lib/github.com/t/links/alias.fut", "real.fut"),
        ("lib/github.com/t/links/readme.md", "../../../../README.md"),
    ];
    let commit = forge.commit_with_links(&links, &files, &inside);
    forge.tag(&links, "v0.1.0", &commit, false);
    let outside = [("lib/github.com/t/links/escape.fut", "/etc/hostname")];
    let commit = forge.commit_with_links(&links, &files, &outside);
    forge.tag(&links, "v0.2.0", &commit, false);

    let project = forge.project("app");
    forge.futc_ok(&project, &["pkg", "add", "github.com/t/links", "0.1.0"]);
    forge.futc_ok(&project, &["pkg", "sync"]);
    assert_eq!(
        tree(&project.join("lib")),
        [
            "github.com/t/links/alias.fut: real",
            "github.com/t/links/readme.md: readme",
            "github.com/t/links/real.fut: real",
        ]
    );
    let alias = project.join("lib/github.com/t/links/alias.fut");
    assert!(!alias.symlink_metadata().unwrap().file_type().is_symlink());

    forge.futc_ok(&project, &["pkg", "add", "github.com/t/links", "0.2.0"]);
    let error = forge.futc_fails(&project, &["pkg", "sync"]);
    assert!(
        error.contains(
            "lib/github.com/t/links/escape.fut is a symbolic link that does not point to a file \
             in the repository"
        ),
        "{error}"
    );
    assert_eq!(tree(&project.join("lib")).len(), 3);
}
