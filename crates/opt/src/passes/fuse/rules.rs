//! Rewrites of single SOACs that expose fusion, applied to every SOAC
//! before fusion and to every SOAC fusion makes:
//!
//! * an input array that is a `replicate` of a value is that value in
//!   every row: the lambda reads the value instead;
//! * a row of an array of the SOAC's width indexed by the row's position
//!   (an input `iota` of the width) is a row of an input array (so that
//!   a map over `iota n` that gathers from an array of `n` rows becomes
//!   a map over that array, which its producer can fuse into); so is an
//!   element indexed by the position in an inner dimension of the width
//!   and by indices bound outside in the outer ones (`xs[j, i]`): the
//!   input is `xs[j]`, taken where the SOAC has rows, after a check of
//!   `j` with the message the first row's index fails with, and an
//!   empty array otherwise;
//! * a mapped result that is the same in every row is a `replicate` (the
//!   statements computing it, where they use no row, cannot fail and
//!   consume nothing, move out of the lambda);
//! * a scatter whose input arrays are all concatenations of the same
//!   number of equal-sized parts goes over the parts, writing once per
//!   part in each row;
//! * a scatter whose input arrays are all flattened arrays of `m` rows
//!   (one made by a SOAC) goes over those rows, each writing a block.
//!
//! None of them computes anything the SOAC did not, skips anything it
//! computed, or changes a failure: the rows read are in bounds, and an
//! index check moved out of the lambda fails where its first row would
//! have failed (before the other failures of that row, which fusion
//! may reorder; never before an assertion of the lambda, which the
//! index may count on).

use super::Fuser;
use crate::ir::Attrs;
use crate::ir::analysis::{can_fail, consumed, consumed_anywhere};
use crate::ir::soac::accumulated_results;
use crate::ir::soac::{scatter_writes, writes_blocks};
use crate::ir::traverse::{Renamer, bound_in_body, free_in_exp};
use crate::ir::{
    Body, DimIndex, ErrorPart, Exp, Lambda, Loc, Param, PatElem, ScatterDest, Soac, Stm, SubExp,
    Type, Var,
};
use prim::PrimType;
use prim::{BinOp, CmpOp};
use rustc_hash::{FxHashMap, FxHashSet};

/// The arrays made by basic operations that the rules look through and
/// the products of sizes, by variable (variables are bound once in a
/// program, so this serves every body of a function), and the arrays
/// SOACs make.
#[derive(Default)]
pub(super) struct Defs {
    exps: FxHashMap<Var, Exp>,
    soac_results: FxHashSet<Var>,
}

impl Defs {
    /// The definitions in a body and everything nested in it.
    pub fn of_body(body: &Body) -> Defs {
        let mut defs = Defs::default();
        crate::ir::traverse::for_each_stm(body, &mut |stm| defs.add(stm));
        defs
    }

    pub fn add(&mut self, stm: &Stm) {
        if let Exp::Op(_) = stm.exp {
            self.soac_results.extend(stm.pat.iter().map(|pe| pe.var));
        }
        if let [pe] = &stm.pat[..]
            && matches!(
                stm.exp,
                Exp::Iota { .. }
                    | Exp::Replicate { .. }
                    | Exp::Concat { .. }
                    | Exp::Reshape { .. }
                    | Exp::BinOp(BinOp::Mul | BinOp::Add | BinOp::Sub, ..)
                    | Exp::Cmp(CmpOp::Eq, ..)
            )
        {
            self.exps.insert(pe.var, stm.exp.clone());
        }
    }

    pub fn get(&self, var: Var) -> Option<&Exp> {
        self.exps.get(&var)
    }

    /// Whether `size` is `outer * inner`.
    fn is_product(&self, size: SubExp, outer: SubExp, inner: SubExp) -> bool {
        match size {
            SubExp::Var(v) => matches!(
                self.get(v),
                Some(&Exp::BinOp(BinOp::Mul, a, b)) if (a, b) == (outer, inner) || (a, b) == (inner, outer)
            ),
            SubExp::Const(size) => match (outer, inner) {
                (SubExp::Const(outer), SubExp::Const(inner)) => {
                    match (size.as_i64(), outer.as_i64(), inner.as_i64()) {
                        (Some(size), Some(outer), Some(inner)) => {
                            outer.checked_mul(inner) == Some(size)
                        }
                        _ => false,
                    }
                }
                _ => false,
            },
        }
    }

