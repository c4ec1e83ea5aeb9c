//! Upstream Futhark's data formats: the text format that executables print
//! and read (`1i32`, `[1.5f32, 2.0f32]`, `empty([0][3]i64)`, `f32.nan`) and
//! the binary format (version 2). A stream may mix both, one value after
//! another, with whitespace and `--` line comments between them; a value
//! whose first character is `b` is binary, any other is text.
//!
//! Reading follows the upstream reference reader (the `futhark-data`
//! Haskell package) where it defines behaviour:
//!
//! * An integer without a suffix is an `i32`, a number with a fraction or an
//!   exponent and no suffix an `f64`. Integer literals may be hexadecimal
//!   (`0x`) or binary (`0b`), and every number may contain underscores
//!   after its first digit.
//! * Integers wrap to their type (`-1u8` is 255, `0xffffffffi32` is -1), as
//!   upstream's readers do and data files rely on.
//! * In an array, every element after the first may leave out the suffix
//!   and takes the type of the first (`[1i64, 2, 3]`); a different suffix,
//!   a different shape or a different kind of literal is an error at that
//!   element. Unlike upstream, that type also reaches into nested arrays
//!   (`[[1i64, 2], [3, 4]]` is `[2][2]i64`), as compiled executables
//!   accept it. A trailing comma is allowed (`[1, 2,]`), as upstream.
//! * String literals (`"abc"`) are arrays of their UTF-8 bytes (`[3]u8`),
//!   with the escapes `\n \t \r \a \b \f \v \\ \" \'` and numeric code
//!   points `\955`, `\x3bb`, `\o1673`.
//! * Decimal text converts to `f32` and `f64` with one correct rounding
//!   (upstream rounds to `f64` first, which can differ in rare
//!   double-rounding cases), to `f16` as [`F16::from_f64`] does.
//!
//! Those rules read a value whose type nothing tells (`futc dataset`).
//! Values for an entry point are read *as a type* instead
//! ([`ValueReader::next_value`] with a type, [`read_values_as`]), as
//! upstream's compiled programs and servers read their inputs knowing the
//! parameters' types:
//!
//! * A literal without a suffix is of the expected element type: `1`,
//!   `1.0` and `1e3` are `f32` where `f32` is expected, `-1` is `i64`
//!   where `i64` is; hexadecimal and binary literals only give integers.
//!   In an array of one dimension `[]` is the empty array; an empty array
//!   of more dimensions is written with its sizes (`empty([0][3]f32)`), as
//!   upstream requires.
//! * What contradicts the type is an error at the literal: another suffix
//!   (`1i32` where `f32` is expected), a fraction where an integer is
//!   expected (`1.5`), a number where `bool` is, `f64.nan` where `f32` is,
//!   a value of another rank, an `empty(...)` of another type, and a binary
//!   value of another element type or rank (upstream's readers refuse all
//!   of these).
//! * A literal without a suffix must fit in the bits of its integer type,
//!   read as a signed or as an unsigned number: `-1` reads as the `u8` 255
//!   and `255` as the `i8` -1 (bit patterns, as suffixed literals wrap), but
//!   `256` is no `u8`. (Upstream's C reader leaves such values undefined.)
//!
//! Writing follows upstream's printers: integers and booleans as upstream's
//! executables print them; floats in the notation of `futhark dataset` (the
//! Haskell `show` of the value: the shortest digits that read back to the
//! same value, in fixed notation with at least one decimal when
//! `0.1 <= |x| < 10^7`, else as `d.ddde±n`: `1.0f32`, `0.1f32`,
//! `1234567.0f64`, `1.0e-2f32`, `1.0e7f64`, `-0.0f64`), where an `f16` is
//! shown through its exact `f32` value (`0.1f16` prints as
//! `9.9975586e-2f16`), as upstream's `Half` does. (Compiled executables
//! print floats with C's `%.9g`/`%.17g` instead, `0.100000001f32`: both
//! read back to the same bits.) Arrays are written on one line with `, `
//! between all elements (`[[1i32, 2i32], [3i32, 4i32]]`), as compiled
//! executables print them; `futhark dataset` instead breaks the lines
//! between rows, which reads back the same.
//!
//! The binary format: the byte `b`, the version (2), the rank as one byte,
//! the element type as four ASCII bytes (`  i8`, ` i16`, ..., ` f64`,
//! `bool`), each dimension as a little-endian `u64`, then the elements in
//! row-major order, little-endian, a `bool` as one byte (any non-zero byte
//! reads as `true`).
//!
//! Nothing here panics on malformed input: every problem is a [`DataError`]
//! with its position, and sizes are checked against the input that is left
//! before anything is allocated.

use super::{ArrayValue, Value};
use crate::ir::Kind;
use prim::PrimType;
use prim::{F16, PrimValue};
use std::fmt::{self, Write as _};

/// The binary format version this module reads and writes.
const BINARY_VERSION: u8 = 2;

/// The most dimensions a value can have: the binary format stores the rank
/// in one byte. Text nesting is limited to it too, which also bounds the
/// reader's recursion.
const MAX_RANK: usize = u8::MAX as usize;

/// A malformed value: where (1-based line and column for text, byte offset
/// for binary data) and what. `offset` is the 0-based byte offset in both
/// cases; `line` and `column` are 0 for errors in binary data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    pub line: usize,
    pub column: usize,
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "byte {}: {}", self.offset, self.message)
        } else {
            write!(
                f,
                "line {}, column {}: {}",
                self.line, self.column, self.message
            )
        }
    }
}

impl std::error::Error for DataError {}

/// Reads every value in `input` (text and binary values may be mixed,
/// separated by whitespace and `--` comments), until end of input, with
/// nothing known of their types.
pub fn read_values(input: &[u8]) -> Result<Vec<Value>, DataError> {
    let mut reader = ValueReader::new(input);
    let mut values = Vec::new();
    while let Some(value) = reader.next_value(None)? {
        values.push(value);
    }
    Ok(values)
}

/// A value of a sequence that could not be read: which one (from 0) and
/// why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueError {
    pub index: usize,
    pub error: DataError,
}

/// Reads every value in `input`, the first `types.len()` as those types
/// and any after them as [`read_values`] does, so that a caller can say
/// how many values there were.
pub fn read_values_as(input: &[u8], types: &[Kind]) -> Result<Vec<Value>, ValueError> {
    let mut reader = ValueReader::new(input);
    let mut values = Vec::new();
    loop {
        let index = values.len();
        match reader.next_value(types.get(index).copied()) {
            Ok(Some(value)) => values.push(value),
            Ok(None) => return Ok(values),
            Err(error) => return Err(ValueError { index, error }),
        }
    }
}

/// A reader that pulls values one at a time from a byte stream.
#[derive(Debug)]
pub struct ValueReader<'a> {
    input: &'a [u8],
    pos: usize,
}

/// A value being read from text: scalars stay unboxed so that long arrays
/// of them cost one vector, not one per element.
enum Parsed {
    Scalar(PrimValue),
    Array {
        element: PrimType,
        shape: Vec<i64>,
        data: Vec<PrimValue>,
    },
}

impl Parsed {
    fn element(&self) -> PrimType {
        match self {
            Parsed::Scalar(value) => value.prim_type(),
            Parsed::Array { element, .. } => *element,
        }
    }

    fn shape(&self) -> &[i64] {
        match self {
            Parsed::Scalar(_) => &[],
            Parsed::Array { shape, .. } => shape,
        }
    }

    fn into_value(self) -> Value {
        match self {
            Parsed::Scalar(value) => Value::Prim(value),
            Parsed::Array {
                element,
                shape,
                data,
            } => Value::Array(ArrayValue::new(element, shape, data)),
        }
    }
}

/// What the reader knows of the type of the value it reads.
#[derive(Debug, Clone, Copy)]
enum Expected {
    /// Nothing: suffixes decide, and a literal without one is `i32` or
    /// `f64`.
    Untyped,
    /// An element after the first of an array read untyped: literals
    /// without a suffix take the first element's element type.
    LikeFirst(PrimType),
    /// A value of this type.
    Typed(Kind),
}

impl Expected {
    fn element(self) -> Option<PrimType> {
        match self {
            Expected::Untyped => None,
            Expected::LikeFirst(element) => Some(element),
            Expected::Typed(ty) => Some(ty.element()),
        }
    }
}

/// The type of a string literal.
const STRING_TYPE: Kind = Kind {
    element: PrimType::U8,
    rank: 1,
};

/// A number literal as scanned, before its type is settled.
struct NumberLiteral {
    negative: bool,
    radix: u32,
    /// The magnitude modulo 2^128, enough to wrap to any integer type.
    magnitude: u128,
    /// Whether the magnitude is 2^128 or more.
    overflowed: bool,
    /// Sign and decimal digits without underscores, for conversion to a
    /// float.
    decimal_text: String,
    has_fraction_or_exponent: bool,
    suffix: Option<PrimType>,
}

impl<'a> ValueReader<'a> {
    pub fn new(input: &'a [u8]) -> Self {
        ValueReader { input, pos: 0 }
    }

    /// The next value, or `None` at the end of input (after any trailing
    /// whitespace and comments). With `ty`, the value is read as that type
    /// (see the module documentation); without, by its suffixes.
    pub fn next_value(&mut self, ty: Option<Kind>) -> Result<Option<Value>, DataError> {
        self.skip_space();
        match self.peek() {
            None => Ok(None),
            Some(b'b') => self.binary_value(ty).map(Some),
            Some(_) => {
                let expected = ty.map_or(Expected::Untyped, Expected::Typed);
                Ok(Some(self.text_value(expected, 0)?.into_value()))
            }
        }
    }

    fn peek(&self) -> Option<u8> {
        self.input.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.input.get(self.pos + ahead).copied()
    }

