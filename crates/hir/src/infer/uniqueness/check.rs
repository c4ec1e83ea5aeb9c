//! The checker proper: one pass over a definition's typed body computing
//! every expression's aliases ([`At`]) and the variables consumed so far,
//! reporting what the rules forbid as it goes.
//!
//! The rules follow upstream Futhark (and the PLDI'17 paper, figures 5 to
//! 7): a variable aliases itself and what its value aliases; a use of a
//! variable must not meet a consumed alias; consumption (an in-place
//! update, an argument for a `*` parameter, the initial value of a loop
//! parameter the loop consumes) marks every alias consumed and needs each
//! of them consumable; function and loop bodies may consume only their own
//! parameters; results declared unique must not alias what the function
//! may not consume.

mod apply;
mod loops;
mod results;

use super::aliases::{Aliases, At, LeafKind, VarId, Vars, vars};
use super::signature::{
    Diet, Signature, Uniq, diet_of_typeref, fun_diets_of_typeref, param_sig, pattern_size_exprs,
    peel, sig_of_typeref, uniq_of_typeref,
};
use super::{CheckResult, Loc, Part, Problem};
use crate::Db;
use crate::files::FileSet;
use crate::infer::{InferenceResult, Resolved};
use crate::name::Name;
use crate::resolve::{TermRef, ValueRef};
use crate::store::{DimIndex, Expr, ExprId, Pat, PatId, Store, TypeRef, UpdateStep};
use crate::ty::Ty;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeMap;

/// What a checker variable is.
#[derive(Debug, Clone, PartialEq, Eq)]
enum VarKind {
    /// Bound by `let`, `match`, or an in-place update.
    Local,
    Param,
    /// A loop parameter; `declared` if its type is written.
    LoopParam {
        declared: bool,
    },
    /// The element of a `for x in xs` loop.
    Element,
    /// A local function.
    Function,
    /// A definition outside the one checked.
    Global(Option<Loc>),
    /// The result of an application, which no variable names.
    AppResult(Option<String>),
    LoopResult,
}

#[derive(Debug)]
struct Var {
    name: Name,
    kind: VarKind,
    /// Where it is bound.
    binding: Option<Loc>,
}

/// What a scope entry is found by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Key {
    Pat(PatId),
    Fun(ExprId),
    LoopVar(ExprId),
}

#[derive(Debug)]
struct Entry {
    key: Key,
    var: VarId,
    consumable: bool,
    /// Which parts may be consumed (a tuple parameter's unique fields).
    diet: Diet,
    at: At,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FrameKind {
    Function,
    Loop,
    ParamSizes,
}

/// Entries before `start` may not be consumed inside the frame.
#[derive(Debug, Clone, Copy)]
struct Frame {
    start: usize,
    kind: FrameKind,
}

/// A parameter name of the function being checked.
#[derive(Debug, Clone)]
struct ParamName {
    var: VarId,
    /// Declared consumable (some part unique).
    consumes: bool,
    /// Every part that could alias is unique: a unique result may alias it.
    fully_consumable: bool,
    /// Which parameter (of several curried ones) it is part of.
    param: usize,
}

pub(super) struct Checker<'a> {
    db: &'a dyn Db,
    file_set: FileSet,
    store: &'a Store,
    types: &'a InferenceResult,
    vars: Vec<Var>,
    /// For each variable, how many scope entries bind it.
    bound: Vec<u32>,
    scope: Vec<Entry>,
    /// The positions in `scope` of each key, variable and name (of
    /// patterns and functions), ascending: lookups need not scan a scope
    /// that thousands of `let`s fill.
    scope_by_key: FxHashMap<Key, Vec<usize>>,
    scope_by_var: FxHashMap<VarId, Vec<usize>>,
    scope_by_name: FxHashMap<Name, Vec<usize>>,
    frames: Vec<Frame>,
    consumed: BTreeMap<VarId, Loc>,
    /// Every variable observed, in order, and where.
    observed: Vec<(VarId, Loc)>,
    local_sigs: FxHashMap<ExprId, Signature>,
    /// The signatures of variables of function type, as declared or as
    /// their values' (a partial application of a definition, say).
    var_sigs: FxHashMap<VarId, Signature>,
    globals: Vec<(ValueRef, VarId)>,
    own_sig: Signature,
    problems: Vec<Problem>,
    /// For each "used after consumption" problem: its index and the
    /// consumed variable (so that one use is reported once).
    use_errors: Vec<(usize, VarId)>,
}

fn text(s: impl Into<String>) -> Part {
    Part::Text(s.into())
}

/// Whether a type contains a function.
fn has_function(ty: &Ty) -> bool {
    match ty {
        Ty::Function { .. } => true,
        Ty::Record(fields) => fields.iter().any(|(_, t)| has_function(t)),
        Ty::Sum(cs) => cs.iter().flat_map(|(_, ts)| ts).any(has_function),
        Ty::Array { element, .. } => has_function(element),
        _ => false,
    }
}

