//! Fusion of `screma`s, after the PLDI'17 paper's rules for producers and
//! consumers in the same body:
//!
//! * vertical (producer–consumer) fusion: a `screma` that is a pure map
//!   (no scans or reductions) whose results a later `screma` of the same
//!   width takes as input arrays is merged into it: the producer's lambda
//!   runs first in the fused lambda and its results take the place of the
//!   consumer's parameters (map∘map, map into reduce = redomap, map into
//!   scan = scanomap). Results of the producer that are used after the
//!   consumer become extra mapped results of the fused `screma`, so no
//!   work is done twice;
//! * horizontal fusion: two `screma`s of the same width, where the later
//!   does not depend on the earlier, become one whose lambda does both.
//!
//! Fusion moves the earlier `screma` down to the later one. It happens
//! only when that is invisible: no statement in between uses the earlier
//! one's results or consumes anything (an in-place update of the
//! producer's input, or of anything it could alias, stays after the
//! producer reads it), neither `screma` consumes anything, and the order
//! of run-time failures is kept (the earlier `screma` cannot fail, or
//! neither the statements in between nor the later one can).

use crate::ir::analysis::{Types, can_fail, consumed};
use crate::ir::traverse::{free_in_exp, free_in_lambda};
use crate::ir::{Body, Exp, Lambda, Param, PatElem, Program, Soac, Stm, SubExp, Var};
use std::collections::HashSet;

/// Fuses `screma`s in every function of the program.
pub fn fuse(program: &mut Program) {
    let types = Types::of_program(program);
    let mut bodies: Vec<Body> = program
        .functions
        .iter_mut()
        .map(|f| std::mem::take(&mut f.body))
        .collect();
    for body in &mut bodies {
        let fuser = Fuser {
            program,
            types: &types,
        };
        fuser.body(body);
    }
    for (function, body) in program.functions.iter_mut().zip(bodies) {
        function.body = body;
    }
}

struct Fuser<'a> {
    program: &'a Program,
    types: &'a Types,
}

/// The parts of a `screma` statement.
struct Screma {
    width: SubExp,
    arrays: Vec<Var>,
    map: Lambda,
    scans: Vec<crate::ir::ScanOp>,
    reduces: Vec<crate::ir::ReduceOp>,
    pat: Vec<PatElem>,
    loc: Option<crate::ir::Loc>,
}

impl Screma {
    fn take(stm: Stm) -> Screma {
        match stm.exp {
            Exp::Op(Soac::Screma {
                width,
                arrays,
                map,
                scans,
                reduces,
                post: None,
            }) => Screma {
                width,
                arrays,
                map,
                scans,
                reduces,
                pat: stm.pat,
                loc: stm.loc,
            },
            _ => unreachable!("only screma statements are taken apart"),
        }
    }

    fn into_stm(self) -> Stm {
        Stm {
            pat: self.pat,
            exp: Exp::Op(Soac::Screma {
                width: self.width,
                arrays: self.arrays,
                map: self.map,
                scans: self.scans,
                reduces: self.reduces,
                post: None,
            }),
            loc: self.loc,
        }
    }

    /// How many results the scans and the reductions take.
    fn counts(&self) -> (usize, usize) {
        (
            self.scans.iter().map(|s| s.neutral.len()).sum(),
            self.reduces.iter().map(|r| r.neutral.len()).sum(),
        )
    }
}

fn screma_width(stm: &Stm) -> Option<SubExp> {
    match &stm.exp {
        Exp::Op(Soac::Screma {
            width, post: None, ..
        }) => Some(*width),
        _ => None,
    }
}

fn is_pure_map(stm: &Stm) -> bool {
    matches!(&stm.exp, Exp::Op(Soac::Screma { scans, reduces, .. })
        if scans.is_empty() && reduces.is_empty())
}

/// Whether a lambda consumes (or may consume) one of its parameters.
fn consumes_params(program: &Program, lambda: &Lambda) -> bool {
    lambda.params.iter().any(|p| p.unique)
        || lambda.body.stms.iter().any(|stm| {
            let consumed = consumed(program, &stm.exp);
            lambda.params.iter().any(|p| consumed.contains(&p.var))
        })
}

