//! Fusion through transformed arrays: where every result of a map is
//! used only through one transformation, the same for all of them (a
//! rearrange, a reshape, or a slice of the outer dimension, such as a
//! reversal), and a SOAC reads the transformed arrays, the map is made
//! to produce the transformed arrays itself by transforming its input
//! arrays instead, and can then fuse with that SOAC:
//!
//! * a rearrange of the outer `r` dimensions of a perfect nest of at
//!   least `r` maps (each level's lambda only maps over its parameters)
//!   rearranges the nest's inputs and levels; the innermost lambda is
//!   applied to the same elements;
//! * a reshape of the outer dimensions of a perfect nest of maps whose
//!   innermost lambda gives scalars, as deep as its results, becomes a
//!   nest as deep as the new shape over reshaped inputs; a map whose
//!   lambda computes scalars that cannot fail and then maps over its
//!   parameters and arrays bound outside is made perfect first
//!   ([`perfect`]);
//! * a slice of the outer dimension of a map over arrays of scalars whose
//!   lambda cannot fail slices its inputs (the map then computes only
//!   the rows kept, which is invisible as none can fail).
//!
//! The map moves down to the last of the transformations, past
//! statements it does not conflict with.

use super::Fuser;
use super::deps::Deps;
use crate::ir::Attrs;
use crate::ir::analysis::{body_can_fail, can_fail};
use crate::ir::{Body, DimIndex, Exp, Lambda, Param, PatElem, Soac, Stm, SubExp, Type, Var};
use rustc_hash::FxHashSet;

/// A transformation of an array.
#[derive(Debug, Clone, PartialEq)]
enum Transform {
    Rearrange(Vec<usize>),
    /// A reshape to these sizes.
    Reshape(Vec<SubExp>),
    /// A slice of the outer dimension.
    Slice(DimIndex),
}

impl Transform {
    fn of(exp: &Exp) -> Option<(Transform, Var)> {
        match exp {
            Exp::Rearrange { perm, array } => Some((Transform::Rearrange(perm.clone()), *array)),
            Exp::Reshape { shape, array } => Some((Transform::Reshape(shape.clone()), *array)),
            Exp::Index { array, slice } => match slice[..] {
                [index @ DimIndex::Slice { .. }] => Some((Transform::Slice(index), *array)),
                _ => None,
            },
            _ => None,
        }
    }

    fn apply(&self, array: Var) -> Exp {
        match self {
            Transform::Rearrange(perm) => Exp::Rearrange {
                perm: perm.clone(),
                array,
            },
            Transform::Reshape(shape) => Exp::Reshape {
                shape: shape.clone(),
                array,
            },
            Transform::Slice(index) => Exp::Index {
                array,
                slice: vec![*index],
            },
        }
    }
}

/// A perfect nest of maps: the widths of its levels, outermost first,
/// and the innermost lambda, whose parameters are elements of the
/// nest's input arrays at the nest's depth.
pub(super) struct Nest {
    pub(super) widths: Vec<SubExp>,
    inner: Lambda,
}

impl Nest {
    /// The nest a map is, as deep as it goes, and where its innermost
    /// lambda passes rows of its parameters on, deepened to `depth` by
    /// passing on their elements (a map of the identity is a nest of
    /// any depth).
    pub(super) fn of(f: &mut Fuser, width: SubExp, map: &Lambda, depth: usize) -> Nest {
        let mut widths = vec![width];
        let mut inner = map.clone();
        while let Some((w, lambda)) = nested_map(&inner) {
            widths.push(w);
            inner = lambda;
        }
        while widths.len() < depth {
            let Some((w, lambda)) = passed_elements(f, &inner) else {
                break;
            };
            widths.push(w);
            inner = lambda;
        }
        Nest { widths, inner }
    }

    /// The nest as a map over `arrays` (whose outer dimensions are the
    /// widths), with fresh parameters at every level but the innermost.
    fn build(&self, f: &mut Fuser, arrays: &[Var]) -> (SubExp, Lambda) {
        let rows: Vec<Type> = arrays
            .iter()
            .map(|&a| f.types.get(a).expect("an array with a type"))
            .collect();
        self.level(f, 0, &rows)
    }

