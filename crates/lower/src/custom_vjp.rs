//! Lowering `with_vjp f f' x`: `f x` with a custom reverse derivative.
//!
//! `f` becomes a function of its own (the *primal*), called where the
//! expression is; `f'` becomes another (the *adjoint*). A third function
//! in the form reverse mode derives one (see
//! `opt::ad::Derivatives::set_custom_vjp`) calls the primal and then the
//! adjoint on its results and their adjoints. Reverse mode calls that
//! one wherever it differentiates a call of the primal, so the
//! sensitivity of `x` is `f' (f x) y_adj`; forward mode differentiates the
//! primal's body. Elsewhere the primal is an ordinary function, which the
//! inliner inlines (it is called once) and the other two are dead.
//!
//! The variables that `f` and `f'` capture (and the sizes in the types of
//! everything they use) are parameters of all three functions, the same
//! in each; their adjoints are zero: free variables are not
//! differentiated.

use super::{Lowerer, Result, Sv, error};
use hir::ty::Ty;
use opt::ir::build::context_len;
use opt::ir::traverse::{Renamer, bound_in_body, map_type, used_in_lambda};
use opt::ir::{Exp, ExtDim, ExtType, FuncId, Function, Lambda, Param, SubExp, Type, Var};
use prim::PrimValue;
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;

