-- Histograms over many elements, which parallel back ends split among
-- many threads or work-groups: integer, unsigned and float operators,
-- histograms too wide for a work-group's local memory, buckets out of
-- bounds (ignored), a failure inside the map making the buckets, and a
-- histogram in a function called both alone and inside a map. The
-- results are checked through weighted sums.

def weighted [k] (xs: [k]i64) = i64.sum (map2 (*) xs (map (\i -> i % 7 + 1) (iota k)))

-- ==
-- entry: counts
-- input { 50021i64 256i64 }
-- output { 393188i64 1011873i64 -404769i64 }
-- input { 50021i64 10000i64 }
-- output { 399972i64 31394403i64 -12041768i64 }
entry counts (n: i64) (k: i64) =
  let is = map (\i -> (i * 7919) % (k + 3) - 1) (iota n)
  let added = hist (+) 0 k is (map (\i -> i32.i64 (i % 5)) (iota n))
  let maxed = hist u32.max 0 k is (map (\i -> u32.i64 (i * 31 % 1000)) (iota n))
  let mined = hist i32.min i32.highest k is (map (\i -> i32.i64 (i * 17 % 991) - 400) (iota n))
  in (weighted (map i64.i32 added), weighted (map i64.u32 maxed), weighted (map i64.i32 mined))

-- ==
-- entry: single
-- input { 50021i64 256i64 }
-- output { 393188i64 }
-- input { 50021i64 10000i64 }
-- output { 399972i64 }
entry single (n: i64) (k: i64) =
  let is = map (\i -> (i * 7919) % (k + 3) - 1) (iota n)
  in weighted (map i64.i32 (hist (+) 0 k is (map (\i -> i32.i64 (i % 5)) (iota n))))

-- ==
-- entry: maxed
-- input { 50021i64 }
-- output { 30774444i64 }
entry maxed (n: i64) =
  weighted (map i64.u32 (hist u32.max 0 1000 (map (\i -> i * 13 % 1001) (iota n)) (map (\i -> u32.i64 (i * 31 % 100000)) (iota n))))

-- ==
-- entry: floats
-- input { 20011i64 }
-- output { 890050.0f64 }
entry floats (n: i64) =
  let sums = hist (+) 0f32 100 (map (\i -> i % 100) (iota n)) (map (\i -> f32.i64 (i % 8) * 0.25) (iota n))
  in f64.sum (map2 (\s i -> f64.f32 s * f64.i64 (i + 1)) sums (iota 100))

-- ==
-- entry: checked
-- input { [1i64, 2i64, 3i64] 20000i64 } error: Index \[3\] out of bounds
entry checked (xs: []i64) (n: i64) =
  i64.sum (map i64.i32 (hist (+) 0 10 (map (\i -> xs[if i == n - 5 then 3 else i % 3]) (iota n)) (replicate n 1i32)))

#[noinline]
def counted [m] (xs: [m]i64) : [8]i64 = map i64.i32 (hist (+) 0 8 (map (% 8) xs) (replicate m 1i32))

-- ==
-- entry: inside
-- input { 100i64 30i64 }
-- output { 10084i64 10084i64 }
entry inside (n: i64) (m: i64) =
  let rows = tabulate_2d n m (\i j -> i * j + 1)
  in (weighted (counted (flatten rows)), i64.sum (map (\r -> weighted (counted r)) rows))
