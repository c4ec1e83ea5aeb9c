//! Reverse mode: the vector-Jacobian product by a reverse sweep.
//!
//! The forward sweep emits the differentiated lambda's statements,
//! renamed, keeping every intermediate value in scope; the backward sweep
//! walks the statements in reverse and accumulates the adjoint of every
//! floating-point variable (summed with `+`, elementwise for arrays; zero
//! where absent). The cost is a small constant times the function's:
//!
//! * scalar operations and the floating-point functions by the
//!   derivatives of [`super::rules`];
//! * `Index` adds the adjoint into a slice of the array's adjoint (in
//!   place); `Update`, `Replicate`, `Rearrange`, `Reshape`, `Concat`,
//!   `Copy` and array literals by their transposes;
//! * `If`: a backward branch that recomputes the taken branch's
//!   statements and back-propagates through them;
//! * `Loop`: the forward sweep saves the loop parameters of every
//!   iteration in arrays (a tape; a `while` loop first counts its
//!   iterations), and a reverse loop restores them, recomputes the body
//!   and back-propagates through it;
//! * `Call`: a derived function `f_vjp` (made once per function, like
//!   forward mode's `f_jvp`) taking the arguments and the adjoints of the
//!   results, returning the results and the adjoints of the arguments;
//!   or the function's custom one, in the same form;
//! * SOACs: a `screma` is split into its map and one SOAC per scan and
//!   reduction. A map is reversed by a map of its lambda's reverse over
//!   the inputs and the results' adjoints; the adjoints of the lambda's
//!   free scalars and arrays are summed by reductions, except for free
//!   arrays only read element by element at the lambda's top level,
//!   whose adjoints are accumulated by a histogram. A reduction with `+`
//!   spreads the adjoint; any other operator is reversed through the
//!   exclusive scans from the left and from the right. A scan with `+` is
//!   reversed by a scan of the adjoints from the right. `hist` with `+`
//!   gathers the adjoints; `scatter` routes each destination's adjoint to
//!   the value written last to it.
//!
//! Only floating-point values carry adjoints. Integers and booleans are
//! differentiated by forward mode as upstream does (integer arithmetic,
//! tangents through `!` and conversions), which can make a float depend
//! on an integer's tangent; where that can happen the reverse sweep does
//! not apply, so that results stay those of forward mode.
//!
//! The analysis ([`analyse`]) refuses, and the whole differentiated
//! lambda falls back to the forward-mode vector-Jacobian product, when a
//! value depending on the differentiated arguments flows through: a scan
//! whose operator is not `+`, a `hist` whose operator is not `+` on
//! scalars, a `stream`, a `screma` with a post lambda, a histogram or
//! scatter that computes its indices or values (the forms fusion makes,
//! not lowering); a conversion of an integer or boolean to a float,
//! or a float made from bits; an integer result of the lambda; an error of
//! forward mode (`gamma`, `lgamma`, `//` and `%%` on floats, a function
//! still being defined), so that forward mode reports it.

use super::rules::{binop_partial, float_fn_partial};
use super::{Derivatives, Result, array_dims, product, rename_exp};
use crate::ir::build::Builder;
use crate::ir::soac::accumulated_results;
use crate::ir::traverse;
use crate::ir::{
    Body, DimIndex, Exp, ExtDim, ExtType, FuncId, Function, Lambda, LoopForm, Operation, Param,
    PatElem, ReduceOp, ScanOp, Soac, Stm, SubExp, Type, Var,
};
use prim::PrimType;
use prim::PrimValue;
use prim::{BinOp, CmpOp, FloatFn, PrimFn, UnOp};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeSet;

/// The variables that may depend on the differentiated arguments.
pub(super) struct Active(FxHashSet<Var>);

/// Whether the reverse sweep applies to `lambda` (with all its parameters
/// differentiated), and which variables are active; otherwise why not.
pub(super) fn analyse(
    builder: &Builder,
    derivatives: &Derivatives,
    lambda: &Lambda,
) -> std::result::Result<Active, String> {
    let mut analysis = Analysis {
        builder,
        derivatives,
        active: FxHashSet::default(),
        functions: FxHashSet::default(),
    };
    analysis.lambda(lambda)?;
    for &result in &lambda.body.result {
        let ty = builder.type_of(result).element();
        if analysis.is_active(result) && !ty.is_float() && ty != PrimType::Bool {
            return Err("an integer result depends on the arguments".into());
        }
    }
    Ok(Active(analysis.active))
}

struct Analysis<'b> {
    builder: &'b Builder,
    derivatives: &'b Derivatives,
    active: FxHashSet<Var>,
    functions: FxHashSet<FuncId>,
}

impl Analysis<'_> {
    fn is_active(&self, se: SubExp) -> bool {
        se.as_var().is_some_and(|v| self.active.contains(&v))
    }

    fn lambda(&mut self, lambda: &Lambda) -> std::result::Result<(), String> {
        self.active.extend(lambda.params.iter().map(|p| p.var));
        self.body(&lambda.body)
    }

    fn body(&mut self, body: &Body) -> std::result::Result<(), String> {
        body.stms.iter().try_for_each(|stm| self.stm(stm))
    }

    fn stm(&mut self, stm: &Stm) -> std::result::Result<(), String> {
        if !free_in_exp(&stm.exp)
            .iter()
            .any(|v| self.active.contains(v))
        {
            return Ok(());
        }
        let float = |se: SubExp| self.builder.type_of(se).element().is_float();
        match &stm.exp {
            Exp::Cmp(..) | Exp::Iota { .. } | Exp::Assert { .. } => {
                return Ok(());
            }
            Exp::Convert(to, a) if to.is_float() && !float(*a) => {
                return Err("a conversion of an integer to a float".into());
            }
            Exp::PrimFn(PrimFn::FromBits(_), _) => return Err("a float made from bits".into()),
            Exp::PrimFn(PrimFn::Float(FloatFn::Gamma | FloatFn::Lgamma, _), _) => {
                return Err("`gamma` or `lgamma`".into());
            }
            Exp::BinOp(BinOp::Quot | BinOp::Rem, a, _) if float(*a) => {
                return Err("`//` or `%%` on floats".into());
            }
            Exp::If {
                then_body,
                else_body,
                ..
            } => {
                self.body(then_body)?;
                self.body(else_body)?;
                // A result is active where a branch returns an active value.
                for (k, elem) in stm.pat.iter().enumerate() {
                    if self.is_active(then_body.result[k]) || self.is_active(else_body.result[k]) {
                        self.active.insert(elem.var);
                    }
                }
                return Ok(());
            }
            Exp::Loop { params, body, .. } => {
                // A parameter is active where its initial value is, or
                // the body's result for it is: to a fixed point.
                loop {
                    for (p, init) in params {
                        if self.is_active(*init) {
                            self.active.insert(p.var);
                        }
                    }
                    self.body(body)?;
                    let mut changed = false;
                    for ((p, _), &result) in params.iter().zip(&body.result) {
                        if self.is_active(result) && self.active.insert(p.var) {
                            changed = true;
                        }
                    }
                    if !changed {
                        break;
                    }
                }
                for ((p, _), elem) in params.iter().zip(&stm.pat) {
                    if self.active.contains(&p.var) {
                        self.active.insert(elem.var);
                    }
                }
                return Ok(());
            }
            Exp::Call { func, .. } => self.function(*func)?,
            Exp::Op(soac) => self.soac(soac)?,
            _ => {}
        }
        self.active.extend(stm.pat.iter().map(|e| e.var));
        Ok(())
    }

    fn function(&mut self, func: FuncId) -> std::result::Result<(), String> {
        // A custom derivative stands for the body, whatever it holds.
        if !self.functions.insert(func) || self.derivatives.has_custom_vjp(func) {
            return Ok(());
        }
        let function = self
            .builder
            .function(func)
            .ok_or("a function still being defined")?;
        self.active.extend(function.params.iter().map(|p| p.var));
        self.body(&function.body)
    }

    fn soac(&mut self, soac: &Soac) -> std::result::Result<(), String> {
        match soac {
            Soac::Screma { scans, .. }
                if scans.iter().any(|s| !is_plus(self.builder, &s.lambda)) =>
            {
                return Err("a scan whose operator is not `+`".into());
            }
            Soac::Screma { post: Some(_), .. } => {
                return Err("a screma with a post lambda".into());
            }
            Soac::Hist { ops, .. } if ops.len() != 1 || soac.plain_inputs().is_none() => {
                return Err("a histogram that computes its indices or values".into());
            }
            Soac::Hist { ops, .. } if !is_plus(self.builder, &ops[0].op) => {
                return Err("a histogram whose operator is not `+`".into());
            }
            Soac::Scatter { dests, .. }
                if dests.iter().any(|d| d.writes != 1) || soac.plain_inputs().is_none() =>
            {
                return Err("a scatter that computes its indices or values".into());
            }
            Soac::Stream { .. } => return Err("a stream".into()),
            Soac::Accumulate { .. } => return Err("an accumulation".into()),
            _ => {}
        }
        if let Soac::Screma {
            arrays,
            map,
            scans,
            reduces,
            ..
        } = soac
        {
            // A row is active where its array is.
            for (p, &array) in map.params.iter().zip(arrays) {
                if self.active.contains(&array) {
                    self.active.insert(p.var);
                }
            }
            self.body(&map.body)?;
            for lambda in scans.iter().map(|s| &s.lambda) {
                self.lambda(lambda)?;
            }
            for lambda in reduces.iter().map(|r| &r.lambda) {
                self.lambda(lambda)?;
            }
            return Ok(());
        }
        for lambda in soac.lambdas() {
            self.lambda(lambda)?;
        }
        Ok(())
    }
}

/// Whether an operator on `k` components is `+` on floats, componentwise,
/// or elementwise on arrays of floats (`map2 (+)`, nested to any depth),
/// directly or through calls of functions that are. Other statements of
/// the body (`map2`'s size checks) cannot change the sum.
fn is_plus(builder: &Builder, op: &Lambda) -> bool {
    adds_params(builder, &op.params, &op.body, 0)
}

