//! Two-dimensional maps whose points' loops share what they read, as
//! [`McOp::TiledMap`]s for devices with work-groups.
//!
//! A map's point code qualifies where it neither calls functions,
//! allocates, copies nor runs parallel operations, and a loop at its top
//! level, before any statement that can fail, with a bound the same for
//! every point (it depends on nothing the point code sets) and a body
//! that cannot fail, reads at its top level elements `block[index]`
//! where `index` depends on the loop's counter, on the point's index
//! along one dimension and otherwise only on values from outside the
//! map, and the point code writes nothing of `block`. Every point then
//! reads those elements at every iteration, since nothing before them
//! can stop it: a work-group that loads them for all its points reads
//! what the map reads, and nothing out of bounds.
//!
//! Guarantees: the tiled map computes, writes and fails as the map's
//! points do (failures can only come after the last tiled loop, when
//! every point runs on its own again); its copies are the point code
//! with fresh variables.

use super::mc::{McOp, Tile, TiledLoop, TiledMap, TiledStep};
use super::translate::Translator;
use super::{Code, ErrorPart, Exp};
use opt::ir::{McMem, Var};
use rustc_hash::{FxHashMap, FxHashSet};

/// A work-item's copies along each dimension where the tiled loops'
/// bodies are small: each element loaded into local memory then serves
/// several of the work-item's points from registers.
const COPIES: usize = 4;

/// Loop bodies (counted in statements, all tiled loops together) up to
/// this size are copied [`COPIES`] times along each dimension.
const SMALL_BODY: usize = 32;

/// The tiled form of a two-dimensional map whose points run `point` (a
/// block setting nothing outside it; the point's indices are
/// `indices`, within `sizes`), if it qualifies (see the module's
/// documentation); `fallback` runs the map otherwise.
pub(super) fn tiled_map(
    tr: &mut Translator<McMem>,
    sizes: [Exp; 2],
    indices: [Var; 2],
    point: &Code<McOp>,
    fallback: Code<McOp>,
) -> Option<TiledMap> {
    let Code::Block(stms) = point else {
        return None;
    };
    let mut checks = Checks {
        ranges: indices.into_iter().zip(sizes.iter().cloned()).collect(),
        holding: FxHashSet::default(),
        set_once: FxHashSet::default(),
    };
    let mut sets = FxHashMap::default();
    count_sets(point, &mut sets);
    checks.set_once = sets
        .into_iter()
        .filter(|&(_, n)| n == 1)
        .map(|(v, _)| v)
        .collect();
    let stms = checks.without_holding(stms);
    let mut facts = Facts::default();
    stms.iter().for_each(|c| facts.code(c));
    let plan = plan(&stms, indices, &facts)?;
    let body_size: usize = plan
        .iter()
        .filter_map(|part| match part {
            Part::Loop { body, .. } => Some(statements(body)),
            Part::Point(_) => None,
        })
        .sum();
    let per_item = if body_size <= SMALL_BODY {
        [COPIES; 2]
    } else {
        [1; 2]
    };
    let counters: FxHashSet<Var> = plan
        .iter()
        .filter_map(|part| match part {
            Part::Loop { counter, .. } => Some(*counter),
            Part::Point(_) => None,
        })
        .collect();
    // Each tile's variables: its row and the values of each position.
    let tile_vars: Vec<Vec<(Var, Vec<Var>)>> = plan
        .iter()
        .map(|part| match part {
            Part::Loop { reads, .. } => reads
                .iter()
                .map(|read| {
                    let row = tr.new_var("tile_row");
                    let values = (0..per_item[read.dim])
                        .map(|_| tr.new_var("tile_value"))
                        .collect();
                    (row, values)
                })
                .collect(),
            Part::Point(_) => Vec::new(),
        })
        .collect();
    let mut copies_indices = Vec::new();
    let mut renamings = Vec::new();
    for _ in 0..per_item[0] * per_item[1] {
        let mut renaming = FxHashMap::default();
        let copy = indices.map(|index| tr.fresh_like(index));
        for (&index, &fresh) in indices.iter().zip(&copy) {
            renaming.insert(index, fresh);
        }
        for &var in facts.declared.iter().filter(|v| !counters.contains(v)) {
            renaming.insert(var, tr.fresh_like(var));
        }
        copies_indices.push(copy);
        renamings.push(renaming);
    }
    let mut steps = Vec::new();
    for (part, vars) in plan.iter().zip(&tile_vars) {
        match part {
            Part::Point(codes) => {
                let copies = renamings
                    .iter()
                    .map(|renaming| renamed_all(codes, renaming).map(Code::Block))
                    .collect::<Option<_>>()?;
                steps.push(TiledStep::Point(copies));
            }
            Part::Loop {
                counter,
                bound,
                body,
                reads,
            } => {
                let mut bodies = Vec::new();
                for (copy, renaming) in renamings.iter().enumerate() {
                    let position = [copy / per_item[1], copy % per_item[1]];
                    let mut codes = Vec::new();
                    for (at, code) in body.iter().enumerate() {
                        match reads.iter().position(|read| read.at == at) {
                            Some(r) => {
                                let target = *renaming.get(&reads[r].target)?;
                                let value = vars[r].1[position[reads[r].dim]];
                                codes.push(Code::SetScalar(
                                    target,
                                    Exp::Var(value, reads[r].element),
                                ));
                            }
                            None => codes.push(renamed(code, renaming)?),
                        }
                    }
                    bodies.push(Code::Block(codes));
                }
                let tiles = reads
                    .iter()
                    .zip(vars)
                    .map(|(read, (row, values))| {
                        let to_row = FxHashMap::from_iter([(indices[read.dim], *row)]);
                        Some(Tile {
                            dim: read.dim,
                            element: read.element,
                            block: read.block,
                            row: *row,
                            index: renamed_exp(&read.index, &to_row),
                            along_counter: unit_stride(&read.index, *counter),
                            values: values.clone(),
                        })
                    })
                    .collect::<Option<_>>()?;
                steps.push(TiledStep::Loop(TiledLoop {
                    counter: *counter,
                    bound: bound.clone(),
                    tiles,
                    bodies,
                }));
            }
        }
    }
    Some(TiledMap {
        sizes,
        per_item,
        indices: copies_indices,
        steps,
        fallback,
    })
}

