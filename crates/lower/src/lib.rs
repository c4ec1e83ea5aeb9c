//! Lowering a checked program to the core IR. It guarantees a first-order,
//! monomorphic program whose values follow the representation of
//! [`types`]:
//!
//! * modules are elaborated on the fly: a name is resolved through the
//!   module it was found in, and the members of an applied parametric
//!   module are lowered with its parameters bound to the arguments
//!   ([`ModCtx`]);
//! * every use of a definition is lowered at its instantiation: type
//!   parameters (and the abstract types of module parameters) are
//!   substituted by the types at the use;
//! * functions are static values ([`Sv::Closure`]): applying one inlines
//!   its body with the closure's captured environment, so no function
//!   value survives (the language forbids functions in arrays, branches
//!   and loops, so every application knows its function statically);
//! * tuples and records are flattened, sums become a tag and payload
//!   slots, arrays of tuples become tuples of arrays;
//! * what cannot be checked statically (slice bounds, sizes of zipped
//!   arrays, `assert`) is checked by explicit statements or by the IR
//!   operations themselves, located at the source expression.

mod custom_vjp;
mod entry;
mod expr;
mod intrinsics;
pub mod types;

use hir::Db;
use hir::body::{ItemPosition, ValueBody, item_position, value_body_with_item_map};
use hir::files::{FileSet, SourceFile};
use hir::infer::{
    InferenceResult, applied_member_type, apply_abbreviation, infer_value, module_type_env,
    type_abbreviation,
};
use hir::item_tree::{Container, ItemIdx, ItemKind, ModExpr, StructIdx, item_tree};
use hir::name::{Name, Path};
use hir::resolve::{ModuleKey, ModuleRef, Resolver, Scope, TermRef, TypeDefRef, ValueRef};
use hir::store::{ExprId, PatId, SourceMap, UpdateStep};
use hir::ty::{Size, Ty, TypeArg, abstract_display_name};
use opt::ir::build::Builder;
use opt::ir::link::{Piece, PieceFunction};
use opt::ir::{CallChain, EntryApi, EntryPoint, Function, Loc, Program, SubExp};
use rustc_hash::FxHashMap;
use std::cell::Cell;
use std::fmt;
use std::rc::Rc;
use std::sync::Arc;

/// Why a program could not be lowered: a construct not supported yet, or
/// a compiler bug.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LowerError {
    pub message: String,
    pub loc: Option<Loc>,
}

impl fmt::Display for LowerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.loc {
            Some(loc) => write!(f, "{}: {}", loc.user_site(), self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for LowerError {}

type Result<T> = std::result::Result<T, LowerError>;

fn error<T>(message: impl Into<String>) -> Result<T> {
    Err(LowerError {
        message: message.into(),
        loc: None,
    })
}

/// The bindings of the parameters of the parametric modules whose members
/// are being lowered: each parameter (`ModuleRef::Param`) to the module
/// given as argument and that module's own context.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct ModCtx(Arc<Vec<(ModuleRef, ModuleRef, ModCtx)>>);

impl ModCtx {
    fn lookup(&self, param: ModuleRef) -> Option<(ModuleRef, ModCtx)> {
        self.0
            .iter()
            .rev()
            .find(|(p, _, _)| *p == param)
            .map(|(_, arg, ctx)| (*arg, ctx.clone()))
    }

    fn extend(&self, param: ModuleRef, arg: ModuleRef, arg_ctx: ModCtx) -> ModCtx {
        let mut bindings = (*self.0).clone();
        bindings.push((param, arg, arg_ctx));
        ModCtx(Arc::new(bindings))
    }
}

/// The element type and rank of each IR component of a data value.
type PartKinds = Vec<(prim::PrimType, usize)>;

/// One instantiation of a definition as an IR function: the key of the
/// query that lowers it ([`instance_piece`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Instance {
    file: SourceFile,
    item: ItemIdx,
    ctx: ModCtx,
    /// The definition's type at the use, without sizes.
    use_ty: Ty,
    /// The types of the arguments, without sizes.
    args: Vec<Ty>,
    /// The element type and rank of each IR component of each argument.
    arg_kinds: Vec<PartKinds>,
    ret: Ty,
    /// Called from `#[unsafe]` code: the instance has no assertions.
    unsafe_code: bool,
    /// Lowered inside this accumulation, whose operator `acc_write`
    /// combines with (two accumulations may pass one function different
    /// operators). Such an instance belongs to the piece of its caller.
    accumulation: Option<u32>,
    /// Called as an entry point: its arguments' sizes are checked as an
    /// entry point's.
    entry: bool,
}

/// What applying a parametric module gives: its module body, or one of
/// its parameters (by position) and a path of members in it.
enum FunctorBody {
    Struct(SourceFile, StructIdx),
    Param(usize, Vec<Name>),
}

/// An accumulation being lowered (`scatter_stream`, `hist_stream`).
struct Accumulation {
    id: u32,
    /// The operator `acc_write` combines with (`None` for
    /// `scatter_stream`: it writes).
    op: Option<Sv>,
}

/// A local name of a definition body.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Local {
    Pat(PatId),
    LoopVar(ExprId),
    Function(ExprId),
    Size(Name),
    /// A size the body's inference left a variable: one no name gives,
    /// as an unannotated parameter's or `[]`'s in a parameter's type.
    /// Within a body, one variable is one size.
    SizeVar(u32),
}

