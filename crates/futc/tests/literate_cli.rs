//! `futc literate`: the Markdown and the PNG files of a program of prose,
//! values, images and plots (decoded and looked at pixel by pixel), the
//! same with a compiled backend, and failing directives located.

mod support;

use std::path::{Path, PathBuf};
use std::process::Output;
use support::{Png, futc, stderr, temp_dir, write};

fn gallery() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/literate/gallery.fut")
}

/// `futc literate ARGS FILE -o MARKDOWN`.
fn literate(args: &[&str], file: &Path, markdown: &Path) -> Output {
    let mut all = vec!["literate"];
    all.extend(args);
    all.extend([
        file.to_str().expect("UTF-8 path"),
        "-o",
        markdown.to_str().expect("UTF-8 path"),
    ]);
    futc(&all)
}

/// The Markdown with the hashes in generated file names as `HASH`.
fn without_hashes(markdown: &str) -> String {
    regex::Regex::new(r"[0-9a-f]{16}-(img|plot)\.png")
        .unwrap()
        .replace_all(markdown, "HASH-$1.png")
        .into_owned()
}

/// An image `futc literate` wrote: RGB, without alpha.
fn rgb_png(path: &Path) -> Png {
    let image = Png::read(path);
    assert_eq!(image.colour_type, png::ColorType::Rgb);
    image
}

/// The files named in `![](...)` links, relative to the Markdown's
/// directory.
fn linked_files(markdown: &str) -> Vec<String> {
    regex::Regex::new(r"!\[\]\(([^)]*)\)")
        .unwrap()
        .captures_iter(markdown)
        .map(|found| found[1].to_owned())
        .collect()
}

const EXPECTED_GALLERY: &str = r#"# A small gallery

Squares of the first numbers:

```futhark
def squares (n: i64) : []i64 = map (\i -> i * i) (iota n)
```

```
> squares 5
```

```
[0i64, 1i64, 4i64, 9i64, 16i64]
```


A record, a tuple and a float.

```futhark
def stats (xs: []f32) = {count = length xs, total = f32.sum xs}
```

```
> (stats [1, 2, 3.5], 2.5f32, true)
```

```
({count=3i64, total=6.5f32}, 2.5f32, true)
```


An image of two rows: red, green and blue over black, grey and
white.

```futhark
def pixels : [2][3]u32 =
  [[0xFFFF0000, 0xFF00FF00, 0xFF0000FF],
   [0xFF000000, 0xFF808080, 0xFFFFFFFF]]
```

```
> :img pixels
```

![](gallery-img/HASH-img.png)


The same image under a name of our own, as greys.


```
> :img map (map (\p -> f32.u32 (p & 0xFF) / 255)) pixels;
file: greys.png
```

![](gallery-img/greys.png)


A rising and a falling line.

```futhark
def xs = map f64.i64 (iota 11)
```

```
> :plot2d {up = (xs, xs), down = (xs, map (10 -) xs)};
size: (320, 240)
```

![](gallery-img/HASH-plot.png)



![](gallery-img/HASH-plot.png)


```
> :img pixels
```

![](gallery-img/brief.png)
"#;

const WHITE: [u8; 3] = [255, 255, 255];
/// The colours of the first and second series.
const PURPLE: [u8; 3] = [0x94, 0x00, 0xd3];
const GREEN: [u8; 3] = [0x00, 0x9e, 0x73];

