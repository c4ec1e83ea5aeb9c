//! The core IR: first order, monomorphic, in A-normal form. Every
//! intermediate result is bound by a statement to a variable; values are
//! primitive scalars or regular arrays of them (tuples, records and sums
//! are flattened into several variables by lowering, arrays of tuples
//! into tuples of arrays). Array types carry their shape: each dimension
//! an `i64` operand in scope where the type is written. A branch, loop or
//! call whose results have sizes computed inside it returns those sizes
//! as results of their own, which its result types name ([`ExtType`]); a
//! function's array parameters have size parameters as dimensions.
//! Shapes that must agree but are computed apart are made to agree by
//! explicit checks (an `Assert` followed by a `Reshape`).
//!
//! Parallelism is explicit in the second-order array combinators
//! ([`Soac`]): `screma` (a map fused with scans and reductions, which
//! covers `map`, `reduce`, `scan`, `redomap` and `scanomap`), `hist`,
//! `scatter` and `stream`.
//!
//! [`print`] renders a program as text, [`parse`] reads it back,
//! [`check`] type-checks it (run after every pass in debug builds),
//! [`build`] constructs it, and [`metrics`] counts its constructs as
//! upstream's `structure` tests do.

pub mod analysis;
pub mod build;
pub mod check;
pub mod link;
pub mod mem;
pub mod metrics;
pub mod parse;
pub mod print;
pub mod rep;
pub mod rephrase;
pub mod segop;
pub mod soac;
pub mod traverse;

pub use mem::{MemBind, Space};
pub use rep::{Mc, McMem, MemOp, NoOp, Operation, Rep, Seq, SeqMem, Soacs};

use prim::PrimType;
use prim::PrimValue;
use prim::{BinOp, CmpOp, PrimFn, UnOp};
use std::fmt;
use std::sync::Arc;

/// A variable; its name hint is in [`Program::var_names`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var(pub u32);

/// A function of the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncId(pub u32);

/// The type of a value, generic in what an array dimension is: an
/// operand ([`Type`]) or, where a type may name sizes that only the
/// expression's own results give, an [`ExtDim`] ([`ExtType`]).
#[derive(Debug, Clone, PartialEq)]
pub enum TypeBase<D> {
    Prim(PrimType),
    /// A regular array: its dimensions, outermost first.
    Array {
        element: PrimType,
        shape: Vec<D>,
    },
    /// A memory block (at the memory levels), which arrays live in.
    Mem(Space),
}

/// The type of a variable: array dimensions are `i64` operands in scope.
pub type Type = TypeBase<SubExp>;

/// A dimension of a result type: an operand in scope, or existential:
/// the value of result `i` of the expression (or function) itself.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ExtDim {
    Free(SubExp),
    Ext(usize),
}

/// The type of a result of a branch, loop or call.
pub type ExtType = TypeBase<ExtDim>;

/// What a type tells of a value apart from its shape: its element type
/// and rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Kind {
    pub element: PrimType,
    pub rank: usize,
}

impl Kind {
    pub fn new(element: PrimType, rank: usize) -> Kind {
        Kind { element, rank }
    }

    pub fn is_array(self) -> bool {
        self.rank > 0
    }

    pub fn element(self) -> PrimType {
        self.element
    }

    pub fn rank(self) -> usize {
        self.rank
    }

    /// The kind of an element of the outer dimension; `None` for a
    /// scalar.
    pub fn row(self) -> Option<Kind> {
        self.rank
            .checked_sub(1)
            .map(|rank| Kind::new(self.element, rank))
    }
}

impl<D: Clone> TypeBase<D> {
    pub fn kind(&self) -> Kind {
        Kind::new(self.element(), self.rank())
    }

    /// The element type; a memory block's elements are bytes.
    pub fn element(&self) -> PrimType {
        match self {
            TypeBase::Prim(prim) | TypeBase::Array { element: prim, .. } => *prim,
            TypeBase::Mem(_) => PrimType::U8,
        }
    }

    pub fn rank(&self) -> usize {
        self.shape().len()
    }

