//! Fuzzes the front end as `futc check` runs it: any UTF-8 input, as the
//! root file of a program, must load and check without panicking, and
//! every diagnostic (and related place) in the root file must lie inside
//! its text. Imports of other files fail to read, as missing files do.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    futhark_fuzz::with_checked_root(text, |checked| {
        let in_root = |file, range: syntax::TextRange| {
            file != checked.root || usize::from(range.end()) <= text.len()
        };
        for diagnostic in &checked.diagnostics {
            assert!(
                in_root(diagnostic.file, diagnostic.range),
                "diagnostic outside the source: {diagnostic:?}"
            );
            for related in &diagnostic.related {
                assert!(
                    in_root(related.file, related.range),
                    "related place outside the source: {diagnostic:?}"
                );
            }
        }
    });
});