#[test]
fn gallery_markdown_and_images() {
    let dir = temp_dir("literate-gallery");
    let markdown_path = dir.join("gallery.md");
    // A file of an earlier run that this one does not write goes.
    write(&dir, "gallery-img/stale.png", b"old");
    let output = literate(&[], &gallery(), &markdown_path);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // Nothing but the files: no progress bar off a terminal.
    assert_eq!(stderr(&output), "");
    assert!(output.stdout.is_empty());
    let markdown = std::fs::read_to_string(&markdown_path).unwrap();
    assert_eq!(without_hashes(&markdown), EXPECTED_GALLERY);
    assert!(!dir.join("gallery-img/stale.png").exists());

    let files = linked_files(&markdown);
    assert_eq!(files.len(), 5, "{files:?}");
    let image = rgb_png(&dir.join(&files[0]));
    assert_eq!((image.width, image.height), (3, 2));
    let expected_pixels = [
        [255, 0, 0],
        [0, 255, 0],
        [0, 0, 255],
        [0, 0, 0],
        [0x80, 0x80, 0x80],
        [255, 255, 255],
    ];
    for (i, expected) in expected_pixels.iter().enumerate() {
        let (x, y) = (i as u32 % 3, i as u32 / 3);
        assert_eq!(&image.pixel(x, y), expected, "pixel ({x}, {y})");
    }

    // Greys from 0 to 1: the blue channel of each pixel.
    let greys = rgb_png(&dir.join("gallery-img/greys.png"));
    assert_eq!((greys.width, greys.height), (3, 2));
    let levels: Vec<u8> = (0..6).map(|i| greys.pixel(i % 3, i / 3)[0]).collect();
    assert_eq!(levels, [0, 0, 255, 0, 0x80, 255]);
    assert_eq!(greys.pixel(1, 1), [0x80, 0x80, 0x80]);

    // Two series in a plot of the size asked for: `down` (first by
    // name) falls from left to right, `up` rises. Right of the frame
    // (the rightmost long black column), a legend shows each series'
    // colour as a horizontal line.
    let plot = rgb_png(&dir.join(&files[2]));
    assert_eq!((plot.width, plot.height), (320, 240));
    assert_eq!(plot.pixel(0, 0), WHITE);
    assert_eq!(plot.pixel(319, 239), WHITE);
    let frame_right = (0..plot.width)
        .rev()
        .find(|&x| {
            (0..plot.height)
                .filter(|&y| plot.pixel(x, y) == [0, 0, 0])
                .count()
                > 150
        })
        .expect("a frame");
    assert!(frame_right > 200, "{frame_right}");
    for colour in [PURPLE, GREEN] {
        let legend = plot
            .pixels_of(colour)
            .into_iter()
            .filter(|p| p.0 > frame_right)
            .collect::<Vec<_>>();
        let row = legend.first().expect("a legend line").1;
        assert!(
            legend.iter().filter(|p| p.1 == row).count() >= 15,
            "{legend:?}"
        );
    }
    for (colour, rising) in [(PURPLE, false), (GREEN, true)] {
        let pixels: Vec<(u32, u32)> = plot
            .pixels_of(colour)
            .into_iter()
            .filter(|p| p.0 < frame_right)
            .collect();
        assert!(pixels.len() > 200, "{colour:?}: {} pixels", pixels.len());
        let leftmost = pixels.iter().min_by_key(|p| p.0).unwrap();
        let rightmost = pixels.iter().max_by_key(|p| p.0).unwrap();
        assert!(rightmost.0 - leftmost.0 > 150);
        assert_eq!(leftmost.1 > rightmost.1, rising, "{colour:?}");
    }
    // The lines cross in the middle of the plot area.
    let crossing = plot.pixels_of(PURPLE).into_iter().find(|&(x, y)| {
        (x.saturating_sub(3)..=x + 3).any(|x2| {
            (y.saturating_sub(3)..=y + 3)
                .any(|y2| x2 < 320 && y2 < 240 && plot.pixel(x2, y2) == GREEN)
        })
    });
    let (x, y) = crossing.expect("the lines cross");
    assert!(
        (120..220).contains(&x) && (70..170).contains(&y),
        "({x}, {y})"
    );

    // A plot without a size is 500 by 500, one series of quadratic
    // growth: its middle lies below the straight line between its ends.
    let covert = rgb_png(&dir.join(&files[3]));
    assert_eq!((covert.width, covert.height), (500, 500));
    let curve = covert.pixels_of(PURPLE);
    let lowest_x = curve.iter().map(|p| p.0).min().unwrap();
    let highest_x = curve.iter().map(|p| p.0).max().unwrap();
    let middle_x = (lowest_x + highest_x) / 2;
    let middle_y = curve
        .iter()
        .filter(|p| p.0 == middle_x)
        .map(|p| p.1)
        .max()
        .unwrap();
    let first_y = curve
        .iter()
        .filter(|p| p.0 == lowest_x)
        .map(|p| p.1)
        .max()
        .unwrap();
    let last_y = curve
        .iter()
        .filter(|p| p.0 == highest_x)
        .map(|p| p.1)
        .min()
        .unwrap();
    assert!(
        middle_y > (first_y + last_y) / 2 + 50,
        "{first_y} {middle_y} {last_y}"
    );

    let brief = rgb_png(&dir.join("gallery-img/brief.png"));
    assert_eq!(brief.pixels, image.pixels);
}

