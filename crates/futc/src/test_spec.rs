//! Test specifications in the upstream `futhark test` format: the `-- ==`
//! comment blocks of a Futhark program.
//!
//! A block is a line that starts with `-- ==` and every `--` line that
//! directly follows it; the comment lines right above it are its
//! description. Tokens of a block may continue on its next lines, as
//! upstream allows. The first block may carry `tags { .. }` and either a
//! compile-time `error:` (then it must be the only block) or run cases;
//! every block may name its entry points with `entry:`, and list runs,
//! `structure` tests (the metrics a pipeline's result must have),
//! `warning:` expectations or `property:` entry points.
//!
//! Guarantees: parsing never panics; a malformed block is a [`SpecError`]
//! naming the file and line; literal values keep their text, which is
//! read when a run needs it, as the types of the entry point's parameters
//! or results (so `{ [1.0, 2.0] }` is a `[]f32` for an entry point taking
//! one, as upstream's compiled programs read it); regexes are compiled when the spec is parsed, with `.` matching line
//! breaks (upstream compiles them so that newlines are ordinary
//! characters). Paths after `@` are kept as written: they are relative to
//! the test program, and read only when a run needs them.

use opt::ir::Kind;
use opt::value::Value;
use opt::value::data::{DataError, ValueError, read_values_as};
use prim::PrimType;
use regex::{Regex, RegexBuilder};
use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};

/// What a program's test blocks ask for.
#[derive(Debug, Clone)]
pub struct TestSpec {
    /// The comment lines above the first block, without their `--`.
    pub description: String,
    /// The tags of `tags { .. }` (upstream: `disable`, `no_opencl`, ...).
    pub tags: Vec<String>,
    pub action: TestAction,
}

#[derive(Debug, Clone)]
pub enum TestAction {
    /// The program must be rejected with an error that matches.
    CompileError {
        expected: ExpectedError,
        line: usize,
    },
    Run(RunCases),
}

/// Everything a program that must compile is tested with.
#[derive(Debug, Clone, Default)]
pub struct RunCases {
    pub cases: Vec<EntryCases>,
    /// Checks of the compiled program's metrics, one per `structure`
    /// block.
    pub structures: Vec<StructureTest>,
    /// Compiling must print a warning that matches each of these.
    pub warnings: Vec<ExpectedError>,
    /// Entry points to test as properties (`property:`).
    pub properties: Vec<String>,
}

/// A `structure` block: how many times each path of constructs (see
/// `opt::ir::metrics`) must occur in the program a pipeline makes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StructureTest {
    pub pipeline: StructurePipeline,
    /// The line of the block's `{`.
    pub line: usize,
    /// Paths (`Screma`, `/Loop/Screma`) and their expected counts; a path
    /// written twice keeps its last count, as upstream reads it.
    pub expected: BTreeMap<String, usize>,
}

/// The pipeline a `structure` block measures: upstream's default (the
/// SOACS pipeline) unless the block names another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StructurePipeline {
    Soacs,
    Gpu,
    GpuMem,
    Mc,
    McMem,
    SeqMem,
    /// The program right after upstream's internalisation.
    Internalised,
}

impl StructurePipeline {
    /// The pipelines a block may name, as upstream spells them.
    const NAMED: [(&str, StructurePipeline); 6] = [
        ("gpu-mem", StructurePipeline::GpuMem),
        ("gpu", StructurePipeline::Gpu),
        ("mc-mem", StructurePipeline::McMem),
        ("mc", StructurePipeline::Mc),
        ("seq-mem", StructurePipeline::SeqMem),
        ("internalised", StructurePipeline::Internalised),
    ];
}

/// Runs shared by the entry points of one `entry:` line (`main` without).
#[derive(Debug, Clone)]
pub struct EntryCases {
    pub entries: Vec<String>,
    pub runs: Vec<TestRun>,
}

/// One input with its expected outcome.
#[derive(Debug, Clone)]
pub struct TestRun {
    /// Position among the runs of its block, from 0 (upstream's numbering).
    pub index: usize,
    /// The line on which the run starts.
    pub line: usize,
    /// The quoted name before the run, if any.
    pub name: Option<String>,
    /// Words before `input`: `compiled`, `nobench`, `random`, `script`,
    /// `no_<backend>`, ...
    pub tags: Vec<String>,
    pub input: Input,
    pub expected: Expected,
}

#[derive(Debug, Clone)]
pub enum Input {
    Values(ValueSource),
    /// `random input { [10][20]f32 5i64 }`.
    Random(Vec<RandomValue>),
    /// `script input { expression }`: the FutharkScript text.
    Script(String),
    /// `script input @ file`.
    ScriptFile(PathBuf),
}

/// Values written in the block, or in a file named with `@`.
#[derive(Debug, Clone)]
pub enum ValueSource {
    Literal(LiteralValues),
    /// Text or binary data, gzip-compressed if the name ends in `.gz`.
    File(PathBuf),
}