    fn level(&self, f: &mut Fuser, depth: usize, arrays: &[Type]) -> (SubExp, Lambda) {
        let width = self.widths[depth];
        if depth + 1 == self.widths.len() {
            return (width, self.inner.clone());
        }
        let params: Vec<Param> = arrays
            .iter()
            .map(|t| f.param(t.row().expect("an array")))
            .collect();
        let rows: Vec<Type> = params.iter().map(|p| p.ty.clone()).collect();
        let (inner_width, inner) = self.level(f, depth + 1, &rows);
        let ret: Vec<Type> = inner.ret.iter().map(|t| t.array_of(inner_width)).collect();
        let pat = f.fresh_pat("nest", &ret);
        let results: Vec<Var> = pat.iter().map(|pe| pe.var).collect();
        let stm = Stm {
            pat,
            exp: Exp::Op(Soac::map(
                inner_width,
                params.iter().map(|p| p.var).collect(),
                inner,
            )),
            loc: None,
            attrs: Attrs::default(),
        };
        let lambda = Lambda {
            params,
            body: Body {
                stms: vec![stm],
                result: results.into_iter().map(SubExp::Var).collect(),
            },
            ret,
        };
        (width, lambda)
    }
}

/// Where a lambda only maps over its parameters, in order, returning the
/// map's results: the map's width and lambda.
pub(super) fn nested_map(lambda: &Lambda) -> Option<(SubExp, Lambda)> {
    let [stm] = &lambda.body.stms[..] else {
        return None;
    };
    let Exp::Op(Soac::Screma {
        width,
        arrays,
        map,
        scans,
        reduces,
        post: None,
    }) = &stm.exp
    else {
        return None;
    };
    let params: Vec<Var> = lambda.params.iter().map(|p| p.var).collect();
    let results: Vec<SubExp> = stm.pat.iter().map(|pe| SubExp::Var(pe.var)).collect();
    (scans.is_empty()
        && reduces.is_empty()
        && *arrays == params
        && results == lambda.body.result
        && !crate::ir::traverse::free_in_lambda(map)
            .iter()
            .any(|v| params.contains(v)))
    .then(|| (*width, map.clone()))
}

/// Where a lambda returns only its parameters, arrays of one outer
/// size: that size and the lambda passing on their elements in the same
/// way.
fn passed_elements(f: &mut Fuser, lambda: &Lambda) -> Option<(SubExp, Lambda)> {
    let positions: Vec<usize> = lambda
        .body
        .result
        .iter()
        .map(|&r| lambda.params.iter().position(|p| SubExp::Var(p.var) == r))
        .collect::<Option<_>>()?;
    let width = *lambda.params.first()?.ty.shape().first()?;
    if lambda
        .params
        .iter()
        .any(|p| p.ty.shape().first() != Some(&width))
    {
        return None;
    }
    let rows: Vec<Type> = lambda
        .params
        .iter()
        .map(|p| p.ty.row())
        .collect::<Option<_>>()?;
    let params: Vec<Param> = rows.iter().map(|t| f.param(t.clone())).collect();
    let lambda = Lambda {
        body: Body {
            stms: Vec::new(),
            result: positions
                .iter()
                .map(|&k| SubExp::Var(params[k].var))
                .collect(),
        },
        ret: positions.iter().map(|&k| rows[k].clone()).collect(),
        params,
    };
    Some((width, lambda))
}