    /// The dimensions, outermost first; none for a scalar.
    pub fn shape(&self) -> &[D] {
        match self {
            TypeBase::Prim(_) | TypeBase::Mem(_) => &[],
            TypeBase::Array { shape, .. } => shape,
        }
    }

    /// The type with the given (possibly no) dimensions of `element`.
    pub fn with_shape(element: PrimType, shape: Vec<D>) -> TypeBase<D> {
        if shape.is_empty() {
            TypeBase::Prim(element)
        } else {
            TypeBase::Array { element, shape }
        }
    }

    /// An array of `outer` values of this type.
    pub fn array_of(&self, outer: D) -> TypeBase<D> {
        let mut shape = vec![outer];
        shape.extend(self.shape().iter().cloned());
        TypeBase::with_shape(self.element(), shape)
    }

    /// The type of an element of the outer dimension; `None` for a scalar.
    pub fn row(&self) -> Option<TypeBase<D>> {
        match self {
            TypeBase::Prim(_) | TypeBase::Mem(_) => None,
            TypeBase::Array { element, shape } => {
                Some(TypeBase::with_shape(*element, shape[1..].to_vec()))
            }
        }
    }

    /// The type with every dimension mapped.
    pub fn map_dims<E>(&self, mut f: impl FnMut(&D) -> E) -> TypeBase<E> {
        match self {
            TypeBase::Prim(prim) => TypeBase::Prim(*prim),
            TypeBase::Array { element, shape } => TypeBase::Array {
                element: *element,
                shape: shape.iter().map(&mut f).collect(),
            },
            TypeBase::Mem(space) => TypeBase::Mem(*space),
        }
    }
}

impl Type {
    pub fn i64() -> Type {
        Type::Prim(PrimType::I64)
    }

    pub fn bool() -> Type {
        Type::Prim(PrimType::Bool)
    }

    /// The type of the part of an array of this type a slice picks: the
    /// sliced dimensions have the slices' lengths, fixed ones are gone.
    pub fn sliced(&self, slice: &[DimIndex]) -> Type {
        let mut shape: Vec<SubExp> = slice
            .iter()
            .filter_map(|index| match *index {
                DimIndex::Fix(_) => None,
                DimIndex::Slice { len, .. } => Some(len),
            })
            .collect();
        shape.extend_from_slice(self.shape().get(slice.len()..).unwrap_or(&[]));
        Type::with_shape(self.element(), shape)
    }

    /// The type as a result type, every dimension free.
    pub fn ext(&self) -> ExtType {
        self.map_dims(|&d| ExtDim::Free(d))
    }
}

impl ExtType {
    /// The type with each existential dimension `i` replaced by
    /// `results[i]`.
    pub fn instantiate(&self, results: &[SubExp]) -> Type {
        self.map_dims(|d| match *d {
            ExtDim::Free(se) => se,
            ExtDim::Ext(i) => results[i],
        })
    }
}

/// An operand: a constant or a variable.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SubExp {
    Const(PrimValue),
    Var(Var),
}

impl SubExp {
    pub fn i64(value: i64) -> SubExp {
        SubExp::Const(PrimValue::I64(value))
    }

    pub fn bool(value: bool) -> SubExp {
        SubExp::Const(PrimValue::Bool(value))
    }

    pub fn as_var(self) -> Option<Var> {
        match self {
            SubExp::Var(var) => Some(var),
            SubExp::Const(_) => None,
        }
    }
}

impl From<Var> for SubExp {
    fn from(var: Var) -> SubExp {
        SubExp::Var(var)
    }
}

/// A source location, for run-time error messages: `file:line:col-col`
/// or `file:line:col-line:col` (1-based), as upstream prints them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Loc {
    pub file: Arc<str>,
    pub start: (u32, u32),
    pub end: (u32, u32),
    /// The calls (innermost first) of the functions inlined to put this
    /// code where it is, for backtraces. Its elements have no chains of
    /// their own ([`Loc::site`]): the rest of this chain is theirs.
    pub inlined_from: CallChain,
    /// The code is the prelude's, not the user's.
    pub prelude: bool,
}

