//! Rules for array operations: indexing what an array was made of,
//! reshapes and rearrangements of their own kind, concatenations and
//! array literals in simpler forms, and results both branches of an
//! `if` give alike, and updates that write back what they read.

use super::{Simplified, Simplifier, is_zero};
use crate::ir::Attrs;
use crate::ir::analysis::can_fail_unless;
use crate::ir::traverse::map_type;
use crate::ir::traverse::{Renamer, free_in_body};
use crate::ir::{
    Body, DimIndex, ErrorPart, Exp, ExtDim, Loc, PatElem, Rep, Stm, SubExp, Type, Var,
};
use prim::{BinOp, CmpOp, PrimType};
use rustc_hash::FxHashMap;

/// The most statements a map's lambda may have to be computed where a
/// row of its result is read instead.
const MAX_INLINED_MAP: usize = 16;

/// How many products of sizes [`Simplifier::factors`] expands at most:
/// far more than the sizes of real programs are products of.
const MAX_FACTOR_EXPANSIONS: usize = 256;

/// A part of a concatenation: an array, or what makes one that a
/// neighbour of the same kind may join.
enum Part {
    Array(Var),
    /// The elements of an array literal with rows of this type.
    Literal(Vec<SubExp>, Type),
    /// Copies of a scalar, as many as the counts add up to.
    Replicate(Vec<SubExp>, SubExp),
}