/// A read of a tiled loop's body: the statement at `at` (of the body's
/// top level) sets `target` to element `index` of `block`, which
/// depends on the point's index along `dim`.
struct Read {
    at: usize,
    target: Var,
    block: Var,
    index: Exp,
    element: prim::PrimType,
    dim: usize,
}

/// The point code's top-level statements, in order: runs of statements
/// and loops to tile.
enum Part {
    Point(Vec<Code<McOp>>),
    Loop {
        counter: Var,
        bound: Exp,
        body: Vec<Code<McOp>>,
        reads: Vec<Read>,
    },
}

/// The parts of the point code, if any loop is worth tiling.
fn plan(stms: &[Code<McOp>], indices: [Var; 2], facts: &Facts) -> Option<Vec<Part>> {
    let mut parts = Vec::new();
    let mut run = Vec::new();
    let mut may_have_failed = false;
    let mut per_point = facts.declared.clone();
    per_point.extend(indices);
    for stm in stms {
        if !may_have_failed
            && let Code::For { var, bound, body } = stm
            && !mentions_any(bound, &per_point)
            && !can_fail(body)
        {
            let body = top_level(body);
            let reads: Vec<Read> = body
                .iter()
                .enumerate()
                .filter_map(|(at, code)| tiled_read(at, code, *var, indices, facts))
                .collect();
            if !reads.is_empty() {
                if !run.is_empty() {
                    parts.push(Part::Point(std::mem::take(&mut run)));
                }
                parts.push(Part::Loop {
                    counter: *var,
                    bound: bound.clone(),
                    body,
                    reads,
                });
                continue;
            }
        }
        may_have_failed |= can_fail(stm);
        run.push(stm.clone());
    }
    if !run.is_empty() {
        parts.push(Part::Point(run));
    }
    parts
        .iter()
        .any(|part| matches!(part, Part::Loop { .. }))
        .then_some(parts)
}

