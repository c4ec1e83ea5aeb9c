//! The scan–map interchange (the paper's ISWIM), which lets a scan whose
//! operator maps over rows fuse with the map nest producing them:
//!
//! ```text
//! scan (\xs ys -> map2 op xs ys) nes xss            -- xss: [n][k]t
//!   = transpose (map2 (\ne col -> scan op ne col) nes (transpose xss))
//! ```
//!
//! The map over the columns reads `xss` transposed, which fusion then
//! pulls into `xss`'s producer ([`super::nest`]) so that the two maps
//! fuse, and each column's scan takes in the producer's inner map.
//!
//! Interchanging moves no computation: each column's scan applies the
//! operator's map lambda to the same elements in the same order, so
//! programs compute the same values and can fail only as before. It is
//! done only where the scan's inputs all come from one map nest that can
//! produce them transposed, and nothing else reads them, since on its
//! own it only adds two transpositions.

use super::Fuser;
use super::deps::Deps;
use super::nest::{Nest, nested_map, swappable};
use crate::ir::Attrs;
use crate::ir::{Body, Exp, Lambda, Param, PatElem, ScanOp, Soac, Stm, SubExp, Type, Var};

/// Interchanges scan `consumer` with the map over rows in its operator,
/// where map `producer` makes all its input arrays and can make them
/// transposed; whether it did.
pub(super) fn interchange_scan(
    f: &mut Fuser,
    body: &mut Body,
    deps: &Deps,
    producer: usize,
    consumer: usize,
) -> bool {
    let Some(stms) = interchanged(f, body, deps, producer, consumer) else {
        return false;
    };
    body.stms.splice(consumer..=consumer, stms);
    true
}

fn interchanged(
    f: &mut Fuser,
    body: &Body,
    deps: &Deps,
    producer: usize,
    consumer: usize,
) -> Option<Vec<Stm>> {
    let scan_stm = &body.stms[consumer];
    let Exp::Op(Soac::Screma {
        width,
        arrays,
        map,
        scans,
        reduces,
        post: None,
    }) = &scan_stm.exp
    else {
        return None;
    };
    let [ScanOp { lambda, neutral }] = &scans[..] else {
        return None;
    };
    if !reduces.is_empty() || !map.is_identity() {
        return None;
    }
    let (columns, operator) = nested_map(lambda)?;
    let neutral: Vec<Var> = neutral
        .iter()
        .map(|ne| ne.as_var())
        .collect::<Option<_>>()?;
    // The producer: a map nest at least two deep, all of whose results
    // the scan alone reads, each once, and which makes all its inputs.
    let Exp::Op(Soac::Screma {
        width: producer_width,
        map: producer_map,
        scans: producer_scans,
        reduces: producer_reduces,
        post: None,
        ..
    }) = &body.stms[producer].exp
    else {
        return None;
    };
    if !producer_scans.is_empty() || !producer_reduces.is_empty() || producer_width != width {
        return None;
    }
    let outputs: Vec<Var> = body.stms[producer].pat.iter().map(|pe| pe.var).collect();
    let only_scanned = outputs.iter().all(|&v| {
        deps.users(v).all(|user| user == Some(consumer))
            && arrays.iter().filter(|&&a| a == v).count() == 1
    });
    if !only_scanned || arrays.iter().any(|a| !outputs.contains(a)) {
        return None;
    }
    if swappable(producer_map).is_none() && Nest::of(f, *width, producer_map, 2).widths.len() < 2 {
        return None;
    }
    let transpose = |rank: usize| -> Vec<usize> {
        let mut perm = vec![1, 0];
        perm.extend(2..rank);
        perm
    };
    let loc = scan_stm.loc.clone();
    let stm = |pat: Vec<PatElem>, exp: Exp| Stm {
        pat,
        exp,
        loc: loc.clone(),
        attrs: Attrs::default(),
    };
    let mut stms = Vec::new();
    // The inputs, transposed.
    let mut transposed = Vec::new();
    for &array in arrays {
        let perm = transpose(f.types.get(array)?.rank());
        let (columns, var) = f.bind_one("columns", Exp::Rearrange { perm, array }, loc.clone())?;
        stms.push(columns);
        transposed.push(var);
    }
    // The map over the columns: each column's scan, from its neutral
    // element.
    let neutral_params: Vec<Param> = neutral
        .iter()
        .map(|&ne| Some(f.param(f.types.get(ne)?.row()?)))
        .collect::<Option<_>>()?;
    let column_params: Vec<Param> = transposed
        .iter()
        .map(|&t| Some(f.param(f.types.get(t)?.row()?)))
        .collect::<Option<_>>()?;
    let column_types: Vec<Type> = column_params.iter().map(|p| p.ty.clone()).collect();
    let scanned = f.fresh_pat("column_scan", &column_types);
    let scanned_vars: Vec<SubExp> = scanned.iter().map(|pe| SubExp::Var(pe.var)).collect();
    let identity = f.identity(
        &column_types
            .iter()
            .map(|t| t.row())
            .collect::<Option<Vec<_>>>()?,
    );
    let column_scan = stm(
        scanned,
        Exp::Op(Soac::Screma {
            width: *width,
            arrays: column_params.iter().map(|p| p.var).collect(),
            map: identity,
            scans: vec![ScanOp {
                lambda: operator,
                neutral: neutral_params.iter().map(|p| SubExp::Var(p.var)).collect(),
            }],
            reduces: Vec::new(),
            post: None,
        }),
    );
    let column_map = Lambda {
        params: neutral_params.into_iter().chain(column_params).collect(),
        body: Body {
            stms: vec![column_scan],
            result: scanned_vars,
        },
        ret: column_types.clone(),
    };
    let transposed_types: Vec<Type> = transposed
        .iter()
        .map(|&t| f.types.get(t))
        .collect::<Option<_>>()?;
    let results = f.fresh_pat("scanned_columns", &transposed_types);
    let result_vars: Vec<Var> = results.iter().map(|pe| pe.var).collect();
    stms.push(Stm {
        attrs: scan_stm.attrs.clone(),
        ..stm(
            results,
            Exp::Op(Soac::map(
                columns,
                neutral.into_iter().chain(transposed).collect(),
                column_map,
            )),
        )
    });
    // The scanned columns, transposed back, as the scan's results.
    for (pe, array) in scan_stm.pat.iter().zip(result_vars) {
        let perm = transpose(pe.ty.rank());
        stms.push(stm(vec![pe.clone()], Exp::Rearrange { perm, array }));
    }
    Some(stms)
}