/// Makes a map over `arrays` a perfect nest of two maps, where its
/// lambda computes scalars that cannot fail and then maps over its
/// parameters and arrays bound outside it, returning that map's results:
/// the inner map's arrays bound outside become replicated inputs, and
/// so do the outer parameters that the scalar statements or the inner
/// lambda read (each row replicated across the inner width), and the
/// scalar statements move into the inner lambda, computed for every
/// element. Gives the statements making the new inputs, the inputs and
/// the nest; none of those statements can fail (the widths are sizes of
/// arrays that exist).
fn perfect(
    f: &mut Fuser,
    width: SubExp,
    arrays: &[Var],
    map: &Lambda,
) -> Option<(Vec<Stm>, Vec<Var>, Lambda)> {
    let (last, scalars) = map.body.stms.split_last()?;
    let Exp::Op(Soac::Screma {
        width: inner_width,
        arrays: inner_arrays,
        map: inner,
        scans,
        reduces,
        post: None,
    }) = &last.exp
    else {
        return None;
    };
    let results: Vec<SubExp> = last.pat.iter().map(|pe| SubExp::Var(pe.var)).collect();
    if !scans.is_empty() || !reduces.is_empty() || results != map.body.result {
        return None;
    }
    let scalar =
        |stm: &Stm| stm.pat.iter().all(|pe| pe.ty.rank() == 0) && !can_fail(&*f.types, &stm.exp);
    if !scalars.iter().all(scalar) {
        return None;
    }
    let bound_inside: FxHashSet<Var> = scalars
        .iter()
        .flat_map(|stm| stm.pat.iter().map(|pe| pe.var))
        .collect();
    if let SubExp::Var(w) = inner_width
        && (bound_inside.contains(w) || map.params.iter().any(|p| p.var == *w))
    {
        return None;
    }
    let param_position = |v: Var| map.params.iter().position(|p| p.var == v);
    let mut made = Vec::new();
    let mut bind = |f: &mut Fuser, exp: Exp| -> Option<Var> {
        let (stm, var) = f.bind_one("perfect", exp, None)?;
        made.push(stm);
        Some(var)
    };
    let mut new_arrays = Vec::new();
    for &a in inner_arrays {
        if bound_inside.contains(&a) {
            return None;
        }
        let input = match param_position(a) {
            Some(k) => arrays[k],
            None => bind(
                f,
                Exp::Replicate {
                    shape: vec![width],
                    value: SubExp::Var(a),
                },
            )?,
        };
        new_arrays.push(input);
    }
    // The outer parameters read inside, each row replicated across the
    // inner width.
    let mut read = crate::ir::traverse::free_in_lambda(inner);
    for stm in scalars {
        read.extend(crate::ir::traverse::free_in_exp(&stm.exp));
    }
    let mut inner_params = inner.params.clone();
    for (k, p) in map.params.iter().enumerate() {
        if !read.contains(&p.var) {
            continue;
        }
        let replicated = bind(
            f,
            Exp::Replicate {
                shape: vec![*inner_width],
                value: SubExp::Var(arrays[k]),
            },
        )?;
        let mut perm = vec![1, 0];
        perm.extend(2..p.ty.rank() + 2);
        new_arrays.push(bind(
            f,
            Exp::Rearrange {
                perm,
                array: replicated,
            },
        )?);
        inner_params.push(p.clone());
    }
    let mut stms = scalars.to_vec();
    stms.extend(inner.body.stms.iter().cloned());
    let innermost = Lambda {
        params: inner_params,
        body: Body {
            stms,
            result: inner.body.result.clone(),
        },
        ret: inner.ret.clone(),
    };
    let mut rows = Vec::new();
    for &a in &new_arrays {
        let row = f.types.get(a)?.row()?;
        rows.push(f.param(row));
    }
    let types: Vec<Type> = last.pat.iter().map(|pe| pe.ty.clone()).collect();
    let pat = f.fresh_pat("nest", &types);
    let nest = Lambda {
        body: Body {
            result: pat.iter().map(|pe| SubExp::Var(pe.var)).collect(),
            stms: vec![Stm {
                pat,
                exp: Exp::Op(Soac::map(
                    *inner_width,
                    rows.iter().map(|p| p.var).collect(),
                    innermost,
                )),
                loc: last.loc.clone(),
                attrs: last.attrs.clone(),
            }],
        },
        params: rows,
        ret: map.ret.clone(),
    };
    Some((made, new_arrays, nest))
}