/// A static value: what lowering knows about a source value.
#[derive(Debug, Clone)]
enum Sv {
    /// Data of a monomorphic type without functions, as its components.
    Dyn(Ty, Vec<SubExp>),
    /// A record or tuple with functions among its fields (sorted).
    Record(Vec<(Name, Sv)>),
    /// A value of a sum type with functions in its payloads: its
    /// constructor is known statically (the language keeps such values
    /// out of branches, loops and arrays).
    Sum {
        constructor: Name,
        payload: Vec<Sv>,
    },
    Closure(Rc<Closure>),
}

/// A function value and the arguments it has been applied to so far.
#[derive(Debug, Clone)]
struct Closure {
    kind: ClosureKind,
    /// The (monomorphic) type of the function before `applied`.
    ty: Ty,
    applied: Vec<Sv>,
}

#[derive(Debug, Clone)]
enum ClosureKind {
    Lambda {
        frame: Frame,
        params: Vec<PatId>,
        body: ExprId,
    },
    /// A `let f params = value` (the `LetFun` expression).
    LocalFunction {
        frame: Frame,
        letfun: ExprId,
        /// Size parameters known from the use's type (not from the
        /// arguments), with their values at the use.
        sizes: Vec<(Name, Sv)>,
    },
    Def {
        file: SourceFile,
        item: ItemIdx,
        ctx: ModCtx,
        /// Size parameters known from the use's type (not from the
        /// arguments), with their values at the use.
        sizes: Vec<(Name, Sv)>,
        /// The values at the use of the sizes the use's type names or
        /// knows (leaves of sizes in the user's frame), which
        /// instantiated types carry into the definition's frame under
        /// fresh names.
        use_sizes: Vec<(Size, Sv)>,
    },
    /// An intrinsic, with the values (at its use) of the sizes its type
    /// there names, for the shapes of its results.
    Intrinsic(intrinsics::Intrinsic, Vec<(Size, SubExp)>),
    /// A recursive call of the IR function being built for a recursive
    /// definition; `statics` are its function arguments (fixed), `None`
    /// for data arguments.
    Recursive {
        func: opt::ir::FuncId,
        statics: Vec<Option<Sv>>,
        ret: Ty,
    },
    BuiltinOp(Name),
    /// `(op y)`: an operator awaiting its first operand.
    RightSection {
        op: Box<Sv>,
        right: Box<Sv>,
    },
    /// The value of a hole of function type: applied, it gives a
    /// placeholder of its result type.
    Blank,
    /// `(.a.b)` or `(.[i])`, with the frame its index expressions are in.
    Projection {
        frame: Frame,
        steps: Vec<UpdateStep>,
    },
}

/// A definition body being lowered at one instantiation, with its local
/// bindings.
#[derive(Clone)]
struct Frame {
    file: SourceFile,
    item: ItemIdx,
    body: Arc<ValueBody>,
    /// The body's source map, relative to the definition's start.
    source_map: Arc<SourceMap>,
    position: ItemPosition,
    infer: Arc<InferenceResult>,
    /// Type parameters and abstract types, by name, to monomorphic types.
    subst: Rc<Vec<(Name, Ty)>>,
    ctx: ModCtx,
    locals: ScopeMap<Local, Sv>,
    /// The binding each local name refers to (for `let a[i] = v`).
    names: ScopeMap<Name, Local>,
    /// What a recursive call in this frame calls.
    recursion: Option<Rc<Closure>>,
    /// The number of this lowering of the definition's body (the frames
    /// of its nested bodies share it): the sizes its expressions' results
    /// were found to have belong to it (see `Lowerer::expression_sizes`).
    instance: u32,
}

/// A frame's map of what is in scope: persistent (cloned in O(1),
/// extended in O(log n)), since a frame is cloned for every nested body
/// and kept by closures.
type ScopeMap<K, V> = rpds::HashTrieMap<K, V, archery::RcK, rustc_hash::FxBuildHasher>;

impl fmt::Debug for Frame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Frame({:?})", self.item)
    }
}

impl Frame {
    fn bind(&mut self, local: Local, name: Option<&Name>, value: Sv) {
        if let Some(name) = name {
            self.names.insert_mut(name.clone(), local.clone());
        }
        self.locals.insert_mut(local, value);
    }

    fn scope(&self) -> Scope {
        Scope {
            file: self.file,
            item: Some(self.item),
            params: None,
        }
    }
}

/// The name of a definition, for naming IR functions.
fn item_name(db: &dyn Db, file: SourceFile, item: ItemIdx) -> String {
    item_tree(db, file)
        .item(item)
        .name()
        .map_or_else(|| "f".to_owned(), |n| n.to_string())
}

/// What a value name denotes after module elaboration.
enum ValueTarget {
    Def(SourceFile, ItemIdx, ModCtx),
    Intrinsic(Name),
}

