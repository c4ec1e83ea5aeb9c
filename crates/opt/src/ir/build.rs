//! Constructing core IR: fresh variables, statements typed as they are
//! bound (by the checker's own rule, [`result_types`]), nested bodies and
//! lambdas, and functions that may be called before they are defined.
//!
//! The builder keeps shapes right where they cannot be read off the
//! operations: branches and loops whose results have sizes computed
//! inside them return those sizes ([`Builder::bind_if`],
//! [`Builder::bind_loop`]); functions take a size parameter per
//! dimension of an array parameter and return the sizes of their results
//! that are not parameters ([`Builder::sized_params`],
//! [`Builder::function_results`]); the results of a lambda whose sizes it
//! computes itself get those sizes computed before the lambda runs
//! ([`Builder::map_lambda`]); and shapes computed apart are made to agree
//! by checked coercions ([`Builder::coerce`]).
//!
//! A misuse (an ill-typed expression) is a compiler bug; it is recorded,
//! building goes on with placeholder variables, and [`Builder::finish`]
//! returns it as an error instead of panicking.

use super::analysis::{Types, can_fail};
use super::check::{TypeContext, result_types};
use super::traverse::{Renamer, bound_in_body, free_in_exp};
use super::{
    Body, DimIndex, EntryPoint, ErrorPart, Exp, ExtDim, ExtType, FuncId, Function, Fusion, HistOp,
    Lambda, Loc, LoopForm, Param, PatElem, Program, Rep, ScatterDest, Soac, Soacs, Stm, SubExp,
    Type, Var,
};
use crate::ir::Attrs;
use prim::{BinOp, CmpOp, PrimType};
use rustc_hash::{FxHashMap, FxHashSet};

#[derive(Debug)]
pub struct Builder<R: Rep = Soacs> {
    var_names: Vec<String>,
    var_types: Vec<Type>,
    scopes: Vec<Vec<Stm<R>>>,
    /// The number of each open scope, outermost first.
    scope_ids: Vec<u32>,
    /// How many scopes were opened.
    scopes_opened: u32,
    loc: Option<Loc>,
    attrs: Attrs,
    signatures: Vec<(String, Vec<Param>, Vec<ExtType>)>,
    functions: Vec<Option<Function<R>>>,
    entry_points: Vec<EntryPoint>,
    tuning_params: Vec<String>,
    fusions: Vec<Fusion>,
    error: Option<String>,
}

impl<R: Rep> Default for Builder<R> {
    fn default() -> Self {
        Builder::new()
    }
}

impl<R: Rep> TypeContext for Builder<R> {
    fn var_type(&self, var: Var) -> Option<Type> {
        self.var_types.get(var.0 as usize).cloned()
    }

    fn signature(&self, func: FuncId) -> Option<(Vec<Param>, Vec<ExtType>)> {
        let (_, params, ret) = self.signatures.get(func.0 as usize)?;
        Some((params.clone(), ret.clone()))
    }
}

/// How many leading results of an expression or function are the sizes
/// its other results' existential dimensions name.
pub fn context_len(ret: &[ExtType]) -> usize {
    ret.iter()
        .flat_map(|t| t.shape())
        .filter_map(|d| match d {
            ExtDim::Ext(i) => Some(i + 1),
            ExtDim::Free(_) => None,
        })
        .max()
        .unwrap_or(0)
}

/// The result types a function returning values of these element
/// types and ranks has when every dimension is returned (see
/// [`Builder::function_results`]).
pub fn existential_results(kinds: &[(PrimType, usize)]) -> Vec<ExtType> {
    let mut count = 0;
    let mut ret: Vec<ExtType> = kinds
        .iter()
        .map(|&(element, rank)| {
            let shape = (count..count + rank).map(ExtDim::Ext).collect();
            count += rank;
            ExtType::with_shape(element, shape)
        })
        .collect();
    let mut full = vec![ExtType::Prim(PrimType::I64); count];
    full.append(&mut ret);
    full
}

/// The parameters of a loop: a size parameter for each dimension of an
/// array parameter (so that shapes may change between iterations), then
/// the parameters for the values, each with its initial value.
#[derive(Debug, Clone, Default)]
pub struct LoopParams {
    pub sizes: Vec<(Param, SubExp)>,
    pub values: Vec<(Param, SubExp)>,
}

impl LoopParams {
    pub fn value_vars(&self) -> Vec<SubExp> {
        self.values
            .iter()
            .map(|(p, _)| SubExp::Var(p.var))
            .collect()
    }
}

impl<R: Rep> Builder<R> {
    pub fn new() -> Builder<R> {
        Builder {
            var_names: Vec::new(),
            var_types: Vec::new(),
            scopes: vec![Vec::new()],
            scope_ids: vec![0],
            scopes_opened: 0,
            loc: None,
            attrs: Attrs::default(),
            signatures: Vec::new(),
            functions: Vec::new(),
            entry_points: Vec::new(),
            tuning_params: Vec::new(),
            fusions: Vec::new(),
            error: None,
        }
    }

