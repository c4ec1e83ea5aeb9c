//! A literate program split into blocks, as upstream's `futhark literate`
//! reads it: comment lines at the start of a line are prose, other lines
//! code, and a `-- >` line that starts a block (it does not continue a
//! comment) is a directive, with its parameter lines after a `;`.

/// A run of the program's lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// Code lines without the blank lines at either end, each ending with
    /// a newline; empty for a run of blank lines.
    Code(String),
    /// Comment lines without their `--` and the space after it.
    Prose(String),
    Directive(Directive),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Directive {
    /// The one-based line of the `-- >`.
    pub line: usize,
    /// The directive's lines without their comment markers, each ending
    /// with a newline: how the Markdown shows it.
    pub source: String,
    pub shown: Shown,
    pub kind: DirectiveKind,
    pub expression: Expression,
}

/// How much of a directive the Markdown shows besides its result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    Whole,
    /// `:brief`: the directive without its parameters.
    Brief,
    /// `:covert`: only the result.
    Covert,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DirectiveKind {
    /// `> e`: the value.
    Value,
    /// `:img e`, with an optional `file:` name.
    Image {
        file: Option<String>,
    },
    /// `:plot2d e`, with an optional `size: (width, height)`.
    Plot {
        size: Option<(u32, u32)>,
    },
    /// `:gnuplot e;` followed by a script.
    Gnuplot {
        script: String,
    },
    Video(VideoOptions),
}

impl DirectiveKind {
    /// The name a directive is written with (`:img`), none for `> e`.
    pub fn name(&self) -> Option<&'static str> {
        match self {
            DirectiveKind::Value => None,
            DirectiveKind::Image { .. } => Some("img"),
            DirectiveKind::Plot { .. } => Some("plot2d"),
            DirectiveKind::Gnuplot { .. } => Some("gnuplot"),
            DirectiveKind::Video(_) => Some("video"),
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VideoOptions {
    pub fps: Option<u32>,
    pub repeat: Option<bool>,
    pub autoplay: Option<bool>,
    pub format: Option<String>,
    pub file: Option<String>,
}

/// A directive's expression and where it is in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expression {
    pub text: String,
    /// One-based line and column (in characters).
    pub line: usize,
    pub column: usize,
}

/// Why a file is not a literate program: its one-based line and the
/// reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub message: String,
}

/// The blocks of the literate program `text`.
pub fn parse(text: &str) -> Result<Vec<Block>, ParseError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut blocks = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let line = lines[at];
        if line.starts_with("-- >") {
            let (directive, next) = parse_directive(&lines, at)?;
            blocks.push(Block::Directive(directive));
            at = next;
        } else if line.trim_end() == "-- ==" {
            // A test block is shown as code, with its comment markers.
            let end = comment_run_end(&lines, at + 1);
            blocks.push(Block::Code(joined(&lines[at..end])));
            at = end;
        } else if line.starts_with("--") {
            let end = comment_run_end(&lines, at);
            let prose: Vec<&str> = lines[at..end].iter().map(|l| strip_comment(l)).collect();
            blocks.push(Block::Prose(joined(&prose)));
            at = end;
        } else {
            let end = (at..lines.len())
                .find(|&i| lines[i].starts_with("--"))
                .unwrap_or(lines.len());
            let code = &lines[at..end];
            let first = code.iter().position(|l| !l.trim().is_empty());
            let last = code.iter().rposition(|l| !l.trim().is_empty());
            let code = match (first, last) {
                (Some(first), Some(last)) => joined(&code[first..=last]),
                _ => String::new(),
            };
            blocks.push(Block::Code(code));
            at = end;
        }
    }
    Ok(blocks)
}

/// The index after the comment lines from `start` on.
fn comment_run_end(lines: &[&str], start: usize) -> usize {
    (start..lines.len())
        .find(|&i| !lines[i].starts_with("--"))
        .unwrap_or(lines.len())
}

fn strip_comment(line: &str) -> &str {
    let rest = &line[2..];
    rest.strip_prefix(' ').unwrap_or(rest)
}

fn joined(lines: &[&str]) -> String {
    lines.iter().flat_map(|line| [*line, "\n"]).collect()
}

