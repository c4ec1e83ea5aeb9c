//! Memory reuse at the memory levels (`SeqMem`, `McMem`): the result of
//! a pointwise operation (a `segmap` without in-place results) that has
//! a block of its own takes over the block of an array it reads
//! instead, when that array dies there: the operation reads it only at
//! each point's own element, which the point then overwrites with its
//! result, and nothing uses it (or its block) afterwards. The allocation
//! and its size disappear.
//!
//! It guarantees the same values and failures: no statement is added,
//! moved or changed but for where the result lives. The block taken over
//! is one the function owns: an allocation of its own or a consumed
//! parameter's block (which the caller gave up); the two arrays are laid
//! out alike (direct, of the same shape, with elements of the same
//! size), so each point's element is the same bytes in both; and the
//! block given up held the result only (its size is the result's), so
//! the block taken over is as large.

use super::coalesce::{Facts, mentions, remove_unused_size};
use crate::ir::traverse::Renamer;
use crate::ir::{
    Body, DimIndex, Exp, Function, MemOp, Operation, Program, Rep, SubExp, Var, trailing_blocks,
};
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;

/// Reuses dying blocks in every function of a program at a memory level.
pub fn reuse<R: Rep<Op = MemOp<I>>, I: Operation<R>>(program: &mut Program<R>) {
    let consumed = consumed_entry_params(program);
    for (index, function) in program.functions.iter_mut().enumerate() {
        let owned: BTreeSet<Var> = function
            .params
            .iter()
            .enumerate()
            .filter(|(k, p)| p.unique || consumed.contains(&(index, *k)))
            .filter_map(|(_, p)| p.mem.as_ref().map(|m| m.block))
            .collect();
        // Each success changes what the others may do: start over.
        while reuse_one(function, &owned) {}
    }
}

/// The parameters (function, position) that entry points consume: the
/// components of their unique parameters, whose blocks the entry
/// point's caller gives up (the C API copies an argument whose block
/// something else holds).
fn consumed_entry_params<R: Rep>(program: &Program<R>) -> BTreeSet<(usize, usize)> {
    let mut consumed = BTreeSet::new();
    for entry in &program.entry_points {
        let index = entry.func.0 as usize;
        let Some(function) = program.functions.get(index) else {
            continue;
        };
        let components: usize = entry.params.iter().map(|p| p.components()).sum();
        let blocks = trailing_blocks(function.params.iter().map(|p| &p.ty));
        let Some(first) = (function.params.len() - blocks).checked_sub(components) else {
            continue;
        };
        let mut position = first;
        for (param, &unique) in entry.params.iter().zip(&entry.api.params_unique) {
            for _ in 0..param.components() {
                if unique {
                    consumed.insert((index, position));
                }
                position += 1;
            }
        }
    }
    consumed
}

fn reuse_one<R: Rep<Op = MemOp<I>>, I: Operation<R>>(
    function: &mut Function<R>,
    owned: &BTreeSet<Var>,
) -> bool {
    let facts = Facts::of(function);
    reuse_in_body(&mut function.body, &facts, owned)
}

fn reuse_in_body<R: Rep<Op = MemOp<I>>, I: Operation<R>>(
    body: &mut Body<R>,
    facts: &Facts,
    owned: &BTreeSet<Var>,
) -> bool {
    for at in 0..body.stms.len() {
        if let Some((alloc, block, dying)) = candidate(body, at, facts, owned) {
            let map = FxHashMap::from_iter([(block, SubExp::Var(dying))]);
            let renamer = Renamer::new(&map);
            let allocation = body.stms.remove(alloc);
            for stm in &mut body.stms[alloc..] {
                renamer.stm(stm);
            }
            renamer.body_result(&mut body.result);
            if let Exp::Op(MemOp::Alloc { size, .. }) = allocation.exp {
                remove_unused_size(body, size);
            }
            return true;
        }
    }
    body.stms.iter_mut().any(|stm| {
        stm.exp
            .nested_bodies_mut()
            .into_iter()
            .any(|inner| reuse_in_body(inner, facts, owned))
    })
}

