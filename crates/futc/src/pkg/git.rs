//! Running the system `git`. Every command inherits the environment, so
//! the user's git configuration applies, including `url.<base>.insteadOf`
//! rewrites given in files or in `GIT_CONFIG_COUNT`/`GIT_CONFIG_KEY_n`/
//! `GIT_CONFIG_VALUE_n` (the tests serve packages from local repositories
//! that way); only `GIT_TERMINAL_PROMPT=0` is added, so that git fails
//! instead of asking for credentials, as upstream does.

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[derive(Debug, Clone, Copy)]
pub struct Git {
    /// Print each command on stderr (`futc pkg -v`).
    pub verbose: bool,
}

/// A file of a package: its path relative to the package directory, its
/// contents, and whether it is executable.
#[derive(Debug)]
pub struct PackageFile {
    pub path: String,
    pub contents: Vec<u8>,
    pub executable: bool,
}

impl Git {
    fn command(&self, repo: Option<&Path>) -> Command {
        let mut command = Command::new("git");
        if let Some(repo) = repo {
            command.arg("--git-dir").arg(repo);
        }
        command
            .arg("--literal-pathspecs")
            .env("GIT_TERMINAL_PROMPT", "0")
            .stdin(Stdio::null());
        command
    }

    /// Runs `git ARGS` (in the bare repository `repo`, if given) and
    /// returns its standard output; a failure's message quotes git's.
    pub fn run<S: AsRef<OsStr>>(&self, repo: Option<&Path>, args: &[S]) -> Result<Vec<u8>, String> {
        let mut command = self.command(repo);
        command.args(args);
        let shown = shown_command(args);
        if self.verbose {
            eprintln!("Running command: {shown}");
        }
        let output = command.output().map_err(|error| spawn_error(&error))?;
        if output.status.success() {
            return Ok(output.stdout);
        }
        let stderr = String::from_utf8_lossy(&output.stderr);
        let said: Vec<&str> = stderr
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        Err(if said.is_empty() {
            format!("`{shown}` failed ({})", output.status)
        } else {
            format!("`{shown}` failed: {}", said.join("; "))
        })
    }

    /// Like `run`, for output that is text.
    pub fn run_text<S: AsRef<OsStr>>(
        &self,
        repo: Option<&Path>,
        args: &[S],
    ) -> Result<String, String> {
        let output = self.run(repo, args)?;
        String::from_utf8(output).map_err(|_| {
            format!(
                "`{}` printed something that is not UTF-8",
                shown_command(args)
            )
        })
    }

    /// Clones `url` as a bare repository at `destination`.
    pub fn clone_bare(&self, url: &str, destination: &Path) -> Result<(), String> {
        let args: [&OsStr; 6] = [
            "clone".as_ref(),
            "--bare".as_ref(),
            "--quiet".as_ref(),
            "--".as_ref(),
            url.as_ref(),
            destination.as_os_str(),
        ];
        self.run(None, &args).map(drop)
    }

    /// The tags of `repo` with the commits they name (annotated tags
    /// peeled).
    pub fn tags(&self, repo: &Path) -> Result<Vec<(String, String)>, String> {
        let text = self.run_text(
            Some(repo),
            &[
                "for-each-ref",
                "--format=%(refname:strip=2) %(objectname) %(*objectname)",
                "refs/tags",
            ],
        )?;
        Ok(text
            .lines()
            .filter_map(|line| {
                let mut fields = line.split(' ');
                let name = fields.next()?;
                let object = fields.next()?;
                let peeled = fields.next().filter(|p| !p.is_empty()).unwrap_or(object);
                Some((name.to_owned(), peeled.to_owned()))
            })
            .collect())
    }

    /// The full id of the commit `revision` names, if it names one.
    pub fn resolve_commit(&self, repo: &Path, revision: &str) -> Option<String> {
        let spec = format!("{revision}^{{commit}}");
        let text = self
            .run_text(Some(repo), &["rev-parse", "--verify", "--quiet", &spec])
            .ok()?;
        Some(text.trim().to_owned())
    }