    /// A builder for another representation of `program`, continuing
    /// its variables (names and types), tuning parameters and record of
    /// fusions.
    pub fn continuing<F: Rep>(program: &Program<F>) -> Builder<R> {
        let types = Types::of_program(program);
        let mut builder = Builder::new();
        builder.var_names = program.var_names.clone();
        builder.var_types = (0..program.var_names.len())
            .map(|i| types.get(Var(i as u32)).unwrap_or_else(Type::i64))
            .collect();
        builder.tuning_params = program.tuning_params.clone();
        builder.fusions = program.fusions.clone();
        builder
    }

    /// Records an internal error (the first one is reported).
    pub fn internal_error(&mut self, message: String) {
        let message = match &self.loc {
            Some(loc) => format!("{loc}: {message}"),
            None => message,
        };
        self.error.get_or_insert(message);
    }

    pub fn new_var(&mut self, hint: &str, ty: Type) -> Var {
        let var = Var(self.var_names.len() as u32);
        self.var_names.push(hint.to_owned());
        self.var_types.push(ty);
        var
    }

    /// Gives a variable another type (for variables made before the
    /// variables their type names).
    pub fn set_var_type(&mut self, var: Var, ty: Type) {
        self.var_types[var.0 as usize] = ty;
    }

    pub fn param(&mut self, hint: &str, ty: Type, unique: bool) -> Param {
        Param {
            var: self.new_var(hint, ty.clone()),
            ty,
            unique,
            mem: None,
        }
    }

    pub fn type_of(&self, se: SubExp) -> Type {
        match se {
            SubExp::Const(value) => Type::Prim(value.prim_type()),
            SubExp::Var(var) => self.var_types[var.0 as usize].clone(),
        }
    }

    /// The dimensions of a value's type (none for a scalar).
    pub fn dims(&self, se: SubExp) -> Vec<SubExp> {
        self.type_of(se).shape().to_vec()
    }

    /// The source location of the statements bound now.
    pub fn loc(&self) -> Option<Loc> {
        self.loc.clone()
    }

    /// Sets the source location of the statements bound from now on,
    /// returning the previous one.
    pub fn set_loc(&mut self, loc: Option<Loc>) -> Option<Loc> {
        std::mem::replace(&mut self.loc, loc)
    }

    /// The attributes of the statements bound now.
    pub fn attrs(&self) -> Attrs {
        self.attrs.clone()
    }

    /// Sets the attributes of the statements bound from now on,
    /// returning the previous ones.
    pub fn set_attrs(&mut self, attrs: Attrs) -> Attrs {
        std::mem::replace(&mut self.attrs, attrs)
    }

    /// Binds the results of `exp` to fresh variables named `hint`, the
    /// sizes its result types make existential included.
    pub fn bind(&mut self, hint: &str, exp: Exp<R>) -> Vec<Var> {
        match result_types(self, &exp) {
            Ok(types) => {
                let vars: Vec<Var> = types
                    .iter()
                    .map(|_| self.new_var(hint, Type::i64()))
                    .collect();
                let names: Vec<SubExp> = vars.iter().map(|&v| SubExp::Var(v)).collect();
                let pat: Vec<PatElem> = vars
                    .iter()
                    .zip(&types)
                    .map(|(&var, ty)| PatElem {
                        var,
                        ty: ty.instantiate(&names),
                        mem: None,
                    })
                    .collect();
                for elem in &pat {
                    self.var_types[elem.var.0 as usize] = elem.ty.clone();
                }
                self.add_stm(Stm {
                    pat,
                    exp,
                    loc: self.loc.clone(),
                    attrs: self.attrs.clone(),
                });
                vars
            }
            Err(message) => {
                self.internal_error(message);
                Vec::new()
            }
        }
    }

    /// Binds an expression with exactly one result.
    pub fn bind1(&mut self, hint: &str, exp: Exp<R>) -> Var {
        let vars = self.bind(hint, exp);
        match vars.as_slice() {
            [var] => *var,
            _ => {
                self.internal_error(format!("`{hint}` bound {} values, not one", vars.len()));
                self.new_var(hint, Type::i64())
            }
        }
    }

    /// Binds an expression with exactly `n` results.
    pub fn bind_n(&mut self, hint: &str, exp: Exp<R>, n: usize, fallback: &[Type]) -> Vec<Var> {
        let vars = self.bind(hint, exp);
        if vars.len() == n {
            return vars;
        }
        self.internal_error(format!("`{hint}` bound {} values, not {n}", vars.len()));
        fallback
            .iter()
            .map(|ty| self.new_var(hint, ty.clone()))
            .collect()
    }