    fn skip_space(&mut self) {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c') => self.pos += 1,
                Some(b'-') if self.peek_at(1) == Some(b'-') => {
                    while let Some(byte) = self.peek() {
                        self.pos += 1;
                        if byte == b'\n' {
                            break;
                        }
                    }
                }
                _ => return,
            }
        }
    }

    // ---- Errors ----

    fn text_error(&self, offset: usize, message: impl Into<String>) -> DataError {
        let before = &self.input[..offset.min(self.input.len())];
        let line_start = before
            .iter()
            .rposition(|&byte| byte == b'\n')
            .map_or(0, |newline| newline + 1);
        let line = before.iter().filter(|&&byte| byte == b'\n').count() + 1;
        // Columns count characters: UTF-8 continuation bytes do not start one.
        let column = before[line_start..]
            .iter()
            .filter(|&&byte| byte & 0xc0 != 0x80)
            .count()
            + 1;
        DataError {
            line,
            column,
            offset,
            message: message.into(),
        }
    }

    fn binary_error(&self, offset: usize, message: impl Into<String>) -> DataError {
        DataError {
            line: 0,
            column: 0,
            offset,
            message: message.into(),
        }
    }

    /// What stands at `offset`, for "found ..." in messages: a whole word
    /// or number, one punctuation character, or a byte in hexadecimal.
    fn describe(&self, offset: usize) -> String {
        let rest = self.input.get(offset..).unwrap_or_default();
        match rest.first() {
            None => "end of input".to_string(),
            Some(&byte) if is_word_byte(byte) => {
                let word: String = rest
                    .iter()
                    .take_while(|&&byte| is_word_byte(byte))
                    .take(24)
                    .map(|&byte| byte as char)
                    .collect();
                format!("`{word}`")
            }
            Some(&byte) if byte.is_ascii_graphic() => format!("`{}`", byte as char),
            Some(b' ') => "a space".to_string(),
            Some(b'\n' | b'\r') => "end of line".to_string(),
            Some(&byte) => format!("byte {byte:#04x}"),
        }
    }

    fn expected(&self, what: &str) -> DataError {
        self.text_error(
            self.pos,
            format!("expected {what}, found {}", self.describe(self.pos)),
        )
    }

    fn literal_text(&self, start: usize) -> String {
        String::from_utf8_lossy(&self.input[start..self.pos]).into_owned()
    }

    /// A value of type `ty` was expected at `start`, but `found` stands
    /// there.
    fn not_of_type(&self, start: usize, ty: Kind, found: &str) -> DataError {
        self.text_error(
            start,
            format!(
                "expected a value of type {}, found {found}",
                crate::ir::print::value_type_text(ty.element, ty.rank)
            ),
        )
    }

    /// Checks that the value read from `start` is of type `ty`.
    fn check_type(&self, start: usize, value: &Parsed, ty: Kind) -> Result<(), DataError> {
        let shape = value.shape();
        if shape.len() == ty.rank() && value.element() == ty.element() {
            return Ok(());
        }
        let text = self.literal_text(start);
        let found = if shape.len() == ty.rank() {
            format!("`{text}` of type {}", type_text(value.element(), shape))
        } else {
            format!("`{text}`")
        };
        Err(self.not_of_type(start, ty, &found))
    }

    // ---- Text ----

    /// One value in text.
    fn text_value(&mut self, expected: Expected, depth: usize) -> Result<Parsed, DataError> {
        let start = self.pos;
        let ty = match expected {
            Expected::Typed(ty) => Some(ty),
            Expected::Untyped | Expected::LikeFirst(_) => None,
        };
        match self.peek() {
            Some(b'[') => match ty.map(|ty| (ty, ty.row())) {
                Some((ty, None)) => Err(self.not_of_type(start, ty, "an array")),
                Some((ty, Some(row))) => self.array(Some(ty), Expected::Typed(row), depth),
                None => self.array(None, expected, depth),
            },
            Some(b'"') => match ty {
                Some(ty) if ty != STRING_TYPE => Err(self.not_of_type(start, ty, "a string")),
                _ => self.string(),
            },
            Some(byte) if matches!(byte, b'-' | b'+') || byte.is_ascii_alphanumeric() => {
                // Where an array is expected, a scalar is read untyped, to
                // be named in the error.
                let scalar_expected = match ty {
                    Some(ty) if ty.rank() > 0 => Expected::Untyped,
                    _ => expected,
                };
                let value = if byte.is_ascii_alphabetic() {
                    self.word_value(scalar_expected, depth)?
                } else {
                    Parsed::Scalar(self.number(scalar_expected)?)
                };
                if let Some(ty) = ty {
                    self.check_type(start, &value, ty)?;
                }
                Ok(value)
            }
            _ => Err(self.expected("a value")),
        }
    }

    /// An array of type `ty` where one is known, whose elements are read
    /// with `row_expected`.
    fn array(
        &mut self,
        ty: Option<Kind>,
        row_expected: Expected,
        depth: usize,
    ) -> Result<Parsed, DataError> {
        let open = self.pos;
        if depth >= MAX_RANK {
            return Err(self.text_error(
                open,
                format!("arrays may have at most {MAX_RANK} dimensions"),
            ));
        }
        self.pos += 1;
        self.skip_space();
        if let Some(ty) = ty
            && self.peek() == Some(b']')
        {
            return self.empty_brackets(open, ty);
        }
        let first_start = self.pos;
        let first = self.text_value(row_expected, depth + 1)?;
        let element = row_expected.element().unwrap_or(first.element());
        let rest_expected = match ty {
            Some(_) => row_expected,
            None => Expected::LikeFirst(element),
        };
        let row_shape = first.shape().to_vec();
        let mut rows = 0i64;
        let mut data = Vec::new();
        let mut add_row = |reader: &Self, row: Parsed, start: usize| {
            if row.element() != element || row.shape() != row_shape.as_slice() {
                let found = type_text(row.element(), row.shape());
                let wanted = type_text(element, &row_shape);
                let message = if row.element() == element {
                    format!("array is irregular: this element is {found}, the first one {wanted}")
                } else {
                    format!(
                        "array elements must have one type: this element is {found}, \
                         the array's elements are {wanted}"
                    )
                };
                return Err(reader.text_error(start, message));
            }
            match row {
                Parsed::Scalar(value) => data.push(value),
                Parsed::Array { data: row_data, .. } => data.extend(row_data),
            }
            rows += 1;
            Ok(())
        };
        add_row(self, first, first_start)?;
        loop {
            self.skip_space();
            match self.peek() {
                Some(b']') => {
                    self.pos += 1;
                    break;
                }
                Some(b',') => {
                    self.pos += 1;
                    self.skip_space();
                    if self.peek() == Some(b']') {
                        self.pos += 1;
                        break;
                    }
                    let start = self.pos;
                    let row = self.text_value(rest_expected, depth + 1)?;
                    add_row(self, row, start)?;
                }
                _ => return Err(self.expected("`,` or `]`")),
            }
        }
        let mut shape = Vec::with_capacity(row_shape.len() + 1);
        shape.push(rows);
        shape.extend(row_shape);
        if shape.len() > MAX_RANK {
            return Err(self.text_error(
                open,
                format!("arrays may have at most {MAX_RANK} dimensions"),
            ));
        }
        self.check_element_count(open, element, &shape)?;
        Ok(Parsed::Array {
            element,
            shape,
            data,
        })
    }

    /// `[]` where a value of type `ty` is expected: the empty array where
    /// `ty` has one dimension; otherwise the sizes of the others are
    /// unknown.
    fn empty_brackets(&mut self, open: usize, ty: Kind) -> Result<Parsed, DataError> {
        let element = ty.element();
        if ty.rank() != 1 {
            let zeros = "[0]".repeat(ty.rank());
            return Err(self.text_error(
                open,
                format!(
                    "`[]` has one dimension, but {} has {}: write the empty array with its sizes, \
                     such as `empty({zeros}{})`",
                    crate::ir::print::value_type_text(ty.element, ty.rank),
                    ty.rank(),
                    element.name()
                ),
            ));
        }
        self.pos += 1;
        Ok(Parsed::Array {
            element,
            shape: vec![0],
            data: Vec::new(),
        })
    }

    /// `true`, `false`, `f32.nan`, `f32.inf` (any float type) and
    /// `empty(...)`.
    fn word_value(&mut self, expected: Expected, depth: usize) -> Result<Parsed, DataError> {
        let start = self.pos;
        let word = self.word();
        let value = match word {
            "true" => PrimValue::Bool(true),
            "false" => PrimValue::Bool(false),
            "empty" if self.peek() == Some(b'(') => return self.empty(depth),
            _ => match special_float(word, false) {
                Some(value) => value,
                None => {
                    return Err(self.text_error(start, format!("expected a value, found `{word}`")));
                }
            },
        };
        self.check_literal_type(start, value.prim_type(), expected)?;
        Ok(Parsed::Scalar(value))
    }

    /// A run of letters, digits, underscores and dots.
    fn word(&mut self) -> &'a str {
        let start = self.pos;
        while self.peek().is_some_and(is_word_byte) {
            self.pos += 1;
        }
        // Word bytes are ASCII, so this is always valid UTF-8.
        std::str::from_utf8(&self.input[start..self.pos]).unwrap_or_default()
    }

    /// Checks that a literal of type `found` (by its suffix or form) is
    /// what is expected.
    fn check_literal_type(
        &self,
        start: usize,
        found: PrimType,
        expected: Expected,
    ) -> Result<(), DataError> {
        match expected {
            Expected::LikeFirst(element) if element != found => Err(self.text_error(
                start,
                format!(
                    "`{}` is {}, but the array's elements are {}",
                    self.literal_text(start),
                    found.name(),
                    element.name()
                ),
            )),
            Expected::Typed(ty) if ty.element() != found => {
                let found = format!("`{}` of type {}", self.literal_text(start), found.name());
                Err(self.not_of_type(start, ty, &found))
            }
            _ => Ok(()),
        }
    }

    fn number(&mut self, expected: Expected) -> Result<PrimValue, DataError> {
        let start = self.pos;
        let negative = self.peek() == Some(b'-');
        if matches!(self.peek(), Some(b'-' | b'+')) {
            self.pos += 1;
        }
        if negative && self.peek().is_some_and(|byte| byte.is_ascii_alphabetic()) {
            let word = self.word();
            let Some(value) = special_float(word, true) else {
                return Err(self.text_error(start, format!("expected a value, found `-{word}`")));
            };
            self.check_literal_type(start, value.prim_type(), expected)?;
            return Ok(value);
        }
        let literal = self.scan_number(negative)?;
        if let Some(suffix) = literal.suffix {
            self.check_literal_type(start, suffix, expected)?;
        }
        let untyped = if literal.has_fraction_or_exponent {
            PrimType::F64
        } else {
            PrimType::I32
        };
        let ty = literal.suffix.or(expected.element()).unwrap_or(untyped);
        if ty == PrimType::Bool {
            let text = self.literal_text(start);
            return Err(match expected {
                Expected::Typed(ty) => self.not_of_type(start, ty, &format!("`{text}`")),
                Expected::Untyped | Expected::LikeFirst(_) => self.text_error(
                    start,
                    format!("`{text}` is a number, but the array's elements are bool"),
                ),
            });
        }
        // The type of a literal without a suffix is the expected one, which
        // its value must fit.
        let must_fit = literal.suffix.is_none() && matches!(expected, Expected::Typed(_));
        self.number_of_type(start, &literal, ty, must_fit)
    }

    fn scan_number(&mut self, negative: bool) -> Result<NumberLiteral, DataError> {
        let radix = match (self.peek(), self.peek_at(1), self.peek_at(2)) {
            (Some(b'0'), Some(b'x' | b'X'), Some(digit)) if digit.is_ascii_hexdigit() => 16,
            (Some(b'0'), Some(b'b' | b'B'), Some(b'0' | b'1')) => 2,
            _ => 10,
        };
        if radix != 10 {
            self.pos += 2;
        }
        let mut literal = NumberLiteral {
            negative,
            radix,
            magnitude: 0,
            overflowed: false,
            decimal_text: if negative { "-".into() } else { String::new() },
            has_fraction_or_exponent: false,
            suffix: None,
        };
        if !self
            .peek()
            .is_some_and(|byte| (byte as char).is_digit(radix))
        {
            return Err(self.expected("a digit"));
        }
        while let Some(byte) = self.peek() {
            if byte == b'_' {
                self.pos += 1;
                continue;
            }
            let Some(digit) = (byte as char).to_digit(radix) else {
                break;
            };
            let exact = literal
                .magnitude
                .checked_mul(u128::from(radix))
                .and_then(|shifted| shifted.checked_add(u128::from(digit)));
            literal.overflowed |= exact.is_none();
            literal.magnitude = literal
                .magnitude
                .wrapping_mul(u128::from(radix))
                .wrapping_add(u128::from(digit));
            literal.decimal_text.push(byte as char);
            self.pos += 1;
        }
        if radix == 10 {
            if self.peek() == Some(b'.') {
                self.pos += 1;
                literal.decimal_text.push('.');
                self.decimal_digits(&mut literal.decimal_text, "a digit after `.`")?;
                literal.has_fraction_or_exponent = true;
            }
            if matches!(self.peek(), Some(b'e' | b'E')) {
                self.pos += 1;
                literal.decimal_text.push('e');
                if let Some(sign @ (b'-' | b'+')) = self.peek() {
                    literal.decimal_text.push(sign as char);
                    self.pos += 1;
                }
                self.decimal_digits(&mut literal.decimal_text, "the exponent's digits")?;
                literal.has_fraction_or_exponent = true;
            }
        }
        let suffix_start = self.pos;
        while self
            .peek()
            .is_some_and(|byte| byte.is_ascii_alphanumeric() || byte == b'_')
        {
            self.pos += 1;
        }
        if suffix_start != self.pos {
            let suffix = String::from_utf8_lossy(&self.input[suffix_start..self.pos]);
            match PrimType::from_name(&suffix) {
                Some(ty) if ty != PrimType::Bool => literal.suffix = Some(ty),
                _ => {
                    return Err(self.text_error(
                        suffix_start,
                        format!("unknown suffix `{suffix}` on a number"),
                    ));
                }
            }
        }
        if self.peek() == Some(b'.') {
            return Err(self.text_error(self.pos, "unexpected `.` after a number"));
        }
        Ok(literal)
    }

    /// One or more decimal digits, with underscores after the first.
    fn decimal_digits(&mut self, text: &mut String, what: &str) -> Result<(), DataError> {
        if !self.peek().is_some_and(|byte| byte.is_ascii_digit()) {
            return Err(self.expected(what));
        }
        while let Some(byte @ (b'0'..=b'9' | b'_')) = self.peek() {
            if byte != b'_' {
                text.push(byte as char);
            }
            self.pos += 1;
        }
        Ok(())
    }

    /// The literal as a value of type `ty`; with `must_fit`, an integer
    /// that does not fit in `ty`'s bits is an error rather than wrapped.
    fn number_of_type(
        &self,
        start: usize,
        literal: &NumberLiteral,
        ty: PrimType,
        must_fit: bool,
    ) -> Result<PrimValue, DataError> {
        let text = self.literal_text(start);
        if ty.is_integer() {
            if literal.has_fraction_or_exponent {
                return Err(self.text_error(
                    start,
                    format!(
                        "`{text}` has a fraction or an exponent, so it cannot be {}",
                        ty.name()
                    ),
                ));
            }
            let width = 8 * element_size(ty) as u32;
            if must_fit && !literal.fits_in(width) {
                return Err(self.text_error(
                    start,
                    format!("`{text}` does not fit in the {width} bits of {}", ty.name()),
                ));
            }
            let bits = if literal.negative {
                literal.magnitude.wrapping_neg()
            } else {
                literal.magnitude
            };
            // Truncation wraps the value to the type, as upstream does.
            return Ok(match ty {
                PrimType::I8 => PrimValue::I8(bits as i8),
                PrimType::I16 => PrimValue::I16(bits as i16),
                PrimType::I32 => PrimValue::I32(bits as i32),
                PrimType::I64 => PrimValue::I64(bits as i64),
                PrimType::U8 => PrimValue::U8(bits as u8),
                PrimType::U16 => PrimValue::U16(bits as u16),
                PrimType::U32 => PrimValue::U32(bits as u32),
                _ => PrimValue::U64(bits as u64),
            });
        }
        if literal.radix != 10 {
            return Err(self.text_error(
                start,
                format!(
                    "`{text}` is a hexadecimal or binary integer, so it cannot be {}",
                    ty.name()
                ),
            ));
        }
        let malformed = || self.text_error(start, format!("malformed number `{text}`"));
        Ok(match ty {
            PrimType::F16 => PrimValue::F16(F16::from_f64(
                literal.decimal_text.parse().map_err(|_| malformed())?,
            )),
            PrimType::F32 => PrimValue::F32(literal.decimal_text.parse().map_err(|_| malformed())?),
            _ => PrimValue::F64(literal.decimal_text.parse().map_err(|_| malformed())?),
        })
    }

    /// A string literal: an array of the UTF-8 bytes it denotes.
    fn string(&mut self) -> Result<Parsed, DataError> {
        let start = self.pos;
        self.pos += 1;
        let mut bytes = Vec::new();
        loop {
            let Some(byte) = self.peek() else {
                return Err(self.text_error(start, "unterminated string"));
            };
            self.pos += 1;
            match byte {
                b'"' => break,
                b'\\' => self.escape(&mut bytes)?,
                _ => bytes.push(byte),
            }
        }
        let data: Vec<PrimValue> = bytes.into_iter().map(PrimValue::U8).collect();
        Ok(Parsed::Array {
            element: PrimType::U8,
            shape: vec![data.len() as i64],
            data,
        })
    }

    fn escape(&mut self, bytes: &mut Vec<u8>) -> Result<(), DataError> {
        let start = self.pos - 1;
        let Some(byte) = self.peek() else {
            return Err(self.text_error(start, "unterminated string"));
        };
        let simple = match byte {
            b'n' => Some(b'\n'),
            b't' => Some(b'\t'),
            b'r' => Some(b'\r'),
            b'a' => Some(0x07),
            b'b' => Some(0x08),
            b'f' => Some(0x0c),
            b'v' => Some(0x0b),
            b'\\' | b'"' | b'\'' => Some(byte),
            _ => None,
        };
        if let Some(simple) = simple {
            self.pos += 1;
            bytes.push(simple);
            return Ok(());
        }
        let radix = match byte {
            b'x' => 16,
            b'o' => 8,
            b'0'..=b'9' => 10,
            _ => {
                return Err(self.text_error(
                    start,
                    format!("unknown escape `\\{}` in a string", byte.escape_ascii()),
                ));
            }
        };
        if radix != 10 {
            self.pos += 1;
        }
        let digits_start = self.pos;
        let mut code: u32 = 0;
        while let Some(digit) = self.peek().and_then(|byte| (byte as char).to_digit(radix)) {
            code = code.saturating_mul(radix).saturating_add(digit);
            self.pos += 1;
        }
        if self.pos == digits_start {
            return Err(self.text_error(start, "expected digits after the escape"));
        }
        let Some(character) = char::from_u32(code) else {
            return Err(self.text_error(start, "the escape is not a Unicode code point"));
        };
        let mut buffer = [0; 4];
        bytes.extend_from_slice(character.encode_utf8(&mut buffer).as_bytes());
        Ok(())
    }

    /// `empty([0][3]i32)`, just after the word `empty`.
    fn empty(&mut self, depth: usize) -> Result<Parsed, DataError> {
        let start = self.pos - "empty".len();
        self.pos += 1;
        let mut shape = Vec::new();
        let element = loop {
            self.skip_space();
            if self.peek() != Some(b'[') {
                let type_start = self.pos;
                let name = self.word();
                match PrimType::from_name(name) {
                    Some(element) => break element,
                    None => {
                        self.pos = type_start;
                        return Err(self.expected("`[` or an element type"));
                    }
                }
            }
            self.pos += 1;
            self.skip_space();
            let dimension_start = self.pos;
            let mut digits = String::new();
            self.decimal_digits(&mut digits, "a dimension")?;
            let dimension = digits.parse::<i64>().map_err(|_| {
                self.text_error(dimension_start, format!("dimension {digits} is too large"))
            })?;
            shape.push(dimension);
            self.skip_space();
            if self.peek() != Some(b']') {
                return Err(self.expected("`]`"));
            }
            self.pos += 1;
        };
        self.skip_space();
        if self.peek() != Some(b')') {
            return Err(self.expected("`)`"));
        }
        self.pos += 1;
        if shape.is_empty() {
            return Err(self.text_error(start, "`empty` needs at least one dimension"));
        }
        if depth + shape.len() > MAX_RANK {
            return Err(self.text_error(
                start,
                format!("arrays may have at most {MAX_RANK} dimensions"),
            ));
        }
        if !shape.contains(&0) {
            return Err(self.text_error(
                start,
                format!(
                    "`empty` needs a dimension of size 0, but {} has elements",
                    type_text(element, &shape)
                ),
            ));
        }
        self.check_element_count(start, element, &shape)?;
        Ok(Parsed::Array {
            element,
            shape,
            data: Vec::new(),
        })
    }

    fn check_element_count(
        &self,
        start: usize,
        element: PrimType,
        shape: &[i64],
    ) -> Result<(), DataError> {
        match element_count(shape) {
            Some(_) => Ok(()),
            None => Err(self.text_error(
                start,
                format!("{} has too many elements", type_text(element, shape)),
            )),
        }
    }

    // ---- Binary ----

    fn binary_value(&mut self, ty: Option<Kind>) -> Result<Value, DataError> {
        let start = self.pos;
        self.pos += 1;
        let version_offset = self.pos;
        let version = self.binary_bytes::<1>("the format version")?[0];
        if version != BINARY_VERSION {
            return Err(self.binary_error(
                version_offset,
                format!(
                    "binary format version {version} is not supported (expected {BINARY_VERSION})"
                ),
            ));
        }
        let rank = self.binary_bytes::<1>("the rank")?[0];
        let type_offset = self.pos;
        let tag = self.binary_bytes::<4>("the element type")?;
        let Some(element) = element_of_tag(tag) else {
            return Err(self.binary_error(
                type_offset,
                format!("unknown element type `{}`", tag.escape_ascii()),
            ));
        };
        let mut shape = Vec::with_capacity(rank.into());
        for dimension in 0..rank {
            let offset = self.pos;
            let size = u64::from_le_bytes(self.binary_bytes::<8>("a dimension")?);
            let size = i64::try_from(size).map_err(|_| {
                self.binary_error(
                    offset,
                    format!("dimension {dimension} is too large ({size})"),
                )
            })?;
            shape.push(size);
        }
        if let Some(ty) = ty
            && (ty.element() != element || ty.rank() != shape.len())
        {
            return Err(self.binary_error(
                start,
                format!(
                    "expected a value of type {}, found a binary value of type {}",
                    crate::ir::print::value_type_text(ty.element, ty.rank),
                    type_text(element, &shape)
                ),
            ));
        }
        let too_large = || self.binary_error(self.pos, "the array has too many elements");
        let count = element_count(&shape).ok_or_else(too_large)?;
        let size = element_size(element);
        let byte_count = count.checked_mul(size).ok_or_else(too_large)?;
        let remaining = self.input.len() - self.pos;
        if byte_count > remaining {
            return Err(self.binary_error(
                self.pos,
                format!(
                    "truncated binary value: {count} elements of type {} need {byte_count} bytes, \
                     but only {remaining} remain",
                    element.name()
                ),
            ));
        }
        let bytes = &self.input[self.pos..self.pos + byte_count];
        self.pos += byte_count;
        let data: Vec<PrimValue> = bytes
            .chunks_exact(size)
            .map(|chunk| decode_element(element, chunk))
            .collect();
        Ok(if shape.is_empty() {
            match data.first() {
                Some(&value) => Value::Prim(value),
                None => Value::Array(ArrayValue::new(element, shape, data)),
            }
        } else {
            Value::Array(ArrayValue::new(element, shape, data))
        })
    }

    fn binary_bytes<const N: usize>(&mut self, what: &str) -> Result<[u8; N], DataError> {
        let bytes = self
            .input
            .get(self.pos..self.pos + N)
            .and_then(|bytes| <[u8; N]>::try_from(bytes).ok())
            .ok_or_else(|| {
                self.binary_error(self.pos, format!("truncated binary value: expected {what}"))
            })?;
        self.pos += N;
        Ok(bytes)
    }
}