#[test]
fn compiled_backend_gives_the_same_markdown() {
    let interpreted = temp_dir("literate-interpreted");
    let compiled = temp_dir("literate-compiled");
    let output = literate(&[], &gallery(), &interpreted.join("gallery.md"));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let output = literate(
        &["--backend", "c"],
        &gallery(),
        &compiled.join("gallery.md"),
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let markdown = std::fs::read_to_string(interpreted.join("gallery.md")).unwrap();
    assert_eq!(
        std::fs::read_to_string(compiled.join("gallery.md")).unwrap(),
        markdown
    );
    for file in linked_files(&markdown) {
        assert_eq!(
            std::fs::read(compiled.join(&file)).unwrap(),
            std::fs::read(interpreted.join(&file)).unwrap(),
            "{file}"
        );
    }
}

const FAILING: &str = "def inc (x: i32) = x + 1

-- > inc 2f32

-- > [1i32, 2, 3][inc 4]

-- > inc (2

-- > inc 1
";

#[test]
fn failing_directives_are_located() {
    let dir = temp_dir("literate-failing");
    let file = write(&dir, "failing.fut", FAILING.as_bytes());
    let markdown_path = dir.join("failing.md");
    let output = literate(&[], Path::new(&file), &markdown_path);
    assert_eq!(output.status.code(), Some(1));
    let errors = stderr(&output);
    assert!(
        errors.contains("failing.fut:3: > inc 2f32 failed"),
        "{errors}"
    );
    // The type error points into the directive's line and column.
    assert!(errors.contains("failing.fut:3:10: "), "{errors}");
    assert!(errors.contains("3 │ -- > inc 2f32\n"), "{errors}");
    assert!(
        errors.contains("failing.fut:5: > [1i32, 2, 3][inc 4] failed"),
        "{errors}"
    );
    assert!(errors.contains("out of bounds"), "{errors}");
    assert!(errors.contains("failing.fut:5:6-"), "{errors}");
    // An unclosed bracket is found at the end of the directive's line.
    assert!(
        errors.contains("failing.fut:7:12: Unexpected end of file. Expected ')'."),
        "{errors}"
    );
    // The Markdown is written with the failures in it.
    let markdown = std::fs::read_to_string(&markdown_path).unwrap();
    assert_eq!(markdown.matches("**FAILED**").count(), 3, "{markdown}");
    assert!(
        markdown.ends_with("```\n> inc 1\n```\n\n```\n2i32\n```\n"),
        "{markdown}"
    );

    // With --stop-on-error, the first failure ends the run, and no
    // Markdown is written.
    std::fs::remove_file(&markdown_path).unwrap();
    let output = literate(&["--stop-on-error"], Path::new(&file), &markdown_path);
    assert_eq!(output.status.code(), Some(1));
    let errors = stderr(&output);
    assert!(
        errors.contains("failing.fut:3: > inc 2f32 failed"),
        "{errors}"
    );
    assert!(!errors.contains("out of bounds"), "{errors}");
    assert!(!markdown_path.exists());
}

#[test]
fn program_and_directive_errors_write_nothing() {
    let dir = temp_dir("literate-errors");
    let broken = write(&dir, "broken.fut", b"def x : i32 = true\n\n-- > x\n");
    let output = literate(&[], Path::new(&broken), &dir.join("broken.md"));
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("broken.fut:1:"),
        "{}",
        stderr(&output)
    );
    assert!(!dir.join("broken.md").exists());

    let unknown = write(&dir, "unknown.fut", b"def x = 1\n\n-- > :picture x\n");
    let output = literate(&[], Path::new(&unknown), &dir.join("unknown.md"));
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("unknown.fut:3: unknown directive :picture"),
        "{}",
        stderr(&output)
    );

    // A program named like its Markdown is not overwritten.
    let named_md = write(&dir, "program.md", b"def x = 1i32\n\n-- > x\n");
    let output = futc(&["literate", &named_md]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("would overwrite the program"));
    assert_eq!(
        std::fs::read_to_string(&named_md).unwrap(),
        "def x = 1i32\n\n-- > x\n"
    );

    let output = literate(&["-p", "-d"], Path::new(&named_md), &dir.join("other.md"));
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--pass-option needs a compiled backend"));

    let function = write(&dir, "function.fut", b"def f (x: i32) = x\n\n-- > f\n");
    let output = literate(&[], Path::new(&function), &dir.join("function.md"));
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("function.fut:3: > f failed:\nthe value is or holds a function"),
        "{}",
        stderr(&output)
    );

    let not_image = write(&dir, "not_image.fut", b"def x = 1i32\n\n-- > :img x\n");
    let output = literate(&[], Path::new(&not_image), &dir.join("not_image.md"));
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("cannot make an image of a value of type i32"),
        "{}",
        stderr(&output)
    );
}

/// Whether `tool` runs here.
fn installed(tool: &str) -> bool {
    std::process::Command::new(tool)
        .arg("--version")
        .output()
        .is_ok()
}