    /// Binds an expression whose leading results are the sizes of the
    /// others, returning the others.
    pub fn bind_values(&mut self, hint: &str, exp: Exp<R>) -> Vec<Var> {
        let context = match result_types(self, &exp) {
            Ok(types) => context_len(&types),
            Err(_) => 0,
        };
        let mut vars = self.bind(hint, exp);
        vars.drain(..context.min(vars.len()));
        vars
    }

    /// Adds a statement binding `pat` to `exp`, at the current location
    /// and with the current attributes.
    pub fn add(&mut self, pat: Vec<PatElem>, exp: Exp<R>) {
        let stm = Stm {
            pat,
            exp,
            loc: self.loc(),
            attrs: self.attrs(),
        };
        self.add_stm(stm);
    }

    pub fn add_stm(&mut self, stm: Stm<R>) {
        self.scopes
            .last_mut()
            .expect("the builder always has a scope")
            .push(stm);
    }

    /// Starts a nested body.
    pub fn push_scope(&mut self) {
        self.scopes.push(Vec::new());
        self.scopes_opened += 1;
        self.scope_ids.push(self.scopes_opened);
    }

    /// The number of the innermost open scope: what is bound now is in
    /// scope while it is open ([`Builder::scope_is_open`]).
    pub fn current_scope(&self) -> u32 {
        self.scope_ids.last().copied().unwrap_or(0)
    }

    /// Whether the scope [`Builder::current_scope`] gave `id` is still
    /// open (and so what was bound in it still in scope).
    pub fn scope_is_open(&self, id: u32) -> bool {
        self.scope_ids.contains(&id)
    }

    /// Ends the nested body started last.
    pub fn pop_scope(&mut self, result: Vec<SubExp>) -> Body<R> {
        let stms = if self.scopes.len() > 1 {
            self.scope_ids.pop();
            self.scopes.pop().unwrap_or_default()
        } else {
            self.internal_error("a scope was closed that was never opened".into());
            Vec::new()
        };
        Body { stms, result }
    }

    /// Builds a body in its own scope.
    pub fn body(&mut self, build: impl FnOnce(&mut Builder<R>) -> Vec<SubExp>) -> Body<R> {
        self.push_scope();
        let result = build(self);
        self.pop_scope(result)
    }

    /// `value` with the shape of `target` (of the same element type and
    /// rank): where their dimensions are different operands, an
    /// assertion that they are equal (failing with `message`, to which
    /// the two shapes are appended) and a reshape.
    pub fn coerce(&mut self, value: SubExp, target: &[SubExp], message: &str) -> SubExp {
        self.coerce_with(value, target, |have, want| {
            let mut parts = vec![ErrorPart::Text(format!("{message}: "))];
            parts.extend(have);
            parts.push(ErrorPart::Text(" and ".into()));
            parts.extend(want);
            parts.push(ErrorPart::Text(".".into()));
            parts
        })
    }

    /// [`Builder::coerce`] failing with the message `message` makes of
    /// the value's shape and the target's.
    pub fn coerce_with(
        &mut self,
        value: SubExp,
        target: &[SubExp],
        message: impl FnOnce(Vec<ErrorPart>, Vec<ErrorPart>) -> Vec<ErrorPart>,
    ) -> SubExp {
        let dims = self.dims(value);
        if dims == target {
            return value;
        }
        let SubExp::Var(array) = value else {
            self.internal_error(format!("a coercion of the scalar {value:?} to {target:?}"));
            return value;
        };
        if dims.len() != target.len() {
            self.internal_error(format!(
                "a coercion of an array of rank {} to rank {}",
                dims.len(),
                target.len()
            ));
            return value;
        }
        let mut all_equal = SubExp::bool(true);
        for (&have, &want) in dims.iter().zip(target) {
            if have == want {
                continue;
            }
            let equal = SubExp::Var(self.bind1("dim_ok", Exp::Cmp(CmpOp::Eq, have, want)));
            all_equal = if all_equal == SubExp::bool(true) {
                equal
            } else {
                SubExp::Var(self.bind1("dims_ok", Exp::BinOp(BinOp::And, all_equal, equal)))
            };
        }
        let parts = message(shape_parts(&dims), shape_parts(target));
        self.bind(
            "shape_ok",
            Exp::Assert {
                condition: all_equal,
                message: parts,
            },
        );
        SubExp::Var(self.bind1(
            "coerced",
            Exp::Reshape {
                shape: target.to_vec(),
                array,
            },
        ))
    }

