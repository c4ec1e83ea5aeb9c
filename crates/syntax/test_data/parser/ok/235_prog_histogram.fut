-- | Histograms over floating point data split into equal-width buckets.

-- | Bucket index of a value in [lo, hi) when split into k buckets.
-- Out-of-range values are clamped into the first or last bucket.
def bucket_of (k: i64) (lo: f32) (hi: f32) (x: f32) : i64 =
  let t = (x - lo) / (hi - lo)
  let b = i64.f32 (t * f32.i64 k)
  in i64.max 0 (i64.min (k - 1) b)

-- | Number of values per bucket.
def histogram [n] (k: i64) (lo: f32) (hi: f32) (xs: [n]f32) : [k]i32 =
  let is = map (bucket_of k lo hi) xs
  in hist (+) 0 k is (replicate n 1)

-- | Largest value seen in each bucket.
def bucket_max [n] (k: i64) (lo: f32) (hi: f32) (xs: [n]f32) : [k]f32 =
  let is = map (bucket_of k lo hi) xs
  in reduce_by_index (replicate k f32.lowest) f32.max f32.lowest is xs

-- | Running totals over the buckets.
def cumulative [k] (h: [k]i32) : [k]i32 = scan (+) 0 h

-- | Index of the fullest bucket, preferring the lowest index on ties.
def mode [k] (h: [k]i32) : i64 =
  let pick (i, a) (j, b) =
    if b > a || (b == a && j < i) then (j, b) else (i, a)
  in (reduce pick (-1, i32.lowest) (zip (iota k) h)).0

entry main [n] (k: i64) (xs: [n]f32) : ([k]i32, [k]i32, [k]f32, i64) =
  let lo = reduce f32.min f32.inf xs
  let hi = reduce f32.max (-f32.inf) xs + 1e-6
  let h = histogram k lo hi xs
  in (h, cumulative h, bucket_max k lo hi xs, mode h)
