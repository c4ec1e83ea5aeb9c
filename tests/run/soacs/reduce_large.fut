-- Reductions over many elements, which parallel back ends split among
-- many threads or work-groups: commutative and non-commutative
-- operators, several accumulators, a failure inside the reduced map,
-- and a reduction in a function called both alone and inside a map.

-- Composition of affine functions, associative but not commutative.
def compose (a1: i64, b1: i64) (a2: i64, b2: i64) = (a1 * a2, a2 * b1 + b2)

-- ==
-- entry: affine
-- input { 50021i64 }
-- output { -301018179803960485i64 -5555401616800278421i64 }
entry affine (n: i64) =
  reduce compose (1, 0) (map (\i -> (if i % 1000 == 7 then 3 else 1, i % 13)) (iota n))

-- ==
-- entry: sums
-- input { 20011i64 }
-- output { 9990055.0f64 999.0f64 9990055i64 11i64 }
entry sums (n: i64) =
  let xs = map (\i -> f64.i64 (i % 1000)) (iota n)
  in (reduce (+) 0 xs, reduce f64.max (-f64.inf) xs, reduce (\(a, b) (c, d) -> (a + c, b ^ d)) (0, 0) (map (\x -> (i64.f64 x, i64.f64 x)) xs))

-- ==
-- entry: checked
-- input { [1, 2, 3] 20000i64 } error: Index \[3\] out of bounds
entry checked (xs: []i32) (n: i64) =
  reduce (+) 0 (map (\i -> xs[if i == n - 5 then 3 else i % 3]) (iota n))

#[noinline]
def total (xs: []i64) = reduce (+) 0 xs

-- ==
-- entry: inside
-- input { 100i64 30i64 }
-- output { 2153250i64 2153250i64 }
entry inside (n: i64) (m: i64) =
  let rows = tabulate_2d n m (\i j -> i * j)
  in (total (flatten rows), i64.sum (map total rows))