impl Loc {
    /// The location without the calls it was inlined from: an element of
    /// an `inlined_from` chain, which is the whole chain.
    pub fn site(&self) -> Loc {
        Loc {
            inlined_from: CallChain::default(),
            ..self.clone()
        }
    }

    /// Where the code is in the user's code: here, or for the prelude's
    /// code the innermost call outside the prelude (here if none is).
    pub fn user_site(&self) -> &Loc {
        if !self.prelude {
            return self;
        }
        self.inlined_from
            .iter()
            .find(|site| !site.prelude)
            .unwrap_or(self)
    }
}

/// The call sites a piece of code was inlined through, innermost first.
///
/// Stored outermost first as a shared list: inlining a function into a
/// call adds sites at the outer end, so the statements of the body that
/// had the same chain share the new one, instead of each copying its
/// whole chain (with calls nested n deep, copies took memory cubic in n).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct CallChain(Option<Arc<ChainLink>>);

#[derive(Debug, PartialEq, Eq, Hash)]
struct ChainLink {
    site: Loc,
    /// The sites inside this one.
    inner: CallChain,
}

impl CallChain {
    /// The chain of these sites, innermost first.
    pub fn from_innermost(sites: impl IntoIterator<Item = Loc>) -> CallChain {
        CallChain::default().extended(sites)
    }

    /// This chain with more sites outside it, innermost first.
    pub fn extended(&self, outer: impl IntoIterator<Item = Loc>) -> CallChain {
        outer.into_iter().fold(self.clone(), |inner, site| {
            CallChain(Some(Arc::new(ChainLink { site, inner })))
        })
    }

    /// The sites, innermost first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &Loc> + ExactSizeIterator {
        let mut outermost_first = Vec::new();
        let mut link = self.0.as_deref();
        while let Some(current) = link {
            outermost_first.push(&current.site);
            link = current.inner.0.as_deref();
        }
        outermost_first.into_iter().rev()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// Equal for chains that are the same shared list (not only equal
    /// ones), as a key to extend each shared chain once.
    pub fn identity(&self) -> usize {
        self.0.as_ref().map_or(0, |link| Arc::as_ptr(link) as usize)
    }
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (line, col) = self.start;
        let (end_line, end_col) = self.end;
        if line == end_line {
            write!(f, "{}:{line}:{col}-{end_col}", self.file)
        } else {
            write!(f, "{}:{line}:{col}-{end_line}:{end_col}", self.file)
        }
    }
}

/// A part of a run-time error message: text, or a value printed in the
/// data format.
#[derive(Debug, Clone, PartialEq)]
pub enum ErrorPart {
    Text(String),
    Value(SubExp),
}

impl ErrorPart {
    /// `Index [i, j] out of bounds for array of shape [n][m].`, each
    /// index written by its parts.
    pub fn index_out_of_bounds(indices: Vec<Vec<ErrorPart>>, shape: &[SubExp]) -> Vec<ErrorPart> {
        let mut message = vec![ErrorPart::Text("Index [".into())];
        for (k, parts) in indices.into_iter().enumerate() {
            if k > 0 {
                message.push(ErrorPart::Text(", ".into()));
            }
            message.extend(parts);
        }
        message.push(ErrorPart::Text(
            "] out of bounds for array of shape ".into(),
        ));
        for &d in shape {
            message.push(ErrorPart::Text("[".into()));
            message.push(ErrorPart::Value(d));
            message.push(ErrorPart::Text("]".into()));
        }
        message.push(ErrorPart::Text(".".into()));
        message
    }
}

/// A parameter of a function, lambda or loop.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    pub var: Var,
    pub ty: Type,
    /// The argument is consumed (`*` in the source).
    pub unique: bool,
    /// Where an array is, at the memory levels (`None` elsewhere).
    pub mem: Option<MemBind>,
}

/// A variable bound by a statement.
#[derive(Debug, Clone, PartialEq)]
pub struct PatElem {
    pub var: Var,
    pub ty: Type,
    /// Where an array is, at the memory levels (`None` elsewhere).
    pub mem: Option<MemBind>,
}

