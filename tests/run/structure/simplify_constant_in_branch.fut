-- A top-level constant used in a branch inside a map is computed once,
-- before the map, as it is where no branch is around its use.
-- ==
-- input { [1.5, -2.0, 3.25, 0.0, 9.0] }
-- output { [3.0, 0.0, 12.75, 0.0, 10.5] }
-- input { empty([0]f64) }
-- output { empty([0]f64) }
-- structure { /Screma 2 /Screma/If/True/Screma 0 }

def squares_and_a_half : [8]f64 = tabulate 8 (\i -> f64.i64 (i * i) + 0.5)

entry main (xs: []f64) =
  map (\x -> if x > 0 then x + squares_and_a_half[i64.f64 x % 8] else 0) xs
