//! Fuzzes the value readers (text and binary data, mixed): any input must
//! read without panicking, and values that read must read back the same
//! after writing them in either format. Values are compared by their
//! binary encoding, which keeps every bit, after the binary round trip,
//! and by their debug form (NaNs alike, signed zeros apart) after the
//! text one.
#![no_main]

use libfuzzer_sys::fuzz_target;
use opt::value::Value;
use opt::value::data::{read_values, write_binary, write_text};

fn binary(values: &[Value]) -> Vec<u8> {
    let mut out = Vec::new();
    for value in values {
        write_binary(value, &mut out);
    }
    out
}

fn text(values: &[Value]) -> String {
    let mut out = String::new();
    for value in values {
        write_text(value, &mut out);
        out.push('\n');
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let Ok(values) = read_values(data) else {
        return;
    };
    let encoded = binary(&values);
    let from_binary = read_values(&encoded).expect("written binary values read back");
    assert_eq!(binary(&from_binary), encoded);
    let written = text(&values);
    let from_text = read_values(written.as_bytes())
        .unwrap_or_else(|error| panic!("written text values read back: {error}\n{written}"));
    assert_eq!(format!("{from_text:?}"), format!("{values:?}"));
});
