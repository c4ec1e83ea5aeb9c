//! Fuzzes the middle and the reference interpreter as `futc run` chains
//! them: any UTF-8 input that checks without errors, as the root file of
//! a program, either fails to lower with a message or lowers to
//! well-typed core IR, which optimises to well-typed IR; then every entry
//! point whose parameters are not opaque runs in the interpreter, on
//! arguments of its parameters' kinds (every element 2, every size 2),
//! without panicking or failing inside the interpreter. Runs are bounded
//! in steps, so that programs that loop forever or make huge arrays stop.
#![no_main]

use libfuzzer_sys::fuzz_target;
use opt::value::{ArrayValue, Value};
use prim::PrimValue;

/// Enough for the test programs, few enough to stay well inside the
/// fuzzer's time and memory limits per input.
const MAX_STEPS: u64 = 1_000_000;

/// An argument of kind `kind`.
fn argument(kind: opt::ir::Kind) -> Value {
    let element = prim::convert(PrimValue::I64(2), kind.element);
    if kind.rank == 0 {
        return Value::Prim(element);
    }
    let shape = vec![2; kind.rank];
    let count = 1 << kind.rank;
    Value::Array(ArrayValue::new(kind.element, shape, vec![element; count]))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    futhark_fuzz::with_checked_root(text, |checked| {
        if checked.diagnostics.iter().any(hir::Diagnostic::is_error) {
            return;
        }
        let Ok(mut program) =
            lower::lower_program(&checked.db, checked.file_set, checked.root, &|path| {
                path.to_owned()
            })
        else {
            return;
        };
        if let Err(error) = opt::ir::check::check_program(&program) {
            panic!("lowering made ill-typed IR: {error}");
        }
        if let Err(error) = opt::passes::optimise(&mut program) {
            panic!("optimising failed: {error}");
        }
        if let Err(error) = opt::ir::check::check_program(&program) {
            panic!("optimising made ill-typed IR: {error}");
        }
        for entry_point in &program.entry_points {
            let name = &entry_point.name;
            let Ok(kinds) = opt::interp::argument_kinds(&program, name) else {
                continue;
            };
            let args = kinds.into_iter().map(argument).collect();
            if let Err(error) = opt::interp::run_entry_bounded(&program, name, args, MAX_STEPS) {
                assert!(!error.is_internal(), "running `{name}`: {error}");
            }
        }
    });
});