    /// Builds a lambda with parameters of the given types; its result
    /// types are those of the body's results, which may name only the
    /// parameters and variables bound outside (a result with sizes the
    /// body computes must be coerced by the caller, or be built with
    /// [`Builder::map_lambda`]).
    pub fn lambda(
        &mut self,
        param_types: &[Type],
        build: impl FnOnce(&mut Builder<R>, &[Var]) -> Vec<SubExp>,
    ) -> Lambda<R> {
        let params: Vec<Param> = param_types
            .iter()
            .map(|ty| self.param("p", ty.clone(), false))
            .collect();
        let vars: Vec<Var> = params.iter().map(|p| p.var).collect();
        let body = self.body(|b| build(b, &vars));
        let ret = body.result.iter().map(|&se| self.type_of(se)).collect();
        Lambda { params, body, ret }
    }

    /// Builds the fold lambda of a stream over `arrays` with accumulators
    /// of the given types: its parameters are the chunk size, the
    /// accumulators and the chunks (of the chunk size's rows). The mapped
    /// results the body returns after the accumulators must have the
    /// chunk size as outer size.
    pub fn stream_lambda(
        &mut self,
        accumulators: &[Type],
        arrays: &[Var],
        build: impl FnOnce(&mut Builder<R>, Var, &[Var], &[Var]) -> Vec<SubExp>,
    ) -> Lambda<R> {
        let chunk = self.param("chunk", Type::i64(), false);
        let accs: Vec<Param> = accumulators
            .iter()
            .map(|ty| self.param("acc", ty.clone(), false))
            .collect();
        let rows: Vec<Type> = arrays
            .iter()
            .filter_map(|&a| self.type_of(SubExp::Var(a)).row())
            .collect();
        let chunks: Vec<Param> = rows
            .iter()
            .map(|row| self.param("chunk", row.array_of(SubExp::Var(chunk.var)), false))
            .collect();
        let acc_vars: Vec<Var> = accs.iter().map(|p| p.var).collect();
        let chunk_vars: Vec<Var> = chunks.iter().map(|p| p.var).collect();
        let body = self.body(|b| build(b, chunk.var, &acc_vars, &chunk_vars));
        let ret = body.result.iter().map(|&se| self.type_of(se)).collect();
        let mut params = vec![chunk];
        params.extend(accs);
        params.extend(chunks);
        Lambda { params, body, ret }
    }

    /// Builds the lambda of a map over the rows of `arrays` (of outer
    /// size `width`). Where a result's sizes are computed by the body,
    /// they are computed once before the map: by the statements that
    /// compute them, moved out, if those depend on no parameter and
    /// cannot fail; otherwise by those statements run on the first rows
    /// (and zero for no rows). Each row is then checked to have these
    /// sizes.
    pub fn map_lambda(
        &mut self,
        width: SubExp,
        arrays: &[Var],
        build: impl FnOnce(&mut Builder<R>, &[Var]) -> Vec<SubExp>,
    ) -> Lambda<R> {
        let row_types: Vec<Type> = arrays
            .iter()
            .filter_map(|&a| self.type_of(SubExp::Var(a)).row())
            .collect();
        let lambda = self.lambda(&row_types, build);
        self.close_map_lambda(width, arrays, lambda)
    }

    /// A lambda built over the rows of `arrays` (of outer size `width`)
    /// made a map's: see [`Builder::map_lambda`].
    pub fn close_map_lambda(
        &mut self,
        width: SubExp,
        arrays: &[Var],
        mut lambda: Lambda<R>,
    ) -> Lambda<R> {
        let inner = bound_in_body(&lambda.body);
        let needed: Vec<Var> = lambda
            .ret
            .iter()
            .flat_map(|t| t.shape().to_vec())
            .filter_map(|d| d.as_var())
            .filter(|v| inner.contains(v))
            .collect();
        if needed.is_empty() {
            return lambda;
        }
        let outer = self.sizes_outside(width, arrays, &lambda, &needed);
        // Each row must have the sizes computed outside.
        let results = std::mem::take(&mut lambda.body.result);
        self.push_scope();
        let mut coerced = Vec::with_capacity(results.len());
        for result in results {
            let target: Vec<SubExp> = self
                .dims(result)
                .iter()
                .map(|d| {
                    d.as_var()
                        .and_then(|v| outer.get(&v))
                        .copied()
                        .unwrap_or(*d)
                })
                .collect();
            coerced.push(self.coerce(result, &target, "Rows of an array have different shapes"));
        }
        let extra = self.pop_scope(Vec::new());
        lambda.body.stms.extend(extra.stms);
        lambda.ret = coerced.iter().map(|&se| self.type_of(se)).collect();
        lambda.body.result = coerced;
        lambda
    }

