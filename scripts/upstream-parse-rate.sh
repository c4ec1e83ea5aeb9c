#!/usr/bin/env bash
# Runs `futc parse` over every .fut file of a Futhark test directory (such as
# upstream's tests/) and reports how many of the programs that are not
# expected to fail compilation parse without errors. Programs whose test
# block expects a compile error (`-- error:`) are left out, since some of
# them are meant to be syntax errors.
#
# Usage: scripts/upstream-parse-rate.sh TESTS_DIR [FUTC]
set -u
dir=${1:?usage: $0 TESTS_DIR [FUTC]}
futc=${2:-target/release/futc}
total=0
failed=0
failures=$(mktemp)
while IFS= read -r -d '' file; do
  if grep -q '^-- *error:' "$file"; then
    continue
  fi
  total=$((total + 1))
  if ! "$futc" parse "$file" >/dev/null 2>>"$failures"; then
    failed=$((failed + 1))
    echo "FAIL $file" >>"$failures"
  fi
done < <(find "$dir" -name '*.fut' -print0 | sort -z)
passed=$((total - failed))
echo "$passed passed, $failed failed"
if [ "$failed" -gt 0 ]; then
  echo "failures and their messages: $failures" >&2
fi
