//! A directive's results as Markdown: values written out, images and
//! plots as PNG files, and what gnuplot and ffmpeg make.

use super::document::{Directive, DirectiveKind, VideoOptions};
use super::image::{self, Image, Series};
use opt::ir::{ExternalType, OpaqueKind};
use opt::value::Value;
use opt::value::data::write_text;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The size of a plot without a `size:` parameter, as upstream's.
const PLOT_SIZE: (u32, u32) = (500, 500);
const VIDEO_FPS: u32 = 30;

/// A unit's results.
pub(super) struct Evaluated {
    pub(super) field: Option<String>,
    pub(super) values: Vec<Value>,
    /// The entry point's result types (one per result, an opaque one
    /// standing for several values).
    pub(super) types: Vec<ExternalType>,
}

/// The Markdown shown below a directive for its results.
pub(super) fn render_result(
    directive: &Directive,
    evaluated: Vec<Evaluated>,
    images: &ImageDirectory,
    hash: u64,
) -> Result<String, String> {
    let single = || match evaluated.as_slice() {
        [one] => Ok(one),
        _ => Err("internal error: a directive of one expression evaluated as several".to_owned()),
    };
    match &directive.kind {
        DirectiveKind::Value => {
            let one = single()?;
            let text = show_results(&one.values, &one.types)?;
            Ok(format!("```\n{text}\n```\n"))
        }
        DirectiveKind::Image { file } => {
            let one = single()?;
            let image = match one.values.as_slice() {
                [Value::Array(array)] => image::array_image(array)?,
                _ => return Err(cannot("make an image of", &one.types)),
            };
            let name = file
                .clone()
                .unwrap_or_else(|| format!("{hash:016x}-img.png"));
            images.write_png(&name, &image)
        }
        DirectiveKind::Plot { size } => {
            let series: Vec<Series> = evaluated
                .iter()
                .map(pair_series)
                .collect::<Result<_, String>>()?;
            let (width, height) = size.unwrap_or(PLOT_SIZE);
            let image = image::plot(&series, width as usize, height as usize);
            images.write_png(&format!("{hash:016x}-plot.png"), &image)
        }
        DirectiveKind::Gnuplot { script } => {
            let name = format!("{hash:016x}-plot.png");
            let target = images.prepare(&name)?;
            gnuplot(&evaluated, script, &target)?;
            Ok(images.link(&name))
        }
        DirectiveKind::Video(options) => {
            let one = single()?;
            let frames = match one.values.as_slice() {
                [Value::Array(array)] => image::array_frames(array)?,
                _ => return Err(cannot("make a video of", &one.types)),
            };
            video(&frames, options, images, hash)
        }
    }
}

fn cannot(what: &str, types: &[ExternalType]) -> String {
    let names: Vec<String> = types.iter().map(type_name).collect();
    let ty = match names.as_slice() {
        [one] => one.clone(),
        _ => format!("({})", names.join(", ")),
    };
    format!("cannot {what} a value of type {ty}")
}

fn type_name(ty: &ExternalType) -> String {
    match ty {
        ExternalType::Direct { element, rank } => {
            format!("{}{}", "[]".repeat(*rank), element.name())
        }
        ExternalType::Opaque { name, .. } => name.clone(),
    }
}

/// The series of a plotted pair of one-dimensional numeric arrays of
/// the same length.
fn pair_series(one: &Evaluated) -> Result<Series, String> {
    let columns = numeric_columns(one)?;
    match columns.as_slice() {
        [xs, ys] => Ok(Series {
            label: one.field.clone(),
            points: xs.iter().copied().zip(ys.iter().copied()).collect(),
        }),
        _ => Err(plot_error(one)),
    }
}

/// The values of a unit as columns of numbers: one-dimensional numeric
/// arrays of the same length.
fn numeric_columns(one: &Evaluated) -> Result<Vec<Vec<f64>>, String> {
    let mut columns = Vec::new();
    for value in &one.values {
        let Value::Array(array) = value else {
            return Err(plot_error(one));
        };
        let column: Option<Vec<f64>> = (array.rank() == 1)
            .then(|| array.data.iter().map(|&v| image::numeric(v)).collect())
            .flatten();
        columns.push(column.ok_or_else(|| plot_error(one))?);
    }
    if columns
        .windows(2)
        .any(|pair| pair[0].len() != pair[1].len())
    {
        return Err(plot_error(one));
    }
    Ok(columns)
}

fn plot_error(one: &Evaluated) -> String {
    let what = match &one.field {
        Some(field) => format!("field {field} of "),
        None => String::new(),
    };
    format!(
        "{}: plotted values must be tuples of one-dimensional numeric arrays of the same length",
        cannot(&format!("plot {what}"), &one.types).trim_end()
    )
}