struct Lowerer<'db> {
    db: &'db dyn Db,
    /// The prefix left out of file paths in run-time error locations.
    display_root: Option<&'db str>,
    resolver: Resolver<'db>,
    builder: Builder,
    /// How deeply function bodies are inlined into each other right now.
    depth: usize,
    /// The next definition invoked is an entry point (for messages).
    entry_call: bool,
    /// While parameters are bound: the sizes to bind after their names.
    deferred_sizes: Option<Vec<expr::DeferredSizes>>,
    /// The IR functions made or declared for first-order calls, by
    /// instantiation and whether the instance is private (lowered into
    /// this piece, see `private_depth` and `Instance::accumulation`).
    instances: FxHashMap<(Instance, bool), opt::ir::FuncId>,
    /// The functions of this piece that other pieces define: the
    /// instances they lower.
    externals: FxHashMap<opt::ir::FuncId, Instance>,
    /// Above zero while lowering code whose calls' bodies must be in this
    /// piece (a function to differentiate: differentiating a call needs
    /// the callee's body).
    private_depth: u32,
    /// Numbers the names given to sizes carried into other frames.
    fresh_sizes: u32,
    /// The call sites of the definitions being inlined: one chain shared
    /// by the locations of everything lowered at this depth.
    inlined_from: CallChain,
    /// The accumulations being lowered, innermost last.
    accumulations: Vec<Accumulation>,
    /// How many accumulations were lowered (their ids).
    accumulation_count: u32,
    /// Inside an expression marked `#[unsafe]`: assertions are left out.
    unsafe_code: bool,
    /// While parameters are bound: whose arguments' sizes are checked.
    param_check: Option<expr::ParamCheck>,
    /// The functions derived for automatic differentiation so far.
    derivatives: opt::ad::Derivatives,
    /// The sizes of expression results that the checker left existential
    /// (a `filter`'s), by the frame's `instance` and the size's number,
    /// each with the builder scope it was found in. A later use of the
    /// size in that frame (a size parameter of a function applied to the
    /// result, which no argument's shape gives) reads it while the scope
    /// is open.
    expression_sizes: FxHashMap<(u32, u32), (SubExp, u32)>,
    /// How many frames were made (their `instance` numbers).
    frames_made: Cell<u32>,
}

/// Inlining deeper than this means a runaway expansion, not a program.
const MAX_INLINE_DEPTH: usize = 256;

/// Lowers the program rooted at `root` (which must have type-checked
/// without errors). Its entry points are the root file's `entry`
/// definitions and its top-level `main`.
///
/// Each entry point and each instance called with data arguments only is
/// lowered by a query of its own ([`entry_piece`], [`instance_piece`]),
/// into a piece with its own numbering; the pieces are linked into one
/// program. After an edit, only the pieces whose definitions (or the
/// definitions they inline) changed are lowered again.
///
/// `display_root` is left out of the start of file paths in run-time
/// error locations (to show paths as the user wrote them, say).
pub fn lower_program(
    db: &dyn Db,
    file_set: FileSet,
    root: SourceFile,
    display_root: Option<&str>,
) -> Result<Program> {
    let display_root = display_root.map(str::to_owned);
    let roots = entry_items(db, root)
        .into_iter()
        .map(|(name, item)| entry_piece(db, file_set, root, item, name, display_root.clone()))
        .collect::<Result<Vec<_>>>()?;
    opt::ir::link::link(&roots, |instance| {
        instance_piece(db, file_set, instance.clone(), display_root.clone())
    })
}

/// An entry point lowered on its own: its function, and the instances it
/// calls as external functions.
#[salsa::tracked(returns(clone))]
fn entry_piece(
    db: &dyn Db,
    file_set: FileSet,
    file: SourceFile,
    item: ItemIdx,
    name: Name,
    display_root: Option<String>,
) -> Result<Arc<Piece<Instance>>> {
    let mut lowerer = Lowerer::new(db, file_set, display_root.as_deref());
    lowerer.entry_point(file, item, &name)?;
    lowerer.into_piece()
}

/// An instance lowered on its own: its function (function 0 of the
/// piece), the private instances it made, and the instances it calls as
/// external functions.
#[salsa::tracked(returns(clone))]
fn instance_piece(
    db: &dyn Db,
    file_set: FileSet,
    instance: Instance,
    display_root: Option<String>,
) -> Result<Arc<Piece<Instance>>> {
    let mut lowerer = Lowerer::new(db, file_set, display_root.as_deref());
    lowerer.unsafe_code = instance.unsafe_code;
    lowerer.instantiate_function(instance, false)?;
    lowerer.into_piece()
}

/// What deciding whether a call of a definition is a call of an IR
/// function needs of its body: how many parameters it has and whether it
/// calls itself. Equal after an edit of the body that leaves them, so
/// that its callers are not lowered again.
#[salsa::tracked(returns(clone))]
fn call_shape(db: &dyn Db, file_set: FileSet, file: SourceFile, item: ItemIdx) -> (usize, bool) {
    let params = hir::body::param_count(db, file, item);
    let self_recursive = infer_value(db, file_set, file, item)
        .resolutions
        .values()
        .any(|r| matches!(r, hir::infer::Resolved::SelfRecursive));
    (params, self_recursive)
}

/// The name, parameters and result types of an instance's function (in
/// its piece's numbering): what its callers need of it. Equal after an
/// edit of the instance's body that leaves them as they were, so that the
/// callers are not lowered again.
#[salsa::tracked(returns(clone))]
fn instance_signature(
    db: &dyn Db,
    file_set: FileSet,
    instance: Instance,
    display_root: Option<String>,
) -> Result<(String, Vec<opt::ir::Param>, Vec<opt::ir::ExtType>)> {
    let piece = instance_piece(db, file_set, instance, display_root)?;
    match piece.functions.first() {
        Some(PieceFunction::Defined(function)) => Ok((
            function.name.clone(),
            function.params.clone(),
            function.ret.iter().map(|(ty, _)| ty.clone()).collect(),
        )),
        _ => error("internal error: an instance's piece does not define it"),
    }
}

/// The entry points of the program rooted at `root`, in order: its
/// top-level `entry` definitions and a top-level `main` (a later one of a
/// name in place of an earlier one).
pub fn entry_items(db: &dyn Db, root: SourceFile) -> Vec<(Name, ItemIdx)> {
    let tree = item_tree(db, root);
    let mut names = Vec::new();
    for &item in &tree.top_level {
        let ItemKind::Value(value) = &tree.item(item).kind else {
            continue;
        };
        let Some(name) = &value.name else { continue };
        if value.entry || name.as_str() == "main" {
            names.retain(|(n, _): &(Name, ItemIdx)| n != name);
            names.push((name.clone(), item));
        }
    }
    names
}