impl Fuser<'_> {
    fn body(&self, body: &mut Body) {
        for stm in &mut body.stms {
            for inner in stm.exp.nested_bodies_mut() {
                self.body(inner);
            }
        }
        while self.vertical(body) {}
        while self.horizontal(body) {}
        while self.vertical(body) {}
    }

    /// Whether the statement at `earlier` may move down to `later` and be
    /// merged with it, given what the statements in between use.
    fn movable(&self, body: &Body, earlier: usize, later: usize) -> bool {
        let outputs: HashSet<Var> = body.stms[earlier].pat.iter().map(|p| p.var).collect();
        let between = &body.stms[earlier + 1..later];
        let (first, last) = (&body.stms[earlier], &body.stms[later]);
        let independent = between.iter().all(|stm| {
            consumed(self.program, &stm.exp).is_empty()
                && free_in_exp(&stm.exp).is_disjoint(&outputs)
        });
        let no_consumption = consumed(self.program, &first.exp).is_empty()
            && consumed(self.program, &last.exp).is_empty()
            && [first, last].iter().all(|stm| match &stm.exp {
                Exp::Op(Soac::Screma { map, .. }) => !consumes_params(self.program, map),
                _ => false,
            });
        let failures_in_order = !can_fail(self.types, &first.exp)
            || (!can_fail(self.types, &last.exp)
                && between.iter().all(|stm| !can_fail(self.types, &stm.exp)));
        independent && no_consumption && failures_in_order
    }

    /// Variables used by the statements after `index` or the result.
    fn used_after(body: &Body, index: usize) -> HashSet<Var> {
        let mut used: HashSet<Var> = body.result.iter().filter_map(|se| se.as_var()).collect();
        for stm in &body.stms[index + 1..] {
            used.extend(free_in_exp(&stm.exp));
        }
        used
    }

    /// Fuses one producer into its consumer; whether it did.
    fn vertical(&self, body: &mut Body) -> bool {
        for ci in 0..body.stms.len() {
            let Exp::Op(Soac::Screma {
                width,
                arrays,
                map,
                scans,
                reduces,
                post: None,
            }) = &body.stms[ci].exp
            else {
                continue;
            };
            // What the consumer uses besides its input arrays.
            let mut other_uses = free_in_lambda(map);
            for op in scans
                .iter()
                .map(|s| (&s.lambda, &s.neutral))
                .chain(reduces.iter().map(|r| (&r.lambda, &r.neutral)))
            {
                other_uses.extend(free_in_lambda(op.0));
                other_uses.extend(op.1.iter().filter_map(|se| se.as_var()));
            }
            other_uses.extend(width.as_var());
            for pi in (0..ci).rev() {
                let producer = &body.stms[pi];
                let feeds = producer.pat.iter().any(|p| arrays.contains(&p.var));
                if !feeds
                    || !is_pure_map(producer)
                    || screma_width(producer) != Some(*width)
                    || producer.pat.iter().any(|p| other_uses.contains(&p.var))
                    || !self.movable(body, pi, ci)
                {
                    continue;
                }
                let after = Self::used_after(body, ci);
                let consumer = Screma::take(body.stms.remove(ci));
                let producer = Screma::take(body.stms.remove(pi));
                let fused = self.merge_vertical(producer, consumer, &after);
                body.stms.insert(ci - 1, fused.into_stm());
                return true;
            }
        }
        false
    }

    fn merge_vertical(&self, producer: Screma, consumer: Screma, after: &HashSet<Var>) -> Screma {
        let Screma {
            arrays: p_arrays,
            map: p_map,
            pat: p_pat,
            loc: p_loc,
            ..
        } = producer;
        let mut arrays = p_arrays;
        let mut params = p_map.params;
        let mut stms = stamp(p_map.body.stms, &p_loc);
        let p_results = p_map.body.result;
        let mut bindings = Vec::new();
        for (&array, param) in consumer.arrays.iter().zip(&consumer.map.params) {
            match p_pat.iter().position(|p| p.var == array) {
                Some(k) => bindings.push(Stm {
                    pat: vec![PatElem {
                        var: param.var,
                        ty: param.ty.clone(),
                        mem: None,
                    }],
                    exp: Exp::SubExp(p_results[k]),
                    loc: None,
                }),
                None => {
                    arrays.push(array);
                    params.push(param.clone());
                }
            }
        }
        stms.extend(bindings);
        stms.extend(consumer.map.body.stms);
        let mut result = consumer.map.body.result;
        let mut ret = consumer.map.ret;
        let mut pat = consumer.pat;
        for (k, pe) in p_pat.into_iter().enumerate() {
            if after.contains(&pe.var) {
                result.push(p_results[k]);
                ret.push(p_map.ret[k].clone());
                pat.push(pe);
            }
        }
        let (arrays, params, mut stms) = self.deduplicate(arrays, params, stms);
        stms.shrink_to_fit();
        Screma {
            width: consumer.width,
            arrays,
            map: Lambda {
                params,
                body: Body { stms, result },
                ret,
            },
            scans: consumer.scans,
            reduces: consumer.reduces,
            pat,
            loc: consumer.loc,
        }
    }

    /// Gives one parameter to each array read more than once, binding the
    /// other parameters of the same array to it.
    fn deduplicate(
        &self,
        arrays: Vec<Var>,
        params: Vec<Param>,
        stms: Vec<Stm>,
    ) -> (Vec<Var>, Vec<Param>, Vec<Stm>) {
        let mut kept_arrays: Vec<Var> = Vec::new();
        let mut kept_params: Vec<Param> = Vec::new();
        let mut copies = Vec::new();
        for (array, param) in arrays.into_iter().zip(params) {
            match kept_arrays.iter().position(|&a| a == array) {
                Some(k) => copies.push(Stm {
                    pat: vec![PatElem {
                        var: param.var,
                        ty: param.ty.clone(),
                        mem: None,
                    }],
                    exp: Exp::SubExp(SubExp::Var(kept_params[k].var)),
                    loc: None,
                }),
                None => {
                    kept_arrays.push(array);
                    kept_params.push(param);
                }
            }
        }
        copies.extend(stms);
        (kept_arrays, kept_params, copies)
    }

    /// Fuses two independent `screma`s of the same width; whether it did.
    fn horizontal(&self, body: &mut Body) -> bool {
        for later in 0..body.stms.len() {
            let Some(width) = screma_width(&body.stms[later]) else {
                continue;
            };
            let free = free_in_exp(&body.stms[later].exp);
            for earlier in (0..later).rev() {
                let first = &body.stms[earlier];
                if screma_width(first) != Some(width)
                    || first.pat.iter().any(|p| free.contains(&p.var))
                    || !self.movable(body, earlier, later)
                {
                    continue;
                }
                let second = Screma::take(body.stms.remove(later));
                let first = Screma::take(body.stms.remove(earlier));
                let fused = self.merge_horizontal(first, second);
                body.stms.insert(later - 1, fused.into_stm());
                return true;
            }
        }
        false
    }

    fn merge_horizontal(&self, first: Screma, second: Screma) -> Screma {
        let (s1, r1) = first.counts();
        let (s2, r2) = second.counts();
        // Results in the order scans, reductions, mapped results.
        let order = |a: &[SubExp], b: &[SubExp]| -> Vec<SubExp> {
            a[..s1]
                .iter()
                .chain(&b[..s2])
                .chain(&a[s1..s1 + r1])
                .chain(&b[s2..s2 + r2])
                .chain(&a[s1 + r1..])
                .chain(&b[s2 + r2..])
                .copied()
                .collect()
        };
        let result = order(&first.map.body.result, &second.map.body.result);
        let interleave = |a: &[PatElem], b: &[PatElem]| -> Vec<PatElem> {
            a[..s1]
                .iter()
                .chain(&b[..s2])
                .chain(&a[s1..s1 + r1])
                .chain(&b[s2..s2 + r2])
                .chain(&a[s1 + r1..])
                .chain(&b[s2 + r2..])
                .cloned()
                .collect()
        };
        let pat = interleave(&first.pat, &second.pat);
        let ret: Vec<_> = [
            &first.map.ret[..s1],
            &second.map.ret[..s2],
            &first.map.ret[s1..s1 + r1],
            &second.map.ret[s2..s2 + r2],
            &first.map.ret[s1 + r1..],
            &second.map.ret[s2 + r2..],
        ]
        .concat();
        let arrays: Vec<Var> = first.arrays.iter().chain(&second.arrays).copied().collect();
        let params: Vec<Param> = first
            .map
            .params
            .iter()
            .chain(&second.map.params)
            .cloned()
            .collect();
        let mut stms = stamp(first.map.body.stms, &first.loc);
        stms.extend(second.map.body.stms);
        let (arrays, params, stms) = self.deduplicate(arrays, params, stms);
        let mut scans = first.scans;
        scans.extend(second.scans);
        let mut reduces = first.reduces;
        reduces.extend(second.reduces);
        Screma {
            width: second.width,
            arrays,
            map: Lambda {
                params,
                body: Body { stms, result },
                ret,
            },
            scans,
            reduces,
            pat,
            loc: second.loc,
        }
    }
}

/// Gives the statements of a lambda that moves into another `screma` the
/// location of the `screma` it came from where they have none, so that a
/// failure inside is still reported there.
fn stamp(mut stms: Vec<Stm>, loc: &Option<crate::ir::Loc>) -> Vec<Stm> {
    for stm in &mut stms {
        if stm.loc.is_none() {
            stm.loc.clone_from(loc);
        }
    }
    stms
}