impl PatElem {
    /// A pattern element without a memory annotation.
    pub fn new(var: Var, ty: Type) -> PatElem {
        PatElem { var, ty, mem: None }
    }
}

/// `let (pat) = exp`, with the source location of what it computes and
/// the attributes of the source expression it comes from.
#[derive(Debug, Clone, PartialEq)]
pub struct Stm<R: Rep = Soacs> {
    pub pat: Vec<PatElem>,
    pub exp: Exp<R>,
    pub loc: Option<Loc>,
    pub attrs: Attrs,
}

/// The attributes of a statement (`#[noinline]`, `#[unroll]`,
/// `#[sequential]`, ...), each as written in the source without `#[` and
/// `]`; every statement computed from an attributed source expression
/// carries them, in the order written, without repetitions.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Attrs(Vec<Arc<str>>);

impl Attrs {
    /// The attributes named `attr` (an atom) among them.
    pub fn contains(&self, attr: &str) -> bool {
        self.0.iter().any(|a| &**a == attr)
    }

    /// These attributes and then `attr`, unless they have it.
    pub fn with(&self, attr: &str) -> Attrs {
        let mut attrs = self.clone();
        if !attrs.contains(attr) {
            attrs.0.push(attr.into());
        }
        attrs
    }

    /// These attributes and then those of `other` they do not have.
    pub fn union(&self, other: &Attrs) -> Attrs {
        other
            .iter()
            .fold(self.clone(), |attrs, attr| attrs.with(attr))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|a| &**a)
    }
}

/// Statements and the values they end with.
#[derive(Debug, Clone, PartialEq)]
pub struct Body<R: Rep = Soacs> {
    pub stms: Vec<Stm<R>>,
    pub result: Vec<SubExp>,
}

impl<R: Rep> Default for Body<R> {
    fn default() -> Self {
        Body {
            stms: Vec::new(),
            result: Vec::new(),
        }
    }
}

/// An anonymous function, as SOACs take.
#[derive(Debug, Clone, PartialEq)]
pub struct Lambda<R: Rep = Soacs> {
    pub params: Vec<Param>,
    pub body: Body<R>,
    pub ret: Vec<Type>,
}

impl<R: Rep> Lambda<R> {
    /// Whether the lambda returns its parameters, in order.
    pub fn is_identity(&self) -> bool {
        self.body.stms.is_empty()
            && self.body.result.len() == self.params.len()
            && self
                .params
                .iter()
                .zip(&self.body.result)
                .all(|(p, &r)| r == SubExp::Var(p.var))
    }
}

/// One index of an index or update: a fixed index (removing the
/// dimension), or `len` elements from `start` with `stride` between them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DimIndex {
    Fix(SubExp),
    Slice {
        start: SubExp,
        len: SubExp,
        stride: SubExp,
    },
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LoopForm {
    /// `for var < bound`, in the bound's integer type.
    For { var: Var, bound: SubExp },
    /// While the loop parameter `condition` (a `bool`) is true.
    While { condition: Var },
}

/// A reduction of a [`Soac::Screma`]: an associative operator on `n`
/// components (its lambda takes `2n` parameters) with its neutral element.
#[derive(Debug, Clone, PartialEq)]
pub struct ReduceOp<R: Rep = Soacs> {
    pub lambda: Lambda<R>,
    pub neutral: Vec<SubExp>,
    pub commutative: bool,
}

/// An inclusive scan of a [`Soac::Screma`].
#[derive(Debug, Clone, PartialEq)]
pub struct ScanOp<R: Rep = Soacs> {
    pub lambda: Lambda<R>,
    pub neutral: Vec<SubExp>,
}

/// The kind of a stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamKind {
    /// Chunks processed in order, threading the accumulators.
    Sequential,
    /// Chunks processed in parallel, their accumulators combined with the
    /// reduction operator.
    Parallel,
}

/// A histogram of a [`Soac::Hist`]: destination arrays, one per
/// component of the values, combined into with an associative and
/// commutative operator on `n` components (its lambda takes `2n`
/// parameters) whose neutral element is `neutral`.
#[derive(Debug, Clone, PartialEq)]
pub struct HistOp<R: Rep = Soacs> {
    pub dests: Vec<Var>,
    pub neutral: Vec<SubExp>,
    pub op: Lambda<R>,
}