    /// The values, outside the lambda, of the sizes `needed` that its
    /// body computes (see [`Builder::map_lambda`]), by variable.
    fn sizes_outside(
        &mut self,
        width: SubExp,
        arrays: &[Var],
        lambda: &Lambda<R>,
        needed: &[Var],
    ) -> FxHashMap<Var, SubExp> {
        // The statements computing the needed sizes, in order.
        let mut wanted: FxHashSet<Var> = needed.iter().copied().collect();
        let mut slice = Vec::new();
        for stm in lambda.body.stms.iter().rev() {
            if stm.pat.iter().any(|p| wanted.contains(&p.var)) {
                wanted.extend(free_in_exp(&stm.exp));
                slice.push(stm.clone());
            }
        }
        slice.reverse();
        let params: FxHashSet<Var> = lambda.params.iter().map(|p| p.var).collect();
        let independent = !wanted.iter().any(|v| params.contains(v))
            && !slice.iter().any(|stm| can_fail(self, &stm.exp));
        let mut unique_needed = needed.to_vec();
        unique_needed.dedup();
        let values: Vec<SubExp> = if independent {
            let renaming = self.fresh_copy(&slice, &FxHashMap::default());
            unique_needed.iter().map(|v| renaming[v]).collect()
        } else {
            let nonempty =
                SubExp::Var(self.bind1("nonempty", Exp::Cmp(CmpOp::Lt, SubExp::i64(0), width)));
            let then_body = self.body(|b| {
                let mut rows = FxHashMap::default();
                for (param, &array) in lambda.params.iter().zip(arrays) {
                    let row = b.bind1(
                        "first_row",
                        Exp::Index {
                            array,
                            slice: vec![DimIndex::Fix(SubExp::i64(0))],
                        },
                    );
                    rows.insert(param.var, SubExp::Var(row));
                }
                let renaming = b.fresh_copy(&slice, &rows);
                unique_needed.iter().map(|v| renaming[v]).collect()
            });
            let else_body = Body {
                stms: Vec::new(),
                result: vec![SubExp::i64(0); unique_needed.len()],
            };
            self.bind_if("size", nonempty, then_body, else_body)
                .into_iter()
                .map(SubExp::Var)
                .collect()
        };
        unique_needed.into_iter().zip(values).collect()
    }

    /// Emits a copy of `stms` with fresh variables, the variables of
    /// `given` replaced; returns the renaming (variable to its copy).
    fn fresh_copy(
        &mut self,
        stms: &[Stm<R>],
        given: &FxHashMap<Var, SubExp>,
    ) -> FxHashMap<Var, SubExp> {
        let mut renaming = given.clone();
        for stm in stms {
            let mut all_bound = FxHashSet::default();
            stm.pat.iter().for_each(|p| {
                all_bound.insert(p.var);
            });
            let body = Body {
                stms: vec![stm.clone()],
                result: Vec::new(),
            };
            all_bound.extend(bound_in_body(&body));
            for var in all_bound {
                let hint = self.var_names[var.0 as usize].clone();
                let ty = self.var_types[var.0 as usize].clone();
                let fresh = self.new_var(&hint, ty);
                renaming.insert(var, SubExp::Var(fresh));
            }
            let mut copy = stm.clone();
            Renamer::new(&renaming).stm(&mut copy);
            for elem in &mut copy.pat {
                elem.ty = super::check::substitute(&elem.ty, &renaming);
                self.var_types[elem.var.0 as usize] = elem.ty.clone();
            }
            self.add_stm(copy);
        }
        renaming
    }

    /// Binds a branch whose bodies are built: each dimension of a result
    /// that the two branches give as different operands, or as one bound
    /// inside them, becomes a size the branch returns. Returns the
    /// variables of the bodies' results.
    pub fn bind_if(
        &mut self,
        hint: &str,
        condition: SubExp,
        mut then_body: Body<R>,
        mut else_body: Body<R>,
    ) -> Vec<Var> {
        if then_body.result.len() != else_body.result.len() {
            self.internal_error("branches of different numbers of results".into());
            return Vec::new();
        }
        // Found only where a result has a dimension that is a variable:
        // walking the bodies at every branch of a deep `if` chain is
        // quadratic.
        let mut inside: Option<FxHashSet<Var>> = None;
        let mut then_sizes = Vec::new();
        let mut else_sizes = Vec::new();
        let mut ret = Vec::with_capacity(then_body.result.len());
        for (&t, &e) in then_body.result.iter().zip(&else_body.result) {
            let then_ty = self.type_of(t);
            let else_dims = self.dims(e);
            let mut shape = Vec::with_capacity(then_ty.rank());
            for (i, &dim) in then_ty.shape().iter().enumerate() {
                let other = else_dims.get(i).copied().unwrap_or(dim);
                let free = dim == other
                    && dim.as_var().is_none_or(|v| {
                        let inside = inside.get_or_insert_with(|| {
                            let mut inside = bound_in_body(&then_body);
                            inside.extend(bound_in_body(&else_body));
                            inside
                        });
                        !inside.contains(&v)
                    });
                if free {
                    shape.push(ExtDim::Free(dim));
                } else {
                    shape.push(ExtDim::Ext(then_sizes.len()));
                    then_sizes.push(dim);
                    else_sizes.push(other);
                }
            }
            ret.push(ExtType::with_shape(then_ty.element(), shape));
        }
        let context = then_sizes.len();
        let mut full_ret = vec![ExtType::Prim(PrimType::I64); context];
        full_ret.extend(ret);
        then_sizes.append(&mut then_body.result);
        then_body.result = then_sizes;
        else_sizes.append(&mut else_body.result);
        else_body.result = else_sizes;
        self.bind_values(
            hint,
            Exp::If {
                condition,
                then_body,
                else_body,
                ret: full_ret,
            },
        )
    }

