//! `futc dataset`, after upstream's `futhark dataset`: generates random
//! values of given types (`-g [100][10]f32`), or, without `-g`, reads values
//! in the text or binary data format from standard input and writes them
//! back in the format asked for.
//!
//! As upstream, the options apply in command-line order: `-b`, `--text`,
//! `-t` and the `--T-bounds` options affect the `-g` options after them (the
//! last format given also applies to values read from standard input), and
//! the `i`-th `-g` (from 0) uses the seed plus `i`, so adding a `-g` at the
//! end does not change the values before it. The generator is our own
//! SplitMix64, so the values differ from upstream's for the same seed; the
//! default ranges are upstream's: the whole type for integers, `[0, 1]` for
//! floats.

use clap::{Arg, ArgAction, ArgMatches};
use opt::value::data::{read_values, write_binary, write_text};
use opt::value::{ArrayValue, Value};
use prim::PrimType;
use prim::{F16, PrimValue};
use std::collections::BTreeMap;
use std::io::{Read, Write};

/// The seed when `-s` is not given, as upstream.
const DEFAULT_SEED: i64 = 1;

/// The most dimensions a value can have (the binary format's limit).
const MAX_RANK: usize = u8::MAX as usize;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OutputFormat {
    Text,
    Binary,
    /// The value's type (`[2][3]i32`) instead of the value.
    Type,
}

/// One option in command-line order.
#[derive(Debug, Clone)]
enum Setting {
    Generate(String),
    Format(OutputFormat),
    Bounds(PrimType, String),
}

/// The arguments of `futc dataset`. Clap's derive loses the order of
/// options, which matters here, so the arguments are declared and read by
/// hand.
#[derive(Debug, Clone)]
pub struct DatasetArgs {
    seed: i64,
    settings: Vec<Setting>,
}

/// The `--T-bounds` options (clap needs their names as static strings).
const BOUNDS_OPTIONS: [(PrimType, &str); 11] = [
    (PrimType::I8, "i8-bounds"),
    (PrimType::I16, "i16-bounds"),
    (PrimType::I32, "i32-bounds"),
    (PrimType::I64, "i64-bounds"),
    (PrimType::U8, "u8-bounds"),
    (PrimType::U16, "u16-bounds"),
    (PrimType::U32, "u32-bounds"),
    (PrimType::U64, "u64-bounds"),
    (PrimType::F16, "f16-bounds"),
    (PrimType::F32, "f32-bounds"),
    (PrimType::F64, "f64-bounds"),
];

impl clap::Args for DatasetArgs {
    fn augment_args(command: clap::Command) -> clap::Command {
        let command = command
            .arg(
                Arg::new("generate")
                    .short('g')
                    .long("generate")
                    .value_name("TYPE")
                    .action(ArgAction::Append)
                    .allow_hyphen_values(true)
                    .help(
                        "Generate a random value of this type, e.g. `i32` or `[10][2]f32`; \
                         a value (`[1, 2]`) is written as it is",
                    ),
            )
            .arg(
                Arg::new("seed")
                    .short('s')
                    .long("seed")
                    .value_name("SEED")
                    .value_parser(clap::value_parser!(i64))
                    .allow_negative_numbers(true)
                    .help("The seed of the random number generator (default 1)"),
            )
            .arg(
                format_flag("binary")
                    .short('b')
                    .help("Write the binary data format (applies to the -g options after it)"),
            )
            .arg(format_flag("text").help(
                "Write the text data format, the default (applies to the -g options after it)",
            ))
            .arg(
                format_flag("type")
                    .short('t')
                    .help("Write the types of the values instead of the values"),
            );
        BOUNDS_OPTIONS
            .into_iter()
            .fold(command, |command, (element, option)| {
                command.arg(
                    Arg::new(option)
                        .long(option)
                        .value_name("MIN:MAX")
                        .action(ArgAction::Append)
                        .allow_hyphen_values(true)
                        .help(format!(
                            "Inclusive bounds of the random {} values of the -g options after it",
                            element.name()
                        )),
                )
            })
    }

    fn augment_args_for_update(command: clap::Command) -> clap::Command {
        Self::augment_args(command)
    }
}

/// A flag that may be given several times, each occurrence with its own
/// position among the options (a counted or boolean flag keeps only the
/// last one).
fn format_flag(name: &'static str) -> Arg {
    Arg::new(name)
        .long(name)
        .num_args(0)
        .default_missing_value("")
        .action(ArgAction::Append)
}

