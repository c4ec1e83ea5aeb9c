//! The reverse sweep against forward mode: every program of the run
//! corpus (`tests/run`) that uses `vjp` is lowered twice, once with the
//! reverse sweep and once with every vector-Jacobian product computed by
//! forward mode (`opt::ad::with_vjp_by_forward`), and every `input` of
//! its test blocks is run by the interpreter on both. Results must agree
//! up to floating-point rounding (the two modes sum the same terms in
//! different orders) and failures must be the same.

mod support;

use opt::interp::run_entry;
use opt::value::Value;
use opt::value::data::write_text;
use std::path::Path;
use support::{lower, programs, runs};

fn text(values: &[Value]) -> String {
    values
        .iter()
        .map(|v| {
            let mut out = String::new();
            write_text(v, &mut out);
            out
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether two results in the text format agree, floats up to a relative
/// error of 1e-9 (1e-4 for `f32` and `f16`).
fn agree(a: &str, b: &str) -> bool {
    let split = |s: &str| {
        s.split(|c: char| c.is_whitespace() || "[],()".contains(c))
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let (ta, tb) = (split(a), split(b));
    ta.len() == tb.len()
        && ta.iter().zip(&tb).all(|(x, y)| {
            if x == y {
                return true;
            }
            let number = |t: &str| {
                let digits = t.trim_end_matches("f64").trim_end_matches("f32");
                let digits = digits.trim_end_matches("f16");
                digits
                    .parse::<f64>()
                    .ok()
                    .map(|v| (v, digits.len() != t.len()))
            };
            match (number(x), number(y)) {
                (Some((u, true)), Some((v, true))) => {
                    let tolerance = if x.ends_with("f64") { 1e-9 } else { 1e-4 };
                    (u - v).abs() <= tolerance * u.abs().max(v.abs()).max(1.0)
                }
                _ => false,
            }
        })
}

#[test]
fn reverse_sweep_agrees_with_forward_mode() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/run");
    let mut paths = Vec::new();
    programs(&root, &mut paths);
    let mut compared = 0;
    let mut failures = Vec::new();
    for path in paths {
        let source = std::fs::read_to_string(&path).expect("a corpus program");
        if !source.contains("vjp") {
            continue;
        }
        let (Some(reverse), Some(forward)) =
            (lower(&path), opt::ad::with_vjp_by_forward(|| lower(&path)))
        else {
            continue;
        };
        for (entry, args) in runs(&source, &forward) {
            if reverse.entry_point(&entry).is_none() {
                continue;
            }
            let by_reverse = run_entry(&reverse, &entry, args.clone());
            let by_forward = run_entry(&forward, &entry, args);
            compared += 1;
            let same = match (&by_reverse, &by_forward) {
                (Ok(a), Ok(b)) => agree(&text(a), &text(b)),
                (Err(a), Err(b)) => a.message == b.message,
                _ => false,
            };
            if !same {
                failures.push(format!(
                    "{} `{entry}`: reverse {:?}, forward {:?}",
                    path.display(),
                    by_reverse.map(|v| text(&v)),
                    by_forward.map(|v| text(&v)),
                ));
            }
        }
    }
    assert!(compared > 0, "no vjp in the corpus was run");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