    /// Parameters for a loop starting from `inits` (unique where the flag
    /// says so): see [`LoopParams`].
    pub fn loop_params(&mut self, hint: &str, inits: &[(SubExp, bool)]) -> LoopParams {
        let mut params = LoopParams::default();
        for &(init, unique) in inits {
            let ty = self.type_of(init);
            let mut shape = Vec::with_capacity(ty.rank());
            for &dim in ty.shape() {
                let size = self.param("size", Type::i64(), false);
                shape.push(SubExp::Var(size.var));
                params.sizes.push((size, dim));
            }
            let param = self.param(
                hint,
                Type::with_shape(ty.element(), shape),
                unique && ty.rank() > 0,
            );
            params.values.push((param, init));
        }
        params
    }

    /// Binds a loop over `params` whose body (built with the parameters
    /// in scope) gives the values' next values; the sizes' next values
    /// are those values' dimensions. Returns the variables of the values.
    pub fn bind_loop(
        &mut self,
        hint: &str,
        params: LoopParams,
        form: LoopForm,
        mut body: Body<R>,
    ) -> Vec<Var> {
        let mut sizes: Vec<SubExp> = body.result.iter().flat_map(|&se| self.dims(se)).collect();
        if sizes.len() != params.sizes.len() {
            self.internal_error(
                "a loop body's results have other ranks than its parameters".into(),
            );
            return Vec::new();
        }
        sizes.append(&mut body.result);
        body.result = sizes;
        let size_count = params.sizes.len();
        let mut all = params.sizes;
        all.extend(params.values);
        let mut vars = self.bind(
            hint,
            Exp::Loop {
                params: all,
                form,
                body,
            },
        );
        vars.drain(..size_count.min(vars.len()));
        vars
    }

    /// Parameters for values of the given element types and ranks
    /// (unique where the flag says so), as a function takes them: a size
    /// parameter for each dimension of each array, then the values.
    /// Returns both.
    pub fn sized_params(
        &mut self,
        hint: &str,
        kinds: &[(PrimType, usize, bool)],
    ) -> (Vec<Param>, Vec<Param>) {
        let mut sizes = Vec::new();
        let mut values = Vec::new();
        for &(element, rank, unique) in kinds {
            let mut shape = Vec::with_capacity(rank);
            for _ in 0..rank {
                let size = self.param("size", Type::i64(), false);
                shape.push(SubExp::Var(size.var));
                sizes.push(size);
            }
            values.push(self.param(hint, Type::with_shape(element, shape), unique && rank > 0));
        }
        (sizes, values)
    }

    /// The result types of a function with these parameters and body:
    /// each dimension that is a constant or a parameter stays; any other
    /// becomes a size the function returns first (added to the body's
    /// results). With `all_existential`, every dimension is returned (for
    /// a function declared before its body, such as a recursive one).
    pub fn function_results(
        &mut self,
        params: &[Param],
        body: &mut Body<R>,
        all_existential: bool,
    ) -> Vec<ExtType> {
        let param_vars: FxHashSet<Var> = params.iter().map(|p| p.var).collect();
        let mut sizes = Vec::new();
        let mut ret: Vec<ExtType> = body
            .result
            .iter()
            .map(|&se| {
                self.type_of(se).map_dims(|&d| {
                    let known = match d {
                        SubExp::Const(_) => true,
                        SubExp::Var(v) => param_vars.contains(&v),
                    };
                    if known && !all_existential {
                        ExtDim::Free(d)
                    } else {
                        sizes.push(d);
                        ExtDim::Ext(sizes.len() - 1)
                    }
                })
            })
            .collect();
        let mut full = vec![ExtType::Prim(PrimType::I64); sizes.len()];
        full.append(&mut ret);
        sizes.append(&mut body.result);
        body.result = sizes;
        full
    }

    /// Binds a call of `func` on the values `args`, passing their
    /// dimensions as the size arguments; returns the variables of the
    /// values it returns.
    pub fn bind_call(&mut self, hint: &str, func: FuncId, args: &[SubExp]) -> Vec<Var> {
        let mut all: Vec<SubExp> = args.iter().flat_map(|&a| self.dims(a)).collect();
        all.extend_from_slice(args);
        self.bind_values(hint, Exp::Call { func, args: all })
    }

