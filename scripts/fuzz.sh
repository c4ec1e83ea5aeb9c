#!/usr/bin/env bash
# Runs the cargo-fuzz targets of fuzz/ for SECONDS each (default 60),
# all of them or those named, one after another; exits non-zero if one
# crashes, naming the input that reproduces it.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#   FUZZ_BUILD_ONLY=1 scripts/fuzz.sh [TARGET...]   # build, print where
#   scripts/fuzz.sh --export DIR [TARGET...]        # build, export
#
# Corpora (fuzz/corpus/TARGET, not committed) are seeded from the
# project's own tests before each run.
#
# --export writes into DIR the built binaries (debug info stripped; they
# need no Rust toolchain, only glibc and libstdc++), a seed corpus for
# each and DIR/run.sh, which runs them there for a given time on a given
# number of cores: `DIR/run.sh SECONDS [JOBS] [TARGET...]`.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
fuzz="$root/fuzz"
all_targets=(parse check run data lsp lsp_requests)

export_dir=
seconds=60
if [[ $# -gt 0 && $1 == --export ]]; then
    [[ $# -ge 2 ]] || { echo "usage: $0 --export DIR [TARGET...]" >&2; exit 2; }
    export_dir=$2
    shift 2
elif [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then
    seconds=$1
    shift
fi
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    targets=("${all_targets[@]}")
fi

if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi

cd "$fuzz"
# Without AddressSanitizer: the code is safe Rust, and the sanitizer made
# the program targets six times slower (17 against 99 inputs a second
# for `check`).
build_flags=(--release --sanitizer none)
for target in "${targets[@]}"; do
    cargo +nightly fuzz build "${build_flags[@]}" "$target"
done
triple=$(rustc +nightly -vV | sed -n 's/^host: //p')
binaries="$fuzz/target/$triple/release"
if [[ -n ${FUZZ_BUILD_ONLY:-} ]]; then
    for target in "${targets[@]}"; do
        echo "$binaries/$target"
    done
    exit 0
fi

# Seeds: the test programs and parser test data for the program targets,
# a few values in each format for the data target, a few sessions (whole,
# and in the target's pieces: 0xff between them, the first byte of each
# saying how to send it) for the lsp target, and a few sessions in the
# lsp_requests target's encoding (fuzz/fuzz_targets/lsp_requests.rs:
# capabilities byte, document text, 0x00, operations) for it.
seed() {
    local target=$1 corpus=$2
    mkdir -p "$corpus"
    case $target in
    parse | check | run)
        # Named by their paths: many test files share a name.
        (cd "$root" && find tests crates/syntax/test_data -name '*.fut' -size -16k) |
            while read -r path; do
                cp "$root/$path" "$corpus/${path//\//_}"
            done
        ;;
    data)
        printf '1i32 2.5f64 true\n' >"$corpus/scalars"
        printf '[[1u8, 2u8], [3u8, 4u8]] -- a comment\n' >"$corpus/matrix"
        printf 'empty([0][3]f32) [f16.nan, -0.0f32, f64.inf]\n' >"$corpus/special"
        printf 'b\x02\x00 i32\x2a\x00\x00\x00' >"$corpus/binary_scalar"
        printf 'b\x02\x01 f32\x02\x00\x00\x00\x00\x00\x00\x00\x00\x00\x80\x3f\x00\x00\x80\xbf' \
            >"$corpus/binary_array"
        ;;
    lsp)
        local initialize='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'
        local open='{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.fut","languageId":"futhark","version":1,"text":"def main (x: i32) = x + 1\n"}}}'
        local hover='{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.fut"},"position":{"line":0,"character":20}}}'
        local response='{"jsonrpc":"2.0","id":7,"result":null}'
        {
            for body in "$initialize" "$open" "$hover"; do
                printf 'Content-Length: %d\r\n\r\n%s' "${#body}" "$body"
            done
        } >"$corpus/session"
        printf 'Content-Length: 3\r\n\r\n{"a\r\nContent-Length: 40\r\n\r\n[1,2]\r\nContent-Type: x\r\n\r\n' \
            >"$corpus/malformed"
        printf '\x01%s\xff\x00{"jsonrpc":\xff\x02%s\xff\x01%s\xff\x01[]\xff\x04%s' \
            "$initialize" "$open" "$hover" "$response" >"$corpus/pieces"
        ;;
    lsp_requests)
        # Operations: 0x07 hover, 0x08 definition, 0x09 highlights, 0x0a
        # completion, 0x0b signature help, 0x0c/0x0e (prepare) rename, 0x0d
        # references, each at a line and column byte; 0x0f-0x12 symbols,
        # links, folds and tokens of the document, 0x13 a token delta, 0x14
        # tokens in a range (four bytes), 0x15 formatting, 0x17 code lenses,
        # 0x18 inlay hints; 0x00 a new text and 0x01 a range replaced
        # (texts after their length byte); 0x03 close and reopen, 0x05
        # cancel, 0x06 wait. 0xe0 and up: about a document never opened.
        local features='-- | Adds one.
def inc (x: i32) : i32 = x + 1

def twice '\''a (f: a -> a) (x: a) : a = f (f x)

-- >>> twice inc 40
entry main (xs: []i32) : []i32 = map inc xs
'
        printf '\x01%s\x00\x07\x01\x05\x08\x06\x28\x0d\x01\x05\x00\x0a\x06\x23\x0b\x06\x2c\x12\x13\x00\x17\x0f\x11\x15\x0c\x01\x05\x0e\x01\x05\x04incr\x09\x01\x05\x10\x18\x00\x00\x07\x00\x1a\x02in\xef' \
            "$features" >"$corpus/features"
        # Columns inside the two UTF-16 units of a character, ranges past
        # the end and backwards, and requests racing the edits.
        local unicode='def s = "é𝄞"
def n = length s
'
        printf '\x00%s\x00\x07\x00\x0b\x01\x00\x0b\x00\x0b\x01x\x12\x01\x1f\x3f\xfc\x00\x03abc\x13\x00\x01\x01\x05\x00\x02\x00\x05\x00\x02\x00\x00\x00\x01\x01"\x00\x02\x00\x04\x01x\x14\x00\x00\x05\x00\x06\x00\x0ddef t = "\xce\x94"\n\x0a\x00\x0a\x15' \
            "$unicode" >"$corpus/unicode"
        # An example that loops for ever (stopped by the step limit),
        # modules and sum types, reopening and the disk.
        local examples='module m = {
  type t = #a | #b i32
  def f (x: t) : i32 = match x case #a -> 0 case #b n -> n
}
-- >>> m.f (#b 3)
-- >>> loop i = 0 while true do i + 1
'
        printf '\x00%s\x00\x17\x06\x04\x01\x03\x13def y = 1\n-- >>> y\n\x17\x07\x02\x18\x14\x00\x00\x05\x00\x1a\x00' \
            "$examples" >"$corpus/examples"
        ;;
    esac
}

if [[ -n $export_dir ]]; then
    mkdir -p "$export_dir/corpus"
    for target in "${targets[@]}"; do
        # Symbols stay, for the stack traces of crashes.
        objcopy --strip-debug "$binaries/$target" "$export_dir/$target"
        seed "$target" "$export_dir/corpus/$target"
    done
    cat >"$export_dir/run.sh" <<'RUN'
#!/usr/bin/env bash
# Runs the fuzz targets here for SECONDS each on JOBS cores (default:
# all), one after another, each on its corpus in corpus/TARGET (which
# grows); crashing inputs land in artifacts/TARGET. Exits non-zero if one
# crashed.
#
#   ./run.sh SECONDS [JOBS] [TARGET...]
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
seconds=${1:?usage: run.sh SECONDS [JOBS] [TARGET...]}
shift
jobs=$(nproc)
if [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then
    jobs=$1
    shift
fi
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    targets=($(cd "$here/corpus" && ls))
fi
failed=()
for target in "${targets[@]}"; do
    mkdir -p "$here/artifacts/$target" "$here/logs/$target"
    echo "== $target: $seconds s on $jobs cores"
    # -jobs runs workers until that many runs end; the time limit ends
    # each, and the logs say which crashed.
    (cd "$here/logs/$target" && "$here/$target" -jobs="$jobs" -workers="$jobs" \
        -max_total_time="$seconds" -max_len=4096 -timeout=20 -rss_limit_mb=4096 \
        -artifact_prefix="$here/artifacts/$target/" "$here/corpus/$target")
    # Slow units are written there too, and are no failure.
    crashes=$(cd "$here/artifacts/$target" && ls crash-* timeout-* oom-* leak-* 2>/dev/null)
    if [[ -n $crashes ]]; then
        failed+=("$target")
        echo "== $target crashed:" $crashes
    fi
done
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "crashed: ${failed[*]}"
    exit 1
fi
echo "no crash: ${targets[*]}"
RUN
    chmod +x "$export_dir/run.sh"
    du -sh "$export_dir"
    exit 0
fi

failed=()
for target in "${targets[@]}"; do
    seed "$target" "$fuzz/corpus/$target"
    # Where cargo-fuzz writes the inputs that crash.
    artifacts="$fuzz/artifacts/$target"
    echo "== $target: $seconds s"
    if ! cargo +nightly fuzz run "${build_flags[@]}" "$target" "corpus/$target" -- \
        -max_total_time="$seconds" -max_len=4096 -timeout=20 -rss_limit_mb=4096; then
        failed+=("$target")
        echo "== $target crashed; reproduce with:"
        for input in "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/oom-*; do
            [[ -e $input ]] || continue
            echo "   cd fuzz && cargo +nightly fuzz run ${build_flags[*]} $target $input"
        done
    fi
done

if [[ ${#failed[@]} -gt 0 ]]; then
    echo "crashed: ${failed[*]}"
    exit 1
fi
echo "no crash: ${targets[*]}"
