//! Reads the printed IR ([`super::print`]) back: `parse_program(print_program(p))`
//! is `p`, except for the name hints of variables that occur nowhere in
//! `p`, which are not printed (they read back as `v`; their number is in
//! the header, so fresh variables are numbered as before). Hand-written
//! programs use the same syntax and may leave out the `variables` and
//! `tuning` lines of the header, and have `--` comments.
//!
//! The parser is recursive descent over tokens read on demand
//! ([`lexer`]); a representation's operations parse themselves through
//! [`super::Operation::parse`], with the parser's public methods, as they
//! print themselves through the printer. Errors give the line and column
//! of the offending token. The parser checks syntax and naming (a
//! variable's number has one name, functions and tuning parameters named
//! exist); typing is the IR checker's.

mod lexer;
#[cfg(test)]
mod tests;

use super::mem::{IndexExp, Lmad, MemBind, Space};
use super::print::canonical_nan;
use super::{
    Body, DimIndex, EntryApi, EntryPoint, ErrorPart, Exp, ExtDim, ExtType, ExternalType, FuncId,
    Function, HistOp, Lambda, Loc, LoopForm, OpaqueKind, Operation, Param, PatElem, Program,
    ReduceOp, Rep, ScanOp, ScatterDest, Soac, Stm, StreamKind, SubExp, SumVariant, Type, Var,
};
use crate::ir::Attrs;
use lexer::{Lexer, Token};
use prim::{BinOp, CmpOp, F16, FloatFn, PrimFn, PrimType, PrimValue, UnOp};
use rustc_hash::FxHashMap;
use std::fmt;