    /// The committer time of `commit`, in seconds since the epoch.
    pub fn commit_time(&self, repo: &Path, commit: &str) -> Result<i64, String> {
        let text = self.run_text(Some(repo), &["show", "-s", "--format=%ct", commit])?;
        text.trim()
            .parse()
            .map_err(|_| format!("git gave no commit time for {commit}: {text:?}"))
    }

    /// The contents of `path` at `commit`, or `None` if there is no such
    /// file.
    pub fn file_at(
        &self,
        repo: &Path,
        commit: &str,
        path: &str,
    ) -> Result<Option<Vec<u8>>, String> {
        let spec = format!("{commit}:{path}");
        if self.run(Some(repo), &["cat-file", "-e", &spec]).is_err() {
            return Ok(None);
        }
        self.run(Some(repo), &["cat-file", "blob", &spec]).map(Some)
    }

    /// The files under the directory `dir` at `commit`, recursively.
    /// Symbolic links are followed inside the repository (the file they
    /// point to is copied, as a checkout and copy would); one that points
    /// outside the repository or nowhere is an error. Submodules have no
    /// files here, as in a fresh clone.
    pub fn files_under(
        &self,
        repo: &Path,
        commit: &str,
        dir: &str,
    ) -> Result<Vec<PackageFile>, String> {
        let prefix = format!("{dir}/");
        let listing = self.run(
            Some(repo),
            &["ls-tree", "-r", "-z", "--full-tree", commit, "--", &prefix],
        )?;
        let mut entries = Vec::new();
        for entry in listing.split(|&b| b == 0).filter(|e| !e.is_empty()) {
            let entry = String::from_utf8(entry.to_vec())
                .map_err(|_| format!("a file name under {prefix} is not UTF-8"))?;
            let (meta, path) = entry
                .split_once('\t')
                .ok_or_else(|| format!("unexpected `git ls-tree` output: {entry:?}"))?;
            let mut meta = meta.split(' ');
            let (Some(mode), Some(kind), Some(object)) = (meta.next(), meta.next(), meta.next())
            else {
                return Err(format!("unexpected `git ls-tree` output: {entry:?}"));
            };
            let Some(relative) = path.strip_prefix(&prefix) else {
                continue;
            };
            if kind != "blob" {
                continue;
            }
            let request = if mode == "120000" {
                if path.contains('\n') {
                    return Err(format!("cannot follow the symbolic link {path:?}"));
                }
                format!("{commit}:{path}")
            } else {
                object.to_owned()
            };
            entries.push((relative.to_owned(), request, mode == "100755"));
        }
        let requests: Vec<&str> = entries
            .iter()
            .map(|(_, request, _)| request.as_str())
            .collect();
        let contents = self.read_objects(repo, &requests)?;
        Ok(entries
            .into_iter()
            .zip(contents)
            .map(|((path, _, executable), contents)| PackageFile {
                path,
                contents,
                executable,
            })
            .collect())
    }

    /// The contents of blobs (ids, or `commit:path` with symbolic links
    /// followed), through one `git cat-file --batch`.
    fn read_objects(&self, repo: &Path, requests: &[&str]) -> Result<Vec<Vec<u8>>, String> {
        if requests.is_empty() {
            return Ok(Vec::new());
        }
        let args = ["cat-file", "--batch", "--follow-symlinks"];
        if self.verbose {
            eprintln!("Running command: {}", shown_command(&args));
        }
        let mut child = self
            .command(Some(repo))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|error| spawn_error(&error))?;
        let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
        let mut stdin = child.stdin.take().ok_or("cannot write to git cat-file")?;
        // A separate thread feeds the requests, so that git never blocks on
        // a full output pipe while we block on a full input pipe.
        let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
        let stdout = child.stdout.take().ok_or("cannot read from git cat-file")?;
        let result = read_batch(BufReader::new(stdout), requests);
        let _ = writer.join();
        let status = child.wait().map_err(|e| format!("git cat-file: {e}"))?;
        let contents = result?;
        if !status.success() {
            return Err(format!("`git {}` failed ({status})", args.join(" ")));
        }
        Ok(contents)
    }
}

