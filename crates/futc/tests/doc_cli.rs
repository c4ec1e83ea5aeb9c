//! `futc doc`: the pages of a library of our own (tests/doc/library:
//! module types with specifications, parametric modules, type
//! abbreviations, Markdown, files in two directories importing each
//! other) and of the prelude; every link between them resolves; the
//! pages open in a headless Chromium.

mod support;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};
use support::{Png, futc, stderr, temp_dir, write};

fn library() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/doc/library")
}

/// `futc doc INPUT -o OUT`, which must succeed without printing anything
/// (no warnings either: every reference in the documentation resolves).
fn document(input: &Path, out: &Path) {
    let output = futc(&[
        "doc",
        input.to_str().expect("UTF-8 path"),
        "-o",
        out.to_str().expect("UTF-8 path"),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(output.stdout.is_empty(), "stdout: {:?}", output.stdout);
    assert!(output.stderr.is_empty(), "{}", stderr(&output));
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every `.html` file under `dir`.
fn html_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).expect("readable directory") {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "html") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The values of the attribute `name` (`href`, `id`, ...) in `html`,
/// unescaped.
fn attribute_values(html: &str, name: &str) -> Vec<String> {
    let needle = format!(" {name}=\"");
    html.match_indices(&needle)
        .map(|(at, _)| {
            let value = &html[at + needle.len()..];
            let value = &value[..value.find('"').expect("a closing quote")];
            value
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&")
        })
        .collect()
}

/// Checks that every link of every page under `out` (`href` and `src`,
/// but for those leaving the site) names an existing file and, with a
/// `#fragment`, an element with that id in it. Returns the links checked
/// by target: (pages under `prelude/`, others).
fn check_links(out: &Path) -> (usize, usize) {
    let out = out.canonicalize().expect("the output directory");
    let mut ids: HashMap<PathBuf, HashSet<String>> = HashMap::new();
    let mut ids_of = |page: &Path| -> HashSet<String> {
        ids.entry(page.to_path_buf())
            .or_insert_with(|| attribute_values(&read(page), "id").into_iter().collect())
            .clone()
    };
    let (mut prelude, mut others) = (0, 0);
    for page in html_files(&out) {
        let html = read(&page);
        let links = attribute_values(&html, "href")
            .into_iter()
            .chain(attribute_values(&html, "src"));
        for link in links {
            if ["http://", "https://", "mailto:"]
                .iter()
                .any(|scheme| link.starts_with(scheme))
            {
                continue;
            }
            let (path, fragment) = match link.split_once('#') {
                Some((path, fragment)) => (percent_decoded(path), Some(fragment)),
                None => (percent_decoded(&link), None),
            };
            let target = if path.is_empty() {
                page.clone()
            } else {
                let joined = page.parent().expect("a directory").join(&path);
                joined
                    .canonicalize()
                    .unwrap_or_else(|_| panic!("{}: link {link:?} names no file", page.display()))
            };
            assert!(
                target.starts_with(&out),
                "{}: link {link:?} leaves the documentation",
                page.display()
            );
            if let Some(fragment) = fragment {
                assert!(
                    ids_of(&target).contains(fragment),
                    "{}: link {link:?}: no id {fragment:?} in {}",
                    page.display(),
                    target.display()
                );
            }
            if target.starts_with(out.join("prelude")) {
                prelude += 1;
            } else {
                others += 1;
            }
        }
    }
    (prelude, others)
}

/// A URL's path with its `%XX` escapes decoded.
fn percent_decoded(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut decoded = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'%' {
            let hex = std::str::from_utf8(&bytes[at + 1..at + 3]).expect("two hex digits");
            decoded.push(u8::from_str_radix(hex, 16).expect("a hex byte"));
            at += 3;
        } else {
            decoded.push(bytes[at]);
            at += 1;
        }
    }
    String::from_utf8(decoded).expect("UTF-8")
}

/// The entries of `search-index.js`: name, kind and address.
fn search_index(out: &Path) -> Vec<(String, String, String)> {
    let script = read(&out.join("search-index.js"));
    let json = script
        .trim_end()
        .strip_prefix("window.futharkDocIndex = ")
        .and_then(|rest| rest.strip_suffix(';'))
        .expect("an assignment of the index");
    let entries: serde_json::Value = serde_json::from_str(json).expect("JSON");
    entries
        .as_array()
        .expect("an array")
        .iter()
        .map(|entry| {
            let field = |name: &str| entry[name].as_str().expect("a string").to_owned();
            (field("name"), field("kind"), field("url"))
        })
        .collect()
}

#[test]
fn library_pages_show_the_documentation_and_every_link_resolves() {
    let out = temp_dir("doc-library");
    document(&library(), &out);

    let stats = read(&out.join("stats.html"));
    // Markdown: emphasis, a code block, an external link, inline code.
    assert!(
        stats.contains("<strong>arithmetic mean</strong>"),
        "{stats}"
    );
    assert!(
        stats.contains("<pre><code class=\"language-futhark\">mean [1, 2, 3] == 2"),
        "{stats}"
    );
    assert!(stats.contains("<a href=\"https://futhark-lang.org\">the Futhark site</a>"));
    // An upstream-style reference to a declaration of the same page and
    // one of another.
    assert!(stats.contains("<a href=\"#val-total\"><code>total</code></a>"));
    assert!(stats.contains("<a href=\"queue.html#module-mk_queue\"><code>mk_queue</code></a>"));
    // References naming their file (upstream's `@"FILE"` suffix) and
    // found in a module type's scope.
    assert!(
        stats.contains(
            "<a href=\"queue.html#module-mk_queue\"><code>mk_queue</code></a> of the module type \
             <a href=\"queue.html#mtype-queue\"><code>queue</code></a> do."
        ),
        "{stats}"
    );
    // The file's abstract.
    assert!(stats.contains("<div class=\"abstract\"><p>Statistics over arrays of numbers"));
    // Ordinary comments are not documentation; the undocumented `total`
    // is still there; local declarations are not.
    assert!(!stats.contains("documents nothing"));
    assert!(stats.contains("id=\"val-total\""));
    assert!(!stats.contains("hidden_helper"));
    // Signatures link their names to the declarations, across files and
    // directories: a type abbreviation, a parametric module and its
    // argument, a module's member.
    assert!(
        stats.contains("<a href=\"util/real.html#type-real\">real</a>"),
        "{stats}"
    );
    assert!(stats.contains("<a href=\"#type-pair\">pair</a>"));
    assert!(stats.contains("<a href=\"queue.html#module-mk_queue\">mk_queue</a>"));
    assert!(stats.contains("<a href=\"#module-int_element\">int_element</a>"));
    assert!(
        stats.contains("<a href=\"queue.html#type-queue.queue\">queue</a>"),
        "{stats}"
    );
    // A parametric module without a module type shows its members, whose
    // signatures link to its parameter's module type.
    assert!(stats.contains("id=\"type-pair_queues.elem\""));
    assert!(stats.contains("id=\"val-pair_queues.blank_pair\""));
    assert!(stats.contains("<a href=\"queue.html#mtype-element\">element</a>"));
    // A definition without a written result type shows its type.
    assert!(stats.contains(
        "(a: i64) b\n<span class=\"inferred\">val larger : i64 -&gt; i64 -&gt; i64</span>"
    ));

    let queue = read(&out.join("queue.html"));
    // A module type's specifications, each with its documentation.
    assert!(queue.contains("id=\"mtype-queue\""));
    assert!(queue.contains("id=\"val-queue.push\""));
    assert!(queue.contains("<li>nothing happens when the queue is full;</li>"));
    // A reference in a specification's documentation finds its sibling.
    assert!(queue.contains("see\n<a href=\"#val-queue.empty\"><code>empty</code></a>."));
    // A specification referring to an earlier one.
    assert!(
        queue.contains("<a href=\"#type-queue.queue\">queue</a>"),
        "{queue}"
    );
    // A parametric module shows its parameter and result module types.
    assert!(queue.contains("<a href=\"#mtype-element\">element</a>"));
    assert!(queue.contains("<a href=\"#mtype-queue\">queue</a>"));
    // From a subdirectory, links go up.
    let real = read(&out.join("util/real.html"));
    assert!(
        real.contains("<a href=\"../queue.html#mtype-queue\">queue</a>"),
        "{real}"
    );
    assert!(real.contains("<script src=\"../search.js\" defer>"));

    // A file whose abstract is `ignore` has no page.
    assert!(!out.join("scratch.html").exists());
    let index = read(&out.join("index.html"));
    for page in [
        "queue.html",
        "stats.html",
        "util/real.html",
        "prelude/soacs.html",
    ] {
        assert!(index.contains(&format!("<a href=\"{page}\">")), "{index}");
    }
    assert!(!index.contains("scratch"));

    let (prelude_links, other_links) = check_links(&out);
    eprintln!("{prelude_links} links into the prelude, {other_links} others checked");
    assert!(other_links > 100, "{other_links} links checked");
    assert!(
        prelude_links > 200,
        "{prelude_links} links into the prelude"
    );

    // The search index names every declaration, at an anchor that exists.
    let entries = search_index(&out);
    let names: HashSet<&str> = entries.iter().map(|(name, ..)| name.as_str()).collect();
    for name in [
        "mean",
        "queue.push",
        "pair_queues.blank_pair",
        "real",
        "map",
        "i32",
    ] {
        assert!(names.contains(name), "{name} is not in the search index");
    }
    for (name, _, url) in &entries {
        let (page, anchor) = url.split_once('#').expect("an anchor");
        let html = read(&out.join(page));
        assert!(html.contains(&format!("id=\"{anchor}\"")), "{name}: {url}");
    }
}

#[test]
fn prelude_pages_document_its_declarations() {
    let out = temp_dir("doc-prelude");
    document(&library().join("util/real.fut"), &out);
    let soacs = read(&out.join("prelude/soacs.html"));
    assert!(soacs.contains("id=\"val-map\""));
    assert!(soacs.contains("<div class=\"abstract\"><p>The second-order array combinators"));
    // Local helpers are not shown.
    assert!(!soacs.contains("flat_index_2d"));
    let numeric = read(&out.join("prelude/numeric.html"));
    assert!(numeric.contains("id=\"mtype-integral\""));
    // Types that an `include` brings into a module type link to their
    // specification.
    assert!(
        numeric.contains("<span class=\"name\">neg</span> : <a href=\"#type-from_prim.t\">t</a>")
    );
    // The numeric modules link to the module types they implement.
    let integers = read(&out.join("prelude/integers.html"));
    assert!(
        integers.contains("<a href=\"numeric.html#mtype-integral\">integral</a>"),
        "{integers}"
    );
    // A user's page links to the prelude's.
    let real = read(&out.join("util/real.html"));
    assert!(
        real.contains("<a href=\"../prelude/floats.html#module-f64\">f64</a>"),
        "{real}"
    );
    check_links(&out);
}

#[test]
fn a_single_file_is_documented_with_what_it_imports() {
    let out = temp_dir("doc-single");
    document(&library().join("stats.fut"), &out);
    assert!(out.join("stats.html").exists());
    assert!(out.join("queue.html").exists());
    assert!(out.join("util/real.html").exists());
    assert!(!out.join("scratch.html").exists());
    check_links(&out);
}

#[test]
fn programs_with_errors_are_reported_located_and_nothing_is_written() {
    let dir = temp_dir("doc-errors");
    write(&dir, "src/good.fut", b"-- | Fine.\ndef one : i32 = 1\n");
    write(
        &dir,
        "src/bad.fut",
        b"import \"good\"\n\n-- | Wrong.\ndef two : i32 = one + true\n",
    );
    let out = dir.join("out");
    let output = futc(&[
        "doc",
        dir.join("src").to_str().expect("UTF-8"),
        "-o",
        out.to_str().expect("UTF-8"),
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
    let errors = stderr(&output);
    assert!(errors.contains("bad.fut:4:"), "{errors}");
    assert!(!errors.contains("panicked"), "{errors}");
    assert!(!out.exists());

    let output = futc(&[
        "doc",
        dir.join("nothing").to_str().expect("UTF-8"),
        "-o",
        "x",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("cannot read"),
        "{}",
        stderr(&output)
    );
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).expect("a directory");
    let output = futc(&["doc", empty.to_str().expect("UTF-8"), "-o", "x"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no .fut files"),
        "{}",
        stderr(&output)
    );
}

/// Chromium's path, where it is installed (scripts/test.sh installs it).
fn chromium() -> Option<PathBuf> {
    ["chromium", "chromium-browser"].iter().find_map(|name| {
        std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join(name))
                .find(|path| path.is_file())
        })
    })
}

/// Runs headless Chromium with `args` (its profile and home in `home`),
/// giving up after a minute.
fn run_chromium(chromium: &Path, home: &Path, args: &[&str]) -> Output {
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!(
            "--user-data-dir={}",
            home.join("profile").display()
        ))
        .args(args)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("XDG_DATA_HOME", home.join("data"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium starts");
    let start = Instant::now();
    while child.try_wait().expect("chromium's status").is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("chromium did not finish within a minute");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().expect("chromium's output")
}

/// Where the screenshots are kept for a person to look at.
fn artefacts() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("doc-screenshots");
    std::fs::create_dir_all(&dir).expect("the artefacts' directory");
    dir
}

#[test]
fn pages_open_in_a_headless_browser() {
    let Some(chromium) = chromium() else {
        eprintln!("skipped: chromium is not installed (scripts/test.sh installs it)");
        return;
    };
    let out = temp_dir("doc-browser");
    document(&library(), &out);
    let home = out.join("chromium-home");
    let url = |page: &str| format!("file://{}", out.join(page).display());
    let artefacts = artefacts();
    let mut shots = Vec::new();
    for (name, page) in [
        ("index.png", url("index.html")),
        ("stats.png", url("stats.html")),
        ("search.png", format!("{}?q=queue", url("stats.html"))),
    ] {
        let shot = artefacts.join(name);
        let _ = std::fs::remove_file(&shot);
        let output = run_chromium(
            &chromium,
            &home,
            &[
                &format!("--screenshot={}", shot.display()),
                "--window-size=1200,900",
                "--virtual-time-budget=2000",
                &page,
            ],
        );
        assert!(
            shot.exists(),
            "no screenshot of {page}: {}",
            stderr(&output)
        );
        let Png {
            width,
            height,
            pixels,
            ..
        } = Png::read(&shot);
        assert_eq!((width, height), (1200, 900), "{name}");
        let inked = pixels.iter().filter(|p| p.iter().any(|&c| c < 200)).count();
        assert!(
            inked > pixels.len() / 100,
            "{name} is nearly blank: {inked} dark pixels"
        );
        shots.push(pixels);
        eprintln!("screenshot: {}", shot.display());
    }
    // The search's results cover part of the page.
    let changed = shots[1]
        .iter()
        .zip(&shots[2])
        .filter(|(a, b)| a != b)
        .count();
    assert!(changed > 5000, "the search changed {changed} pixels");

    // The search script ran and found the names.
    let output = run_chromium(
        &chromium,
        &home,
        &[
            "--dump-dom",
            "--virtual-time-budget=2000",
            &format!("{}?q=push", url("util/real.html")),
        ],
    );
    let dom = String::from_utf8_lossy(&output.stdout);
    assert!(
        dom.contains("<a href=\"../stats.html#val-push_all\">push_all</a>"),
        "{dom}"
    );
    assert!(dom.contains("<a href=\"../queue.html#val-queue.push\">queue.push</a>"));
}

#[test]
fn references_to_nothing_documented_are_warnings() {
    let dir = temp_dir("doc-warnings");
    // A file name that URLs must escape.
    write(
        &dir,
        "my lib.fut",
        b"-- | Like `nowhere`@term, and `one`@term.\ndef one : i32 = 1\n",
    );
    let out = dir.join("out");
    let output = futc(&[
        "doc",
        dir.join("my lib.fut").to_str().expect("UTF-8"),
        "-o",
        out.to_str().expect("UTF-8"),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        "warning: my lib.fut: `nowhere`@term names no documented declaration\n"
    );
    let page = read(&out.join("my lib.html"));
    assert!(
        page.contains("Like <code>nowhere</code>, and <a href=\"#val-one\"><code>one</code></a>.")
    );
    assert!(read(&out.join("index.html")).contains("<a href=\"my%20lib.html\">"));
    check_links(&out);
}
