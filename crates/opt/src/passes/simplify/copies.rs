//! Which arrays a function may consume, and copies that nothing needs.
//!
//! Arrays share memory through aliases: a variable bound to another, a
//! slice, a reshape or rearrangement, an update's result and its array,
//! the results of a branch or loop and what its bodies return (a loop's
//! parameters, initial values and body results too), a call's results
//! that are not unique and its arguments. An operation's results are
//! fresh, but for one that consumes something, whose results and free
//! arrays are all taken as one. A copy `y = copy x` where neither `x`
//! nor `y` shares memory with anything consumed (an update, a unique
//! argument or loop parameter, a unique result of the function) is `x`:
//! nothing can tell them apart. So is one where `y` shares memory with
//! nothing consumed and does not outlive its body, and what shares
//! memory with `x` is consumed only by statements of that body after
//! every use of `y` (a row-for-row copy made to read an array that is
//! updated afterwards).

use crate::ir::analysis::{consumed, consumed_directly};
use crate::ir::traverse::{Renamer, for_each_stm, for_each_use, free_in_exp};
use crate::ir::{Body, Exp, Param, Program, Rep, Stm, SubExp, Var};
use rustc_hash::{FxHashMap, FxHashSet};

/// Classes of variables that may share memory.
#[derive(Default)]
struct Aliases {
    parent: FxHashMap<Var, Var>,
    /// Variables consumed.
    seeds: Vec<Var>,
}

impl Aliases {
    fn find(&mut self, v: Var) -> Var {
        let mut root = v;
        while let Some(&p) = self.parent.get(&root) {
            root = p;
        }
        let mut current = v;
        while let Some(&p) = self.parent.get(&current) {
            self.parent.insert(current, root);
            current = p;
        }
        root
    }

    fn join(&mut self, a: Var, b: Var) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent.insert(a, b);
        }
    }

    fn join_se(&mut self, a: Var, b: SubExp) {
        if let SubExp::Var(b) = b {
            self.join(a, b);
        }
    }

    /// Every variable that shares memory with a consumed one.
    fn consumable(mut self) -> FxHashSet<Var> {
        let seeds = std::mem::take(&mut self.seeds);
        let roots: FxHashSet<Var> = seeds.iter().map(|&v| self.find(v)).collect();
        // A class's root has no parent: it is among the values.
        let mut all: Vec<Var> = self.parent.keys().copied().collect();
        all.extend(self.parent.values().copied());
        all.extend(seeds);
        all.into_iter()
            .filter(|&v| roots.contains(&self.find(v)))
            .collect()
    }

    /// The variables sharing memory with `v` (itself included) among
    /// those given.
    fn class_of(&mut self, v: Var, among: &[Var]) -> Vec<Var> {
        let root = self.find(v);
        among
            .iter()
            .copied()
            .filter(|&u| self.find(u) == root)
            .collect()
    }
}

/// The variables of a function body that may share memory with an array
/// something in it consumes, or, where `results_consumed`, with its
/// results (which its callers may consume).
pub(super) fn may_be_consumed<R: Rep>(
    program: &Program<R>,
    body: &Body<R>,
    results_consumed: bool,
) -> FxHashSet<Var> {
    aliases(program, body, results_consumed).consumable()
}

/// The alias classes of a function body's variables, and what is
/// consumed.
fn aliases<R: Rep>(program: &Program<R>, body: &Body<R>, results_consumed: bool) -> Aliases {
    let mut aliases = Aliases::default();
    if results_consumed {
        aliases
            .seeds
            .extend(body.result.iter().filter_map(|se| se.as_var()));
    }
    for_each_stm(body, &mut |stm| alias_stm(program, stm, &mut aliases));
    aliases
}