impl<R: Rep> Simplifier<'_, R> {
    /// The statement binding `pat` to `exp` (at `stm`'s location), known
    /// not to fail by facts of depth `depth`.
    fn proven_stm(&mut self, stm: &Stm<R>, exp: Exp<R>, depth: usize) -> Stm<R> {
        let new = Stm {
            pat: stm.pat.clone(),
            exp,
            loc: stm.loc.clone(),
            attrs: stm.attrs.clone(),
        };
        self.prove(&new, depth);
        new
    }

    fn same_pattern(stm: &Stm<R>, exp: Exp<R>) -> Stm<R> {
        Stm {
            pat: stm.pat.clone(),
            exp,
            loc: stm.loc.clone(),
            attrs: stm.attrs.clone(),
        }
    }

    pub(super) fn index(&mut self, stm: &Stm<R>, array: Var, slice: &[DimIndex]) -> Simplified<R> {
        let Some(fixed) = slice
            .iter()
            .map(|index| match *index {
                DimIndex::Fix(i) => Some(i),
                DimIndex::Slice { .. } => None,
            })
            .collect::<Option<Vec<SubExp>>>()
        else {
            return Simplified::Keep;
        };
        if let Some(simplified) = self.index_map(stm, array, &fixed) {
            return simplified;
        }
        let (Some(ty), Some(def)) = (self.types.get(array), self.defs.get(&array).cloned()) else {
            return Simplified::Keep;
        };
        let shape = ty.shape().to_vec();
        let whole = fixed.len() == shape.len();
        let known = stm
            .pat
            .first()
            .and_then(|p| self.proven.get(&p.var))
            .copied();
        match def {
            Exp::Copy(x) if self.readable(SubExp::Var(x)) => {
                Simplified::Stms(vec![Self::same_pattern(
                    stm,
                    Exp::Index {
                        array: x,
                        slice: slice.to_vec(),
                    },
                )])
            }
            Exp::Update {
                slice: written,
                value,
                ..
            } if written == slice && self.readable(value) => Simplified::To(vec![value]),
            Exp::ArrayLit { elements, .. } => {
                let SubExp::Const(first) = fixed[0] else {
                    return Simplified::Keep;
                };
                let Some(row) = first
                    .as_i64()
                    .and_then(|i| usize::try_from(i).ok())
                    .and_then(|i| elements.get(i).copied())
                else {
                    return Simplified::Keep;
                };
                if !self.readable(row) {
                    return Simplified::Keep;
                }
                if fixed.len() == 1 {
                    return Simplified::To(vec![row]);
                }
                let SubExp::Var(row) = row else {
                    return Simplified::Keep;
                };
                let (mut stms, depth) = self.checked(known, &shape, &fixed, &stm.loc);
                let rest = fixed[1..].iter().map(|&i| DimIndex::Fix(i)).collect();
                stms.push(self.proven_stm(
                    stm,
                    Exp::Index {
                        array: row,
                        slice: rest,
                    },
                    depth,
                ));
                Simplified::Stms(stms)
            }
            Exp::Iota {
                start, step, ty, ..
            } => {
                let (mut stms, _) = self.checked(known, &shape, &fixed, &stm.loc);
                let mut i = fixed[0];
                if ty != PrimType::I64 {
                    let (converted, s) = self.new_stm("i", Exp::Convert(ty, i), &stm.loc);
                    stms.push(s);
                    i = converted;
                }
                let (scaled, s) =
                    self.new_stm("iota_elem", Exp::BinOp(BinOp::Mul, i, step), &stm.loc);
                stms.push(s);
                stms.push(Self::same_pattern(
                    stm,
                    Exp::BinOp(BinOp::Add, start, scaled),
                ));
                Simplified::Stms(stms)
            }
            Exp::Replicate {
                shape: outer,
                value,
            } => {
                if !self.readable(value) && !self.computed_from_index(value) {
                    return Simplified::Keep;
                }
                let (mut stms, depth) = self.checked(known, &shape, &fixed, &stm.loc);
                let k = fixed.len().min(outer.len());
                if fixed.len() < outer.len() {
                    stms.push(Self::same_pattern(
                        stm,
                        Exp::Replicate {
                            shape: outer[k..].to_vec(),
                            value,
                        },
                    ));
                } else if fixed.len() == outer.len() {
                    stms.extend(stm.pat.iter().map(|pe| Stm {
                        pat: vec![pe.clone()],
                        exp: Exp::SubExp(value),
                        loc: stm.loc.clone(),
                        attrs: stm.attrs.clone(),
                    }));
                } else {
                    let SubExp::Var(value) = value else {
                        return Simplified::Keep;
                    };
                    let rest = fixed[k..].iter().map(|&i| DimIndex::Fix(i)).collect();
                    stms.push(self.proven_stm(
                        stm,
                        Exp::Index {
                            array: value,
                            slice: rest,
                        },
                        depth,
                    ));
                }
                Simplified::Stms(stms)
            }
            Exp::Rearrange { perm, array: x } if whole => {
                let (mut stms, depth) = self.checked(known, &shape, &fixed, &stm.loc);
                // Dimension `k` of the rearrangement is `perm[k]` of `x`.
                let mut indices = vec![DimIndex::Fix(SubExp::i64(0)); fixed.len()];
                for (&p, &i) in perm.iter().zip(&fixed) {
                    indices[p] = DimIndex::Fix(i);
                }
                stms.push(self.proven_stm(
                    stm,
                    Exp::Index {
                        array: x,
                        slice: indices,
                    },
                    depth,
                ));
                Simplified::Stms(stms)
            }
            Exp::Reshape { array: x, .. } if whole && self.indexes_away(x) => {
                self.index_reshape(stm, known, &shape, &fixed, x)
            }
            Exp::Concat { arrays, .. }
                if arrays.len() > 1 && arrays.iter().all(|&a| self.readable(SubExp::Var(a))) =>
            {
                let (mut stms, _) = self.checked(known, &shape, &fixed, &stm.loc);
                let row = ty.sliced(slice);
                let body = self.concat_branches(&arrays, fixed[0], &fixed[1..], &row, &stm.loc);
                stms.extend(body.stms);
                stms.extend(stm.pat.iter().zip(body.result).map(|(pe, se)| Stm {
                    pat: vec![pe.clone()],
                    exp: Exp::SubExp(se),
                    loc: stm.loc.clone(),
                    attrs: stm.attrs.clone(),
                }));
                Simplified::Stms(stms)
            }
            _ => Simplified::Keep,
        }
    }

    /// A row of a map's result that nothing else uses, read by a loop at
    /// its counter, or an element inside a row read once for each time
    /// the map runs (in the body computing the map, `fixed` going past
    /// the row): the map's lambda on that row of its inputs (indexed
    /// further at the rest of `fixed`), where the lambda is a few scalar
    /// operations or concatenations that cannot fail and reads nothing
    /// consumed. The map then goes, so nothing is computed twice, and a
    /// loop reads the inputs as the map went. A map of scalars read at a
    /// few rows outside loops stays, as upstream keeps it, for fusion
    /// with its neighbours.
    fn index_map(&mut self, stm: &Stm<R>, array: Var, fixed: &[SubExp]) -> Option<Simplified<R>> {
        let (&row, rest) = fixed.split_first()?;
        let map = self.maps.get(&array)?;
        let by_counter = row
            .as_var()
            .is_some_and(|i| self.facts.counters.contains_key(&i));
        if !by_counter && (rest.is_empty() || map.depth != self.depth) {
            return None;
        }
        let (lambda, arrays) = (&map.lambda, &map.arrays);
        let cheap = lambda.body.stms.len() <= MAX_INLINED_MAP
            && lambda.body.stms.iter().all(|s| {
                matches!(
                    s.exp,
                    Exp::SubExp(_)
                        | Exp::BinOp(..)
                        | Exp::UnOp(..)
                        | Exp::Cmp(..)
                        | Exp::Convert(..)
                        | Exp::PrimFn(..)
                        | Exp::Concat { .. }
                ) && !can_fail_unless(&*self.types, &s.exp, &|_| false)
            });
        let readable = free_in_body(&lambda.body)
            .into_iter()
            .chain(arrays.iter().copied())
            .all(|v| self.readable(SubExp::Var(v)));
        let indexable = rest.is_empty() || lambda.body.result.first()?.as_var().is_some();
        if !cheap || !readable || !indexable || lambda.body.result.len() != 1 {
            return None;
        }
        let (lambda, arrays) = (lambda.clone(), arrays.clone());
        let shape = self.types.get(array)?.shape().to_vec();
        let known = stm
            .pat
            .first()
            .and_then(|p| self.proven.get(&p.var))
            .copied();
        let (mut stms, depth) = self.checked(known, &shape, fixed, &stm.loc);
        // Fresh names for the parameters, bound to the row's elements
        // (in bounds: the inputs have the map's rows), and for what the
        // lambda binds.
        let mut renaming: FxHashMap<Var, SubExp> = FxHashMap::default();
        for (param, &input) in lambda.params.iter().zip(&arrays) {
            let hint = self.names[param.var.0 as usize].clone();
            let index = Exp::Index {
                array: input,
                slice: vec![DimIndex::Fix(row)],
            };
            let (element, s) = self.new_stm(&hint, index, &stm.loc);
            self.prove(&s, depth);
            stms.push(s);
            renaming.insert(param.var, element);
        }
        for inner in &lambda.body.stms {
            for pe in &inner.pat {
                let hint = self.names[pe.var.0 as usize].clone();
                let var = self.fresh(&hint, pe.ty.clone());
                renaming.insert(pe.var, SubExp::Var(var));
            }
        }
        let mut body = lambda.body;
        Renamer::new(&renaming).body(&mut body);
        stms.extend(body.stms);
        let value = body.result[0];
        let exp = match value {
            SubExp::Var(row_array) if !rest.is_empty() => Exp::Index {
                array: row_array,
                slice: rest.iter().map(|&i| DimIndex::Fix(i)).collect(),
            },
            _ => Exp::SubExp(value),
        };
        stms.push(self.proven_stm(stm, exp, depth));
        Some(Simplified::Stms(stms))
    }

    /// The bounds check of an index (unless `known` already proves it)
    /// and the depth of the facts that make what follows it in bounds.
    fn checked(
        &mut self,
        known: Option<usize>,
        shape: &[SubExp],
        fixed: &[SubExp],
        loc: &Option<Loc>,
    ) -> (Vec<Stm<R>>, usize) {
        match known {
            Some(depth) => (Vec::new(), depth),
            None => self.bounds_check(shape, fixed, loc),
        }
    }

    /// Whether indexing `se` reads nothing but computes the element (of
    /// an `iota`).
    fn computed_from_index(&self, se: SubExp) -> bool {
        se.as_var()
            .is_some_and(|v| matches!(self.defs.get(&v), Some(Exp::Iota { .. })))
    }

    /// Whether indexing `x` is simplified further (so that indexing a
    /// reshape of it is worth rewriting into index arithmetic).
    fn indexes_away(&self, x: Var) -> bool {
        matches!(
            self.defs.get(&x),
            Some(Exp::Iota { .. } | Exp::Replicate { .. } | Exp::Reshape { .. })
        )
    }

    /// Indexing a reshape of `x` at `fixed` (every dimension): the same
    /// element of `x`, found by the row-major offset.
    fn index_reshape(
        &mut self,
        stm: &Stm<R>,
        known: Option<usize>,
        shape: &[SubExp],
        fixed: &[SubExp],
        x: Var,
    ) -> Simplified<R> {
        let Some(old) = self.types.get(x).map(|t| t.shape().to_vec()) else {
            return Simplified::Keep;
        };
        let loc = &stm.loc;
        let (mut stms, depth) = self.checked(known, shape, fixed, loc);
        let mut offset = fixed[0];
        for (&i, &dim) in fixed.iter().zip(shape).skip(1) {
            let (scaled, s) = self.new_stm("offset", Exp::BinOp(BinOp::Mul, offset, dim), loc);
            stms.push(s);
            let (sum, s) = self.new_stm("offset", Exp::BinOp(BinOp::Add, scaled, i), loc);
            stms.push(s);
            offset = sum;
        }
        // The divisions cannot fail: the offset is in bounds, so no
        // dimension is zero.
        let mut indices = vec![SubExp::i64(0); old.len()];
        for k in (1..old.len()).rev() {
            let (index, s) = self.new_stm("index", Exp::BinOp(BinOp::Mod, offset, old[k]), loc);
            self.prove(&s, depth);
            stms.push(s);
            let (rest, s) = self.new_stm("offset", Exp::BinOp(BinOp::Div, offset, old[k]), loc);
            self.prove(&s, depth);
            stms.push(s);
            indices[k] = index;
            offset = rest;
        }
        indices[0] = offset;
        let slice = indices.into_iter().map(DimIndex::Fix).collect();
        stms.push(self.proven_stm(stm, Exp::Index { array: x, slice }, depth));
        Simplified::Stms(stms)
    }

    /// A body choosing, by `i`, the row of the concatenation of `arrays`
    /// it indexes (the index known to be in bounds), and indexing it
    /// further at `rest`.
    fn concat_branches(
        &mut self,
        arrays: &[Var],
        i: SubExp,
        rest: &[SubExp],
        row: &Type,
        loc: &Option<Loc>,
    ) -> Body<R> {
        let depth = self.depth + 1;
        let index_of = |this: &mut Self, array: Var, i: SubExp| {
            let mut slice = vec![DimIndex::Fix(i)];
            slice.extend(rest.iter().map(|&j| DimIndex::Fix(j)));
            let (value, s) = this.new_stm("elem", Exp::Index { array, slice }, loc);
            this.prove(&s, depth);
            (value, s)
        };
        let (first, others) = arrays.split_first().expect("a concatenation of arrays");
        if others.is_empty() {
            let (value, s) = index_of(self, *first, i);
            return Body {
                stms: vec![s],
                result: vec![value],
            };
        }
        let n = self
            .types
            .get(*first)
            .map(|t| t.shape()[0])
            .expect("an array operand");
        let (then_value, then_stm) = index_of(self, *first, i);
        let (past, past_stm) = self.new_stm("i", Exp::BinOp(BinOp::Sub, i, n), loc);
        let mut else_body = self.concat_branches(others, past, rest, row, loc);
        else_body.stms.insert(0, past_stm);
        let (inside, condition_stm) = self.new_stm("in_first", Exp::Cmp(CmpOp::Lt, i, n), loc);
        let var = self.fresh("concat_elem", row.clone());
        Body {
            stms: vec![
                condition_stm,
                Stm {
                    pat: vec![PatElem::new(var, row.clone())],
                    exp: Exp::If {
                        condition: inside,
                        then_body: Body {
                            stms: vec![then_stm],
                            result: vec![then_value],
                        },
                        else_body,
                        ret: vec![row.ext()],
                    },
                    loc: loc.clone(),
                    attrs: Attrs::default(),
                },
            ],
            result: vec![SubExp::Var(var)],
        }
    }

    pub(super) fn reshape(&mut self, stm: &Stm<R>, shape: &[SubExp], array: Var) -> Simplified<R> {
        let same = self.types.get(array).is_some_and(|t| {
            t.shape()
                .iter()
                .map(|&d| self.lookup(d))
                .eq(shape.iter().copied())
        });
        if same {
            return Simplified::To(vec![SubExp::Var(array)]);
        }
        match self.defs.get(&array) {
            Some(&Exp::Reshape { array: inner, .. }) => Simplified::Stms(vec![Self::same_pattern(
                stm,
                Exp::Reshape {
                    shape: shape.to_vec(),
                    array: inner,
                },
            )]),
            _ => Simplified::Keep,
        }
    }

    /// The depth of the facts proving that reshaping `array` to `shape`
    /// cannot fail: the sizes are not negative and multiply to the same
    /// product (factor by factor, through multiplications and equal
    /// sizes).
    pub(super) fn reshape_proof(&self, shape: &[SubExp], array: Var) -> Option<usize> {
        let old = self.types.get(array)?.shape().to_vec();
        let (new_const, mut new_factors, new_depth) = self.factors(shape)?;
        let (old_const, mut old_factors, old_depth) = self.factors(&old)?;
        for &(f, _) in &new_factors {
            self.nonnegative(f)?;
        }
        let depth = new_factors
            .iter()
            .map(|&(f, d)| d.max(self.nonnegative(f).unwrap_or(0)))
            .fold(new_depth.max(old_depth), usize::max);
        new_factors.sort_by_key(|&(f, _)| format!("{f:?}"));
        old_factors.sort_by_key(|&(f, _)| format!("{f:?}"));
        let same = new_const == old_const
            && new_factors.len() == old_factors.len()
            && new_factors
                .iter()
                .zip(&old_factors)
                .all(|(a, b)| a.0 == b.0);
        same.then_some(depth)
    }

    /// The product of sizes as a constant and the representatives of its
    /// other factors (each with the depth of the facts equating it), and
    /// the depth of the facts used.
    #[allow(clippy::type_complexity)]
    fn factors(&self, dims: &[SubExp]) -> Option<(i128, Vec<(SubExp, usize)>, usize)> {
        let mut constant: i128 = 1;
        let mut factors = Vec::new();
        let mut depth = 0;
        let mut pending: Vec<SubExp> = dims.to_vec();
        // Facts may equate a size with a product containing it (`k` and
        // `2 * k`, which hold together only where `k` is 0), which would
        // expand for ever: past a bound on the products expanded there is
        // no answer.
        let mut expansions = 0;
        while let Some(d) = pending.pop() {
            let (d, d_depth) = self.size_class(d);
            depth = depth.max(d_depth);
            match d {
                SubExp::Const(c) => constant = constant.checked_mul(c.as_i64()?.into())?,
                SubExp::Var(v) => match self.defs.get(&v) {
                    Some(&Exp::BinOp(BinOp::Mul, a, b))
                        if self.type_of(a) == Some(Type::i64())
                            && self.nonnegative(a).is_some()
                            && self.nonnegative(b).is_some() =>
                    {
                        expansions += 1;
                        if expansions > MAX_FACTOR_EXPANSIONS {
                            return None;
                        }
                        pending.push(a);
                        pending.push(b);
                    }
                    _ => factors.push((d, d_depth)),
                },
            }
        }
        Some((constant, factors, depth))
    }

    pub(super) fn replicate(
        &mut self,
        stm: &Stm<R>,
        shape: &[SubExp],
        value: SubExp,
    ) -> Simplified<R> {
        let SubExp::Var(v) = value else {
            return Simplified::Keep;
        };
        match self.defs.get(&v) {
            Some(&Exp::Replicate {
                shape: ref inner,
                value: element,
            }) if self.readable(element) => {
                let mut whole = shape.to_vec();
                whole.extend(inner.iter().copied());
                Simplified::Stms(vec![Self::same_pattern(
                    stm,
                    Exp::Replicate {
                        shape: whole,
                        value: element,
                    },
                )])
            }
            _ => Simplified::Keep,
        }
    }

    /// Writing a one-element slice with a `replicate` of one element is
    /// writing the element (after the bounds check of the slice).
    pub(super) fn update(
        &mut self,
        stm: &Stm<R>,
        array: Var,
        slice: &[DimIndex],
        value: SubExp,
    ) -> Simplified<R> {
        // Writing back what was read from the same place changes nothing.
        if let Some(Exp::Index {
            array: read,
            slice: read_slice,
        }) = value.as_var().and_then(|v| self.defs.get(&v))
            && *read == array
            && read_slice == slice
        {
            return Simplified::To(vec![SubExp::Var(array)]);
        }
        let Some(&Exp::Replicate {
            shape: ref written,
            value: element,
        }) = value.as_var().and_then(|v| self.defs.get(&v))
        else {
            return Simplified::Keep;
        };
        let Some(shape) = self.types.get(array).map(|t| t.shape().to_vec()) else {
            return Simplified::Keep;
        };
        let Some((DimIndex::Slice { start, len, stride }, fixed)) = slice.split_last() else {
            return Simplified::Keep;
        };
        let fixed: Option<Vec<SubExp>> = fixed
            .iter()
            .map(|i| match *i {
                DimIndex::Fix(i) => Some(i),
                DimIndex::Slice { .. } => None,
            })
            .collect();
        let one_element = *len == SubExp::i64(1)
            && written.as_slice() == [SubExp::i64(1)]
            && slice.len() == shape.len()
            && matches!(*stride, SubExp::Const(s) if !is_zero(SubExp::Const(s)));
        let (Some(fixed), true) = (fixed, one_element) else {
            return Simplified::Keep;
        };
        if self.type_of(element).is_none_or(|t| t.rank() > 0) {
            return Simplified::Keep;
        }
        let (start, stride) = (*start, *stride);
        let (end, end_stm) = self.new_stm("end", Exp::BinOp(BinOp::Add, start, stride), &stm.loc);
        let mut shown: Vec<Vec<ErrorPart>> =
            fixed.iter().map(|&i| vec![ErrorPart::Value(i)]).collect();
        let mut last = vec![
            ErrorPart::Value(start),
            ErrorPart::Text(":".into()),
            ErrorPart::Value(end),
        ];
        if stride != SubExp::i64(1) {
            last.extend([ErrorPart::Text(":".into()), ErrorPart::Value(stride)]);
        }
        shown.push(last);
        let mut indices = fixed;
        indices.push(start);
        let (checks, _) = self.bounds_check_shown(&shape, &indices, shown, &stm.loc);
        let mut stms = Vec::new();
        if !checks.is_empty() {
            stms.push(end_stm);
            stms.extend(checks);
        }
        stms.push(Self::same_pattern(
            stm,
            Exp::Update {
                array,
                slice: indices.into_iter().map(DimIndex::Fix).collect(),
                value: element,
            },
        ));
        Simplified::Stms(stms)
    }

    pub(super) fn rearrange(&mut self, stm: &Stm<R>, perm: &[usize], array: Var) -> Simplified<R> {
        if perm.iter().enumerate().all(|(i, &p)| i == p) {
            return Simplified::To(vec![SubExp::Var(array)]);
        }
        match self.defs.get(&array).cloned() {
            Some(Exp::Rearrange {
                perm: inner,
                array: x,
            }) => Simplified::Stms(vec![Self::same_pattern(
                stm,
                Exp::Rearrange {
                    perm: perm.iter().map(|&p| inner[p]).collect(),
                    array: x,
                },
            )]),
            Some(Exp::Replicate { shape, value })
                if self.type_of(value).is_some_and(|t| t.rank() == 0) =>
            {
                Simplified::Stms(vec![Self::same_pattern(
                    stm,
                    Exp::Replicate {
                        shape: perm.iter().map(|&p| shape[p]).collect(),
                        value,
                    },
                )])
            }
            _ => Simplified::Keep,
        }
    }

    /// What a concatenated array is made of, for merging.
    fn part(&self, array: Var) -> Part {
        match self.defs.get(&array) {
            Some(Exp::ArrayLit { elements, row }) if elements.iter().all(|&e| self.readable(e)) => {
                Part::Literal(elements.clone(), row.clone())
            }
            Some(&Exp::Replicate { ref shape, value })
                if shape.len() == 1 && self.type_of(value).is_some_and(|t| t.rank() == 0) =>
            {
                Part::Replicate(vec![shape[0]], value)
            }
            _ => Part::Array(array),
        }
    }

    pub(super) fn concat(&mut self, stm: &Stm<R>, arrays: &[Var], width: SubExp) -> Simplified<R> {
        let mut flat = Vec::with_capacity(arrays.len());
        for &array in arrays {
            match self.defs.get(&array) {
                Some(Exp::Concat { arrays: inner, .. })
                    if inner.iter().all(|&a| self.readable(SubExp::Var(a))) =>
                {
                    flat.extend(inner.iter().copied())
                }
                _ => flat.push(array),
            }
        }
        flat.retain(|&a| {
            self.types
                .get(a)
                .is_none_or(|t| t.shape()[0] != SubExp::i64(0))
        });
        if flat.is_empty() {
            return Simplified::Keep;
        }
        let mut parts: Vec<Part> = Vec::new();
        let mut merged = false;
        for part in flat.iter().map(|&a| self.part(a)) {
            match (parts.last_mut(), part) {
                (Some(Part::Literal(elements, row)), Part::Literal(more, more_row))
                    if *row == more_row =>
                {
                    elements.extend(more);
                    merged = true;
                }
                (Some(Part::Replicate(counts, value)), Part::Replicate(more, more_value))
                    if *value == more_value =>
                {
                    counts.extend(more);
                    merged = true;
                }
                (_, part) => parts.push(part),
            }
        }
        if let [part] = parts.as_slice() {
            let exp = match part {
                Part::Literal(elements, row) if SubExp::i64(elements.len() as i64) == width => {
                    Some(Exp::ArrayLit {
                        elements: elements.clone(),
                        row: row.clone(),
                    })
                }
                Part::Replicate(_, value) => Some(Exp::Replicate {
                    shape: vec![width],
                    value: *value,
                }),
                Part::Array(a) if self.types.get(*a).map(|t| t.shape()[0]) == Some(width) => {
                    Some(Exp::Copy(*a))
                }
                _ => None,
            };
            if let Some(exp) = exp {
                return Simplified::Stms(vec![Self::same_pattern(stm, exp)]);
            }
        }
        if !merged {
            if flat == arrays {
                return Simplified::Keep;
            }
            return Simplified::Stms(vec![Self::same_pattern(
                stm,
                Exp::Concat {
                    arrays: flat,
                    width,
                },
            )]);
        }
        let mut stms = Vec::new();
        let mut vars = Vec::with_capacity(parts.len());
        for part in parts {
            let exp = match part {
                Part::Array(a) => {
                    vars.push(a);
                    continue;
                }
                Part::Literal(elements, row) => Exp::ArrayLit { elements, row },
                Part::Replicate(counts, value) => {
                    let mut total = counts[0];
                    for &count in &counts[1..] {
                        let (sum, s) =
                            self.new_stm("count", Exp::BinOp(BinOp::Add, total, count), &stm.loc);
                        stms.push(s);
                        total = sum;
                    }
                    Exp::Replicate {
                        shape: vec![total],
                        value,
                    }
                }
            };
            let (v, s) = self.new_stm("concat_part", exp, &stm.loc);
            stms.push(s);
            vars.push(v.as_var().expect("a bound variable"));
        }
        stms.push(Self::same_pattern(
            stm,
            Exp::Concat {
                arrays: vars,
                width,
            },
        ));
        Simplified::Stms(stms)
    }

    pub(super) fn array_lit(
        &mut self,
        stm: &Stm<R>,
        elements: &[SubExp],
        row: &Type,
    ) -> Simplified<R> {
        if let [first, rest @ ..] = elements
            && !rest.is_empty()
            && rest.iter().all(|e| e == first)
            && self.readable(*first)
        {
            return Simplified::Stms(vec![Self::same_pattern(
                stm,
                Exp::Replicate {
                    shape: vec![SubExp::i64(elements.len() as i64)],
                    value: *first,
                },
            )]);
        }
        if row.rank() == 0 || elements.is_empty() {
            return Simplified::Keep;
        }
        let Some(scalars) = elements
            .iter()
            .map(|&e| self.literal_scalars(e))
            .collect::<Option<Vec<Vec<SubExp>>>>()
        else {
            return Simplified::Keep;
        };
        let scalars: Vec<SubExp> = scalars.into_iter().flatten().collect();
        let element = row.element();
        let (flat, s) = self.new_stm(
            "flat_lit",
            Exp::ArrayLit {
                elements: scalars,
                row: Type::Prim(element),
            },
            &stm.loc,
        );
        let mut shape = vec![SubExp::i64(elements.len() as i64)];
        shape.extend(row.shape().iter().copied());
        Simplified::Stms(vec![
            s,
            Self::same_pattern(
                stm,
                Exp::Reshape {
                    shape,
                    array: flat.as_var().expect("a bound variable"),
                },
            ),
        ])
    }

    /// The scalars, in row-major order, of an array made by a literal of
    /// scalars (perhaps reshaped).
    fn literal_scalars(&self, se: SubExp) -> Option<Vec<SubExp>> {
        let v = se.as_var()?;
        match self.defs.get(&v)? {
            Exp::ArrayLit { elements, row } if row.rank() == 0 => Some(elements.clone()),
            &Exp::Reshape { array, .. } => match self.defs.get(&array)? {
                Exp::ArrayLit { elements, row } if row.rank() == 0 => Some(elements.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// An `if` whose branches give the same operand for some result: that
    /// result is the operand, and the `if` no longer returns it; one
    /// whose branches give for two results what they give for another
    /// earlier: the same as that one.
    pub(super) fn branch_results(&mut self, stm: &Stm<R>) -> Simplified<R> {
        let Exp::If {
            condition,
            then_body,
            else_body,
            ret,
        } = &stm.exp
        else {
            return Simplified::Keep;
        };
        if stm.pat.len() != ret.len() {
            return Simplified::Keep;
        }
        let pair = |i: usize| (then_body.result[i], else_body.result[i]);
        let kinds: Vec<BranchResult> = (0..ret.len())
            .map(|i| {
                let (t, e) = pair(i);
                if t == e {
                    BranchResult::Same(t)
                } else {
                    match (0..i).find(|&k| pair(k) == (t, e)) {
                        Some(k) => BranchResult::Duplicate(k),
                        None => BranchResult::Kept,
                    }
                }
            })
            .collect();
        if kinds.iter().all(|k| matches!(k, BranchResult::Kept)) {
            return Simplified::Keep;
        }
        let mut kept_ret = Vec::new();
        let mut pat = Vec::new();
        let mut then_result = Vec::new();
        let mut else_result = Vec::new();
        // Where each kept result moves.
        let mut renumbered = vec![0; ret.len()];
        for (i, kind) in kinds.iter().enumerate() {
            if let BranchResult::Kept = kind {
                renumbered[i] = kept_ret.len();
                kept_ret.push(ret[i].clone());
                pat.push(stm.pat[i].clone());
                then_result.push(then_body.result[i]);
                else_result.push(else_body.result[i]);
            }
        }
        // The kept pattern's types name the first of duplicate results,
        // which the branch still binds.
        let duplicate_of: FxHashMap<Var, SubExp> = kinds
            .iter()
            .enumerate()
            .filter_map(|(i, kind)| match *kind {
                BranchResult::Duplicate(k) => Some((stm.pat[i].var, SubExp::Var(stm.pat[k].var))),
                _ => None,
            })
            .collect();
        for pe in &mut pat {
            map_type(&mut pe.ty, &mut |d| {
                if let SubExp::Var(v) = d
                    && let Some(&first) = duplicate_of.get(v)
                {
                    *d = first;
                }
            });
        }
        for ty in &mut kept_ret {
            *ty = ty.map_dims(|&d| match d {
                ExtDim::Ext(i) => match kinds[i] {
                    BranchResult::Same(value) => ExtDim::Free(value),
                    BranchResult::Duplicate(k) => ExtDim::Ext(renumbered[k]),
                    BranchResult::Kept => ExtDim::Ext(renumbered[i]),
                },
                free => free,
            });
        }
        let bind = |i: usize, value: SubExp| Stm {
            pat: vec![stm.pat[i].clone()],
            exp: Exp::SubExp(value),
            loc: stm.loc.clone(),
            attrs: stm.attrs.clone(),
        };
        // The sizes the branch no longer returns are bound first, so that
        // the pattern's types may name them.
        let mut stms: Vec<Stm<R>> = Vec::new();
        let mut duplicates = Vec::new();
        for (i, kind) in kinds.iter().enumerate() {
            match *kind {
                BranchResult::Same(value) => stms.push(bind(i, value)),
                BranchResult::Duplicate(k) => duplicates.push(bind(i, SubExp::Var(stm.pat[k].var))),
                BranchResult::Kept => {}
            }
        }
        let no_results = kept_ret.is_empty();
        let branch = Stm {
            pat,
            exp: Exp::If {
                condition: *condition,
                then_body: Body {
                    stms: then_body.stms.clone(),
                    result: then_result,
                },
                else_body: Body {
                    stms: else_body.stms.clone(),
                    result: else_result,
                },
                ret: kept_ret,
            },
            loc: stm.loc.clone(),
            attrs: stm.attrs.clone(),
        };
        if !no_results || self.fails(&branch) {
            stms.push(branch);
        }
        stms.extend(duplicates);
        Simplified::Stms(stms)
    }
}

/// What becomes of a result of a branch.
enum BranchResult {
    /// Both branches give this operand.
    Same(SubExp),
    /// The branches give what they give for this earlier result.
    Duplicate(usize),
    Kept,
}