/// Makes a map whose results are all used through one transformation
/// produce the transformed arrays, where a SOAC reads them; whether it
/// did.
pub(super) fn pull_transforms(f: &mut Fuser, body: &mut Body, deps: &Deps) -> bool {
    for p in 0..body.stms.len() {
        if let Some(rewritten) = pull(f, body, deps, p) {
            *body = rewritten;
            return true;
        }
    }
    false
}

fn pull(f: &mut Fuser, body: &Body, deps: &Deps, p: usize) -> Option<Body> {
    let producer = &body.stms[p];
    let Exp::Op(Soac::Screma {
        width,
        arrays,
        map,
        scans,
        reduces,
        post: None,
    }) = &producer.exp
    else {
        return None;
    };
    if !scans.is_empty() || !reduces.is_empty() || producer.pat.is_empty() {
        return None;
    }
    // Each result used once, by a transformation, the same for all.
    let mut users = Vec::new();
    for pe in &producer.pat {
        let [Some(user)] = deps.users(pe.var).collect::<Vec<_>>()[..] else {
            return None;
        };
        let (transform, source) = Transform::of(&body.stms[user].exp)?;
        if source != pe.var {
            return None;
        }
        users.push((user, transform));
    }
    let transform = users[0].1.clone();
    if users.iter().any(|(_, t)| *t != transform) {
        return None;
    }
    let targets: FxHashSet<usize> = users.iter().map(|&(u, _)| u).collect();
    let last = *targets.iter().max()?;
    // Worth it only where a SOAC reads a transformed array, or another
    // transformation of one.
    let transformed: Vec<Var> = users
        .iter()
        .map(|&(u, _)| body.stms[u].pat[0].var)
        .collect();
    let read_by_soac = body.stms.iter().any(|stm| match &stm.exp {
        Exp::Op(soac) => soac.arrays().iter().any(|a| transformed.contains(a)),
        exp => Transform::of(exp).is_some_and(|(_, source)| transformed.contains(&source)),
    });
    if !read_by_soac {
        return None;
    }
    // The map moves down to the last transformation.
    for x in p + 1..last {
        if targets.contains(&x) {
            continue;
        }
        if deps.conflict(x, p) || targets.iter().any(|&t| deps.depends(x, t)) {
            return None;
        }
    }
    // The outer dimensions a permutation moves.
    let reach = |perm: &[usize]| {
        perm.iter()
            .enumerate()
            .rposition(|(i, &d)| i != d)
            .map_or(0, |i| i + 1)
    };
    let depth = match &transform {
        Transform::Rearrange(perm) => reach(perm),
        _ => producer.pat[0].ty.rank(),
    };
    let mut nest = Nest::of(f, *width, map, depth);
    let mut perfected = Vec::new();
    let mut arrays = arrays.clone();
    if matches!(transform, Transform::Reshape(_)) && nest.widths.len() < depth {
        let (replicated, perfect_arrays, perfect_map) = perfect(f, *width, &arrays, map)?;
        perfected = replicated;
        arrays = perfect_arrays;
        nest = Nest::of(f, *width, &perfect_map, depth);
    }
    if let Transform::Rearrange(perm) = &transform
        && reach(perm) == 2
        && nest.widths.len() < 2
    {
        let (moved, width, arrays, map) = swapped_levels(f, *width, &arrays, map)?;
        let moved = moved
            .into_iter()
            .map(|stm| Stm {
                loc: body.stms[last].loc.clone(),
                ..stm
            })
            .collect();
        return Some(replaced(body, p, &users, last, moved, width, arrays, map));
    }
    let rank = |v: Var| f.types.get(v).map_or(0, |t| t.rank());
    let (inputs, new_nest) = match &transform {
        Transform::Rearrange(perm) => {
            let reach = reach(perm);
            if reach > nest.widths.len() {
                return None;
            }
            let inputs: Vec<Transform> = arrays
                .iter()
                .map(|&a| {
                    let mut full = perm[..reach].to_vec();
                    full.extend(reach..rank(a));
                    Transform::Rearrange(full)
                })
                .collect();
            let mut widths: Vec<SubExp> = perm[..reach].iter().map(|&d| nest.widths[d]).collect();
            widths.extend_from_slice(&nest.widths[reach..]);
            (
                inputs,
                Nest {
                    widths,
                    inner: nest.inner,
                },
            )
        }
        Transform::Reshape(shape) => {
            let depth = nest.widths.len();
            let scalar = nest.inner.ret.iter().all(|t| t.rank() == 0);
            if !scalar || producer.pat.iter().any(|pe| pe.ty.rank() != depth) {
                return None;
            }
            let inputs: Vec<Transform> = arrays
                .iter()
                .map(|&a| {
                    let ty = f.types.get(a).expect("an array with a type");
                    let mut full = shape.clone();
                    full.extend_from_slice(&ty.shape()[depth..]);
                    Transform::Reshape(full)
                })
                .collect();
            (
                inputs,
                Nest {
                    widths: shape.clone(),
                    inner: nest.inner,
                },
            )
        }
        Transform::Slice(index) => {
            let DimIndex::Slice { len, .. } = *index else {
                return None;
            };
            let scalars = producer.pat.iter().all(|pe| pe.ty.rank() == 1)
                && arrays.iter().all(|&a| rank(a) == 1);
            if !scalars || body_can_fail(&*f.types, &map.body) {
                return None;
            }
            let inputs = arrays.iter().map(|_| transform.clone()).collect();
            let mut widths = nest.widths.clone();
            widths.truncate(1);
            widths[0] = len;
            (
                inputs,
                Nest {
                    widths,
                    inner: map.clone(),
                },
            )
        }
    };
    // The transformed inputs, then the map producing the transformed
    // results, where the last transformation was.
    let loc = body.stms[last].loc.clone();
    let mut moved: Vec<Stm> = perfected
        .into_iter()
        .map(|stm| Stm {
            loc: producer.loc.clone(),
            ..stm
        })
        .collect();
    let mut new_arrays = Vec::new();
    for (&array, t) in arrays.iter().zip(&inputs) {
        let (stm, var) = f.bind_one("transformed", t.apply(array), loc.clone())?;
        moved.push(stm);
        new_arrays.push(var);
    }
    let (new_width, new_map) = new_nest.build(f, &new_arrays);
    Some(replaced(
        body, p, &users, last, moved, new_width, new_arrays, new_map,
    ))
}