fn alias_stm<R: Rep>(program: &Program<R>, stm: &Stm<R>, aliases: &mut Aliases) {
    // Every nested statement comes here too, so what a statement consumes
    // itself is enough to seed (asking for what its nested code consumes
    // at every level was quadratic in the nesting depth); an operator's
    // nested consumption shares its operands, below.
    let consumed_here = match &stm.exp {
        Exp::Op(_) => consumed(program, &stm.exp),
        exp => {
            let mut own = FxHashSet::default();
            consumed_directly(program, exp, &mut own);
            own
        }
    };
    aliases.seeds.extend(consumed_here.iter().copied());
    let first = stm.pat.first().map(|p| p.var);
    match &stm.exp {
        Exp::SubExp(se) | Exp::Opaque(se) => {
            if let Some(x) = first {
                aliases.join_se(x, *se);
            }
        }
        Exp::Index { array, .. }
        | Exp::Reshape { array, .. }
        | Exp::Rearrange { array, .. }
        | Exp::Update { array, .. } => {
            if let Some(x) = first {
                aliases.join(x, *array);
            }
        }
        Exp::If {
            then_body,
            else_body,
            ..
        } => {
            for (i, pe) in stm.pat.iter().enumerate() {
                for body in [then_body, else_body] {
                    if let Some(&se) = body.result.get(i) {
                        aliases.join_se(pe.var, se);
                    }
                }
            }
        }
        Exp::Loop { params, body, .. } => {
            for (i, (param, init)) in params.iter().enumerate() {
                aliases.join_se(param.var, *init);
                if let Some(&se) = body.result.get(i) {
                    aliases.join_se(param.var, se);
                }
                if let Some(pe) = stm.pat.get(i) {
                    aliases.join(pe.var, param.var);
                }
            }
        }
        Exp::Call { func, args } => {
            let function = program.function(*func);
            let context = stm.pat.len().saturating_sub(function.ret.len());
            for (pe, (_, unique)) in stm.pat.iter().skip(context).zip(&function.ret) {
                if !unique {
                    for &arg in args {
                        aliases.join_se(pe.var, arg);
                    }
                }
            }
        }
        Exp::Op(_) if !consumed_here.is_empty() => {
            let mut shared: Vec<Var> = free_in_exp(&stm.exp).into_iter().collect();
            shared.extend(stm.pat.iter().map(|pe| pe.var));
            shared.extend(consumed_here.iter().copied());
            aliases.seeds.extend(shared.iter().copied());
            for pair in shared.windows(2) {
                aliases.join(pair[0], pair[1]);
            }
        }
        _ => {}
    }
}

/// Replaces copies by their sources: every copy where neither it nor
/// its source may be consumed, and one copy in the function's body (not
/// nested) whose source shares memory only with the unique parameters
/// and variables that nothing reads after the copy.
pub(super) fn remove_copies<R: Rep>(program: &Program<R>, params: &[Param], body: &mut Body<R>) {
    let consumable = may_be_consumed(program, body, true);
    let mut renaming: FxHashMap<Var, SubExp> = FxHashMap::default();
    for_each_stm(body, &mut |stm| {
        if let (Exp::Copy(x), [pe]) = (&stm.exp, stm.pat.as_slice())
            && pe.ty.rank() > 0
            && !consumable.contains(x)
            && !consumable.contains(&pe.var)
        {
            let source = renaming.get(x).copied().unwrap_or(SubExp::Var(*x));
            renaming.insert(pe.var, source);
        }
    });
    let mut has_copies = false;
    for_each_stm(body, &mut |stm| {
        has_copies |= matches!(stm.exp, Exp::Copy(_))
    });
    if renaming.is_empty() && has_copies {
        let mut aliases = aliases(program, body, true);
        read_before_consumed(program, body, &consumable, &mut aliases, &mut renaming);
    }
    if renaming.is_empty()
        && let Some((copy, source)) = last_use_copy(program, params, body)
    {
        renaming.insert(copy, SubExp::Var(source));
    }
    if renaming.is_empty() {
        return;
    }
    remove_bindings(body, &renaming);
    Renamer::new(&renaming).body(body);
}