impl<'db> Lowerer<'db> {
    fn new(db: &'db dyn Db, file_set: FileSet, display_root: Option<&'db str>) -> Lowerer<'db> {
        Lowerer {
            db,
            display_root,
            resolver: Resolver { db, file_set },
            builder: Builder::new(),
            depth: 0,
            entry_call: false,
            deferred_sizes: None,
            instances: FxHashMap::default(),
            externals: FxHashMap::default(),
            private_depth: 0,
            fresh_sizes: 0,
            inlined_from: CallChain::default(),
            accumulations: Vec::new(),
            accumulation_count: 0,
            param_check: None,
            unsafe_code: false,
            derivatives: opt::ad::Derivatives::default(),
            expression_sizes: FxHashMap::default(),
            frames_made: Cell::new(0),
        }
    }

    /// What this lowerer built, as a piece of the program.
    fn into_piece(self) -> Result<Arc<Piece<Instance>>> {
        let externals = self.externals;
        self.builder
            .into_piece(&mut |func| externals.get(&func).cloned())
            .map(Arc::new)
            .map_err(|message| LowerError {
                message: format!("internal error: {message}"),
                loc: None,
            })
    }

    fn file_set(&self) -> FileSet {
        self.resolver.file_set
    }

    fn frame(&self, file: SourceFile, item: ItemIdx, subst: Vec<(Name, Ty)>, ctx: ModCtx) -> Frame {
        let (body, source_map) = value_body_with_item_map(self.db, file, item);
        Frame {
            file,
            item,
            body,
            source_map,
            position: item_position(self.db, file, item),
            infer: infer_value(self.db, self.file_set(), file, item),
            subst: Rc::new(subst),
            ctx,
            locals: ScopeMap::default(),
            names: ScopeMap::default(),
            recursion: None,
            instance: {
                let made = self.frames_made.get() + 1;
                self.frames_made.set(made);
                made
            },
        }
    }

    /// A file's path as run-time error locations show it.
    fn display_path(&self, file: SourceFile) -> &'db str {
        let path = file.path(self.db);
        self.display_root
            .and_then(|root| path.strip_prefix(root))
            .unwrap_or(path)
    }

    /// The source location of an expression of a frame.
    fn loc(&mut self, frame: &Frame, expr: ExprId) -> Option<Loc> {
        let range = frame.source_map.exprs.get(expr)?.range;
        let last = u32::from(range.end())
            .saturating_sub(1)
            .max(range.start().into());
        Some(Loc {
            file: Arc::from(self.display_path(frame.file)),
            start: frame.position.line_column(range.start().into()),
            end: frame.position.line_column(last),
            inlined_from: self.inlined_from.clone(),
            prelude: hir::prelude::is_prelude_path(frame.file.path(self.db)),
        })
    }

    /// An entry point: a function taking one IR parameter per component
    /// of each parameter in the definition's type (which may be a partial
    /// application, `def main = map f`), returning the components of its
    /// result; a tuple result is several results.
    fn entry_point(&mut self, file: SourceFile, item: ItemIdx, name: &Name) -> Result<()> {
        let frame = self.frame(file, item, Vec::new(), ModCtx::default());
        let mut ty = self.mono(&frame, &frame.infer.scheme.ty.clone())?;
        let mut param_types = Vec::new();
        while let Ty::Function { param, result, .. } = ty {
            if types::has_functions(&param) {
                return error(format!("Entry point `{name}` takes a function."));
            }
            param_types.push(*param);
            ty = *result;
        }
        if types::has_functions(&ty) {
            return error(format!("Entry point `{name}` returns a function."));
        }
        let results: Vec<Ty> = match ty.tuple_elements() {
            Some(elements) => elements.into_iter().cloned().collect(),
            None => vec![ty.clone()],
        };
        let mut external_params = Vec::new();
        let mut kinds = Vec::new();
        let mut counts = Vec::new();
        let written_params = &frame.body.params;
        for (i, ty) in param_types.iter().enumerate() {
            let components = self.components(ty)?;
            let written = written_params
                .get(i)
                .and_then(|&pat| entry::param_type_name(&frame.body, pat));
            external_params.push(self.external_type(ty, written)?);
            kinds.extend(components.iter().map(|c| (c.element, c.rank, false)));
            counts.push(components.len());
        }
        // Size parameters first, as entry points have them.
        let (mut ir_params, values) = self.builder.sized_params("arg", &kinds);
        let mut values = values.into_iter();
        let args: Vec<Sv> = param_types
            .iter()
            .zip(counts)
            .map(|(ty, count)| {
                let parts = values.by_ref().take(count).map(|p| SubExp::Var(p.var));
                Sv::Dyn(ty.clone(), parts.collect())
            })
            .collect();
        ir_params.extend(
            args.iter()
                .flat_map(|a| match a {
                    Sv::Dyn(_, parts) => parts.clone(),
                    _ => Vec::new(),
                })
                .filter_map(|se| se.as_var())
                .map(|var| opt::ir::Param {
                    var,
                    ty: self.builder.type_of(SubExp::Var(var)),
                    unique: false,
                    mem: None,
                }),
        );
        let mut external_results = Vec::new();
        let written_results = entry::result_type_names(&frame.body, results.len());
        for (ty, written) in results.iter().zip(written_results) {
            external_results.push(
                entry::external_result_type(ty, written)
                    .map_err(|message| LowerError { message, loc: None })?,
            );
        }
        let func = self
            .builder
            .declare_function(name.as_str(), ir_params.clone(), Vec::new());
        let def_ty = self.mono(&frame, &frame.infer.scheme.ty.clone())?;
        let mut body = self.sub_body(|this| {
            let mut value = this.term(
                ValueTarget::Def(file, item, ModCtx::default()),
                def_ty,
                Vec::new(),
                Vec::new(),
            )?;
            this.entry_call = true;
            for arg in args {
                value = this.apply(value, arg)?;
            }
            this.entry_call = false;
            let mut parts = this.flatten(&value)?.into_iter();
            let mut returned = Vec::new();
            for ty in &results {
                let count = this.components(ty)?.len();
                let result_parts = parts.by_ref().take(count);
                if types::is_unit_only(ty) {
                    result_parts.for_each(drop);
                } else {
                    returned.extend(result_parts);
                }
            }
            Ok(returned)
        })?;
        let ret = self
            .builder
            .function_results(&ir_params, &mut body, false)
            .into_iter()
            .map(|t| (t, false))
            .collect();
        self.builder.define_function(
            func,
            Function {
                name: name.to_string(),
                params: ir_params,
                ret,
                body,
            },
        );
        let api = EntryApi {
            param_names: param_types
                .iter()
                .enumerate()
                .map(|(i, _)| {
                    written_params
                        .get(i)
                        .and_then(|&pat| entry::param_name(&frame.body, pat))
                })
                .collect(),
            params_unique: param_types.iter().map(entry::is_unique).collect(),
            results_unique: results.iter().map(entry::is_unique).collect(),
        };
        self.builder.add_entry_point(EntryPoint {
            name: name.to_string(),
            func,
            params: external_params,
            results: external_results,
            api,
        });
        Ok(())
    }

    fn external_type(&self, ty: &Ty, written: Option<String>) -> Result<opt::ir::ExternalType> {
        entry::external_type(ty, written).map_err(|message| LowerError { message, loc: None })
    }

    fn components(&self, ty: &Ty) -> Result<Vec<types::Component>> {
        types::components(ty).map_err(|message| LowerError { message, loc: None })
    }

    fn pat_type(&self, frame: &Frame, pat: PatId) -> Ty {
        frame.infer.pat_types.get(pat).cloned().unwrap_or(Ty::Error)
    }

    /// A type of `frame` made monomorphic.
    fn mono(&self, frame: &Frame, ty: &Ty) -> Result<Ty> {
        Ok(match ty {
            // A type that cannot be resolved stays as it is: it is an
            // error only if its values must be represented (an accumulator's
            // type, say, never is: its values are its array's).
            Ty::Param(name) => match frame.subst.iter().rev().find(|(n, _)| n == name) {
                Some((_, t)) => t.clone(),
                None => ty.clone(),
            },
            // An abstract type matched at the use (see `match_types`) is
            // what it was matched with, unless its arguments say more.
            Ty::Abstract(name, _, args)
                if args.is_empty()
                    && let Some((_, t)) = frame.subst.iter().rev().find(|(n, _)| n == name) =>
            {
                t.clone()
            }
            Ty::Abstract(name, liftedness, args) => {
                let mut mono_args = Vec::new();
                for arg in args {
                    mono_args.push(match arg {
                        TypeArg::Type(t) => TypeArg::Type(self.mono(frame, t)?),
                        TypeArg::Size(size) => TypeArg::Size(size.clone()),
                    });
                }
                match self.resolve_abstract(frame, name, &mono_args) {
                    Ok(resolved) => self.mono(frame, &resolved)?,
                    Err(_) => match frame.subst.iter().rev().find(|(n, _)| n == name) {
                        Some((_, t)) => t.clone(),
                        // An accumulator is represented by its array.
                        None => match &mono_args[..] {
                            [TypeArg::Type(array)]
                                if abstract_display_name(name.as_str()) == "intrinsics.acc" =>
                            {
                                array.clone()
                            }
                            _ => Ty::Abstract(name.clone(), *liftedness, mono_args),
                        },
                    },
                }
            }
            Ty::Array {
                element,
                shape,
                unique,
            } => match self.mono(frame, element)? {
                Ty::Array {
                    element: inner,
                    shape: inner_shape,
                    ..
                } => {
                    let mut shape = shape.clone();
                    shape.extend(inner_shape);
                    Ty::Array {
                        element: inner,
                        shape,
                        unique: *unique,
                    }
                }
                element => Ty::Array {
                    element: Box::new(element),
                    shape: shape.clone(),
                    unique: *unique,
                },
            },
            other => {
                let mut failure = None;
                let result = other.map_components(|t| match self.mono(frame, t) {
                    Ok(t) => t,
                    Err(e) => {
                        failure.get_or_insert(e);
                        Ty::Error
                    }
                });
                if let Some(e) = failure {
                    return Err(e);
                }
                result
            }
        })
    }

    /// The type an abstract type applied to `args` stands for: a type
    /// member of a module parameter bound in the frame's context (or of a
    /// module nested in one), or of a module ascribed a module type, seen
    /// from the frame's scope.
    fn resolve_abstract(&self, frame: &Frame, name: &Name, args: &[TypeArg]) -> Result<Ty> {
        for (param, arg, arg_ctx) in frame.ctx.0.iter().rev() {
            if let Some((path, member)) = self.abstract_member(*param, name, 0) {
                let (module, ctx) = self.member_path(*arg, arg_ctx, &path)?;
                return self.type_member(module, &ctx, &member, args);
            }
        }
        let unknown = || {
            error(format!(
                "internal error: the abstract type `{name}` is unknown"
            ))
        };
        let shown = abstract_display_name(name.as_str());
        let segments: Vec<Name> = shown.split('.').map(Name::new).collect();
        let Some((last, qualifiers)) = segments.split_last() else {
            return unknown();
        };
        let Some(module_path) = Path::new(qualifiers.to_vec()) else {
            return unknown();
        };
        match self.module_path(frame.scope(), &module_path, &frame.ctx) {
            Ok((module, ctx)) => self.type_member(module, &ctx, last, args),
            Err(_) => unknown(),
        }
    }

    /// Where in `module`'s module type the abstract type `name` is: the
    /// module specifications leading to it and its member name.
    fn abstract_member(
        &self,
        module: ModuleRef,
        name: &Name,
        depth: u32,
    ) -> Option<(Vec<Name>, Name)> {
        // Nesting is as deep as written; the bound only stops a cycle
        // through an erroneous module type.
        if depth > 8 {
            return None;
        }
        let env = module_type_env(self.db, self.file_set(), ModuleKey(module));
        if let Some((member, _)) = env
            .iter()
            .find(|(_, ty)| matches!(ty, Ty::Abstract(n, ..) if n == name))
        {
            return Some((Vec::new(), member.clone()));
        }
        let exports = self.resolver.exports(module);
        let mut inner: Vec<(&Name, &TermRef)> = exports.terms.iter().collect();
        inner.sort_by(|a, b| a.0.cmp(b.0));
        inner.into_iter().find_map(|(spec_name, term)| {
            let TermRef::Module(spec @ ModuleRef::Spec(..)) = term else {
                return None;
            };
            let (mut path, member) = self.abstract_member(*spec, name, depth + 1)?;
            path.insert(0, spec_name.clone());
            Some((path, member))
        })
    }

    /// The module reached from `module` through the submodules `path`.
    fn member_path(
        &self,
        module: ModuleRef,
        ctx: &ModCtx,
        path: &[Name],
    ) -> Result<(ModuleRef, ModCtx)> {
        let (mut module, mut ctx) = self.normalise(module, ctx)?;
        for segment in path {
            let Some(TermRef::Module(next)) =
                self.resolver.exports(module).terms.get(segment).copied()
            else {
                return error(format!("internal error: `{segment}` is not a module"));
            };
            (module, ctx) = self.normalise(next, &ctx)?;
        }
        Ok((module, ctx))
    }

    /// The type `name` that a module (normalised) defines, applied to
    /// `args`.
    fn type_member(
        &self,
        module: ModuleRef,
        ctx: &ModCtx,
        name: &Name,
        args: &[TypeArg],
    ) -> Result<Ty> {
        let (module, ctx) = self.normalise(module, ctx)?;
        match self.resolver.exports(module).types.get(name) {
            Some(TypeDefRef::Prim(prim)) => Ok(Ty::Prim(*prim)),
            Some(TypeDefRef::Def(file, item)) => {
                let ty = apply_abbreviation(
                    &type_abbreviation(self.db, self.file_set(), *file, *item),
                    args,
                );
                // The definition may itself mention abstract types of the
                // module's parameters.
                let frame = Frame {
                    subst: Rc::default(),
                    ctx,
                    ..self.frame(*file, *item, Vec::new(), ModCtx::default())
                };
                self.mono(&frame, &ty)
            }
            // A type the module has through a module type (an `open` of
            // an ascribed module): what the module type says it is.
            Some(target @ TypeDefRef::Spec(file, spec, _)) => {
                let ty = applied_member_type(self.db, self.file_set(), target, name, args);
                // A type the module type leaves abstract (an accumulator of
                // the intrinsics, say) stands for nothing more; its callers
                // keep it.
                if let Ty::Abstract(abstract_name, ..) = &ty
                    && abstract_display_name(abstract_name.as_str())
                        .rsplit('.')
                        .next()
                        == Some(name.as_str())
                {
                    return error(format!("the type `{name}` is abstract"));
                }
                let spec_item = item_tree(self.db, *file).spec(*spec).item;
                let frame = Frame {
                    subst: Rc::default(),
                    ctx,
                    ..self.frame(*file, spec_item, Vec::new(), ModCtx::default())
                };
                self.mono(&frame, &ty)
            }
            None => error(format!("internal error: no type `{name}` in the module")),
        }
    }

    /// The module (a file or module body) a module reference denotes in a
    /// context, and the context its members are lowered in.
    fn normalise(&self, module: ModuleRef, ctx: &ModCtx) -> Result<(ModuleRef, ModCtx)> {
        match module {
            ModuleRef::File(_) | ModuleRef::Struct(..) | ModuleRef::Intrinsics => {
                Ok((module, ctx.clone()))
            }
            ModuleRef::Param(..) => match ctx.lookup(module) {
                Some((arg, arg_ctx)) => self.normalise(arg, &arg_ctx),
                None => error("internal error: a module parameter is not bound"),
            },
            ModuleRef::Binding(file, item) => {
                let tree = item_tree(self.db, file);
                let ItemKind::Module(binding) = &tree.item(item).kind else {
                    return error("internal error: not a module binding");
                };
                if !binding.params.is_empty() {
                    return error("a parametric module used as a module");
                }
                let scope = Scope {
                    file,
                    item: Some(item),
                    params: None,
                };
                self.eval_module(scope, &binding.body.clone(), ctx)
            }
            ModuleRef::Spec(..) => {
                error("internal error: a module specification has no definition")
            }
        }
    }

    fn eval_module(
        &self,
        scope: Scope,
        expr: &ModExpr,
        ctx: &ModCtx,
    ) -> Result<(ModuleRef, ModCtx)> {
        match expr {
            ModExpr::Path(path) => self.module_path(scope, path, ctx),
            ModExpr::Struct(s) => Ok((ModuleRef::Struct(scope.file, *s), ctx.clone())),
            ModExpr::Ascription(inner, _) => self.eval_module(scope, inner, ctx),
            ModExpr::Import(path) => match self.resolver.import(scope.file, path) {
                Some(file) => Ok((ModuleRef::File(file), ctx.clone())),
                None => error(format!("internal error: import \"{path}\" is missing")),
            },
            ModExpr::Apply(..) => {
                let mut args = Vec::new();
                self.application_args(scope, expr, &mut args, 0)?;
                // A parametric module inside an applied one (`A.F x`) sees
                // the parameters `A` binds.
                let mut head = expr;
                while let ModExpr::Apply(functor, _) | ModExpr::Ascription(functor, _) = head {
                    head = functor;
                }
                let (file, body) = match self.resolver.eval_module(scope, expr) {
                    Some(ModuleRef::Struct(file, body)) => (file, body),
                    // The resolver finds the body by names alone; through
                    // a module type (a parametric module of an ascribed
                    // module or of a module parameter) or to a parameter
                    // it finds none: the implementation in this context.
                    _ => match self.functor_body(scope, head, ctx)? {
                        FunctorBody::Struct(file, body) => (file, body),
                        FunctorBody::Param(index, members) => {
                            let Some((arg_scope, arg)) = args.get(index) else {
                                return error(
                                    "internal error: a parametric module applied to too few arguments",
                                );
                            };
                            let (arg_module, arg_ctx) = self.eval_module(*arg_scope, arg, ctx)?;
                            return self.member_path(arg_module, &arg_ctx, &members);
                        }
                    },
                };
                let mut new_ctx = match head {
                    ModExpr::Path(path) if !path.qualifiers().is_empty() => {
                        let qualifiers = Path::new(path.qualifiers().to_vec());
                        match qualifiers {
                            Some(q) => self.module_path(scope, &q, ctx)?.1,
                            None => ctx.clone(),
                        }
                    }
                    _ => ctx.clone(),
                };
                for (index, (arg_scope, arg)) in args.iter().enumerate() {
                    let (arg_module, arg_ctx) = self.eval_module(*arg_scope, arg, ctx)?;
                    new_ctx = new_ctx.extend(
                        ModuleRef::Param(file, body, index as u32),
                        arg_module,
                        arg_ctx,
                    );
                }
                Ok((ModuleRef::Struct(file, body), new_ctx))
            }
            ModExpr::Lambda { .. } => error("a parametric module used as a module"),
            ModExpr::Missing => error("internal error: a missing module"),
        }
    }

    /// The body of the parametric module that `head` (the name in a
    /// module application) denotes in `ctx`, found through module
    /// implementations and the context's parameters.
    fn functor_body(&self, scope: Scope, head: &ModExpr, ctx: &ModCtx) -> Result<FunctorBody> {
        let ModExpr::Path(path) = head else {
            return error("internal error: a module application of a module expression");
        };
        let segments = path.segments();
        let Some((last, qualifiers)) = segments.split_last() else {
            return error("internal error: an empty module name");
        };
        let mut functor = match Path::new(qualifiers.to_vec()) {
            Some(qualifiers) => {
                let (module, _) = self.module_path(scope, &qualifiers, ctx)?;
                self.resolver.exports(module).terms.get(last).copied()
            }
            None => self.resolver.resolve_term(scope, last),
        };
        // Aliases (`module g = f`) lead to the parametric module; the bound
        // only guards against cycles.
        for _ in 0..32 {
            let Some(TermRef::Module(ModuleRef::Binding(file, item))) = functor else {
                break;
            };
            let tree = item_tree(self.db, file);
            let ItemKind::Module(binding) = &tree.item(item).kind else {
                break;
            };
            let mut body = &binding.body;
            while let ModExpr::Lambda { body: inner, .. } | ModExpr::Ascription(inner, _) = body {
                body = inner;
            }
            match body {
                ModExpr::Struct(s) => return Ok(FunctorBody::Struct(file, *s)),
                ModExpr::Path(body_path) if !binding.params.is_empty() => {
                    let body_segments = body_path.segments();
                    let index = binding
                        .params
                        .iter()
                        .position(|param| param.name.as_ref() == Some(&body_segments[0]));
                    if let Some(index) = index {
                        return Ok(FunctorBody::Param(index, body_segments[1..].to_vec()));
                    }
                    break;
                }
                ModExpr::Path(alias) => {
                    let alias_scope = Scope {
                        file,
                        item: Some(item),
                        params: None,
                    };
                    functor = self
                        .resolver
                        .resolve_term(alias_scope, &alias.segments()[0]);
                    if alias.segments().len() > 1 {
                        break;
                    }
                }
                _ => break,
            }
        }
        error(format!(
            "parametric module `{path}`: only applications of parametric modules whose \
             body is a module body or one of their parameters can be compiled"
        ))
    }

    /// The arguments of a chain of parametric module applications, in
    /// parameter order; a partial application bound to a name (`module
    /// g = f a`, then `g b`) contributes its arguments first.
    fn application_args(
        &self,
        scope: Scope,
        expr: &ModExpr,
        out: &mut Vec<(Scope, ModExpr)>,
        depth: usize,
    ) -> Result<()> {
        if depth > 32 {
            return error("parametric modules are applied too deeply");
        }
        let mut head = expr;
        let mut args = Vec::new();
        loop {
            match head {
                ModExpr::Ascription(inner, _) => head = inner,
                ModExpr::Apply(functor, arg) => {
                    args.push((scope, (**arg).clone()));
                    head = functor;
                }
                _ => break,
            }
        }
        args.reverse();
        if let ModExpr::Path(path) = head
            && let Some(ModuleRef::Binding(file, item)) =
                self.resolver.resolve_module_path(scope, path)
            && let ItemKind::Module(binding) = &item_tree(self.db, file).item(item).kind
            && binding.params.is_empty()
            && matches!(binding.body, ModExpr::Apply(..) | ModExpr::Ascription(..))
        {
            let binding_scope = Scope {
                file,
                item: Some(item),
                params: None,
            };
            self.application_args(binding_scope, &binding.body.clone(), out, depth + 1)?;
        }
        out.extend(args);
        Ok(())
    }

    /// The module a qualified module name denotes.
    fn module_path(&self, scope: Scope, path: &Path, ctx: &ModCtx) -> Result<(ModuleRef, ModCtx)> {
        let segments = path.segments();
        let Some(TermRef::Module(first)) = self.resolver.resolve_term(scope, &segments[0]) else {
            return error(format!("internal error: `{path}` is not a module"));
        };
        self.member_path(first, ctx, &segments[1..])
    }

    /// What a resolved value name denotes: `qualifiers` are the modules
    /// of a qualified name (walked from the frame's scope, through module
    /// implementations rather than their module types), `via` the module
    /// an unqualified name was found in by `M.(e)`.
    fn resolve_value(
        &self,
        frame: &Frame,
        value: ValueRef,
        qualifiers: &[Name],
        name: &Name,
        via: Option<ModuleRef>,
    ) -> Result<ValueTarget> {
        if let Some(path) = Path::new(qualifiers.to_vec()) {
            let (module, ctx) = self.module_path(frame.scope(), &path, &frame.ctx)?;
            return self.value_in(module, ctx, name);
        }
        let module = match (value, via) {
            (ValueRef::Def(file, item), None) => {
                return Ok(ValueTarget::Def(
                    file,
                    item,
                    self.opened_ctx(frame, file, item),
                ));
            }
            (_, Some(module)) | (ValueRef::Spec(_, _, module), None) => module,
        };
        let (module, ctx) = self.normalise(module, &frame.ctx)?;
        self.value_in(module, ctx, name)
    }

    /// The context of a definition named without qualification: the
    /// frame's, unless the definition is a member of a parametric module
    /// the frame's context does not instantiate, which means the name
    /// came from an `open` of an application of that module in the
    /// frame's file.
    fn opened_ctx(&self, frame: &Frame, file: SourceFile, item: ItemIdx) -> ModCtx {
        let items: Vec<ItemIdx> = item_tree(self.db, frame.file)
            .items()
            .map(|(i, _)| i)
            .collect();
        self.ctx_through_opens(frame.file, &items, &frame.ctx, file, item)
    }

    /// The context of definition `item` of `file` seen from `ctx`: `ctx`
    /// itself, unless the definition belongs to a parametric module that
    /// `ctx` does not instantiate; then the `open` (among `items` of
    /// `scope_file`) of an application of that module gives it.
    fn ctx_through_opens(
        &self,
        scope_file: SourceFile,
        items: &[ItemIdx],
        ctx: &ModCtx,
        file: SourceFile,
        item: ItemIdx,
    ) -> ModCtx {
        let tree = item_tree(self.db, file);
        let Container::Struct(body) = tree.item(item).container else {
            return ctx.clone();
        };
        if tree.struct_data(body).params.is_empty()
            || ctx.lookup(ModuleRef::Param(file, body, 0)).is_some()
        {
            return ctx.clone();
        }
        let scope_tree = item_tree(self.db, scope_file);
        let mut found = None;
        for &index in items {
            let ItemKind::Open(expr) = &scope_tree.item(index).kind else {
                continue;
            };
            let scope = Scope {
                file: scope_file,
                item: Some(index),
                params: None,
            };
            if let Ok((opened_module, opened)) = self.eval_module(scope, expr, ctx)
                && opened_module == ModuleRef::Struct(file, body)
            {
                found = Some(opened);
            }
        }
        found.unwrap_or_else(|| ctx.clone())
    }

    /// The definition of value `name` in a (normalised) module; a name a
    /// module has from a module parameter (by `open`) or a specification
    /// is looked up where it is defined.
    fn value_in(&self, mut module: ModuleRef, mut ctx: ModCtx, name: &Name) -> Result<ValueTarget> {
        for _ in 0..64 {
            if module == ModuleRef::Intrinsics {
                return Ok(ValueTarget::Intrinsic(name.clone()));
            }
            match self.resolver.exports(module).terms.get(name) {
                Some(TermRef::Value(ValueRef::Def(file, item))) => {
                    // A member the module has by opening an application.
                    let ctx = match module {
                        ModuleRef::Struct(scope_file, s) => {
                            let items = item_tree(self.db, scope_file).struct_data(s).items.clone();
                            self.ctx_through_opens(scope_file, &items, &ctx, *file, *item)
                        }
                        ModuleRef::File(scope_file) => {
                            let items = item_tree(self.db, scope_file).top_level.clone();
                            self.ctx_through_opens(scope_file, &items, &ctx, *file, *item)
                        }
                        _ => ctx,
                    };
                    return Ok(ValueTarget::Def(*file, *item, ctx));
                }
                Some(TermRef::Value(ValueRef::Spec(_, _, owner))) => {
                    (module, ctx) = self.normalise(*owner, &ctx)?;
                }
                _ => break,
            }
        }
        error(format!("internal error: `{name}` has no definition"))
    }

    /// The IR components of a static value (functions have none).
    fn flatten(&self, value: &Sv) -> Result<Vec<SubExp>> {
        match value {
            Sv::Dyn(_, parts) => Ok(parts.clone()),
            Sv::Record(_) | Sv::Closure(_) | Sv::Sum { .. } => error(
                "a function where data was expected (functions cannot be returned from branches, loops or entry points)",
            ),
        }
    }
}
