//! Inlining. Every call of a function that is not recursive (no call
//! chain leads from it back to itself) and is small or called once is
//! replaced by the function's body, with fresh variables, the arguments
//! substituted for the parameters and the results bound to the call's
//! variables. Inlined statements carry the call's location in their
//! `inlined_from` chain (a statement without a location takes the call's
//! own), so run-time errors report the same backtrace as before.
//! Functions that no entry point reaches any more are removed.
//!
//! Inlining exposes producers and consumers in different functions (a
//! `map` in one, the `reduce` of its result in the caller) to fusion.

use crate::ir::analysis::{Types, fresh_var};
use crate::ir::traverse::{Renamer, body_size, bound_in_body, for_each_stm};
use crate::ir::{Attrs, Body, CallChain, Exp, FuncId, Loc, Program, Rep, Stm, SubExp, Var};
use rustc_hash::{FxHashMap, FxHashSet};

/// Functions at most this big (in statements, nested ones included) are
/// inlined wherever they are called; bigger ones only if called once.
const SMALL: usize = 400;

/// Inlines calls of small or once-called non-recursive functions and
/// removes unreachable functions.
pub fn inline<R: Rep>(program: &mut Program<R>) {
    let count = program.functions.len();
    let callees: Vec<FxHashSet<FuncId>> = program
        .functions
        .iter()
        .map(|f| {
            let mut out = FxHashSet::default();
            calls_in_body(&f.body, &mut |func| {
                out.insert(func);
            });
            out
        })
        .collect();
    let recursive: Vec<bool> = (0..count)
        .map(|f| reaches(&callees, FuncId(f as u32), FuncId(f as u32)))
        .collect();
    let mut call_sites = vec![0usize; count];
    for f in &program.functions {
        calls_in_body(&f.body, &mut |func| call_sites[func.0 as usize] += 1);
    }
    let inlinable: Vec<bool> = (0..count)
        .map(|f| {
            !recursive[f] && (call_sites[f] <= 1 || body_size(&program.functions[f].body) <= SMALL)
        })
        .collect();
    // A function called once, from a function other than itself, is
    // moved into its call rather than copied (and no entry point's: its
    // body is still needed). With calls nested n deep, copying kept every
    // level's whole body alive: memory quadratic in n.
    let mut entry_function = vec![false; count];
    for entry in &program.entry_points {
        entry_function[entry.func.0 as usize] = true;
    }
    let movable: Vec<bool> = (0..count)
        .map(|f| inlinable[f] && call_sites[f] == 1 && !entry_function[f])
        .collect();
    // Callees first, so that what is inlined is already inlined into.
    let mut order = Vec::with_capacity(count);
    let mut visited = vec![false; count];
    for f in 0..count {
        post_order(&callees, f, &mut visited, &mut order);
    }
    let mut types = Types::of_program(program);
    let mut names = std::mem::take(&mut program.var_names);
    for f in order {
        let mut body = std::mem::take(&mut program.functions[f].body);
        let mut inliner = Inliner {
            program: &mut *program,
            inlinable: &inlinable,
            movable: &movable,
            types: &mut types,
            names: &mut names,
        };
        inliner.body(&mut body);
        program.functions[f].body = body;
    }
    program.var_names = names;
    remove_unreachable(program);
}

fn calls_in_body<R: Rep>(body: &Body<R>, f: &mut dyn FnMut(FuncId)) {
    for_each_stm(body, &mut |stm| {
        if let Exp::Call { func, .. } = &stm.exp {
            f(*func);
        }
    });
}

/// Whether a chain of calls leads from `from` to `to`.
fn reaches(callees: &[FxHashSet<FuncId>], from: FuncId, to: FuncId) -> bool {
    let mut seen = FxHashSet::default();
    let mut stack: Vec<FuncId> = callees[from.0 as usize].iter().copied().collect();
    while let Some(f) = stack.pop() {
        if f == to {
            return true;
        }
        if seen.insert(f) {
            stack.extend(callees[f.0 as usize].iter().copied());
        }
    }
    false
}

fn post_order(
    callees: &[FxHashSet<FuncId>],
    f: usize,
    visited: &mut [bool],
    order: &mut Vec<usize>,
) {
    if visited[f] {
        return;
    }
    visited[f] = true;
    let mut next: Vec<FuncId> = callees[f].iter().copied().collect();
    next.sort();
    for g in next {
        post_order(callees, g.0 as usize, visited, order);
    }
    order.push(f);
}

struct Inliner<'a, R: Rep> {
    program: &'a mut Program<R>,
    inlinable: &'a [bool],
    movable: &'a [bool],
    types: &'a mut Types,
    names: &'a mut Vec<String>,
}