impl clap::FromArgMatches for DatasetArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut settings: Vec<(usize, Setting)> = Vec::new();
        let mut with_values = |id: &str, setting: &dyn Fn(String) -> Setting| {
            if let (Some(indices), Some(values)) =
                (matches.indices_of(id), matches.get_many::<String>(id))
            {
                settings.extend(
                    indices
                        .zip(values)
                        .map(|(index, value)| (index, setting(value.clone()))),
                );
            }
        };
        with_values("generate", &Setting::Generate);
        for (element, option) in BOUNDS_OPTIONS {
            with_values(option, &|bounds| Setting::Bounds(element, bounds));
        }
        for (id, format) in [
            ("binary", OutputFormat::Binary),
            ("text", OutputFormat::Text),
            ("type", OutputFormat::Type),
        ] {
            if let Some(indices) = matches.indices_of(id) {
                settings.extend(indices.map(|index| (index, Setting::Format(format))));
            }
        }
        settings.sort_by_key(|&(index, _)| index);
        Ok(DatasetArgs {
            seed: matches
                .get_one::<i64>("seed")
                .copied()
                .unwrap_or(DEFAULT_SEED),
            settings: settings.into_iter().map(|(_, setting)| setting).collect(),
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

/// Inclusive bounds of random values; booleans use `Integer(0, 1)`.
#[derive(Debug, Clone, Copy)]
enum Range {
    Integer(i128, i128),
    Float(f64, f64),
}

fn integer_limits(element: PrimType) -> (i128, i128) {
    match element {
        PrimType::I8 => (i8::MIN.into(), i8::MAX.into()),
        PrimType::I16 => (i16::MIN.into(), i16::MAX.into()),
        PrimType::I32 => (i32::MIN.into(), i32::MAX.into()),
        PrimType::I64 => (i64::MIN.into(), i64::MAX.into()),
        PrimType::U8 => (0, u8::MAX.into()),
        PrimType::U16 => (0, u16::MAX.into()),
        PrimType::U32 => (0, u32::MAX.into()),
        PrimType::U64 => (0, u64::MAX.into()),
        _ => (0, 1),
    }
}

fn default_range(element: PrimType) -> Range {
    if element.is_float() {
        Range::Float(0.0, 1.0)
    } else {
        let (low, high) = integer_limits(element);
        Range::Integer(low, high)
    }
}

fn parse_bounds(element: PrimType, text: &str) -> Result<Range, String> {
    let invalid = |why: &str| format!("invalid bounds for {}: `{text}` ({why})", element.name());
    let (low, high) = text
        .split_once(':')
        .ok_or_else(|| invalid("expected MIN:MAX"))?;
    if element.is_float() {
        let parse = |bound: &str| -> Result<f64, String> {
            let value: f64 = bound.trim().parse().map_err(|_| invalid("not a number"))?;
            let representable = match element {
                PrimType::F16 => F16::from_f64(value).to_f64().is_finite(),
                PrimType::F32 => (value as f32).is_finite(),
                _ => value.is_finite(),
            };
            if representable {
                Ok(value)
            } else {
                Err(invalid("bounds must be finite"))
            }
        };
        let (low, high) = (parse(low)?, parse(high)?);
        if low > high {
            return Err(invalid("the minimum is above the maximum"));
        }
        return Ok(Range::Float(low, high));
    }
    let (min, max) = integer_limits(element);
    let parse = |bound: &str| -> Result<i128, String> {
        match bound.trim().parse::<i128>() {
            Ok(value) if (min..=max).contains(&value) => Ok(value),
            Ok(_) => Err(invalid(&format!("not in the range of {}", element.name()))),
            Err(_) => Err(invalid("not an integer")),
        }
    };
    let (low, high) = (parse(low)?, parse(high)?);
    if low > high {
        return Err(invalid("the minimum is above the maximum"));
    }
    Ok(Range::Integer(low, high))
}

/// A value type, `[100][10]f32`: constant sizes and a primitive type.
fn parse_value_type(text: &str) -> Result<(Vec<i64>, PrimType), String> {
    let invalid = |why: String| format!("cannot generate `{text}`: {why}");
    let mut rest = text.trim();
    let mut shape = Vec::new();
    while let Some(after_bracket) = rest.strip_prefix('[') {
        let (size, after) = after_bracket
            .split_once(']')
            .ok_or_else(|| invalid("missing `]`".into()))?;
        let digits = size.trim().replace('_', "");
        if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
            return Err(invalid(format!("`[{size}]` is not a constant size")));
        }
        let size = digits
            .parse::<i64>()
            .map_err(|_| invalid(format!("size {digits} is too large")))?;
        shape.push(size);
        rest = after.trim_start();
    }
    let element = PrimType::from_name(rest.trim())
        .ok_or_else(|| invalid(format!("`{}` is not a primitive type", rest.trim())))?;
    if shape.len() > MAX_RANK {
        return Err(invalid(format!("more than {MAX_RANK} dimensions")));
    }
    let mut nonzero = shape.iter().filter(|&&size| size != 0);
    if nonzero
        .try_fold(1i64, |count, &size| count.checked_mul(size))
        .is_none()
    {
        return Err(invalid("too many elements".into()));
    }
    Ok((shape, element))
}

/// SplitMix64 (Steele, Lea and Flood): small, fast, and good enough for
/// test data; adjacent seeds give unrelated streams.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn random_prim(element: PrimType, range: Range, random: &mut SplitMix64) -> PrimValue {
    match range {
        Range::Integer(low, high) => {
            // Scaling a 64-bit draw to the span by a widening multiply is
            // uniform up to a bias below 2^-64 per value, and covers a
            // span of the full 2^64 exactly.
            let span = (high - low) as u128 + 1;
            let offset = (u128::from(random.next()) * span) >> 64;
            let value = low + offset as i128;
            match element {
                PrimType::Bool => PrimValue::Bool(value == 1),
                PrimType::I8 => PrimValue::I8(value as i8),
                PrimType::I16 => PrimValue::I16(value as i16),
                PrimType::I32 => PrimValue::I32(value as i32),
                PrimType::I64 => PrimValue::I64(value as i64),
                PrimType::U8 => PrimValue::U8(value as u8),
                PrimType::U16 => PrimValue::U16(value as u16),
                PrimType::U32 => PrimValue::U32(value as u32),
                _ => PrimValue::U64(value as u64),
            }
        }
        Range::Float(low, high) => {
            let unit = (random.next() >> 11) as f64 / (1u64 << 53) as f64;
            // Interpolating rather than `low + (high - low) * unit` keeps
            // the widest ranges from overflowing.
            let value = low * (1.0 - unit) + high * unit;
            match element {
                PrimType::F16 => PrimValue::F16(F16::from_f64(value)),
                PrimType::F32 => PrimValue::F32(value as f32),
                _ => PrimValue::F64(value),
            }
        }
    }
}