/// Whether a value of the type may share memory with another.
fn may_alias(ty: &Ty) -> bool {
    match ty {
        Ty::Prim(_) => false,
        Ty::Record(fields) => fields.iter().any(|(_, t)| may_alias(t)),
        Ty::Sum(cs) => cs.iter().flat_map(|(_, ts)| ts).any(may_alias),
        _ => true,
    }
}

/// Whether a parameter of this type and diet may be aliased by a unique
/// result: every part that could alias something is consumed.
fn fully_consumable(diet: &Diet, ty: &Ty) -> bool {
    match (diet, ty) {
        (Diet::Consume, Ty::Function { .. }) => false,
        (Diet::Consume, _) => true,
        (Diet::Record(_), Ty::Record(fields)) => fields
            .iter()
            .all(|(name, t)| fully_consumable(&diet.field(name), t)),
        (Diet::Record(_), _) => false,
        (Diet::Observe, ty) => !may_alias(ty),
    }
}

/// The aliases of a result: unique parts are fresh, the others alias
/// `aliases`.
fn at_of_result(ty: &Ty, uniq: &Uniq, aliases: &Aliases) -> At {
    match (uniq, ty) {
        (Uniq::Unique, _) => At::of_ty(ty, &Aliases::new()),
        (Uniq::Record(fields), Ty::Record(types)) => At::Record(
            types
                .iter()
                .map(|(name, t)| {
                    let u = fields
                        .iter()
                        .find(|(n, _)| n == name)
                        .map_or(Uniq::Nonunique, |(_, u)| u.clone());
                    (name.clone(), at_of_result(t, &u, aliases))
                })
                .collect(),
        ),
        _ => At::of_ty(ty, aliases),
    }
}

/// The aliases a consumed argument gives up, per its parameter's diet.
fn consumed_part(diet: &Diet, at: &At) -> Aliases {
    match (diet, at) {
        (Diet::Record(_), At::Record(fields)) => fields
            .iter()
            .flat_map(|(name, at)| consumed_part(&diet.field(name), at))
            .collect(),
        (diet, at) if diet.consumes() => at.all(),
        _ => Aliases::new(),
    }
}

impl<'a> Checker<'a> {
    pub(super) fn new(
        db: &'a dyn Db,
        file_set: FileSet,
        store: &'a Store,
        types: &'a InferenceResult,
    ) -> Self {
        Checker {
            db,
            file_set,
            store,
            types,
            vars: Vec::new(),
            bound: Vec::new(),
            scope: Vec::new(),
            scope_by_key: FxHashMap::default(),
            scope_by_var: FxHashMap::default(),
            scope_by_name: FxHashMap::default(),
            frames: Vec::new(),
            consumed: BTreeMap::new(),
            observed: Vec::new(),
            local_sigs: FxHashMap::default(),
            var_sigs: FxHashMap::default(),
            globals: Vec::new(),
            own_sig: Signature {
                params: Vec::new(),
                ret: Uniq::Nonunique,
            },
            problems: Vec::new(),
            use_errors: Vec::new(),
        }
    }

    /// Checks a whole definition.
    pub(super) fn definition(
        mut self,
        params: &[PatId],
        ret: Option<crate::store::TypeId>,
        body: ExprId,
    ) -> CheckResult {
        let ret_ty = peel(&self.types.scheme.ty, params.len());
        let declared = ret.map(|r| uniq_of_typeref(self.store, r, &ret_ty));
        self.own_sig = Signature {
            params: params
                .iter()
                .map(|&p| param_sig(self.store, p, &self.types.pat_types))
                .collect(),
            ret: declared.clone().unwrap_or(Uniq::Nonunique),
        };
        let names = self.bind_params(params, VarKind::Param);
        let body_at = self.expr(body);
        let at = Loc::Expr(self.result_expr(body));
        let expected = declared.clone().unwrap_or(Uniq::Nonunique);
        self.check_return_aliases(at, &names, &expected, &body_at);
        self.check_global_aliases(at, !params.is_empty(), &body_at);
        if let Some(ret) = ret
            && matches!(ret_ty, Ty::Function { .. })
        {
            let expected = fun_diets_of_typeref(self.store, ret, &ret_ty);
            self.check_function_result(body, &ret_ty, &expected);
        }
        if let (Some(ret), Some(declared)) = (ret, &declared)
            && params.is_empty()
            && declared.any_unique()
        {
            self.problem(
                Loc::Type(ret),
                vec![text("A top-level constant cannot have a unique type.")],
                None,
                Vec::new(),
            );
        }
        let inferred_ret = declared
            .is_none()
            .then(|| self.infer_return_uniqueness(!params.is_empty(), &names, &body_at));
        CheckResult {
            problems: self.finish(),
            inferred_ret,
        }
    }

    fn finish(self) -> Vec<Problem> {
        let mut out: Vec<Problem> = Vec::new();
        for problem in self.problems {
            if !out
                .iter()
                .any(|p| p.at == problem.at && p.message == problem.message)
            {
                out.push(problem);
            }
        }
        out
    }