/// Whether `body` returns, for each `i < k`, the sum of parameters `i` and
/// `k + i` (`depth` counts the calls followed, to stop at recursion).
fn adds_params(builder: &Builder, params: &[Param], body: &Body, depth: usize) -> bool {
    const MAX_CALLS_FOLLOWED: usize = 8;
    // Variables that are other variables under another name: results of
    // calls returning their arguments unchanged (`zip` checks sizes and
    // returns its arguments).
    let mut same: FxHashMap<Var, Var> = FxHashMap::default();
    for stm in &body.stms {
        let Exp::Call { func, args } = &stm.exp else {
            continue;
        };
        let Some(f) = builder.function(*func) else {
            continue;
        };
        for (elem, result) in stm.pat.iter().zip(&f.body.result) {
            let param = f.params.iter().position(|p| SubExp::Var(p.var) == *result);
            if let Some(SubExp::Var(arg)) = param.and_then(|j| args.get(j)) {
                let arg = same.get(arg).copied().unwrap_or(*arg);
                same.insert(elem.var, arg);
            }
        }
    }
    let original = |se: SubExp| match se {
        SubExp::Var(v) => SubExp::Var(same.get(&v).copied().unwrap_or(v)),
        constant => constant,
    };
    let k = params.len() / 2;
    params.len() == 2 * k
        && body.result.len() == k
        && body.result.iter().enumerate().all(|(i, &result)| {
            let (x, y) = (SubExp::Var(params[i].var), SubExp::Var(params[k + i].var));
            let operands = |args: &[SubExp]| {
                let args: Vec<SubExp> = args.iter().map(|&a| original(a)).collect();
                args == [x, y] || args == [y, x]
            };
            body.stms.iter().any(|stm| {
                let [elem] = &stm.pat[..] else { return false };
                SubExp::Var(elem.var) == result
                    && elem.ty.element().is_float()
                    && match &stm.exp {
                        Exp::BinOp(BinOp::Add, a, b) => elem.ty.rank() == 0 && operands(&[*a, *b]),
                        Exp::Call { func, args } => {
                            depth < MAX_CALLS_FOLLOWED
                                && operands(args)
                                && builder.function(*func).is_some_and(|f| {
                                    adds_params(builder, &f.params, &f.body, depth + 1)
                                })
                        }
                        Exp::Op(Soac::Screma {
                            arrays,
                            map,
                            scans,
                            reduces,
                            post: None,
                            ..
                        }) => {
                            let arrays: Vec<SubExp> =
                                arrays.iter().map(|&a| SubExp::Var(a)).collect();
                            scans.is_empty()
                                && reduces.is_empty()
                                && operands(&arrays)
                                && adds_params(builder, &map.params, &map.body, depth)
                        }
                        _ => false,
                    }
            })
        })
}

/// Whether a `screma` is a map, or a single scan or reduction of its
/// inputs: the forms the backward sweep reverses.
fn is_split(map: &Lambda, scans: &[ScanOp], reduces: &[ReduceOp]) -> bool {
    scans.len() + reduces.len() == 0
        || (scans.len() + reduces.len() == 1 && map.is_identity() && {
            let n = accumulated_results(scans, reduces);
            n == map.ret.len()
        })
}

/// How an expression reads a variable.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Use {
    /// Its value.
    Read,
    /// Elements or slices of it (`Index`).
    Element,
    /// Its shape (`ArraySize`).
    Shape,
}

/// Calls `f` on every variable `exp` reads, nested code included.
fn uses(exp: &Exp, f: &mut dyn FnMut(Var, Use)) {
    match exp {
        Exp::Index { array, slice } => {
            f(*array, Use::Element);
            for se in slice.iter().flat_map(DimIndex::operands) {
                if let SubExp::Var(v) = se {
                    f(v, Use::Read);
                }
            }
        }
        _ => exp.for_each_operand_var(&mut |v| f(v, Use::Read)),
    }
    // Sizes in types read only shapes.
    exp.for_each_type_dim(&mut |se| {
        if let SubExp::Var(v) = se {
            f(v, Use::Shape)
        }
    });
    for body in exp.nested_bodies() {
        body_uses(body, f);
    }
}

fn body_uses(body: &Body, f: &mut dyn FnMut(Var, Use)) {
    for stm in &body.stms {
        uses(&stm.exp, f);
    }
    for result in &body.result {
        if let SubExp::Var(v) = result {
            f(*v, Use::Read);
        }
    }
}

/// The variables an expression reads that it does not bind, in order.
fn free_in_exp(exp: &Exp) -> BTreeSet<Var> {
    traverse::free_in_exp(exp).into_iter().collect()
}

/// The variables a body reads that neither it nor `params` bind, in
/// order.
fn free_in_body(body: &Body, params: &[Var]) -> BTreeSet<Var> {
    let mut free: BTreeSet<Var> = traverse::free_in_body(body).into_iter().collect();
    for p in params {
        free.remove(p);
    }
    free
}

/// The variables bound by `body`'s statements or among `params` that the
/// body may consume in place: those whose value it reads once at most
/// (elements and shapes aside), so that nothing needs the value after
/// the consuming operation.
fn consumable_in(body: &Body, params: &[Var]) -> FxHashSet<Var> {
    let mut reads: FxHashMap<Var, usize> = FxHashMap::default();
    body_uses(body, &mut |v, how| {
        if how == Use::Read {
            *reads.entry(v).or_default() += 1;
        }
    });
    params
        .iter()
        .copied()
        .chain(body.stms.iter().flat_map(|s| s.pat.iter().map(|e| e.var)))
        .filter(|v| reads.get(v).copied().unwrap_or(0) <= 1)
        .collect()
}

/// The adjoint of a variable, and whether it may be updated in place
/// (nothing else refers to it).
#[derive(Clone, Copy)]
struct Adjoint {
    value: SubExp,
    owned: bool,
}

/// The state of the sweep that belongs to one body.
struct Scope {
    adjoints: FxHashMap<Var, Adjoint>,
    dims: FxHashMap<Var, Vec<SubExp>>,
    consumable: FxHashSet<Var>,
    histograms: FxHashMap<Var, Vec<(SubExp, SubExp)>>,
}

/// Emits `lambda` applied to `args` and the vector-Jacobian product of
/// the cotangents (one per result) by a reverse sweep; `active` comes
/// from [`analyse`]. Returns the results and one adjoint per argument.
pub(super) fn vjp(
    builder: &mut Builder,
    derivatives: &mut Derivatives,
    active: Active,
    lambda: &Lambda,
    args: &[SubExp],
    cotangents: &[SubExp],
) -> Result<(Vec<SubExp>, Vec<SubExp>)> {
    let mut sweep = Reverse {
        b: builder,
        derivatives,
        active: active.0,
        rename: FxHashMap::default(),
        adjoints: FxHashMap::default(),
        dims: FxHashMap::default(),
        consumable: consumable_in(&lambda.body, &[]),
        histograms: FxHashMap::default(),
        tapes: FxHashMap::default(),
        splits: FxHashMap::default(),
    };
    for (param, &arg) in lambda.params.iter().zip(args) {
        let var = sweep.b.bind1("arg", Exp::SubExp(arg));
        sweep.rename.insert(param.var, var);
    }
    sweep.forward_stms(&lambda.body.stms)?;
    let results = sweep.ses(&lambda.body.result);
    for (&result, &cotangent) in lambda.body.result.iter().zip(cotangents) {
        sweep.add_se(result, cotangent, false);
    }
    sweep.backward_stms(&lambda.body.stms)?;
    let adjoints = lambda
        .params
        .iter()
        .map(|p| sweep.adjoint_or_zero(p.var))
        .collect();
    Ok((results, adjoints))
}

/// What the forward sweep of a loop left for its backward sweep.
struct Tape {
    /// The number of iterations, an `i64`.
    count: SubExp,
    /// Per loop parameter, its values before each iteration.
    values: Vec<Var>,
}

struct Reverse<'a> {
    b: &'a mut Builder,
    derivatives: &'a mut Derivatives,
    active: FxHashSet<Var>,
    /// The names the forward sweep gave the differentiated code's
    /// variables (its own names where absent).
    rename: FxHashMap<Var, Var>,
    /// Adjoints by the differentiated code's names.
    adjoints: FxHashMap<Var, Adjoint>,
    /// The shapes of arrays that are consumed, taken before.
    dims: FxHashMap<Var, Vec<SubExp>>,
    /// What the body being emitted may consume in place.
    consumable: FxHashSet<Var>,
    /// Free arrays of the map lambda being reversed whose adjoints are
    /// accumulated by a histogram: the (flat index, adjoint) pairs.
    histograms: FxHashMap<Var, Vec<(SubExp, SubExp)>>,
    /// The tapes of the loops of the forward sweep, by statement.
    tapes: FxHashMap<*const Stm, Tape>,
    /// The statements a `screma` was split into, by statement.
    splits: FxHashMap<*const Stm, Vec<Stm>>,
}

