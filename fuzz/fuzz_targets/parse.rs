//! Fuzzes the parser: any UTF-8 input must parse without panicking, into a
//! tree whose text is the input, with error ranges inside the input.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parse = syntax::parse(text);
    assert_eq!(parse.syntax_node().to_string(), text);
    for error in parse.errors() {
        assert!(u32::from(error.range.end()) as usize <= text.len());
    }
});