fn random_value(
    shape: &[i64],
    element: PrimType,
    range: Range,
    seed: u64,
) -> Result<Value, String> {
    let mut random = SplitMix64(seed);
    if shape.is_empty() {
        return Ok(Value::Prim(random_prim(element, range, &mut random)));
    }
    let count: i64 = shape.iter().product();
    let count = usize::try_from(count).map_err(|_| format!("cannot generate {count} elements"))?;
    let mut data = Vec::new();
    data.try_reserve_exact(count)
        .map_err(|_| format!("not enough memory for {count} elements"))?;
    data.extend((0..count).map(|_| random_prim(element, range, &mut random)));
    Ok(Value::Array(ArrayValue::new(element, shape.to_vec(), data)))
}

/// What one `-g` produces.
enum Generator {
    Values(Vec<Value>),
    Random {
        shape: Vec<i64>,
        element: PrimType,
        range: Range,
    },
}

/// Runs `futc dataset`: writes the values to standard output, or returns
/// the error to report (before anything is written, where the arguments
/// or the input are at fault).
pub fn run(args: &DatasetArgs) -> Result<(), String> {
    let mut format = OutputFormat::Text;
    let mut ranges: BTreeMap<PrimType, Range> = BTreeMap::new();
    let mut generators = Vec::new();
    for setting in &args.settings {
        match setting {
            Setting::Format(new_format) => format = *new_format,
            Setting::Bounds(element, text) => {
                ranges.insert(*element, parse_bounds(*element, text)?);
            }
            // As upstream, a `-g` that reads as values writes them.
            Setting::Generate(text) => match read_values(text.as_bytes()) {
                Ok(values) => generators.push((format, Generator::Values(values))),
                Err(_) => {
                    let (shape, element) = parse_value_type(text)?;
                    let range = ranges
                        .get(&element)
                        .copied()
                        .unwrap_or_else(|| default_range(element));
                    generators.push((
                        format,
                        Generator::Random {
                            shape,
                            element,
                            range,
                        },
                    ));
                }
            },
        }
    }

    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let write_error = |error: std::io::Error| format!("cannot write the output: {error}");
    if generators.is_empty() {
        let mut input = Vec::new();
        std::io::stdin()
            .read_to_end(&mut input)
            .map_err(|error| format!("cannot read standard input: {error}"))?;
        let values = read_values(&input)
            .map_err(|error| format!("malformed data on standard input: {error}"))?;
        for value in &values {
            write_value(value, format, &mut out).map_err(write_error)?;
        }
    }
    // The i-th generator's seed is the seed plus i, as upstream.
    let mut seed = args.seed as u64;
    for (format, generator) in generators {
        match generator {
            Generator::Values(values) => {
                for value in &values {
                    write_value(value, format, &mut out).map_err(write_error)?;
                }
            }
            Generator::Random {
                shape,
                element,
                range,
            } => {
                let value = random_value(&shape, element, range, seed)?;
                write_value(&value, format, &mut out).map_err(write_error)?;
            }
        }
        seed = seed.wrapping_add(1);
    }
    out.flush().map_err(write_error)
}