    /// The arguments of a call of `func` (all of them, sizes included),
    /// each with the shape its parameter's type gives it at this call
    /// (checked where the shapes are different operands).
    pub fn coerce_args(&mut self, func: FuncId, args: &[SubExp], message: &str) -> Vec<SubExp> {
        let Some((params, _)) = self.signature(func) else {
            return args.to_vec();
        };
        let subst: FxHashMap<Var, SubExp> = params
            .iter()
            .map(|p| p.var)
            .zip(args.iter().copied())
            .collect();
        params
            .iter()
            .zip(args)
            .map(|(param, &arg)| {
                let expected = super::check::substitute(&param.ty, &subst);
                self.coerce(arg, expected.shape(), message)
            })
            .collect()
    }

    /// Declares a function, so that calls can be built before its body.
    pub fn declare_function(
        &mut self,
        name: &str,
        params: Vec<Param>,
        ret: Vec<ExtType>,
    ) -> FuncId {
        let id = FuncId(self.signatures.len() as u32);
        self.signatures.push((name.to_owned(), params, ret));
        self.functions.push(None);
        id
    }

    /// The parameters of a function declared so far.
    pub fn function_params(&self, id: FuncId) -> &[Param] {
        &self.signatures[id.0 as usize].1
    }

    /// A function defined so far.
    pub fn function(&self, id: FuncId) -> Option<&Function<R>> {
        self.functions.get(id.0 as usize)?.as_ref()
    }

    /// The name a variable was created with.
    pub fn var_name(&self, var: Var) -> &str {
        self.var_names
            .get(var.0 as usize)
            .map_or("v", String::as_str)
    }

    /// Declares and defines a function whose body is already built.
    pub fn add_function(&mut self, function: Function<R>) -> FuncId {
        let ret = function.ret.iter().map(|(t, _)| t.clone()).collect();
        let id = self.declare_function(&function.name, function.params.clone(), ret);
        self.define_function(id, function);
        id
    }

    /// Defines a declared function (its signature becomes the one given).
    pub fn define_function(&mut self, id: FuncId, function: Function<R>) {
        let signature = &mut self.signatures[id.0 as usize];
        signature.1 = function.params.clone();
        signature.2 = function.ret.iter().map(|(t, _)| t.clone()).collect();
        self.functions[id.0 as usize] = Some(function);
    }

    pub fn add_entry_point(&mut self, entry: EntryPoint) {
        self.entry_points.push(entry);
    }

    /// How many tuning parameters the program has.
    pub fn tuning_param_count(&self) -> usize {
        self.tuning_params.len()
    }

    /// The number of the tuning parameter called `name`, added if new.
    pub fn tuning_param(&mut self, name: &str) -> u32 {
        super::link::tuning_param(&mut self.tuning_params, name)
    }

    /// The program built, or the first internal error.
    pub fn finish(self) -> Result<Program<R>, String> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let mut functions = Vec::with_capacity(self.functions.len());
        for (function, (name, _, _)) in self.functions.into_iter().zip(&self.signatures) {
            functions.push(function.ok_or_else(|| format!("function `{name}` has no body"))?);
        }
        distinct_names(&mut functions, &self.entry_points);
        Ok(Program {
            functions,
            entry_points: self.entry_points,
            var_names: self.var_names,
            tuning_params: self.tuning_params,
            fusions: self.fusions,
        })
    }
}

/// Renames functions whose names an earlier function (or an entry
/// point's function) has, so that calls name one function (an entry
/// point `f_3` and the third instance of `f` would not). Entry points'
/// functions keep their names.
pub(super) fn distinct_names<R: Rep>(functions: &mut [Function<R>], entry_points: &[EntryPoint]) {
    let entries: FxHashSet<usize> = entry_points.iter().map(|e| e.func.0 as usize).collect();
    let mut taken: FxHashSet<String> = entries
        .iter()
        .filter_map(|&i| functions.get(i))
        .map(|f| f.name.clone())
        .collect();
    for (i, function) in functions.iter_mut().enumerate() {
        if entries.contains(&i) {
            continue;
        }
        let mut name = function.name.clone();
        let mut copy = 1;
        while !taken.insert(name.clone()) {
            name = format!("{}'{copy}", function.name);
            copy += 1;
        }
        function.name = name;
    }
}