/// Copies in `body` and the bodies nested in it (each copy's own body)
/// that share memory with nothing consumed (`consumable`), are not among
/// the body's results, and whose every use in the body comes before
/// every statement of the body consuming what shares memory with the
/// source: each copy's variable is added to `renaming` as its source.
/// (Nothing nested in a statement reads what the statement consumes, so
/// a statement around the body cannot be the one to wait for.)
fn read_before_consumed<R: Rep>(
    program: &Program<R>,
    body: &Body<R>,
    consumable: &FxHashSet<Var>,
    aliases: &mut Aliases,
    renaming: &mut FxHashMap<Var, SubExp>,
) {
    for (position, stm) in body.stms.iter().enumerate() {
        for inner in stm.exp.nested_bodies() {
            read_before_consumed(program, inner, consumable, aliases, renaming);
        }
        let (Exp::Copy(source), [pe]) = (&stm.exp, stm.pat.as_slice()) else {
            continue;
        };
        let copy = pe.var;
        if pe.ty.rank() == 0 || consumable.contains(&copy) || renaming.contains_key(source) {
            continue;
        }
        let (copy_class, source_class) = (aliases.find(copy), aliases.find(*source));
        if body
            .result
            .iter()
            .filter_map(|se| se.as_var())
            .any(|v| aliases.find(v) == copy_class)
        {
            continue;
        }
        let mut last_use = position;
        let mut first_consumption = None;
        for (later, next) in body.stms.iter().enumerate().skip(position + 1) {
            let mut uses = false;
            for_each_use(&next.exp, &mut |v| uses |= aliases.find(v) == copy_class);
            if uses {
                last_use = later;
            }
            if first_consumption.is_none()
                && consumed(program, &next.exp)
                    .iter()
                    .any(|&v| aliases.find(v) == source_class)
            {
                first_consumption = Some(later);
            }
        }
        if first_consumption.is_none_or(|consumption| last_use < consumption) {
            renaming.insert(copy, SubExp::Var(*source));
        }
    }
}

/// A copy in the body (not nested) whose source may be consumed in its
/// place: nothing sharing memory with the source is read after the copy
/// or is a parameter the function may not consume.
fn last_use_copy<R: Rep>(
    program: &Program<R>,
    params: &[Param],
    body: &Body<R>,
) -> Option<(Var, Var)> {
    let mut aliases = aliases(program, body, true);
    let mut read_after: FxHashSet<Var> = body.result.iter().filter_map(|se| se.as_var()).collect();
    let mut candidates = Vec::new();
    for (position, stm) in body.stms.iter().enumerate().rev() {
        if let (Exp::Copy(x), [pe]) = (&stm.exp, stm.pat.as_slice())
            && pe.ty.rank() > 0
        {
            candidates.push((position, pe.var, *x, read_after.clone()));
        }
        for_each_use(&stm.exp, &mut |v| {
            read_after.insert(v);
        });
    }
    let shared: Vec<Var> = params.iter().filter(|p| !p.unique).map(|p| p.var).collect();
    for (_, copy, source, read_later) in candidates {
        let mut among: Vec<Var> = read_later.iter().copied().collect();
        among.extend(shared.iter().copied());
        if aliases.class_of(source, &among).is_empty() {
            return Some((copy, source));
        }
    }
    None
}

/// Removes the statements binding the variables of `renaming`.
fn remove_bindings<R: Rep>(body: &mut Body<R>, renaming: &FxHashMap<Var, SubExp>) {
    body.stms
        .retain(|stm| !(stm.pat.len() == 1 && renaming.contains_key(&stm.pat[0].var)));
    for stm in &mut body.stms {
        for inner in stm.exp.nested_bodies_mut() {
            remove_bindings(inner, renaming);
        }
    }
}