/// A syntax error in printed IR, at a line and column (1-based, columns
/// in characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl ParseError {
    fn at(text: &str, offset: usize, message: impl Into<String>) -> ParseError {
        let before = &text[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        ParseError {
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

type Result<T> = std::result::Result<T, ParseError>;

/// The most variables a program may have: a program names each by its
/// number, so a larger one would take more memory than it is worth.
const MAX_VARIABLES: usize = 1 << 22;

/// How deeply bodies, types and locations may nest (deeper than any
/// program has them: a `match` of a thousand cases), so that bad input
/// cannot overflow the stack of the recursive descent.
const MAX_NESTING: usize = 1000;

/// The stack of the thread that parses, ample for [`MAX_NESTING`]
/// (memory is only reserved until used).
const STACK_SIZE: usize = 256 << 20;

/// The level a printed program's header names (`level soacs`), which must
/// be one of `known`.
pub fn program_level(text: &str, known: &[&str]) -> Result<String> {
    let mut parser = Parser::new(text);
    parser.expect_keyword("level")?;
    let (level, at) = parser.level_name()?;
    if !known.contains(&level.as_str()) {
        return Err(parser.error_at(
            at,
            format!(
                "unknown level `{level}`; the levels are {}",
                known.join(", ")
            ),
        ));
    }
    Ok(level)
}

/// Parses a printed program of the level `R`, on a thread of its own
/// with a stack deep enough for [`MAX_NESTING`] levels.
pub fn parse_program<R: Rep>(text: &str) -> Result<Program<R>> {
    let internal = |message: String| ParseError {
        line: 1,
        column: 1,
        message: format!("internal error: {message}"),
    };
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .name("ir parser".into())
            .stack_size(STACK_SIZE)
            .spawn_scoped(scope, || Parser::new(text).program())
            .map_err(|error| internal(format!("cannot start a thread: {error}")))?;
        thread
            .join()
            .unwrap_or_else(|_| Err(internal("the IR parser panicked".into())))
    })
}

/// The parser's state, which a representation's operations parse
/// themselves with ([`super::Operation::parse`]).
pub struct Parser<'t> {
    lexer: Lexer<'t>,
    peeked: Option<(Token<'t>, usize)>,
    /// The name of each variable numbered so far, by number.
    var_names: Vec<Option<String>>,
    tuning_params: Vec<String>,
    /// The functions named by calls and entry points, with where, in the
    /// order of the placeholder [`FuncId`]s they get until every function
    /// is known.
    function_uses: Vec<(String, usize)>,
    /// How many bodies and external types enclose the next token.
    nesting: usize,
}

impl<'t> Parser<'t> {
    fn new(text: &'t str) -> Parser<'t> {
        Parser {
            lexer: Lexer { text, pos: 0 },
            peeked: None,
            var_names: Vec::new(),
            tuning_params: Vec::new(),
            function_uses: Vec::new(),
            nesting: 0,
        }
    }

    /// Runs `parse` one level of nesting deeper.
    fn nested<T>(&mut self, parse: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        if self.nesting == MAX_NESTING {
            let at = self.peek_at()?.1;
            return Err(self.error_at(at, format!("nested more than {MAX_NESTING} levels deep")));
        }
        self.nesting += 1;
        let result = parse(self);
        self.nesting -= 1;
        result
    }

    // Tokens.

    fn peek_at(&mut self) -> Result<(Token<'t>, usize)> {
        if self.peeked.is_none() {
            self.peeked = Some(self.lexer.next()?);
        }
        Ok(self.peeked.clone().expect("just peeked"))
    }

    fn peek(&mut self) -> Result<Token<'t>> {
        Ok(self.peek_at()?.0)
    }

    fn bump(&mut self) -> Result<(Token<'t>, usize)> {
        match self.peeked.take() {
            Some(token) => Ok(token),
            None => self.lexer.next(),
        }
    }

    /// An error at an offset of the text.
    pub fn error_at(&self, offset: usize, message: impl Into<String>) -> ParseError {
        self.lexer.error(offset, message)
    }

    /// An error at the next token: `expected {what}, found {token}`.
    pub fn unexpected(&mut self, what: &str) -> ParseError {
        match self.peek_at() {
            Ok((token, at)) => {
                self.error_at(at, format!("expected {what}, found {}", token.describe()))
            }
            Err(error) => error,
        }
    }

    /// Whether the next token is the punctuation `punct`.
    pub fn at(&mut self, punct: &str) -> Result<bool> {
        Ok(matches!(self.peek()?, Token::Punct(p) if p == punct))
    }

    /// Skips the punctuation `punct` if it comes next.
    pub fn eat(&mut self, punct: &str) -> Result<bool> {
        let found = self.at(punct)?;
        if found {
            self.bump()?;
        }
        Ok(found)
    }

    pub fn expect(&mut self, punct: &str) -> Result<()> {
        if self.eat(punct)? {
            Ok(())
        } else {
            Err(self.unexpected(&format!("`{punct}`")))
        }
    }

    /// Whether the next token is the word `keyword`.
    pub fn at_keyword(&mut self, keyword: &str) -> Result<bool> {
        Ok(self.peek()? == Token::Ident(keyword))
    }

    /// Skips the word `keyword` if it comes next.
    pub fn eat_keyword(&mut self, keyword: &str) -> Result<bool> {
        let found = self.at_keyword(keyword)?;
        if found {
            self.bump()?;
        }
        Ok(found)
    }

    pub fn expect_keyword(&mut self, keyword: &str) -> Result<()> {
        if self.eat_keyword(keyword)? {
            Ok(())
        } else {
            Err(self.unexpected(&format!("`{keyword}`")))
        }
    }

    /// The next token's word, if it is one (without consuming it).
    pub fn peek_ident(&mut self) -> Result<Option<&'t str>> {
        Ok(match self.peek()? {
            Token::Ident(word) => Some(word),
            _ => None,
        })
    }

    /// A word and where it starts.
    pub fn ident(&mut self) -> Result<(&'t str, usize)> {
        match self.peek_at()? {
            (Token::Ident(word), at) => {
                self.bump()?;
                Ok((word, at))
            }
            _ => Err(self.unexpected("a name")),
        }
    }

    /// A level's name: words joined by `-` (`seq-mem`), and where it
    /// starts.
    fn level_name(&mut self) -> Result<(String, usize)> {
        let (first, at) = self.ident()?;
        let mut name = first.to_owned();
        while self.eat("-")? {
            name.push('-');
            name.push_str(self.ident()?.0);
        }
        Ok((name, at))
    }

    /// A name: an identifier, or a string for any other name.
    fn name(&mut self) -> Result<String> {
        match self.peek()? {
            Token::Ident(word) => {
                self.bump()?;
                Ok(word.to_owned())
            }
            Token::Str(text) => {
                self.bump()?;
                Ok(text)
            }
            _ => Err(self.unexpected("a name")),
        }
    }

    /// A string literal.
    fn string(&mut self) -> Result<String> {
        match self.peek()? {
            Token::Str(text) => {
                self.bump()?;
                Ok(text)
            }
            _ => Err(self.unexpected("a string")),
        }
    }

    /// A record field or constructor name: also a number.
    fn label(&mut self) -> Result<String> {
        match self.peek()? {
            Token::Number(digits, "") if digits.bytes().all(|b| b.is_ascii_digit()) => {
                self.bump()?;
                Ok(digits.to_owned())
            }
            _ => self.name(),
        }
    }

    /// A natural number without suffix.
    pub fn usize(&mut self) -> Result<usize> {
        if let (Token::Number(digits, ""), at) = self.peek_at()?
            && digits.bytes().all(|b| b.is_ascii_digit())
        {
            self.bump()?;
            return digits
                .parse()
                .map_err(|_| self.error_at(at, format!("`{digits}` is too large")));
        }
        Err(self.unexpected("a natural number"))
    }

    /// `open item, ..., item close`, possibly empty.
    pub fn list<T>(
        &mut self,
        open: &str,
        close: &str,
        mut item: impl FnMut(&mut Self) -> Result<T>,
    ) -> Result<Vec<T>> {
        self.expect(open)?;
        let mut items = Vec::new();
        if self.eat(close)? {
            return Ok(items);
        }
        loop {
            items.push(item(self)?);
            if self.eat(close)? {
                return Ok(items);
            }
            if !self.eat(",")? {
                return Err(self.unexpected(&format!("`,` or `{close}`")));
            }
        }
    }

    /// `(a, b)`: operands.
    pub fn subexps(&mut self) -> Result<Vec<SubExp>> {
        self.list("(", ")", Self::subexp)
    }

    /// `{xs_1, ys_2}`: array variables.
    pub fn vars_in_braces(&mut self) -> Result<Vec<Var>> {
        self.list("{", "}", Self::var)
    }

    /// Exactly `n` operands in parentheses, for `what`.
    fn args(&mut self, what: &str, n: usize) -> Result<Vec<SubExp>> {
        let at = self.peek_at()?.1;
        let args = self.subexps()?;
        if args.len() != n {
            return Err(self.error_at(
                at,
                format!("`{what}` takes {n} operands, not {}", args.len()),
            ));
        }
        Ok(args)
    }

    // Names.

    /// A variable, `name_12` (or `"name"_12`): its number is the
    /// variable, and every occurrence must have the same name.
    pub fn var(&mut self) -> Result<Var> {
        let (token, at) = self.peek_at()?;
        let (name, id) = match &token {
            Token::Ident(word) => match split_var(word) {
                Some(parts) => parts,
                None => return Err(self.unexpected("a variable (`name_12`)")),
            },
            Token::QuotedVar(name, id) => (name.as_str(), *id),
            _ => return Err(self.unexpected("a variable (`name_12`)")),
        };
        self.bump()?;
        let number: u32 = id
            .parse()
            .ok()
            .filter(|&n| (n as usize) < MAX_VARIABLES)
            .ok_or_else(|| {
                self.error_at(
                    at,
                    format!(
                        "variable number {id} is too large (at most {MAX_VARIABLES} variables)"
                    ),
                )
            })?;
        let index = number as usize;
        if self.var_names.len() <= index {
            self.var_names.resize(index + 1, None);
        }
        match &self.var_names[index] {
            Some(known) if known != name => {
                return Err(self.error_at(
                    at,
                    format!("variable {number} is called `{known}` elsewhere, not `{name}`"),
                ));
            }
            Some(_) => {}
            None => self.var_names[index] = Some(name.to_owned()),
        }
        Ok(Var(number))
    }

    /// A function's name where it is called: a placeholder until every
    /// function is known ([`Parser::resolve_functions`]).
    fn function_use(&mut self) -> Result<FuncId> {
        let at = self.peek_at()?.1;
        let name = self.name()?;
        self.function_uses.push((name, at));
        Ok(FuncId(self.function_uses.len() as u32 - 1))
    }

    // Types.

    pub fn prim_type(&mut self) -> Result<PrimType> {
        if let Some(word) = self.peek_ident()?
            && let Some(ty) = PrimType::from_name(word)
        {
            self.bump()?;
            return Ok(ty);
        }
        Err(self.unexpected("a primitive type"))
    }

    /// `[n_1][3i64]f32`, or `mem` for a memory block.
    pub fn ty(&mut self) -> Result<Type> {
        if self.eat_keyword("mem")? {
            return Ok(Type::Mem(Space::Default));
        }
        let mut shape = Vec::new();
        while self.eat("[")? {
            shape.push(self.subexp()?);
            self.expect("]")?;
        }
        Ok(Type::with_shape(self.prim_type()?, shape))
    }

    /// `[?0][n_1]f32`, or `mem`.
    pub fn ext_type(&mut self) -> Result<ExtType> {
        if self.eat_keyword("mem")? {
            return Ok(ExtType::Mem(Space::Default));
        }
        let mut shape = Vec::new();
        while self.eat("[")? {
            shape.push(if self.eat("?")? {
                ExtDim::Ext(self.usize()?)
            } else {
                ExtDim::Free(self.subexp()?)
            });
            self.expect("]")?;
        }
        Ok(ExtType::with_shape(self.prim_type()?, shape))
    }

    /// `(x_1: i32, *ys_2: [n_0]f32)`, arrays at the memory levels with
    /// their memory (`@ block -> {offset; strides}`).
    pub fn params(&mut self) -> Result<Vec<Param>> {
        self.list("(", ")", |p| {
            let unique = p.eat("*")?;
            let var = p.var()?;
            p.expect(":")?;
            let ty = p.ty()?;
            let mem = p.mem_bind()?;
            Ok(Param {
                var,
                ty,
                unique,
                mem,
            })
        })
    }

    /// ` @ block -> {offset; stride, ...}` if it comes next.
    fn mem_bind(&mut self) -> Result<Option<MemBind>> {
        if !self.eat("@")? {
            return Ok(None);
        }
        let block = self.var()?;
        self.expect("->")?;
        self.expect("{")?;
        let offset = self.index_exp()?;
        self.expect(";")?;
        let mut strides = Vec::new();
        if !self.eat("}")? {
            loop {
                strides.push(self.index_exp()?);
                if self.eat("}")? {
                    break;
                }
                if !self.eat(",")? {
                    return Err(self.unexpected("`,` or `}`"));
                }
            }
        }
        Ok(Some(MemBind {
            block,
            lmad: Lmad { offset, strides },
        }))
    }

    /// An index expression: an operand, or two joined by `+`, `-` or
    /// `*` (compound operands are parenthesised).
    fn index_exp(&mut self) -> Result<IndexExp> {
        let a = self.index_operand()?;
        let op: fn(Box<IndexExp>, Box<IndexExp>) -> IndexExp = if self.eat("+")? {
            IndexExp::Add
        } else if self.eat("-")? {
            IndexExp::Sub
        } else if self.eat("*")? {
            IndexExp::Mul
        } else {
            return Ok(a);
        };
        let b = self.index_operand()?;
        Ok(op(Box::new(a), Box::new(b)))
    }

    /// `12`, `-1`, `n_3` or a parenthesised index expression.
    fn index_operand(&mut self) -> Result<IndexExp> {
        if self.at("(")? {
            return self.nested(|p| {
                p.expect("(")?;
                let e = p.index_exp()?;
                p.expect(")")?;
                Ok(e)
            });
        }
        match self.peek_at()? {
            (Token::Number(digits, ""), at) => {
                self.bump()?;
                digits
                    .parse()
                    .map(IndexExp::Const)
                    .map_err(|_| self.error_at(at, format!("`{digits}` is not an i64")))
            }
            _ => Ok(IndexExp::Var(self.var()?)),
        }
    }

    // Operands.

    /// A variable or a constant: `12i32`, `-1.5f64`, `true`, `f32.inf`,
    /// `-f64.nan`, `f32.nan(0x7fc00001)`.
    pub fn subexp(&mut self) -> Result<SubExp> {
        let (token, at) = self.peek_at()?;
        let value = match token {
            Token::Number(digits, suffix) => {
                self.bump()?;
                number(digits, suffix).map_err(|message| self.error_at(at, message))?
            }
            Token::Ident("true") => {
                self.bump()?;
                PrimValue::Bool(true)
            }
            Token::Ident("false") => {
                self.bump()?;
                PrimValue::Bool(false)
            }
            Token::Ident(word) if PrimType::from_name(word).is_some() => {
                self.special_float(false)?
            }
            Token::Punct("-") => {
                self.bump()?;
                self.special_float(true)?
            }
            Token::Ident(_) | Token::QuotedVar(..) => return Ok(SubExp::Var(self.var()?)),
            _ => return Err(self.unexpected("an operand")),
        };
        Ok(SubExp::Const(value))
    }

    /// `f32.inf`, `f32.nan` or `f32.nan(0xBITS)`, after a `-` if
    /// `negative`.
    fn special_float(&mut self, negative: bool) -> Result<PrimValue> {
        let at = self.peek_at()?.1;
        let ty = self.prim_type()?;
        if !ty.is_float() {
            return Err(self.error_at(at, format!("expected a constant, found `{}`", ty.name())));
        }
        self.expect(".")?;
        let (which, which_at) = self.ident()?;
        let sign = if negative {
            1u64 << (float_width(ty) - 1)
        } else {
            0
        };
        let bits = match which {
            "inf" => match ty {
                PrimType::F16 => u64::from(F16::from_f32(f32::INFINITY).0),
                PrimType::F32 => u64::from(f32::INFINITY.to_bits()),
                _ => f64::INFINITY.to_bits(),
            },
            "nan" if self.eat("(")? => {
                let bits_at = self.peek_at()?.1;
                let bits = match self.bump()? {
                    (Token::Number(digits, ""), _) => digits
                        .strip_prefix("0x")
                        .and_then(|hex| u64::from_str_radix(hex, 16).ok()),
                    _ => None,
                };
                let bits = bits
                    .filter(|&bits| float_width(ty) == 64 || bits >> float_width(ty) == 0)
                    .filter(|&bits| is_nan(ty, bits))
                    .ok_or_else(|| {
                        self.error_at(
                            bits_at,
                            format!("expected the bits of a {} NaN in hexadecimal", ty.name()),
                        )
                    })?;
                self.expect(")")?;
                if negative {
                    return Err(self.error_at(at, "a NaN given by its bits has no sign"));
                }
                bits
            }
            "nan" => canonical_nan(ty),
            _ => {
                return Err(self.error_at(which_at, "expected `inf` or `nan`"));
            }
        } | sign;
        Ok(match ty {
            PrimType::F16 => PrimValue::F16(F16(bits as u16)),
            PrimType::F32 => PrimValue::F32(f32::from_bits(bits as u32)),
            _ => PrimValue::F64(f64::from_bits(bits)),
        })
    }

    // Code.

    fn program<R: Rep>(&mut self) -> Result<Program<R>> {
        self.expect_keyword("level")?;
        let (level, at) = self.level_name()?;
        if level != R::NAME {
            return Err(self.error_at(
                at,
                format!("expected a program at the {} level, not {level}", R::NAME),
            ));
        }
        let declared_vars = if self.eat_keyword("variables")? {
            let at = self.peek_at()?.1;
            Some((self.usize()?, at))
        } else {
            None
        };
        if self.eat_keyword("tuning")? {
            loop {
                let name = self.name()?;
                self.tuning_params.push(name);
                if !self.eat(",")? {
                    break;
                }
            }
        }
        let mut functions: Vec<Function<R>> = Vec::new();
        let mut function_ids: FxHashMap<String, FuncId> = FxHashMap::default();
        let mut entry_points = Vec::new();
        loop {
            if self.eat_keyword("entry")? {
                entry_points.push(self.entry_point()?);
            } else if self.at_keyword("fun")? {
                let at = self.peek_at()?.1;
                let function = self.function()?;
                let id = FuncId(functions.len() as u32);
                if function_ids.insert(function.name.clone(), id).is_some() {
                    return Err(
                        self.error_at(at, format!("a second function named `{}`", function.name))
                    );
                }
                functions.push(function);
            } else if self.peek()? == Token::Eof {
                break;
            } else {
                return Err(self.unexpected("`entry`, `fun` or the end of the input"));
            }
        }
        let resolved = self.resolve_functions(&function_ids)?;
        for function in &mut functions {
            resolve_calls(&mut function.body, &resolved);
        }
        for entry in &mut entry_points {
            entry.func = resolved[entry.func.0 as usize];
        }
        let var_count = match declared_vars {
            Some((count, at)) if count > MAX_VARIABLES => {
                return Err(self.error_at(
                    at,
                    format!("{count} variables is too many (at most {MAX_VARIABLES})"),
                ));
            }
            Some((count, at)) if count < self.var_names.len() => {
                return Err(self.error_at(
                    at,
                    format!(
                        "{count} variables, but variable {} occurs",
                        self.var_names.len() - 1
                    ),
                ));
            }
            Some((count, _)) => count,
            None => self.var_names.len(),
        };
        let mut var_names: Vec<String> = std::mem::take(&mut self.var_names)
            .into_iter()
            .map(|name| name.unwrap_or_else(|| "v".to_owned()))
            .collect();
        var_names.resize(var_count, "v".to_owned());
        Ok(Program {
            functions,
            entry_points,
            var_names,
            tuning_params: std::mem::take(&mut self.tuning_params),
            fusions: Vec::new(),
        })
    }

    /// The function each placeholder of [`Parser::function_use`] names.
    fn resolve_functions(&self, ids: &FxHashMap<String, FuncId>) -> Result<Vec<FuncId>> {
        self.function_uses
            .iter()
            .map(|(name, at)| {
                ids.get(name)
                    .copied()
                    .ok_or_else(|| self.error_at(*at, format!("no function is named `{name}`")))
            })
            .collect()
    }

    /// `entry name = function (xs: []i32, *[]f32) : (*[]i32)`, after
    /// `entry`.
    fn entry_point(&mut self) -> Result<EntryPoint> {
        let name = self.name()?;
        self.expect("=")?;
        let func = self.function_use()?;
        let mut api = EntryApi::default();
        let params = self.list("(", ")", |p| {
            api.params_unique.push(p.eat("*")?);
            let named = matches!(p.peek()?, Token::Ident(_) | Token::Str(_))
                && p.lexer_lookahead_is_colon()?;
            let param_name = if named {
                let name = p.name()?;
                p.expect(":")?;
                Some(name)
            } else {
                None
            };
            api.param_names.push(param_name);
            p.external_type()
        })?;
        self.expect(":")?;
        let results = self.list("(", ")", |p| {
            api.results_unique.push(p.eat("*")?);
            p.external_type()
        })?;
        Ok(EntryPoint {
            name,
            func,
            params,
            results,
            api,
        })
    }

    /// Whether the token after the next one is `:`.
    fn lexer_lookahead_is_colon(&mut self) -> Result<bool> {
        let saved = self.lexer.pos;
        let after = self.lexer.next().map(|(token, _)| token);
        self.lexer.pos = saved;
        Ok(after? == Token::Punct(":"))
    }

    /// `[][]f32`, or `opaque "name" 3` followed by a record's fields, a
    /// sum's constructors or nothing.
    fn external_type(&mut self) -> Result<ExternalType> {
        self.nested(Self::external_type_here)
    }

    fn external_type_here(&mut self) -> Result<ExternalType> {
        if !self.eat_keyword("opaque")? {
            let mut rank = 0;
            while self.eat("[")? {
                self.expect("]")?;
                rank += 1;
            }
            let element = self.prim_type()?;
            return Ok(ExternalType::Direct { element, rank });
        }
        let name = self.string()?;
        let components = self.usize()?;
        let kind = if self.at("{")? {
            OpaqueKind::Record(self.list("{", "}", |p| {
                let field = p.label()?;
                p.expect(":")?;
                Ok((field, p.external_type()?))
            })?)
        } else if self.eat_keyword("sum")? {
            OpaqueKind::Sum(self.list("{", "}", |p| {
                p.expect("#")?;
                let name = p.label()?;
                let payload = p.list("(", ")", Self::external_type)?;
                let components = p.list("[", "]", Self::usize)?;
                Ok(SumVariant {
                    name,
                    payload,
                    components,
                })
            })?)
        } else {
            OpaqueKind::Other
        };
        Ok(ExternalType::Opaque {
            name,
            components,
            kind,
        })
    }

    /// `fun name (params): (*[?0]i32, i64) = { ... }`.
    fn function<R: Rep>(&mut self) -> Result<Function<R>> {
        self.expect_keyword("fun")?;
        let name = self.name()?;
        let params = self.params()?;
        self.expect(":")?;
        let ret = self.list("(", ")", |p| {
            let unique = p.eat("*")?;
            Ok((p.ext_type()?, unique))
        })?;
        self.expect("=")?;
        let body = self.body()?;
        Ok(Function {
            name,
            params,
            ret,
            body,
        })
    }

    /// `{ let ... in (results) }`.
    pub fn body<R: Rep>(&mut self) -> Result<Body<R>> {
        self.nested(Self::body_here)
    }

    fn body_here<R: Rep>(&mut self) -> Result<Body<R>> {
        self.expect("{")?;
        let mut stms = Vec::new();
        while self.at_keyword("let")? || self.at("#")? {
            stms.push(self.stm()?);
        }
        if !self.eat_keyword("in")? {
            return Err(self.unexpected("`let` or `in`"));
        }
        let result = self.subexps()?;
        self.expect("}")?;
        Ok(Body { stms, result })
    }

    /// `\ (params): (types) -> { ... }`.
    pub fn lambda<R: Rep>(&mut self) -> Result<Lambda<R>> {
        self.expect("\\")?;
        let params = self.params()?;
        self.expect(":")?;
        let ret = self.list("(", ")", Self::ty)?;
        self.expect("->")?;
        let body = self.body()?;
        Ok(Lambda { params, body, ret })
    }

    /// `#[attr] let (x_1: i32) = exp @ location`.
    fn stm<R: Rep>(&mut self) -> Result<Stm<R>> {
        let mut attrs = Attrs::default();
        while self.eat("#")? {
            self.expect("[")?;
            attrs = attrs.with(&self.lexer.attr_text()?);
        }
        self.expect_keyword("let")?;
        let pat = self.list("(", ")", |p| {
            let var = p.var()?;
            p.expect(":")?;
            let ty = p.ty()?;
            let mem = p.mem_bind()?;
            Ok(PatElem { var, ty, mem })
        })?;
        self.expect("=")?;
        let exp = self.exp()?;
        let loc = if self.eat("@")? {
            Some(self.loc()?)
        } else {
            None
        };
        Ok(Stm {
            pat,
            exp,
            loc,
            attrs,
        })
    }

    /// A location, after `@`: read from the text directly.
    fn loc(&mut self) -> Result<Loc> {
        if let Some((_, start)) = self.peeked.take() {
            self.lexer.pos = start;
        }
        self.lexer.loc(MAX_NESTING)
    }

    /// `[i_1, 0i64:+n_2*1i64]`: fixed indices and slices (start, length
    /// and stride).
    fn slice(&mut self) -> Result<Vec<DimIndex>> {
        self.list("[", "]", |p| {
            let start = p.subexp()?;
            if !p.eat(":")? {
                return Ok(DimIndex::Fix(start));
            }
            p.expect("+")?;
            let len = p.subexp()?;
            p.expect("*")?;
            let stride = p.subexp()?;
            Ok(DimIndex::Slice { start, len, stride })
        })
    }

    fn exp<R: Rep>(&mut self) -> Result<Exp<R>> {
        let word = match self.peek()? {
            Token::Ident(word) => word,
            Token::QuotedVar(..) => return self.var_exp(),
            Token::Number(..) | Token::Punct("-") => return Ok(Exp::SubExp(self.subexp()?)),
            Token::Punct("[") => return self.array_lit(),
            _ => return Err(self.unexpected("an expression")),
        };
        if word == "true" || word == "false" || PrimType::from_name(word).is_some() {
            return Ok(Exp::SubExp(self.subexp()?));
        }
        if split_var(word).is_some() {
            return self.var_exp();
        }
        if let Some(exp) = self.keyword_exp(word)? {
            return Ok(exp);
        }
        if let Some(exp) = self.scalar_exp(word)? {
            return Ok(exp);
        }
        Ok(Exp::Op(<R::Op as Operation<R>>::parse(self)?))
    }

    /// `[a, b]: row type`.
    fn array_lit<R: Rep>(&mut self) -> Result<Exp<R>> {
        let elements = self.list("[", "]", Self::subexp)?;
        self.expect(":")?;
        let row = self.ty()?;
        Ok(Exp::ArrayLit { elements, row })
    }

    /// `x_1`, `x_1[slice]` or `x_1 with [slice] = v`.
    fn var_exp<R: Rep>(&mut self) -> Result<Exp<R>> {
        let array = self.var()?;
        if self.at("[")? {
            let slice = self.slice()?;
            return Ok(Exp::Index { array, slice });
        }
        if self.eat_keyword("with")? {
            let slice = self.slice()?;
            self.expect("=")?;
            let value = self.subexp()?;
            return Ok(Exp::Update {
                array,
                slice,
                value,
            });
        }
        Ok(Exp::SubExp(SubExp::Var(array)))
    }

    /// The expressions introduced by a keyword, if `word` is one. Each
    /// has a function of its own, so that the stack frames of nested
    /// bodies stay small.
    fn keyword_exp<R: Rep>(&mut self, word: &str) -> Result<Option<Exp<R>>> {
        let exp = match word {
            "if" => self.if_exp()?,
            "loop" => self.loop_exp()?,
            "apply" => self.call_exp()?,
            "replicate" | "reshape" | "scratch" => self.shape_exp(word)?,
            "rearrange" => self.rearrange_exp()?,
            "concat" => self.concat_exp()?,
            "copy" => self.copy_exp()?,
            "opaque" => self.opaque_exp()?,
            "assert" => self.assert_exp()?,
            "tuning" => self.tuning_exp()?,
            _ => match word.strip_prefix("iota_").and_then(PrimType::from_name) {
                Some(ty) => self.iota_exp(word, ty)?,
                None => return Ok(None),
            },
        };
        Ok(Some(exp))
    }

    /// `if c then { ... } else { ... } : (types)`.
    fn if_exp<R: Rep>(&mut self) -> Result<Exp<R>> {
        self.expect_keyword("if")?;
        let condition = self.subexp()?;
        self.expect_keyword("then")?;
        let then_body = self.body()?;
        self.expect_keyword("else")?;
        let else_body = self.body()?;
        self.expect(":")?;
        let ret = self.list("(", ")", Self::ext_type)?;
        Ok(Exp::If {
            condition,
            then_body,
            else_body,
            ret,
        })
    }

    /// `loop (params) = (initial values) for i_1 < n_2 do { ... }`, or
    /// `while c_3` instead of `for`.
    fn loop_exp<R: Rep>(&mut self) -> Result<Exp<R>> {
        self.expect_keyword("loop")?;
        let params = self.params()?;
        self.expect("=")?;
        let inits_at = self.peek_at()?.1;
        let inits = self.subexps()?;
        if inits.len() != params.len() {
            return Err(self.error_at(
                inits_at,
                format!(
                    "{} initial values for {} loop parameters",
                    inits.len(),
                    params.len()
                ),
            ));
        }
        let form = if self.eat_keyword("for")? {
            let var = self.var()?;
            self.expect("<")?;
            LoopForm::For {
                var,
                bound: self.subexp()?,
            }
        } else if self.eat_keyword("while")? {
            LoopForm::While {
                condition: self.var()?,
            }
        } else {
            return Err(self.unexpected("`for` or `while`"));
        };
        self.expect_keyword("do")?;
        let body = self.body()?;
        Ok(Exp::Loop {
            params: params.into_iter().zip(inits).collect(),
            form,
            body,
        })
    }

    /// `apply f(args)`.
    fn call_exp<R: Rep>(&mut self) -> Result<Exp<R>> {
        self.expect_keyword("apply")?;
        let func = self.function_use()?;
        let args = self.subexps()?;
        Ok(Exp::Call { func, args })
    }

    /// `replicate([shape], v)`, `scratch([shape], element)` or
    /// `reshape([shape], array)`.
    fn shape_exp<R: Rep>(&mut self, word: &str) -> Result<Exp<R>> {
        self.expect_keyword(word)?;
        self.expect("(")?;
        let shape = self.list("[", "]", Self::subexp)?;
        self.expect(",")?;
        let exp = if word == "replicate" {
            Exp::Replicate {
                shape,
                value: self.subexp()?,
            }
        } else if word == "scratch" {
            Exp::Scratch {
                shape,
                element: self.prim_type()?,
            }
        } else {
            Exp::Reshape {
                shape,
                array: self.var()?,
            }
        };
        self.expect(")")?;
        Ok(exp)
    }

    /// `rearrange([1, 0], array)`.
    fn rearrange_exp<R: Rep>(&mut self) -> Result<Exp<R>> {
        self.expect_keyword("rearrange")?;
        self.expect("(")?;
        let perm = self.list("[", "]", Self::usize)?;
        self.expect(",")?;
        let array = self.var()?;
        self.expect(")")?;
        Ok(Exp::Rearrange { perm, array })
    }

    /// `concat(xs_1, ys_2) : width`.
    fn concat_exp<R: Rep>(&mut self) -> Result<Exp<R>> {
        self.expect_keyword("concat")?;
        let arrays = self.list("(", ")", Self::var)?;
        self.expect(":")?;
        Ok(Exp::Concat {
            arrays,
            width: self.subexp()?,
        })
    }

    /// `copy(array)`.
    fn copy_exp<R: Rep>(&mut self) -> Result<Exp<R>> {
        self.expect_keyword("copy")?;
        self.expect("(")?;
        let var = self.var()?;
        self.expect(")")?;
        Ok(Exp::Copy(var))
    }

    /// `opaque(operand)`.
    fn opaque_exp<R: Rep>(&mut self) -> Result<Exp<R>> {
        self.expect_keyword("opaque")?;
        self.expect("(")?;
        let se = self.subexp()?;
        self.expect(")")?;
        Ok(Exp::Opaque(se))
    }

    /// `assert(c)` or `assert(c, "text" value "text" ...)`.
    fn assert_exp<R: Rep>(&mut self) -> Result<Exp<R>> {
        self.expect_keyword("assert")?;
        self.expect("(")?;
        let condition = self.subexp()?;
        let mut message = Vec::new();
        if self.eat(",")? {
            while !self.at(")")? {
                message.push(match self.peek()? {
                    Token::Str(text) => {
                        self.bump()?;
                        ErrorPart::Text(text)
                    }
                    _ => ErrorPart::Value(self.subexp()?),
                });
            }
        }
        self.expect(")")?;
        Ok(Exp::Assert { condition, message })
    }

    /// `tuning(name, default)`: the tuning parameter by name (or
    /// number, for one the header does not name).
    fn tuning_exp<R: Rep>(&mut self) -> Result<Exp<R>> {
        self.expect_keyword("tuning")?;
        self.expect("(")?;
        let param_at = self.peek_at()?.1;
        let index = match self.peek()? {
            Token::Number(..) => self.usize()?,
            _ => {
                let name = self.name()?;
                self.tuning_params
                    .iter()
                    .position(|p| *p == name)
                    .ok_or_else(|| {
                        self.error_at(param_at, format!("no tuning parameter is named `{name}`"))
                    })?
            }
        };
        let index = u32::try_from(index)
            .map_err(|_| self.error_at(param_at, "too large a tuning parameter"))?;
        let mut args = Vec::new();
        while self.eat(",")? {
            args.push(self.subexp()?);
        }
        self.expect(")")?;
        Ok(Exp::PrimFn(PrimFn::Tuning(index), args))
    }

    /// `iota_i64(len, start, step)`.
    fn iota_exp<R: Rep>(&mut self, word: &str, ty: PrimType) -> Result<Exp<R>> {
        self.expect_keyword(word)?;
        let args = self.args(word, 3)?;
        Ok(Exp::Iota {
            len: args[0],
            start: args[1],
            step: args[2],
            ty,
        })
    }

    /// Scalar operations (`Add(a, b)`, `Not(c)`, `to_f32(x)`,
    /// `sqrt_f64(x)`), if `word` names one.
    fn scalar_exp<R: Rep>(&mut self, word: &str) -> Result<Option<Exp<R>>> {
        let exp = if let Some(op) = BinOp::ALL.into_iter().find(|op| op.name() == word) {
            self.bump()?;
            let args = self.args(word, 2)?;
            Exp::BinOp(op, args[0], args[1])
        } else if let Some(op) = CmpOp::ALL.into_iter().find(|op| op.name() == word) {
            self.bump()?;
            let args = self.args(word, 2)?;
            Exp::Cmp(op, args[0], args[1])
        } else if let Some(op) = UnOp::ALL.into_iter().find(|op| op.name() == word) {
            self.bump()?;
            let args = self.args(word, 1)?;
            Exp::UnOp(op, args[0])
        } else if let Some(ty) = word.strip_prefix("to_").and_then(PrimType::from_name) {
            self.bump()?;
            let args = self.args(word, 1)?;
            Exp::Convert(ty, args[0])
        } else if let Some(f) = prim_fn(word) {
            self.bump()?;
            Exp::PrimFn(f, self.subexps()?)
        } else {
            return Ok(None);
        };
        Ok(Some(exp))
    }

    /// A SOAC: `screma`, `hist`, `scatter`, `accumulate`, `stream_seq`,
    /// `stream_par`.
    pub fn soac<R: Rep>(&mut self) -> Result<Soac<R>> {
        let (word, at) = self.ident()?;
        match word {
            "screma" => self.screma(),
            "hist" => self.hist(),
            "scatter" => self.scatter(),
            "accumulate" => self.accumulate(),
            "stream_seq" => self.stream(StreamKind::Sequential),
            "stream_par" => self.stream(StreamKind::Parallel),
            _ => Err(self.error_at(at, format!("expected an expression, found `{word}`"))),
        }
    }

    /// `screma(w, {arrays}, \map, scan(ne) \op, reduce [comm] (ne) \op,
    /// post \post)`, after `screma`: scans before reductions, the post
    /// lambda optional.
    fn screma<R: Rep>(&mut self) -> Result<Soac<R>> {
        self.expect("(")?;
        let width = self.subexp()?;
        self.expect(",")?;
        let arrays = self.vars_in_braces()?;
        self.expect(",")?;
        let map = self.lambda()?;
        let mut scans = Vec::new();
        let mut reduces = Vec::new();
        let mut post = None;
        while post.is_none() && self.eat(",")? {
            if self.eat_keyword("scan")? {
                let neutral = self.subexps()?;
                let lambda = self.lambda()?;
                scans.push(ScanOp { lambda, neutral });
            } else if self.eat_keyword("reduce")? {
                let commutative = self.eat_keyword("comm")?;
                let neutral = self.subexps()?;
                let lambda = self.lambda()?;
                reduces.push(ReduceOp {
                    lambda,
                    neutral,
                    commutative,
                });
            } else if self.eat_keyword("post")? {
                post = Some(self.lambda()?);
            } else {
                return Err(self.unexpected("`scan`, `reduce` or `post`"));
            }
        }
        self.expect(")")?;
        Ok(Soac::Screma {
            width,
            arrays,
            map,
            scans,
            reduces,
            post,
        })
    }

    /// `hist(w, {arrays}, \map, op({dests}, (ne)) \op, ...)`, after
    /// `hist`.
    fn hist<R: Rep>(&mut self) -> Result<Soac<R>> {
        self.expect("(")?;
        let width = self.subexp()?;
        self.expect(",")?;
        let arrays = self.vars_in_braces()?;
        self.expect(",")?;
        let map = self.lambda()?;
        let mut ops = Vec::new();
        while self.eat(",")? {
            self.expect_keyword("op")?;
            self.expect("(")?;
            let dests = self.vars_in_braces()?;
            self.expect(",")?;
            let neutral = self.subexps()?;
            self.expect(")")?;
            let op = self.lambda()?;
            ops.push(HistOp { dests, neutral, op });
        }
        self.expect(")")?;
        Ok(Soac::Hist {
            width,
            arrays,
            ops,
            map,
        })
    }

    /// `scatter(w, {arrays}, \map, {dest, dest * writes, ...})`, after
    /// `scatter`.
    fn scatter<R: Rep>(&mut self) -> Result<Soac<R>> {
        self.expect("(")?;
        let width = self.subexp()?;
        self.expect(",")?;
        let arrays = self.vars_in_braces()?;
        self.expect(",")?;
        let map = self.lambda()?;
        self.expect(",")?;
        let dests = self.list("{", "}", |p| {
            let array = p.var()?;
            let writes = if p.eat("*")? { p.usize()? } else { 1 };
            Ok(ScatterDest { array, writes })
        })?;
        self.expect(")")?;
        Ok(Soac::Scatter {
            width,
            arrays,
            dests,
            map,
        })
    }

    /// `accumulate(w, {dests}, {arrays}, \map)`, after `accumulate`.
    fn accumulate<R: Rep>(&mut self) -> Result<Soac<R>> {
        self.expect("(")?;
        let width = self.subexp()?;
        self.expect(",")?;
        let dests = self.vars_in_braces()?;
        self.expect(",")?;
        let arrays = self.vars_in_braces()?;
        self.expect(",")?;
        let map = self.lambda()?;
        self.expect(")")?;
        Ok(Soac::Accumulate {
            width,
            arrays,
            dests,
            map,
        })
    }

    /// `(w, {arrays}, (accumulators), \fold[, \reduce])`, after
    /// `stream_seq` or `stream_par`.
    fn stream<R: Rep>(&mut self, kind: StreamKind) -> Result<Soac<R>> {
        self.expect("(")?;
        let width = self.subexp()?;
        self.expect(",")?;
        let arrays = self.vars_in_braces()?;
        self.expect(",")?;
        let accumulators = self.subexps()?;
        self.expect(",")?;
        let fold = self.lambda()?;
        let reduce = if self.eat(",")? {
            Some(self.lambda()?)
        } else {
            None
        };
        self.expect(")")?;
        Ok(Soac::Stream {
            kind,
            width,
            arrays,
            accumulators,
            fold,
            reduce,
        })
    }
}

