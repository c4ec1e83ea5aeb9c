//! The results of functions: what a unique result may alias, the
//! uniqueness of results not declared, and the bodies of lambdas and local
//! functions.

use super::super::Loc;
use super::super::aliases::{Aliases, At, Vars, vars};
use super::super::signature::{ParamSig, Signature, Uniq, param_sig, uniq_of_typeref};
use super::{Checker, Frame, FrameKind, ParamName, VarKind, text};
use crate::name::Name;
use crate::store::{Expr, ExprId, PatId};
use crate::ty::Ty;

impl Checker<'_> {
    /// A unique part of a function's result may alias neither another
    /// part nor a parameter that is not unique.
    pub(super) fn check_return_aliases(
        &mut self,
        at: Loc,
        params: &[ParamName],
        ret: &Uniq,
        value: &At,
    ) {
        fn parts(ret: &Uniq, at: &At, out: &mut Vec<(bool, Aliases)>) {
            match (ret, at) {
                (Uniq::Record(fields), At::Record(ats)) => {
                    for (name, u) in fields {
                        if let Some((_, a)) = ats.iter().find(|(n, _)| n == name) {
                            parts(u, a, out);
                        }
                    }
                }
                (u @ (Uniq::Unique | Uniq::Nonunique), At::Record(ats)) => {
                    for (_, a) in ats {
                        parts(u, a, out);
                    }
                }
                (u, a) => out.push((u.is_unique(), a.all())),
            }
        }
        let mut pairs = Vec::new();
        parts(ret, value, &mut pairs);
        let mut seen_unique = Aliases::new();
        let mut seen = Aliases::new();
        let mut reported = false;
        for (unique, names) in pairs {
            let overlap = if unique {
                !names.is_disjoint(&seen)
            } else {
                !names.is_disjoint(&seen_unique)
            };
            if overlap && !reported {
                reported = true;
                self.problem(
                    at,
                    vec![text(
                        "A unique-typed component of the return value is aliased to some other component.",
                    )],
                    Some("unique-return-aliased"),
                    Vec::new(),
                );
            }
            if unique {
                let mut params_reported = Vec::new();
                let name_vars = vars(&names);
                for p in params {
                    if name_vars.contains(&p.var)
                        && !p.fully_consumable
                        && !params_reported.contains(&p.param)
                    {
                        params_reported.push(p.param);
                        let name = self.name_of(p.var).clone();
                        let related = self.binding_note(
                            p.var,
                            format!("\"{name}\" is a parameter whose type is not unique"),
                        );
                        self.problem(
                            at,
                            vec![text(format!(
                                "Unique-typed return value is aliased to \"{name}\", which is not consumable."
                            ))],
                            Some("return-aliased"),
                            related,
                        );
                    }
                }
                seen_unique.extend(names.iter().cloned());
            }
            seen.extend(names);
        }
    }

    /// A function's result may not alias a top-level definition (which
    /// would then be shared with its caller).
    pub(super) fn check_global_aliases(&mut self, at: Loc, has_params: bool, value: &At) {
        if !has_params {
            return;
        }
        for var in vars(&value.array_aliases()) {
            if let VarKind::Global(item) = &self.vars[var as usize].kind {
                let name = self.name_of(var).clone();
                let mut related: Vec<(Loc, String)> = self
                    .observed
                    .iter()
                    .find(|(v, _)| *v == var)
                    .map(|&(_, used)| (used, format!("\"{name}\" is used here")))
                    .into_iter()
                    .collect();
                related.extend(item.map(|i| (i, format!("\"{name}\" is defined here"))));
                self.problem(
                    at,
                    vec![text(format!(
                        "Function result aliases the free variable \"{name}\".\nUse \"copy\" to break the aliasing."
                    ))],
                    Some("alias-free-variable"),
                    related,
                );
            }
        }
    }

    /// The uniqueness of a result whose type is not declared: a part is
    /// unique if it aliases only consumed parameters and no other part.
    pub(super) fn infer_return_uniqueness(
        &self,
        has_params: bool,
        params: &[ParamName],
        value: &At,
    ) -> Uniq {
        if !has_params {
            return Uniq::Nonunique;
        }
        let forbidden = value.aliased_more_than_once();
        let consuming: Vars = params
            .iter()
            .filter(|p| p.consumes)
            .map(|p| p.var)
            .collect();
        fn delve(checker: &Checker, at: &At, forbidden: &Vars, consuming: &Vars) -> Uniq {
            match at {
                At::Record(fields) => Uniq::Record(
                    fields
                        .iter()
                        .map(|(n, a)| (n.clone(), delve(checker, a, forbidden, consuming)))
                        .collect(),
                ),
                other => {
                    let own = checker
                        .bound_vars(&other.array_aliases())
                        .is_subset(consuming);
                    if own && vars(&other.all()).is_disjoint(forbidden) {
                        Uniq::Unique
                    } else {
                        Uniq::Nonunique
                    }
                }
            }
        }
        delve(self, value, &forbidden, &consuming)
    }

    /// A lambda or local function: checks its body (which may consume only
    /// its own unique parameters) and returns its signature and what its
    /// closure aliases.
    pub(super) fn function(
        &mut self,
        params: &[PatId],
        ret: Option<crate::store::TypeId>,
        body: ExprId,
        ret_ty: &Ty,
    ) -> (Signature, Aliases) {
        let mark = self.scope.len();
        let log = self.observed.len();
        self.frames.push(Frame {
            start: mark,
            kind: FrameKind::Function,
        });
        let sigs: Vec<ParamSig> = params
            .iter()
            .map(|&p| param_sig(self.store, p, &self.types.pat_types))
            .collect();
        let names = self.bind_params(params, VarKind::Param);
        // What the body consumes happens when the function is called.
        let (value, _) = self.contain(|c| c.expr(body));
        let declared = ret.map(|r| uniq_of_typeref(self.store, r, ret_ty));
        let at = Loc::Expr(self.result_expr(body));
        self.check_return_aliases(
            at,
            &names,
            declared.as_ref().unwrap_or(&Uniq::Nonunique),
            &value,
        );
        self.check_global_aliases(at, !params.is_empty(), &value);
        let ret = declared
            .unwrap_or_else(|| self.infer_return_uniqueness(!params.is_empty(), &names, &value));
        let closure = self.free_aliases(log, mark);
        self.frames.pop();
        self.forget_inner_observations(log, mark);
        self.truncate(mark);
        (Signature { params: sigs, ret }, closure)
    }

    /// The aliases of the variables bound before scope entry `mark` and
    /// observed since log position `log`.
    pub(super) fn free_aliases(&self, log: usize, mark: usize) -> Aliases {
        let mut out = Aliases::new();
        for &(var, _) in &self.observed[log..] {
            if let Some(index) = self.entry_of_var(var)
                && index < mark
            {
                out.extend(self.scope[index].at.all());
            }
        }
        out
    }

    /// The expression giving the value of `e`, past its `let`s.
    pub(super) fn result_expr(&self, e: ExprId) -> ExprId {
        match &self.store.exprs[e] {
            Expr::Let { body, .. }
            | Expr::LetFun { body, .. }
            | Expr::LetUpdate { body, .. }
            | Expr::Assert { body, .. }
            | Expr::Attr { expr: body, .. }
            | Expr::Ascription { expr: body, .. }
            | Expr::Coercion { expr: body, .. } => self.result_expr(*body),
            _ => e,
        }
    }

    /// The expression giving the part of `e`'s value at a path of fields,
    /// as far as it is written out.
    pub(super) fn result_part(&self, e: ExprId, path: &[Name]) -> ExprId {
        let e = self.result_expr(e);
        let part = match (path, &self.store.exprs[e]) {
            ([first, ..], Expr::Tuple(elements)) => first
                .as_str()
                .parse::<usize>()
                .ok()
                .and_then(|i| elements.get(i).copied()),
            ([first, ..], Expr::Record(fields)) => {
                fields.iter().find(|(n, _)| n == first).map(|(_, c)| *c)
            }
            _ => None,
        };
        match part {
            Some(part) => self.result_part(part, &path[1..]),
            None => e,
        }
    }
}