    /// The parts of a concatenation, those that are concatenations
    /// themselves split in turn.
    fn concat_parts(&self, var: Var) -> Option<Vec<Var>> {
        let Some(Exp::Concat { arrays, .. }) = self.get(var) else {
            return None;
        };
        Some(
            arrays
                .iter()
                .flat_map(|&a| self.concat_parts(a).unwrap_or_else(|| vec![a]))
                .collect(),
        )
    }
}

/// The statement with the rules applied, followed by the statements
/// binding what the rules moved out of it.
pub(super) fn rewrite(f: &mut Fuser, defs: &Defs, mut stm: Stm) -> Vec<Stm> {
    let Exp::Op(soac) = &mut stm.exp else {
        return vec![stm];
    };
    if let Soac::Stream { .. } | Soac::Accumulate { .. } = soac {
        return vec![stm];
    }
    if let Some(split) = concatenated_inputs(f, defs, soac) {
        *soac = split;
    }
    if let Some(unflattened) = flattened_inputs(f, defs, soac) {
        *soac = unflattened;
    }
    replicated_inputs(f, defs, soac);
    let mut out = indexed_by_position(f, defs, soac, &stm.loc);
    out.extend(invariant_computations(f, soac));
    let replicates = invariant_results(soac, &mut stm.pat);
    let loc = stm.loc.clone();
    out.push(stm);
    for (pe, value, width) in replicates {
        out.push(Stm {
            pat: vec![pe],
            exp: Exp::Replicate {
                shape: vec![width],
                value,
            },
            loc: loc.clone(),
            attrs: Attrs::default(),
        });
    }
    out
}

/// The map lambda of a SOAC (with the arrays it goes over), mutably.
fn map_of(soac: &mut Soac) -> Option<(&mut Vec<Var>, &mut Lambda)> {
    match soac {
        Soac::Screma { arrays, map, .. }
        | Soac::Hist { arrays, map, .. }
        | Soac::Scatter { arrays, map, .. } => Some((arrays, map)),
        // An accumulation's map takes its accumulators before the rows.
        Soac::Stream { .. } | Soac::Accumulate { .. } => None,
    }
}

/// An input array that replicates a value: the lambda reads the value.
fn replicated_inputs(f: &mut Fuser, defs: &Defs, soac: &mut Soac) {
    let width = soac.width();
    let Some((arrays, map)) = map_of(soac) else {
        return;
    };
    let consumed = f.consumed_params(map);
    let mut renaming = FxHashMap::default();
    let mut kept_arrays = Vec::new();
    let mut kept_params = Vec::new();
    for (array, param) in arrays.drain(..).zip(std::mem::take(&mut map.params)) {
        match defs.get(array) {
            Some(&Exp::Replicate { ref shape, value })
                if shape[..] == [width] && !consumed.contains(&param.var) =>
            {
                renaming.insert(param.var, value);
            }
            _ => {
                kept_arrays.push(array);
                kept_params.push(param);
            }
        }
    }
    *arrays = kept_arrays;
    map.params = kept_params;
    Renamer::new(&renaming).body(&mut map.body);
}