/// The directive whose `-- >` line is `lines[at]`, and the index of the
/// line after it.
fn parse_directive(lines: &[&str], at: usize) -> Result<(Directive, usize), ParseError> {
    let line_number = at + 1;
    let error = |message: String| ParseError {
        line: line_number,
        message,
    };
    let line = lines[at];
    let mut rest = &line["-- >".len()..];
    let mut shown = Shown::Whole;
    let mut name = None;
    loop {
        let trimmed = rest.trim_start();
        let Some(command) = trimmed.strip_prefix(':') else {
            rest = trimmed;
            break;
        };
        let word_end = command
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(command.len());
        let word = &command[..word_end];
        rest = &command[word_end..];
        match word {
            "brief" | "covert" if name.is_none() => {
                // Of the two, covert shows less.
                if word == "covert" || shown == Shown::Whole {
                    shown = if word == "brief" {
                        Shown::Brief
                    } else {
                        Shown::Covert
                    };
                }
            }
            "img" | "plot2d" | "gnuplot" | "video" if name.is_none() => {
                name = Some(word);
                rest = rest.trim_start();
                break;
            }
            "audio" => {
                return Err(error(
                    "the :audio directive is not supported by futc literate".to_owned(),
                ));
            }
            _ => return Err(error(format!("unknown directive :{word}"))),
        }
    }
    let mut expression_text = rest.trim_end();
    let has_parameters = expression_text.ends_with(';');
    if has_parameters {
        expression_text = expression_text[..expression_text.len() - 1].trim_end();
    }
    if expression_text.is_empty() {
        return Err(error("the directive has no expression".to_owned()));
    }
    if has_builtin(expression_text) {
        return Err(error(
            "builtin functions ($loadimg, $loaddata, ...) are not supported by futc literate"
                .to_owned(),
        ));
    }
    let offset = line.len() - rest.len();
    let expression = Expression {
        text: expression_text.to_owned(),
        line: line_number,
        column: line[..offset].chars().count() + 1,
    };
    let mut next = at + 1;
    let kind = match (name, has_parameters) {
        (None, true) => return Err(error("a `> e` directive takes no parameters".to_owned())),
        (None, false) => DirectiveKind::Value,
        (Some("gnuplot"), false) => {
            return Err(error(
                "the :gnuplot directive needs `;` and a script on the lines after it".to_owned(),
            ));
        }
        (Some("gnuplot"), true) => {
            let end = comment_run_end(lines, next);
            let script: Vec<&str> = lines[next..end].iter().map(|l| strip_comment(l)).collect();
            next = end;
            DirectiveKind::Gnuplot {
                script: joined(&script),
            }
        }
        (Some(name), has_parameters) => {
            let mut parameters = Vec::new();
            if has_parameters {
                while let Some(parameter) = lines.get(next).and_then(|l| parameter_line(l)) {
                    parameters.push((next + 1, parameter));
                    next += 1;
                }
                if parameters.is_empty() {
                    return Err(error(
                        "expected `-- key: value` parameter lines after the `;`".to_owned(),
                    ));
                }
            }
            directive_kind(name, &parameters)?
        }
    };
    let source_lines: Vec<&str> = lines[at..next]
        .iter()
        .map(|l| match l.strip_prefix("-- ") {
            Some(rest) => rest,
            None => &l[2..],
        })
        .collect();
    Ok((
        Directive {
            line: line_number,
            source: joined(&source_lines),
            shown,
            kind,
            expression,
        },
        next,
    ))
}

/// `(key, value)` of a `-- key: value` line.
fn parameter_line(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.strip_prefix("--")?.trim_start().split_once(':')?;
    let key = key.trim_end();
    (!key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .then(|| (key, value.trim()))
}

/// The directive `name` with its parameters, each with its line.
fn directive_kind(
    name: &str,
    parameters: &[(usize, (&str, &str))],
) -> Result<DirectiveKind, ParseError> {
    let mut kind = match name {
        "img" => DirectiveKind::Image { file: None },
        "plot2d" => DirectiveKind::Plot { size: None },
        _ => DirectiveKind::Video(VideoOptions::default()),
    };
    for &(line, (key, value)) in parameters {
        let error = |message: String| ParseError { line, message };
        let invalid = || error(format!("invalid value for `{key}`: {value}"));
        match (&mut kind, key) {
            (DirectiveKind::Image { file }, "file")
            | (DirectiveKind::Video(VideoOptions { file, .. }), "file") => {
                *file = Some(file_name(value).map_err(error)?);
            }
            (DirectiveKind::Plot { size }, "size") => {
                let (width, height) = value
                    .strip_prefix('(')
                    .and_then(|v| v.strip_suffix(')'))
                    .and_then(|v| v.split_once(','))
                    .ok_or_else(invalid)?;
                let dimension = |text: &str| text.trim().parse::<u32>().ok().filter(|&n| n > 0);
                *size = Some(
                    dimension(width)
                        .zip(dimension(height))
                        .ok_or_else(invalid)?,
                );
            }
            (DirectiveKind::Video(options), "fps") => {
                options.fps = Some(value.parse().ok().filter(|&n| n > 0).ok_or_else(invalid)?);
            }
            (DirectiveKind::Video(options), "repeat" | "loop" | "autoplay") => {
                let flag = match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(invalid()),
                };
                if key == "autoplay" {
                    options.autoplay = Some(flag);
                } else {
                    options.repeat = Some(flag);
                }
            }
            (DirectiveKind::Video(options), "format") => {
                if !matches!(value, "webm" | "gif") {
                    return Err(error(format!("unknown video format {value} (webm or gif)")));
                }
                options.format = Some(value.to_owned());
            }
            _ => return Err(error(format!("unknown parameter `{key}` of :{name}"))),
        }
    }
    Ok(kind)
}