    fn problem(
        &mut self,
        at: Loc,
        message: Vec<Part>,
        link: Option<&'static str>,
        related: Vec<(Loc, String)>,
    ) {
        self.problems.push(Problem {
            at,
            message,
            link,
            related,
        });
    }

    fn type_of(&self, expr: ExprId) -> Ty {
        self.types
            .expr_types
            .get(expr)
            .cloned()
            .unwrap_or(Ty::Error)
    }

    fn pat_type(&self, pat: PatId) -> Ty {
        self.types.pat_types.get(pat).cloned().unwrap_or(Ty::Error)
    }

    // Variables and scopes.

    fn new_var(&mut self, name: Name, kind: VarKind, binding: Option<Loc>) -> VarId {
        self.vars.push(Var {
            name,
            kind,
            binding,
        });
        self.bound.push(0);
        (self.vars.len() - 1) as VarId
    }

    fn push_entry(&mut self, key: Key, var: VarId, consumable: bool, at: At) {
        let diet = if consumable {
            Diet::Consume
        } else {
            Diet::Observe
        };
        self.push_entry_with_diet(key, var, diet, at);
    }

    fn push_entry_with_diet(&mut self, key: Key, var: VarId, diet: Diet, at: At) {
        self.bound[var as usize] += 1;
        let position = self.scope.len();
        self.scope_by_key.entry(key).or_default().push(position);
        self.scope_by_var.entry(var).or_default().push(position);
        if matches!(key, Key::Pat(_) | Key::Fun(_)) {
            let name = self.vars[var as usize].name.clone();
            self.scope_by_name.entry(name).or_default().push(position);
        }
        self.scope.push(Entry {
            key,
            var,
            consumable: diet.consumes(),
            diet,
            at,
        });
    }

    /// Forgets the observations since log position `log` of variables
    /// bound at or after scope entry `mark` (those of a function or loop
    /// being left) and all but the first of each other variable: what the
    /// enclosing code asks of the log (the first use of each variable,
    /// and which variables are free). Without this, each level of nested
    /// functions or loops would walk the observations of all the levels
    /// inside it.
    fn forget_inner_observations(&mut self, log: usize, mark: usize) {
        let mut seen = FxHashSet::default();
        let mut kept = log;
        for i in log..self.observed.len() {
            let (var, _) = self.observed[i];
            let inner = self.entry_of_var(var).is_some_and(|index| index >= mark);
            if !inner && seen.insert(var) {
                self.observed[kept] = self.observed[i];
                kept += 1;
            }
        }
        self.observed.truncate(kept);
    }

    fn truncate(&mut self, mark: usize) {
        for entry in self.scope[mark..].iter().rev() {
            self.bound[entry.var as usize] -= 1;
            unindex(&mut self.scope_by_key, &entry.key);
            unindex(&mut self.scope_by_var, &entry.var);
            if matches!(entry.key, Key::Pat(_) | Key::Fun(_)) {
                unindex(&mut self.scope_by_name, &self.vars[entry.var as usize].name);
            }
        }
        self.scope.truncate(mark);
    }

    /// In scope, or a definition outside: a variable whose consumption
    /// must be allowed and whose aliasing matters to the rules.
    fn is_bound(&self, var: VarId) -> bool {
        self.bound[var as usize] > 0 || matches!(self.vars[var as usize].kind, VarKind::Global(_))
    }

    /// The variables of `aliases` that are bound.
    fn bound_vars(&self, aliases: &Aliases) -> Vars {
        aliases
            .iter()
            .map(|a| a.var)
            .filter(|&v| self.is_bound(v))
            .collect()
    }

    fn find(&self, key: Key) -> Option<usize> {
        self.scope_by_key.get(&key)?.last().copied()
    }

    fn entry_of_var(&self, var: VarId) -> Option<usize> {
        self.scope_by_var.get(&var)?.last().copied()
    }

    fn find_by_name(&self, name: &Name) -> Option<usize> {
        self.scope_by_name.get(name)?.last().copied()
    }

    fn name_of(&self, var: VarId) -> &Name {
        &self.vars[var as usize].name
    }

    /// How messages name a variable.
    fn describe(&self, var: VarId) -> String {
        let info = &self.vars[var as usize];
        match &info.kind {
            VarKind::AppResult(Some(f)) => format!("result of applying \"{f}\""),
            VarKind::AppResult(None) => "result of application".to_string(),
            VarKind::LoopResult => "result of loop".to_string(),
            _ => format!("variable \"{}\"", info.name),
        }
    }

    /// A binding of a variable `var` that the checker can point at, with
    /// a note.
    fn binding_note(&self, var: VarId, note: String) -> Vec<(Loc, String)> {
        self.vars[var as usize]
            .binding
            .map(|at| vec![(at, note)])
            .unwrap_or_default()
    }

    // Observation and consumption.

    /// A use of the variable of scope entry `index`: its aliases must not
    /// have been consumed.
    fn observe(&mut self, at: Loc, index: usize) -> At {
        self.observe_part(at, index, &[])
    }

