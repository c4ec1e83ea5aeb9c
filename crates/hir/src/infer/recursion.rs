//! Restrictions on recursive definitions, which keep them first-order
//! after defunctionalisation: a recursive function's result may not be or
//! contain a function, and if it has higher-order parameters (functions,
//! or lifted type parameters that may be instantiated with functions),
//! every recursive call must be fully applied and pass those parameters
//! on unchanged.

use super::{InferCtx, Location, Resolved};
use crate::store::{Expr, ExprId, Pat, PatId};
use crate::ty::Ty;

impl InferCtx<'_, '_> {
    /// Checks the restrictions against the definition's final type `ty`
    /// and the inferred types of its parameters.
    pub(super) fn check_recursion(&mut self, ty: &Ty, param_types: &[Ty]) {
        let body = self.body;
        let calls: Vec<ExprId> = self
            .resolutions
            .iter()
            .filter(|(_, r)| **r == Resolved::SelfRecursive)
            .map(|(id, _)| id)
            .collect();
        let Some(&first) = calls.first() else {
            return;
        };
        let name = self.own_name().map(|n| n.to_string()).unwrap_or_default();
        let mut result = ty;
        for _ in &body.params {
            if let Ty::Function { result: r, .. } = result {
                result = r;
            }
        }
        if self.table.contains_function(result) {
            self.error(
                Location::Expr(first),
                format!(
                    "The result type of the recursive function \"{name}\" is not first-order: \
                     a recursive function may not return a function. Hint: take its \
                     arguments as further parameters instead."
                ),
            );
            return;
        }
        let higher_order: Vec<usize> = param_types
            .iter()
            .enumerate()
            .filter(|(_, t)| self.may_be_function(t))
            .map(|(i, _)| i)
            .collect();
        if higher_order.is_empty() {
            return;
        }
        // The applications whose function is a recursive reference.
        let mut applied: Vec<(ExprId, Vec<ExprId>)> = Vec::new();
        for (_, expr) in body.store.exprs.iter() {
            if let Expr::Apply { func, args } = expr
                && calls.contains(func)
            {
                applied.push((*func, args.clone()));
            }
        }
        for &call in &calls {
            let Some((_, args)) = applied.iter().find(|(f, _)| *f == call) else {
                self.error(
                    Location::Expr(call),
                    format!(
                        "The recursive function \"{name}\" has a higher-order parameter, so it \
                         may only be used in a fully saturated application."
                    ),
                );
                return;
            };
            if args.len() < body.params.len() {
                self.error(
                    Location::Expr(call),
                    format!(
                        "This recursive application of \"{name}\" is not fully saturated, \
                         but \"{name}\" has a higher-order parameter."
                    ),
                );
                return;
            }
            for &i in &higher_order {
                let param = body.params[i];
                if !self.is_param_itself(args[i], param) {
                    self.error(
                        Location::Expr(args[i]),
                        format!(
                            "The higher-order argument of the recursive call to \"{name}\" must be \
                             its own parameter, passed unchanged."
                        ),
                    );
                    return;
                }
            }
        }
    }

    /// Whether a value of the type may be a function: a function type, or
    /// something containing one, or a lifted type parameter.
    fn may_be_function(&self, ty: &Ty) -> bool {
        let ty = self.table.resolve(ty);
        self.table.contains_function(&ty)
            || matches!(&ty, Ty::Param(p) if self.lifted_params.contains(p))
    }

    /// Whether `arg` is just the variable the parameter pattern `param`
    /// binds.
    fn is_param_itself(&self, arg: ExprId, param: PatId) -> bool {
        let mut bound = param;
        while let Pat::Ascription { pat, .. } | Pat::Attr { pat, .. } = &self.body.store.pats[bound]
        {
            bound = *pat;
        }
        matches!(self.resolutions.get(arg), Some(Resolved::Local(p)) if *p == bound)
    }
}
