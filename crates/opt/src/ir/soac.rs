//! What the passes ask of a SOAC beyond its structure: how its lambdas'
//! results are laid out, and the plain forms that lowering makes (a
//! histogram or scatter whose map passes rows of its arrays on).

use super::{Lambda, ReduceOp, Rep, ScanOp, ScatterDest, Soac, SubExp, Var};

/// How many of a `screma` map's results go to its scans and reductions
/// (they come first; the mapped results follow).
pub fn accumulated_results<R: Rep>(scans: &[ScanOp<R>], reduces: &[ReduceOp<R>]) -> usize {
    scans.iter().map(|s| s.neutral.len()).sum::<usize>()
        + reduces.iter().map(|r| r.neutral.len()).sum::<usize>()
}

/// How many indices (and as many values) a scatter's map gives per row.
pub fn scatter_writes(dests: &[ScatterDest]) -> usize {
    dests.iter().map(|d| d.writes).sum()
}

/// Whether a scatter's writes include blocks (arrays of indices and of
/// values).
pub fn writes_blocks<R: Rep>(dests: &[ScatterDest], map: &Lambda<R>) -> bool {
    map.ret[..scatter_writes(dests)]
        .iter()
        .any(|t| t.rank() > 0)
}

impl<R: Rep> Soac<R> {
    /// The `screma` that only maps `map` over the rows of `arrays`.
    pub fn map(width: SubExp, arrays: Vec<Var>, map: Lambda<R>) -> Soac<R> {
        Soac::Screma {
            width,
            arrays,
            map,
            scans: Vec::new(),
            reduces: Vec::new(),
            post: None,
        }
    }

    /// The outer size of the arrays it goes over.
    pub fn width(&self) -> SubExp {
        match self {
            Soac::Screma { width, .. }
            | Soac::Hist { width, .. }
            | Soac::Scatter { width, .. }
            | Soac::Accumulate { width, .. }
            | Soac::Stream { width, .. } => *width,
        }
    }

    /// The arrays it goes over.
    pub fn arrays(&self) -> &[Var] {
        match self {
            Soac::Screma { arrays, .. }
            | Soac::Hist { arrays, .. }
            | Soac::Scatter { arrays, .. }
            | Soac::Accumulate { arrays, .. }
            | Soac::Stream { arrays, .. } => arrays,
        }
    }

    /// The arrays it goes over, mutably.
    pub fn arrays_mut(&mut self) -> &mut Vec<Var> {
        match self {
            Soac::Screma { arrays, .. }
            | Soac::Hist { arrays, .. }
            | Soac::Scatter { arrays, .. }
            | Soac::Accumulate { arrays, .. }
            | Soac::Stream { arrays, .. } => arrays,
        }
    }

    /// For a histogram or scatter whose map passes rows of its arrays on
    /// unchanged, one index array for every index the map gives, and the
    /// arrays of the values: the index array and the value arrays of
    /// `hist dests op ne is vs` and `scatter dests is vs` (whose writes
    /// are not blocks).
    pub fn plain_inputs(&self) -> Option<(Var, Vec<Var>)> {
        let (arrays, map, indices, values) = match self {
            Soac::Hist {
                arrays, ops, map, ..
            } => (arrays, map, ops.len(), map.ret.len() - ops.len()),
            Soac::Scatter {
                arrays, dests, map, ..
            } => {
                let writes = scatter_writes(dests);
                if writes_blocks(dests, map) {
                    return None;
                }
                (arrays, map, writes, writes)
            }
            _ => return None,
        };
        let rows = passed_rows(map, arrays)?;
        if rows.len() != indices + values {
            return None;
        }
        let (index_rows, values) = rows.split_at(indices);
        let (&first, rest) = index_rows.split_first()?;
        rest.iter()
            .all(|&i| i == first)
            .then(|| (first, values.to_vec()))
    }
}

/// Where each result of a lambda over rows of `arrays` is a parameter,
/// the array whose rows it passes on.
pub fn passed_rows<R: Rep>(lambda: &Lambda<R>, arrays: &[Var]) -> Option<Vec<Var>> {
    lambda
        .body
        .result
        .iter()
        .map(|&result| {
            let position = lambda
                .params
                .iter()
                .position(|p| SubExp::Var(p.var) == result)?;
            arrays.get(position).copied()
        })
        .collect()
}