/// `name_12` as its name and number.
fn split_var(word: &str) -> Option<(&str, &str)> {
    let (name, id) = word.rsplit_once('_')?;
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit())).then_some((name, id))
}

fn float_width(ty: PrimType) -> u32 {
    match ty {
        PrimType::F16 => 16,
        PrimType::F32 => 32,
        _ => 64,
    }
}

fn is_nan(ty: PrimType, bits: u64) -> bool {
    match ty {
        PrimType::F16 => F16(bits as u16).to_f32().is_nan(),
        PrimType::F32 => f32::from_bits(bits as u32).is_nan(),
        _ => f64::from_bits(bits).is_nan(),
    }
}

/// A numeric constant from its digits and type suffix.
fn number(digits: &str, suffix: &str) -> std::result::Result<PrimValue, String> {
    let ty = PrimType::from_name(suffix).ok_or_else(|| {
        if suffix.is_empty() {
            format!("`{digits}` needs a type suffix, as in `{digits}i32`")
        } else {
            format!("`{suffix}` is not a numeric type")
        }
    })?;
    let bad = || format!("`{digits}{suffix}` is not a constant of type {}", ty.name());
    fn int<T: TryFrom<i128>>(digits: &str) -> Option<T> {
        let (negative, magnitude) = match digits.strip_prefix('-') {
            Some(magnitude) => (true, magnitude),
            None => (false, digits),
        };
        let value = match magnitude.strip_prefix("0x") {
            Some(hex) => i128::from_str_radix(hex, 16).ok()?,
            None if magnitude.bytes().all(|b| b.is_ascii_digit()) => magnitude.parse().ok()?,
            None => return None,
        };
        T::try_from(if negative { -value } else { value }).ok()
    }
    fn float<T: std::str::FromStr>(digits: &str) -> Option<T> {
        if digits.contains("0x") {
            return None;
        }
        digits.parse().ok()
    }
    Ok(match ty {
        PrimType::Bool => return Err(bad()),
        PrimType::I8 => PrimValue::I8(int(digits).ok_or_else(bad)?),
        PrimType::I16 => PrimValue::I16(int(digits).ok_or_else(bad)?),
        PrimType::I32 => PrimValue::I32(int(digits).ok_or_else(bad)?),
        PrimType::I64 => PrimValue::I64(int(digits).ok_or_else(bad)?),
        PrimType::U8 => PrimValue::U8(int(digits).ok_or_else(bad)?),
        PrimType::U16 => PrimValue::U16(int(digits).ok_or_else(bad)?),
        PrimType::U32 => PrimValue::U32(int(digits).ok_or_else(bad)?),
        PrimType::U64 => PrimValue::U64(int(digits).ok_or_else(bad)?),
        // Printed `f16`s are the shortest digits of their `f32` value.
        PrimType::F16 => PrimValue::F16(F16::from_f32(float(digits).ok_or_else(bad)?)),
        PrimType::F32 => PrimValue::F32(float(digits).ok_or_else(bad)?),
        PrimType::F64 => PrimValue::F64(float(digits).ok_or_else(bad)?),
    })
}

/// The function on primitive values named `word` (`sqrt_f32`,
/// `to_bits_f64`, `mul_hi_u64`), as [`super::print::prim_fn_name`] names
/// them.
fn prim_fn(word: &str) -> Option<PrimFn> {
    let (base, ty) = word.rsplit_once('_')?;
    let ty = PrimType::from_name(ty)?;
    Some(match base {
        "to_bits" => PrimFn::ToBits(ty),
        "from_bits" => PrimFn::FromBits(ty),
        "popc" => PrimFn::Popc(ty),
        "clz" => PrimFn::Clz(ty),
        "ctz" => PrimFn::Ctz(ty),
        "mul_hi" => PrimFn::MulHi(ty),
        _ => PrimFn::Float(FloatFn::ALL.into_iter().find(|f| f.name() == base)?, ty),
    })
}

/// Replaces the placeholders of calls by the functions they name.
fn resolve_calls<R: Rep>(body: &mut Body<R>, functions: &[FuncId]) {
    for stm in &mut body.stms {
        if let Exp::Call { func, .. } = &mut stm.exp {
            *func = functions[func.0 as usize];
        }
        for nested in stm.exp.nested_bodies_mut() {
            resolve_calls(nested, functions);
        }
    }
}