/// Rows of an array of the SOAC's width read at the position of the row
/// (an input `iota` of the width), where the lambda does so outright:
/// the array becomes an input; the same for the rows of an inner
/// dimension of the width indexed by invariant outer indices, whose
/// input the returned statements make.
fn indexed_by_position(f: &mut Fuser, defs: &Defs, soac: &mut Soac, loc: &Option<Loc>) -> Vec<Stm> {
    let width = soac.width();
    let Some((arrays, map)) = map_of(soac) else {
        return Vec::new();
    };
    let positions: Vec<Var> = arrays
        .iter()
        .zip(&map.params)
        .filter(|&(&a, _)| {
            matches!(defs.get(a), Some(&Exp::Iota { start, step, ty: PrimType::I64, .. })
                if start == SubExp::i64(0) && step == SubExp::i64(1))
        })
        .map(|(_, p)| p.var)
        .collect();
    if positions.is_empty() {
        return Vec::new();
    }
    let inner = bound_in_body(&map.body);
    let mut made = Vec::new();
    // The inputs made for inner dimensions, by array and outer indices.
    let mut inner_rows: Vec<((Var, Vec<SubExp>), Var)> = Vec::new();
    // A check may not move in front of an assertion it may count on.
    let mut after_assertion = false;
    for stm in &mut map.body.stms {
        let may_count_on_assertion = after_assertion;
        after_assertion |= asserts(stm);
        let Exp::Index { array, slice } = &stm.exp else {
            continue;
        };
        let array = *array;
        let invariant = |se: &SubExp| match se {
            SubExp::Const(_) => true,
            SubExp::Var(v) => !inner.contains(v) && map.params.iter().all(|p| p.var != *v),
        };
        let outer: Option<Vec<SubExp>> = match &slice[..] {
            [pre @ .., DimIndex::Fix(_)] if !pre.is_empty() => pre
                .iter()
                .map(|index| match index {
                    DimIndex::Fix(se) if invariant(se) => Some(*se),
                    _ => None,
                })
                .collect(),
            _ => None,
        };
        if let (Some(outer), Some(DimIndex::Fix(SubExp::Var(position)))) = (outer, slice.last())
            && !may_count_on_assertion
            && positions.contains(position)
            && !inner.contains(&array)
            && map.params.iter().all(|p| p.var != array)
            && let Some(ty) = f.types.get(array)
            && ty.shape().get(outer.len()) == Some(&width)
        {
            let key = (array, outer);
            let row = match inner_rows.iter().find(|(k, _)| *k == key) {
                Some(&(_, row)) => row,
                None => {
                    let rows = guarded_rows(
                        f,
                        (key.0, &key.1),
                        width,
                        stm.loc.as_ref().or(loc.as_ref()),
                        &mut made,
                    );
                    let row_ty = f
                        .types
                        .get(rows)
                        .and_then(|t| t.row())
                        .expect("an array has rows");
                    let param = f.param(row_ty);
                    arrays.push(rows);
                    let var = param.var;
                    map.params.push(param);
                    inner_rows.push((key, var));
                    var
                }
            };
            stm.exp = Exp::SubExp(SubExp::Var(row));
            continue;
        }
        let [DimIndex::Fix(SubExp::Var(position))] = slice[..] else {
            continue;
        };
        let ty = f.types.get(array);
        let same_width = ty
            .as_ref()
            .is_some_and(|t| t.shape().first() == Some(&width));
        if !positions.contains(&position)
            || !same_width
            || inner.contains(&array)
            || map.params.iter().any(|p| p.var == array)
        {
            continue;
        }
        let row = match arrays.iter().position(|&a| a == array) {
            Some(k) => map.params[k].var,
            None => {
                let row_ty = ty.and_then(|t| t.row()).expect("an array has rows");
                let param = f.param(row_ty);
                arrays.push(array);
                let var = param.var;
                map.params.push(param);
                var
            }
        };
        stm.exp = Exp::SubExp(SubExp::Var(row));
    }
    made
}

/// Whether a statement is or holds an assertion.
fn asserts(stm: &Stm) -> bool {
    let mut found = matches!(stm.exp, Exp::Assert { .. });
    crate::ir::traverse::for_each_stm_in_exp(&stm.exp, &mut |nested| {
        found |= matches!(nested.exp, Exp::Assert { .. });
    });
    found
}