#[test]
fn external_tools_or_a_clear_error() {
    let dir = temp_dir("literate-tools");
    let program = "def xs = map f32.i64 (iota 4)

-- > :gnuplot {points = (xs, xs)};
-- plot points with lines

-- > :video map (\\i -> replicate 4 (replicate 4 (u32.i64 i * 0x111111))) (iota 8)
";
    let file = write(&dir, "tools.fut", program.as_bytes());
    let output = literate(&[], Path::new(&file), &dir.join("tools.md"));
    let errors = stderr(&output);
    let markdown = std::fs::read_to_string(dir.join("tools.md")).unwrap();
    for (tool, directive, line) in [("gnuplot", ":gnuplot", 3), ("ffmpeg", ":video", 6)] {
        let failure = format!("tools.fut:{line}: > {directive} ");
        if installed(tool) {
            assert!(!errors.contains(&failure), "{errors}");
            let extension = if tool == "gnuplot" {
                "-plot.png"
            } else {
                "-video.webm"
            };
            let file = linked_files(&markdown)
                .into_iter()
                .find(|file| file.ends_with(extension))
                .expect("a linked file");
            assert!(std::fs::metadata(dir.join(file)).unwrap().len() > 0);
        } else {
            assert!(errors.contains(&failure), "{errors}");
            let why = format!("the {directive} directive needs {tool}, which is not installed");
            assert!(errors.contains(&why), "{errors}");
            assert!(markdown.contains(&why), "{markdown}");
        }
    }
}

/// Writes an executable shell script.
fn write_script(dir: &Path, name: &str, script: &str) {
    let path = write(dir, name, script.as_bytes());
    let mut permissions = std::fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(&path, permissions).unwrap();
}

/// What `:gnuplot` and `:video` give gnuplot and ffmpeg, seen by stand-ins
/// for them first on the PATH: the script with the data files it names,
/// the frames and the options.
#[test]
fn what_gnuplot_and_ffmpeg_are_given() {
    let dir = temp_dir("literate-stand-ins");
    let bin = dir.join("bin");
    // The script (with the data file of `points`) goes to the output file.
    write_script(
        &bin,
        "gnuplot",
        "#!/bin/sh\nscript=$(cat)\n\
         out=$(printf '%s\\n' \"$script\" | sed -n \"s/^set output '\\(.*\\)'$/\\1/p\")\n\
         data=$(printf '%s\\n' \"$script\" | sed -n \"s/^points='\\(.*\\)'$/\\1/p\")\n\
         { printf '%s\\n' \"$script\"; cat \"$data\"; } > \"$out\"\n",
    );
    // The arguments go to a log; the number of frames beside the input
    // to the output file.
    write_script(
        &bin,
        "ffmpeg",
        "#!/bin/sh\necho \"$@\" >> \"$STAND_IN_LOG\"\n\
         for last; do :; done\n\
         while [ $# -gt 0 ]; do if [ \"$1\" = -i ]; then input=$2; fi; shift; done\n\
         ls \"$(dirname \"$input\")\" | grep -c '^frame' > \"$last\"\n",
    );
    let program = "def xs = map f32.i64 (iota 4)

-- > :gnuplot {points = (xs, map (\\x -> x * x) xs)};
-- plot points with lines

-- > :video map (\\i -> replicate 2 (replicate 3 (u32.i64 i))) (iota 5);
-- fps: 12
-- loop: true
-- format: gif

-- A video of frames that a step function makes from a state:

def step (n: i64) : ([2][2]u8, i64) = (replicate 2 (replicate 2 (u8.i64 n)), n + 1)

-- > :video (step, 0i64, 3i64)
";
    let file = write(&dir, "tools.fut", program.as_bytes());
    let log = dir.join("ffmpeg.log");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_futc"))
        .args(["literate", &file])
        .env("PATH", path)
        .env("STAND_IN_LOG", &log)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let markdown = std::fs::read_to_string(dir.join("tools.md")).unwrap();
    let files = linked_files(&markdown);
    assert_eq!(files.len(), 3, "{markdown}");
    assert!(
        markdown.contains(&format!("![]({}){{loop=\"true\"}}\n", files[1])),
        "{markdown}"
    );
    assert!(files[1].ends_with("-video.gif"), "{files:?}");

    let given = std::fs::read_to_string(dir.join(&files[0])).unwrap();
    assert!(given.starts_with("set terminal png"), "{given}");
    assert!(given.contains("\nplot points with lines\n"), "{given}");
    assert!(given.ends_with("\n0 0\n1 1\n2 4\n3 9\n"), "{given}");

    assert_eq!(std::fs::read_to_string(dir.join(&files[1])).unwrap(), "5\n");
    let calls = std::fs::read_to_string(&log).unwrap();
    let calls: Vec<&str> = calls.lines().collect();
    assert_eq!(calls.len(), 3, "{calls:?}");
    assert!(calls[0].starts_with("-y -r 12 -i "), "{calls:?}");
    assert!(
        calls[0].contains("frame%010d.png -c:v libvpx-vp9"),
        "{calls:?}"
    );
    assert!(calls[1].ends_with("-video.gif"), "{calls:?}");
    assert!(files[2].ends_with("-video.webm"), "{files:?}");
    assert_eq!(std::fs::read_to_string(dir.join(&files[2])).unwrap(), "3\n");
}