    /// A use of the part at a path of fields of the variable of scope
    /// entry `index` (`r.f`): only that part's aliases matter.
    fn observe_part(&mut self, at: Loc, index: usize, fields: &[Name]) -> At {
        let var = self.scope[index].var;
        let aliases = fields
            .iter()
            .fold(self.scope[index].at.clone(), |at, f| at.field(f));
        self.observed.push((var, at));
        self.check_not_consumed(at, &vars(&aliases.all()), Some(var), usize::MAX);
        aliases
    }

    /// Reports each consumed variable among `aliases` (used at `at`);
    /// variables already reported since problem number `since` are not
    /// reported again.
    fn check_not_consumed(&mut self, at: Loc, aliases: &Vars, used: Option<VarId>, since: usize) {
        for &var in aliases {
            let Some(&consumed_at) = self.consumed.get(&var) else {
                continue;
            };
            if self.use_errors.iter().any(|&(i, v)| i >= since && v == var) {
                continue;
            }
            let mut message = format!("Using {}, but this was consumed.", self.describe(var));
            let mut related = vec![(consumed_at, "consumed here".to_string())];
            if let Some(used) = used.filter(|&u| u != var) {
                message.push_str(&format!(
                    "  (Possibly through aliases: \"{}\" may alias {}.)",
                    self.name_of(used),
                    self.describe(var)
                ));
                related.extend(
                    self.binding_note(used, format!("\"{}\" is bound here", self.name_of(used))),
                );
            }
            self.use_errors.push((self.problems.len(), var));
            self.problem(at, vec![text(message)], Some("use-after-consume"), related);
        }
    }

    /// Why a variable (the part of it at `path`) may not be consumed
    /// here, if it may not.
    fn not_consumable(&self, var: VarId, path: &[Name]) -> Option<Vec<(Loc, String)>> {
        let info = &self.vars[var as usize];
        let name = &info.name;
        if let VarKind::Global(item) = &info.kind {
            return Some(
                item.map(|at| {
                    vec![(
                        at,
                        format!("\"{name}\" is a top-level definition, shared by all its uses"),
                    )]
                })
                .unwrap_or_default(),
            );
        }
        let index = self.entry_of_var(var)?;
        let entry = &self.scope[index];
        if let Some(frame) = self.frames.iter().rev().find(|f| f.start > index) {
            let note = match frame.kind {
                FrameKind::Function => format!(
                    "\"{name}\" is bound outside the function, which may consume only its own unique parameters"
                ),
                FrameKind::Loop => format!(
                    "\"{name}\" is bound outside the loop, whose body may consume only the loop's parameters"
                ),
                FrameKind::ParamSizes => {
                    format!("\"{name}\" is used in a parameter's size, which may not consume it")
                }
            };
            return Some(self.binding_note(var, note));
        }
        let part = path.iter().fold(entry.diet.clone(), |d, f| d.field(f));
        if entry.consumable && part.consumes() {
            return None;
        }
        let note = match info.kind {
            VarKind::Param if entry.consumable => format!(
                "\"{name}\" is a parameter of which only the parts of unique type may be consumed"
            ),
            VarKind::Param => format!(
                "\"{name}\" is a parameter of non-unique type (declare it with a unique type, *t, to consume it)"
            ),
            VarKind::LoopParam { .. } => {
                format!("\"{name}\" is a loop parameter declared with a non-unique type")
            }
            VarKind::Element => {
                format!("\"{name}\" is an element of the array the loop iterates over")
            }
            VarKind::Function => format!("\"{name}\" is a function"),
            _ => format!("\"{name}\" is not unique"),
        };
        Some(self.binding_note(var, note))
    }

    /// Consumes `aliases` at `at`: each must be consumable and not
    /// already consumed.
    fn consume(&mut self, at: Loc, aliases: &Aliases, since: usize) {
        let bad: Vec<(VarId, Vec<(Loc, String)>)> = aliases
            .iter()
            .filter_map(|a| Some((a.var, self.not_consumable(a.var, &a.path)?)))
            .collect();
        let mut reported = Vars::new();
        for (var, mut related) in bad {
            // One that may not be consumed because it aliases another
            // that may not be (a row of a for-in loop's array): only the
            // nearer is reported.
            if reported.contains(&var)
                || aliases.iter().any(|a| {
                    a.var != var
                        && self.is_bound(a.var)
                        && self.aliases_of(a.var).contains(&var)
                        && self.not_consumable(a.var, &a.path).is_some()
                })
            {
                continue;
            }
            reported.insert(var);
            // Through what it is consumed, if not directly.
            if let Some(via) = aliases.iter().map(|a| a.var).find(|&w| {
                w != var && self.bound[w as usize] > 0 && self.aliases_of(w).contains(&var)
            }) {
                let (via_name, name) = (self.name_of(via).clone(), self.name_of(var).clone());
                related
                    .extend(self.binding_note(via, format!("\"{via_name}\" may alias \"{name}\"")));
            }
            let message = format!("Consuming {}, which is not consumable.", self.describe(var));
            self.problem(at, vec![text(message)], Some("not-consumable"), related);
        }
        let aliases = vars(aliases);
        self.check_not_consumed(at, &aliases, None, since);
        for &var in &aliases {
            self.consumed.entry(var).or_insert(at);
        }
    }

