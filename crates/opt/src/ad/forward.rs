//! Forward mode: dual numbers on the IR, and the vector-Jacobian product
//! computed from it.
//!
//! [`Forward`] emits a lambda's statements applied to arguments together
//! with the statements of their tangents (a tangent variable beside every
//! variable that depends on a differentiated input). Every construct of
//! the IR is covered: scalar operations and the floating-point functions
//! by the derivatives of [`super::rules`], branches and loops by carrying
//! tangents through them, array operations by applying the same operation
//! to the tangents, SOACs by mapping the differentiated lambda and
//! combining with the dual of their operators, and calls by calling a
//! derived function (made once per function, with a tangent beside every
//! parameter and result). Variables of the differentiated code are
//! renamed, so the same lambda can be emitted several times in one
//! function. Free variables of the lambda are constants of the
//! differentiation. As upstream, integers are differentiated with integer
//! arithmetic, and booleans carry tangents through `!`, conversions and
//! data movement; comparisons and bit operations have zero tangents.
//! Tangents are created only where a differentiated input flows; where
//! one must exist without (a result, a branch, a loop parameter) it is
//! zero.
//!
//! [`vjp_by_forward`] computes the vector-Jacobian product with forward
//! mode: one forward derivative per scalar of each argument (a parallel
//! map over the argument's elements), each dotted with the cotangent.
//! Exact, and able to differentiate everything forward mode can, but its
//! cost is the size of the arguments times the cost of the function: it
//! is the reverse sweep's fallback.

use super::rules::{binop_partial, float_fn_partial};
use super::{Derivatives, Result, array_dims, one, product, reached_from_user_code};
use crate::ir::build::Builder;
use crate::ir::{
    Body, DimIndex, Exp, ExtDim, ExtType, FuncId, Function, HistOp, Lambda, LoopForm, Param,
    PatElem, ReduceOp, ScanOp, ScatterDest, Soac, Stm, SubExp, Type, Var,
};
use prim::PrimType;
use prim::PrimValue;
use prim::{BinOp, FloatFn, PrimFn, UnOp};
use rustc_hash::FxHashMap;

/// Emits `lambda` applied to `args`, with the tangents `arg_tangents`
/// (`None` for zero). Returns the results and their tangents (zero for
/// results that are not floating-point).
pub(super) fn jvp(
    builder: &mut Builder,
    derivatives: &mut Derivatives,
    lambda: &Lambda,
    args: &[SubExp],
    arg_tangents: &[Option<SubExp>],
) -> Result<(Vec<SubExp>, Vec<SubExp>)> {
    let mut forward = Forward::new(builder, derivatives);
    forward.bind_args(lambda, args, arg_tangents);
    forward.stms(&lambda.body.stms)?;
    let mut results = Vec::new();
    let mut tangents = Vec::new();
    for &result in &lambda.body.result {
        let primal = forward.se(result);
        results.push(primal);
        let tangent = match forward.tangent(result) {
            Some(tangent) => tangent,
            None => forward.zero_like(primal),
        };
        tangents.push(tangent);
    }
    Ok((results, tangents))
}

/// Emits `lambda` applied to `args` and the vector-Jacobian product of
/// the cotangents `cotangents` (one per result), by forward mode. Returns
/// the results and one adjoint per argument.
pub(super) fn vjp_by_forward(
    builder: &mut Builder,
    derivatives: &mut Derivatives,
    lambda: &Lambda,
    args: &[SubExp],
    cotangents: &[SubExp],
) -> Result<(Vec<SubExp>, Vec<SubExp>)> {
    let no_tangents = vec![None; args.len()];
    let results: Vec<SubExp> = {
        let mut forward = Forward::new(builder, derivatives);
        forward.bind_args(lambda, args, &no_tangents);
        forward.stms(&lambda.body.stms)?;
        lambda.body.result.iter().map(|&r| forward.se(r)).collect()
    };
    let mut adjoints = Vec::new();
    for (index, &arg) in args.iter().enumerate() {
        let ty = builder.type_of(arg);
        let adjoint = if ty.element() == PrimType::Bool {
            Forward::new(builder, derivatives).zero_like(arg)
        } else if ty.rank() == 0 {
            let mut tangents = no_tangents.clone();
            tangents[index] = Some(one(ty.element()));
            let (_, result_tangents) = jvp(builder, derivatives, lambda, args, &tangents)?;
            dot(builder, cotangents, &result_tangents, ty.element())
        } else {
            element_adjoints(builder, derivatives, lambda, args, index, cotangents)?
        };
        adjoints.push(adjoint);
    }
    Ok((results, adjoints))
}