fn read_batch(mut out: impl BufRead, requests: &[&str]) -> Result<Vec<Vec<u8>>, String> {
    let mut contents = Vec::with_capacity(requests.len());
    for request in requests {
        let mut header = String::new();
        out.read_line(&mut header)
            .map_err(|e| format!("reading git cat-file: {e}"))?;
        let header = header.trim_end();
        let fields: Vec<&str> = header.split(' ').collect();
        let what = request.split_once(':').map_or(*request, |(_, path)| path);
        let size = match fields.as_slice() {
            [_, "missing"] | [] => return Err(format!("git has no object for {what}")),
            [_, _, size] | [_, size] => size
                .parse::<usize>()
                .map_err(|_| format!("unexpected git cat-file output: {header:?}"))?,
            _ => return Err(format!("unexpected git cat-file output: {header:?}")),
        };
        let mut body = vec![0; size + 1];
        out.read_exact(&mut body)
            .map_err(|e| format!("reading git cat-file: {e}"))?;
        body.pop();
        match fields.as_slice() {
            [_, "blob", _] => contents.push(body),
            [_, "tree", _] => {
                return Err(format!(
                    "{what} is a symbolic link to a directory, which futc pkg does not copy"
                ));
            }
            [kind, _] => {
                return Err(format!(
                    "{what} is a symbolic link that does not point to a file in the repository \
                     ({kind}: {})",
                    String::from_utf8_lossy(&body)
                ));
            }
            _ => return Err(format!("unexpected git cat-file output: {header:?}")),
        }
    }
    Ok(contents)
}

fn shown_command<S: AsRef<OsStr>>(args: &[S]) -> String {
    std::iter::once("git".into())
        .chain(args.iter().map(|a| a.as_ref().to_string_lossy()))
        .collect::<Vec<_>>()
        .join(" ")
}

fn spawn_error(error: &std::io::Error) -> String {
    if error.kind() == std::io::ErrorKind::NotFound {
        "cannot run `git`: it is not installed or not on the PATH (futc pkg fetches packages \
         with git)"
            .to_owned()
    } else {
        format!("cannot run `git`: {error}")
    }
}

/// A directory under the system's temporary directory, removed with
/// everything in it when dropped.
#[derive(Debug)]
pub struct TempDir {
    path: PathBuf,
}

impl TempDir {
    pub fn new(prefix: &str) -> Result<TempDir, String> {
        let base = std::env::temp_dir();
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        for attempt in 0..100u32 {
            let path = base.join(format!("{prefix}-{}-{nanos}-{attempt}", std::process::id()));
            match std::fs::create_dir(&path) {
                Ok(()) => return Ok(TempDir { path }),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => {
                    return Err(format!(
                        "cannot create a temporary directory in {}: {e}",
                        base.display()
                    ));
                }
            }
        }
        Err(format!(
            "cannot create a temporary directory in {}",
            base.display()
        ))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// `YYYYMMDDHHMMSS` of a time in seconds since the epoch, in UTC: the
/// timestamp of a commit version.
pub fn timestamp(seconds: i64) -> String {
    let days = seconds.div_euclid(86_400);
    let second_of_day = seconds.rem_euclid(86_400);
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * shifted_month + 2) / 5 + 1;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}{month:02}{day:02}{:02}{:02}{:02}",
        second_of_day / 3600,
        second_of_day % 3600 / 60,
        second_of_day % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_utc_calendar_times() {
        assert_eq!(timestamp(0), "19700101000000");
        assert_eq!(timestamp(1_533_119_133), "20180801102533");
        assert_eq!(timestamp(951_782_400), "20000229000000");
        assert_eq!(timestamp(4_102_444_799), "20991231235959");
        assert_eq!(timestamp(4_107_542_399), "21000228235959");
    }

    #[test]
    fn batch_output_is_split_into_contents() {
        let contents = read_batch(&b"abc blob 3\nfoo\n"[..], &["abc"]).unwrap();
        assert_eq!(contents, [b"foo".to_vec()]);
        let output = b"abc blob 3\nfoo\nsymlink 6\n../etc\n";
        let error = read_batch(&output[..], &["abc", "HEAD:lib/x/link"]).unwrap_err();
        assert!(error.contains("lib/x/link is a symbolic link"), "{error}");
        let error = read_batch(&b"HEAD:x missing\n"[..], &["HEAD:x"]).unwrap_err();
        assert!(error.contains("no object for x"), "{error}");
    }
}
