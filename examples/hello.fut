-- | A small tour of Futhark: records, a sum type, a loop, a module,
-- and the parallel building blocks map, reduce and scan.

-- | Summary statistics of an array of measurements.
type stats = {count: i64, mean: f32, lo: f32, hi: f32}

-- | A reading is either a valid measurement or a sensor error code.
type reading = #ok f32 | #error i32

-- | Helpers for working with readings.
module readings = {
  -- | The value of a reading, or the fallback for errors.
  def value_or (fallback: f32) (r: reading) : f32 =
    match r
    case #ok v -> v
    case #error _ -> fallback

  -- | Is this reading a valid measurement?
  def is_ok (r: reading) : bool =
    match r
    case #ok _ -> true
    case #error _ -> false
}

-- | Compute summary statistics with parallel reductions.
def summarise [n] (xs: [n]f32) : stats =
  let total = reduce (+) 0 xs
  in { count = n
     , mean = if n == 0 then 0 else total / f32.i64 n
     , lo = reduce f32.min f32.inf xs
     , hi = reduce f32.max (-f32.inf) xs
     }

-- | Running totals of an array, computed with a parallel scan.
--
-- ==
-- entry: running_total
-- input { [1f32, 2f32, 3f32] } output { [1f32, 3f32, 6f32] }
-- input { empty([0]f32) } output { empty([0]f32) }
entry running_total (xs: []f32) : []f32 = scan (+) 0 xs

-- | Sum of the squares of 0 up to n-1.
--
-- ==
-- entry: sum_squares
-- input { 4i64 } output { 14i64 }
-- input { 0i64 } output { 0i64 }
entry sum_squares (n: i64) : i64 =
  iota n |> map (\i -> i * i) |> reduce (+) 0

-- | Statistics over the valid readings only.  A reading is valid
-- when its error code is zero.
--
-- ==
-- entry: clean_stats
-- input { [1f32, 2f32, 3f32, 4f32] [0, 1, 0, 0] }
-- output { 3i64 2.6666667f32 1f32 4f32 }
-- input { [1f32] [1, 2] }
-- error: invalid sizes
entry clean_stats [n] (values: [n]f32) (codes: [n]i32) : (i64, f32, f32, f32) =
  let rs : [n]reading = map2 (\v c -> if c == 0 then #ok v else #error c) values codes
  let valid = filter readings.is_ok rs |> map (readings.value_or 0)
  let s = summarise valid
  in (s.count, s.mean, s.lo, s.hi)

-- | Square root by Newton's method, written as a sequential loop.
--
-- ==
-- entry: newton_sqrt
-- input { 16f32 10 } output { 4f32 }
-- input { 2f32 8 } output { 1.4142135f32 }
entry newton_sqrt (x: f32) (iterations: i32) : f32 =
  loop guess = (if x > 1 then x / 2 else 1) for _i < iterations do
    0.5 * (guess + x / guess)