/// The adjoint of the array argument `index`: a map over its elements,
/// each the dot product of the cotangents with the derivative in the
/// direction of that element.
fn element_adjoints(
    builder: &mut Builder,
    derivatives: &mut Derivatives,
    lambda: &Lambda,
    args: &[SubExp],
    index: usize,
    cotangents: &[SubExp],
) -> Result<SubExp> {
    let arg = args[index];
    let ty = builder.type_of(arg);
    let element = ty.element();
    let array = arg
        .as_var()
        .ok_or("internal error: an array argument is a constant")?;
    let dims = array_dims(builder, array);
    let count = product(builder, &dims);
    let positions = builder.bind1(
        "k",
        Exp::Iota {
            len: count,
            start: SubExp::i64(0),
            step: SubExp::i64(1),
            ty: PrimType::I64,
        },
    );
    let position = builder.param("k", Type::i64(), false);
    builder.push_scope();
    let zeros = builder.bind1(
        "zeros",
        Exp::Replicate {
            shape: vec![count],
            value: SubExp::Const(PrimValue::zero(element)),
        },
    );
    let one_hot = builder.bind1(
        "one_hot",
        Exp::Update {
            array: zeros,
            slice: vec![DimIndex::Fix(SubExp::Var(position.var))],
            value: one(element),
        },
    );
    let direction = builder.bind1(
        "direction",
        Exp::Reshape {
            shape: dims.clone(),
            array: one_hot,
        },
    );
    let mut tangents = vec![None; args.len()];
    tangents[index] = Some(SubExp::Var(direction));
    let (_, result_tangents) = jvp(builder, derivatives, lambda, args, &tangents)?;
    let sum = dot(builder, cotangents, &result_tangents, element);
    let body = builder.pop_scope(vec![sum]);
    let map = Lambda {
        params: vec![position],
        body,
        ret: vec![Type::Prim(element)],
    };
    let flat = builder.bind1(
        "adjoint",
        Exp::Op(Soac::Screma {
            width: count,
            arrays: vec![positions],
            map,
            scans: Vec::new(),
            reduces: Vec::new(),
            post: None,
        }),
    );
    Ok(SubExp::Var(builder.bind1(
        "adjoint",
        Exp::Reshape {
            shape: dims,
            array: flat,
        },
    )))
}

/// The sum over the floating-point results of `cotangents · tangents`,
/// as a scalar of type `element`.
fn dot(
    builder: &mut Builder,
    cotangents: &[SubExp],
    tangents: &[SubExp],
    element: PrimType,
) -> SubExp {
    let mut sum = SubExp::Const(PrimValue::zero(element));
    for (&cotangent, &tangent) in cotangents.iter().zip(tangents) {
        let ty = builder.type_of(tangent);
        if ty.element() == PrimType::Bool {
            continue;
        }
        let term = match (&ty, cotangent.as_var(), tangent.as_var()) {
            (Type::Prim(_), _, _) => {
                SubExp::Var(builder.bind1("dot", Exp::BinOp(BinOp::Mul, cotangent, tangent)))
            }
            (Type::Array { element: e, .. }, Some(c), Some(t)) => {
                let dims = array_dims(builder, t);
                let count = product(builder, &dims);
                let flat_c = builder.bind1(
                    "flat",
                    Exp::Reshape {
                        shape: vec![count],
                        array: c,
                    },
                );
                let flat_t = builder.bind1(
                    "flat",
                    Exp::Reshape {
                        shape: vec![count],
                        array: t,
                    },
                );
                let e = *e;
                let map = builder.lambda(&[Type::Prim(e), Type::Prim(e)], |b, p| {
                    vec![SubExp::Var(b.bind1(
                        "dot",
                        Exp::BinOp(BinOp::Mul, SubExp::Var(p[0]), SubExp::Var(p[1])),
                    ))]
                });
                let add = builder.lambda(&[Type::Prim(e), Type::Prim(e)], |b, p| {
                    vec![SubExp::Var(b.bind1(
                        "sum",
                        Exp::BinOp(BinOp::Add, SubExp::Var(p[0]), SubExp::Var(p[1])),
                    ))]
                });
                SubExp::Var(builder.bind1(
                    "dot",
                    Exp::Op(Soac::Screma {
                        width: count,
                        arrays: vec![flat_c, flat_t],
                        map,
                        scans: Vec::new(),
                        reduces: vec![ReduceOp {
                            lambda: add,
                            neutral: vec![SubExp::Const(PrimValue::zero(e))],
                            commutative: true,
                        }],
                        post: None,
                    }),
                ))
            }
            _ => continue,
        };
        let term = if ty.element() == element {
            term
        } else {
            SubExp::Var(builder.bind1("dot", Exp::Convert(element, term)))
        };
        sum = SubExp::Var(builder.bind1("dot", Exp::BinOp(BinOp::Add, sum, term)));
    }
    sum
}

/// Emits differentiated code into the builder's current scope.
pub(super) struct Forward<'a> {
    builder: &'a mut Builder,
    derivatives: &'a mut Derivatives,
    /// The new names of the differentiated code's variables.
    rename: FxHashMap<Var, Var>,
    /// The tangents of the differentiated code's variables, by their
    /// original names.
    tangents: FxHashMap<Var, SubExp>,
}

