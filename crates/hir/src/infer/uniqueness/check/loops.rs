//! Loops: the body may consume only the loop's parameters; which
//! parameters it consumes decides what the initial value gives up, and
//! the values returned for consumed parameters must not alias anything
//! else.

use super::super::aliases::{Aliases, At, VarId, Vars, single, vars};
use super::super::signature::{Diet, ParamSig, diet_of_typeref};
use super::super::{Loc, Problem};
use super::{Checker, Frame, FrameKind, Key, VarKind, text};
use crate::name::Name;
use crate::store::{ExprId, LoopForm, Pat, PatId};
use crate::ty::Ty;

/// The result of a loop for a parameter of diet `diet` given `init`:
/// fresh where consumed, otherwise possibly the initial value.
fn loop_result(result: &Aliases, diet: &Diet, init: &At, ty: &Ty) -> At {
    match (ty, init) {
        (Ty::Record(fields), At::Record(_)) => At::Record(
            fields
                .iter()
                .map(|(name, t)| {
                    (
                        name.clone(),
                        loop_result(result, &diet.field(name), &init.field(name), t),
                    )
                })
                .collect(),
        ),
        _ if diet.consumes() => At::of_ty(ty, &Aliases::new()),
        _ => {
            let mut all = result.clone();
            all.extend(init.all());
            At::of_ty(ty, &all)
        }
    }
}