/// Values written between braces.
#[derive(Debug, Clone)]
pub struct LiteralValues {
    /// The text between the braces, with the `--` of continuation lines
    /// removed.
    pub text: String,
    /// The line of the `{`.
    pub line: usize,
}

impl LiteralValues {
    /// The values, the first `types.len()` read as those types (see
    /// [`read_values_as`]); an error's line is the program's.
    pub fn read_as(&self, types: &[Kind]) -> Result<Vec<Value>, ValueError> {
        read_values_as(self.text.as_bytes(), types).map_err(|ValueError { index, error }| {
            ValueError {
                index,
                error: DataError {
                    line: self.line + error.line - 1,
                    ..error
                },
            }
        })
    }
}

/// One value of a `random input`.
#[derive(Debug, Clone, PartialEq)]
pub enum RandomValue {
    /// Random elements of this type; a scalar has an empty shape.
    Array { shape: Vec<i64>, element: PrimType },
    /// A fixed value, such as `10i64`, as written: it is read as the type
    /// of its parameter.
    Constant(String),
}

#[derive(Debug, Clone)]
pub enum Expected {
    /// The run must succeed; its results are not checked.
    Success,
    Values(ValueSource),
    /// `auto output`: the results of a reference implementation.
    Auto,
    RunTimeError(ExpectedError),
}

/// The error (or warning) a test expects.
#[derive(Debug, Clone)]
pub enum ExpectedError {
    /// `error:` with nothing after it.
    Any,
    Matching {
        pattern: String,
        regex: Regex,
    },
}

impl ExpectedError {
    pub fn matches(&self, message: &str) -> bool {
        match self {
            ExpectedError::Any => true,
            ExpectedError::Matching { regex, .. } => regex.is_match(message),
        }
    }
}

impl fmt::Display for ExpectedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExpectedError::Any => f.write_str("any error"),
            ExpectedError::Matching { pattern, .. } => write!(f, "an error matching `{pattern}`"),
        }
    }
}

impl TestRun {
    /// The run's name in reports: its quoted name, or one made from its
    /// input as upstream makes it (and upstream requires these to be
    /// unique within a block).
    pub fn description(&self) -> String {
        if let Some(name) = &self.name {
            return name.clone();
        }
        match &self.input {
            Input::Values(ValueSource::Literal(literal)) => {
                let text = literal
                    .text
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                let shown = match text.char_indices().nth(50) {
                    Some((cut, _)) => format!("{}...", &text[..cut]),
                    None => text,
                };
                format!("#{} (\"{shown}\")", self.index)
            }
            // Renaming `foo.in` to `foo.in.gz` keeps the dataset's name.
            Input::Values(ValueSource::File(path)) => {
                let text = path.display().to_string();
                text.strip_suffix(".gz")
                    .map_or(text.clone(), str::to_string)
            }
            Input::ScriptFile(path) => path.display().to_string(),
            Input::Random(values) => values
                .iter()
                .map(RandomValue::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            Input::Script(text) => text.split_whitespace().collect::<Vec<_>>().join(" "),
        }
    }
}

impl fmt::Display for RandomValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RandomValue::Array { shape, element } => {
                for dim in shape {
                    write!(f, "[{dim}]")?;
                }
                f.write_str(element.name())
            }
            RandomValue::Constant(text) => f.write_str(text),
        }
    }
}

/// A malformed test block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecError {
    pub file: PathBuf,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file.display(), self.line, self.message)
    }
}

/// Parses the test blocks of the program `source`, read from `file` (for
/// error messages). `Ok(None)`: the program has no test block.
pub fn parse_test_spec(file: &Path, source: &str) -> Result<Option<TestSpec>, SpecError> {
    let lines: Vec<&str> = source.lines().collect();
    let blocks = find_blocks(&lines);
    let Some(first) = blocks.first() else {
        return Ok(None);
    };
    let description = description_above(&lines, first.start);
    let mut tags = Vec::new();
    let mut run_cases = RunCases::default();
    for (number, block) in blocks.iter().enumerate() {
        let mut cursor = Cursor::new(file, &lines, block);
        if number == 0 && cursor.eat_word("tags") {
            tags = parse_tags(&mut cursor)?;
        }
        if cursor.eat_prefix("error:") {
            let line = cursor.line();
            let pattern = cursor.rest_of_line();
            let expected = expected_error(&cursor, pattern, line)?;
            cursor.expect_end()?;
            if number != 0 || blocks.len() > 1 {
                return Err(cursor.error_at(
                    line,
                    "a test for a compile-time error must be the program's only test block",
                ));
            }
            return Ok(Some(TestSpec {
                description,
                tags,
                action: TestAction::CompileError { expected, line },
            }));
        }
        parse_block_cases(&mut cursor, &mut run_cases)?;
        cursor.expect_end()?;
    }
    Ok(Some(TestSpec {
        description,
        tags,
        action: TestAction::Run(run_cases),
    }))
}

/// The lines of one block, by index into the program's lines.
struct Block {
    start: usize,
    end: usize,
}