/// The body with producer `p` and its transformations `users` replaced,
/// where the last of them (`last`) was, by the statements `moved` and
/// then the map over `arrays` binding the transformed arrays.
#[expect(
    clippy::too_many_arguments,
    reason = "the parts of one replacement, each computed apart"
)]
fn replaced(
    body: &Body,
    p: usize,
    users: &[(usize, Transform)],
    last: usize,
    mut moved: Vec<Stm>,
    width: SubExp,
    arrays: Vec<Var>,
    map: Lambda,
) -> Body {
    let producer = &body.stms[p];
    let pat: Vec<PatElem> = users
        .iter()
        .map(|&(u, _)| body.stms[u].pat[0].clone())
        .collect();
    moved.push(Stm {
        pat,
        exp: Exp::Op(Soac::map(width, arrays, map)),
        loc: producer.loc.clone(),
        attrs: producer.attrs.clone(),
    });
    let targets: FxHashSet<usize> = users.iter().map(|&(u, _)| u).collect();
    let mut stms = Vec::with_capacity(body.stms.len() + moved.len());
    for (i, stm) in body.stms.iter().enumerate() {
        if i == last {
            stms.append(&mut moved);
        } else if i != p && !targets.contains(&i) {
            stms.push(stm.clone());
        }
    }
    Body {
        stms,
        result: body.result.clone(),
    }
}

/// The parts of a map's lambda that [`swapped_levels`] swaps.
pub(super) struct Swappable<'a> {
    /// The inner map's statement.
    stm: &'a Stm,
    inner_width: SubExp,
    inner_arrays: &'a [Var],
    inner: &'a Lambda,
}

