//! `progen --seed S --first I --count N --batch B --out DIR`: writes the
//! programs `I..I+N` of seed `S` to `DIR`, `B` entry points a file
//! (`batch-K.fut`, entry points `eI`...), each with its test block.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut seed = 0u64;
    let mut first = 0u64;
    let mut count = 100u64;
    let mut batch = 100u64;
    let mut out = PathBuf::from("progen-out");
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let Some(value) = args.next() else {
            eprintln!("progen: {flag} needs a value");
            return ExitCode::from(2);
        };
        let number = || value.parse::<u64>();
        let parsed = match flag.as_str() {
            "--seed" => number().map(|v| seed = v),
            "--first" => number().map(|v| first = v),
            "--count" => number().map(|v| count = v),
            "--batch" => number().map(|v| batch = v.max(1)),
            "--out" => {
                out = PathBuf::from(&value);
                Ok(())
            }
            _ => {
                eprintln!("progen: unknown option {flag}");
                return ExitCode::from(2);
            }
        };
        if parsed.is_err() {
            eprintln!("progen: {flag}: not a number: {value}");
            return ExitCode::from(2);
        }
    }
    if let Err(error) = std::fs::create_dir_all(&out) {
        eprintln!("progen: {}: {error}", out.display());
        return ExitCode::FAILURE;
    }
    let mut start = first;
    while start < first + count {
        let size = batch.min(first + count - start);
        let programs = progen::generate_batch(seed, start, size, "e");
        let path = out.join(format!("batch-{start}.fut"));
        if let Err(error) = std::fs::write(&path, progen::batch_source(&programs)) {
            eprintln!("progen: {}: {error}", path.display());
            return ExitCode::FAILURE;
        }
        start += size;
    }
    ExitCode::SUCCESS
}