/// A destination of a [`Soac::Scatter`]: the array written, and how many
/// writes to it each element makes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScatterDest {
    pub array: Var,
    pub writes: usize,
}

/// The second-order array combinators. Each applies its `map` lambda to
/// the rows of `arrays` (each of outer size `width`).
#[derive(Debug, Clone, PartialEq)]
pub enum Soac<R: Rep = Soacs> {
    /// The map's first results feed the scans, the next the reductions,
    /// the rest are mapped values. Without a `post` lambda, the statement
    /// binds the scan results (arrays), the reduction results and the
    /// mapped results (arrays), in that order. A `post` lambda takes, for
    /// each row, the scan results at that row and the mapped values, and
    /// its results take the place of both: the statement binds the
    /// reduction results and then the post lambda's results (arrays).
    Screma {
        width: SubExp,
        arrays: Vec<Var>,
        map: Lambda<R>,
        scans: Vec<ScanOp<R>>,
        reduces: Vec<ReduceOp<R>>,
        post: Option<Lambda<R>>,
    },
    /// Generalised histograms: for each row the map gives one bucket
    /// index per histogram and then each histogram's values, which are
    /// combined into the bucket of the histogram's destinations; indices
    /// out of bounds are ignored. Binds the destinations of every
    /// histogram, in order; consumes them.
    Hist {
        width: SubExp,
        arrays: Vec<Var>,
        ops: Vec<HistOp<R>>,
        map: Lambda<R>,
    },
    /// For each row the map gives the index of each write (the
    /// destinations' writes in order), then the value of each write in
    /// the same order, then any mapped values; each value is written to
    /// its destination's row at the index, indices out of bounds
    /// ignored. A write may also be a block: an array of `k` indices and
    /// an array of `k` values, written in order (what a scatter over a
    /// flattened array becomes when it goes over its rows instead).
    /// Writes happen row by row, in order; where several write
    /// to one element, which value it ends with is unspecified (the
    /// language leaves it so). Binds the destinations, then the mapped
    /// values stacked into arrays (what fusion leaves of a map whose
    /// results are also used elsewhere); consumes the destinations.
    Scatter {
        width: SubExp,
        arrays: Vec<Var>,
        dests: Vec<ScatterDest>,
        map: Lambda<R>,
    },
    /// An accumulation, what `scatter_stream` and `hist_stream` make: for
    /// each row in order, the map takes the accumulators (one per array
    /// of `dests`, consumed) and then the row, and returns the
    /// accumulators changed (by in-place updates of single elements).
    /// Binds the final accumulators; consumes `dests`. Upstream calls
    /// this a `WithAcc` over a map.
    Accumulate {
        width: SubExp,
        arrays: Vec<Var>,
        dests: Vec<Var>,
        map: Lambda<R>,
    },
    /// Splits `arrays` into chunks; `fold` takes the chunk size, the
    /// accumulators and the chunks, and returns the new accumulators
    /// followed by mapped arrays (concatenated in order). A parallel
    /// stream combines accumulators with `reduce`.
    Stream {
        kind: StreamKind,
        width: SubExp,
        arrays: Vec<Var>,
        accumulators: Vec<SubExp>,
        fold: Lambda<R>,
        reduce: Option<Lambda<R>>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub enum Exp<R: Rep = Soacs> {
    SubExp(SubExp),
    BinOp(BinOp, SubExp, SubExp),
    Cmp(CmpOp, SubExp, SubExp),
    UnOp(UnOp, SubExp),
    /// A conversion to another primitive type.
    Convert(PrimType, SubExp),
    PrimFn(PrimFn, Vec<SubExp>),
    Call {
        func: FuncId,
        args: Vec<SubExp>,
    },
    If {
        condition: SubExp,
        then_body: Body<R>,
        else_body: Body<R>,
        ret: Vec<ExtType>,
    },
    /// A loop: its parameters start as the given values and take the
    /// body's results after each iteration; the statement binds their
    /// final values. A parameter's type may name earlier parameters (the
    /// sizes of arrays whose shape changes between iterations).
    Loop {
        params: Vec<(Param, SubExp)>,
        form: LoopForm,
        body: Body<R>,
    },
    /// An element (all dimensions fixed) or a slice of an array.
    Index {
        array: Var,
        slice: Vec<DimIndex>,
    },
    /// The array with the slice replaced by `value`; consumes the array.
    Update {
        array: Var,
        slice: Vec<DimIndex>,
        value: SubExp,
    },
    /// An array of the given rows, all of type `row`.
    ArrayLit {
        elements: Vec<SubExp>,
        row: Type,
    },
    /// `len` integers of type `ty`: `start`, `start + step`, ...
    Iota {
        len: SubExp,
        start: SubExp,
        step: SubExp,
        ty: PrimType,
    },
    /// An array of the given shape (in front) filled with `value`.
    Replicate {
        shape: Vec<SubExp>,
        value: SubExp,
    },
    /// An array of the given shape whose elements are not set yet: a
    /// program writes each before reading it (the first-order
    /// transform's outputs, written row by row), so it needs memory and
    /// no writes. It fails on a negative size as `Replicate` does.
    Scratch {
        shape: Vec<SubExp>,
        element: PrimType,
    },
    /// The array with its dimensions permuted: dimension `i` of the
    /// result is dimension `perm[i]` of the array.
    Rearrange {
        perm: Vec<usize>,
        array: Var,
    },
    /// The array's elements, in row-major order, in a new shape with the
    /// same number of elements.
    Reshape {
        shape: Vec<SubExp>,
        array: Var,
    },
    /// The arrays one after the other along the outer dimension, whose
    /// total length is `width`; their rows have one type.
    Concat {
        arrays: Vec<Var>,
        width: SubExp,
    },
    /// A fresh copy.
    Copy(Var),
    /// The operand itself (an array shares its memory), which the
    /// simplifier does not look through (`opaque`).
    Opaque(SubExp),
    /// Fails with the message unless `condition` holds; binds nothing.
    Assert {
        condition: SubExp,
        message: Vec<ErrorPart>,
    },
    /// The representation's own operation: SOACs, segmented operations.
    Op(R::Op),
}

/// How an entry point's parameter or result appears to the outside: as
/// one primitive value or array, or as an opaque value made of several
/// IR values (a record, tuple or sum in the source). `name` is the type's
/// name in the C API, the manifest and the server protocol: the type
/// abbreviation written in the entry point's signature, or the type
/// written out without sizes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExternalType {
    Direct {
        element: PrimType,
        rank: usize,
    },
    Opaque {
        name: String,
        components: usize,
        kind: OpaqueKind,
    },
}

/// What the C API and the server may do with an opaque value besides
/// storing and restoring it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpaqueKind {
    /// A record or tuple (fields `0`, `1`, ...): its fields in the order
    /// of the record's components, each taking the next
    /// `components()` components.
    Record(Vec<(String, ExternalType)>),
    /// A sum type: its constructors in tag order. The components are the
    /// `i8` tag (the constructor's index) and then the payload slots.
    Sum(Vec<SumVariant>),
    /// Anything else (an array of records, say).
    Other,
}