/// Binds (pushing the statements to `stms`) the rows of `array` at the
/// outer indices `outer`, whose outer dimension is `width`: where
/// `width` is not zero, after a check that the indices are in bounds
/// failing as the index `array[outer..., 0]` would, and otherwise an
/// empty array.
fn guarded_rows(
    f: &mut Fuser,
    (array, outer): (Var, &[SubExp]),
    width: SubExp,
    loc: Option<&Loc>,
    stms: &mut Vec<Stm>,
) -> Var {
    let ty = f.types.get(array).expect("an array with a type");
    let shape = ty.shape().to_vec();
    let rows_ty = Type::with_shape(ty.element(), shape[outer.len()..].to_vec());
    let bind = |f: &mut Fuser, stms: &mut Vec<Stm>, hint: &str, ty: Type, exp: Exp| {
        let var = f.fresh(hint, ty.clone());
        stms.push(Stm {
            pat: vec![PatElem { var, ty, mem: None }],
            exp,
            loc: loc.cloned(),
            attrs: Attrs::default(),
        });
        SubExp::Var(var)
    };
    let bool_ty = Type::Prim(PrimType::Bool);
    let nonempty = bind(
        f,
        stms,
        "nonempty",
        bool_ty.clone(),
        Exp::Cmp(CmpOp::Lt, SubExp::i64(0), width),
    );
    let mut checked = Vec::new();
    let mut condition: Option<SubExp> = None;
    for (&i, &dim) in outer.iter().zip(&shape) {
        let mut check = |f: &mut Fuser, exp| bind(f, &mut checked, "bounds", bool_ty.clone(), exp);
        let low = check(f, Exp::Cmp(CmpOp::Le, SubExp::i64(0), i));
        let high = check(f, Exp::Cmp(CmpOp::Lt, i, dim));
        let both = check(f, Exp::BinOp(BinOp::And, low, high));
        condition = Some(match condition {
            None => both,
            Some(previous) => check(f, Exp::BinOp(BinOp::And, previous, both)),
        });
    }
    let condition = condition.expect("at least one outer index");
    let shown = outer
        .iter()
        .chain([&SubExp::i64(0)])
        .map(|&i| vec![ErrorPart::Value(i)])
        .collect();
    checked.push(Stm {
        pat: Vec::new(),
        exp: Exp::Assert {
            condition,
            message: ErrorPart::index_out_of_bounds(shown, &shape),
        },
        loc: loc.cloned(),
        attrs: Attrs::default(),
    });
    let rows = bind(
        f,
        &mut checked,
        "rows",
        rows_ty.clone(),
        Exp::Index {
            array,
            slice: outer.iter().map(|&i| DimIndex::Fix(i)).collect(),
        },
    );
    let mut empty_stms = Vec::new();
    let empty = bind(
        f,
        &mut empty_stms,
        "empty",
        rows_ty.clone(),
        Exp::Scratch {
            shape: shape[outer.len()..].to_vec(),
            element: ty.element(),
        },
    );
    let guarded = bind(
        f,
        stms,
        "rows",
        rows_ty.clone(),
        Exp::If {
            condition: nonempty,
            then_body: Body {
                stms: checked,
                result: vec![rows],
            },
            else_body: Body {
                stms: empty_stms,
                result: vec![empty],
            },
            ret: vec![rows_ty.ext()],
        },
    );
    guarded.as_var().expect("a variable")
}