impl Checker<'_> {
    /// The names of a loop's parameter pattern, each with its declared
    /// diet if its type is written.
    pub(super) fn loop_params(
        &self,
        pat: PatId,
        declared: Option<Diet>,
        out: &mut Vec<(PatId, Option<Diet>)>,
    ) {
        match &self.store.pats[pat] {
            Pat::Name(_) => out.push((pat, declared)),
            Pat::Ascription { pat: inner, ty } => {
                let diet = match declared {
                    Some(Diet::Consume) => Diet::Consume,
                    _ => diet_of_typeref(self.store, *ty, &self.pat_type(pat)),
                };
                self.loop_params(*inner, Some(diet), out);
            }
            Pat::Attr { pat, .. } => self.loop_params(*pat, declared, out),
            Pat::Tuple(elements) => {
                for (i, &p) in elements.iter().enumerate() {
                    let field = declared
                        .as_ref()
                        .map(|d| d.field(&Name::new(&i.to_string())));
                    self.loop_params(p, field, out);
                }
            }
            Pat::Record(fields) => {
                for (name, p) in fields {
                    self.loop_params(*p, declared.as_ref().map(|d| d.field(name)), out);
                }
            }
            Pat::Constr { payload, .. } => {
                for &p in payload {
                    self.loop_params(p, declared.clone(), out);
                }
            }
            Pat::Missing | Pat::Wildcard | Pat::Literal { .. } => {}
        }
    }

    /// The diet of a loop's parameter pattern, given each name's.
    pub(super) fn loop_diet(&self, pat: PatId, diet_of: &dyn Fn(PatId) -> Diet) -> Diet {
        match &self.store.pats[pat] {
            Pat::Name(_) => diet_of(pat),
            Pat::Ascription { pat, .. } | Pat::Attr { pat, .. } => self.loop_diet(*pat, diet_of),
            Pat::Tuple(elements) => Diet::record(
                elements
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| (Name::new(&i.to_string()), self.loop_diet(p, diet_of)))
                    .collect(),
            ),
            Pat::Record(fields) => Diet::record(
                fields
                    .iter()
                    .map(|(name, p)| (name.clone(), self.loop_diet(*p, diet_of)))
                    .collect(),
            ),
            _ => Diet::Observe,
        }
    }

    /// The values a loop body returns for its parameters: for a consumed
    /// parameter they must alias nothing outside the loop, and no two
    /// parameters' values may alias where one is consumed. Returns the
    /// problems and what the values for consumed parameters alias.
    pub(super) fn loop_returns(
        &self,
        pat: PatId,
        body: ExprId,
        value: &At,
        params: &[(PatId, VarId, Option<Diet>)],
        consumed: &Vars,
    ) -> (Vec<Problem>, Aliases) {
        let mut names = Vec::new();
        self.match_pat(pat, value, &mut names);
        let mut paths = Vec::new();
        self.pattern_paths(pat, &mut Vec::new(), &mut paths);
        let param_vars: Vars = params.iter().map(|p| p.1).collect();
        let mut problems = Vec::new();
        let mut cons = Aliases::new();
        // The values returned so far: parameter, where, aliases, consumed.
        let mut earlier: Vec<(VarId, Loc, Aliases, bool)> = Vec::new();
        for (p, at) in names {
            let Some((_, var, declared)) = params.iter().find(|q| q.0 == p) else {
                continue;
            };
            let consumes = match declared {
                Some(d) => d.consumes(),
                None => consumed.contains(var),
            };
            let path = paths
                .iter()
                .find(|(q, _)| *q == p)
                .map(|(_, path)| path.clone())
                .unwrap_or_default();
            let returned = Loc::Expr(self.result_part(body, &path));
            let aliases = at.all();
            let name = self.name_of(*var).clone();
            let this = (returned, format!("the value returned for \"{name}\""));
            if consumes {
                for v in self.bound_vars(&aliases) {
                    if param_vars.contains(&v) {
                        continue;
                    }
                    let other = self.name_of(v).clone();
                    let mut related = vec![this.clone()];
                    related.extend(self.binding_note(v, format!("\"{other}\" is bound here")));
                    problems.push(Problem {
                        at: Loc::Pat(p),
                        message: vec![text(format!(
                            "Return value for consuming loop parameter \"{name}\" aliases \"{other}\"."
                        ))],
                        link: Some("consuming-loop-param-aliases"),
                        related,
                    });
                }
            }
            let overlapping = |consumed_only: bool| {
                earlier
                    .iter()
                    .find(|(_, _, als, c)| (*c || !consumed_only) && !als.is_disjoint(&aliases))
                    .map(|(v, at, _, _)| {
                        (
                            *at,
                            format!("the value returned for \"{}\"", self.name_of(*v)),
                        )
                    })
            };
            if let Some(other) = overlapping(true) {
                problems.push(Problem {
                    at: Loc::Pat(p),
                    message: vec![text(format!(
                        "Return value for loop parameter \"{name}\" aliases other consumed loop parameter."
                    ))],
                    link: Some("loop-parameter-aliases-other"),
                    related: vec![this.clone(), other],
                });
            }
            if consumes && let Some(other) = overlapping(false) {
                problems.push(Problem {
                    at: Loc::Pat(p),
                    message: vec![text(format!(
                        "Return value for consuming loop parameter \"{name}\" aliases previously returned value."
                    ))],
                    link: Some("aliases-previously-returned"),
                    related: vec![this.clone(), other],
                });
            }
            if consumes {
                cons.extend(aliases.iter().cloned());
            }
            earlier.push((*var, returned, aliases, consumes));
        }
        (problems, cons)
    }

    /// The path of fields to each name of a pattern.
    pub(super) fn pattern_paths(
        &self,
        pat: PatId,
        path: &mut Vec<Name>,
        out: &mut Vec<(PatId, Vec<Name>)>,
    ) {
        match &self.store.pats[pat] {
            Pat::Name(_) => out.push((pat, path.clone())),
            Pat::Tuple(elements) => {
                for (i, &p) in elements.iter().enumerate() {
                    path.push(Name::new(&i.to_string()));
                    self.pattern_paths(p, path, out);
                    path.pop();
                }
            }
            Pat::Record(fields) => {
                for (name, p) in fields {
                    path.push(name.clone());
                    self.pattern_paths(*p, path, out);
                    path.pop();
                }
            }
            Pat::Ascription { pat, .. } | Pat::Attr { pat, .. } => {
                self.pattern_paths(*pat, path, out)
            }
            _ => {}
        }
    }

    /// The value of a loop without an initial value: the variables its
    /// parameters are named after.
    pub(super) fn implicit_init(&mut self, pat: PatId) -> At {
        let store = self.store;
        match &store.pats[pat] {
            Pat::Name(name) => match self.find_by_name(name) {
                Some(index) => self.observe(Loc::Pat(pat), index),
                None => At::of_ty(&self.pat_type(pat), &Aliases::new()),
            },
            Pat::Tuple(elements) => At::Record(
                elements
                    .iter()
                    .enumerate()
                    .map(|(i, &p)| (Name::new(&i.to_string()), self.implicit_init(p)))
                    .collect(),
            ),
            Pat::Ascription { pat, .. } | Pat::Attr { pat, .. } => self.implicit_init(*pat),
            _ => At::Prim,
        }
    }

    /// A loop: the body may consume only the loop's parameters; a
    /// parameter the body consumes (or declared unique) consumes its
    /// initial value; the result is fresh where consumed and may
    /// otherwise alias the initial value and what the body returns.
    pub(super) fn loop_(
        &mut self,
        id: ExprId,
        pat: PatId,
        init: Option<ExprId>,
        form: LoopForm,
        body: ExprId,
    ) -> At {
        let element = match &form {
            LoopForm::For { bound, .. } => {
                self.expr(*bound);
                None
            }
            LoopForm::ForIn { pat, array } => Some((*pat, self.expr(*array))),
            LoopForm::While { .. } => None,
        };
        let store = self.store;
        let mark = self.scope.len();
        let log = self.observed.len();
        self.frames.push(Frame {
            start: mark,
            kind: FrameKind::Loop,
        });
        match &form {
            LoopForm::For { var, .. } => {
                let v = self.new_var(var.clone(), VarKind::Element, None);
                self.push_entry(Key::LoopVar(id), v, false, At::Prim);
            }
            LoopForm::ForIn { .. } => {
                let (element_pat, array_at) = element.clone().expect("for-in");
                let mut names = Vec::new();
                self.match_pat(element_pat, &array_at, &mut names);
                for (p, part) in names {
                    let Pat::Name(name) = &store.pats[p] else {
                        continue;
                    };
                    let var = self.new_var(name.clone(), VarKind::Element, Some(Loc::Pat(p)));
                    let ty = self.pat_type(p);
                    let at = At::of_ty(&ty, &part.all()).with_self(var);
                    self.push_entry(Key::Pat(p), var, false, at);
                }
            }
            LoopForm::While { .. } => {}
        }
        let mut declared = Vec::new();
        self.loop_params(pat, None, &mut declared);
        let mut params: Vec<(PatId, VarId, Option<Diet>)> = Vec::new();
        for (p, diet) in declared {
            let Pat::Name(name) = &store.pats[p] else {
                continue;
            };
            let var = self.new_var(
                name.clone(),
                VarKind::LoopParam {
                    declared: diet.is_some(),
                },
                Some(Loc::Pat(p)),
            );
            let consumable = diet.as_ref().is_none_or(|d| d.consumes());
            let at = At::of_ty(&self.pat_type(p), &Aliases::new()).with_self(var);
            self.push_entry(Key::Pat(p), var, consumable, at);
            params.push((p, var, diet));
        }
        if let LoopForm::While { condition } = &form {
            self.expr(*condition);
        }
        let condition_log = self.observed.len();
        let (body_at, body_consumed) = self.contain(|c| c.expr(body));
        self.frames.pop();
        let outer: Vec<(VarId, Loc, &'static str)> = self.observed[log..]
            .iter()
            .enumerate()
            .filter_map(|(i, &(v, at))| {
                let index = self.entry_of_var(v)?;
                let what = if log + i < condition_log {
                    "Loop condition"
                } else {
                    "Loop body"
                };
                (index < mark).then_some((v, at, what))
            })
            .collect();
        self.forget_inner_observations(log, mark);
        self.truncate(mark);

        // Which parameters the loop consumes: those the body consumes,
        // and, until nothing changes, those whose values alias a value
        // returned for a consumed parameter.
        let param_vars: Vars = params.iter().map(|p| p.1).collect();
        let mut consumed: Vars = body_consumed
            .keys()
            .copied()
            .filter(|v| param_vars.contains(v))
            .collect();
        let problems = loop {
            let (problems, returned) = self.loop_returns(pat, body, &body_at, &params, &consumed);
            let more: Vars = vars(&returned)
                .intersection(&param_vars)
                .copied()
                .filter(|v| !consumed.contains(v))
                .collect();
            if more.is_empty() {
                break problems;
            }
            consumed.extend(more);
        };
        self.problems.extend(problems);
        let diet_of = |p: PatId| match params.iter().find(|q| q.0 == p) {
            Some((_, _, Some(d))) => d.clone(),
            Some((_, var, None)) if consumed.contains(var) => Diet::Consume,
            _ => Diet::Observe,
        };
        let diet = self.loop_diet(pat, &diet_of);

        // The initial value, checked as an argument for the parameter.
        let param = ParamSig {
            diet: diet.clone(),
            fun_params: Vec::new(),
            fun_ret_unique: false,
        };
        let since = self.problems.len();
        let (init_at, init_consumed) = self.contain(|c| match init {
            Some(e) => c.check_arg(&[], &param, e),
            None => {
                let at = c.implicit_init(pat);
                if diet.consumes() {
                    c.consume_argument(Loc::Pat(pat), &diet, &at, &[], since);
                }
                at
            }
        });
        self.add_consumed(&init_consumed);
        let init_loc = init.map_or(Loc::Pat(pat), Loc::Expr);
        let mut reported = Vec::new();
        for (var, at, what) in outer {
            if reported.contains(&var) {
                continue;
            }
            let Some(index) = self.entry_of_var(var) else {
                continue;
            };
            let aliases = self.bound_vars(&self.scope[index].at.all());
            if aliases.iter().any(|v| init_consumed.contains_key(v)) {
                reported.push(var);
                let message = format!(
                    "{what} uses {} (or an alias),\nbut this is consumed by the initial loop argument.",
                    self.describe(var)
                );
                self.problem(
                    at,
                    vec![text(message)],
                    None,
                    vec![(init_loc, "consumed here, on entry to the loop".to_string())],
                );
            }
        }
        let result = self.new_var(Name::new("loop"), VarKind::LoopResult, Some(Loc::Expr(id)));
        let loop_at = loop_result(&single(result), &diet, &init_at, &self.type_of(id));
        loop_at.combine(&body_at)
    }
}