impl<'a> Forward<'a> {
    pub(super) fn new(builder: &'a mut Builder, derivatives: &'a mut Derivatives) -> Forward<'a> {
        Forward {
            builder,
            derivatives,
            rename: FxHashMap::default(),
            tangents: FxHashMap::default(),
        }
    }

    /// Binds the lambda's parameters to the arguments and their tangents.
    fn bind_args(&mut self, lambda: &Lambda, args: &[SubExp], tangents: &[Option<SubExp>]) {
        for ((param, &arg), tangent) in lambda.params.iter().zip(args).zip(tangents) {
            let var = self.builder.bind1("arg", Exp::SubExp(arg));
            self.rename.insert(param.var, var);
            if let Some(tangent) = tangent {
                // A tangent has its primal's shape.
                let shape = self.builder.dims(arg);
                let tangent = self
                    .builder
                    .coerce(*tangent, &shape, "Tangent of another shape");
                self.tangents.insert(param.var, tangent);
            }
        }
    }

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

    /// A type of the original code with its sizes renamed.
    fn ty(&self, ty: &Type) -> Type {
        ty.map_dims(|&d| self.se(d))
    }

    fn ext_ty(&self, ty: &ExtType) -> ExtType {
        ty.map_dims(|&d| match d {
            ExtDim::Free(se) => ExtDim::Free(self.se(se)),
            ext => ext,
        })
    }

    /// A fresh parameter for an original one, its type renamed.
    fn fresh_param(&mut self, p: &Param) -> Param {
        let ty = self.ty(&p.ty);
        Param {
            var: self.fresh(p.var, ty.clone()),
            ty,
            unique: p.unique,
            mem: None,
        }
    }

    /// A parameter for the tangent of an original parameter.
    fn tangent_param(&mut self, p: &Param) -> Param {
        let ty = self.ty(&p.ty);
        let tangent = self.builder.param("tan", ty, p.unique);
        self.tangents.insert(p.var, SubExp::Var(tangent.var));
        tangent
    }

    fn tangent(&self, se: SubExp) -> Option<SubExp> {
        se.as_var().and_then(|var| self.tangents.get(&var).copied())
    }

    /// A zero of the type (and shape) of `primal`, a renamed value.
    fn zero_like(&mut self, primal: SubExp) -> SubExp {
        let ty = self.builder.type_of(primal);
        let zero = SubExp::Const(PrimValue::zero(ty.element()));
        match (ty, primal.as_var()) {
            (Type::Array { .. }, Some(array)) => {
                let shape = array_dims(self.builder, array);
                SubExp::Var(
                    self.builder
                        .bind1("zeros", Exp::Replicate { shape, value: zero }),
                )
            }
            _ => zero,
        }
    }

    /// The tangent of an original value, zero when it has none, with the
    /// shape of its primal.
    fn tangent_or_zero(&mut self, se: SubExp) -> SubExp {
        let primal = self.se(se);
        match self.tangent(se) {
            Some(tangent) => {
                let shape = self.builder.dims(primal);
                self.builder
                    .coerce(tangent, &shape, "Tangent of another shape")
            }
            None => self.zero_like(primal),
        }
    }

    /// The tangent of an original array, a zero array when it has none.
    fn tangent_array(&mut self, array: Var) -> Result<Var> {
        self.tangent_or_zero(SubExp::Var(array))
            .as_var()
            .ok_or_else(|| "internal error: the tangent of an array is a constant".into())
    }

    fn fresh(&mut self, var: Var, ty: Type) -> Var {
        let name = self.builder.var_name(var).to_owned();
        let new = self.builder.new_var(&name, ty);
        self.rename.insert(var, new);
        new
    }

    /// Fresh names for a statement's pattern (whose types may name the
    /// pattern's own earlier variables).
    fn pattern(&mut self, pat: &[PatElem]) -> Vec<PatElem> {
        let mut new = Vec::with_capacity(pat.len());
        for elem in pat {
            let var = self.fresh(elem.var, Type::i64());
            new.push(var);
        }
        new.into_iter()
            .zip(pat)
            .map(|(var, elem)| {
                let ty = self.ty(&elem.ty);
                self.builder.set_var_type(var, ty.clone());
                PatElem { var, ty, mem: None }
            })
            .collect()
    }

    /// Tangent variables for the elements of a pattern (renamed
    /// already), each of its primal's type.
    fn tangent_pattern(&mut self, pat: &[PatElem]) -> Vec<PatElem> {
        pat.iter()
            .map(|elem| {
                let name = format!("{}_tan", self.builder.var_name(elem.var));
                let ty = self.ty(&elem.ty);
                let var = self.builder.new_var(&name, ty.clone());
                self.tangents.insert(elem.var, SubExp::Var(var));
                PatElem { var, ty, mem: None }
            })
            .collect()
    }

    fn bind(&mut self, exp: Exp) -> SubExp {
        SubExp::Var(self.builder.bind1("tan", exp))
    }

    fn binop(&mut self, op: BinOp, a: SubExp, b: SubExp) -> SubExp {
        self.bind(Exp::BinOp(op, a, b))
    }

    fn add(&mut self, a: Option<SubExp>, b: Option<SubExp>) -> Option<SubExp> {
        match (a, b) {
            (Some(a), Some(b)) => Some(self.binop(BinOp::Add, a, b)),
            (a, None) => a,
            (None, b) => b,
        }
    }

    fn neg(&mut self, tangent: Option<SubExp>) -> Option<SubExp> {
        tangent.map(|t| self.bind(Exp::UnOp(UnOp::Neg, t)))
    }

    fn stms(&mut self, stms: &[Stm]) -> Result<()> {
        for stm in stms {
            let saved = self.builder.set_loc(stm.loc.clone());
            let result = self.stm(stm);
            self.builder.set_loc(saved);
            result.map_err(|mut error| {
                // The innermost statement reached from the user's code
                // locates the error.
                if !error.loc.as_ref().is_some_and(reached_from_user_code) {
                    error.loc = stm.loc.clone().or(error.loc);
                }
                error
            })?;
        }
        Ok(())
    }

    fn stm(&mut self, stm: &Stm) -> Result<()> {
        match &stm.exp {
            Exp::Call { func, args } => self.call(stm, *func, args),
            Exp::If {
                condition,
                then_body,
                else_body,
                ret,
            } => {
                let condition = self.se(*condition);
                let then_body = self.body(then_body)?;
                let else_body = self.body(else_body)?;
                let ret: Vec<ExtType> = ret.iter().map(|t| self.ext_ty(t)).collect();
                let ret = ret.iter().chain(&ret).cloned().collect();
                let exp = Exp::If {
                    condition,
                    then_body,
                    else_body,
                    ret,
                };
                self.emit_with_tangents(&stm.pat, exp);
                Ok(())
            }
            Exp::Loop { params, form, body } => self.loop_(stm, params, form, body),
            Exp::Op(soac) => self.soac(stm, soac),
            exp => {
                let renamed = self.rename_exp(exp);
                let pat = self.pattern(&stm.pat);
                let primal = Stm {
                    pat,
                    exp: renamed,
                    loc: stm.loc.clone(),
                    attrs: stm.attrs.clone(),
                };
                let (Some(elem), Some(result)) = (stm.pat.first(), primal.pat.first()) else {
                    self.builder.add_stm(primal);
                    return Ok(());
                };
                let (elem, result) = (elem.clone(), SubExp::Var(result.var));
                // An update consumes its array, so the tangent, which may
                // read the array's shape, comes first.
                let consumes = matches!(exp, Exp::Update { .. });
                if !consumes {
                    self.builder.add_stm(primal.clone());
                }
                if let Some(tangent) = self.simple_tangent(exp, result)? {
                    self.tangents.insert(elem.var, tangent);
                }
                if consumes {
                    self.builder.add_stm(primal);
                }
                Ok(())
            }
        }
    }

    /// Adds `exp`, whose results are the pattern's followed by the
    /// tangents of its floating-point elements.
    fn emit_with_tangents(&mut self, pat: &[PatElem], exp: Exp) {
        let mut new_pat = self.pattern(pat);
        new_pat.extend(self.tangent_pattern(pat));
        self.builder.add_stm(Stm {
            pat: new_pat,
            exp,
            loc: self.builder.loc(),
            attrs: self.builder.attrs(),
        });
    }

    /// A body with the tangents of its floating-point results added after
    /// its results.
    fn body(&mut self, body: &Body) -> Result<Body> {
        self.builder.push_scope();
        self.stms(&body.stms)?;
        let results = self.results_with_tangents(&body.result);
        Ok(self.builder.pop_scope(results))
    }

    fn results_with_tangents(&mut self, results: &[SubExp]) -> Vec<SubExp> {
        let mut all = self.ses(results);
        for &result in results {
            let tangent = self.tangent_or_zero(result);
            all.push(tangent);
        }
        all
    }

    fn call(&mut self, stm: &Stm, func: FuncId, args: &[SubExp]) -> Result<()> {
        if !args.iter().any(|&arg| self.tangent(arg).is_some()) {
            let args = self.ses(args);
            let pat = self.pattern(&stm.pat);
            self.builder.add_stm(Stm {
                pat,
                exp: Exp::Call { func, args },
                loc: stm.loc.clone(),
                attrs: stm.attrs.clone(),
            });
            return Ok(());
        }
        let derived = self.derived_function(func)?;
        let mut new_args = self.ses(args);
        for &arg in args {
            let tangent = self.tangent_or_zero(arg);
            new_args.push(tangent);
        }
        let new_args = self
            .builder
            .coerce_args(derived, &new_args, "Tangent of another shape");
        self.emit_with_tangents(
            &stm.pat,
            Exp::Call {
                func: derived,
                args: new_args,
            },
        );
        Ok(())
    }

    /// The function computing `func`'s results and their tangents from
    /// its arguments and theirs.
    fn derived_function(&mut self, func: FuncId) -> Result<FuncId> {
        if let Some(&derived) = self.derivatives.jvp.get(&func) {
            return Ok(derived);
        }
        let function = self
            .builder
            .function(func)
            .cloned()
            .ok_or("differentiating a function while it is being defined is not supported")?;
        let rename = std::mem::take(&mut self.rename);
        let tangents = std::mem::take(&mut self.tangents);
        let mut params: Vec<Param> = function
            .params
            .iter()
            .map(|p| self.fresh_param(p))
            .collect();
        for p in &function.params {
            params.push(self.tangent_param(p));
        }
        let ret: Vec<(ExtType, bool)> = function
            .ret
            .iter()
            .map(|(t, unique)| (self.ext_ty(t), *unique))
            .collect();
        let ret: Vec<(ExtType, bool)> = ret.iter().chain(&ret).cloned().collect();
        let name = format!("{}_jvp", function.name);
        let derived = self.builder.declare_function(
            &name,
            params.clone(),
            ret.iter().map(|(t, _)| t.clone()).collect(),
        );
        self.derivatives.jvp.insert(func, derived);
        let body = self.body(&function.body);
        self.rename = rename;
        self.tangents = tangents;
        self.builder.define_function(
            derived,
            Function {
                name,
                params,
                ret,
                body: body?,
            },
        );
        Ok(derived)
    }

    fn loop_(
        &mut self,
        stm: &Stm,
        params: &[(Param, SubExp)],
        form: &LoopForm,
        body: &Body,
    ) -> Result<()> {
        let mut new_params: Vec<(Param, SubExp)> = Vec::with_capacity(2 * params.len());
        for (p, init) in params {
            let init = self.se(*init);
            new_params.push((self.fresh_param(p), init));
        }
        for (p, init) in params {
            let init = self.tangent_or_zero(*init);
            new_params.push((self.tangent_param(p), init));
        }
        let form = match *form {
            LoopForm::For { var, bound } => LoopForm::For {
                var: self.fresh(var, Type::i64()),
                bound: self.se(bound),
            },
            LoopForm::While { condition } => LoopForm::While {
                condition: self.var(condition),
            },
        };
        let body = self.body(body)?;
        self.emit_with_tangents(
            &stm.pat,
            Exp::Loop {
                params: new_params,
                form,
                body,
            },
        );
        Ok(())
    }

    /// A lambda with parameters for the tangents of the parameters marked
    /// in `with_tangent` (after all its parameters) and the tangents of
    /// its floating-point results (after all its results).
    fn lambda(&mut self, lambda: &Lambda, with_tangent: &[bool]) -> Result<Lambda> {
        let mut params: Vec<Param> = lambda.params.iter().map(|p| self.fresh_param(p)).collect();
        for (p, _) in lambda
            .params
            .iter()
            .zip(with_tangent)
            .filter(|(_, with)| **with)
        {
            params.push(self.tangent_param(p));
        }
        let body = self.body(&lambda.body)?;
        let ret: Vec<Type> = lambda.ret.iter().map(|t| self.ty(t)).collect();
        let ret = ret.iter().chain(&ret).cloned().collect();
        Ok(Lambda { params, body, ret })
    }

    /// The dual of an operator on `k` components: parameters `(a, ta, b,
    /// tb)` and results `(r, tr)`, tangents for the floating-point ones.
    fn dual_operator(&mut self, op: &Lambda) -> Result<Lambda> {
        let k = op.params.len() / 2;
        let dual = self.lambda(op, &vec![true; 2 * k])?;
        let params = leading_tangents(&dual, 2 * k, k, k);
        Ok(Lambda { params, ..dual })
    }

    /// Neutral elements with zeros for the tangents of the floating-point
    /// ones.
    fn neutral_with_tangents(&mut self, neutral: &[SubExp]) -> Vec<SubExp> {
        let mut all = self.ses(neutral);
        for &value in neutral {
            let primal = self.se(value);
            let zero = self.zero_like(primal);
            all.push(zero);
        }
        all
    }

    /// The arrays of a SOAC renamed, followed by the tangents of those
    /// that have one; which have one.
    fn arrays_with_tangents(&mut self, arrays: &[Var]) -> Result<(Vec<Var>, Vec<bool>)> {
        let with_tangent: Vec<bool> = arrays
            .iter()
            .map(|&a| self.tangent(SubExp::Var(a)).is_some())
            .collect();
        let mut new_arrays: Vec<Var> = arrays.iter().map(|&a| self.var(a)).collect();
        for (&array, _) in arrays.iter().zip(&with_tangent).filter(|(_, w)| **w) {
            new_arrays.push(self.tangent_array(array)?);
        }
        Ok((new_arrays, with_tangent))
    }

    /// The dual of a lambda over rows of arrays (see
    /// [`Forward::arrays_with_tangents`]) whose results are in segments,
    /// each segment's tangents following it.
    fn segmented_lambda(
        &mut self,
        lambda: &Lambda,
        with_tangent: &[bool],
        segments: &[usize],
    ) -> Result<Lambda> {
        let dual = self.lambda(lambda, with_tangent)?;
        let order = interleave_tangents(lambda.ret.len(), segments);
        Ok(Lambda {
            body: Body {
                stms: dual.body.stms,
                result: order.iter().map(|&i| dual.body.result[i]).collect(),
            },
            ret: order.iter().map(|&i| dual.ret[i].clone()).collect(),
            params: dual.params,
        })
    }

    fn soac(&mut self, stm: &Stm, soac: &Soac) -> Result<()> {
        match soac {
            Soac::Screma {
                width,
                arrays,
                map,
                scans,
                reduces,
                post,
            } => {
                let width = self.se(*width);
                let (new_arrays, with_tangent) = self.arrays_with_tangents(arrays)?;
                // Segments of the map's results: one per scan and reduce,
                // then the mapped values; each segment's tangents follow it.
                let scan_segments: Vec<usize> = scans.iter().map(|s| s.neutral.len()).collect();
                let reduce_segments: Vec<usize> = reduces.iter().map(|r| r.neutral.len()).collect();
                let mut segments = scan_segments.clone();
                segments.extend(&reduce_segments);
                let mapped = map.ret.len() - segments.iter().sum::<usize>();
                segments.push(mapped);
                let map = self.segmented_lambda(map, &with_tangent, &segments)?;
                let scans = scans
                    .iter()
                    .map(|scan| {
                        Ok(ScanOp {
                            lambda: self.dual_operator(&scan.lambda)?,
                            neutral: self.neutral_with_tangents(&scan.neutral),
                        })
                    })
                    .collect::<Result<Vec<_>>>()?;
                let reduces = reduces
                    .iter()
                    .map(|reduce| {
                        Ok(ReduceOp {
                            lambda: self.dual_operator(&reduce.lambda)?,
                            neutral: self.neutral_with_tangents(&reduce.neutral),
                            commutative: reduce.commutative,
                        })
                    })
                    .collect::<Result<Vec<_>>>()?;
                // The post lambda takes the scans' values and the mapped
                // values, each segment followed by its tangents.
                let post = match post {
                    Some(post) => {
                        let dual = self.lambda(post, &vec![true; post.params.len()])?;
                        let mut param_segments = scan_segments;
                        param_segments.push(mapped);
                        let order = interleave_tangents(post.params.len(), &param_segments);
                        let params = order.iter().map(|&i| dual.params[i].clone()).collect();
                        Some(Lambda { params, ..dual })
                    }
                    None => None,
                };
                let segments = match &post {
                    Some(post) => {
                        let mut segments = reduce_segments;
                        segments.push(post.ret.len() / 2);
                        segments
                    }
                    None => segments,
                };
                let exp = Exp::Op(Soac::Screma {
                    width,
                    arrays: new_arrays,
                    map,
                    scans,
                    reduces,
                    post,
                });
                self.emit_segmented(&stm.pat, &segments, exp);
                Ok(())
            }
            Soac::Hist {
                width,
                arrays,
                ops,
                map,
            } => {
                let width = self.se(*width);
                let (new_arrays, with_tangent) = self.arrays_with_tangents(arrays)?;
                // The buckets, then each histogram's values with their
                // tangents; the buckets' tangents are dropped.
                let mut segments = vec![ops.len()];
                segments.extend(ops.iter().map(|op| op.neutral.len()));
                let mut map = self.segmented_lambda(map, &with_tangent, &segments)?;
                let buckets = ops.len()..2 * ops.len();
                map.body.result.drain(buckets.clone());
                map.ret.drain(buckets);
                let mut new_ops = Vec::new();
                for op in ops {
                    let mut dests: Vec<Var> = op.dests.iter().map(|&d| self.var(d)).collect();
                    for &dest in &op.dests {
                        dests.push(self.tangent_array(dest)?);
                    }
                    new_ops.push(HistOp {
                        dests,
                        neutral: self.neutral_with_tangents(&op.neutral),
                        op: self.dual_operator(&op.op)?,
                    });
                }
                let exp = Exp::Op(Soac::Hist {
                    width,
                    arrays: new_arrays,
                    ops: new_ops,
                    map,
                });
                let segments: Vec<usize> = ops.iter().map(|op| op.dests.len()).collect();
                self.emit_segmented(&stm.pat, &segments, exp);
                Ok(())
            }
            Soac::Scatter {
                width,
                arrays,
                dests,
                map,
            } => {
                let width = self.se(*width);
                let (new_arrays, with_tangent) = self.arrays_with_tangents(arrays)?;
                // The indices, written again for the tangents'
                // destinations, then the values, then their tangents.
                let writes = crate::ir::soac::scatter_writes(dests);
                if map.ret.len() != 2 * writes {
                    // Only fusion, which runs after differentiation,
                    // gives a scatter mapped values.
                    return Err(
                        "internal error: differentiating a scatter with mapped values".into(),
                    );
                }
                let dual = self.lambda(map, &with_tangent)?;
                let order: Vec<usize> = (0..writes)
                    .chain(0..writes)
                    .chain(writes..2 * writes)
                    .chain(3 * writes..4 * writes)
                    .collect();
                let map = Lambda {
                    body: Body {
                        stms: dual.body.stms,
                        result: order.iter().map(|&i| dual.body.result[i]).collect(),
                    },
                    ret: order.iter().map(|&i| dual.ret[i].clone()).collect(),
                    params: dual.params,
                };
                let mut new_dests: Vec<ScatterDest> = dests
                    .iter()
                    .map(|d| ScatterDest {
                        array: self.var(d.array),
                        writes: d.writes,
                    })
                    .collect();
                for dest in dests {
                    new_dests.push(ScatterDest {
                        array: self.tangent_array(dest.array)?,
                        writes: dest.writes,
                    });
                }
                let exp = Exp::Op(Soac::Scatter {
                    width,
                    arrays: new_arrays,
                    dests: new_dests,
                    map,
                });
                self.emit_with_tangents(&stm.pat, exp);
                Ok(())
            }
            Soac::Accumulate {
                width,
                arrays,
                dests,
                map,
            } => {
                let width = self.se(*width);
                let k = dests.len();
                let (new_arrays, row_tangents) = self.arrays_with_tangents(arrays)?;
                let mut with_tangent = vec![true; k];
                with_tangent.extend(row_tangents);
                let dual = self.lambda(map, &with_tangent)?;
                // Parameters: the accumulators and their tangents, then
                // the rows and theirs; results: the accumulators, then
                // their tangents.
                let params = leading_tangents(&dual, map.params.len(), k, k);
                let map = Lambda { params, ..dual };
                let mut new_dests: Vec<Var> = dests.iter().map(|&d| self.var(d)).collect();
                for &dest in dests {
                    new_dests.push(self.tangent_array(dest)?);
                }
                let exp = Exp::Op(Soac::Accumulate {
                    width,
                    arrays: new_arrays,
                    dests: new_dests,
                    map,
                });
                self.emit_with_tangents(&stm.pat, exp);
                Ok(())
            }
            Soac::Stream {
                kind,
                width,
                arrays,
                accumulators,
                fold,
                reduce,
            } => {
                let width = self.se(*width);
                let k = accumulators.len();
                let mut with_tangent = vec![false];
                with_tangent.extend(std::iter::repeat_n(true, k));
                with_tangent.extend(
                    arrays
                        .iter()
                        .map(|&a| self.tangent(SubExp::Var(a)).is_some()),
                );
                let dual = self.lambda(fold, &with_tangent)?;
                // Parameters: chunk size, accumulators and their tangents,
                // arrays and theirs.
                let params = leading_tangents(&dual, fold.params.len(), k + 1, k);
                let segments = [k, fold.ret.len() - k];
                let order = interleave_tangents(fold.ret.len(), &segments);
                let fold = Lambda {
                    params,
                    body: Body {
                        stms: dual.body.stms,
                        result: order.iter().map(|&i| dual.body.result[i]).collect(),
                    },
                    ret: order.iter().map(|&i| dual.ret[i].clone()).collect(),
                };
                let mut new_accumulators = self.ses(accumulators);
                for &acc in accumulators {
                    let tangent = self.tangent_or_zero(acc);
                    new_accumulators.push(tangent);
                }
                let mut new_arrays: Vec<Var> = arrays.iter().map(|&a| self.var(a)).collect();
                for &array in arrays {
                    if self.tangent(SubExp::Var(array)).is_some() {
                        new_arrays.push(self.tangent_array(array)?);
                    }
                }
                let reduce = reduce
                    .as_ref()
                    .map(|op| self.dual_operator(op))
                    .transpose()?;
                let exp = Exp::Op(Soac::Stream {
                    kind: *kind,
                    width,
                    arrays: new_arrays,
                    accumulators: new_accumulators,
                    fold,
                    reduce,
                });
                self.emit_segmented(&stm.pat, &segments, exp);
                Ok(())
            }
        }
    }

    /// Adds `exp`, whose results are the pattern's in segments, each
    /// followed by the tangents of its floating-point elements.
    fn emit_segmented(&mut self, pat: &[PatElem], segments: &[usize], exp: Exp) {
        let mut new_pat = Vec::new();
        let mut start = 0;
        for &len in segments {
            let segment = &pat[start..start + len];
            new_pat.extend(self.pattern(segment));
            new_pat.extend(self.tangent_pattern(segment));
            start += len;
        }
        self.builder.add_stm(Stm {
            pat: new_pat,
            exp,
            loc: self.builder.loc(),
            attrs: self.builder.attrs(),
        });
    }

    /// The expression with the differentiated code's variables renamed;
    /// for expressions without nested code.
    fn rename_exp(&self, exp: &Exp) -> Exp {
        super::rename_exp(exp, &self.rename)
    }

    /// The tangent of the floating-point result `result` (renamed) of an
    /// expression without nested code, `None` when it is zero.
    fn simple_tangent(&mut self, exp: &Exp, result: SubExp) -> Result<Option<SubExp>> {
        Ok(match exp {
            Exp::SubExp(a) | Exp::Opaque(a) => self.tangent(*a),
            Exp::BinOp(op, a, b) => {
                let (ta, tb) = (self.tangent(*a), self.tangent(*b));
                if ta.is_none() && tb.is_none() {
                    return Ok(None);
                }
                let (pa, pb) = (self.se(*a), self.se(*b));
                self.binop_tangent(*op, [pa, pb], [ta, tb], result)?
            }
            Exp::UnOp(UnOp::Neg, a) => {
                let ta = self.tangent(*a);
                self.neg(ta)
            }
            Exp::Convert(to, a) => self.tangent(*a).map(|ta| self.bind(Exp::Convert(*to, ta))),
            Exp::UnOp(UnOp::Not, a) => self.tangent(*a),
            Exp::PrimFn(f @ (PrimFn::ToBits(_) | PrimFn::FromBits(_)), args) => self
                .tangent(args[0])
                .map(|ta| self.bind(Exp::PrimFn(*f, vec![ta]))),
            Exp::PrimFn(PrimFn::Float(f, ty), args) => {
                let tangents: Vec<Option<SubExp>> = args.iter().map(|&a| self.tangent(a)).collect();
                if tangents.iter().all(Option::is_none) {
                    return Ok(None);
                }
                let primals = self.ses(args);
                self.float_fn_tangent(*f, *ty, &primals, &tangents, result)?
            }
            Exp::Index { array, slice } => match self.tangent(SubExp::Var(*array)) {
                Some(SubExp::Var(ta)) => {
                    let Exp::Index { slice, .. } = self.rename_exp(&Exp::Index {
                        array: *array,
                        slice: slice.clone(),
                    }) else {
                        unreachable!("renaming keeps the expression's form")
                    };
                    Some(self.bind(Exp::Index { array: ta, slice }))
                }
                _ => None,
            },
            Exp::Update {
                array,
                slice,
                value,
            } => {
                if self.tangent(SubExp::Var(*array)).is_none() && self.tangent(*value).is_none() {
                    return Ok(None);
                }
                let Exp::Update { slice, .. } = self.rename_exp(&Exp::Update {
                    array: *array,
                    slice: slice.clone(),
                    value: *value,
                }) else {
                    unreachable!("renaming keeps the expression's form")
                };
                let ta = self.tangent_array(*array)?;
                let tv = self.tangent_or_zero(*value);
                Some(self.bind(Exp::Update {
                    array: ta,
                    slice,
                    value: tv,
                }))
            }
            Exp::ArrayLit { elements, row } => {
                if elements.iter().all(|&e| self.tangent(e).is_none()) {
                    return Ok(None);
                }
                let elements = elements.iter().map(|&e| self.tangent_or_zero(e)).collect();
                let row = self.ty(row);
                Some(self.bind(Exp::ArrayLit { elements, row }))
            }
            Exp::Replicate { shape, value } => match self.tangent(*value) {
                Some(tv) => {
                    let shape = self.ses(shape);
                    Some(self.bind(Exp::Replicate { shape, value: tv }))
                }
                None => None,
            },
            Exp::Rearrange { perm, array } => match self.tangent(SubExp::Var(*array)) {
                Some(SubExp::Var(ta)) => Some(self.bind(Exp::Rearrange {
                    perm: perm.clone(),
                    array: ta,
                })),
                _ => None,
            },
            Exp::Reshape { shape, array } => match self.tangent(SubExp::Var(*array)) {
                Some(SubExp::Var(ta)) => {
                    let shape = self.ses(shape);
                    Some(self.bind(Exp::Reshape { shape, array: ta }))
                }
                _ => None,
            },
            Exp::Concat { arrays, width } => {
                if arrays
                    .iter()
                    .all(|&a| self.tangent(SubExp::Var(a)).is_none())
                {
                    return Ok(None);
                }
                let arrays = arrays
                    .iter()
                    .map(|&a| self.tangent_array(a))
                    .collect::<Result<Vec<_>>>()?;
                let width = self.se(*width);
                Some(self.bind(Exp::Concat { arrays, width }))
            }
            Exp::Copy(array) => match self.tangent(SubExp::Var(*array)) {
                Some(SubExp::Var(ta)) => Some(self.bind(Exp::Copy(ta))),
                _ => None,
            },
            _ => None,
        })
    }

    /// The tangent of `x op y` (renamed operands, result `result`) from
    /// the operands' tangents.
    fn binop_tangent(
        &mut self,
        op: BinOp,
        operands: [SubExp; 2],
        tangents: [Option<SubExp>; 2],
        result: SubExp,
    ) -> Result<Option<SubExp>> {
        let ty = self.builder.type_of(result).element();
        let mut sum = None;
        for (index, tangent) in tangents.into_iter().enumerate() {
            if let Some(t) = tangent {
                let [x, y] = operands;
                let term = binop_partial(self.builder, op, x, y, result, ty, index, t)?;
                sum = self.add(sum, term);
            }
        }
        Ok(sum)
    }

    fn float_fn_tangent(
        &mut self,
        f: FloatFn,
        ty: PrimType,
        args: &[SubExp],
        tangents: &[Option<SubExp>],
        result: SubExp,
    ) -> Result<Option<SubExp>> {
        let mut sum = None;
        for (index, tangent) in tangents.iter().enumerate() {
            if let Some(t) = *tangent {
                let term = float_fn_partial(self.builder, f, ty, args, result, index, t)?;
                sum = self.add(sum, term);
            }
        }
        Ok(sum)
    }
}

/// The order in which to take a lambda's `count` results followed by
/// their tangents so that each segment of results is followed by its own
/// tangents.
fn interleave_tangents(count: usize, segments: &[usize]) -> Vec<usize> {
    let mut order = Vec::new();
    let mut start = 0;
    for &len in segments {
        order.extend(start..start + len);
        order.extend(count + start..count + start + len);
        start += len;
    }
    order
}

/// The parameters of a dual lambda (its `primal` primal parameters, then
/// the tangents) reordered: the first `primal_split` primal parameters
/// and the first `tangent_split` tangents, then the rest of each.
fn leading_tangents(
    dual: &Lambda,
    primal: usize,
    primal_split: usize,
    tangent_split: usize,
) -> Vec<Param> {
    let (primal, tangents) = dual.params.split_at(primal);
    let mut params = primal[..primal_split].to_vec();
    params.extend_from_slice(&tangents[..tangent_split]);
    params.extend_from_slice(&primal[primal_split..]);
    params.extend_from_slice(&tangents[tangent_split..]);
    params
}