impl Reverse<'_> {
    fn var(&self, var: Var) -> Var {
        self.rename.get(&var).copied().unwrap_or(var)
    }

    fn se(&self, se: SubExp) -> SubExp {
        match se {
            SubExp::Var(var) => SubExp::Var(self.var(var)),
            constant => constant,
        }
    }

    fn ses(&self, ses: &[SubExp]) -> Vec<SubExp> {
        ses.iter().map(|&se| self.se(se)).collect()
    }

    /// The type of a variable of the differentiated code, as renamed.
    fn type_of(&self, var: Var) -> Type {
        self.b.type_of(SubExp::Var(self.var(var)))
    }

    /// A type of the differentiated code with its sizes renamed.
    fn ty(&self, ty: &Type) -> Type {
        ty.map_dims(|&d| self.se(d))
    }

    fn ext_ty(&self, ty: &ExtType) -> ExtType {
        ty.map_dims(|&d| match d {
            ExtDim::Free(se) => ExtDim::Free(self.se(se)),
            ext => ext,
        })
    }

    fn bind(&mut self, exp: Exp) -> SubExp {
        SubExp::Var(self.b.bind1("adj", exp))
    }

    fn bind_var(&mut self, exp: Exp) -> Var {
        self.b.bind1("adj", exp)
    }

    /// Whether a variable of the differentiated code carries an adjoint.
    fn tracked(&self, var: Var) -> bool {
        self.active.contains(&var) && self.type_of(var).element().is_float()
    }

    fn enter(&mut self, consumable: FxHashSet<Var>) -> Scope {
        self.b.push_scope();
        Scope {
            adjoints: std::mem::take(&mut self.adjoints),
            dims: self.dims.clone(),
            consumable: std::mem::replace(&mut self.consumable, consumable),
            histograms: std::mem::take(&mut self.histograms),
        }
    }

    fn leave(&mut self, scope: Scope, result: Vec<SubExp>) -> Body {
        self.adjoints = scope.adjoints;
        self.dims = scope.dims;
        self.consumable = scope.consumable;
        self.histograms = scope.histograms;
        self.b.pop_scope(result)
    }

    // ---- Adjoints ----

    fn adjoint(&self, var: Var) -> Option<SubExp> {
        self.adjoints.get(&var).map(|a| a.value)
    }

    /// The shape of an array of the differentiated code.
    fn dims(&mut self, var: Var) -> Vec<SubExp> {
        if let Some(dims) = self.dims.get(&var) {
            return dims.clone();
        }
        let renamed = self.var(var);
        array_dims(self.b, renamed)
    }

    /// A zero of the type and shape of a variable of the differentiated
    /// code.
    fn zero_of(&mut self, var: Var) -> SubExp {
        let ty = self.type_of(var);
        let zero = SubExp::Const(PrimValue::zero(ty.element()));
        if ty.rank() == 0 {
            return zero;
        }
        let shape = self.dims(var);
        self.bind(Exp::Replicate { shape, value: zero })
    }

    fn adjoint_or_zero(&mut self, var: Var) -> SubExp {
        match self.adjoint(var) {
            Some(adjoint) if self.tracked(var) => adjoint,
            _ => self.zero_of(var),
        }
    }

    /// Adds `contribution` to the adjoint of `var` (nothing unless it is
    /// tracked); `fresh` when nothing else refers to the contribution.
    fn add_adjoint(&mut self, var: Var, contribution: SubExp, fresh: bool) {
        if !self.tracked(var) {
            return;
        }
        let adjoint = match self.adjoints.remove(&var) {
            None => Adjoint {
                value: contribution,
                owned: fresh,
            },
            Some(old) => Adjoint {
                value: self.add_values(old.value, contribution),
                owned: true,
            },
        };
        self.adjoints.insert(var, adjoint);
    }

    fn add_se(&mut self, se: SubExp, contribution: SubExp, fresh: bool) {
        if let SubExp::Var(var) = se {
            self.add_adjoint(var, contribution, fresh);
        }
    }

    /// The adjoint of an array, to be updated in place: the adjoint
    /// itself when nothing else refers to it, else a copy, else zeros.
    fn owned_adjoint(&mut self, var: Var) -> Var {
        match self.adjoints.remove(&var) {
            Some(Adjoint {
                value: SubExp::Var(v),
                owned: true,
            }) => v,
            Some(Adjoint {
                value: SubExp::Var(v),
                owned: false,
            }) => self.bind_var(Exp::Copy(v)),
            _ => {
                let zero = self.zero_of(var);
                zero.as_var().unwrap_or(var)
            }
        }
    }

    /// `a + b`, elementwise for arrays.
    fn add_values(&mut self, a: SubExp, b: SubExp) -> SubExp {
        let ty = self.b.type_of(a);
        let (&Type::Array { element, .. }, Some(x), Some(y)) = (&ty, a.as_var(), b.as_var()) else {
            return self.bind(Exp::BinOp(BinOp::Add, a, b));
        };
        let rank = ty.rank();
        let dims = array_dims(self.b, x);
        let (x, y, count) = if rank == 1 {
            let y = self
                .b
                .coerce(SubExp::Var(y), &dims, "Adjoints of different shapes");
            (x, y.as_var().unwrap_or(x), dims[0])
        } else {
            let count = product(self.b, &dims);
            let flat = |this: &mut Self, array| {
                this.bind_var(Exp::Reshape {
                    shape: vec![count],
                    array,
                })
            };
            (flat(self, x), flat(self, y), count)
        };
        let add = add_operator(self.b, Type::Prim(element));
        let sum = self.bind_var(Exp::Op(Soac::Screma {
            width: count,
            arrays: vec![x, y],
            map: add,
            scans: Vec::new(),
            reduces: Vec::new(),
            post: None,
        }));
        if rank == 1 {
            SubExp::Var(sum)
        } else {
            self.bind(Exp::Reshape {
                shape: dims,
                array: sum,
            })
        }
    }

    /// Adds `contribution` into the slice `slice` (renamed) of the adjoint
    /// of `array`, in place.
    fn add_to_slice(&mut self, array: Var, slice: Vec<DimIndex>, contribution: SubExp) {
        if !self.tracked(array) {
            return;
        }
        let target = self.owned_adjoint(array);
        let old = self.bind(Exp::Index {
            array: target,
            slice: slice.clone(),
        });
        let new = self.add_values(old, contribution);
        let updated = self.bind(Exp::Update {
            array: target,
            slice,
            value: new,
        });
        self.adjoints.insert(
            array,
            Adjoint {
                value: updated,
                owned: true,
            },
        );
    }

    /// The sum of the rows of `array` (`count` of them, of type `row`;
    /// `row_dims` the shape of a row).
    fn sum_rows(&mut self, array: Var, count: SubExp) -> SubExp {
        let row = self
            .b
            .type_of(SubExp::Var(array))
            .row()
            .expect("summed rows of an array");
        let row_dims = row.shape().to_vec();
        let zero = SubExp::Const(PrimValue::zero(row.element()));
        let neutral = if row.rank() == 0 {
            zero
        } else {
            self.bind(Exp::Replicate {
                shape: row_dims,
                value: zero,
            })
        };
        let identity = self
            .b
            .lambda(std::slice::from_ref(&row), |_, p| vec![SubExp::Var(p[0])]);
        let op = add_operator(self.b, row);
        self.bind(Exp::Op(Soac::Screma {
            width: count,
            arrays: vec![array],
            map: identity,
            scans: Vec::new(),
            reduces: vec![ReduceOp {
                lambda: op,
                neutral: vec![neutral],
                commutative: true,
            }],
            post: None,
        }))
    }

    // ---- The forward sweep ----

    fn forward_stms(&mut self, stms: &[Stm]) -> Result<()> {
        for stm in stms {
            let saved = self.b.set_loc(stm.loc.clone());
            let result = self.forward_stm(stm);
            self.b.set_loc(saved);
            result?;
        }
        Ok(())
    }

    fn is_active(&self, stm: &Stm) -> bool {
        stm.pat.iter().any(|e| self.active.contains(&e.var))
    }

    fn forward_stm(&mut self, stm: &Stm) -> Result<()> {
        if !self.is_active(stm) {
            self.copy_stm(stm);
            return Ok(());
        }
        match &stm.exp {
            Exp::Loop { params, form, body } => {
                self.forward_loop(stm, params, form, body);
                Ok(())
            }
            Exp::Op(Soac::Screma {
                width,
                arrays,
                map,
                scans,
                reduces,
                post: None,
            }) if !is_split(map, scans, reduces) => {
                let split = self.split_screma(stm, *width, arrays, map, scans, reduces);
                self.forward_stms(&split)?;
                self.splits.insert(stm as *const Stm, split);
                Ok(())
            }
            Exp::Call { func, args } => {
                // The backward sweep calls the derived function with the
                // same arguments, so the call must not consume them.
                let params = self.b.function(*func).map(|f| f.params.clone());
                let args = args
                    .iter()
                    .enumerate()
                    .map(|(i, &arg)| {
                        let unique = params.as_ref().is_some_and(|p| p[i].unique);
                        match (unique, arg) {
                            (true, SubExp::Var(v)) => {
                                let renamed = self.var(v);
                                if self.b.type_of(SubExp::Var(renamed)).rank() > 0 {
                                    return self.bind(Exp::Copy(renamed));
                                }
                                SubExp::Var(renamed)
                            }
                            _ => self.se(arg),
                        }
                    })
                    .collect();
                let pat = self.pattern(&stm.pat);
                self.b.add_stm(Stm {
                    pat,
                    exp: Exp::Call { func: *func, args },
                    loc: stm.loc.clone(),
                    attrs: stm.attrs.clone(),
                });
                Ok(())
            }
            _ => {
                self.copy_stm(stm);
                Ok(())
            }
        }
    }

    /// A fresh name for a variable of the differentiated code, of its
    /// type renamed (which may name variables renamed before it).
    fn fresh(&mut self, var: Var) -> Var {
        let ty = self.ty(&self.b.type_of(SubExp::Var(var)));
        let name = self.b.var_name(var).to_owned();
        let new = self.b.new_var(&name, ty);
        self.rename.insert(var, new);
        new
    }

    fn pattern(&mut self, pat: &[PatElem]) -> Vec<PatElem> {
        let vars: Vec<Var> = pat.iter().map(|e| self.fresh(e.var)).collect();
        vars.into_iter()
            .zip(pat)
            .map(|(var, e)| {
                let ty = self.ty(&e.ty);
                self.b.set_var_type(var, ty.clone());
                PatElem { var, ty, mem: None }
            })
            .collect()
    }

    fn fresh_param(&mut self, p: &Param) -> Param {
        let var = self.fresh(p.var);
        Param {
            var,
            ty: self.ty(&p.ty),
            unique: p.unique,
            mem: None,
        }
    }

    /// The renamed array for an operation consuming `array`: a copy
    /// unless the body being emitted may consume it. Its shape is kept
    /// for the backward sweep.
    fn consume(&mut self, array: Var) -> Var {
        if self.tracked(array) && !self.dims.contains_key(&array) {
            let dims = self.dims(array);
            self.dims.insert(array, dims);
        }
        let renamed = self.var(array);
        if self.consumable.contains(&array) {
            renamed
        } else {
            self.bind_var(Exp::Copy(renamed))
        }
    }

    /// Emits a statement renamed, nested code included.
    fn copy_stm(&mut self, stm: &Stm) {
        let exp = self.copy_exp(&stm.exp);
        let pat = self.pattern(&stm.pat);
        self.b.add_stm(Stm {
            pat,
            exp,
            loc: stm.loc.clone(),
            attrs: stm.attrs.clone(),
        });
    }

    fn copy_body(&mut self, body: &Body, params: &[Var]) -> Body {
        let scope = self.enter(consumable_in(body, params));
        for stm in &body.stms {
            let saved = self.b.set_loc(stm.loc.clone());
            self.copy_stm(stm);
            self.b.set_loc(saved);
        }
        let result = self.ses(&body.result);
        self.leave(scope, result)
    }

    fn copy_lambda(&mut self, lambda: &Lambda) -> Lambda {
        let params: Vec<Param> = lambda.params.iter().map(|p| self.fresh_param(p)).collect();
        let originals: Vec<Var> = lambda.params.iter().map(|p| p.var).collect();
        let body = self.copy_body(&lambda.body, &originals);
        Lambda {
            params,
            body,
            ret: lambda.ret.iter().map(|t| self.ty(t)).collect(),
        }
    }

    fn copy_exp(&mut self, exp: &Exp) -> Exp {
        match exp {
            Exp::If {
                condition,
                then_body,
                else_body,
                ret,
            } => Exp::If {
                condition: self.se(*condition),
                then_body: self.copy_body(then_body, &[]),
                else_body: self.copy_body(else_body, &[]),
                ret: ret.iter().map(|t| self.ext_ty(t)).collect(),
            },
            Exp::Loop { params, form, body } => {
                let params: Vec<(Param, SubExp)> = params
                    .iter()
                    .map(|(p, init)| {
                        let init = match init {
                            SubExp::Var(v) if p.unique && p.ty.rank() > 0 => {
                                SubExp::Var(self.consume(*v))
                            }
                            _ => self.se(*init),
                        };
                        (p.clone(), init)
                    })
                    .collect();
                let mut bound: Vec<Var> = params.iter().map(|(p, _)| p.var).collect();
                let new_params = params
                    .iter()
                    .map(|(p, init)| (self.fresh_param(p), *init))
                    .collect();
                let form = match *form {
                    LoopForm::For { var, bound: limit } => {
                        bound.push(var);
                        LoopForm::For {
                            bound: self.se(limit),
                            var: self.fresh(var),
                        }
                    }
                    LoopForm::While { condition } => LoopForm::While {
                        condition: self.var(condition),
                    },
                };
                Exp::Loop {
                    params: new_params,
                    form,
                    body: self.copy_body(body, &bound),
                }
            }
            Exp::Update { array, .. } => {
                let Exp::Update { slice, value, .. } = rename_exp(exp, &self.rename) else {
                    unreachable!("renaming keeps the expression's form")
                };
                Exp::Update {
                    array: self.consume(*array),
                    slice,
                    value,
                }
            }
            Exp::Call { func, args } => {
                let params = self.b.function(*func).map(|f| f.params.clone());
                let args = args
                    .iter()
                    .enumerate()
                    .map(|(i, &arg)| match arg {
                        SubExp::Var(v)
                            if params.as_ref().is_some_and(|p| p[i].unique)
                                && self.type_of(v).rank() > 0 =>
                        {
                            SubExp::Var(self.consume(v))
                        }
                        _ => self.se(arg),
                    })
                    .collect();
                Exp::Call { func: *func, args }
            }
            Exp::Op(soac) => Exp::Op(self.copy_soac(soac)),
            _ => rename_exp(exp, &self.rename),
        }
    }

    fn copy_soac(&mut self, soac: &Soac) -> Soac {
        let mut copy = soac.clone();
        copy.map_operands(&mut |se| *se = self.se(*se));
        let originals = Operation::consumed(soac);
        match &mut copy {
            Soac::Hist { ops, .. } => {
                let dests = ops.iter_mut().flat_map(|op| op.dests.iter_mut());
                for (dest, &original) in dests.zip(&originals) {
                    *dest = self.consume(original);
                }
            }
            Soac::Scatter { dests, .. } => {
                for (dest, &original) in dests.iter_mut().zip(&originals) {
                    dest.array = self.consume(original);
                }
            }
            _ => {}
        }
        for lambda in copy.lambdas_mut() {
            *lambda = self.copy_lambda(lambda);
        }
        copy
    }

    /// A new variable of the differentiated code, active.
    fn new_active(&mut self, name: &str, ty: Type) -> Var {
        let var = self.b.new_var(name, ty);
        self.active.insert(var);
        var
    }

    /// A `screma` with scans or reductions as statements of the
    /// differentiated code: its map, then one SOAC per scan and reduction
    /// (with the identity map), then the mapped results.
    fn split_screma(
        &mut self,
        stm: &Stm,
        width: SubExp,
        arrays: &[Var],
        map: &Lambda,
        scans: &[ScanOp],
        reduces: &[ReduceOp],
    ) -> Vec<Stm> {
        let mut stms = Vec::new();
        let inputs: Vec<Var> = if map.is_identity() {
            arrays.to_vec()
        } else {
            let mapped: Vec<PatElem> = map
                .ret
                .iter()
                .map(|ty| PatElem {
                    var: self.new_active("mapped", ty.array_of(width)),
                    ty: ty.array_of(width),
                    mem: None,
                })
                .collect();
            let vars = mapped.iter().map(|e| e.var).collect();
            stms.push(Stm {
                pat: mapped,
                exp: Exp::Op(Soac::Screma {
                    width,
                    arrays: arrays.to_vec(),
                    map: map.clone(),
                    scans: Vec::new(),
                    reduces: Vec::new(),
                    post: None,
                }),
                loc: stm.loc.clone(),
                attrs: stm.attrs.clone(),
            });
            vars
        };
        let mut next = 0;
        let mut pat = stm.pat.iter().cloned();
        let identity = |this: &mut Self, n: usize, next: usize| {
            let types: Vec<Type> = map.ret[next..next + n].to_vec();
            let params: Vec<Param> = types
                .iter()
                .map(|ty| Param {
                    var: this.new_active("x", ty.clone()),
                    ty: ty.clone(),
                    unique: false,
                    mem: None,
                })
                .collect();
            let result = params.iter().map(|p| SubExp::Var(p.var)).collect();
            Lambda {
                params,
                body: Body {
                    stms: Vec::new(),
                    result,
                },
                ret: types,
            }
        };
        for scan in scans {
            let n = scan.neutral.len();
            stms.push(Stm {
                pat: pat.by_ref().take(n).collect(),
                exp: Exp::Op(Soac::Screma {
                    width,
                    arrays: inputs[next..next + n].to_vec(),
                    map: identity(self, n, next),
                    scans: vec![scan.clone()],
                    reduces: Vec::new(),
                    post: None,
                }),
                loc: stm.loc.clone(),
                attrs: stm.attrs.clone(),
            });
            next += n;
        }
        for reduce in reduces {
            let n = reduce.neutral.len();
            stms.push(Stm {
                pat: pat.by_ref().take(n).collect(),
                exp: Exp::Op(Soac::Screma {
                    width,
                    arrays: inputs[next..next + n].to_vec(),
                    map: identity(self, n, next),
                    scans: Vec::new(),
                    reduces: vec![reduce.clone()],
                    post: None,
                }),
                loc: stm.loc.clone(),
                attrs: stm.attrs.clone(),
            });
            next += n;
        }
        for (elem, &input) in pat.zip(&inputs[next..]) {
            stms.push(Stm {
                pat: vec![elem],
                exp: Exp::SubExp(SubExp::Var(input)),
                loc: stm.loc.clone(),
                attrs: stm.attrs.clone(),
            });
        }
        stms
    }

    /// Emits a loop that also saves its parameters before each iteration.
    fn forward_loop(
        &mut self,
        stm: &Stm,
        params: &[(Param, SubExp)],
        form: &LoopForm,
        body: &Body,
    ) {
        let param_vars: Vec<Var> = params.iter().map(|(p, _)| p.var).collect();
        let count = match *form {
            LoopForm::For { bound, .. } => {
                let bound = self.se(bound);
                let bound = if self.b.type_of(bound).element() == PrimType::I64 {
                    bound
                } else {
                    self.bind(Exp::Convert(PrimType::I64, bound))
                };
                self.bind(Exp::BinOp(BinOp::Max, bound, SubExp::i64(0)))
            }
            LoopForm::While { condition } => self.count_iterations(params, condition, body),
        };
        let mut loop_params = Vec::new();
        let mut tape_params = Vec::new();
        for (p, init) in params {
            let value = self.se(*init);
            // The initial value in every row: the tape's rows have its shape.
            let tape = self.bind(Exp::Replicate {
                shape: vec![count],
                value,
            });
            let tape_type = self.b.type_of(tape);
            let tape_param = self.b.param("tape", tape_type, true);
            tape_params.push((tape_param, tape));
            let init = match *init {
                SubExp::Var(v) if p.unique && p.ty.rank() > 0 => SubExp::Var(self.consume(v)),
                init => self.se(init),
            };
            loop_params.push((self.fresh_param(p), init));
        }
        let counter = self.b.new_var("i", Type::i64());
        let mut bound = param_vars.clone();
        let scope = self.enter(FxHashSet::default());
        if let LoopForm::For { var, .. } = *form {
            bound.push(var);
            let ty = self.type_of(var).element();
            let value = if ty == PrimType::I64 {
                SubExp::Var(counter)
            } else {
                self.bind(Exp::Convert(ty, SubExp::Var(counter)))
            };
            let renamed = self.b.bind1("i", Exp::SubExp(value));
            self.rename.insert(var, renamed);
        }
        self.consumable = consumable_in(body, &bound);
        let mut saved = Vec::new();
        for ((tape, _), (p, _)) in tape_params.iter().zip(&loop_params) {
            // A parameter whose shape changes cannot be taped.
            let row = tape.ty.row().expect("a tape is an array");
            let value = self.b.coerce(
                SubExp::Var(p.var),
                row.shape(),
                "Cannot differentiate a loop whose parameter changes shape",
            );
            saved.push(self.bind(Exp::Update {
                array: tape.var,
                slice: vec![DimIndex::Fix(SubExp::Var(counter))],
                value,
            }));
        }
        for stm in &body.stms {
            let loc = self.b.set_loc(stm.loc.clone());
            self.copy_stm(stm);
            self.b.set_loc(loc);
        }
        let mut result = self.ses(&body.result);
        result.extend(saved);
        let new_body = self.leave(scope, result);
        let mut pat = self.pattern(&stm.pat);
        let mut tapes = Vec::new();
        for (tape, _) in &tape_params {
            let var = self.b.new_var("tape", tape.ty.clone());
            tapes.push(var);
            pat.push(PatElem {
                var,
                ty: tape.ty.clone(),
                mem: None,
            });
        }
        loop_params.extend(tape_params);
        self.b.add_stm(Stm {
            pat,
            exp: Exp::Loop {
                params: loop_params,
                form: LoopForm::For {
                    var: counter,
                    bound: count,
                },
                body: new_body,
            },
            loc: stm.loc.clone(),
            attrs: stm.attrs.clone(),
        });
        self.tapes.insert(
            stm as *const Stm,
            Tape {
                count,
                values: tapes,
            },
        );
    }

    /// The number of iterations of a `while` loop, by running a copy of
    /// it that counts them (and consumes nothing).
    fn count_iterations(
        &mut self,
        params: &[(Param, SubExp)],
        condition: Var,
        body: &Body,
    ) -> SubExp {
        let param_vars: Vec<Var> = params.iter().map(|(p, _)| p.var).collect();
        let mut loop_params: Vec<(Param, SubExp)> = params
            .iter()
            .map(|(p, init)| {
                let init = self.se(*init);
                let init = match init {
                    SubExp::Var(v) if p.unique && p.ty.rank() > 0 => self.bind(Exp::Copy(v)),
                    init => init,
                };
                (self.fresh_param(p), init)
            })
            .collect();
        let counter = self.b.param("count", Type::i64(), false);
        let condition = self.var(condition);
        let mut body = self.copy_body(body, &param_vars);
        self.b.push_scope();
        let next = self.bind(Exp::BinOp(
            BinOp::Add,
            SubExp::Var(counter.var),
            SubExp::i64(1),
        ));
        let increment = self.b.pop_scope(Vec::new());
        body.stms.extend(increment.stms);
        body.result.push(next);
        loop_params.push((counter, SubExp::i64(0)));
        let types: Vec<Type> = loop_params.iter().map(|(p, _)| p.ty.clone()).collect();
        let results = self.b.bind_n(
            "count",
            Exp::Loop {
                params: loop_params,
                form: LoopForm::While { condition },
                body,
            },
            types.len(),
            &types,
        );
        SubExp::Var(results[results.len() - 1])
    }

    // ---- The backward sweep ----

    fn backward_stms(&mut self, stms: &[Stm]) -> Result<()> {
        for stm in stms.iter().rev() {
            let saved = self.b.set_loc(stm.loc.clone());
            let result = self.backward_stm(stm);
            self.b.set_loc(saved);
            result?;
        }
        Ok(())
    }

    fn backward_stm(&mut self, stm: &Stm) -> Result<()> {
        if !stm.pat.iter().any(|e| self.adjoints.contains_key(&e.var)) {
            return Ok(());
        }
        if let Exp::Op(Soac::Screma {
            map,
            scans,
            reduces,
            ..
        }) = &stm.exp
            && !is_split(map, scans, reduces)
        {
            let Some(split) = self.splits.remove(&(stm as *const Stm)) else {
                return Err("internal error: a screma that was not split".into());
            };
            return self.backward_stms(&split);
        }
        let result = stm.pat[0].var;
        let adj = self.adjoint(result).unwrap_or(SubExp::i64(0));
        let primal = SubExp::Var(self.var(result));
        match &stm.exp {
            Exp::SubExp(a) | Exp::Opaque(a) => self.add_se(*a, adj, false),
            Exp::Copy(array) => self.add_adjoint(*array, adj, false),
            Exp::BinOp(op, x, y) => {
                let ty = self.type_of(result).element();
                let (px, py) = (self.se(*x), self.se(*y));
                for (index, operand) in [*x, *y].into_iter().enumerate() {
                    if operand.as_var().is_some_and(|v| self.tracked(v))
                        && let Some(c) = binop_partial(self.b, *op, px, py, primal, ty, index, adj)?
                    {
                        self.add_se(operand, c, c != adj);
                    }
                }
            }
            Exp::UnOp(UnOp::Neg, a) => {
                let c = self.bind(Exp::UnOp(UnOp::Neg, adj));
                self.add_se(*a, c, true);
            }
            Exp::Convert(_, a) => {
                if let SubExp::Var(v) = a
                    && self.tracked(*v)
                {
                    let from = self.type_of(*v).element();
                    let c = self.bind(Exp::Convert(from, adj));
                    self.add_adjoint(*v, c, true);
                }
            }
            Exp::PrimFn(PrimFn::Float(f, ty), args) => {
                let primals = self.ses(args);
                for (index, &arg) in args.iter().enumerate() {
                    if arg.as_var().is_some_and(|v| self.tracked(v))
                        && let Some(c) =
                            float_fn_partial(self.b, *f, *ty, &primals, primal, index, adj)?
                    {
                        self.add_se(arg, c, c != adj);
                    }
                }
            }
            Exp::Index { array, slice } => self.backward_index(*array, slice, adj),
            Exp::Update {
                array,
                slice,
                value,
            } => self.backward_update(result, *array, slice, *value),
            Exp::ArrayLit { elements, .. } => {
                for (i, &element) in elements.iter().enumerate() {
                    if element.as_var().is_some_and(|v| self.tracked(v)) {
                        let row = self.bind(Exp::Index {
                            array: self.var_of(adj),
                            slice: vec![DimIndex::Fix(SubExp::i64(i as i64))],
                        });
                        self.add_se(element, row, false);
                    }
                }
            }
            Exp::Replicate { shape, value } => {
                if let SubExp::Var(v) = value
                    && self.tracked(*v)
                {
                    let count = product(self.b, &self.ses(shape));
                    let row_dims = self.dims(*v);
                    let mut flat_shape = vec![count];
                    flat_shape.extend(row_dims.iter().copied());
                    let flat = self.bind_var(Exp::Reshape {
                        shape: flat_shape,
                        array: self.var_of(adj),
                    });
                    let sum = self.sum_rows(flat, count);
                    self.add_adjoint(*v, sum, true);
                }
            }
            Exp::Rearrange { perm, array } => {
                let mut inverse = vec![0; perm.len()];
                for (i, &p) in perm.iter().enumerate() {
                    inverse[p] = i;
                }
                let c = self.bind(Exp::Rearrange {
                    perm: inverse,
                    array: self.var_of(adj),
                });
                self.add_adjoint(*array, c, false);
            }
            Exp::Reshape { array, .. } if self.tracked(*array) => {
                let shape = self.dims(*array);
                let c = self.bind(Exp::Reshape {
                    shape,
                    array: self.var_of(adj),
                });
                self.add_adjoint(*array, c, false);
            }
            Exp::Concat { arrays, .. } => {
                let mut offset = SubExp::i64(0);
                for &array in arrays {
                    let len = self.dims(array)[0];
                    if self.tracked(array) {
                        let c = self.bind(Exp::Index {
                            array: self.var_of(adj),
                            slice: vec![DimIndex::Slice {
                                start: offset,
                                len,
                                stride: SubExp::i64(1),
                            }],
                        });
                        self.add_adjoint(array, c, false);
                    }
                    offset = self.bind(Exp::BinOp(BinOp::Add, offset, len));
                }
            }
            Exp::If {
                condition,
                then_body,
                else_body,
                ..
            } => self.backward_if(stm, *condition, then_body, else_body)?,
            Exp::Loop { params, form, body } => self.backward_loop(stm, params, form, body)?,
            Exp::Call { func, args } => self.backward_call(stm, *func, args)?,
            Exp::Op(soac) => self.backward_soac(stm, soac)?,
            _ => {}
        }
        Ok(())
    }

    /// The variable holding an array's adjoint: adjoints of arrays are
    /// always bound (constants are scalars), so the fallback, which the
    /// type checker would reject, is never reached.
    fn var_of(&self, se: SubExp) -> Var {
        se.as_var().unwrap_or(Var(u32::MAX))
    }

    fn rename_slice(&self, slice: &[DimIndex]) -> Vec<DimIndex> {
        slice
            .iter()
            .map(|d| match *d {
                DimIndex::Fix(i) => DimIndex::Fix(self.se(i)),
                DimIndex::Slice { start, len, stride } => DimIndex::Slice {
                    start: self.se(start),
                    len: self.se(len),
                    stride: self.se(stride),
                },
            })
            .collect()
    }

    fn backward_index(&mut self, array: Var, slice: &[DimIndex], adj: SubExp) {
        let slice = self.rename_slice(slice);
        if self.histograms.contains_key(&array) {
            let dims = self.dims(array);
            let mut flat = SubExp::i64(0);
            for (d, index) in dims.iter().zip(&slice) {
                let DimIndex::Fix(i) = *index else { continue };
                let scaled = self.bind(Exp::BinOp(BinOp::Mul, flat, *d));
                flat = self.bind(Exp::BinOp(BinOp::Add, scaled, i));
            }
            if let Some(pairs) = self.histograms.get_mut(&array) {
                pairs.push((flat, adj));
            }
            return;
        }
        self.add_to_slice(array, slice, adj);
    }

    fn backward_update(&mut self, result: Var, array: Var, slice: &[DimIndex], value: SubExp) {
        let slice = self.rename_slice(slice);
        let adj = match self.adjoint(result) {
            Some(SubExp::Var(v)) => v,
            _ => return,
        };
        if let SubExp::Var(v) = value
            && self.tracked(v)
        {
            let part = self.bind(Exp::Index {
                array: adj,
                slice: slice.clone(),
            });
            let part = if self.type_of(v).rank() > 0 {
                self.bind(Exp::Copy(self.var_of(part)))
            } else {
                part
            };
            self.add_adjoint(v, part, true);
        }
        if !self.tracked(array) {
            return;
        }
        let owned = self.owned_adjoint(result);
        let element = self.type_of(array).element();
        let zero = SubExp::Const(PrimValue::zero(element));
        let mut shape: Vec<SubExp> = slice
            .iter()
            .filter_map(|d| match d {
                DimIndex::Slice { len, .. } => Some(*len),
                DimIndex::Fix(_) => None,
            })
            .collect();
        let dims = self.dims(array);
        shape.extend(&dims[slice.len()..]);
        let zeros = if shape.is_empty() {
            zero
        } else {
            self.bind(Exp::Replicate { shape, value: zero })
        };
        let cleared = self.bind(Exp::Update {
            array: owned,
            slice,
            value: zeros,
        });
        self.add_adjoint(array, cleared, true);
    }

    /// The adjoints of the results of a statement with nested code, for
    /// seeding its body: `None` where a result has none.
    fn result_adjoints(&self, pat: &[PatElem]) -> Vec<Option<SubExp>> {
        pat.iter()
            .map(|e| {
                if self.tracked(e.var) {
                    self.adjoint(e.var)
                } else {
                    None
                }
            })
            .collect()
    }

    /// The tracked free variables of bodies, in a fixed order.
    fn tracked_free(&self, free: BTreeSet<Var>) -> Vec<Var> {
        free.into_iter().filter(|&v| self.tracked(v)).collect()
    }

    fn backward_if(
        &mut self,
        stm: &Stm,
        condition: SubExp,
        then_body: &Body,
        else_body: &Body,
    ) -> Result<()> {
        let seeds = self.result_adjoints(&stm.pat);
        let mut free = free_in_body(then_body, &[]);
        free.extend(free_in_body(else_body, &[]));
        let free = self.tracked_free(free);
        if free.is_empty() {
            return Ok(());
        }
        let then_body = self.backward_branch(then_body, &seeds, &free)?;
        let else_body = self.backward_branch(else_body, &seeds, &free)?;
        let condition = self.se(condition);
        let vars = self.b.bind_if("adj", condition, then_body, else_body);
        for (&v, adjoint) in free.iter().zip(vars) {
            self.add_adjoint(v, SubExp::Var(adjoint), false);
        }
        Ok(())
    }

    /// A branch recomputing `body` and returning the adjoints of `free`
    /// from the adjoints `seeds` of its results.
    fn backward_branch(
        &mut self,
        body: &Body,
        seeds: &[Option<SubExp>],
        free: &[Var],
    ) -> Result<Body> {
        let scope = self.enter(consumable_in(body, &[]));
        let swept = self.sweep_body(body, seeds);
        let result = free.iter().map(|&v| self.adjoint_or_zero(v)).collect();
        let body = self.leave(scope, result);
        swept.map(|()| body)
    }

    /// Recomputes `body` and back-propagates the adjoints of its results.
    fn sweep_body(&mut self, body: &Body, seeds: &[Option<SubExp>]) -> Result<()> {
        self.forward_stms(&body.stms)?;
        for (&result, seed) in body.result.iter().zip(seeds) {
            if let Some(seed) = seed {
                self.add_se(result, *seed, false);
            }
        }
        self.backward_stms(&body.stms)
    }

    fn backward_loop(
        &mut self,
        stm: &Stm,
        params: &[(Param, SubExp)],
        form: &LoopForm,
        body: &Body,
    ) -> Result<()> {
        let Some(tape) = self.tapes.remove(&(stm as *const Stm)) else {
            return Err("internal error: a loop without a tape".into());
        };
        let mut bound: Vec<Var> = params.iter().map(|(p, _)| p.var).collect();
        if let LoopForm::For { var, .. } = form {
            bound.push(*var);
        }
        let tracked: Vec<usize> = (0..params.len())
            .filter(|&k| self.tracked(params[k].0.var))
            .collect();
        let free = self.tracked_free(free_in_body(body, &bound));
        if tracked.is_empty() && free.is_empty() {
            return Ok(());
        }
        let mut inits = Vec::new();
        for &k in &tracked {
            let result = stm.pat[k].var;
            let init = match self.adjoint(result) {
                Some(_) if params[k].0.ty.rank() > 0 => SubExp::Var(self.owned_adjoint(result)),
                Some(adjoint) => adjoint,
                None => self.zero_of(result),
            };
            inits.push((init, true));
        }
        for &v in &free {
            let init = self.zero_of(v);
            inits.push((init, true));
        }
        let loop_params = self.b.loop_params("adj", &inits);
        let counter = self.b.new_var("k", Type::i64());
        let scope = self.enter(consumable_in(body, &bound));
        let last = self.bind(Exp::BinOp(BinOp::Sub, tape.count, SubExp::i64(1)));
        let i = self.bind(Exp::BinOp(BinOp::Sub, last, SubExp::Var(counter)));
        for ((p, _), &values) in params.iter().zip(&tape.values) {
            let name = self.b.var_name(p.var).to_owned();
            let value = self.b.bind1(
                &name,
                Exp::Index {
                    array: values,
                    slice: vec![DimIndex::Fix(i)],
                },
            );
            // The taped value has the shape the parameter had then (its
            // size parameters, restored before it).
            let shape = self.ty(&p.ty).shape().to_vec();
            let value = self
                .b
                .coerce(SubExp::Var(value), &shape, "Taped loop value");
            let value = value.as_var().unwrap_or(Var(u32::MAX));
            self.rename.insert(p.var, value);
        }
        if let LoopForm::For { var, .. } = *form {
            let ty = self.type_of(var).element();
            let value = if ty == PrimType::I64 {
                i
            } else {
                self.bind(Exp::Convert(ty, i))
            };
            let renamed = self.b.bind1("i", Exp::SubExp(value));
            self.rename.insert(var, renamed);
        }
        for (&v, (p, _)) in free.iter().zip(&loop_params.values[tracked.len()..]) {
            self.adjoints.insert(
                v,
                Adjoint {
                    value: SubExp::Var(p.var),
                    owned: true,
                },
            );
        }
        let mut seeds = vec![None; params.len()];
        for (&k, (p, _)) in tracked.iter().zip(&loop_params.values) {
            seeds[k] = Some(SubExp::Var(p.var));
        }
        let swept = self.sweep_body(body, &seeds);
        let mut result: Vec<SubExp> = tracked
            .iter()
            .map(|&k| self.adjoint_or_zero(params[k].0.var))
            .collect();
        for &v in &free {
            result.push(self.adjoint_or_zero(v));
        }
        let new_body = self.leave(scope, result);
        swept?;
        let vars = self.b.bind_loop(
            "adj",
            loop_params,
            LoopForm::For {
                var: counter,
                bound: tape.count,
            },
            new_body,
        );
        for (&k, &adjoint) in tracked.iter().zip(&vars) {
            self.add_se(params[k].1, SubExp::Var(adjoint), false);
        }
        for (&v, &adjoint) in free.iter().zip(&vars[tracked.len()..]) {
            self.add_adjoint(v, SubExp::Var(adjoint), false);
        }
        Ok(())
    }

    fn backward_call(&mut self, stm: &Stm, func: FuncId, args: &[SubExp]) -> Result<()> {
        let derived = self.reverse_function(func)?;
        let ret: Vec<ExtType> = match self.b.function(func) {
            Some(f) => f.ret.iter().map(|(t, _)| t.clone()).collect(),
            None => return Err("internal error: a call of an undefined function".into()),
        };
        let mut all_args = self.ses(args);
        let mut adjoints = Vec::with_capacity(stm.pat.len());
        for elem in &stm.pat {
            adjoints.push(self.adjoint_or_zero(elem.var));
        }
        // The sizes of the adjoints where the results' sizes are
        // existential, then the adjoints.
        for (ty, &adjoint) in ret.iter().zip(&adjoints) {
            let dims = self.b.dims(adjoint);
            for (dim, &actual) in ty.shape().iter().zip(&dims) {
                if let ExtDim::Ext(_) = dim {
                    all_args.push(actual);
                }
            }
        }
        all_args.extend(adjoints);
        let call_args = self
            .b
            .coerce_args(derived, &all_args, "Adjoint of another shape");
        let vars = self.b.bind(
            "adj",
            Exp::Call {
                func: derived,
                args: call_args,
            },
        );
        for (&arg, &adjoint) in args.iter().zip(vars.get(stm.pat.len()..).unwrap_or(&[])) {
            self.add_se(arg, SubExp::Var(adjoint), true);
        }
        Ok(())
    }

    /// The function taking `func`'s arguments and the adjoints of its
    /// results (after the sizes of those whose sizes are existential),
    /// and returning its results and the adjoints of its arguments.
    fn reverse_function(&mut self, func: FuncId) -> Result<FuncId> {
        if let Some(&derived) = self.derivatives.vjp.get(&func) {
            return Ok(derived);
        }
        let function = self
            .b
            .function(func)
            .cloned()
            .ok_or("differentiating a function while it is being defined is not supported")?;
        let rename = std::mem::take(&mut self.rename);
        let mut params: Vec<Param> = function
            .params
            .iter()
            .map(|p| {
                let mut param = self.fresh_param(p);
                param.unique = false;
                param
            })
            .collect();
        let ret: Vec<ExtType> = function.ret.iter().map(|(t, _)| self.ext_ty(t)).collect();
        let seeds: Vec<Option<SubExp>> = super::adjoint_params(self.b, &ret, &mut params)
            .into_iter()
            .map(Some)
            .collect();
        let renamed_params: Vec<Param> = function
            .params
            .iter()
            .map(|p| Param {
                var: self.var(p.var),
                ty: self.ty(&p.ty),
                unique: false,
                mem: None,
            })
            .collect();
        let mut all_ret: Vec<(ExtType, bool)> = ret.iter().map(|t| (t.clone(), false)).collect();
        all_ret.extend(renamed_params.iter().map(|p| (p.ty.ext(), false)));
        let name = format!("{}_vjp", function.name);
        let derived = self.b.declare_function(
            &name,
            params.clone(),
            all_ret.iter().map(|(t, _)| t.clone()).collect(),
        );
        self.derivatives.vjp.insert(func, derived);
        let scope = self.enter(consumable_in(&function.body, &[]));
        let swept = self.sweep_body(&function.body, &seeds);
        let mut result = self.ses(&function.body.result);
        for (p, renamed) in function.params.iter().zip(&renamed_params) {
            let adjoint = self.adjoint_or_zero(p.var);
            let adjoint = self
                .b
                .coerce(adjoint, renamed.ty.shape(), "Adjoint of a parameter");
            result.push(adjoint);
        }
        let body = self.leave(scope, result);
        self.rename = rename;
        swept?;
        self.b.define_function(
            derived,
            Function {
                name,
                params,
                ret: all_ret,
                body,
            },
        );
        Ok(derived)
    }

    fn backward_soac(&mut self, stm: &Stm, soac: &Soac) -> Result<()> {
        match soac {
            Soac::Screma {
                width,
                arrays,
                map,
                scans,
                reduces,
                ..
            } => match (&scans[..], &reduces[..]) {
                ([], []) => self.backward_map(stm, *width, arrays, map),
                ([scan], []) if is_plus(self.b, &scan.lambda) => {
                    self.backward_plus_scan(stm, *width, arrays);
                    Ok(())
                }
                ([], [reduce]) if is_plus(self.b, &reduce.lambda) => {
                    for (elem, &array) in stm.pat.iter().zip(arrays) {
                        if let Some(adj) = self.adjoint(elem.var)
                            && self.tracked(array)
                        {
                            let width = self.se(*width);
                            let spread = self.bind(Exp::Replicate {
                                shape: vec![width],
                                value: adj,
                            });
                            self.add_adjoint(array, spread, true);
                        }
                    }
                    Ok(())
                }
                ([], [reduce]) => self.backward_reduce(stm, *width, arrays, reduce),
                _ => Err("internal error: a screma that was not split".into()),
            },
            Soac::Hist { .. } => {
                let dests = Operation::consumed(soac);
                let (indices, values) = plain_inputs(soac)?;
                for ((elem, &dest), &value) in stm.pat.iter().zip(&dests).zip(&values) {
                    let Some(SubExp::Var(adj)) = self.adjoint(elem.var) else {
                        continue;
                    };
                    if self.tracked(value) {
                        let gathered = self.gather(adj, self.var(indices), None);
                        self.add_adjoint(value, gathered, true);
                    }
                    self.add_adjoint(dest, SubExp::Var(adj), false);
                }
                Ok(())
            }
            Soac::Scatter { width, .. } => {
                let dests = Operation::consumed(soac);
                let (indices, values) = plain_inputs(soac)?;
                self.backward_scatter(stm, *width, &dests, indices, &values);
                Ok(())
            }
            Soac::Stream { .. } => Err("internal error: reversing a stream".into()),
            Soac::Accumulate { .. } => Err("internal error: reversing an accumulation".into()),
        }
    }

    /// `adj[indices[k]]` for each `k`, zero where the index is out of
    /// bounds or (with `winners`) where `k` did not write the element.
    fn gather(&mut self, adj: Var, indices: Var, winners: Option<Var>) -> SubExp {
        let ty = self.b.type_of(SubExp::Var(adj));
        let row = ty.row().unwrap_or(ty);
        let dims = array_dims(self.b, adj);
        let count = array_dims(self.b, indices)[0];
        let positions = self.bind_var(Exp::Iota {
            len: count,
            start: SubExp::i64(0),
            step: SubExp::i64(1),
            ty: PrimType::I64,
        });
        let map = self.b.lambda(&[Type::i64(), Type::i64()], |b, p| {
            let (index, k) = (SubExp::Var(p[0]), SubExp::Var(p[1]));
            let low = SubExp::Var(b.bind1("ok", Exp::Cmp(CmpOp::Le, SubExp::i64(0), index)));
            let high = SubExp::Var(b.bind1("ok", Exp::Cmp(CmpOp::Lt, index, dims[0])));
            let mut ok = SubExp::Var(b.bind1("ok", Exp::BinOp(BinOp::And, low, high)));
            if let Some(winners) = winners {
                let won = b.body(|b| {
                    let winner = SubExp::Var(b.bind1(
                        "winner",
                        Exp::Index {
                            array: winners,
                            slice: vec![DimIndex::Fix(index)],
                        },
                    ));
                    vec![SubExp::Var(b.bind1("won", Exp::Cmp(CmpOp::Eq, winner, k)))]
                });
                let out_of_bounds = Body {
                    stms: Vec::new(),
                    result: vec![SubExp::bool(false)],
                };
                ok = b
                    .bind_if("ok", ok, won, out_of_bounds)
                    .first()
                    .map_or(ok, |&v| SubExp::Var(v));
            }
            let taken = b.body(|b| {
                vec![SubExp::Var(b.bind1(
                    "adj",
                    Exp::Index {
                        array: adj,
                        slice: vec![DimIndex::Fix(index)],
                    },
                ))]
            });
            let skipped = b.body(|b| {
                let zero = SubExp::Const(PrimValue::zero(row.element()));
                if row.rank() == 0 {
                    return vec![zero];
                }
                vec![SubExp::Var(b.bind1(
                    "zeros",
                    Exp::Replicate {
                        shape: dims[1..].to_vec(),
                        value: zero,
                    },
                ))]
            });
            b.bind_if("adj", ok, taken, skipped)
                .into_iter()
                .map(SubExp::Var)
                .collect()
        });
        self.bind(Exp::Op(Soac::Screma {
            width: count,
            arrays: vec![indices, positions],
            map,
            scans: Vec::new(),
            reduces: Vec::new(),
            post: None,
        }))
    }

    fn backward_scatter(
        &mut self,
        stm: &Stm,
        width: SubExp,
        dests: &[Var],
        indices: Var,
        values: &[Var],
    ) {
        let width = self.se(width);
        let indices = self.var(indices);
        let positions = self.bind_var(Exp::Iota {
            len: width,
            start: SubExp::i64(0),
            step: SubExp::i64(1),
            ty: PrimType::I64,
        });
        let mut winners = None;
        for ((elem, &dest), &value) in stm.pat.iter().zip(dests).zip(values) {
            if !self.adjoints.contains_key(&elem.var) {
                continue;
            }
            let dims = self.dims(elem.var);
            let winners = *winners.get_or_insert_with(|| {
                let none = self.bind_var(Exp::Replicate {
                    shape: vec![dims[0]],
                    value: SubExp::i64(-1),
                });
                let scatter = self.b.scatter(width, &[none], indices, &[positions]);
                self.bind_var(scatter)
            });
            let adj = self.owned_adjoint(elem.var);
            if self.tracked(value) {
                let gathered = self.gather(adj, indices, Some(winners));
                self.add_adjoint(value, gathered, true);
            }
            if self.tracked(dest) {
                let element = self.type_of(dest).element();
                let mut shape = vec![width];
                shape.extend(&dims[1..]);
                let zeros = self.bind_var(Exp::Replicate {
                    shape,
                    value: SubExp::Const(PrimValue::zero(element)),
                });
                let scatter = self.b.scatter(width, &[adj], indices, &[zeros]);
                let cleared = self.bind(scatter);
                self.add_adjoint(dest, cleared, true);
            }
        }
    }

    /// `scan (+)`: each input's adjoint is the sum of the adjoints of the
    /// results from its position on, a scan from the right.
    fn backward_plus_scan(&mut self, stm: &Stm, width: SubExp, arrays: &[Var]) {
        let width = self.se(width);
        for (elem, &array) in stm.pat.iter().zip(arrays) {
            let (Some(SubExp::Var(adj)), true) = (self.adjoint(elem.var), self.tracked(array))
            else {
                continue;
            };
            let reversed = self.reversed(adj, width);
            let ty = self
                .b
                .type_of(SubExp::Var(reversed))
                .row()
                .unwrap_or(Type::Prim(PrimType::F64));
            let identity = self
                .b
                .lambda(std::slice::from_ref(&ty), |_, p| vec![SubExp::Var(p[0])]);
            let op = add_operator(self.b, ty.clone());
            let zero = SubExp::Const(PrimValue::zero(ty.element()));
            let neutral = if ty.rank() == 0 {
                zero
            } else {
                // Rows of zeros, shaped as the adjoint's rows.
                let dims = array_dims(self.b, adj);
                self.bind(Exp::Replicate {
                    shape: dims[1..].to_vec(),
                    value: zero,
                })
            };
            let sums = self.bind_var(Exp::Op(Soac::Screma {
                width,
                arrays: vec![reversed],
                map: identity,
                scans: vec![ScanOp {
                    lambda: op,
                    neutral: vec![neutral],
                }],
                reduces: Vec::new(),
                post: None,
            }));
            let back = self.reversed(sums, width);
            self.add_adjoint(array, SubExp::Var(back), false);
        }
    }

    /// The rows of an array of `width` rows in reverse order.
    fn reversed(&mut self, array: Var, width: SubExp) -> Var {
        let last = self.bind(Exp::BinOp(BinOp::Sub, width, SubExp::i64(1)));
        self.bind_var(Exp::Index {
            array,
            slice: vec![DimIndex::Slice {
                start: last,
                len: width,
                stride: SubExp::i64(-1),
            }],
        })
    }

    /// A reduction with any operator `⊕`: the result is `l ⊕ x ⊕ r` for
    /// each element `x`, with `l` the reduction of the elements before it
    /// and `r` of those after (exclusive scans from the left and the
    /// right), so the element's adjoint is that of `x ↦ (l ⊕ x) ⊕ r`.
    fn backward_reduce(
        &mut self,
        stm: &Stm,
        width: SubExp,
        arrays: &[Var],
        reduce: &ReduceOp,
    ) -> Result<()> {
        let k = reduce.neutral.len();
        if !arrays.iter().any(|&a| self.tracked(a)) {
            return Ok(());
        }
        let width = self.se(width);
        let inputs: Vec<Var> = arrays.iter().map(|&a| self.var(a)).collect();
        let neutral = self.ses(&reduce.neutral);
        let left = self.exclusive_scan(&reduce.lambda, &neutral, &inputs, width, false);
        let reversed: Vec<Var> = inputs.iter().map(|&a| self.reversed(a, width)).collect();
        let right_reversed = self.exclusive_scan(&reduce.lambda, &neutral, &reversed, width, true);
        let right: Vec<Var> = right_reversed
            .iter()
            .map(|&a| self.reversed(a, width))
            .collect();
        // g(l, x, r) = (l ⊕ x) ⊕ r, with fresh active variables.
        let types: Vec<Type> = reduce.lambda.ret.iter().map(|t| self.ty(t)).collect();
        let g_params: Vec<Param> = (0..3 * k)
            .map(|i| Param {
                var: self.new_active("g", types[i % k].clone()),
                ty: types[i % k].clone(),
                unique: false,
                mem: None,
            })
            .collect();
        let g_vars: Vec<SubExp> = g_params.iter().map(|p| SubExp::Var(p.var)).collect();
        self.b.push_scope();
        let first = self.inline_active(&reduce.lambda, &g_vars[..2 * k]);
        let mut second_args = first;
        second_args.extend_from_slice(&g_vars[2 * k..]);
        let result = self.inline_active(&reduce.lambda, &second_args);
        let g_body = self.b.pop_scope(result);
        let g = Lambda {
            params: g_params,
            body: g_body,
            ret: types.clone(),
        };
        // Only x is differentiated: l and r are constants of g.
        for p in g.params[..k].iter().chain(&g.params[2 * k..]) {
            self.active.remove(&p.var);
        }
        let mut map_inputs = left;
        map_inputs.extend(arrays.iter().copied());
        map_inputs.extend(right);
        let pat: Vec<PatElem> = types
            .iter()
            .map(|ty| PatElem {
                var: self.new_active("g", ty.array_of(width)),
                ty: ty.array_of(width),
                mem: None,
            })
            .collect();
        for (elem, result) in pat.iter().zip(&stm.pat) {
            if let Some(adj) = self.adjoint(result.var) {
                let spread = self.bind(Exp::Replicate {
                    shape: vec![width],
                    value: adj,
                });
                self.adjoints.insert(
                    elem.var,
                    Adjoint {
                        value: spread,
                        owned: true,
                    },
                );
            }
        }
        let synthetic = Stm {
            pat,
            exp: Exp::SubExp(SubExp::i64(0)),
            loc: stm.loc.clone(),
            attrs: stm.attrs.clone(),
        };
        self.backward_map(&synthetic, width, &map_inputs, &g)
    }

    /// Emits `lambda`'s statements applied to `args` (the differentiated
    /// code's variables), binding fresh active variables; returns its
    /// results.
    fn inline_active(&mut self, lambda: &Lambda, args: &[SubExp]) -> Vec<SubExp> {
        let mut map = FxHashMap::default();
        for (p, &arg) in lambda.params.iter().zip(args) {
            let ty = self.b.type_of(arg);
            let var = self.new_active("arg", ty.clone());
            self.b.add_stm(Stm {
                pat: vec![PatElem { var, ty, mem: None }],
                exp: Exp::SubExp(arg),
                loc: self.b.loc(),
                attrs: self.b.attrs(),
            });
            map.insert(p.var, var);
        }
        let saved = std::mem::replace(&mut self.rename, map);
        let scope_consumable = std::mem::take(&mut self.consumable);
        for stm in &lambda.body.stms {
            self.copy_stm(stm);
        }
        let result = self.ses(&lambda.body.result);
        let bound: Vec<Var> = self.rename.values().copied().collect();
        self.active.extend(bound);
        self.rename = saved;
        self.consumable = scope_consumable;
        result
    }

    /// The exclusive scan of `arrays` with `op` (its arguments swapped
    /// when `flipped`): the neutral element, then the inclusive scan
    /// without its last element.
    fn exclusive_scan(
        &mut self,
        op: &Lambda,
        neutral: &[SubExp],
        arrays: &[Var],
        width: SubExp,
        flipped: bool,
    ) -> Vec<Var> {
        let k = neutral.len();
        let mut lambda = self.copy_lambda(op);
        if flipped {
            lambda.params.rotate_left(k);
        }
        let types: Vec<Type> = arrays
            .iter()
            .filter_map(|&a| self.b.type_of(SubExp::Var(a)).row())
            .collect();
        let identity = self
            .b
            .lambda(&types, |_, p| p.iter().map(|&v| SubExp::Var(v)).collect());
        let inclusive = self.b.bind_n(
            "scan",
            Exp::Op(Soac::Screma {
                width,
                arrays: arrays.to_vec(),
                map: identity,
                scans: vec![ScanOp {
                    lambda,
                    neutral: neutral.to_vec(),
                }],
                reduces: Vec::new(),
                post: None,
            }),
            k,
            &types.iter().map(|t| t.array_of(width)).collect::<Vec<_>>(),
        );
        let positions = self.bind_var(Exp::Iota {
            len: width,
            start: SubExp::i64(0),
            step: SubExp::i64(1),
            ty: PrimType::I64,
        });
        let shift = self.b.lambda(&[Type::i64()], |b, p| {
            let i = SubExp::Var(p[0]);
            let first = SubExp::Var(b.bind1("first", Exp::Cmp(CmpOp::Eq, i, SubExp::i64(0))));
            let before = b.body(|b| {
                let j = SubExp::Var(b.bind1("j", Exp::BinOp(BinOp::Sub, i, SubExp::i64(1))));
                inclusive
                    .iter()
                    .map(|&array| {
                        SubExp::Var(b.bind1(
                            "scan",
                            Exp::Index {
                                array,
                                slice: vec![DimIndex::Fix(j)],
                            },
                        ))
                    })
                    .collect()
            });
            let start = Body {
                stms: Vec::new(),
                result: neutral.to_vec(),
            };
            b.bind_if("excl", first, start, before)
                .into_iter()
                .map(SubExp::Var)
                .collect()
        });
        self.b.bind_n(
            "excl",
            Exp::Op(Soac::Screma {
                width,
                arrays: vec![positions],
                map: shift,
                scans: Vec::new(),
                reduces: Vec::new(),
                post: None,
            }),
            k,
            &types.iter().map(|t| t.array_of(width)).collect::<Vec<_>>(),
        )
    }

    /// A map: a map of the lambda's reverse over the inputs and the
    /// adjoints of the results. The adjoints of the lambda's free
    /// variables are summed over the elements by reductions, or, for
    /// arrays only read element by element at the lambda's top level,
    /// accumulated by histograms.
    fn backward_map(
        &mut self,
        stm: &Stm,
        width: SubExp,
        arrays: &[Var],
        lambda: &Lambda,
    ) -> Result<()> {
        let seeded: Vec<(usize, Var)> = stm
            .pat
            .iter()
            .enumerate()
            .filter_map(|(k, e)| match self.adjoint(e.var) {
                Some(SubExp::Var(adj)) if self.tracked(e.var) => Some((k, adj)),
                _ => None,
            })
            .collect();
        if seeded.is_empty() {
            return Ok(());
        }
        let params: Vec<Var> = lambda.params.iter().map(|p| p.var).collect();
        let free = self.tracked_free(free_in_body(&lambda.body, &params));
        let (histogram, summed): (Vec<Var>, Vec<Var>) = free
            .into_iter()
            .partition(|&v| histogram_uses(&lambda.body, v).is_some());
        let inputs: Vec<usize> = (0..arrays.len())
            .filter(|&i| self.tracked(arrays[i]) && self.tracked(lambda.params[i].var))
            .collect();
        if inputs.is_empty() && histogram.is_empty() && summed.is_empty() {
            return Ok(());
        }
        let width = self.se(width);
        // The reverse lambda: the inputs' rows and the results' adjoints.
        let mut rev_params: Vec<Param> =
            lambda.params.iter().map(|p| self.fresh_param(p)).collect();
        let mut seeds = vec![None; stm.pat.len()];
        let mut seed_arrays = Vec::with_capacity(seeded.len());
        for &(k, adj) in &seeded {
            let row = self.ty(&lambda.ret[k]);
            let shape = row.array_of(width);
            let adj = self
                .b
                .coerce(SubExp::Var(adj), shape.shape(), "Adjoint of a map");
            seed_arrays.push(adj.as_var().unwrap_or(Var(u32::MAX)));
            let p = self.b.param("adj", row, false);
            seeds[k] = Some(SubExp::Var(p.var));
            rev_params.push(p);
        }
        let input_rows: Vec<Type> = lambda.params.iter().map(|p| self.ty(&p.ty)).collect();
        let scope = self.enter(consumable_in(&lambda.body, &params));
        for &h in &histogram {
            self.histograms.insert(h, Vec::new());
        }
        let swept = self.sweep_body(&lambda.body, &seeds);
        // The results have the shapes of what they are adjoints of, which
        // are known outside the lambda.
        let mut result = Vec::new();
        for &v in &summed {
            let adjoint = self.adjoint_or_zero(v);
            let shape = self.dims(v);
            result.push(self.b.coerce(adjoint, &shape, "Adjoint of a free variable"));
        }
        for &i in &inputs {
            let adjoint = self.adjoint_or_zero(lambda.params[i].var);
            let shape = input_rows[i].shape().to_vec();
            result.push(self.b.coerce(adjoint, &shape, "Adjoint of a map parameter"));
        }
        let mut pairs_per_array = Vec::new();
        for &h in &histogram {
            let uses = histogram_uses(&lambda.body, h).unwrap_or(0);
            let mut pairs = self.histograms.remove(&h).unwrap_or_default();
            let zero = SubExp::Const(PrimValue::zero(self.type_of(h).element()));
            pairs.resize(uses, (SubExp::i64(-1), zero));
            pairs_per_array.push(pairs.len());
            for (index, value) in pairs {
                result.push(index);
                result.push(value);
            }
        }
        let body = self.leave(scope, result);
        swept?;
        let ret: Vec<Type> = body.result.iter().map(|&r| self.b.type_of(r)).collect();
        let rev = Lambda {
            params: rev_params,
            body,
            ret: ret.clone(),
        };
        let mut reduces = Vec::new();
        for &v in &summed {
            let neutral = self.zero_of(v);
            let ty = self.b.type_of(neutral);
            reduces.push(ReduceOp {
                lambda: add_operator(self.b, ty),
                neutral: vec![neutral],
                commutative: true,
            });
        }
        let mut map_arrays: Vec<Var> = arrays.iter().map(|&a| self.var(a)).collect();
        map_arrays.extend(seed_arrays);
        let out_types: Vec<Type> = ret
            .iter()
            .enumerate()
            .map(|(i, t)| {
                if i < summed.len() {
                    t.clone()
                } else {
                    t.array_of(width)
                }
            })
            .collect();
        let out = self.b.bind_n(
            "adj",
            Exp::Op(Soac::Screma {
                width,
                arrays: map_arrays,
                map: rev,
                scans: Vec::new(),
                reduces,
                post: None,
            }),
            out_types.len(),
            &out_types,
        );
        let mut out = out.into_iter();
        for &v in &summed {
            if let Some(adjoint) = out.next() {
                self.add_adjoint(v, SubExp::Var(adjoint), true);
            }
        }
        for &i in &inputs {
            if let Some(adjoint) = out.next() {
                self.add_adjoint(arrays[i], SubExp::Var(adjoint), true);
            }
        }
        for (&h, &uses) in histogram.iter().zip(&pairs_per_array) {
            let dims = self.dims(h);
            let count = product(self.b, &dims);
            let element = self.type_of(h).element();
            let zero = SubExp::Const(PrimValue::zero(element));
            let mut dest = self.bind_var(Exp::Replicate {
                shape: vec![count],
                value: zero,
            });
            for _ in 0..uses {
                let (Some(index), Some(value)) = (out.next(), out.next()) else {
                    break;
                };
                let op = add_operator(self.b, Type::Prim(element));
                let hist = self
                    .b
                    .hist(width, vec![dest], op, vec![zero], index, &[value]);
                dest = self.bind_var(hist);
            }
            let shaped = if dims.len() == 1 {
                SubExp::Var(dest)
            } else {
                self.bind(Exp::Reshape {
                    shape: dims,
                    array: dest,
                })
            };
            self.add_adjoint(h, shaped, true);
        }
        Ok(())
    }
}