/// A constructor of an opaque sum type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumVariant {
    pub name: String,
    pub payload: Vec<ExternalType>,
    /// For each component of the payload values, in order, the index of
    /// the sum's component holding it (the tag is component 0).
    pub components: Vec<usize>,
}

impl ExternalType {
    pub fn components(&self) -> usize {
        match self {
            ExternalType::Direct { .. } => 1,
            ExternalType::Opaque { components, .. } => *components,
        }
    }
}

/// An entry point: a function callable from outside. Its function's
/// parameters are size parameters (see [`Function::entry_size_sources`])
/// followed by the components of `params`; its results are the sizes of
/// results (existential in its result types) followed by the components
/// of `results`.
#[derive(Debug, Clone, PartialEq)]
pub struct EntryPoint {
    pub name: String,
    pub func: FuncId,
    pub params: Vec<ExternalType>,
    pub results: Vec<ExternalType>,
    /// What the C API, its manifest and the server protocol show besides
    /// the types.
    pub api: EntryApi,
}

/// An entry point's parameter names and uniqueness, as the source gives
/// them: one entry per parameter or result.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EntryApi {
    /// Per parameter: its name, when the parameter is a plain name.
    pub param_names: Vec<Option<String>>,
    /// Per parameter: whether it is consumed (`*` in its type).
    pub params_unique: Vec<bool>,
    /// Per result: whether it is unique (aliases no argument).
    pub results_unique: Vec<bool>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Function<R: Rep = Soacs> {
    pub name: String,
    /// The parameters; the dimensions of array parameters are constants
    /// or earlier `i64` parameters (size parameters).
    pub params: Vec<Param>,
    /// Result types, and whether each result is unique (aliases nothing);
    /// free dimensions are constants or parameters.
    pub ret: Vec<(ExtType, bool)>,
    pub body: Body<R>,
}