impl NumberLiteral {
    /// Whether the literal's value is a `width`-bit integer, signed or
    /// unsigned.
    fn fits_in(&self, width: u32) -> bool {
        let limit = if self.negative {
            1u128 << (width - 1)
        } else {
            (1u128 << width) - 1
        };
        !self.overflowed && self.magnitude <= limit
    }
}

/// The number of elements of a shape, or `None` where the dimensions other
/// than zeros multiply beyond `i64`: the rest of the compiler computes with
/// such products, so a shape like `[2^62][2^62][0]` is refused.
fn element_count(shape: &[i64]) -> Option<usize> {
    let nonzero = shape
        .iter()
        .filter(|&&size| size != 0)
        .try_fold(1i64, |count, &size| count.checked_mul(size))?;
    let count = if shape.contains(&0) { 0 } else { nonzero };
    usize::try_from(count).ok()
}

fn is_word_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'.'
}

/// `f32.nan`, `f32.inf` and, after a minus sign, `-f32.inf`, for each
/// float type.
fn special_float(word: &str, negative: bool) -> Option<PrimValue> {
    let (type_name, constant) = word.split_once('.')?;
    let ty = PrimType::from_name(type_name).filter(|ty| ty.is_float())?;
    let value = match (constant, negative) {
        ("nan", false) => f64::NAN,
        ("inf", false) => f64::INFINITY,
        ("inf", true) => f64::NEG_INFINITY,
        _ => return None,
    };
    Some(match ty {
        PrimType::F16 => PrimValue::F16(F16::from_f64(value)),
        PrimType::F32 => PrimValue::F32(value as f32),
        _ => PrimValue::F64(value),
    })
}

