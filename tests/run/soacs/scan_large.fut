-- Scans over many elements, which parallel back ends split among many
-- threads or work-groups: a non-commutative operator, tuples of
-- accumulators, mapped results besides the scan, a failure inside the
-- scanned map, an empty input, and a scan in a function called both alone
-- and inside a map. The results are checked through weighted sums.

-- Composition of affine functions, associative but not commutative.
def compose (a1: i64, b1: i64) (a2: i64, b2: i64) = (a1 * a2, a2 * b1 + b2)

def weighted (xs: []i64) = i64.sum (map2 (*) xs (map (\i -> i % 7 + 1) (indices xs)))

-- ==
-- entry: affine
-- input { 50021i64 }
-- output { 8049424926796249849i64 -1348612546922682082i64 -301018179803960485i64 7679604579125756i64 }
-- input { 0i64 }
-- output { 0i64 0i64 0i64 0i64 }
entry affine (n: i64) =
  let (as, bs) = unzip (scan compose (1, 0) (map (\i -> (if i % 1000 == 7 then 3 else 1, i % 13)) (iota n)))
  in (weighted as, weighted bs, if n > 0 then as[n - 1] else 0, if n > 0 then bs[n / 2] else 0)

-- ==
-- entry: sums
-- input { 20011i64 }
-- output { 1.9669646043e11f64 2601954743945210i64 -436027588i64 }
entry sums (n: i64) =
  let xs = map (\i -> f64.i64 (i % 1000)) (iota n)
  let ys = scan (+) 0 xs
  let (zs, ms) = unzip (map2 (\y i -> (y, i * 2)) ys (iota n))
  let (us, vs) = unzip (scan (\(a, b) (c, d) -> (a + c, i32.max b d)) (0, i32.lowest) (map (\x -> (i64.f64 x, i32.f64 x)) zs))
  in (f64.sum (map2 (*) ys (map f64.i64 (map (\i -> i % 5) (iota n)))), weighted us + weighted ms, i64.i32 (i32.sum vs))

-- ==
-- entry: checked
-- input { [1, 2, 3] 20000i64 } error: Index \[3\] out of bounds
entry checked (xs: []i32) (n: i64) =
  let ys = scan (+) 0 (map (\i -> xs[if i == n - 5 then 3 else i % 3]) (iota n))
  in ys[n - 1]

#[noinline]
def running (xs: []i64) = scan (+) 0 xs

-- ==
-- entry: inside
-- input { 100i64 30i64 }
-- output { 8543431854i64 86609500i64 }
entry inside (n: i64) (m: i64) =
  let rows = tabulate_2d n m (\i j -> i * j + 1)
  in (weighted (running (flatten rows)), i64.sum (map (\r -> weighted (running r)) rows))