    /// The variables a variable in scope aliases.
    fn aliases_of(&self, var: VarId) -> Vars {
        self.entry_of_var(var)
            .map(|i| vars(&self.scope[i].at.all()))
            .unwrap_or_default()
    }

    /// Runs `f`, returning what it consumed, which is then no longer
    /// counted as consumed.
    fn contain<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> (T, BTreeMap<VarId, Loc>) {
        let before = self.consumed.clone();
        let value = f(self);
        let after = std::mem::replace(&mut self.consumed, before);
        let new = after
            .into_iter()
            .filter(|(v, _)| !self.consumed.contains_key(v))
            .collect();
        (value, new)
    }

    fn add_consumed(&mut self, consumed: &BTreeMap<VarId, Loc>) {
        for (&var, &at) in consumed {
            self.consumed.entry(var).or_insert(at);
        }
    }

    // Binding.

    /// The names of a pattern with the aliases of their parts of `at`.
    fn match_pat(&self, pat: PatId, at: &At, out: &mut Vec<(PatId, At)>) {
        match &self.store.pats[pat] {
            Pat::Name(_) => out.push((pat, at.clone())),
            Pat::Tuple(elements) => match at {
                At::Record(_) => {
                    for (i, &p) in elements.iter().enumerate() {
                        self.match_pat(p, &at.field(&Name::new(&i.to_string())), out);
                    }
                }
                other => elements.iter().for_each(|&p| self.match_pat(p, other, out)),
            },
            Pat::Record(fields) => match at {
                At::Record(_) => {
                    for (name, p) in fields {
                        self.match_pat(*p, &at.field(name), out);
                    }
                }
                other => fields
                    .iter()
                    .for_each(|(_, p)| self.match_pat(*p, other, out)),
            },
            Pat::Constr { name, payload } => {
                let parts = match at {
                    At::Sum(constructors) => constructors
                        .iter()
                        .find(|(n, ats)| n == name && ats.len() == payload.len())
                        .map(|(_, ats)| ats.clone()),
                    _ => None,
                };
                match parts {
                    Some(parts) => {
                        for (&p, part) in payload.iter().zip(&parts) {
                            self.match_pat(p, part, out);
                        }
                    }
                    None => {
                        let all = At::Leaf(LeafKind::Opaque, at.all());
                        payload.iter().for_each(|&p| self.match_pat(p, &all, out));
                    }
                }
            }
            Pat::Ascription { pat, .. } | Pat::Attr { pat, .. } => self.match_pat(*pat, at, out),
            Pat::Missing | Pat::Wildcard | Pat::Literal { .. } => {}
        }
    }

    /// Binds the names of a `let` or `match` pattern to the parts of a
    /// value: each aliases its part and itself, and may be consumed.
    fn bind_pattern(&mut self, pat: PatId, at: &At) {
        let store = self.store;
        let mut names = Vec::new();
        self.match_pat(pat, at, &mut names);
        for (p, part) in names {
            let Pat::Name(name) = &store.pats[p] else {
                continue;
            };
            let var = self.new_var(name.clone(), VarKind::Local, Some(Loc::Pat(p)));
            let ty = self.pat_type(p);
            let part = if may_alias(&ty) { part } else { part.cleared() };
            self.push_entry(Key::Pat(p), var, true, part.with_self(var));
        }
    }

    /// The name a pattern binds, if it is one name.
    fn single_name(&self, pat: PatId) -> Option<PatId> {
        match &self.store.pats[pat] {
            Pat::Name(_) => Some(pat),
            Pat::Ascription { pat, .. } | Pat::Attr { pat, .. } => self.single_name(*pat),
            _ => None,
        }
    }

    /// Binds function parameters: each aliases only itself and may be
    /// consumed if its declared type is unique. Size expressions in
    /// parameter types are checked first; they may consume nothing.
    fn bind_params(&mut self, params: &[PatId], kind: VarKind) -> Vec<ParamName> {
        let mut names = Vec::new();
        for (i, &param) in params.iter().enumerate() {
            let mut sizes = Vec::new();
            pattern_size_exprs(self.store, param, &mut sizes);
            if !sizes.is_empty() {
                self.frames.push(Frame {
                    start: self.scope.len(),
                    kind: FrameKind::ParamSizes,
                });
                for e in sizes {
                    self.expr(e);
                }
                self.frames.pop();
            }
            self.bind_param(param, &Diet::Observe, None, i, kind.clone(), &mut names);
        }
        names
    }