/// A scatter going over concatenations of `k` parts of equal size goes
/// over the parts, with `k` copies of its map, each row writing `k`
/// times per write.
fn concatenated_inputs(f: &mut Fuser, defs: &Defs, soac: &Soac) -> Option<Soac> {
    let Soac::Scatter {
        width,
        arrays,
        dests,
        map,
    } = soac
    else {
        return None;
    };
    let parts: Vec<Vec<Var>> = arrays
        .iter()
        .map(|&a| match defs.get(a) {
            Some(Exp::Concat { width: total, .. }) if total == width => defs.concat_parts(a),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let first = parts.first()?;
    let k = first.len();
    let part_width = *f.types.get(first[0])?.shape().first()?;
    let equal = parts.iter().all(|ps| {
        ps.len() == k
            && ps.iter().all(|&p| {
                f.types
                    .get(p)
                    .is_some_and(|t| t.shape().first() == Some(&part_width))
            })
    });
    let writes = scatter_writes(dests);
    // Mapped values would be rows of the parts, not of the whole.
    if !equal || k < 2 || map.ret.len() != 2 * writes {
        return None;
    }
    let copies: Vec<Lambda> = (0..k).map(|_| f.renamed(map)).collect();
    let mut new_arrays = Vec::new();
    let mut params = Vec::new();
    let mut stms = Vec::new();
    for (part, copy) in copies.iter().enumerate() {
        new_arrays.extend(parts.iter().map(|ps| ps[part]));
        params.extend(copy.params.iter().cloned());
        stms.extend(copy.body.stms.iter().cloned());
    }
    // Each destination's writes: its writes in every copy, in order.
    let mut result = Vec::new();
    let mut ret = Vec::new();
    for values in [false, true] {
        let mut start = if values { writes } else { 0 };
        for dest in dests {
            for copy in &copies {
                result.extend_from_slice(&copy.body.result[start..start + dest.writes]);
                ret.extend_from_slice(&copy.ret[start..start + dest.writes]);
            }
            start += dest.writes;
        }
    }
    Some(Soac::Scatter {
        width: part_width,
        arrays: new_arrays,
        dests: dests
            .iter()
            .map(|d| ScatterDest {
                array: d.array,
                writes: d.writes * k,
            })
            .collect(),
        map: Lambda {
            params,
            body: Body { stms, result },
            ret,
        },
    })
}

/// A scatter going over flattened arrays (`m * n` rows of arrays of `m`
/// rows of `n`), at least one of them made by a SOAC, goes over their
/// rows instead, each row writing a block of `n` with an inner map of
/// the scatter's map: so the SOAC making the rows can fuse into it.
fn flattened_inputs(f: &mut Fuser, defs: &Defs, soac: &Soac) -> Option<Soac> {
    let Soac::Scatter {
        width,
        arrays,
        dests,
        map,
    } = soac
    else {
        return None;
    };
    // Mapped values would be rows of the flattened arrays.
    if writes_blocks(dests, map) || map.ret.len() != 2 * scatter_writes(dests) {
        return None;
    }
    let unflattened: Vec<Var> = arrays
        .iter()
        .map(|&a| match defs.get(a) {
            Some(Exp::Reshape { array, .. }) => Some(*array),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let flat_types: Vec<Type> = arrays
        .iter()
        .map(|&a| f.types.get(a))
        .collect::<Option<_>>()?;
    let array_types: Vec<Type> = unflattened
        .iter()
        .map(|&a| f.types.get(a))
        .collect::<Option<_>>()?;
    let (outer, inner) = match array_types.first()?.shape() {
        &[outer, inner, ..] => (outer, inner),
        _ => return None,
    };
    let flattens = flat_types.iter().zip(&array_types).all(|(flat, array)| {
        let (flat, array) = (flat.shape(), array.shape());
        array.len() >= 2
            && array[..2] == [outer, inner]
            && flat[1..] == array[2..]
            && flat.first() == Some(width)
    });
    let produced = unflattened.iter().any(|a| defs.soac_results.contains(a));
    if !flattens || !produced || !defs.is_product(*width, outer, inner) {
        return None;
    }
    let rows: Vec<Type> = array_types.iter().filter_map(Type::row).collect();
    let params: Vec<Param> = rows.into_iter().map(|ty| f.param(ty)).collect();
    let block_types: Vec<Type> = map.ret.iter().map(|t| t.array_of(inner)).collect();
    let blocks = f.fresh_pat("block", &block_types);
    let inner_map = Stm {
        pat: blocks.clone(),
        exp: Exp::Op(Soac::map(
            inner,
            params.iter().map(|p| p.var).collect(),
            f.renamed(map),
        )),
        loc: None,
        attrs: Attrs::default(),
    };
    Some(Soac::Scatter {
        width: outer,
        arrays: unflattened,
        dests: dests.clone(),
        map: Lambda {
            params,
            body: Body {
                stms: vec![inner_map],
                result: blocks.iter().map(|pe| SubExp::Var(pe.var)).collect(),
            },
            ret: block_types,
        },
    })
}

/// Moves the statements of a `screma`'s map (without post lambda) that
/// compute mapped results the same in every row out of it: those that
/// use no row, cannot fail, consume nothing and make nothing the body
/// consumes (so that computing them once, even for no rows, changes
/// nothing). Returns them.
fn invariant_computations(f: &Fuser, soac: &mut Soac) -> Vec<Stm> {
    let Soac::Screma {
        map,
        scans,
        reduces,
        post: None,
        ..
    } = soac
    else {
        return Vec::new();
    };
    let first_mapped = accumulated_results(scans, reduces);
    // The variables that differ between rows.
    let mut varying: FxHashSet<Var> = map.params.iter().map(|p| p.var).collect();
    // A free variable of a lambda cannot be consumed, and an array the
    // body consumes may be an alias of any array made there: where the
    // body consumes anything, only scalars move out.
    let body_consumes = !consumed_anywhere(f.program, &map.body).is_empty();
    let mut invariant = vec![false; map.body.stms.len()];
    for (i, stm) in map.body.stms.iter().enumerate() {
        let dims = stm
            .pat
            .iter()
            .flat_map(|pe| pe.ty.shape())
            .filter_map(|d| d.as_var());
        invariant[i] = !can_fail(&*f.types, &stm.exp)
            && consumed(f.program, &stm.exp).is_empty()
            && free_in_exp(&stm.exp).is_disjoint(&varying)
            && dims.clone().all(|d| !varying.contains(&d))
            && !(body_consumes && stm.pat.iter().any(|pe| pe.ty.rank() > 0));
        if !invariant[i] {
            varying.extend(stm.pat.iter().map(|pe| pe.var));
        }
    }
    // The invariant statements the invariant mapped results need.
    let mut needed: FxHashSet<Var> = map.body.result[first_mapped..]
        .iter()
        .filter_map(|se| se.as_var())
        .filter(|v| !varying.contains(v))
        .collect();
    let mut hoisted = vec![false; map.body.stms.len()];
    for (i, stm) in map.body.stms.iter().enumerate().rev() {
        if invariant[i] && stm.pat.iter().any(|pe| needed.contains(&pe.var)) {
            hoisted[i] = true;
            needed.extend(free_in_exp(&stm.exp));
            needed.extend(
                stm.pat
                    .iter()
                    .flat_map(|pe| pe.ty.shape())
                    .filter_map(|d| d.as_var()),
            );
        }
    }
    let mut out = Vec::new();
    let mut kept = Vec::new();
    for (stm, hoist) in std::mem::take(&mut map.body.stms).into_iter().zip(hoisted) {
        if hoist {
            out.push(stm);
        } else {
            kept.push(stm);
        }
    }
    map.body.stms = kept;
    out
}

/// Removes the mapped results of a `screma` (without post lambda) that
/// are the same in every row; returns their pattern elements with the
/// value and the width to replicate it to.
fn invariant_results(soac: &mut Soac, pat: &mut Vec<PatElem>) -> Vec<(PatElem, SubExp, SubExp)> {
    let Soac::Screma {
        width,
        map,
        scans,
        reduces,
        post: None,
        ..
    } = soac
    else {
        return Vec::new();
    };
    let first_mapped = accumulated_results(scans, reduces);
    let inner = bound_in_body(&map.body);
    let invariant = |se: &SubExp| match se {
        SubExp::Const(_) => true,
        SubExp::Var(v) => !inner.contains(v) && !map.params.iter().any(|p| p.var == *v),
    };
    let mut moved = Vec::new();
    let mut kept_pat = Vec::new();
    let mut kept_result = Vec::new();
    let mut kept_ret = Vec::new();
    let results = pat.drain(..).zip(&map.body.result).zip(&map.ret);
    for (index, ((pe, result), ty)) in results.enumerate() {
        if index >= first_mapped && invariant(result) {
            moved.push((pe, *result, *width));
        } else {
            kept_pat.push(pe);
            kept_result.push(*result);
            kept_ret.push(ty.clone());
        }
    }
    *pat = kept_pat;
    map.body.result = kept_result;
    map.ret = kept_ret;
    moved
}