impl<R: Rep> Inliner<'_, R> {
    fn body(&mut self, body: &mut Body<R>) {
        let mut out = Vec::with_capacity(body.stms.len());
        // The results of inlined calls that are not computed in the
        // inlined code (arguments, repeated results) are those values.
        let mut same = FxHashMap::default();
        for mut stm in std::mem::take(&mut body.stms) {
            Renamer::new(&same).stm(&mut stm);
            for inner in stm.exp.nested_bodies_mut() {
                self.body(inner);
            }
            match &stm.exp {
                Exp::Call { func, args }
                    if self.inlinable[func.0 as usize] && !stm.attrs.contains("noinline") =>
                {
                    let (func, args) = (*func, args.clone());
                    same.extend(self.inline_call(stm, func, &args, &mut out));
                }
                _ => out.push(stm),
            }
        }
        Renamer::new(&same).body_result(&mut body.result);
        body.stms = out;
    }

    /// Emits the body of `func` for the call; returns the call's
    /// variables that are other values (to be replaced by them).
    fn inline_call(
        &mut self,
        call: Stm<R>,
        func: FuncId,
        args: &[SubExp],
        out: &mut Vec<Stm<R>>,
    ) -> FxHashMap<Var, SubExp> {
        let moved = self.movable[func.0 as usize];
        let function = self.program.function_mut(func);
        let mut map: FxHashMap<Var, SubExp> = function
            .params
            .iter()
            .map(|p| p.var)
            .zip(args.iter().copied())
            .collect();
        let mut body = if moved {
            std::mem::take(&mut function.body)
        } else {
            function.body.clone()
        };
        let bound_set = bound_in_body(&body);
        // A result computed in the body is bound to the call's own
        // variable, so that the types of the results that follow (which
        // name the call's variables) are what the body gives them.
        let mut assigned = vec![false; call.pat.len()];
        for (i, (pe, se)) in call.pat.iter().zip(&body.result).enumerate() {
            if let SubExp::Var(v) = se
                && bound_set.contains(v)
                && !map.contains_key(v)
            {
                map.insert(*v, SubExp::Var(pe.var));
                assigned[i] = true;
            }
        }
        // A copy needs variables of its own; a moved body's are bound
        // nowhere else.
        if !moved {
            let mut bound: Vec<Var> = bound_set
                .into_iter()
                .filter(|v| !map.contains_key(v))
                .collect();
            bound.sort();
            for var in bound {
                let ty = self.types.get(var).unwrap_or(crate::ir::Type::i64());
                let name = self.names[var.0 as usize].clone();
                let fresh = fresh_var(self.names, self.types, &name, ty);
                map.insert(var, SubExp::Var(fresh));
            }
        }
        Renamer::new(&map).body(&mut body);
        // The inlined statements compute the call, so they carry its
        // attributes (`#[sequential] f xs`).
        if !call.attrs.is_empty() {
            add_attrs(&mut body, &call.attrs);
        }
        if let Some(site) = &call.loc {
            let mut chains = ChainExtension {
                outer: std::iter::once(site.site())
                    .chain(site.inlined_from.iter().cloned())
                    .collect(),
                extended: FxHashMap::default(),
            };
            for stm in &mut body.stms {
                match &mut stm.loc {
                    Some(_) => chains.stm(stm),
                    None => {
                        stm.loc = Some(site.clone());
                        chains.nested(&mut stm.exp);
                    }
                }
            }
        }
        out.extend(body.stms);
        call.pat
            .into_iter()
            .zip(body.result)
            .zip(assigned)
            .filter(|(_, assigned)| !assigned)
            .map(|((pe, se), _)| (pe.var, se))
            .collect()
    }
}

/// Adds `attrs` to those of every statement of the body, nested ones
/// included.
fn add_attrs<R: Rep>(body: &mut Body<R>, attrs: &Attrs) {
    for stm in &mut body.stms {
        stm.attrs = stm.attrs.union(attrs);
        for inner in stm.exp.nested_bodies_mut() {
            add_attrs(inner, attrs);
        }
    }
}

/// Adds the call's sites outside the call chains of inlined statements,
/// once per shared chain, so that statements sharing a chain before
/// share one after.
struct ChainExtension {
    /// The call site and the sites it was inlined from, innermost first.
    outer: Vec<Loc>,
    /// Each chain extended so far ([`CallChain::identity`]) and its
    /// extension.
    extended: FxHashMap<usize, CallChain>,
}

impl ChainExtension {
    /// Extends the chains of a statement and of the statements nested in
    /// it.
    fn stm<R: Rep>(&mut self, stm: &mut Stm<R>) {
        if let Some(loc) = &mut stm.loc {
            let outer = &self.outer;
            loc.inlined_from = self
                .extended
                .entry(loc.inlined_from.identity())
                .or_insert_with(|| loc.inlined_from.extended(outer.iter().cloned()))
                .clone();
        }
        self.nested(&mut stm.exp);
    }

    fn nested<R: Rep>(&mut self, exp: &mut Exp<R>) {
        for body in exp.nested_bodies_mut() {
            body.stms.iter_mut().for_each(|s| self.stm(s));
        }
    }
}

/// Removes the functions no entry point reaches, renumbering the rest.
fn remove_unreachable<R: Rep>(program: &mut Program<R>) {
    let mut reachable = vec![false; program.functions.len()];
    let mut stack: Vec<FuncId> = program.entry_points.iter().map(|e| e.func).collect();
    while let Some(f) = stack.pop() {
        if std::mem::replace(&mut reachable[f.0 as usize], true) {
            continue;
        }
        calls_in_body(&program.function(f).body, &mut |g| stack.push(g));
    }
    let mut renumber = Vec::with_capacity(reachable.len());
    let mut next = 0u32;
    for &keep in &reachable {
        renumber.push(FuncId(next));
        next += u32::from(keep);
    }
    let functions = std::mem::take(&mut program.functions);
    program.functions = functions
        .into_iter()
        .zip(&reachable)
        .filter(|(_, keep)| **keep)
        .map(|(f, _)| f)
        .collect();
    for function in &mut program.functions {
        renumber_calls(&mut function.body, &renumber);
    }
    for entry in &mut program.entry_points {
        entry.func = renumber[entry.func.0 as usize];
    }
}

fn renumber_calls<R: Rep>(body: &mut Body<R>, renumber: &[FuncId]) {
    for stm in &mut body.stms {
        if let Exp::Call { func, .. } = &mut stm.exp {
            *func = renumber[func.0 as usize];
        }
        for inner in stm.exp.nested_bodies_mut() {
            renumber_calls(inner, renumber);
        }
    }
}
