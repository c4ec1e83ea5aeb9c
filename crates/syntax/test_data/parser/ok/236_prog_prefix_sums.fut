-- | Prefix sums and a few classic algorithms built from them.

-- | Exclusive prefix sum.
def exscan [n] (xs: [n]i64) : [n]i64 =
  map2 (-) (scan (+) 0 xs) xs

-- | Inclusive scan that restarts wherever a flag is set.
def segscan [n] 't (op: t -> t -> t) (ne: t) (flags: [n]bool) (xs: [n]t) : [n]t =
  let pairs =
    scan (\(fa, a) (fb, b) -> (fa || fb, if fb then b else op a b))
         (false, ne)
         (zip flags xs)
  in map (.1) pairs

-- | Keep the elements satisfying a predicate, preserving order.
def compact [n] 't (keep: t -> bool) (dflt: t) (xs: [n]t) : []t =
  let marks = map (\x -> if keep x then 1 else 0) xs
  let offsets = exscan marks
  let total = if n == 0 then 0 else offsets[n - 1] + marks[n - 1]
  let targets = map2 (\m o -> if m == 1 then o else -1) marks offsets
  in scatter (replicate total dflt) targets xs

-- | Sum of each segment, where segments are given by their lengths.
def segment_sums [m] (lens: [m]i64) (xs: []i64) : [m]i64 =
  let ends = scan (+) 0 lens
  in map2 (\e l -> if l == 0 then 0 else i64.sum xs[e - l:e]) ends lens

-- | Split positions for a parallel partition into two groups.
def split_indices [n] (pred: [n]bool) : [n]i64 =
  let trues = scan (+) 0 (map i64.bool pred)
  let num_true = if n == 0 then 0 else trues[n - 1]
  let falses = scan (+) 0 (map (\b -> i64.bool (!b)) pred)
  in map3 (\b t f -> if b then t - 1 else num_true + f - 1) pred trues falses

entry main (xs: []i64) : ([]i64, []i64) =
  let flags = map (== 0) xs
  in (exscan xs, segscan (+) 0 flags xs)

entry positives (xs: []i32) : []i32 = compact (> 0) 0 xs

entry sums (lens: []i64) (xs: []i64) : []i64 = segment_sums lens xs
