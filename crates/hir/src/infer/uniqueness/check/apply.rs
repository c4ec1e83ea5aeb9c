//! Applications: arguments consumed or observed per the callee's
//! signature, and the aliases of the result.

use super::super::aliases::{Alias, Aliases, At, Vars};
use super::super::signature::{Diet, ParamSig, Signature, Uniq, def_signature, spec_signature};
use super::super::{Loc, Part};
use super::{Checker, Key, VarKind, at_of_result, consumed_part, has_function, text};
use crate::infer::Resolved;
use crate::name::Name;
use crate::resolve::{TermRef, ValueRef};
use crate::store::{Expr, ExprId};
use crate::ty::Ty;

impl Checker<'_> {
    /// What is known about the function `func` evaluates to.
    pub(super) fn callee_sig(&mut self, func: ExprId) -> Signature {
        let ty = self.type_of(func);
        match &self.store.exprs[func] {
            Expr::Apply { func: inner, args } => {
                let n = args.len();
                self.callee_sig(*inner).drop_params(n)
            }
            Expr::Attr { expr, .. } | Expr::QualParen { expr, .. } => self.callee_sig(*expr),
            Expr::Lambda { .. } => {
                let mut sig = Signature::of_ty(&ty);
                if let Some(own) = self.local_sigs.get(&func) {
                    sig.overlay(own);
                }
                sig
            }
            Expr::Path(path) => {
                let projected = match self.types.term_paths.get(func) {
                    Some(tp) => (tp.used as usize) < path.segments().len(),
                    None => !path.is_single(),
                };
                match self.types.resolutions.get(func).cloned() {
                    Some(res) if !projected => self.sig_of(&res, &ty),
                    _ => Signature::observing(&ty),
                }
            }
            Expr::OpSection(_) => match self.types.operators.get(func).cloned() {
                Some(res) => self.sig_of(&res, &ty),
                None => Signature::of_ty(&ty),
            },
            // A projection section has no written parameter type, so
            // whatever inference unified into it, it consumes nothing and
            // its result aliases its argument.
            Expr::ProjectionSection(_) => Signature::observing(&ty),
            _ => Signature::of_ty(&ty),
        }
    }

    /// The signature of a resolved name of type `ty`.
    pub(super) fn sig_of(&mut self, resolved: &Resolved, ty: &Ty) -> Signature {
        let mut sig = Signature::of_ty(ty);
        match resolved {
            Resolved::Local(pat) => {
                let var = self.find(Key::Pat(*pat)).map(|i| self.scope[i].var);
                return match var.and_then(|v| self.var_sigs.get(&v)) {
                    Some(own) => {
                        let mut sig = Signature::observing(ty);
                        sig.overlay(own);
                        sig
                    }
                    // A function taken out of a tuple or record: its type
                    // is its value's, diets included.
                    None if var.is_some_and(|v| self.vars[v as usize].kind == VarKind::Local) => {
                        Signature::of_ty(ty)
                    }
                    // A parameter of inferred type consumes nothing.
                    None => Signature::observing(ty),
                };
            }
            Resolved::LocalFunction(e) => {
                if let Some(own) = self.local_sigs.get(e) {
                    sig.overlay(own);
                }
            }
            Resolved::SelfRecursive => sig.overlay(&self.own_sig.clone()),
            Resolved::Term(TermRef::Value(ValueRef::Def(file, item))) => {
                sig.overlay(&def_signature(self.db, self.file_set, *file, *item));
            }
            Resolved::Term(TermRef::Value(ValueRef::Spec(file, spec, _))) => {
                sig.overlay(&spec_signature(self.db, *file, *spec, ty));
            }
            _ => {}
        }
        sig
    }

    pub(super) fn callee_name(&self, func: ExprId) -> Option<String> {
        match &self.store.exprs[func] {
            Expr::Path(path) => Some(path.to_string()),
            Expr::OpSection(op) => Some(op.path.to_string()),
            Expr::Apply { func, .. } | Expr::Attr { expr: func, .. } => self.callee_name(*func),
            _ => None,
        }
    }

    /// The argument `arg` for a parameter `param`; `prev` are the
    /// arguments already checked that alias variables, the last checked
    /// last (applications are checked right to left, so the nearest
    /// argument is last).
    pub(super) fn check_arg(&mut self, prev: &[(Loc, Vars)], param: &ParamSig, arg: ExprId) -> At {
        let since = self.problems.len();
        let (at, consumed) = self.contain(|c| c.expr(arg));
        self.add_consumed(&consumed);
        let ty = self.type_of(arg);
        if let Some((_, &where_)) = consumed.iter().next()
            && has_function(&ty)
        {
            self.problem(
                Loc::Expr(arg),
                vec![text(format!(
                    "Argument of functional type\n  {ty}\ncontains consumption, which is not allowed."
                ))],
                Some("consuming-argument"),
                vec![(where_, "consumed here".to_string())],
            );
        }
        if !param.fun_params.is_empty() && matches!(ty, Ty::Function { .. }) {
            self.check_function_argument(arg, &ty, &param.fun_params);
        }
        if param.fun_ret_unique {
            self.check_function_argument_result(arg, &ty);
        }
        if param.diet.consumes() {
            self.consume_argument(Loc::Expr(arg), &param.diet, &at, prev, since);
        }
        at
    }

    /// A function passed where one observing its arguments is expected
    /// may not consume them.
    pub(super) fn check_function_argument(&mut self, arg: ExprId, ty: &Ty, expected: &[Diet]) {
        if let Some(mismatch) = self.consuming_mismatch(arg, ty, expected) {
            self.problem(
                Loc::Expr(arg),
                vec![text(mismatch)],
                Some("unify-consuming-param"),
                Vec::new(),
            );
        }
    }

    /// A function passed where one returning a unique value is expected
    /// must return one.
    fn check_function_argument_result(&mut self, arg: ExprId, ty: &Ty) {
        let actual = self.callee_sig(arg);
        let mut result = ty;
        while let Ty::Function { result: next, .. } = result {
            result = next;
        }
        if !matches!(actual.ret, Uniq::Nonunique) || actual.params.is_empty() {
            return;
        }
        self.problem(
            Loc::Expr(arg),
            vec![text(format!(
                "Return types\n  *{result}\nand\n  {result}\nhave incompatible uniqueness."
            ))],
            None,
            Vec::new(),
        );
    }

    /// A function-typed body given for a declared function type must not
    /// consume what the declaration says it observes.
    pub(super) fn check_function_result(&mut self, body: ExprId, declared: &Ty, expected: &[Diet]) {
        let result = self.result_expr(body);
        let actual = self.type_of(result);
        if let Some(mismatch) = self.consuming_mismatch(result, &actual, expected) {
            self.problem(
                Loc::Expr(result),
                vec![text(format!(
                    "Function body does not have expected type.\nExpected: {declared}\nActual:   {actual}\n{mismatch}"
                ))],
                Some("unify-consuming-param"),
                Vec::new(),
            );
        }
    }

    /// Why the function `func` of type `ty` cannot stand where one whose
    /// parameters have the diets `expected` is wanted: it consumes a
    /// parameter that is only to be observed.
    fn consuming_mismatch(&mut self, func: ExprId, ty: &Ty, expected: &[Diet]) -> Option<String> {
        let actual = self.callee_sig(func);
        let mut param_ty = ty;
        for (i, want) in expected.iter().enumerate() {
            let Ty::Function { param, result, .. } = param_ty else {
                break;
            };
            let Some(got) = actual.params.get(i) else {
                break;
            };
            if !want.consumes() && got.diet.consumes() {
                let shown = param.to_string();
                let consuming = if shown.starts_with('*') {
                    shown.clone()
                } else {
                    format!("*{shown}")
                };
                let observing = shown.trim_start_matches('*').to_string();
                return Some(format!(
                    "Parameters\n  {consuming}\nand\n  {observing}\nare incompatible regarding consuming their arguments."
                ));
            }
            param_ty = result;
        }
        None
    }

    /// Consumes an argument (or initial loop value) as its parameter's
    /// diet says.
    pub(super) fn consume_argument(
        &mut self,
        at: Loc,
        diet: &Diet,
        value: &At,
        prev: &[(Loc, Vars)],
        since: usize,
    ) {
        let mut seen = Aliases::new();
        for part in value.parts() {
            if !part.is_disjoint(&seen) {
                self.problem(
                    at,
                    vec![text(
                        "Argument passed for consuming parameter is self-aliased.",
                    )],
                    Some("self-aliasing-arg"),
                    Vec::new(),
                );
                break;
            }
            seen.extend(part);
        }
        let gone = consumed_part(diet, value);
        self.consume(at, &gone, since);
        for var in self.bound_vars(&value.all()) {
            if let Some((other, _)) = prev
                .iter()
                .rev()
                .find(|(_, aliases)| aliases.contains(&var))
            {
                let name = self.name_of(var).clone();
                self.problem(
                    at,
                    vec![
                        text(format!(
                            "Argument is consumed, but aliases\n  {name}\nwhich is also aliased by other argument\n  "
                        )),
                        Part::Code(*other),
                    ],
                    None,
                    vec![(*other, "the other argument".to_string())],
                );
                break;
            }
        }
    }

    /// The result of applying a function (aliasing `func`'s closure) to
    /// arguments: a fresh anonymous value where the result is unique,
    /// otherwise something that may alias every observed argument.
    pub(super) fn call_result(
        &mut self,
        id: ExprId,
        name: Option<String>,
        func: &At,
        sig: &Signature,
        args: &[At],
    ) -> At {
        let var = self.new_var(
            Name::new(name.as_deref().unwrap_or("application")),
            VarKind::AppResult(name),
            Some(Loc::Expr(id)),
        );
        let mut result = func.all();
        result.insert(Alias::whole(var));
        for (i, arg) in args.iter().enumerate() {
            let consumed = sig.params.get(i).is_some_and(|p| p.diet.consumes());
            if !consumed {
                result.extend(arg.all());
            }
        }
        let uniq = if args.len() >= sig.params.len() {
            sig.ret.clone()
        } else {
            Uniq::Nonunique
        };
        at_of_result(&self.type_of(id), &uniq, &result)
    }

    pub(super) fn apply(&mut self, id: ExprId, func: ExprId, args: &[ExprId]) -> At {
        let func_at = self.expr(func);
        let sig = self.callee_sig(func);
        let n = args.len();
        let mut ats = vec![At::Prim; n];
        // Grown as arguments are checked rather than rebuilt per argument:
        // a call with thousands of arguments stays linear.
        let mut prev: Vec<(Loc, Vars)> = Vec::new();
        for i in (0..n).rev() {
            let param = sig
                .params
                .get(i)
                .cloned()
                .unwrap_or_else(ParamSig::observing);
            ats[i] = self.check_arg(&prev, &param, args[i]);
            let vars = self.bound_vars(&ats[i].all());
            if !vars.is_empty() {
                prev.push((Loc::Expr(args[i]), vars));
            }
        }
        let name = self.callee_name(func);
        self.call_result(id, name, &func_at, &sig, &ats)
    }

    /// The value of an operator that is a variable, if it is one.
    pub(super) fn operator_value(&mut self, id: ExprId, resolved: &Resolved) -> At {
        let key = match resolved {
            Resolved::Local(pat) => Key::Pat(*pat),
            Resolved::LocalFunction(e) => Key::Fun(*e),
            _ => return At::Prim,
        };
        match self.find(key) {
            Some(index) => self.observe(Loc::Expr(id), index),
            None => At::Prim,
        }
    }

    pub(super) fn binary(
        &mut self,
        id: ExprId,
        op: &crate::store::OpRef,
        lhs: ExprId,
        rhs: ExprId,
    ) -> At {
        let resolved = self.types.operators.get(id).cloned();
        let resolved = match resolved {
            Some(Resolved::BuiltinOp(_)) | None => {
                self.expr(lhs);
                self.expr(rhs);
                return At::of_ty(&self.type_of(id), &Aliases::new());
            }
            Some(resolved) => resolved,
        };
        let func_at = self.operator_value(id, &resolved);
        let op_ty = match &resolved {
            Resolved::Local(pat) => self.pat_type(*pat),
            _ => Ty::Error,
        };
        let sig = self.sig_of(&resolved, &op_ty);
        let param = |i: usize| {
            sig.params
                .get(i)
                .cloned()
                .unwrap_or_else(ParamSig::observing)
        };
        let x = self.check_arg(&[], &param(0), lhs);
        let prev = [(Loc::Expr(lhs), self.bound_vars(&x.all()))];
        let y = self.check_arg(&prev, &param(1), rhs);
        self.call_result(id, Some(op.path.to_string()), &func_at, &sig, &[x, y])
    }
}