impl Builder<Soacs> {
    /// What was built, as a piece of a program (see [`super::link`]): a
    /// declared function without a body is the function 0 of the piece
    /// `external` names for it. Or the first internal error.
    pub fn into_piece<K>(
        self,
        external: &mut dyn FnMut(FuncId) -> Option<K>,
    ) -> Result<super::link::Piece<K>, String> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let mut functions = Vec::with_capacity(self.functions.len());
        for (index, (function, (name, _, _))) in
            self.functions.into_iter().zip(&self.signatures).enumerate()
        {
            functions.push(match function {
                Some(function) => super::link::PieceFunction::Defined(function),
                None => super::link::PieceFunction::External(
                    external(FuncId(index as u32))
                        .ok_or_else(|| format!("function `{name}` has no body"))?,
                ),
            });
        }
        Ok(super::link::Piece {
            functions,
            var_names: self.var_names,
            tuning_params: self.tuning_params,
            entry_points: self.entry_points,
        })
    }

    /// A scatter of the rows of `values` (one array per destination) to
    /// the rows of `dests` at `indices`, all of outer size `width`: its
    /// map passes the rows on, the index once per destination.
    pub fn scatter(&mut self, width: SubExp, dests: &[Var], indices: Var, values: &[Var]) -> Exp {
        let map = self.rows_lambda(values, dests.len());
        let mut arrays = vec![indices];
        arrays.extend_from_slice(values);
        Exp::Op(Soac::Scatter {
            width,
            arrays,
            dests: dests
                .iter()
                .map(|&array| ScatterDest { array, writes: 1 })
                .collect(),
            map,
        })
    }

    /// A histogram combining the rows of `values` (one array per
    /// destination) into the buckets of `dests` at `indices`, all of
    /// outer size `width`, with `op`: its map passes the rows on.
    pub fn hist(
        &mut self,
        width: SubExp,
        dests: Vec<Var>,
        op: Lambda,
        neutral: Vec<SubExp>,
        indices: Var,
        values: &[Var],
    ) -> Exp {
        let map = self.rows_lambda(values, 1);
        let mut arrays = vec![indices];
        arrays.extend_from_slice(values);
        Exp::Op(Soac::Hist {
            width,
            arrays,
            ops: vec![HistOp { dests, neutral, op }],
            map,
        })
    }

    /// A lambda over rows of `indices` and `values` returning the index
    /// `copies` times and then the values.
    fn rows_lambda(&mut self, values: &[Var], copies: usize) -> Lambda {
        let mut rows = vec![Type::i64()];
        rows.extend(
            values
                .iter()
                .filter_map(|&v| self.type_of(SubExp::Var(v)).row()),
        );
        self.lambda(&rows, |_, p| {
            let mut result = vec![SubExp::Var(p[0]); copies];
            result.extend(p[1..].iter().map(|&v| SubExp::Var(v)));
            result
        })
    }
}

/// A shape as parts of an error message: `[2][3]`.
fn shape_parts(shape: &[SubExp]) -> Vec<ErrorPart> {
    let mut parts = Vec::new();
    for &dim in shape {
        parts.push(ErrorPart::Text("[".into()));
        parts.push(ErrorPart::Value(dim));
        parts.push(ErrorPart::Text("]".into()));
    }
    parts
}

/// A program whose entry point `main` is built by `build` from its
/// parameters (of the given kinds, unique where the flag says so, each
/// dimension a size parameter); `helpers` are built first and may be
/// called. For the unit tests of the IR's consumers.
#[cfg(test)]
pub(crate) fn test_program(
    params: &[(super::Kind, bool)],
    helpers: impl FnOnce(&mut Builder),
    build: impl FnOnce(&mut Builder, &[SubExp]) -> Vec<SubExp>,
) -> Program {
    let mut b = Builder::new();
    helpers(&mut b);
    let kinds: Vec<(PrimType, usize, bool)> = params
        .iter()
        .map(|(kind, unique)| (kind.element, kind.rank, *unique))
        .collect();
    let (sizes, values) = b.sized_params("p", &kinds);
    let args: Vec<SubExp> = values.iter().map(|p| SubExp::Var(p.var)).collect();
    let mut body = b.body(|b| build(b, &args));
    let mut all_params = sizes;
    all_params.extend(values.iter().cloned());
    let results: Vec<super::ExternalType> = body
        .result
        .iter()
        .map(|&r| {
            let ty = b.type_of(r);
            super::ExternalType::Direct {
                element: ty.element(),
                rank: ty.rank(),
            }
        })
        .collect();
    let ret = b.function_results(&all_params, &mut body, false);
    let func = b.declare_function("main", all_params.clone(), ret.clone());
    b.add_entry_point(EntryPoint {
        name: "main".into(),
        func,
        params: values
            .iter()
            .map(|p| super::ExternalType::Direct {
                element: p.ty.element(),
                rank: p.ty.rank(),
            })
            .collect(),
        api: super::EntryApi {
            param_names: vec![None; values.len()],
            params_unique: params.iter().map(|&(_, unique)| unique).collect(),
            results_unique: vec![false; results.len()],
        },
        results,
    });
    b.define_function(
        func,
        Function {
            name: "main".into(),
            params: all_params,
            ret: ret.into_iter().map(|t| (t, false)).collect(),
            body,
        },
    );
    let program = b.finish().expect("a well-formed test program");
    crate::ir::check::check_program(&program).expect("a well-typed test program");
    program
}