/// A value's type in upstream's notation: `[2][3]i32`.
fn type_text(element: PrimType, shape: &[i64]) -> String {
    let mut text = String::new();
    for size in shape {
        let _ = write!(text, "[{size}]");
    }
    text.push_str(element.name());
    text
}

fn binary_tag(element: PrimType) -> &'static [u8; 4] {
    match element {
        PrimType::Bool => b"bool",
        PrimType::I8 => b"  i8",
        PrimType::I16 => b" i16",
        PrimType::I32 => b" i32",
        PrimType::I64 => b" i64",
        PrimType::U8 => b"  u8",
        PrimType::U16 => b" u16",
        PrimType::U32 => b" u32",
        PrimType::U64 => b" u64",
        PrimType::F16 => b" f16",
        PrimType::F32 => b" f32",
        PrimType::F64 => b" f64",
    }
}

fn element_of_tag(tag: [u8; 4]) -> Option<PrimType> {
    std::iter::once(PrimType::Bool)
        .chain(PrimType::numeric())
        .find(|&element| *binary_tag(element) == tag)
}

fn element_size(element: PrimType) -> usize {
    match element {
        PrimType::Bool | PrimType::I8 | PrimType::U8 => 1,
        PrimType::I16 | PrimType::U16 | PrimType::F16 => 2,
        PrimType::I32 | PrimType::U32 | PrimType::F32 => 4,
        PrimType::I64 | PrimType::U64 | PrimType::F64 => 8,
    }
}

/// One element from exactly `element_size(element)` little-endian bytes.
fn decode_element(element: PrimType, bytes: &[u8]) -> PrimValue {
    let mut buffer = [0u8; 8];
    buffer[..bytes.len()].copy_from_slice(bytes);
    let bits = u64::from_le_bytes(buffer);
    // Truncation keeps exactly the bytes that were read.
    match element {
        PrimType::Bool => PrimValue::Bool(bits != 0),
        PrimType::I8 => PrimValue::I8(bits as i8),
        PrimType::I16 => PrimValue::I16(bits as i16),
        PrimType::I32 => PrimValue::I32(bits as i32),
        PrimType::I64 => PrimValue::I64(bits as i64),
        PrimType::U8 => PrimValue::U8(bits as u8),
        PrimType::U16 => PrimValue::U16(bits as u16),
        PrimType::U32 => PrimValue::U32(bits as u32),
        PrimType::U64 => PrimValue::U64(bits),
        PrimType::F16 => PrimValue::F16(F16(bits as u16)),
        PrimType::F32 => PrimValue::F32(f32::from_bits(bits as u32)),
        PrimType::F64 => PrimValue::F64(f64::from_bits(bits)),
    }
}

/// Upstream's text format, as `futhark` executables print results: `1i32`,
/// `2.5f32`, `true`, `[1i32, 2i32]`, `[[1i32], [2i32]]`,
/// `empty([0][3]i64)`, `f32.nan`, `-f64.inf` (floats as the module
/// documentation describes).
pub fn write_text(value: &Value, out: &mut String) {
    match value {
        Value::Prim(prim) => write_prim(*prim, out),
        Value::Array(array) if array.shape.contains(&0) => {
            out.push_str("empty(");
            out.push_str(&type_text(array.element, &array.shape));
            out.push(')');
        }
        Value::Array(array) => write_rows(&array.shape, &array.data, out),
    }
}

fn write_rows(shape: &[i64], data: &[PrimValue], out: &mut String) {
    let Some((&rows, row_shape)) = shape.split_first() else {
        if let Some(&prim) = data.first() {
            write_prim(prim, out);
        }
        return;
    };
    let row_len = (data.len() / usize::try_from(rows).unwrap_or(1).max(1)).max(1);
    out.push('[');
    for (index, row) in data.chunks(row_len).enumerate() {
        if index > 0 {
            out.push_str(", ");
        }
        write_rows(row_shape, row, out);
    }
    out.push(']');
}

fn write_prim(value: PrimValue, out: &mut String) {
    // Writing to a `String` cannot fail.
    let _ = match value {
        PrimValue::Bool(v) => write!(out, "{v}"),
        PrimValue::I8(v) => write!(out, "{v}i8"),
        PrimValue::I16(v) => write!(out, "{v}i16"),
        PrimValue::I32(v) => write!(out, "{v}i32"),
        PrimValue::I64(v) => write!(out, "{v}i64"),
        PrimValue::U8(v) => write!(out, "{v}u8"),
        PrimValue::U16(v) => write!(out, "{v}u16"),
        PrimValue::U32(v) => write!(out, "{v}u32"),
        PrimValue::U64(v) => write!(out, "{v}u64"),
        PrimValue::F16(v) => {
            let v = v.to_f32();
            write_float(
                v.is_nan(),
                v.is_infinite(),
                v < 0.0,
                &format!("{v:e}"),
                "f16",
                out,
            );
            Ok(())
        }
        PrimValue::F32(v) => {
            write_float(
                v.is_nan(),
                v.is_infinite(),
                v < 0.0,
                &format!("{v:e}"),
                "f32",
                out,
            );
            Ok(())
        }
        PrimValue::F64(v) => {
            write_float(
                v.is_nan(),
                v.is_infinite(),
                v < 0.0,
                &format!("{v:e}"),
                "f64",
                out,
            );
            Ok(())
        }
    };
}

/// Writes a float given Rust's shortest round-tripping scientific form of
/// it (`-1.25e-3`) in the layout of Haskell's `show`, which upstream's
/// `futhark dataset` uses.
fn write_float(
    nan: bool,
    infinite: bool,
    negative: bool,
    scientific: &str,
    suffix: &str,
    out: &mut String,
) {
    if nan {
        out.push_str(suffix);
        out.push_str(".nan");
        return;
    }
    if infinite {
        if negative {
            out.push('-');
        }
        out.push_str(suffix);
        out.push_str(".inf");
        return;
    }
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((scientific, "0"));
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(unsigned) => ("-", unsigned),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    let exponent: i32 = exponent.parse().unwrap_or(0);
    out.push_str(sign);
    // The value is 0.DIGITS * 10^point; Haskell writes it without an
    // exponent when 0.1 <= |x| < 10^7.
    let point = exponent + 1;
    if digits == "0" {
        out.push_str("0.0");
    } else if (0..=7).contains(&point) {
        let point = point as usize;
        if point == 0 {
            out.push_str("0.");
            out.push_str(&digits);
        } else if digits.len() <= point {
            out.push_str(&digits);
            out.extend(std::iter::repeat_n('0', point - digits.len()));
            out.push_str(".0");
        } else {
            out.push_str(&digits[..point]);
            out.push('.');
            out.push_str(&digits[point..]);
        }
    } else {
        out.push_str(&digits[..1]);
        out.push('.');
        out.push_str(if digits.len() > 1 { &digits[1..] } else { "0" });
        let _ = write!(out, "e{exponent}");
    }
    out.push_str(suffix);
}