/// The read a statement of a loop body makes, if a tile can serve it.
fn tiled_read(
    at: usize,
    code: &Code<McOp>,
    counter: Var,
    indices: [Var; 2],
    facts: &Facts,
) -> Option<Read> {
    let Code::SetScalar(
        target,
        Exp::Read {
            block,
            index,
            element,
        },
    ) = code
    else {
        return None;
    };
    if facts.written.contains(block) {
        return None;
    }
    let mut vars = FxHashSet::default();
    exp_vars(index, &mut vars)?;
    if !vars.contains(&counter) {
        return None;
    }
    let dim = (0..2).find(|&d| vars.contains(&indices[d]) && !vars.contains(&indices[1 - d]))?;
    let inside = vars
        .iter()
        .any(|v| *v != counter && *v != indices[dim] && facts.declared.contains(v));
    (!inside).then(|| Read {
        at,
        target: *target,
        block: *block,
        index: (**index).clone(),
        element: *element,
        dim,
    })
}

/// Assertions that hold at every point: those of the ranges of the
/// point's indices (from 0 below the space's size) and of loop counters
/// (below the loop's bound), which the point code checks where its
/// indices come from ranges of its own (`iota`, `tabulate`).
struct Checks {
    /// Variables known to lie from 0 below the expression.
    ranges: Vec<(Var, Exp)>,
    /// Variables known to be true.
    holding: FxHashSet<Var>,
    /// Variables the point code sets once.
    set_once: FxHashSet<Var>,
}

impl Checks {
    /// The code without the assertions that hold.
    fn without_holding(&mut self, codes: &[Code<McOp>]) -> Vec<Code<McOp>> {
        let mut kept = Vec::new();
        for code in codes {
            match code {
                Code::Assert { condition, .. } if self.holds(condition) => {}
                Code::Block(inner) => kept.push(Code::Block(self.without_holding(inner))),
                Code::SetScalar(var, e) => {
                    if self.set_once.contains(var) && self.holds(e) {
                        self.holding.insert(*var);
                    }
                    kept.push(code.clone());
                }
                Code::If {
                    condition,
                    then_code,
                    else_code,
                } => kept.push(Code::If {
                    condition: condition.clone(),
                    then_code: Box::new(self.without_holding_in(then_code)),
                    else_code: Box::new(self.without_holding_in(else_code)),
                }),
                Code::For { var, bound, body } => {
                    self.ranges.push((*var, bound.clone()));
                    let body = self.without_holding_in(body);
                    self.ranges.pop();
                    kept.push(Code::For {
                        var: *var,
                        bound: bound.clone(),
                        body: Box::new(body),
                    });
                }
                Code::While { condition, body } => kept.push(Code::While {
                    condition: condition.clone(),
                    body: Box::new(self.without_holding_in(body)),
                }),
                other => kept.push(other.clone()),
            }
        }
        kept
    }

    fn without_holding_in(&mut self, code: &Code<McOp>) -> Code<McOp> {
        Code::Block(self.without_holding(&top_level(code)))
    }

    fn holds(&self, e: &Exp) -> bool {
        let in_range = |v: &Var| self.ranges.iter().find(|(r, _)| r == v);
        match e {
            Exp::Const(prim::PrimValue::Bool(b)) => *b,
            Exp::Var(var, _) => self.holding.contains(var),
            Exp::BinOp(prim::BinOp::And, a, b) => self.holds(a) && self.holds(b),
            Exp::Cmp(prim::CmpOp::Le, zero, v) => match (zero.as_ref(), v.as_ref()) {
                (Exp::Const(prim::PrimValue::I64(0)), Exp::Var(v, _)) => in_range(v).is_some(),
                _ => false,
            },
            Exp::Cmp(prim::CmpOp::Lt, v, bound) => match v.as_ref() {
                Exp::Var(v, _) => in_range(v).is_some_and(|(_, b)| b == bound.as_ref()),
                _ => false,
            },
            _ => false,
        }
    }
}