/// Runs gnuplot on `script`, after lines that make it write `target` and
/// name each field's data file (a column per array) by the field's name.
fn gnuplot(evaluated: &[Evaluated], script: &str, target: &Path) -> Result<(), String> {
    let data = TempDir::new()?;
    let mut full = format!(
        "set terminal png enhanced\nset output '{}'\n",
        target.display()
    );
    for one in evaluated {
        let columns = numeric_columns(one)?;
        let field = one.field.as_deref().unwrap_or("data");
        let path = data.0.join(format!("{field}.dat"));
        let rows = columns.first().map_or(0, Vec::len);
        let mut text = String::new();
        for row in 0..rows {
            let line: Vec<String> = columns.iter().map(|c| c[row].to_string()).collect();
            text.push_str(&line.join(" "));
            text.push('\n');
        }
        std::fs::write(&path, text)
            .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
        full.push_str(&format!("{field}='{}'\n", path.display()));
    }
    full.push_str(script);
    run_tool("gnuplot", &[], Some(&full), "the :gnuplot directive")
}

/// Encodes `frames` as a video with ffmpeg; the Markdown linking it.
fn video(
    frames: &[Image],
    options: &VideoOptions,
    images: &ImageDirectory,
    hash: u64,
) -> Result<String, String> {
    let format = options.format.as_deref().unwrap_or("webm");
    let name = options
        .file
        .clone()
        .unwrap_or_else(|| format!("{hash:016x}-video.{format}"));
    let target = images.prepare(&name)?;
    let work = TempDir::new()?;
    for (i, frame) in frames.iter().enumerate() {
        frame.write_png(&work.0.join(format!("frame{i:010}.png")))?;
    }
    let webm = work.0.join("video.webm");
    let fps = options.fps.unwrap_or(VIDEO_FPS).to_string();
    let pattern = work.0.join("frame%010d.png");
    let encode: Vec<&std::ffi::OsStr> = vec![
        "-y".as_ref(),
        "-r".as_ref(),
        fps.as_ref(),
        "-i".as_ref(),
        pattern.as_os_str(),
        "-c:v".as_ref(),
        "libvpx-vp9".as_ref(),
        "-pix_fmt".as_ref(),
        "yuv420p".as_ref(),
        "-b:v".as_ref(),
        "2M".as_ref(),
        webm.as_os_str(),
    ];
    run_tool("ffmpeg", &encode, None, "the :video directive")?;
    if format == "gif" {
        let convert: Vec<&std::ffi::OsStr> = vec![
            "-y".as_ref(),
            "-i".as_ref(),
            webm.as_os_str(),
            target.as_os_str(),
        ];
        run_tool("ffmpeg", &convert, None, "the :video directive")?;
    } else {
        std::fs::copy(&webm, &target)
            .map_err(|error| format!("cannot write {}: {error}", target.display()))?;
    }
    let mut attributes = Vec::new();
    if let Some(repeat) = options.repeat {
        attributes.push(format!("loop=\"{repeat}\""));
    }
    if let Some(autoplay) = options.autoplay {
        attributes.push(format!("autoplay=\"{autoplay}\""));
    }
    let mut link = images.link(&name);
    if !attributes.is_empty() {
        link.insert_str(link.len() - 1, &format!("{{{}}}", attributes.join(" ")));
    }
    Ok(link)
}

/// Runs the external program `tool`, feeding it `input`; `Err` says why
/// it could not, naming `user`, what needs it, when it is not installed.
fn run_tool(
    tool: &str,
    args: &[&std::ffi::OsStr],
    input: Option<&str>,
    user: &str,
) -> Result<(), String> {
    let child = Command::new(tool)
        .args(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Err(format!(
                "{user} needs {tool}, which is not installed (not found on PATH)"
            ));
        }
        Err(error) => return Err(format!("cannot run {tool}: {error}")),
    };
    if let (Some(input), Some(mut stdin)) = (input, child.stdin.take()) {
        stdin
            .write_all(input.as_bytes())
            .map_err(|error| format!("cannot write to {tool}: {error}"))?;
    }
    let output = child
        .wait_with_output()
        .map_err(|error| format!("cannot run {tool}: {error}"))?;
    if output.status.success() {
        return Ok(());
    }
    Err(format!(
        "{tool} failed ({}):\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr).trim_end()
    ))
}

/// A directory of our own under the system's temporary directory,
/// removed with everything in it when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> Result<TempDir, String> {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "futc-literate-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&path)
            .map_err(|error| format!("cannot create {}: {error}", path.display()))?;
        Ok(TempDir(path))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The directory of a Markdown file's images (`NAME-img` beside
