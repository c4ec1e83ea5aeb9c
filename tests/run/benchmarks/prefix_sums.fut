-- Prefix sums: inclusive and exclusive scans, segmented scans from segment
-- lengths, and maximum segment sum.
-- ==
-- entry: mss
-- input { [1i32, -2i32, 3i32, 4i32, -1i32, 2i32, -6i32, 5i32] }
-- output { 8i32 }
-- input { [-1i32, -2i32] }
-- output { 0i32 }
-- input { empty([0]i32) }
-- output { 0i32 }
-- input { [2i32, 2i32, -5i32, 3i32] }
-- output { 4i32 }

-- ==
-- entry: prefix
-- input { [3i64, 1i64, 4i64, 1i64, 5i64] }
-- output { [3i64, 4i64, 8i64, 9i64, 14i64] [0i64, 3i64, 4i64, 8i64, 9i64] }

-- ==
-- entry: seg_prefix
-- input { [2i64, 3i64, 1i64] [1i64, 2i64, 3i64, 4i64, 5i64, 6i64] }
-- output { [1i64, 3i64, 3i64, 7i64, 12i64, 6i64] }

-- Maximum segment sum, the classic parallel reduction with a 4-tuple state:
-- (best segment, best prefix, best suffix, total).
def mss_op (mss1: i32, mis1: i32, mcs1: i32, ts1: i32) (mss2: i32, mis2: i32, mcs2: i32, ts2: i32) =
  ( i32.max mss1 (i32.max mss2 (mcs1 + mis2))
  , i32.max mis1 (ts1 + mis2)
  , i32.max mcs2 (mcs1 + ts2)
  , ts1 + ts2 )

def mss_map (x: i32) = let p = i32.max x 0 in (p, p, p, x)

entry mss (xs: []i32) = (reduce mss_op (0, 0, 0, 0) (map mss_map xs)).0

entry prefix (xs: []i64) = (scan (+) 0 xs, exscan (+) 0 xs)

-- Segmented prefix sums from segment lengths.
entry seg_prefix [n] [m] (lens: [n]i64) (xs: [m]i64) =
  let starts = exscan (+) 0 lens
  let flags = scatter (replicate m false) starts (replicate n true)
  let op (f1, a) (f2, b) = (f1 || f2, if f2 then b else a + b)
  in (unzip (scan op (false, 0) (zip flags xs))).1