impl Lowerer<'_> {
    /// `with_vjp f f' x`, of type `result_ty`.
    pub(super) fn with_custom_vjp(
        &mut self,
        f: &Sv,
        f_adjoint: &Sv,
        x: &Sv,
        result_ty: Ty,
    ) -> Result<Sv> {
        let Sv::Dyn(x_ty, x_parts) = x else {
            return error("internal error: a function where data was expected");
        };
        let x_types: Vec<Type> = x_parts.iter().map(|&p| self.builder.type_of(p)).collect();
        let primal = self.lambda(&x_types, |this, params| {
            let result = this.apply(f.clone(), Sv::Dyn(x_ty.clone(), params))?;
            this.flatten(&result)
        })?;
        let adjoint = self.adjoint_lambda(&primal, f_adjoint, &result_ty, &x_types)?;
        let free = self.free_with_sizes(&[&primal, &adjoint]);
        let primal = self.lift("with_vjp_primal", primal, &free);
        let adjoint = self.lift("with_vjp_adjoint", adjoint, &free);
        let derivative = self.custom_derivative(primal, adjoint, free.len())?;
        self.derivatives.set_custom_vjp(primal, derivative);
        let mut args: Vec<SubExp> = free.iter().map(|&v| SubExp::Var(v)).collect();
        args.extend(x_parts.iter().copied());
        let values = self
            .builder
            .bind_values("with_vjp", Exp::Call { func: primal, args });
        Ok(Sv::Dyn(
            result_ty,
            values.into_iter().map(SubExp::Var).collect(),
        ))
    }

    /// `\sizes res adj -> f' res adj`, over the primal's results `res`
    /// and their adjoints `adj` (both of the shapes `sizes`), its results
    /// made the shapes of `x`'s components.
    fn adjoint_lambda(
        &mut self,
        primal: &Lambda,
        f_adjoint: &Sv,
        result_ty: &Ty,
        x_types: &[Type],
    ) -> Result<Lambda> {
        let mut sizes = Vec::new();
        let mut value_types = Vec::new();
        for ty in &primal.ret {
            let shape: Vec<SubExp> = (0..ty.rank())
                .map(|_| {
                    let size = self.builder.param("size", Type::i64(), false);
                    let dim = SubExp::Var(size.var);
                    sizes.push(size);
                    dim
                })
                .collect();
            value_types.push(Type::with_shape(ty.element(), shape));
        }
        let results: Vec<Param> = value_types
            .iter()
            .map(|ty| self.builder.param("res", ty.clone(), false))
            .collect();
        let adjoints: Vec<Param> = value_types
            .iter()
            .map(|ty| self.builder.param("res_adj", ty.clone(), false))
            .collect();
        let count = results.len();
        let mut params = sizes;
        params.extend(results);
        params.extend(adjoints);
        let first = params.len() - 2 * count;
        self.lambda_with(params, |this, args| {
            let results = Sv::Dyn(result_ty.clone(), args[first..first + count].to_vec());
            let adjoints = Sv::Dyn(result_ty.clone(), args[first + count..].to_vec());
            let partial = this.apply(f_adjoint.clone(), results)?;
            let sensitivity = this.apply(partial, adjoints)?;
            let parts = this.flatten(&sensitivity)?;
            if parts.len() != x_types.len() {
                return error("internal error: a custom derivative of another type");
            }
            Ok(parts
                .iter()
                .zip(x_types)
                .map(|(&part, ty)| {
                    this.builder.coerce(
                        part,
                        ty.shape(),
                        "The custom derivative's result has another shape than the argument",
                    )
                })
                .collect())
        })
    }

    /// The variables the lambdas use that are bound outside them, with
    /// the sizes in their types: scalars first, so that every size is a
    /// parameter before the arrays it measures.
    fn free_with_sizes(&self, lambdas: &[&Lambda]) -> Vec<Var> {
        let mut free = BTreeSet::new();
        for lambda in lambdas {
            let bound = bound_in_body(&lambda.body);
            free.extend(
                used_in_lambda(lambda)
                    .into_iter()
                    .filter(|v| !bound.contains(v) && !lambda.params.iter().any(|p| p.var == *v)),
            );
        }
        let sizes: Vec<Var> = free
            .iter()
            .flat_map(|&v| self.builder.type_of(SubExp::Var(v)).shape().to_vec())
            .filter_map(SubExp::as_var)
            .collect();
        free.extend(sizes);
        let (scalars, arrays): (Vec<Var>, Vec<Var>) = free
            .into_iter()
            .partition(|&v| self.builder.type_of(SubExp::Var(v)).rank() == 0);
        scalars.into_iter().chain(arrays).collect()
    }

    /// A function taking `free` (renamed) and then the lambda's
    /// parameters, with the lambda's body.
    fn lift(&mut self, name: &str, mut lambda: Lambda, free: &[Var]) -> FuncId {
        let mut rename: FxHashMap<Var, SubExp> = FxHashMap::default();
        let mut params = Vec::with_capacity(free.len() + lambda.params.len());
        for &var in free {
            let mut ty = self.builder.type_of(SubExp::Var(var));
            map_type(&mut ty, &mut |dim| Renamer::new(&rename).subexp(dim));
            let hint = self.builder.var_name(var).to_owned();
            let param = self.builder.param(&hint, ty, false);
            rename.insert(var, SubExp::Var(param.var));
            params.push(param);
        }
        let renamer = Renamer::new(&rename);
        renamer.lambda(&mut lambda);
        // The builder's types of the lambda's own variables name the
        // free variables too.
        let own = lambda
            .params
            .iter()
            .map(|p| p.var)
            .chain(bound_in_body(&lambda.body));
        for var in own.collect::<Vec<_>>() {
            let mut ty = self.builder.type_of(SubExp::Var(var));
            map_type(&mut ty, &mut |dim| renamer.subexp(dim));
            self.builder.set_var_type(var, ty);
        }
        params.extend(lambda.params);
        let mut body = lambda.body;
        let ret = self.builder.function_results(&params, &mut body, false);
        self.builder.add_function(Function {
            name: name.to_owned(),
            params,
            ret: ret.into_iter().map(|t| (t, false)).collect(),
            body,
        })
    }

    /// The reverse derivative of `primal` made of `adjoint`, whose first
    /// `free` parameters are the primal's.
    fn custom_derivative(
        &mut self,
        primal: FuncId,
        adjoint: FuncId,
        free: usize,
    ) -> Result<FuncId> {
        let Some(function) = self.builder.function(primal).cloned() else {
            return error("internal error: a custom derivative of an undefined function");
        };
        let mut rename: FxHashMap<Var, SubExp> = FxHashMap::default();
        let mut params = Vec::with_capacity(function.params.len());
        for param in &function.params {
            let mut ty = param.ty.clone();
            map_type(&mut ty, &mut |dim| Renamer::new(&rename).subexp(dim));
            let fresh = self.builder.param("x", ty, false);
            rename.insert(param.var, SubExp::Var(fresh.var));
            params.push(fresh);
        }
        let primal_params = params.clone();
        let renamer = Renamer::new(&rename);
        let ret: Vec<ExtType> = function
            .ret
            .iter()
            .map(|(ty, _)| {
                ty.map_dims(|dim| match *dim {
                    ExtDim::Free(mut se) => {
                        renamer.subexp(&mut se);
                        ExtDim::Free(se)
                    }
                    ExtDim::Ext(k) => ExtDim::Ext(k),
                })
            })
            .collect();
        let seeds = opt::ad::adjoint_params(&mut self.builder, &ret, &mut params);
        let context = context_len(&ret);
        let body = self.builder.body(|b| {
            let args: Vec<SubExp> = primal_params.iter().map(|p| SubExp::Var(p.var)).collect();
            let results = b.bind(
                "primal",
                Exp::Call {
                    func: primal,
                    args: args.clone(),
                },
            );
            let values = &results[context.min(results.len())..];
            let mut adjoint_args = args[..free].to_vec();
            for &value in values {
                adjoint_args.extend(b.dims(SubExp::Var(value)));
            }
            adjoint_args.extend(values.iter().map(|&v| SubExp::Var(v)));
            adjoint_args.extend_from_slice(&seeds[context.min(seeds.len())..]);
            let adjoint_args = b.coerce_args(
                adjoint,
                &adjoint_args,
                "The adjoint of a `with_vjp` result has another shape than the result",
            );
            let sensitivities = b.bind_values(
                "sensitivity",
                Exp::Call {
                    func: adjoint,
                    args: adjoint_args,
                },
            );
            let mut result: Vec<SubExp> = results.into_iter().map(SubExp::Var).collect();
            for param in &primal_params[..free] {
                let zero = SubExp::Const(PrimValue::zero(param.ty.element()));
                result.push(if param.ty.rank() == 0 {
                    zero
                } else {
                    SubExp::Var(b.bind1(
                        "zero",
                        Exp::Replicate {
                            shape: param.ty.shape().to_vec(),
                            value: zero,
                        },
                    ))
                });
            }
            result.extend(sensitivities.into_iter().map(SubExp::Var));
            result
        });
        let mut all_ret: Vec<(ExtType, bool)> = ret.into_iter().map(|t| (t, false)).collect();
        all_ret.extend(primal_params.iter().map(|p| (p.ty.ext(), false)));
        let name = format!("{}_vjp", function.name);
        Ok(self.builder.add_function(Function {
            name,
            params,
            ret: all_ret,
            body,
        }))
    }
}