/// How many memory blocks end a list of values' types: at the memory
/// levels, the blocks of the arrays crossing into or out of a function,
/// branch or loop.
pub fn trailing_blocks<'t, D: 't>(
    types: impl DoubleEndedIterator<Item = &'t TypeBase<D>>,
) -> usize {
    types
        .rev()
        .take_while(|t| matches!(t, TypeBase::Mem(_)))
        .count()
}

impl<R: Rep> Function<R> {
    /// For an entry point's function, whose parameters are size
    /// parameters followed by the components of the external
    /// parameters (and, at the memory levels, their arrays' blocks):
    /// where each size parameter's value comes from, as the index (among
    /// the components) of the argument whose dimension it is, and the
    /// dimension. `None` if a size parameter is no argument's dimension.
    pub fn entry_size_sources(&self, components: usize) -> Option<Vec<(usize, usize)>> {
        let blocks = trailing_blocks(self.params.iter().map(|p| &p.ty));
        let params = &self.params[..self.params.len() - blocks];
        let sizes = params.len().checked_sub(components)?;
        let values = &params[sizes..];
        self.params[..sizes]
            .iter()
            .map(|size| {
                values.iter().enumerate().find_map(|(i, p)| {
                    let dim =
                        p.ty.shape()
                            .iter()
                            .position(|&d| d == SubExp::Var(size.var))?;
                    Some((i, dim))
                })
            })
            .collect()
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Program<R: Rep = Soacs> {
    pub functions: Vec<Function<R>>,
    pub entry_points: Vec<EntryPoint>,
    /// The name hint of each variable, for printing.
    pub var_names: Vec<String>,
    /// The names of the tuning parameters (`#[param(name)]`), numbered
    /// as `PrimFn::Tuning` refers to them.
    pub tuning_params: Vec<String>,
    /// What fusion merged, in order, for tools that show it; no pass
    /// reads it.
    pub fusions: Vec<Fusion>,
}

impl<R: Rep> Default for Program<R> {
    fn default() -> Self {
        Program {
            functions: Vec::new(),
            entry_points: Vec::new(),
            var_names: Vec::new(),
            tuning_params: Vec::new(),
            fusions: Vec::new(),
        }
    }
}

/// A SOAC that fusion merged into another: the location of each (the
/// statement made has the location `into`, which a later fusion may
/// merge again).
#[derive(Debug, Clone, PartialEq)]
pub struct Fusion {
    pub from: Loc,
    pub into: Loc,
}

impl<R: Rep> Program<R> {
    pub fn function(&self, id: FuncId) -> &Function<R> {
        &self.functions[id.0 as usize]
    }

    pub fn function_mut(&mut self, id: FuncId) -> &mut Function<R> {
        &mut self.functions[id.0 as usize]
    }

    pub fn entry_point(&self, name: &str) -> Option<&EntryPoint> {
        self.entry_points.iter().find(|e| e.name == name)
    }

    pub fn var_name(&self, var: Var) -> &str {
        self.var_names
            .get(var.0 as usize)
            .map(String::as_str)
            .unwrap_or("v")
    }
}
