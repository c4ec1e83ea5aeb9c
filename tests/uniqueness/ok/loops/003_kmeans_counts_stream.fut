-- Figure 4c in today's language: a chunked, per-chunk sequential count
-- whose partial results are combined with a vectorised addition.
-- ==

def count_chunk [m] (k: i64) (chunk: [m]i64) : [k]i32 =
  loop acc = replicate k 0 for c in chunk do
    acc with [c] = acc[c] + 1

def main [n] (k: i64) (membership: [n]i64) : [k]i32 =
  let chunks = 4
  let size = (n + chunks - 1) / chunks
  let partial = map (\j -> let lo = i64.min n (j * size)
                           let hi = i64.min n (lo + size)
                           in count_chunk k membership[lo:hi])
                    (iota chunks)
  in reduce (map2 (+)) (replicate k 0) partial