/// How many times the code sets each scalar.
fn count_sets(code: &Code<McOp>, sets: &mut FxHashMap<Var, usize>) {
    match code {
        Code::Block(codes) => codes.iter().for_each(|c| count_sets(c, sets)),
        Code::SetScalar(var, _) => *sets.entry(*var).or_default() += 1,
        Code::If {
            then_code,
            else_code,
            ..
        } => {
            count_sets(then_code, sets);
            count_sets(else_code, sets);
        }
        Code::For { body, .. } | Code::While { body, .. } => count_sets(body, sets),
        _ => {}
    }
}

/// What the point code declares and which blocks it writes.
#[derive(Default)]
struct Facts {
    declared: FxHashSet<Var>,
    written: FxHashSet<Var>,
}

impl Facts {
    fn code(&mut self, code: &Code<McOp>) {
        match code {
            Code::Block(codes) => codes.iter().for_each(|c| self.code(c)),
            Code::DeclareScalar(var, _) | Code::DeclareMem(var, _) => {
                self.declared.insert(*var);
            }
            Code::Write { block, .. } => {
                self.written.insert(*block);
            }
            Code::Copy { dest, .. } => {
                self.written.insert(dest.block);
            }
            Code::If {
                then_code,
                else_code,
                ..
            } => {
                self.code(then_code);
                self.code(else_code);
            }
            Code::For { var, body, .. } => {
                self.declared.insert(*var);
                self.code(body);
            }
            Code::While { body, .. } => self.code(body),
            _ => {}
        }
    }
}

/// The statements of a block, or the statement.
fn top_level(code: &Code<McOp>) -> Vec<Code<McOp>> {
    match code {
        Code::Block(codes) => codes.clone(),
        other => vec![other.clone()],
    }
}

/// How many statements the code has, at any depth.
fn statements(codes: &[Code<McOp>]) -> usize {
    codes
        .iter()
        .map(|code| match code {
            Code::Block(inner) => statements(inner),
            Code::If {
                then_code,
                else_code,
                ..
            } => 1 + statements(&top_level(then_code)) + statements(&top_level(else_code)),
            Code::For { body, .. } | Code::While { body, .. } => 1 + statements(&top_level(body)),
            _ => 1,
        })
        .sum()
}

/// Whether running the code may fail.
fn can_fail(code: &Code<McOp>) -> bool {
    match code {
        Code::Block(codes) => codes.iter().any(can_fail),
        Code::Assert { .. } | Code::Call { .. } | Code::Op(_) | Code::Allocate { .. } => true,
        Code::If {
            then_code,
            else_code,
            ..
        } => can_fail(then_code) || can_fail(else_code),
        Code::For { body, .. } | Code::While { body, .. } => can_fail(body),
        _ => false,
    }
}

/// The variables an expression reads, if it reads no memory.
fn exp_vars(e: &Exp, vars: &mut FxHashSet<Var>) -> Option<()> {
    match e {
        Exp::Const(_) => Some(()),
        Exp::Var(var, _) => {
            vars.insert(*var);
            Some(())
        }
        Exp::Read { .. } => None,
        Exp::BinOp(_, a, b) | Exp::Cmp(_, a, b) => {
            exp_vars(a, vars)?;
            exp_vars(b, vars)
        }
        Exp::UnOp(_, a) | Exp::Convert(_, a) => exp_vars(a, vars),
        Exp::PrimFn(_, args) => args.iter().try_for_each(|a| exp_vars(a, vars)),
    }
}

/// Whether the expression mentions any of the variables.
fn mentions_any(e: &Exp, of: &FxHashSet<Var>) -> bool {
    let mut vars = FxHashSet::default();
    exp_vars(e, &mut vars).is_none() || vars.iter().any(|v| of.contains(v))
}

