-- The same loop with an explicit initial value and a unique type.
-- ==

def main [n] (k: i64) (membership: [n]i64) : [k]i32 =
  loop (counts: *[k]i32) = replicate k 0 for i < n do
    counts with [membership[i]] = counts[membership[i]] + 1