fn write_value(value: &Value, format: OutputFormat, out: &mut impl Write) -> std::io::Result<()> {
    match format {
        OutputFormat::Text => {
            let mut text = String::new();
            write_text(value, &mut text);
            text.push('\n');
            out.write_all(text.as_bytes())
        }
        OutputFormat::Binary => {
            let mut bytes = Vec::new();
            write_binary(value, &mut bytes);
            out.write_all(&bytes)
        }
        OutputFormat::Type => {
            let (shape, element): (&[i64], PrimType) = match value {
                Value::Prim(prim) => (&[], prim.prim_type()),
                Value::Array(array) => (&array.shape, array.element),
            };
            for size in shape {
                write!(out, "[{size}]")?;
            }
            writeln!(out, "{}", element.name())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_parse_with_constant_sizes() {
        assert_eq!(parse_value_type("i32"), Ok((vec![], PrimType::I32)));
        assert_eq!(
            parse_value_type(" [100][ 10 ]f32 "),
            Ok((vec![100, 10], PrimType::F32))
        );
        assert_eq!(
            parse_value_type("[1_000]bool"),
            Ok((vec![1000], PrimType::Bool))
        );
        assert_eq!(
            parse_value_type("[n]i32"),
            Err("cannot generate `[n]i32`: `[n]` is not a constant size".into())
        );
        assert_eq!(
            parse_value_type("[2]x32"),
            Err("cannot generate `[2]x32`: `x32` is not a primitive type".into())
        );
        assert_eq!(
            parse_value_type("[2"),
            Err("cannot generate `[2`: missing `]`".into())
        );
        assert_eq!(
            parse_value_type("[4611686018427387904][4]i8"),
            Err("cannot generate `[4611686018427387904][4]i8`: too many elements".into())
        );
    }

    #[test]
    fn bounds_parse_and_are_checked() {
        assert!(matches!(
            parse_bounds(PrimType::I32, "-5:5"),
            Ok(Range::Integer(-5, 5))
        ));
        assert!(matches!(
            parse_bounds(PrimType::F32, "-1.5:2e3"),
            Ok(Range::Float(low, high)) if low == -1.5 && high == 2000.0
        ));
        assert_eq!(
            parse_bounds(PrimType::U8, "0:256").unwrap_err(),
            "invalid bounds for u8: `0:256` (not in the range of u8)"
        );
        assert_eq!(
            parse_bounds(PrimType::I64, "9:1").unwrap_err(),
            "invalid bounds for i64: `9:1` (the minimum is above the maximum)"
        );
        assert_eq!(
            parse_bounds(PrimType::F16, "0:1e6").unwrap_err(),
            "invalid bounds for f16: `0:1e6` (bounds must be finite)"
        );
        assert_eq!(
            parse_bounds(PrimType::I8, "5").unwrap_err(),
            "invalid bounds for i8: `5` (expected MIN:MAX)"
        );
    }

    #[test]
    fn random_values_stay_in_their_ranges() {
        let mut random = SplitMix64(7);
        for _ in 0..10_000 {
            match random_prim(PrimType::I8, Range::Integer(-3, 2), &mut random) {
                PrimValue::I8(value) => assert!((-3..=2).contains(&value)),
                other => panic!("{other:?}"),
            }
            match random_prim(PrimType::F32, Range::Float(-1.0, 1.0), &mut random) {
                PrimValue::F32(value) => assert!((-1.0..=1.0).contains(&value)),
                other => panic!("{other:?}"),
            }
        }
        // The whole u64 range is reachable at both ends of the draw.
        assert_eq!(
            random_prim(
                PrimType::U64,
                default_range(PrimType::U64),
                &mut SplitMix64(0)
            ),
            PrimValue::U64(SplitMix64(0).next())
        );
        let widest = Range::Float(f64::MIN, f64::MAX);
        for _ in 0..1000 {
            match random_prim(PrimType::F64, widest, &mut random) {
                PrimValue::F64(value) => assert!(value.is_finite()),
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn every_value_of_a_small_range_is_drawn() {
        let mut random = SplitMix64(1);
        let mut seen = [false; 6];
        for _ in 0..1000 {
            if let PrimValue::U8(value) =
                random_prim(PrimType::U8, Range::Integer(0, 5), &mut random)
            {
                seen[usize::from(value)] = true;
            }
        }
        assert!(seen.iter().all(|&seen| seen));
    }
}