/// For the statement at `at`, a pointwise operation whose one result in
/// a block allocated in this body (at the first position returned, the
/// block second) can take over a dying array's block (third).
fn candidate<R: Rep<Op = MemOp<I>>, I: Operation<R>>(
    body: &Body<R>,
    at: usize,
    facts: &Facts,
    owned: &BTreeSet<Var>,
) -> Option<(usize, Var, Var)> {
    let stm = &body.stms[at];
    let Exp::Op(op) = &stm.exp else {
        return None;
    };
    if !op.pointwise() {
        return None;
    }
    let points: Vec<Var> = op.counters().iter().map(|&(v, _)| v).collect();
    // The first array result in a block that only it uses, allocated in
    // this body.
    let (result, block, alloc) = stm.pat.iter().find_map(|elem| {
        let mem = elem.mem.as_ref()?;
        let alloc = body.stms[..at].iter().position(|s| {
            matches!(s.exp, Exp::Op(MemOp::Alloc { .. }))
                && s.pat.first().map(|e| e.var) == Some(mem.block)
        })?;
        // Nothing else is put in the block before the operation (after
        // it, only what derives from the result can be there).
        let only_it = !body.stms[alloc + 1..at]
            .iter()
            .any(|s| mentions(s, &mut |v| v == mem.block));
        only_it.then_some((elem, mem.block, alloc))
    })?;
    let result_ty = facts.types.get(result.var)?;
    let result_mem = result.mem.as_ref()?;
    // The block holds the result and nothing larger (it may hold a
    // concatenation the result was coalesced into), so a dying array of
    // the result's shape has room for all of it.
    let Exp::Op(MemOp::Alloc { size, .. }) = body.stms[alloc].exp else {
        return None;
    };
    if !result_mem.lmad.is_direct(result_ty.shape()) || !facts.is_size_of(size, &result_ty) {
        return None;
    }
    // The arrays the operation reads at its points only, laid out as the
    // result is.
    let mut reads = Vec::new();
    let mut other_uses = Vec::new();
    for inner in stm.exp.nested_bodies() {
        for s in &inner.stms {
            match &s.exp {
                Exp::Index { array, slice }
                    if slice.len() == points.len()
                        && slice
                            .iter()
                            .zip(&points)
                            .all(|(d, &p)| *d == DimIndex::Fix(SubExp::Var(p)))
                        && s.pat.iter().all(|e| e.ty.rank() == 0) =>
                {
                    reads.push(*array);
                }
                _ => {
                    mentions(s, &mut |v| {
                        other_uses.push(v);
                        false
                    });
                }
            }
        }
        other_uses.extend(inner.result.iter().filter_map(|r| r.as_var()));
    }
    reads.into_iter().find_map(|array| {
        let mem = facts.mems.get(&array)?;
        let ty = facts.types.get(array)?;
        let origins = facts.memory_of(array);
        let [origin] = <[Var; 1]>::try_from(origins.iter().copied().collect::<Vec<_>>()).ok()?;
        let laid_out_alike = mem.lmad.is_direct(ty.shape())
            && facts.same_shape(ty.shape(), result_ty.shape())
            && ty.element().byte_size() == result_ty.element().byte_size();
        let ours = owned.contains(&origin)
            || body.stms[..at].iter().any(|s| {
                matches!(s.exp, Exp::Op(MemOp::Alloc { .. }))
                    && s.pat.first().map(|e| e.var) == Some(origin)
            });
        let shares = |v: Var| !facts.memory_of(v).is_disjoint(&origins);
        let read_elsewhere = other_uses.iter().any(|&v| shares(v));
        let used_later = body.stms[at + 1..]
            .iter()
            .any(|s| mentions(s, &mut |v| shares(v)))
            || body.result.iter().any(|r| r.as_var().is_some_and(shares));
        // The block must be in scope where the allocation was.
        let in_scope = !body.stms[alloc..]
            .iter()
            .any(|s| s.pat.iter().any(|e| e.var == mem.block));
        (laid_out_alike && ours && in_scope && !read_elsewhere && !used_later)
            .then_some((alloc, block, mem.block))
    })
}

#[cfg(test)]
mod tests {
    use super::reuse;
    use crate::interp::run_entry;
    use crate::ir::McMem;
    use crate::ir::check::check_program;
    use crate::ir::parse::parse_program;
    use crate::ir::print::print_program;
    use crate::value::{ArrayValue, Value};
    use prim::{PrimType, PrimValue};