    fn bind_param(
        &mut self,
        pat: PatId,
        diet: &Diet,
        written: Option<crate::store::TypeId>,
        param: usize,
        kind: VarKind,
        out: &mut Vec<ParamName>,
    ) {
        let store = self.store;
        match &store.pats[pat] {
            Pat::Name(name) => {
                let ty = self.pat_type(pat);
                let var = self.new_var(name.clone(), kind, Some(Loc::Pat(pat)));
                let consumes = diet.consumes();
                let at = At::of_ty(&ty, &Aliases::new()).with_self(var);
                self.push_entry_with_diet(Key::Pat(pat), var, diet.clone(), at);
                if has_function(&ty) {
                    let sig = match written {
                        Some(t) => sig_of_typeref(store, t, &ty),
                        None => Signature::observing(&ty),
                    };
                    self.var_sigs.insert(var, sig);
                }
                out.push(ParamName {
                    var,
                    consumes,
                    fully_consumable: fully_consumable(diet, &ty),
                    param,
                });
            }
            Pat::Ascription { pat: inner, ty } => {
                let declared = if *diet == Diet::Consume {
                    Diet::Consume
                } else {
                    diet_of_typeref(self.store, *ty, &self.pat_type(pat))
                };
                self.bind_param(*inner, &declared, Some(*ty), param, kind, out);
            }
            Pat::Attr { pat: inner, .. } => {
                self.bind_param(*inner, diet, written, param, kind, out)
            }
            Pat::Tuple(elements) => {
                let written: Option<Vec<crate::store::TypeId>> =
                    written.and_then(|t| match &store.types[t] {
                        TypeRef::Tuple(ts) if ts.len() == elements.len() => Some(ts.clone()),
                        _ => None,
                    });
                for (i, &p) in elements.iter().enumerate() {
                    let field = diet.field(&Name::new(&i.to_string()));
                    let w = written.as_ref().map(|ts| ts[i]);
                    self.bind_param(p, &field, w, param, kind.clone(), out);
                }
            }
            Pat::Record(fields) => {
                for (name, p) in fields {
                    let w = written.and_then(|t| match &store.types[t] {
                        TypeRef::Record(fs) => fs.iter().find(|(n, _)| n == name).map(|f| f.1),
                        _ => None,
                    });
                    self.bind_param(*p, &diet.field(name), w, param, kind.clone(), out);
                }
            }
            Pat::Constr { payload, .. } => {
                for &p in payload {
                    self.bind_param(p, diet, None, param, kind.clone(), out);
                }
            }
            Pat::Missing | Pat::Wildcard | Pat::Literal { .. } => {}
        }
    }

    // Expressions.

    fn indices(&mut self, indices: &[DimIndex]) {
        for index in indices {
            match index {
                DimIndex::Fix(e) => {
                    self.expr(*e);
                }
                DimIndex::Range { start, end, stride } => {
                    for e in [start, end, stride].into_iter().flatten() {
                        self.expr(*e);
                    }
                }
            }
        }
    }

    fn steps(&mut self, steps: &[UpdateStep]) {
        for step in steps {
            if let UpdateStep::Index(indices) = step {
                self.indices(indices);
            }
        }
    }

    fn fields_of(steps: &[UpdateStep]) -> Vec<Name> {
        steps
            .iter()
            .filter_map(|s| match s {
                UpdateStep::Field(f) => Some(f.clone()),
                UpdateStep::Index(_) => None,
            })
            .collect()
    }

    /// An in-place update may not write a value aliasing the array.
    fn check_overlap(&mut self, source: Part, value: ExprId, source_at: &At, value_at: &At) {
        if !source_at.all().is_disjoint(&value_at.all()) {
            self.problem(
                Loc::Expr(value),
                vec![
                    text("Source array for in-place update\n  "),
                    source,
                    text("\nmight alias update value\n  "),
                    Part::Code(Loc::Expr(value)),
                    text("\nHint: use \"copy\" to remove aliases from the value."),
                ],
                None,
                Vec::new(),
            );
        }
    }

