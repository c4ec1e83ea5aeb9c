#!/usr/bin/env bash
# Times `futc check` as a whole process on the checking benchmark's
# generated 10,000-line program (crates/hir/benches/check.rs), and prints
# the fastest and median wall time of RUNS runs (default 15).
# Usage: scripts/bench-check.sh [RUNS]
set -euo pipefail
runs=${1:-15}
cd "$(dirname "$0")/.."
cargo build --release -q -p futc
program=$(mktemp --suffix=.fut)
trap 'rm -f "$program"' EXIT
CHECK_BENCH_PROGRAM="$program" cargo bench -q -p hir --bench check >/dev/null
target_dir=${CARGO_TARGET_DIR:-target}
for _ in $(seq "$runs"); do
  start=$(date +%s%N)
  "$target_dir/release/futc" check "$program" >/dev/null
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
done | sort -n | awk '{t[NR] = $1} END {printf "futc check, %d runs: fastest %d ms, median %d ms\n", NR, t[1], t[int((NR + 1) / 2)]}'
