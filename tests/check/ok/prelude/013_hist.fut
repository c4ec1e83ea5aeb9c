-- Histograms with hist and reduce_by_index.
-- ==
def counts [n] (k: i64) (bins: [n]i64) : [k]i32 = hist (+) 0 k bins (replicate n 1)
def maxes [n] (k: i64) (is: [n]i64) (vs: [n]f32) : [k]f32 =
  reduce_by_index (replicate k f32.lowest) f32.max f32.lowest is vs