/// How many times `body` reads elements of `array` at its top level by
/// fixing every index, when it reads it no other way (shapes aside).
fn histogram_uses(body: &Body, array: Var) -> Option<usize> {
    let mut other = 0;
    body_uses(body, &mut |v, how| {
        if v == array && how != Use::Shape {
            other += 1;
        }
    });
    let top = body
        .stms
        .iter()
        .filter(|stm| match &stm.exp {
            Exp::Index { array: a, slice } => {
                *a == array
                    && stm.pat.iter().all(|e| e.ty.rank() == 0)
                    && slice.iter().all(|d| matches!(d, DimIndex::Fix(_)))
            }
            _ => false,
        })
        .count();
    (top > 0 && top == other).then_some(top)
}

/// `+` on values of type `ty`, elementwise for arrays.
fn add_operator(b: &mut Builder, ty: Type) -> Lambda {
    b.lambda(&[ty.clone(), ty.clone()], |b, p| {
        let (x, y) = (SubExp::Var(p[0]), SubExp::Var(p[1]));
        let (Some(row), Some(&width)) = (ty.row(), ty.shape().first()) else {
            return vec![SubExp::Var(b.bind1("sum", Exp::BinOp(BinOp::Add, x, y)))];
        };
        let add = add_operator(b, row);
        vec![SubExp::Var(b.bind1(
            "sum",
            Exp::Op(Soac::Screma {
                width,
                arrays: vec![p[0], p[1]],
                map: add,
                scans: Vec::new(),
                reduces: Vec::new(),
                post: None,
            }),
        ))]
    })
}

/// The index array and value arrays of a histogram or scatter as
/// lowering makes them (which is all the analysis lets through).
fn plain_inputs(soac: &Soac) -> Result<(Var, Vec<Var>)> {
    soac.plain_inputs()
        .ok_or_else(|| "internal error: a histogram or scatter computing its inputs".into())
}