    /// Runs the pass on the multicore memory-level program `text` (a
    /// `main` of one `[n]i32` array, consumed where `unique`, returning
    /// `results`), checks the result and its values; returns the printed
    /// function.
    fn reused(unique: bool, results: &str, body: &str) -> String {
        let star = if unique { "*" } else { "" };
        let text = format!(
            "level mc-mem
entry main = main ({star}xs: []i32) : ([]i32)
fun main (n_0: i64, xs_1: [n_0]i32 @ mem_2 -> {{0; 1}}, mem_2: mem): {results} = {{
{body}
}}"
        );
        let program: crate::ir::Program<McMem> =
            parse_program(&text).unwrap_or_else(|error| panic!("{error}"));
        check_program(&program).unwrap_or_else(|error| panic!("an ill-typed test: {error:?}"));
        let mut after = program.clone();
        reuse(&mut after);
        let printed = print_program(&after);
        check_program(&after).unwrap_or_else(|error| panic!("{error:?} in\n{printed}"));
        let input = vec![Value::Array(ArrayValue::new(
            PrimType::I32,
            vec![3],
            (1..4).map(PrimValue::I32).collect(),
        ))];
        assert_eq!(
            run_entry(&program, "main", input.clone()),
            run_entry(&after, "main", input),
            "{printed}"
        );
        let start = printed.find("fun ").expect("a function");
        printed[start..].to_owned()
    }

    /// The results of a function returning an array of its argument's
    /// size.
    const SAME: &str = "([n_0]i32, mem)";

    const MAP: &str = "  let (bytes_3: i64) = Mul(4i64, n_0)
  let (mem_4: mem) = alloc(bytes_3)
  let (ys_5: [n_0]i32 @ mem_4 -> {0; 1}) = segmap(i_6 < n_0) : (i32) {
    let (x_7: i32) = xs_1[i_6]
    let (y_8: i32) = Add(x_7, 1i32)
    in (y_8)
  }";

    #[test]
    fn a_map_over_a_consumed_array_writes_where_it_was() {
        let text = reused(true, SAME, &format!("{MAP}\n  in (ys_5, mem_4)"));
        assert!(
            !text.contains("alloc(") && !text.contains("bytes_3"),
            "{text}"
        );
        assert!(
            text.contains("(ys_5: [n_0]i32 @ mem_2 -> {0; 1}) = segmap"),
            "{text}"
        );
        assert!(text.contains("in (ys_5, mem_2)"), "{text}");
    }

    #[test]
    fn an_array_not_consumed_keeps_its_memory() {
        let text = reused(false, SAME, &format!("{MAP}\n  in (ys_5, mem_4)"));
        assert!(text.contains("alloc(bytes_3)"), "{text}");
    }

    #[test]
    fn an_array_used_after_the_map_keeps_its_memory() {
        let text = reused(
            true,
            SAME,
            &format!(
                "{MAP}
  let (z_9: i32) = xs_1[0i64]
  let (zs_10: [n_0]i32 @ mem_4 -> {{0; 1}}) = ys_5 with [0i64] = z_9
  in (zs_10, mem_4)"
            ),
        );
        assert!(text.contains("alloc(bytes_3)"), "{text}");
    }

    #[test]
    fn a_map_coalesced_into_a_larger_array_keeps_its_memory() {
        let text = reused(
            true,
            "(i64, [?0]i32, mem)",
            "  let (m_3: i64) = Add(n_0, n_0)
  let (bytes_4: i64) = Mul(4i64, m_3)
  let (mem_5: mem) = alloc(bytes_4)
  let (ys_6: [n_0]i32 @ mem_5 -> {0; 1}) = segmap(i_7 < n_0) : (i32) {
    let (x_8: i32) = xs_1[i_7]
    let (y_9: i32) = Add(x_8, 1i32)
    in (y_9)
  }
  let (zs_10: [m_3]i32 @ mem_5 -> {0; 1}) = concat(ys_6, ys_6) : m_3
  in (m_3, zs_10, mem_5)",
        );
        assert!(text.contains("alloc(bytes_4)"), "{text}");
    }
}