/// Where a map's lambda is one inner map that [`swapped_levels`] can
/// swap with the map: its parts.
pub(super) fn swappable(map: &Lambda) -> Option<Swappable<'_>> {
    let [stm] = &map.body.stms[..] else {
        return None;
    };
    let Exp::Op(Soac::Screma {
        width: inner_width,
        arrays: inner_arrays,
        map: inner,
        scans,
        reduces,
        post: None,
    }) = &stm.exp
    else {
        return None;
    };
    let results: Vec<SubExp> = stm.pat.iter().map(|pe| SubExp::Var(pe.var)).collect();
    if !scans.is_empty() || !reduces.is_empty() || results != map.body.result {
        return None;
    }
    let mut bound_inside = crate::ir::traverse::bound_in_body(&inner.body);
    bound_inside.extend(map.params.iter().map(|p| p.var));
    bound_inside.extend(inner.params.iter().map(|p| p.var));
    let depends_inside = |d: &SubExp| matches!(d, SubExp::Var(v) if bound_inside.contains(v));
    if depends_inside(inner_width)
        || inner
            .ret
            .iter()
            .any(|t| t.shape().iter().any(depends_inside))
    {
        return None;
    }
    Some(Swappable {
        stm,
        inner_width: *inner_width,
        inner_arrays,
        inner,
    })
}

/// A map whose lambda is one inner map over arrays bound outside it or
/// over its parameters, as the map with the two levels swapped: `map_i
/// (\a -> map_j (\b -> e) bs) as` transposed is `map_j (\b -> map_i (\a
/// -> e) as) bs`. The inner lambda is kept, so it may read the outer
/// parameters; an inner array that is an outer parameter becomes the
/// outer array transposed, mapped over at the new outer level and its
/// elements at the inner one. The inner width and result types must not
/// depend on the outer parameters. Gives the statements transposing
/// arrays, the new width, arrays and lambda.
fn swapped_levels(
    f: &mut Fuser,
    width: SubExp,
    arrays: &[Var],
    map: &Lambda,
) -> Option<(Vec<Stm>, SubExp, Vec<Var>, Lambda)> {
    let Swappable {
        stm,
        inner_width,
        inner_arrays,
        inner,
    } = swappable(map)?;
    let mut transposing = Vec::new();
    let mut outer_arrays = Vec::new();
    let mut outer_lambda_params = Vec::new();
    let mut inner_arrays_new: Vec<Var> = arrays.to_vec();
    let mut inner_params_new: Vec<Param> = map.params.clone();
    for (&b, q) in inner_arrays.iter().zip(&inner.params) {
        match map.params.iter().position(|p| p.var == b) {
            // Read at the new outer level directly; the inner lambda
            // reads the same parameter.
            None => {
                outer_arrays.push(b);
                outer_lambda_params.push(q.clone());
            }
            // The outer array's columns at the new outer level, their
            // elements at the inner one.
            Some(k) => {
                let ty = f.types.get(arrays[k])?;
                let mut perm = vec![1, 0];
                perm.extend(2..ty.rank());
                let exp = Exp::Rearrange {
                    perm,
                    array: arrays[k],
                };
                let (stm, columns) = f.bind_one("columns", exp, None)?;
                let ty = stm.pat[0].ty.clone();
                transposing.push(stm);
                let column = f.param(ty.row()?);
                outer_arrays.push(columns);
                inner_arrays_new.push(column.var);
                outer_lambda_params.push(column);
                inner_params_new.push(q.clone());
            }
        }
    }
    let inner_lambda = Lambda {
        params: inner_params_new,
        body: inner.body.clone(),
        ret: inner.ret.clone(),
    };
    let inner_ret: Vec<Type> = inner.ret.iter().map(|t| t.array_of(width)).collect();
    let pat = f.fresh_pat("swapped", &inner_ret);
    let outer_lambda = Lambda {
        params: outer_lambda_params,
        body: Body {
            result: pat.iter().map(|pe| SubExp::Var(pe.var)).collect(),
            stms: vec![Stm {
                pat,
                exp: Exp::Op(Soac::map(width, inner_arrays_new, inner_lambda)),
                loc: stm.loc.clone(),
                attrs: stm.attrs.clone(),
            }],
        },
        ret: inner_ret,
    };
    Some((transposing, inner_width, outer_arrays, outer_lambda))
}