/// A `file:` parameter: a name without a directory or spaces.
fn file_name(value: &str) -> Result<String, String> {
    if value.is_empty()
        || value.contains(['/', '\\'])
        || value.contains(char::is_whitespace)
        || value == "."
        || value == ".."
    {
        return Err(format!(
            "a file name must not be empty or contain a directory or spaces: {value}"
        ));
    }
    Ok(value.to_owned())
}

/// Whether an expression calls a `$` builtin (outside string and
/// character literals); Futhark itself has no `$`.
fn has_builtin(expression: &str) -> bool {
    let mut quote = None;
    let mut escaped = false;
    for c in expression.chars() {
        match quote {
            Some(_) if escaped => escaped = false,
            Some(_) if c == '\\' => escaped = true,
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' => quote = Some('"'),
            None if c == '$' => return true,
            None => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn directive(text: &str) -> Directive {
        match parse(text).expect("parses").into_iter().next() {
            Some(Block::Directive(directive)) => directive,
            other => panic!("not a directive: {other:?}"),
        }
    }

    #[test]
    fn blocks_of_a_program() {
        let text =
            "-- Prose\n--second line\ndef f x = x\n\n-- > f 1\n\n-- ==\n-- input { 1 }\ndef g = 2";
        let blocks = parse(text).unwrap();
        assert_eq!(blocks[0], Block::Prose("Prose\nsecond line\n".to_owned()));
        assert_eq!(blocks[1], Block::Code("def f x = x\n".to_owned()));
        let Block::Directive(directive) = &blocks[2] else {
            panic!("{:?}", blocks[2]);
        };
        assert_eq!(directive.source, "> f 1\n");
        assert_eq!(
            directive.expression,
            Expression {
                text: "f 1".to_owned(),
                line: 5,
                column: 6
            }
        );
        assert_eq!(blocks[3], Block::Code(String::new()));
        assert_eq!(blocks[4], Block::Code("-- ==\n-- input { 1 }\n".to_owned()));
        assert_eq!(blocks[5], Block::Code("def g = 2\n".to_owned()));
    }

    #[test]
    fn a_directive_after_a_comment_line_is_prose() {
        let blocks = parse("-- Text\n-- > f 1\n").unwrap();
        assert_eq!(blocks, [Block::Prose("Text\n> f 1\n".to_owned())]);
    }

    #[test]
    fn modifiers_and_parameters() {
        let image = directive("-- > :brief :img pixels 3;\n-- file: a.png\n-- Prose\n");
        assert_eq!(image.shown, Shown::Brief);
        assert_eq!(
            image.kind,
            DirectiveKind::Image {
                file: Some("a.png".to_owned())
            }
        );
        assert_eq!(image.expression.text, "pixels 3");
        assert_eq!(image.expression.column, 18);
        assert_eq!(image.source, "> :brief :img pixels 3;\nfile: a.png\n");
        let plot = directive("-- > :covert :plot2d (xs, ys);\n-- size: (300, 200)\n");
        assert_eq!(plot.shown, Shown::Covert);
        assert_eq!(
            plot.kind,
            DirectiveKind::Plot {
                size: Some((300, 200))
            }
        );
        let gnuplot = directive("-- > :gnuplot {a = (xs, ys)};\n-- plot a with lines\n");
        assert_eq!(
            gnuplot.kind,
            DirectiveKind::Gnuplot {
                script: "plot a with lines\n".to_owned()
            }
        );
    }

    #[test]
    fn errors_have_lines() {
        let error = |text: &str| parse(text).unwrap_err();
        assert_eq!(error("def x = 1\n\n-- > :foo x\n").line, 3);
        assert_eq!(error("-- > :img x;\n-- file: a/b.png\n").line, 2);
        assert!(
            error("-- > $loadimg \"a.png\"\n")
                .message
                .contains("builtin")
        );
        assert!(error("-- > :img\n").message.contains("no expression"));
    }
}