fn find_blocks(lines: &[&str]) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut index = 0;
    while index < lines.len() {
        if lines[index].starts_with("-- ==") {
            let start = index;
            index += 1;
            while index < lines.len() && lines[index].starts_with("--") {
                index += 1;
            }
            blocks.push(Block { start, end: index });
        } else {
            index += 1;
        }
    }
    blocks
}

fn description_above(lines: &[&str], block_start: usize) -> String {
    let first = lines[..block_start]
        .iter()
        .rposition(|line| !line.starts_with("--"))
        .map_or(0, |index| index + 1);
    lines[first..block_start]
        .iter()
        .map(|line| line[2..].trim())
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_string()
}

fn parse_tags(cursor: &mut Cursor) -> Result<Vec<String>, SpecError> {
    let (text, line) = cursor.braced("tags")?;
    text.split_whitespace()
        .map(|tag| {
            if is_tag(tag) {
                Ok(tag.to_string())
            } else {
                Err(cursor.error_at(
                    line,
                    format!("`{tag}` is not a tag (letters, digits, `_` and `-`)"),
                ))
            }
        })
        .collect()
}

fn is_tag(word: &str) -> bool {
    !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

/// The rest of a block: property lines, or entry points with their runs
/// followed by structure and warning tests.
fn parse_block_cases(cursor: &mut Cursor, cases: &mut RunCases) -> Result<(), SpecError> {
    if cursor.starts_with("property:") {
        while cursor.eat_prefix("property:") {
            let line = cursor.line();
            let names: Vec<String> = cursor
                .rest_of_line()
                .split_whitespace()
                .map(str::to_string)
                .collect();
            if names.is_empty() {
                return Err(cursor.error_at(line, "`property:` names no entry point"));
            }
            cases.properties.extend(names);
        }
        return Ok(());
    }
    let entries = if cursor.eat_prefix("entry:") {
        let line = cursor.line();
        let names: Vec<String> = cursor
            .rest_of_line()
            .split_whitespace()
            .map(str::to_string)
            .collect();
        if let Some(bad) = names.iter().find(|name| name.contains('}')) {
            return Err(cursor.error_at(line, format!("`{bad}` is not an entry point name")));
        }
        names
    } else {
        vec!["main".to_string()]
    };
    let runs = parse_runs(cursor)?;
    if !runs.is_empty() && !entries.is_empty() {
        cases.cases.push(EntryCases { entries, runs });
    }
    while cursor.eat_word("structure") {
        cases.structures.push(parse_structure(cursor)?);
    }
    while cursor.eat_prefix("warning:") {
        let line = cursor.line();
        let pattern = cursor.rest_of_line();
        cases.warnings.push(expected_error(cursor, pattern, line)?);
    }
    Ok(())
}

fn parse_runs(cursor: &mut Cursor) -> Result<Vec<TestRun>, SpecError> {
    let mut runs: Vec<TestRun> = Vec::new();
    let mut names = HashSet::new();
    loop {
        let word = cursor.peek_word();
        if word.is_empty() || word == "structure" || cursor.starts_with("warning:") {
            break;
        }
        let run = parse_run(cursor, runs.len())?;
        if !names.insert(run.description()) {
            return Err(cursor.error_at(
                run.line,
                format!("two runs of this block are named `{}`", run.description()),
            ));
        }
        runs.push(run);
    }
    Ok(runs)
}

/// Upstream ends a block only at a line that does not start with `--`.
const NESTED_BLOCK: &str =
    "`==` inside a test block (a new block must follow a line that is not a comment)";

fn parse_run(cursor: &mut Cursor, index: usize) -> Result<TestRun, SpecError> {
    let line = cursor.line();
    let name = if cursor.starts_with("\"") {
        Some(cursor.string_literal()?)
    } else {
        None
    };
    let mut tags = Vec::new();
    loop {
        let word = cursor.peek_word();
        if word == "input" {
            cursor.advance(word.len());
            break;
        }
        if word.is_empty() {
            return Err(cursor.error("expected `input`, found the end of the test block"));
        }
        if word == "==" {
            return Err(cursor.error(NESTED_BLOCK));
        }
        if !is_tag(word) {
            return Err(cursor.error(format!("expected `input` or a run tag, found `{word}`")));
        }
        tags.push(word.to_string());
        cursor.advance(word.len());
    }
    let has_tag = |tag: &str| tags.iter().any(|t| t == tag);
    let input = if has_tag("random") {
        Input::Random(parse_random_values(cursor)?)
    } else if has_tag("script") {
        if cursor.eat_symbol('@') {
            Input::ScriptFile(PathBuf::from(cursor.file_name()?))
        } else {
            let (text, _) = cursor.braced("script input")?;
            Input::Script(text.trim().to_string())
        }
    } else {
        Input::Values(parse_value_source(cursor, "input")?)
    };
    let expected = if cursor.eat_word("auto") {
        if !cursor.eat_word("output") {
            return Err(cursor.error("expected `output` after `auto`"));
        }
        Expected::Auto
    } else if cursor.eat_word("output") {
        Expected::Values(parse_value_source(cursor, "output")?)
    } else if cursor.eat_prefix("error:") {
        let error_line = cursor.line();
        let pattern = cursor.rest_of_line();
        Expected::RunTimeError(expected_error(cursor, pattern, error_line)?)
    } else {
        Expected::Success
    };
    Ok(TestRun {
        index,
        line,
        name,
        tags,
        input,
        expected,
    })
}

/// `{ values }` or `@ file` after `input` or `output`.
fn parse_value_source(cursor: &mut Cursor, what: &str) -> Result<ValueSource, SpecError> {
    if cursor.eat_symbol('@') {
        return Ok(ValueSource::File(PathBuf::from(cursor.file_name()?)));
    }
    if !cursor.starts_with("{") {
        return Err(cursor.error(format!("expected `{{` or `@ FILE` after `{what}`")));
    }
    let (text, line) = cursor.braced(what)?;
    Ok(ValueSource::Literal(LiteralValues { text, line }))
}

fn parse_random_values(cursor: &mut Cursor) -> Result<Vec<RandomValue>, SpecError> {
    let (text, line) = cursor.braced("random input")?;
    text.split_whitespace()
        .map(|word| {
            random_value(word).ok_or_else(|| {
                cursor.error_at(
                    line,
                    format!("`{word}` is neither a type with sizes (`[10]f32`) nor a constant"),
                )
            })
        })
        .collect()
}

fn random_value(word: &str) -> Option<RandomValue> {
    if let Some(element) = PrimType::from_name(word) {
        return Some(RandomValue::Array {
            shape: Vec::new(),
            element,
        });
    }
    if let Some(mut rest) = word.strip_prefix('[') {
        let mut shape = Vec::new();
        loop {
            let (size, after) = rest.split_once(']')?;
            if size.is_empty() || !size.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            shape.push(size.parse::<i64>().ok()?);
            match after.strip_prefix('[') {
                Some(next) => rest = next,
                None => {
                    let element = PrimType::from_name(after)?;
                    return Some(RandomValue::Array { shape, element });
                }
            }
        }
    }
    match opt::value::data::read_values(word.as_bytes())
        .ok()?
        .as_slice()
    {
        [Value::Prim(_)] => Some(RandomValue::Constant(word.to_string())),
        _ => None,
    }
}

/// `structure [pipeline] { path count ... }`, after `structure`.
fn parse_structure(cursor: &mut Cursor) -> Result<StructureTest, SpecError> {
    let word = cursor.peek_word();
    let pipeline = match StructurePipeline::NAMED
        .iter()
        .find(|(name, _)| *name == word)
    {
        Some(&(name, pipeline)) => {
            cursor.advance(name.len());
            pipeline
        }
        None => StructurePipeline::Soacs,
    };
    let (text, line) = cursor.braced("structure")?;
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut expected = BTreeMap::new();
    for pair in words.chunks(2) {
        let path_ok = pair[0].chars().all(|c| c.is_alphabetic() || c == '/');
        // `parse` alone would take a sign.
        let count = pair
            .get(1)
            .filter(|count| count.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|count| count.parse::<usize>().ok());
        match count {
            Some(count) if path_ok => {
                expected.insert(pair[0].to_string(), count);
            }
            _ => {
                return Err(cursor.error_at(
                    line,
                    format!(
                        "expected metrics as `Name count` pairs, found `{}`",
                        pair.join(" ")
                    ),
                ));
            }
        }
    }
    Ok(StructureTest {
        pipeline,
        line,
        expected,
    })
}

fn expected_error(cursor: &Cursor, pattern: &str, line: usize) -> Result<ExpectedError, SpecError> {
    let pattern = pattern.trim();
    if pattern.is_empty() {
        return Ok(ExpectedError::Any);
    }
    let regex = RegexBuilder::new(pattern)
        .dot_matches_new_line(true)
        .build()
        .map_err(|error| cursor.error_at(line, format!("invalid regex `{pattern}`: {error}")))?;
    Ok(ExpectedError::Matching {
        pattern: pattern.to_string(),
        regex,
    })
}

/// A position in a block's text, where a line break followed by `--`
/// counts as white space.
struct Cursor<'a> {
    file: &'a Path,
    /// Line number (from 1) and the text after the line's `--` (after the
    /// `==` on the first line).
    lines: Vec<(usize, &'a str)>,
    row: usize,
    column: usize,
}

impl<'a> Cursor<'a> {
    fn new(file: &'a Path, lines: &[&'a str], block: &Block) -> Cursor<'a> {
        let first = (block.start + 1, &lines[block.start]["-- ==".len()..]);
        let rest = (block.start + 1..block.end).map(|index| (index + 1, &lines[index][2..]));
        Cursor {
            file,
            lines: std::iter::once(first).chain(rest).collect(),
            row: 0,
            column: 0,
        }
    }

    fn rest(&self) -> &'a str {
        &self.lines[self.row].1[self.column..]
    }

    fn line(&self) -> usize {
        self.lines[self.row].0
    }

    fn advance(&mut self, bytes: usize) {
        self.column += bytes;
    }

    fn skip_space(&mut self) {
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            self.column += rest.len() - trimmed.len();
            if !trimmed.is_empty() || self.row + 1 == self.lines.len() {
                return;
            }
            self.row += 1;
            self.column = 0;
        }
    }

    fn starts_with(&mut self, prefix: &str) -> bool {
        self.skip_space();
        self.rest().starts_with(prefix)
    }

    /// The next word: a brace, or what runs up to white space or a brace.
    fn peek_word(&mut self) -> &'a str {
        self.skip_space();
        let rest = self.rest();
        if rest.starts_with(['{', '}']) {
            return &rest[..1];
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '{' || c == '}')
            .unwrap_or(rest.len());
        &rest[..end]
    }

    fn eat_word(&mut self, word: &str) -> bool {
        let found = self.peek_word() == word;
        if found {
            self.advance(word.len());
        }
        found
    }

    /// For `error:` and the like, which need no space after them.
    fn eat_prefix(&mut self, prefix: &str) -> bool {
        let found = self.starts_with(prefix);
        if found {
            self.advance(prefix.len());
        }
        found
    }

    fn eat_symbol(&mut self, symbol: char) -> bool {
        let found = self.starts_with(symbol.encode_utf8(&mut [0; 4]));
        if found {
            self.advance(symbol.len_utf8());
        }
        found
    }

    fn rest_of_line(&mut self) -> &'a str {
        let rest = self.rest();
        self.column += rest.len();
        rest
    }

    /// A file name after `@`: everything up to white space.
    fn file_name(&mut self) -> Result<&'a str, SpecError> {
        self.skip_space();
        let rest = self.rest();
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        if end == 0 {
            return Err(self.error("expected a file name after `@`"));
        }
        self.advance(end);
        Ok(&rest[..end])
    }

    /// The text between `{` and its matching `}`, which may span lines,
    /// and the line of the `{`. Braces inside string literals (in
    /// FutharkScript) do not count.
    fn braced(&mut self, what: &str) -> Result<(String, usize), SpecError> {
        let line = self.line();
        if !self.eat_symbol('{') {
            return Err(self.error(format!("expected `{{` after `{what}`")));
        }
        let mut text = String::new();
        let mut depth = 0usize;
        let mut in_string = false;
        let mut escaped = false;
        loop {
            let rest = self.rest();
            for (offset, c) in rest.char_indices() {
                if in_string {
                    match (escaped, c) {
                        (true, _) => escaped = false,
                        (false, '\\') => escaped = true,
                        (false, '"') => in_string = false,
                        _ => {}
                    }
                    continue;
                }
                match c {
                    '"' => in_string = true,
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        text.push_str(&rest[..offset]);
                        self.advance(offset + 1);
                        return Ok((text, line));
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            text.push_str(rest);
            if self.row + 1 == self.lines.len() {
                return Err(self.error_at(line, format!("the `{{` after `{what}` is never closed")));
            }
            text.push('\n');
            self.row += 1;
            self.column = 0;
        }
    }

    /// A double-quoted name, with `\"` and `\\` escapes, on one line.
    fn string_literal(&mut self) -> Result<String, SpecError> {
        let rest = self.rest();
        let mut name = String::new();
        let mut chars = rest.char_indices().skip(1);
        while let Some((offset, c)) = chars.next() {
            match c {
                '"' => {
                    self.advance(offset + 1);
                    return Ok(name);
                }
                '\\' => match chars.next() {
                    Some((_, 'n')) => name.push('\n'),
                    Some((_, 't')) => name.push('\t'),
                    Some((_, escaped)) => name.push(escaped),
                    None => break,
                },
                _ => name.push(c),
            }
        }
        Err(self.error("the run's name is missing its closing `\"`"))
    }

    fn expect_end(&mut self) -> Result<(), SpecError> {
        let word = self.peek_word();
        if word.is_empty() {
            Ok(())
        } else if word == "==" {
            Err(self.error(NESTED_BLOCK))
        } else {
            Err(self.error(format!("unexpected `{word}` in the test block")))
        }
    }

    fn error(&self, message: impl Into<String>) -> SpecError {
        self.error_at(self.line(), message)
    }

    fn error_at(&self, line: usize, message: impl Into<String>) -> SpecError {
        SpecError {
            file: self.file.to_path_buf(),
            line,
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use prim::PrimValue;

    fn parse(source: &str) -> Result<Option<TestSpec>, SpecError> {
        parse_test_spec(Path::new("t.fut"), source)
    }

    fn spec(source: &str) -> TestSpec {
        match parse(source) {
            Ok(Some(spec)) => spec,
            other => panic!("expected a spec, got {other:?}"),
        }
    }

    fn error(source: &str) -> SpecError {
        match parse(source) {
            Err(error) => error,
            Ok(spec) => panic!("expected an error, got {spec:?}"),
        }
    }

    fn run_cases(spec: &TestSpec) -> &RunCases {
        match &spec.action {
            TestAction::Run(cases) => cases,
            TestAction::CompileError { .. } => panic!("expected run cases"),
        }
    }

    fn literal(source: &ValueSource) -> &LiteralValues {
        match source {
            ValueSource::Literal(literal) => literal,
            ValueSource::File(path) => panic!("expected literal values, got {path:?}"),
        }
    }

    fn i32s(values: &[i32]) -> Vec<Value> {
        values
            .iter()
            .map(|&v| Value::Prim(PrimValue::I32(v)))
            .collect()
    }

    #[test]
    fn a_program_without_a_block_has_no_spec() {
        assert!(matches!(
            parse("-- just a comment\ndef main = 1\n"),
            Ok(None)
        ));
        // Upstream only starts a block at `-- ==` exactly.
        assert!(matches!(parse("--==\n-- input { 1 }\n"), Ok(None)));
    }

    #[test]
    fn reads_the_description_tags_inputs_and_outputs() {
        let spec = spec(
            "-- Test indexing.\n-- More words.\n-- ==\n-- tags { firsttag second-tag }\n\
             -- input { [4,3,2,1] 1i64 }\n-- output { 3 }\n\
             -- input { [4,3,2,1] 5i64 }\n-- error: Error*\n\n\
             def main (a: []i32) (i: i64) = a[i]\n",
        );
        assert_eq!(spec.description, "Test indexing.\nMore words.");
        assert_eq!(spec.tags, ["firsttag", "second-tag"]);
        let cases = run_cases(&spec);
        assert_eq!(cases.cases.len(), 1);
        assert_eq!(cases.cases[0].entries, ["main"]);
        let runs = &cases.cases[0].runs;
        assert_eq!(runs.len(), 2);
        assert_eq!((runs[0].index, runs[0].line), (0, 5));
        let Input::Values(input) = &runs[0].input else {
            panic!("expected values")
        };
        assert_eq!(literal(input).text.trim(), "[4,3,2,1] 1i64");
        assert_eq!(literal(input).read_as(&[]).map(|v| v.len()), Ok(2));
        let Expected::Values(output) = &runs[0].expected else {
            panic!("expected output values")
        };
        assert_eq!(literal(output).line, 6);
        assert_eq!(literal(output).read_as(&[]), Ok(i32s(&[3])));
        let Expected::RunTimeError(expected) = &runs[1].expected else {
            panic!("expected an error")
        };
        assert!(expected.matches("Error: index out of bounds"));
        assert_eq!(runs[1].index, 1);
    }

    #[test]
    fn every_block_names_its_entry_points() {
        let spec = spec(
            "-- ==\n-- entry: add1 also\n-- input { 1 } output { 2 }\n\
             entry add1 (x: i32) = x + 1\n\
             -- Test sub1.\n-- ==\n-- entry: sub1\n-- input { 1 } output { 0 }\n\
             entry sub1 (x: i32) = x - 1\n",
        );
        let cases = run_cases(&spec);
        assert_eq!(cases.cases.len(), 2);
        assert_eq!(cases.cases[0].entries, ["add1", "also"]);
        assert_eq!(cases.cases[1].entries, ["sub1"]);
        assert_eq!(cases.cases[1].runs[0].line, 8);
        assert_eq!(cases.cases[1].runs[0].index, 0);
    }

    #[test]
    fn tokens_continue_across_comment_lines() {
        let spec = spec(
            "-- ==\n-- compiled\n--   input {\n--   [1, 2,\n--    3]\n-- }\n-- output\n-- { 6 }\n",
        );
        let run = &run_cases(&spec).cases[0].runs[0];
        assert_eq!(run.tags, ["compiled"]);
        let Input::Values(input) = &run.input else {
            panic!("expected values")
        };
        assert_eq!(literal(input).read_as(&[]).map(|v| v.len()), Ok(1));
        assert!(literal(input).text.contains("[1, 2,\n"));
    }

    #[test]
    fn literal_values_are_read_as_types_and_located_in_the_program() {
        let spec = spec("-- ==\n-- input { [1.0, 2]\n--   [[3]] 4 }\n-- output { 1i32 }\n");
        let run = &run_cases(&spec).cases[0].runs[0];
        let Input::Values(input) = &run.input else {
            panic!("expected values")
        };
        let f32s = Kind::new(PrimType::F32, 1);
        let u8_matrix = Kind::new(PrimType::U8, 2);
        let values = literal(input)
            .read_as(&[f32s, u8_matrix])
            .expect("readable as the types");
        assert_eq!(values.len(), 3);
        assert_eq!(opt::interp::value_kind(&values[0]), f32s);
        assert_eq!(opt::interp::value_kind(&values[1]), u8_matrix);
        assert_eq!(values[2], Value::Prim(PrimValue::I32(4)));
        let error = literal(input).read_as(&[f32s, f32s]).unwrap_err();
        assert_eq!(error.index, 1);
        assert_eq!(
            error.error.to_string(),
            "line 3, column 5: expected a value of type f32, found an array"
        );
        let Expected::Values(output) = &run.expected else {
            panic!("expected output values")
        };
        let error = literal(output)
            .read_as(&[Kind::new(PrimType::I64, 0)])
            .unwrap_err();
        assert_eq!((error.index, error.error.line), (0, 4));
    }

    #[test]
    fn reads_run_tags_names_files_and_auto_output() {
        let spec = spec(
            "-- ==\n-- \"small one\" nobench no_opencl compiled input @ data/a.in.gz\n\
             -- output @ data/a.out\n\
             -- random input { [10][20]f32 f64 5i64 true } auto output\n\
             -- script input { mk_data 10i64 {x=1} \"}\" }\n\
             -- script input @ s.futharkscript\n\
             -- input { }\n",
        );
        let runs = &run_cases(&spec).cases[0].runs;
        assert_eq!(runs.len(), 5);
        assert_eq!(runs[0].name.as_deref(), Some("small one"));
        assert_eq!(runs[0].tags, ["nobench", "no_opencl", "compiled"]);
        assert!(matches!(&runs[0].input,
            Input::Values(ValueSource::File(path)) if path == Path::new("data/a.in.gz")));
        assert!(matches!(&runs[0].expected,
            Expected::Values(ValueSource::File(path)) if path == Path::new("data/a.out")));
        assert_eq!(runs[0].description(), "small one");
        let Input::Random(random) = &runs[1].input else {
            panic!("expected random input")
        };
        assert_eq!(
            random,
            &[
                RandomValue::Array {
                    shape: vec![10, 20],
                    element: PrimType::F32
                },
                RandomValue::Array {
                    shape: vec![],
                    element: PrimType::F64
                },
                RandomValue::Constant("5i64".to_string()),
                RandomValue::Constant("true".to_string()),
            ]
        );
        assert_eq!(runs[1].description(), "[10][20]f32 f64 5i64 true");
        assert!(matches!(runs[1].expected, Expected::Auto));
        assert!(
            matches!(&runs[2].input, Input::Script(text) if text == "mk_data 10i64 {x=1} \"}\"")
        );
        assert!(matches!(&runs[3].input,
            Input::ScriptFile(path) if path == Path::new("s.futharkscript")));
        assert!(matches!(runs[3].expected, Expected::Success));
        assert!(
            matches!(&runs[4].input, Input::Values(source) if literal(source).read_as(&[]) == Ok(vec![]))
        );
    }

    #[test]
    fn reads_a_compile_time_error() {
        let spec = spec("-- Must fail.\n-- ==\n-- error: Cannot unify.*i32\n");
        let TestAction::CompileError { expected, line } = &spec.action else {
            panic!("expected a compile-time error")
        };
        assert_eq!(*line, 3);
        assert!(expected.matches("Cannot unify `t`\nwith i32"));
        assert!(!expected.matches("Unknown name"));
        let spec = spec_any_error();
        assert!(matches!(
            spec.action,
            TestAction::CompileError {
                expected: ExpectedError::Any,
                ..
            }
        ));
    }

    fn spec_any_error() -> TestSpec {
        spec("-- ==\n-- tags { x }\n-- error:\n")
    }

    #[test]
    fn keeps_structure_tests_warnings_and_properties() {
        let spec = spec(
            "-- ==\n-- input { 1 } output { 1 }\n-- structure { Screma 1 }\n\
             -- structure gpu-mem {\n--   Alloc 2 SegMap/Loop 1\n-- }\n\
             -- warning: unused\n\
             def main (x: i32) = x\n\
             -- ==\n-- property: p1 p2\n-- property: p3\n",
        );
        let cases = run_cases(&spec);
        assert_eq!(cases.cases[0].runs.len(), 1);
        let expected = |pairs: &[(&str, usize)]| {
            pairs
                .iter()
                .map(|&(path, count)| (path.to_string(), count))
                .collect::<BTreeMap<_, _>>()
        };
        assert_eq!(
            cases.structures,
            [
                StructureTest {
                    pipeline: StructurePipeline::Soacs,
                    line: 3,
                    expected: expected(&[("Screma", 1)]),
                },
                StructureTest {
                    pipeline: StructurePipeline::GpuMem,
                    line: 4,
                    expected: expected(&[("Alloc", 2), ("SegMap/Loop", 1)]),
                },
            ]
        );
        assert_eq!(cases.warnings.len(), 1);
        assert!(cases.warnings[0].matches("warning: unused variable"));
        assert_eq!(cases.properties, ["p1", "p2", "p3"]);
    }

    #[test]
    fn an_entry_line_without_runs_adds_no_cases() {
        let spec = spec("-- ==\n-- entry: f g\n-- structure { Map 1 }\n");
        assert!(run_cases(&spec).cases.is_empty());
    }

    #[test]
    fn malformed_blocks_are_errors_with_file_and_line() {
        let cases: &[(&str, usize, &str)] = &[
            ("-- ==\n-- input { 1\n-- 2\n", 2, "never closed"),
            ("-- ==\n-- input 1\n", 2, "expected `{` or `@ FILE`"),
            ("-- ==\n-- compiled\n", 2, "expected `input`"),
            ("-- ==\n-- input { 1 } outpt { 2 }\n", 2, "expected `input`"),
            (
                "-- ==\n-- input { 1 } auto { 2 }\n",
                2,
                "expected `output` after `auto`",
            ),
            ("-- ==\n-- input { 1 } error: (\n", 2, "invalid regex"),
            ("-- ==\n-- tags { a+b }\n", 2, "not a tag"),
            ("-- ==\n-- random input { [n]i32 }\n", 2, "neither a type"),
            ("-- ==\n-- input @\n", 2, "file name"),
            ("-- ==\n-- \"x input { 1 }\n", 2, "closing"),
            (
                "-- ==\n-- input @ a.in\n-- input @ a.in.gz\n",
                3,
                "two runs",
            ),
            (
                "-- ==\n-- \"a\" input { 1 }\n-- \"a\" input { 2 }\n",
                3,
                "two runs",
            ),
            ("-- ==\n-- input { 1 }\n-- ==\n", 3, "inside a test block"),
            (
                "-- ==\n-- structure { Map 1 }\n-- ==\n",
                3,
                "inside a test block",
            ),
            (
                "-- ==\n-- error: x\ndef f = 1\n-- ==\n-- input { 1 }\n",
                2,
                "only test block",
            ),
            (
                "-- ==\n-- input { 1 }\ndef f = 1\n-- ==\n-- error: x\n",
                5,
                "only test block",
            ),
            ("-- ==\n-- structure { Screma }\n", 2, "Name count"),
            ("-- ==\n-- structure { Screma +1 }\n", 2, "Name count"),
            ("-- ==\n-- structure { Sc4 1 }\n", 2, "Name count"),
            (
                "-- ==\n-- structure { Screma 99999999999999999999999 }\n",
                2,
                "Name count",
            ),
            (
                "-- ==\n-- input { 1 }\n-- Some more text\n",
                3,
                "expected `input`",
            ),
        ];
        for (source, line, message) in cases {
            let error = error(source);
            assert_eq!(error.file, Path::new("t.fut"), "{source}");
            assert_eq!(error.line, *line, "{source}: {error}");
            assert!(error.message.contains(message), "{source}: {error}");
            assert!(error.to_string().starts_with(&format!("t.fut:{line}: ")));
        }
    }

    #[test]
    fn values_of_a_file_description_drop_gz() {
        let spec = spec("-- ==\n-- input @ a.in.gz\n-- input @ b.in\n");
        let runs = &run_cases(&spec).cases[0].runs;
        assert_eq!(runs[0].description(), "a.in");
        assert_eq!(runs[1].description(), "b.in");
    }

    /// Parses every program of upstream's test suite. Run by hand:
    /// `git --git-dir=MIRROR archive HEAD tests | tar -x -C /tmp/upstream-tests`,
    /// then `UPSTREAM_TESTS=/tmp/upstream-tests cargo test -p futc --
    /// --ignored upstream`.
    #[test]
    #[ignore = "needs a checkout of upstream's tests/ in $UPSTREAM_TESTS"]
    fn parses_upstream_test_suite() {
        fn programs(dir: &Path, out: &mut Vec<PathBuf>) {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
                .map(|entry| entry.expect("directory entry").path())
                .collect();
            entries.sort();
            for path in entries {
                if path.is_dir() {
                    programs(&path, out);
                } else if path.extension().is_some_and(|ext| ext == "fut") {
                    out.push(path);
                }
            }
        }
        let root = std::env::var_os("UPSTREAM_TESTS").expect("UPSTREAM_TESTS is not set");
        let mut files = Vec::new();
        programs(Path::new(&root), &mut files);
        let mut with_spec = 0;
        let (mut compile_errors, mut runs, mut random, mut script, mut auto) = (0, 0, 0, 0, 0);
        let mut failures = Vec::new();
        for file in &files {
            let source =
                String::from_utf8_lossy(&std::fs::read(file).expect("readable")).into_owned();
            match parse_test_spec(file, &source) {
                Ok(Some(spec)) => {
                    with_spec += 1;
                    let TestAction::Run(cases) = &spec.action else {
                        compile_errors += 1;
                        continue;
                    };
                    for case in &cases.cases {
                        for run in &case.runs {
                            runs += case.entries.len();
                            random += matches!(run.input, Input::Random(_)) as usize;
                            script += matches!(run.input, Input::Script(_) | Input::ScriptFile(_))
                                as usize;
                            auto += matches!(run.expected, Expected::Auto) as usize;
                        }
                    }
                }
                Ok(None) => {}
                Err(error) => failures.push(error.to_string()),
            }
        }
        eprintln!(
            "{} programs: {with_spec} specs parsed, {} without a test block, {} rejected; \
             {compile_errors} compile-time error tests, {runs} runs of entry points \
             ({random} random inputs, {script} script inputs, {auto} auto outputs)",
            files.len(),
            files.len() - with_spec - failures.len(),
            failures.len()
        );
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