    /// Checks an expression; returns what its value may alias.
    pub(super) fn expr(&mut self, id: ExprId) -> At {
        let expr = self.store.exprs[id].clone();
        let fresh = |c: &Self| At::of_ty(&c.type_of(id), &Aliases::new());
        match expr {
            Expr::Missing | Expr::Literal(_) | Expr::Hole | Expr::ProjectionSection(_) => {
                fresh(self)
            }
            Expr::Path(path) => self.path(id, &path),
            Expr::Field { base, field } => self.expr(base).field(&field),
            Expr::QualParen { expr, .. }
            | Expr::Ascription { expr, .. }
            | Expr::Coercion { expr, .. }
            | Expr::Attr { expr, .. } => self.expr(expr),
            Expr::Tuple(elements) => At::Record(
                elements
                    .iter()
                    .enumerate()
                    .map(|(i, &e)| (Name::new(&i.to_string()), self.expr(e)))
                    .collect(),
            ),
            Expr::Record(fields) => At::Record(
                fields
                    .iter()
                    .map(|(name, e)| (name.clone(), self.expr(*e)))
                    .collect(),
            ),
            Expr::Constr { name, payload } => {
                let parts: Vec<At> = payload.iter().map(|&e| self.expr(e)).collect();
                match self.type_of(id) {
                    Ty::Sum(constructors) => At::Sum(
                        constructors
                            .iter()
                            .map(|(n, ts)| {
                                if *n == name && ts.len() == parts.len() {
                                    (n.clone(), parts.clone())
                                } else {
                                    (
                                        n.clone(),
                                        ts.iter().map(|t| At::of_ty(t, &Aliases::new())).collect(),
                                    )
                                }
                            })
                            .collect(),
                    ),
                    ty => {
                        let all: Aliases = parts.iter().flat_map(|p| p.all()).collect();
                        At::of_ty(&ty, &all)
                    }
                }
            }
            Expr::Array(elements) => {
                // Elements are copied into a fresh array.
                for e in elements {
                    self.expr(e);
                }
                fresh(self)
            }
            Expr::Index { base, indices } => {
                let base_at = self.expr(base);
                self.indices(&indices);
                At::of_ty(&self.type_of(id), &base_at.all())
            }
            Expr::Apply { func, args } => self.apply(id, func, &args),
            Expr::Binary { op, lhs, rhs } => self.binary(id, &op, lhs, rhs),
            Expr::Negate(e) | Expr::Not(e) => {
                self.expr(e);
                fresh(self)
            }
            Expr::Range {
                start, second, end, ..
            } => {
                for e in [Some(start), second, Some(end)].into_iter().flatten() {
                    self.expr(e);
                }
                fresh(self)
            }
            Expr::If {
                condition,
                then_branch,
                else_branch,
            } => {
                self.expr(condition);
                self.branches(None, &[(None, then_branch), (None, else_branch)])
            }
            Expr::Match { scrutinee, cases } => {
                let scrutinee = self.expr(scrutinee);
                let cases: Vec<(Option<PatId>, ExprId)> =
                    cases.iter().map(|&(p, e)| (Some(p), e)).collect();
                self.branches(Some(&scrutinee), &cases)
            }
            Expr::Let {
                pat, value, body, ..
            } => {
                let (value_at, consumed) = self.contain(|c| c.expr(value));
                self.add_consumed(&consumed);
                let ty = self.type_of(value);
                if let Some((_, &where_)) = consumed.iter().next()
                    && has_function(&ty)
                {
                    self.problem(
                        Loc::Expr(value),
                        vec![text(format!(
                            "Let-bound expression of higher-order type\n  {ty}\ncontains consumption, which is not allowed."
                        ))],
                        Some("contains-consumption"),
                        vec![(where_, "consumed here".to_string())],
                    );
                }
                let mark = self.scope.len();
                self.bind_pattern(pat, &value_at);
                if has_function(&ty)
                    && let Some(name) = self.single_name(pat)
                    && let Some(index) = self.find(Key::Pat(name))
                {
                    let sig = self.callee_sig(value);
                    self.var_sigs.insert(self.scope[index].var, sig);
                }
                let result = self.expr(body);
                self.truncate(mark);
                result
            }
            Expr::LetFun {
                name,
                params,
                ret,
                value,
                body,
                ..
            } => {
                let ret_ty = self.type_of(value);
                let (sig, closure) = self.function(&params, ret, value, &ret_ty);
                self.local_sigs.insert(id, sig);
                let var = self.new_var(name, VarKind::Function, Some(Loc::Expr(id)));
                let mark = self.scope.len();
                self.push_entry(
                    Key::Fun(id),
                    var,
                    false,
                    At::Leaf(LeafKind::Function, closure),
                );
                let result = self.expr(body);
                self.truncate(mark);
                result
            }
            Expr::Lambda { params, ret, body } => {
                let ty = self.type_of(id);
                let ret_ty = peel(&ty, params.len());
                let (sig, closure) = self.function(&params, ret, body, &ret_ty);
                self.local_sigs.insert(id, sig);
                At::of_ty(&ty, &closure)
            }
            Expr::LetUpdate {
                name,
                path,
                value,
                body,
            } => self.let_update(id, &name, &path, value, body),
            Expr::Update { base, path, value } => {
                let since = self.problems.len();
                self.steps(&path);
                let value_at = self.expr(value);
                let base_at = self.expr(base);
                if path.iter().any(|s| matches!(s, UpdateStep::Index(_))) {
                    self.check_overlap(Part::Code(Loc::Expr(base)), value, &base_at, &value_at);
                    self.consume(Loc::Expr(id), &base_at.all(), since);
                    base_at.cleared()
                } else {
                    base_at.update_field(&Self::fields_of(&path), &value_at)
                }
            }
            Expr::Loop {
                pat,
                init,
                form,
                body,
            } => self.loop_(id, pat, init, form, body),
            Expr::Assert { condition, body } => {
                self.expr(condition);
                self.expr(body)
            }
            Expr::OpSection(_) => match self.types.operators.get(id).cloned() {
                Some(resolved) => {
                    let at = self.operator_value(id, &resolved);
                    At::of_ty(&self.type_of(id), &at.all())
                }
                None => fresh(self),
            },
            Expr::LeftSection { operand, .. } | Expr::RightSection { operand, .. } => {
                let op_at = match self.types.operators.get(id).cloned() {
                    Some(resolved) => self.operator_value(id, &resolved),
                    None => At::Prim,
                };
                let operand_at = self.expr(operand);
                let mut all = op_at.all();
                all.extend(operand_at.all());
                At::of_ty(&self.type_of(id), &all)
            }
        }
    }