/// Upstream's binary format (version 2).
///
/// # Panics
///
/// If the value has more than 255 dimensions, which the format cannot
/// express (no value the readers here produce has).
pub fn write_binary(value: &Value, out: &mut Vec<u8>) {
    let (element, shape, data): (PrimType, &[i64], &[PrimValue]) = match value {
        Value::Prim(prim) => (prim.prim_type(), &[], std::slice::from_ref(prim)),
        Value::Array(array) => (array.element, &array.shape, &array.data),
    };
    let rank = u8::try_from(shape.len()).expect("the binary format holds at most 255 dimensions");
    out.reserve(7 + 8 * shape.len() + element_size(element) * data.len());
    out.extend_from_slice(&[b'b', BINARY_VERSION, rank]);
    out.extend_from_slice(binary_tag(element));
    for &size in shape {
        out.extend_from_slice(&(size as u64).to_le_bytes());
    }
    for value in data {
        match *value {
            PrimValue::Bool(v) => out.push(u8::from(v)),
            PrimValue::I8(v) => out.extend_from_slice(&v.to_le_bytes()),
            PrimValue::I16(v) => out.extend_from_slice(&v.to_le_bytes()),
            PrimValue::I32(v) => out.extend_from_slice(&v.to_le_bytes()),
            PrimValue::I64(v) => out.extend_from_slice(&v.to_le_bytes()),
            PrimValue::U8(v) => out.push(v),
            PrimValue::U16(v) => out.extend_from_slice(&v.to_le_bytes()),
            PrimValue::U32(v) => out.extend_from_slice(&v.to_le_bytes()),
            PrimValue::U64(v) => out.extend_from_slice(&v.to_le_bytes()),
            PrimValue::F16(v) => out.extend_from_slice(&v.0.to_le_bytes()),
            PrimValue::F32(v) => out.extend_from_slice(&v.to_bits().to_le_bytes()),
            PrimValue::F64(v) => out.extend_from_slice(&v.to_bits().to_le_bytes()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn read_one(text: &str) -> Value {
        match read_values(text.as_bytes()) {
            Ok(values) if values.len() == 1 => values.into_iter().next().unwrap(),
            other => panic!("{text:?} read as {other:?}"),
        }
    }

    fn prim(text: &str) -> PrimValue {
        read_one(text)
            .as_prim()
            .unwrap_or_else(|| panic!("{text:?} is not a scalar"))
    }

    fn array(text: &str) -> ArrayValue {
        match read_one(text) {
            Value::Array(array) => array,
            other => panic!("{text:?} read as {other:?}"),
        }
    }

    fn error(input: &[u8]) -> DataError {
        match read_values(input) {
            Err(error) => error,
            Ok(values) => panic!("{:?} read as {values:?}", input.escape_ascii().to_string()),
        }
    }

    fn text(value: &Value) -> String {
        let mut out = String::new();
        write_text(value, &mut out);
        out
    }

    fn binary(value: &Value) -> Vec<u8> {
        let mut out = Vec::new();
        write_binary(value, &mut out);
        out
    }

    fn array_value(element: PrimType, shape: &[i64], data: Vec<PrimValue>) -> Value {
        Value::Array(ArrayValue::new(element, shape.to_vec(), data))
    }

    fn i32s(values: &[i32]) -> Vec<PrimValue> {
        values.iter().copied().map(PrimValue::I32).collect()
    }

    /// Equality with floats compared bit for bit; with `any_nan`, two NaNs
    /// are equal whatever their payloads (the text format has one NaN).
    fn same_prim(a: PrimValue, b: PrimValue, any_nan: bool) -> bool {
        match (a, b) {
            (PrimValue::F16(x), PrimValue::F16(y)) => {
                x.0 == y.0 || (any_nan && x.to_f32().is_nan() && y.to_f32().is_nan())
            }
            (PrimValue::F32(x), PrimValue::F32(y)) => {
                x.to_bits() == y.to_bits() || (any_nan && x.is_nan() && y.is_nan())
            }
            (PrimValue::F64(x), PrimValue::F64(y)) => {
                x.to_bits() == y.to_bits() || (any_nan && x.is_nan() && y.is_nan())
            }
            _ => a == b,
        }
    }

    fn same_value(a: &Value, b: &Value, any_nan: bool) -> bool {
        match (a, b) {
            (Value::Prim(x), Value::Prim(y)) => same_prim(*x, *y, any_nan),
            (Value::Array(x), Value::Array(y)) => {
                x.element == y.element
                    && x.shape == y.shape
                    && x.data.len() == y.data.len()
                    && x.data
                        .iter()
                        .zip(y.data.iter())
                        .all(|(p, q)| same_prim(*p, *q, any_nan))
            }
            _ => false,
        }
    }

    // ---- Reading text ----

    #[test]
    fn integer_suffixes_give_their_types() {
        assert_eq!(prim("-8i8"), PrimValue::I8(-8));
        assert_eq!(prim("16i16"), PrimValue::I16(16));
        assert_eq!(prim("32i32"), PrimValue::I32(32));
        assert_eq!(prim("-64i64"), PrimValue::I64(-64));
        assert_eq!(prim("8u8"), PrimValue::U8(8));
        assert_eq!(prim("16u16"), PrimValue::U16(16));
        assert_eq!(prim("32u32"), PrimValue::U32(32));
        assert_eq!(prim("18446744073709551615u64"), PrimValue::U64(u64::MAX));
        assert_eq!(prim("-9223372036854775808i64"), PrimValue::I64(i64::MIN));
    }

    #[test]
    fn untyped_literals_are_i32_and_f64() {
        assert_eq!(prim("42"), PrimValue::I32(42));
        assert_eq!(prim("-7"), PrimValue::I32(-7));
        assert_eq!(prim("+7"), PrimValue::I32(7));
        assert_eq!(prim("2.5"), PrimValue::F64(2.5));
        assert_eq!(prim("1e3"), PrimValue::F64(1000.0));
        assert_eq!(prim("-2.5E-1"), PrimValue::F64(-0.25));
    }

    #[test]
    fn float_suffixes_apply_to_integers_and_decimals() {
        assert_eq!(prim("1f32"), PrimValue::F32(1.0));
        assert_eq!(prim("0.1f32"), PrimValue::F32(0.1));
        assert_eq!(prim("-1.5e2f64"), PrimValue::F64(-150.0));
        assert_eq!(prim("1.5f16"), PrimValue::F16(F16(0x3e00)));
        // One correct rounding to f32, not a detour through f64.
        assert_eq!(prim("16777217.0f32"), PrimValue::F32(16777216.0));
    }

    #[test]
    fn hexadecimal_binary_and_underscores() {
        assert_eq!(prim("0x10"), PrimValue::I32(16));
        assert_eq!(prim("0XfFu8"), PrimValue::U8(255));
        assert_eq!(prim("-0x1i64"), PrimValue::I64(-1));
        assert_eq!(prim("0b1010u16"), PrimValue::U16(10));
        assert_eq!(prim("1_000_000i64"), PrimValue::I64(1_000_000));
        assert_eq!(prim("0xff_ffi32"), PrimValue::I32(0xffff));
        assert_eq!(prim("1_0.2_5f64"), PrimValue::F64(10.25));
        assert_eq!(prim("1e1_0"), PrimValue::F64(1e10));
        // Hexadecimal digits swallow what looks like a float suffix.
        assert_eq!(prim("0x1f32"), PrimValue::I32(0x1f32));
    }

    #[test]
    fn integers_wrap_to_their_type_as_upstream() {
        assert_eq!(prim("-1u8"), PrimValue::U8(255));
        assert_eq!(prim("300i8"), PrimValue::I8(44));
        assert_eq!(prim("0xffffffffi32"), PrimValue::I32(-1));
        assert_eq!(prim("4294967296"), PrimValue::I32(0));
        assert_eq!(
            prim("340282366920938463463374607431768211457u64"),
            PrimValue::U64(1)
        );
    }

    #[test]
    fn booleans_and_special_floats() {
        assert_eq!(prim("true"), PrimValue::Bool(true));
        assert_eq!(prim("false"), PrimValue::Bool(false));
        assert_eq!(prim("f16.nan"), PrimValue::F16(F16(0x7e00)));
        assert_eq!(prim("f16.inf"), PrimValue::F16(F16(0x7c00)));
        assert_eq!(prim("-f16.inf"), PrimValue::F16(F16(0xfc00)));
        assert!(matches!(prim("f32.nan"), PrimValue::F32(x) if x.is_nan()));
        assert_eq!(prim("f32.inf"), PrimValue::F32(f32::INFINITY));
        assert_eq!(prim("-f32.inf"), PrimValue::F32(f32::NEG_INFINITY));
        assert!(matches!(prim("f64.nan"), PrimValue::F64(x) if x.is_nan()));
        assert_eq!(prim("f64.inf"), PrimValue::F64(f64::INFINITY));
        assert_eq!(prim("-f64.inf"), PrimValue::F64(f64::NEG_INFINITY));
    }

    #[test]
    fn arrays_are_regular_and_take_the_first_elements_type() {
        let vector = array("[1, 2, 3]");
        assert_eq!(vector.element, PrimType::I32);
        assert_eq!(vector.shape, [3]);
        assert_eq!(*vector.data, i32s(&[1, 2, 3]));

        let matrix = array("[[1i64, 2], [3, 4], [5, 6]]");
        assert_eq!(matrix.element, PrimType::I64);
        assert_eq!(matrix.shape, [3, 2]);
        assert_eq!(matrix.data[5], PrimValue::I64(6));

        let floats = array("[1.5f32, 2, -3e1]");
        assert_eq!(
            *floats.data,
            [
                PrimValue::F32(1.5),
                PrimValue::F32(2.0),
                PrimValue::F32(-30.0)
            ]
        );
        assert_eq!(array("[f32.nan, 1]").element, PrimType::F32);
        assert_eq!(array("[true, false]").shape, [2]);
    }

    #[test]
    fn arrays_allow_spaces_comments_and_a_trailing_comma() {
        let matrix = array("[ [ 1 , 2 ] , -- first row\n  [3,4], ]");
        assert_eq!(matrix.shape, [2, 2]);
        assert_eq!(*matrix.data, i32s(&[1, 2, 3, 4]));
    }

    #[test]
    fn empty_arrays_of_any_shape_with_a_zero() {
        let empty = array("empty([0][3]i64)");
        assert_eq!(
            (empty.element, empty.shape.clone()),
            (PrimType::I64, vec![0, 3])
        );
        assert!(empty.data.is_empty());
        assert_eq!(array("empty([2][0]bool)").shape, [2, 0]);
        assert_eq!(array("empty( [0] f16 )").element, PrimType::F16);
        let rows = array("[empty([0]i32), empty([0]i32)]");
        assert_eq!(
            (rows.element, rows.shape.clone()),
            (PrimType::I32, vec![2, 0])
        );
    }

    #[test]
    fn strings_are_arrays_of_utf8_bytes() {
        let bytes = |text: &str| -> Vec<PrimValue> { text.bytes().map(PrimValue::U8).collect() };
        let plain = array("\"ab c\"");
        assert_eq!(
            (plain.element, plain.shape.clone()),
            (PrimType::U8, vec![4])
        );
        assert_eq!(*plain.data, bytes("ab c"));
        assert_eq!(
            *array(r#""\n\t\\\"\x41\955\o101""#).data,
            bytes("\n\t\\\"AλA")
        );
        assert_eq!(array("\"\"").shape, [0]);
        assert_eq!(array("[\"ab\", \"cd\"]").shape, [2, 2]);
    }

    #[test]
    fn many_values_with_comments_and_mixed_binary() {
        let mut input = b"-- leading comment\n1 [2, 3]\n".to_vec();
        write_binary(&Value::Prim(PrimValue::F64(0.5)), &mut input);
        input.extend_from_slice(b"  true -- trailing\n");
        write_binary(&array_value(PrimType::I32, &[2], i32s(&[7, 8])), &mut input);
        let values = read_values(&input).unwrap();
        assert_eq!(
            values,
            [
                Value::Prim(PrimValue::I32(1)),
                array_value(PrimType::I32, &[2], i32s(&[2, 3])),
                Value::Prim(PrimValue::F64(0.5)),
                Value::Prim(PrimValue::Bool(true)),
                array_value(PrimType::I32, &[2], i32s(&[7, 8])),
            ]
        );
        assert_eq!(read_values(b"  -- only a comment").unwrap(), []);
        assert_eq!(read_values(b"").unwrap(), []);
    }

    #[test]
    fn value_reader_pulls_one_value_at_a_time() {
        let mut reader = ValueReader::new(b"1 2\n");
        assert_eq!(
            reader.next_value(None),
            Ok(Some(Value::Prim(PrimValue::I32(1))))
        );
        assert_eq!(
            reader.next_value(Some(Kind::new(PrimType::U16, 0))),
            Ok(Some(Value::Prim(PrimValue::U16(2))))
        );
        assert_eq!(reader.next_value(None), Ok(None));
        assert_eq!(
            reader.next_value(Some(Kind::new(PrimType::I64, 0))),
            Ok(None)
        );
    }

    // ---- Reading by type ----

    fn of_type(element: PrimType, rank: usize) -> Kind {
        Kind::new(element, rank)
    }

    fn read_as(text: &str, ty: Kind) -> Result<Value, String> {
        let mut reader = ValueReader::new(text.as_bytes());
        match reader.next_value(Some(ty)) {
            Ok(Some(value)) => Ok(value),
            Ok(None) => Err("no value".to_string()),
            Err(error) => Err(error.to_string()),
        }
    }

    fn prim_as(text: &str, element: PrimType) -> PrimValue {
        match read_as(text, Kind::new(element, 0)) {
            Ok(Value::Prim(value)) => value,
            other => panic!("{text:?} as {element:?} read as {other:?}"),
        }
    }

    fn array_as(text: &str, element: PrimType, rank: usize) -> ArrayValue {
        match read_as(text, of_type(element, rank)) {
            Ok(Value::Array(array)) => array,
            other => panic!("{text:?} read as {other:?}"),
        }
    }

    fn error_as(text: &str, element: PrimType, rank: usize) -> String {
        match read_as(text, of_type(element, rank)) {
            Err(message) => message,
            Ok(value) => panic!("{text:?} read as {value:?}"),
        }
    }

    #[test]
    fn literals_without_suffix_take_the_expected_type() {
        let matrix = array_as("[[1.0, 6.0], [2.0, 3.0]]", PrimType::F32, 2);
        assert_eq!(matrix.element, PrimType::F32);
        assert_eq!(matrix.shape, [2, 2]);
        assert_eq!(
            *matrix.data,
            [1.0f32, 6.0, 2.0, 3.0].map(PrimValue::F32).to_vec()
        );
        assert_eq!(prim_as("1", PrimType::F32), PrimValue::F32(1.0));
        assert_eq!(prim_as("0.1", PrimType::F32), PrimValue::F32(0.1));
        // Rounded once, from the decimal text.
        assert_eq!(
            prim_as("16777217", PrimType::F32),
            PrimValue::F32(16777216.0)
        );
        assert_eq!(prim_as("1e3", PrimType::F16), PrimValue::F16(F16(0x63d0)));
        assert_eq!(prim_as("-7", PrimType::I64), PrimValue::I64(-7));
        assert_eq!(prim_as("1_000", PrimType::I16), PrimValue::I16(1000));
        assert_eq!(prim_as("0xff", PrimType::U8), PrimValue::U8(255));
        assert_eq!(prim_as("0b101", PrimType::U64), PrimValue::U64(5));
        assert_eq!(prim_as("true", PrimType::Bool), PrimValue::Bool(true));
        assert!(matches!(prim_as("f32.nan", PrimType::F32), PrimValue::F32(x) if x.is_nan()));
        assert_eq!(
            prim_as("-f16.inf", PrimType::F16),
            PrimValue::F16(F16(0xfc00))
        );
        // Suffixes that agree, also after unsuffixed elements.
        assert_eq!(prim_as("2f64", PrimType::F64), PrimValue::F64(2.0));
        assert_eq!(
            *array_as("[1, 2u8, 3]", PrimType::U8, 1).data,
            [1u8, 2, 3].map(PrimValue::U8).to_vec()
        );
        assert_eq!(
            *array_as("[true, false]", PrimType::Bool, 1).data,
            [PrimValue::Bool(true), PrimValue::Bool(false)]
        );
        assert_eq!(
            *array_as("[-1, 2]", PrimType::I64, 1).data,
            [PrimValue::I64(-1), PrimValue::I64(2)]
        );
    }

    #[test]
    fn integers_without_suffix_must_fit_signed_or_unsigned() {
        assert_eq!(prim_as("-1", PrimType::U8), PrimValue::U8(255));
        assert_eq!(prim_as("255", PrimType::I8), PrimValue::I8(-1));
        assert_eq!(prim_as("-128", PrimType::I8), PrimValue::I8(-128));
        assert_eq!(
            prim_as("18446744073709551615", PrimType::U64),
            PrimValue::U64(u64::MAX)
        );
        assert_eq!(
            prim_as("-9223372036854775808", PrimType::I64),
            PrimValue::I64(i64::MIN)
        );
        assert_eq!(
            error_as("256", PrimType::U8, 0),
            "line 1, column 1: `256` does not fit in the 8 bits of u8"
        );
        assert_eq!(
            error_as("[1, -129]", PrimType::I8, 1),
            "line 1, column 5: `-129` does not fit in the 8 bits of i8"
        );
        assert_eq!(
            error_as("0x1_0000_0000", PrimType::I32, 0),
            "line 1, column 1: `0x1_0000_0000` does not fit in the 32 bits of i32"
        );
        assert_eq!(
            error_as("340282366920938463463374607431768211457", PrimType::U64, 0),
            "line 1, column 1: `340282366920938463463374607431768211457` does not fit in the 64 bits of u64"
        );
        // A suffix states the type, and the value wraps to it as upstream.
        assert_eq!(prim_as("300u8", PrimType::U8), PrimValue::U8(44));
    }

    #[test]
    fn empty_arrays_and_strings_by_type() {
        let empty = array_as("[]", PrimType::F32, 1);
        assert_eq!(
            (empty.element, empty.shape.clone()),
            (PrimType::F32, vec![0])
        );
        let rows = array_as("[[], [ ]]", PrimType::I64, 2);
        assert_eq!(
            (rows.element, rows.shape.clone()),
            (PrimType::I64, vec![2, 0])
        );
        assert_eq!(array_as("empty([0][3]f32)", PrimType::F32, 2).shape, [0, 3]);
        assert_eq!(
            array_as("[empty([0]u8), []]", PrimType::U8, 2).shape,
            [2, 0]
        );
        assert_eq!(
            *array_as("\"ab\"", PrimType::U8, 1).data,
            [PrimValue::U8(b'a'), PrimValue::U8(b'b')]
        );
        assert_eq!(array_as("[\"ab\", \"cd\"]", PrimType::U8, 2).shape, [2, 2]);
        assert_eq!(
            error_as("[]", PrimType::F32, 2),
            "line 1, column 1: `[]` has one dimension, but [][]f32 has 2: write the empty array \
             with its sizes, such as `empty([0][0]f32)`"
        );
        assert_eq!(
            error_as("[[1.0], []]", PrimType::F32, 2),
            "line 1, column 9: array is irregular: this element is [0]f32, the first one [1]f32"
        );
    }

    #[test]
    fn what_contradicts_the_type_is_located() {
        assert_eq!(
            error_as("[1.0,\n 2i32]", PrimType::F32, 1),
            "line 2, column 2: expected a value of type f32, found `2i32` of type i32"
        );
        assert_eq!(
            error_as("1.5", PrimType::I32, 0),
            "line 1, column 1: `1.5` has a fraction or an exponent, so it cannot be i32"
        );
        assert_eq!(
            error_as("[1, 2e3]", PrimType::U16, 1),
            "line 1, column 5: `2e3` has a fraction or an exponent, so it cannot be u16"
        );
        assert_eq!(
            error_as("0x10", PrimType::F32, 0),
            "line 1, column 1: `0x10` is a hexadecimal or binary integer, so it cannot be f32"
        );
        assert_eq!(
            error_as("1", PrimType::Bool, 0),
            "line 1, column 1: expected a value of type bool, found `1`"
        );
        assert_eq!(
            error_as("[false, -f32.inf]", PrimType::Bool, 1),
            "line 1, column 9: expected a value of type bool, found `-f32.inf` of type f32"
        );
        assert_eq!(
            error_as("true", PrimType::I32, 0),
            "line 1, column 1: expected a value of type i32, found `true` of type bool"
        );
        assert_eq!(
            error_as("f64.nan", PrimType::F32, 0),
            "line 1, column 1: expected a value of type f32, found `f64.nan` of type f64"
        );
        assert_eq!(
            error_as("[1, 2]", PrimType::I32, 0),
            "line 1, column 1: expected a value of type i32, found an array"
        );
        assert_eq!(
            error_as("  1.0", PrimType::F64, 1),
            "line 1, column 3: expected a value of type []f64, found `1.0`"
        );
        assert_eq!(
            error_as("[[1], 2i8]", PrimType::I8, 2),
            "line 1, column 7: expected a value of type []i8, found `2i8`"
        );
        assert_eq!(
            error_as("[[[1]]]", PrimType::I8, 2),
            "line 1, column 3: expected a value of type i8, found an array"
        );
        assert_eq!(
            error_as("empty([0]i32)", PrimType::F32, 1),
            "line 1, column 1: expected a value of type []f32, found `empty([0]i32)` of type [0]i32"
        );
        assert_eq!(
            error_as("empty([0][2]f32)", PrimType::F32, 1),
            "line 1, column 1: expected a value of type []f32, found `empty([0][2]f32)`"
        );
        assert_eq!(
            error_as("\"ab\"", PrimType::I8, 1),
            "line 1, column 1: expected a value of type []i8, found a string"
        );
        // Syntax errors stay syntax errors.
        assert_eq!(
            error_as("[1 2]", PrimType::F32, 1),
            "line 1, column 4: expected `,` or `]`, found `2`"
        );
    }

    #[test]
    fn binary_values_must_have_the_type() {
        let floats = array_value(
            PrimType::F64,
            &[3],
            [1.0, 2.0, 3.0].map(PrimValue::F64).to_vec(),
        );
        let bytes = binary(&floats);
        let mut reader = ValueReader::new(&bytes);
        assert_eq!(
            reader.next_value(Some(of_type(PrimType::F64, 1))),
            Ok(Some(floats.clone()))
        );
        let mut input = b"  ".to_vec();
        input.extend_from_slice(&bytes);
        let mut reader = ValueReader::new(&input);
        assert_eq!(
            reader
                .next_value(Some(of_type(PrimType::F32, 1)))
                .map_err(|error| error.to_string()),
            Err(
                "byte 2: expected a value of type []f32, found a binary value of type [3]f64"
                    .to_string()
            )
        );
        let mut reader = ValueReader::new(&bytes);
        assert_eq!(
            reader
                .next_value(Some(Kind::new(PrimType::F64, 0)))
                .map_err(|error| error.to_string()),
            Err(
                "byte 0: expected a value of type f64, found a binary value of type [3]f64"
                    .to_string()
            )
        );
    }

    #[test]
    fn read_values_as_reads_values_after_the_types_untyped() {
        let types = [Kind::new(PrimType::F32, 0), Kind::new(PrimType::I64, 0)];
        assert_eq!(
            read_values_as(b"1 2 3", &types),
            Ok(vec![
                Value::Prim(PrimValue::F32(1.0)),
                Value::Prim(PrimValue::I64(2)),
                Value::Prim(PrimValue::I32(3)),
            ])
        );
        assert_eq!(
            read_values_as(b"1", &types),
            Ok(vec![Value::Prim(PrimValue::F32(1.0))])
        );
        let error = read_values_as(b"1\n2.5", &types).unwrap_err();
        assert_eq!(error.index, 1);
        assert_eq!(
            error.error.to_string(),
            "line 2, column 1: `2.5` has a fraction or an exponent, so it cannot be i64"
        );
        assert_eq!(read_values_as(b"1 2 x", &types).unwrap_err().index, 2);
    }

    // ---- Text errors ----

    fn text_error(input: &str) -> String {
        error(input.as_bytes()).to_string()
    }

    #[test]
    fn irregular_and_mixed_arrays_are_located() {
        assert_eq!(
            text_error("[[1], [2, 3]]"),
            "line 1, column 7: array is irregular: this element is [2]i32, the first one [1]i32"
        );
        assert_eq!(
            text_error("[1,\n 2i64]"),
            "line 2, column 2: `2i64` is i64, but the array's elements are i32"
        );
        assert_eq!(
            text_error("[1, true]"),
            "line 1, column 5: `true` is bool, but the array's elements are i32"
        );
        assert_eq!(
            text_error("[true, 1]"),
            "line 1, column 8: `1` is a number, but the array's elements are bool"
        );
        assert_eq!(
            text_error("[1, 2.5]"),
            "line 1, column 5: `2.5` has a fraction or an exponent, so it cannot be i32"
        );
        assert_eq!(
            text_error("[1, [2]]"),
            "line 1, column 5: array is irregular: this element is [1]i32, the first one i32"
        );
        assert_eq!(
            text_error("[empty([0]i32), empty([0]i64)]"),
            "line 1, column 17: array elements must have one type: this element is [0]i64, \
             the array's elements are [0]i32"
        );
    }

    #[test]
    fn malformed_text_is_located() {
        assert_eq!(
            text_error("[]"),
            "line 1, column 2: expected a value, found `]`"
        );
        assert_eq!(
            text_error("[1 2]"),
            "line 1, column 4: expected `,` or `]`, found `2`"
        );
        assert_eq!(
            text_error("[1, 2"),
            "line 1, column 6: expected `,` or `]`, found end of input"
        );
        assert_eq!(
            text_error("1\n  2i33"),
            "line 2, column 4: unknown suffix `i33` on a number"
        );
        assert_eq!(
            text_error("1."),
            "line 1, column 3: expected a digit after `.`, found end of input"
        );
        assert_eq!(
            text_error("1e+x"),
            "line 1, column 4: expected the exponent's digits, found `x`"
        );
        assert_eq!(
            text_error("1.5.2"),
            "line 1, column 4: unexpected `.` after a number"
        );
        assert_eq!(
            text_error("1.5i32"),
            "line 1, column 1: `1.5i32` has a fraction or an exponent, so it cannot be i32"
        );
        assert_eq!(
            text_error("0b1f32"),
            "line 1, column 1: `0b1f32` is a hexadecimal or binary integer, so it cannot be f32"
        );
        assert_eq!(
            text_error("abc"),
            "line 1, column 1: expected a value, found `abc`"
        );
        assert_eq!(
            text_error("-f32.nan"),
            "line 1, column 1: expected a value, found `-f32.nan`"
        );
        assert_eq!(
            text_error("+"),
            "line 1, column 2: expected a digit, found end of input"
        );
        assert_eq!(
            text_error("]"),
            "line 1, column 1: expected a value, found `]`"
        );
        assert_eq!(
            text_error("- 1"),
            "line 1, column 2: expected a digit, found a space"
        );
        assert_eq!(
            text_error("-\n1"),
            "line 1, column 2: expected a digit, found end of line"
        );
        assert_eq!(
            text_error("\u{e9}"),
            "line 1, column 1: expected a value, found byte 0xc3"
        );
        // Columns count characters, not bytes.
        assert_eq!(
            text_error("-- caf\u{e9}\n\"\u{e9}\" ?"),
            "line 2, column 5: expected a value, found `?`"
        );
    }

    #[test]
    fn malformed_empty_arrays_and_strings_are_located() {
        assert_eq!(
            text_error("empty([2][3]i32)"),
            "line 1, column 1: `empty` needs a dimension of size 0, but [2][3]i32 has elements"
        );
        assert_eq!(
            text_error("empty(i32)"),
            "line 1, column 1: `empty` needs at least one dimension"
        );
        assert_eq!(
            text_error("empty([0]x32)"),
            "line 1, column 10: expected `[` or an element type, found `x32`"
        );
        assert_eq!(
            text_error("empty([0]i32"),
            "line 1, column 13: expected `)`, found end of input"
        );
        assert_eq!(
            text_error("empty([-1]i32)"),
            "line 1, column 8: expected a dimension, found `-`"
        );
        assert_eq!(
            text_error("empty([99999999999999999999]i32)"),
            "line 1, column 8: dimension 99999999999999999999 is too large"
        );
        assert_eq!(
            text_error("[empty([0][4611686018427387904]i32), empty([0][4611686018427387904]i32)]"),
            "line 1, column 1: [2][0][4611686018427387904]i32 has too many elements"
        );
        assert_eq!(
            text_error("empty([0][4611686018427387904][2]i32)"),
            "line 1, column 1: [0][4611686018427387904][2]i32 has too many elements"
        );
        assert_eq!(text_error("\"abc"), "line 1, column 1: unterminated string");
        assert_eq!(
            text_error("\"a\\q\""),
            "line 1, column 3: unknown escape `\\q` in a string"
        );
        assert_eq!(
            text_error("\"\\xd800\""),
            "line 1, column 2: the escape is not a Unicode code point"
        );
    }

    #[test]
    fn nesting_deeper_than_the_binary_format_allows_is_an_error() {
        let deep = format!("{}1{}", "[".repeat(300), "]".repeat(300));
        assert_eq!(
            text_error(&deep),
            "line 1, column 256: arrays may have at most 255 dimensions"
        );
        let deep_ok = format!("{}1{}", "[".repeat(255), "]".repeat(255));
        assert_eq!(array(&deep_ok).shape.len(), 255);
    }

    // ---- Binary ----

    #[test]
    fn binary_matches_upstreams_example_bytes() {
        let value = array_value(PrimType::I32, &[3], i32s(&[1, 2, 3]));
        let expected = b"b\x02\x01 i32\x03\x00\x00\x00\x00\x00\x00\x00\
                         \x01\x00\x00\x00\x02\x00\x00\x00\x03\x00\x00\x00";
        assert_eq!(binary(&value), expected);
        assert_eq!(read_values(expected).unwrap(), [value]);
    }

    #[test]
    fn binary_scalars_and_every_type_tag() {
        assert_eq!(
            binary(&Value::Prim(PrimValue::I16(-2))),
            b"b\x02\x00 i16\xfe\xff"
        );
        assert_eq!(
            binary(&Value::Prim(PrimValue::Bool(true))),
            b"b\x02\x00bool\x01"
        );
        let tags: [(PrimValue, &[u8; 4]); 12] = [
            (PrimValue::I8(1), b"  i8"),
            (PrimValue::I16(1), b" i16"),
            (PrimValue::I32(1), b" i32"),
            (PrimValue::I64(1), b" i64"),
            (PrimValue::U8(1), b"  u8"),
            (PrimValue::U16(1), b" u16"),
            (PrimValue::U32(1), b" u32"),
            (PrimValue::U64(1), b" u64"),
            (PrimValue::F16(F16(0x3c00)), b" f16"),
            (PrimValue::F32(1.0), b" f32"),
            (PrimValue::F64(1.0), b" f64"),
            (PrimValue::Bool(true), b"bool"),
        ];
        for (value, tag) in tags {
            let bytes = binary(&Value::Prim(value));
            assert_eq!(&bytes[3..7], tag);
            assert_eq!(bytes.len(), 7 + element_size(value.prim_type()));
            assert_eq!(read_values(&bytes).unwrap(), [Value::Prim(value)]);
        }
    }

    #[test]
    fn binary_arrays_and_empty_arrays() {
        let matrix = array_value(
            PrimType::F32,
            &[2, 2],
            vec![
                PrimValue::F32(1.0),
                PrimValue::F32(-2.0),
                PrimValue::F32(0.5),
                PrimValue::F32(f32::INFINITY),
            ],
        );
        assert_eq!(read_values(&binary(&matrix)).unwrap(), [matrix]);
        let empty = array_value(PrimType::I64, &[0, 3], Vec::new());
        let bytes = binary(&empty);
        assert_eq!(bytes.len(), 7 + 16);
        assert_eq!(read_values(&bytes).unwrap(), [empty]);
        // Any non-zero byte is true.
        assert_eq!(
            read_values(b"b\x02\x01bool\x02\x00\x00\x00\x00\x00\x00\x00\x00\x07").unwrap(),
            [array_value(
                PrimType::Bool,
                &[2],
                vec![PrimValue::Bool(false), PrimValue::Bool(true)]
            )]
        );
    }

    #[test]
    fn malformed_binary_is_located_by_byte() {
        assert_eq!(
            error(b"b").to_string(),
            "byte 1: truncated binary value: expected the format version"
        );
        assert_eq!(
            error(b"  b\x01\x00 i32\x00\x00\x00\x00").to_string(),
            "byte 3: binary format version 1 is not supported (expected 2)"
        );
        assert_eq!(
            error(b"b\x02").to_string(),
            "byte 2: truncated binary value: expected the rank"
        );
        assert_eq!(
            error(b"b\x02\x00 i3").to_string(),
            "byte 3: truncated binary value: expected the element type"
        );
        assert_eq!(
            error(b"b\x02\x00 i99\x00").to_string(),
            "byte 3: unknown element type ` i99`"
        );
        assert_eq!(
            error(b"b\x02\x00\x00\xffi8").to_string(),
            "byte 3: unknown element type `\\x00\\xffi8`"
        );
        assert_eq!(
            error(b"b\x02\x02 i32\x01\x00\x00\x00\x00\x00\x00\x00\x01\x00").to_string(),
            "byte 15: truncated binary value: expected a dimension"
        );
        assert_eq!(
            error(b"b\x02\x00 i64\x01\x02\x03").to_string(),
            "byte 7: truncated binary value: 1 elements of type i64 need 8 bytes, but only 3 remain"
        );
    }

    #[test]
    fn huge_binary_sizes_are_errors_not_allocations() {
        let mut too_large = b"b\x02\x01 i32".to_vec();
        too_large.extend_from_slice(&u64::MAX.to_le_bytes());
        assert_eq!(
            error(&too_large).to_string(),
            "byte 7: dimension 0 is too large (18446744073709551615)"
        );

        let mut overflowing = b"b\x02\x02 f64".to_vec();
        overflowing.extend_from_slice(&(1u64 << 62).to_le_bytes());
        overflowing.extend_from_slice(&(1u64 << 62).to_le_bytes());
        assert_eq!(
            error(&overflowing).to_string(),
            "byte 23: the array has too many elements"
        );
        // Even where a zero dimension would make the product zero.
        overflowing[2] = 3;
        overflowing.extend_from_slice(&0u64.to_le_bytes());
        assert_eq!(
            error(&overflowing).to_string(),
            "byte 31: the array has too many elements"
        );

        let mut bigger_than_input = b"b\x02\x01 f64".to_vec();
        bigger_than_input.extend_from_slice(&(1u64 << 40).to_le_bytes());
        bigger_than_input.extend_from_slice(&[0; 16]);
        assert_eq!(
            error(&bigger_than_input).to_string(),
            "byte 15: truncated binary value: 1099511627776 elements of type f64 need \
             8796093022208 bytes, but only 16 remain"
        );

        // A zero dimension makes the others irrelevant, as upstream.
        let mut zero = b"b\x02\x02 i32".to_vec();
        zero.extend_from_slice(&(1u64 << 62).to_le_bytes());
        zero.extend_from_slice(&0u64.to_le_bytes());
        let empty = array_value(PrimType::I32, &[1 << 62, 0], Vec::new());
        assert_eq!(read_values(&zero).unwrap(), [empty]);
    }

    #[test]
    fn errors_display_their_position() {
        let text = DataError {
            line: 3,
            column: 7,
            offset: 20,
            message: "expected a value, found `]`".into(),
        };
        assert_eq!(
            text.to_string(),
            "line 3, column 7: expected a value, found `]`"
        );
        let binary = DataError {
            line: 0,
            column: 0,
            offset: 25,
            message: "truncated".into(),
        };
        assert_eq!(binary.to_string(), "byte 25: truncated");
        let located = error(b"1\n\n  [1 x]");
        assert_eq!((located.line, located.column, located.offset), (3, 6, 8));
    }

    // ---- Writing text ----

    #[test]
    fn scalars_are_written_with_their_suffixes() {
        let cases = [
            (PrimValue::I32(1), "1i32"),
            (PrimValue::I8(-5), "-5i8"),
            (PrimValue::I16(300), "300i16"),
            (PrimValue::I64(i64::MIN), "-9223372036854775808i64"),
            (PrimValue::U8(255), "255u8"),
            (PrimValue::U16(7), "7u16"),
            (PrimValue::U32(7), "7u32"),
            (PrimValue::U64(u64::MAX), "18446744073709551615u64"),
            (PrimValue::Bool(true), "true"),
            (PrimValue::Bool(false), "false"),
            (PrimValue::F32(2.5), "2.5f32"),
            (PrimValue::F32(f32::NAN), "f32.nan"),
            (PrimValue::F64(-f64::NAN), "f64.nan"),
            (PrimValue::F64(f64::INFINITY), "f64.inf"),
            (PrimValue::F64(f64::NEG_INFINITY), "-f64.inf"),
            (PrimValue::F16(F16(0x7c00)), "f16.inf"),
            (PrimValue::F16(F16(0xfc00)), "-f16.inf"),
            (PrimValue::F16(F16(0x7e01)), "f16.nan"),
        ];
        for (value, expected) in cases {
            assert_eq!(text(&Value::Prim(value)), expected);
        }
    }

    #[test]
    fn floats_are_written_as_haskell_shows_them() {
        let f32s = [
            (1.0, "1.0f32"),
            (0.1, "0.1f32"),
            (0.5, "0.5f32"),
            (0.01, "1.0e-2f32"),
            (0.099, "9.9e-2f32"),
            (123.456, "123.456f32"),
            (1234567.0, "1234567.0f32"),
            (12345678.0, "1.2345678e7f32"),
            (1.0e7, "1.0e7f32"),
            (100.0, "100.0f32"),
            (-0.0, "-0.0f32"),
            (0.0, "0.0f32"),
            (f32::MAX, "3.4028235e38f32"),
            (f32::from_bits(1), "1.0e-45f32"),
        ];
        for (value, expected) in f32s {
            assert_eq!(text(&Value::Prim(PrimValue::F32(value))), expected);
        }
        let f64s = [
            (1.0, "1.0f64"),
            (0.1, "0.1f64"),
            (-2.5, "-2.5f64"),
            (1e22, "1.0e22f64"),
            (1.0 / 3.0, "0.3333333333333333f64"),
            (5e-324, "5.0e-324f64"),
            (9999999.0, "9999999.0f64"),
        ];
        for (value, expected) in f64s {
            assert_eq!(text(&Value::Prim(PrimValue::F64(value))), expected);
        }
        // An f16 shows as its exact value in f32, as upstream's `Half` does.
        let f16s = [
            (F16::from_f32(0.1), "9.9975586e-2f16"),
            (F16(0x3c00), "1.0f16"),
            (F16(0x7bff), "65504.0f16"),
            (F16(0x0001), "5.9604645e-8f16"),
        ];
        for (value, expected) in f16s {
            assert_eq!(text(&Value::Prim(PrimValue::F16(value))), expected);
        }
    }

    #[test]
    fn arrays_are_written_on_one_line() {
        assert_eq!(
            text(&array_value(PrimType::I32, &[2], i32s(&[1, 2]))),
            "[1i32, 2i32]"
        );
        assert_eq!(
            text(&array_value(PrimType::I32, &[2, 1], i32s(&[1, 2]))),
            "[[1i32], [2i32]]"
        );
        assert_eq!(
            text(&array_value(PrimType::I32, &[2, 2], i32s(&[1, 2, 3, 4]))),
            "[[1i32, 2i32], [3i32, 4i32]]"
        );
        assert_eq!(
            text(&array_value(PrimType::I64, &[0, 3], Vec::new())),
            "empty([0][3]i64)"
        );
        assert_eq!(
            text(&array_value(PrimType::Bool, &[2, 0], Vec::new())),
            "empty([2][0]bool)"
        );
    }

    // ---- Properties ----

    fn prim_strategy(element: PrimType) -> BoxedStrategy<PrimValue> {
        match element {
            PrimType::Bool => any::<bool>().prop_map(PrimValue::Bool).boxed(),
            PrimType::I8 => any::<i8>().prop_map(PrimValue::I8).boxed(),
            PrimType::I16 => any::<i16>().prop_map(PrimValue::I16).boxed(),
            PrimType::I32 => any::<i32>().prop_map(PrimValue::I32).boxed(),
            PrimType::I64 => any::<i64>().prop_map(PrimValue::I64).boxed(),
            PrimType::U8 => any::<u8>().prop_map(PrimValue::U8).boxed(),
            PrimType::U16 => any::<u16>().prop_map(PrimValue::U16).boxed(),
            PrimType::U32 => any::<u32>().prop_map(PrimValue::U32).boxed(),
            PrimType::U64 => any::<u64>().prop_map(PrimValue::U64).boxed(),
            PrimType::F16 => any::<u16>()
                .prop_map(|bits| PrimValue::F16(F16(bits)))
                .boxed(),
            PrimType::F32 => any::<u32>()
                .prop_map(|bits| PrimValue::F32(f32::from_bits(bits)))
                .boxed(),
            PrimType::F64 => any::<u64>()
                .prop_map(|bits| PrimValue::F64(f64::from_bits(bits)))
                .boxed(),
        }
    }

    fn value_strategy() -> impl Strategy<Value = Value> {
        let elements: Vec<PrimType> = std::iter::once(PrimType::Bool)
            .chain(PrimType::numeric())
            .collect();
        (
            prop::sample::select(elements),
            prop::collection::vec(0i64..4, 0..=3),
        )
            .prop_flat_map(|(element, shape)| {
                if shape.is_empty() {
                    prim_strategy(element).prop_map(Value::Prim).boxed()
                } else {
                    let count = shape.iter().product::<i64>() as usize;
                    prop::collection::vec(prim_strategy(element), count)
                        .prop_map(move |data| array_value(element, &shape, data))
                        .boxed()
                }
            })
    }

    /// The text with the type suffixes of numbers removed (`1.5f32` becomes
    /// `1.5`; `f32.nan` and `empty([0]f32)` stay).
    fn without_suffixes(text: &str) -> String {
        let names: Vec<&str> = PrimType::numeric()
            .into_iter()
            .map(PrimType::name)
            .collect();
        let mut out = String::new();
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            let after_digit = out.ends_with(|d: char| d.is_ascii_digit());
            match names.iter().find(|name| rest.starts_with(*name)) {
                Some(name) if after_digit => rest = &rest[name.len()..],
                _ => {
                    out.push(c);
                    rest = &rest[c.len_utf8()..];
                }
            }
        }
        out
    }

    /// Fragments of both formats, so that random inputs get past the
    /// first byte more often than random bytes do.
    fn fragment_soup() -> impl Strategy<Value = Vec<u8>> {
        let fragments: Vec<&'static [u8]> = vec![
            b"[",
            b"]",
            b",",
            b" ",
            b"\n",
            b"-- c\n",
            b"-",
            b"1",
            b"0x",
            b"0b",
            b"_",
            b".",
            b"e",
            b"i32",
            b"f16",
            b"u8",
            b"true",
            b"f32.nan",
            b"-f64.inf",
            b"empty(",
            b")",
            b"[0]",
            b"\"",
            b"\\",
            b"b\x02",
            b"\x00",
            b"\x01",
            b"\xff",
            b" i32",
            b"bool",
            b"\x08\x00\x00\x00\x00\x00\x00\x00",
            b"\xff\xff\xff\xff\xff\xff\xff\x7f",
        ];
        prop::collection::vec(prop::sample::select(fragments), 0..40)
            .prop_map(|parts| parts.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn arbitrary_bytes_never_panic(input in prop::collection::vec(any::<u8>(), 0..256)) {
            let _ = read_values(&input);
        }

        #[test]
        fn fragment_soup_never_panics(input in fragment_soup()) {
            let _ = read_values(&input);
        }

        #[test]
        fn damaged_binary_never_panics(
            value in value_strategy(),
            cut in any::<prop::sample::Index>(),
            flip in any::<prop::sample::Index>(),
            byte in any::<u8>(),
        ) {
            let mut bytes = binary(&value);
            let flipped = flip.index(bytes.len());
            bytes[flipped] = byte;
            let _ = read_values(&bytes);
            bytes.truncate(cut.index(bytes.len()));
            let _ = read_values(&bytes);
        }

        #[test]
        fn text_round_trips(value in value_strategy()) {
            let written = text(&value);
            let read = read_values(written.as_bytes())
                .map_err(|error| TestCaseError::fail(format!("{written}: {error}")))?;
            prop_assert_eq!(read.len(), 1);
            prop_assert!(same_value(&read[0], &value, true), "{} read as {:?}", written, read);
        }

        #[test]
        fn text_without_suffixes_reads_back_as_the_values_type(value in value_strategy()) {
            let written = without_suffixes(&text(&value));
            let ty = crate::interp::value_kind(&value);
            let read = ValueReader::new(written.as_bytes())
                .next_value(Some(ty))
                .map_err(|error| TestCaseError::fail(format!("{written}: {error}")))?;
            prop_assert!(
                read.as_ref().is_some_and(|read| same_value(read, &value, true)),
                "{} read as {:?}", written, read
            );
        }

        #[test]
        fn binary_round_trips_bit_for_bit(value in value_strategy()) {
            let read = read_values(&binary(&value)).unwrap();
            prop_assert_eq!(read.len(), 1);
            prop_assert!(same_value(&read[0], &value, false), "{:?} read as {:?}", value, read);
        }

        #[test]
        fn mixed_streams_round_trip(values in prop::collection::vec(value_strategy(), 0..6)) {
            let mut stream = Vec::new();
            for (index, value) in values.iter().enumerate() {
                if index % 2 == 0 {
                    stream.extend_from_slice(text(value).as_bytes());
                    stream.extend_from_slice(b" -- a comment\n");
                } else {
                    write_binary(value, &mut stream);
                }
            }
            let read = read_values(&stream).unwrap();
            prop_assert_eq!(read.len(), values.len());
            for (read, value) in read.iter().zip(&values) {
                prop_assert!(same_value(read, value, true));
            }
        }
    }
}
