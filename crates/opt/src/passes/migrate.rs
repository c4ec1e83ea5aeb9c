//! Migration of sequential loops over arrays to the device, for the
//! OpenCL back end ([`super::Pipeline::DeviceMem`]).
//!
//! An OpenCL program runs the code outside segmented operations on the
//! host, with its arrays in device memory: every element the host reads
//! or writes is a transfer it waits for. A loop at host level that runs no
//! segmented operation and reads or writes single elements becomes a
//! `SegMap` of one point (a kernel of one work-item) whose body is the
//! loop and whose results are the loop's, as arrays of one row; the loop's
//! results are then read from row 0 (scalars are one transfer each, arrays
//! are views). Results and failures are the loop's.
//!
//! Loops that call functions stay on the host (a called function may be
//! recursive, which a kernel cannot run), as do loops with a result whose
//! size the loop itself computes (a `SegMap`'s results are allocated
//! before it runs). Loops running segmented operations stay on the host,
//! and the loops inside them are considered in turn, as are both branches
//! of a host-level `if`.

use crate::ir::analysis::{Types, fresh_var};
use crate::ir::segop::{SegOp, SegResult, SegSpace};
use crate::ir::traverse::for_each_stm;
use crate::ir::{Body, DimIndex, Exp, Mc, PatElem, Program, Stm, SubExp, Type};
use prim::PrimValue;

/// The program with its sequential host loops over arrays on the device.
pub fn migrate(program: &mut Program<Mc>) {
    let mut types = Types::of_program(program);
    let mut names = std::mem::take(&mut program.var_names);
    for function in &mut program.functions {
        host_body(&mut function.body, &mut names, &mut types);
    }
    program.var_names = names;
}

fn host_body(body: &mut Body<Mc>, names: &mut Vec<String>, types: &mut Types) {
    for stm in std::mem::take(&mut body.stms) {
        if movable(&stm, types) {
            body.stms.extend(on_device(stm, names, types));
            continue;
        }
        let mut stm = stm;
        match &mut stm.exp {
            Exp::Loop { body: inner, .. } => host_body(inner, names, types),
            Exp::If {
                then_body,
                else_body,
                ..
            } => {
                host_body(then_body, names, types);
                host_body(else_body, names, types);
            }
            _ => {}
        }
        body.stms.push(stm);
    }
}

/// Whether a statement is a loop to run on the device.
fn movable(stm: &Stm<Mc>, types: &Types) -> bool {
    let Exp::Loop { body, .. } = &stm.exp else {
        return false;
    };
    let results_sized_outside = stm.pat.iter().all(|elem| {
        elem.ty.shape().iter().all(|dim| match dim {
            SubExp::Const(_) => true,
            SubExp::Var(var) => stm.pat.iter().all(|other| other.var != *var),
        })
    });
    let mut parallel_or_calls = false;
    let mut element_accesses = false;
    for_each_stm(body, &mut |inner| match &inner.exp {
        Exp::Op(_) | Exp::Call { .. } => parallel_or_calls = true,
        Exp::Index { .. } if inner.pat.iter().all(|p| matches!(p.ty, Type::Prim(_))) => {
            element_accesses = true
        }
        Exp::Update { array, slice, .. }
            if types.get(*array).is_some_and(|t| t.rank() == slice.len())
                && slice.iter().all(|d| matches!(d, DimIndex::Fix(_))) =>
        {
            element_accesses = true
        }
        _ => {}
    });
    results_sized_outside && element_accesses && !parallel_or_calls
}

/// The loop as a `SegMap` of one point and the reads of its results.
fn on_device(stm: Stm<Mc>, names: &mut Vec<String>, types: &mut Types) -> Vec<Stm<Mc>> {
    let Stm {
        pat,
        exp,
        loc,
        attrs,
    } = stm;
    let one = SubExp::Const(PrimValue::I64(1));
    let mut fresh = |elem: &PatElem, ty: Type| {
        let hint = names[elem.var.0 as usize].clone();
        PatElem {
            var: fresh_var(names, types, &hint, ty.clone()),
            ty,
            mem: None,
        }
    };
    // Inside, the loop binds fresh variables; the reads bind its own.
    let inner: Vec<PatElem> = pat.iter().map(|e| fresh(e, e.ty.clone())).collect();
    let rows: Vec<PatElem> = pat.iter().map(|e| fresh(e, e.ty.array_of(one))).collect();
    let point = fresh_var(names, types, "device", Type::i64());
    let reads: Vec<Stm<Mc>> = pat
        .iter()
        .zip(&rows)
        .map(|(elem, row)| Stm {
            pat: vec![elem.clone()],
            exp: Exp::Index {
                array: row.var,
                slice: vec![DimIndex::Fix(SubExp::Const(PrimValue::I64(0)))],
            },
            loc: loc.clone(),
            attrs: attrs.clone(),
        })
        .collect();
    let map = Stm {
        exp: Exp::Op(SegOp::Map {
            space: SegSpace {
                dims: vec![(point, one)],
            },
            results: pat
                .iter()
                .map(|e| SegResult::Returns(e.ty.clone()))
                .collect(),
            body: Body {
                result: inner.iter().map(|e| SubExp::Var(e.var)).collect(),
                stms: vec![Stm {
                    pat: inner,
                    exp,
                    loc: loc.clone(),
                    attrs: attrs.clone(),
                }],
            },
        }),
        pat: rows,
        loc,
        attrs,
    };
    std::iter::once(map).chain(reads).collect()
}