    fn path(&mut self, id: ExprId, path: &crate::name::Path) -> At {
        let ty = self.type_of(id);
        let resolved = self.types.resolutions.get(id).cloned();
        let key = match &resolved {
            Some(Resolved::Local(pat)) => Key::Pat(*pat),
            Some(Resolved::LocalFunction(e)) => Key::Fun(*e),
            Some(Resolved::Term(TermRef::Value(value))) => {
                return self.global(id, *value, path, &ty);
            }
            _ => return At::of_ty(&ty, &Aliases::new()),
        };
        let Some(index) = self.find(key) else {
            return At::of_ty(&ty, &Aliases::new());
        };
        self.observe_part(Loc::Expr(id), index, &path.segments()[1..])
    }

    /// A definition outside the one checked: a constant's arrays alias
    /// the constant (unless it has size parameters, and so is computed
    /// anew at each use, also when seen through a specification that
    /// declares them); functions alias nothing.
    fn global(&mut self, id: ExprId, value: ValueRef, path: &crate::name::Path, ty: &Ty) -> At {
        let fresh = At::of_ty(ty, &Aliases::new());
        if has_function(ty) {
            return fresh;
        }
        let used = self
            .types
            .term_paths
            .get(id)
            .map_or(1, |tp| tp.used as usize);
        let name = path
            .segments()
            .get(used.saturating_sub(1))
            .cloned()
            .unwrap_or_else(|| path.last().clone());
        let item = match value {
            ValueRef::Def(file, item) => {
                let scheme = crate::infer::value_scheme(self.db, self.file_set, file, item);
                if !scheme.size_params.is_empty() {
                    return fresh;
                }
                Some(Loc::Item(file, item))
            }
            ValueRef::Spec(file, spec, _) => {
                if !crate::infer::modules::declared_size_params(self.db, file, spec).is_empty() {
                    return fresh;
                }
                None
            }
        };
        let var = match self.globals.iter().find(|(v, _)| *v == value) {
            Some(&(_, var)) => var,
            None => {
                let var = self.new_var(name, VarKind::Global(item), item);
                self.globals.push((value, var));
                var
            }
        };
        self.observed.push((var, Loc::Expr(id)));
        let at = fresh.with_self_arrays(var);
        self.check_not_consumed(Loc::Expr(id), &vars(&at.all()), Some(var), usize::MAX);
        at
    }

    /// `if` and `match`: each branch starts from the same consumption;
    /// afterwards everything any branch consumed is consumed.
    fn branches(&mut self, scrutinee: Option<&At>, cases: &[(Option<PatId>, ExprId)]) -> At {
        let before = self.consumed.clone();
        let mut all_consumed: BTreeMap<VarId, Loc> = BTreeMap::new();
        let mut result: Option<At> = None;
        for &(pat, body) in cases {
            self.consumed = before.clone();
            let mark = self.scope.len();
            if let (Some(pat), Some(scrutinee)) = (pat, scrutinee) {
                self.bind_pattern(pat, scrutinee);
            }
            let at = self.expr(body);
            self.truncate(mark);
            for (&v, &l) in &self.consumed {
                if !before.contains_key(&v) {
                    all_consumed.entry(v).or_insert(l);
                }
            }
            result = Some(match result {
                None => at,
                Some(so_far) => so_far.combine(&at),
            });
        }
        self.consumed = before;
        self.add_consumed(&all_consumed);
        let gone: Vars = all_consumed.keys().copied().collect();
        result.unwrap_or(At::Prim).without(&gone)
    }

    fn let_update(
        &mut self,
        id: ExprId,
        name: &Name,
        path: &[UpdateStep],
        value: ExprId,
        body: ExprId,
    ) -> At {
        let since = self.problems.len();
        self.steps(path);
        let value_at = self.expr(value);
        let head = Loc::ExprUntilExpr(id, value);
        let Some(index) = self.find_by_name(name) else {
            return self.expr(body);
        };
        let key = self.scope[index].key;
        let source_at = self.observe(head, index);
        let new_at = if path.iter().any(|s| matches!(s, UpdateStep::Index(_))) {
            self.check_overlap(text(name.to_string()), value, &source_at, &value_at);
            self.consume(head, &source_at.all(), since);
            source_at.cleared()
        } else {
            source_at.update_field(&Self::fields_of(path), &value_at)
        };
        let var = self.new_var(name.clone(), VarKind::Local, Some(head));
        let mark = self.scope.len();
        self.push_entry(key, var, true, new_at.with_self(var));
        let result = self.expr(body);
        self.truncate(mark);
        result
    }
}

/// Forgets the last position indexed under `key` (the innermost entry,
/// which is being unbound).
fn unindex<K: std::hash::Hash + Eq>(index: &mut FxHashMap<K, Vec<usize>>, key: &K) {
    if let Some(positions) = index.get_mut(key) {
        positions.pop();
        if positions.is_empty() {
            index.remove(key);
        }
    }
}
