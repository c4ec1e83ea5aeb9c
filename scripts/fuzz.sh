#!/usr/bin/env bash
# Runs the cargo-fuzz targets of fuzz/ for SECONDS each (default 60),
# all of them or those named, one after another; exits non-zero if one
# crashes, naming the input that reproduces it.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#   FUZZ_BUILD_ONLY=1 scripts/fuzz.sh [TARGET...]   # build, print where
#
# Corpora (fuzz/corpus/TARGET, not committed) are seeded from the
# project's own tests before each run.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
fuzz="$root/fuzz"
all_targets=(parse check data)

seconds=60
if [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then
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
for target in "${targets[@]}"; do
    cargo +nightly fuzz build --release "$target"
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
# a few values in each format for the data target.
seed() {
    local target=$1 corpus="$fuzz/corpus/$1"
    mkdir -p "$corpus"
    case $target in
    parse | check)
        find "$root/tests" "$root/crates/syntax/test_data" -name '*.fut' -size -16k \
            -exec cp -t "$corpus" {} +
        ;;
    data)
        printf '1i32 2.5f64 true\n' >"$corpus/scalars"
        printf '[[1u8, 2u8], [3u8, 4u8]] -- a comment\n' >"$corpus/matrix"
        printf 'empty([0][3]f32) [f16.nan, -0.0f32, f64.inf]\n' >"$corpus/special"
        printf 'b\x02\x00 i32\x2a\x00\x00\x00' >"$corpus/binary_scalar"
        printf 'b\x02\x01 f32\x02\x00\x00\x00\x00\x00\x00\x00\x00\x00\x80\x3f\x00\x00\x80\xbf' \
            >"$corpus/binary_array"
        ;;
    esac
}

failed=()
for target in "${targets[@]}"; do
    seed "$target"
    # Where cargo-fuzz writes the inputs that crash.
    artifacts="$fuzz/artifacts/$target"
    echo "== $target: $seconds s"
    if ! cargo +nightly fuzz run --release "$target" "corpus/$target" -- \
        -max_total_time="$seconds" -max_len=4096 -timeout=20 -rss_limit_mb=4096; then
        failed+=("$target")
        echo "== $target crashed; reproduce with:"
        for input in "$artifacts"/crash-* "$artifacts"/timeout-* "$artifacts"/oom-*; do
            [[ -e $input ]] || continue
            echo "   cd fuzz && cargo +nightly fuzz run $target $input"
        done
    fi
done

if [[ ${#failed[@]} -gt 0 ]]; then
    echo "crashed: ${failed[*]}"
    exit 1
fi
echo "no crash: ${targets[*]}"
