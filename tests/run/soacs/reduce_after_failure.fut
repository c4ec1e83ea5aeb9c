-- Reductions that fail at one point, run between reductions that do
-- not, of the same sizes: what the work-groups of a failed reduction
-- left behind (OpenCL's counts of finished groups) does not change the
-- next reduction's result.
-- ==
-- input { 1000000i64 -1i64 } output { 499999500000i64 }
-- input { 1000000i64 777777i64 } error: out of bounds
-- input { 1000000i64 -1i64 } output { 499999500000i64 }
-- input { 1000000i64 3i64 } error: out of bounds
-- input { 1000000i64 -1i64 } output { 499999500000i64 }
-- input { 1000000i64 999999i64 } error: out of bounds
-- input { 1000000i64 -1i64 } output { 499999500000i64 }

entry main (n: i64) (bad: i64) =
  let xs = iota n
  in i64.sum (map (\i -> if i == bad then xs[n + i] else i) xs)
