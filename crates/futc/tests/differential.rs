//! Programs from `progen` type-check and give the same results in the
//! interpreter and in C (`scripts/differential.py` runs many more).
//! Generated code is compiled with `-O0` (or `$FUTC_TEST_CFLAGS`): the
//! batches are large, and the point is agreement, not speed.

mod support;

use std::process::Command;
use support::{stderr, summary, temp_dir, write};

#[test]
fn generated_programs_agree_between_the_interpreter_and_c() {
    let dir = temp_dir("differential");
    for first in [0, 100] {
        let programs = progen::generate_batch(20_261_128, first, 100, "e");
        write(
            &dir,
            &format!("batch-{first}.fut"),
            progen::batch_source(&programs).as_bytes(),
        );
    }
    let dir_text = dir.to_str().expect("UTF-8 path");
    let cflags = std::env::var("FUTC_TEST_CFLAGS").unwrap_or_else(|_| "-O0".to_owned());
    let output = Command::new(env!("CARGO_BIN_EXE_futc"))
        .args(["test", "--backend", "c", dir_text])
        .env("CFLAGS", cflags)
        .output()
        .expect("futc runs");
    let (passed, failed, skipped) = summary(&output);
    assert_eq!(
        (passed, failed, skipped),
        (200, 0, 0),
        "{}",
        stderr(&output)
    );
}