/// Whether `index` is something plus `counter` (so that consecutive
/// iterations read consecutive elements).
fn unit_stride(index: &Exp, counter: Var) -> bool {
    let mentions = |e: &Exp| mentions_any(e, &FxHashSet::from_iter([counter]));
    match index {
        Exp::Var(var, _) => *var == counter,
        Exp::BinOp(prim::BinOp::Add, a, b) => {
            (unit_stride(a, counter) && !mentions(b)) || (unit_stride(b, counter) && !mentions(a))
        }
        _ => false,
    }
}

fn renamed_all(codes: &[Code<McOp>], renaming: &FxHashMap<Var, Var>) -> Option<Vec<Code<McOp>>> {
    codes.iter().map(|c| renamed(c, renaming)).collect()
}

/// The code with its variables renamed, if it has no calls,
/// allocations, copies or operations (which tiled code never has).
fn renamed(code: &Code<McOp>, renaming: &FxHashMap<Var, Var>) -> Option<Code<McOp>> {
    let var = |v: &Var| *renaming.get(v).unwrap_or(v);
    let exp = |e: &Exp| renamed_exp(e, renaming);
    let boxed = |c: &Code<McOp>| renamed(c, renaming).map(Box::new);
    Some(match code {
        Code::Block(codes) => Code::Block(renamed_all(codes, renaming)?),
        Code::DeclareScalar(v, t) => Code::DeclareScalar(var(v), *t),
        Code::DeclareMem(v, space) => Code::DeclareMem(var(v), *space),
        Code::SetScalar(v, e) => Code::SetScalar(var(v), exp(e)),
        Code::SetMem { dest, source } => Code::SetMem {
            dest: var(dest),
            source: var(source),
        },
        Code::Write {
            block,
            index,
            element,
            value,
        } => Code::Write {
            block: var(block),
            index: exp(index),
            element: *element,
            value: exp(value),
        },
        Code::If {
            condition,
            then_code,
            else_code,
        } => Code::If {
            condition: exp(condition),
            then_code: boxed(then_code)?,
            else_code: boxed(else_code)?,
        },
        Code::For {
            var: v,
            bound,
            body,
        } => Code::For {
            var: var(v),
            bound: exp(bound),
            body: boxed(body)?,
        },
        Code::While { condition, body } => Code::While {
            condition: exp(condition),
            body: boxed(body)?,
        },
        Code::Assert {
            condition,
            message,
            loc,
        } => Code::Assert {
            condition: exp(condition),
            message: message
                .iter()
                .map(|part| match part {
                    ErrorPart::Text(text) => ErrorPart::Text(text.clone()),
                    ErrorPart::Value(e) => ErrorPart::Value(exp(e)),
                    ErrorPart::Range { start, len, stride } => ErrorPart::Range {
                        start: exp(start),
                        len: exp(len),
                        stride: exp(stride),
                    },
                })
                .collect(),
            loc: loc.clone(),
        },
        Code::Allocate { .. } | Code::Copy { .. } | Code::Call { .. } | Code::Op(_) => {
            return None;
        }
    })
}

fn renamed_exp(e: &Exp, renaming: &FxHashMap<Var, Var>) -> Exp {
    let go = |e: &Exp| Box::new(renamed_exp(e, renaming));
    match e {
        Exp::Const(_) => e.clone(),
        Exp::Var(var, t) => Exp::Var(*renaming.get(var).unwrap_or(var), *t),
        Exp::Read {
            block,
            index,
            element,
        } => Exp::Read {
            block: *renaming.get(block).unwrap_or(block),
            index: go(index),
            element: *element,
        },
        Exp::BinOp(op, a, b) => Exp::BinOp(*op, go(a), go(b)),
        Exp::Cmp(op, a, b) => Exp::Cmp(*op, go(a), go(b)),
        Exp::UnOp(op, a) => Exp::UnOp(*op, go(a)),
        Exp::Convert(t, a) => Exp::Convert(*t, go(a)),
        Exp::PrimFn(f, args) => {
            Exp::PrimFn(*f, args.iter().map(|a| renamed_exp(a, renaming)).collect())
        }
    }
}