/// `NAME.md`) and the files written to it in this run.
pub(super) struct ImageDirectory {
    path: PathBuf,
    /// How the Markdown links to the directory.
    link: String,
    written: std::cell::RefCell<BTreeSet<String>>,
}

impl ImageDirectory {
    pub(super) fn beside(markdown: &Path) -> ImageDirectory {
        let stem = markdown
            .file_stem()
            .map_or_else(String::new, |stem| stem.to_string_lossy().into_owned());
        let link = format!("{stem}-img");
        ImageDirectory {
            path: markdown.with_file_name(&link),
            link,
            written: Default::default(),
        }
    }

    /// Where the file `name` goes, the directory made.
    fn prepare(&self, name: &str) -> Result<PathBuf, String> {
        std::fs::create_dir_all(&self.path)
            .map_err(|error| format!("cannot create {}: {error}", self.path.display()))?;
        self.written.borrow_mut().insert(name.to_owned());
        Ok(self.path.join(name))
    }

    fn write_png(&self, name: &str, image: &Image) -> Result<String, String> {
        image.write_png(&self.prepare(name)?)?;
        Ok(self.link(name))
    }

    /// The Markdown showing the file `name`.
    fn link(&self, name: &str) -> String {
        format!("![]({}/{name})\n", self.link)
    }

    /// Removes the files of earlier runs that this one did not write,
    /// and the directory if nothing is left in it.
    pub(super) fn remove_others(&self) -> Result<(), String> {
        let Ok(entries) = std::fs::read_dir(&self.path) else {
            return Ok(());
        };
        let written = self.written.borrow();
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if written.contains(&name) {
                continue;
            }
            let path = entry.path();
            let removed = if path.is_dir() {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
            removed.map_err(|error| format!("error: cannot remove {}: {error}", path.display()))?;
        }
        if written.is_empty() {
            let _ = std::fs::remove_dir(&self.path);
        }
        Ok(())
    }
}

/// The results of an entry point as a Futhark value: one result as
/// itself, several as a tuple.
fn show_results(values: &[Value], types: &[ExternalType]) -> Result<String, String> {
    let mut values = values.iter();
    let shown = types
        .iter()
        .map(|ty| show(ty, &mut values))
        .collect::<Result<Vec<String>, String>>()?;
    Ok(match shown.as_slice() {
        [one] => one.clone(),
        _ => format!("({})", shown.join(", ")),
    })
}

/// A value of type `ty`, made of the next of `values`.
fn show(ty: &ExternalType, values: &mut dyn Iterator<Item = &Value>) -> Result<String, String> {
    let missing = || "internal error: fewer results than the entry point's type has".to_owned();
    match ty {
        ExternalType::Direct { .. } => {
            let mut text = String::new();
            write_text(values.next().ok_or_else(missing)?, &mut text);
            Ok(text)
        }
        ExternalType::Opaque {
            kind: OpaqueKind::Record(fields),
            ..
        } => {
            let shown = fields
                .iter()
                .map(|(_, field)| show(field, values))
                .collect::<Result<Vec<String>, String>>()?;
            let is_tuple = fields.len() != 1
                && fields
                    .iter()
                    .enumerate()
                    .all(|(i, (name, _))| *name == i.to_string());
            if is_tuple {
                return Ok(format!("({})", shown.join(", ")));
            }
            let fields: Vec<String> = fields
                .iter()
                .zip(shown)
                .map(|((name, _), value)| format!("{name}={value}"))
                .collect();
            Ok(format!("{{{}}}", fields.join(", ")))
        }
        ExternalType::Opaque {
            kind: OpaqueKind::Sum(variants),
            components,
            ..
        } => {
            let parts: Vec<&Value> = values.take(*components).collect();
            let tag = parts
                .first()
                .and_then(|tag| tag.as_prim())
                .map(image::numeric)
                .ok_or_else(missing)?
                .ok_or_else(missing)?;
            let variant = variants.get(tag as usize).ok_or_else(missing)?;
            let mut payload_values = variant
                .components
                .iter()
                .filter_map(|&i| parts.get(i).copied());
            let mut text = format!("#{}", variant.name);
            for payload in &variant.payload {
                let shown = show(payload, &mut payload_values)?;
                if shown.starts_with('#') && shown.contains(' ') {
                    text.push_str(&format!(" ({shown})"));
                } else {
                    text.push(' ');
                    text.push_str(&shown);
                }
            }
            Ok(text)
        }
        ExternalType::Opaque { name, .. } => Err(format!("cannot show a value of type {name}")),
    }
}
